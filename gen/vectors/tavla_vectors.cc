// The vector files of the tavla family, in file order: tavla-commit-v1 (rolls, byte picking,
// commitments and seal codes, proof files) and the canonical JSON behind its settings hash. Each
// file has its own generator (tavla_*_vectors.cc, canonical_json_vectors.cc); tavla_common.h holds
// what they share.
#include "vectors/tavla_common.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> tavla_vector_kinds() {
  return {tavla_vec::roll_vector_kind(), tavla_vec::pick_vector_kind(), tavla_vec::commitment_vector_kind(),
          tavla_vec::canonical_json_vector_kind(), tavla_vec::verify_vector_kind()};
}

}  // namespace fairvec::vectors
