// The keno-v1 family's vector files (specs/keno-v1.md, "Vectors"): tickets drawn through the salt's
// HMAC chain (keno_draw_test.json) and the pick layer over given links (keno_pick_test.json), both
// in vectors/keno.cc.
#pragma once

#include <vector>

#include "vectors/vector_file.h"

namespace fairvec::vectors::keno_vec {

// files lists the family's vector files in order. It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::keno_vec
