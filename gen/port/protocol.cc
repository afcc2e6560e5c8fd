#include "port/protocol.h"

#include <iostream>
#include <new>
#include <stdexcept>

#include "core/errors.h"
#include "core/version.h"
#include "ops/op_table.h"

namespace fairvec::port {

Reply call(std::string_view op, const rapidjson::Value& params, const Backend& backend) {
  Reply r;
  const ops::OpSpec* spec = ops::table().find(op);
  if (!spec) {
    r.error = "unsupported";
    r.message = "unknown op " + std::string(op);
    return r;
  }
  try {
    if (!params.IsObject()) throw InputError("params", "must be a JSON object");
    r.result = ops::run(*spec, params, backend);
    r.ok = true;
  } catch (const InputError& e) {
    r.error = "bad_input";
    r.message = e.what();
  } catch (const std::bad_alloc&) {
    throw;  // out of memory: the process cannot go on answering (exit 5)
  } catch (const std::exception& e) {
    r.error = "internal";
    r.message = e.what();
  }
  return r;
}

Reply call(std::string_view op, const json::Value& params, const Backend& backend) {
  rapidjson::Document d;
  rapidjson::Value v = params.to_rapidjson(d.GetAllocator());
  return call(op, v, backend);
}

namespace {

json::Value hello_result() {
  json::Array ops;
  for (const auto& n : ops::table().names()) ops.emplace_back(n);
  return json::Value::object(
      {{"name", "fairvec " FAIRVEC_VERSION}, {"protocol", kProtocolVersion}, {"ops", json::Value(std::move(ops))}});
}

std::string error_line(const json::Value& id, const std::string& code, const std::string& message) {
  return json::to_line(json::Value::object({{"id", id}, {"ok", false}, {"error", code}, {"message", message}}));
}

}  // namespace

std::string handle_line(std::string_view line, const Backend& backend) {
  rapidjson::Document req;
  try {
    json::parse(line, req, "request");
  } catch (const InputError& e) {
    return error_line(nullptr, "bad_input", e.what());
  }
  if (!req.IsObject()) return error_line(nullptr, "bad_input", "request: must be a JSON object");
  const rapidjson::Value* id = json::optional_member(req, "id");
  if (!id || !id->IsInt64()) return error_line(nullptr, "bad_input", "request.id: must be an integer");
  json::Value idv(id->GetInt64());
  const rapidjson::Value* op = json::optional_member(req, "op");
  if (!op || !op->IsString()) return error_line(idv, "bad_input", "request.op: must be a string");
  const rapidjson::Value* params = json::optional_member(req, "params");
  rapidjson::Value empty(rapidjson::kObjectType);
  if (!params) params = &empty;
  std::string opname(op->GetString(), op->GetStringLength());
  if (opname == "hello") {
    const rapidjson::Value* p = json::optional_member(*params, "protocol");
    if (!p || !p->IsInt64() || p->GetInt64() != kProtocolVersion) {
      return error_line(idv, "bad_input", "params.protocol: this port speaks protocol 1");
    }
    return json::to_line(json::Value::object({{"id", idv}, {"ok", true}, {"result", hello_result()}}));
  }
  Reply r = call(opname, *params, backend);
  if (!r.ok) return error_line(idv, r.error, r.message);
  return ok_line(id->GetInt64(), r.result);
}

std::string ok_line(std::int64_t id, const json::Value& result) {
  std::string reply = json::to_line(json::Value::object({{"id", id}, {"ok", true}, {"result", result}}));
  if (reply.size() > kMaxReplyBytes) {  // the ops' own bounds keep every reply below it; a backstop
    return error_line(id, "bad_input",
                      "result: the reply would be " + std::to_string(reply.size()) +
                          " bytes, more than the reply-line limit of " + std::to_string(kMaxReplyBytes) +
                          " bytes (portReplyLineBytes)");
  }
  return reply;
}

namespace {

// read_line reads one line from |in| without its '\n', keeping at most |max| bytes in |line| and
// discarding the rest up to the newline (|length| is the full length). Returns false at the end of
// input when nothing was read.
bool read_line(std::istream& in, std::string& line, std::size_t max, std::size_t& length) {
  line.clear();
  length = 0;
  std::streambuf* sb = in.rdbuf();
  bool any = false;
  for (;;) {
    int c = sb->sbumpc();
    if (c == std::char_traits<char>::eof()) return any;
    any = true;
    if (c == '\n') return true;
    ++length;
    if (line.size() < max) line.push_back(static_cast<char>(c));
  }
}

}  // namespace

int serve(std::istream& in, std::ostream& out, const Backend& backend) {
  // A request line holds at most json::kMaxTextBytes (plus a '\r'); a longer one is answered as
  // bad input without being kept, and the port goes on serving (specs/port-protocol.md).
  constexpr std::size_t kMaxLine = json::kMaxTextBytes + 1;
  std::string line;
  std::size_t length = 0;
  while (read_line(in, line, kMaxLine, length)) {
    if (length > kMaxLine) {
      out << error_line(nullptr, "bad_input",
                        "request: a line of " + std::to_string(length) + " bytes, more than the " +
                            std::to_string(json::kMaxTextBytes >> 20) + " MiB limit (memory budget)")
          << '\n'
          << std::flush;
      if (!out) throw IoError("cannot write a reply to standard output");
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    out << handle_line(line, backend) << '\n' << std::flush;
    if (!out) throw IoError("cannot write a reply to standard output");
  }
  return 0;
}

}  // namespace fairvec::port
