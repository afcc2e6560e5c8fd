// Test helpers that run a program and report how it ended. A process killed by a signal is
// reported as that signal, never as an exit code: run_argv forks and execs the program itself (no
// shell between), and run_cli has its shell exec the CLI, so the status waited for is the CLI's own.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/files.h"

namespace fairvec::cli_test {

// ChildRun is how a child ended and what it wrote.
struct ChildRun {
  bool exited = false;    // WIFEXITED
  int code = -1;          // WEXITSTATUS, when exited
  bool signaled = false;  // WIFSIGNALED
  int signal = 0;         // WTERMSIG, when signaled
  std::string out, err;
  long max_rss_kib = 0;  // the peak resident memory of the child and its reaped descendants (wait4)
  // rc is the exit code, or -1 when the child did not exit (a signal ended it).
  [[nodiscard]] int rc() const { return exited ? code : -1; }
  [[nodiscard]] std::string all() const { return out + err; }
};

// RunOptions: what the child gets besides its arguments.
struct RunOptions {
  std::string input;                  // its standard input
  std::filesystem::path cwd;          // empty: the test's
  rlim_t address_space = 0;           // > 0: RLIMIT_AS in bytes
  unsigned timeout_seconds = 120;     // then SIGALRM ends it (reported as that signal)
  std::vector<std::string> env;       // NAME=VALUE set in its environment
  std::filesystem::path stdout_file;  // non-empty: its stdout goes there (not kept in out)
  std::filesystem::path stdin_file;   // non-empty: its stdin comes from there (input is ignored)
};

namespace detail {
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}
}  // namespace detail

// run_argv starts |argv| (argv[0] searched in PATH) without a shell and waits for it. Standard
// output and error go through files, so a large output cannot block the child.
inline ChildRun run_argv(const std::vector<std::string>& argv, const RunOptions& o = {}) {
  std::string tmpl = (std::filesystem::temp_directory_path() / "fairvec-run-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  const std::filesystem::path dir = tmpl, in = dir / "in", out = dir / "out", err = dir / "err";
  std::ofstream(in, std::ios::binary) << o.input;
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string out_path = o.stdout_file.empty() ? out.string() : o.stdout_file.string();
  const pid_t pid = ::fork();
  if (pid == 0) {
    int fi = ::open(o.stdin_file.empty() ? in.c_str() : o.stdin_file.c_str(), O_RDONLY),
        fo = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600),
        fe = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fi < 0 || fo < 0 || fe < 0) ::_exit(126);
    ::dup2(fi, 0);
    ::dup2(fo, 1);
    ::dup2(fe, 2);
    if (!o.cwd.empty() && ::chdir(o.cwd.c_str()) != 0) ::_exit(126);
    for (const auto& e : o.env) ::putenv(const_cast<char*>(e.c_str()));
    if (o.address_space > 0) {
      rlimit lim{o.address_space, o.address_space};
      ::setrlimit(RLIMIT_AS, &lim);
    }
    ::alarm(o.timeout_seconds);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ChildRun r;
  int status = 0;
  rusage ru{};
  if (pid < 0 || ::wait4(pid, &status, 0, &ru) != pid) {
    r.err = "fork or waitpid failed";
  } else {
    r.exited = WIFEXITED(status);
    if (r.exited) r.code = WEXITSTATUS(status);
    r.signaled = WIFSIGNALED(status);
    if (r.signaled) r.signal = WTERMSIG(status);
    r.max_rss_kib = ru.ru_maxrss;
    r.out = detail::slurp(out);
    r.err = detail::slurp(err);
  }
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return r;
}

struct CliResult {
  int rc;  // the exit code, or -1 when a signal ended the CLI
  std::string out;
};

// run_program runs |program| with |args| (shell words, quoted as the caller needs) and returns its
// exit code and its stdout and stderr together. The shell execs the program, so the status
// std::system returns is the program's own: one killed by a signal gives rc -1, never 128 + n.
inline CliResult run_program(const std::string& program, const std::string& args) {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("fairvec_cli_out_" + std::to_string(::getpid()));
  const int rc = std::system(("exec " + program + " " + args + " >" + out.string() + " 2>&1").c_str());
  CliResult r{rc != -1 && WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, read_file(out)};
  std::filesystem::remove(out);
  return r;
}

// run_cli is run_program for the fairvec CLI (FAIRVEC_CLI).
inline CliResult run_cli(const std::string& args) { return run_program(FAIRVEC_CLI, args); }

}  // namespace fairvec::cli_test
