#include "schemes/cursor_games.h"
