// Compiled against the schemes layer's include root by the CTest test layering_order_enforced: it
// must fail, because vectors/ is above schemes/ (gen/CMakeLists.txt).
#include "vectors/vector_file.h"
