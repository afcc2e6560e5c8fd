// Port ops of the cursor family (specs/cursor-v1.md, "Port operations"): cursor.unit,
// cursor.u64_to_unit, cursor.pool_hop, cursor.commitment, cursor.game, and the additions
// cursor.draw and cursor.limbo.
#include <vector>

#include "core/bytes.h"
#include "core/errors.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/cursor.h"
#include "schemes/cursor_games.h"

namespace fairvec::ops {

namespace {

double read_unit(const rapidjson::Value& v, std::string_view field, std::optional<std::size_t> pos = {}) {
  if (!v.IsNumber()) throw InputError(std::string(field), "must be a number", pos);
  return cursor::check_unit(v.GetDouble(), field, pos);
}

json::Value unit_schema() { return json::Value::object({{"type", "number"}, {"minimum", 0}, {"maximum", 1}}); }

KindRef unit() {
  static const KindRef k = value_kind(
      "number in [0, 1]", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) { return read_unit(v, key); }, unit_schema(), make::unit);
  return k;
}

json::Value unit_op(const Args& a, const Backend& b) {
  return json::Value::object({{"u", cursor::unit(b, a.get<std::string>("serverSeed"), a.get<std::string>("clientSeed"),
                                                 a.get<std::uint64_t>("nonce"), a.get<std::uint64_t>("cursor"))}});
}

// unit_trace: the message, the digest and its leading 64 bits, as cursor_unit_test.json shows them.
json::Value unit_trace(const Args& a, const Backend& b) {
  const auto& client = a.get<std::string>("clientSeed");
  const std::uint64_t nonce = a.get<std::uint64_t>("nonce"), cur = a.get<std::uint64_t>("cursor");
  const Digest d = cursor::digest(b, a.get<std::string>("serverSeed"), client, nonce, cur);
  const std::uint64_t x = cursor::u64_of(d);
  return json::Value::object({{"message", cursor::message(client, nonce, cur)},
                              {"digest", to_hex(d)},
                              {"hi", json::Value(x >> 32)},
                              {"lo", json::Value(static_cast<std::uint64_t>(x & 0xffffffffULL))},
                              {"u64", std::to_string(x)},
                              {"uBits", cursor::bits_hex(cursor::u64_to_unit(x))}});
}

json::Value u64_op(const Args& a, const Backend&) {
  return json::Value::object({{"u", cursor::u64_to_unit(a.get<std::uint64_t>("u64"))}});
}

// u64_trace: the halves of the value and the bits of u, as cursor_u64_test.json shows them.
json::Value u64_trace(const Args& a, const Backend&) {
  const std::uint64_t x = a.get<std::uint64_t>("u64");
  return json::Value::object({{"hi", json::Value(x >> 32)},
                              {"lo", json::Value(static_cast<std::uint64_t>(x & 0xffffffffULL))},
                              {"uBits", cursor::bits_hex(cursor::u64_to_unit(x))}});
}

json::Value pool_hop_op(const Args& a, const Backend&) {
  const auto r = cursor::pool_hop(a.get<std::vector<double>>("units"), a.get<std::uint64_t>("size"));
  return json::Value::object({{"picks", json::Value::array_of(r.picks)}});
}

json::Value commitment_op(const Args& a, const Backend& b) {
  return json::Value::object({{"commitment", cursor::commitment(b, a.get<std::string>("serverSeed"))}});
}

json::Value draw_op(const Args& a, const Backend&) {
  return json::Value::object({{"index", json::Value(cursor::draw(a.get<double>("u"), a.get<std::uint64_t>("n")))}});
}

json::Value limbo_op(const Args& a, const Backend&) {
  return json::Value::object({{"hundredths", json::Value(cursor::limbo_hundredths(a.get<double>("u")))}});
}

// limbo_trace: the bits of the value before floor and clamp (cursor_draw_test.json's scaledBits).
json::Value limbo_trace(const Args& a, const Backend&) {
  return json::Value::object({{"scaledBits", cursor::bits_hex(cursor::limbo_scaled(a.get<double>("u")))}});
}

// pool_hop_trace: the index into the remaining pool at each draw.
json::Value pool_hop_trace(const Args& a, const Backend&) {
  const auto r = cursor::pool_hop(a.get<std::vector<double>>("units"), a.get<std::uint64_t>("size"));
  return json::Value::object({{"indexes", json::Value::array_of(r.indexes)}});
}

json::Value game_op(const Args& a, const Backend& b) {
  cursor::GameResult r =
      cursor::play(b, a.get<std::string>("game"), a.get<std::string>("serverSeed"), a.get<std::string>("clientSeed"),
                   a.get<std::uint64_t>("nonce"), *a.get<const rapidjson::Value*>("options"));
  json::Array cursors;
  for (const auto& read : r.reads) cursors.emplace_back(read.cursor);
  json::Object out{{"cursors", json::Value(std::move(cursors))}};
  for (auto& kv : r.outcome) out.push_back(std::move(kv));
  return json::Value(std::move(out));
}

// game_trace: every u read, in read order, and its bits (cursor_game_test.json's units, unitBits).
json::Value game_trace(const Args& a, const Backend& b) {
  cursor::GameResult r =
      cursor::play(b, a.get<std::string>("game"), a.get<std::string>("serverSeed"), a.get<std::string>("clientSeed"),
                   a.get<std::uint64_t>("nonce"), *a.get<const rapidjson::Value*>("options"));
  json::Array units, bits;
  for (const auto& read : r.reads) {
    units.emplace_back(read.u);
    bits.emplace_back(cursor::bits_hex(read.u));
  }
  return json::Value::object({{"units", json::Value(std::move(units))}, {"unitBits", json::Value(std::move(bits))}});
}

json::Value round(const char* game, json::Value options) {
  return json::Value::object(
      {{"game", game}, {"serverSeed", "s"}, {"clientSeed", "c"}, {"nonce", 1}, {"options", std::move(options)}});
}

using O = json::Value;

// One round of every game, with options the game accepts (the cursor.game examples).
const std::vector<json::Value>& game_rounds() {
  static const std::vector<json::Value> kRounds = {
      round("roulette", O::object()),
      round("sicbo", O::object()),
      round("limbo", O::object()),
      round("koban", O::object({{"flips", 3}})),
      round("blackjack", O::object({{"actions", O::array({"hit", "stand"})}, {"dealerDraws", 1}})),
      round("vpoker", O::object({{"hold", O::array({true, false, true, false, true})}})),
      round("holdem", O::object({{"action", "fold"}})),
      round("bingo", O::object()),
      round("andar", O::object({{"cards", 1}})),
      round("chinchiro", O::object({{"attempts", O::array({1, 1})}})),
      round("mines", O::object({{"mines", 1}})),
      round("hanabi", O::object({{"freeSpins", 0}})),
      round("fuku", O::object()),
      round("omikuji", O::object({{"fillers", 0}})),
      round("pagoda", O::object({{"floors", 1}})),
      round("plinko", O::object({{"rows", 8}}))};
  return kRounds;
}

}  // namespace

void add_cursor_ops(Table& t) {
  const KindRef u64 = value_kind(
      "decimal string 0..2^64 - 1", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) {
        if (!v.IsString()) throw InputError(std::string(key), "must be a decimal string");
        return parse_decimal(std::string_view(v.GetString(), v.GetStringLength()), key, 0, UINT64_MAX);
      },
      schema_string("^(0|[1-9][0-9]{0,19})$"), make::u64_string, false);
  const KindRef units = value_kind(
      "array of at most " + std::to_string(cursor::kMaxPoolUnits) + " numbers in [0, 1]", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) {
        if (!v.IsArray()) throw InputError(std::string(key), "must be an array of numbers");
        std::vector<double> out;
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) out.push_back(read_unit(v[i], key, i));
        return out;
      },
      schema_array(unit_schema(), 0, cursor::kMaxPoolUnits), make::units);
  // A pool size: pool_hop's size and draw's n.
  const KindRef size = uint_kind("integer 1..2^53 - 1", {.missing = Naming::kBare,
                                                         .type = Naming::kBare,
                                                         .message = "must be an integer between 1 and 2^53 - 1",
                                                         .lo = 1,
                                                         .hi = cursor::kMaxPool,
                                                         .schema_lo = 1,
                                                         .schema_hi = cursor::kMaxPool});
  const KindRef game = value_kind(
      "a cursor-v1 game name", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) { return cursor::read_game(v, key); },
      schema_enum(cursor::game_names()), [](ByteReader& in) { return make::one_of(in, cursor::game_names()); });
  const KindRef options = value_kind(
      "object: the game's options (specs/cursor-v1.md; the game checks them)", Naming::kBare,
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
      });
  const KindRef u_out = result_kind("number in [0, 1]", unit_schema());

  t.add({.name = "cursor.unit",
         .summary = "u of one cursor of a round",
         .params =
             {{"serverSeed", seed_text()}, {"clientSeed", seed_text()}, {"nonce", counter()}, {"cursor", counter()}},
         .results = {{"u", u_out}},
         .examples = {json::Value::object(
             {{"serverSeed", "server"}, {"clientSeed", "client"}, {"nonce", 0}, {"cursor", 0}})},
         .handler = unit_op,
         .trace = unit_trace});
  t.add({.name = "cursor.u64_to_unit",
         .summary = "u of a 64-bit value",
         .params = {{"u64", u64}},
         .results = {{"u", u_out}},
         .examples = {json::Value::object({{"u64", "18446744073709551615"}})},
         .handler = u64_op,
         .trace = u64_trace});
  t.add({.name = "cursor.pool_hop",
         .summary = "items drawn without replacement from the pool 0..size-1",
         .params = {checked({"units", units}), {"size", size}},
         .results = {{"picks", result_kind("array of distinct integers 0..size-1",
                                           schema_array(schema_integer(0, cursor::kMaxPool)))}},
         .examples = {json::Value::object({{"units", json::Value::array({0.5, 0.0, 1.0})}, {"size", 52}}),
                      // The smallest pool: one draw, where size's bounds leave units enough.
                      json::Value::object({{"units", json::Value::array({0.5})}, {"size", 1}})},
         .handler = pool_hop_op,
         .trace = pool_hop_trace});
  t.add({.name = "cursor.commitment",
         .summary = "the commitment: SHA-256 of the server seed",
         .params = {{"serverSeed", seed_text()}},
         .results = {{"commitment", hex32_result()}},
         .examples = {json::Value::object({{"serverSeed", "server"}})},
         .handler = commitment_op});
  t.add({.name = "cursor.game",
         .summary = "one round of a game: the cursors read and the outcome",
         .params = {{"game", game},
                    {"serverSeed", seed_text()},
                    {"clientSeed", seed_text()},
                    {"nonce", counter()},
                    checked({"options", options})},
         .results = {{"cursors", result_kind("array of cursors, in read order",
                                             schema_array(schema_integer(0, fairvec::kMaxCounter)))}},
         .open_results = true,
         .examples = game_rounds(),
         .handler = game_op,
         .trace = game_trace,
         .results_for = [](const Args& a) {  // the cursors and the game's outcome members
           std::vector<std::string> names = {"cursors"};
           for (const auto& outcome : cursor::outcome_names(a.get<std::string>("game"))) names.push_back(outcome);
           return names;
         }});
  t.add({.name = "cursor.draw",
         .addition = true,
         .summary = "the clamped single draw min(floor(u * n), n - 1)",
         .params = {{"u", unit()}, {"n", size}},
         .results = {{"index", result_kind("integer 0..n-1", schema_integer(0, cursor::kMaxPool))}},
         .examples = {json::Value::object({{"u", 1.0}, {"n", 52}})},
         .handler = draw_op});
  t.add({.name = "cursor.limbo",
         .addition = true,
         .summary = "limbo's result in hundredths",
         .params = {{"u", unit()}},
         .results = {{"hundredths",
                      result_kind("integer 100..1000000", schema_integer(cursor::kLimboMin, cursor::kLimboMax))}},
         .examples = {json::Value::object({{"u", 0.5}})},
         .handler = limbo_op,
         .trace = limbo_trace});
}

}  // namespace fairvec::ops
