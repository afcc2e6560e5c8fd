// Helpers shared by the cursor family's vector generators (cursor_unit_vectors.cc,
// cursor_u64_vectors.cc, cursor_draw_vectors.cc, cursor_game_vectors.cc): the fixed seeds, the
// unit's bits, the other decisions a port might take (each flag's claim is checked against one),
// the pool hop alternatives, and the port call a test implies.
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
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/json.h"
#include "schemes/cursor.h"
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

// files lists the family's vector files in order (vectors/cursor.cc). It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::cursor_vec
