// Derived edges (specs/derived-edges.md): every family's derived features are covered by a test of
// its derived vector file or have a reason, and the coverage report fails when a test is missing.
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>

#include "cli_run.h"
#include "core/families.h"
#include "core/files.h"
#include "core/json.h"
#include "vectors/derived.h"

namespace fairvec::vectors {
namespace {

namespace fs = std::filesystem;

json::Value load(const fs::path& p) {
  rapidjson::Document doc;
  json::parse(read_file(p), doc, p.string());
  return json::Value::from_rapidjson(doc);
}

std::string text(const json::Value& v, const char* key) { return std::get<std::string>(v.find(key)->variant()); }

TEST(Derived, EveryFamilyHasFeaturesEachCoveredOrReasoned) {
  for (const Family& fam : families()) {
    const auto& features = derived_features(fam.id);
    EXPECT_GE(features.size(), 5u) << fam.id;
    for (const Feature& f : features) {
      EXPECT_NE(f.comment.empty(), f.reason.empty()) << fam.id << ": " << f.op << " " << f.param << " " << f.rule;
    }
  }
}

TEST(Derived, SourceVectorsCoverEveryFeature) {
  for (const Family& fam : families()) {
    const json::Value file = load(fs::path(FAIRVEC_SOURCE_VECTORS) / derived_file_name(fam.id));
    std::size_t uncovered = 99;
    const json::Value report = coverage_report(fam.id, &file, uncovered);
    EXPECT_EQ(uncovered, 0u) << fam.id;
    // The report names, for every covered feature, a tcId of the file.
    for (const auto& f : report.find("list")->as_array()) {
      if (f.find("reason")) continue;
      EXPECT_EQ(text(f, "covered").rfind(derived_file_name(fam.id) + "#", 0), 0u);
    }
  }
}

// A test dropped from a derived file leaves its feature uncovered: the report and the CLI say so.
TEST(Derived, CoverageFailsWhenATestIsRemoved) {
  const std::string name = derived_file_name("cursor");
  json::Value file = load(fs::path(FAIRVEC_SOURCE_VECTORS) / name).clone();
  auto& groups = file.as_object();
  json::Array* tests = nullptr;
  for (auto& [k, v] : groups) {
    if (k != "testGroups") continue;
    for (auto& [gk, gv] : v.as_array().front().as_object()) {
      if (gk == "tests") tests = &gv.as_array();
    }
  }
  ASSERT_NE(tests, nullptr);
  const std::string dropped = text(tests->front(), "comment");
  tests->erase(tests->begin());
  std::size_t uncovered = 0;
  const json::Value report = coverage_report("cursor", &file, uncovered);
  EXPECT_EQ(uncovered, 1u);
  bool named = false;
  for (const auto& f : report.find("list")->as_array()) {
    if (f.find("covered") && f.find("covered")->is_null()) {
      named = dropped == text(f, "op") + " " + text(f, "param") + ": " + text(f, "rule") + " " + text(f, "value");
    }
  }
  EXPECT_TRUE(named) << dropped;

  // The CLI over a copy of the set with that file: exit 1, the feature named.
  const fs::path dir = fs::temp_directory_path() / ("fairvec-coverage-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(FAIRVEC_SOURCE_VECTORS, dir, fs::copy_options::recursive);
  std::ofstream(dir / name, std::ios::trunc) << json::to_pretty(file);
  const auto bad = cli_test::run_cli("coverage --vectors " + dir.string());
  const auto good = cli_test::run_cli("coverage --vectors " FAIRVEC_SOURCE_VECTORS);
  fs::remove_all(dir);
  EXPECT_EQ(bad.rc, 1) << bad.out;
  EXPECT_NE(bad.out.find("uncovered: " + dropped), std::string::npos) << bad.out;
  EXPECT_EQ(good.rc, 0) << good.out;
  EXPECT_NE(good.out.find(", 0 uncovered"), std::string::npos) << good.out;
}

}  // namespace
}  // namespace fairvec::vectors
