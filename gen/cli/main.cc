// fairvec: the command-line tool. Subcommands: generate, check, port, check-port, verify-*, bench.
#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <set>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
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

// The file-set manifest generate writes last (specs/README.md, "Output files").
constexpr const char* kManifest = "MANIFEST.sha256";

// is_temp_file tells whether |name| is a temporary file of write_file_atomic: NAME.tmp.PID.
bool is_temp_file(const std::string& name) {
  auto pos = name.rfind(".tmp.");
  if (pos == std::string::npos || pos + 5 == name.size()) return false;
  return name.find_first_not_of("0123456789", pos + 5) == std::string::npos;
}

// remove_temp_files deletes every temporary file (is_temp_file) under |out|, a directory, left by
// an interrupted or failed generation. Throws std::filesystem::filesystem_error (exit 3).
void remove_temp_files(const fs::path& out) {
  std::vector<fs::path> temps;
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (!e.is_directory() && is_temp_file(e.path().filename().string())) temps.push_back(e.path());
  }
  for (const auto& p : temps) {
    std::cerr << "fairvec generate: removing " << p.string() << ", left by an interrupted generation\n";
    fs::remove(p);
  }
}

// check_out_dir throws IoError (exit 3) when |out| exists but is not a directory (a file, or a link
// to nothing or to a file); with |verify| it must exist.
void check_out_dir(const fs::path& out, bool verify) {
  auto link = fs::symlink_status(out);
  if (!fs::exists(link)) {
    if (verify) throw IoError("--out " + out.string() + ": no such directory");
    return;
  }
  auto target = fs::status(out);
  if (!fs::is_directory(target)) {
    throw IoError("--out " + out.string() + (fs::exists(target) ? ": not a directory" : ": a link to nothing"));
  }
}

// generate writes every vector file (and its companion files) into |out| atomically, then the
// manifest listing them all with their SHA-256 (removed first, written last: a directory without
// it holds an interrupted generation). With |verify| it compares each fresh generation with the
// file in |out| byte for byte and writes nothing. Any other file under |out| (outside schema/, whose
// *.json files are the hand-written schemas) is reported as stray: an error with |verify|, a
// warning otherwise. Temporary files of an earlier, interrupted run are removed on start, and this
// run's on failure. Throws IoError when |out| is not a directory.
int run_generate(const fs::path& out, bool verify, const std::set<std::string>& only) {
  if (out.empty()) throw InputError("--out", "empty; name the directory of vector files");
  check_out_dir(out, verify);
  const bool full = only.empty();
  if (!verify) remove_temp_file_on_signal();
  if (!verify && fs::exists(out)) {
    remove_temp_files(out);
    if (full) fs::remove(out / kManifest);
  }
  int status = kExitOk;
  std::size_t files = 0, tests = 0;
  std::set<fs::path> produced;
  std::string manifest;
  auto emit = [&](const fs::path& path, const std::string& contents) {
    produced.insert(path.lexically_normal());
    manifest += to_hex(default_backend().sha256(contents)) + "  " +
                path.lexically_relative(out).generic_string() + "\n";
    if (!verify) {
      fs::create_directories(path.parent_path());
      write_file_atomic(path, contents);
      return;
    }
    std::string committed;
    try {
      committed = read_file(path);
    } catch (const std::exception& e) {
      std::cerr << "fairvec generate --verify: " << e.what() << "\n";
      status = kExitFailed;
      return;
    }
    if (committed != contents) {
      std::size_t i = 0;
      while (i < committed.size() && i < contents.size() && committed[i] == contents[i]) ++i;
      std::cerr << "fairvec generate --verify: " << path.string() << " differs from a fresh generation at byte "
                << i << "\n";
      status = kExitFailed;
    }
  };
  try {
    for (const auto& kind : vectors::all_vector_kinds()) {
      if (!full && !only.count(kind.file)) continue;
      json::Value file = kind.generate();
      tests += static_cast<std::size_t>(std::get<std::int64_t>(file.find("numberOfTests")->variant()));
      ++files;
      emit(out / kind.file, json::to_pretty(file));
      if (kind.companions) {  // extra files derived from the vector file (e.g. vectors/proofs/)
        for (const auto& [rel, contents] : kind.companions(file)) emit(out / rel, contents);
      }
    }
    if (full) {
      std::string list = manifest;  // the manifest lists every other file; it is written last
      emit(out / kManifest, list);
    }
  } catch (...) {
    if (!verify && fs::is_directory(out)) remove_temp_files(out);
    throw;
  }
  if (full && fs::is_directory(out)) {
    for (const auto& e : fs::recursive_directory_iterator(out)) {
      if (e.is_directory()) continue;
      const fs::path p = e.path().lexically_normal();
      const bool schema = p.lexically_relative(out.lexically_normal()).begin()->string() == "schema";
      if (produced.count(p) || (schema && p.extension() == ".json" && e.is_regular_file())) continue;
      std::cerr << "fairvec generate: " << p.string() << " is not produced by any generator (stray file)\n";
      if (verify) status = kExitFailed;
    }
  }
  std::cout << (verify ? "verified " : "generated ") << files << " vector files, " << tests
            << " tests" << (verify && status == kExitOk ? ": identical to a fresh generation" : "")
            << "\n";
  return status;
}

int run_check(const fs::path& dir, const std::set<std::string>& only) {
  if (dir.empty()) throw InputError("--vectors", "empty; name the directory of vector files");
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
  CLI::App app{"fairvec: conformance vectors and port checks for provably fair dice and casino schemes"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "fairvec " FAIRVEC_VERSION);

  std::string vectors_dir = FAIRVEC_DEFAULT_VECTORS;
  std::vector<std::string> only_files;

  auto* gen = app.add_subcommand("generate", "Write every vector file (atomically), or verify the committed ones");
  bool verify = false;
  gen->add_option("--out", vectors_dir, "Directory of vector files")->capture_default_str();
  gen->add_flag("--verify", verify, "Compare a fresh generation with the files byte for byte; write nothing");
  gen->add_option("--only", only_files, "Only these vector file names");

  auto* check = app.add_subcommand("check", "Validate every vector file and run every test on every backend");
  check->add_option("--vectors", vectors_dir, "Directory of vector files")->capture_default_str();
  check->add_option("--only", only_files, "Only these vector file names");

  auto* port = app.add_subcommand("port", "Speak port protocol v1 on stdin/stdout");
  std::string backend_name = std::string(default_backend().name());
  port->add_option("--backend", backend_name, "Crypto backend: cryptopp or openssl")->capture_default_str();

  cli::Action action;
  cli::add_check_port_command(app, action);
  cli::add_verify_dice_command(app, action);
  cli::add_verify_tavla_command(app, action);
  cli::add_bench_command(app, action);
  cli::add_search_command(app, action);

  try {
    app.name("fairvec");
    app.parse(cli::explicit_empty_values(app, argc, argv));
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitBadInput;
  }

  std::set<std::string> only(only_files.begin(), only_files.end());
  try {
    if (*gen) return run_generate(vectors_dir, verify, only);
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
    std::cerr << "fairvec: " << e.what() << "\n";
    return kExitIoError;
  } catch (const std::exception& e) {
    std::cerr << "fairvec: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
  return kExitInternal;
}
