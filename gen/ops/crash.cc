// Port ops of crash (specs/crash.md): crash.point, crash.previous, crash.from_hash (addition).
#include <optional>
#include <string>

#include "core/bytes.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/crash.h"

namespace fairvec::ops {

namespace {

const char* const kLink = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";

// Crash points can exceed 2^53 - 1, so they always travel as decimal strings.
json::Value hundredths_result(const crash::Point& p) {
  return json::Value::object({{"hundredths", std::to_string(p.hundredths)}});
}

// point_trace: the values the point is computed from, as the crash vector files show them: the
// HMAC (|hmac|: crash.point of a bustabit convention), divisibility by 101 (bustabit-v1), h, and the
// convention's formula in exact integers and in binary64.
json::Value point_trace(const crash::Point& p, bool hmac) {
  json::Object out;
  if (hmac && p.convention != crash::Convention::kBetkyoExact) out.emplace_back("hmac", to_hex(p.hash));
  if (p.convention == crash::Convention::kBustabitV1) out.emplace_back("divisibleBy101", p.divisible101);
  out.emplace_back("h", p.h);
  out.emplace_back("exactHundredths", std::to_string(p.exact_hundredths));
  out.emplace_back("doubleHundredths", std::to_string(p.double_hundredths));
  return json::Value(std::move(out));
}

crash::Point point_of(const Args& a, const Backend& b) {
  const std::string* salt = a.find<std::string>("salt");
  return crash::point(a.get<crash::Convention>("convention"), a.get<std::string>("link"),
                      salt ? std::optional<std::string>(*salt) : std::nullopt, b);
}

crash::Point point_from_hash(const Args& a) {
  return crash::from_hash(a.get<crash::Convention>("convention"), a.get<Digest>("hash"));
}

KindRef convention() {
  static const std::vector<std::string> kNames = crash::convention_names();
  static const KindRef k = string_kind(
      "betkyo-exact, bustabit-v1, bustabit-v2 or bustabit-2025", Naming::kParams,
      [](std::string_view t, std::string_view) { return crash::parse_convention(t); }, schema_enum(kNames),
      [](ByteReader& in) { return make::one_of(in, kNames); });
  return k;
}

KindRef link_hex() {
  static const KindRef k = text("hex, 32 bytes (checked by the convention)", Naming::kParams, schema_string(),
                                [](ByteReader& in) { return make::hex(in, 32, 32); });
  return k;
}

}  // namespace

void add_crash_ops(Table& t) {
  const KindRef hundredths = result_kind("decimal string: 0, or 100 and more", schema_string("^(0|[1-9][0-9]{2,19})$"));
  const KindRef hash = string_kind(
      "hex, 32 bytes", Naming::kParams,
      [](std::string_view text, std::string_view key) { return digest_from_hex(text, key); }, schema_hex(32, 32),
      [](ByteReader& in) { return make::hex(in, 32, 32); });

  t.add({.name = "crash.point",
         .summary = "the crash point of a chain link, in hundredths",
         .params = {{"convention", convention()}, checked({"link", link_hex()}), checked({"salt", utf8_text(), true})},
         .results = {{"hundredths", hundredths}},
         .examples = {json::Value::object({{"convention", "betkyo-exact"}, {"link", kLink}}),
                      json::Value::object({{"convention", "bustabit-v1"}, {"link", kLink}, {"salt", "salt"}}),
                      json::Value::object({{"convention", "bustabit-v2"}, {"link", kLink}, {"salt", "salt"}})},
         .handler = [](const Args& a, const Backend& b) { return hundredths_result(point_of(a, b)); },
         .trace = [](const Args& a, const Backend& b) { return point_trace(point_of(a, b), true); }});
  t.add({.name = "crash.previous",
         .summary = "the chain's previous link",
         .params = {{"convention", convention()}, checked({"link", link_hex()})},
         .results = {{"link", hex32_result()}},
         .examples = {json::Value::object({{"convention", "betkyo-exact"}, {"link", kLink}})},
         .handler = [](const Args& a, const Backend& b) {
           return json::Value::object(
               {{"link", crash::previous_hex(a.get<crash::Convention>("convention"), a.get<std::string>("link"), b)}});
         }});
  t.add({.name = "crash.from_hash",
         .addition = true,
         .summary = "the crash point from the value the formula reads",
         .params = {{"convention", convention()}, {"hash", hash}},
         .results = {{"hundredths", hundredths}},
         .examples = {json::Value::object({{"convention", "bustabit-v2"}, {"hash", kLink}})},
         .handler = [](const Args& a, const Backend&) { return hundredths_result(point_from_hash(a)); },
         .trace = [](const Args& a, const Backend&) { return point_trace(point_from_hash(a), false); }});
}

}  // namespace fairvec::ops
