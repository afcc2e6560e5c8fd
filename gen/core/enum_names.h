// EnumNames: one table per enum of its values and the names they are written as (in files, on the
// wire, in reports), read in both directions. It replaces a hand-written switch for the name and a
// chain of comparisons for the parse, which had to be kept in step by hand.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fairvec {

template <typename E, std::size_t N>
struct EnumNames {
  std::array<std::pair<E, std::string_view>, N> entries;

  // name returns |e|'s name. Throws std::logic_error for a value the table lacks (a table bug: the
  // tables list every enumerator, and a test reads each back).
  [[nodiscard]] constexpr std::string_view name(E e) const {
    for (const auto& [v, n] : entries) {
      if (v == e) return n;
    }
    throw std::logic_error("EnumNames: a value without a name");
  }
  // parse returns the value named |text| (exactly: names are case-sensitive), or nullopt. It
  // cannot fail.
  [[nodiscard]] constexpr std::optional<E> parse(std::string_view text) const {
    for (const auto& [v, n] : entries) {
      if (n == text) return v;
    }
    return std::nullopt;
  }
  // names lists the names in table order. It cannot fail (but for memory).
  [[nodiscard]] std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [v, n] : entries) out.emplace_back(n);
    return out;
  }
};

// enum_names builds an EnumNames from {value, name} pairs: enum_names<E>({{E::kA, "a"}, ...}).
template <typename E, std::size_t N>
[[nodiscard]] constexpr EnumNames<E, N> enum_names(const std::pair<E, std::string_view> (&entries)[N]) {
  EnumNames<E, N> t{};
  for (std::size_t i = 0; i < N; ++i) t.entries[i] = entries[i];
  return t;
}

}  // namespace fairvec
