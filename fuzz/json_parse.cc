// fuzz_json_parse: fairvec::json::parse (core/json.h) on arbitrary bytes.
//
// Properties: parse either succeeds or throws InputError naming the input with a position inside
// it; a parsed document survives the round trips the project relies on: RapidJSON text -> parse
// gives a structurally equal document, and the ordered json::Value tree written compact or pretty
// reads back to the same text (idempotent after the first conversion).
#include <cstdint>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "core/errors.h"
#include "core/json.h"
#include "differential.h"

namespace {

using fairvec::fuzz::fail_and_abort;
namespace json = fairvec::json;

void reparse(const std::string& text, rapidjson::Document& doc, const char* what) {
  try {
    json::parse(text, doc, what);
  } catch (const fairvec::InputError& e) {
    fail_and_abort("json_parse-roundtrip-rejected",
                   std::string(what) + " does not parse again: " + e.what() + "\ntext: " + text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  rapidjson::Document doc;
  try {
    json::parse(text, doc, "input");
  } catch (const fairvec::InputError& e) {
    if (e.field() != "input" || (e.position() && *e.position() > size)) {
      fail_and_abort("json_parse-bad-error", std::string("InputError names the wrong field or "
                                                         "position: ") +
                                                 e.what());
    }
    fairvec::fuzz::checked();
    return 0;
  }

  // RapidJSON writer round trip.
  const std::string t1 = json::to_text(doc);
  rapidjson::Document d1;
  reparse(t1, d1, "to_text output");
  if (!json::equal(doc, d1)) fail_and_abort("json_parse-to_text-difference", "text: " + t1);

  // json::Value round trip: compact and pretty forms agree and are stable after one conversion.
  const json::Value v = json::Value::from_rapidjson(doc);
  const std::string l1 = json::to_line(v);
  rapidjson::Document d2;
  reparse(l1, d2, "to_line output");
  std::string l2 = json::to_line(json::Value::from_rapidjson(d2));
  fairvec::fuzz::plant_text("json_parse", l2);
  if (l1 != l2) fail_and_abort("json_parse-to_line-unstable", "first: " + l1 + "\nsecond: " + l2);
  rapidjson::Document d3;
  reparse(json::to_pretty(v), d3, "to_pretty output");
  if (!json::equal(d2, d3)) fail_and_abort("json_parse-to_pretty-difference", "line: " + l1);
  if (!json::equal(json::Value::from_rapidjson(d3).clone().to_rapidjson(d3.GetAllocator()), d2)) {
    fail_and_abort("json_parse-clone-difference", "line: " + l1);
  }
  fairvec::fuzz::checked();
  return 0;
}
