// SHA-512 compression for the search engine: the FIPS 180-4 compression function on one 128-byte
// block, in portable C++ (section 6.4.2). As with SHA-256 (search/sha256.h), the engine builds
// HMACs from these blocks and midstates; everything else hashes through a crypto backend
// (core/crypto.h), which is also what the engine is checked against (tests/search_test.cc).
#pragma once

#include <array>
#include <cstdint>

namespace fairvec::search {

// State512 is the eight 64-bit chaining words H0..H7 of SHA-512.
using State512 = std::array<std::uint64_t, 8>;

// kInitialState512 is H(0) of FIPS 180-4, section 5.3.5.
inline constexpr State512 kInitialState512 = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                              0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                              0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

// load_be64 / store_be64 read and write a big-endian 64-bit word.
inline std::uint64_t load_be64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | p[i];
  return v;
}
inline void store_be64(std::uint8_t* p, std::uint64_t v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}

// compress512 absorbs one 128-byte |block| into |state|. It cannot fail.
void compress512(State512& state, const std::uint8_t* block);

}  // namespace fairvec::search
