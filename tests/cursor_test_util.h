// Helpers shared by the cursor-v1 tests (cursor_test.cc, cursor_games_test.cc): the fixed server
// seed, iota, the dense reference pool hop and expect_input_error.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.h"

namespace fairvec::cursor_testing {

// The server seed of the tests: 64 hex characters, used as text.
inline constexpr const char* kSeed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

inline std::vector<std::uint64_t> iota(std::uint64_t from, std::uint64_t to_exclusive) {
  std::vector<std::uint64_t> v;
  for (std::uint64_t i = from; i < to_exclusive; ++i) v.push_back(i);
  return v;
}

// A dense reference pool hop, written from the spec's four steps.
inline std::vector<std::uint64_t> dense_pool_hop(const std::vector<double>& units, std::uint64_t size) {
  std::vector<std::uint64_t> pool = iota(0, size), picks;
  std::uint64_t remaining = size;
  for (double u : units) {
    const std::uint64_t i =
        std::min(static_cast<std::uint64_t>(std::floor(u * static_cast<double>(remaining))), remaining - 1);
    picks.push_back(pool[i]);
    std::swap(pool[i], pool[remaining - 1]);
    --remaining;
  }
  return picks;
}

// expect_input_error runs |fn| and checks it throws InputError naming |field| (and |position|).
template <typename Fn>
void expect_input_error(Fn fn, const std::string& field, std::optional<std::size_t> position = {}) {
  try {
    fn();
    ADD_FAILURE() << "expected InputError naming " << field;
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), field) << e.what();
    if (position) {
      EXPECT_EQ(e.position(), position) << e.what();
    }
  }
}

}  // namespace fairvec::cursor_testing
