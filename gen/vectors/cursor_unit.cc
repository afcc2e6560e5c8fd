// cursor_unit_test.json (specs/cursor-v1.md, "Vectors"): u(serverSeed, clientSeed, nonce, cursor)
// with every intermediate value, and the commitment. A catalog (vectors/catalog.h): cases give the
// inputs only; cursor.unit and its trace, or cursor.commitment, compute the rest, and every flag that
// names a port deciding otherwise is checked against that port's answer.
#include <algorithm>
#include <cmath>
#include <functional>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.h"
#include "vectors/catalog.h"
#include "vectors/cursor.h"

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


// ------------------------------------------------------------------------------------------------
// Ports with the flags' bugs. A CursorUnit alternative answers u; a CursorCommitment one answers the
// commitment; each answers null on the other group's cases.

struct UnitIn {
  std::string server, client;
  u64 nonce, cursor;
};
bool is_unit_case(const rapidjson::Value& p) { return json::optional_member(p, "nonce") != nullptr; }
UnitIn unit_in(const rapidjson::Value& p) {
  return {cur::read_text(json::member(p, "serverSeed", "params"), "serverSeed"),
          cur::read_text(json::member(p, "clientSeed", "params"), "clientSeed"),
          cur::read_counter(json::member(p, "nonce", "params"), "nonce"),
          cur::read_counter(json::member(p, "cursor", "params"), "cursor")};
}
double u_of_mac(const Digest& mac) { return cur::u64_to_unit(cur::u64_of(mac)); }

Alternative unit_port(std::function<double(const UnitIn&, const Backend&)> f) {
  return [f](const rapidjson::Value& p, const Backend& b) -> Value {
    if (!is_unit_case(p)) return nullptr;
    return Value::object({{"u", f(unit_in(p), b)}});
  };
}
Alternative commitment_port(std::function<std::string(const std::string& server, const Backend&)> f) {
  return [f](const rapidjson::Value& p, const Backend& b) -> Value {
    if (is_unit_case(p)) return nullptr;
    return Value::object({{"commitment", f(cur::read_text(json::member(p, "serverSeed", "params"), "serverSeed"), b)}});
  };
}
// Properties of a case's inputs (CursorUnit cases only, unless |commitment_too|).
Property unit_input(std::function<bool(const UnitIn&)> f) {
  return [f](const rapidjson::Value& p, const json::Value&) { return is_unit_case(p) && f(unit_in(p)); };
}
Property server_is(std::function<bool(const std::string&)> f) {
  return [f](const rapidjson::Value& p, const json::Value&) { return f(json::get_string(p, "serverSeed", "params")); };
}
// x_at_least_half: the case's u64 has its top bit set.
bool x_at_least_half(const rapidjson::Value&, const json::Value& out) {
  return parse_decimal(std::get<std::string>(out.find("u64")->variant()), "u64", 0, kMaxU64) >= kTwo63;
}
// Applied to the correct u64: a port reading or rounding it otherwise.
Alternative reads_u64(double (*f)(u64)) {
  return unit_port([f](const UnitIn& c, const Backend& b) {
    return f(cur::u64_of(cur::digest(b, c.server, c.client, c.nonce, c.cursor)));
  });
}
double alt_little_endian(const Digest& d) { return cur::u64_to_unit(little_endian(d)); }

// Lenient is a port that reads the counters or seeds with one check left out, as a language's
// loose conversions do (the text it hashes is JavaScript's String() of the value).
struct Lenient {
  bool big = false;       // integers up to 2^64 - 1
  bool negative = false;  // negative integers
  bool fraction = false;  // any number
  bool boolean = false;   // true is 1, false 0
  bool coerce = false;    // a seed or counter of another JSON type, as String() writes it
};
std::string lenient_text(const rapidjson::Value& v, const Lenient& l, std::string_view field) {
  if (v.IsString()) return v.GetString();
  if (!l.coerce) throw InputError(std::string(field), "type");
  if (v.IsNull()) return "null";
  if (v.IsBool()) return v.GetBool() ? "true" : "false";
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  throw InputError(std::string(field), "type");
}
std::string lenient_counter(const rapidjson::Value& v, const Lenient& l, std::string_view field) {
  if (v.IsUint64() && (v.GetUint64() <= cur::kMaxCounter || l.big)) return std::to_string(v.GetUint64());
  if (v.IsInt64() && v.GetInt64() < 0 && l.negative) return std::to_string(v.GetInt64());
  if (v.IsDouble() && l.fraction) return json::format_double(v.GetDouble());
  if (v.IsBool() && l.boolean) return v.GetBool() ? "1" : "0";
  if (v.IsString() && l.coerce) return v.GetString();
  throw InputError(std::string(field), "not a counter");
}
Alternative lenient(Lenient l) {
  return [l](const rapidjson::Value& p, const Backend& b) -> Value {
    const std::string server = lenient_text(json::member(p, "serverSeed", "params"), l, "serverSeed");
    const std::string msg = lenient_text(json::member(p, "clientSeed", "params"), l, "clientSeed") + "-" +
                            lenient_counter(json::member(p, "nonce", "params"), l, "nonce") + "-" +
                            lenient_counter(json::member(p, "cursor", "params"), l, "cursor");
    return Value::object({{"u", u_of_mac(b.hmac_sha256(server, msg))}});
  };
}

std::vector<Flag> unit_flags() {
  const auto non_ascii = [](const std::string& s) { return std::any_of(s.begin(), s.end(), [](char ch) { return ch & 0x80; }); };
  return {
      {"KeyAsText", BugType::kEncoding,
       "The server seed is hex text; the HMAC key is that text's UTF-8 bytes. A port that hex-decodes "
       "the seed first (as hmac-dice-v1 does) computes another MAC.",
       {unit_port([](const UnitIn& c, const Backend& b) {
         return u_of_mac(b.hmac_sha256(from_hex(c.server, "seed"), as_bytes(cur::message(c.client, c.nonce, c.cursor))));
       })},
       server_is(is_hex_text)},
      {"BigEndian", BugType::kEncoding,
       "hi and lo are read big-endian from digest bytes 0..7. A port reading the eight bytes "
       "little-endian gets another u.",
       {unit_port([](const UnitIn& c, const Backend& b) {
         return alt_little_endian(cur::digest(b, c.server, c.client, c.nonce, c.cursor));
       })}},
      {"FourthInput", BugType::kFunctionality,
       "The message carries the cursor: `clientSeed-nonce-cursor`. A port hashing the classic "
       "`clientSeed-nonce` (three inputs) gets another u.",
       {unit_port([](const UnitIn& c, const Backend& b) {
         return u_of_mac(b.hmac_sha256(c.server, c.client + "-" + std::to_string(c.nonce)));
       })}},
      {"MessageOrder", BugType::kOrder,
       "Nonce before cursor in the message. A port writing `clientSeed-cursor-nonce` gets another u.",
       {unit_port([](const UnitIn& c, const Backend& b) {
         return u_of_mac(b.hmac_sha256(c.server, cur::message(c.client, c.cursor, c.nonce)));
       })},
       unit_input([](const UnitIn& c) { return c.nonce != c.cursor; })},
      {"DecimalText", BugType::kEncoding,
       "nonce and cursor are decimal ASCII without leading zeros. A port writing them in hex or "
       "zero-padded gets another message.",
       {unit_port([](const UnitIn& c, const Backend& b) {
          char hex[64];
          std::snprintf(hex, sizeof hex, "-%llx-%llx", static_cast<unsigned long long>(c.nonce),
                        static_cast<unsigned long long>(c.cursor));
          return u_of_mac(b.hmac_sha256(c.server, c.client + hex));
        }),
        unit_port([](const UnitIn& c, const Backend& b) {
          char padded[64];
          std::snprintf(padded, sizeof padded, "-%016llu-%016llu", static_cast<unsigned long long>(c.nonce),
                        static_cast<unsigned long long>(c.cursor));
          return u_of_mac(b.hmac_sha256(c.server, c.client + padded));
        })}},
      {"SeedLength", BugType::kBoundary,
       "Server seeds of 0, 1, 63, 64, 65 and 200 bytes: around the HMAC-SHA256 key block of 64 "
       "bytes. A port that rejects an empty seed, pads or truncates keys wrongly fails."},
      {"LongKeyHashed", BugType::kBoundary,
       "A key longer than 64 bytes is first hashed (RFC 2104). A hand-written HMAC that truncates "
       "long keys or hashes keys of exactly 64 bytes fails.",
       {unit_port([](const UnitIn& c, const Backend& b) {
         return u_of_mac(b.hmac_sha256(as_bytes(std::string_view(c.server).substr(0, 64)),
                                       as_bytes(cur::message(c.client, c.nonce, c.cursor))));
       })},
       server_is([](const std::string& s) { return s.size() > 64; })},
      {"Utf8Key", BugType::kEncoding,
       "A non-ASCII server seed is keyed as its UTF-8 bytes. A port that encodes the seed as UTF-16 "
       "(a JavaScript or Java string's code units) or Latin-1 gets another MAC.",
       {unit_port([](const UnitIn& c, const Backend& b) {
          return u_of_mac(b.hmac_sha256(utf16le(c.server), as_bytes(cur::message(c.client, c.nonce, c.cursor))));
        }),
        commitment_port([](const std::string& server, const Backend& b) { return to_hex(b.sha256(utf16le(server))); })},
       server_is(non_ascii)},
      {"Utf8Message", BugType::kEncoding,
       "A non-ASCII client seed enters the message as UTF-8 bytes. A port using another encoding "
       "gets another MAC.",
       {unit_port([](const UnitIn& c, const Backend& b) {
         return u_of_mac(b.hmac_sha256(as_bytes(c.server), utf16le(cur::message(c.client, c.nonce, c.cursor))));
       })}},
      {"EmptyClientSeed", BugType::kBoundary, "An empty client seed is valid; the message is then `-nonce-cursor`.", {},
       unit_input([](const UnitIn& c) { return c.client.empty(); })},
      {"MaxNonce", BugType::kBoundary,
       "nonce = 2^53 - 1, written 9007199254740991. A port that loses precision or writes an "
       "exponent form fails.",
       {}, unit_input([](const UnitIn& c) { return c.nonce == cur::kMaxCounter; })},
      {"MaxCursor", BugType::kBoundary, "cursor = 2^53 - 1, written 9007199254740991.", {},
       unit_input([](const UnitIn& c) { return c.cursor == cur::kMaxCounter; })},
      {"ZeroCounters", BugType::kBoundary, "nonce = 0 and cursor = 0, written `0`.", {},
       unit_input([](const UnitIn& c) { return c.nonce == 0 && c.cursor == 0; })},
      {"UnsignedRead", BugType::kArithmetic,
       "The first digest bit is 1 (u >= 0.5). A port reading the eight bytes as a signed 64-bit "
       "integer gets a negative u.",
       {reads_u64(alt_signed)}, x_at_least_half},
      {"SingleRounding", BugType::kArithmetic,
       "u is rounded once. Here the Java idiom double(x >>> 1) * 2 + (x & 1), which rounds twice, "
       "gives another u.",
       {reads_u64(alt_halve)}},
      {"Truncation", BugType::kArithmetic,
       "u is rounded to nearest, not truncated. A port computing (x >> 11) / 2^53 (53 leading bits) "
       "gets another u.",
       {reads_u64(alt_truncate)}},
      {"Leading52Bits", BugType::kArithmetic,
       "u uses 64 bits. A port reusing keno's and crash's 52-bit helper ((x >> 12) / 2^52) gets "
       "another u.",
       {reads_u64(alt_h52)}},
      {"CommitmentOfText", BugType::kEncoding,
       "The commitment hashes the seed's UTF-8 text. A port hashing the hex-decoded seed gets another "
       "commitment.",
       {commitment_port([](const std::string& server, const Backend& b) {
         return to_hex(b.sha256(ByteView(from_hex(server, "seed"))));
       })}},
      {"UnsafeInteger", BugType::kMissingCheck,
       "nonce or cursor above 2^53 - 1 is bad input (a JavaScript port cannot hold it exactly).", {lenient({.big = true})}},
      {"Negative", BugType::kMissingCheck, "A negative nonce or cursor is bad input.", {lenient({.negative = true})}},
      {"NotAnInteger", BugType::kMissingCheck, "A fractional nonce or cursor is bad input.", {lenient({.fraction = true})}},
      {"BooleanNotInteger", BugType::kMissingCheck,
       "A JSON boolean (true) as nonce or cursor is bad input; catches a port whose language treats true as the "
       "integer 1.",
       {lenient({.boolean = true})}},
      {"WrongType", BugType::kMissingCheck,
       "A seed that is not a JSON string, or a counter that is not a JSON number, is bad input.",
       {lenient({.coerce = true})}},
  };
}

void unit_cases(Cases& c) {
  const Backend& b = default_backend();
  auto add = [&](const std::string& comment, std::vector<std::string> flags, const std::string& server,
                 const std::string& client, u64 nonce, u64 cursor) {
    c.valid("CursorUnit", comment, std::move(flags),
            {{"serverSeed", server}, {"clientSeed", client}, {"nonce", Value(nonce)}, {"cursor", Value(cursor)}});
  };

  add("worked example of specs/cursor-v1.md: a 64-hex-character server seed keyed as text, nonce 1, "
      "cursor 0",
      {"KeyAsText", "BigEndian", "FourthInput"}, kSeedHex, kClient, 1, 0);
  for (u64 k = 1; k <= 3; ++k) {
    add("the same round, cursor " + std::to_string(k), {}, kSeedHex, kClient, 1, k);
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
    for (u64 k = 4; k < 1000 && found == kMaxU64; ++k) {
      const u64 x = cur::u64_of(cur::digest(b, kSeedHex, kClient, 1, k));
      if (x >= kTwo63 && alt_h52(x) != cur::u64_to_unit(x)) found = k;
    }
    require(found != kMaxU64, "no UnsignedRead cursor");
    add("cursor " + std::to_string(found) + " of the example round: u >= 0.5", {"UnsignedRead", "Leading52Bits"},
        kSeedHex, kClient, 1, found);
  }
  {
    // Search cursors 0, 1, 2, … of round (kSeedHex, kClient, nonce 2) in order.
    u64 found = kMaxU64;
    for (u64 k = 0; k < (1u << 20) && found == kMaxU64; ++k) {
      const u64 x = cur::u64_of(cur::digest(b, kSeedHex, kClient, 2, k));
      if (alt_halve(x) != cur::u64_to_unit(x) && alt_truncate(x) != cur::u64_to_unit(x)) found = k;
    }
    require(found != kMaxU64, "no SingleRounding cursor");
    add("nonce 2, cursor " + std::to_string(found) +
            " (first cursor of this round, found by search, where rounding twice differs)",
        {"SingleRounding", "Truncation"}, kSeedHex, kClient, 2, found);
  }

  auto add_commit = [&](const std::string& comment, std::vector<std::string> flags, const std::string& server) {
    c.valid("CursorCommitment", comment, std::move(flags), {{"serverSeed", server}});
  };
  add_commit("the example seed: SHA-256 of its 64 characters of text", {"CommitmentOfText"}, kSeedHex);
  add_commit("empty seed", {"SeedLength"}, "");
  add_commit("non-ASCII seed", {"Utf8Key"}, kSeed2);
  add_commit("200-byte seed", {"SeedLength", "CommitmentOfText"}, pattern(200));

  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value server, Value client,
                 Value nonce, Value cursor, const std::string& error) {
    c.invalid("CursorUnitInvalid", comment, std::move(flags),
              {{"serverSeed", std::move(server)}, {"clientSeed", std::move(client)}, {"nonce", std::move(nonce)},
               {"cursor", std::move(cursor)}}, error);
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
}

}  // namespace

VectorKind unit_vector_kind() {
  return catalog_kind({
      "cursor_unit_test.json",
      {"cursor-v1: u(serverSeed, clientSeed, nonce, cursor) = u64(HMAC-SHA256(key = serverSeed's "
       "UTF-8 bytes, msg = `${clientSeed}-${nonce}-${cursor}`)), u64 = the first 8 digest bytes "
       "big-endian, converted to binary64 once (round to nearest, ties to even) and scaled by 2^-64.",
       "Each valid test carries the message, the digest, hi and lo (the two big-endian 32-bit words), "
       "u64 (decimal string), u and its IEEE-754 bits. Port op: cursor.unit.",
       "u = 1.0 needs the digest's first 54 bits all ones (probability 2^-54): no HMAC vector can "
       "show it; cursor_u64_test.json and cursor_draw_test.json cover u = 1.0 at the layers below.",
       "CursorCommitment tests: commitment = hex(SHA-256(serverSeed's UTF-8 bytes)). Port op: "
       "cursor.commitment."},
      unit_flags(),
      {{.type = "CursorUnit", .call = {"cursor.unit"}, .fields = outputs({"message", "digest", "hi", "lo", "u64", "u", "uBits"})},
       {.type = "CursorCommitment", .call = {"cursor.commitment"}},
       {.type = "CursorUnitInvalid", .call = {"cursor.unit"}}},
      unit_cases,
  });
}

}  // namespace fairvec::vectors::cursor_vec
