// Compiled against the schemes layer's include root by the CTest test layering_lower_visible: it
// must compile, because core/ is below schemes/ (the control for layering_order_enforced).
#include "core/errors.h"
