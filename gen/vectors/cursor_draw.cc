// cursor_draw_test.json (specs/cursor-v1.md, "Vectors"): clamped single draws, limbo's formula and
// the pool hop over given units. A catalog (vectors/catalog.h): cases give the u64 (u and uBits
// follow from it by the stage cursor.u64_to_unit), n, or the units and size; cursor.draw,
// cursor.limbo and cursor.pool_hop with their traces write the rest, and each flag naming a wrong
// port is checked against it.
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

// u64 whose u is |u| (every u >= 2^-11 in [0, 1) is k / 2^64 exactly).
u64 x_of(double u) {
  if (u == 1.0) return kMaxU64;
  return static_cast<u64>(std::ldexp(u, 64));
}

// ------------------------------------------------------------------------------------------------
// The flags' properties. A params object is a draw's (u, n), limbo's (u) or a pool hop's
// (units, size); a cursor.game case's has a game.

bool is_hop(const rapidjson::Value& p) { return json::optional_member(p, "units") != nullptr; }
double u_in(const rapidjson::Value& p) { return read_unit(json::member(p, "u", "params"), "u"); }
u64 n_in(const rapidjson::Value& p) { return read_size(json::member(p, "n", "params"), "n"); }

Property input(std::function<bool(const rapidjson::Value&)> f) {
  return [f](const rapidjson::Value& p, const json::Value&) { return f(p); };
}
bool has_unit_one(const rapidjson::Value& p) {
  if (!is_hop(p)) return u_in(p) == 1.0;
  const std::vector<double> units = read_units(json::member(p, "units", "params"));
  return std::find(units.begin(), units.end(), 1.0) != units.end();
}
std::size_t unit_count(const rapidjson::Value& p) { return json::member(p, "units", "params").Size(); }

}  // namespace

void add_draw_flags(FlagLibrary& lib) {
  lib.flag({"ClampAtOne",
            BugType::kEdgeCase,
            "u = 1.0 makes floor(u * n) = n; the draw clamps it to n - 1 (limbo: 1 - u = 0 divides to "
            "+infinity and clamps to 1000000). A port without the clamp returns n, indexes past the pool "
            "or crashes.",
            {"no-clamp-at-1", "limbo-no-clamp"},
            input(has_unit_one)});
  lib.flag({"MaxN", BugType::kBoundary, "n = 2^53 - 1, the largest n.", {}, input([](const rapidjson::Value& p) {
              return n_in(p) == cur::kMaxPool;
            })});
  lib.flag({"Binary64Draw",
            BugType::kArithmetic,
            "floor(u * n) is computed in binary64 from the rounded u. Here a port computing exactly from the "
            "64-bit integer, floor(x * n / 2^64), gets one less.",
            {"cursor-exact-integer-draw"}});
  lib.flag({"LimboClamp",
            BugType::kBoundary,
            "Limbo's result clamps to [100, 1000000] hundredths: u = 0 gives 99 before clamping; values "
            "near 1 exceed 1000000.",
            {"limbo-no-clamp", "cursor-limbo-no-min-clamp"}});
  lib.flag({"EvaluationOrder",
            BugType::kArithmetic,
            "Limbo evaluates 0.99 / (1 - u), then * 100, then floor, in binary64. Here a port computing "
            "99 / (1 - u) gets another result.",
            {"cursor-limbo-other-order"}});
  lib.flag({"Binary64Limbo",
            BugType::kArithmetic,
            "Here a port computing limbo in exact integers from the 64-bit value, floor(99 * 2^64 / (2^64 - x)), "
            "gets another result than the binary64 formula.",
            {"cursor-limbo-exact-integers"}});
  lib.share(shared_flags(), "SwapToEnd", {"splice-not-swap"});
  lib.share(shared_flags(), "IntegerAsText", {"cursor-layer-integer-as-text"});
  lib.share(shared_flags(), "IntegralFloat", {"cursor-layer-integral-float"});
  lib.share(shared_flags(), "BooleanAsInteger", {"cursor-layer-boolean-as-integer"});
  lib.share(shared_flags(), "NumberAsText", {"cursor-number-as-text"});
  lib.flag({"PoolOfOne",
            BugType::kBoundary,
            "The last draw is from a pool of one (the deck's last card): index 0 whatever u is.",
            {},
            [](const rapidjson::Value& p, const json::Value& out) {
              if (json::optional_member(p, "game")) return game_claim("PoolOfOne")(p, out);
              // A pool hop: as many units as items, and the picks are a permutation of the pool.
              const u64 size = read_size(json::member(p, "size", "params"), "size");
              std::vector<u64> picks;
              for (const auto& v : out.find("picks")->as_array())
                picks.push_back(static_cast<u64>(std::get<std::int64_t>(v.variant())));
              std::sort(picks.begin(), picks.end());
              return unit_count(p) == size && picks == range(0, size);
            }});
  lib.flag({"NoDraws", BugType::kBoundary, "No units: no picks.", {}, input([](const rapidjson::Value& p) {
              return unit_count(p) == 0;
            })});
  lib.flag({"PoolExhaustion",
            BugType::kMissingCheck,
            "Drawing more items than the pool holds is bad input: more units than items, or andar bahar dealing 53 "
            "cards.",
            {"cursor-pool-overdraw-ignored"}});
  lib.flag({"UnitRange", BugType::kMissingCheck, "A unit outside [0, 1] is bad input.", {"cursor-unit-range-clamped"}});
  lib.flag({"BadN", BugType::kMissingCheck,
            "n and size must be integers between 1 and 2^53 - 1; anything else is bad input."});
}

namespace {

void draw_cases(Cases& c) {
  auto add_draw = [&](const std::string& comment, std::vector<std::string> flags, u64 x, u64 n) {
    c.valid("CursorDraw", comment, std::move(flags), {{"u64", std::to_string(x)}, {"n", Value(n)}});
  };
  const std::vector<std::pair<u64, std::string>> rules = {
      {2, "koban flip"},         {6, "die, face = index + 1"}, {37, "roulette pocket"}, {52, "blackjack card"},
      {15, "bingo column pool"}, {25, "mines pool"},           {75, "bingo ball pool"}, {1, "pool of one"}};
  for (const auto& [n, what] : rules) {
    add_draw("u = 1.0 (u64 = 2^64 - 1), n = " + std::to_string(n) + " (" + what + "): clamps to n - 1", {"ClampAtOne"},
             kMaxU64, n);
  }
  for (const auto& [n, what] : rules) {
    if (n == 1) continue;
    add_draw("u = 1 - 2^-53, n = " + std::to_string(n) + " (" + what + ")", {"BelowOne"}, kMaxU64 - (1ULL << 11) + 1,
             n);
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

  auto add_limbo = [&](const std::string& comment, std::vector<std::string> flags, u64 x) {
    c.valid("CursorLimbo", comment, std::move(flags), {{"u64", std::to_string(x)}});
  };
  add_limbo("u = 0: 0.99 * 100 = 99, clamped up to 100", {"Zero", "LimboClamp"}, 0);
  add_limbo("u = 0.5: 198", {}, kTwo63);
  add_limbo(
      "u = 0.1 (the double nearest 0.1): 0.99 / 0.9 * 100 = 109.99999999999999, so 109; 99 / 0.9 = "
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

  auto add_hop = [&](const std::string& comment, std::vector<std::string> flags, const std::vector<double>& units,
                     u64 size) {
    Array ua;
    for (double u : units) ua.emplace_back(u);
    c.valid("CursorPoolHop", comment, std::move(flags), {{"units", Value(std::move(ua))}, {"size", Value(size)}});
  };
  const Backend& b = default_backend();
  auto stream_units = [&](u64 nonce, u64 count) {
    std::vector<double> units;
    for (u64 k = 0; k < count; ++k) units.push_back(cur::unit(b, kSeedHex, kClient, nonce, k));
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

  auto bad_draw = [&](const std::string& comment, std::vector<std::string> flags, Value u, Value n,
                      const std::string& error) {
    c.invalid("CursorDrawInvalid", comment, std::move(flags), {{"u", std::move(u)}, {"n", std::move(n)}}, error);
  };
  bad_draw("u above 1", {"UnitRange"}, Value(1.5), Value(6), "u");
  bad_draw("u = 1 + 2^-52", {"UnitRange"}, Value(1.0 + 0x1p-52), Value(6), "u");
  bad_draw("u negative", {"UnitRange"}, Value(-0.25), Value(6), "u");
  bad_draw("u as a string", {"WrongType"}, Value("0.5"), Value(6), "u");
  bad_draw("n = 0", {"BadN"}, Value(0.5), Value(0), "n");
  bad_draw("n = 2^53", {"BadN"}, Value(0.5), Value(static_cast<std::int64_t>(kTwo53)), "n");
  bad_draw("n negative", {"BadN"}, Value(0.5), Value(-6), "n");
  bad_draw("n as the JSON string \"6\"", {"IntegerAsText"}, Value(0.5), Value("6"), "n");
  bad_draw("n as the JSON number 6.0", {"IntegralFloat"}, Value(0.5), Value(6.0), "n");
  bad_draw("n as the JSON boolean true", {"BooleanAsInteger"}, Value(0.5), Value(true), "n");

  c.invalid("CursorLimboInvalid", "u above 1", {"UnitRange"}, {{"u", Value(1.0 + 0x1p-52)}}, "u");
  c.invalid("CursorLimboInvalid", "u negative", {"UnitRange"}, {{"u", Value(-0.5)}}, "u");

  auto bad_hop = [&](const std::string& comment, std::vector<std::string> flags, Value units, Value size,
                     const std::string& error) {
    c.invalid("CursorPoolHopInvalid", comment, std::move(flags),
              {{"units", std::move(units)}, {"size", std::move(size)}}, error);
  };
  bad_hop("four units from a pool of three", {"PoolExhaustion"}, Value::array({0.5, 0.5, 0.5, 0.5}), Value(3), "units");
  bad_hop(
      "53 units over 52 cards", {"PoolExhaustion"},
      [&] {
        Array a;
        for (int i = 0; i < 53; ++i) a.emplace_back(0.5);
        return Value(std::move(a));
      }(),
      Value(52), "units");
  bad_hop("size 0", {"BadN"}, Value::array({}), Value(0), "size");
  bad_hop("size negative", {"BadN"}, Value::array({0.5}), Value(-1), "size");
  bad_hop("size 2^53", {"BadN"}, Value::array({0.5}), Value(static_cast<std::int64_t>(kTwo53)), "size");
  bad_hop("size as the JSON string \"52\"", {"IntegerAsText"}, Value::array({0.5}), Value("52"), "size");
  bad_hop("size as the JSON number 52.0", {"IntegralFloat"}, Value::array({0.5}), Value(52.0), "size");
  bad_hop("size as the JSON boolean true", {"BooleanAsInteger"}, Value::array({0.5}), Value(true), "size");
  bad_hop("a unit above 1", {"UnitRange"}, Value::array({0.5, 1.5}), Value(52), "units");
  bad_hop("a negative unit", {"UnitRange"}, Value::array({-0.5}), Value(52), "units");
  bad_hop("a unit as a string", {"WrongType"}, Value::array({Value("0.5")}), Value(52), "units");
}

}  // namespace

VectorKind draw_vector_kind() {
  const std::vector<Stage> unit_of_u64 = {{"cursor.u64_to_unit", {"u", "uBits"}}};
  return catalog_kind({
      "cursor_draw_test.json",
      {"cursor-v1 draws over given units: the clamped single draw min(floor(u * n), n - 1) "
       "(port op cursor.draw, an addition of specs/cursor-v1.md), limbo's "
       "clamp(floor(0.99 / (1 - u) * 100), 100, 1000000) in binary64 (op cursor.limbo, an "
       "addition), and the pool hop over 0..size-1 (op cursor.pool_hop).",
       "Each u comes from the u64 shown (u = u64_to_unit(u64)); u = 1.0 (u64 >= 2^64 - 2^10) is "
       "the case every game meets only through these layers, since no HMAC search reaches it.",
       "Games use these draws as: die = draw(u, 6) + 1 (sic bo, chinchiro), roulette pocket = "
       "draw(u, 37), koban flip = draw(u, 2), blackjack card = draw(u, 52), and pool hops over "
       "52 cards, 15 bingo numbers, 75 balls, 25 mine cells."},
      library().pick({"ClampAtOne", "BelowOne", "Zero", "MaxN", "Binary64Draw", "LimboClamp", "EvaluationOrder",
                      "Binary64Limbo", "SwapToEnd", "PoolOfOne", "NoDraws", "PoolExhaustion", "UnitRange", "BadN",
                      "WrongType", "IntegerAsText", "IntegralFloat", "BooleanAsInteger"}),
      {{.type = "CursorDraw", .call = {"cursor.draw"}, .fields = outputs({"index"}), .stages = unit_of_u64},
       {.type = "CursorLimbo",
        .call = {"cursor.limbo"},
        .fields = outputs({"scaledBits", "hundredths"}),
        .stages = unit_of_u64},
       {.type = "CursorPoolHop", .call = {"cursor.pool_hop"}, .fields = outputs({"indexes", "picks"})},
       {.type = "CursorDrawInvalid", .call = {"cursor.draw"}},
       {.type = "CursorLimboInvalid", .call = {"cursor.limbo"}},
       {.type = "CursorPoolHopInvalid", .call = {"cursor.pool_hop"}}},
      draw_cases,
  });
}

}  // namespace fairvec::vectors::cursor_vec
