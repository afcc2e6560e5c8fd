// Vector files of the cursor family (specs/cursor-v1.md, "Vectors"):
//   cursor_unit_test.json  u(serverSeed, clientSeed, nonce, cursor) with every intermediate value,
//                          and the commitment
//   cursor_u64_test.json   the u64 -> u conversion alone (rounding, ties, u = 1.0)
//   cursor_draw_test.json  clamped single draws, limbo's formula and the pool hop over given units
//   cursor_game_test.json  every game's cursors and outcome, for each player action
// Every flag that claims "a port deciding otherwise fails" is checked at generation time: the
// generator computes the other decision and throws std::logic_error if it does not differ.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

#include "core/splitmix64.h"
#include "core/errors.h"
#include "schemes/cursor.h"
#include "schemes/cursor_games.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace {

namespace cur = fairvec::cursor;
using json::Array;
using json::Object;
using json::Value;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

constexpr u64 kTwo53 = 1ULL << 53;
constexpr u64 kTwo63 = 1ULL << 63;
constexpr u64 kMaxU64 = std::numeric_limits<u64>::max();

// ------------------------------------------------------------------------------------------------
// Inputs shared by the files. Seeds are plain inputs; every expected value is computed.

// A server seed as engines show them: 64 hex characters, used as text (never hex-decoded).
constexpr const char* kSeedHex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
constexpr const char* kClient = "fairvec";
constexpr const char* kSeed2 = "satu nonce, banyak angka \xE2\x80\x94 cursor \xE2\x9C\x93";
constexpr const char* kClient2 = "player-seed-7";

void require(bool ok, const std::string& what) {
  if (!ok) throw std::logic_error("cursor vectors: " + what);
}

std::string bits_of(double d) {
  u64 b = 0;
  std::memcpy(&b, &d, sizeof b);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(b));
  return buf;
}

// pattern returns the first |n| characters of 0123456789abcdef repeated (hex text when n is even).
std::string pattern(std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(kDigits[i % 16]);
  return s;
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}


// ------------------------------------------------------------------------------------------------
// The other decisions a port might take; each flag's claim is checked against one of these.

// Correct rounding by integer arithmetic, independent of the compiler's conversion.
double integer_rounded_unit(u64 x, bool ties_up = false) {
  if (x == 0) return 0.0;
  const int width = 64 - std::countl_zero(x);
  if (width <= 53) return std::ldexp(static_cast<double>(x), -64);
  const int drop = width - 53;
  u64 m = x >> drop;
  const u64 rem = x & ((1ULL << drop) - 1);
  const u64 half = 1ULL << (drop - 1);
  if (rem > half || (rem == half && (ties_up || (m & 1)))) ++m;
  return std::ldexp(static_cast<double>(m), drop - 64);
}
bool is_tie(u64 x) {
  const int width = 64 - std::countl_zero(x);
  if (width <= 53) return false;
  const int drop = width - 53;
  return (x & ((1ULL << drop) - 1)) == (1ULL << (drop - 1));
}
// The top 53 bits only: (x >> 11) / 2^53.
double alt_truncate(u64 x) { return std::ldexp(static_cast<double>(x >> 11), -53); }
// Two roundings: the Java idiom for an unsigned long, double(x >>> 1) * 2 + (x & 1).
double alt_halve(u64 x) {
  const double h = static_cast<double>(x >> 1);
  return std::ldexp(h * 2.0 + static_cast<double>(x & 1), -64);
}
// The seed's formula as written, in binary64: hi / 2^32 + lo / 2^64.
double alt_seed_formula(u64 x) {
  return static_cast<double>(x >> 32) / 4294967296.0 +
         static_cast<double>(x & 0xffffffffULL) / 18446744073709551616.0;
}
// The eight bytes read as a signed 64-bit integer.
double alt_signed(u64 x) { return std::ldexp(static_cast<double>(static_cast<std::int64_t>(x)), -64); }
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

// Splice instead of swap-to-end: remove pool[index] and close the gap.
std::vector<u64> splice_hop(const std::vector<double>& units, std::vector<u64> pool) {
  std::vector<u64> picks;
  for (double u : units) {
    const u64 i = cur::draw(u, pool.size());
    picks.push_back(pool[i]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return picks;
}
std::vector<u64> swap_hop(const std::vector<double>& units, u64 first, u64 size) {
  cur::Pool p(first, size);
  std::vector<u64> picks;
  for (double u : units) picks.push_back(p.take(u));
  return picks;
}
std::vector<u64> range(u64 first, u64 size) {
  std::vector<u64> v;
  for (u64 i = 0; i < size; ++i) v.push_back(first + i);
  return v;
}

// ------------------------------------------------------------------------------------------------
// Check helpers.

// Reading tests: vectors/test_reader.h.

PortCall call_of(const TestRef& t, std::string op, std::initializer_list<const char*> inputs,
                 std::initializer_list<const char*> outputs) {
  PortCall c{std::move(op), params_of(t, inputs), std::nullopt};
  if (json::get_string(t.test, "result", t.path) == "valid") c.result = params_of(t, outputs);
  return c;
}

// ================================================================================================
// cursor_unit_test.json

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
    for (const auto& flag : flags) {
      auto u_of = [&](const Digest& dd) { return cur::u64_to_unit(cur::u64_of(dd)); };
      if (flag == "KeyAsText") {
        require(is_hex_text(server), "KeyAsText needs a hex seed");
        require(u_of(b.hmac_sha256(from_hex(server, "seed"), as_bytes(msg))) != u, "KeyAsText");
      } else if (flag == "BigEndian") {
        require(cur::u64_to_unit(little_endian(d)) != u, "BigEndian");
      } else if (flag == "FourthInput") {
        require(u_of(b.hmac_sha256(server, client + "-" + std::to_string(nonce))) != u, "FourthInput");
      } else if (flag == "MessageOrder") {
        require(nonce != cursor, "MessageOrder needs nonce != cursor");
        require(u_of(b.hmac_sha256(server, cur::message(client, cursor, nonce))) != u, "MessageOrder");
      } else if (flag == "DecimalText") {
        char hex[64];
        std::snprintf(hex, sizeof hex, "%s-%llx-%llx", client.c_str(), static_cast<unsigned long long>(nonce),
                      static_cast<unsigned long long>(cursor));
        require(std::string(hex) != msg, "DecimalText");
      } else if (flag == "LongKeyHashed") {
        require(server.size() > 64, "LongKeyHashed");
        Bytes truncated(server.begin(), server.begin() + 64);
        require(u_of(b.hmac_sha256(truncated, as_bytes(msg))) != u, "LongKeyHashed (truncation)");
      } else if (flag == "Utf8Key") {
        require(u_of(b.hmac_sha256(utf16le(server), as_bytes(msg))) != u, "Utf8Key");
        require(std::any_of(server.begin(), server.end(), [](char c) { return c & 0x80; }), "Utf8Key ascii");
      } else if (flag == "Utf8Message") {
        require(u_of(b.hmac_sha256(as_bytes(server), utf16le(msg))) != u, "Utf8Message");
      } else if (flag == "UnsignedRead") {
        require(x >= kTwo63 && alt_signed(x) != u, "UnsignedRead");
      } else if (flag == "SingleRounding") {
        require(alt_halve(x) != u, "SingleRounding");
      } else if (flag == "Truncation") {
        require(alt_truncate(x) != u, "Truncation");
      } else if (flag == "Leading52Bits") {
        require(alt_h52(x) != u, "Leading52Bits");
      } else if (flag == "MaxNonce") {
        require(nonce == cur::kMaxCounter, "MaxNonce");
      } else if (flag == "MaxCursor") {
        require(cursor == cur::kMaxCounter, "MaxCursor");
      } else if (flag == "ZeroCounters") {
        require(nonce == 0 && cursor == 0, "ZeroCounters");
      } else if (flag == "EmptyClientSeed") {
        require(client.empty(), "EmptyClientSeed");
      }
    }
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
    for (const auto& flag : flags) {
      if (flag == "CommitmentOfText") {
        require(to_hex(b.sha256(ByteView(from_hex(server, "seed")))) != c, "CommitmentOfText");
      }
    }
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

std::string check_unit_test(const TestRef& t, const Backend& b) {
  const std::string type = group_type(t);
  if (type == "CursorUnit") {
    const std::string server = cur::read_text(test_member(t, "serverSeed"), "serverSeed");
    const std::string client = cur::read_text(test_member(t, "clientSeed"), "clientSeed");
    const u64 nonce = cur::read_counter(test_member(t, "nonce"), "nonce");
    const u64 cursor = cur::read_counter(test_member(t, "cursor"), "cursor");
    std::string r = expect_members(t, unit_outputs(b, server, client, nonce, cursor));
    if (!r.empty()) return r;
    return expect_equal("u (unit)", test_member(t, "u"), Value(cur::unit(b, server, client, nonce, cursor)));
  }
  if (type == "CursorCommitment") {
    const std::string server = cur::read_text(test_member(t, "serverSeed"), "serverSeed");
    return expect_equal("commitment", test_member(t, "commitment"), Value(cur::commitment(b, server)));
  }
  return expect_error(t, [&] {
    const std::string server = cur::read_text(test_member(t, "serverSeed"), "serverSeed");
    const std::string client = cur::read_text(test_member(t, "clientSeed"), "clientSeed");
    const u64 nonce = cur::read_counter(test_member(t, "nonce"), "nonce");
    const u64 cursor = cur::read_counter(test_member(t, "cursor"), "cursor");
    (void)cur::unit(b, server, client, nonce, cursor);
  });
}

std::vector<PortCall> unit_calls(const TestRef& t) {
  if (group_type(t) == "CursorCommitment") return {call_of(t, "cursor.commitment", {"serverSeed"}, {"commitment"})};
  return {call_of(t, "cursor.unit", {"serverSeed", "clientSeed", "nonce", "cursor"}, {"u"})};
}

// ================================================================================================
// cursor_u64_test.json

Object u64_outputs(u64 x) {
  const double u = cur::u64_to_unit(x);
  return {{"hi", Value(x >> 32)}, {"lo", Value(static_cast<u64>(x & 0xffffffffULL))}, {"u", u}, {"uBits", bits_of(u)}};
}

Value generate_u64() {
  // The seed's own formula, hi / 2^32 + lo / 2^64 in binary64, adds two exact terms and rounds once,
  // so it equals the single rounding everywhere. The generator checks that on every value below and
  // on kSearch values from a fixed SplitMix64 stream plus every tie pattern, and stops if one differs.
  constexpr int kSearch = 200000;
  SplitMix64 rng{0x637572736f722d31ULL};  // "cursor-1"
  std::vector<u64> searched;
  for (int i = 0; i < kSearch; ++i) searched.push_back(rng.next());
  for (int e = 54; e <= 64; ++e) {
    for (u64 m : {0ULL, 1ULL, 2ULL, 3ULL, (1ULL << 52) - 1}) {
      const int drop = e - 53;
      const u64 base = ((1ULL << 52) | m) << drop;
      searched.push_back(base | (1ULL << (drop - 1)));        // exact tie
      searched.push_back(base | (1ULL << (drop - 1)) | 1ULL);  // just above a tie (if drop > 1)
      searched.push_back(base | ((1ULL << (drop - 1)) - 1));   // just below a tie
    }
  }
  for (u64 x : searched) {
    require(alt_seed_formula(x) == cur::u64_to_unit(x), "the seed's formula differs at " + std::to_string(x));
    require(integer_rounded_unit(x) == cur::u64_to_unit(x), "conversion is not correctly rounded at " +
                                                                 std::to_string(x));
  }

  VectorFileBuilder f("cursor-v1", "cursor_u64_schema.json",
                      {"cursor-v1 u64 -> u: u = x / 2^64 rounded once to binary64 (ties to even); equal to "
                       "converting x to double once and scaling by 2^-64. Port op: cursor.u64_to_unit.",
                       "u = 1.0 exactly when x >= 2^64 - 2^10 (UnitOne), so a draw floor(u * n) can reach n; see "
                       "cursor_draw_test.json for what a draw does then.",
                       "The seed's formula hi / 2^32 + lo / 2^64 evaluated in binary64 adds two exact terms and "
                       "rounds once: it equals the single rounding for every x. The generator checked " +
                           std::to_string(searched.size()) +
                           " values (a fixed SplitMix64 stream and every tie pattern) and found no difference; "
                           "the two-rounding ports flagged below are other formulas."});
  f.note("Zero", "BOUNDARY", "x = 0 gives u = 0.");
  f.note("Exact", "ARITHMETIC",
         "x < 2^53 converts exactly; u is x / 2^64 exactly. A port truncating to the top 53 bits "
         "((x >> 11) / 2^53) loses the low bits.");
  f.note("TiesToEven", "ARITHMETIC",
         "x lies exactly halfway between two doubles; it rounds to the one with an even significand. A "
         "port rounding halves up, or truncating, gets the other neighbour.");
  f.note("Truncation", "ARITHMETIC",
         "Rounding to nearest goes up here. A port computing (x >> 11) / 2^53 gets the value below.");
  f.note("SingleRounding", "ARITHMETIC",
         "Exactly one rounding. The Java idiom double(x >>> 1) * 2 + (x & 1) rounds twice and lands on "
         "the value below.");
  f.note("UnsignedRead", "ARITHMETIC",
         "x >= 2^63. A port holding x in a signed 64-bit integer gets a negative u.");
  f.note("UnitOne", "EDGE_CASE",
         "x >= 2^64 - 2^10 rounds to 2^64: u = 1.0 exactly. A port that assumes u < 1 (e.g. clamps to "
         "1 - 2^-53, or uses 53 truncated bits) fails.");
  f.note("BelowOne", "BOUNDARY",
         "The largest x whose u is below 1: 2^64 - 2^10 - 1 rounds down to 1 - 2^-53, as does "
         "2^64 - 2^11 exactly.");
  f.note("MaxU64", "BOUNDARY",
         "x = 2^64 - 1 as a 20-digit decimal string. A port parsing it into a signed or 53-bit integer "
         "fails.");
  f.note("Overflow", "MISSING_CHECK", "A decimal above 2^64 - 1 is bad input.");
  f.note("NotDecimal", "MISSING_CHECK",
         "u64 is decimal digits without sign, leading zeros, spaces, fraction or exponent; anything else "
         "is bad input.");
  f.note("WrongType", "MISSING_CHECK", "u64 given as a JSON number, not a string, is bad input.");

  f.group({{"type", "CursorU64ToUnit"}});
  auto add = [&](const std::string& comment, std::vector<std::string> flags, u64 x) {
    const double u = cur::u64_to_unit(x);
    for (const auto& flag : flags) {
      if (flag == "Zero") require(x == 0, "Zero");
      if (flag == "Exact") require(x < kTwo53 && alt_truncate(x) != u, "Exact");
      if (flag == "TiesToEven") {
        require(is_tie(x), "TiesToEven: not a tie");
        require(integer_rounded_unit(x, true) != u || alt_truncate(x) != u, "TiesToEven");
      }
      if (flag == "Truncation") require(alt_truncate(x) != u, "Truncation");
      if (flag == "SingleRounding") require(alt_halve(x) != u, "SingleRounding");
      if (flag == "UnsignedRead") require(x >= kTwo63 && alt_signed(x) != u, "UnsignedRead");
      if (flag == "UnitOne") require(u == 1.0 && alt_truncate(x) != u, "UnitOne");
      if (flag == "BelowOne") require(u == 1.0 - 0x1p-53, "BelowOne");
      if (flag == "MaxU64") require(x == kMaxU64, "MaxU64");
    }
    Object fields{{"u64", std::to_string(x)}};
    for (auto& kv : u64_outputs(x)) fields.push_back(std::move(kv));
    f.add(comment, std::move(flags), Result::kValid, std::move(fields));
  };
  add("x = 0", {"Zero"}, 0);
  add("x = 1: u = 2^-64, the smallest non-zero u", {"Exact"}, 1);
  add("x = 2^32 - 1: hi = 0, lo all ones", {"Exact"}, 0xffffffffULL);
  add("x = 2^32: hi = 1, lo = 0", {}, 1ULL << 32);
  add("x = 2^52 + 1", {"Exact"}, (1ULL << 52) + 1);
  add("x = 2^53 - 1: the largest x every port converts exactly", {"Exact"}, kTwo53 - 1);
  add("x = 2^53: exact", {}, kTwo53);
  add("x = 2^53 + 1: a tie, rounds down to the even 2^53", {"TiesToEven"}, kTwo53 + 1);
  add("x = 2^53 + 2: exact", {}, kTwo53 + 2);
  add("x = 2^53 + 3: a tie, rounds up to the even 2^53 + 4", {"TiesToEven", "Truncation"}, kTwo53 + 3);
  add("x = 2^63 - 1: rounds up to 2^63, u = 0.5", {"Truncation"}, kTwo63 - 1);
  add("x = 2^63: u = 0.5", {"UnsignedRead"}, kTwo63);
  add("x = 2^63 + 2^10: a tie, rounds down to 2^63", {"TiesToEven", "UnsignedRead"}, kTwo63 + (1ULL << 10));
  add("x = 2^63 + 3 * 2^10: a tie, rounds up to 2^63 + 2^12", {"TiesToEven", "Truncation"},
      kTwo63 + 3 * (1ULL << 10));
  add("x = 2^63 + 2^10 + 1: just above a tie; x >>> 1 is a tie that rounds down, so rounding twice loses "
      "the last bit",
      {"SingleRounding", "Truncation", "UnsignedRead"}, kTwo63 + (1ULL << 10) + 1);
  add("x = 2^62 + 2^9 + 1: the same below 2^63", {"SingleRounding", "Truncation"}, (1ULL << 62) + (1ULL << 9) + 1);
  {
    // Searched: the first values of a fixed SplitMix64 stream where rounding twice differs.
    SplitMix64 s{0x646f75626c65ULL};  // "double"
    int found = 0;
    for (int i = 0; i < 10000000 && found < 3; ++i) {
      const u64 x = s.next();
      if (alt_halve(x) != cur::u64_to_unit(x)) {
        add("found by search: rounding twice differs", {"SingleRounding", "Truncation"}, x);
        ++found;
      }
    }
    require(found == 3, "SingleRounding search");
  }
  {
    SplitMix64 s{0x7535342d76616cULL};
    for (int i = 0; i < 4; ++i) add("a value of a fixed SplitMix64 stream", {}, s.next());
  }
  add("x = 2^64 - 2^11: u = 1 - 2^-53 exactly, the largest u below 1", {"BelowOne"}, kMaxU64 - (1ULL << 11) + 1);
  add("x = 2^64 - 2^10 - 1: just below the tie, rounds down to 1 - 2^-53", {"BelowOne"}, kMaxU64 - (1ULL << 10));
  add("x = 2^64 - 2^10: a tie between 1 - 2^-53 (odd) and 1.0 (even): u = 1.0", {"UnitOne", "TiesToEven"},
      kMaxU64 - (1ULL << 10) + 1);
  add("x = 2^64 - 2^9: u = 1.0", {"UnitOne"}, kMaxU64 - (1ULL << 9) + 1);
  add("x = 2^64 - 1: u = 1.0", {"UnitOne", "MaxU64"}, kMaxU64);

  f.group({{"type", "CursorU64Invalid"}});
  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value v) {
    f.add(comment, std::move(flags), Result::kInvalid, {{"u64", std::move(v)}, {"error", "u64"}});
  };
  bad("2^64", {"Overflow"}, Value("18446744073709551616"));
  bad("twenty nines", {"Overflow"}, Value("99999999999999999999"));
  bad("negative", {"NotDecimal"}, Value("-1"));
  bad("empty", {"NotDecimal"}, Value(""));
  bad("leading zero", {"NotDecimal"}, Value("01"));
  bad("fraction", {"NotDecimal"}, Value("1.0"));
  bad("exponent", {"NotDecimal"}, Value("1e3"));
  bad("hex", {"NotDecimal"}, Value("0x10"));
  bad("leading space", {"NotDecimal"}, Value(" 1"));
  bad("a JSON number", {"WrongType"}, Value(5));
  return f.build();
}

u64 read_u64_text(const rapidjson::Value& v) {
  if (!v.IsString()) throw InputError("u64", "must be a decimal string");
  return parse_decimal(std::string_view(v.GetString(), v.GetStringLength()), "u64", 0, kMaxU64);
}

std::string check_u64_test(const TestRef& t, const Backend&) {
  if (group_type(t) == "CursorU64ToUnit") return expect_members(t, u64_outputs(read_u64_text(test_member(t, "u64"))));
  return expect_error(t, [&] { (void)cur::u64_to_unit(read_u64_text(test_member(t, "u64"))); });
}

std::vector<PortCall> u64_calls(const TestRef& t) {
  return {call_of(t, "cursor.u64_to_unit", {"u64"}, {"u"})};
}

// ================================================================================================
// cursor_draw_test.json

double read_unit(const rapidjson::Value& v, std::string_view field, std::optional<std::size_t> pos = {}) {
  if (!v.IsNumber()) throw InputError(std::string(field), "must be a number", pos);
  return cur::check_unit(v.GetDouble(), field, pos);
}

u64 read_size(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsUint64()) throw InputError(std::string(field), "must be a non-negative integer");
  return v.GetUint64();
}

std::vector<double> read_units(const rapidjson::Value& a) {
  if (!a.IsArray()) throw InputError("units", "must be an array of numbers");
  std::vector<double> units;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) units.push_back(read_unit(a[i], "units", i));
  return units;
}

double limbo_scaled(double u) { return 0.99 / (1.0 - u) * 100.0; }

// The exact-integer limbo a BigInt port computes from x: floor(99 * 2^64 / (2^64 - x)), clamped.
std::int64_t limbo_exact(u64 x) {
  const u128 num = static_cast<u128>(99) << 64;
  const u128 den = (static_cast<u128>(1) << 64) - x;
  const u128 q = num / den;
  return q < 100 ? 100 : q > 1000000 ? 1000000 : static_cast<std::int64_t>(q);
}
std::int64_t limbo_other_order(double u) {
  const double f = std::floor(99.0 / (1.0 - u));
  return f < 100 ? 100 : f > 1000000 ? 1000000 : static_cast<std::int64_t>(f);
}
// u64 whose u is |u| (every u >= 2^-11 in [0, 1) is k / 2^64 exactly).
u64 x_of(double u) {
  if (u == 1.0) return kMaxU64;
  return static_cast<u64>(std::ldexp(u, 64));
}

Value generate_draw() {
  VectorFileBuilder f("cursor-v1", "cursor_draw_schema.json",
                      {"cursor-v1 draws over given units: the clamped single draw min(floor(u * n), n - 1) "
                       "(port op cursor.draw, an addition of specs/cursor-v1.md), limbo's "
                       "clamp(floor(0.99 / (1 - u) * 100), 100, 1000000) in binary64 (op cursor.limbo, an "
                       "addition), and the pool hop over 0..size-1 (op cursor.pool_hop).",
                       "Each u comes from the u64 shown (u = u64_to_unit(u64)); u = 1.0 (u64 >= 2^64 - 2^10) is "
                       "the case every game meets only through these layers, since no HMAC search reaches it.",
                       "Games use these draws as: die = draw(u, 6) + 1 (sic bo, chinchiro), roulette pocket = "
                       "draw(u, 37), koban flip = draw(u, 2), blackjack card = draw(u, 52), and pool hops over "
                       "52 cards, 15 bingo numbers, 75 balls, 25 mine cells."});
  f.note("ClampAtOne", "EDGE_CASE",
         "u = 1.0 makes floor(u * n) = n; the draw clamps it to n - 1 (limbo: 1 - u = 0 divides to "
         "+infinity and clamps to 1000000). A port without the clamp returns n, indexes past the pool "
         "or crashes.");
  f.note("BelowOne", "BOUNDARY", "u = 1 - 2^-53, the largest u below 1: floor(u * n) = n - 1 without clamping.");
  f.note("Zero", "BOUNDARY", "u = 0 draws index 0.");
  f.note("MaxN", "BOUNDARY", "n = 2^53 - 1, the largest n.");
  f.note("Binary64Draw", "ARITHMETIC",
         "floor(u * n) is computed in binary64 from the rounded u. Here a port computing exactly from the "
         "64-bit integer, floor(x * n / 2^64), gets one less.");
  f.note("LimboClamp", "BOUNDARY",
         "Limbo's result clamps to [100, 1000000] hundredths: u = 0 gives 99 before clamping; values "
         "near 1 exceed 1000000.");
  f.note("EvaluationOrder", "ARITHMETIC",
         "Limbo evaluates 0.99 / (1 - u), then * 100, then floor, in binary64. Here a port computing "
         "99 / (1 - u) gets another result.");
  f.note("Binary64Limbo", "ARITHMETIC",
         "Here a port computing limbo in exact integers from the 64-bit value, floor(99 * 2^64 / (2^64 - x)), "
         "gets another result than the binary64 formula.");
  f.note("SwapToEnd", "ORDER",
         "The picked item is swapped with the last item of the live pool. A port that splices it out "
         "(closing the gap, keeping order) picks other items from the second draw on.");
  f.note("PoolOfOne", "BOUNDARY", "The last draw is from a pool of one: index 0 whatever u is.");
  f.note("NoDraws", "BOUNDARY", "No units: no picks.");
  f.note("PoolExhaustion", "MISSING_CHECK", "More units than items in the pool is bad input.");
  f.note("UnitRange", "MISSING_CHECK", "A unit outside [0, 1] is bad input.");
  f.note("BadN", "MISSING_CHECK", "n and size must be integers between 1 and 2^53 - 1; anything else is bad input.");
  f.note("WrongType", "MISSING_CHECK", "A unit given as a string is bad input.");

  f.group({{"type", "CursorDraw"}});
  auto add_draw = [&](const std::string& comment, std::vector<std::string> flags, u64 x, u64 n) {
    const double u = cur::u64_to_unit(x);
    const u64 index = cur::draw(u, n);
    for (const auto& flag : flags) {
      if (flag == "ClampAtOne") require(u == 1.0 && std::floor(u * static_cast<double>(n)) == static_cast<double>(n), "ClampAtOne");
      if (flag == "BelowOne") require(u == 1.0 - 0x1p-53 && std::floor(u * static_cast<double>(n)) == static_cast<double>(n - 1), "BelowOne");
      if (flag == "Zero") require(x == 0 && index == 0, "Zero");
      if (flag == "MaxN") require(n == cur::kMaxPool, "MaxN");
      if (flag == "Binary64Draw") {
        require(static_cast<u64>((static_cast<u128>(x) * n) >> 64) != index, "Binary64Draw");
      }
    }
    f.add(comment, std::move(flags), Result::kValid,
          {{"u64", std::to_string(x)}, {"u", u}, {"uBits", bits_of(u)}, {"n", Value(n)}, {"index", Value(index)}});
  };
  const std::vector<std::pair<u64, std::string>> rules = {
      {2, "koban flip"}, {6, "die, face = index + 1"}, {37, "roulette pocket"}, {52, "blackjack card"},
      {15, "bingo column pool"}, {25, "mines pool"}, {75, "bingo ball pool"}, {1, "pool of one"}};
  for (const auto& [n, what] : rules) {
    add_draw("u = 1.0 (u64 = 2^64 - 1), n = " + std::to_string(n) + " (" + what + "): clamps to n - 1",
             {"ClampAtOne"}, kMaxU64, n);
  }
  for (const auto& [n, what] : rules) {
    if (n == 1) continue;
    add_draw("u = 1 - 2^-53, n = " + std::to_string(n) + " (" + what + ")", {"BelowOne"}, kMaxU64 - (1ULL << 11) + 1, n);
  }
  add_draw("u = 0, n = 37", {"Zero"}, 0, 37);
  add_draw("u = 1.0, n = 2^53 - 1", {"ClampAtOne", "MaxN"}, kMaxU64, cur::kMaxPool);
  add_draw("u = 1 - 2^-53, n = 2^53 - 1", {"BelowOne", "MaxN"}, kMaxU64 - (1ULL << 11) + 1, cur::kMaxPool);
  {
    // Searched: just below each boundary k * 2^64 / n, the first x (walking down) where binary64
    // reaches k while the exact integer quotient is k - 1.
    for (u64 n : {6ULL, 37ULL, 52ULL, 75ULL}) {
      int found = 0;
      for (u64 k = 1; k < n && found < 2; ++k) {
        const u128 boundary = ((static_cast<u128>(k) << 64) + n - 1) / n;  // smallest x with x * n >= k * 2^64
        for (u64 j = 1; j <= 4096; ++j) {
          const u64 x = static_cast<u64>(boundary - j);
          if (cur::draw(cur::u64_to_unit(x), n) == k) {
            add_draw("found by search: u64 just below " + std::to_string(k) + " * 2^64 / " + std::to_string(n) +
                         "; binary64 rounds u * n up to " + std::to_string(k),
                     {"Binary64Draw"}, x, n);
            ++found;
            break;
          }
        }
      }
      require(found == 2, "Binary64Draw search for n = " + std::to_string(n));
    }
  }
  {
    SplitMix64 s{0x647261772d6d6964ULL};
    for (u64 n : {6ULL, 37ULL, 52ULL}) add_draw("a value of a fixed SplitMix64 stream", {}, s.next(), n);
  }

  f.group({{"type", "CursorLimbo"}});
  auto add_limbo = [&](const std::string& comment, std::vector<std::string> flags, u64 x) {
    const double u = cur::u64_to_unit(x);
    const double scaled = limbo_scaled(u);
    const std::int64_t h = cur::limbo_hundredths(u);
    for (const auto& flag : flags) {
      if (flag == "ClampAtOne") require(u == 1.0 && std::isinf(scaled) && h == cur::kLimboMax, "limbo ClampAtOne");
      if (flag == "LimboClamp") require(std::floor(scaled) < 100 || std::floor(scaled) > 1000000, "LimboClamp");
      if (flag == "EvaluationOrder") require(limbo_other_order(u) != h, "EvaluationOrder");
      if (flag == "Binary64Limbo") require(limbo_exact(x) != h, "Binary64Limbo");
      if (flag == "Zero") require(x == 0, "limbo Zero");
    }
    f.add(comment, std::move(flags), Result::kValid,
          {{"u64", std::to_string(x)}, {"u", u}, {"uBits", bits_of(u)}, {"scaledBits", bits_of(scaled)},
           {"hundredths", Value(h)}});
  };
  add_limbo("u = 0: 0.99 * 100 = 99, clamped up to 100", {"Zero", "LimboClamp"}, 0);
  add_limbo("u = 0.5: 198", {}, kTwo63);
  add_limbo("u = 0.1 (the double nearest 0.1): 0.99 / 0.9 * 100 = 109.99999999999999, so 109; 99 / 0.9 = "
            "110.00000000000001",
            {"EvaluationOrder"}, x_of(0.1));
  add_limbo("u = 1.0: 0.99 / 0 = +infinity, clamped to 1000000", {"ClampAtOne"}, kMaxU64);
  add_limbo("u = 1 - 2^-53: far above 1000000, clamped", {"LimboClamp"}, kMaxU64 - (1ULL << 11) + 1);
  {
    // Searched: for k = 101, 102, … take u0 = 1 - 99 / k (where the result crosses k), walk the 80
    // doubles from 40 below u0 upward, and keep the first u per k where the other order
    // (99 / (1 - u)) differs and the first where exact integers differ; three k of each.
    int order_found = 0, exact_found = 0;
    for (int k = 101; k < 100000 && (order_found < 3 || exact_found < 3); ++k) {
      double u = 1.0 - 99.0 / k;
      for (int i = 0; i < 40; ++i) u = std::nextafter(u, 0.0);
      bool got_order = order_found >= 3, got_exact = exact_found >= 3;
      for (int i = 0; i < 80 && (!got_order || !got_exact); ++i, u = std::nextafter(u, 1.0)) {
        const u64 x = x_of(u);
        if (cur::u64_to_unit(x) != u) continue;
        const std::int64_t h = cur::limbo_hundredths(u);
        if (!got_order && limbo_other_order(u) != h) {
          add_limbo("found by search near " + std::to_string(k) + ": floor(0.99 / (1 - u) * 100) = " +
                        std::to_string(h) + " but floor(99 / (1 - u)) = " + std::to_string(limbo_other_order(u)),
                    {"EvaluationOrder"}, x);
          got_order = true;
          ++order_found;
        }
        if (!got_exact && limbo_exact(x) != h) {
          add_limbo("found by search near " + std::to_string(k) + ": binary64 gives " + std::to_string(h) +
                        ", exact integers " + std::to_string(limbo_exact(x)),
                    {"Binary64Limbo"}, x);
          got_exact = true;
          ++exact_found;
        }
      }
    }
    require(order_found == 3 && exact_found == 3, "limbo searches");
  }
  {
    // The 1000000 boundary: the last u below it and the first at it.
    double u = 1.0 - 99.0 / 1000000.0;
    for (int i = 0; i < 64; ++i) u = std::nextafter(u, 0.0);
    while (cur::limbo_hundredths(std::nextafter(u, 1.0)) < cur::kLimboMax) u = std::nextafter(u, 1.0);
    add_limbo("the largest u whose result is below 1000000", {}, x_of(u));
    add_limbo("the smallest u whose result is 1000000", {}, x_of(std::nextafter(u, 1.0)));
  }
  {
    SplitMix64 s{0x6c696d626f2d6d69ULL};
    for (int i = 0; i < 3; ++i) add_limbo("a value of a fixed SplitMix64 stream", {}, s.next());
  }

  f.group({{"type", "CursorPoolHop"}});
  auto add_hop = [&](const std::string& comment, std::vector<std::string> flags, const std::vector<double>& units,
                     u64 size) {
    const auto r = cur::pool_hop(units, size);
    for (const auto& flag : flags) {
      if (flag == "SwapToEnd") require(splice_hop(units, range(0, size)) != r.picks, "SwapToEnd");
      if (flag == "PoolOfOne") require(units.size() == size, "PoolOfOne");
      if (flag == "NoDraws") require(units.empty(), "NoDraws");
      if (flag == "ClampAtOne") {
        bool clamped = false;
        for (std::size_t k = 0; k < units.size(); ++k) {
          clamped |= units[k] == 1.0 && std::floor(units[k] * static_cast<double>(size - k)) == static_cast<double>(size - k);
        }
        require(clamped, "pool ClampAtOne");
      }
    }
    if (units.size() == size) {
      std::vector<u64> sorted = r.picks;
      std::sort(sorted.begin(), sorted.end());
      require(sorted == range(0, size), "a full draw is not a permutation");
    }
    Array ua;
    for (double u : units) ua.emplace_back(u);
    f.add(comment, std::move(flags), Result::kValid,
          {{"units", Value(std::move(ua))}, {"size", Value(size)}, {"indexes", Value::array_of(r.indexes)},
           {"picks", Value::array_of(r.picks)}});
  };
  const Backend& b = default_backend();
  auto stream_units = [&](u64 nonce, u64 count) {
    std::vector<double> units;
    for (u64 c = 0; c < count; ++c) units.push_back(cur::unit(b, kSeedHex, kClient, nonce, c));
    return units;
  };
  add_hop("units 0, 0 over 0..4: swap gives 0 then 4 (a splice gives 0 then 1)", {"SwapToEnd"}, {0.0, 0.0}, 5);
  add_hop("units 0.5, 0.5, 0.5 over 0..2: the last draw from a pool of one", {"PoolOfOne"}, {0.5, 0.5, 0.5}, 3);
  add_hop("u = 1.0 from a pool of one", {"PoolOfOne", "ClampAtOne"}, {1.0}, 1);
  add_hop("u = 1.0 twice over 52 cards: indexes 51 and 50", {"ClampAtOne"}, {1.0, 1.0, 0.25}, 52);
  add_hop("no units over 52 cards", {"NoDraws"}, {}, 52);
  add_hop("ten units of round (example seed, nonce 1) over 52 cards", {"SwapToEnd"}, stream_units(1, 10), 52);
  add_hop("52 units of round (example seed, nonce 3) over 52 cards: a permutation", {"SwapToEnd", "PoolOfOne"},
          stream_units(3, 52), 52);
  add_hop("38 units over 75 balls", {"SwapToEnd"}, stream_units(4, 38), 75);

  f.group({{"type", "CursorDrawInvalid"}});
  auto bad_draw = [&](const std::string& comment, std::vector<std::string> flags, Value u, Value n,
                      const std::string& error) {
    f.add(comment, std::move(flags), Result::kInvalid, {{"u", std::move(u)}, {"n", std::move(n)}, {"error", error}});
  };
  bad_draw("u above 1", {"UnitRange"}, Value(1.5), Value(6), "u");
  bad_draw("u = 1 + 2^-52", {"UnitRange"}, Value(1.0 + 0x1p-52), Value(6), "u");
  bad_draw("u negative", {"UnitRange"}, Value(-0.25), Value(6), "u");
  bad_draw("u as a string", {"WrongType"}, Value("0.5"), Value(6), "u");
  bad_draw("n = 0", {"BadN"}, Value(0.5), Value(0), "n");
  bad_draw("n = 2^53", {"BadN"}, Value(0.5), Value(static_cast<std::int64_t>(kTwo53)), "n");
  bad_draw("n negative", {"BadN"}, Value(0.5), Value(-6), "n");

  f.group({{"type", "CursorLimboInvalid"}});
  f.add("u above 1", {"UnitRange"}, Result::kInvalid, {{"u", Value(1.0 + 0x1p-52)}, {"error", "u"}});
  f.add("u negative", {"UnitRange"}, Result::kInvalid, {{"u", Value(-0.5)}, {"error", "u"}});

  f.group({{"type", "CursorPoolHopInvalid"}});
  auto bad_hop = [&](const std::string& comment, std::vector<std::string> flags, Value units, Value size,
                     const std::string& error) {
    f.add(comment, std::move(flags), Result::kInvalid,
          {{"units", std::move(units)}, {"size", std::move(size)}, {"error", error}});
  };
  bad_hop("four units from a pool of three", {"PoolExhaustion"}, Value::array({0.5, 0.5, 0.5, 0.5}), Value(3), "units");
  bad_hop("53 units over 52 cards", {"PoolExhaustion"}, [&] {
    Array a;
    for (int i = 0; i < 53; ++i) a.emplace_back(0.5);
    return Value(std::move(a));
  }(), Value(52), "units");
  bad_hop("size 0", {"BadN"}, Value::array({}), Value(0), "size");
  bad_hop("size negative", {"BadN"}, Value::array({0.5}), Value(-1), "size");
  bad_hop("size 2^53", {"BadN"}, Value::array({0.5}), Value(static_cast<std::int64_t>(kTwo53)), "size");
  bad_hop("a unit above 1", {"UnitRange"}, Value::array({0.5, 1.5}), Value(52), "units");
  bad_hop("a negative unit", {"UnitRange"}, Value::array({-0.5}), Value(52), "units");
  bad_hop("a unit as a string", {"WrongType"}, Value::array({Value("0.5")}), Value(52), "units");
  return f.build();
}

std::string check_draw_test(const TestRef& t, const Backend&) {
  const std::string type = group_type(t);
  if (type == "CursorDraw" || type == "CursorLimbo") {
    const u64 x = read_u64_text(test_member(t, "u64"));
    const double u = cur::u64_to_unit(x);
    std::string r = expect_equal("u", test_member(t, "u"), Value(u));
    if (r.empty()) r = expect_equal("uBits", test_member(t, "uBits"), Value(bits_of(u)));
    if (!r.empty()) return r;
    if (type == "CursorDraw") {
      return expect_equal("index", test_member(t, "index"), Value(cur::draw(read_unit(test_member(t, "u"), "u"), read_size(test_member(t, "n"), "n"))));
    }
    r = expect_equal("scaledBits", test_member(t, "scaledBits"), Value(bits_of(limbo_scaled(u))));
    if (!r.empty()) return r;
    return expect_equal("hundredths", test_member(t, "hundredths"), Value(cur::limbo_hundredths(read_unit(test_member(t, "u"), "u"))));
  }
  if (type == "CursorPoolHop") {
    const auto r = cur::pool_hop(read_units(test_member(t, "units")), read_size(test_member(t, "size"), "size"));
    std::string m = expect_equal("indexes", test_member(t, "indexes"), Value::array_of(r.indexes));
    return m.empty() ? expect_equal("picks", test_member(t, "picks"), Value::array_of(r.picks)) : m;
  }
  if (type == "CursorDrawInvalid") {
    return expect_error(t, [&] {
      const double u = read_unit(test_member(t, "u"), "u");
      const auto& n = test_member(t, "n");
      if (!n.IsUint64()) throw InputError("n", "must be an integer between 1 and 2^53 - 1");
      (void)cur::draw(u, n.GetUint64());
    });
  }
  if (type == "CursorLimboInvalid") {
    return expect_error(t, [&] { (void)cur::limbo_hundredths(read_unit(test_member(t, "u"), "u")); });
  }
  return expect_error(t, [&] {
    const auto units = read_units(test_member(t, "units"));
    const auto& s = test_member(t, "size");
    if (!s.IsUint64()) throw InputError("size", "must be an integer between 1 and 2^53 - 1");
    (void)cur::pool_hop(units, s.GetUint64());
  });
}

std::vector<PortCall> draw_calls(const TestRef& t) {
  const std::string type = group_type(t);
  if (type == "CursorDraw" || type == "CursorDrawInvalid") return {call_of(t, "cursor.draw", {"u", "n"}, {"index"})};
  if (type == "CursorLimbo" || type == "CursorLimboInvalid") return {call_of(t, "cursor.limbo", {"u"}, {"hundredths"})};
  return {call_of(t, "cursor.pool_hop", {"units", "size"}, {"picks"})};
}

// ================================================================================================
// cursor_game_test.json

// The outcome members of each game (specs/cursor-v1.md), in order.
const std::map<std::string, std::vector<std::string>>& outcome_members() {
  static const std::map<std::string, std::vector<std::string>> kMembers = {
      {"roulette", {"pocket"}},
      {"sicbo", {"dice"}},
      {"limbo", {"hundredths"}},
      {"koban", {"flips"}},
      {"blackjack", {"cards", "player", "dealer"}},
      {"vpoker", {"deal", "final"}},
      {"holdem", {"cards", "player", "dealer", "board"}},
      {"bingo", {"card", "balls"}},
      {"andar", {"boostUnits", "cards"}},
      {"chinchiro", {"dice"}},
      {"mines", {"mines"}},
      {"hanabi", {"units"}},
      {"fuku", {"units"}},
      {"omikuji", {"units"}},
      {"pagoda", {"units"}},
      {"plinko", {"units"}},
  };
  return kMembers;
}

// game_fields: cursors, units, unitBits, then the outcome members (units only once).
Object game_fields(const cur::GameResult& r) {
  Array cursors, units, bits;
  for (const auto& read : r.reads) {
    cursors.emplace_back(read.cursor);
    units.emplace_back(read.u);
    bits.emplace_back(bits_of(read.u));
  }
  Object o{{"cursors", Value(std::move(cursors))}, {"units", Value(std::move(units))}, {"unitBits", Value(std::move(bits))}};
  for (const auto& kv : r.outcome) {
    if (kv.first != "units") o.push_back(kv);
  }
  return o;
}

std::vector<u64> u64s(const Value& v) {
  std::vector<u64> out;
  for (const auto& x : v.as_array()) out.push_back(static_cast<u64>(std::get<std::int64_t>(x.variant())));
  return out;
}

const Value& outcome(const cur::GameResult& r, std::string_view key) {
  for (const auto& [k, v] : r.outcome) {
    if (k == key) return v;
  }
  throw std::logic_error("no outcome member " + std::string(key));
}

std::vector<double> units_of(const cur::GameResult& r, std::size_t from, std::size_t count) {
  std::vector<double> out;
  for (std::size_t i = from; i < from + count; ++i) out.push_back(r.reads.at(i).u);
  return out;
}

Value generate_game() {
  const Backend& b = default_backend();
  VectorFileBuilder f("cursor-v1", "cursor_game_schema.json",
                      {"cursor-v1 games: for each game and player action, the cursors read (in order), every u "
                       "read (with its bits) and the outcome. Port op: cursor.game with params game, serverSeed, "
                       "clientSeed, nonce, options; the expected result holds cursors and the outcome members.",
                       "Randomness layer only (the seed gives no paytable or symbol table): hanabi, fuku, "
                       "omikuji, pagoda and plinko report units; andar reports its five boost units. mines' "
                       "layout (pool hop over 25 cells) and plinko's (row r reads cursor r) are this kit's "
                       "pinned choices.",
                       "u = 1.0 cannot be reached through HMAC (probability 2^-54 per cursor); the clamp each game "
                       "applies then is covered in cursor_draw_test.json."});
  f.note("DealOrder", "ORDER",
         "Cards go out in the seed's cursor order. A port dealing in table order (player, player, dealer, "
         "dealer in blackjack; alternating in hold'em) gives the hands other cards.");
  f.note("InfiniteShoe", "FUNCTIONALITY",
         "Blackjack's shoe is infinite: each card is min(floor(52u), 51) of its own cursor, so a card can "
         "repeat in a round, as here. A port drawing blackjack cards without replacement fails.");
  f.note("EarlyStop", "EDGE_CASE",
         "The round stops reading early: a hold'em fold reads 7 cursors, video poker holding all five reads "
         "5. A port reading the unused cursors anyway reports other cursors.");
  f.note("HoldNone", "BOUNDARY", "Video poker holding nothing reads 10 cursors: five replacements at 5..9.");
  f.note("SwapToEnd", "ORDER",
         "Pool-hop draws swap the picked card to the end. A port splicing it out gets other cards here.");
  f.note("PoolOfOne", "BOUNDARY", "The last card of the deck is drawn from a pool of one.");
  f.note("BingoLayout", "FUNCTIONALITY",
         "Bingo reads 63 cursors: 0..24 the card, column by column, 25..62 the 38 balls from a fresh "
         "pool 1..75.");
  f.note("ColumnPools", "FUNCTIONALITY",
         "Each bingo column draws from its own 15 numbers (B 1..15, …, O 61..75). A port drawing the card "
         "from one pool of 75 gets another card.");
  f.note("FreeCentre", "FUNCTIONALITY",
         "The centre cell (12) still reads cursor 12. A port whose free centre reads no cursor shifts every "
         "later draw and gets another card and other balls.");
  f.note("BoostFirst", "ORDER",
         "Andar bahar reads the five boost cursors 0..4 before any card; cards start at cursor 5. A port "
         "dealing cards from cursor 0 gets other cards.");
  f.note("ChinchiroCursors", "ORDER",
         "Chinchiro die d of attempt a of side s reads cursor s*9 + a*3 + d, leaving gaps when a side rolls "
         "fewer than 3 attempts. A port numbering the dice consecutively reads other cursors.");
  f.note("FreeSpinCells", "FUNCTIONALITY", "Hanabi free spin j reads cells 15 + 15j .. 29 + 15j after the base spin's 0..14.");
  f.note("MaxNonce", "BOUNDARY", "nonce = 2^53 - 1.");
  f.note("NotACursorGame", "FUNCTIONALITY",
         "Keno and crash do not read the seed pair; cursor.game rejects them (they have ops of their own).");
  f.note("UnknownGame", "MISSING_CHECK", "A game name not in specs/cursor-v1.md (names are case-sensitive) is bad input.");
  f.note("BadNonce", "MISSING_CHECK", "A nonce that is negative, above 2^53 - 1, fractional or not a number is bad input.");
  f.note("WrongType", "MISSING_CHECK", "A game or seed that is not a string, or options that are not an object, is bad input.");
  f.note("UnknownOption", "MISSING_CHECK", "An options member the game does not define is bad input.");
  f.note("MissingOption", "MISSING_CHECK", "Every option the game defines is required.");
  f.note("BadOption", "MISSING_CHECK", "An option value of the wrong type or outside its range is bad input.");
  f.note("ActionAfterStand", "MISSING_CHECK", "Nothing may follow \"stand\" in blackjack's actions.");
  f.note("PoolExhaustion", "MISSING_CHECK", "Andar bahar cannot deal more than 52 cards: 53 is bad input.");

  struct Case {
    std::string comment;
    std::vector<std::string> flags;
    std::string server, client;
    u64 nonce;
    Value options;
  };
  auto verify = [&](const std::string& game, const std::string& flag, const cur::GameResult& r, const Case& c) {
    auto nums = [&](const char* key) { return u64s(outcome(r, key)); };
    auto ints_equal = [](const std::vector<u64>& a, const std::vector<u64>& b2) { return a == b2; };
    if (flag == "DealOrder") {
      auto cards = nums("cards");
      if (game == "blackjack") {
        require(nums("player") != std::vector<u64>{cards[0], cards[1]}, "DealOrder blackjack");
      } else {
        require(nums("player") != std::vector<u64>{cards[0], cards[2]}, "DealOrder holdem");
      }
    } else if (flag == "InfiniteShoe") {
      auto cards = nums("cards");
      std::set<u64> distinct(cards.begin(), cards.end());
      require(distinct.size() < cards.size(), "InfiniteShoe: no repeated card");
    } else if (flag == "EarlyStop") {
      require(r.reads.size() == (game == "holdem" ? 7u : 5u), "EarlyStop");
    } else if (flag == "HoldNone") {
      require(r.reads.size() == 10, "HoldNone");
    } else if (flag == "SwapToEnd") {
      std::vector<u64> seq, pool = range(0, 52);
      std::vector<double> us;
      if (game == "vpoker" || game == "holdem") {
        us = units_of(r, 0, r.reads.size());
        seq = swap_hop(us, 0, 52);
      } else if (game == "andar") {
        us = units_of(r, 5, r.reads.size() - 5);
        seq = swap_hop(us, 0, 52);
      } else if (game == "mines") {
        us = units_of(r, 0, r.reads.size());
        seq = swap_hop(us, 0, 25);
        pool = range(0, 25);
      } else if (game == "bingo") {
        us = units_of(r, 25, 38);
        seq = swap_hop(us, 1, 75);
        pool = range(1, 75);
      }
      require(!us.empty() && !ints_equal(splice_hop(us, pool), seq), "SwapToEnd " + game);
    } else if (flag == "PoolOfOne") {
      require(r.reads.size() == 57, "PoolOfOne");
    } else if (flag == "BingoLayout") {
      require(r.reads.size() == 63, "BingoLayout");
    } else if (flag == "ColumnPools") {
      require(swap_hop(units_of(r, 0, 25), 1, 75) != nums("card"), "ColumnPools");
    } else if (flag == "FreeCentre") {
      // A port whose centre reads no cursor: column N draws 4 numbers at cursors 10..13, the later
      // columns and the balls shift down by one.
      cur::Stream s(b, c.server, c.client, c.nonce);
      std::vector<u64> card;
      u64 next = 0;
      for (u64 col = 0; col < 5; ++col) {
        cur::Pool p(15 * col + 1, 15);
        for (u64 row = 0; row < 5; ++row) {
          if (col == 2 && row == 2) {
            card.push_back(0);
            continue;
          }
          card.push_back(p.take(s.read(next++)));
        }
      }
      std::vector<u64> ours = nums("card");
      ours[12] = 0;
      require(card != ours, "FreeCentre");
    } else if (flag == "BoostFirst") {
      std::vector<double> us;
      for (u64 k = 0; k < nums("cards").size(); ++k) us.push_back(cur::unit(b, c.server, c.client, c.nonce, k));
      require(swap_hop(us, 0, 52) != nums("cards"), "BoostFirst");
    } else if (flag == "ChinchiroCursors") {
      std::vector<u64> consecutive;
      for (u64 i = 0; i < r.reads.size(); ++i) consecutive.push_back(i);
      std::vector<u64> read;
      for (const auto& rd : r.reads) read.push_back(rd.cursor);
      require(read != consecutive, "ChinchiroCursors");
    } else if (flag == "FreeSpinCells") {
      require(r.reads.size() > 15, "FreeSpinCells");
    } else if (flag == "MaxNonce") {
      require(c.nonce == cur::kMaxCounter, "MaxNonce");
    } else {
      throw std::logic_error("cursor vectors: unchecked flag " + flag);
    }
  };
  auto run = [&](const std::string& game, const Case& c) {
    rapidjson::Document d;
    rapidjson::Value options = c.options.to_rapidjson(d.GetAllocator());
    return cur::play(b, game, c.server, c.client, c.nonce, options);
  };

  const Value none = Value::object();
  auto opt = [](const char* key, Value v) { return Value(Object{{key, std::move(v)}}); };
  auto hold = [](std::initializer_list<bool> h) {
    Array a;
    for (bool x : h) a.emplace_back(x);
    return Value(Object{{"hold", Value(std::move(a))}});
  };
  auto bj = [](std::initializer_list<const char*> actions, int draws) {
    Array a;
    for (const char* x : actions) a.emplace_back(x);
    return Value(Object{{"actions", Value(std::move(a))}, {"dealerDraws", Value(draws)}});
  };

  // Searched: the first nonce (from 0) whose blackjack round with two hits and one dealer draw repeats
  // a card.
  u64 shoe_nonce = 0;
  {
    rapidjson::Document d;
    rapidjson::Value o = bj({"hit", "hit"}, 1).to_rapidjson(d.GetAllocator());
    for (;; ++shoe_nonce) {
      require(shoe_nonce < 1000, "InfiniteShoe search");
      const auto r = cur::play(b, "blackjack", kSeedHex, kClient, shoe_nonce, o);
      auto cards = u64s(outcome(r, "cards"));
      if (std::set<u64>(cards.begin(), cards.end()).size() < cards.size()) break;
    }
  }

  const std::vector<std::pair<std::string, std::vector<Case>>> games = {
      {"roulette",
       {{"pocket = min(floor(37u), 36) of cursor 0", {}, kSeedHex, kClient, 1, none},
        {"another nonce", {}, kSeedHex, kClient, 2, none},
        {"nonce 2^53 - 1", {"MaxNonce"}, kSeed2, kClient2, cur::kMaxCounter, none}}},
      {"sicbo",
       {{"three dice at cursors 0, 1, 2: min(floor(6u), 5) + 1", {}, kSeedHex, kClient, 1, none},
        {"another nonce", {}, kSeedHex, kClient, 2, none},
        {"non-ASCII seed", {}, kSeed2, kClient2, 3, none}}},
      {"limbo",
       {{"u(p, 0): clamp(floor(0.99 / (1 - u) * 100), 100, 1000000)", {}, kSeedHex, kClient, 1, none},
        {"another nonce", {}, kSeedHex, kClient, 2, none},
        {"another seed", {}, kSeed2, kClient2, 3, none}}},
      {"koban",
       {{"one flip: cursor 0", {}, kSeedHex, kClient, 1, opt("flips", 1)},
        {"five flips: cursors 0..4", {}, kSeedHex, kClient, 2, opt("flips", 5)},
        {"twelve flips", {}, kSeed2, kClient2, 3, opt("flips", 12)}}},
      {"blackjack",
       {{"no player action, no dealer draw: the four dealt cards, cursors 0..3 (three of them the same card)",
         {"InfiniteShoe"}, kSeedHex, kClient, 1, bj({}, 0)},
        {"stand; the dealer draws one card (cursor 4)", {"DealOrder"}, kSeedHex, kClient, 2, bj({"stand"}, 1)},
        {"hit, stand; the dealer draws two (player's hit at 4, dealer's at 5, 6)", {"DealOrder"}, kSeedHex, kClient, 3,
         bj({"hit", "stand"}, 2)},
        {"three hits (a bust needs no stand); no dealer draw", {}, kSeed2, kClient2, 4, bj({"hit", "hit", "hit"}, 0)},
        {"found by search (first nonce from 0): a card repeats in the round", {"InfiniteShoe"}, kSeedHex, kClient,
         shoe_nonce, bj({"hit", "hit"}, 1)}}},
      {"vpoker",
       {{"hold all five: the deal only, cursors 0..4", {"EarlyStop"}, kSeedHex, kClient, 1,
         hold({true, true, true, true, true})},
        {"hold none: replacements at cursors 5..9", {"HoldNone", "SwapToEnd"}, kSeedHex, kClient, 2,
         hold({false, false, false, false, false})},
        {"hold positions 0 and 2: replacements for 1, 3, 4 at cursors 5, 6, 7", {"SwapToEnd"}, kSeedHex, kClient, 3,
         hold({true, false, true, false, false})},
        {"hold position 4 only", {"SwapToEnd"}, kSeed2, kClient2, 4, hold({false, false, false, false, true})}}},
      {"holdem",
       {{"fold: player1, player2, dealer1, dealer2, flop1..3 at cursors 0..6", {"EarlyStop", "DealOrder", "SwapToEnd"},
         kSeedHex, kClient, 1, opt("action", "fold")},
        {"call: turn and river at cursors 7, 8", {"DealOrder", "SwapToEnd"}, kSeedHex, kClient, 1, opt("action", "call")},
        {"call, another round", {"SwapToEnd"}, kSeed2, kClient2, 2, opt("action", "call")}}},
      {"bingo",
       {{"card at cursors 0..24 (column by column), balls at 25..62",
         {"BingoLayout", "ColumnPools", "FreeCentre", "SwapToEnd"}, kSeedHex, kClient, 1, none},
        {"another round", {"BingoLayout", "FreeCentre", "SwapToEnd"}, kSeed2, kClient2, 2, none}}},
      {"andar",
       {{"one card (the joker) at cursor 5 after the boost cursors 0..4", {"BoostFirst"}, kSeedHex, kClient, 1,
         opt("cards", 1)},
        {"ten cards at cursors 5..14", {"BoostFirst", "SwapToEnd"}, kSeedHex, kClient, 2, opt("cards", 10)},
        {"the whole deck: 52 cards at cursors 5..56", {"PoolOfOne", "SwapToEnd"}, kSeed2, kClient2, 3,
         opt("cards", 52)}}},
      {"chinchiro",
       {{"two sides, one attempt each: cursors 0..2 and 9..11", {"ChinchiroCursors"}, kSeedHex, kClient, 1,
         opt("attempts", Value::array({1, 1}))},
        {"two sides, three attempts each: cursors 0..17", {}, kSeedHex, kClient, 2, opt("attempts", Value::array({3, 3}))},
        {"three sides: 2, 3, 1 attempts", {"ChinchiroCursors"}, kSeed2, kClient2, 3,
         opt("attempts", Value::array({2, 3, 1}))}}},
      {"mines",
       {{"one mine: cursor 0", {}, kSeedHex, kClient, 1, opt("mines", 1)},
        {"three mines: cursors 0..2", {}, kSeedHex, kClient, 2, opt("mines", 3)},
        {"24 mines: cursors 0..23", {"SwapToEnd"}, kSeed2, kClient2, 3, opt("mines", 24)}}},
      {"hanabi",
       {{"base spin only: cells 0..14", {}, kSeedHex, kClient, 1, opt("freeSpins", 0)},
        {"base spin and two free spins: cells 0..44", {"FreeSpinCells"}, kSeedHex, kClient, 2, opt("freeSpins", 2)}}},
      {"fuku",
       {{"cursor 0 alone draws the item", {}, kSeedHex, kClient, 1, none},
        {"another round", {}, kSeed2, kClient2, 2, none}}},
      {"omikuji",
       {{"no fillers: tier at 0, winning cells at 1..3", {}, kSeedHex, kClient, 1, opt("fillers", 0)},
        {"six fillers at cursors 4..9", {}, kSeed2, kClient2, 2, opt("fillers", 6)}}},
      {"pagoda",
       {{"one floor: floor 0 reads cursor 0", {}, kSeedHex, kClient, 1, opt("floors", 1)},
        {"eight floors: cursors 0..7", {}, kSeed2, kClient2, 2, opt("floors", 8)}}},
      {"plinko",
       {{"eight rows: cursors 0..7", {}, kSeedHex, kClient, 1, opt("rows", 8)},
        {"sixteen rows: cursors 0..15", {}, kSeed2, kClient2, 2, opt("rows", 16)}}},
  };
  require(games.size() == cur::game_names().size(), "every game has vectors");
  for (const auto& [game, cases] : games) {
    require(std::find(cur::game_names().begin(), cur::game_names().end(), game) != cur::game_names().end(),
            "unknown game " + game);
    f.group({{"type", "CursorGame"}, {"game", game}});
    for (const auto& c : cases) {
      const auto r = run(game, c);
      for (const auto& flag : c.flags) verify(game, flag, r, c);
      Object fields{{"serverSeed", c.server}, {"clientSeed", c.client}, {"nonce", Value(c.nonce)},
                    {"options", c.options}};
      for (auto& kv : game_fields(r)) fields.push_back(std::move(kv));
      f.add(c.comment, c.flags, Result::kValid, std::move(fields));
    }
  }

  f.group({{"type", "CursorGameInvalid"}});
  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value game, Value nonce, Value options,
                 const std::string& error, Value server = Value(kSeedHex)) {
    f.add(comment, std::move(flags), Result::kInvalid,
          {{"game", std::move(game)}, {"serverSeed", std::move(server)}, {"clientSeed", kClient},
           {"nonce", std::move(nonce)}, {"options", std::move(options)}, {"error", error}});
  };
  const Value one(1);
  bad("keno is not a cursor game", {"NotACursorGame"}, Value("keno"), one, none, "game");
  bad("crash is not a cursor game", {"NotACursorGame"}, Value("crash"), one, none, "game");
  bad("unknown game", {"UnknownGame"}, Value("baccarat"), one, none, "game");
  bad("game names are case-sensitive", {"UnknownGame"}, Value("Roulette"), one, none, "game");
  bad("game as a number", {"WrongType"}, Value(7), one, none, "game");
  bad("server seed as a number", {"WrongType"}, Value("roulette"), one, none, "serverSeed", Value(42));
  bad("nonce -1", {"BadNonce"}, Value("roulette"), Value(-1), none, "nonce");
  bad("nonce 2^53", {"BadNonce"}, Value("roulette"), Value(static_cast<std::int64_t>(kTwo53)), none, "nonce");
  bad("nonce 2.5", {"BadNonce"}, Value("sicbo"), Value(2.5), none, "nonce");
  bad("nonce as a string", {"BadNonce"}, Value("sicbo"), Value("1"), none, "nonce");
  bad("options as an array", {"WrongType"}, Value("roulette"), one, Value::array({}), "options");
  bad("roulette takes no options", {"UnknownOption"}, Value("roulette"), one, opt("bet", 1), "options.bet");
  bad("koban without flips", {"MissingOption"}, Value("koban"), one, none, "options.flips");
  bad("koban with 0 flips", {"BadOption"}, Value("koban"), one, opt("flips", 0), "options.flips");
  bad("koban with 1.5 flips", {"BadOption"}, Value("koban"), one, opt("flips", 1.5), "options.flips");
  bad("blackjack action \"double\"", {"BadOption"}, Value("blackjack"), one,
      Value(Object{{"actions", Value::array({"hit", "double"})}, {"dealerDraws", Value(0)}}), "options.actions");
  bad("blackjack hit after stand", {"ActionAfterStand"}, Value("blackjack"), one,
      Value(Object{{"actions", Value::array({"stand", "hit"})}, {"dealerDraws", Value(0)}}), "options.actions");
  bad("blackjack actions as a string", {"BadOption"}, Value("blackjack"), one,
      Value(Object{{"actions", Value("hit")}, {"dealerDraws", Value(0)}}), "options.actions");
  bad("blackjack without dealerDraws", {"MissingOption"}, Value("blackjack"), one,
      opt("actions", Value::array({"stand"})), "options.dealerDraws");
  bad("blackjack with -1 dealer draws", {"BadOption"}, Value("blackjack"), one,
      Value(Object{{"actions", Value::array({})}, {"dealerDraws", Value(-1)}}), "options.dealerDraws");
  bad("video poker hold of four", {"BadOption"}, Value("vpoker"), one,
      opt("hold", Value::array({true, true, true, true})), "options.hold");
  bad("video poker hold with a number", {"BadOption"}, Value("vpoker"), one,
      opt("hold", Value::array({true, false, 1, false, true})), "options.hold");
  bad("hold'em action \"raise\"", {"BadOption"}, Value("holdem"), one, opt("action", "raise"), "options.action");
  bad("hold'em actions are case-sensitive", {"BadOption"}, Value("holdem"), one, opt("action", "CALL"),
      "options.action");
  bad("andar bahar 53 cards", {"PoolExhaustion"}, Value("andar"), one, opt("cards", 53), "options.cards");
  bad("andar bahar 0 cards", {"BadOption"}, Value("andar"), one, opt("cards", 0), "options.cards");
  bad("25 mines leave no safe cell", {"BadOption"}, Value("mines"), one, opt("mines", 25), "options.mines");
  bad("0 mines", {"BadOption"}, Value("mines"), one, opt("mines", 0), "options.mines");
  bad("chinchiro 4 attempts", {"BadOption"}, Value("chinchiro"), one, opt("attempts", Value::array({4})),
      "options.attempts");
  bad("chinchiro no sides", {"BadOption"}, Value("chinchiro"), one, opt("attempts", Value::array({})),
      "options.attempts");
  bad("chinchiro 0 attempts", {"BadOption"}, Value("chinchiro"), one, opt("attempts", Value::array({1, 0})),
      "options.attempts");
  bad("hanabi -1 free spins", {"BadOption"}, Value("hanabi"), one, opt("freeSpins", -1), "options.freeSpins");
  bad("omikuji fillers as a string", {"BadOption"}, Value("omikuji"), one, opt("fillers", "3"), "options.fillers");
  bad("pagoda 0 floors", {"BadOption"}, Value("pagoda"), one, opt("floors", 0), "options.floors");
  bad("plinko 0 rows", {"BadOption"}, Value("plinko"), one, opt("rows", 0), "options.rows");
  return f.build();
}

Value game_params(const TestRef& t) {
  Object o;
  if (group_type(t) == "CursorGame") {
    o.emplace_back("game", Value::from_rapidjson(json::member(t.group, "game", "testGroups[]")));
  } else {
    o.emplace_back("game", Value::from_rapidjson(test_member(t, "game")));
  }
  for (const char* k : {"serverSeed", "clientSeed", "nonce", "options"}) o.emplace_back(k, Value::from_rapidjson(test_member(t, k)));
  return Value(std::move(o));
}

std::string check_game_test(const TestRef& t, const Backend& b) {
  rapidjson::Document d;
  rapidjson::Value params = game_params(t).to_rapidjson(d.GetAllocator());
  if (group_type(t) == "CursorGame") return expect_members(t, game_fields(cur::play_params(b, params)));
  return expect_error(t, [&] { (void)cur::play_params(b, params); });
}

std::vector<PortCall> game_calls(const TestRef& t) {
  PortCall c{"cursor.game", game_params(t), std::nullopt};
  if (group_type(t) == "CursorGame") {
    const std::string game = json::get_string(t.group, "game", "testGroups[]");
    auto it = outcome_members().find(game);
    if (it == outcome_members().end()) throw InputError("game", "not a cursor-v1 game: " + game);
    Object expected{{"cursors", Value::from_rapidjson(test_member(t, "cursors"))}};
    for (const auto& k : it->second) expected.emplace_back(k, Value::from_rapidjson(test_member(t, k)));
    c.result = Value(std::move(expected));
  }
  return {c};
}

}  // namespace

std::vector<VectorKind> cursor_vector_kinds() {
  return {
      {"cursor_unit_test.json", "cursor_unit_schema.json", generate_unit, check_unit_test, unit_calls},
      {"cursor_u64_test.json", "cursor_u64_schema.json", generate_u64, check_u64_test, u64_calls},
      {"cursor_draw_test.json", "cursor_draw_schema.json", generate_draw, check_draw_test, draw_calls},
      {"cursor_game_test.json", "cursor_game_schema.json", generate_game, check_game_test, game_calls},
  };
}

}  // namespace fairvec::vectors
