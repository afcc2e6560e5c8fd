#include "schemes/canonical_json.h"
