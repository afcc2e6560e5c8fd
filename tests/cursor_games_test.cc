// Tests of cursor-v1 (specs/cursor-v1.md): every game's cursor layout and outcome rules, the port
// ops, every vector of the cursor files, and the spec's worked example and flag list.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "cursor_test_util.h"
#include "ops/op_table.h"
#include "port/protocol.h"
#include "schemes/cursor.h"
#include "schemes/cursor_games.h"
#include "vectors/derived.h"
#include "vectors/vector_file.h"

namespace fs = std::filesystem;
using namespace fairvec;
using namespace fairvec::cursor_testing;
namespace cur = fairvec::cursor;
using u64 = std::uint64_t;

namespace {

cur::GameResult play(std::string_view game, const std::string& options_json, u64 nonce = 1,
                     const Backend& b = openssl_backend()) {
  rapidjson::Document d;
  json::parse(options_json, d, "options");
  return cur::play(b, game, kSeed, "fairvec", nonce, d);
}

std::vector<u64> cursors_of(const cur::GameResult& r) {
  std::vector<u64> c;
  for (const auto& x : r.reads) c.push_back(x.cursor);
  return c;
}

std::vector<u64> ints(const cur::GameResult& r, std::string_view key) {
  for (const auto& [k, v] : r.outcome) {
    if (k == key) {
      std::vector<u64> out;
      for (const auto& x : v.as_array()) out.push_back(static_cast<u64>(std::get<std::int64_t>(x.variant())));
      return out;
    }
  }
  ADD_FAILURE() << "no outcome member " << key;
  return {};
}

}  // namespace

// --- games ----------------------------------------------------------------------------------------

TEST(CursorGames, EveryGameNamedOnceAndKenoCrashExcluded) {
  const auto& names = cur::game_names();
  EXPECT_EQ(names.size(), 16u);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  for (const char* n : {"keno", "crash"}) {
    expect_input_error([&] { (void)play(n, "{}"); }, "game");
  }
}

TEST(CursorGames, CursorCountsFollowTheLayouts) {
  EXPECT_EQ(cursors_of(play("bingo", "{}")), iota(0, 63));
  EXPECT_EQ(cursors_of(play("holdem", R"({"action":"fold"})")), iota(0, 7));
  EXPECT_EQ(cursors_of(play("holdem", R"({"action":"call"})")), iota(0, 9));
  EXPECT_EQ(cursors_of(play("vpoker", R"({"hold":[true,true,true,true,true]})")), iota(0, 5));
  EXPECT_EQ(cursors_of(play("vpoker", R"({"hold":[false,false,false,false,false]})")), iota(0, 10));
  EXPECT_EQ(cursors_of(play("vpoker", R"({"hold":[true,false,true,false,true]})")), iota(0, 7));
  EXPECT_EQ(cursors_of(play("blackjack", R"({"actions":["hit","hit","stand"],"dealerDraws":3})")), iota(0, 9));
  EXPECT_EQ(cursors_of(play("roulette", "{}")), iota(0, 1));
  EXPECT_EQ(cursors_of(play("sicbo", "{}")), iota(0, 3));
  EXPECT_EQ(cursors_of(play("limbo", "{}")), iota(0, 1));
  EXPECT_EQ(cursors_of(play("koban", R"({"flips":7})")), iota(0, 7));
  EXPECT_EQ(cursors_of(play("andar", R"({"cards":52})")), iota(0, 57));
  EXPECT_EQ(cursors_of(play("mines", R"({"mines":24})")), iota(0, 24));
  EXPECT_EQ(cursors_of(play("hanabi", R"({"freeSpins":3})")), iota(0, 60));
  EXPECT_EQ(cursors_of(play("fuku", "{}")), iota(0, 1));
  EXPECT_EQ(cursors_of(play("omikuji", R"({"fillers":5})")), iota(0, 9));
  EXPECT_EQ(cursors_of(play("pagoda", R"({"floors":12})")), iota(0, 12));
  EXPECT_EQ(cursors_of(play("plinko", R"({"rows":16})")), iota(0, 16));
  EXPECT_EQ(cursors_of(play("chinchiro", R"({"attempts":[1,3,2]})")),
            (std::vector<u64>{0, 1, 2, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}));
}

TEST(CursorGames, OutcomesFollowTheDrawRules) {
  const auto r = play("blackjack", R"({"actions":["hit"],"dealerDraws":1})", 5);
  const auto cards = ints(r, "cards");
  ASSERT_EQ(cards.size(), 6u);
  for (std::size_t i = 0; i < cards.size(); ++i) EXPECT_EQ(cards[i], cur::draw(r.reads[i].u, 52));
  EXPECT_EQ(ints(r, "player"), (std::vector<u64>{cards[0], cards[2], cards[4]}));
  EXPECT_EQ(ints(r, "dealer"), (std::vector<u64>{cards[1], cards[3], cards[5]}));
  // "stand" as the last action reads nothing more.
  EXPECT_EQ(cursors_of(play("blackjack", R"({"actions":["hit"],"dealerDraws":0})")),
            cursors_of(play("blackjack", R"({"actions":["hit","stand"],"dealerDraws":0})")));

  const auto dice = play("sicbo", "{}", 9);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(ints(dice, "dice")[i], cur::draw(dice.reads[i].u, 6) + 1);
  const auto pocket = play("roulette", "{}", 9).outcome.at(0).second;
  EXPECT_EQ(static_cast<u64>(std::get<std::int64_t>(pocket.variant())),
            cur::draw(cur::unit(openssl_backend(), kSeed, "fairvec", 9, 0), 37))
      << "roulette reads cursor 0 of the same round";
}

TEST(CursorGames, BingoColumnsAndBalls) {
  for (u64 nonce = 0; nonce < 20; ++nonce) {
    const auto r = play("bingo", "{}", nonce);
    const auto card = ints(r, "card");
    const auto balls = ints(r, "balls");
    ASSERT_EQ(card.size(), 25u);
    ASSERT_EQ(balls.size(), 38u);
    for (u64 i = 0; i < 25; ++i) {
      EXPECT_GE(card[i], 15 * (i / 5) + 1);
      EXPECT_LE(card[i], 15 * (i / 5) + 15);
    }
    EXPECT_EQ(std::set<u64>(card.begin(), card.end()).size(), 25u);
    EXPECT_EQ(std::set<u64>(balls.begin(), balls.end()).size(), 38u);
    for (u64 b : balls) EXPECT_TRUE(b >= 1 && b <= 75);
    std::vector<double> units;
    for (u64 k = 25; k < 63; ++k) units.push_back(r.reads[k].u);
    std::vector<u64> expected = dense_pool_hop(units, 75);
    for (u64& b : expected) b += 1;  // the pool is 1..75
    EXPECT_EQ(balls, expected);
  }
}

TEST(CursorGames, CardGamesDrawOneSequenceWithoutReplacement) {
  for (u64 nonce = 0; nonce < 30; ++nonce) {
    const auto call = play("holdem", R"({"action":"call"})", nonce);
    const auto fold = play("holdem", R"({"action":"fold"})", nonce);
    const auto cards = ints(call, "cards");
    EXPECT_EQ(std::set<u64>(cards.begin(), cards.end()).size(), 9u);
    EXPECT_EQ(ints(fold, "cards"), std::vector<u64>(cards.begin(), cards.begin() + 7)) << "fold is a prefix of call";

    const auto vp = play("vpoker", R"({"hold":[true,false,false,true,false]})", nonce);
    const auto deal = ints(vp, "deal"), fin = ints(vp, "final");
    EXPECT_EQ(fin[0], deal[0]);
    EXPECT_EQ(fin[3], deal[3]);
    std::set<u64> all(deal.begin(), deal.end());
    all.insert(fin.begin(), fin.end());
    EXPECT_EQ(all.size(), 8u) << "replacements come from the same deck";
    std::vector<double> units;
    for (const auto& rd : vp.reads) units.push_back(rd.u);
    const auto seq = dense_pool_hop(units, 52);
    EXPECT_EQ(deal, std::vector<u64>(seq.begin(), seq.begin() + 5));
    EXPECT_EQ((std::vector<u64>{fin[1], fin[2], fin[4]}), std::vector<u64>(seq.begin() + 5, seq.end()));
  }
}

TEST(CursorGames, BothBackendsAgree) {
  for (const auto& game : cur::game_names()) {
    std::string options = "{}";
    if (game == "koban") options = R"({"flips":4})";
    if (game == "blackjack") options = R"({"actions":["hit"],"dealerDraws":2})";
    if (game == "vpoker") options = R"({"hold":[false,true,false,true,false]})";
    if (game == "holdem") options = R"({"action":"call"})";
    if (game == "andar") options = R"({"cards":20})";
    if (game == "chinchiro") options = R"({"attempts":[2,1]})";
    if (game == "mines") options = R"({"mines":5})";
    if (game == "hanabi") options = R"({"freeSpins":1})";
    if (game == "omikuji") options = R"({"fillers":2})";
    if (game == "pagoda") options = R"({"floors":3})";
    if (game == "plinko") options = R"({"rows":8})";
    const auto a = play(game, options, 3, cryptopp_backend());
    const auto b = play(game, options, 3, openssl_backend());
    EXPECT_EQ(json::to_line(json::Value(a.outcome)), json::to_line(json::Value(b.outcome))) << game;
    EXPECT_EQ(cursors_of(a), cursors_of(b)) << game;
  }
}

TEST(CursorGames, BadOptionsNameTheMemberAndPosition) {
  expect_input_error([] { (void)play("roulette", "[]"); }, "options");
  expect_input_error([] { (void)play("roulette", R"({"bet":1})"); }, "options.bet", 0);
  expect_input_error([] { (void)play("koban", "{}"); }, "options.flips");
  expect_input_error([] { (void)play("koban", R"({"flips":1001})"); }, "options.flips");
  expect_input_error([] { (void)play("vpoker", R"({"hold":[true,true,1,true,true]})"); }, "options.hold", 2);
  expect_input_error([] { (void)play("vpoker", R"({"hold":[true]})"); }, "options.hold");
  expect_input_error([] { (void)play("blackjack", R"({"actions":["hit","stand","hit"],"dealerDraws":0})"); },
                     "options.actions", 2);
  expect_input_error([] { (void)play("blackjack", R"({"actions":["split"],"dealerDraws":0})"); }, "options.actions", 0);
  expect_input_error([] { (void)play("blackjack", R"({"actions":[]})"); }, "options.dealerDraws");
  expect_input_error([] { (void)play("holdem", R"({"action":"Call"})"); }, "options.action");
  expect_input_error([] { (void)play("andar", R"({"cards":53})"); }, "options.cards");
  expect_input_error([] { (void)play("mines", R"({"mines":25})"); }, "options.mines");
  expect_input_error([] { (void)play("chinchiro", R"({"attempts":[3,4]})"); }, "options.attempts", 1);
  expect_input_error([] { (void)play("hanabi", R"({"freeSpins":1.0})"); }, "options.freeSpins");
  expect_input_error([] { (void)play("nope", "{}"); }, "game");
  rapidjson::Document empty;
  empty.SetObject();
  expect_input_error([&] { (void)cur::play(openssl_backend(), "roulette", "\xC0\x80", "c", 0, empty); }, "serverSeed",
                     0);
  expect_input_error([&] { (void)cur::play(openssl_backend(), "roulette", "s", "c", 1ULL << 53, empty); }, "nonce");
}

TEST(CursorGames, ParamsAreCheckedInOrder) {
  auto err = [](const char* params) {
    rapidjson::Document d;
    json::parse(params, d, "params");
    try {
      (void)cur::play_params(openssl_backend(), d);
    } catch (const InputError& e) {
      return e.field();
    }
    return std::string("none");
  };
  EXPECT_EQ(err(R"({"game":"baccarat","serverSeed":1,"clientSeed":"c","nonce":-1,"options":[]})"), "game");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":1,"clientSeed":"c","nonce":-1,"options":[]})"), "serverSeed");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":2,"nonce":-1,"options":[]})"), "clientSeed");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":-1,"options":[]})"), "nonce");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":1,"options":[]})"), "options");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":1})"), "options");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":1,"options":{}})"), "none");
}

// --- port ops ---------------------------------------------------------------------------------------

TEST(CursorPort, OpsAnswerAndRejectBadParams) {
  const auto names = ops::table().names();
  for (const char* op : {"cursor.unit", "cursor.u64_to_unit", "cursor.pool_hop", "cursor.commitment", "cursor.game",
                         "cursor.draw", "cursor.limbo"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), op), names.end()) << op;
  }
  auto call = [](const char* op, const char* params) {
    rapidjson::Document d;
    json::parse(params, d, "params");
    return port::call(op, d, openssl_backend());
  };
  auto r = call("cursor.game",
                R"({"game":"holdem","serverSeed":"s","clientSeed":"c","nonce":0,"options":{"action":"fold"}})");
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.result.find("cursors")->as_array().size(), 7u);
  EXPECT_EQ(r.result.find("board")->as_array().size(), 3u);
  r = call("cursor.u64_to_unit", R"({"u64":"18446744073709551615"})");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(std::get<double>(r.result.find("u")->variant()), 1.0);
  for (auto [op, params] : std::vector<std::pair<const char*, const char*>>{
           {"cursor.unit", R"({"serverSeed":"s","clientSeed":"c","nonce":0})"},
           {"cursor.unit", R"({"serverSeed":"s","clientSeed":"c","nonce":0,"cursor":9007199254740992})"},
           {"cursor.u64_to_unit", R"({"u64":"18446744073709551616"})"},
           {"cursor.u64_to_unit", R"({"u64":7})"},
           {"cursor.pool_hop", R"({"units":[0.5,0.5],"size":1})"},
           {"cursor.pool_hop", R"({"units":[true],"size":4})"},
           {"cursor.draw", R"({"u":1.5,"n":6})"},
           {"cursor.draw", R"({"u":0.5,"n":0})"},
           {"cursor.limbo", R"({"u":-1})"},
           {"cursor.commitment", R"({"serverSeed":5})"},
           {"cursor.game", R"({"game":"keno","serverSeed":"s","clientSeed":"c","nonce":0,"options":{}})"}}) {
    r = call(op, params);
    EXPECT_FALSE(r.ok) << op << " " << params;
    EXPECT_EQ(r.error, "bad_input") << op << " " << params << " " << r.message;
  }
}

// --- vector files -----------------------------------------------------------------------------------

TEST(CursorVectors, EveryVectorPassesOnBothBackendsThroughLibraryAndPort) {
  const auto kinds = vectors::own_files_of("cursor");
  ASSERT_EQ(kinds.size(), 4u);
  std::size_t total = 0;
  for (const auto& k : kinds) {
    std::vector<vectors::Failure> failures;
    const std::size_t n = vectors::check_kind(k, FAIRVEC_SOURCE_VECTORS, failures);
    EXPECT_GT(n, 0u) << k.file;
    total += n;
    for (const auto& f : failures) ADD_FAILURE() << f.file << " tcId " << f.tc_id << ": " << f.detail;
  }
  EXPECT_GE(total, 200u);
}

// Generation time is a target of `fairvec bench` (a ratio in one run), not of a unit test.
TEST(CursorVectors, CommittedFilesEqualAFreshGeneration) {
  for (const auto& k : vectors::own_files_of("cursor")) {
    const std::string fresh = json::to_pretty(k.generate_in(FAIRVEC_SOURCE_VECTORS));
    EXPECT_TRUE(fresh == read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file)) << k.file << ": run fairvec generate";
    EXPECT_EQ(fresh, json::to_pretty(k.generate_in(FAIRVEC_SOURCE_VECTORS)))
        << k.file << ": generation is not deterministic";
  }
}

TEST(CursorVectors, ATamperedVectorFails) {
  // The checker must be able to fail: flip one expected u, one game card and one invalid test.
  const fs::path dir = fs::temp_directory_path() / "fairvec_cursor_tamper";
  fs::create_directories(dir / "schema");
  for (const char* f : {"cursor_unit_test.json", "cursor_game_test.json"}) {
    fs::copy_file(fs::path(FAIRVEC_SOURCE_VECTORS) / f, dir / f, fs::copy_options::overwrite_existing);
    const std::string schema = std::string(f).replace(std::string(f).find("_test.json"), 10, "_schema.json");
    fs::copy_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "schema" / schema, dir / "schema" / schema,
                  fs::copy_options::overwrite_existing);
  }
  auto edit = [&](const char* file, const std::function<void(rapidjson::Document&)>& fn) {
    rapidjson::Document d;
    json::parse(read_file(dir / file), d, file);
    fn(d);
    write_file_atomic(dir / file, json::to_pretty(json::Value::from_rapidjson(d)));
  };
  long unit_id = 0;  // the unit test changed: its tcId, read from the file
  edit("cursor_unit_test.json", [&](rapidjson::Document& d) {
    auto& t = d["testGroups"][0]["tests"][0];
    t["u"].SetDouble(std::nextafter(t["u"].GetDouble(), 1.0));
    unit_id = t["tcId"].GetInt();
  });
  edit("cursor_game_test.json", [](rapidjson::Document& d) {
    for (auto& g : d["testGroups"].GetArray()) {
      if (g.HasMember("game") && std::string(g["game"].GetString()) == "vpoker") {
        auto& fin = g["tests"][0]["final"];
        fin[0].SetInt((fin[0].GetInt() + 1) % 52);
      }
      if (std::string(g["type"].GetString()) == "CursorGameInvalid") g["tests"][0]["game"].SetString("roulette");
    }
  });
  const auto kinds = vectors::own_files_of("cursor");
  std::vector<vectors::Failure> failures;
  (void)vectors::check_kind(kinds[0], dir, failures);
  (void)vectors::check_kind(kinds[3], dir, failures);
  std::set<long> ids;
  for (const auto& f : failures) ids.insert(f.tc_id);
  EXPECT_EQ(ids.size(), 3u);  // the unit test, the vpoker test, the first invalid game test
  EXPECT_TRUE(ids.count(unit_id));
  fs::remove_all(dir);
}

// --- spec ---------------------------------------------------------------------------------------------

TEST(CursorSpec, WorkedExampleIsTcId1AndEveryFlagIsListed) {
  const std::string spec = read_file(fs::path(FAIRVEC_SOURCE_DIR) / "specs/cursor-v1.md");
  rapidjson::Document doc;
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "cursor_unit_test.json"), doc, "unit");
  const auto& t = doc["testGroups"][0]["tests"][0];
  ASSERT_EQ(t["tcId"].GetInt(), 1);
  for (const char* key : {"serverSeed", "clientSeed", "message", "digest", "u64", "uBits"}) {
    EXPECT_NE(spec.find(t[key].GetString()), std::string::npos) << key;
  }
  EXPECT_NE(spec.find(std::to_string(t["hi"].GetInt64())), std::string::npos);
  EXPECT_NE(spec.find(std::to_string(t["lo"].GetInt64())), std::string::npos);
  EXPECT_NE(spec.find(json::format_double(t["u"].GetDouble())), std::string::npos);
  for (const auto& k : vectors::own_files_of("cursor")) {
    rapidjson::Document d;
    json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file), d, k.file);
    for (const auto& m : std::as_const(d)["notes"].GetObject()) {  // const: clang 14, C++20 !=
      const std::string row = std::string("| `") + m.name.GetString() + "` | " + m.value["bugType"].GetString() + " |";
      EXPECT_NE(spec.find(row), std::string::npos) << row;
    }
  }
}
