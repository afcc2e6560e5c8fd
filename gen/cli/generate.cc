// `fairvec generate [--verify]`: every generated file of the repository, written atomically or
// compared (specs/README.md, "Output files"; specs/vector-format.md, "Schemas" and "Flag tables").
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "check/shipped.h"
#include "check/transcripts.h"
#include "cli/commands.h"
#include "cli/data_dir.h"
#include "cli/limits.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/families.h"
#include "core/files.h"
#include "core/json.h"
#include "ops/op_docs.h"
#include "ops/op_table.h"
#include "vectors/generated_docs.h"
#include "vectors/search_results.h"
#include "vectors/set_manifest.h"
#include "vectors/vector_file.h"
#include "vectors/wrong_answers.h"

namespace fairvec::cli {

namespace fs = std::filesystem;

namespace {

// The file-set manifest generate writes last (specs/README.md, "Output files").
constexpr const char* kManifest = check::kManifestName;

// no_link_below throws IoError when a directory between |out| and |path| is a symbolic link:
// generate never writes through one (specs/README.md, "Output files").
void no_link_below(const fs::path& out, const fs::path& path) {
  fs::path at = out;
  const fs::path rel = path.lexically_normal().lexically_relative(out.lexically_normal());
  for (auto it = rel.begin(); it != rel.end() && std::next(it) != rel.end(); ++it) {
    at /= *it;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(at, ec))) {
      throw IoError(at.string() + " is a symbolic link; fairvec generate writes only into real directories");
    }
  }
}

// is_temp_file tells whether |name| is a temporary file of write_file_atomic: NAME.tmp.PID.
bool is_temp_file(const std::string& name) {
  auto pos = name.rfind(".tmp.");
  if (pos == std::string::npos || pos + 5 == name.size()) return false;
  return name.find_first_not_of("0123456789", pos + 5) == std::string::npos;
}

// remove_temp_files deletes every temporary file (is_temp_file) under |dir|, a directory, left by
// an interrupted or failed generation. Throws std::filesystem::filesystem_error (exit 3).
void remove_temp_files(const fs::path& dir) {
  std::vector<fs::path> temps;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
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

// Generation collects what one run writes or compares. It holds every file until flush(), so that
// a generator that fails part way (a stub, a search that finds nothing) leaves the tree as it was.
class Generation {
 public:
  Generation(fs::path out, bool verify) : out_(std::move(out)), verify_(verify) {}

  // emit writes |contents| to |path| atomically, or with --verify compares it with the file there,
  // naming the first differing line; before flush() it only keeps them. Files under the output
  // directory are listed in the manifest.
  void emit(const fs::path& path, const std::string& contents) {
    if (!flushed_) {
      pending_.push_back({path, contents, std::nullopt});
      return;
    }
    produced_.insert(path.lexically_normal());
    const fs::path rel = path.lexically_normal().lexically_relative(out_.lexically_normal());
    const bool inside = !rel.empty() && *rel.begin() != "..";
    if (inside) {
      manifest_ += to_hex(default_backend().sha256(contents)) + "  " + rel.generic_string() + "\n";
      set_.files.push_back({rel.generic_string(), to_hex(default_backend().sha256(contents)), contents.size()});
      if (!verify_) no_link_below(out_, path);
    }
    if (verify_ && inside && link_below(path)) return;  // a stray, reported by strays()
    if (!verify_) {
      std::error_code ec;
      fs::create_directories(path.parent_path(), ec);
      if (ec) throw IoError("cannot create " + path.parent_path().string() + ": " + ec.message());
      write_file_atomic(path, contents);
      return;
    }
    std::string committed;
    try {
      committed = read_file(path);
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {
      std::cerr << "fairvec generate --verify: " << e.what() << "\n";
      status_ = kExitFailed;
      return;
    }
    if (std::string diff = vectors::first_difference(contents, committed); !diff.empty()) {
      std::cerr << "fairvec generate --verify: " << path.string() << " differs from a fresh generation, " << diff
                << "\n";
      status_ = kExitFailed;
    }
  }

  // spec_tables fills every fairvec: marker block of the specs in |specs| from |blocks|, and fails
  // on a block nothing generates or (without --only) a table that does not stand exactly once.
  void spec_tables(const fs::path& specs, const std::map<std::string, std::string>& blocks, bool full) {
    std::vector<std::string> seen;
    for (const auto& e : fs::directory_iterator(specs)) {
      if (!e.is_regular_file() || e.path().extension() != ".md") continue;
      std::string text = read_file(e.path());
      std::string fresh = vectors::fill_markers(text, blocks, e.path().string(), seen);
      if (fresh != text || verify_) emit(e.path(), fresh);
    }
    std::set<std::string> known{"bugtypes", "families", "limits", "ops", "search-results"};
    for (const auto& kind : vectors::all_vector_kinds()) known.insert("flags " + kind.file);
    for (const auto& key : seen) {
      if (!known.count(key))
        fail(specs.string() + " has a '<!-- fairvec:" + key + " begin -->' block that nothing generates");
    }
    for (const auto& [key, _] : blocks) {  // every table once; with --only, at most once
      const auto n = std::count(seen.begin(), seen.end(), key);
      if (n > 1 || (n == 0 && full)) {
        fail(specs.string() + " must hold exactly one '<!-- fairvec:" + key + " begin -->' block; found " +
             std::to_string(n));
      }
    }
  }

  // readme_table fills the families-readme block of the README.md beside |specs| (the tree's
  // front page), which must hold it exactly once when that tree is a source tree (gen/families.json
  // is there); an installed tree has no README.md beside its specs, and nothing is written.
  void readme_table(const fs::path& specs, const std::string& block) {
    const fs::path root = (specs / "..").lexically_normal();  // "." for specs/, never empty
    const fs::path readme = root / "README.md";
    if (!fs::is_regular_file(root / "gen" / "families.json")) return;
    if (!fs::is_regular_file(readme)) return fail(readme.string() + " is missing beside " + specs.string());
    std::string text = read_file(readme);
    std::vector<std::string> seen;
    std::string fresh = vectors::fill_markers(text, {{"families-readme", block}}, readme.string(), seen);
    if (seen.size() != 1 || seen.front() != "families-readme") {
      return fail(readme.string() +
                  " must hold exactly one '<!-- fairvec:families-readme begin -->' block and no "
                  "other fairvec: block");
    }
    if (fresh != text || verify_) emit(readme, fresh);
  }

  // strays reports every file under the output directory that this run did not produce (the
  // hand-written schemas in schema/ aside), and every symbolic link, never followed: an error with
  // --verify, a warning otherwise.
  void strays() {
    for (const auto& e : fs::recursive_directory_iterator(out_)) {
      const fs::path p = e.path().lexically_normal();
      if (e.is_symlink()) {
        std::cerr << "fairvec generate: " << p.string() << " is a symbolic link (a stray; never followed)\n";
        if (verify_) status_ = kExitFailed;
        continue;
      }
      if (e.is_directory()) continue;
      if (produced_.count(p) ||
          (check::unlisted_allowed(p.lexically_relative(out_.lexically_normal())) && e.is_regular_file())) {
        continue;
      }
      std::cerr << "fairvec generate: " << p.string() << " is not produced by any generator (stray file)\n";
      if (verify_) status_ = kExitFailed;
    }
  }

  // flush emits every file kept so far, in the order given, and every later one at once.
  void flush() {
    flushed_ = true;
    for (const Pending& p : pending_) {
      emit(p.path, p.contents);
      if (p.vector) record_vector_file(p.vector->first, p.vector->second);
    }
    pending_.clear();
  }

  const std::string& manifest() const { return manifest_; }
  // vector_file records that the file last emitted is a vector file of |algorithm| with |tests| tests.
  void vector_file(const std::string& algorithm, std::int64_t tests) {
    if (!flushed_) {
      pending_.back().vector = std::make_pair(algorithm, tests);
      return;
    }
    record_vector_file(algorithm, tests);
  }
  // set_manifest is MANIFEST.json for the files emitted so far (vectors/set_manifest.h).
  json::Value set_manifest() const {
    vectors::SetManifest m = set_;
    m.vector_set_version = vectors::kVectorSetVersion;
    m.generator_version = "fairvec " FAIRVEC_VERSION;
    return vectors::set_manifest_json(std::move(m));
  }

  // link_below tells whether |path| or a directory between the output directory and it is a
  // symbolic link (--verify compares no file through one).
  bool link_below(const fs::path& path) const {
    fs::path at = out_;
    for (const auto& part : path.lexically_normal().lexically_relative(out_.lexically_normal())) {
      at /= part;
      std::error_code ec;
      if (fs::is_symlink(fs::symlink_status(at, ec))) return true;
    }
    return false;
  }
  int status() const { return status_; }

 private:
  void fail(const std::string& message) {
    std::cerr << "fairvec generate: " << message << "\n";
    status_ = kExitFailed;
  }

  void record_vector_file(const std::string& algorithm, std::int64_t tests) {
    set_.files.back().algorithm = algorithm;
    set_.files.back().tests = tests;
    set_.number_of_tests += tests;
  }

  // Pending is a file kept until flush(), with its algorithm and test count when it is a vector file.
  struct Pending {
    fs::path path;
    std::string contents;
    std::optional<std::pair<std::string, std::int64_t>> vector;
  };

  fs::path out_;
  bool verify_;
  bool flushed_ = false;
  std::vector<Pending> pending_;
  int status_ = kExitOk;
  std::set<fs::path> produced_;
  std::string manifest_;
  vectors::SetManifest set_;
};

}  // namespace

int run_generate(const fs::path& out, const fs::path& specs, bool verify, const std::set<std::string>& only) {
  if (out.empty()) throw InputError("--out", "empty; name the directory of vector files");
  check_out_dir(out, verify);
  const bool full = only.empty();
  const bool existed = fs::exists(out);
  if (!verify) {
    remove_temp_file_on_signal();
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) throw IoError("cannot create " + out.string() + ": " + ec.message());
  }
  const DirectoryLock lock(out, !verify, "fairvec generate",
                           "--out");  // one generation at a time; --verify never sees one half done
  if (!verify && existed) remove_temp_files(out);
  Generation g(out, verify);
  std::size_t files = 0, tests = 0;
  try {
    std::map<std::string, std::string> blocks{{"bugtypes", vectors::bug_type_table()},
                                              {"ops", ops::render_op_reference(ops::table())},
                                              {"search-results", vectors::search_results_table()},
                                              {"limits", limits_table()}};
    std::map<std::string, std::set<std::string>> extra_dirs;  // a family's companion dirs, for its doc rows
    for (const auto& kind : vectors::all_vector_kinds()) {
      if (!full && !only.count(kind.file)) continue;
      // The file's id ledger (vectors/ledger.h): a test keeps its tcId; a new one gets the next.
      std::optional<vectors::Ledger> previous;
      const fs::path ledger = out / vectors::ledger_path(kind.file);
      if (fs::exists(fs::symlink_status(ledger))) previous = vectors::read_ledger(read_file(ledger), ledger.string());
      vectors::Ledger next;
      json::Value file = kind.generate_ids(previous ? &*previous : nullptr, &next);
      tests += static_cast<std::size_t>(std::get<std::int64_t>(file.find("numberOfTests")->variant()));
      ++files;
      g.emit(out / kind.file, json::to_pretty(file));
      g.vector_file(std::get<std::string>(file.find("algorithm")->variant()),
                    std::get<std::int64_t>(file.find("numberOfTests")->variant()));
      g.emit(out / "schema" / kind.schema, json::to_pretty(vectors::schema_for(file)));
      g.emit(out / check::transcript_path(kind.file), check::transcript_text(kind, file));  // specs/port-protocol.md
      g.emit(ledger, json::to_pretty(vectors::ledger_json(next)));
      blocks.emplace("flags " + kind.file, vectors::flag_table(file));
      {  // the files derived from the vector file (wrong_answers/, proofs/)
        for (const auto& [rel, contents] : kind.companions(file)) {
          g.emit(out / rel, contents);
          const std::string top = fs::path(rel).begin()->string();
          if (const Family* fam = family_of_file(kind.file); fam && top != rel) {
            extra_dirs[fam->id].insert(top + "/");
          }
        }
      }
    }
    g.emit(out / "schema" / vectors::kCommonSchemaName, json::to_pretty(vectors::common_schema()));
    g.emit(out / vectors::kWrongPortsName, json::to_pretty(vectors::wrong_ports_json()));  // vectors/wrong_answers.h
    vectors::FamilyTables family_rows = vectors::family_tables(extra_dirs);
    if (full) blocks.emplace("families", family_rows.spec_rows);  // with --only, the dirs are partial
    if (fs::is_directory(specs)) {
      g.spec_tables(specs, blocks, full);
      if (full) g.readme_table(specs, family_rows.readme_rows);
    } else if (full) {
      std::cout << "spec tables: " << specs.string() << " is not a directory; not written\n";
    }
    // Everything is generated: now the files are written (a set half written, if writing fails, has
    // no manifest).
    if (!verify && existed && full) {
      fs::remove(out / kManifest);
      fs::remove(out / vectors::kSetManifestName);
    }
    g.flush();
    if (full) {  // the manifests list every other file; MANIFEST.sha256 lists MANIFEST.json too, and is written last
      g.emit(out / vectors::kSetManifestName, json::to_pretty(g.set_manifest()));
      g.emit(out / kManifest, std::string(g.manifest()));
    }
  } catch (...) {
    if (!verify && fs::is_directory(out)) remove_temp_files(out);
    throw;
  }
  if (full && fs::is_directory(out)) g.strays();
  std::cout << (verify ? "verified " : "generated ") << files << " vector files, " << tests << " tests"
            << (verify && g.status() == kExitOk ? ": identical to a fresh generation" : "") << "\n";
  return g.status();
}

void add_generate_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("generate", "Write every vector file (atomically), or verify the committed ones");
  auto out = std::make_shared<std::string>();  // when --out is not given, cli/data_dir.h finds it
  auto verify = std::make_shared<bool>(false);
  auto only = std::make_shared<std::vector<std::string>>();
  auto specs = std::make_shared<std::string>();
  cmd->add_option("--out", *out, std::string("Directory of vector files (") + kVectorsHelp + ")");
  cmd->add_flag("--verify", *verify, "Compare a fresh generation with the files byte for byte; write nothing");
  cmd->add_option("--only", *only, "Only vector files matching these globs");
  cmd->add_option("--specs", *specs, "Spec directory whose flag tables are rendered (default: DIR/../specs)");
  cmd->callback([cmd, &action, out, verify, only, specs] {
    const bool out_given = cmd->count("--out") > 0, specs_given = cmd->count("--specs") > 0;
    action = [out, verify, only, specs, out_given, specs_given] {
      const std::set<std::string> files = selected_files(*only);
      const fs::path dir = out_given ? fs::path(*out) : default_vectors_dir();
      if (specs_given && specs->empty()) throw InputError("--specs", "empty; name the spec directory");
      const fs::path spec_dir = specs->empty() ? dir / ".." / "specs" : fs::path(*specs);
      return run_generate(dir, spec_dir.lexically_normal(), *verify, files);
    };
  });
}

}  // namespace fairvec::cli
