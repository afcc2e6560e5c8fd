// The port checker: drives an external implementation over port protocol v1 with every vector's
// port calls and reports, for each failing vector, its file, tcId, flags, the request, the
// expected and the actual answer.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/json.h"
#include "port/protocol.h"

namespace fairvec::check {
using port::Reply;

// PortFailure is thrown when the port breaks the protocol: it crashed, timed out, wrote a line
// that is not a JSON reply, or answered with another id. The message names the request.
class PortFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// parse_reply reads one reply line for request |expected_id|. It throws PortFailure when the line
// is not JSON, not an object, has another id, lacks ok, has ok:true without an object result, or
// ok:false without a string error. It never crashes on any input.
[[nodiscard]] Reply parse_reply(std::string_view line, std::int64_t expected_id);

// PortProcess runs a port as a child process with pipes to its stdin and stdout; its stderr is
// passed through. The destructor closes stdin, waits briefly, then kills the child.
class PortProcess {
 public:
  // PortProcess starts |argv| (argv[0] searched in PATH). Throws PortFailure if it cannot start.
  PortProcess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);
  ~PortProcess();
  PortProcess(const PortProcess&) = delete;
  PortProcess& operator=(const PortProcess&) = delete;

  // request sends |op| with |params| and returns the reply. Throws PortFailure on a protocol
  // failure (timeout, exit, bad line, wrong id), naming the request.
  [[nodiscard]] Reply request(const std::string& op, const json::Value& params);

 private:
  std::string read_line(const std::string& request_text);
  int pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::chrono::milliseconds timeout_;
  std::int64_t next_id_ = 0;
  std::string buffer_;
};

struct CheckPortOptions {
  std::vector<std::string> command;  // the port's command line
  std::filesystem::path vectors_dir;
  std::chrono::milliseconds timeout{10000};
  std::set<std::string> only_files;  // empty: all
};

struct CheckPortReport {
  std::string port_name;
  std::vector<std::string> port_ops;
  struct FileCounts {
    std::string file;
    std::size_t passed = 0, failed = 0, skipped = 0;
  };
  std::vector<FileCounts> files;
  struct Mismatch {
    std::string file;
    long tc_id;
    std::vector<std::string> flags;
    std::string request, expected, actual, detail;
  };
  std::vector<Mismatch> mismatches;
  std::set<std::string> skipped_ops;
  std::string port_failure;  // non-empty when the port broke the protocol (checking stopped)
};

// check_port runs every vector's port calls against the port started from |options.command|.
// A vector passes when all its calls match; it is skipped (never passed) when the port does not
// list one of its ops. Throws InputError/IoError for unreadable vector files; a misbehaving port is
// reported in port_failure, not thrown.
[[nodiscard]] CheckPortReport check_port(const CheckPortOptions& options);

}  // namespace fairvec::check
