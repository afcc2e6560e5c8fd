#include "schemes/tavla_proof.h"
