// Helpers shared by the cursor family's vector generators (cursor_unit.cc, cursor_u64.cc,
// cursor_draw.cc, cursor_game.cc) and its wrong ports (cursor_ports.cc): the fixed seeds, the
// unit's bits, the other decisions a port might take (searches look for cases where they differ),
// the pool hop both ways, the readers of draw inputs, and the family's flag library.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/json.h"
#include "schemes/cursor.h"
#include "vectors/flags.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::cursor_vec {

namespace cur = fairvec::cursor;
using json::Array;
using json::Object;
using json::Value;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

constexpr u64 kTwo53 = 1ULL << 53;
constexpr u64 kTwo63 = 1ULL << 63;
constexpr u64 kMaxU64 = std::numeric_limits<u64>::max();

// ------------------------------------------------------------------------------------------------
// Inputs shared by the files. Seeds are plain inputs; every expected value is computed.

// A server seed as engines show them: 64 hex characters, used as text (never hex-decoded).
constexpr const char* kSeedHex = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
constexpr const char* kClient = "fairvec";
constexpr const char* kSeed2 = "satu nonce, banyak angka \xE2\x80\x94 cursor \xE2\x9C\x93";
constexpr const char* kClient2 = "player-seed-7";

inline void require(bool ok, const std::string& what) {
  if (!ok) throw std::logic_error("cursor vectors: " + what);
}

inline std::string bits_of(double d) { return cur::bits_hex(d); }

// pattern returns the first |n| characters of 0123456789abcdef repeated (hex text when n is even).
inline std::string pattern(std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s.push_back(kDigits[i % 16]);
  return s;
}

inline std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// ------------------------------------------------------------------------------------------------
// The other decisions a port might take; each flag's claim is checked against one of these.

// Correct rounding by integer arithmetic, independent of the compiler's conversion; |ties_up|
// rounds a tie up instead of to even.
inline double integer_rounded_unit(u64 x, bool ties_up = false) {
  if (x == 0) return 0.0;
  const int width = 64 - std::countl_zero(x);
  if (width <= 53) return std::ldexp(static_cast<double>(x), -64);
  const int drop = width - 53;
  u64 m = x >> drop;
  const u64 rem = x & ((1ULL << drop) - 1);
  const u64 half = 1ULL << (drop - 1);
  if (rem > half || (rem == half && (ties_up || (m & 1)))) ++m;
  return std::ldexp(static_cast<double>(m), drop - 64);
}
// The leading 52 bits (keno's and crash's helper): (x >> 12) / 2^52.
inline double alt_h52(u64 x) { return std::ldexp(static_cast<double>(x >> 12), -52); }
// The top 53 bits only: (x >> 11) / 2^53.
inline double alt_truncate(u64 x) { return std::ldexp(static_cast<double>(x >> 11), -53); }
// Two roundings: the Java idiom for an unsigned long, double(x >>> 1) * 2 + (x & 1).
inline double alt_halve(u64 x) {
  const double h = static_cast<double>(x >> 1);
  return std::ldexp(h * 2.0 + static_cast<double>(x & 1), -64);
}
// The eight bytes read as a signed 64-bit integer.
inline double alt_signed(u64 x) { return std::ldexp(static_cast<double>(static_cast<std::int64_t>(x)), -64); }
// Splice instead of swap-to-end: remove pool[index] and close the gap.
inline std::vector<u64> splice_hop(const std::vector<double>& units, std::vector<u64> pool) {
  std::vector<u64> picks;
  for (double u : units) {
    const u64 i = cur::draw(u, pool.size());
    picks.push_back(pool[i]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return picks;
}
inline std::vector<u64> swap_hop(const std::vector<double>& units, u64 first, u64 size) {
  cur::Pool p(first, size);
  std::vector<u64> picks;
  for (double u : units) picks.push_back(p.take(u));
  return picks;
}
inline std::vector<u64> range(u64 first, u64 size) {
  std::vector<u64> v;
  for (u64 i = 0; i < size; ++i) v.push_back(first + i);
  return v;
}

// The exact-integer limbo a BigInt port computes from x: floor(99 * 2^64 / (2^64 - x)), clamped.
inline std::int64_t limbo_exact(u64 x) {
  const u128 num = static_cast<u128>(99) << 64;
  const u128 den = (static_cast<u128>(1) << 64) - x;
  const u128 q = num / den;
  return q < 100 ? 100 : q > 1000000 ? 1000000 : static_cast<std::int64_t>(q);
}
// Limbo as 99 / (1 - u) (another evaluation order), clamped.
inline std::int64_t limbo_other_order(double u) {
  const double f = std::floor(99.0 / (1.0 - u));
  return f < 100 ? 100 : f > 1000000 ? 1000000 : static_cast<std::int64_t>(f);
}

// ------------------------------------------------------------------------------------------------
// Reading the inputs of draws over given units (cursor_draw_test.json), as cursor.draw does.

// read_unit reads a JSON number in [0, 1]. Throws InputError naming |field| (and |pos|).
inline double read_unit(const rapidjson::Value& v, std::string_view field, std::optional<std::size_t> pos = {}) {
  if (!v.IsNumber()) throw InputError(std::string(field), "must be a number", pos);
  return cur::check_unit(v.GetDouble(), field, pos);
}
// read_size reads a JSON integer >= 0. Throws InputError naming |field|.
inline u64 read_size(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsUint64()) throw InputError(std::string(field), "must be a non-negative integer");
  return v.GetUint64();
}
// read_units reads an array of units. Throws InputError naming "units" (and the position).
inline std::vector<double> read_units(const rapidjson::Value& a) {
  if (!a.IsArray()) throw InputError("units", "must be an array of numbers");
  std::vector<double> units;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) units.push_back(read_unit(a[i], "units", i));
  return units;
}

// ------------------------------------------------------------------------------------------------
// Flag claims: each flag that says "a port deciding otherwise fails" is checked at generation time.

// Claim is what the flag |flag| claims about a generated case: |holds| tells whether the case has the
// property, usually by computing the other decision the flag catches and seeing it differ
// (cursor_game_vectors.cc turns each into its flag's catalog property).
template <typename Case>
struct Claim {
  std::string_view flag;
  std::function<bool(const Case&)> holds;
};

// ------------------------------------------------------------------------------------------------
// Reading tests (vectors/test_reader.h).

// read_u64_text reads a u64 written as a decimal string. Throws InputError naming "u64".
inline u64 read_u64_text(const rapidjson::Value& v) {
  if (!v.IsString()) throw InputError("u64", "must be a decimal string");
  return parse_decimal(std::string_view(v.GetString(), v.GetStringLength()), "u64", 0, kMaxU64);
}

// The family's vector files, one function per generator file.
VectorKind unit_vector_kind();
VectorKind u64_vector_kind();
VectorKind draw_vector_kind();
VectorKind game_vector_kind();

// library is the family's flag library (vectors/flags.h): the wrong ports of cursor_ports.cc, then
// each file's flags, in file order; a flag two files use is defined by the first. It cannot fail
// (a library that does not build is a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
void add_unit_flags(FlagLibrary& lib);
void add_u64_flags(FlagLibrary& lib);
void add_draw_flags(FlagLibrary& lib);
void add_game_flags(FlagLibrary& lib);

// game_claim is the property of the game flag |flag| (cursor_game.cc): its claim holds on the round
// a cursor.game case's params play. The property throws std::logic_error for a flag without a claim.
[[nodiscard]] Property game_claim(std::string_view flag);

// files lists the family's vector files in order (vectors/cursor.cc). It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::cursor_vec
