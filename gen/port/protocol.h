// Port protocol v1 (specs/port-protocol.md): the in-process dispatcher over the op table
// (ops/op_table.h), the hello answer, and the stdin/stdout server behind `fairvec port`. The port
// checker (check/port_checker.h) speaks the same protocol to an external process.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"

namespace fairvec::port {

inline constexpr int kProtocolVersion = 1;
// The longest reply line: the checker reads none longer (a reply is a JSON text, read by
// json::parse within json::kMaxTextBytes), and `fairvec port` writes none longer — a request whose
// reply would be longer is answered bad_input naming this limit (specs/port-protocol.md, Framing),
// so whatever fairvec writes, its checker reads back.
inline constexpr std::size_t kMaxReplyBytes = json::kMaxTextBytes;

// Reply is one answer: ok with result, or an error code with a message for people.
struct Reply {
  bool ok = false;
  json::Value result;
  std::string error;    // "bad_input", "unsupported"
  std::string message;  // why, naming the field
};

// call runs |op| on |params| in-process. Invalid input becomes bad_input, an unknown op
// unsupported, a bug "internal"; it throws only std::bad_alloc (memory exhausted, exit 5).
[[nodiscard]] Reply call(std::string_view op, const json::Value& params, const Backend& backend);
[[nodiscard]] Reply call(std::string_view op, const rapidjson::Value& params, const Backend& backend);

// handle_line answers one request line with one response line (no newline). It throws only
// std::bad_alloc (memory exhausted: the port ends with exit 5, specs/README.md).
[[nodiscard]] std::string handle_line(std::string_view line, const Backend& backend);

// ok_line is the reply line of request |id| answered ok with |result|, or, when that line would be
// longer than kMaxReplyBytes, the bad_input line naming the limit. It throws only std::bad_alloc.
[[nodiscard]] std::string ok_line(std::int64_t id, const json::Value& result);

// serve answers request lines from |in| on |out| until end of input; returns an exit code. Throws
// IoError when a reply cannot be written (exit 3: a full disk, a closed pipe with SIGPIPE ignored).
int serve(std::istream& in, std::ostream& out, const Backend& backend);

}  // namespace fairvec::port
