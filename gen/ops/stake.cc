// Port ops of stake-v1 (specs/stake-v1.md, "Port operations"): stake.floats, stake.game,
// stake.crash, and the addition stake.event (the game translations over given floats).
#include <vector>

#include "core/bytes.h"
#include "core/errors.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/stake.h"

namespace fairvec::ops {

namespace {

json::Value round(const char* game, json::Value options) {
  return json::Value::object({{"game", game},
                              {"serverSeed", "server"},
                              {"clientSeed", "client"},
                              {"nonce", 1},
                              {"options", std::move(options)}});
}

using O = json::Value;

// One round of every game, with options it accepts (the stake.game examples).
const std::vector<json::Value>& game_rounds() {
  static const std::vector<json::Value> k = {round("dice", O::object()),
                                             round("limbo", O::object()),
                                             round("roulette", O::object()),
                                             round("wheel", O::object({{"segments", 10}, {"risk", "low"}})),
                                             round("plinko", O::object({{"rows", 8}, {"risk", "medium"}})),
                                             round("mines", O::object({{"mines", 3}})),
                                             round("keno", O::object({{"picks", O::array({1, 2, 3})}})),
                                             round("diamonds", O::object()),
                                             round("hilo", O::object()),
                                             round("baccarat", O::object())};
  return k;
}

json::Value floats_json(const std::vector<double>& f) {
  json::Array a;
  for (double x : f) a.emplace_back(x);
  return json::Value(std::move(a));
}

// read_trace: the MACs a read used (their messages) and each float's round, offset and bytes.
json::Object read_trace(const stake::Floats& r, bool per_float) {
  json::Array macs, bytes;
  for (const auto& m : r.macs) macs.emplace_back(to_hex(m));
  json::Object out{{"messages", json::Value::array_of(r.messages)}, {"macs", json::Value(std::move(macs))}};
  if (per_float) {
    for (const auto& b : r.bytes) bytes.push_back(json::Value::array({int{b[0]}, int{b[1]}, int{b[2]}, int{b[3]}}));
    out.emplace_back("rounds", json::Value::array_of(r.rounds));
    out.emplace_back("offsets", json::Value::array_of(r.offsets));
    out.emplace_back("bytes", json::Value(std::move(bytes)));
  }
  return out;
}

stake::Floats read_floats(const Args& a, const Backend& b) {
  return stake::floats(b, a.get<std::string>("serverSeed"), a.get<std::string>("clientSeed"),
                       a.get<std::uint64_t>("nonce"), a.get<std::uint64_t>("cursor"), a.get<std::uint64_t>("count"));
}

stake::Round play(const Args& a, const Backend& b) {
  return stake::play(b, a.get<std::string>("game"), a.get<std::string>("serverSeed"), a.get<std::string>("clientSeed"),
                     a.get<std::uint64_t>("nonce"), *a.get<const rapidjson::Value*>("options"));
}

std::vector<std::string> outcome_results(const Args& a, bool with_floats) {
  std::vector<std::string> names;
  if (with_floats) names.push_back("floats");
  for (const auto& n : stake::outcome_names(a.get<std::string>("game"))) names.push_back(n);
  return names;
}

}  // namespace

void add_stake_ops(Table& t) {
  const KindRef count = uint_kind("integer 1..1024", {.missing = Naming::kBare,
                                                      .type = Naming::kBare,
                                                      .message = "must be an integer between 1 and 1024",
                                                      .lo = 1,
                                                      .hi = stake::kMaxCount,
                                                      .schema_lo = 1,
                                                      .schema_hi = stake::kMaxCount});
  const KindRef game = value_kind(
      "a stake-v1 game name", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) { return stake::read_game(v, key); },
      schema_enum(stake::game_names()), [](ByteReader& in) { return make::one_of(in, stake::game_names()); });
  const KindRef options =
      with_valid(value_kind(
                     "object: the game's options (specs/stake-v1.md; the game checks them)", Naming::kBare,
                     [](const rapidjson::Value& v, std::string_view key) {
                       if (!v.IsObject()) throw InputError(std::string(key), "must be a JSON object");
                       return &v;
                     },
                     json::Value::object({{"type", "object"}}),
                     [](ByteReader& in) {
                       static const std::vector<json::Value> kValid = [] {
                         std::vector<json::Value> out;
                         for (const auto& r : game_rounds()) out.push_back(*r.find("options"));
                         return out;
                       }();
                       return make::options(in, kValid);
                     }),
                 [](ByteReader& in) { return *game_rounds()[in.pick(game_rounds().size())].find("options"); });
  // lattice_floats: floats 4 bytes can give, as many as a game reads (one most often).
  const auto lattice_floats = [](ByteReader& in) {
    static const std::size_t kCounts[] = {1, 1, 1, 1, 1, 1, 2, 3, 5, 6, 8, 10, 12, 16, 24, 52};
    json::Array a;
    const std::size_t n = kCounts[in.pick(std::size(kCounts))];
    for (std::size_t i = 0; i < n; ++i)
      a.emplace_back(static_cast<double>(in.integer(0, 0xffffffffULL)) / stake::kTwo32);
    return json::Value(std::move(a));
  };
  const KindRef floats = with_valid(
      value_kind(
          "array of floats, each a multiple of 2^-32 in [0, 1)", Naming::kBare,
          [](const rapidjson::Value& v, std::string_view key) {
            if (!v.IsArray()) throw InputError(std::string(key), "must be an array of numbers");
            std::vector<double> out;
            for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
              if (!v[i].IsNumber()) throw InputError(std::string(key), "must be a number", i);
              out.push_back(stake::check_event_float(v[i].GetDouble(), key, i));
            }
            return out;
          },
          schema_array(json::Value::object({{"type", "number"}, {"minimum", 0}, {"exclusiveMaximum", 1}}), 0, 64),
          // Half the fuzz values are lattice floats, so that the fuzz targets reach the games' code
          // and not only the float check.
          [lattice_floats](ByteReader& in) { return in.pick(2) ? lattice_floats(in) : make::units(in); }, false),
      lattice_floats);
  const KindRef game_hash = value_kind(
      "64 lowercase hex digits", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) {
        std::string s = fairvec::read_text(v, key);
        stake::check_game_hash(s, key);
        return s;
      },
      schema_string("^[0-9a-f]{64}$"), [](ByteReader& in) { return make::hex(in, 32, 32); });
  const KindRef float_list =
      result_kind("array of floats in [0, 1)", schema_array(json::Value::object({{"type", "number"}})));

  t.add({.name = "stake.floats",
         .addition = true,
         .summary = "floats of a round from a byte cursor, with the rounds and bytes they came from",
         .params = {{"serverSeed", seed_text()},
                    {"clientSeed", seed_text()},
                    {"nonce", counter()},
                    {"cursor", counter()},
                    {"count", count}},
         .results = {{"floats", float_list}},
         .examples = {json::Value::object(
             {{"serverSeed", "server"}, {"clientSeed", "client"}, {"nonce", 0}, {"cursor", 0}, {"count", 9}})},
         .handler =
             [](const Args& a, const Backend& b) {
               return json::Value::object({{"floats", floats_json(read_floats(a, b).floats)}});
             },
         .trace = [](const Args& a, const Backend& b) { return json::Value(read_trace(read_floats(a, b), true)); }});
  t.add({.name = "stake.game",
         .addition = true,
         .summary = "one round of a game: the floats read and the outcome as Stake shows it",
         .params = {{"game", game},
                    {"serverSeed", seed_text()},
                    {"clientSeed", seed_text()},
                    {"nonce", counter()},
                    checked({"options", options})},
         .results = {{"floats", float_list}},
         .open_results = true,
         .examples = game_rounds(),
         .handler =
             [](const Args& a, const Backend& b) {
               stake::Round r = play(a, b);
               json::Object out{{"floats", floats_json(r.read.floats)}};
               for (auto& kv : r.outcome) out.push_back(std::move(kv));
               return json::Value(std::move(out));
             },
         .trace = [](const Args& a, const Backend& b) { return json::Value(read_trace(play(a, b).read, false)); },
         .results_for = [](const Args& a) { return outcome_results(a, true); }});
  t.add({.name = "stake.event",
         .addition = true,
         .summary = "the outcome of a game from given floats",
         .params = {{"game", game}, {"floats", floats}, checked({"options", options})},
         .results = {},
         .open_results = true,
         .examples = {json::Value::object(
                          {{"game", "limbo"}, {"floats", json::Value::array({0.5})}, {"options", O::object()}}),
                      json::Value::object({{"game", "mines"},
                                           {"floats", json::Value::array({0.5, 0.25})},
                                           {"options", O::object({{"mines", 2}})}})},
         .handler =
             [](const Args& a, const Backend&) {
               return json::Value(stake::event(a.get<std::string>("game"), a.get<std::vector<double>>("floats"),
                                               *a.get<const rapidjson::Value*>("options")));
             },
         .results_for = [](const Args& a) { return outcome_results(a, false); }});
  t.add({.name = "stake.crash",
         .addition = true,
         .summary = "the crash point of a game hash of Stake's crash chain",
         .params = {{"gameHash", game_hash}, {"salt", seed_text()}},
         .results = {{"crashPoint", result_kind("number >= 1, two decimals",
                                                json::Value::object({{"type", "number"}, {"minimum", 1}}))}},
         .examples = {json::Value::object({{"gameHash", std::string(64, 'a')}, {"salt", stake::kCrashSalt}})},
         .handler =
             [](const Args& a, const Backend& b) {
               return json::Value::object(
                   {{"crashPoint",
                     stake::crash_point(b, a.get<std::string>("gameHash"), a.get<std::string>("salt")).point}});
             },
         .trace =
             [](const Args& a, const Backend& b) {
               const stake::CrashPoint p =
                   stake::crash_point(b, a.get<std::string>("gameHash"), a.get<std::string>("salt"));
               return json::Value::object(
                   {{"hmac", to_hex(p.hmac)}, {"int", json::Value(static_cast<std::uint64_t>(p.int32))}});
             }});
}

}  // namespace fairvec::ops
