// The op table (gen/ops/): every op is exercised by a vector and answers its examples on both
// backends with exactly its declared result members; each Kind's schema fragment agrees with its
// reader on generated fuzz values; `fairvec ops --json` lists the table; the op reference in
// specs/port-protocol.md is generated and verified.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include <rapidjson/schema.h>
#include <unistd.h>

#include "cli_run.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/splitmix64.h"
#include "ops/op_docs.h"
#include "ops/op_table.h"
#include "port/protocol.h"
#include "vectors/vector_file.h"

namespace fairvec::ops {
namespace {

namespace fs = std::filesystem;

// Schema is a compiled JSON Schema.
class Schema {
 public:
  explicit Schema(const json::Value& schema) {
    rapidjson::Value s = schema.to_rapidjson(doc_.GetAllocator());
    doc_.CopyFrom(s, doc_.GetAllocator());
    sd_ = std::make_unique<rapidjson::SchemaDocument>(doc_);
  }
  // valid tells whether |v| matches the schema.
  bool valid(const rapidjson::Value& v) const {
    rapidjson::SchemaValidator validator(*sd_);
    return v.Accept(validator);
  }

 private:
  rapidjson::Document doc_;
  std::unique_ptr<rapidjson::SchemaDocument> sd_;
};

bool valid(const json::Value& schema, const rapidjson::Value& v) { return Schema(schema).valid(v); }

// huge tells whether |v| holds a double of magnitude 2^63 or more.
bool huge(const rapidjson::Value& v) {
  if (v.IsDouble()) return std::fabs(v.GetDouble()) >= 9223372036854775808.0;
  if (v.IsArray()) {
    for (const auto& x : v.GetArray()) {
      if (huge(x)) return true;
    }
  }
  if (v.IsObject()) {
    for (const auto& m : v.GetObject()) {
      if (huge(m.value)) return true;
    }
  }
  return false;
}

// Every op has a vector, and on every vector that expects a result the op's answer matches the
// result schema the table declares for it (members, kinds, nothing undeclared).
TEST(OpTable, EveryOpIsExercisedByAVectorAndAnswersItsDeclaredResult) {
  std::set<std::string> used;
  std::map<std::string, std::unique_ptr<Schema>> result_schemas;
  for (const auto& kind : vectors::all_vector_kinds()) {
    rapidjson::Document doc;
    std::vector<vectors::Failure> f;
    ASSERT_TRUE(vectors::load_kind(kind, FAIRVEC_SOURCE_VECTORS, doc, f)) << kind.file;
    vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
      for (const auto& c : kind.port_calls(t)) {
        const OpSpec* op = table().find(c.op);
        ASSERT_NE(op, nullptr) << kind.file << " calls an op the table lacks: " << c.op;
        used.insert(c.op);
        if (!c.result) continue;
        auto& schema = result_schemas[c.op];
        if (!schema) schema = std::make_unique<Schema>(results_schema(*op));
        port::Reply r = port::call(c.op, c.params, default_backend());
        ASSERT_TRUE(r.ok) << kind.file << " " << vectors::tc_id_of(t.test) << ": " << r.message;
        rapidjson::Document rd;
        rapidjson::Value rv = r.result.to_rapidjson(rd.GetAllocator());
        EXPECT_TRUE(schema->valid(rv)) << kind.file << " tcId " << vectors::tc_id_of(t.test) << " " << c.op
                                       << " result " << json::to_line(r.result);
      }
    });
  }
  for (const auto& name : table().names()) EXPECT_TRUE(used.count(name)) << name << " has no vector";
}

TEST(OpTable, EveryExampleAnswersOkOnBothBackendsWithExactlyTheDeclaredResult) {
  for (const OpSpec& op : table().ops()) {
    ASSERT_FALSE(op.examples.empty()) << op.name;
    const json::Value rs = results_schema(op);
    for (const json::Value& ex : op.examples) {
      rapidjson::Document pd;
      rapidjson::Value pv = ex.to_rapidjson(pd.GetAllocator());
      EXPECT_TRUE(valid(params_schema(op), pv)) << op.name << " example " << json::to_line(ex);
      std::string first;
      for (const Backend* b : all_backends()) {
        port::Reply r = port::call(op.name, ex, *b);
        ASSERT_TRUE(r.ok) << op.name << " " << json::to_line(ex) << ": " << r.message;
        rapidjson::Document rd;
        rapidjson::Value rv = r.result.to_rapidjson(rd.GetAllocator());
        EXPECT_TRUE(valid(rs, rv)) << op.name << " result " << json::to_line(r.result);
        const std::string line = json::to_line(r.result);
        if (first.empty()) first = line;
        EXPECT_EQ(line, first) << op.name << " differs between backends";
      }
    }
    // The result schema is strict: a member the op does not declare fails it (unless open).
    rapidjson::Document d;
    d.Parse("{\"undeclared\":1}");
    if (!op.open_results) {
      EXPECT_FALSE(valid(rs, d)) << op.name;
    }
  }
}

TEST(OpTable, ExamplesWithAParamMissingAreBadInputNamingIt) {
  for (const OpSpec& op : table().ops()) {
    const json::Value& ex = op.examples.front();
    for (const auto& [key, _] : ex.as_object()) {
      json::Object less;
      for (const auto& m : ex.as_object()) {
        if (m.first != key) less.push_back(m);
      }
      bool optional = false;
      for (const Param& p : op.params) optional = optional || (p.name == key && p.optional);
      port::Reply r = port::call(op.name, json::Value(std::move(less)), default_backend());
      if (optional) continue;
      EXPECT_FALSE(r.ok) << op.name << " without " << key;
      EXPECT_EQ(r.error, "bad_input") << op.name << " without " << key;
      EXPECT_NE(r.message.find(key), std::string::npos) << op.name << ": " << r.message;
    }
  }
}

// Fuzz values of every Kind go through JSON text (as a port receives them) and then to each
// Kind's reader and its schema fragment: an exact Kind must agree with its fragment on every value,
// any other must never accept what its fragment rejects. 2000 values of its own fuzz and 30 of
// every other Kind's, per Kind.
TEST(OpTable, EveryKindsSchemaFragmentAgreesWithItsReader) {
  const auto kinds = all_kinds(table());
  ASSERT_GT(kinds.size(), 20u);
  SplitMix64 rng{20261201};
  for (const auto& [where, kind] : kinds) {
    if (!kind->read) continue;  // a group member: its group reads it (tested through its op)
    std::size_t accepted = 0, rejected = 0, checked = 0;
    const json::Value schema = kind->schema();
    const Schema compiled(schema);
    for (const auto& [_, source] : kinds) {
      for (int i = 0, n = source == kind ? 2000 : 30; i < n; ++i) {
        std::vector<std::uint8_t> bytes(16 + rng.next() % 200);
        for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.next());
        ByteReader in(bytes.data(), bytes.size());
        rapidjson::Document d;
        try {
          json::parse(json::to_line(json::Value::array({source->fuzz(in)})), d, "value");
        } catch (const InputError&) {
          continue;  // not JSON a port could receive (a lone surrogate, invalid UTF-8)
        }
        const rapidjson::Value& v = d[0];
        // RapidJSON 1.1's validator hashes huge doubles with undefined behaviour (fuzz/README.md,
        // finding 5) and matches a pattern only up to a string's first NUL: such values say
        // nothing about the fragment.
        if (huge(v) || json::to_text(v).find("\\u0000") != std::string::npos) continue;
        bool reads = true;
        try {
          (void)kind->read(&v, "x");
        } catch (const InputError&) {
          reads = false;
        }
        const bool fits = compiled.valid(v);
        ++checked;
        (reads ? accepted : rejected)++;
        if (kind->exact) {
          EXPECT_EQ(reads, fits) << where << " (" << kind->name << ") on " << json::to_text(v);
        } else {
          EXPECT_TRUE(!reads || fits) << where << " (" << kind->name
                                      << ") reads what its schema rejects: " << json::to_text(v);
        }
      }
    }
    EXPECT_GT(accepted, 0u) << where << ": no generated value is valid";
    if (schema.is_object() && !schema.as_object().empty()) {
      EXPECT_GT(rejected, 0u) << where << ": nothing rejected";
    }
    EXPECT_GT(checked, 1500u) << where;
  }
}

// The same claim on every param value the vectors send (valid and invalid): a Kind that says
// exact (its schema accepts exactly what it reads) must agree with its fragment on each; one that
// does not may read less, never more. Fuzz values rarely hit the edges the vectors pin (a size of 0,
// a link of another grammar), so this reads every call of every transcript.
TEST(OpTable, EveryParamSchemaAgreesWithItsReaderOnEveryVector) {
  std::size_t checked = 0, rejected = 0;
  std::set<std::string> wrong;
  for (const auto& entry : fs::directory_iterator(fs::path(FAIRVEC_SOURCE_DIR) / "vectors" / "transcripts")) {
    std::istringstream lines(read_file(entry.path()));
    for (std::string line; std::getline(lines, line);) {
      rapidjson::Document t;
      json::parse(line, t, entry.path().string());
      for (const auto& call : t["calls"].GetArray()) {
        const OpSpec* op = table().find(call["op"].GetString());
        ASSERT_NE(op, nullptr) << call["op"].GetString();
        const rapidjson::Value& params = call["params"];
        if (!params.IsObject()) continue;
        for (const Param& p : op->params) {
          if (!p.members.empty() || !p.kind->read) continue;  // a group reads the whole object (its op's test)
          const auto m = params.FindMember(p.name.c_str());
          if (m == params.MemberEnd()) continue;
          const rapidjson::Value& v = m->value;
          if (huge(v) || json::to_text(v).find("\\u0000") != std::string::npos) continue;  // as above
          bool reads = true;
          try {
            (void)p.kind->read(&v, p.name);
          } catch (const InputError&) {
            reads = false;
          }
          const bool fits = valid(p.kind->schema(), v);
          ++checked;
          rejected += !reads;
          const std::string where = op->name + " " + p.name + " (" + p.kind->name + ")";
          if (p.kind->exact ? reads != fits : reads && !fits) {
            if (wrong.insert(where).second) {
              ADD_FAILURE() << where << (p.kind->exact ? " says exact, but " : " reads what its schema rejects: ")
                            << (reads ? "reads" : "rejects") << " " << json::to_text(v) << ", which its schema "
                            << (fits ? "accepts" : "rejects") << " (" << t["file"].GetString() << "#"
                            << t["tcId"].GetInt() << ")";
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 3000u);
  EXPECT_GT(rejected, 300u);
}

TEST(OpTable, FuzzParamsAreMostlyAnsweredOkAndNeverInternal) {
  SplitMix64 rng{7};
  for (const OpSpec& op : table().ops()) {
    std::size_t ok = 0, n = 1000;
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<std::uint8_t> bytes(64 + rng.next() % 400);
      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng.next());
      ByteReader in(bytes.data(), bytes.size());
      port::Reply r = port::call(op.name, fuzz_params(op, in), default_backend());
      EXPECT_NE(r.error, "internal") << op.name << ": " << r.message;
      ok += r.ok;
    }
    // Both paths are reached: some inputs are answered, some rejected (keno.pick and the
    // whole-match ops need several params to fit together, so fewer of theirs pass).
    EXPECT_GT(ok, 0u) << op.name;
    EXPECT_LT(ok, n) << op.name;
  }
}

using cli_test::CliResult;

CliResult run(const std::string& args) { return cli_test::run_cli(args); }

TEST(OpsCommand, JsonListsEveryOpWithItsParamsInOrder) {
  CliResult r = run("ops --json");
  ASSERT_EQ(r.rc, 0) << r.out;
  rapidjson::Document d;
  json::parse(r.out, d, "ops");
  ASSERT_EQ(d["ops"].Size(), table().ops().size());
  for (rapidjson::SizeType i = 0; i < d["ops"].Size(); ++i) {
    const OpSpec& op = table().ops()[i];
    const auto& o = d["ops"][i];
    EXPECT_EQ(o["name"].GetString(), op.name);
    ASSERT_EQ(o["params"].Size(), op.params.size()) << op.name;
    for (rapidjson::SizeType k = 0; k < o["params"].Size(); ++k) {
      EXPECT_EQ(o["params"][k]["name"].GetString(), op.params[k].name);
    }
    EXPECT_EQ(o["examples"].Size(), op.examples.size());
  }
  CliResult plain = run("ops");
  EXPECT_EQ(plain.rc, 0);
  for (const OpSpec& op : table().ops()) {
    EXPECT_NE(plain.out.find(op.name + (op.addition ? " (addition): " : ": ") + op.summary + "\n"), std::string::npos)
        << op.name;
  }
}

TEST(OpDocs, SpecReferenceIsGeneratedAndAHandEditFailsVerifyWithFileAndLine) {
  const std::string kOpsSpec = "port-protocol.md";
  const std::string committed = read_file(fs::path(FAIRVEC_SOURCE_DIR) / "specs" / kOpsSpec);
  EXPECT_NE(
      committed.find("<!-- fairvec:ops begin -->\n" + render_op_reference(table()) + "<!-- fairvec:ops end -->\n"),
      std::string::npos)
      << "specs/" << kOpsSpec << " is stale: run `fairvec generate`";
  for (const auto& n : table().names()) EXPECT_NE(committed.find("`" + n + "`"), std::string::npos) << n;
  // A copy of specs/port-protocol.md with one table row edited: verify must fail naming the file
  // and line; generate mends it. (One small vector file keeps the three runs quick.)
  fs::path tmp = fs::temp_directory_path() / ("fairvec_ops_docs_" + std::to_string(::getpid()));
  fs::create_directories(tmp / "specs");
  std::string text = committed;
  const std::size_t row = text.find("| `hmac_dice.roll` |");
  ASSERT_NE(row, std::string::npos);
  text.replace(row, 4, "| `x");
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(row), '\n');
  write_file_atomic(tmp / "specs" / kOpsSpec, text);
  const std::string args =
      " --out " FAIRVEC_SOURCE_VECTORS " --only canonical_json_test.json --specs " + (tmp / "specs").string();
  CliResult bad = run("generate --verify" + args);
  EXPECT_EQ(bad.rc, 1) << bad.out;
  EXPECT_NE(bad.out.find(kOpsSpec + " differs from a fresh generation, line " + std::to_string(line) + ":"),
            std::string::npos)
      << bad.out;
  const std::string fix =
      " --out " + (tmp / "vectors").string() + " --only canonical_json_test.json --specs " + (tmp / "specs").string();
  ASSERT_EQ(run("generate" + fix).rc, 0);
  EXPECT_EQ(read_file(tmp / "specs" / kOpsSpec), committed);
  EXPECT_EQ(run("generate --verify" + args).rc, 0);
  fs::remove_all(tmp);
}

}  // namespace
}  // namespace fairvec::ops
