// Port protocol ops of the keno_crash family.
#include "port/protocol.h"

namespace fairvec::port {

void add_keno_crash_ops(Registry& r) { (void)r; }

}  // namespace fairvec::port
