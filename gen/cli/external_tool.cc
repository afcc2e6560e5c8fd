#include "cli/external_tool.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

#include "core/errors.h"

extern char** environ;

namespace fairvec::cli {

namespace {

// Fd closes its descriptor when it goes.
struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

void make_pipe(Fd& read_end, Fd& write_end) {
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) throw IoError(std::string("cannot create a pipe: ") + std::strerror(errno));
  read_end.fd = p[0];
  write_end.fd = p[1];
}

// Spawn owns posix_spawn's attribute objects.
struct Spawn {
  posix_spawn_file_actions_t actions;
  Spawn() { posix_spawn_file_actions_init(&actions); }
  ~Spawn() { posix_spawn_file_actions_destroy(&actions); }
  Spawn(const Spawn&) = delete;
  Spawn& operator=(const Spawn&) = delete;
};

}  // namespace

ToolRun run_tool(const std::vector<std::string>& argv, const std::optional<std::filesystem::path>& stdin_file,
                 std::chrono::milliseconds timeout, const std::optional<std::string>& fd3) {
  ToolRun run;
  if (argv.empty()) return run;
  const std::string in_path = stdin_file ? stdin_file->string() : "/dev/null";
  Fd in(::open(in_path.c_str(), O_RDONLY | O_CLOEXEC));
  if (in.fd < 0) throw IoError("cannot read " + in_path + ": " + std::strerror(errno));
  Fd out_r, out_w, err_r, err_w;
  make_pipe(out_r, out_w);
  make_pipe(err_r, err_w);
  Fd extra;
  if (fd3) {
    extra.fd = ::memfd_create("fairvec-tool-input", MFD_CLOEXEC);
    if (extra.fd < 0) throw IoError(std::string("cannot create a memory file: ") + std::strerror(errno));
    for (std::size_t done = 0; done < fd3->size();) {
      const ssize_t n = ::write(extra.fd, fd3->data() + done, fd3->size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw IoError(std::string("cannot write a memory file: ") + std::strerror(errno));
      done += static_cast<std::size_t>(n);
    }
    if (::lseek(extra.fd, 0, SEEK_SET) != 0)
      throw IoError(std::string("cannot rewind a memory file: ") + std::strerror(errno));
  }
  Spawn spawn;
  posix_spawn_file_actions_adddup2(&spawn.actions, in.fd, 0);
  posix_spawn_file_actions_adddup2(&spawn.actions, out_w.fd, 1);
  posix_spawn_file_actions_adddup2(&spawn.actions, err_w.fd, 2);
  // Last, so that none of the descriptors above is overwritten before it is duplicated.
  if (fd3) posix_spawn_file_actions_adddup2(&spawn.actions, extra.fd, 3);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, args[0], &spawn.actions, nullptr, args.data(), environ);
  if (rc == ENOENT) {
    run.found = false;
    return run;
  }
  if (rc != 0) throw IoError("cannot start " + argv[0] + ": " + std::strerror(rc));
  out_w.reset();
  err_w.reset();
  in.reset();
  extra.reset();

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  auto left_ms = [&deadline] {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    return left.count() < 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1000));
  };
  char buf[16384];
  while ((out_r.fd >= 0 || err_r.fd >= 0) && std::chrono::steady_clock::now() < deadline) {
    pollfd fds[2] = {{out_r.fd, POLLIN, 0}, {err_r.fd, POLLIN, 0}};  // a negative fd is ignored by poll
    if (::poll(fds, 2, left_ms()) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Fd& fd = i == 0 ? out_r : err_r;
      std::string& to = i == 0 ? run.out : run.err;
      const std::size_t cap = i == 0 ? kToolOutBytes : kToolErrBytes;
      const ssize_t n = ::read(fd.fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        fd.reset();
        continue;
      }
      to.append(buf, std::min(static_cast<std::size_t>(n), cap - std::min(cap, to.size())));
    }
  }
  int st = 0;
  for (;;) {
    const pid_t w = ::waitpid(pid, &st, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) return run;
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
      }
      run.timed_out = true;
      return run;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(st)) run.status = WEXITSTATUS(st);
  return run;
}

}  // namespace fairvec::cli
