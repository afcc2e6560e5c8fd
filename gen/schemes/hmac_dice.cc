#include "schemes/hmac_dice.h"
