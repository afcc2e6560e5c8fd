// stake-v1 (specs/stake-v1.md): Stake's published provably-fair scheme. A round (server seed,
// client seed, nonce) is a stream of bytes: round r of it is HMAC-SHA256(key = the server seed's
// UTF-8 text, msg = `${clientSeed}:${nonce}:${r}`), 32 bytes each, read from byte |cursor| on. Each
// float takes the next 4 bytes, Σ byte_i / 256^(i+1) (exactly u32 / 2^32). Games translate the
// floats into events (schemes/stake.h, "games"); crash is a separate hash chain, read by HMAC of the
// game hash over a published salt.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/input_rules.h"
#include "core/json.h"

namespace fairvec::stake {

// The largest nonce and byte cursor: 2^53 - 1 (specs/stake-v1.md S4, fairvec's decision).
// The most floats one stake.floats request reads (a game reads at most 52).
inline constexpr std::uint64_t kMaxCount = 1024;
// 2^32: every float is an integer multiple of 2^-32.
inline constexpr double kTwo32 = 4294967296.0;
// The salt of Stake's crash chain (specs/stake-v1.md S30): the hash of a Bitcoin block.
inline constexpr const char* kCrashSalt = "0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4";

// The seed text and counter rules (check_text, read_text, read_counter, kMaxCounter) are
// core/input_rules.h's, shared with the other families.

// check_count returns |n|; it throws InputError naming |field| unless 1 <= n <= kMaxCount.
std::uint64_t check_count(std::uint64_t n, std::string_view field);

// message returns `${clientSeed}:${nonce}:${round}` (decimal ASCII, no leading zeros; the client
// seed as given, ':' included). It cannot fail.
[[nodiscard]] std::string message(std::string_view client_seed, std::uint64_t nonce, std::uint64_t round);

// float_of returns Σ b_i / 256^(i+1) for the 4 bytes |b|, summed left to right in binary64 (every
// partial sum is exact: the value is u32 / 2^32). It cannot fail.
[[nodiscard]] double float_of(const std::array<std::uint8_t, 4>& b);

// Floats is what one read of a round gives: the MACs read (with their messages and rounds) and, for
// each float, its value, its four bytes and the round and offset of its first byte.
struct Floats {
  std::vector<std::uint64_t> mac_rounds;
  std::vector<std::string> messages;
  std::vector<Digest> macs;
  std::vector<double> floats;
  std::vector<std::array<std::uint8_t, 4>> bytes;
  std::vector<std::uint64_t> rounds;  // round of each float's first byte
  std::vector<unsigned> offsets;      // byte offset of each float's first byte within its round
};

// floats reads |count| floats of the round from byte |cursor| on (round floor(cursor / 32), byte
// cursor mod 32 of it; a float may straddle two rounds). It throws InputError naming "serverSeed",
// "clientSeed" (ill-formed UTF-8), "nonce", "cursor" (above 2^53 - 1) or "count" (outside
// 1..kMaxCount), in that order; BackendError if the backend fails.
[[nodiscard]] Floats floats(const Backend& backend, std::string_view server_seed, std::string_view client_seed,
                            std::uint64_t nonce, std::uint64_t cursor, std::uint64_t count);

// ---- Games (schemes/stake_games.cc, specs/stake-v1.md S10..S24) --------------------------------

// game_names lists every stake-v1 game, in the order the spec describes them. It cannot fail.
[[nodiscard]] const std::vector<std::string>& game_names();

// outcome_names lists the outcome members of |game|, in the order event() gives them. Throws
// InputError naming "game" for an unknown game.
[[nodiscard]] const std::vector<std::string>& outcome_names(std::string_view game);

// read_game reads a game name that game_names() lists. Throws InputError naming |field|.
[[nodiscard]] std::string read_game(const rapidjson::Value& v, std::string_view field);

// floats_needed returns how many floats a round of |game| with |options| reads. It throws
// InputError naming "game" for an unknown game, "options" when options is not an object and
// "options.<member>" (with the element position, where there is one) for a missing, unknown or
// out-of-bounds member.
[[nodiscard]] std::size_t floats_needed(std::string_view game, const rapidjson::Value& options);

// check_event_float returns |f|; it throws InputError naming |field| at |position| unless f is an
// integer multiple of 2^-32 in [0, 1 - 2^-32] (a value 4 bytes can give).
double check_event_float(double f, std::string_view field, std::size_t position);

// event translates |floats| (exactly floats_needed(game, options) of them) into the outcome of
// |game|, its members in outcome_names' order. It throws as floats_needed does, InputError naming
// "floats" for another count, and "floats" at position 0 for limbo's float 0 (Stake's code divides
// by zero there: fairvec's decision, S12).
[[nodiscard]] json::Object event(std::string_view game, std::span<const double> floats,
                                 const rapidjson::Value& options);

// Round is one round of a game: the floats read (from cursor 0) and the outcome.
struct Round {
  Floats read;
  json::Object outcome;
};

// play runs one round of |game|. It throws InputError naming "game", "options.<member>",
// "serverSeed", "clientSeed" or "nonce", and as event does; BackendError if the backend fails.
[[nodiscard]] Round play(const Backend& backend, std::string_view game, std::string_view server_seed,
                         std::string_view client_seed, std::uint64_t nonce, const rapidjson::Value& options);

// limbo_multiplier returns Stake's limbo: max(floor(1e8 / (f * 1e8) * 0.99 * 100) / 100, 1), each
// step in binary64 in exactly that order. Throws InputError naming "floats" when f = 0.
[[nodiscard]] double limbo_multiplier(double f);

// dice_roll returns floor(f * 10001) / 100 in binary64. It cannot fail.
[[nodiscard]] double dice_roll(double f);

// ---- Crash (specs/stake-v1.md S30..S32) ---------------------------------------------------------

// CrashPoint is one crash game: the HMAC, its leading 32 bits and the point.
struct CrashPoint {
  Digest hmac;
  std::uint32_t int32 = 0;
  double point = 1.0;
};

// check_game_hash throws InputError naming |field| (with the position of the first bad character)
// unless |hash| is 64 lowercase hex digits, as Stake shows a game's hash.
void check_game_hash(std::string_view hash, std::string_view field);

// crash_point returns game |hash|'s point: HMAC-SHA256(key = the hash's text, msg = the salt's
// text), int = its first 4 bytes big-endian, point = floor(max(1, 2^32 / (int + 1) * 0.99) * 100)
// / 100 in binary64. It throws InputError naming "gameHash" (check_game_hash) or "salt" (ill-formed
// UTF-8); BackendError if the backend fails.
[[nodiscard]] CrashPoint crash_point(const Backend& backend, std::string_view hash, std::string_view salt);

}  // namespace fairvec::stake
