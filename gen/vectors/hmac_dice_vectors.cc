// Vector files of the hmac_dice family.
#include "vectors/vector_file.h"

namespace fairvec::vectors {

std::vector<VectorKind> hmac_dice_vector_kinds() { return {}; }

}  // namespace fairvec::vectors
