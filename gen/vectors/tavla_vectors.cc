// Vector files of the tavla family.
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> tavla_vector_kinds() { return {}; }

}  // namespace fairvec::vectors
