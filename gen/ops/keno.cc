// Port ops of keno-v1 (specs/keno-v1.md): keno.draw and keno.pick (addition).
#include <string>

#include "core/bytes.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/keno.h"

namespace fairvec::ops {

namespace {

const char* const kLink = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

json::Value balls_result(const keno::Draw& d) {
  return json::Value::object({{"balls", json::Value::array_of(d.balls)}});
}

// draw_trace: the links, their leading 52 bits and the pool positions picked, as the keno vector
// files show them.
json::Value draw_trace(const keno::Draw& d, bool with_links) {
  json::Array links, h52;
  for (const auto& l : d.links) links.emplace_back(to_hex(l));
  for (auto h : d.h52) h52.emplace_back(h);
  json::Object out;
  if (with_links) out.emplace_back("links", json::Value(std::move(links)));
  out.emplace_back("h52", json::Value(std::move(h52)));
  out.emplace_back("indices", json::Value::array_of(d.indices));
  return json::Value(std::move(out));
}

}  // namespace

void add_keno_ops(Table& t) {
  const KindRef balls = result_kind("array of 10 distinct integers 1..40, in draw order",
                                    schema_array(schema_integer(1, 40), keno::kBalls, keno::kBalls));
  const KindRef links = string_list_kind(
      "array of 10 hex links, 32 bytes each (checked by keno)",
      [](const std::vector<std::string>& v, std::string_view) { return v; }, schema_array(schema_string()),
      [](ByteReader& in) { return make::array(in, keno::kBalls, [](ByteReader& r) { return make::hex(r, 32, 32); }); });

  t.add({.name = "keno.draw",
         .summary = "the ten balls of a ticket",
         .params = {{"randomHash", utf8_text()}, {"salt", utf8_text()}},
         .results = {{"balls", balls}},
         .examples = {json::Value::object({{"randomHash", kLink}, {"salt", "salt"}})},
         .handler =
             [](const Args& a, const Backend& b) {
               return balls_result(keno::draw(a.get<std::string>("randomHash"), a.get<std::string>("salt"), b));
             },
         .trace =
             [](const Args& a, const Backend& b) {
               return draw_trace(keno::draw(a.get<std::string>("randomHash"), a.get<std::string>("salt"), b), true);
             }});
  json::Array ten;
  for (int i = 0; i < keno::kBalls; ++i) ten.emplace_back(std::string(63, 'a') + "0123456789"[i]);
  t.add(
      {.name = "keno.pick",
       .addition = true,
       .summary = "the ten balls drawn from given links",
       .params = {checked({"links", links})},
       .results = {{"balls", balls}},
       .examples = {json::Value::object({{"links", json::Value(std::move(ten))}})},
       .handler = [](const Args& a,
                     const Backend&) { return balls_result(keno::pick_hex(a.get<std::vector<std::string>>("links"))); },
       .trace =
           [](const Args& a, const Backend&) {
             return draw_trace(keno::pick_hex(a.get<std::vector<std::string>>("links")), false);
           }});
}

}  // namespace fairvec::ops
