// `fairvec check-port`: run every vector against an external port over port protocol v1.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>

#include "check/port_checker.h"
#include "check/process.h"
#include "check/reports.h"
#include "check/text_safety.h"
#include "cli/attest.h"
#include "cli/commands.h"
#include "cli/data_dir.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"

namespace fairvec::cli {

namespace {

struct Opts {
  std::string vectors;  // when not given (vectors_given), cli/data_dir.h finds it
  bool vectors_given = false;
  int timeout_ms = 10000, startup_timeout_ms = 10000, max_restarts = 3;
  std::vector<std::string> only, skip, command;
  std::string json, junit, html, expect, attest, manifest_key;
  std::size_t random = check::kDefaultRandomInputs;
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::vector<std::string> empty_files;  // file-naming options given an empty value
  bool verbose = false, require_all = false, quiet_port = false;
};

int run(const Opts& opts) {
  // An empty file name is a mistake, never "not given" (`--out=` is treated the same way).
  if (!opts.empty_files.empty()) {
    throw InputError(
        opts.empty_files.front(),
        "empty; name a file" + std::string(opts.empty_files.front() == "--json" ? " (or - for standard output)" : ""));
  }
  if (opts.vectors_given && opts.vectors.empty())
    throw InputError("--vectors", "empty; name the directory of vector files");
  if (!opts.attest.empty() && (opts.json.empty() || opts.json == "-")) {
    throw InputError("--attest", "signs the JSON report: give --json FILE (a file, not -)");
  }
  if (!opts.attest.empty()) ::close(open_regular_file(opts.attest));  // a missing key is told before the run
  check::CheckPortOptions o;
  o.command = opts.command;
  o.vectors_dir = opts.vectors_given ? std::filesystem::path(opts.vectors) : default_vectors_dir();
  // A pinned set (specs/attest.md): its manifest's signature and every file, before any port runs.
  if (!opts.manifest_key.empty() && verify_vector_set(opts.manifest_key, o.vectors_dir, "--manifest-key") != kExitOk) {
    std::cerr << "--manifest-key: the vector set is not the one its signed manifest lists; no port was started\n";
    return kExitFailed;
  }
  o.timeout = std::chrono::milliseconds(opts.timeout_ms);
  o.startup_timeout = std::chrono::milliseconds(opts.startup_timeout_ms);
  o.max_restarts = opts.max_restarts;
  o.only = opts.only;
  o.skip = opts.skip;
  if (!opts.expect.empty()) o.expect_file = opts.expect;
  o.random = opts.random;
  // Without --seed every run draws fresh inputs (a port tuned to the kit cannot pass by heart);
  // the report prints the seed, and --seed replays a run.
  o.seed = opts.seed_given ? opts.seed : std::random_device{}();
  o.echo_stderr = !opts.quiet_port;
  check::install_signal_cleanup();
  const check::CheckPortReport report = check::check_port(o);
  int rc = check::exit_code(report, opts.require_all);
  const bool json_to_stdout = opts.json == "-";
  (json_to_stdout ? std::cerr : std::cout) << check::text_report(report, opts.verbose, rc);
  if (opts.require_all && rc == kExitFailed) {
    std::size_t skipped = check::totals(report).skipped;
    if (skipped) std::cerr << "--require-all: " << skipped << " vectors were skipped\n";
  }
  if (json_to_stdout)
    std::cout << check::json_report(report, rc);
  else if (!opts.json.empty())
    write_file_atomic(opts.json, check::json_report(report, rc));
  if (!opts.junit.empty()) write_file_atomic(opts.junit, check::junit_report(report));
  if (!opts.html.empty()) write_file_atomic(opts.html, check::html_report(report, rc));
  if (!opts.attest.empty()) {
    sign_file(opts.attest, opts.json, Signed::kReport, "--attest");
    (json_to_stdout ? std::cerr : std::cout) << "signed the JSON report: " << opts.json << ".sig\n";
  }
  return rc;
}

// diagnosis_of reads the diagnosis a saved --json report holds (its schema's "diagnosis").
check::Diagnosis diagnosis_of(const rapidjson::Value& doc, const std::string& where) {
  if (!doc.IsObject()) throw InputError(where, "not a JSON object");
  if (json::get_string(doc, "schema", where) != "check_port_report_schema.json") {
    throw InputError(where + ".schema", "not a check-port report (check_port_report_schema.json)");
  }
  const std::string at = where + ".diagnosis";
  const auto& d = json::member(doc, "diagnosis", where);
  if (!d.IsObject()) throw InputError(at, "not an object (a report of fairvec 0.3.0 or later has one)");
  auto count = [](const rapidjson::Value& o, const char* key, const std::string& path) {
    const std::int64_t n = json::get_int(o, key, path);
    if (n < 0) throw InputError(path + "." + key, "negative");
    return static_cast<std::size_t>(n);
  };
  check::Diagnosis out;
  out.available = json::get_bool(d, "available", at);
  out.failing_vectors = count(d, "failingVectors", at);
  out.failing_calls = count(d, "failingCalls", at);
  out.unexplained = json::get_string_array(d, "unexplained", at);
  out.unexplained_calls = count(d, "unexplainedCalls", at);
  const auto& list = json::get_array(d, "suspects", at);
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    const std::string sp = at + ".suspects[" + std::to_string(i) + "]";
    if (!list[i].IsObject()) throw InputError(sp, "not an object");
    check::Suspect s;
    s.name = json::get_string(list[i], "name", sp);
    s.family = json::get_string(list[i], "family", sp);
    s.description = json::get_string(list[i], "description", sp);
    s.calls = count(list[i], "calls", sp);
    s.vectors = count(list[i], "vectors", sp);
    s.contradicted = count(list[i], "contradicted", sp);
    s.leading = json::get_bool(list[i], "leading", sp);
    s.same = json::get_string_array(list[i], "same", sp);
    s.vector_ids = json::get_string_array(list[i], "vectorIds", sp);
    const auto& files = json::member(list[i], "files", sp);
    if (!files.IsObject()) throw InputError(sp + ".files", "not an object");
    for (const auto& f : files.GetObject()) {
      const std::string name(f.name.GetString(), f.name.GetStringLength());
      if (!f.value.IsUint64()) throw InputError(sp + ".files." + name, "not a count");
      s.files[name] = static_cast<std::size_t>(f.value.GetUint64());
    }
    out.suspects.push_back(std::move(s));
  }
  return out;
}

int run_diagnose(const std::string& path, bool all) {
  if (path.empty()) throw InputError("REPORT", "empty; name a report written by check-port --json");
  rapidjson::Document doc;
  json::parse(read_file(path), doc, path);
  const check::Diagnosis d = diagnosis_of(doc, path);
  const auto lines = check::diagnosis_lines(d);
  if (lines.empty()) std::cout << "No failing vector: nothing to diagnose.\n";
  for (const auto& l : lines) std::cout << check::escape_controls(l) << "\n";
  if (!d.suspects.empty()) {
    std::cout << "\nrank  failing calls  vectors  contradicted  wrong port\n";
    std::size_t rank = 0;
    for (const auto& s : d.suspects) {
      ++rank;
      if (!all && rank > 10) {
        std::cout << "… " << d.suspects.size() - 10 << " more (--all lists them)\n";
        break;
      }
      char row[64];
      std::snprintf(row, sizeof row, "%4zu  %13zu  %7zu  %12zu  ", rank, s.calls, s.vectors, s.contradicted);
      std::cout << row << check::escape_controls(s.name + ": " + s.description) << "\n";
    }
  }
  if (all && !d.unexplained.empty()) {
    std::cout << "\nnot explained by any known wrong port:\n";
    for (const auto& id : d.unexplained) std::cout << "  " << check::escape_controls(id) << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_diagnose_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "diagnose",
      "Print the diagnosis of a saved check-port --json report: which known wrong ports the port answers like");
  auto path = std::make_shared<std::string>();
  auto all = std::make_shared<bool>(false);
  cmd->add_option("REPORT", *path, "The report (check-port --json FILE)")->required();
  cmd->add_flag("--all", *all, "List every suspect and every unexplained vector");
  cmd->callback([=, &action] { action = [path, all] { return run_diagnose(*path, *all); }; });
}

void add_check_port_command(CLI::App& app, Action& action, const std::vector<std::string>& port_command) {
  auto* cmd = app.add_subcommand(
      "check-port",
      "Run every vector against a port speaking port protocol v1: fairvec check-port [opts] -- CMD ARGS...");
  auto opts = std::make_shared<Opts>();
  auto* vectors_opt = cmd->add_option("--vectors", opts->vectors,
                                      std::string("Directory of vector files and transcripts/ (") + kVectorsHelp + ")");
  cmd->add_option("--timeout-ms", opts->timeout_ms, "Per-request timeout in milliseconds (start-up not counted)")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  cmd->add_option("--startup-timeout-ms", opts->startup_timeout_ms, "Time allowed from start to the hello reply")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  cmd->add_option("--max-restarts", opts->max_restarts, "Restarts after a crash, hang or protocol break; then exit 4")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  cmd->add_option("--only", opts->only,
                  "Only vectors matching this glob (file name, family, op, flag, or FILE#TCID); repeatable")
      ->allow_extra_args(false);  // one value each: `--only X -- CMD -c ...` leaves -c to CMD
  cmd->add_option("--skip", opts->skip, "Skip vectors matching this glob (as --only); repeatable")
      ->allow_extra_args(false);
  auto* expect = cmd->add_option("--expect", opts->expect,
                                 "Known failures: lines 'PATTERN REASON', or a JSON array of {vector, reason}");
  cmd->add_option("--random", opts->random,
                  "Also send N random valid inputs per listed op (from the op table), compared with fairvec's answer "
                  "(0: none)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  auto* seed =
      cmd->add_option("--seed", opts->seed, "Seed of the random inputs (default: a fresh one, printed in the report)");
  auto* json = cmd->add_option("--json", opts->json,
                               "Write the report as JSON to FILE ('-': stdout, the text report goes to stderr)");
  auto* junit = cmd->add_option("--junit", opts->junit, "Write the report as JUnit XML to FILE");
  auto* html = cmd->add_option("--html", opts->html, "Write the report as one self-contained HTML page to FILE");
  auto* attest =
      cmd->add_option("--attest", opts->attest,
                      "Sign the JSON report with this SSH key: FILE.sig (ssh-keygen -Y sign; specs/attest.md)");
  auto* manifest_key = cmd->add_option(
      "--manifest-key", opts->manifest_key,
      "Before anything runs, verify the set's MANIFEST.json.sig against this public key and every file");
  cmd->add_flag("--verbose", opts->verbose, "Show every failure and every flag");
  cmd->add_flag("--require-all", opts->require_all, "Fail (exit 1) when any vector is skipped");
  cmd->add_flag("--quiet-port", opts->quiet_port, "Do not copy the port's stderr (its last lines are still reported)");
  // Words before the "--" that are no option still land here, as they always did; the words after
  // it (main.cc takes them from CLI11, which would split "[1,2,3]") follow them unchanged.
  cmd->add_option("command", opts->command, "The port's command line (after --; required), passed to it unchanged");
  cmd->callback([=, &action, &port_command] {
    opts->command.insert(opts->command.end(), port_command.begin(), port_command.end());
    if (opts->command.empty()) throw CLI::RequiredError("command");
    opts->seed_given = seed->count() > 0;
    opts->vectors_given = vectors_opt->count() > 0;
    for (const auto& [option, value] :
         {std::pair{expect, &opts->expect}, std::pair{json, &opts->json}, std::pair{junit, &opts->junit},
          std::pair{html, &opts->html}, std::pair{attest, &opts->attest},
          std::pair{manifest_key, &opts->manifest_key}}) {
      if (option->count() > 0 && value->empty()) opts->empty_files.push_back(option->get_name());
    }
    action = [opts] { return run(*opts); };
  });
}

}  // namespace fairvec::cli
