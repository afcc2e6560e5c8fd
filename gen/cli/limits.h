// Every input bound fairvec enforces, in one table (specs/README.md, "Memory budget"): `fairvec
// limits` prints it, `fairvec generate` writes it into the spec, and the hostile suite and the fuzz
// scripts read their limits from `fairvec limits --json` instead of restating them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"

namespace fairvec::cli {

// The address space every run of the hostile suite gets, and the peak resident memory `fairvec
// bench` allows: any input, however hostile, is answered within it.
inline constexpr std::uint64_t kProcessMemoryBytes = 512u << 20;

// Limit is one bound: |name| is its key in `fairvec limits --json`, |value| a number of |unit|s.
struct Limit {
  const char* name;
  std::uint64_t value;
  const char* unit;   // "bytes", "rolls", "levels", "games", "links", "seconds", "x"
  const char* input;  // what it bounds
  const char* where;  // where it is enforced (the code's constant)
};

// limits returns every bound, in the order of the spec's table.
[[nodiscard]] const std::vector<Limit>& limits();
// limits_json returns {name: value, ...} for every bound.
[[nodiscard]] json::Value limits_json();
// limits_table returns the Markdown table of every bound (the `limits` block of specs/README.md).
[[nodiscard]] std::string limits_table();

}  // namespace fairvec::cli
