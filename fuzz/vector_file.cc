// fuzz_vector_file: a vector file as `fairvec check` reads it: json::parse, then
// vectors::validate_file against a schema of vectors/schema/ (embedded at build time, see
// embed_schemas.cmake), then, when the file validates, every test through its kind's library
// checker and port calls on every backend (as check_kind does, without the file system).
//
// The schema is the one the input names in its "schema" member; otherwise one chosen by the last
// input byte. Before any family has committed a schema, a built-in generic vector-file schema
// (specs/vector-format.md's top level) is used. Findings are crashes, UB, hangs and unbounded
// memory only: failures and exceptions are the expected answers to broken files.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "differential.h"
#include "embedded_schemas.h"
#include "port/protocol.h"
#include "vectors/generated_docs.h"
#include "vectors/vector_file.h"

namespace {

namespace json = fairvec::json;
namespace vectors = fairvec::vectors;

// The top level of every vector file (specs/vector-format.md), strict like the real schemas.
constexpr std::string_view kGenericSchema = R"({
  "$schema": "http://json-schema.org/draft-04/schema#",
  "type": "object",
  "additionalProperties": false,
  "required": ["algorithm", "schema", "generatorVersion", "numberOfTests", "header", "notes", "testGroups"],
  "properties": {
    "algorithm": {"type": "string"},
    "schema": {"type": "string"},
    "generatorVersion": {"type": "string"},
    "numberOfTests": {"type": "integer", "minimum": 0},
    "header": {"type": "array", "items": {"type": "string"}},
    "notes": {"type": "object", "additionalProperties": {
      "type": "object", "additionalProperties": false, "required": ["bugType", "description"],
      "properties": {"bugType": {"type": "string"}, "description": {"type": "string"}}}},
    "testGroups": {"type": "array", "items": {
      "type": "object", "required": ["type", "tests"],
      "properties": {"type": {"type": "string"}, "tests": {"type": "array", "items": {
        "type": "object", "required": ["tcId", "comment", "flags", "result"],
        "properties": {"tcId": {"type": "integer", "minimum": 1}, "comment": {"type": "string"},
                       "flags": {"type": "array", "items": {"type": "string"}},
                       "result": {"enum": ["valid", "invalid", "acceptable"]}}}}}}}
  }
})";

struct Schema {
  std::string name;
  std::unique_ptr<rapidjson::Document> doc;
  std::unique_ptr<vectors::CompiledSchema> compiled;  // compiled once (common.json resolved), not per input
  const vectors::VectorKind* kind = nullptr;          // the vector file kind using this schema, if any
};

// A schema validate_file can be run under: it must require the members validate_file reads
// after validation (notes, testGroups, numberOfTests); other schemas in vectors/schema/ (proof
// files) describe other documents.
bool is_vector_file_schema(const rapidjson::Document& d) {
  const rapidjson::Value* req = json::optional_member(d, "required");
  if (!req || !req->IsArray()) return false;
  int found = 0;
  for (const auto& r : req->GetArray()) {
    if (!r.IsString()) continue;
    std::string_view s(r.GetString(), r.GetStringLength());
    found += s == "notes" || s == "testGroups" || s == "numberOfTests";
  }
  return found == 3;
}

const std::vector<Schema>& schemas() {
  static const std::vector<Schema> kSchemas = [] {
    std::vector<Schema> out;
    for (const auto& e : fairvec::fuzz::embedded_schemas()) {
      auto d = std::make_unique<rapidjson::Document>();
      try {
        json::parse(e.text, *d, e.name);
      } catch (const fairvec::InputError& err) {
        fairvec::fuzz::fail_and_abort("vector_file-schema-does-not-parse", err.what());
      }
      if (!is_vector_file_schema(*d)) continue;
      auto compiled = std::make_unique<vectors::CompiledSchema>(*d);
      Schema s{std::string(e.name), std::move(d), std::move(compiled), nullptr};
      for (const auto& k : vectors::all_vector_kinds()) {
        if (k.schema == s.name) s.kind = &k;
      }
      out.push_back(std::move(s));
    }
    if (out.empty()) {
      auto d = std::make_unique<rapidjson::Document>();
      json::parse(kGenericSchema, *d, "generic schema");
      auto compiled = std::make_unique<vectors::CompiledSchema>(*d);
      out.push_back(Schema{"generic", std::move(d), std::move(compiled), nullptr});
    }
    return out;
  }();
  return kSchemas;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rapidjson::Document doc;
  try {
    json::parse(std::string_view(reinterpret_cast<const char*>(data), size), doc, "vector file");
  } catch (const fairvec::InputError&) {
    return 0;
  }
  const std::vector<Schema>& all = schemas();
  const Schema* schema = &all[size == 0 ? 0 : data[size - 1] % all.size()];
  if (const rapidjson::Value* named = json::optional_member(doc, "schema"); named && named->IsString()) {
    for (const Schema& s : all) {
      if (s.name == named->GetString()) schema = &s;
    }
  }
  std::vector<vectors::Failure> failures;
  if (!vectors::validate_schema("fuzz.json", doc, schema->compiled->get(), failures)) return 0;
  vectors::validate_bookkeeping("fuzz.json", doc, failures);
  if (!schema->kind) return 0;

  // The file's structure validates (bookkeeping failures such as an unused note do not stop the
  // checkers: the seeds are single groups cut from the vector files): run its tests as
  // check_kind does.
  const rapidjson::Value& groups = doc["testGroups"];
  for (rapidjson::SizeType gi = 0; gi < groups.Size(); ++gi) {
    const rapidjson::Value& tests = groups[gi]["tests"];
    for (rapidjson::SizeType ti = 0; ti < tests.Size(); ++ti) {
      vectors::TestRef ref{doc, groups[gi], tests[ti],
                           "testGroups[" + std::to_string(gi) + "].tests[" + std::to_string(ti) + "]"};
      std::vector<vectors::PortCall> calls;
      try {
        calls = schema->kind->port_calls(ref);
      } catch (const std::exception&) {
      }
      // Every backend must reach the same verdict on the (possibly mutated) test: the library
      // check's answer and each port call's comparison, as text.
      std::vector<fairvec::fuzz::Outcome> outs;
      for (const fairvec::Backend* b : fairvec::all_backends()) {
        outs.push_back(fairvec::fuzz::capture(b->name(), "vector_file.check", [&] {
          std::string verdict = "library: " + schema->kind->check_library(ref, *b);
          for (const auto& call : calls) {
            fairvec::port::Reply r = fairvec::port::call(call.op, call.params, *b);
            rapidjson::Document rd;
            rapidjson::Value rv = r.result.to_rapidjson(rd.GetAllocator());
            verdict += "\n" + call.op + ": " + vectors::compare_reply(call, r.ok, r.ok ? &rv : nullptr, r.error);
          }
          return verdict;
        }));
      }
      fairvec::fuzz::plant_outcome("vector_file", outs);
      if (auto d = fairvec::fuzz::find_difference(outs)) {
        fairvec::fuzz::report_and_abort(*d, {{"test", ref.path}}, outs);
      }
    }
  }
  fairvec::fuzz::checked();
  return 0;
}
