// The port under test as a child process: its own process group, pipes to its stdin, stdout and
// stderr, per-request deadlines, and an end that kills the whole group (no orphan behind a shell
// wrapper that does not exec). Between the checker and the port runs a supervisor
// (check/supervisor.h) that reports the port's end at once and kills what is left of it when the
// checker ends, however it ends.
#pragma once

#include <chrono>
#include <deque>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/json.h"
#include "port/protocol.h"

namespace fairvec::check {

using port::Reply;

// The longest reply line the checker reads from a port (memory budget, specs/README.md); a longer
// one is a port failure. The same limit bounds what `fairvec port` writes.
using port::kMaxReplyBytes;

// PortFailure is thrown when the port breaks the protocol: it crashed, timed out, wrote a line
// that is not a JSON reply, or answered with another id. The message names the request.
class PortFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// parse_reply reads one reply line for request |expected_id|. It throws PortFailure when the line
// is not JSON, not an object, has another id, lacks ok, has ok:true without an object result, or
// ok:false without a string error. With |keep| the result holds only the members named there (the
// others are never copied out of the parsed line). It never crashes on any input.
[[nodiscard]] Reply parse_reply(std::string_view line, std::int64_t expected_id,
                                const std::set<std::string>* keep = nullptr);

// The most bytes of a reply line kept for a report (Answer::excerpt), and of a port's error message.
inline constexpr std::size_t kReplyExcerptBytes = 4096;
inline constexpr std::size_t kMessageBytes = 1024;

// Answer is a reply as the checker keeps it: the parsed reply, and the size and first
// kReplyExcerptBytes bytes of its line (what a failure report shows of the whole reply).
struct Answer : Reply {
  std::size_t bytes = 0;
  std::string excerpt;
};

// PortProcess runs a port as a child process in a process group of its own, with pipes to its
// stdin and stdout; its stderr is copied to ours and its last lines are kept for reports. The
// destructor closes stdin, waits briefly, then kills the whole process group.
class PortProcess {
 public:
  // PortProcess starts |argv| (argv[0] searched in PATH). Throws PortFailure if it cannot start.
  // |timeout| bounds each request; |echo_stderr| copies the port's stderr to ours.
  PortProcess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout, bool echo_stderr = true);
  ~PortProcess();
  PortProcess(const PortProcess&) = delete;
  PortProcess& operator=(const PortProcess&) = delete;

  // request sends |op| with |params| and returns the reply, waiting at most |timeout| (the
  // constructor's when zero); |keep| as parse_reply's. Throws PortFailure on a protocol failure
  // (timeout, the port's exit, bad line, wrong id), naming the request and, when the port has
  // ended, how (exit status or signal). The port's exit is seen at once, even when a process it
  // started still holds its stdout.
  [[nodiscard]] Answer request(const std::string& op, const json::Value& params,
                               std::chrono::milliseconds timeout = std::chrono::milliseconds(0),
                               const std::set<std::string>* keep = nullptr);

  // stop ends the port: closes its stdin, waits up to |grace| for it to exit, then kills its
  // process group and every descendant that left it (end_escaped_descendants, check/supervisor.h); every process the
  // port started is gone afterwards. It never throws.
  void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(200));

  // how_it_ended describes the port's end ("exited with status 3", "killed by signal 11
  // (SIGSEGV)") or returns "still running".
  std::string how_it_ended();

  // stderr_tail returns the port's last stderr lines (at most 20, each cut at 500 bytes).
  [[nodiscard]] std::vector<std::string> stderr_tail() const;

  // pid returns the port's process id, which is also its process group id.
  [[nodiscard]] int pid() const { return pid_; }

 private:
  std::string read_line(const std::string& request_text, std::chrono::milliseconds timeout);
  // read_available appends what the port's stdout holds now to the buffer (stopping at a line's
  // end or the reply limit); false at end of file.
  bool read_available();
  void write_all(const std::string& line, const std::string& request_text,
                 std::chrono::steady_clock::time_point deadline);
  void drain_stderr();
  // ended reads the supervisor's reports, waiting up to |wait| for the port's end, and returns
  // whether it has ended.
  bool ended(std::chrono::milliseconds wait = std::chrono::milliseconds(0));
  int pid_ = -1;         // the port (and its process group)
  int supervisor_ = -1;  // the supervisor, the checker's child
  int to_child_ = -1;
  int from_child_ = -1;
  int err_child_ = -1;
  int lifeline_ = -1;   // closing it tells the supervisor to end everything
  int status_fd_ = -1;  // the supervisor's StatusRecords
  bool ended_ = false;
  bool supervisor_lost_ = false;
  int status_ = 0;
  bool echo_stderr_;
  std::chrono::milliseconds timeout_;
  std::int64_t next_id_ = 0;
  std::string buffer_;
  std::string err_partial_;
  std::deque<std::string> err_lines_;
};

// install_signal_cleanup makes SIGINT, SIGTERM and SIGHUP kill the running port's process group
// before the checker dies of the signal (the supervisor then ends what left the group). Call once;
// it cannot fail.
void install_signal_cleanup();

}  // namespace fairvec::check
