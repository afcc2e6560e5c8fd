// The vector files as a whole: each equals a fresh generation byte for byte, validates against its
// schema, passes on both backends through the library and the port; and the format's own checks
// (builder and validator) reject what they must.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "core/errors.h"
#include "core/families.h"
#include "core/files.h"
#include "core/json.h"
#include "vectors/canonical_json.h"
#include "vectors/crash.h"
#include "vectors/derived.h"
#include "vectors/flags.h"
#include "vectors/hmac_dice.h"
#include "vectors/keno.h"
#include "vectors/tavla.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> kind_names() {
  std::vector<std::string> out;
  for (const auto& k : all_vector_kinds()) out.push_back(k.file);
  return out;
}

const VectorKind& kind_named(const std::string& name) {
  for (const auto& k : all_vector_kinds()) {
    if (k.file == name) return k;
  }
  throw std::logic_error("no kind " + name);
}

std::string describe(const std::vector<Failure>& fs_) {
  std::string s;
  for (std::size_t i = 0; i < fs_.size() && i < 20; ++i) {
    s += fs_[i].file + " tcId " + std::to_string(fs_[i].tc_id) + ": " + fs_[i].detail + "\n";
  }
  return s;
}

TEST(Vectors, EachSchemeFamilyHasAtLeastSixtyInvalidInputs) {
  // Each invalid test's error field is checked for every file by VectorKindTest.InvalidTestsNameTheirError.
  // The seeds' three scheme families; tavla-commit-v1's settings hash is canonical JSON's.
  std::vector<VectorKind> tavla = own_files_of("tavla");
  for (const auto& k : own_files_of("canonical_json")) tavla.push_back(k);
  const std::pair<const char*, std::vector<VectorKind>> families[] = {
      {"hmac-dice-v1", own_files_of("hmac_dice")}, {"cursor-v1", own_files_of("cursor")}, {"tavla-commit-v1", tavla}};
  for (const auto& [family, kinds] : families) {
    std::size_t invalid = 0;
    for (const auto& k : kinds) {
      rapidjson::Document doc;
      std::vector<Failure> failures;
      ASSERT_TRUE(load_kind(k, FAIRVEC_SOURCE_VECTORS, doc, failures)) << k.file;
      for_each_test(doc, [&](const TestRef& t) { invalid += std::string(t.test["result"].GetString()) == "invalid"; });
    }
    EXPECT_GE(invalid, 60u) << family;
  }
}

TEST(VectorRegistry, EveryFamilyHasFiles) {
  std::set<std::string> algorithms;
  for (const auto& k : all_vector_kinds()) {
    json::Value v = k.generate();
    algorithms.insert(std::get<std::string>(v.find("algorithm")->variant()));
  }
  // Both ways, against the table's rows rather than a count: a family without a vector file, and a
  // vector file whose algorithm is no family's.
  std::set<std::string> rows;
  for (const Family& f : families()) {
    rows.insert(f.algorithm);
    EXPECT_TRUE(algorithms.count(f.algorithm)) << "no vector file for " << f.algorithm;
  }
  for (const auto& a : algorithms) EXPECT_TRUE(rows.count(a)) << a << " is the algorithm of no family";
}

TEST(VectorRegistry, FileNamesAreUnique) {
  std::set<std::string> seen;
  for (const auto& k : all_vector_kinds()) EXPECT_TRUE(seen.insert(k.file).second) << k.file;
}

// Every family's flag library (the families table: vectors/flags.h), with the shared flags.
std::vector<const FlagLibrary*> flag_libraries() {
  std::vector<const FlagLibrary*> out{&shared_flags()};
  for (const FamilyFiles& f : family_files()) out.push_back(&f.library());
  return out;
}

TEST(FlagLibraries, AFlagNameHasOneMeaningAndAWrongPortNameOnePortAcrossFamilies) {
  EXPECT_NO_THROW(check_libraries(flag_libraries()));
  // The check bites: a flag of another text under a shared name, a wrong port name taken twice.
  FlagLibrary flag_twice("planted");
  flag_twice.flag({"Pseudorandom", BugType::kBasic, "another text"});
  std::vector<const FlagLibrary*> with_flag = flag_libraries();
  with_flag.push_back(&flag_twice);
  EXPECT_THROW(check_libraries(with_flag), std::logic_error);
  FlagLibrary port_twice("planted");
  port_twice.port({"keno-splice", "another port", {{"keno.draw", [](const rapidjson::Value&, const Backend&) {
                                                      return json::Value();
                                                    }}}});
  std::vector<const FlagLibrary*> with_port = flag_libraries();
  with_port.push_back(&port_twice);
  EXPECT_THROW(check_libraries(with_port), std::logic_error);
}

// A wrong port no flag names is never proved to bite (vectors/flag_check.cc's FlagCheck runs the ports a file's
// flags name): every family's every port must be named.
TEST(FlagLibraries, EveryWrongPortIsNamedByAFlag) {
  ASSERT_EQ(family_files().size(), families().size());
  for (const FamilyFiles& f : family_files()) {
    const FlagLibrary* lib = &f.library();
    EXPECT_FALSE(lib->ports().empty()) << f.family;
    std::set<std::string> named;
    for (const Flag& flag : lib->flags()) {
      for (const auto& w : flag.wrong_ports) named.insert(w->name);
    }
    for (const auto& w : lib->ports())
      EXPECT_TRUE(named.count(w->name)) << lib->family() << ": " << w->name << " is named by no flag";
  }
}

class VectorKindTest : public ::testing::TestWithParam<std::string> {};

TEST_P(VectorKindTest, CommittedFileEqualsFreshGeneration) {
  const VectorKind& k = kind_named(GetParam());
  std::string fresh = json::to_pretty(k.generate_in(FAIRVEC_SOURCE_VECTORS));
  std::string committed = read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file);
  ASSERT_EQ(committed.size(), fresh.size()) << k.file << ": run `fairvec generate`";
  EXPECT_TRUE(committed == fresh) << k.file << " differs from a fresh generation";
}

TEST_P(VectorKindTest, GenerationIsDeterministic) {
  const VectorKind& k = kind_named(GetParam());
  EXPECT_EQ(json::to_pretty(k.generate()), json::to_pretty(k.generate()));
}

TEST_P(VectorKindTest, EveryTestPassesOnBothBackendsThroughLibraryAndPort) {
  const VectorKind& k = kind_named(GetParam());
  std::vector<Failure> failures;
  std::size_t n = check_kind(k, FAIRVEC_SOURCE_VECTORS, failures);
  EXPECT_GT(n, 0u);
  EXPECT_TRUE(failures.empty()) << describe(failures);
}

TEST_P(VectorKindTest, InvalidTestsNameTheirError) {
  // specs/vector-format.md: an invalid test carries `error`, the field its rejection names.
  const VectorKind& k = kind_named(GetParam());
  rapidjson::Document doc;
  std::vector<Failure> failures;
  ASSERT_TRUE(load_kind(k, FAIRVEC_SOURCE_VECTORS, doc, failures)) << describe(failures);
  std::size_t invalid = 0;
  for_each_test(doc, [&](const TestRef& t) {
    if (std::string(t.test["result"].GetString()) != "invalid") return;
    ++invalid;
    const rapidjson::Value* error = json::optional_member(t.test, "error");
    EXPECT_TRUE(error && error->IsString() && error->GetStringLength() > 0) << k.file << " tcId " << tc_id_of(t.test);
  });
  // Every file has invalid tests; a file whose invalid tests vanished must not pass this silently.
  EXPECT_GT(invalid, 0u) << k.file << " has no invalid test";
}

TEST_P(VectorKindTest, ResultIsValidIffTheVerdictIsSuccess) {
  // specs/vector-format.md: `valid` iff the expected verdict is success. A verification verdict
  // (`verified` of a proof, `verdict` of a match) decides it where the test carries one; otherwise
  // the verdict is the op's answer, a failure exactly when the test names an `error`.
  const VectorKind& k = kind_named(GetParam());
  rapidjson::Document doc;
  std::vector<Failure> failures;
  ASSERT_TRUE(load_kind(k, FAIRVEC_SOURCE_VECTORS, doc, failures)) << describe(failures);
  std::size_t valid = 0, invalid = 0;
  for_each_test(doc, [&](const TestRef& t) {
    bool success;
    if (const rapidjson::Value* v = json::optional_member(t.test, "verified")) {
      success = v->IsBool() && v->GetBool();
    } else if (const rapidjson::Value* m = json::optional_member(t.test, "verdict")) {
      std::string verdict = m->IsString() ? m->GetString() : "";
      success = verdict == "verified" || verdict == "unchecked";
    } else {
      success = json::optional_member(t.test, "error") == nullptr;
    }
    std::string result = t.test["result"].GetString();
    EXPECT_EQ(result, success ? "valid" : "invalid") << k.file << " tcId " << tc_id_of(t.test);
    ++(result == "valid" ? valid : invalid);
  });
  EXPECT_GT(valid, 0u) << k.file;
  EXPECT_GT(invalid, 0u) << k.file;
}

TEST_P(VectorKindTest, TamperedCountIsCaught) {
  const VectorKind& k = kind_named(GetParam());
  rapidjson::Document doc, schema;
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file), doc, k.file);
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "schema" / k.schema), schema, k.schema);
  std::vector<Failure> failures;
  validate_file(k.file, doc, schema, failures);
  ASSERT_TRUE(failures.empty()) << describe(failures);
  doc["numberOfTests"].SetInt64(doc["numberOfTests"].GetInt64() + 1);
  validate_file(k.file, doc, schema, failures);
  EXPECT_EQ(failures.size(), 1u);
}

TEST_P(VectorKindTest, SchemaRejectsUnknownMembers) {
  // Strict schemas: an extra member at top level, in a group and in a test is each a violation.
  const VectorKind& k = kind_named(GetParam());
  rapidjson::Document schema;
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "schema" / k.schema), schema, k.schema);
  for (int where = 0; where < 3; ++where) {
    rapidjson::Document doc;
    json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file), doc, k.file);
    auto& a = doc.GetAllocator();
    rapidjson::Value& target = where == 0 ? doc : where == 1 ? doc["testGroups"][0] : doc["testGroups"][0]["tests"][0];
    target.AddMember("unexpectedMember", 1, a);
    std::vector<Failure> failures;
    validate_file(k.file, doc, schema, failures);
    EXPECT_FALSE(failures.empty()) << k.file << " accepts an unknown member at level " << where;
  }
}

INSTANTIATE_TEST_SUITE_P(AllFiles, VectorKindTest, ::testing::ValuesIn(kind_names()), [](const auto& p) {
  std::string n = p.param;
  for (char& c : n) {
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
});

TEST(VectorFileBuilder, AssignsIdsAndCounts) {
  VectorFileBuilder b("toy", "toy_schema.json", {"a toy"});
  b.note("Flag", "BASIC", "d");
  b.group({{"type", "Toy"}});
  b.add("one", {"Flag"}, Result::kValid, {{"x", 1}}, "k1");
  b.add("two", {}, Result::kInvalid, {{"x", 2}}, "k2");
  b.group({{"type", "Toy"}});
  b.add("three", {}, Result::kAcceptable, {{"x", 3}}, "k3");
  json::Value v = b.build();
  EXPECT_EQ(std::get<std::int64_t>(v.find("numberOfTests")->variant()), 3);
  const auto& g1 = v.find("testGroups")->as_array()[1];
  const auto& t3 = g1.find("tests")->as_array()[0];
  EXPECT_EQ(std::get<std::int64_t>(t3.find("tcId")->variant()), 3);
  EXPECT_EQ(std::get<std::string>(t3.find("result")->variant()), "acceptable");
}

TEST(VectorFileBuilder, RejectsUndefinedAndUnusedFlags) {
  VectorFileBuilder undefined("toy", "s", {});
  undefined.group({{"type", "T"}});
  undefined.add("c", {"Nope"}, Result::kValid, {}, "k");
  EXPECT_THROW((void)undefined.build(), std::logic_error);

  VectorFileBuilder unused("toy", "s", {});
  unused.note("Unused", "BASIC", "d");
  unused.group({{"type", "T"}});
  unused.add("c", {}, Result::kValid, {}, "k");
  EXPECT_THROW((void)unused.build(), std::logic_error);

  VectorFileBuilder twice("toy", "s", {});
  twice.note("F", "BASIC", "d");
  EXPECT_THROW(twice.note("F", "BASIC", "d"), std::logic_error);
}

TEST(ValidateFile, HugeDoublesAreRejectedBeforeTheSchemaValidator) {
  // Found by fuzz_vector_file: RapidJSON 1.1's schema validator converts a double of magnitude
  // 2^63 or more to an integer (undefined behaviour); such doubles are rejected before it runs.
  rapidjson::Document schema;
  json::parse(R"({"type":"object"})", schema, "schema");
  for (const char* text :
       {R"({"a":1.8446744073709552e20})", R"({"a":[-1e300]})", R"({"a":{"b":9223372036854775808.0}})"}) {
    rapidjson::Document doc;
    json::parse(text, doc, "file");
    std::vector<Failure> failures;
    validate_file("toy", doc, schema, failures);
    ASSERT_EQ(failures.size(), 1u) << text;
    EXPECT_NE(failures[0].detail.find("2^63 or more at /a"), std::string::npos) << failures[0].detail;
  }
  // Integers beyond 2^53 - 1 (invalid inputs just past a limit) and smaller doubles are fine.
  for (const char* text : {R"({"a":9007199254740992})", R"({"a":18446744073709551615})", R"({"a":9.2e18})"}) {
    rapidjson::Document doc;
    json::parse(text, doc, "file");
    std::vector<Failure> failures;
    EXPECT_TRUE(validate_schema("toy", doc, rapidjson::SchemaDocument(schema), failures)) << text;
  }
}

TEST(ValidateFile, CatchesRepeatedIdsUndefinedFlagsAndUnusedNotes) {
  const char* schema_text = R"({"type":"object"})";
  const char* file_text = R"({"algorithm":"toy","schema":"s","generatorVersion":"x","numberOfTests":2,"header":[],
    "notes":{"A":{"bugType":"BASIC","description":"d"},"B":{"bugType":"BASIC","description":"d"}},
    "testGroups":[{"type":"T","tests":[{"tcId":2,"comment":"","flags":["A","C"],"result":"valid"},
                                        {"tcId":2,"comment":"","flags":[],"result":"valid"}]}]})";
  rapidjson::Document doc, schema;
  json::parse(file_text, doc, "file");
  json::parse(schema_text, schema, "schema");
  std::vector<Failure> failures;
  validate_file("toy", doc, schema, failures);
  std::string all = describe(failures);
  EXPECT_NE(all.find("tcId given twice"), std::string::npos) << all;  // ids are stable, not in order
  EXPECT_NE(all.find("flag not defined in notes: C"), std::string::npos) << all;
  EXPECT_NE(all.find("note defined but never used: B"), std::string::npos) << all;
}

TEST(Json, ParseRejectsDuplicateKeysTrailingTextAndBadUtf8) {
  rapidjson::Document d;
  EXPECT_THROW(json::parse(R"({"a":1,"a":2})", d, "x"), InputError);
  EXPECT_THROW(json::parse(R"({"a":1} x)", d, "x"), InputError);
  EXPECT_THROW(json::parse("\"\xff\"", d, "x"), InputError);
  // Escaped lone surrogates, low or high, in values, keys and at the root; a pair is fine.
  for (const char* s : {R"(["\udc00"])", R"(["\ud800"])", R"({"\udfff":1})", R"("\udc00")", R"({"a":"x\udc00y"})"}) {
    EXPECT_THROW(json::parse(s, d, "x"), InputError) << s;
  }
  EXPECT_NO_THROW(json::parse(R"(["\ud83d\ude00"])", d, "x"));
  try {
    json::parse(R"({"a":[1,2,}})", d, "doc");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "doc");
    EXPECT_TRUE(e.position().has_value());
  }
}

TEST(Json, DeepNestingIsBadInputNotACrash) {
  rapidjson::Document d;
  EXPECT_NO_THROW(json::parse(std::string(512, '[') + std::string(512, ']'), d, "x"));
  EXPECT_THROW(json::parse(std::string(514, '[') + std::string(514, ']'), d, "x"), InputError);
  EXPECT_THROW(json::parse(std::string(300000, '[') + std::string(300000, ']'), d, "x"), InputError);
}

TEST(Json, NumbersAreReadExactlyWithoutRapidJsonsFullPrecisionPath) {
  rapidjson::Document d;
  json::parse("[0E0099, 0e-5, 18446744073709551615, 18446744073709551616, -9223372036854775808, 5e-324, 0.1]", d, "x");
  EXPECT_TRUE(d[0].IsDouble());
  EXPECT_EQ(d[0].GetDouble(), 0.0);
  EXPECT_EQ(d[1].GetDouble(), 0.0);
  EXPECT_TRUE(d[2].IsUint64());
  EXPECT_EQ(d[2].GetUint64(), 18446744073709551615ULL);
  EXPECT_TRUE(d[3].IsDouble());
  EXPECT_EQ(d[3].GetDouble(), 18446744073709551616.0);
  EXPECT_EQ(d[4].GetInt64(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(d[5].GetDouble(), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(d[6].GetDouble(), 0.1);
  try {
    json::parse("[1, 1e400]", d, "doc");
    FAIL() << "1e400 accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), "doc");
    EXPECT_NE(std::string(e.what()).find("too big"), std::string::npos) << e.what();
  }
}

TEST(Json, DoublesRoundTripBitExactly) {
  for (double x : {0.0, 1.0, 0.1, 5e-324, 0.9999999999999999, 1.0 / 3, 123456789.125}) {
    std::string s = json::format_double(x);
    rapidjson::Document d;
    json::parse(s, d, "x");
    EXPECT_TRUE(d.IsDouble()) << s;
    double y = d.GetDouble();
    EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << s;
  }
}

TEST(Cli, GenerateVerifyPassesOnCommittedVectorsAndFailsOnATamperedCopy) {
  std::string cli = FAIRVEC_CLI;
  EXPECT_EQ(std::system((cli + " generate --verify --out " FAIRVEC_SOURCE_VECTORS " >/dev/null").c_str()), 0);
  fs::path tmp = fs::temp_directory_path() / ("fairvec_vectors_test_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  ASSERT_EQ(std::system((cli + " generate --out " + tmp.string() + " >/dev/null").c_str()), 0);
  ASSERT_FALSE(all_vector_kinds().empty());
  fs::path first = tmp / all_vector_kinds().front().file;
  std::string text = read_file(first);
  text[text.size() / 2] = text[text.size() / 2] == '0' ? '1' : '0';
  write_file_atomic(first, text);
  int rc = std::system((cli + " generate --verify --out " + tmp.string() + " 2>/dev/null >/dev/null").c_str());
  EXPECT_TRUE(WIFEXITED(rc) && WEXITSTATUS(rc) == 1) << rc;
  // Regenerated, the copy verifies again; a stale file no generator produces fails verification.
  ASSERT_EQ(std::system((cli + " generate --out " + tmp.string() + " >/dev/null").c_str()), 0);
  EXPECT_EQ(std::system((cli + " generate --verify --out " + tmp.string() + " >/dev/null").c_str()), 0);
  write_file_atomic(tmp / "stale_test.json", "{}");
  rc = std::system((cli + " generate --verify --out " + tmp.string() + " 2>/dev/null >/dev/null").c_str());
  EXPECT_TRUE(WIFEXITED(rc) && WEXITSTATUS(rc) == 1) << rc;
  fs::remove_all(tmp);
}

TEST(Cli, CheckExitsZeroOnAGoodCopyAndOneOnABrokenFile) {
  std::string cli = FAIRVEC_CLI;
  fs::path tmp = fs::temp_directory_path() / ("fairvec_check_test_" + std::to_string(::getpid()));
  fs::create_directories(tmp);
  ASSERT_EQ(std::system((cli + " generate --out " + tmp.string() + " >/dev/null").c_str()), 0);  // schemas too
  EXPECT_EQ(std::system((cli + " check --vectors " + tmp.string() + " >/dev/null").c_str()), 0);
  ASSERT_FALSE(all_vector_kinds().empty());
  write_file_atomic(tmp / all_vector_kinds().front().file, "{\"algorithm\": ");
  int rc = std::system((cli + " check --vectors " + tmp.string() + " >/dev/null 2>&1").c_str());
  EXPECT_TRUE(WIFEXITED(rc) && WEXITSTATUS(rc) == 1) << rc;
  fs::remove_all(tmp);
}

}  // namespace
}  // namespace fairvec::vectors
