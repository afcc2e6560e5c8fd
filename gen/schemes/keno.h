// keno-v1 (specs/keno-v1.md): the per-ticket hash chain of the cursor-v1 engine's keno game.
// Each of ten balls is drawn from a shrinking pool of 1..40 with swap-to-end; ball i reads
// link i = HMAC-SHA256(key = salt's UTF-8 bytes, msg = the text of link i-1), where the text of
// link 0 is the ticket's random hash exactly as given and the text of every later link is its
// lowercase hex.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/input_rules.h"

namespace fairvec::keno {

inline constexpr int kPoolSize = 40;  // balls 1..40
inline constexpr int kBalls = 10;     // balls drawn per ticket

// The text rule (check_text) and leading52 are core/input_rules.h's, shared with crash.

// pick_index returns floor(norm × remaining) with norm = h52 / 2^52, evaluated in IEEE-754
// binary64 (round to nearest even) as the engine's JavaScript does. For h52 < 2^52 and
// 1 <= remaining <= 40 the result is always < remaining (specs/keno-v1.md, "No clamp"). It throws
// std::invalid_argument when h52 >= 2^52 or remaining is outside 1..40 (a caller bug, not input).
[[nodiscard]] int pick_index(std::uint64_t h52, int remaining);

// Draw is one ticket: the links read, the numbers taken from them, and the balls in draw order.
struct Draw {
  std::vector<Digest> links;       // links 1..10 (link i is read by ball i)
  std::vector<std::uint64_t> h52;  // leading 52 bits of each link
  std::vector<int> indices;        // pool position picked by each ball
  std::vector<int> balls;          // the ten balls, in draw order
};

// chain returns links 1..10 of the ticket: link 1 = HMAC-SHA256(salt bytes, random hash bytes as
// given), link i = HMAC-SHA256(salt bytes, lowercase hex of link i-1). It does not validate (see
// draw); it throws only BackendError from the backend.
[[nodiscard]] std::vector<Digest> chain(std::string_view random_hash, std::string_view salt, const Backend& backend);

// pick draws the ten balls from the given links 1..10 (pool 1..40 ascending, index =
// pick_index(leading52(link i), 41 - i), the picked ball swapped with the last of the pool, pool
// shrinks by one). It throws std::invalid_argument unless |links| holds exactly 10 links.
[[nodiscard]] Draw pick(std::span<const Digest> links);

// pick_hex is pick over links given as hex text (the keno.pick port op). It throws InputError
// naming "links" when there are not exactly 10, or "links[i]" for a link that is not 64 hex digits.
[[nodiscard]] Draw pick_hex(const std::vector<std::string>& links);

// draw computes a whole ticket from its random hash and salt, both any well-formed UTF-8 text of
// any length (including empty), hashed as given: no hex decoding, no case folding. It throws
// InputError naming "randomHash" or "salt" (checked in that order) with the byte offset of the
// first ill-formed UTF-8 sequence.
[[nodiscard]] Draw draw(std::string_view random_hash, std::string_view salt, const Backend& backend);

}  // namespace fairvec::keno
