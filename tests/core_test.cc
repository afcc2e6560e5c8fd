// The core layer's generic pieces: EnumNames, and every enum table built on it read back against
// the names the specs pin (each list below cites where).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check/port_checker.h"
#include "core/enum_names.h"
#include "core/json.h"
#include "schemes/crash.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla.h"
#include "vectors/vector_file.h"

namespace fairvec {
namespace {

enum class Colour { kRed, kGreen, kBlue };

constexpr std::string_view colour_label(Colour c) {
  switch (c) {
    case Colour::kRed: return "red";
    case Colour::kGreen: return "green";
    case Colour::kBlue: return "blue";
  }
  return {};
}

TEST(EnumNames, ReadsBothWaysFromOneSwitch) {
  using Colours = EnumNames<Colour, colour_label>;
  static_assert(Colours::name(Colour::kGreen) == "green");
  static_assert(Colours::parse("red") == Colour::kRed);
  static_assert(Colours::parse("blue") == Colour::kBlue);
  EXPECT_EQ(Colours::parse("Red"), std::nullopt);  // names are case-sensitive
  EXPECT_EQ(Colours::parse(""), std::nullopt);     // "" is no value's name, though out-of-range values map to it
  EXPECT_EQ(Colours::names(), (std::vector<std::string>{"red", "green", "blue"}));
}

// Each table against the names its spec pins; a name and a parse that agree with each other but
// not with the spec (two names swapped) fail here.
TEST(EnumNames, EveryTableSpeaksItsSpecsNames) {
  // specs/crash.md, the conventions.
  EXPECT_EQ(crash::convention_names(),
            (std::vector<std::string>{"betkyo-exact", "bustabit-v1", "bustabit-v2", "bustabit-2025"}));
  EXPECT_EQ(crash::parse_convention("bustabit-v2"), crash::Convention::kBustabitV2);
  EXPECT_EQ(crash::convention_name(crash::Convention::kBetkyoExact), "betkyo-exact");
  // specs/tavla-commit-v1.md §3: a roll's kind; the settings' opening rule.
  EXPECT_STREQ(tavla::kind_name(tavla::RollKind::kOpening), "opening");
  EXPECT_STREQ(tavla::kind_name(tavla::RollKind::kReroll), "reroll");
  EXPECT_STREQ(tavla::kind_name(tavla::RollKind::kMove), "move");
  EXPECT_EQ(tavla::parse_kind("move", "kind"), tavla::RollKind::kMove);
  EXPECT_EQ(tavla::parse_kind("reroll", "kind"), tavla::RollKind::kReroll);
  EXPECT_STREQ(tavla::opening_rule_name(tavla::OpeningRule::kPlay), "play");
  EXPECT_STREQ(tavla::opening_rule_name(tavla::OpeningRule::kReroll), "reroll");
  EXPECT_EQ(tavla::find_opening_rule("reroll"), tavla::OpeningRule::kReroll);
  EXPECT_EQ(tavla::find_opening_rule("Play"), std::nullopt);
  // specs/hmac-dice-v1.md §6, verify_match's verdict.
  EXPECT_STREQ(hmac_dice::verdict_name(hmac_dice::Verdict::kVerified), "verified");
  EXPECT_STREQ(hmac_dice::verdict_name(hmac_dice::Verdict::kUnchecked), "unchecked");
  EXPECT_STREQ(hmac_dice::verdict_name(hmac_dice::Verdict::kSealMismatch), "seal_mismatch");
  EXPECT_STREQ(hmac_dice::verdict_name(hmac_dice::Verdict::kRollMismatch), "roll_mismatch");
  // specs/vector-format.md, a test's result (Wycheproof's three).
  EXPECT_STREQ(vectors::result_name(vectors::Result::kValid), "valid");
  EXPECT_STREQ(vectors::result_name(vectors::Result::kInvalid), "invalid");
  EXPECT_STREQ(vectors::result_name(vectors::Result::kAcceptable), "acceptable");
  // vectors/schema/check_port_report_schema.json, a vector's status in check-port's report.
  EXPECT_STREQ(check::status_name(check::Status::kPassed), "passed");
  EXPECT_STREQ(check::status_name(check::Status::kFailed), "failed");
  EXPECT_STREQ(check::status_name(check::Status::kSkipped), "skipped");
  EXPECT_STREQ(check::status_name(check::Status::kExpectedFailure), "expected-failure");
  EXPECT_STREQ(check::status_name(check::Status::kUnexpectedPass), "unexpected-pass");
}

// ecmascript_number against JavaScript itself: each expected text is what Node.js v20.20.2 prints
// for `String(x)` (node -e 'console.log(String(x))', 2026-12-03), ECMA-262's Number::toString.
TEST(EcmascriptNumber, WritesWhatJavaScriptsStringWrites) {
  const std::vector<std::pair<double, std::string>> cases = {
      {2.0, "2"},
      {1.5, "1.5"},
      {100, "100"},
      {1e20, "100000000000000000000"},
      {1e21, "1e+21"},
      {1e-7, "1e-7"},
      {0.000001, "0.000001"},
      {0.0000125, "0.0000125"},
      {123456789012345680000.0, "123456789012345680000"},
      {1152921504606846976.0, "1152921504606847000"},    // 2^60
      {18446744073709551616.0, "18446744073709552000"},  // 2^64
      {5e-324, "5e-324"},
      {1.7976931348623157e308, "1.7976931348623157e+308"},
      {0.1 + 0.2, "0.30000000000000004"},
      {-2.5, "-2.5"},
      {-0.0, "0"},
  };
  for (const auto& [x, want] : cases) EXPECT_EQ(json::ecmascript_number(x), want) << want;
}

}  // namespace
}  // namespace fairvec
