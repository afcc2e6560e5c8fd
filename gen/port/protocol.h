// Port protocol v1 (specs/port-protocol.md): the op registry, the in-process dispatcher, and the
// stdin/stdout server behind `fairvec port`. The port checker (port/checker.h) speaks the same
// protocol to an external process.
#pragma once

#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"

namespace fairvec::port {

inline constexpr int kProtocolVersion = 1;

// An op handler reads |params| and returns the result object. It throws InputError for input the
// spec calls invalid (answered "bad_input", with the error text as "message").
using OpHandler = std::function<json::Value(const rapidjson::Value& params, const Backend& backend)>;

class Registry {
 public:
  // add registers |op|. Throws std::logic_error when |op| is registered twice.
  void add(std::string op, OpHandler handler);
  // find returns the handler of |op|, or nullptr.
  const OpHandler* find(std::string_view op) const;
  // names lists the registered ops in sorted order.
  std::vector<std::string> names() const;

 private:
  std::map<std::string, OpHandler, std::less<>> ops_;
};

// registry returns every op fairvec implements. It cannot fail.
const Registry& registry();

// Per-family registration, each in its family's ops file.
void add_hmac_dice_ops(Registry& r);
void add_cursor_ops(Registry& r);
void add_keno_crash_ops(Registry& r);
void add_tavla_ops(Registry& r);

// Reply is one answer: ok with result, or an error code with a message for people.
struct Reply {
  bool ok = false;
  json::Value result;
  std::string error;    // "bad_input", "unsupported"
  std::string message;  // why, naming the field
};

// call runs |op| on |params| in-process. It never throws: invalid input becomes bad_input, an
// unknown op unsupported, a bug "internal".
[[nodiscard]] Reply call(std::string_view op, const json::Value& params, const Backend& backend);
[[nodiscard]] Reply call(std::string_view op, const rapidjson::Value& params, const Backend& backend);

// handle_line answers one request line with one response line (no newline). It never throws.
[[nodiscard]] std::string handle_line(std::string_view line, const Backend& backend);

// serve answers request lines from |in| on |out| until end of input; returns an exit code.
int serve(std::istream& in, std::ostream& out, const Backend& backend);

// Param helpers for op handlers: each throws InputError naming "params.<key>".
[[nodiscard]] std::string param_string(const rapidjson::Value& params, std::string_view key);
[[nodiscard]] std::uint64_t param_uint(const rapidjson::Value& params, std::string_view key);
[[nodiscard]] std::vector<std::string> param_strings(const rapidjson::Value& params, std::string_view key);
[[nodiscard]] const rapidjson::Value& param(const rapidjson::Value& params, std::string_view key);

}  // namespace fairvec::port
