// The supervisor process between the checker and the port (check/supervisor.cc). Internal to
// check/process.cc.
#pragma once

#include <string>
#include <vector>

namespace fairvec::check {

// The descriptors the supervisor gets: the port's three standard streams (the port's ends) and
// its own two pipes to the checker.
struct PortFds {
  int stdin_read, stdout_write, stderr_write;
  int lifeline_read;  // the checker holds the write end and never writes: its close is the signal
  int status_write;   // StatusRecords to the checker
};

// StatusRecord is one message of the supervisor: 'P' the port started (value: its pid, which is
// also its process group), 'X' the port ended (value: its wait status), 'E' it could not be
// started (value: errno of fork).
struct StatusRecord {
  char kind;
  int value;
};

// run_supervisor runs in the checker's freshly forked child: it starts |argv| (searched in PATH)
// as the port, in a process group of its own, reports over |fds.status_write|, and when the
// lifeline closes kills the group and every descendant left, then exits. It never returns.
[[noreturn]] void run_supervisor(const std::vector<std::string>& argv, const PortFds& fds);

}  // namespace fairvec::check
