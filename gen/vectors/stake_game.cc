// stake_game_test.json (specs/stake-v1.md S10..S24): rounds of every game, each with the MACs read,
// the floats and the outcome as Stake shows it; the published answers of verifierform-stake's tests
// among them (specs/stake-v1-published.json), then the options each game rejects.
#include <algorithm>
#include <string>
#include <vector>

#include "schemes/stake.h"
#include "vectors/catalog.h"
#include "vectors/stake.h"

namespace fairvec::vectors::stake_vec {

namespace {

using json::Value;
using O = json::Value;

rapidjson::Document doc_of(const Value& v) {
  rapidjson::Document d;
  rapidjson::Value x = v.to_rapidjson(d.GetAllocator());
  static_cast<rapidjson::Value&>(d).Swap(x);
  return d;
}

stake::Round round_of(const std::string& game, const std::string& server, const std::string& client,
                      std::uint64_t nonce, const Value& options) {
  const rapidjson::Document o = doc_of(options);
  return stake::play(gen_backend(), game, server, client, nonce, o);
}

// swap_differs tells whether a swap-to-end draw of the same floats gives other items.
bool swap_differs(const std::vector<double>& fl, int n) {
  std::vector<int> a(static_cast<std::size_t>(n)), b;
  for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = i;
  b = a;
  for (double f : fl) {
    const auto k = static_cast<std::size_t>(f * static_cast<double>(a.size()));
    if (a[k] != b[k]) return true;
    a.erase(a.begin() + static_cast<std::ptrdiff_t>(k));
    std::swap(b[k], b.back());
    b.pop_back();
  }
  return false;
}

// order_flags adds SpliceShuffle and DrawOrder to a keno or mines round where they bite.
std::vector<std::string> order_flags(std::vector<std::string> flags, const std::string& game, const stake::Round& r) {
  if (game != "keno" && game != "mines") return flags;
  if (swap_differs(r.read.floats, game == "keno" ? 40 : 25)) flags.push_back("SpliceShuffle");
  const Value outcome(r.outcome);  // kept alive: |drawn| refers into it
  const Value& drawn = *outcome.find(game == "keno" ? "drawn" : "positions");
  std::vector<std::int64_t> d;
  for (const auto& x : drawn.as_array()) d.push_back(std::get<std::int64_t>(x.variant()));
  if (!std::is_sorted(d.begin(), d.end())) flags.push_back("DrawOrder");
  return flags;
}

double edge_after_floor(double f) { return std::max(std::floor(1e8 / (f * 1e8) * 100.0) / 100.0 * 0.99, 1.0); }

// limbo_flags adds HouseEdgeOrder to a limbo round where the house edge after the floor differs.
std::vector<std::string> limbo_flags(std::vector<std::string> flags, const std::string& server,
                                     const std::string& client, std::uint64_t nonce) {
  const double f = round_of("limbo", server, client, nonce, O::object()).read.floats[0];
  if (edge_after_floor(f) != stake::limbo_multiplier(f)) flags.push_back("HouseEdgeOrder");
  return flags;
}

void game_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& game,
                 const std::string& server, const std::string& client, std::uint64_t nonce, Value options) {
    flags = order_flags(std::move(flags), game, round_of(game, server, client, nonce, options));
    c.group_members({{"game", game}});
    c.valid("StakeGame", std::move(comment), std::move(flags),
            {{"serverSeed", server}, {"clientSeed", client}, {"nonce", Value(nonce)}, {"options", std::move(options)}});
  };
  // Published answers: provably-fair-betting/verifierform-stake, tests/lib/games/<game>/<Game>Result.svelte.test.ts
  // and tests/lib/games/testcases/<game>.json (specs/stake-v1-published.json "games").
  const char* const kTest = "verifierform-stake tests/lib/games/";
  for (std::uint64_t n = 20; n <= 22; ++n) {
    const std::string at = ", nonce " + std::to_string(n);
    add(std::string(kTest) + "dice/DiceResult.svelte.test.ts" + at, {"PublishedAnswer", "DiceFloor"}, "dice",
        kGameServer, kGameClient, n, O::object());
  }
  for (std::uint64_t n = 20; n <= 22; ++n) {
    add(std::string(kTest) + "limbo/LimboResult.svelte.test.ts, nonce " + std::to_string(n),
        limbo_flags({"PublishedAnswer"}, kGameServer, kGameClient, n), "limbo", kGameServer, kGameClient, n,
        O::object());
  }
  for (std::uint64_t n = 20; n <= 22; ++n) {
    add(std::string(kTest) + "roulette/RouletteResult.svelte.test.ts, nonce " + std::to_string(n), {"PublishedAnswer"},
        "roulette", kGameServer, kGameClient, n, O::object());
  }
  for (std::uint64_t n = 20; n <= 22; ++n) {
    add(std::string(kTest) + "mines/MinesResult.svelte.test.ts, mines 11, nonce " + std::to_string(n) +
            " (the test lists the tiles 1-based and sorted)",
        {"PublishedAnswer"}, "mines", kGameServer, kGameClient, n, O::object({{"mines", 11}}));
  }
  for (std::uint64_t n = 20; n <= 22; ++n) {
    add(std::string(kTest) + "keno/KenoResult.svelte.test.ts, nonce " + std::to_string(n) +
            " (the test lists the squares sorted; picks 1..10 are this kit's)",
        {"PublishedAnswer"}, "keno", kGameServer, kGameClient, n,
        O::object({{"picks", O::array({1, 2, 3, 4, 5, 6, 7, 8, 9, 10})}}));
  }
  const char* const kRisk[] = {"low", "medium", "high"};
  for (std::uint64_t n = 0; n < 27; ++n) {
    const std::int64_t rows = 8 + static_cast<std::int64_t>(n % 9);
    add(std::string(kTest) + "testcases/plinko.json, nonce " + std::to_string(n), {"PublishedAnswer"}, "plinko",
        "0c8f48139d81447799a5310edb9e5aac", "0beeaafc2e5364be411d4b7279923662", n,
        O::object({{"rows", rows}, {"risk", kRisk[n / 9]}}));
  }
  for (std::uint64_t n = 0; n < 15; ++n) {
    add(std::string(kTest) + "testcases/wheel.json, nonce " + std::to_string(n), {"PublishedAnswer"}, "wheel",
        "734db4b5d75c339f037ba64ac5ecada3", "bb0f7423c07974b393e4f03d86c6c6d8", n,
        O::object({{"segments", static_cast<std::int64_t>(10 + 10 * (n % 5))}, {"risk", kRisk[n / 5]}}));
  }
  for (std::uint64_t n = 0; n < 10; ++n) {
    add(std::string(kTest) + "testcases/diamonds.json, nonce " + std::to_string(n) +
            " (its 'pink' is index 5, 'orange')",
        {"PublishedAnswer"}, "diamonds", "5f6de4c2f18ecbbfc1919851cd0770b7", "7dbf887dbe97259c5e48b76afa459c06", n,
        O::object());
  }
  for (std::uint64_t n = 0; n < 10; ++n) {
    add(std::string(kTest) + "testcases/hilo.json, nonce " + std::to_string(n), {"PublishedAnswer", "RoundAdvance"},
        "hilo", "412780c6e08859f955318b5c7c75e288", "54560a34f054ad0c19edac66cf6b8e45", n, O::object());
  }

  // Pseudorandom rounds of every game.
  const std::string server = seed_hex("game/server", 0), client = seed_hex("game/client", 0).substr(0, 16);
  const std::vector<std::pair<const char*, Value>> rounds = {
      {"dice", O::object()},
      {"limbo", O::object()},
      {"roulette", O::object()},
      {"wheel", O::object({{"segments", 30}, {"risk", "medium"}})},
      {"plinko", O::object({{"rows", 16}, {"risk", "high"}})},
      {"mines", O::object({{"mines", 5}})},
      {"keno", O::object({{"picks", O::array({3, 13, 23, 33})}})},
      {"diamonds", O::object()},
      {"hilo", O::object()},
      {"baccarat", O::object()}};
  for (const auto& [game, options] : rounds) {
    for (std::uint64_t n = 1; n <= 2; ++n) {
      std::vector<std::string> flags{"Pseudorandom"};
      if (std::string(game) == "dice") flags.push_back("DiceFloor");
      if (std::string(game) == "limbo") flags = limbo_flags(flags, server, client, n);
      add(std::string("pseudorandom ") + game + ", nonce " + std::to_string(n), flags, game, server, client, n,
          options);
    }
  }
  add("mines with 24 mines: the pool shrinks to 2 tiles", {"PoolShrinks"}, "mines", server, client, 3,
      O::object({{"mines", 24}}));
  add("keno with 10 picks", {"Pseudorandom"}, "keno", server, client, 4,
      O::object({{"picks", O::array({1, 5, 9, 13, 17, 21, 25, 29, 33, 37})}}));
  add("hilo at nonce 2^53 - 1", {"MaxSafeNonce"}, "hilo", server, client, fairvec::kMaxCounter, O::object());

  // Limbo rounds where the house edge after the floor differs (search over nonces of a fixed pair).
  int found = 0;
  for (std::uint64_t n = 100; n < 400 && found < 2; ++n) {
    const stake::Round r = round_of("limbo", server, client, n, O::object());
    if (edge_after_floor(r.read.floats[0]) == stake::limbo_multiplier(r.read.floats[0])) continue;
    add("limbo, nonce " + std::to_string(n) +
            ": the house edge after the floor gives another multiplier (search from 100)",
        {"HouseEdgeOrder"}, "limbo", server, client, n, O::object());
    ++found;
  }
  require(found == 2, "stake: no limbo round for HouseEdgeOrder");
  c.group_members({});

  auto bad = [&](std::string comment, std::vector<std::string> flags, Value game, Value options, std::string error) {
    c.invalid("StakeGameInvalid", std::move(comment), std::move(flags),
              {{"game", std::move(game)},
               {"serverSeed", server},
               {"clientSeed", client},
               {"nonce", Value(1)},
               {"options", std::move(options)}},
              std::move(error));
  };
  auto bad_nonce = [&](std::string comment, std::vector<std::string> flags, Value nonce) {
    c.invalid("StakeGameInvalid", std::move(comment), std::move(flags),
              {{"game", "dice"},
               {"serverSeed", server},
               {"clientSeed", client},
               {"nonce", std::move(nonce)},
               {"options", O::object()}},
              "nonce");
  };
  // Every game its own bad input, so that a port declaring one game as its scope is sent one
  // (tests/ports/scope_bad_input_test.py): the nonce as the integral double 1.0, with valid options.
  for (const std::string& game : stake::game_names()) {
    if (game == "dice") continue;  // "dice, nonce as the JSON number 1.0" below is dice's
    const Value options = game == "wheel"    ? O::object({{"segments", 10}, {"risk", "low"}})
                          : game == "plinko" ? O::object({{"rows", 8}, {"risk", "low"}})
                          : game == "mines"  ? O::object({{"mines", 3}})
                          : game == "keno"   ? O::object({{"picks", Value::array({1, 2, 3})}})
                                             : O::object();
    c.invalid(
        "StakeGameInvalid", game + ", nonce as the JSON number 1.0 (every game has a bad input of its own)",
        {"IntegralFloat"},
        {{"game", game}, {"serverSeed", server}, {"clientSeed", client}, {"nonce", Value(1.0)}, {"options", options}},
        "nonce");
  }
  bad_nonce("dice, nonce as the JSON string \"1\"", {"IntegerAsText"}, Value("1"));
  bad_nonce("dice, nonce as the JSON number 1.0", {"IntegralFloat"}, Value(1.0));
  bad_nonce("dice, nonce as the JSON boolean true", {"BooleanAsInteger"}, Value(true));
  c.invalid("StakeGameInvalid", "dice, the server seed as the JSON number 12345", {"NumberAsText"},
            {{"game", "dice"},
             {"serverSeed", Value(12345)},
             {"clientSeed", client},
             {"nonce", Value(1)},
             {"options", O::object()}},
            "serverSeed");
  c.invalid("StakeGameInvalid", "dice, the client seed as the JSON number 7", {"NumberAsText"},
            {{"game", "dice"},
             {"serverSeed", server},
             {"clientSeed", Value(7)},
             {"nonce", Value(1)},
             {"options", O::object()}},
            "clientSeed");
  bad("mines 0", {"OptionBounds"}, Value("mines"), O::object({{"mines", 0}}), "options.mines");
  bad("mines 25", {"OptionBounds"}, Value("mines"), O::object({{"mines", 25}}), "options.mines");
  bad("plinko 7 rows", {"OptionBounds"}, Value("plinko"), O::object({{"rows", 7}, {"risk", "low"}}), "options.rows");
  bad("plinko 17 rows", {"OptionBounds"}, Value("plinko"), O::object({{"rows", 17}, {"risk", "low"}}), "options.rows");
  bad("plinko risk 'expert' (not in this kit's tables)", {"OptionBounds"}, Value("plinko"),
      O::object({{"rows", 8}, {"risk", "expert"}}), "options.risk");
  bad("wheel 15 segments", {"OptionBounds"}, Value("wheel"), O::object({{"segments", 15}, {"risk", "low"}}),
      "options.segments");
  bad("wheel 60 segments", {"OptionBounds"}, Value("wheel"), O::object({{"segments", 60}, {"risk", "low"}}),
      "options.segments");
  bad("keno with no picks", {"OptionBounds"}, Value("keno"), O::object({{"picks", O::array()}}), "options.picks");
  bad("keno with 11 picks", {"OptionBounds"}, Value("keno"),
      O::object({{"picks", O::array({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})}}), "options.picks");
  bad("keno pick 0", {"OptionBounds"}, Value("keno"), O::object({{"picks", O::array({0, 5})}}), "options.picks");
  bad("keno pick 41", {"OptionBounds"}, Value("keno"), O::object({{"picks", O::array({5, 41})}}), "options.picks");
  bad("keno pick twice", {"OptionBounds"}, Value("keno"), O::object({{"picks", O::array({5, 7, 5})}}), "options.picks");
  bad("an option dice does not have", {"UnknownOption"}, Value("dice"), O::object({{"target", 50}}), "options.target");
  bad("mines without its option", {"MissingOption"}, Value("mines"), O::object(), "options.mines");
  bad("'Dice': names are case-sensitive", {"UnknownGame"}, Value("Dice"), O::object(), "game");
}

}  // namespace

VectorKind game_vector_kind() {
  std::vector<Field> fields = outputs({"messages", "macs", "floats"});
  for (const char* name :
       {"roll", "pocket", "segment", "path", "bucket", "multiplier", "positions", "drawn", "hits", "gems", "cards"}) {
    fields.push_back({.name = name, .optional = true});
  }
  return catalog_kind({
      "stake_game_test.json",
      {"stake-v1 games (specs/stake-v1.md S10..S24): a round reads floats from cursor 0 and translates them:",
       "dice floor(f*10001)/100; limbo max(floor(1e8/(f*1e8)*0.99*100)/100, 1); roulette floor(37f); wheel",
       "floor(f*segments) into Stake's payout table; plinko one float per row, right when floor(2f) = 1; mines",
       "and keno draw by splice from 25 tiles (0-based) and 40 squares (shown 1..40); diamonds 5 of 7 gems; hilo",
       "52 and baccarat 6 cards of an unlimited deck. Port op: stake.game {game, serverSeed, clientSeed, nonce,",
       "options} -> {floats, the outcome members}."},
      library().pick({"PublishedAnswer", "Pseudorandom", "RoundAdvance", "DiceFloor", "HouseEdgeOrder", "SpliceShuffle",
                      "DrawOrder", "PoolShrinks", "MaxSafeNonce", "OptionBounds", "UnknownOption", "MissingOption",
                      "UnknownGame", "IntegerAsText", "IntegralFloat", "BooleanAsInteger", "NumberAsText"}),
      {{.type = "StakeGame", .call = {"stake.game"}, .members = {"game"}, .fields = fields},
       {.type = "StakeGameInvalid", .call = {"stake.game"}}},
      game_cases,
  });
}

}  // namespace fairvec::vectors::stake_vec
