// hmac_dice (to be written).
#pragma once
