// `fairvec check` (every vector file on every backend, then the kit's other files) and
// `fairvec port` (port protocol v1 on stdin/stdout).
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "check/patterns.h"
#include "check/shipped.h"
#include "cli/attest.h"
#include "cli/commands.h"
#include "cli/data_dir.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "port/protocol.h"
#include "vectors/vector_file.h"

namespace fs = std::filesystem;

namespace fairvec::cli {

namespace {

const Backend& pick_backend(const std::string& name) {
  const Backend* b = backend_by_name(name);
  if (!b) throw InputError("--backend", "unknown backend '" + name + "' (cryptopp, openssl)");
  return *b;
}

int run_check(const fs::path& dir, const std::set<std::string>& only, const std::string& manifest_key) {
  if (dir.empty()) throw InputError("--vectors", "empty; name the directory of vector files");
  // specs/README.md: a directory that cannot be read is an I/O error (3), not a failed check.
  if (std::error_code ec; !fs::is_directory(dir, ec)) {
    throw IoError("cannot read the vectors directory " + dir.string() + ": not a directory");
  }
  // A shared lock: a generation into the directory (exclusive) finishes before the check reads it,
  // and one that starts waits until the check is done (specs/README.md, "Output files").
  const DirectoryLock lock(dir, false, "fairvec check", "--vectors");
  if (!manifest_key.empty() && verify_vector_set(manifest_key, dir, "--manifest-key") != kExitOk) {
    std::cout << "checked 0 files: the vector set is not the one its signed manifest lists\n";
    return kExitFailed;
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
    std::cout << (failures.size() == before ? "PASS " : "FAIL ") << kind.file << " (" << n << " tests x "
              << all_backends().size() << " backends)\n";
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
  std::cout << "checked " << files << " files, " << tests
            << " tests: " << (failures.empty() ? "all passed" : std::to_string(failures.size()) + " failures") << "\n";
  return failures.empty() ? kExitOk : kExitFailed;
}

}  // namespace

std::set<std::string> selected_files(const std::vector<std::string>& globs) {
  if (globs.empty()) return {};
  std::vector<std::string> names;
  for (const auto& kind : vectors::all_vector_kinds()) names.push_back(kind.file);
  return check::select_files("--only", globs, names);
}

void add_check_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("check", "Validate every vector file and run every test on every backend");
  auto dir = std::make_shared<std::string>();  // when --vectors is not given, cli/data_dir.h finds it
  auto only = std::make_shared<std::vector<std::string>>();
  auto key = std::make_shared<std::string>();
  cmd->add_option("--vectors", *dir, std::string("Directory of vector files (") + kVectorsHelp + ")");
  cmd->add_option("--only", *only, "Only vector files matching these globs");
  cmd->add_option("--manifest-key", *key,
                  "First verify the set's MANIFEST.json.sig against this public key (specs/attest.md)");
  cmd->callback([cmd, &action, dir, only, key] {
    const bool given = cmd->count("--vectors") > 0;
    const bool key_given = cmd->count("--manifest-key") > 0;
    action = [dir, only, given, key, key_given] {
      if (key_given && key->empty()) throw InputError("--manifest-key", "empty; name the public key file");
      const std::set<std::string> files = selected_files(*only);
      return run_check(given ? fs::path(*dir) : default_vectors_dir(), files, *key);
    };
  });
}

void add_port_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("port", "Speak port protocol v1 on stdin/stdout");
  auto backend = std::make_shared<std::string>(default_backend().name());
  cmd->add_option("--backend", *backend, "Crypto backend: cryptopp or openssl")->capture_default_str();
  cmd->callback(
      [&action, backend] { action = [backend] { return port::serve(std::cin, std::cout, pick_backend(*backend)); }; });
}

}  // namespace fairvec::cli
