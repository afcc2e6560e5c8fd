#include "check/session.h"

#include <algorithm>

#include "check/text_safety.h"
#include "ops/op_table.h"
#include "port/protocol.h"

namespace fairvec::check {

namespace {

// The longest hello name kept for the report.
constexpr std::size_t kNameBytes = 200;
// The most values a scope may list for one param, and in all (specs/port-protocol.md, "Declared
// scope"): enough for every enum the ops have many times over, and a bound on the handshake's and
// every call's work.
constexpr std::size_t kScopeValuesPerParam = 256;
constexpr std::size_t kScopeValues = 4096;

// Handshake is a hello reply the checker cannot work with: restarting would not help.
struct HandshakeError : PortFailure {
  using PortFailure::PortFailure;
};

// read_scope reads hello's `scope` (specs/port-protocol.md, "Declared scope"): an object of ops
// the port lists, each an object of enumerated request members of that op, each a non-empty array of
// distinct strings, integers or booleans that the member's Kind accepts (so a misspelled game is
// an error, not a silent skip), at most kScopeValuesPerParam of them and kScopeValues in all. A
// member read only together with its group (a Kind without a reader of its own) cannot be scoped:
// no value of it could be told bad input alone. Throws HandshakeError naming the member that is not.
Scope read_scope(const json::Value& v, const std::set<std::string>& listed) {
  if (!v.is_object()) throw HandshakeError("hello result scope is not an object");
  Scope out;
  std::size_t total = 0;
  for (const auto& [op, params] : v.as_object()) {
    const std::string at = "hello result scope." + capped(op, 100);
    if (!listed.count(op)) throw HandshakeError(at + ": the port does not list this op");
    if (out.count(op)) throw HandshakeError(at + ": the op is named twice");
    const ops::OpSpec* spec = ops::table().find(op);  // listed ops are known (checked before)
    if (!params.is_object() || params.as_object().empty()) throw HandshakeError(at + " is not an object of params");
    auto& by_param = out[op];
    for (const auto& [param, values] : params.as_object()) {
      const std::string pat = at + "." + capped(param, 100);
      const ops::Param* member = spec ? ops::request_member(*spec, param) : nullptr;
      if (!member) throw HandshakeError(pat + ": " + op + " has no such param");
      if (by_param.count(param)) throw HandshakeError(pat + ": the param is named twice");
      if (!member->kind->read) {
        throw HandshakeError(pat + ": " + op + " reads " + param +
                             " only together with the other members of its group, so it cannot be scoped");
      }
      // Only an enumerated param (a game, a convention: its Kind's schema is an enum) can be
      // scoped. A scope over an integer or a free text (roll, nonce, a seed) would let a port
      // declare away exactly the inputs it gets wrong: its failing vectors counted as outside,
      // its random inputs kept to the values it answers right.
      const json::Value schema = member->kind->schema();
      if (!schema.is_object() || !schema.find("enum")) {
        throw HandshakeError(pat + ": " + param + " (" + member->kind->name +
                             ") is not an enumerated param; a scope names only those (games, conventions: the "
                             "params `fairvec ops --json` gives an enum), so that no failing vector can be "
                             "declared outside it");
      }
      if (!values.is_array() || values.as_array().empty())
        throw HandshakeError(pat + " is not a non-empty array of values");
      const std::size_t n = values.as_array().size();
      if (n > kScopeValuesPerParam) {
        throw HandshakeError(pat + " lists " + std::to_string(n) + " values; a scope lists at most " +
                             std::to_string(kScopeValuesPerParam) + " per param");
      }
      if ((total += n) > kScopeValues) {
        throw HandshakeError(pat + ": the scope lists more than " + std::to_string(kScopeValues) + " values in all");
      }
      auto& kept = by_param[param];
      std::set<std::string> seen;
      for (std::size_t i = 0; i < values.as_array().size(); ++i) {
        const json::Value& x = values.as_array()[i];
        const auto& var = x.variant();
        if (!std::holds_alternative<std::string>(var) && !std::holds_alternative<std::int64_t>(var) &&
            !std::holds_alternative<bool>(var)) {
          throw HandshakeError(pat + "[" + std::to_string(i) + "] is not a string, an integer or a boolean");
        }
        if (!seen.insert(json::to_line(x)).second) {
          throw HandshakeError(pat + "[" + std::to_string(i) + "] repeats " + capped(json::to_line(x), 100));
        }
        if (!ops::kind_accepts(*member->kind, &x, param)) {
          throw HandshakeError(pat + "[" + std::to_string(i) + "] " + capped(json::to_line(x), 100) +
                               " is not a value " + op + " accepts for " + param + " (" + member->kind->name + ")");
        }
        kept.push_back(x);
      }
    }
  }
  return out;
}

}  // namespace

std::string Session::outside_scope(const std::string& op, const json::Value& params) const {
  auto it = scope_.find(op);
  if (it == scope_.end()) return "";
  const ops::OpSpec* spec = ops::table().find(op);
  for (const auto& [param, values] : it->second) {
    const json::Value* v = params.is_object() ? params.find(param) : nullptr;
    const ops::Param* member = spec ? ops::request_member(*spec, param) : nullptr;
    if (!member) continue;  // read_scope kept only the op's members
    // A missing optional param the list constrains is outside; a missing required one is bad
    // input whatever the port supports, so inside (the port must still answer bad_input), as is a
    // value the param's Kind rejects.
    if (!v) {
      if (member->optional) return op + " without " + param;
      continue;
    }
    if (!ops::kind_accepts(*member->kind, v, param)) continue;
    const std::string text = json::to_line(*v);
    bool in = false;
    for (const auto& x : values) in |= json::to_line(x) == text;
    if (!in) return op + " " + param + " " + capped(text, 100);
  }
  return "";
}

void Session::stop() {
  if (proc_) proc_->stop();
  proc_.reset();
}

bool Session::ready() {
  while (!report_.stopped && !proc_) {
    try {
      proc_ = std::make_unique<PortProcess>(options_.command, options_.timeout, options_.echo_stderr);
      handshake();
    } catch (const HandshakeError& e) {
      stop();
      report_.stopped = true;
      report_.stop_reason = std::string("handshake: ") + e.what();
    } catch (const PortFailure& e) {
      broke("", std::string("start-up: ") + e.what());
    }
  }
  return !report_.stopped && proc_;
}

void Session::handshake() {
  Answer hello =
      proc_->request("hello", json::Value::object({{"protocol", port::kProtocolVersion}}), options_.startup_timeout);
  ++report_.requests;
  if (!hello.ok)
    throw HandshakeError("hello refused: " + hello.error + (hello.message.empty() ? "" : " (" + hello.message + ")"));
  std::set<std::string> ops;
  std::vector<std::string> listed, warnings, twice;
  const json::Value* protocol = hello.result.find("protocol");
  if (!protocol) {
    warnings.push_back("hello result has no protocol member (assumed 1)");
  } else {
    const auto* v = std::get_if<std::int64_t>(&protocol->variant());
    if (!v || *v != port::kProtocolVersion) {
      throw HandshakeError("hello result protocol is " + json::to_line(*protocol) + "; fairvec speaks protocol " +
                           std::to_string(port::kProtocolVersion));
    }
  }
  const json::Value* name = hello.result.find("name");
  if (const auto* s = name ? std::get_if<std::string>(&name->variant()) : nullptr) {
    report_.port_name = capped(*s, kNameBytes);
  } else {
    warnings.push_back("hello result has no string name");
  }
  const json::Value* list = hello.result.find("ops");
  if (!list || !list->is_array()) throw HandshakeError("hello result has no ops array (malformed ops list)");
  const std::vector<std::string> known = ops::table().names();
  for (std::size_t i = 0; i < list->as_array().size(); ++i) {
    const auto* s = std::get_if<std::string>(&list->as_array()[i].variant());
    if (!s) throw HandshakeError("hello result ops[" + std::to_string(i) + "] is not a string (malformed ops list)");
    if (!std::binary_search(known.begin(), known.end(), *s)) {
      throw HandshakeError("hello lists op '" + capped(*s, 100) + "', which fairvec does not know (misspelled?); its " +
                           "vectors would be skipped silently");
    }
    if (ops.insert(*s).second) {
      listed.push_back(*s);
    } else if (std::find(twice.begin(), twice.end(), *s) == twice.end()) {
      twice.push_back(*s);
      warnings.push_back("hello lists op '" + *s + "' more than once");
    }
  }
  Scope scope;
  if (const json::Value* declared = hello.result.find("scope")) scope = read_scope(*declared, ops);
  if (!greeted_) {
    report_.port_ops = listed;
    report_.scope = scope;
    report_.warnings.insert(report_.warnings.end(), warnings.begin(), warnings.end());
    ops_ = ops;
    scope_ = scope;
    greeted_ = true;
  } else if (ops != ops_) {
    throw HandshakeError("after a restart the port lists other ops than at first");
  } else if (json::to_line(scope_json(scope)) != json::to_line(scope_json(scope_))) {
    throw HandshakeError("after a restart the port declares another scope than at first");
  }
}

Answer Session::request(const std::string& op, const json::Value& params, const std::set<std::string>* keep) {
  ++report_.requests;
  return proc_->request(op, params, std::chrono::milliseconds(0), keep);
}

void Session::broke(const std::string& vector_id, const std::string& what) {
  PortBreak b{vector_id, capped(what, kReplyExcerptBytes), "", {}};
  if (proc_) {
    std::string before = proc_->how_it_ended();
    proc_->stop(std::chrono::milliseconds(50));
    b.how_it_ended = before == "still running" ? "still running; the checker killed its process group" : before;
    b.stderr_tail = proc_->stderr_tail();
  }
  proc_.reset();
  report_.breaks.push_back(std::move(b));
  if (++breaks_ > options_.max_restarts) {
    report_.stopped = true;
    report_.stop_reason = "the port broke " + std::to_string(breaks_) + " times; restart budget (--max-restarts " +
                          std::to_string(options_.max_restarts) + ") spent";
  }
}

}  // namespace fairvec::check
