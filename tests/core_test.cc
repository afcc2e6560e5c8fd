// The core layer's generic pieces: EnumNames, and every enum table built on it read back.
#include <gtest/gtest.h>

#include <stdexcept>

#include "check/port_checker.h"
#include "core/enum_names.h"
#include "schemes/crash.h"
#include "schemes/tavla.h"

namespace fairvec {
namespace {

enum class Colour { kRed, kGreen, kBlue };

TEST(EnumNames, ReadsBothWaysAndRefusesWhatItLacks) {
  constexpr auto kColours = enum_names<Colour>({{Colour::kRed, "red"}, {Colour::kGreen, "green"}});
  static_assert(kColours.name(Colour::kGreen) == "green");
  static_assert(kColours.parse("red") == Colour::kRed);
  EXPECT_EQ(kColours.parse("Red"), std::nullopt);  // names are case-sensitive
  EXPECT_EQ(kColours.parse(""), std::nullopt);
  EXPECT_THROW((void)kColours.name(Colour::kBlue), std::logic_error);
  EXPECT_EQ(kColours.names(), (std::vector<std::string>{"red", "green"}));
}

TEST(EnumNames, EverySchemeNameReadsBack) {
  for (const auto c : {crash::Convention::kBetkyoExact, crash::Convention::kBustabitV1, crash::Convention::kBustabitV2,
                       crash::Convention::kBustabit2025}) {
    EXPECT_EQ(crash::parse_convention(crash::convention_name(c)), c);
  }
  EXPECT_EQ(crash::convention_names(),
            (std::vector<std::string>{"betkyo-exact", "bustabit-v1", "bustabit-v2", "bustabit-2025"}));
  for (const auto k : {tavla::RollKind::kOpening, tavla::RollKind::kReroll, tavla::RollKind::kMove}) {
    EXPECT_EQ(tavla::parse_kind(tavla::kind_name(k), "kind"), k);
  }
  for (const auto r : {tavla::OpeningRule::kPlay, tavla::OpeningRule::kReroll}) {
    EXPECT_EQ(tavla::parse_opening_rule(tavla::opening_rule_name(r), "opening"), r);
  }
  EXPECT_STREQ(check::status_name(check::Status::kExpectedFailure), "expected-failure");
  EXPECT_STREQ(check::status_name(check::Status::kUnexpectedPass), "unexpected-pass");
}

}  // namespace
}  // namespace fairvec
