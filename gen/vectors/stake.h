// The stake-v1 family's vector files (specs/stake-v1.md, "Vectors"), each a catalog of its own:
//   stake_floats_test.json  stake.floats: floats from a byte cursor, with every MAC message, round,
//                           offset and byte (vectors/stake_floats.cc)
//   stake_game_test.json    stake.game: rounds of every game, Stake's published answers among them
//                           (vectors/stake_game.cc)
//   stake_event_test.json   stake.event: games over given floats (the largest float, zero, limbo's
//                           operation order) (vectors/stake_event.cc)
//   stake_crash_test.json   stake.crash: crash points of game hashes (vectors/stake_crash.cc)
// The flags and the wrong ports they name are the family's FlagLibrary (vectors/stake_ports.cc).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "vectors/flags.h"
#include "vectors/material.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::stake_vec {

// Stake's published examples (specs/stake-v1-published.json): the seeds of the verifier's tests
// (provably-fair-betting/verifierform-stake, tests/lib/...).
inline constexpr const char* kFloatsServer = "5d43f77f53fec7d115180136105400f0fd2a1f20b681b6b54a289c207923b190";
inline constexpr const char* kFloatsClient = "iyAyNGKPsa";
inline constexpr const char* kGameServer = "735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4";
inline constexpr const char* kGameClient = "ec75fca98de6f2d9";

// seed_hex returns 64 hex digits of the stream |label| at |i| (a server seed as Stake shows one).
inline std::string seed_hex(std::string_view label, std::uint64_t i) {
  return hex(stream("stake/" + std::string(label), i));
}

// The family's vector files, one function per catalog file.
VectorKind floats_vector_kind();
VectorKind game_vector_kind();
VectorKind event_vector_kind();
VectorKind crash_vector_kind();

// library is the family's flag library: the wrong ports of stake_ports.cc, then every flag. It
// cannot fail (a library that does not build is a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
void add_flags(FlagLibrary& lib);

// files lists the family's vector files in order (vectors/stake.cc). It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::stake_vec
