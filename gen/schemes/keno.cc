#include "schemes/keno.h"
