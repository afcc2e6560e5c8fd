// Port ops of hexwin-v1 (specs/hexwin-v1.md, "Port operations"): hexwin.roll and hexwin.from_hex.
#include <string>

#include "core/bytes.h"
#include "core/errors.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/hexwin.h"

namespace fairvec::ops {

namespace {

json::Value reading_trace(const hexwin::Reading& r) {
  json::Array windows;
  for (const hexwin::Window& w : r.windows) windows.emplace_back(static_cast<std::int64_t>(w.value));
  return json::Value::object({{"windows", json::Value(std::move(windows))},
                              {"exhausted", r.exhausted},
                              {"value", static_cast<std::int64_t>(r.value)}});
}

hexwin::Bet read_bet(const Args& a, const Backend& b) {
  return hexwin::bet(b, hexwin::find_convention(a.get<std::string>("convention")), a.get<std::string>("serverSeed"),
                     a.get<std::string>("clientSeed"), a.get<std::uint64_t>("nonce"));
}

hexwin::Reading read_hex(const Args& a) {
  return hexwin::from_hex(hexwin::find_convention(a.get<std::string>("convention")), a.get<std::string>("digest"));
}

}  // namespace

void add_hexwin_ops(Table& t) {
  const KindRef convention = value_kind(
      "a hexwin-v1 convention name", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) {
        return std::string(hexwin::find_convention(fairvec::read_text(v, key), key).name);
      },
      schema_enum(hexwin::convention_names()),
      [](ByteReader& in) { return make::one_of(in, hexwin::convention_names()); });
  const KindRef digest = value_kind(
      "128 hex digits (a SHA-512 digest; either case)", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) {
        std::string s = fairvec::read_text(v, key);
        (void)fairvec::from_hex(s, key);
        if (s.size() != 128) throw InputError(std::string(key), "must be 128 hex digits (sha512)");
        return s;
      },
      schema_string("^[0-9a-fA-F]{128}$"), [](ByteReader& in) { return make::hex(in, 64, 64); });
  const KindRef roll = result_kind("number >= 0: the roll as the convention maps it",
                                   json::Value::object({{"type", "number"}, {"minimum", 0}}));
  t.add({.name = "hexwin.roll",
         .addition = true,  // not in protocol v1's minimum (specs/port-protocol.md): no new op is
         .summary = "the roll of one bet under a convention",
         .params = {{"convention", convention},
                    {"serverSeed", seed_text()},
                    {"clientSeed", seed_text()},
                    {"nonce", counter()}},
         .results = {{"roll", roll}},
         // The example is not at a bound of any param: the derived edges (specs/derived-edges.md) put
         // each param at its bounds, and a case equal to the example would show nothing new.
         .examples = {json::Value::object(
             {{"convention", "primedice"}, {"serverSeed", "server"}, {"clientSeed", "client"}, {"nonce", 1}})},
         .handler =
             [](const Args& a, const Backend& b) {
               return json::Value::object({{"roll", read_bet(a, b).reading.roll}});
             },
         .trace =
             [](const Args& a, const Backend& b) {
               const hexwin::Bet bet = read_bet(a, b);
               json::Object out{{"message", bet.message}, {"digest", to_hex(bet.digest)}};
               const json::Value reading = reading_trace(bet.reading);
               for (const auto& kv : reading.as_object()) out.push_back(kv);
               return json::Value(std::move(out));
             }});
  t.add({.name = "hexwin.from_hex",
         .addition = true,
         .summary = "the roll a given digest reads to under a convention (windows no search reaches)",
         .params = {{"convention", convention}, {"digest", digest}},
         .results = {{"roll", roll}},
         .examples = {json::Value::object({{"convention", "primedice"}, {"digest", std::string(128, 'a')}})},
         .handler =
             [](const Args& a, const Backend&) {
               return json::Value::object({{"roll", read_hex(a).roll}});
             },
         .trace = [](const Args& a, const Backend&) { return reading_trace(read_hex(a)); }});
}

}  // namespace fairvec::ops
