// fairvec: the command-line tool. Subcommands: generate, check, port, check-port, verify (and its
// old names verify-dice, verify-tavla), bench, search.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "check/patterns.h"
#include "check/transcripts.h"
#include "cli/commands.h"
#include "cli/verify/verify.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "ops/op_docs.h"
#include "ops/op_table.h"
#include "port/protocol.h"
#include "vectors/generated_docs.h"
#include "vectors/vector_file.h"

namespace fs = std::filesystem;
using namespace fairvec;

namespace {

const Backend& pick_backend(const std::string& name) {
  const Backend* b = backend_by_name(name);
  if (!b) throw InputError("--backend", "unknown backend '" + name + "' (cryptopp, openssl)");
  return *b;
}

// generate writes every vector file (and its companion files), its schema, vectors/schema/common.json
// and the flag tables in the spec files of |specs| (when that directory exists) into place
// atomically, or, with |verify|, compares each fresh generation with the file on disk and writes
// nothing, naming the first differing line. A .json file under |out| (outside schema/) that no
// generator produces is reported as stale: an error with |verify|, a warning otherwise.
int run_generate(const fs::path& out, const fs::path& specs, bool verify, const std::set<std::string>& only) {
  int status = kExitOk;
  std::size_t files = 0, tests = 0;
  std::set<fs::path> produced;
  auto emit = [&](const fs::path& path, const std::string& contents) {
    produced.insert(path.lexically_normal());
    if (!verify) {
      std::error_code ec;
      fs::create_directories(path.parent_path(), ec);
      if (ec) throw IoError("cannot create " + path.parent_path().string() + ": " + ec.message());
      write_file_atomic(path, contents);
      return;
    }
    std::string committed;
    try {
      committed = read_file(path);
    } catch (const IoError& e) {
      std::cerr << "fairvec generate --verify: " << e.what() << "\n";
      status = kExitFailed;
      return;
    }
    if (std::string diff = vectors::first_difference(contents, committed); !diff.empty()) {
      std::cerr << "fairvec generate --verify: " << path.string() << " differs from a fresh generation, " << diff
                << "\n";
      status = kExitFailed;
    }
  };
  std::map<std::string, std::string> spec_blocks{{"bugtypes", vectors::bug_type_table()},
                                                 {"ops", ops::render_op_reference(ops::table())}};
  for (const auto& kind : vectors::all_vector_kinds()) {
    if (!only.empty() && !only.count(kind.file)) continue;
    json::Value file = kind.generate();
    tests += static_cast<std::size_t>(std::get<std::int64_t>(file.find("numberOfTests")->variant()));
    ++files;
    emit(out / kind.file, json::to_pretty(file));
    emit(out / "schema" / kind.schema, json::to_pretty(vectors::schema_for(file)));
    spec_blocks.emplace("flags " + kind.file, vectors::flag_table(file));
    emit(out / check::transcript_path(kind.file), check::transcript_text(kind, file));  // specs/port-protocol.md
    if (kind.companions) {  // extra files derived from the vector file (e.g. vectors/proofs/)
      for (const auto& [rel, contents] : kind.companions(file)) emit(out / rel, contents);
    }
  }
  emit(out / "schema" / vectors::kCommonSchemaName, json::to_pretty(vectors::common_schema()));
  if (fs::is_directory(specs)) {
    std::vector<std::string> seen;
    for (const auto& e : fs::directory_iterator(specs)) {
      if (!e.is_regular_file() || e.path().extension() != ".md") continue;
      std::string text = read_file(e.path());
      std::string fresh = vectors::fill_markers(text, spec_blocks, e.path().string(), seen);
      if (fresh != text || verify) emit(e.path(), fresh);
    }
    std::set<std::string> known{"bugtypes", "ops"};
    for (const auto& kind : vectors::all_vector_kinds()) known.insert("flags " + kind.file);
    for (const auto& key : seen) {
      if (!known.count(key)) {
        std::cerr << "fairvec generate: " << specs.string() << " has a '<!-- fairvec:" << key
                  << " begin -->' block that nothing generates\n";
        status = kExitFailed;
      }
    }
    for (const auto& [key, _] : spec_blocks) {  // every table once; with --only, at most once
      const auto n = std::count(seen.begin(), seen.end(), key);
      if (n > 1 || (n == 0 && only.empty())) {
        std::cerr << "fairvec generate: " << specs.string() << " must hold exactly one '<!-- fairvec:" << key
                  << " begin -->' block; found " << n << "\n";
        status = kExitFailed;
      }
    }
  } else if (only.empty()) {
    std::cout << "spec tables: " << specs.string() << " is not a directory; not written\n";
  }
  if (only.empty() && fs::is_directory(out)) {
    for (const auto& e : fs::recursive_directory_iterator(out)) {
      const fs::path p = e.path().lexically_normal();
      if (!e.is_regular_file() || p.extension() != ".json") continue;
      if (p.lexically_relative(out.lexically_normal()).begin()->string() == "schema") continue;
      if (produced.count(p)) continue;
      std::cerr << "fairvec generate: " << p.string() << " is not produced by any generator (stale?)\n";
      if (verify) status = kExitFailed;
    }
  }
  std::cout << (verify ? "verified " : "generated ") << files << " vector files, " << tests
            << " tests" << (verify && status == kExitOk ? ": identical to a fresh generation" : "")
            << "\n";
  return status;
}

int run_check(const fs::path& dir, const std::set<std::string>& only) {
  // specs/README.md: a directory that cannot be read is an I/O error (3), not a failed check.
  if (std::error_code ec; !fs::is_directory(dir, ec)) {
    throw IoError("cannot read the vectors directory " + dir.string() + ": not a directory");
  }
  std::vector<vectors::Failure> failures;
  std::size_t files = 0, tests = 0;
  for (const auto& kind : vectors::all_vector_kinds()) {
    if (!only.empty() && !only.count(kind.file)) continue;
    ++files;
    std::size_t before = failures.size();
    std::size_t n = vectors::check_kind(kind, dir, failures);
    tests += n;
    std::cout << (failures.size() == before ? "PASS " : "FAIL ") << kind.file << " (" << n
              << " tests x " << all_backends().size() << " backends)\n";
  }
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

}  // namespace

int main(int argc, char** argv) {
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
  app.set_version_flag("--version", "fairvec " FAIRVEC_VERSION);

  std::string vectors_dir = FAIRVEC_DEFAULT_VECTORS;
  std::vector<std::string> only_files;

  auto* gen = app.add_subcommand("generate", "Write every vector file (atomically), or verify the committed ones");
  bool verify = false;
  gen->add_option("--out", vectors_dir, "Directory of vector files")->capture_default_str();
  gen->add_flag("--verify", verify, "Compare a fresh generation with the files byte for byte; write nothing");
  gen->add_option("--only", only_files, "Only vector files matching these globs");
  std::string specs_dir;
  gen->add_option("--specs", specs_dir, "Spec directory whose flag tables are rendered (default: DIR/../specs)");

  auto* check = app.add_subcommand("check", "Validate every vector file and run every test on every backend");
  check->add_option("--vectors", vectors_dir, "Directory of vector files")->capture_default_str();
  check->add_option("--only", only_files, "Only vector files matching these globs");

  auto* port = app.add_subcommand("port", "Speak port protocol v1 on stdin/stdout");
  std::string backend_name = std::string(default_backend().name());
  port->add_option("--backend", backend_name, "Crypto backend: cryptopp or openssl")->capture_default_str();

  cli::Action action;
  cli::add_check_port_command(app, action);
  app.add_subcommand("verify", "Verify a dice match, tavla proof, cursor round, keno ticket or crash chain "
                               "offline (fairvec verify --help)");
  cli::add_bench_command(app, action);
  cli::add_search_command(app, action);
  cli::add_ops_command(app, action);

  try {
    app.parse(argc, argv);
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
    if (*gen) {
      fs::path specs = specs_dir.empty() ? fs::path(vectors_dir) / ".." / "specs" : fs::path(specs_dir);
      return run_generate(vectors_dir, specs.lexically_normal(), verify, only);
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
  } catch (const std::exception& e) {
    std::cerr << "fairvec: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}
