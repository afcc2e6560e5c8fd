// cursor_unit_test.json (specs/cursor-v1.md, "Vectors"): u(serverSeed, clientSeed, nonce, cursor)
// with every intermediate value, and the commitment. A catalog (vectors/catalog.h): cases give the
// inputs only; cursor.unit and its trace, or cursor.commitment, compute the rest, and every flag that
// names a port deciding otherwise is checked against that port's answer.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.h"
#include "vectors/catalog.h"
#include "vectors/cursor.h"

namespace fairvec::vectors::cursor_vec {

namespace {

bool is_hex_text(std::string_view s) {
  if (s.empty() || s.size() % 2) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); });
}

// ------------------------------------------------------------------------------------------------
// The flags' properties. A params object is a CursorUnit case's (seeds, nonce, cursor) or a
// CursorCommitment case's (the server seed alone).

struct UnitIn {
  std::string server, client;
  u64 nonce, cursor;
};
bool is_unit_case(const rapidjson::Value& p) { return json::optional_member(p, "nonce") != nullptr; }
UnitIn unit_in(const rapidjson::Value& p) {
  return {fairvec::read_text(json::member(p, "serverSeed", "params"), "serverSeed"),
          fairvec::read_text(json::member(p, "clientSeed", "params"), "clientSeed"),
          fairvec::read_counter(json::member(p, "nonce", "params"), "nonce"),
          fairvec::read_counter(json::member(p, "cursor", "params"), "cursor")};
}
// Properties of a case's inputs (CursorUnit cases only).
Property unit_input(std::function<bool(const UnitIn&)> f) {
  return [f](const rapidjson::Value& p, const json::Value&) { return is_unit_case(p) && f(unit_in(p)); };
}
Property server_is(std::function<bool(const std::string&)> f) {
  return [f](const rapidjson::Value& p, const json::Value&) { return f(json::get_string(p, "serverSeed", "params")); };
}
// x_at_least_half: the case's u64 (an input of cursor_u64_test.json, an output here) has its top bit set.
bool x_at_least_half(const rapidjson::Value& p, const json::Value& out) {
  const rapidjson::Value* in = json::optional_member(p, "u64");
  const u64 x =
      in ? read_u64_text(*in) : parse_decimal(std::get<std::string>(out.find("u64")->variant()), "u64", 0, kMaxU64);
  return x >= kTwo63;
}
// max_nonce: the case's nonce (cursor.unit's or cursor.game's) is 2^53 - 1.
bool max_nonce(const rapidjson::Value& p, const json::Value&) {
  const rapidjson::Value* n = json::optional_member(p, "nonce");
  return n && n->IsUint64() && n->GetUint64() == fairvec::kMaxCounter;
}

}  // namespace

void add_unit_flags(FlagLibrary& lib) {
  const auto non_ascii = [](const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char ch) { return ch & 0x80; });
  };
  lib.flag({"KeyAsText",
            BugType::kEncoding,
            "The server seed is hex text; the HMAC key is that text's UTF-8 bytes. A port that hex-decodes "
            "the seed first (as hmac-dice-v1 does) computes another MAC.",
            {"hex-decoded-cursor-key"},
            server_is(is_hex_text)});
  lib.flag({"BigEndian",
            BugType::kEncoding,
            "hi and lo are read big-endian from digest bytes 0..7. A port reading the eight bytes "
            "little-endian gets another u.",
            {"little-endian-words"}});
  lib.flag({"FourthInput",
            BugType::kFunctionality,
            "The message carries the cursor: `clientSeed-nonce-cursor`. A port hashing the classic "
            "`clientSeed-nonce` (three inputs) gets another u.",
            {"no-cursor-in-message"}});
  lib.flag({"MessageOrder",
            BugType::kOrder,
            "Nonce before cursor in the message. A port writing `clientSeed-cursor-nonce` gets another u.",
            {"nonce-cursor-swapped"},
            unit_input([](const UnitIn& c) { return c.nonce != c.cursor; })});
  lib.flag({"DecimalText",
            BugType::kEncoding,
            "nonce and cursor are decimal ASCII without leading zeros. A port writing them in hex or "
            "zero-padded gets another message.",
            {"cursor-counters-in-hex", "cursor-counters-zero-padded"}});
  lib.flag({"SeedLength", BugType::kBoundary,
            "Server seeds of 0, 1, 63, 64, 65 and 200 bytes: around the HMAC-SHA256 key block of 64 "
            "bytes. A port that rejects an empty seed, pads or truncates keys wrongly fails."});
  lib.flag({"LongKeyHashed",
            BugType::kBoundary,
            "A key longer than 64 bytes is first hashed (RFC 2104). A hand-written HMAC that truncates "
            "long keys or hashes keys of exactly 64 bytes fails.",
            {"cursor-long-key-truncated"},
            server_is([](const std::string& s) { return s.size() > 64; })});
  lib.flag({"Utf8Key",
            BugType::kEncoding,
            "A non-ASCII server seed is keyed as its UTF-8 bytes. A port that encodes the seed as UTF-16 "
            "(a JavaScript or Java string's code units) or Latin-1 gets another MAC.",
            {"cursor-utf16-seed"},
            server_is(non_ascii)});
  lib.flag({"Utf8Message",
            BugType::kEncoding,
            "A non-ASCII client seed enters the message as UTF-8 bytes. A port using another encoding "
            "gets another MAC.",
            {"cursor-utf16-message"}});
  {
    const Flag shared = shared_flags().pick({"EmptyClientSeed"}).front();  // its text, with cursor's property
    lib.flag({shared.name, shared.bug_type, shared.description, {}, unit_input([](const UnitIn& c) {
                return c.client.empty();
              })});
  }
  lib.flag({"MaxNonce",
            BugType::kBoundary,
            "nonce = 2^53 - 1, written 9007199254740991. A port that loses precision or writes an "
            "exponent form fails.",
            {},
            max_nonce});
  lib.flag({"MaxCursor",
            BugType::kBoundary,
            "cursor = 2^53 - 1, written 9007199254740991.",
            {},
            unit_input([](const UnitIn& c) { return c.cursor == fairvec::kMaxCounter; })});
  lib.flag({"ZeroCounters",
            BugType::kBoundary,
            "nonce = 0 and cursor = 0, written `0`.",
            {},
            unit_input([](const UnitIn& c) { return c.nonce == 0 && c.cursor == 0; })});
  lib.flag({"UnsignedRead",
            BugType::kArithmetic,
            "x >= 2^63 (the digest's first bit is 1, u >= 0.5). A port holding x in a signed 64-bit integer "
            "gets a negative u.",
            {"cursor-signed-u64"},
            x_at_least_half});
  lib.flag({"SingleRounding",
            BugType::kArithmetic,
            "u is x / 2^64 rounded once. The Java idiom double(x >>> 1) * 2 + (x & 1) rounds twice and gets "
            "another u here.",
            {"cursor-java-unsigned-double"}});
  lib.flag({"Truncation",
            BugType::kArithmetic,
            "u is rounded to nearest, not truncated: here rounding goes up, and a port computing (x >> 11) / 2^53 "
            "(the top 53 bits) gets the value below.",
            {"two-roundings"}});
  lib.flag({"Unit64Bits",
            BugType::kArithmetic,
            "u uses all 64 bits. A port reusing keno's and crash's 52-bit helper ((x >> 12) / 2^52), or "
            "computing u in 4-byte floats, gets another u.",
            {"cursor-52-bit-unit", "float32-units"}});
  lib.flag({"CommitmentOfText",
            BugType::kEncoding,
            "The commitment hashes the seed's UTF-8 text. A port hashing the hex-decoded seed gets another "
            "commitment.",
            {"cursor-commitment-of-decoded-seed"}});
  lib.share(shared_flags(), "UnsafeInteger", {"cursor-unsafe-counters-accepted"});
  lib.flag({"Negative",
            BugType::kMissingCheck,
            "A negative nonce or cursor is bad input.",
            {"cursor-negative-counters-accepted"}});
  lib.flag({"NotAnInteger",
            BugType::kMissingCheck,
            "A fractional nonce or cursor is bad input.",
            {"cursor-fractional-counters-accepted", "float-as-integer"}});
  lib.flag({"BooleanNotInteger",
            BugType::kMissingCheck,
            "A JSON boolean (true) as nonce or cursor is bad input; catches a port whose language treats true as the "
            "integer 1.",
            {"bool-as-integer"}});
  lib.flag({"WrongType",
            BugType::kMissingCheck,
            "An input of another JSON type than the op reads is bad input: a u64 given as a JSON number, a seed that "
            "is not a string, a counter or a unit that is not a number.",
            {"cursor-js-string-coercion", "cursor-string-as-integer", "cursor-u64-number-accepted",
             "cursor-unit-string-accepted"}});
}

namespace {

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
  add("nonce 2^53 - 1", {"MaxNonce"}, kSeedHex, kClient, fairvec::kMaxCounter, 0);
  add("cursor 2^53 - 1", {"MaxCursor"}, kSeedHex, kClient, 5, fairvec::kMaxCounter);
  add("nonce and cursor 2^53 - 1", {"MaxNonce", "MaxCursor"}, kSeed2, kClient2, fairvec::kMaxCounter,
      fairvec::kMaxCounter);

  add("server seed of 0 bytes (empty key)", {"SeedLength"}, "", kClient, 1, 0);
  add("server seed of 1 byte", {"SeedLength"}, "s", kClient, 1, 0);
  add("server seed of 63 bytes (one less than the HMAC block)", {"SeedLength"}, pattern(63), kClient, 1, 0);
  add("server seed of 64 bytes (exactly the HMAC block; not hashed), hex text keyed as text",
      {"SeedLength", "KeyAsText"}, pattern(64), kClient, 1, 0);
  add("server seed of 65 bytes (one more than the block: hashed first)", {"SeedLength", "LongKeyHashed"}, pattern(65),
      kClient, 1, 0);
  add("server seed of 200 bytes (hashed first), hex text keyed as text", {"SeedLength", "LongKeyHashed", "KeyAsText"},
      pattern(200), kClient, 1, 0);

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
    add("cursor " + std::to_string(found) + " of the example round: u >= 0.5", {"UnsignedRead", "Unit64Bits"}, kSeedHex,
        kClient, 1, found);
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

  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value server, Value client, Value nonce,
                 Value cursor, const std::string& error) {
    c.invalid("CursorUnitInvalid", comment, std::move(flags),
              {{"serverSeed", std::move(server)},
               {"clientSeed", std::move(client)},
               {"nonce", std::move(nonce)},
               {"cursor", std::move(cursor)}},
              error);
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
  bad("nonce 2.0: an integral double is not an integer here", {"NotAnInteger"}, seed, client, Value(2.0), zero,
      "nonce");
  bad("cursor 2.0: a JSON number with a fraction part is not an integer here", {"NotAnInteger"}, seed, client, one,
      Value(2.0), "cursor");
  bad("nonce as a string", {"WrongType"}, seed, client, Value("1"), zero, "nonce");
  bad("cursor as the JSON string \"3\"", {"WrongType"}, seed, client, one, Value("3"), "cursor");
  bad("nonce true: a boolean is not an integer", {"BooleanNotInteger"}, seed, client, Value(true), zero, "nonce");
  bad("cursor false: a boolean is not an integer", {"BooleanNotInteger"}, seed, client, one, Value(false), "cursor");
  bad("server seed as a number", {"WrongType"}, Value(12345), client, one, zero, "serverSeed");
  bad("client seed null", {"WrongType"}, seed, Value(nullptr), one, zero, "clientSeed");
  bad("client seed as the JSON number 7", {"NumberAsText"}, seed, Value(7), one, zero, "clientSeed");
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
      library().pick({"KeyAsText",    "BigEndian",         "FourthInput",      "MessageOrder",  "DecimalText",
                      "SeedLength",   "LongKeyHashed",     "Utf8Key",          "Utf8Message",   "EmptyClientSeed",
                      "MaxNonce",     "MaxCursor",         "ZeroCounters",     "UnsignedRead",  "SingleRounding",
                      "Truncation",   "Unit64Bits",        "CommitmentOfText", "UnsafeInteger", "Negative",
                      "NotAnInteger", "BooleanNotInteger", "WrongType",        "NumberAsText"}),
      {{.type = "CursorUnit",
        .call = {"cursor.unit"},
        .fields = outputs({"message", "digest", "hi", "lo", "u64", "u", "uBits"})},
       {.type = "CursorCommitment", .call = {"cursor.commitment"}},
       {.type = "CursorUnitInvalid", .call = {"cursor.unit"}}},
      unit_cases,
  });
}

}  // namespace fairvec::vectors::cursor_vec
