// The vector files of the cursor family (specs/cursor-v1.md, "Vectors"), in file order:
//   cursor_unit_test.json  u(serverSeed, clientSeed, nonce, cursor) with every intermediate value,
//                          and the commitment (cursor_unit_vectors.cc)
//   cursor_u64_test.json   the u64 -> u conversion alone (cursor_u64_vectors.cc)
//   cursor_draw_test.json  clamped single draws, limbo's formula and the pool hop over given units
//                          (cursor_draw_vectors.cc)
//   cursor_game_test.json  every game's cursors and outcome, for each player action
//                          (cursor_game_vectors.cc)
// cursor_common.h holds what the generators share.
#include "vectors/cursor_common.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> cursor_vector_kinds() {
  return {cursor_vec::unit_vector_kind(), cursor_vec::u64_vector_kind(), cursor_vec::draw_vector_kind(),
          cursor_vec::game_vector_kind()};
}

}  // namespace fairvec::vectors
