// cursor_unit_test.json (specs/cursor-v1.md, "Vectors"): u(serverSeed, clientSeed, nonce, cursor)
// with every intermediate value, and the commitment. Every flag that claims "a port deciding
// otherwise fails" is checked here: the generator computes the other decision and throws
// std::logic_error if it does not differ.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.h"
#include "vectors/cursor_common.h"

namespace fairvec::vectors::cursor_vec {

namespace {

// ------------------------------------------------------------------------------------------------
// The other decisions a port might take on this file's cases.

// The leading 52 bits (keno/crash's helper): (x >> 12) / 2^52.
double alt_h52(u64 x) { return std::ldexp(static_cast<double>(x >> 12), -52); }
// The eight bytes read little-endian.
u64 little_endian(const Digest& d) {
  u64 v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | d[i];
  return v;
}

// utf16le returns the UTF-16LE bytes of UTF-8 text (valid input assumed: the generator's own).
Bytes utf16le(std::string_view s) {
  Bytes out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp;
    int len;
    if (c < 0x80) {
      cp = c, len = 1;
    } else if (c < 0xE0) {
      cp = c & 0x1F, len = 2;
    } else if (c < 0xF0) {
      cp = c & 0x0F, len = 3;
    } else {
      cp = c & 0x07, len = 4;
    }
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    auto put = [&](std::uint32_t unit) {
      out.push_back(static_cast<std::uint8_t>(unit & 0xFF));
      out.push_back(static_cast<std::uint8_t>(unit >> 8));
    };
    if (cp >= 0x10000) {
      put(0xD800 + ((cp - 0x10000) >> 10));
      put(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      put(cp);
    }
  }
  return out;
}

bool is_hex_text(std::string_view s) {
  if (s.empty() || s.size() % 2) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  });
}


Object unit_outputs(const Backend& b, std::string_view server, std::string_view client, u64 nonce,
                    u64 cursor) {
  const Digest d = cur::digest(b, server, client, nonce, cursor);
  const u64 x = cur::u64_of(d);
  const double u = cur::u64_to_unit(x);
  return {{"message", cur::message(client, nonce, cursor)},
          {"digest", to_hex(d)},
          {"hi", Value(x >> 32)},
          {"lo", Value(static_cast<u64>(x & 0xffffffffULL))},
          {"u64", std::to_string(x)},
          {"u", u},
          {"uBits", bits_of(u)}};
}

// The cases of cursor_unit_test.json and what their flags claim.
struct UnitCase {
  const Backend& b;
  const std::string& server;
  const std::string& client;
  u64 nonce;
  u64 cursor;
  Digest d;
  u64 x;
  double u;
  std::string msg;

  // u_of returns the u of another MAC: what a port keying or reading otherwise would get.
  double u_of(const Digest& mac) const { return cur::u64_to_unit(cur::u64_of(mac)); }
};

// unit_claims lists what the flags claim (built on first use, inside the command).
const std::vector<Claim<UnitCase>>& unit_claims() {
  static const std::vector<Claim<UnitCase>> kClaims = {
      {"KeyAsText",
       [](const UnitCase& c) { return is_hex_text(c.server) && c.u_of(c.b.hmac_sha256(from_hex(c.server, "seed"), as_bytes(c.msg))) != c.u; }},
      {"BigEndian", [](const UnitCase& c) { return cur::u64_to_unit(little_endian(c.d)) != c.u; }},
      {"FourthInput",
       [](const UnitCase& c) { return c.u_of(c.b.hmac_sha256(c.server, c.client + "-" + std::to_string(c.nonce))) != c.u; }},
      {"MessageOrder",
       [](const UnitCase& c) {
         return c.nonce != c.cursor && c.u_of(c.b.hmac_sha256(c.server, cur::message(c.client, c.cursor, c.nonce))) != c.u;
       }},
      {"DecimalText",
       [](const UnitCase& c) {
         char hex[64];
         std::snprintf(hex, sizeof hex, "%s-%llx-%llx", c.client.c_str(), static_cast<unsigned long long>(c.nonce),
                       static_cast<unsigned long long>(c.cursor));
         return std::string(hex) != c.msg;
       }},
      {"LongKeyHashed",
       [](const UnitCase& c) {
         return c.server.size() > 64 && c.u_of(c.b.hmac_sha256(Bytes(c.server.begin(), c.server.begin() + 64), as_bytes(c.msg))) != c.u;
       }},
      {"Utf8Key",
       [](const UnitCase& c) {
         return c.u_of(c.b.hmac_sha256(utf16le(c.server), as_bytes(c.msg))) != c.u &&
                std::any_of(c.server.begin(), c.server.end(), [](char ch) { return ch & 0x80; });
       }},
      {"Utf8Message", [](const UnitCase& c) { return c.u_of(c.b.hmac_sha256(as_bytes(c.server), utf16le(c.msg))) != c.u; }},
      {"UnsignedRead", [](const UnitCase& c) { return c.x >= kTwo63 && alt_signed(c.x) != c.u; }},
      {"SingleRounding", [](const UnitCase& c) { return alt_halve(c.x) != c.u; }},
      {"Truncation", [](const UnitCase& c) { return alt_truncate(c.x) != c.u; }},
      {"Leading52Bits", [](const UnitCase& c) { return alt_h52(c.x) != c.u; }},
      {"MaxNonce", [](const UnitCase& c) { return c.nonce == cur::kMaxCounter; }},
      {"MaxCursor", [](const UnitCase& c) { return c.cursor == cur::kMaxCounter; }},
      {"ZeroCounters", [](const UnitCase& c) { return c.nonce == 0 && c.cursor == 0; }},
      {"EmptyClientSeed", [](const UnitCase& c) { return c.client.empty(); }},
  };
  return kClaims;
}

struct CommitmentCase {
  const Backend& b;
  const std::string& server;
  std::string commitment;
};

// commitment_claims lists what the flags claim (built on first use, inside the command).
const std::vector<Claim<CommitmentCase>>& commitment_claims() {
  static const std::vector<Claim<CommitmentCase>> kClaims = {
      {"CommitmentOfText",
       [](const CommitmentCase& c) { return to_hex(c.b.sha256(ByteView(from_hex(c.server, "seed")))) != c.commitment; }},
  };
  return kClaims;
}

Value generate_unit() {
  const Backend& b = default_backend();
  VectorFileBuilder f("cursor-v1", "cursor_unit_schema.json",
                      {"cursor-v1: u(serverSeed, clientSeed, nonce, cursor) = u64(HMAC-SHA256(key = serverSeed's "
                       "UTF-8 bytes, msg = `${clientSeed}-${nonce}-${cursor}`)), u64 = the first 8 digest bytes "
                       "big-endian, converted to binary64 once (round to nearest, ties to even) and scaled by 2^-64.",
                       "Each valid test carries the message, the digest, hi and lo (the two big-endian 32-bit words), "
                       "u64 (decimal string), u and its IEEE-754 bits. Port op: cursor.unit.",
                       "u = 1.0 needs the digest's first 54 bits all ones (probability 2^-54): no HMAC vector can "
                       "show it; cursor_u64_test.json and cursor_draw_test.json cover u = 1.0 at the layers below.",
                       "CursorCommitment tests: commitment = hex(SHA-256(serverSeed's UTF-8 bytes)). Port op: "
                       "cursor.commitment."});
  f.note("KeyAsText", "ENCODING",
         "The server seed is hex text; the HMAC key is that text's UTF-8 bytes. A port that hex-decodes "
         "the seed first (as hmac-dice-v1 does) computes another MAC.");
  f.note("BigEndian", "ENCODING",
         "hi and lo are read big-endian from digest bytes 0..7. A port reading the eight bytes "
         "little-endian gets another u.");
  f.note("FourthInput", "FUNCTIONALITY",
         "The message carries the cursor: `clientSeed-nonce-cursor`. A port hashing the classic "
         "`clientSeed-nonce` (three inputs) gets another u.");
  f.note("MessageOrder", "ORDER",
         "Nonce before cursor in the message. A port writing `clientSeed-cursor-nonce` gets another u.");
  f.note("DecimalText", "ENCODING",
         "nonce and cursor are decimal ASCII without leading zeros. A port writing them in hex or "
         "zero-padded gets another message.");
  f.note("SeedLength", "BOUNDARY",
         "Server seeds of 0, 1, 63, 64, 65 and 200 bytes: around the HMAC-SHA256 key block of 64 "
         "bytes. A port that rejects an empty seed, pads or truncates keys wrongly fails.");
  f.note("LongKeyHashed", "BOUNDARY",
         "A key longer than 64 bytes is first hashed (RFC 2104). A hand-written HMAC that truncates "
         "long keys or hashes keys of exactly 64 bytes fails.");
  f.note("Utf8Key", "ENCODING",
         "A non-ASCII server seed is keyed as its UTF-8 bytes. A port that encodes the seed as UTF-16 "
         "(a JavaScript or Java string's code units) or Latin-1 gets another MAC.");
  f.note("Utf8Message", "ENCODING",
         "A non-ASCII client seed enters the message as UTF-8 bytes. A port using another encoding "
         "gets another MAC.");
  f.note("EmptyClientSeed", "BOUNDARY",
         "An empty client seed is valid; the message is then `-nonce-cursor`.");
  f.note("MaxNonce", "BOUNDARY",
         "nonce = 2^53 - 1, written 9007199254740991. A port that loses precision or writes an "
         "exponent form fails.");
  f.note("MaxCursor", "BOUNDARY", "cursor = 2^53 - 1, written 9007199254740991.");
  f.note("ZeroCounters", "BOUNDARY", "nonce = 0 and cursor = 0, written `0`.");
  f.note("UnsignedRead", "ARITHMETIC",
         "The first digest bit is 1 (u >= 0.5). A port reading the eight bytes as a signed 64-bit "
         "integer gets a negative u.");
  f.note("SingleRounding", "ARITHMETIC",
         "u is rounded once. Here the Java idiom double(x >>> 1) * 2 + (x & 1), which rounds twice, "
         "gives another u.");
  f.note("Truncation", "ARITHMETIC",
         "u is rounded to nearest, not truncated. A port computing (x >> 11) / 2^53 (53 leading bits) "
         "gets another u.");
  f.note("Leading52Bits", "ARITHMETIC",
         "u uses 64 bits. A port reusing keno's and crash's 52-bit helper ((x >> 12) / 2^52) gets "
         "another u.");
  f.note("CommitmentOfText", "ENCODING",
         "The commitment hashes the seed's UTF-8 text. A port hashing the hex-decoded seed gets another "
         "commitment.");
  f.note("UnsafeInteger", "MISSING_CHECK",
         "nonce or cursor above 2^53 - 1 is bad input (a JavaScript port cannot hold it exactly).");
  f.note("Negative", "MISSING_CHECK", "A negative nonce or cursor is bad input.");
  f.note("NotAnInteger", "MISSING_CHECK", "A fractional nonce or cursor is bad input.");
  f.note("BooleanNotInteger", "MISSING_CHECK", "A JSON boolean (true) as nonce or cursor is bad input; catches a port "
                                               "whose language treats true as the integer 1.");
  f.note("WrongType", "MISSING_CHECK",
         "A seed that is not a JSON string, or a counter that is not a JSON number, is bad input.");

  f.group({{"type", "CursorUnit"}});
  auto add = [&](const std::string& comment, std::vector<std::string> flags, const std::string& server,
                 const std::string& client, u64 nonce, u64 cursor) {
    const Digest d = cur::digest(b, server, client, nonce, cursor);
    const u64 x = cur::u64_of(d);
    const double u = cur::u64_to_unit(x);
    const std::string msg = cur::message(client, nonce, cursor);
    require_claims(unit_claims(), flags, UnitCase{b, server, client, nonce, cursor, d, x, u, msg});
    Object fields{{"serverSeed", server}, {"clientSeed", client}, {"nonce", Value(nonce)},
                  {"cursor", Value(cursor)}};
    for (auto& kv : unit_outputs(b, server, client, nonce, cursor)) fields.push_back(std::move(kv));
    f.add(comment, std::move(flags), Result::kValid, std::move(fields));
    return x;
  };

  add("worked example of specs/cursor-v1.md: a 64-hex-character server seed keyed as text, nonce 1, "
      "cursor 0",
      {"KeyAsText", "BigEndian", "FourthInput"}, kSeedHex, kClient, 1, 0);
  for (u64 c = 1; c <= 3; ++c) {
    add("the same round, cursor " + std::to_string(c), {}, kSeedHex, kClient, 1, c);
  }
  add("nonce 7, cursor 3: nonce comes before cursor in the message", {"MessageOrder"}, kSeedHex, kClient, 7, 3);
  add("nonce 255, cursor 16: decimal text, not hex", {"DecimalText"}, kSeedHex, kClient, 255, 16);
  add("nonce 0, cursor 0", {"ZeroCounters"}, kSeedHex, kClient, 0, 0);
  add("nonce 2^53 - 1", {"MaxNonce"}, kSeedHex, kClient, cur::kMaxCounter, 0);
  add("cursor 2^53 - 1", {"MaxCursor"}, kSeedHex, kClient, 5, cur::kMaxCounter);
  add("nonce and cursor 2^53 - 1", {"MaxNonce", "MaxCursor"}, kSeed2, kClient2, cur::kMaxCounter,
      cur::kMaxCounter);

  add("server seed of 0 bytes (empty key)", {"SeedLength"}, "", kClient, 1, 0);
  add("server seed of 1 byte", {"SeedLength"}, "s", kClient, 1, 0);
  add("server seed of 63 bytes (one less than the HMAC block)", {"SeedLength"}, pattern(63), kClient, 1, 0);
  add("server seed of 64 bytes (exactly the HMAC block; not hashed), hex text keyed as text",
      {"SeedLength", "KeyAsText"}, pattern(64), kClient, 1, 0);
  add("server seed of 65 bytes (one more than the block: hashed first)", {"SeedLength", "LongKeyHashed"},
      pattern(65), kClient, 1, 0);
  add("server seed of 200 bytes (hashed first), hex text keyed as text",
      {"SeedLength", "LongKeyHashed", "KeyAsText"}, pattern(200), kClient, 1, 0);

  add("non-ASCII server seed (Indonesian text, an em dash and a check mark)", {"Utf8Key"}, kSeed2, kClient, 1, 0);
  add("server seed of 32 two-byte characters: 64 UTF-8 bytes, exactly the HMAC block", {"Utf8Key"},
      repeat("\xC3\xA9", 32), kClient, 1, 0);
  add("server seed of 40 two-byte characters: 80 UTF-8 bytes, hashed first", {"Utf8Key", "LongKeyHashed"},
      repeat("\xC5\x9F", 40), kClient, 1, 0);
  add("server seed of 16 four-byte characters (outside the BMP: surrogate pairs in UTF-16)", {"Utf8Key"},
      repeat("\xF0\x9F\x8E\xB2", 16), kClient, 1, 0);
  add("non-ASCII client seed", {"Utf8Message"}, kSeedHex, "klien \xE2\x9C\x93 \xC4\x9F\xC3\xBC\xC5\x9F", 1, 0);
  add("empty client seed", {"EmptyClientSeed"}, kSeedHex, "", 1, 0);
  add("client seed containing '-': the message is still parsed from the right", {}, kSeedHex, kClient2, 3, 2);

  // Searched: a cursor of the example round whose u64 has its top bit set; one whose double rounding
  // differs (Java's unsigned idiom; about 1 in 8192 values).
  {
    u64 found = kMaxU64;
    for (u64 c = 4; c < 1000 && found == kMaxU64; ++c) {
      const u64 x = cur::u64_of(cur::digest(b, kSeedHex, kClient, 1, c));
      if (x >= kTwo63 && alt_h52(x) != cur::u64_to_unit(x)) found = c;
    }
    require(found != kMaxU64, "no UnsignedRead cursor");
    add("cursor " + std::to_string(found) + " of the example round: u >= 0.5", {"UnsignedRead", "Leading52Bits"},
        kSeedHex, kClient, 1, found);
  }
  {
    // Search cursors 0, 1, 2, … of round (kSeedHex, kClient, nonce 2) in order.
    u64 found = kMaxU64;
    for (u64 c = 0; c < (1u << 20) && found == kMaxU64; ++c) {
      const u64 x = cur::u64_of(cur::digest(b, kSeedHex, kClient, 2, c));
      if (alt_halve(x) != cur::u64_to_unit(x) && alt_truncate(x) != cur::u64_to_unit(x)) found = c;
    }
    require(found != kMaxU64, "no SingleRounding cursor");
    add("nonce 2, cursor " + std::to_string(found) +
            " (first cursor of this round, found by search, where rounding twice differs)",
        {"SingleRounding", "Truncation"}, kSeedHex, kClient, 2, found);
  }

  f.group({{"type", "CursorCommitment"}});
  auto add_commit = [&](const std::string& comment, std::vector<std::string> flags, const std::string& server) {
    const std::string c = cur::commitment(b, server);
    require_claims(commitment_claims(), flags, CommitmentCase{b, server, c});
    f.add(comment, std::move(flags), Result::kValid, {{"serverSeed", server}, {"commitment", c}});
  };
  add_commit("the example seed: SHA-256 of its 64 characters of text", {"CommitmentOfText"}, kSeedHex);
  add_commit("empty seed", {"SeedLength"}, "");
  add_commit("non-ASCII seed", {"Utf8Key"}, kSeed2);
  add_commit("200-byte seed", {"SeedLength", "CommitmentOfText"}, pattern(200));

  f.group({{"type", "CursorUnitInvalid"}});
  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value server, Value client,
                 Value nonce, Value cursor, const std::string& error) {
    f.add(comment, std::move(flags), Result::kInvalid,
          {{"serverSeed", std::move(server)}, {"clientSeed", std::move(client)}, {"nonce", std::move(nonce)},
           {"cursor", std::move(cursor)}, {"error", error}});
  };
  const Value seed(kSeedHex), client(kClient), one(1), zero(0);
  const Value two53(static_cast<std::int64_t>(kTwo53));
  bad("nonce 2^53", {"UnsafeInteger"}, seed, client, two53, zero, "nonce");
  bad("cursor 2^53", {"UnsafeInteger"}, seed, client, one, two53, "cursor");
  bad("nonce 2^63 - 1", {"UnsafeInteger"}, seed, client, Value(std::numeric_limits<std::int64_t>::max()), zero,
      "nonce");
  bad("nonce -1", {"Negative"}, seed, client, Value(-1), zero, "nonce");
  bad("cursor -1", {"Negative"}, seed, client, one, Value(-1), "cursor");
  bad("nonce 1.5", {"NotAnInteger"}, seed, client, Value(1.5), zero, "nonce");
  bad("cursor 2.0: a JSON number with a fraction part is not an integer here", {"NotAnInteger"}, seed, client,
      one, Value(2.0), "cursor");
  bad("nonce as a string", {"WrongType"}, seed, client, Value("1"), zero, "nonce");
  bad("nonce true: a boolean is not an integer", {"BooleanNotInteger"}, seed, client, Value(true), zero, "nonce");
  bad("cursor false: a boolean is not an integer", {"BooleanNotInteger"}, seed, client, one, Value(false), "cursor");
  bad("server seed as a number", {"WrongType"}, Value(12345), client, one, zero, "serverSeed");
  bad("client seed null", {"WrongType"}, seed, Value(nullptr), one, zero, "clientSeed");
  return f.build();
}

// UnitArgs are the inputs of a cursor.unit test, read as the library reads them.
struct UnitArgs {
  std::string server;
  std::string client;
  u64 nonce;
  u64 cursor;
};

UnitArgs unit_args(const TestRef& t) {
  UnitArgs a;
  a.server = cur::read_text(test_member(t, "serverSeed"), "serverSeed");
  a.client = cur::read_text(test_member(t, "clientSeed"), "clientSeed");
  a.nonce = cur::read_counter(test_member(t, "nonce"), "nonce");
  a.cursor = cur::read_counter(test_member(t, "cursor"), "cursor");
  return a;
}

std::string check_unit_test(const TestRef& t, const Backend& b) {
  const UnitArgs a = unit_args(t);
  return first_failure({expect_members(t, unit_outputs(b, a.server, a.client, a.nonce, a.cursor)),
                        expect_equal("u (unit)", test_member(t, "u"), Value(cur::unit(b, a.server, a.client, a.nonce, a.cursor)))});
}

std::vector<PortCall> unit_calls(const TestRef& t) {
  return {call_of(t, "cursor.unit", {"serverSeed", "clientSeed", "nonce", "cursor"}, {"u"})};
}

}  // namespace

VectorKind unit_vector_kind() {
  return group_kind(
      "cursor_unit_test.json", "cursor_unit_schema.json", generate_unit,
      {{"CursorUnit", check_unit_test, unit_calls},
       {"CursorCommitment",
        [](const TestRef& t, const Backend& b) {
          const std::string server = cur::read_text(test_member(t, "serverSeed"), "serverSeed");
          return expect_equal("commitment", test_member(t, "commitment"), Value(cur::commitment(b, server)));
        },
        [](const TestRef& t) {
          return std::vector<PortCall>{call_of(t, "cursor.commitment", {"serverSeed"}, {"commitment"})};
        }},
       {"CursorUnitInvalid",
        rejects([](const TestRef& t, const Backend& b) {
          const UnitArgs a = unit_args(t);
          (void)cur::unit(b, a.server, a.client, a.nonce, a.cursor);
        }),
        unit_calls}});
}

}  // namespace fairvec::vectors::cursor_vec
