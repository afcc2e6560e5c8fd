// Vector files of the cursor family.
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> cursor_vector_kinds() { return {}; }

}  // namespace fairvec::vectors
