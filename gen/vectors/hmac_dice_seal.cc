// hmac_dice_seal_test.json (specs/hmac-dice-v1.md, "Vector files"): seals of server seeds, and
// server seeds that are not 16 to 64 bytes of hex. A catalog (vectors/catalog.h): each case gives
// its inputs only; the op hmac_dice.seal computes the seal, and each flag's wrong alternative is
// shown to answer otherwise.
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

void seal_cases(Cases& c) {
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    c.valid("HmacDiceSeal", std::move(comment), std::move(flags), {{"serverSeed", seed}});
  };
  for (int i = 0; i < 3; ++i)
    valid("a 32-byte seed as the game uses", {"Seal"}, server_seed("seal/" + std::to_string(i)));
  valid("16 bytes, the shortest seed", {"MinSeedLength"}, server_seed("seal/min", 16));
  valid("17 bytes", {"MinSeedLength"}, server_seed("seal/min17", 17));
  valid("63 bytes", {"MaxSeedLength"}, server_seed("seal/max63", 63));
  valid("64 bytes, the longest seed", {"MaxSeedLength"}, server_seed("seal/max", 64));
  valid("uppercase hex: the same bytes as the first 32-byte seed", {"UppercaseSeedHex"}, upper(server_seed("seal/0")));
  {
    std::string mixed = server_seed("seal/1");
    for (std::size_t i = 0; i < mixed.size(); i += 2) mixed[i] = upper(std::string(1, mixed[i]))[0];
    valid("mixed-case hex: the same bytes as the second 32-byte seed", {"UppercaseSeedHex"}, mixed);
  }
  valid("a 32-byte seed whose first two bytes are zero", {"LeadingZeroBytes"},
        "0000" + server_seed("seal/2").substr(4));
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
  invalid("a space between two bytes (Python's bytes.fromhex skips it)", {"NonHexCharacter"},
          s32.substr(0, 2) + " " + s32.substr(2));
  invalid("a fullwidth digit U+FF10 in place of the first '0'", {"NonAsciiHexDigit"},
          s32.substr(0, s32.find('0')) + "\xEF\xBC\x90" + s32.substr(s32.find('0') + 1));
}

}  // namespace

void add_seal_flags(FlagLibrary& lib) {
  lib.flag({"Seal",
            BugType::kEncoding,
            "The seal of a 32-byte seed as the game uses; catches hashing the hex text instead of the decoded bytes, "
            "or printing uppercase hex.",
            {"seal-of-hex-text", "uppercase-seal"}});
  lib.flag({"MinSeedLength",
            BugType::kBoundary,
            "The shortest server seeds, 16 and 17 bytes (the HMAC key is the decoded bytes); catches a lower bound set "
            "off by one, or a key taken from the hex text.",
            {"seed-min-18", "hex-string-key"}});
  lib.flag({"MaxSeedLength",
            BugType::kBoundary,
            "The longest server seeds, 63 and 64 bytes (64 bytes are one whole SHA-256 block of HMAC key); catches an "
            "upper bound set off by one, or a 64-byte key hashed first.",
            {"seed-max-62", "long-key-hashed"}});
  lib.flag({"UppercaseSeedHex",
            BugType::kEncoding,
            "Server seed hex in upper or mixed case is the same seed; catches a port that rejects it, or seals or keys "
            "the HMAC with the text.",
            {"uppercase-seed-rejected", "seal-of-hex-text", "hex-string-key"}});
  lib.flag({"OddLengthHex",
            BugType::kMissingCheck,
            "Server seed hex of odd length; catches a port that drops or pads the last digit.",
            {"lenient-seed-hex", "lenient-seed-hex-any-length"}});
  lib.flag({"SeedTooShort",
            BugType::kMissingCheck,
            "A 15-byte server seed; catches a missing lower length check.",
            {"seed-min-unchecked"}});
  lib.flag({"SeedTooLong",
            BugType::kMissingCheck,
            "A 65-byte server seed; catches a missing upper length check.",
            {"seed-max-unchecked"}});
  lib.flag({"EmptySeed",
            BugType::kMissingCheck,
            "An empty server seed; catches a port that seals, or keys the HMAC with, the empty string.",
            {"seed-min-unchecked"}});
  lib.flag({"NonHexCharacter",
            BugType::kMissingCheck,
            "A character outside 0-9a-fA-F in the server seed (a 0x prefix, a space, a letter past f); catches lenient "
            "hex decoders that stop or skip.",
            {"lenient-seed-hex", "lenient-seed-hex-any-length"}});
  lib.flag({"NonAsciiHexDigit",
            BugType::kEncoding,
            "A fullwidth digit (U+FF10..U+FF19) in the seed; catches hex readers that accept any Unicode digit "
            "(Python's int(s, 16) does).",
            {"unicode-seed-digits"}});
  lib.flag({"LeadingZeroBytes",
            BugType::kEncoding,
            "A seed starting with zero bytes; catches a port that decodes the hex through a big integer and "
            "loses them (BigInt(\"0x\" + seed).toString(16)).",
            {"bigint-seed"}});
}

VectorKind seal_vector_kind() {
  return catalog_kind({
      "hmac_dice_seal_test.json",
      {"hmac-dice-v1 seals: seal = hex(SHA-256(server seed bytes)), the seed given as hex.",
       "Invalid tests are server seeds a port must reject (bad_input)."},
      library().pick({"Seal", "MinSeedLength", "MaxSeedLength", "UppercaseSeedHex", "OddLengthHex", "SeedTooShort",
                      "SeedTooLong", "EmptySeed", "NonHexCharacter", "NonAsciiHexDigit", "LeadingZeroBytes"}),
      {{.type = "HmacDiceSeal", .call = {"hmac_dice.seal"}},
       {.type = "HmacDiceSealInvalid", .call = {"hmac_dice.seal"}}},
      seal_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
