// SHA-256 compression for the search engine: the FIPS 180-4 compression function on one 64-byte
// block, portable and (on x86-64 CPUs that have them) with the SHA-NI instructions, chosen at run
// time. The search engine builds HMACs from these blocks and midstates; everything else in fairvec
// hashes through a crypto backend (core/crypto.h), which is also what the engine is checked against.
#pragma once

#include <cstdint>
#include <string_view>

#include "search/sha256_state.h"

namespace fairvec::search {

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

}  // namespace fairvec::search
