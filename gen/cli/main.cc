// fairvec: the command-line tool. Subcommands: generate, check, port, check-port, diagnose, verify
// (and its old names verify-dice, verify-tavla), ops, limits, bench, search. Each is registered by
// its own add_*_command (cli/commands.h) and runs as the action its callback stores; `verify`
// alone parses its own options (cli/verify/args.h), and is listed here for --help.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/verify/verify.h"
#include "core/errors.h"
#include "core/version.h"

namespace fs = std::filesystem;
using namespace fairvec;

namespace {

int run_main(int argc, char** argv) {
  // `fairvec verify` parses its own options (cli/verify/args.h): strict, so that an empty --opt=
  // never takes the next argument, with "did you mean" for typos, and JSON even for bad input.
  if (argc >= 2) {
    const std::string first = argv[1];
    if (first == "verify" || first == "verify-dice" || first == "verify-tavla") {
      const std::vector<std::string> rest(argv + 2, argv + argc);
      return cli::verify::run_verify(rest, first == "verify" ? "" : first.substr(7));
    }
  }
  CLI::App app{"fairvec: conformance vectors and port checks for provably fair dice and casino schemes"};
  app.require_subcommand(1);
  // The program version and the version of the vector set it generates and checks (core/version.h).
  app.set_version_flag("--version", "fairvec " FAIRVEC_VERSION " (vector set " FAIRVEC_VECTOR_SET_VERSION ")");

  cli::Action action;
  // check-port's words after its "--", the port's command line: given to it as they are, never
  // parsed by CLI11 (cli/args.h end_of_options).
  std::vector<std::string> port_command;
  cli::add_generate_command(app, action);
  cli::add_check_command(app, action);
  cli::add_port_command(app, action);
  cli::add_check_port_command(app, action, port_command);
  cli::add_diagnose_command(app, action);
  app.add_subcommand("verify",
                     "Verify a dice match, tavla proof, cursor round, keno ticket, crash chain or stake round "
                     "offline (fairvec verify --help)");
  cli::add_bench_command(app, action);
  cli::add_search_command(app, action);
  cli::add_ops_command(app, action);
  cli::add_limits_command(app, action);
  cli::add_coverage_command(app, action);
  cli::add_attest_command(app, action);

  try {
    app.name("fairvec");
    const int end = cli::end_of_options(app, argc, argv, "check-port");
    if (end < argc) port_command.assign(argv + end + 1, argv + argc);
    app.parse(cli::explicit_empty_values(app, end, argv));
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitBadInput;
  }

  try {
    if (action) return action();
  } catch (const InputError& e) {
    std::cerr << "fairvec: bad input: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const IoError& e) {
    std::cerr << "fairvec: " << e.what() << "\n";
    return kExitIoError;
  } catch (const fs::filesystem_error& e) {
    if (e.code() == std::errc::not_enough_memory) {  // memory exhausted is internal, never I/O
      std::cerr << "fairvec: internal error: " << e.what() << "\n";
      return kExitInternal;
    }
    std::cerr << "fairvec: " << e.what() << "\n";
    return kExitIoError;
  } catch (const std::exception& e) {
    std::cerr << "fairvec: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}

}  // namespace

// main runs the command. Memory exhausted anywhere, even while the command line is being set up
// (CLI11 allocates), is an internal error, exit 5, with a message written without allocating.
int main(int argc, char** argv) {
  try {
    const int code = run_main(argc, argv);
    // What a command printed must have reached standard output (coreutils' close_stdout rule): a
    // full disk or a closed pipe is an I/O error, exit 3, not a silent success.
    std::cout.flush();
    if (code == kExitOk && (!std::cout || std::fflush(stdout) != 0)) {
      std::fputs("fairvec: cannot write to standard output\n", stderr);
      return kExitIoError;
    }
    return code;
  } catch (const std::bad_alloc&) {
    std::fputs("fairvec: internal error: out of memory (std::bad_alloc)\n", stderr);
  } catch (...) {
    std::fputs("fairvec: internal error: an unexpected exception\n", stderr);
  }
  return kExitInternal;
}
