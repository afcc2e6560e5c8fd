// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): the
// fixed-seed generator behind every deterministic search and sample in generators and tests.
#pragma once

#include <cstdint>

namespace fairvec {

struct SplitMix64 {
  std::uint64_t state;
  // next returns the next 64-bit value of the stream. It cannot fail.
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // byte returns the low byte of the next value.
  std::uint8_t byte() { return static_cast<std::uint8_t>(next()); }
};

}  // namespace fairvec
