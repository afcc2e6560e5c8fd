// hmac_dice_recorded_test.json (specs/hmac-dice-v1.md, "Vector files"): recorded-roll listings,
// numbered or not, and the position of the first bad token.
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

json::Value generate_recorded() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_recorded_schema.json",
                      {"hmac-dice-v1 recorded-roll listings, as the dice page lists them, numbered or not.",
                       "Valid tests give the rolls in the bare form; invalid tests the error field and the",
                       "0-based character position of the first bad token (null when there is none)."});
  b.note("BareDigits", "BASIC", "The bare form: an even-length digit string, two digits per roll.");
  b.note("SingleRoll", "BOUNDARY", "A listing of exactly one roll.");
  b.note("Unnumbered", "FUNCTIONALITY", "Rolls separated by whitespace, one per line or several per line.");
  b.note("LineEndings", "ENCODING", "CRLF line ends, tabs, blank lines, leading and trailing whitespace.");
  b.note("NumberedColon", "FUNCTIONALITY", "Numbered as '1: 63' (numbers past 9 included).");
  b.note("NumberedDot", "FUNCTIONALITY", "Numbered as '1. 63'.");
  b.note("NumberedHash", "FUNCTIONALITY", "Numbered as '#1 63'.");
  b.note("EmptyListing", "MISSING_CHECK", "Nothing but whitespace: no rolls.");
  b.note("OddDigitCount", "MISSING_CHECK", "A bare string of odd length: the last roll has one digit.");
  b.note("DigitOutOfRange", "MISSING_CHECK", "A digit 0, 7, 8 or 9 in a roll; catches a port that accepts any digit.");
  b.note("NotARoll", "MISSING_CHECK", "A token that is not two digits 1..6: letters, three digits, a comma list, "
                                      "a marker glued to its roll ('1:63'), a non-ASCII space inside.");
  b.note("NumberMismatch", "MISSING_CHECK", "Roll numbers that skip, start at 0 or 2, or repeat: they must count "
                                            "1, 2, 3, … in order.");
  b.note("LeadingZero", "MISSING_CHECK", "A roll number with a leading zero ('01: 63').");
  b.note("MixedNumbering", "MISSING_CHECK", "Numbered and unnumbered rolls, or two numbering styles, in one listing.");
  b.note("MarkerWithoutRoll", "MISSING_CHECK", "A roll number at the end with no roll after it.");
  b.note("BareDigitsSplit", "MISSING_CHECK", "A long digit string that is not the whole listing.");

  const Fixture f = fixture("recorded", 2, 12);
  std::vector<std::string> r;
  for (std::size_t i = 0; i < f.rolls.size(); i += 2) r.push_back(f.rolls.substr(i, 2));
  auto lines = [&](const std::function<std::string(std::size_t)>& prefix, const std::string& sep) {
    std::string s;
    for (std::size_t i = 0; i < r.size(); ++i) s += prefix(i + 1) + r[i] + sep;
    return s;
  };
  b.group({{"type", "HmacDiceRecorded"}});
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string text) {
    std::vector<hd::Dice> d = hd::parse_recorded(text);
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"text", text}, {"recorded", hd::rolls_text(d)}, {"count", jint(d.size())}});
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
  valid("numbered, several per line", {"NumberedColon"}, lines([](std::size_t n) { return std::to_string(n) + ": "; }, " "));
  valid("numbered, tabs, blank lines, CRLF and outer whitespace", {"NumberedColon", "LineEndings"},
        "\r\n  " + lines([](std::size_t n) { return std::to_string(n) + ":\t"; }, "\r\n\r\n") + "  ");
  valid("numbered '#1 63' with one roll", {"NumberedHash", "SingleRoll"}, "#1 " + r[0]);

  b.group({{"type", "HmacDiceRecordedInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string text) {
    json::Value pos;
    std::string field;
    try {
      (void)hd::parse_recorded(text);
      throw std::logic_error("hmac_dice vectors: listing accepted: " + comment);
    } catch (const InputError& e) {
      field = e.field();
      if (e.position()) pos = jint(*e.position());
    }
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"text", text}, {"error", field}, {"errorPosition", pos}});
  };
  invalid("empty", {"EmptyListing"}, "");
  invalid("whitespace only", {"EmptyListing"}, " \n\t\r\n");
  invalid("odd number of digits", {"OddDigitCount"}, f.rolls.substr(0, 5));
  invalid("a 7 in the bare form", {"DigitOutOfRange"}, r[0] + "74" + r[1]);
  invalid("a 0 in the bare form", {"DigitOutOfRange"}, r[0] + r[1] + "06");
  invalid("a 9 in an unnumbered listing", {"DigitOutOfRange"}, r[0] + "\n" + r[1] + "\n" + "93\n");
  invalid("a 7 alone as the last numbered roll", {"DigitOutOfRange"}, "1: " + r[0] + "\n2: 7");
  invalid("letters", {"NotARoll"}, "6a");
  invalid("three digits among rolls", {"NotARoll"}, r[0] + " 633 " + r[1]);
  invalid("comma-separated", {"NotARoll"}, r[0] + "," + r[1]);
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
  return b.build();
}

std::string check_recorded(const TestRef& t, const Backend&) {
  std::vector<hd::Dice> d = hd::parse_recorded(test_string(t, "text"));
  return first_failure({expect_eq("recorded", test_string(t, "recorded"), hd::rolls_text(d)), expect_member(t, "count", jint(d.size()))});
}

std::vector<PortCall> recorded_calls(const TestRef& t) { return {call_of(t, "hmac_dice.parse_recorded", {"text"}, {"recorded"})}; }

}  // namespace

VectorKind recorded_vector_kind() {
  return group_kind("hmac_dice_recorded_test.json", "hmac_dice_recorded_schema.json", generate_recorded,
                    {{"HmacDiceRecorded", check_recorded, recorded_calls},
                     {"HmacDiceRecordedInvalid",
                      rejects([](const TestRef& t, const Backend&) { (void)hd::parse_recorded(test_string(t, "text")); }),
                      recorded_calls}});
}

}  // namespace fairvec::vectors::hmac_dice_vec
