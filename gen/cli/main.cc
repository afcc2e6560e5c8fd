// fairvec: the command-line tool. Subcommands: generate, check, port, check-port, diagnose, verify
// (and its old names verify-dice, verify-tavla), ops, limits, bench, search.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "check/patterns.h"
#include "check/shipped.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/data_dir.h"
#include "cli/verify/verify.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "core/version.h"
#include "port/protocol.h"
#include "vectors/vector_file.h"

namespace fs = std::filesystem;
using namespace fairvec;

namespace {

const Backend& pick_backend(const std::string& name) {
  const Backend* b = backend_by_name(name);
  if (!b) throw InputError("--backend", "unknown backend '" + name + "' (cryptopp, openssl)");
  return *b;
}

int run_check(const fs::path& dir, const std::set<std::string>& only) {
  if (dir.empty()) throw InputError("--vectors", "empty; name the directory of vector files");
  // specs/README.md: a directory that cannot be read is an I/O error (3), not a failed check.
  if (std::error_code ec; !fs::is_directory(dir, ec)) {
    throw IoError("cannot read the vectors directory " + dir.string() + ": not a directory");
  }
  std::vector<vectors::Failure> failures;
  std::set<std::string> failed;
  std::size_t files = 0, tests = 0;
  if (only.empty()) {  // the set's manifest first: a file altered since generation is named before any test runs
    const check::SetManifestCount set = check::check_set_manifest(dir, failures);
    std::cout << (failures.empty() ? "PASS " : "FAIL ") << "vector set "
              << (set.read ? set.version + " (MANIFEST.json: " + std::to_string(set.files) + " files, " +
                                 std::to_string(set.tests) + " tests)"
                           : "(MANIFEST.json unreadable)")
              << "\n";
  }
  for (const auto& kind : vectors::all_vector_kinds()) {
    if (!only.empty() && !only.count(kind.file)) continue;
    ++files;
    std::size_t before = failures.size();
    std::size_t n = vectors::check_kind(kind, dir, failures);
    tests += n;
    if (failures.size() != before) failed.insert(kind.file);
    std::cout << (failures.size() == before ? "PASS " : "FAIL ") << kind.file << " (" << n
              << " tests x " << all_backends().size() << " backends)\n";
  }
  // The kit's other files: transcripts, proofs, schemas, the manifest, strays (check/shipped.h).
  const std::size_t before = failures.size();
  const check::ShippedCount kit = check::check_shipped(dir, only, failed, failures);
  std::cout << (failures.size() == before ? "PASS " : "FAIL ") << kit.text() << "\n";
  for (const auto& f : failures) {
    std::cerr << f.file;
    if (f.tc_id) std::cerr << " tcId " << f.tc_id;
    if (!f.flags.empty()) {
      std::cerr << " [";
      for (std::size_t i = 0; i < f.flags.size(); ++i) std::cerr << (i ? "," : "") << f.flags[i];
      std::cerr << "]";
    }
    std::cerr << ": " << f.detail << "\n";
  }
  std::cout << "checked " << files << " files, " << tests << " tests: "
            << (failures.empty() ? "all passed" : std::to_string(failures.size()) + " failures")
            << "\n";
  return failures.empty() ? kExitOk : kExitFailed;
}

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

  std::string vectors_dir;  // --out / --vectors; when neither is given, cli/data_dir.h finds it
  std::vector<std::string> only_files;

  auto* gen = app.add_subcommand("generate", "Write every vector file (atomically), or verify the committed ones");
  bool verify = false;
  gen->add_option("--out", vectors_dir, std::string("Directory of vector files (") + cli::kVectorsHelp + ")");
  gen->add_flag("--verify", verify, "Compare a fresh generation with the files byte for byte; write nothing");
  gen->add_option("--only", only_files, "Only vector files matching these globs");
  std::string specs_dir;
  gen->add_option("--specs", specs_dir, "Spec directory whose flag tables are rendered (default: DIR/../specs)");

  auto* check = app.add_subcommand("check", "Validate every vector file and run every test on every backend");
  check->add_option("--vectors", vectors_dir, std::string("Directory of vector files (") + cli::kVectorsHelp + ")");
  check->add_option("--only", only_files, "Only vector files matching these globs");

  auto* port = app.add_subcommand("port", "Speak port protocol v1 on stdin/stdout");
  std::string backend_name = std::string(default_backend().name());
  port->add_option("--backend", backend_name, "Crypto backend: cryptopp or openssl")->capture_default_str();

  cli::Action action;
  cli::add_check_port_command(app, action);
  cli::add_diagnose_command(app, action);
  app.add_subcommand("verify", "Verify a dice match, tavla proof, cursor round, keno ticket, crash chain or stake round "
                               "offline (fairvec verify --help)");
  cli::add_bench_command(app, action);
  cli::add_search_command(app, action);
  cli::add_ops_command(app, action);
  cli::add_limits_command(app, action);

  try {
    app.name("fairvec");
    app.parse(cli::explicit_empty_values(app, argc, argv));
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitBadInput;
  }

  try {
    std::set<std::string> only;  // --only: file-name globs; one that matches no file is exit 2
    if (!only_files.empty()) {
      std::vector<std::string> names;
      for (const auto& kind : vectors::all_vector_kinds()) names.push_back(kind.file);
      only = check::select_files("--only", only_files, names);
    }
    if ((*gen && !gen->count("--out")) || (*check && !check->count("--vectors"))) {
      vectors_dir = cli::default_vectors_dir().string();
    }
    if (*gen) {
      if (gen->count("--specs") && specs_dir.empty()) throw InputError("--specs", "empty; name the spec directory");
      fs::path specs = specs_dir.empty() ? fs::path(vectors_dir) / ".." / "specs" : fs::path(specs_dir);
      return cli::run_generate(vectors_dir, specs.lexically_normal(), verify, only);
    }
    if (*check) return run_check(vectors_dir, only);
    if (*port) return port::serve(std::cin, std::cout, pick_backend(backend_name));
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
