// The vector files of the hmac-dice-v1 family (specs/hmac-dice-v1.md, "Vector files"), in file
// order: seals, rolls, picks over given MACs with `+` retry messages, links, recorded listings and
// whole matches, each from its own catalog (vectors/hmac_dice_<file>.cc). Every value is derived
// from fixed labels through SHA-256 or found by a deterministic search from a fixed start, so a
// regeneration is byte-identical; vectors/hmac_dice.h holds what the catalogs share.
#include "vectors/hmac_dice.h"

namespace fairvec::vectors::hmac_dice_vec {

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("hmac_dice");
    add_wrong_ports(lib);
    add_seal_flags(lib);
    add_roll_flags(lib);
    add_pick_flags(lib);
    add_link_flags(lib);
    add_recorded_flags(lib);
    add_match_flags(lib);
    return lib;
  }();
  return kLibrary;
}

std::vector<VectorKind> files() {
  return {seal_vector_kind(), roll_vector_kind(),     pick_vector_kind(),
          link_vector_kind(), recorded_vector_kind(), match_vector_kind()};
}

}  // namespace fairvec::vectors::hmac_dice_vec
