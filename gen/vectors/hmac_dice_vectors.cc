// The vector files of the hmac-dice-v1 family (specs/hmac-dice-v1.md, "Vector files"), in file
// order: seals, rolls, picks over given MACs with `+` retry messages, links, recorded listings and
// whole matches, each from its own generator (hmac_dice_<file>_vectors.cc). Every value is derived
// from fixed labels through SHA-256 or found by a deterministic search from a fixed start, so a
// regeneration is byte-identical; hmac_dice_common.h holds what the generators share.
#include "vectors/hmac_dice_common.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> hmac_dice_vector_kinds() {
  return {hmac_dice_vec::seal_vector_kind(), hmac_dice_vec::roll_vector_kind(),
          hmac_dice_vec::pick_vector_kind(), hmac_dice_vec::link_vector_kind(),
          hmac_dice_vec::recorded_vector_kind(), hmac_dice_vec::match_vector_kind()};
}

}  // namespace fairvec::vectors
