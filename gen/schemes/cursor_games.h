// cursor-v1 game layouts (specs/cursor-v1.md, "Games"): for each game, which cursors a round reads
// for which player actions, in which order, and how each u becomes an outcome. Keno and crash do not
// read the seed pair and are not here (schemes/keno.h, schemes/crash.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"
#include "schemes/cursor.h"

namespace fairvec::cursor {

// The largest count an option may give (flips, free spins, fillers, floors, rows, actions, dealer
// draws, chinchiro sides): a bound of this kit, so every round's work is bounded.
inline constexpr std::uint64_t kMaxOptionCount = 1000;

// GameResult is one round: every number read (cursor, u64, u; the cursors in read order) and the
// game's outcome fields in the order specs/cursor-v1.md lists them.
struct GameResult {
  std::vector<Read> reads;
  json::Object outcome;
};

// game_names lists every cursor game, in the order specs/cursor-v1.md describes them. It cannot
// fail.
const std::vector<std::string>& game_names();

// outcome_names lists the outcome members of |game|, in the order play() gives them. Throws
// InputError naming "game" for an unknown game.
[[nodiscard]] const std::vector<std::string>& outcome_names(std::string_view game);

// read_game reads a game name: a JSON string that game_names() lists. Throws InputError naming
// |field| ("must be a string", "not a cursor-v1 game: '<name>'").
[[nodiscard]] std::string read_game(const rapidjson::Value& v, std::string_view field);

// play runs one round of |game| for the seed pair and |nonce| with the player's |options| (a JSON
// object whose members the game defines; every member is required and no other is allowed). It
// throws InputError naming "game" for an unknown game, "serverSeed", "clientSeed" or "nonce" for bad
// round inputs, "options" when options is not an object and "options.<member>" for a missing,
// unknown or malformed member (with the element position, when there is one). BackendError if the
// backend fails.
[[nodiscard]] GameResult play(const Backend& backend, std::string_view game, std::string_view server_seed,
                              std::string_view client_seed, std::uint64_t nonce, const rapidjson::Value& options);

// play_params runs play on a JSON object with members game, serverSeed, clientSeed, nonce and
// options (the port protocol's cursor.game params). It throws InputError naming the first missing
// or malformed member ("game", "serverSeed", "clientSeed", "nonce", "options", "options.<member>"),
// checked in that order, and as play does.
[[nodiscard]] GameResult play_params(const Backend& backend, const rapidjson::Value& params);

}  // namespace fairvec::cursor
