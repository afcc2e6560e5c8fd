// The port's supervisor: a small process between the checker and the port (specs/port-protocol.md,
// "Process handling"). It starts the port in a process group of its own and stays until the
// checker lets it go or dies: it reports the port's pid and, when the port ends, its wait status
// over a pipe, and when the checker's end of the lifeline pipe closes — the checker finished,
// or died of any signal, SIGKILL included — it kills the port's process group and every process
// that left it (the supervisor is their subreaper), then exits.
#include "check/supervisor.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace fairvec::check {

namespace {

// children_of returns the processes whose parent is |parent|, from /proc/PID/stat (the parent is
// the field after the state, which follows the last ')' of the command name). Unreadable entries
// (a process that just ended) are left out. It cannot fail.
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (std::filesystem::directory_iterator it("/proc", ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(it->path() / "stat");
    std::string stat;
    if (!std::getline(in, stat)) continue;
    std::size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    char state = 0;
    long ppid = 0;
    if (std::sscanf(stat.c_str() + close + 1, " %c %ld", &state, &ppid) == 2 && ppid == parent) {
      out.push_back(static_cast<pid_t>(std::stol(name)));
    }
  }
  return out;
}

void send(int fd, char kind, int value) {
  StatusRecord r{kind, value};
  (void)!::write(fd, &r, sizeof r);  // at most PIPE_BUF bytes: atomic; a dead checker is ignored
}

// close_all_but closes every descriptor from 3 up except |keep|.
void close_all_but(std::vector<int> keep) {
  std::sort(keep.begin(), keep.end());
  unsigned from = 3;
  for (int k : keep) {
    if (k < 3) continue;
    if (static_cast<unsigned>(k) > from) ::close_range(from, static_cast<unsigned>(k) - 1, 0);
    from = static_cast<unsigned>(k) + 1;
  }
  ::close_range(from, ~0U, 0);
}

}  // namespace

void end_escaped_descendants() {
  const pid_t self = ::getpid();
  // A descendant whose parent is still dying is reparented to us a moment later: a scan that finds
  // nothing is repeated after 2 ms, three times, before the process tree counts as clean. Bounded:
  // at most 200 rounds (each kills what it finds, so a fork bomb cannot keep us here).
  for (int round = 0, quiet = 0; round < 200 && quiet < 3; ++round) {
    std::vector<pid_t> kids = children_of(self);
    if (kids.empty()) {
      ++quiet;
      ::usleep(2000);
      continue;
    }
    quiet = 0;
    for (pid_t k : kids) {
      ::kill(-k, SIGKILL);  // its group too, when it leads one (after setsid)
      ::kill(k, SIGKILL);
    }
    for (pid_t k : kids) {
      for (int i = 0; i < 200 && ::waitpid(k, nullptr, WNOHANG) == 0; ++i) ::usleep(1000);
    }
  }
}

[[noreturn]] void run_supervisor(const std::vector<std::string>& argv, const PortFds& fds) {
  // The checker's signal handlers are not ours: a Ctrl-C reaches the checker, whose death closes
  // the lifeline, and the supervisor then cleans up. A dead checker's pipe must not kill it.
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT}) ::signal(sig, SIG_IGN);
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);  // a process that leaves the port's group stays ours
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t port = ::fork();
  if (port == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the supervisor never dies first, but if it is killed
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT}) ::signal(sig, SIG_DFL);  // ignored would stay so
    ::dup2(fds.stdin_read, 0);
    ::dup2(fds.stdout_write, 1);
    ::dup2(fds.stderr_write, 2);
    close_all_but({});
    ::execvp(args[0], args.data());
    const char msg[] = "fairvec check-port: cannot execute the port command\n";
    (void)!::write(2, msg, sizeof msg - 1);
    ::_exit(127);
  }
  if (port < 0) {
    send(fds.status_write, 'E', errno);
    ::_exit(1);
  }
  ::setpgid(port, port);  // also here: whichever of the two runs first sets the group
  send(fds.status_write, 'P', port);
  close_all_but({fds.lifeline_read, fds.status_write});
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, port, 0));
  bool port_ended = false;
  for (;;) {
    pollfd p[2] = {{fds.lifeline_read, POLLIN, 0}, {pidfd, POLLIN, 0}};
    // Without pidfd_open (Linux before 5.3) the port's end is polled for every 20 ms.
    const int rc = ::poll(p, pidfd >= 0 && !port_ended ? 2 : 1, pidfd >= 0 || port_ended ? -1 : 20);
    if (rc < 0 && errno != EINTR) break;
    int status = 0;
    for (pid_t w; (w = ::waitpid(-1, &status, WNOHANG)) > 0;) {  // the port, or an escaped orphan
      if (w == port) {
        port_ended = true;
        send(fds.status_write, 'X', status);
      }
    }
    if (p[0].revents) {
      char c;
      if (::read(fds.lifeline_read, &c, 1) <= 0) break;  // the checker closed it, or died
    }
  }
  ::kill(-port, SIGKILL);
  if (!port_ended) ::kill(port, SIGKILL);
  end_escaped_descendants();  // our children: the port, and whatever left its group
  ::_exit(0);
}

}  // namespace fairvec::check
