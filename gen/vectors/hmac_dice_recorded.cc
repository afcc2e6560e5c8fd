// hmac_dice_recorded_test.json (specs/hmac-dice-v1.md, "Vector files"): recorded-roll listings,
// numbered or not, and the position of the first bad token. A catalog (vectors/catalog.h): cases give
// the text only; hmac_dice.parse_recorded (and its trace, the count) or its error write the rest.
#include <functional>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

void recorded_cases(Cases& c) {
  const Fixture f = fixture("recorded", 2, 12);
  std::vector<std::string> r;
  for (std::size_t i = 0; i < f.rolls.size(); i += 2) r.push_back(f.rolls.substr(i, 2));
  auto lines = [&](const std::function<std::string(std::size_t)>& prefix, const std::string& sep) {
    std::string s;
    for (std::size_t i = 0; i < r.size(); ++i) s += prefix(i + 1) + r[i] + sep;
    return s;
  };
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string text) {
    c.valid("HmacDiceRecorded", std::move(comment), std::move(flags), {{"text", text}});
  };
  valid("12 rolls as one digit string", {"BareDigits"}, f.rolls);
  valid("one roll", {"SingleRoll", "BareDigits"}, r[0]);
  valid("the bare form with a trailing newline", {"BareDigits", "LineEndings"}, f.rolls + "\n");
  valid("one roll per line", {"Unnumbered"}, lines([](std::size_t) { return ""; }, "\n"));
  valid("rolls separated by spaces", {"Unnumbered"}, lines([](std::size_t) { return ""; }, " "));
  valid("one roll per line, CRLF", {"Unnumbered", "LineEndings"}, lines([](std::size_t) { return ""; }, "\r\n"));
  valid("numbered '1: 63'", {"NumberedColon"}, lines([](std::size_t n) { return std::to_string(n) + ": "; }, "\n"));
  valid("numbered '1. 63'", {"NumberedDot"}, lines([](std::size_t n) { return std::to_string(n) + ". "; }, "\n"));
  valid("numbered '#1 63'", {"NumberedHash"}, lines([](std::size_t n) { return "#" + std::to_string(n) + " "; }, "\n"));
  valid("numbered, several per line", {"NumberedColon"},
        lines([](std::size_t n) { return std::to_string(n) + ": "; }, " "));
  valid("numbered, tabs, blank lines, CRLF and outer whitespace", {"NumberedColon", "LineEndings"},
        "\r\n  " + lines([](std::size_t n) { return std::to_string(n) + ":\t"; }, "\r\n\r\n") + "  ");
  valid("numbered '#1 63' with one roll", {"NumberedHash", "SingleRoll"}, "#1 " + r[0]);

  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string text) {
    c.invalid("HmacDiceRecordedInvalid", std::move(comment), std::move(flags), {{"text", text}}, "recorded");
  };
  c.invalid("HmacDiceRecordedInvalid", "the listing as the JSON number 63 (its text would be one roll)",
            {"NumberAsText"}, {{"text", 63}}, "params.text");
  invalid("empty", {"EmptyListing"}, "");
  invalid("whitespace only", {"EmptyListing"}, " \n\t\r\n");
  invalid("odd number of digits", {"OddDigitCount"}, f.rolls.substr(0, 5));
  invalid("a 7 in the bare form", {"DigitOutOfRange"}, r[0] + "74" + r[1]);
  invalid("a 0 in the bare form", {"DigitOutOfRange"}, r[0] + r[1] + "06");
  invalid("a 9 in an unnumbered listing", {"DigitOutOfRange"}, r[0] + "\n" + r[1] + "\n" + "93\n");
  invalid("a 7 alone as the last numbered roll", {"DigitOutOfRange"}, "1: " + r[0] + "\n2: 7");
  invalid("letters", {"NotARoll"}, "6a");
  invalid("three digits among rolls", {"NotARoll"}, r[0] + " 633 " + r[1]);
  invalid("comma-separated", {"NotARoll", "CommaSeparated"}, r[0] + "," + r[1]);
  invalid("a marker glued to its roll", {"NotARoll"}, "1:" + r[0] + "\n2:" + r[1]);
  invalid("a non-breaking space between rolls", {"NotARoll"}, r[0] + "\xc2\xa0" + r[1]);
  invalid("'#1:' mixes two styles in one marker", {"NotARoll"}, "#1: " + r[0]);
  invalid("numbers skip from 1 to 3", {"NumberMismatch"}, "1: " + r[0] + "\n3: " + r[1]);
  invalid("numbering starts at 0", {"NumberMismatch"}, "0: " + r[0] + "\n1: " + r[1]);
  invalid("numbering starts at 2", {"NumberMismatch"}, "2: " + r[0]);
  invalid("a number repeats", {"NumberMismatch"}, "1. " + r[0] + "\n2. " + r[1] + "\n2. " + r[2]);
  invalid("'01:'", {"LeadingZero"}, "01: " + r[0]);
  invalid("two numbering styles", {"MixedNumbering"}, "1: " + r[0] + "\n2. " + r[1]);
  invalid("numbered, then unnumbered", {"MixedNumbering"}, "1: " + r[0] + "\n" + r[1]);
  invalid("unnumbered, then numbered", {"MixedNumbering"}, r[0] + "\n2: " + r[1]);
  invalid("a final number without a roll", {"MarkerWithoutRoll"}, "1: " + r[0] + "\n2:");
  invalid("a digit string followed by a roll", {"BareDigitsSplit"}, r[0] + r[1] + " " + r[2]);
}

}  // namespace

void add_recorded_flags(FlagLibrary& lib) {
  lib.flag({"BareDigits", BugType::kBasic, "The bare form: an even-length digit string, two digits per roll."});
  lib.flag({"SingleRoll", BugType::kBoundary, "A listing of exactly one roll."});
  lib.flag({"Unnumbered", BugType::kFunctionality, "Rolls separated by whitespace, one per line or several per line."});
  lib.flag({"LineEndings", BugType::kEncoding, "CRLF line ends, tabs, blank lines, leading and trailing whitespace."});
  lib.flag({"NumberedColon", BugType::kFunctionality, "Numbered as '1: 63' (numbers past 9 included)."});
  lib.flag({"NumberedDot", BugType::kFunctionality, "Numbered as '1. 63'."});
  lib.flag({"NumberedHash", BugType::kFunctionality, "Numbered as '#1 63'."});
  lib.flag({"EmptyListing", BugType::kMissingCheck, "Nothing but whitespace: no rolls."});
  lib.flag({"OddDigitCount", BugType::kMissingCheck, "A bare string of odd length: the last roll has one digit."});
  lib.flag({"DigitOutOfRange", BugType::kMissingCheck,
            "A digit 0, 7, 8 or 9 in a roll; catches a port that accepts any digit."});
  lib.flag({"NotARoll", BugType::kMissingCheck,
            "A token that is not two digits 1..6: letters, three digits, a comma list, "
            "a marker glued to its roll ('1:63'), a non-ASCII space inside."});
  lib.flag({"CommaSeparated",
            BugType::kMissingCheck,
            "Rolls separated by a comma: only whitespace separates rolls; catches a port that splits on commas too.",
            {"recorded-any-separator"}});
  lib.flag({"NumberMismatch", BugType::kMissingCheck,
            "Roll numbers that skip, start at 0 or 2, or repeat: they must count "
            "1, 2, 3, … in order."});
  lib.flag({"MixedNumbering", BugType::kMissingCheck,
            "Numbered and unnumbered rolls, or two numbering styles, in one listing."});
  lib.flag({"MarkerWithoutRoll", BugType::kMissingCheck, "A roll number at the end with no roll after it."});
  lib.flag({"BareDigitsSplit", BugType::kMissingCheck, "A long digit string that is not the whole listing."});
}

VectorKind recorded_vector_kind() {
  return catalog_kind({
      "hmac_dice_recorded_test.json",
      {"hmac-dice-v1 recorded-roll listings, as the dice page lists them, numbered or not.",
       "Valid tests give the rolls in the bare form; invalid tests the error field and the",
       "0-based character position of the first bad token (null when there is none)."},
      library().pick({"BareDigits", "SingleRoll", "Unnumbered", "LineEndings", "NumberedColon", "NumberedDot",
                      "NumberedHash", "EmptyListing", "OddDigitCount", "DigitOutOfRange", "NotARoll", "CommaSeparated",
                      "NumberMismatch", "LeadingZero", "MixedNumbering", "MarkerWithoutRoll", "BareDigitsSplit",
                      "NumberAsText"}),
      {{.type = "HmacDiceRecorded", .call = {"hmac_dice.parse_recorded"}, .fields = outputs({"recorded", "count"})},
       {.type = "HmacDiceRecordedInvalid", .call = {"hmac_dice.parse_recorded"}, .rejected = {.position = true}}},
      recorded_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
