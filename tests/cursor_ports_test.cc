// The cursor family's wrong ports (gen/vectors/cursor_ports.cc): every answer is a well-formed
// answer of its op or bad input, and the answers of the ports that read other units, splice or
// read the nonce loosely are the rounds those bugs give, recomputed here from the spec's layers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "ops/op_table.h"
#include "schemes/cursor.h"
#include "vectors/cursor.h"

using namespace fairvec;
namespace cur = fairvec::cursor;
namespace cv = fairvec::vectors::cursor_vec;

namespace {

const vectors::Alternative& answer(std::string_view port, std::string_view op) {
  const vectors::WrongPortRef w = cv::library().find_port(port);
  if (!w) throw std::logic_error("no wrong port " + std::string(port));
  const vectors::Alternative* fn = vectors::answer_of(*w, op);
  if (!fn) throw std::logic_error(std::string(port) + " does not answer " + std::string(op));
  return *fn;
}

rapidjson::Document doc(const json::Value& v) {
  rapidjson::Document d;
  rapidjson::Value r = v.to_rapidjson(d.GetAllocator());
  static_cast<rapidjson::Value&>(d).Swap(r);
  return d;
}

json::Value round(const char* game, json::Value options, std::uint64_t nonce = 1) {
  return json::Value::object({{"game", game},
                              {"serverSeed", "server"},
                              {"clientSeed", "client"},
                              {"nonce", json::Value(nonce)},
                              {"options", std::move(options)}});
}

std::vector<std::int64_t> ints(const json::Value& v) {
  std::vector<std::int64_t> out;
  for (const auto& x : v.as_array()) out.push_back(std::get<std::int64_t>(x.variant()));
  return out;
}

// The u a little-endian port reads: the digest's first eight bytes taken in reverse order.
double little_endian_unit(const std::string& server, const std::string& client, std::uint64_t nonce, std::uint64_t c) {
  const Digest d =
      default_backend().hmac_sha256(server, client + "-" + std::to_string(nonce) + "-" + std::to_string(c));
  std::uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = (x << 8) | d[static_cast<std::size_t>(i)];
  return cur::u64_to_unit(x);
}

}  // namespace

TEST(CursorWrongPorts, EveryAnswerOnTheOpsExamplesIsAnAnswerOfTheOpOrBadInput) {
  std::size_t answered = 0;
  for (const auto& w : cv::library().ports()) {
    for (const auto& [op, fn] : w->answers) {
      const ops::OpSpec* spec = ops::table().find(op);
      ASSERT_NE(spec, nullptr) << w->name << " answers the unknown op " << op;
      for (const json::Value& example : spec->examples) {
        const rapidjson::Document p = doc(example);
        json::Value a;
        try {
          a = fn(p, default_backend());
        } catch (const InputError&) {
          continue;  // this port rejects the example
        }
        if (std::holds_alternative<std::nullptr_t>(a.variant())) continue;
        ASSERT_TRUE(a.is_object() && !a.as_object().empty()) << w->name << " on " << json::to_line(example);
        const json::Value ours = ops::run(*spec, p, default_backend());
        for (const auto& [name, v] : a.as_object()) {
          EXPECT_NE(ours.find(name), nullptr) << w->name << " answers " << name << ", which " << op << " does not";
        }
        ++answered;
      }
    }
  }
  EXPECT_GT(answered, 50u);
}

TEST(CursorWrongPorts, AUnitPortPlaysTheRoundOnItsOwnUnits) {
  const auto& fn = answer("little-endian-words", "cursor.game");
  const rapidjson::Document roulette = doc(round("roulette", json::Value::object()));
  const json::Value a = fn(roulette, default_backend());
  ASSERT_TRUE(a.is_object());
  const auto pocket = static_cast<std::int64_t>(cur::draw(little_endian_unit("server", "client", 1, 0), 37));
  EXPECT_EQ(std::get<std::int64_t>(a.find("pocket")->variant()), pocket);
  EXPECT_NE(std::get<std::int64_t>(
                ops::run(*ops::table().find("cursor.game"), roulette, default_backend()).find("pocket")->variant()),
            pocket);  // the inputs tell the two apart
  const rapidjson::Document sicbo = doc(round("sicbo", json::Value::object(), 7));
  std::vector<std::int64_t> dice;
  for (std::uint64_t c = 0; c < 3; ++c) {
    dice.push_back(static_cast<std::int64_t>(cur::draw(little_endian_unit("server", "client", 7, c), 6) + 1));
  }
  const json::Value b = fn(sicbo, default_backend());
  ASSERT_TRUE(b.is_object());
  EXPECT_EQ(ints(*b.find("dice")), dice);
  // The port's own unit op agrees with its rounds.
  const rapidjson::Document unit =
      doc(json::Value::object({{"serverSeed", "server"}, {"clientSeed", "client"}, {"nonce", 7}, {"cursor", 2}}));
  EXPECT_EQ(
      std::get<double>(answer("little-endian-words", "cursor.unit")(unit, default_backend()).find("u")->variant()),
      little_endian_unit("server", "client", 7, 2));
}

TEST(CursorWrongPorts, ASplicingPortDealsTheSplicedPool) {
  const rapidjson::Document mines = doc(round("mines", json::Value::object({{"mines", 5}})));
  std::vector<double> units;
  for (std::uint64_t c = 0; c < 5; ++c) units.push_back(cur::unit(default_backend(), "server", "client", 1, c));
  std::vector<std::uint64_t> pool, picks;
  for (std::uint64_t i = 0; i < 25; ++i) pool.push_back(i);
  for (double u : units) {  // splice: remove the pick and close the gap
    const std::uint64_t i = cur::draw(u, pool.size());
    picks.push_back(pool[i]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(i));
  }
  const json::Value a = answer("splice-not-swap", "cursor.game")(mines, default_backend());
  ASSERT_TRUE(a.is_object());
  std::vector<std::int64_t> want(picks.begin(), picks.end());
  EXPECT_EQ(ints(*a.find("mines")), want);
  EXPECT_NE(ints(*ops::run(*ops::table().find("cursor.game"), mines, default_backend()).find("mines")), want);
  // A game without a pool is the same round.
  const rapidjson::Document roulette = doc(round("roulette", json::Value::object()));
  EXPECT_TRUE(std::holds_alternative<std::nullptr_t>(
      answer("splice-not-swap", "cursor.game")(roulette, default_backend()).variant()));
}

TEST(CursorWrongPorts, ALooseCounterPortAnswersTheNonceItShouldReject) {
  const auto& fn = answer("cursor-negative-counters-accepted", "cursor.game");
  json::Value r = round("roulette", json::Value::object());
  const rapidjson::Document valid = doc(r);
  EXPECT_TRUE(std::holds_alternative<std::nullptr_t>(fn(valid, default_backend()).variant()));
  rapidjson::Document negative = doc(r);
  negative["nonce"].SetInt64(-1);
  const json::Value a = fn(negative, default_backend());
  ASSERT_TRUE(a.is_object());
  EXPECT_EQ(ints(*a.find("cursors")), (std::vector<std::int64_t>{0}));
  rapidjson::Document fraction = doc(r);
  fraction["nonce"].SetDouble(2.5);
  EXPECT_THROW((void)fn(fraction, default_backend()), InputError);  // a fraction it rejects, as fairvec does
}

TEST(CursorWrongPorts, MutantsArePortsOfTheSameName) {
  // tests/ports/mutants/mutants.py's cursor mutants; string-as-integer is hmac-dice's port name.
  for (const char* name : {"hex-decoded-cursor-key", "nonce-cursor-swapped", "little-endian-words", "two-roundings",
                           "float32-units", "no-clamp-at-1", "limbo-no-clamp", "splice-not-swap", "bool-as-integer",
                           "float-as-integer", "cursor-string-as-integer"}) {
    EXPECT_NE(cv::library().find_port(name), nullptr) << name;
  }
}
