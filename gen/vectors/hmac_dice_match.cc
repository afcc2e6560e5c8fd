// hmac_dice_match_test.json (specs/hmac-dice-v1.md, "Vector files"): whole-match verification of
// the seal and every roll, games attributed to rolls, and the link that carries a match. A catalog
// (vectors/catalog.h): cases give the match only; hmac_dice.verify_match and its trace (the link)
// write the rest; a tampered match is answered, and the field it shows not to verify is its error.
#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

struct MatchCase {
  std::string seed;
  std::string seal;  // "" none
  std::vector<std::string> seeds;
  std::uint64_t rolls = 0;
  std::string recorded;  // listing, "" none
  std::vector<std::uint64_t> games;
};

json::Object match_inputs(const MatchCase& c) {
  return {{"serverSeed", c.seed},   {"seal", c.seal},         {"clientSeeds", jstrs(c.seeds)},
          {"rolls", jint(c.rolls)}, {"recorded", c.recorded}, {"games", jgames(c.games)}};
}

void match_cases(Cases& c) {
  // A two-player match of 12 rolls in games of 7 and 5, whose game 2 opens with a tie (roll 8 is a
  // double): the first such seed by index.
  const std::vector<std::string> seeds = {client_seed("match/a"), client_seed("match/b")};
  std::string seed;
  std::vector<hd::Dice> dice;
  for (int i = 0;; ++i) {
    if (i > 10000) throw std::logic_error("hmac_dice vectors: no match with a game-2 tie");
    seed = server_seed("match/" + std::to_string(i));
    dice = derive_all(seed, seeds, 12);
    if (dice[7].is_double() && !dice[8].is_double()) break;
  }
  const std::string seal = seal_of(seed);
  const std::string rolls = hd::rolls_text(dice);
  auto with_roll = [&](std::size_t index, const std::string& two_digits) {
    std::string s = rolls;
    s.replace(index * 2, 2, two_digits);
    return s;
  };
  // A replacement roll different from dice[i] (and from its swap).
  auto other = [&](std::size_t i) {
    hd::Dice d = dice[i];
    hd::Dice o{d.d1 % 6 + 1, d.d1 % 6 + 1};
    return o.text();
  };

  auto add = [&](std::string comment, std::vector<std::string> flags, Result result, const MatchCase& m,
                 std::string error) {
    if (result == Result::kValid) {
      c.valid("HmacDiceMatch", std::move(comment), std::move(flags), match_inputs(m));
    } else {
      c.invalid("HmacDiceMatchTampered", std::move(comment), std::move(flags), match_inputs(m), std::move(error));
    }
  };
  add("two games (7 + 5); game 2 opens with a tie at roll 8; seal and rolls match",
      {"Verified", "MultiGame", "EqualOpeningRoll"}, Result::kValid, {seed, seal, seeds, 12, rolls, {7, 5}}, "");
  add("one game, seal and rolls match", {"Verified"}, Result::kValid, {seed, seal, seeds, 12, rolls, {}}, "");
  {
    std::string listing;
    for (std::size_t i = 0; i < dice.size(); ++i) listing += std::to_string(i + 1) + ". " + dice[i].text() + "\n";
    add("recorded rolls as a numbered listing", {"Verified", "NumberedListing", "MultiGame"}, Result::kValid,
        {seed, seal, seeds, 12, listing, {7, 5}}, "");
  }
  add("three games (4 + 4 + 4)", {"Verified", "MultiGame"}, Result::kValid, {seed, seal, seeds, 12, rolls, {4, 4, 4}},
      "");
  add("seal only", {"SealOnly"}, Result::kValid, {seed, seal, seeds, 12, "", {}}, "");
  {
    std::string upper_seal = seal;
    for (char& ch : upper_seal) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    add("the seal in uppercase hex: the same seal", {"SealOnly", "SealHexCase"}, Result::kValid,
        {seed, upper_seal, seeds, 12, "", {}}, "");
    add("the seal in uppercase hex, rolls too", {"Verified", "SealHexCase"}, Result::kValid,
        {seed, upper_seal, seeds, 12, rolls, {7, 5}}, "");
  }
  add("seal only, two games", {"SealOnly", "MultiGame"}, Result::kValid, {seed, seal, seeds, 12, "", {7, 5}}, "");
  add("recorded rolls only", {"RecordedOnly", "MultiGame"}, Result::kValid, {seed, "", seeds, 12, rolls, {7, 5}}, "");
  add("nothing to compare", {"Unchecked"}, Result::kValid, {seed, "", seeds, 12, "", {}}, "");
  {
    const Fixture solo = fixture("match/offline", 1, 9);
    add("offline, one client seed", {"Verified", "OneClientSeed"}, Result::kValid,
        {solo.seed, solo.seal, solo.seeds, 9, solo.rolls, {}}, "");
  }
  {  // Two ties before the deciding opening roll of game 1: the first seed by index.
    for (int i = 0;; ++i) {
      if (i > 100000) throw std::logic_error("hmac_dice vectors: no double opening tie");
      std::string s = server_seed("match/ties/" + std::to_string(i));
      std::vector<hd::Dice> d = derive_all(s, seeds, 3);
      if (!(d[0].is_double() && d[1].is_double() && !d[2].is_double())) continue;
      std::vector<hd::Dice> all = derive_all(s, seeds, 6);
      add("game 1 opens with two ties: the deciding opening roll is roll 3", {"Verified", "EqualOpeningRoll"},
          Result::kValid, {s, seal_of(s), seeds, 6, hd::rolls_text(all), {}}, "");
      break;
    }
  }
  {
    const Fixture big = fixture("match/max", 2, 5, 64);
    std::vector<std::string> long_seeds = {std::string(128, 'A'), std::string(128, '-')};
    add("a 64-byte seed and two 128-character client seeds", {"Verified", "SeedLengthLimits"}, Result::kValid,
        {big.seed, big.seal, long_seeds, 5, hd::rolls_text(derive_all(big.seed, long_seeds, 5)), {}}, "");
  }

  std::string bad_seal = seal;
  bad_seal[17] = bad_seal[17] == '0' ? '1' : '0';
  add("one digit of the seal changed", {"TamperedSeal"}, Result::kInvalid, {seed, bad_seal, seeds, 12, rolls, {7, 5}},
      "seal");
  add("the seal of another seed", {"TamperedSeal"}, Result::kInvalid,
      {seed, seal_of(server_seed("match/other")), seeds, 12, "", {}}, "seal");
  add("roll 3 (game 1) changed", {"TamperedRoll"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(2, other(2)), {7, 5}}, "recorded");
  add("roll 10 = game 2, roll 3 changed", {"TamperedRoll", "MultiGame"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(9, other(9)), {7, 5}}, "recorded");
  add("the opening tie of game 2 (roll 8) changed", {"TamperedRoll", "EqualOpeningRoll", "MultiGame"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(7, other(7)), {7, 5}}, "recorded");
  add("the last roll changed, three games", {"TamperedRoll", "MultiGame"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(11, other(11)), {4, 4, 4}}, "recorded");
  {
    std::size_t i = 0;
    while (dice[i].is_double()) ++i;
    hd::Dice s{dice[i].d2, dice[i].d1};
    add("roll " + std::to_string(i + 1) + " recorded with its dice swapped", {"SwappedDice"}, Result::kInvalid,
        {seed, seal, seeds, 12, with_roll(i, s.text()), {7, 5}}, "recorded");
  }
  add("seal and roll 5 both changed: the seal verdict comes first, the roll is still listed",
      {"TamperedSeal", "TamperedRoll"}, Result::kInvalid, {seed, bad_seal, seeds, 12, with_roll(4, other(4)), {}},
      "seal");
  add("a roll changed, no seal given", {"TamperedRoll"}, Result::kInvalid,
      {seed, "", seeds, 12, with_roll(0, other(0)), {}}, "recorded");
  {
    std::string both = with_roll(1, other(1));
    both.replace(8 * 2, 2, other(8));
    add("rolls 2 and 9 changed: both mismatches are listed", {"TamperedRoll", "EveryMismatch", "MultiGame"},
        Result::kInvalid, {seed, seal, seeds, 12, both, {7, 5}}, "recorded");
  }

  auto invalid = [&](std::string comment, std::vector<std::string> flags, const MatchCase& m, std::string error,
                     std::int64_t rolls_override = -1) {
    json::Object inputs = match_inputs(m);
    if (rolls_override >= 0) inputs[3].second = json::Value(rolls_override);
    c.invalid("HmacDiceMatchInvalid", std::move(comment), std::move(flags), std::move(inputs), std::move(error));
  };
  // A port reading rolls leniently verifies the match the value converts to: 12 rolls, or 1 (true).
  auto typed = [&](std::string comment, const char* flag, json::Value rolls_value, std::uint64_t as) {
    json::Object inputs = match_inputs({seed, seal, seeds, as, rolls.substr(0, 2 * static_cast<std::size_t>(as)), {}});
    inputs[3].second = std::move(rolls_value);
    c.invalid("HmacDiceMatchInvalid", std::move(comment), {flag}, std::move(inputs), "rolls");
  };
  typed("rolls as the JSON string \"12\"", "IntegerAsText", json::Value("12"), 12);
  typed("rolls as the JSON number 12.0", "IntegralFloat", json::Value(12.0), 12);
  typed("rolls as the JSON boolean true, with one recorded roll", "BooleanAsInteger", json::Value(true), 1);
  {
    // A port reading the listing leniently takes the number's text: the match's one roll.
    json::Object inputs = match_inputs({seed, seal, seeds, 1, rolls.substr(0, 2), {}});
    inputs[4].second = json::Value(std::int64_t{std::stoi(rolls.substr(0, 2))});
    c.invalid("HmacDiceMatchInvalid",
              "recorded as the JSON number " + rolls.substr(0, 2) + " (its text is the one roll)", {"NumberAsText"},
              std::move(inputs), "params.recorded");
  }
  invalid("games add up to 11 of 12", {"GamesNotSumming"}, {seed, seal, seeds, 12, rolls, {7, 4}}, "games");
  invalid("games add up to 13 of 12", {"GamesNotSumming"}, {seed, seal, seeds, 12, "", {7, 6}}, "games");
  invalid("a game of 0 rolls", {"BadGames"}, {seed, seal, seeds, 12, rolls, {7, 0, 5}}, "games");
  invalid("11 recorded rolls in a match of 12", {"CountMismatch"}, {seed, seal, seeds, 12, rolls.substr(0, 22), {}},
          "recorded");
  invalid("rolls 0", {"RollCountOutOfRange"}, {seed, seal, seeds, 0, "", {}}, "rolls");
  invalid("rolls 2^53", {"RollCountOutOfRange"}, {seed, seal, seeds, 0, "", {}}, "rolls", 9007199254740992LL);
  invalid("three client seeds", {"BadField"}, {seed, seal, {seeds[0], seeds[1], "x"}, 12, rolls, {}}, "clientSeeds");
  invalid("no client seed", {"BadField"}, {seed, seal, {}, 12, rolls, {}}, "clientSeeds");
  invalid("a seal of 63 hex digits", {"BadField"}, {seed, seal.substr(1), seeds, 12, rolls, {}}, "seal");
  invalid("a server seed of 15 bytes", {"BadField"}, {seed.substr(0, 30), seal, seeds, 12, rolls, {}}, "serverSeed");
  invalid("a listing numbered 1, 3", {"BadField"},
          {seed, seal, seeds, 2, "1: " + rolls.substr(0, 2) + "\n3: " + rolls.substr(2, 2), {}}, "recorded");
}

}  // namespace

void add_match_flags(FlagLibrary& lib) {
  lib.flag({"Verified", BugType::kBasic, "Seal and recorded rolls both match.", {"swapped-dice", "zero-based-rolls"}});
  lib.flag({"SealHexCase",
            BugType::kEncoding,
            "The given seal in uppercase hex is the same seal and matches (hex is read in either case); catches a port "
            "that compares the seal as text.",
            {"seal-compared-as-text"}});
  lib.flag({"SealOnly", BugType::kBasic, "Only the seal is given and matches; the rolls are shown, not compared."});
  lib.flag({"RecordedOnly", BugType::kBasic, "Only recorded rolls are given and match."});
  lib.flag(
      {"Unchecked", BugType::kBasic, "Neither seal nor recorded rolls: nothing to compare, the verdict is unchecked."});
  lib.flag({"NumberedListing", BugType::kFunctionality, "Recorded rolls as a numbered listing."});
  lib.flag({"TamperedSeal", BugType::kModifiedInput,
            "The seal differs from SHA-256 of the seed (one digit changed, or another "
            "seed's seal): catches a verifier that does not compare it."});
  lib.flag({"TamperedRoll", BugType::kModifiedInput,
            "One recorded roll differs, in game 1, in a later game, or the last roll: "
            "the mismatch names the roll, its game and its place in the game."});
  lib.flag({"EveryMismatch",
            BugType::kModifiedInput,
            "Two recorded rolls differ: both mismatches are listed; catches a "
            "verifier that stops at the first mismatch.",
            {"match-first-mismatch-only"}});
  lib.flag({"SwappedDice", BugType::kModifiedInput,
            "A recorded roll with its two dice swapped (63 for 36): rolls are ordered "
            "pairs; catches a verifier comparing them as unordered."});
  lib.flag({"RollCountOutOfRange", BugType::kMissingCheck, "A roll count of 0 or 2^53."});
  lib.flag({"BadField", BugType::kMissingCheck, "A malformed seed, seal, client seed list or listing."});
}

VectorKind match_vector_kind() {
  // The link that carries the match comes first; a tampered seal fails before the recorded rolls.
  std::vector<Field> report = outputs({"verdict", "computedSeal", "sealStatus", "dice", "mismatches", "gameSummary"});
  report.insert(report.begin(), {.name = "link", .leading = true});
  const Judged mismatch{"verdict", {{"seal_mismatch", "seal"}, {"roll_mismatch", "recorded"}}};
  return catalog_kind({
      "hmac_dice_match_test.json",
      {"hmac-dice-v1 whole-match verification: the seal and every roll are recomputed and compared",
       "with the given seal and recorded rolls; games (g) attribute each roll to its game.",
       "Valid tests verify (or have nothing to compare). Invalid tests in HmacDiceMatchTampered are",
       "matches that do not verify: the op answers with the mismatch verdict, error names the",
       "field that does not match. Invalid tests in HmacDiceMatchInvalid are malformed (bad_input)."},
      library().pick({"Verified",
                      "SealOnly",
                      "RecordedOnly",
                      "Unchecked",
                      "OneClientSeed",
                      "MultiGame",
                      "NumberedListing",
                      "EqualOpeningRoll",
                      "SeedLengthLimits",
                      "TamperedSeal",
                      "TamperedRoll",
                      "EveryMismatch",
                      "SwappedDice",
                      "GamesNotSumming",
                      "BadGames",
                      "CountMismatch",
                      "RollCountOutOfRange",
                      "BadField",
                      "SealHexCase",
                      "IntegerAsText",
                      "IntegralFloat",
                      "BooleanAsInteger",
                      "NumberAsText"}),
      {{.type = "HmacDiceMatch", .call = {"hmac_dice.verify_match"}, .fields = report, .judged = mismatch},
       {.type = "HmacDiceMatchTampered", .call = {"hmac_dice.verify_match"}, .fields = report, .judged = mismatch},
       {.type = "HmacDiceMatchInvalid", .call = {"hmac_dice.verify_match"}}},
      match_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
