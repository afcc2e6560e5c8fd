#include "schemes/crash.h"
