#include "check/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "check/supervisor.h"
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

}  // namespace

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
    // An empty code names nothing: the fuzz target port_reply found such a reply being kept as an
    // error reply with no code.
    if (!error || !error->IsString() || error->GetStringLength() == 0) {
      throw PortFailure("reply.error missing, empty or not a string");
    }
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
  // in, out, err: the port's streams; life: the lifeline; status: the supervisor's reports.
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, life[2] = {-1, -1}, status[2] = {-1, -1};
  int* pipes[] = {in, out, err, life, status};
  auto close_all = [&] {
    for (int* p : pipes) {
      for (int i = 0; i < 2; ++i) {
        if (p[i] >= 0) ::close(p[i]);
      }
    }
  };
  for (int* p : pipes) {
    if (::pipe2(p, O_CLOEXEC) != 0) {
      close_all();
      throw PortFailure("pipe failed");
    }
  }
  ::signal(SIGPIPE, SIG_IGN);
  // Orphans of the port are the supervisor's to end; should it be gone, ours (stop()).
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  const pid_t sup = ::fork();
  if (sup < 0) {
    close_all();
    throw PortFailure("fork failed");
  }
  if (sup == 0) run_supervisor(argv, PortFds{in[0], out[1], err[1], life[0], status[1]});
  supervisor_ = sup;
  for (int fd : {in[0], out[1], err[1], life[0], status[1]}) ::close(fd);
  to_child_ = in[1];
  from_child_ = out[0];
  err_child_ = err[0];
  lifeline_ = life[1];
  status_fd_ = status[0];
  ::fcntl(to_child_, F_SETFL, O_NONBLOCK);
  ::fcntl(from_child_, F_SETFL, O_NONBLOCK);
  ::fcntl(err_child_, F_SETFL, O_NONBLOCK);
  // The supervisor reports the port's pid first (a blocking read: it writes it right after fork).
  StatusRecord r{};
  ssize_t n;
  while ((n = ::read(status_fd_, &r, sizeof r)) < 0 && errno == EINTR) {
  }
  if (n != static_cast<ssize_t>(sizeof r) || r.kind != 'P') {
    stop();
    throw PortFailure("the port could not be started" + std::string(r.kind == 'E' ? ": " : "") +
                      (r.kind == 'E' ? std::strerror(r.value) : ""));
  }
  pid_ = r.value;
  g_port_group = pid_;
  ::fcntl(status_fd_, F_SETFL, O_NONBLOCK);
}

PortProcess::~PortProcess() { stop(); }

bool PortProcess::ended(std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (!ended_ && status_fd_ >= 0) {
    StatusRecord r{};
    const ssize_t n = ::read(status_fd_, &r, sizeof r);
    if (n == static_cast<ssize_t>(sizeof r)) {
      if (r.kind == 'X') {
        ended_ = true;
        status_ = r.value;
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) {  // the supervisor is gone (killed from outside): the port died with it
      ::close(status_fd_);
      status_fd_ = -1;
      ended_ = supervisor_lost_ = true;
      break;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p[2] = {{status_fd_, POLLIN, 0}, {err_child_, POLLIN, 0}};
    ::poll(p, err_child_ >= 0 ? 2 : 1, static_cast<int>(left.count()));
    if (p[1].revents) drain_stderr();
  }
  return ended_;
}

void PortProcess::stop(std::chrono::milliseconds grace) {
  if (to_child_ >= 0) ::close(to_child_);
  to_child_ = -1;
  if (pid_ > 0) {
    (void)ended(grace);
    // The whole group, even when the port itself has exited: a wrapper's children stay behind.
    ::kill(-pid_, SIGKILL);
    (void)ended(std::chrono::milliseconds(2000));  // the supervisor reaps the port and says so
    g_port_group = 0;
  }
  if (lifeline_ >= 0) ::close(lifeline_);  // the supervisor kills what is left, then exits
  lifeline_ = -1;
  if (supervisor_ > 0) {
    int st = 0;
    pid_t w = 0;
    for (int i = 0; i < 5000 && (w = ::waitpid(supervisor_, &st, WNOHANG)) == 0; ++i) {
      if (i == 4000) ::kill(supervisor_, SIGKILL);  // 4 s: it never takes this long
      ::usleep(1000);
    }
    supervisor_ = -1;
    // A supervisor that did not end its own way left its orphans to the checker, the next subreaper.
    if (w <= 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) end_escaped_descendants();
  }
  drain_stderr();
  for (int* fd : {&from_child_, &err_child_, &status_fd_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

std::string PortProcess::how_it_ended() {
  if (!ended()) return "still running";
  if (supervisor_lost_) return "ended with its supervisor, which was killed";
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
    if (ended()) throw PortFailure("the port ended (" + how_it_ended() + ") before reading " + text);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      throw PortFailure("the port did not read its stdin within the timeout (request " + text + ")");
    pollfd p[3] = {{to_child_, POLLOUT, 0}, {err_child_, POLLIN, 0}, {status_fd_, POLLIN, 0}};
    int rc = ::poll(p, 3, static_cast<int>(left.count()));
    if (rc < 0 && errno == EINTR) continue;
    if (p[1].revents) drain_stderr();
    if (!(p[0].revents & (POLLOUT | POLLERR | POLLHUP))) continue;
    ssize_t n = ::write(to_child_, line.data() + off, line.size() - off);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      (void)ended(std::chrono::milliseconds(200));
      drain_stderr();
      throw PortFailure("port closed stdin (" + how_it_ended() + ") before " + text);
    }
    off += static_cast<std::size_t>(n);
  }
}

bool PortProcess::read_available() {
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(from_child_, buf, sizeof buf);
    if (n > 0) {
      buffer_.append(buf, static_cast<std::size_t>(n));
      if (buffer_.find('\n', buffer_.size() - static_cast<std::size_t>(n)) != std::string::npos ||
          buffer_.size() > kMaxReplyBytes) {
        return true;
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0;  // EAGAIN: nothing more now; 0: end of file
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
    if (buffer_.size() > kMaxReplyBytes)
      throw PortFailure("reply line longer than " + std::to_string(kMaxReplyBytes >> 20) + " MiB to " + request_text);
    if (ended()) {
      // The port has ended: what it wrote before it ended is in the pipe, and nothing it started
      // later (a child still holding its stdout) speaks for it.
      (void)read_available();
      if (buffer_.find('\n') != std::string::npos || buffer_.size() > kMaxReplyBytes) continue;
      drain_stderr();
      throw PortFailure("the port ended (" + how_it_ended() + ") before answering " + request_text);
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      throw PortFailure("no reply within " + std::to_string(timeout.count()) + " ms to " + request_text);
    }
    pollfd p[3] = {{from_child_, POLLIN, 0}, {status_fd_, POLLIN, 0}, {err_child_, POLLIN, 0}};
    int rc = ::poll(p, err_child_ >= 0 ? 3 : 2, static_cast<int>(left.count()));
    if (rc < 0 && errno == EINTR) continue;
    if (err_child_ >= 0 && (p[2].revents & (POLLIN | POLLHUP))) {
      drain_stderr();
      if ((p[2].revents & POLLHUP) && !(p[2].revents & POLLIN)) {
        ::close(err_child_);
        err_child_ = -1;
      }
    }
    if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;  // the status is read above
    if (!read_available()) {                                       // end of file
      (void)ended(std::chrono::milliseconds(200));                 // give a dying port time to end
      if (buffer_.find('\n') != std::string::npos) continue;
      drain_stderr();
      throw PortFailure("port closed stdout (" + how_it_ended() + ") before answering " + request_text);
    }
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
