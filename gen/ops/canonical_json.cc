// Port ops of canonical-json (specs/canonical-json.md): canonical_json and canonical_json.hex
// (addition), the canonical form behind tavla-commit-v1's settings hash.
#include <stdexcept>
#include <string>

#include "core/bytes.h"
#include "core/errors.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/canonical_json.h"

namespace fairvec::ops {

namespace {

// canonical_json_trace: the input's bytes, the canonical form's bytes and SHA-256 (the settings
// hash), as canonical_json_test.json shows them. Throws std::logic_error when the canonical form is
// not its own canonical form (a bug).
json::Value canonical_json_trace(const Args& a, const Backend& backend) {
  const std::string& canonical = a.get<std::string>("json");
  if (canonical_json::canonicalize(canonical, "json") != canonical) {
    throw std::logic_error("canonical JSON is not idempotent on " + canonical);
  }
  const rapidjson::Value& text = json::member(a.params(), "json", "params");
  return json::Value::object({{"jsonHex", to_hex(as_bytes(std::string_view(text.GetString(), text.GetStringLength())))},
                              {"canonicalHex", to_hex(as_bytes(canonical))},
                              {"sha256", to_hex(backend.sha256(canonical))}});
}

// canonical_text returns the text of a random canonical-subset value (a random valid value of
// the JSON text Kinds), compact or indented. It never throws.
json::Value canonical_text(ByteReader& in) {
  json::Value v = make::canonical_value(in);
  return json::Value(in.pick(4) == 0 ? json::to_pretty(v) : json::to_line(v));
}

}  // namespace

void add_canonical_json_ops(Table& t) {
  const KindRef json_text =
      with_valid(string_kind(
                     "JSON text", Naming::kParams,
                     [](std::string_view s, std::string_view key) { return canonical_json::canonicalize(s, key); },
                     schema_string(), make::json_text, false),
                 canonical_text);
  const KindRef json_hex =
      with_valid(string_kind(
                     "hex of UTF-8 JSON text, at most " + std::to_string(canonical_json::kMaxHexTextBytes) + " bytes",
                     Naming::kParams,
                     [](std::string_view s, std::string_view key) {
                       if (s.size() > 2 * canonical_json::kMaxHexTextBytes) {
                         throw InputError(std::string(key),
                                          "at most " + std::to_string(canonical_json::kMaxHexTextBytes) +
                                              " bytes of JSON text (the reply carries it twice), got " +
                                              std::to_string(s.size() / 2),
                                          2 * canonical_json::kMaxHexTextBytes);
                       }
                       return from_hex(s, key);
                     },
                     schema_hex(0, canonical_json::kMaxHexTextBytes),
                     [](ByteReader& in) {
                       json::Value v = make::json_text(in);
                       return in.pick(8) ? json::Value(to_hex(as_bytes(std::get<std::string>(v.variant()))))
                                         : make::hex(in, 0, 40);
                     }),
                 [](ByteReader& in) {
                   return json::Value(to_hex(as_bytes(std::get<std::string>(canonical_text(in).variant()))));
                 });
  const KindRef text_out = result_kind("string", schema_string());

  t.add({.name = "canonical_json",
         .summary = "the canonical form of JSON text",
         .params = {{"json", json_text}},
         .results = {{"canonical", text_out}},
         .examples = {json::Value::object({{"json", "{\"b\":[1,true,null],\"a\":\"\\u00e9\"}"}})},
         .handler =
             [](const Args& a, const Backend&) {
               return json::Value::object({{"canonical", a.get<std::string>("json")}});
             },
         .trace = canonical_json_trace});
  t.add({.name = "canonical_json.hex",
         .addition = true,
         .summary = "the canonical form of JSON text given as hex bytes",
         .params = {checked({"jsonHex", json_hex})},
         .results = {{"canonical", text_out},
                     {"canonicalHex", result_kind("hex, lowercase", schema_string("^([0-9a-f]{2})*$"))}},
         .examples = {json::Value::object({{"jsonHex", to_hex(as_bytes(std::string("{\"b\":1,\"a\":2}")))}})},
         .handler = [](const Args& a, const Backend&) {
           const Bytes& raw = a.get<Bytes>("jsonHex");
           std::string canonical = canonical_json::canonicalize(std::string(raw.begin(), raw.end()), "json");
           return json::Value::object({{"canonical", canonical}, {"canonicalHex", to_hex(as_bytes(canonical))}});
         }});
}

}  // namespace fairvec::ops
