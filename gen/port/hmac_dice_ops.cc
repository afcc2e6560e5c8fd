// Port protocol ops of the hmac_dice family.
#include "port/protocol.h"

namespace fairvec::port {

void add_hmac_dice_ops(Registry& r) { (void)r; }

}  // namespace fairvec::port
