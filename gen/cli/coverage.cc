// `fairvec coverage` (specs/derived-edges.md, "Coverage"): every derived feature of every family
// and the vector of the set that covers it, or the reason none can.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <variant>

#include "cli/commands.h"
#include "cli/data_dir.h"
#include "core/errors.h"
#include "core/families.h"
#include "core/files.h"
#include "core/json.h"
#include "vectors/derived.h"

namespace fairvec::cli {
namespace {

namespace fs = std::filesystem;

// run_coverage matches each family's derived features against |dir|'s derived vector files.
// Returns 0 when every feature has a test or a reason, 1 otherwise (a feature whose test is
// missing from the file, or a file missing). Throws IoError (exit 3) for an unreadable directory,
// InputError (exit 2) for a file that is not JSON.
int run_coverage(const fs::path& dir, bool as_json) {
  if (std::error_code ec; !fs::is_directory(dir, ec))
    throw IoError("cannot read the vectors directory " + dir.string() + ": not a directory");
  json::Array reports;
  std::size_t features = 0, missing = 0;
  for (const Family& fam : families()) {
    const std::string name = vectors::derived_file_name(fam.id);
    const fs::path path = dir / name;
    std::size_t uncovered = 0;
    json::Value report;
    if (std::error_code ec; !fs::exists(path, ec)) {
      report = vectors::coverage_report(fam.id, nullptr, uncovered);
    } else {
      const std::string text = read_file(path);
      rapidjson::Document doc;
      json::parse(text, doc, name);
      const json::Value tree = json::Value::from_rapidjson(doc);
      report = vectors::coverage_report(fam.id, &tree, uncovered);
    }
    const auto& list = report.find("list")->as_array();
    features += list.size();
    missing += uncovered;
    if (!as_json) {
      std::cout << (uncovered ? "FAIL " : "ok   ") << fam.algorithm << ": " << list.size() << " derived features, "
                << uncovered << " without a test in " << name << "\n";
      for (const auto& f : list) {
        const json::Value* c = f.find("covered");
        if (!c || !c->is_null()) continue;
        auto text = [&](const char* key) { return std::get<std::string>(f.find(key)->variant()); };
        std::cout << "  uncovered: " << text("op") << " " << text("param") << ": " << text("rule") << " "
                  << text("value") << "\n";
      }
    }
    reports.emplace_back(std::move(report));
  }
  if (as_json) {
    std::cout << json::to_pretty(json::Value::object({{"features", static_cast<std::int64_t>(features)},
                                                      {"uncovered", static_cast<std::int64_t>(missing)},
                                                      {"families", json::Value(std::move(reports))}}))
              << "\n";
  } else {
    std::cout << "coverage: " << features << " derived features, " << missing << " uncovered\n";
  }
  return missing ? 1 : 0;
}

}  // namespace

void add_coverage_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "coverage", "Match every derived feature of the op table with the vector covering it (specs/derived-edges.md)");
  auto dir = std::make_shared<std::string>();
  auto as_json = std::make_shared<bool>(false);
  cmd->add_option("--vectors", *dir, std::string("Directory of vector files (") + kVectorsHelp + ")");
  cmd->add_flag("--json", *as_json, "Print every family's coverage report as JSON");
  cmd->callback([cmd, &action, dir, as_json] {
    const bool given = cmd->count("--vectors") > 0;
    action = [dir, as_json, given] {
      if (given && dir->empty()) throw InputError("--vectors", "empty; name the directory of vector files");
      return run_coverage(given ? fs::path(*dir) : default_vectors_dir(), *as_json);
    };
  });
}

}  // namespace fairvec::cli
