// crash (specs/crash.md): crash points from a reverse-played SHA-256 hash chain, in four
// conventions: betkyo-exact (the cursor-v1 engine's, exact integers); bustabit-v1 (bustabit's 2015
// chain: HMAC keyed with the link's hex text, 1-in-101 instant bust, binary64, chain over the hex
// text); bustabit-v2 (its 2018 chain, games 1 … 10,000,000: HMAC keyed with the salt over the link's
// raw bytes, binary64, clamped at 1.00x, chain over the hex text); bustabit-2025 (its chain from
// game 10,000,001, classic scheme since its 2025 seeding event: bustabit-v2's point, chain over the
// raw 32 bytes). Crash points are in hundredths (100 = 1.00x).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"

namespace fairvec::crash {

enum class Convention { kBetkyoExact, kBustabitV1, kBustabitV2, kBustabit2025 };

inline constexpr std::uint64_t kE = std::uint64_t{1} << 52;  // e = 2^52

// parse_convention reads "betkyo-exact", "bustabit-v1", "bustabit-v2" or "bustabit-2025" (exactly,
// case-sensitive).
// It throws InputError naming "convention" on anything else.
[[nodiscard]] Convention parse_convention(std::string_view name);

// convention_name returns the convention's name as parse_convention reads it. It cannot fail.
[[nodiscard]] std::string_view convention_name(Convention c);
// convention_names lists the four names, in the order above. It cannot fail.
[[nodiscard]] std::vector<std::string> convention_names();

// h52 returns the leading 52 bits of |d| (its first 13 hex digits). It cannot fail.
[[nodiscard]] std::uint64_t h52(const Digest& d);

// divisible_by_101 tells whether |d|, read as one 256-bit big-endian integer, is divisible by 101
// (exact arithmetic). It cannot fail.
[[nodiscard]] bool divisible_by_101(const Digest& d);

// divisible_by_101_in_doubles is the check a port gets wrong: the 256-bit value rounded to the
// nearest binary64 (as JavaScript's parseInt(hex, 16) does), then fmod by 101. Used only to flag
// vectors on which the two checks disagree. It cannot fail.
[[nodiscard]] bool divisible_by_101_in_doubles(const Digest& d);

// The crash formulas over h (0 <= h < 2^52). Each throws std::invalid_argument when h >= 2^52.
// exact_v1 = floor((100·2^52 − h) / (2^52 − h)) in exact integer arithmetic (betkyo-exact's formula).
[[nodiscard]] std::uint64_t exact_v1(std::uint64_t h);
// double_v1 = Math.floor((100 * e - h) / (e - h)) in binary64, e = 2^52 (bustabit-v1's JavaScript).
[[nodiscard]] std::uint64_t double_v1(std::uint64_t h);
// exact_v2 = max(100, floor(99·2^52 / (2^52 − h))) in exact integers.
[[nodiscard]] std::uint64_t exact_v2(std::uint64_t h);
// double_v2 = max(100, Math.floor(99 / (1 - h / 2^52))) in binary64 (bustabit-v2's JavaScript).
[[nodiscard]] std::uint64_t double_v2(std::uint64_t h);

// Point is one crash point with the values it was computed from.
struct Point {
  Convention convention = Convention::kBetkyoExact;
  Digest hash{};                        // what the formula reads: the link (betkyo), else the HMAC
  bool divisible101 = false;            // hash divisible by 101 (only bustabit-v1 acts on it)
  std::uint64_t h = 0;                  // leading 52 bits of hash
  std::uint64_t exact_hundredths = 0;   // the convention's formula from h in exact integers
  std::uint64_t double_hundredths = 0;  // the same formula in binary64
  std::uint64_t hundredths = 0;         // the pinned result (0 = instant bust, bustabit-v1 only)
};

// from_hash computes the crash point from the value the formula reads (the crash.from_hash
// layer op): betkyo-exact: exact_v1(h); bustabit-v1: 0 if divisible by 101, else double_v1(h);
// bustabit-v2 and bustabit-2025: double_v2(h). It cannot fail.
[[nodiscard]] Point from_hash(Convention c, const Digest& hash);

// hmac_of returns the HMAC a bustabit convention reads: v1 HMAC(key = hex(link), msg = salt),
// v2 and 2025 HMAC(key = salt, msg = the link's 32 bytes). Throws std::invalid_argument for
// betkyo-exact.
[[nodiscard]] Digest hmac_of(Convention c, const Digest& link, std::string_view salt, const Backend& backend);

// point computes a round's crash point from its chain link (64 hex digits, either case) and,
// for the bustabit conventions, the salt (UTF-8, any length). It throws InputError naming "link"
// (not 64 hex digits, with the position of the first bad character) or "salt" (given to
// betkyo-exact, missing for a bustabit convention, or not well-formed UTF-8). Link is checked first.
[[nodiscard]] Point point(Convention c, std::string_view link, const std::optional<std::string>& salt,
                          const Backend& backend);

// hashes_raw_bytes tells whether the convention's chain hashes a link's 32 raw bytes (bustabit-2025)
// rather than its lowercase hex text (the others). It cannot fail.
[[nodiscard]] bool hashes_raw_bytes(Convention c);

// previous returns the chain's previous link: SHA-256 of the link's lowercase hex text
// (betkyo-exact, bustabit-v1, bustabit-v2) or of its 32 raw bytes (bustabit-2025). It cannot fail
// on input.
[[nodiscard]] Digest previous(Convention c, const Digest& link, const Backend& backend);

// previous_hex is previous over hex text (the crash.previous port op). It throws InputError
// naming "link" when |link| is not 64 hex digits (either case).
[[nodiscard]] std::string previous_hex(Convention c, std::string_view link, const Backend& backend);

}  // namespace fairvec::crash
