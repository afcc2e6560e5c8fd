// Session: the port under test across restarts, with the handshake checks and the restart
// budget. Internal to the checker (check/port_checker.cc, check/random_requests.cc).
#pragma once

#include <memory>
#include <set>
#include <string>

#include "check/process.h"
#include "check/records.h"

namespace fairvec::check {

class Session {
 public:
  Session(const CheckPortOptions& options, CheckPortReport& report) : options_(options), report_(report) {}
  ~Session() { stop(); }

  // ready starts the port when it is not running (handshake included) and returns whether it
  // runs. A start that fails counts against the restart budget; false once the run has stopped.
  bool ready();

  // request sends one call; the reply's result keeps only the members named in |keep| (nullptr:
  // all). Throws PortFailure when the port broke; call broke() then.
  [[nodiscard]] Answer request(const std::string& op, const json::Value& params,
                               const std::set<std::string>* keep = nullptr);

  // broke records the failure |what| during vector |vector_id|, stops the port and charges the
  // restart budget (the run stops when it is spent).
  void broke(const std::string& vector_id, const std::string& what);

  // outside_scope returns why a call of |op| with |params| is outside the scope the port declared
  // in its hello (specs/port-protocol.md, "Declared scope"), or "" when it is inside (or the port
  // declared none for |op|). It cannot fail.
  [[nodiscard]] std::string outside_scope(const std::string& op, const json::Value& params) const;
  // scope is the declared scope: per op, per param, the values the port answers.
  [[nodiscard]] const Scope& scope() const { return scope_; }

  // lists reports whether the port listed |op| in its hello.
  [[nodiscard]] bool lists(const std::string& op) const { return ops_.count(op) > 0; }
  [[nodiscard]] const std::set<std::string>& ops() const { return ops_; }
  void stop();

 private:
  void handshake();
  const CheckPortOptions& options_;
  CheckPortReport& report_;
  std::unique_ptr<PortProcess> proc_;
  std::set<std::string> ops_;
  Scope scope_;
  int breaks_ = 0;
  bool greeted_ = false;
};

}  // namespace fairvec::check
