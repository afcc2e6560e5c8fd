// Vector files of the keno_crash family.
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> keno_crash_vector_kinds() { return {}; }

}  // namespace fairvec::vectors
