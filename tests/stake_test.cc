// Tests of stake-v1 (specs/stake-v1.md): every value a primary source prints
// (specs/stake-v1-published.json) against the scheme and as a vector, the byte stream against a
// direct HMAC on both backends, errors naming their fields, every vector of the family's files on
// both backends, and `fairvec verify stake` on a published round.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "core/splitmix64.h"
#include "schemes/stake.h"
#include "vectors/derived.h"
#include "vectors/vector_file.h"

#include "cli_run.h"
#include "vector_test_util.h"

namespace fairvec {
namespace {

using namespace fairvec::testing;

const rapidjson::Document& published() {
  static const rapidjson::Document d = [] {
    rapidjson::Document doc;
    json::parse(read_file(std::filesystem::path(FAIRVEC_SOURCE_DIR) / "specs/stake-v1-published.json"), doc,
                "stake-v1-published.json");
    return doc;
  }();
  return d;
}

rapidjson::Document object_of(const rapidjson::Value& v) {
  rapidjson::Document d;
  d.CopyFrom(v, d.GetAllocator());
  return d;
}

std::string two_decimals(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

// sorted_list writes |v| ascending, each + |plus|, joined by ", " (as verifierform-stake shows tiles).
std::string sorted_list(const json::Value& v, int plus) {
  std::vector<std::int64_t> xs;
  for (const auto& x : v.as_array()) xs.push_back(std::get<std::int64_t>(x.variant()) + plus);
  std::sort(xs.begin(), xs.end());
  std::string out;
  for (auto x : xs) out += (out.empty() ? "" : ", ") + std::to_string(x);
  return out;
}

// card_of reads verifierform-stake's card names ("8-diamond") as Stake's index writes them ("♦8").
std::string card_of(const std::string& name) {
  static const std::map<std::string, std::string> kSuits = {
      {"diamond", "\xE2\x99\xA6"}, {"heart", "\xE2\x99\xA5"}, {"spade", "\xE2\x99\xA0"}, {"club", "\xE2\x99\xA3"}};
  const auto dash = name.find('-');
  return kSuits.at(name.substr(dash + 1)) + name.substr(0, dash);
}

double number(const json::Value& v) {
  if (const auto* d = std::get_if<double>(&v.variant())) return *d;
  return static_cast<double>(std::get<std::int64_t>(v.variant()));
}

// ---- published answers ---------------------------------------------------------------------------

TEST(StakePublished, FloatsAndBytesAreTheVerifiersOnBothBackends) {
  const auto& floats = published()["floats"];
  ASSERT_EQ(floats.Size(), 3u);
  for (const auto& e : floats.GetArray()) {
    for (const Backend* b : all_backends()) {
      if (e.HasMember("bytes")) {
        const auto& bytes = e["bytes"];
        const stake::Floats r = stake::floats(*b, e["serverSeed"].GetString(), e["clientSeed"].GetString(),
                                              e["nonce"].GetUint64(), e["cursor"].GetUint64(), (bytes.Size() + 3) / 4);
        for (rapidjson::SizeType i = 0; i < bytes.Size(); ++i) {
          EXPECT_EQ(r.bytes[i / 4][i % 4], bytes[i].GetInt()) << e["source"].GetString() << " byte " << i;
        }
      } else {
        const auto& want = e["floats12"];
        const stake::Floats r = stake::floats(*b, e["serverSeed"].GetString(), e["clientSeed"].GetString(),
                                              e["nonce"].GetUint64(), e["cursor"].GetUint64(), want.Size());
        for (rapidjson::SizeType i = 0; i < want.Size(); ++i) {
          EXPECT_NEAR(r.floats[i], want[i].GetDouble(), 5e-13) << e["source"].GetString() << " float " << i;
        }
      }
    }
  }
}

TEST(StakePublished, GamesShowWhatTheVerifierShows) {
  const auto& games = published()["games"];
  ASSERT_EQ(games.Size(), 68u);
  for (const auto& e : games.GetArray()) {
    const std::string game = e["game"].GetString();
    const rapidjson::Document options = object_of(e["options"]);
    const stake::Round r = stake::play(openssl_backend(), game, e["serverSeed"].GetString(),
                                       e["clientSeed"].GetString(), e["nonce"].GetUint64(), options);
    const json::Value out(r.outcome);
    const auto& shown = e["shown"];
    const std::string at = game + " nonce " + std::to_string(e["nonce"].GetUint64());
    if (game == "dice") {
      EXPECT_EQ(two_decimals(number(*out.find("roll"))), shown.GetString()) << at;
    } else if (game == "limbo") {
      EXPECT_EQ(two_decimals(number(*out.find("multiplier"))) + "x", shown.GetString()) << at;
    } else if (game == "roulette") {
      EXPECT_EQ(std::to_string(std::get<std::int64_t>(out.find("pocket")->variant())), shown.GetString()) << at;
    } else if (game == "mines") {
      EXPECT_EQ(sorted_list(*out.find("positions"), 1), shown.GetString()) << at;
    } else if (game == "keno") {
      EXPECT_EQ(sorted_list(*out.find("drawn"), 0), shown.GetString()) << at;
    } else if (game == "plinko" || game == "wheel") {
      EXPECT_EQ(number(*out.find("multiplier")), shown.GetDouble()) << at;
    } else if (game == "diamonds") {
      const auto& gems = out.find("gems")->as_array();
      ASSERT_EQ(gems.size(), shown.Size());
      for (rapidjson::SizeType i = 0; i < shown.Size(); ++i) {
        const std::string want = shown[i].GetString() == std::string("pink") ? "orange" : shown[i].GetString();
        EXPECT_EQ(std::get<std::string>(gems[i].variant()), want) << at << " gem " << i;
      }
    } else if (game == "hilo") {
      const auto& cards = out.find("cards")->as_array();
      ASSERT_EQ(cards.size(), 52u);
      for (rapidjson::SizeType i = 0; i < shown["first"].Size(); ++i) {
        EXPECT_EQ(std::get<std::string>(cards[i].variant()), card_of(shown["first"][i].GetString())) << at;
      }
      EXPECT_EQ(std::get<std::string>(cards[51].variant()), card_of(shown["last"].GetString())) << at;
    } else {
      ADD_FAILURE() << "no check for published game " << game;
    }
  }
}

TEST(StakePublished, CrashPointsAreTheVerifiers) {
  const auto& crash = published()["crash"];
  ASSERT_EQ(crash.Size(), 3u);
  for (const auto& e : crash.GetArray()) {
    for (const Backend* b : all_backends()) {
      EXPECT_EQ(two_decimals(stake::crash_point(*b, e["gameHash"].GetString(), e["salt"].GetString()).point) + "x",
                e["shown"].GetString());
    }
  }
}

// Every published round is a vector flagged PublishedAnswer (PublishedCrash), with the same inputs.
TEST(StakePublished, EveryPublishedRoundIsAVector) {
  const auto doc = load("stake_game_test.json");
  for (const auto& e : published()["games"].GetArray()) {
    bool found = false;
    for (const auto& g : doc["testGroups"].GetArray()) {
      if (!g.HasMember("game") || g["game"] != e["game"]) continue;
      for (const auto& t : g["tests"].GetArray()) {
        found |= t["serverSeed"] == e["serverSeed"] && t["clientSeed"] == e["clientSeed"] && t["nonce"] == e["nonce"] &&
                 t["options"] == e["options"] && has_flag(t, "PublishedAnswer");
      }
    }
    EXPECT_TRUE(found) << e["game"].GetString() << " nonce " << e["nonce"].GetUint64() << " is no vector";
  }
  const auto crash = load("stake_crash_test.json");
  for (const auto& e : published()["crash"].GetArray()) {
    bool found = false;
    for (const auto& t : crash["testGroups"][0]["tests"].GetArray()) {
      found |= t["gameHash"] == e["gameHash"] && has_flag(t, "PublishedCrash");
    }
    EXPECT_TRUE(found) << e["gameHash"].GetString();
  }
  const auto floats = load("stake_floats_test.json");
  int published_floats = 0;
  for (const auto& t : floats["testGroups"][0]["tests"].GetArray()) published_floats += has_flag(t, "PublishedAnswer");
  EXPECT_EQ(published_floats, 2);
}

// ---- the byte stream ------------------------------------------------------------------------------

TEST(Stake, StreamIsTheSpecifiedHmacOnBothBackends) {
  SplitMix64 rng{24};
  for (int i = 0; i < 200; ++i) {
    const std::string server = "seed " + std::to_string(rng.next());
    const std::string client = i % 7 == 0 ? "" : "c:" + std::to_string(rng.next() % 1000);
    const std::uint64_t nonce = rng.next() % 100000, cursor = rng.next() % 200, count = 1 + rng.next() % 40;
    const stake::Floats a = stake::floats(openssl_backend(), server, client, nonce, cursor, count);
    const stake::Floats b = stake::floats(cryptopp_backend(), server, client, nonce, cursor, count);
    ASSERT_EQ(a.floats, b.floats);
    ASSERT_EQ(a.macs, b.macs);
    // Directly: the bytes cursor .. cursor + 4 * count of the rounds' concatenated MACs.
    Bytes stream;
    for (std::uint64_t r = 0; r <= (cursor + 4 * count) / 32; ++r) {
      append(stream,
             openssl_backend().hmac_sha256(server, client + ":" + std::to_string(nonce) + ":" + std::to_string(r)));
    }
    for (std::uint64_t k = 0; k < count; ++k) {
      std::uint32_t u = 0;
      for (int j = 0; j < 4; ++j) u = (u << 8) | stream[cursor + 4 * k + static_cast<std::uint64_t>(j)];
      ASSERT_EQ(a.floats[k], static_cast<double>(u) / 4294967296.0) << i << " float " << k;
      ASSERT_EQ(a.rounds[k], (cursor + 4 * k) / 32);
      ASSERT_EQ(a.offsets[k], (cursor + 4 * k) % 32);
    }
  }
}

TEST(Stake, LargestFloatStaysBelowOne) {
  EXPECT_EQ(stake::float_of({255, 255, 255, 255}), 1.0 - std::ldexp(1.0, -32));
  EXPECT_EQ(stake::float_of({0, 0, 0, 0}), 0.0);
  EXPECT_EQ(stake::float_of({128, 0, 0, 1}), 0.5 + std::ldexp(1.0, -32));
}

// ---- bad input names its field --------------------------------------------------------------------

TEST(StakeBadInput, FieldsAreNamed) {
  const Backend& b = openssl_backend();
  expect_error([&] { (void)stake::floats(b, "s", "c", fairvec::kMaxCounter + 1, 0, 1); }, "nonce", std::nullopt);
  expect_error([&] { (void)stake::floats(b, "s", "c", 0, fairvec::kMaxCounter + 1, 1); }, "cursor", std::nullopt);
  expect_error([&] { (void)stake::floats(b, "s", "c", 0, 0, 0); }, "count", std::nullopt);
  expect_error([&] { (void)stake::floats(b, "s", "c", 0, 0, 1025); }, "count", std::nullopt);
  expect_error([&] { (void)stake::floats(b, "s\xff", "c", 0, 0, 1); }, "serverSeed", 1);
  expect_error([&] { (void)stake::floats(b, "s", "ab\xc0\x80", 0, 0, 1); }, "clientSeed", 2);
  auto options = [](const char* text) {
    rapidjson::Document d;
    json::parse(text, d, "options");
    return d;
  };
  expect_error([&] { (void)stake::floats_needed("mines", options(R"({"mines":25})")); }, "options.mines", std::nullopt);
  expect_error([&] { (void)stake::floats_needed("mines", options(R"({})")); }, "options.mines", std::nullopt);
  expect_error([&] { (void)stake::floats_needed("plinko", options(R"({"rows":17,"risk":"low"})")); }, "options.rows",
               std::nullopt);
  expect_error([&] { (void)stake::floats_needed("keno", options(R"({"picks":[1,2,2]})")); }, "options.picks", 2);
  expect_error([&] { (void)stake::floats_needed("dice", options(R"({"x":1})")); }, "options.x", std::nullopt);
  expect_error([&] { (void)stake::floats_needed("Dice", options(R"({})")); }, "game", std::nullopt);
  const std::vector<double> zero = {0.0};
  expect_error([&] { (void)stake::event("limbo", zero, options("{}")); }, "floats", 0);
  const std::vector<double> tenth = {0.1};
  expect_error([&] { (void)stake::event("dice", tenth, options("{}")); }, "floats", 0);
  expect_error([&] { (void)stake::crash_point(b, std::string(64, 'A'), stake::kCrashSalt); }, "gameHash", 0);
  expect_error([&] { (void)stake::crash_point(b, std::string(63, 'a'), stake::kCrashSalt); }, "gameHash", std::nullopt);
}

// ---- vectors ------------------------------------------------------------------------------------

TEST(StakeVectors, EveryVectorPassesOnBothBackends) {
  const auto kinds = vectors::own_files_of("stake");
  ASSERT_EQ(kinds.size(), 4u);
  for (const auto& kind : kinds) {
    std::vector<vectors::Failure> failures;
    const std::size_t n = vectors::check_kind(kind, kVectors, failures);
    EXPECT_GT(n, 0u) << kind.file;
    for (const auto& f : failures) ADD_FAILURE() << f.file << " tcId " << f.tc_id << ": " << f.detail;
  }
}

TEST(StakeVectors, RegenerationIsByteIdentical) {
  for (const auto& kind : vectors::own_files_of("stake")) {
    EXPECT_EQ(json::to_pretty(kind.generate_in(kVectors)), read_file(kVectors / kind.file)) << kind.file;
  }
}

// ---- fairvec verify stake -------------------------------------------------------------------------

int verify(const std::string& args) {
  const std::string cmd =
      std::string("exec '") + FAIRVEC_CLI + "' verify stake " + args + " >/dev/null 2>&1 </dev/null";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(StakeVerify, ReproducesThePublishedDiceRound) {
  const std::string round =
      "--game dice --server-seed 735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4 "
      "--client-seed ec75fca98de6f2d9 --nonce 20";
  EXPECT_EQ(verify(round + " --outcome '{\"roll\": 93.08}'"), 0);  // DiceResult.svelte.test.ts: 93.08
  EXPECT_EQ(verify(round + " --outcome '{\"roll\": 93.09}'"), 1);
  EXPECT_EQ(verify(round + " --outcome '{\"pocket\": 3}'"), 2);
  EXPECT_EQ(verify(round + " --outcome '{}'"), 2);  // compares nothing: bad input, never verified
  EXPECT_EQ(verify("--game mines --server-seed s --client-seed c --nonce 1 --options '{\"mines\": 25}'"), 2);
  EXPECT_EQ(verify("--game limbo --server-seed 735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4 "
                   "--client-seed ec75fca98de6f2d9 --nonce 21 --outcome '{\"multiplier\": 160.05}'"),
            0);  // LimboResult.svelte.test.ts: 160.05x
  EXPECT_EQ(verify("--game dice --server-seed s --client-seed= --nonce 0"), 0);
}

// `verify stake --json` carries the trace the text gives (specs/stake-v1.md §8): every MAC, and
// for each float its round, byte offset and bytes, each as the scheme computes it.
TEST(StakeVerify, JsonCarriesTheWholeTrace) {
  const cli_test::ChildRun r =
      cli_test::run_argv({FAIRVEC_CLI, "verify", "stake", "--json", "--game", "hilo", "--server-seed", "server",
                          "--client-seed", "client", "--nonce", "3"});
  ASSERT_EQ(r.rc(), 0) << r.all();
  rapidjson::Document d;
  json::parse(r.out, d, "verify --json");
  const rapidjson::Value& res = d["result"];
  const stake::Round round =
      stake::play(openssl_backend(), "hilo", "server", "client", 3, rapidjson::Value(rapidjson::kObjectType));
  ASSERT_EQ(res["macs"].Size(), round.read.macs.size());
  for (rapidjson::SizeType i = 0; i < res["macs"].Size(); ++i) {
    EXPECT_EQ(res["macs"][i].GetString(), to_hex(round.read.macs[i]));
    EXPECT_EQ(res["messages"][i].GetString(), round.read.messages[i]);
  }
  ASSERT_EQ(res["bytes"].Size(), round.read.floats.size());
  ASSERT_GT(res["macs"].Size(), 1u);  // hilo reads 52 floats: several rounds, floats straddling two
  for (rapidjson::SizeType i = 0; i < res["bytes"].Size(); ++i) {
    EXPECT_EQ(res["rounds"][i].GetUint64(), round.read.rounds[i]);
    EXPECT_EQ(res["offsets"][i].GetUint(), round.read.offsets[i]);
    for (rapidjson::SizeType k = 0; k < 4; ++k) EXPECT_EQ(res["bytes"][i][k].GetInt(), round.read.bytes[i][k]);
    EXPECT_EQ(res["floats"][i].GetDouble(), round.read.floats[i]);
  }
}

}  // namespace
}  // namespace fairvec
