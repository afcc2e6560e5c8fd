// hmac_dice_seal_test.json (specs/hmac-dice-v1.md, "Vector files"): seals of server seeds, and
// server seeds that are not 32 bytes of hex.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/hmac_dice_common.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

json::Value generate_seal() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_seal_schema.json",
                      {"hmac-dice-v1 seals: seal = hex(SHA-256(server seed bytes)), the seed given as hex.",
                       "Invalid tests are server seeds a port must reject (bad_input)."});
  b.note("Seal", "ENCODING", "The seal of a 32-byte seed as the game uses; catches hashing the hex text instead of "
                             "the decoded bytes, or printing uppercase hex.");
  b.note("MinSeedLength", "BOUNDARY", "The shortest seeds, 16 and 17 bytes; catches a lower bound set off by one.");
  b.note("MaxSeedLength", "BOUNDARY", "The longest seeds, 63 and 64 bytes; catches an upper bound set off by one.");
  b.note("UppercaseSeedHex", "ENCODING", "Seed hex in upper or mixed case is the same seed; catches a port that "
                                         "rejects it or hashes the text.");
  b.note("OddLengthHex", "MISSING_CHECK", "Odd-length hex; catches a port that drops or pads the last digit.");
  b.note("SeedTooShort", "MISSING_CHECK", "A 15-byte seed; catches a missing lower length check.");
  b.note("SeedTooLong", "MISSING_CHECK", "A 65-byte seed; catches a missing upper length check.");
  b.note("EmptySeed", "MISSING_CHECK", "An empty seed; catches a port that seals the empty string.");
  b.note("NonHexCharacter", "MISSING_CHECK", "A character outside 0-9a-fA-F (including a 0x prefix or a space); "
                                             "catches lenient hex decoders that stop or skip.");
  b.note("NonAsciiHexDigit", "ENCODING", "A fullwidth digit (U+FF10..U+FF19) in the seed; catches hex readers that "
                                         "accept any Unicode digit (Python's int(s, 16) does).");
  b.group({{"type", "HmacDiceSeal"}});
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    b.add(std::move(comment), std::move(flags), Result::kValid, {{"serverSeed", seed}, {"seal", seal_of(seed)}});
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
  b.group({{"type", "HmacDiceSealInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid, {{"serverSeed", seed}, {"error", "serverSeed"}});
  };
  std::string s32 = server_seed("seal/0");
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
  return b.build();
}

std::string seal_of_test(const TestRef& t, const Backend& backend) {
  return hd::seal(backend, hd::parse_server_seed(test_string(t, "serverSeed")));
}

std::vector<PortCall> seal_calls(const TestRef& t) { return {call_of(t, "hmac_dice.seal", {"serverSeed"}, {"seal"})}; }

}  // namespace

VectorKind seal_vector_kind() {
  return group_kind("hmac_dice_seal_test.json", "hmac_dice_seal_schema.json", generate_seal,
                    {{"HmacDiceSeal",
                      [](const TestRef& t, const Backend& backend) {
                        return expect_eq("seal", test_string(t, "seal"), seal_of_test(t, backend));
                      },
                      seal_calls},
                     {"HmacDiceSealInvalid",
                      rejects([](const TestRef& t, const Backend& backend) { (void)seal_of_test(t, backend); }),
                      seal_calls}});
}

}  // namespace fairvec::vectors::hmac_dice_vec
