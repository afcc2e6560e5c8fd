// Shared pieces of the hostile-input regression tests (tests/hostile/regression_*_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli_run.h"
#include "core/files.h"
#include "core/json.h"

namespace fairvec::hostile {

namespace fs = std::filesystem;
using cli_test::ChildRun;
using cli_test::RunOptions;

inline const std::string kCli = FAIRVEC_CLI;
inline const fs::path kSourceDir = FAIRVEC_SOURCE_DIR;
inline const fs::path kVectors = FAIRVEC_SOURCE_VECTORS;
inline const std::string kHostilePorts = (kSourceDir / "tests" / "hostile" / "hostile_ports.py").string();

// with_input is RunOptions with |input| on the child's stdin.
inline RunOptions with_input(std::string input) {
  RunOptions o;
  o.input = std::move(input);
  return o;
}

// fairvec runs the CLI with |args| (no shell) under |o|.
inline ChildRun fairvec(std::vector<std::string> args, const RunOptions& o = {}) {
  args.insert(args.begin(), kCli);
  return cli_test::run_argv(args, o);
}

// describe is how a run ended and the start of what it wrote, for failure messages.
inline std::string describe(const ChildRun& r) {
  std::string s = r.exited     ? "exit " + std::to_string(r.code)
                  : r.signaled ? "signal " + std::to_string(r.signal)
                               : std::string("did not end");
  return s + "\nstdout: " + r.out.substr(0, 1500) + "\nstderr: " + r.err.substr(0, 1500);
}

// Scratch is a fresh temporary directory, removed with everything in it at the end of the test.
class Scratch {
 public:
  Scratch() {
    std::string tmpl = (fs::temp_directory_path() / "fairvec-hostile-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path_ = tmpl;
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

// limit reads one member of `fairvec limits --json` (the bounds as the code has them).
inline std::int64_t limit(const std::string& name) {
  ChildRun r = fairvec({"limits", "--json"});
  rapidjson::Document d;
  json::parse(r.out, d, "limits --json");
  if (!d.IsObject() || !d.HasMember(name.c_str()) || !d[name.c_str()].IsInt64()) {
    throw std::runtime_error("fairvec limits --json has no integer " + name);
  }
  return d[name.c_str()].GetInt64();
}

// processes_with returns the ids of the processes whose command line contains |marker| (from
// /proc/PID/cmdline), this test process left out.
inline std::vector<pid_t> processes_with(const std::string& marker) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (fs::directory_iterator it("/proc", ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(it->path() / "cmdline", std::ios::binary);
    std::string cmd((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    if (pid != ::getpid() && cmd.find(marker) != std::string::npos) out.push_back(pid);
  }
  return out;
}

// kill_all kills (SIGKILL) the processes |pids| a failing test left behind; they are the test's own.
inline void kill_all(const std::vector<pid_t>& pids) {
  for (pid_t p : pids) ::kill(p, SIGKILL);
}

// valid_utf8 reports whether |s| is well-formed UTF-8 (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), by the JSON reader's own check: the text is parsed as the
// contents of a JSON string, with every character JSON would need escaped hidden from it first.
inline bool valid_utf8(const std::string& s) {
  std::string quoted = "\"";
  for (unsigned char c : s)
    quoted += c < 0x20 || c == '"' || c == '\\' ? std::string(" ") : std::string(1, static_cast<char>(c));
  quoted += "\"";
  rapidjson::Document d;
  try {
    json::parse(quoted, d, "text");
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace fairvec::hostile
