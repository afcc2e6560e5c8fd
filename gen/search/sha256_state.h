// SHA-256's state and constants (FIPS 180-4), shared by the compression functions (search/sha256.h)
// and the SHA-NI building blocks (search/sha_ni.h), which the portable code dispatches to.
#pragma once

#include <array>
#include <cstdint>

namespace fairvec::search {

// State is the eight 32-bit chaining words H0..H7 of SHA-256.
using State = std::array<std::uint32_t, 8>;

// kInitialState is H(0) of FIPS 180-4, section 5.3.3.
inline constexpr State kInitialState = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// kRoundConstants is K of FIPS 180-4, section 4.2.2.
extern const std::uint32_t kRoundConstants[64];

// load_be32 / store_be32 read and write a big-endian 32-bit word.
inline std::uint32_t load_be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
inline void store_be32(std::uint8_t* p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v >> 24);
  p[1] = static_cast<std::uint8_t>(v >> 16);
  p[2] = static_cast<std::uint8_t>(v >> 8);
  p[3] = static_cast<std::uint8_t>(v);
}

}  // namespace fairvec::search
