#include "check/session.h"

#include <algorithm>

#include "check/text_safety.h"
#include "port/protocol.h"

namespace fairvec::check {

namespace {

// The longest hello name kept for the report.
constexpr std::size_t kNameBytes = 200;

// Handshake is a hello reply the checker cannot work with: restarting would not help.
struct HandshakeError : PortFailure {
  using PortFailure::PortFailure;
};

}  // namespace

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
  Answer hello = proc_->request("hello", json::Value::object({{"protocol", port::kProtocolVersion}}),
                               options_.startup_timeout);
  ++report_.requests;
  if (!hello.ok) throw HandshakeError("hello refused: " + hello.error + (hello.message.empty() ? "" : " (" + hello.message + ")"));
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
  const std::vector<std::string> known = port::registry().names();
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
  if (!greeted_) {
    report_.port_ops = listed;
    report_.warnings.insert(report_.warnings.end(), warnings.begin(), warnings.end());
    ops_ = ops;
    greeted_ = true;
  } else if (ops != ops_) {
    throw HandshakeError("after a restart the port lists other ops than at first");
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
