#include "schemes/tavla.h"
