// cursor_draw_test.json (specs/cursor-v1.md, "Vectors"): clamped single draws, limbo's formula and
// the pool hop over given units.
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

double read_unit(const rapidjson::Value& v, std::string_view field, std::optional<std::size_t> pos = {}) {
  if (!v.IsNumber()) throw InputError(std::string(field), "must be a number", pos);
  return cur::check_unit(v.GetDouble(), field, pos);
}

u64 read_size(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsUint64()) throw InputError(std::string(field), "must be a non-negative integer");
  return v.GetUint64();
}

std::vector<double> read_units(const rapidjson::Value& a) {
  if (!a.IsArray()) throw InputError("units", "must be an array of numbers");
  std::vector<double> units;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) units.push_back(read_unit(a[i], "units", i));
  return units;
}

double limbo_scaled(double u) { return 0.99 / (1.0 - u) * 100.0; }

// The exact-integer limbo a BigInt port computes from x: floor(99 * 2^64 / (2^64 - x)), clamped.
std::int64_t limbo_exact(u64 x) {
  const u128 num = static_cast<u128>(99) << 64;
  const u128 den = (static_cast<u128>(1) << 64) - x;
  const u128 q = num / den;
  return q < 100 ? 100 : q > 1000000 ? 1000000 : static_cast<std::int64_t>(q);
}
std::int64_t limbo_other_order(double u) {
  const double f = std::floor(99.0 / (1.0 - u));
  return f < 100 ? 100 : f > 1000000 ? 1000000 : static_cast<std::int64_t>(f);
}
// u64 whose u is |u| (every u >= 2^-11 in [0, 1) is k / 2^64 exactly).
u64 x_of(double u) {
  if (u == 1.0) return kMaxU64;
  return static_cast<u64>(std::ldexp(u, 64));
}

// The cases of cursor_draw_test.json and what their flags claim.
struct DrawCase {
  u64 x;
  u64 n;
  double u;
  u64 index;
};

// draw_claims lists what the flags claim (built on first use, inside the command).
const std::vector<Claim<DrawCase>>& draw_claims() {
  static const std::vector<Claim<DrawCase>> kClaims = {
      {"ClampAtOne",
       [](const DrawCase& c) { return c.u == 1.0 && std::floor(c.u * static_cast<double>(c.n)) == static_cast<double>(c.n); }},
      {"BelowOne",
       [](const DrawCase& c) {
         return c.u == 1.0 - 0x1p-53 && std::floor(c.u * static_cast<double>(c.n)) == static_cast<double>(c.n - 1);
       }},
      {"Zero", [](const DrawCase& c) { return c.x == 0 && c.index == 0; }},
      {"MaxN", [](const DrawCase& c) { return c.n == cur::kMaxPool; }},
      {"Binary64Draw", [](const DrawCase& c) { return static_cast<u64>((static_cast<u128>(c.x) * c.n) >> 64) != c.index; }},
  };
  return kClaims;
}

struct LimboCase {
  u64 x;
  double u;
  double scaled;
  std::int64_t hundredths;
};

// limbo_claims lists what the flags claim (built on first use, inside the command).
const std::vector<Claim<LimboCase>>& limbo_claims() {
  static const std::vector<Claim<LimboCase>> kClaims = {
      {"ClampAtOne", [](const LimboCase& c) { return c.u == 1.0 && std::isinf(c.scaled) && c.hundredths == cur::kLimboMax; }},
      {"LimboClamp", [](const LimboCase& c) { return std::floor(c.scaled) < 100 || std::floor(c.scaled) > 1000000; }},
      {"EvaluationOrder", [](const LimboCase& c) { return limbo_other_order(c.u) != c.hundredths; }},
      {"Binary64Limbo", [](const LimboCase& c) { return limbo_exact(c.x) != c.hundredths; }},
      {"Zero", [](const LimboCase& c) { return c.x == 0; }},
  };
  return kClaims;
}

struct PoolHopCase {
  const std::vector<double>& units;
  u64 size;
  const std::vector<u64>& picks;
};

// pool_hop_claims lists what the flags claim (built on first use, inside the command).
const std::vector<Claim<PoolHopCase>>& pool_hop_claims() {
  static const std::vector<Claim<PoolHopCase>> kClaims = {
      {"SwapToEnd", [](const PoolHopCase& c) { return splice_hop(c.units, range(0, c.size)) != c.picks; }},
      {"PoolOfOne", [](const PoolHopCase& c) { return c.units.size() == c.size; }},
      {"NoDraws", [](const PoolHopCase& c) { return c.units.empty(); }},
      {"ClampAtOne",
       [](const PoolHopCase& c) {
         bool clamped = false;
         for (std::size_t k = 0; k < c.units.size(); ++k) {
           clamped |= c.units[k] == 1.0 &&
                      std::floor(c.units[k] * static_cast<double>(c.size - k)) == static_cast<double>(c.size - k);
         }
         return clamped;
       }},
  };
  return kClaims;
}

Value generate_draw() {
  VectorFileBuilder f("cursor-v1", "cursor_draw_schema.json",
                      {"cursor-v1 draws over given units: the clamped single draw min(floor(u * n), n - 1) "
                       "(port op cursor.draw, an addition of specs/cursor-v1.md), limbo's "
                       "clamp(floor(0.99 / (1 - u) * 100), 100, 1000000) in binary64 (op cursor.limbo, an "
                       "addition), and the pool hop over 0..size-1 (op cursor.pool_hop).",
                       "Each u comes from the u64 shown (u = u64_to_unit(u64)); u = 1.0 (u64 >= 2^64 - 2^10) is "
                       "the case every game meets only through these layers, since no HMAC search reaches it.",
                       "Games use these draws as: die = draw(u, 6) + 1 (sic bo, chinchiro), roulette pocket = "
                       "draw(u, 37), koban flip = draw(u, 2), blackjack card = draw(u, 52), and pool hops over "
                       "52 cards, 15 bingo numbers, 75 balls, 25 mine cells."});
  f.note("ClampAtOne", "EDGE_CASE",
         "u = 1.0 makes floor(u * n) = n; the draw clamps it to n - 1 (limbo: 1 - u = 0 divides to "
         "+infinity and clamps to 1000000). A port without the clamp returns n, indexes past the pool "
         "or crashes.");
  f.note("BelowOne", "BOUNDARY", "u = 1 - 2^-53, the largest u below 1: floor(u * n) = n - 1 without clamping.");
  f.note("Zero", "BOUNDARY", "u = 0 draws index 0.");
  f.note("MaxN", "BOUNDARY", "n = 2^53 - 1, the largest n.");
  f.note("Binary64Draw", "ARITHMETIC",
         "floor(u * n) is computed in binary64 from the rounded u. Here a port computing exactly from the "
         "64-bit integer, floor(x * n / 2^64), gets one less.");
  f.note("LimboClamp", "BOUNDARY",
         "Limbo's result clamps to [100, 1000000] hundredths: u = 0 gives 99 before clamping; values "
         "near 1 exceed 1000000.");
  f.note("EvaluationOrder", "ARITHMETIC",
         "Limbo evaluates 0.99 / (1 - u), then * 100, then floor, in binary64. Here a port computing "
         "99 / (1 - u) gets another result.");
  f.note("Binary64Limbo", "ARITHMETIC",
         "Here a port computing limbo in exact integers from the 64-bit value, floor(99 * 2^64 / (2^64 - x)), "
         "gets another result than the binary64 formula.");
  f.note("SwapToEnd", "ORDER",
         "The picked item is swapped with the last item of the live pool. A port that splices it out "
         "(closing the gap, keeping order) picks other items from the second draw on.");
  f.note("PoolOfOne", "BOUNDARY", "The last draw is from a pool of one: index 0 whatever u is.");
  f.note("NoDraws", "BOUNDARY", "No units: no picks.");
  f.note("PoolExhaustion", "MISSING_CHECK", "More units than items in the pool is bad input.");
  f.note("UnitRange", "MISSING_CHECK", "A unit outside [0, 1] is bad input.");
  f.note("BadN", "MISSING_CHECK", "n and size must be integers between 1 and 2^53 - 1; anything else is bad input.");
  f.note("WrongType", "MISSING_CHECK", "A unit given as a string is bad input.");

  f.group({{"type", "CursorDraw"}});
  auto add_draw = [&](const std::string& comment, std::vector<std::string> flags, u64 x, u64 n) {
    const double u = cur::u64_to_unit(x);
    const u64 index = cur::draw(u, n);
    require_claims(draw_claims(), flags, DrawCase{x, n, u, index});
    f.add(comment, std::move(flags), Result::kValid,
          {{"u64", std::to_string(x)}, {"u", u}, {"uBits", bits_of(u)}, {"n", Value(n)}, {"index", Value(index)}});
  };
  const std::vector<std::pair<u64, std::string>> rules = {
      {2, "koban flip"}, {6, "die, face = index + 1"}, {37, "roulette pocket"}, {52, "blackjack card"},
      {15, "bingo column pool"}, {25, "mines pool"}, {75, "bingo ball pool"}, {1, "pool of one"}};
  for (const auto& [n, what] : rules) {
    add_draw("u = 1.0 (u64 = 2^64 - 1), n = " + std::to_string(n) + " (" + what + "): clamps to n - 1",
             {"ClampAtOne"}, kMaxU64, n);
  }
  for (const auto& [n, what] : rules) {
    if (n == 1) continue;
    add_draw("u = 1 - 2^-53, n = " + std::to_string(n) + " (" + what + ")", {"BelowOne"}, kMaxU64 - (1ULL << 11) + 1, n);
  }
  add_draw("u = 0, n = 37", {"Zero"}, 0, 37);
  add_draw("u = 1.0, n = 2^53 - 1", {"ClampAtOne", "MaxN"}, kMaxU64, cur::kMaxPool);
  add_draw("u = 1 - 2^-53, n = 2^53 - 1", {"BelowOne", "MaxN"}, kMaxU64 - (1ULL << 11) + 1, cur::kMaxPool);
  {
    // Searched: just below each boundary k * 2^64 / n, the first x (walking down) where binary64
    // reaches k while the exact integer quotient is k - 1.
    for (u64 n : {6ULL, 37ULL, 52ULL, 75ULL}) {
      int found = 0;
      for (u64 k = 1; k < n && found < 2; ++k) {
        const u128 boundary = ((static_cast<u128>(k) << 64) + n - 1) / n;  // smallest x with x * n >= k * 2^64
        for (u64 j = 1; j <= 4096; ++j) {
          const u64 x = static_cast<u64>(boundary - j);
          if (cur::draw(cur::u64_to_unit(x), n) == k) {
            add_draw("found by search: u64 just below " + std::to_string(k) + " * 2^64 / " + std::to_string(n) +
                         "; binary64 rounds u * n up to " + std::to_string(k),
                     {"Binary64Draw"}, x, n);
            ++found;
            break;
          }
        }
      }
      require(found == 2, "Binary64Draw search for n = " + std::to_string(n));
    }
  }
  {
    SplitMix64 s{0x647261772d6d6964ULL};
    for (u64 n : {6ULL, 37ULL, 52ULL}) add_draw("a value of a fixed SplitMix64 stream", {}, s.next(), n);
  }

  f.group({{"type", "CursorLimbo"}});
  auto add_limbo = [&](const std::string& comment, std::vector<std::string> flags, u64 x) {
    const double u = cur::u64_to_unit(x);
    const double scaled = limbo_scaled(u);
    const std::int64_t h = cur::limbo_hundredths(u);
    require_claims(limbo_claims(), flags, LimboCase{x, u, scaled, h});
    f.add(comment, std::move(flags), Result::kValid,
          {{"u64", std::to_string(x)}, {"u", u}, {"uBits", bits_of(u)}, {"scaledBits", bits_of(scaled)},
           {"hundredths", Value(h)}});
  };
  add_limbo("u = 0: 0.99 * 100 = 99, clamped up to 100", {"Zero", "LimboClamp"}, 0);
  add_limbo("u = 0.5: 198", {}, kTwo63);
  add_limbo("u = 0.1 (the double nearest 0.1): 0.99 / 0.9 * 100 = 109.99999999999999, so 109; 99 / 0.9 = "
            "110.00000000000001",
            {"EvaluationOrder"}, x_of(0.1));
  add_limbo("u = 1.0: 0.99 / 0 = +infinity, clamped to 1000000", {"ClampAtOne"}, kMaxU64);
  add_limbo("u = 1 - 2^-53: far above 1000000, clamped", {"LimboClamp"}, kMaxU64 - (1ULL << 11) + 1);
  {
    // Searched: for k = 101, 102, … take u0 = 1 - 99 / k (where the result crosses k), walk the 80
    // doubles from 40 below u0 upward, and keep the first u per k where the other order
    // (99 / (1 - u)) differs and the first where exact integers differ; three k of each.
    int order_found = 0, exact_found = 0;
    for (int k = 101; k < 100000 && (order_found < 3 || exact_found < 3); ++k) {
      double u = 1.0 - 99.0 / k;
      for (int i = 0; i < 40; ++i) u = std::nextafter(u, 0.0);
      bool got_order = order_found >= 3, got_exact = exact_found >= 3;
      for (int i = 0; i < 80 && (!got_order || !got_exact); ++i, u = std::nextafter(u, 1.0)) {
        const u64 x = x_of(u);
        if (cur::u64_to_unit(x) != u) continue;
        const std::int64_t h = cur::limbo_hundredths(u);
        if (!got_order && limbo_other_order(u) != h) {
          add_limbo("found by search near " + std::to_string(k) + ": floor(0.99 / (1 - u) * 100) = " +
                        std::to_string(h) + " but floor(99 / (1 - u)) = " + std::to_string(limbo_other_order(u)),
                    {"EvaluationOrder"}, x);
          got_order = true;
          ++order_found;
        }
        if (!got_exact && limbo_exact(x) != h) {
          add_limbo("found by search near " + std::to_string(k) + ": binary64 gives " + std::to_string(h) +
                        ", exact integers " + std::to_string(limbo_exact(x)),
                    {"Binary64Limbo"}, x);
          got_exact = true;
          ++exact_found;
        }
      }
    }
    require(order_found == 3 && exact_found == 3, "limbo searches");
  }
  {
    // The 1000000 boundary: the last u below it and the first at it.
    double u = 1.0 - 99.0 / 1000000.0;
    for (int i = 0; i < 64; ++i) u = std::nextafter(u, 0.0);
    while (cur::limbo_hundredths(std::nextafter(u, 1.0)) < cur::kLimboMax) u = std::nextafter(u, 1.0);
    add_limbo("the largest u whose result is below 1000000", {}, x_of(u));
    add_limbo("the smallest u whose result is 1000000", {}, x_of(std::nextafter(u, 1.0)));
  }
  {
    SplitMix64 s{0x6c696d626f2d6d69ULL};
    for (int i = 0; i < 3; ++i) add_limbo("a value of a fixed SplitMix64 stream", {}, s.next());
  }

  f.group({{"type", "CursorPoolHop"}});
  auto add_hop = [&](const std::string& comment, std::vector<std::string> flags, const std::vector<double>& units,
                     u64 size) {
    const auto r = cur::pool_hop(units, size);
    require_claims(pool_hop_claims(), flags, PoolHopCase{units, size, r.picks});
    if (units.size() == size) {
      std::vector<u64> sorted = r.picks;
      std::sort(sorted.begin(), sorted.end());
      require(sorted == range(0, size), "a full draw is not a permutation");
    }
    Array ua;
    for (double u : units) ua.emplace_back(u);
    f.add(comment, std::move(flags), Result::kValid,
          {{"units", Value(std::move(ua))}, {"size", Value(size)}, {"indexes", Value::array_of(r.indexes)},
           {"picks", Value::array_of(r.picks)}});
  };
  const Backend& b = default_backend();
  auto stream_units = [&](u64 nonce, u64 count) {
    std::vector<double> units;
    for (u64 c = 0; c < count; ++c) units.push_back(cur::unit(b, kSeedHex, kClient, nonce, c));
    return units;
  };
  add_hop("units 0, 0 over 0..4: swap gives 0 then 4 (a splice gives 0 then 1)", {"SwapToEnd"}, {0.0, 0.0}, 5);
  add_hop("units 0.5, 0.5, 0.5 over 0..2: the last draw from a pool of one", {"PoolOfOne"}, {0.5, 0.5, 0.5}, 3);
  add_hop("u = 1.0 from a pool of one", {"PoolOfOne", "ClampAtOne"}, {1.0}, 1);
  add_hop("u = 1.0 twice over 52 cards: indexes 51 and 50", {"ClampAtOne"}, {1.0, 1.0, 0.25}, 52);
  add_hop("no units over 52 cards", {"NoDraws"}, {}, 52);
  add_hop("ten units of round (example seed, nonce 1) over 52 cards", {"SwapToEnd"}, stream_units(1, 10), 52);
  add_hop("52 units of round (example seed, nonce 3) over 52 cards: a permutation", {"SwapToEnd", "PoolOfOne"},
          stream_units(3, 52), 52);
  add_hop("38 units over 75 balls", {"SwapToEnd"}, stream_units(4, 38), 75);

  f.group({{"type", "CursorDrawInvalid"}});
  auto bad_draw = [&](const std::string& comment, std::vector<std::string> flags, Value u, Value n,
                      const std::string& error) {
    f.add(comment, std::move(flags), Result::kInvalid, {{"u", std::move(u)}, {"n", std::move(n)}, {"error", error}});
  };
  bad_draw("u above 1", {"UnitRange"}, Value(1.5), Value(6), "u");
  bad_draw("u = 1 + 2^-52", {"UnitRange"}, Value(1.0 + 0x1p-52), Value(6), "u");
  bad_draw("u negative", {"UnitRange"}, Value(-0.25), Value(6), "u");
  bad_draw("u as a string", {"WrongType"}, Value("0.5"), Value(6), "u");
  bad_draw("n = 0", {"BadN"}, Value(0.5), Value(0), "n");
  bad_draw("n = 2^53", {"BadN"}, Value(0.5), Value(static_cast<std::int64_t>(kTwo53)), "n");
  bad_draw("n negative", {"BadN"}, Value(0.5), Value(-6), "n");

  f.group({{"type", "CursorLimboInvalid"}});
  f.add("u above 1", {"UnitRange"}, Result::kInvalid, {{"u", Value(1.0 + 0x1p-52)}, {"error", "u"}});
  f.add("u negative", {"UnitRange"}, Result::kInvalid, {{"u", Value(-0.5)}, {"error", "u"}});

  f.group({{"type", "CursorPoolHopInvalid"}});
  auto bad_hop = [&](const std::string& comment, std::vector<std::string> flags, Value units, Value size,
                     const std::string& error) {
    f.add(comment, std::move(flags), Result::kInvalid,
          {{"units", std::move(units)}, {"size", std::move(size)}, {"error", error}});
  };
  bad_hop("four units from a pool of three", {"PoolExhaustion"}, Value::array({0.5, 0.5, 0.5, 0.5}), Value(3), "units");
  bad_hop("53 units over 52 cards", {"PoolExhaustion"}, [&] {
    Array a;
    for (int i = 0; i < 53; ++i) a.emplace_back(0.5);
    return Value(std::move(a));
  }(), Value(52), "units");
  bad_hop("size 0", {"BadN"}, Value::array({}), Value(0), "size");
  bad_hop("size negative", {"BadN"}, Value::array({0.5}), Value(-1), "size");
  bad_hop("size 2^53", {"BadN"}, Value::array({0.5}), Value(static_cast<std::int64_t>(kTwo53)), "size");
  bad_hop("a unit above 1", {"UnitRange"}, Value::array({0.5, 1.5}), Value(52), "units");
  bad_hop("a negative unit", {"UnitRange"}, Value::array({-0.5}), Value(52), "units");
  bad_hop("a unit as a string", {"WrongType"}, Value::array({Value("0.5")}), Value(52), "units");
  return f.build();
}

// check_unit_of compares a test's u and uBits with the u of its u64 and returns that u.
std::string check_unit_of(const TestRef& t, double& u) {
  u = cur::u64_to_unit(read_u64_text(test_member(t, "u64")));
  return first_failure({expect_equal("u", test_member(t, "u"), Value(u)), expect_equal("uBits", test_member(t, "uBits"), Value(bits_of(u)))});
}

std::string check_draw(const TestRef& t, const Backend&) {
  double u = 0;
  if (std::string r = check_unit_of(t, u); !r.empty()) return r;
  return expect_equal("index", test_member(t, "index"), Value(cur::draw(read_unit(test_member(t, "u"), "u"), read_size(test_member(t, "n"), "n"))));
}

std::string check_limbo(const TestRef& t, const Backend&) {
  double u = 0;
  if (std::string r = check_unit_of(t, u); !r.empty()) return r;
  return first_failure({expect_equal("scaledBits", test_member(t, "scaledBits"), Value(bits_of(limbo_scaled(u)))),
                        expect_equal("hundredths", test_member(t, "hundredths"), Value(cur::limbo_hundredths(read_unit(test_member(t, "u"), "u"))))});
}

cur::PoolHopResult pool_hop_of(const TestRef& t) {
  const auto units = read_units(test_member(t, "units"));
  return cur::pool_hop(units, read_size(test_member(t, "size"), "size"));
}

std::string check_pool_hop(const TestRef& t, const Backend&) {
  const auto r = pool_hop_of(t);
  return first_failure({expect_equal("indexes", test_member(t, "indexes"), Value::array_of(r.indexes)),
                        expect_equal("picks", test_member(t, "picks"), Value::array_of(r.picks))});
}

std::vector<PortCall> draw_calls(const TestRef& t) { return {call_of(t, "cursor.draw", {"u", "n"}, {"index"})}; }
std::vector<PortCall> limbo_calls(const TestRef& t) { return {call_of(t, "cursor.limbo", {"u"}, {"hundredths"})}; }
std::vector<PortCall> pool_hop_calls(const TestRef& t) { return {call_of(t, "cursor.pool_hop", {"units", "size"}, {"picks"})}; }

}  // namespace

VectorKind draw_vector_kind() {
  return group_kind(
      "cursor_draw_test.json", "cursor_draw_schema.json", generate_draw,
      {{"CursorDraw", check_draw, draw_calls},
       {"CursorLimbo", check_limbo, limbo_calls},
       {"CursorPoolHop", check_pool_hop, pool_hop_calls},
       {"CursorDrawInvalid",
        rejects([](const TestRef& t, const Backend&) {
          const double u = read_unit(test_member(t, "u"), "u");
          (void)cur::draw(u, read_size(test_member(t, "n"), "n"));
        }),
        draw_calls},
       {"CursorLimboInvalid",
        rejects([](const TestRef& t, const Backend&) { (void)cur::limbo_hundredths(read_unit(test_member(t, "u"), "u")); }),
        limbo_calls},
       {"CursorPoolHopInvalid",
        rejects([](const TestRef& t, const Backend&) { (void)pool_hop_of(t); }),
        pool_hop_calls}});
}

}  // namespace fairvec::vectors::cursor_vec
