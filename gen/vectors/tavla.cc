// The vector files of the tavla-commit-v1 family (specs/tavla-commit-v1.md), in file order: rolls,
// byte picking, commitments and seal codes, proof files, each from its own catalog
// (vectors/tavla_<file>.cc); vectors/tavla.h holds what they share. The canonical JSON behind the
// settings hash is a family of its own (vectors/canonical_json.cc). The flags and the wrong ports
// they name are the family's library, below.
#include "vectors/tavla.h"

namespace fairvec::vectors::tavla_vec {

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("tavla");
    add_wrong_ports(lib);
    add_roll_flags(lib);
    add_pick_flags(lib);
    add_commitment_flags(lib);
    add_verify_flags(lib);
    return lib;
  }();
  return kLibrary;
}

std::vector<VectorKind> files() {
  return {roll_vector_kind(), pick_vector_kind(), commitment_vector_kind(), verify_vector_kind()};
}

}  // namespace fairvec::vectors::tavla_vec
