// hmac_dice_seal_test.json (specs/hmac-dice-v1.md, "Vector files"): seals of server seeds, and
// server seeds that are not 16 to 64 bytes of hex. A catalog (vectors/catalog.h): each case gives
// its inputs only; the op hmac_dice.seal computes the seal, and each flag's wrong alternative is
// shown to answer otherwise.
#include <cctype>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

std::string seed_text(const rapidjson::Value& params) { return json::get_string(params, "serverSeed", "params"); }

// The answers of ports with the flags' bugs.
json::Value seal_of_text(const rapidjson::Value& p, const Backend& b) {
  return json::Value::object({{"seal", to_hex(b.sha256(seed_text(p)))}});
}
json::Value uppercase_seal(const rapidjson::Value& p, const Backend& b) {
  return json::Value::object({{"seal", upper(hd::seal(b, hd::parse_server_seed(seed_text(p))))}});
}
json::Value rejects_uppercase(const rapidjson::Value& p, const Backend& b) {
  const std::string s = seed_text(p);
  for (char c : s) {
    if (c >= 'A' && c <= 'F') throw InputError("serverSeed", "uppercase hex");
  }
  return json::Value::object({{"seal", hd::seal(b, hd::parse_server_seed(s))}});
}
// seal_with_bounds seals any whole-byte seed of |lo|..|hi| bytes (a length check set elsewhere).
Alternative seal_with_bounds(std::size_t lo, std::size_t hi) {
  return [lo, hi](const rapidjson::Value& p, const Backend& b) {
    const std::string s = seed_text(p);
    if (s.size() % 2 != 0 || s.size() / 2 < lo || s.size() / 2 > hi) throw InputError("serverSeed", "length");
    return json::Value::object({{"seal", to_hex(b.sha256(from_hex(s, "serverSeed")))}});
  };
}
// lenient_hex decodes the hex digits it meets and skips everything else, as some decoders do.
json::Value lenient_hex(const rapidjson::Value& p, const Backend& b) {
  std::string digits;
  std::string s = seed_text(p);
  if (s.rfind("0x", 0) == 0) s = s.substr(2);
  for (char c : s) {
    if (std::isxdigit(static_cast<unsigned char>(c))) digits += c;
  }
  if (digits.size() % 2 != 0) digits.pop_back();
  return json::Value::object({{"seal", to_hex(b.sha256(from_hex(digits, "serverSeed")))}});
}
// unicode_digits reads a fullwidth digit U+FF10..U+FF19 as its ASCII digit (Python's int(s, 16)).
json::Value unicode_digits(const rapidjson::Value& p, const Backend& b) {
  std::string s = seed_text(p), out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i + 2 < s.size() && s.compare(i, 2, "\xEF\xBC") == 0 && s[i + 2] >= '\x90' && s[i + 2] <= '\x99') {
      out += static_cast<char>('0' + (s[i + 2] - '\x90'));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return json::Value::object({{"seal", hd::seal(b, hd::parse_server_seed(out))}});
}

void seal_cases(Cases& c) {
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    c.valid("HmacDiceSeal", std::move(comment), std::move(flags), {{"serverSeed", seed}});
  };
  for (int i = 0; i < 3; ++i) valid("a 32-byte seed as the game uses", {"Seal"}, server_seed("seal/" + std::to_string(i)));
  valid("16 bytes, the shortest seed", {"MinSeedLength"}, server_seed("seal/min", 16));
  valid("17 bytes", {"MinSeedLength"}, server_seed("seal/min17", 17));
  valid("63 bytes", {"MaxSeedLength"}, server_seed("seal/max63", 63));
  valid("64 bytes, the longest seed", {"MaxSeedLength"}, server_seed("seal/max", 64));
  valid("uppercase hex: the same bytes as seal tcId 1", {"UppercaseSeedHex"}, upper(server_seed("seal/0")));
  {
    std::string mixed = server_seed("seal/1");
    for (std::size_t i = 0; i < mixed.size(); i += 2) mixed[i] = upper(std::string(1, mixed[i]))[0];
    valid("mixed-case hex: the same bytes as seal tcId 2", {"UppercaseSeedHex"}, mixed);
  }
  valid("a 32-byte seed whose first two bytes are zero", {"LeadingZeroBytes"}, "0000" + server_seed("seal/2").substr(4));
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    c.invalid("HmacDiceSealInvalid", std::move(comment), std::move(flags), {{"serverSeed", seed}}, "serverSeed");
  };
  const std::string s32 = server_seed("seal/0");
  invalid("63 hex digits (odd length)", {"OddLengthHex"}, s32.substr(0, 63));
  invalid("one hex digit", {"OddLengthHex"}, "a");
  invalid("15 bytes", {"SeedTooShort"}, server_seed("seal/short", 15));
  invalid("65 bytes", {"SeedTooLong"}, server_seed("seal/long", 65));
  invalid("empty", {"EmptySeed"}, "");
  invalid("'g' is not a hex digit", {"NonHexCharacter"}, s32.substr(0, 10) + "g" + s32.substr(11));
  invalid("a 0x prefix", {"NonHexCharacter"}, "0x" + s32);
  invalid("a trailing space", {"NonHexCharacter"}, s32 + " ");
  invalid("a space between two bytes (Python's bytes.fromhex skips it)", {"NonHexCharacter"}, s32.substr(0, 2) + " " + s32.substr(2));
  invalid("a fullwidth digit U+FF10 in place of the first '0'", {"NonAsciiHexDigit"},
          s32.substr(0, s32.find('0')) + "\xEF\xBC\x90" + s32.substr(s32.find('0') + 1));
}

}  // namespace

VectorKind seal_vector_kind() {
  return catalog_kind({
      "hmac_dice_seal_test.json",
      {"hmac-dice-v1 seals: seal = hex(SHA-256(server seed bytes)), the seed given as hex.",
       "Invalid tests are server seeds a port must reject (bad_input)."},
      {
          {"Seal", BugType::kEncoding,
           "The seal of a 32-byte seed as the game uses; catches hashing the hex text instead of the decoded bytes, "
           "or printing uppercase hex.",
           {seal_of_text, uppercase_seal}},
          {"MinSeedLength", BugType::kBoundary,
           "The shortest seeds, 16 and 17 bytes; catches a lower bound set off by one.", {seal_with_bounds(18, 64)}},
          {"MaxSeedLength", BugType::kBoundary,
           "The longest seeds, 63 and 64 bytes; catches an upper bound set off by one.", {seal_with_bounds(16, 62)}},
          {"UppercaseSeedHex", BugType::kEncoding,
           "Seed hex in upper or mixed case is the same seed; catches a port that rejects it or hashes the text.",
           {rejects_uppercase, seal_of_text}},
          {"OddLengthHex", BugType::kMissingCheck, "Odd-length hex; catches a port that drops or pads the last digit.",
           {lenient_hex}},
          {"SeedTooShort", BugType::kMissingCheck, "A 15-byte seed; catches a missing lower length check.",
           {seal_with_bounds(0, 64)}},
          {"SeedTooLong", BugType::kMissingCheck, "A 65-byte seed; catches a missing upper length check.",
           {seal_with_bounds(16, 1000)}},
          {"EmptySeed", BugType::kMissingCheck, "An empty seed; catches a port that seals the empty string.",
           {seal_with_bounds(0, 64)}},
          {"NonHexCharacter", BugType::kMissingCheck,
           "A character outside 0-9a-fA-F (including a 0x prefix or a space); catches lenient hex decoders that stop "
           "or skip.",
           {lenient_hex}},
          {"NonAsciiHexDigit", BugType::kEncoding,
           "A fullwidth digit (U+FF10..U+FF19) in the seed; catches hex readers that accept any Unicode digit "
           "(Python's int(s, 16) does).",
           {unicode_digits}},
          {"LeadingZeroBytes", BugType::kEncoding,
           "A seed starting with zero bytes; catches a port that decodes the hex through a big integer and "
           "loses them (BigInt(\"0x\" + seed).toString(16)).",
           {[](const rapidjson::Value& p, const Backend& b) {
             const std::string s = seed_text(p);
             const std::size_t first = s.find_first_not_of('0');
             std::string digits = first == std::string::npos ? "" : s.substr(first);
             if (digits.size() % 2) digits = "0" + digits;  // the integer's bytes, leading zero bytes lost
             return json::Value::object({{"seal", to_hex(b.sha256(from_hex(digits, "serverSeed")))}});
           }}},
      },
      {{.type = "HmacDiceSeal", .call = {"hmac_dice.seal"}}, {.type = "HmacDiceSealInvalid", .call = {"hmac_dice.seal"}}},
      seal_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
