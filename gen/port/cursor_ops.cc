// Port protocol ops of the cursor family.
#include "port/protocol.h"

namespace fairvec::port {

void add_cursor_ops(Registry& r) { (void)r; }

}  // namespace fairvec::port
