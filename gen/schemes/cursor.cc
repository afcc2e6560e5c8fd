#include "schemes/cursor.h"
