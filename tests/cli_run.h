// run_cli runs the fairvec CLI (FAIRVEC_CLI) with |args| through the shell and returns its exit
// code and its stdout and stderr together. A test helper; it fails only as std::system does.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "core/files.h"

namespace fairvec::cli_test {

struct CliResult {
  int rc;
  std::string out;
};

inline CliResult run_cli(const std::string& args) {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("fairvec_cli_out_" + std::to_string(::getpid()));
  const int rc = std::system((std::string(FAIRVEC_CLI) + " " + args + " >" + out.string() + " 2>&1").c_str());
  // A child killed by a signal is never read as an exit code: rc is then -1.
  CliResult r{rc != -1 && WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, read_file(out)};
  std::filesystem::remove(out);
  return r;
}

}  // namespace fairvec::cli_test
