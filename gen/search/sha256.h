// SHA-256 compression for the search engine: the FIPS 180-4 compression function on one 64-byte
// block, portable and (on x86-64 CPUs that have them) with the SHA-NI instructions, chosen at run
// time. The search engine builds HMACs from these blocks and midstates; everything else in fairvec
// hashes through a crypto backend (core/crypto.h), which is also what the engine is checked against.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace fairvec::search {

// State is the eight 32-bit chaining words H0..H7 of SHA-256.
using State = std::array<std::uint32_t, 8>;

// kInitialState is H(0) of FIPS 180-4, section 5.3.3.
inline constexpr State kInitialState = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// kRoundConstants is K of FIPS 180-4, section 4.2.2.
extern const std::uint32_t kRoundConstants[64];

// compress_portable absorbs one 64-byte |block| into |state| in plain C++. It cannot fail.
void compress_portable(State& state, const std::uint8_t* block);

// sha_ni_available tells whether this CPU has SHA-NI, SSSE3 and SSE4.1 (CPUID), and the build is
// for x86-64. It cannot fail.
bool sha_ni_available();

// compress_sha_ni absorbs one |block| into |state| with SHA-NI. Only call it when
// sha_ni_available(); it cannot fail otherwise.
void compress_sha_ni(State& state, const std::uint8_t* block);

// compress absorbs one |block| with SHA-NI when the CPU has it, else portably. It cannot fail.
void compress(State& state, const std::uint8_t* block);

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
