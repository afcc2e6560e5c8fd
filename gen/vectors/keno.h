// The keno-v1 family's vector files (specs/keno-v1.md, "Vectors"): tickets drawn through the salt's
// HMAC chain (keno_draw_test.json) and the pick layer over given links (keno_pick_test.json), both
// in vectors/keno.cc.
#pragma once

#include <cstdint>
#include <vector>

#include "core/crypto.h"
#include "core/json.h"
#include "vectors/flags.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::keno_vec {

// library is the family's flag library (vectors/flags.h): the wrong ports of keno_ports.cc, then
// each file's flags, in file order; a flag two files use is defined by the first. It cannot fail
// (a library that does not build is a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
void add_draw_flags(FlagLibrary& lib);
void add_pick_flags(FlagLibrary& lib);

// balls_of draws the ten balls from |links| by the spec's index rule, swapping the picked ball to
// the end of the pool or, with |splice|, removing it and closing the gap (vectors/keno_ports.cc).
// It throws InputError where an index leaves the pool (it cannot, by the spec's rule).
[[nodiscard]] json::Value balls_of(const std::vector<Digest>& links, bool splice = false);
// exact_index is floor(h52 * remaining / 2^52) in exact integers (what the binary64 rule is not).
[[nodiscard]] int exact_index(std::uint64_t h, int remaining);
// index_from_64_bits is what a port reading the leading 64 bits as u64 / 2^64 (the cursor-v1
// unit) would pick. It cannot fail.
[[nodiscard]] int index_from_64_bits(const Digest& d, int remaining);

// files lists the family's vector files in order. It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::keno_vec
