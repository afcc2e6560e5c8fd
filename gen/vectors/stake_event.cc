// stake_event_test.json (specs/stake-v1.md S10..S24, op stake.event): games over given floats, so
// that floats no HMAC search reaches are covered: the largest float (every byte 255), zero, limbo's
// operation order and formula at chosen floats, and floats that are not 4-byte floats.
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "schemes/stake.h"
#include "vectors/catalog.h"
#include "vectors/stake.h"

namespace fairvec::vectors::stake_vec {

namespace {

using json::Value;
using O = json::Value;

constexpr double kLargest = (4294967296.0 - 1.0) / 4294967296.0;  // 1 - 2^-32: every byte 255

Value repeated(double f, std::size_t n) {
  json::Array a(n, Value(f));
  return Value(std::move(a));
}

// lattice is the 4-byte float at or just below |x| (a multiple of 2^-32).
double lattice(double x) { return std::floor(x * stake::kTwo32) / stake::kTwo32; }

// reached returns the members |member| of game |g|'s outcome over |floats| with |options|.
Value reached(const std::string& g, const Value& floats, const Value& options, const char* member) {
  rapidjson::Document d;
  const rapidjson::Value o = options.to_rapidjson(d.GetAllocator());
  std::vector<double> fl;
  for (const Value& f : floats.as_array()) fl.push_back(std::get<double>(f.variant()));
  for (auto& [k, v] : stake::event(g, fl, o)) {
    if (k == member) return v;
  }
  throw std::logic_error(g + " has no outcome member " + member);
}

// every_outcome adds, flag EveryOutcome, one test per value of each closed outcome domain whose
// mapping an option changes: each roulette pocket; each wheel segment for every (segments, risk)
// and each plinko bucket for every (rows, risk), so that every entry of both payout tables is
// asked; every keno square. Each test's floats are built to reach its value, and generation checks
// that they do (a float formula off by one fails here, not in a port).
template <class Add>
void every_outcome(Add& add) {
  auto expect = [](const std::string& g, const Value& floats, const Value& options, const char* member,
                   const Value& want) {
    if (json::to_line(reached(g, floats, options, member)) != json::to_line(want)) {
      throw std::logic_error("EveryOutcome: " + g + " " + json::to_line(options) + " does not reach " + member + " " +
                             json::to_line(want));
    }
  };
  for (int p = 0; p <= 36; ++p) {
    const Value fl = repeated(lattice((p + 0.5) / 37.0), 1);
    expect("roulette", fl, O::object(), "pocket", Value(p));
    add("roulette, pocket " + std::to_string(p), {"EveryOutcome"}, "roulette", fl, O::object());
  }
  for (const char* risk : {"low", "medium", "high"}) {
    for (int n : {10, 20, 30, 40, 50}) {
      for (int s = 0; s < n; ++s) {
        const Value fl = repeated(lattice((s + 0.5) / n), 1);
        const Value o = O::object({{"segments", n}, {"risk", risk}});
        expect("wheel", fl, o, "segment", Value(s));
        if (n == 10 && std::string_view(risk) == "low" && s == 2) continue;  // the SpreadFloats test at 0.25
        add("wheel of " + std::to_string(n) + " " + risk + ", segment " + std::to_string(s), {"EveryOutcome"}, "wheel",
            fl, o);
      }
    }
    for (int rows = 8; rows <= 16; ++rows) {
      for (int b = 0; b <= rows; ++b) {
        json::Array a;
        for (int i = 0; i < rows; ++i) a.emplace_back(i < b ? 0.75 : 0.25);
        const Value fl(std::move(a));
        const Value o = O::object({{"rows", rows}, {"risk", risk}});
        expect("plinko", fl, o, "bucket", Value(b));
        add("plinko of " + std::to_string(rows) + " rows, " + risk + ", bucket " + std::to_string(b) + " (" +
                std::to_string(b) + " rights, then lefts)",
            {"EveryOutcome"}, "plinko", fl, o);
      }
    }
  }
  // Keno: the draw k (pool 40 - k) takes index 10j, the squares 10j + 1 ... 10j + 10 in order.
  for (int j = 0; j < 4; ++j) {
    json::Array a, want;
    for (int k = 0; k < 10; ++k) {
      a.emplace_back(lattice((10 * j + 0.5) / (40 - k)));
      want.emplace_back(10 * j + k + 1);
    }
    const Value fl(std::move(a));
    const Value o = O::object({{"picks", O::array({10 * j + 1, 10 * j + 10})}});
    expect("keno", fl, o, "drawn", Value(std::move(want)));
    add("keno drawing squares " + std::to_string(10 * j + 1) + " to " + std::to_string(10 * j + 10) + " in order",
        {"EveryOutcome"}, "keno", fl, o);
  }
}

void event_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& game, Value floats,
                 Value options) {
    c.group_members({{"game", game}});
    c.valid("StakeEvent", std::move(comment), std::move(flags),
            {{"floats", std::move(floats)}, {"options", std::move(options)}});
  };
  // The largest float: every game's last outcome.
  add("dice at the largest float: 100", {"LargestFloat"}, "dice", repeated(kLargest, 1), O::object());
  add("roulette at the largest float: pocket 36", {"LargestFloat"}, "roulette", repeated(kLargest, 1), O::object());
  add("wheel of 50 high at the largest float: the last segment, 49.5x", {"LargestFloat"}, "wheel",
      repeated(kLargest, 1), O::object({{"segments", 50}, {"risk", "high"}}));
  add("plinko of 16 rows, high, every float largest: bucket 16, 1000x", {"LargestFloat"}, "plinko",
      repeated(kLargest, 16), O::object({{"rows", 16}, {"risk", "high"}}));
  add("mines 24 at the largest float: the last tile of each pool", {"LargestFloat"}, "mines", repeated(kLargest, 24),
      O::object({{"mines", 24}}));
  add("keno at the largest float: 40, 39, ..., 31", {"LargestFloat"}, "keno", repeated(kLargest, 10),
      O::object({{"picks", O::array({40, 1})}}));
  add("diamonds at the largest float: five blue gems", {"LargestFloat"}, "diamonds", repeated(kLargest, 5),
      O::object());
  add("hilo at the largest float: 52 times the ace of clubs", {"LargestFloat"}, "hilo", repeated(kLargest, 52),
      O::object());
  // Zero.
  add("mines 24, every float 0: tiles 0, 1, ..., 23 in order (a swap would give 0, 24, 23, ...)", {"ZeroFloat"},
      "mines", repeated(0.0, 24), O::object({{"mines", 24}}));
  add("keno, every float 0: squares 1..10", {"ZeroFloat", "SpliceShuffle"}, "keno", repeated(0.0, 10),
      O::object({{"picks", O::array({1, 11})}}));
  // Limbo.
  add("limbo at float 0.5: 1.98 (the 2^24-quantized formula gives 1.97)", {"LimboFormula"}, "limbo", repeated(0.5, 1),
      O::object());
  add("limbo at float 0.005859375: 1e8 / (f * 1e8) * 0.99 gives 168.95, 0.99 / f gives 168.96",
      {"LimboOperationOrder", "LimboFormula", "HouseEdgeOrder"}, "limbo", repeated(0.005859375, 1), O::object());
  add("limbo at float 2^-32: 4252017623.04 (the 2^24-quantized formula gives 16609443.84)", {"LimboFormula"}, "limbo",
      repeated(1.0 / 4294967296.0, 1), O::object());
  // A shuffle whose splice and swap differ from the second draw on.
  add("mines 3 at floats 0.5, 0, 0: tiles 12, 0, 1 (a swap gives 12, 0, 23)", {"SpliceShuffle"}, "mines",
      Value::array({0.5, 0.0, 0.0}), O::object({{"mines", 3}}));
  add("dice at float 0.5: 50, the unfloored snippet 50.005", {"DiceFloor"}, "dice", repeated(0.5, 1), O::object());
  // Spread floats (multiples of 2^-6): outcomes the largest and zero floats never give.
  auto spread = [](std::size_t n, unsigned step) {
    json::Array a;
    for (std::size_t i = 0; i < n; ++i) a.emplace_back(static_cast<double>((i * step + 5) % 64) / 64.0);
    return Value(std::move(a));
  };
  add("roulette at float 0.25: pocket 9", {"SpreadFloats"}, "roulette", repeated(0.25, 1), O::object());
  add("wheel of 10 low at float 0.25", {"SpreadFloats"}, "wheel", repeated(0.25, 1),
      O::object({{"segments", 10}, {"risk", "low"}}));
  add("plinko of 8 rows, low, at spread floats: a path of both directions", {"SpreadFloats"}, "plinko", spread(8, 37),
      O::object({{"rows", 8}, {"risk", "low"}}));
  add("diamonds at spread floats: gems of several colours", {"SpreadFloats"}, "diamonds", spread(5, 13), O::object());
  add("hilo at spread floats: 52 cards of every suit", {"SpreadFloats"}, "hilo", spread(52, 37), O::object());
  add("baccarat at spread floats: 6 cards", {"SpreadFloats"}, "baccarat", spread(6, 29), O::object());
  every_outcome(add);
  c.group_members({});

  auto bad = [&](std::string comment, std::vector<std::string> flags, const char* game, Value floats, Value options,
                 std::string error) {
    c.invalid("StakeEventInvalid", std::move(comment), std::move(flags),
              {{"game", game}, {"floats", std::move(floats)}, {"options", std::move(options)}}, std::move(error));
  };
  bad("limbo at float 0: Stake's code divides by zero", {"LimboZero"}, "limbo", repeated(0.0, 1), O::object(),
      "floats");
  bad("dice at float 0.1, no multiple of 2^-32", {"NotAFloat"}, "dice", repeated(0.1, 1), O::object(), "floats");
  bad("dice at float 1", {"NotAFloat"}, "dice", repeated(1.0, 1), O::object(), "floats");
  bad("dice at float 2^-33", {"NotAFloat"}, "dice", repeated(1.0 / 8589934592.0, 1), O::object(), "floats");
  bad("dice with 2 floats", {"FloatCount"}, "dice", repeated(0.25, 2), O::object(), "floats");
  bad("mines 3 with 2 floats", {"FloatCount"}, "mines", repeated(0.25, 2), O::object({{"mines", 3}}), "floats");
  bad("diamonds with no float", {"FloatCount"}, "diamonds", Value::array(), O::object(), "floats");
  bad("plinko risk 'extreme'", {"OptionBounds"}, "plinko", repeated(0.25, 8),
      O::object({{"rows", 8}, {"risk", "extreme"}}), "options.risk");
  // Every game its own bad input, so that a port declaring one game as its scope is sent one
  // (tests/ports/scope_bad_input_test.py): one float more than the game reads, with valid options.
  for (const std::string& game : stake::game_names()) {
    if (game == "dice") continue;  // "dice with 2 floats" above is dice's
    const Value options = game == "wheel"    ? O::object({{"segments", 10}, {"risk", "low"}})
                          : game == "plinko" ? O::object({{"rows", 8}, {"risk", "low"}})
                          : game == "mines"  ? O::object({{"mines", 3}})
                          : game == "keno"   ? O::object({{"picks", Value::array({1, 2, 3})}})
                                             : O::object();
    rapidjson::Document od;
    const rapidjson::Value ov = options.to_rapidjson(od.GetAllocator());
    const std::size_t n = stake::floats_needed(game, ov);
    bad(game + " with " + std::to_string(n + 1) +
            " floats, one more than it reads (every game has a bad input of "
            "its own)",
        {"FloatCount"}, game.c_str(), repeated(0.25, n + 1), options, "floats");
  }
}

}  // namespace

VectorKind event_vector_kind() {
  std::vector<Field> fields;
  for (const char* name :
       {"roll", "pocket", "segment", "path", "bucket", "multiplier", "positions", "drawn", "hits", "gems", "cards"}) {
    fields.push_back({.name = name, .optional = true});
  }
  return catalog_kind({
      "stake_event_test.json",
      {"stake-v1 game translations over given floats (specs/stake-v1.md, op stake.event): each float a multiple",
       "of 2^-32 in [0, 1 - 2^-32], as many as the game reads. Covers floats a round never shows in practice:",
       "every byte 255 (1 - 2^-32), zero, and limbo where its operation order matters.",
       "Port op: stake.event {game, floats, options} -> {the outcome members}."},
      library().pick({"LargestFloat", "ZeroFloat", "SpreadFloats", "SpliceShuffle", "LimboFormula",
                      "LimboOperationOrder", "HouseEdgeOrder", "DiceFloor", "EveryOutcome", "LimboZero", "NotAFloat",
                      "FloatCount", "OptionBounds"}),
      {{.type = "StakeEvent", .call = {"stake.event"}, .members = {"game"}, .fields = fields},
       {.type = "StakeEventInvalid", .call = {"stake.event"}}},
      event_cases,
  });
}

}  // namespace fairvec::vectors::stake_vec
