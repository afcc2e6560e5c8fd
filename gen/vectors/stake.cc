// The vector files of the stake-v1 family (specs/stake-v1.md, "Vectors"), in file order, and its
// flag library. Every input is a published example, a fixed label's SHA-256 stream or found by a
// deterministic search, so a regeneration is byte-identical; vectors/stake.h holds what they share.
#include "vectors/stake.h"

namespace fairvec::vectors::stake_vec {

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("stake");
    add_wrong_ports(lib);
    add_flags(lib);
    return lib;
  }();
  return kLibrary;
}

std::vector<VectorKind> files() {
  return {floats_vector_kind(), game_vector_kind(), event_vector_kind(), crash_vector_kind()};
}

}  // namespace fairvec::vectors::stake_vec
