// Differences as evidence (specs/port-protocol.md, "Diagnosis"): every member where a port's result
// differs from the expected one, with both values and how they differ: a member missing, another
// JSON type, a number rounded to N digits or off in its last bits, a constant offset or factor, a
// list reversed, sorted, shifted or with two items swapped, text in another case. The diagnosis
// states the kinds no known wrong port explains, so that a bug the kit never catalogued is still
// described.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <rapidjson/document.h>

namespace fairvec::check {

struct Difference {
  std::string path;      // "result.dice[1]"
  std::string how;       // "rounded to 12 significant digits", "missing", …
  std::string expected;  // JSON text, cut at kDifferenceExcerpt bytes ("" when missing)
  std::string actual;
  // A number rounded: to "significant" digits or "decimals", any count from lo to hi giving the
  // same value (a 12-digit rounding whose 12th digit is 0 is also an 11-digit one); the diagnosis
  // narrows the range over every call that shows it. Empty for other kinds.
  std::string rounding;
  int lo = 0, hi = 0;
};

// rounding_how writes a rounding's kind for the digits lo..hi ("rounded to 12 significant digits",
// "rounded to 11 to 12 decimals"). It cannot fail.
[[nodiscard]] std::string rounding_how(const std::string& rounding, int lo, int hi);

// The most differences kept per call, and the longest value excerpt kept in one.
inline constexpr std::size_t kMaxDifferences = 16;
inline constexpr std::size_t kDifferenceExcerpt = 120;

// differences lists, in member order, where |actual| differs from |expected| under |path| (the
// members of |expected| only: a result's other members are not compared), at most
// kMaxDifferences. A list whose items are reordered as a whole (reversed, sorted, shifted, two
// swapped) or differ only in length is one difference, not one per item. It cannot fail.
[[nodiscard]] std::vector<Difference> differences(const rapidjson::Value& expected, const rapidjson::Value& actual,
                                                  const std::string& path);

// pattern_of writes |path| without its list positions ("result.dice[1]" -> "result.dice[]"), the
// form the diagnosis counts differences by. It cannot fail.
[[nodiscard]] std::string pattern_of(const std::string& path);

}  // namespace fairvec::check
