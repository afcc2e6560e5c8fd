// The supervisor process between the checker and the port (check/supervisor.cc), and the sweep of
// escaped descendants both run. Internal to check/process.cc.
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

// end_escaped_descendants kills and reaps every child of the calling process, repeating until a
// few scans of /proc in a row find none (bounded: 200 rounds). With PR_SET_CHILD_SUBREAPER (set by
// the supervisor, and by the checker when a PortProcess starts) a port's descendant that left its
// process group (setsid, a double fork into a new session) is reparented to the supervisor when
// its parent dies, so after the group is killed this finds it. Neither process has children but
// the port's. It cannot fail.
void end_escaped_descendants();

}  // namespace fairvec::check
