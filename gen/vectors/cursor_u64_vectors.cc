// cursor_u64_test.json (specs/cursor-v1.md, "Vectors"): the u64 -> u conversion alone (rounding,
// ties, u = 1.0), each rounding claim checked against the other decisions a port might take.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.h"
#include "vectors/cursor_common.h"

namespace fairvec::vectors::cursor_vec {

namespace {

// ------------------------------------------------------------------------------------------------
// The other decisions a port might take on this file's cases.

// Correct rounding by integer arithmetic, independent of the compiler's conversion.
double integer_rounded_unit(u64 x, bool ties_up = false) {
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
bool is_tie(u64 x) {
  const int width = 64 - std::countl_zero(x);
  if (width <= 53) return false;
  const int drop = width - 53;
  return (x & ((1ULL << drop) - 1)) == (1ULL << (drop - 1));
}
// The seed's formula as written, in binary64: hi / 2^32 + lo / 2^64.
double alt_seed_formula(u64 x) {
  return static_cast<double>(x >> 32) / 4294967296.0 +
         static_cast<double>(x & 0xffffffffULL) / 18446744073709551616.0;
}

Object u64_outputs(u64 x) {
  const double u = cur::u64_to_unit(x);
  return {{"hi", Value(x >> 32)}, {"lo", Value(static_cast<u64>(x & 0xffffffffULL))}, {"u", u}, {"uBits", bits_of(u)}};
}

// U64Case is a cursor_u64_test.json case: the u64 and its u.
struct U64Case {
  u64 x;
  double u;
};

// u64_claims lists what the flags claim (built on first use, inside the command).
const std::vector<Claim<U64Case>>& u64_claims() {
  static const std::vector<Claim<U64Case>> kClaims = {
      {"Zero", [](const U64Case& c) { return c.x == 0; }},
      {"Exact", [](const U64Case& c) { return c.x < kTwo53 && alt_truncate(c.x) != c.u; }},
      {"TiesToEven",
       [](const U64Case& c) { return is_tie(c.x) && (integer_rounded_unit(c.x, true) != c.u || alt_truncate(c.x) != c.u); }},
      {"Truncation", [](const U64Case& c) { return alt_truncate(c.x) != c.u; }},
      {"SingleRounding", [](const U64Case& c) { return alt_halve(c.x) != c.u; }},
      {"UnsignedRead", [](const U64Case& c) { return c.x >= kTwo63 && alt_signed(c.x) != c.u; }},
      {"UnitOne", [](const U64Case& c) { return c.u == 1.0 && alt_truncate(c.x) != c.u; }},
      {"BelowOne", [](const U64Case& c) { return c.u == 1.0 - 0x1p-53; }},
      {"MaxU64", [](const U64Case& c) { return c.x == kMaxU64; }},
  };
  return kClaims;
}

Value generate_u64() {
  // The seed's own formula, hi / 2^32 + lo / 2^64 in binary64, adds two exact terms and rounds once,
  // so it equals the single rounding everywhere. The generator checks that on every value below and
  // on kSearch values from a fixed SplitMix64 stream plus every tie pattern, and stops if one differs.
  constexpr int kSearch = 200000;
  SplitMix64 rng{0x637572736f722d31ULL};  // "cursor-1"
  std::vector<u64> searched;
  for (int i = 0; i < kSearch; ++i) searched.push_back(rng.next());
  for (int e = 54; e <= 64; ++e) {
    for (u64 m : {0ULL, 1ULL, 2ULL, 3ULL, (1ULL << 52) - 1}) {
      const int drop = e - 53;
      const u64 base = ((1ULL << 52) | m) << drop;
      searched.push_back(base | (1ULL << (drop - 1)));        // exact tie
      searched.push_back(base | (1ULL << (drop - 1)) | 1ULL);  // just above a tie (if drop > 1)
      searched.push_back(base | ((1ULL << (drop - 1)) - 1));   // just below a tie
    }
  }
  for (u64 x : searched) {
    require(alt_seed_formula(x) == cur::u64_to_unit(x), "the seed's formula differs at " + std::to_string(x));
    require(integer_rounded_unit(x) == cur::u64_to_unit(x), "conversion is not correctly rounded at " +
                                                                 std::to_string(x));
  }

  VectorFileBuilder f("cursor-v1", "cursor_u64_schema.json",
                      {"cursor-v1 u64 -> u: u = x / 2^64 rounded once to binary64 (ties to even); equal to "
                       "converting x to double once and scaling by 2^-64. Port op: cursor.u64_to_unit.",
                       "u = 1.0 exactly when x >= 2^64 - 2^10 (UnitOne), so a draw floor(u * n) can reach n; see "
                       "cursor_draw_test.json for what a draw does then.",
                       "The seed's formula hi / 2^32 + lo / 2^64 evaluated in binary64 adds two exact terms and "
                       "rounds once: it equals the single rounding for every x. The generator checked " +
                           std::to_string(searched.size()) +
                           " values (a fixed SplitMix64 stream and every tie pattern) and found no difference; "
                           "the two-rounding ports flagged below are other formulas."});
  f.note("Zero", "BOUNDARY", "x = 0 gives u = 0.");
  f.note("Exact", "ARITHMETIC",
         "x < 2^53 converts exactly; u is x / 2^64 exactly. A port truncating to the top 53 bits "
         "((x >> 11) / 2^53) loses the low bits.");
  f.note("TiesToEven", "ARITHMETIC",
         "x lies exactly halfway between two doubles; it rounds to the one with an even significand. A "
         "port rounding halves up, or truncating, gets the other neighbour.");
  f.note("Truncation", "ARITHMETIC",
         "Rounding to nearest goes up here. A port computing (x >> 11) / 2^53 gets the value below.");
  f.note("SingleRounding", "ARITHMETIC",
         "Exactly one rounding. The Java idiom double(x >>> 1) * 2 + (x & 1) rounds twice and lands on "
         "the value below.");
  f.note("UnsignedRead", "ARITHMETIC",
         "x >= 2^63. A port holding x in a signed 64-bit integer gets a negative u.");
  f.note("UnitOne", "EDGE_CASE",
         "x >= 2^64 - 2^10 rounds to 2^64: u = 1.0 exactly. A port that assumes u < 1 (e.g. clamps to "
         "1 - 2^-53, or uses 53 truncated bits) fails.");
  f.note("BelowOne", "BOUNDARY",
         "The largest x whose u is below 1: 2^64 - 2^10 - 1 rounds down to 1 - 2^-53, as does "
         "2^64 - 2^11 exactly.");
  f.note("MaxU64", "BOUNDARY",
         "x = 2^64 - 1 as a 20-digit decimal string. A port parsing it into a signed or 53-bit integer "
         "fails.");
  f.note("Overflow", "MISSING_CHECK", "A decimal above 2^64 - 1 is bad input.");
  f.note("NotDecimal", "MISSING_CHECK",
         "u64 is decimal digits without sign, leading zeros, spaces, fraction or exponent; anything else "
         "is bad input.");
  f.note("WrongType", "MISSING_CHECK", "u64 given as a JSON number, not a string, is bad input.");

  f.group({{"type", "CursorU64ToUnit"}});
  auto add = [&](const std::string& comment, std::vector<std::string> flags, u64 x) {
    const double u = cur::u64_to_unit(x);
    require_claims(u64_claims(), flags, U64Case{x, u});
    Object fields{{"u64", std::to_string(x)}};
    for (auto& kv : u64_outputs(x)) fields.push_back(std::move(kv));
    f.add(comment, std::move(flags), Result::kValid, std::move(fields));
  };
  add("x = 0", {"Zero"}, 0);
  add("x = 1: u = 2^-64, the smallest non-zero u", {"Exact"}, 1);
  add("x = 2^32 - 1: hi = 0, lo all ones", {"Exact"}, 0xffffffffULL);
  add("x = 2^32: hi = 1, lo = 0", {}, 1ULL << 32);
  add("x = 2^52 + 1", {"Exact"}, (1ULL << 52) + 1);
  add("x = 2^53 - 1: the largest x every port converts exactly", {"Exact"}, kTwo53 - 1);
  add("x = 2^53: exact", {}, kTwo53);
  add("x = 2^53 + 1: a tie, rounds down to the even 2^53", {"TiesToEven"}, kTwo53 + 1);
  add("x = 2^53 + 2: exact", {}, kTwo53 + 2);
  add("x = 2^53 + 3: a tie, rounds up to the even 2^53 + 4", {"TiesToEven", "Truncation"}, kTwo53 + 3);
  add("x = 2^63 - 1: rounds up to 2^63, u = 0.5", {"Truncation"}, kTwo63 - 1);
  add("x = 2^63: u = 0.5", {"UnsignedRead"}, kTwo63);
  add("x = 2^63 + 2^10: a tie, rounds down to 2^63", {"TiesToEven", "UnsignedRead"}, kTwo63 + (1ULL << 10));
  add("x = 2^63 + 3 * 2^10: a tie, rounds up to 2^63 + 2^12", {"TiesToEven", "Truncation"},
      kTwo63 + 3 * (1ULL << 10));
  add("x = 2^63 + 2^10 + 1: just above a tie; x >>> 1 is a tie that rounds down, so rounding twice loses "
      "the last bit",
      {"SingleRounding", "Truncation", "UnsignedRead"}, kTwo63 + (1ULL << 10) + 1);
  add("x = 2^62 + 2^9 + 1: the same below 2^63", {"SingleRounding", "Truncation"}, (1ULL << 62) + (1ULL << 9) + 1);
  {
    // Searched: the first values of a fixed SplitMix64 stream where rounding twice differs.
    SplitMix64 s{0x646f75626c65ULL};  // "double"
    int found = 0;
    for (int i = 0; i < 10000000 && found < 3; ++i) {
      const u64 x = s.next();
      if (alt_halve(x) != cur::u64_to_unit(x)) {
        add("found by search: rounding twice differs", {"SingleRounding", "Truncation"}, x);
        ++found;
      }
    }
    require(found == 3, "SingleRounding search");
  }
  {
    SplitMix64 s{0x7535342d76616cULL};
    for (int i = 0; i < 4; ++i) add("a value of a fixed SplitMix64 stream", {}, s.next());
  }
  add("x = 2^64 - 2^11: u = 1 - 2^-53 exactly, the largest u below 1", {"BelowOne"}, kMaxU64 - (1ULL << 11) + 1);
  add("x = 2^64 - 2^10 - 1: just below the tie, rounds down to 1 - 2^-53", {"BelowOne"}, kMaxU64 - (1ULL << 10));
  add("x = 2^64 - 2^10: a tie between 1 - 2^-53 (odd) and 1.0 (even): u = 1.0", {"UnitOne", "TiesToEven"},
      kMaxU64 - (1ULL << 10) + 1);
  add("x = 2^64 - 2^9: u = 1.0", {"UnitOne"}, kMaxU64 - (1ULL << 9) + 1);
  add("x = 2^64 - 1: u = 1.0", {"UnitOne", "MaxU64"}, kMaxU64);

  f.group({{"type", "CursorU64Invalid"}});
  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value v) {
    f.add(comment, std::move(flags), Result::kInvalid, {{"u64", std::move(v)}, {"error", "u64"}});
  };
  bad("2^64", {"Overflow"}, Value("18446744073709551616"));
  bad("twenty nines", {"Overflow"}, Value("99999999999999999999"));
  bad("negative", {"NotDecimal"}, Value("-1"));
  bad("empty", {"NotDecimal"}, Value(""));
  bad("leading zero", {"NotDecimal"}, Value("01"));
  bad("fraction", {"NotDecimal"}, Value("1.0"));
  bad("exponent", {"NotDecimal"}, Value("1e3"));
  bad("hex", {"NotDecimal"}, Value("0x10"));
  bad("leading space", {"NotDecimal"}, Value(" 1"));
  bad("a JSON number", {"WrongType"}, Value(5));
  return f.build();
}

std::vector<PortCall> u64_calls(const TestRef& t) {
  return {call_of(t, "cursor.u64_to_unit", {"u64"}, {"u"})};
}

}  // namespace

VectorKind u64_vector_kind() {
  return group_kind("cursor_u64_test.json", "cursor_u64_schema.json", generate_u64,
                    {{"CursorU64ToUnit",
                      [](const TestRef& t, const Backend&) {
                        return expect_members(t, u64_outputs(read_u64_text(test_member(t, "u64"))));
                      },
                      u64_calls},
                     {"CursorU64Invalid",
                      rejects([](const TestRef& t, const Backend&) { (void)cur::u64_to_unit(read_u64_text(test_member(t, "u64"))); }),
                      u64_calls}});
}

}  // namespace fairvec::vectors::cursor_vec
