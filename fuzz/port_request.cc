// fuzz_port_request: port::handle_line (port/protocol.h) on arbitrary bytes, on every backend.
//
// Properties: handle_line never throws and answers exactly one line of JSON: an object with "id"
// (the request's integer id, or null when it has none) and "ok"; ok replies carry an object
// "result", error replies an "error" that is "bad_input" or "unsupported" ("internal" means the
// library threw something other than InputError: a bug). Every backend gives the same reply.
//
// An input whose first byte is 0 (no request line starts with one) is a structured request
// instead: the rest picks an op of the op table (ops/op_table.h) and builds its params from the
// table's Kinds (ops::fuzz_params), and the request line is that JSON, so the op paths behind
// handle_line are reached as often as its parsing.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/byte_reader.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "differential.h"
#include "ops/op_table.h"
#include "port/protocol.h"

namespace {

using fairvec::fuzz::fail_and_abort;
namespace json = fairvec::json;

void check_reply(std::string_view request, const std::string& reply, std::string_view backend) {
  auto fail = [&](std::string_view sig, const std::string& why) {
    fail_and_abort(std::string("port_request-") + std::string(sig),
                   why + "\nbackend: " + std::string(backend) +
                       "\nrequest (hex): " + fairvec::to_hex(fairvec::as_bytes(request)) + "\nreply: " + reply);
  };
  if (reply.find('\n') != std::string::npos || reply.find('\r') != std::string::npos) {
    fail("reply-not-one-line", "the reply holds a line break");
  }
  rapidjson::Document d;
  try {
    json::parse(reply, d, "reply");
  } catch (const fairvec::InputError& e) {
    fail("reply-not-json", e.what());
  }
  if (!d.IsObject()) fail("reply-not-object", "the reply is not an object");
  const rapidjson::Value* id = json::optional_member(d, "id");
  const rapidjson::Value* ok = json::optional_member(d, "ok");
  if (!id || !(id->IsInt64() || id->IsNull())) fail("reply-bad-id", "id is missing or not an integer");
  if (!ok || !ok->IsBool()) fail("reply-bad-ok", "ok is missing or not a boolean");
  if (ok->GetBool()) {
    const rapidjson::Value* result = json::optional_member(d, "result");
    if (!result || !result->IsObject()) fail("reply-bad-result", "ok reply without a result object");
  } else {
    const rapidjson::Value* error = json::optional_member(d, "error");
    if (!error || !error->IsString()) fail("reply-bad-error", "error reply without an error code");
    std::string_view code(error->GetString(), error->GetStringLength());
    if (code == "internal") fail("internal-error", "the library threw something other than InputError");
    if (code != "bad_input" && code != "unsupported") fail("reply-bad-error", "unknown error code");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string structured;
  std::string_view line(reinterpret_cast<const char*>(data), size);
  if (size > 0 && data[0] == 0) {
    fairvec::fuzz::ByteReader in(data + 1, size - 1);
    const auto& ops = fairvec::ops::table().ops();
    const fairvec::ops::OpSpec& op = ops[in.pick(ops.size())];
    structured = json::to_line(json::Value::object({{"id", static_cast<std::int64_t>(in.integer(0, 1000))},
                                                    {"op", op.name},
                                                    {"params", fairvec::ops::fuzz_params(op, in)}}));
    line = structured;
  }
  std::vector<std::string> replies;
  for (const fairvec::Backend* b : fairvec::all_backends()) {
    replies.push_back(fairvec::port::handle_line(line, *b));
    check_reply(line, replies.back(), b->name());
  }
  fairvec::fuzz::plant_text("port_request", replies.back());
  for (std::size_t i = 1; i < replies.size(); ++i) {
    if (replies[i] != replies[0]) {
      fail_and_abort(std::string(fairvec::all_backends()[0]->name()) + "-" +
                         std::string(fairvec::all_backends()[i]->name()) + "-port_request-difference",
                     "request (hex): " + fairvec::to_hex(fairvec::as_bytes(line)) + "\nreplies:\n" + replies[0] + "\n" +
                         replies[i]);
    }
  }
  fairvec::fuzz::checked();
  return 0;
}
