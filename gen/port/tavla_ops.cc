// Port protocol ops of the tavla family.
#include "port/protocol.h"

namespace fairvec::port {

void add_tavla_ops(Registry& r) { (void)r; }

}  // namespace fairvec::port
