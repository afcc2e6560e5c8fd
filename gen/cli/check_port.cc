// `fairvec check-port`: run every vector against an external port over port protocol v1.
#include <iostream>

#include "cli/commands.h"
#include "core/errors.h"
#include "check/port_checker.h"

namespace fairvec::cli {

namespace {

int print_report(const check::CheckPortReport& r, bool verbose, bool require_all) {
  std::cout << "port: " << (r.port_name.empty() ? "(unnamed)" : r.port_name) << ", " << r.port_ops.size()
            << " ops\n";
  std::size_t passed = 0, failed = 0, skipped = 0;
  for (const auto& f : r.files) {
    std::cout << (f.failed ? "FAIL " : "ok   ") << f.file << ": " << f.passed << " passed, " << f.failed
              << " failed, " << f.skipped << " skipped\n";
    passed += f.passed;
    failed += f.failed;
    skipped += f.skipped;
  }
  if (!r.skipped_ops.empty()) {
    std::cout << "skipped (the port does not list these ops):";
    for (const auto& op : r.skipped_ops) std::cout << " " << op;
    std::cout << "\n";
  }
  std::size_t shown = 0;
  for (const auto& m : r.mismatches) {
    if (!verbose && ++shown > 50) {
      std::cerr << "… " << r.mismatches.size() - 50 << " more mismatches (use --verbose)\n";
      break;
    }
    std::cerr << "MISMATCH " << m.file << " tcId " << m.tc_id << " [";
    for (std::size_t i = 0; i < m.flags.size(); ++i) std::cerr << (i ? "," : "") << m.flags[i];
    std::cerr << "]\n  request:  " << m.request << "\n  expected: " << m.expected << "\n  actual:   "
              << m.actual << "\n  " << m.detail << "\n";
  }
  if (!r.port_failure.empty()) {
    std::cerr << "PORT FAILURE: " << r.port_failure << "\n";
    return kExitPortFailure;
  }
  std::cout << "vectors: " << passed << " passed, " << failed << " failed, " << skipped << " skipped\n";
  if (require_all && skipped) {
    std::cerr << "--require-all: " << skipped << " vectors were skipped\n";
    return kExitFailed;
  }
  return failed ? kExitFailed : kExitOk;
}

}  // namespace

void add_check_port_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("check-port",
                                 "Run every vector against a port speaking port protocol v1: fairvec check-port [opts] -- CMD ARGS...");
  struct Opts {
    std::string vectors = FAIRVEC_DEFAULT_VECTORS;
    int timeout_ms = 10000;
    std::vector<std::string> only;
    std::vector<std::string> command;
    bool verbose = false;
    bool require_all = false;
  };
  auto opts = std::make_shared<Opts>();
  cmd->add_option("--vectors", opts->vectors, "Directory of vector files")->capture_default_str();
  cmd->add_option("--timeout-ms", opts->timeout_ms, "Per-request timeout in milliseconds")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  cmd->add_option("--only", opts->only, "Only these vector file names");
  cmd->add_flag("--verbose", opts->verbose, "Show every mismatch");
  cmd->add_flag("--require-all", opts->require_all, "Fail (exit 1) when any vector is skipped");
  cmd->add_option("command", opts->command, "The port's command line (after --)")->required();
  cmd->callback([opts, &action] {
    action = [opts] {
      check::CheckPortOptions o;
      o.command = opts->command;
      o.vectors_dir = opts->vectors;
      o.timeout = std::chrono::milliseconds(opts->timeout_ms);
      o.only_files.insert(opts->only.begin(), opts->only.end());
      return print_report(check::check_port(o), opts->verbose, opts->require_all);
    };
  });
}

}  // namespace fairvec::cli
