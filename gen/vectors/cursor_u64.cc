// cursor_u64_test.json (specs/cursor-v1.md, "Vectors"): the u64 -> u conversion alone (rounding,
// ties, u = 1.0). A catalog (vectors/catalog.h): cases give the u64 only; the op cursor.u64_to_unit and
// its trace compute hi, lo, u and uBits, and each flag is checked against the wrong ports it names.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.h"
#include "vectors/catalog.h"
#include "vectors/cursor.h"

namespace fairvec::vectors::cursor_vec {

namespace {

// ------------------------------------------------------------------------------------------------
// Ties, and the seed's own formula (the wrong ports are in cursor_ports.cc).

bool is_tie(u64 x) {
  const int width = 64 - std::countl_zero(x);
  if (width <= 53) return false;
  const int drop = width - 53;
  return (x & ((1ULL << drop) - 1)) == (1ULL << (drop - 1));
}
// The seed's formula as written, in binary64: hi / 2^32 + lo / 2^64.
double alt_seed_formula(u64 x) {
  return static_cast<double>(x >> 32) / 4294967296.0 + static_cast<double>(x & 0xffffffffULL) / 18446744073709551616.0;
}

// The values on which the seed's formula is compared with the single rounding: kSearch from a fixed
// stream and three around each of 5 significands at each of the 11 exponents 54..64 (the header
// states the count; generation stops if the cases count another).
constexpr int kSearch = 200000;
constexpr std::size_t kChecked = kSearch + 11 * 5 * 3;

u64 x_of(const rapidjson::Value& p) { return read_u64_text(json::member(p, "u64", "params")); }

Property input_is(std::function<bool(u64)> f) {
  return [f](const rapidjson::Value& p, const json::Value&) { return f(x_of(p)); };
}

void u64_cases(Cases& cases, std::size_t& checked) {
  // The seed's own formula, hi / 2^32 + lo / 2^64 in binary64, adds two exact terms and rounds once,
  // so it equals the single rounding everywhere. The generator checks that on every value below and
  // on kSearch values from a fixed SplitMix64 stream plus every tie pattern, and stops if one differs.
  SplitMix64 rng{0x637572736f722d31ULL};  // "cursor-1"
  std::vector<u64> searched;
  for (int i = 0; i < kSearch; ++i) searched.push_back(rng.next());
  for (int e = 54; e <= 64; ++e) {
    for (u64 m : {0ULL, 1ULL, 2ULL, 3ULL, (1ULL << 52) - 1}) {
      const int drop = e - 53;
      const u64 base = ((1ULL << 52) | m) << drop;
      searched.push_back(base | (1ULL << (drop - 1)));         // exact tie
      searched.push_back(base | (1ULL << (drop - 1)) | 1ULL);  // just above a tie (if drop > 1)
      searched.push_back(base | ((1ULL << (drop - 1)) - 1));   // just below a tie
    }
  }
  for (u64 x : searched) {
    require(alt_seed_formula(x) == cur::u64_to_unit(x), "the seed's formula differs at " + std::to_string(x));
    require(integer_rounded_unit(x) == cur::u64_to_unit(x),
            "conversion is not correctly rounded at " + std::to_string(x));
  }
  checked = searched.size();

  auto add = [&](const std::string& comment, std::vector<std::string> flags, u64 x) {
    cases.valid("CursorU64ToUnit", comment, std::move(flags), {{"u64", std::to_string(x)}});
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
  add("x = 2^63 + 3 * 2^10: a tie, rounds up to 2^63 + 2^12", {"TiesToEven", "Truncation"}, kTwo63 + 3 * (1ULL << 10));
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

  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value v) {
    cases.invalid("CursorU64Invalid", comment, std::move(flags), {{"u64", std::move(v)}}, "u64");
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
}

// u_given is a case's u: the input of a draw over given units, else the op's output.
double u_given(const rapidjson::Value& p, const json::Value& out) {
  if (const rapidjson::Value* u = json::optional_member(p, "u"); u && u->IsNumber()) return u->GetDouble();
  return std::get<double>(out.find("u")->variant());
}

}  // namespace

void add_u64_flags(FlagLibrary& lib) {
  lib.flag({"Zero",
            BugType::kBoundary,
            "x = 0 gives u = 0, the smallest u: a draw gives index 0, limbo 99 before its clamp.",
            {},
            [](const rapidjson::Value& p, const json::Value& out) { return x_of(p) == 0 && u_given(p, out) == 0.0; }});
  lib.flag({"Exact",
            BugType::kArithmetic,
            "x < 2^53 converts exactly; u is x / 2^64 exactly. A port truncating to the top 53 bits "
            "((x >> 11) / 2^53) loses the low bits.",
            {"two-roundings", "float32-units"},
            input_is([](u64 x) { return x < kTwo53; })});
  lib.flag({"TiesToEven",
            BugType::kArithmetic,
            "x lies exactly halfway between two doubles; it rounds to the one with an even significand. A "
            "port rounding halves up, or truncating, gets the other neighbour.",
            {"cursor-ties-round-up", "two-roundings"},
            input_is(is_tie)});
  lib.flag({"UnitOne",
            BugType::kEdgeCase,
            "x >= 2^64 - 2^10 rounds to 2^64: u = 1.0 exactly. A port that assumes u < 1 (e.g. clamps to "
            "1 - 2^-53, or uses 53 truncated bits) fails.",
            {"two-roundings"},
            [](const rapidjson::Value& p, const json::Value& out) { return u_given(p, out) == 1.0; }});
  lib.flag({"BelowOne",
            BugType::kBoundary,
            "u = 1 - 2^-53, the largest u below 1 (x = 2^64 - 2^11 exactly, and up to 2^64 - 2^10 - 1 rounding "
            "down): floor(u * n) = n - 1 without clamping.",
            {},
            [](const rapidjson::Value& p, const json::Value& out) {
              const double u = u_given(p, out);
              const rapidjson::Value* n = json::optional_member(p, "n");
              return u == 1.0 - 0x1p-53 && (!n || std::floor(u * static_cast<double>(n->GetUint64())) ==
                                                      static_cast<double>(n->GetUint64() - 1));
            }});
  lib.flag({"MaxU64",
            BugType::kBoundary,
            "x = 2^64 - 1 as a 20-digit decimal string. A port parsing it into a signed or 53-bit integer "
            "fails.",
            {"cursor-signed-u64"},
            input_is([](u64 x) { return x == kMaxU64; })});
  lib.flag({"Overflow", BugType::kMissingCheck, "A decimal above 2^64 - 1 is bad input.", {"cursor-u64-wrapping"}});
  lib.flag({"NotDecimal",
            BugType::kMissingCheck,
            "u64 is decimal digits without sign, leading zeros, spaces, fraction or exponent; anything else "
            "is bad input.",
            {"cursor-u64-js-number"}});
}

VectorKind u64_vector_kind() {
  return catalog_kind({
      "cursor_u64_test.json",
      {"cursor-v1 u64 -> u: u = x / 2^64 rounded once to binary64 (ties to even); equal to "
       "converting x to double once and scaling by 2^-64. Port op: cursor.u64_to_unit.",
       "u = 1.0 exactly when x >= 2^64 - 2^10 (UnitOne), so a draw floor(u * n) can reach n; see "
       "cursor_draw_test.json for what a draw does then.",
       "The seed's formula hi / 2^32 + lo / 2^64 evaluated in binary64 adds two exact terms and "
       "rounds once: it equals the single rounding for every x. The generator checked " +
           std::to_string(kChecked) +
           " values (a fixed SplitMix64 stream and every tie pattern) and found no difference; "
           "the two-rounding ports flagged below are other formulas."},
      library().pick({"Zero", "Exact", "TiesToEven", "Truncation", "SingleRounding", "UnsignedRead", "UnitOne",
                      "BelowOne", "MaxU64", "Overflow", "NotDecimal", "WrongType"}),
      {{.type = "CursorU64ToUnit", .call = {"cursor.u64_to_unit"}, .fields = outputs({"hi", "lo", "u", "uBits"})},
       {.type = "CursorU64Invalid", .call = {"cursor.u64_to_unit"}}},
      [](Cases& c) {
        std::size_t checked = 0;
        u64_cases(c, checked);
        require(checked == kChecked, "the header's count of compared values");
      },
  });
}

}  // namespace fairvec::vectors::cursor_vec
