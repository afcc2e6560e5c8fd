// A fixture for include_cycles_bites: the implementation of x/b includes x/a.
#include "x/b.h"
#include "x/a.h"
