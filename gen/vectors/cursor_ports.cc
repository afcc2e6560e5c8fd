// The wrong ports of cursor-v1 (vectors/flags.h): each a named port bug and what a port with it
// answers to the ops it changes (cursor.unit, cursor.commitment, cursor.u64_to_unit, cursor.draw,
// cursor.limbo, cursor.pool_hop, cursor.game). One Port (vectors/cursor_port.h) describes them all,
// a rule of the spec changed at a time, so that a bug that touches several ops is one port; this
// file names each. The ports named after a mutant of tests/ports/mutants/mutants.py have its bug.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "ops/op_table.h"
#include "schemes/cursor_games.h"
#include "vectors/cursor.h"
#include "vectors/cursor_port.h"
#include "vectors/lenient_ports.h"

namespace fairvec::vectors::cursor_vec {

namespace {

using json::Value;
using rules::Counter;
using rules::game_of_units;
using rules::Port;

// WhichOps lists the ops a wrong port answers.
enum WhichOps : unsigned { kUnit = 1, kCommitment = 2, kU64 = 4, kDraw = 8, kLimbo = 16, kPoolHop = 32, kGame = 64 };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto s = std::make_shared<const Port>(std::move(port));
  auto answer = [&](const char* op, Value (Port::*fn)(const rapidjson::Value&, const Backend&) const) {
    w.answers.push_back({op, [s, fn](const rapidjson::Value& p, const Backend& b) { return ((*s).*fn)(p, b); }});
  };
  if (ops & kUnit) answer("cursor.unit", &Port::unit_answer);
  if (ops & kCommitment) answer("cursor.commitment", &Port::commitment_answer);
  if (ops & kU64) answer("cursor.u64_to_unit", &Port::u64_answer);
  if (ops & kDraw) answer("cursor.draw", &Port::draw_answer);
  if (ops & kLimbo) answer("cursor.limbo", &Port::limbo_answer);
  if (ops & kPoolHop) answer("cursor.pool_hop", &Port::pool_hop_answer);
  if (ops & kGame) answer("cursor.game", &Port::game_answer);
  lib.port(std::move(w));
}

using K = Port::Key;
using M = Port::Message;
using U = Port::Unit;
using T = Port::U64Text;

}  // namespace

void add_wrong_ports(FlagLibrary& lib) {
  // Lenient JSON types of the layer ops (vectors/lenient_ports.h; the counters' are below).
  add_lenient_integer_ports(lib,
                            {.as_text = "cursor-layer-integer-as-text",
                             .integral_float = "cursor-layer-integral-float",
                             .boolean = "cursor-layer-boolean-as-integer"},
                            "draw's n or pool_hop's size", {"cursor.draw", "cursor.pool_hop"});
  lib.port(lenient_port("cursor-number-as-text", "takes a JSON number for a seed, as the text of the number",
                        Leniency::kNumberAsText, {"cursor.unit", "cursor.game"}));
  // The key, the commitment and the message (a port that reads other units answers cursor.game
  // with the round those units give).
  add(lib, "hex-decoded-cursor-key",
      "keys the HMAC with the hex-decoded server seed where the seed is hex, not its UTF-8 text", kUnit | kGame,
      {.key = K::kHexDecoded});
  add(lib, "cursor-commitment-of-decoded-seed",
      "hashes the hex-decoded server seed for the commitment, not its UTF-8 text", kCommitment,
      {.commitment = Port::Commitment::kHexDecoded});
  add(lib, "cursor-utf16-seed", "encodes the server seed as UTF-16LE code units for the HMAC key and the commitment",
      kUnit | kGame | kCommitment, {.key = K::kUtf16, .commitment = Port::Commitment::kUtf16});
  add(lib, "cursor-long-key-truncated",
      "truncates a server seed longer than 64 bytes to 64 bytes instead of hashing it (RFC 2104)", kUnit | kGame,
      {.key = K::kTruncated64});
  add(lib, "cursor-utf16-message", "encodes the message as UTF-16LE code units", kUnit | kGame,
      {.utf16_message = true});
  add(lib, "no-cursor-in-message", "hashes the classic `clientSeed-nonce`, without the cursor", kUnit | kGame,
      {.message = M::kNoCursor});
  add(lib, "nonce-cursor-swapped", "writes the message `clientSeed-cursor-nonce`", kUnit | kGame,
      {.message = M::kCursorFirst});
  add(lib, "cursor-counters-in-hex", "writes nonce and cursor in lowercase hexadecimal in the message", kUnit | kGame,
      {.message = M::kHex});
  add(lib, "cursor-counters-zero-padded", "writes nonce and cursor zero-padded to 16 digits in the message",
      kUnit | kGame, {.message = M::kZeroPadded});
  // The digest's eight bytes and u.
  add(lib, "little-endian-words", "reads the digest's first eight bytes little-endian", kUnit | kGame,
      {.little_endian = true});
  add(lib, "two-roundings", "truncates the u64 to its top 53 bits and divides: (x >> 11) / 2^53, not one rounding",
      kUnit | kGame | kU64, {.unit = U::kTruncated53});
  add(lib, "cursor-ties-round-up", "rounds the u64 to binary64 with ties away from zero, not to even",
      kUnit | kGame | kU64, {.unit = U::kTiesUp});
  add(lib, "cursor-java-unsigned-double",
      "converts the u64 by the Java idiom double(x >>> 1) * 2 + (x & 1), rounding twice", kUnit | kGame | kU64,
      {.unit = U::kJavaIdiom});
  add(lib, "cursor-signed-u64", "holds the u64 in a signed 64-bit integer: x >= 2^63 gives a negative u",
      kUnit | kGame | kU64, {.unit = U::kSigned});
  add(lib, "float32-units", "computes u in 4-byte floats (x / 2^64 rounded to binary32)", kUnit | kGame | kU64,
      {.unit = U::kFloat32});
  add(lib, "cursor-52-bit-unit", "reuses keno's and crash's 52-bit helper: u = (x >> 12) / 2^52", kUnit | kGame | kU64,
      {.unit = U::kLeading52});
  // Reading the u64 text.
  add(lib, "cursor-u64-wrapping", "reads any run of decimal digits modulo 2^64", kU64, {.u64_text = T::kWrapping});
  add(lib, "cursor-u64-js-number",
      "reads the u64 text as JavaScript's Number() does: spaces, sign, fraction, exponent, 0x", kU64,
      {.u64_text = T::kJsNumber});
  add(lib, "cursor-u64-number-accepted", "accepts the u64 as a JSON number as well as a decimal string", kU64,
      {.u64_text = T::kNumberToo});
  // Reading the seeds and counters of cursor.unit (and the nonce of cursor.game).
  add(lib, "cursor-unsafe-counters-accepted", "accepts a nonce or cursor above 2^53 - 1, up to 2^64 - 1", kUnit | kGame,
      {.big = true});
  add(lib, "cursor-negative-counters-accepted", "accepts a negative nonce or cursor", kUnit | kGame,
      {.negative = true});
  add(lib, "cursor-fractional-counters-accepted",
      "accepts any JSON number as a nonce or cursor, written as JavaScript does", kUnit | kGame, {.fraction = true});
  add(lib, "float-as-integer", "accepts an integral float (2.0) as a nonce or cursor", kUnit | kGame,
      {.integral_float = true});
  add(lib, "bool-as-integer", "accepts true and false as the nonce or cursor 1 and 0", kUnit | kGame,
      {.boolean = true});
  add(lib, "cursor-string-as-integer", "accepts a decimal string as a nonce or cursor", kUnit | kGame,
      {.string_counter = true});
  add(lib, "cursor-js-string-coercion",
      "takes seeds and counters of any JSON type as JavaScript's String() writes them", kUnit | kGame,
      {.coerce = true});
  // Draws over given units.
  add(lib, "no-clamp-at-1", "draws floor(u * n) without the clamp to n - 1: u = 1.0 gives n, past the pool",
      kDraw | kPoolHop, {.no_draw_clamp = true});
  add(lib, "cursor-exact-integer-draw",
      "draws floor(x * n / 2^64) in exact integers from the u64, not in binary64 from u", kDraw, {.exact_draw = true});
  add(lib, "limbo-no-clamp", "clamps limbo's result up to 100 but not down to 1000000: u = 1.0 has no integer result",
      kLimbo, {.no_limbo_max = true});
  add(lib, "cursor-limbo-no-min-clamp", "clamps limbo's result down to 1000000 but not up to 100: u = 0 gives 99",
      kLimbo, {.no_limbo_min = true});
  add(lib, "cursor-limbo-other-order", "computes limbo as floor(99 / (1 - u)), not floor(0.99 / (1 - u) * 100)", kLimbo,
      {.limbo_other_order = true});
  add(lib, "cursor-limbo-exact-integers",
      "computes limbo in exact integers from the u64: floor(99 * 2^64 / (2^64 - x))", kLimbo, {.limbo_exact = true});
  add(lib, "splice-not-swap",
      "removes the pick from the pool and closes the gap (splice) instead of swapping it with the last item",
      kPoolHop | kGame, {.splice = true});
  add(lib, "cursor-pool-overdraw-ignored",
      "stops drawing when the pool is empty: units past its size, or andar bahar cards past 52, are ignored",
      kPoolHop | kGame, {.overdraw_ignored = true});
  add(lib, "cursor-unit-range-clamped", "reads a unit outside [0, 1] as the nearest end", kDraw | kLimbo | kPoolHop,
      {.clamped_units = true});
  add(lib, "cursor-unit-string-accepted", "reads a unit given as a decimal string as its number",
      kDraw | kLimbo | kPoolHop, {.string_units = true});
  // Game options.
  add(lib, "cursor-unknown-options-ignored", "ignores options members the game does not define", kGame,
      {.unknown_options_ignored = true});
  add(lib, "cursor-actions-after-stand-ignored", "ignores blackjack actions after the first \"stand\"", kGame,
      {.after_stand_ignored = true});
}

}  // namespace fairvec::vectors::cursor_vec
