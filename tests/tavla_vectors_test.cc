// Tests of the tavla family's committed files (specs/tavla-commit-v1.md): the CLI's exit codes on
// the sample proof files, the vector files' contents and schemas, and every test on both backends.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include "cli_run.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla_proof.h"
#include "tavla_test_util.h"
#include "vectors/vector_file.h"

namespace fairvec {
namespace {

namespace fs = std::filesystem;
namespace cj = canonical_json;
using namespace tavla;
using namespace tavla_testing;
using cli_test::CliResult;
using cli_test::run_cli;

rapidjson::Document load(const fs::path& p) {
  rapidjson::Document d;
  json::parse(read_file(p), d, p.string());
  return d;
}

// ---- the CLI on the sample proof files --------------------------------------------------------

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

TEST(TavlaCli, ExitCodesOnEverySampleProof) {
  rapidjson::Document doc = load(kVectors / "tavla_verify_test.json");
  std::set<int> codes;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      std::string args = "verify-tavla --json ";
      if (t["expectedCommitment"].IsString())
        args += "--expected-commitment " + quote(t["expectedCommitment"].GetString()) + " ";
      args += quote((kVectors / t["file"].GetString()).string());
      CliResult r = run_cli(args);
      int want = t["exitCode"].GetInt();
      codes.insert(r.rc);
      EXPECT_EQ(r.rc, want) << "tcId " << t["tcId"].GetInt() << ": " << r.out;
      rapidjson::Document out;
      json::parse(r.out, out, "cli output");
      EXPECT_EQ(out["exitCode"].GetInt(), want);
      // The shape of `fairvec verify --json` (vectors/schema/verify_report_schema.json).
      if (want == 2) {
        EXPECT_EQ(std::string(out["error"]["field"].GetString()),
                  t["error"].GetString() == std::string("expectedCommitment") ? std::string("--expected-commitment")
                                                                              : std::string(t["error"].GetString()));
      } else {
        EXPECT_EQ(std::string(out["verdict"].GetString()) != "mismatch", t["verified"].GetBool()) << r.out;
        EXPECT_TRUE(json::equal(out["result"]["failedCheck"], t["failedCheck"])) << r.out;
      }
    }
  }
  EXPECT_EQ(codes, (std::set<int>{0, 1, 2}));
}

TEST(TavlaCli, LanguagesAndArguments) {
  const std::string valid = quote((kVectors / "proofs" / "valid-turkish.json").string());
  CliResult tr = run_cli("verify-tavla --lang tr " + valid);
  EXPECT_EQ(tr.rc, 0);
  EXPECT_NE(tr.out.find("Her atış kontrol edildi"), std::string::npos) << tr.out;  // the seed's words
  CliResult en = run_cli("verify-tavla --lang en " + valid);
  EXPECT_EQ(en.rc, 0);
  EXPECT_NE(en.out.find("Every roll checked"), std::string::npos) << en.out;
  CliResult bad = run_cli("verify-tavla --lang tr " + quote((kVectors / "proofs" / "tampered-dice.json").string()));
  EXPECT_EQ(bad.rc, 1);
  EXPECT_NE(bad.out.find("TUTMUYOR"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("rolls[5].dice"), std::string::npos);
  CliResult malformed =
      run_cli("verify-tavla --lang tr " + quote((kVectors / "proofs" / "malformed-short-seed.json").string()));
  EXPECT_EQ(malformed.rc, 2);
  EXPECT_NE(malformed.out.find("Hatalı girdi: seed"), std::string::npos) << malformed.out;
  EXPECT_EQ(run_cli("verify-tavla --lang xx " + valid).rc, 2);
  EXPECT_EQ(run_cli("verify-tavla").rc, 2);
  EXPECT_EQ(run_cli("verify-tavla --expected-commitment 0000 " + valid).rc, 2);
  EXPECT_EQ(run_cli("verify-tavla /nonexistent/proof.json").rc, kExitIoError);
}

// ---- vector files: contents, schemas, every test on both backends -----------------------------

const char* const kFiles[] = {"tavla_roll_test.json", "tavla_pick_test.json", "tavla_commitment_test.json",
                              "canonical_json_test.json", "tavla_verify_test.json"};

TEST(TavlaVectors, EveryVectorPassesOnBothBackends) {
  for (const char* file : kFiles) {
    const vectors::VectorKind* kind = nullptr;
    for (const auto& k : vectors::all_vector_kinds()) {
      if (k.file == file) kind = &k;
    }
    ASSERT_NE(kind, nullptr) << file;
    std::vector<vectors::Failure> failures;
    std::size_t n = vectors::check_kind(*kind, kVectors, failures);
    EXPECT_GT(n, 10u) << file;
    for (const auto& f : failures) ADD_FAILURE() << f.file << " tcId " << f.tc_id << ": " << f.detail;
  }
}

TEST(TavlaVectors, GenerationIsByteIdenticalAndProofFilesMatch) {
  for (const auto& k : vectors::all_vector_kinds()) {
    if (std::find(std::begin(kFiles), std::end(kFiles), k.file) == std::end(kFiles)) continue;
    json::Value fresh = k.generate_in(kVectors);
    EXPECT_EQ(json::to_pretty(fresh), read_file(kVectors / k.file)) << k.file;
    for (const auto& [rel, contents] : k.companions(fresh)) {
      EXPECT_EQ(read_file(kVectors / rel), contents) << rel;
    }
  }
}

TEST(TavlaVectors, SchemasAreStrict) {
  for (const char* file : kFiles) {
    rapidjson::Document doc = load(kVectors / file);
    rapidjson::Document schema = load(kVectors / "schema" / doc["schema"].GetString());
    std::vector<vectors::Failure> failures;
    vectors::validate_file(file, doc, schema, failures);
    EXPECT_TRUE(failures.empty()) << file;
    // An extra member in a test, and a missing one, are both schema violations.
    rapidjson::Document extra;
    extra.CopyFrom(doc, extra.GetAllocator());
    extra["testGroups"][0]["tests"][0].AddMember("extra", 1, extra.GetAllocator());
    failures.clear();
    vectors::validate_file(file, extra, schema, failures);
    EXPECT_FALSE(failures.empty()) << file;
    rapidjson::Document missing;
    missing.CopyFrom(doc, missing.GetAllocator());
    missing["testGroups"][0]["tests"][0].RemoveMember("comment");
    failures.clear();
    vectors::validate_file(file, missing, schema, failures);
    EXPECT_FALSE(failures.empty()) << file;
  }
}

TEST(TavlaVectors, ProofSchemaAgreesWithTheParser) {
  rapidjson::Document schema_doc = load(kVectors / "schema" / "tavla_proof_schema.json");
  rapidjson::SchemaDocument schema(schema_doc);
  rapidjson::Document doc = load(kVectors / "tavla_verify_test.json");
  int checked = 0;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      std::string text = t["proof"].GetString();
      rapidjson::Document proof;
      try {
        json::parse(text, proof, "proof");
      } catch (const InputError&) {
        continue;  // not JSON at all
      }
      rapidjson::SchemaValidator validator(schema);
      bool valid = proof.Accept(validator);
      std::string type = g["type"].GetString();
      bool schema_case = false;
      for (const auto& f : t["flags"].GetArray())
        schema_case = schema_case || std::string(f.GetString()) == "SchemaViolation";
      if (type == "TavlaProofVerify") {
        EXPECT_TRUE(valid) << t["file"].GetString();
        ++checked;
      } else if (schema_case) {
        EXPECT_FALSE(valid) << t["file"].GetString();
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 30);
}

TEST(TavlaVectors, SequentialByteSeedCasesOfTheSeedArePresent) {
  // The seed's upstream file has a roll whose first byte is skipped, an equal opening roll, and the
  // largest counter and block values; ours must have each, on the sequential-byte-seed inputs.
  rapidjson::Document doc = load(kVectors / "tavla_roll_test.json");
  std::set<std::string> seen;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      if (!t.HasMember("seed") || std::string(t["seed"].GetString()) != to_hex(Bytes{[] {
                                    Bytes b(32);
                                    for (int i = 0; i < 32; ++i)
                                      b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
                                    return b;
                                  }()})) {
        continue;
      }
      for (const auto& f : t["flags"].GetArray()) seen.insert(f.GetString());
      if (std::string(g["type"].GetString()) == "TavlaBlock" && t["n"].GetUint64() == 4294967295u &&
          t["block"].GetUint64() == 4294967295u) {
        seen.insert("n=block=max");
      }
    }
  }
  for (const char* want : {"SkippedFirstByte", "EqualOpeningRoll", "MaxCounter", "n=block=max", "SkippedBytes2",
                           "SkippedBytes3", "SkippedBytes4", "SkippedBytes5", "CounterEndianness"}) {
    EXPECT_TRUE(seen.count(want)) << want;
  }
}

}  // namespace
}  // namespace fairvec
