// fuzz_canonical_json: canonical JSON (schemes/canonical_json.h) on arbitrary bytes.
//
// Properties: canonicalize either returns text or throws InputError naming the input with a
// position inside it; the canonical form is a fixed point (canonicalize(c) == c); canonical JSON
// is a subset of what json::parse accepts, and serialize() of json::parse's tree gives the same c.
#include <cstdint>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "core/errors.h"
#include "core/json.h"
#include "differential.h"
#include "schemes/canonical_json.h"

namespace {
using fairvec::fuzz::fail_and_abort;
namespace cj = fairvec::canonical_json;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string canon;
  try {
    canon = cj::canonicalize(text, "json");
  } catch (const fairvec::InputError& e) {
    if (e.field().rfind("json", 0) != 0 || (e.position() && *e.position() > size)) {
      fail_and_abort("canonical_json-bad-error", std::string("error names ") + e.field() + ": " + e.what());
    }
    fairvec::fuzz::checked();
    return 0;
  }
  std::string twice;
  try {
    twice = cj::canonicalize(canon, "json");
  } catch (const fairvec::InputError& e) {
    fail_and_abort("canonical_json-not-idempotent",
                   "the canonical form is rejected: " + std::string(e.what()) + "\ncanonical: " + canon);
  }
  fairvec::fuzz::plant_text("canonical_json", twice);
  if (twice != canon) {
    fail_and_abort("canonical_json-not-idempotent", "first: " + canon + "\nsecond: " + twice);
  }
  rapidjson::Document doc;
  try {
    fairvec::json::parse(text, doc, "json");
  } catch (const fairvec::InputError& e) {
    fail_and_abort("canonical_json-json-parse-rejects",
                   "json::parse rejects canonical-JSON input: " + std::string(e.what()) + "\ncanonical: " + canon);
  }
  std::string via_json;
  try {
    via_json = cj::serialize(doc, "json");
  } catch (const fairvec::InputError& e) {
    fail_and_abort("canonical_json-serialize-rejects", std::string(e.what()) + "\ncanonical: " + canon);
  }
  if (via_json != canon) {
    fail_and_abort("canonical_json-serialize-difference", "canonicalize: " + canon + "\nserialize: " + via_json);
  }
  fairvec::fuzz::checked();
  return 0;
}
