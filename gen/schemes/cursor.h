// cursor-v1 (specs/cursor-v1.md): a round is a numbered list of uniform numbers. Number |cursor|
// of round |nonce| is u64(HMAC-SHA256(key = the server seed's UTF-8 bytes,
// msg = `${clientSeed}-${nonce}-${cursor}`)), the first eight digest bytes read big-endian and
// converted to a double in [0, 1] with a single rounding. This header holds that layer, the clamped
// single draw, the pool hop (draw without replacement), limbo's formula and the commitment; the
// per-game cursor layouts are in schemes/cursor_games.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/input_rules.h"

namespace fairvec::cursor {

// The largest pool size and draw size n: 2^53 - 1, so that n is exact in binary64 and every index
// travels as a JSON number.
inline constexpr std::uint64_t kMaxPool = kMaxSafeInteger;
// The most units one pool_hop draws (a game draws at most a few dozen): bounds its memory, and its
// reply — a pick of the largest pool is 16 digits — far below the reply-line limit.
inline constexpr std::size_t kMaxPoolUnits = 100000;
// limbo's result range, in hundredths.
inline constexpr std::int64_t kLimboMin = 100;
inline constexpr std::int64_t kLimboMax = 1000000;

// The seed text and counter rules (check_text, read_text, check_counter, read_counter,
// kMaxCounter) are core/input_rules.h's, shared with the other families.

// message returns the HMAC message `${clientSeed}-${nonce}-${cursor}` (decimal ASCII, no leading
// zeros). It throws InputError naming "clientSeed", "nonce" or "cursor" on bad input.
[[nodiscard]] std::string message(std::string_view client_seed, std::uint64_t nonce, std::uint64_t cursor);

// digest returns HMAC-SHA256(key = |server_seed|'s bytes, msg = message(...)). It throws
// InputError naming "serverSeed", "clientSeed", "nonce" or "cursor" on bad input, BackendError if
// the backend fails.
[[nodiscard]] Digest digest(const Backend& backend, std::string_view server_seed, std::string_view client_seed,
                            std::uint64_t nonce, std::uint64_t cursor);

// mac returns HMAC-|hash|(key = |server_seed|'s bytes, msg = message(...)): the cursor helpers
// over any hash the backend takes (core/crypto.h), for engines that run cursor-v1's message and
// unit on HMAC-SHA512; cursor-v1 itself is digest, the SHA-256 one. It throws as digest does.
[[nodiscard]] Bytes mac(const Backend& backend, Hash hash, std::string_view server_seed, std::string_view client_seed,
                        std::uint64_t nonce, std::uint64_t cursor);

// u64_of returns the first eight bytes of |d| as a big-endian integer (hi = bytes 0..3,
// lo = bytes 4..7, value = hi·2^32 + lo). It throws std::invalid_argument when |d| holds fewer
// than 8 bytes (a caller bug; every MAC holds 32 or 64).
[[nodiscard]] std::uint64_t u64_of(ByteView d);

// unit_of is unit over mac(|hash|, ...): u64_to_unit(u64_of(mac(...))). Throws as mac does.
[[nodiscard]] double unit_of(const Backend& backend, Hash hash, std::string_view server_seed,
                             std::string_view client_seed, std::uint64_t nonce, std::uint64_t cursor);

// u64_to_unit returns |x| / 2^64 rounded once to the nearest binary64 (ties to even): the integer
// is converted to double once and scaled by 2^-64, which is exact. u is 1.0 exactly when
// x >= 2^64 - 2^10. It cannot fail.
[[nodiscard]] double u64_to_unit(std::uint64_t x);

// bits_hex returns the 16 lowercase hex digits of |d|'s binary64 bits, most significant first (the
// `uBits` members of the vector files). It cannot fail.
[[nodiscard]] std::string bits_hex(double d);

// unit returns u(serverSeed, clientSeed, nonce, cursor) = u64_to_unit(u64_of(digest(...))).
// Throws as digest does.
[[nodiscard]] double unit(const Backend& backend, std::string_view server_seed, std::string_view client_seed,
                          std::uint64_t nonce, std::uint64_t cursor);

// commitment returns hex(SHA-256(|server_seed|'s UTF-8 bytes)). It throws InputError naming
// "serverSeed" when the seed is not well-formed UTF-8, BackendError if the backend fails.
[[nodiscard]] std::string commitment(const Backend& backend, std::string_view server_seed);

// check_unit returns |u|; it throws InputError naming |field| (and |position|, when given) unless
// 0 <= u <= 1.
double check_unit(double u, std::string_view field, std::optional<std::size_t> position = {});

// draw returns the clamped single draw min(floor(u × n), n − 1), the product computed in binary64.
// It throws InputError naming "u" unless 0 <= u <= 1 and "n" unless 1 <= n <= 2^53 - 1.
[[nodiscard]] std::uint64_t draw(double u, std::uint64_t n);

// limbo_hundredths returns clamp(floor(0.99 / (1 − u) × 100), 100, 1000000), each step in
// binary64 in exactly that order; u = 1 divides by zero, giving +infinity, which clamps to 1000000.
// It throws InputError naming "u" unless 0 <= u <= 1.
[[nodiscard]] std::int64_t limbo_hundredths(double u);
// limbo_scaled returns 0.99 / (1 − u) × 100 in binary64, in that order, before floor and clamp
// (+infinity when u = 1). It throws InputError naming "u" unless 0 <= u <= 1.
[[nodiscard]] double limbo_scaled(double u);

// Pool is an ascending pool first + 0, first + 1, …, first + size − 1 drawn without replacement by
// pool hop: index = draw(u, remaining); take pool[index]; swap pool[index] with
// pool[remaining − 1]; shrink. Only swapped slots are stored, so memory grows with the number of
// draws, not with |size|.
class Pool {
 public:
  // Pool throws InputError naming "size" when size > 2^53 - 1.
  Pool(std::uint64_t first, std::uint64_t size);
  // remaining returns how many items are still in the pool.
  std::uint64_t remaining() const { return remaining_; }
  // take draws one item with |u|; |index| (optional) receives the index used. It throws
  // InputError naming "units" when the pool is empty (pool exhaustion) and "u" unless 0 <= u <= 1.
  [[nodiscard]] std::uint64_t take(double u, std::uint64_t* index = nullptr);

 private:
  std::uint64_t at(std::uint64_t i) const;
  std::uint64_t first_;
  std::uint64_t remaining_;
  std::map<std::uint64_t, std::uint64_t> moved_;  // slot -> offset, for slots that differ from i
};

// PoolHopResult is what pool_hop draws: |picks| (items, in draw order) and |indexes| (the index
// into the remaining pool at each draw).
struct PoolHopResult {
  std::vector<std::uint64_t> picks;
  std::vector<std::uint64_t> indexes;
};

// pool_hop draws units.size() items from the pool 0..size−1 by pool hop. It throws InputError
// naming "size" unless 1 <= size <= 2^53 − 1, "units" with the position of the first unit outside [0, 1]
// or, for pool exhaustion (more units than size), the position of the first unit left without an
// item.
[[nodiscard]] PoolHopResult pool_hop(std::span<const double> units, std::uint64_t size);

// Read is one number of a round: its cursor, the 64-bit value and u.
struct Read {
  std::uint64_t cursor = 0;
  std::uint64_t u64 = 0;
  double u = 0;
};

// Stream reads numbers of one round (seed pair and nonce) and records the cursors read, in order.
class Stream {
 public:
  // Stream validates its inputs: throws InputError naming "serverSeed", "clientSeed" or "nonce".
  Stream(const Backend& backend, std::string server_seed, std::string client_seed, std::uint64_t nonce);
  // read returns u at |cursor| and records the read. Throws InputError naming "cursor" when
  // cursor > 2^53 − 1, BackendError if the backend fails.
  double read(std::uint64_t cursor);
  // reads lists every read so far, in order.
  const std::vector<Read>& reads() const { return reads_; }

 private:
  const Backend& backend_;
  std::string server_seed_;
  std::string client_seed_;
  std::uint64_t nonce_;
  std::vector<Read> reads_;
};

}  // namespace fairvec::cursor
