// A fixture for include_cycles_bites: x/a and x/b include each other's header.
#pragma once
#include "x/b.h"
