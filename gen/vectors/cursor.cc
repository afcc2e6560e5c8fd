// The vector files of the cursor-v1 family (specs/cursor-v1.md, "Vectors"), in file order:
//   cursor_unit_test.json  u(serverSeed, clientSeed, nonce, cursor) with every intermediate value,
//                          and the commitment (vectors/cursor_unit.cc)
//   cursor_u64_test.json   the u64 -> u conversion alone (vectors/cursor_u64.cc)
//   cursor_draw_test.json  clamped single draws, limbo's formula and the pool hop over given units
//                          (vectors/cursor_draw.cc)
//   cursor_game_test.json  every game's cursors and outcome, for each player action
//                          (vectors/cursor_game.cc)
// vectors/cursor.h holds what the catalogs share, vectors/cursor_ports.cc the wrong ports their
// flags name.
#include "vectors/cursor.h"

namespace fairvec::vectors::cursor_vec {

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("cursor");
    add_wrong_ports(lib);
    add_unit_flags(lib);
    add_u64_flags(lib);
    add_draw_flags(lib);
    add_game_flags(lib);
    return lib;
  }();
  return kLibrary;
}

std::vector<VectorKind> files() {
  return {unit_vector_kind(), u64_vector_kind(), draw_vector_kind(), game_vector_kind()};
}

}  // namespace fairvec::vectors::cursor_vec
