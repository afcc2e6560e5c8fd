// Schemas, common.json and spec flag tables are derived from the generated vector files: the
// derived schemas bite (through common.json too), the marker blocks are filled exactly, and a hand
// edit of any derived file makes `fairvec generate --verify` fail naming the file and the line.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/errors.h"
#include "core/families.h"
#include "core/files.h"
#include "core/json.h"
#include "vectors/generated_docs.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {
namespace {

namespace fs = std::filesystem;

const VectorKind& seal_kind() {
  for (const auto& k : all_vector_kinds()) {
    if (k.file == "hmac_dice_seal_test.json") return k;
  }
  throw std::logic_error("no hmac_dice_seal_test.json kind");
}

// violations validates the text |file| against the schema derived from the generated seal file.
std::size_t violations(const std::string& file) {
  rapidjson::Document doc, schema;
  json::parse(file, doc, "file");
  json::parse(json::to_pretty(schema_for(seal_kind().generate())), schema, "schema");
  std::vector<Failure> failures;
  validate_file("hmac_dice_seal_test.json", doc, schema, failures);
  return failures.size();
}

std::string replace_once(std::string s, const std::string& from, const std::string& to) {
  std::size_t at = s.find(from);
  if (at == std::string::npos) throw std::logic_error("not found: " + from);
  return s.replace(at, from.size(), to);
}

TEST(DerivedSchema, AcceptsTheGeneratedFileAndRejectsEachKindOfEdit) {
  const std::string good = json::to_pretty(seal_kind().generate());
  EXPECT_EQ(violations(good), 0u);
  // A bugType outside the enum is caught through common.json's note definition (the $ref resolves).
  EXPECT_EQ(violations(replace_once(good, "\"bugType\": \"ENCODING\"", "\"bugType\": \"ENCODIN\"")), 1u);
  // A note with an empty description, likewise.
  EXPECT_EQ(violations(replace_once(good, "\"description\": \"The seal", "\"description\": \"\", \"x\": \"")), 1u);
  // An unknown member in a test, a member of another type, a required member removed.
  EXPECT_EQ(violations(replace_once(good, "\"tcId\": 1,", "\"tcId\": 1, \"extra\": 0,")), 1u);
  EXPECT_EQ(violations(replace_once(good, "\"tcId\": 1,", "\"tcId\": \"1\",")), 1u);
  EXPECT_EQ(violations(replace_once(good, "\"result\": \"valid\"", "\"result\": \"good\"")), 1u);
  // A seal (64 lowercase hex digits in every test) in uppercase violates the derived pattern.
  rapidjson::Document doc;
  json::parse(good, doc, "file");
  std::string seal = doc["testGroups"][0]["tests"][0]["seal"].GetString();
  std::string upper = seal;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  ASSERT_NE(seal, upper);
  EXPECT_EQ(violations(replace_once(good, seal, upper)), 1u);
  // A flag that the notes do not define is not in the flag enum.
  EXPECT_EQ(violations(replace_once(good, "\"flags\": [\"Seal\"]", "\"flags\": [\"Sael\"]")), 1u);
}

TEST(FillMarkers, FillsKnownBlocksAndLeavesOthers) {
  std::vector<std::string> filled;
  std::string text =
      "a\n<!-- fairvec:flags x_test.json begin -->\nold\n<!-- fairvec:flags x_test.json end -->\n"
      "<!-- fairvec:other begin -->\nkept\n<!-- fairvec:other end -->\nb\n";
  std::string out = fill_markers(text, {{"flags x_test.json", "new\n"}}, "spec.md", filled);
  EXPECT_EQ(out,
            "a\n<!-- fairvec:flags x_test.json begin -->\nnew\n<!-- fairvec:flags x_test.json end -->\n"
            "<!-- fairvec:other begin -->\nkept\n<!-- fairvec:other end -->\nb\n");
  EXPECT_EQ(filled, (std::vector<std::string>{"flags x_test.json", "other"}));
  try {
    (void)fill_markers("x\n<!-- fairvec:flags x_test.json begin -->\n", {{"flags x_test.json", ""}}, "spec.md", filled);
    ADD_FAILURE() << "a begin marker without end was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
}

TEST(FirstDifference, NamesTheLine) {
  EXPECT_EQ(first_difference("a\nb\n", "a\nb\n"), "");
  EXPECT_EQ(first_difference("a\nb\nc\n", "a\nB\nc\n").rfind("line 2:", 0), 0u);
  EXPECT_EQ(first_difference("a\n", "a\nb\n").rfind("line 2:", 0), 0u);
}

// run runs |cmd| with stderr captured into |err|; returns the exit status, failing the test when the
// command did not exit normally (a signal).
int run(const std::string& cmd, std::string& err, const fs::path& tmp) {
  // exec: the status is the command's own, so a signal fails WIFEXITED instead of reading as 128 + n.
  int rc = std::system(("exec " + cmd + " >/dev/null 2>" + (tmp / "stderr.txt").string()).c_str());
  err = read_file(tmp / "stderr.txt");
  EXPECT_TRUE(WIFEXITED(rc)) << cmd;
  return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

// Editing a schema, a spec flag table, common.json or a vector by hand fails `generate --verify`
// with the file and the line; regenerating repairs it.
TEST(GenerateVerify, HandEditsOfDerivedFilesFailWithFileAndLine) {
  const std::string cli = FAIRVEC_CLI;
  fs::path tmp = fs::temp_directory_path() / ("fairvec_derived_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "specs");
  for (const auto& e : fs::directory_iterator(fs::path(FAIRVEC_SOURCE_DIR) / "specs")) {
    fs::copy_file(e.path(), tmp / "specs" / e.path().filename());
  }
  const std::string gen =
      cli + " generate --out " + (tmp / "vectors").string() + " --specs " + (tmp / "specs").string();
  std::string err;
  ASSERT_EQ(run(gen, err, tmp), 0) << err;
  ASSERT_EQ(run(gen + " --verify", err, tmp), 0) << err;
  struct Edit {
    fs::path file;
    std::string from, to;
  };
  const Edit edits[] = {
      {tmp / "vectors" / "schema" / "hmac_dice_roll_schema.json", "\"minItems\": 1", "\"minItems\": 2"},
      {tmp / "vectors" / "schema" / "common.json", "\"pattern\": \"^fairvec \"", "\"pattern\": \"^\""},
      {tmp / "specs" / "hmac-dice-v1.md", "| `SeedTooShort` | MISSING_CHECK |", "| `SeedTooShort` | BOUNDARY |"},
      {tmp / "specs" / "vector-format.md", "| `ORDER` |", "| `ORDERING` |"},
      {tmp / "vectors" / "cursor_u64_test.json", "\"tcId\": 2,", "\"tcId\": 2, "},
  };
  for (const Edit& e : edits) {
    const std::string original = read_file(e.file);
    write_file_atomic(e.file, replace_once(original, e.from, e.to));
    EXPECT_EQ(run(gen + " --verify", err, tmp), 1) << e.file;
    EXPECT_NE(err.find(e.file.filename().string()), std::string::npos) << err;
    EXPECT_NE(err.find(", line "), std::string::npos) << err;
    ASSERT_EQ(run(gen, err, tmp), 0) << err;  // regenerating repairs it
    EXPECT_EQ(read_file(e.file), original);
    EXPECT_EQ(run(gen + " --verify", err, tmp), 0) << err;
  }
  // A spec that loses a file's flag table fails: every vector file's table stands in specs/ once.
  const fs::path spec = tmp / "specs" / "keno-v1.md";
  std::string text = read_file(spec);
  write_file_atomic(spec, replace_once(replace_once(text, "<!-- fairvec:flags keno_pick_test.json begin -->\n", ""),
                                       "<!-- fairvec:flags keno_pick_test.json end -->\n", ""));
  EXPECT_EQ(run(gen + " --verify", err, tmp), 1);
  EXPECT_NE(err.find("fairvec:flags keno_pick_test.json"), std::string::npos) << err;
  fs::remove_all(tmp);
}

}  // namespace
// The family tables of README.md and specs/README.md are rendered from the families table: a row
// edited by hand, or a README that lost its block, fails `generate --verify` naming the file; every
// family of the table has its row in both. The tree is a copy with gen/families.json, README.md and
// specs/ (a README.md beside specs/ is the tree's front page only where gen/families.json is).
TEST(GenerateVerify, FamilyTablesAreRenderedFromTheFamiliesTable) {
  const std::string cli = FAIRVEC_CLI;
  const fs::path src = FAIRVEC_SOURCE_DIR;
  fs::path tmp = fs::temp_directory_path() / ("fairvec_families_" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "specs");
  fs::create_directories(tmp / "gen");
  for (const auto& e : fs::directory_iterator(src / "specs"))
    fs::copy_file(e.path(), tmp / "specs" / e.path().filename());
  fs::copy_file(src / "gen" / "families.json", tmp / "gen" / "families.json");
  fs::copy_file(src / "README.md", tmp / "README.md");
  const std::string gen =
      cli + " generate --out " + (tmp / "vectors").string() + " --specs " + (tmp / "specs").string();
  std::string err;
  ASSERT_EQ(run(gen, err, tmp), 0) << err;
  ASSERT_EQ(run(gen + " --verify", err, tmp), 0) << err;
  EXPECT_EQ(read_file(tmp / "README.md"), read_file(src / "README.md")) << "README.md is stale: run fairvec generate";
  for (const Family& f : families()) {
    const std::string spec = std::string("(") + f.spec + ")";
    EXPECT_NE(read_file(tmp / "README.md").find("(specs/" + std::string(f.spec) + ")"), std::string::npos) << f.id;
    EXPECT_NE(read_file(tmp / "specs" / "README.md").find(spec), std::string::npos) << f.id;
  }
  const std::string readme = read_file(tmp / "README.md"), specs_readme = read_file(tmp / "specs" / "README.md");
  struct Edit {
    fs::path file;
    std::string from, to;
  };
  const Edit edits[] = {
      {tmp / "README.md", "| keno-v1: ", "| keno-v2: "},
      {tmp / "README.md", "`vectors/tavla_*_test.json`, `vectors/proofs/`", "`vectors/tavla_*_test.json`"},
      {tmp / "specs" / "README.md", "| `stake` |", "| `stakes` |"},
  };
  for (const Edit& e : edits) {
    const std::string original = read_file(e.file);
    write_file_atomic(e.file, replace_once(original, e.from, e.to));
    EXPECT_EQ(run(gen + " --verify", err, tmp), 1) << e.from;
    EXPECT_NE(err.find(e.file.string() + " differs"), std::string::npos) << err;
    EXPECT_NE(err.find(", line "), std::string::npos) << err;
    ASSERT_EQ(run(gen, err, tmp), 0) << err;  // regenerating repairs it
    EXPECT_EQ(read_file(e.file), original);
  }
  // A README without its block, or with it twice, fails generation and writes nothing.
  const std::string begin = "<!-- fairvec:families-readme begin -->\n", end = "<!-- fairvec:families-readme end -->\n";
  const std::size_t at = readme.find(begin), stop = readme.find(end);
  ASSERT_NE(at, std::string::npos);
  ASSERT_NE(stop, std::string::npos);
  const std::string block = readme.substr(at, stop + end.size() - at);
  for (const std::string& planted : {replace_once(readme, block, ""), readme + "\n" + block}) {
    write_file_atomic(tmp / "README.md", planted);
    EXPECT_EQ(run(gen + " --verify", err, tmp), 1);
    EXPECT_NE(err.find("exactly one '<!-- fairvec:families-readme begin -->'"), std::string::npos) << err;
    EXPECT_EQ(run(gen, err, tmp), 1);
    EXPECT_EQ(read_file(tmp / "README.md"), planted);
  }
  EXPECT_EQ(read_file(tmp / "specs" / "README.md"), specs_readme);
  fs::remove_all(tmp);
}

}  // namespace fairvec::vectors
