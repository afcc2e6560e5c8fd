// cursor_games (to be written).
#pragma once
