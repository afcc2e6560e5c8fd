#include "check/port_checker.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>

#include "core/errors.h"
#include "vectors/vector_file.h"

namespace fairvec::check {

Reply parse_reply(std::string_view line, std::int64_t expected_id) {
  rapidjson::Document d;
  try {
    json::parse(line, d, "reply");
  } catch (const InputError& e) {
    throw PortFailure(std::string("reply is not JSON: ") + e.what());
  }
  if (!d.IsObject()) throw PortFailure("reply is not a JSON object");
  const rapidjson::Value* id = json::optional_member(d, "id");
  if (!id || !id->IsInt64() || id->GetInt64() != expected_id) {
    throw PortFailure("reply id " + (id ? json::to_text(*id) : std::string("missing")) +
                      " does not match request id " + std::to_string(expected_id));
  }
  const rapidjson::Value* ok = json::optional_member(d, "ok");
  if (!ok || !ok->IsBool()) throw PortFailure("reply.ok missing or not a boolean");
  Reply r;
  r.ok = ok->GetBool();
  if (r.ok) {
    const rapidjson::Value* result = json::optional_member(d, "result");
    if (!result || !result->IsObject()) throw PortFailure("reply.result missing or not an object");
    r.result = json::Value::from_rapidjson(*result);
  } else {
    const rapidjson::Value* error = json::optional_member(d, "error");
    if (!error || !error->IsString()) throw PortFailure("reply.error missing or not a string");
    r.error.assign(error->GetString(), error->GetStringLength());
    const rapidjson::Value* message = json::optional_member(d, "message");
    if (message && message->IsString()) r.message.assign(message->GetString(), message->GetStringLength());
  }
  return r;
}

PortProcess::PortProcess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout)
    : timeout_(timeout) {
  if (argv.empty()) throw PortFailure("no port command given");
  int in_pipe[2], out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0) throw PortFailure("pipe failed");
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    throw PortFailure("pipe failed");
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = ::fork();
  if (pid < 0) throw PortFailure("fork failed");
  if (pid == 0) {
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::execvp(args[0], args.data());
    const char msg[] = "fairvec check-port: cannot execute the port command\n";
    (void)!::write(2, msg, sizeof msg - 1);
    ::_exit(127);
  }
  pid_ = pid;
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  to_child_ = in_pipe[1];
  from_child_ = out_pipe[0];
  ::signal(SIGPIPE, SIG_IGN);
}

PortProcess::~PortProcess() {
  if (to_child_ >= 0) ::close(to_child_);
  if (from_child_ >= 0) ::close(from_child_);
  if (pid_ > 0) {
    for (int i = 0; i < 50; ++i) {
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      ::usleep(10000);
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

std::string PortProcess::read_line(const std::string& request_text) {
  auto deadline = std::chrono::steady_clock::now() + timeout_;
  for (;;) {
    std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > (16u << 20)) throw PortFailure("reply line longer than 16 MiB to " + request_text);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      throw PortFailure("no reply within " + std::to_string(timeout_.count()) + " ms to " + request_text);
    }
    pollfd p{from_child_, POLLIN, 0};
    int rc = ::poll(&p, 1, static_cast<int>(left.count()));
    if (rc < 0 && errno == EINTR) continue;
    if (rc == 0) continue;
    char buf[65536];
    ssize_t n = ::read(from_child_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw PortFailure("port exited or closed stdout before answering " + request_text);
    buffer_.append(buf, static_cast<std::size_t>(n));
  }
}

Reply PortProcess::request(const std::string& op, const json::Value& params) {
  std::int64_t id = next_id_++;
  std::string text = json::to_line(json::Value::object({{"id", id}, {"op", op}, {"params", params}}));
  std::string line = text + "\n";
  std::size_t off = 0;
  while (off < line.size()) {
    ssize_t n = ::write(to_child_, line.data() + off, line.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw PortFailure("port closed stdin before " + text);
    off += static_cast<std::size_t>(n);
  }
  try {
    return parse_reply(read_line(text), id);
  } catch (const PortFailure& e) {
    if (std::string_view(e.what()).find(text) != std::string_view::npos) throw;
    throw PortFailure(std::string(e.what()) + " (request " + text + ")");
  }
}

CheckPortReport check_port(const CheckPortOptions& options) {
  CheckPortReport report;
  PortProcess proc(options.command, options.timeout);
  std::set<std::string> ops;
  try {
    Reply hello = proc.request("hello", json::Value::object({{"protocol", port::kProtocolVersion}}));
    if (!hello.ok) throw PortFailure("hello refused: " + hello.error);
    const json::Value* name = hello.result.find("name");
    if (name) {
      if (auto* s = std::get_if<std::string>(&name->variant())) report.port_name = *s;
    }
    const json::Value* list = hello.result.find("ops");
    if (!list || !list->is_array()) throw PortFailure("hello result has no ops array");
    for (const auto& o : list->as_array()) {
      if (auto* s = std::get_if<std::string>(&o.variant())) {
        ops.insert(*s);
        report.port_ops.push_back(*s);
      }
    }
  } catch (const PortFailure& e) {
    report.port_failure = e.what();
    return report;
  }
  for (const auto& kind : vectors::all_vector_kinds()) {
    if (!options.only_files.empty() && !options.only_files.count(kind.file)) continue;
    rapidjson::Document doc;
    std::vector<vectors::Failure> load_failures;
    if (!vectors::load_kind(kind, options.vectors_dir, doc, load_failures)) {
      throw IoError(kind.file + ": " + load_failures.front().detail);
    }
    CheckPortReport::FileCounts counts{kind.file};
    try {
      vectors::for_each_test(doc, [&](const vectors::TestRef& ref) {
        std::vector<vectors::PortCall> calls = kind.port_calls(ref);
        bool skip = calls.empty();
        for (const auto& c : calls) {
          if (!ops.count(c.op)) {
            skip = true;
            report.skipped_ops.insert(c.op);
          }
        }
        if (skip) {
          ++counts.skipped;
          return;
        }
        bool pass = true;
        for (const auto& c : calls) {
          Reply r = proc.request(c.op, c.params);
          rapidjson::Document rd;
          rapidjson::Value rv = r.result.to_rapidjson(rd.GetAllocator());
          std::string diff = vectors::compare_reply(c, r.ok, r.ok ? &rv : nullptr, r.error);
          if (!diff.empty()) {
            pass = false;
            std::string actual = r.ok ? json::to_line(r.result) : "error " + r.error + (r.message.empty() ? "" : " (" + r.message + ")");
            report.mismatches.push_back({kind.file, vectors::tc_id_of(ref.test), vectors::flags_of(ref.test),
                                         json::to_line(json::Value::object({{"op", c.op}, {"params", c.params}})),
                                         c.result ? json::to_line(*c.result) : "error bad_input", actual, diff});
          }
        }
        ++(pass ? counts.passed : counts.failed);
      });
    } catch (const PortFailure& e) {
      report.files.push_back(counts);
      report.port_failure = kind.file + ": " + e.what();
      return report;
    }
    report.files.push_back(counts);
  }
  return report;
}

}  // namespace fairvec::check
