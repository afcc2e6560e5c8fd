#include "check/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "check/text_safety.h"
#include "core/errors.h"

namespace fairvec::check {

namespace {

constexpr std::size_t kStderrLines = 20;
constexpr std::size_t kStderrLineBytes = 500;

// The process group of the port running now (0: none), for the signal handler.
std::atomic<int> g_port_group{0};

extern "C" void on_fatal_signal(int sig) {
  int g = g_port_group.load();
  if (g > 0) ::kill(-g, SIGKILL);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

std::string signal_name(int sig) {
  const char* d = ::sigdescr_np(sig);
  const char* a = ::sigabbrev_np(sig);
  return std::to_string(sig) + (a ? std::string(" (SIG") + a + (d ? std::string(", ") + d : "") + ")" : "");
}

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

void install_signal_cleanup() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) ::signal(sig, on_fatal_signal);
}

Reply parse_reply(std::string_view line, std::int64_t expected_id, const std::set<std::string>* keep) {
  rapidjson::Document d;
  try {
    json::parse(line, d, "reply");
  } catch (const InputError& e) {
    throw PortFailure(std::string("reply is not JSON: ") + e.what());
  }
  if (!d.IsObject()) throw PortFailure("reply is not a JSON object");
  const rapidjson::Value* id = json::optional_member(d, "id");
  if (!id || !id->IsInt64() || id->GetInt64() != expected_id) {
    throw PortFailure("reply id " + (id ? capped(json::to_text(*id), 100) : std::string("missing")) +
                      " does not match request id " + std::to_string(expected_id));
  }
  const rapidjson::Value* ok = json::optional_member(d, "ok");
  if (!ok || !ok->IsBool()) throw PortFailure("reply.ok missing or not a boolean");
  Reply r;
  r.ok = ok->GetBool();
  if (r.ok) {
    const rapidjson::Value* result = json::optional_member(d, "result");
    if (!result || !result->IsObject()) throw PortFailure("reply.result missing or not an object");
    if (keep) {
      json::Object kept;
      for (const auto& m : result->GetObject()) {
        std::string name(m.name.GetString(), m.name.GetStringLength());
        if (keep->count(name)) kept.emplace_back(std::move(name), json::Value::from_rapidjson(m.value));
      }
      r.result = json::Value(std::move(kept));
    } else {
      r.result = json::Value::from_rapidjson(*result);
    }
  } else {
    const rapidjson::Value* error = json::optional_member(d, "error");
    if (!error || !error->IsString()) throw PortFailure("reply.error missing or not a string");
    r.error = capped(std::string_view(error->GetString(), error->GetStringLength()), 100);
    const rapidjson::Value* message = json::optional_member(d, "message");
    if (message && message->IsString()) {
      r.message = capped(std::string_view(message->GetString(), message->GetStringLength()), kMessageBytes);
    }
  }
  return r;
}

PortProcess::PortProcess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout, bool echo_stderr)
    : echo_stderr_(echo_stderr), timeout_(timeout) {
  if (argv.empty()) throw PortFailure("no port command given");
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) throw PortFailure("pipe failed");
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    throw PortFailure("pipe failed");
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  ::signal(SIGPIPE, SIG_IGN);
  // Orphans of the port (a process that left its group with setsid and lost its parent) are
  // reparented to the checker instead of init, where stop() finds and kills them.
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  pid_t pid = ::fork();
  if (pid < 0) throw PortFailure("fork failed");
  if (pid == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // even a checker killed by SIGKILL takes the port along
    ::signal(SIGPIPE, SIG_DFL);  // an ignored signal would stay ignored across exec
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::execvp(args[0], args.data());
    const char msg[] = "fairvec check-port: cannot execute the port command\n";
    (void)!::write(2, msg, sizeof msg - 1);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here: whichever of parent and child runs first sets the group
  pid_ = pid;
  g_port_group = pid;
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  err_child_ = err_pipe[0];
  ::fcntl(to_child_, F_SETFL, O_NONBLOCK);
  ::fcntl(err_child_, F_SETFL, O_NONBLOCK);
}

PortProcess::~PortProcess() { stop(); }

bool PortProcess::reap(bool block) {
  if (reaped_ || pid_ <= 0) return reaped_;
  int st = 0;
  pid_t r = ::waitpid(pid_, &st, block ? 0 : WNOHANG);
  if (r == pid_) {
    reaped_ = true;
    status_ = st;
  }
  return reaped_;
}

void PortProcess::stop(std::chrono::milliseconds grace) {
  if (to_child_ >= 0) ::close(to_child_);
  to_child_ = -1;
  if (pid_ > 0) {
    auto until = std::chrono::steady_clock::now() + grace;
    while (!reap(false) && std::chrono::steady_clock::now() < until) {
      drain_stderr();
      ::usleep(5000);
    }
    // The whole group, even when the direct child has exited: a wrapper's children stay behind.
    ::kill(-pid_, SIGKILL);
    reap(true);
    g_port_group = 0;
    end_escaped_descendants();  // what left the group (setsid, a double fork) was reparented to us
  }
  drain_stderr();
  if (from_child_ >= 0) ::close(from_child_);
  if (err_child_ >= 0) ::close(err_child_);
  from_child_ = err_child_ = -1;
}

std::string PortProcess::how_it_ended() {
  if (!reap(false)) return "still running";
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) return "killed by signal " + signal_name(WTERMSIG(status_));
  return "ended";
}

std::vector<std::string> PortProcess::stderr_tail() const {
  std::vector<std::string> out(err_lines_.begin(), err_lines_.end());
  if (!err_partial_.empty()) out.push_back(err_partial_.substr(0, kStderrLineBytes));
  return out;
}

void PortProcess::drain_stderr() {
  if (err_child_ < 0) return;
  char buf[65536];
  for (int rounds = 0; rounds < 64; ++rounds) {  // bounded: a flood cannot starve the caller
    ssize_t n = ::read(err_child_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    if (echo_stderr_) (void)!::write(2, buf, static_cast<std::size_t>(n));
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] == '\n') {
        err_lines_.push_back(err_partial_);
        if (err_lines_.size() > kStderrLines) err_lines_.pop_front();
        err_partial_.clear();
      } else if (err_partial_.size() < kStderrLineBytes) {
        err_partial_.push_back(buf[i]);
      }
    }
  }
}

void PortProcess::write_all(const std::string& line, const std::string& text,
                            std::chrono::steady_clock::time_point deadline) {
  std::size_t off = 0;
  while (off < line.size()) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) throw PortFailure("the port did not read its stdin within the timeout (request " + text + ")");
    pollfd p[2] = {{to_child_, POLLOUT, 0}, {err_child_, POLLIN, 0}};
    int rc = ::poll(p, 2, static_cast<int>(left.count()));
    if (rc < 0 && errno == EINTR) continue;
    if (p[1].revents) drain_stderr();
    if (!(p[0].revents & (POLLOUT | POLLERR | POLLHUP))) continue;
    ssize_t n = ::write(to_child_, line.data() + off, line.size() - off);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      for (int i = 0; i < 40 && !reap(false); ++i) ::usleep(5000);
      drain_stderr();
      throw PortFailure("port closed stdin (" + how_it_ended() + ") before " + text);
    }
    off += static_cast<std::size_t>(n);
  }
}

std::string PortProcess::read_line(const std::string& request_text, std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxReplyBytes) throw PortFailure("reply line longer than " + std::to_string(kMaxReplyBytes >> 20) + " MiB to " + request_text);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      throw PortFailure("no reply within " + std::to_string(timeout.count()) + " ms to " + request_text);
    }
    pollfd p[2] = {{from_child_, POLLIN, 0}, {err_child_, POLLIN, 0}};
    int rc = ::poll(p, err_child_ >= 0 ? 2 : 1, static_cast<int>(left.count()));
    if (rc < 0 && errno == EINTR) continue;
    if (p[1].revents & (POLLIN | POLLHUP)) {
      drain_stderr();
      if ((p[1].revents & POLLHUP) && !(p[1].revents & POLLIN)) {
        ::close(err_child_);
        err_child_ = -1;
      }
    }
    if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    char buf[65536];
    ssize_t n = ::read(from_child_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      for (int i = 0; i < 40 && !reap(false); ++i) ::usleep(5000);  // give a dying port time to end
      drain_stderr();
      throw PortFailure("port closed stdout (" + how_it_ended() + ") before answering " + request_text);
    }
    buffer_.append(buf, static_cast<std::size_t>(n));
  }
}

Answer PortProcess::request(const std::string& op, const json::Value& params, std::chrono::milliseconds timeout,
                            const std::set<std::string>* keep) {
  if (timeout.count() == 0) timeout = timeout_;
  std::int64_t id = next_id_++;
  std::string text = json::to_line(json::Value::object({{"id", id}, {"op", op}, {"params", params}}));
  try {
    if (to_child_ < 0) throw PortFailure("port already stopped before " + text);
    write_all(text + "\n", text, std::chrono::steady_clock::now() + timeout);
    const std::string line = read_line(text, timeout);
    Answer a;
    static_cast<Reply&>(a) = parse_reply(line, id, keep);
    a.bytes = line.size();
    a.excerpt = capped(line, kReplyExcerptBytes);
    return a;
  } catch (const PortFailure& e) {
    if (std::string_view(e.what()).find(text) != std::string_view::npos) throw;
    throw PortFailure(std::string(e.what()) + " (request " + capped(text, kReplyExcerptBytes) + ")");
  }
}

}  // namespace fairvec::check
