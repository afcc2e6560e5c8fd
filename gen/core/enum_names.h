// EnumNames: an enum's names (as written in files, on the wire, in reports), read in both
// directions from one list, the enum's naming function. That function is a switch over the enum
// with no default, so -Wswitch (an error under the build's -Werror) names at compile time an
// enumerator added without a name; the parse and the list of names are derived from it, never
// kept in step by hand.
//
//   constexpr std::string_view color_label(Color c) {
//     switch (c) {
//       case Color::kRed: return "red";
//       case Color::kGreen: return "green";
//     }
//     return {};  // not an enumerator
//   }
//   constexpr EnumNames<Color, color_label> kColors;
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace fairvec {

// kEnumNamesScan bounds the underlying values EnumNames reads: a named enum's enumerators lie in
// 0..kEnumNamesScan - 1 (every table's enum counts from 0 today; the check below fails to compile
// when the last value in range has a name, the sign that the scan may be too short).
inline constexpr int kEnumNamesScan = 64;

// enum_names_well_formed is true when no two values of E share a name under |Label| and the scan's
// last value has none.
template <typename E, std::string_view (*Label)(E)>
[[nodiscard]] constexpr bool enum_names_well_formed() {
  if (!Label(static_cast<E>(kEnumNamesScan - 1)).empty()) return false;
  for (int i = 0; i < kEnumNamesScan; ++i) {
    const auto a = Label(static_cast<E>(i));
    if (a.empty()) continue;
    for (int j = i + 1; j < kEnumNamesScan; ++j) {
      if (Label(static_cast<E>(j)) == a) return false;
    }
  }
  return true;
}

template <typename E, std::string_view (*Label)(E)>
struct EnumNames {
  static_assert(std::is_enum_v<E> && !std::is_convertible_v<E, int>,
                "EnumNames: a scoped enum (fixed underlying type)");

  // name returns |e|'s name: Label(e). It cannot fail for an enumerator (the switch names each).
  [[nodiscard]] static constexpr std::string_view name(E e) { return Label(e); }
  // c_name is name(e) as a C string: a Label returns string literals, which are NUL-terminated.
  [[nodiscard]] static constexpr const char* c_name(E e) { return Label(e).data(); }

  // parse returns the value named |text| (exactly: names are case-sensitive), or nullopt. It
  // cannot fail.
  [[nodiscard]] static constexpr std::optional<E> parse(std::string_view text) {
    for (int i = 0; i < kEnumNamesScan; ++i) {
      const auto e = static_cast<E>(i);
      if (!Label(e).empty() && Label(e) == text) return e;
    }
    return std::nullopt;
  }

  // names lists the names in the order of the values. It cannot fail (but for memory).
  [[nodiscard]] static std::vector<std::string> names() {
    std::vector<std::string> out;
    for (int i = 0; i < kEnumNamesScan; ++i) {
      if (const auto n = Label(static_cast<E>(i)); !n.empty()) out.emplace_back(n);
    }
    return out;
  }
  static_assert(enum_names_well_formed<E, Label>(),
                "EnumNames: two values share a name, or the enum outgrows kEnumNamesScan");
};

}  // namespace fairvec
