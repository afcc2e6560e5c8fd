// The hexwin-v1 family's vector files (specs/hexwin-v1.md, "Vectors"): bets from their seeds and
// nonce (hexwin_roll_test.json) and windows read from given digests (hexwin_from_hex_test.json),
// both in vectors/hexwin.cc, checked against the wrong ports of vectors/hexwin_ports.cc.
#pragma once

#include <string>
#include <vector>

#include "vectors/flags.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::hexwin_vec {

// library is the family's flag library (vectors/flags.h): the wrong ports of hexwin_ports.cc, then
// the flags of each file, in file order. It cannot fail (a library that does not build is a
// generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);

// wrong_roll is the roll a wrong port gives a digest's hex under |convention|; |port| is
// "multiplies" (hexwin-multiplies) or "" (the spec's reading). Throws as hexwin::find_convention.
[[nodiscard]] double wrong_roll(const std::string& port, const std::string& convention, const std::string& hex);

// files lists the family's vector files in order. It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::hexwin_vec
