// The op table (gen/ops/): every op is exercised by a vector and answers its examples on both
// backends with exactly its declared result members; each Kind's schema fragment agrees with its
// reader on generated fuzz values; `fairvec ops --json` lists the table; the op reference in
// specs/port-protocol.md is generated and verified.
#include <gtest/gtest.h>

#include <algorithm>
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
  for (const OpSpec& op : table().ops()) {
    // Each op draws from a stream of its own, seeded by its name: an op added to the table does not
    // change the inputs any other op is given.
    std::uint64_t seed = 14695981039346656037u;  // FNV-1a of the name
    for (const char c : op.name) seed = (seed ^ static_cast<unsigned char>(c)) * 1099511628211u;
    SplitMix64 rng{seed};
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

// ---- Result members: pinned by the specs' "Result members" tables, not by the code under test ----

// SpecRow is one row of a spec's "Result members" table: an op (and game, for an op whose result
// carries a game's outcome), its members (top level, and nested as `list[].member`), and the
// members fairvec adds.
struct SpecRow {
  std::string op, game, where;
  std::set<std::string> top, nested, adds;
};

// backticked returns the `names` of a table cell, leaving out notes in parentheses.
std::vector<std::string> backticked(std::string cell) {
  std::string plain;
  int depth = 0;
  for (char ch : cell) {
    if (ch == '(') ++depth;
    if (depth == 0) plain += ch;
    if (ch == ')' && depth > 0) --depth;
  }
  std::vector<std::string> out;
  for (std::size_t a = plain.find('`'); a != std::string::npos; a = plain.find('`', a + 1)) {
    std::size_t b = plain.find('`', a + 1);
    if (b == std::string::npos) break;
    out.push_back(plain.substr(a + 1, b - a - 1));
    a = b;
  }
  return out;
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream in(line.substr(1));
  for (std::string c; std::getline(in, c, '|');) out.push_back(c);
  return out;
}

// result_member_rows reads the "Result members" table of the spec |file| (its text |text|): the
// table under the heading `### Result members`, columns op, game, members, fairvec adds. A spec
// without one gives no rows.
std::vector<SpecRow> result_member_rows(const std::string& file, const std::string& text) {
  std::vector<SpecRow> rows;
  const std::size_t at = text.find("\n### Result members\n");
  if (at == std::string::npos) return rows;
  std::stringstream in(text.substr(at));
  int line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
  bool header = false;
  for (std::string l; std::getline(in, l); ++line) {
    if (l.rfind("## ", 0) == 0 || (header && l.empty())) break;
    if (l.rfind("| op | game | members | fairvec adds |", 0) == 0) {
      header = true;
      continue;
    }
    if (!header || l.rfind("|---", 0) == 0) continue;
    const std::vector<std::string> c = cells(l);
    if (c.size() != 4) {
      rows.push_back({"", "", file + ":" + std::to_string(line) + " (not 4 cells)", {}, {}, {}});
      continue;
    }
    SpecRow r;
    r.where = file + ":" + std::to_string(line);
    const auto op = backticked(c[0]), game = backticked(c[1]);
    r.op = op.empty() ? "" : op[0];
    r.game = game.empty() ? "" : game[0];
    for (const std::string& m : backticked(c[2])) (m.find("[].") == std::string::npos ? r.top : r.nested).insert(m);
    for (const std::string& m : backticked(c[3])) r.adds.insert(m);
    rows.push_back(std::move(r));
  }
  return rows;
}

// Declared is what the op table says of an op's result: its members, the ones fairvec adds, and
// whether the result carries more (a game's outcome).
struct Declared {
  std::set<std::string> members, adds;
  bool open = false;
};

std::map<std::string, Declared> declared_results() {
  std::map<std::string, Declared> out;
  for (const OpSpec& op : table().ops()) {
    Declared& d = out[op.name];
    d.open = op.open_results;
    for (const Result& r : op.results) (r.addition ? d.adds : d.members).insert(r.name);
  }
  return out;
}

// nested_paths adds to |out| the `list[].member` paths of |v| under |path| (members of objects
// inside arrays, at any depth; an object's members as path.member).
void nested_paths(const rapidjson::Value& v, const std::string& path, std::set<std::string>& out) {
  if (v.IsArray()) {
    for (const auto& x : v.GetArray()) nested_paths(x, path + "[]", out);
  } else if (v.IsObject() && !path.empty()) {
    for (const auto& m : v.GetObject()) {
      const std::string p = path + "." + std::string(m.name.GetString(), m.name.GetStringLength());
      if (path.find("[]") != std::string::npos) out.insert(p);
      nested_paths(m.value, p, out);
    }
  }
}

// audit_result_members compares the spec rows, the op table's declarations and the calls of the
// transcripts (|transcripts|: file name -> JSON Lines text). It returns the problems, one line each.
std::vector<std::string> audit_result_members(const std::vector<SpecRow>& rows,
                                              const std::map<std::string, Declared>& declared,
                                              const std::map<std::string, std::string>& transcripts) {
  std::vector<std::string> problems;
  std::map<std::pair<std::string, std::string>, const SpecRow*> by_key;
  std::map<std::string, std::set<std::string>> adds_of;
  for (const SpecRow& r : rows) {
    if (r.op.empty() || r.top.empty()) {
      problems.push_back(r.where + ": a row without an op or members");
      continue;
    }
    if (!declared.count(r.op)) problems.push_back(r.where + ": `" + r.op + "` is not an op of the table");
    if (!by_key.emplace(std::pair(r.op, r.game), &r).second)
      problems.push_back(r.where + ": a second row for `" + r.op + "` " + r.game);
    adds_of[r.op].insert(r.adds.begin(), r.adds.end());
  }
  for (const auto& [name, d] : declared) {
    bool listed = false;
    for (const auto& [key, row] : by_key) {
      if (key.first != name) continue;
      listed = true;
      for (const std::string& m : d.members) {
        if (!row->top.count(m))
          problems.push_back(row->where + ": the op table gives `" + name + "` the member `" + m +
                             "`, the spec does not");
      }
      if (!d.open) {
        for (const std::string& m : row->top) {
          if (!d.members.count(m))
            problems.push_back(row->where + ": the spec gives `" + name + "` the member `" + m +
                               "`, the op table does not");
        }
      }
    }
    if (!listed) problems.push_back("`" + name + "` has no row in its spec's Result members table");
    if (d.adds != adds_of[name]) {
      std::string listed_adds;  // a plain loop: clang 14 cannot capture a structured binding in a lambda
      for (const auto& a : d.adds) listed_adds += " " + a;
      problems.push_back("`" + name + "`: the op table's additions {" + listed_adds +
                         " } are not the spec's \"fairvec adds\"");
    }
  }
  // What the transcripts ask, per (op, game): each call's top-level members, and every nested path.
  std::map<std::pair<std::string, std::string>, std::set<std::string>> nested_asked;
  std::map<std::pair<std::string, std::string>, int> calls;
  std::map<std::string, int> reported;  // one line per (op, game, difference)
  for (const auto& [file, text] : transcripts) {
    std::stringstream in(text);
    int line = 0;
    for (std::string l; std::getline(in, l);) {
      ++line;
      rapidjson::Document t;
      json::parse(l, t, file);
      for (const auto& c : t["calls"].GetArray()) {
        const rapidjson::Value& expect = c["expect"];
        if (!expect["ok"].GetBool()) continue;
        const std::string op = c["op"].GetString();
        const auto d = declared.find(op);
        std::string game;
        if (d != declared.end() && d->second.open) game = c["params"]["game"].GetString();
        const std::pair key(op, game);
        ++calls[key];
        const auto row = by_key.find(key);
        const std::string at =
            file + " line " + std::to_string(line) + " (tcId " + std::to_string(t["tcId"].GetInt()) + ")";
        if (row == by_key.end()) {
          if (reported[op + game + "#row"]++ == 0)
            problems.push_back(at + ": `" + op + "` " + game + " has no row in the spec");
          continue;
        }
        std::set<std::string> top;
        for (const auto& m : expect["result"].GetObject()) {
          top.insert(m.name.GetString());
          nested_paths(m.value, m.name.GetString(), nested_asked[key]);
        }
        for (const std::string& m : top) {
          if (!row->second->top.count(m) && reported[op + game + "+" + m]++ == 0) {
            problems.push_back(at + ": `" + op + "` " + game + " asks `" + m + "`, which " + row->second->where +
                               " does not list");
          }
        }
        for (const std::string& m : row->second->top) {
          if (!top.count(m) && reported[op + game + "-" + m]++ == 0) {
            problems.push_back(at + ": `" + op + "` " + game + " does not ask `" + m + "`, which " +
                               row->second->where + " lists");
          }
        }
      }
    }
  }
  for (const auto& [key, row] : by_key) {
    if (!calls.count(key)) problems.push_back(row->where + ": no vector asks `" + key.first + "` " + key.second);
    const std::set<std::string>& asked = nested_asked[key];
    for (const std::string& m : row->nested) {
      if (!asked.count(m)) problems.push_back(row->where + ": no vector asks the nested member `" + m + "`");
    }
    for (const std::string& m : asked) {
      if (!row->nested.count(m))
        problems.push_back(row->where + ": a vector asks the nested member `" + m + "`, which is not listed");
    }
  }
  return problems;
}

struct MemberAuditInputs {
  std::map<std::string, std::string> specs;        // spec file name -> text
  std::map<std::string, std::string> transcripts;  // transcript file name -> text
};

MemberAuditInputs member_audit_inputs() {
  MemberAuditInputs in;
  for (const OpSpec& op : table().ops()) {
    if (!in.specs.count(op.spec)) in.specs[op.spec] = read_file(fs::path(FAIRVEC_SOURCE_DIR) / "specs" / op.spec);
  }
  for (const auto& e : fs::directory_iterator(fs::path(FAIRVEC_SOURCE_VECTORS) / "transcripts")) {
    in.transcripts[e.path().filename().string()] = read_file(e.path());
  }
  return in;
}

std::vector<std::string> audit(const MemberAuditInputs& in, const std::map<std::string, Declared>& declared) {
  std::vector<SpecRow> rows;
  for (const auto& [file, text] : in.specs) {
    for (SpecRow& r : result_member_rows(file, text)) rows.push_back(std::move(r));
  }
  return audit_result_members(rows, declared, in.transcripts);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string t;
  for (const auto& l : lines) t += l + "\n";
  return t;
}

bool mentions(const std::vector<std::string>& problems, const std::vector<std::string>& words) {
  for (const auto& p : problems) {
    bool all = true;
    for (const auto& w : words) all = all && p.find(w) != std::string::npos;
    if (all) return true;
  }
  return false;
}

// drop_member removes |member| from the expected result of every valid call of |op| whose params
// have game |game| ("" any) in the transcript text |text|, in vectors whose result is |result| (""
// any). Returns how many calls lost it.
int drop_member(std::string& text, const std::string& op, const std::string& game, const std::string& member,
                const std::string& result = "") {
  std::stringstream in(text);
  std::string out;
  int dropped = 0;
  for (std::string l; std::getline(in, l);) {
    rapidjson::Document t;
    json::parse(l, t, "transcript");
    const bool pick = result.empty() || t["result"].GetString() == result;
    for (auto& c : t["calls"].GetArray()) {
      if (!pick || c["op"].GetString() != op || !c["expect"]["ok"].GetBool()) continue;
      if (!game.empty() && (!c["params"].HasMember("game") || c["params"]["game"].GetString() != game)) continue;
      dropped += c["expect"]["result"].EraseMember(member.c_str()) ? 1 : 0;
    }
    out += json::to_text(t) + "\n";
  }
  text = out;
  return dropped;
}

TEST(ResultMembers, EverySpecTableAgreesWithTheOpTableAndWhatEveryVectorAsks) {
  const MemberAuditInputs in = member_audit_inputs();
  ASSERT_GE(in.transcripts.size(), 20u);
  const std::vector<std::string> problems = audit(in, declared_results());
  EXPECT_TRUE(problems.empty()) << joined(problems);
}

// The audit bites: a copy of the vectors that stops asking a game's outcome member (a port paying
// any multiplier at wheel would pass), a copy whose judged-invalid proofs stop asking `failedCheck`,
// an op table with an addition the spec does not mark, and a spec that forgets one.
TEST(ResultMembers, ThePlantedDropOfAMemberOrAnUnmarkedAdditionFailsTheAudit) {
  const MemberAuditInputs real = member_audit_inputs();
  const std::map<std::string, Declared> declared = declared_results();
  {
    MemberAuditInputs in = real;
    int n = 0;
    for (const char* f : {"stake_game_test.jsonl", "stake_derived_test.jsonl"})
      n += drop_member(in.transcripts.at(f), "stake.game", "wheel", "multiplier");
    ASSERT_GT(n, 0);
    const auto problems = audit(in, declared);
    EXPECT_TRUE(mentions(problems, {"`stake.game` wheel does not ask `multiplier`"})) << joined(problems);
  }
  {
    MemberAuditInputs in = real;
    ASSERT_GT(
        drop_member(in.transcripts.at("tavla_verify_test.jsonl"), "tavla.verify_proof", "", "failedCheck", "invalid"),
        0);
    const auto problems = audit(in, declared);
    EXPECT_TRUE(mentions(problems, {"`tavla.verify_proof`", "does not ask `failedCheck`"})) << joined(problems);
  }
  {
    std::map<std::string, Declared> planted = declared;
    planted.at("tavla.pick").adds.insert("trace");
    const auto problems = audit(real, planted);
    EXPECT_TRUE(mentions(problems, {"`tavla.pick`: the op table's additions { trace }"})) << joined(problems);
  }
  {
    MemberAuditInputs in = real;
    std::string& spec = in.specs.at("tavla-commit-v1.md");
    const std::size_t at = spec.find("| `settingsCanonical` |");
    ASSERT_NE(at, std::string::npos);
    spec.replace(at, 22, "| |");
    const auto problems = audit(in, declared);
    EXPECT_TRUE(mentions(problems, {"`tavla.commitment`: the op table's additions { settingsCanonical }"}))
        << joined(problems);
  }
  {
    MemberAuditInputs in = real;
    std::string& spec = in.specs.at("stake-v1.md");
    const std::size_t at = spec.find("| `stake.game` | `wheel` | `floats`, `segment`, `multiplier` |");
    ASSERT_NE(at, std::string::npos);
    spec.replace(at, 62, "| `stake.game` | `wheel` | `floats`, `segment` |");
    const auto problems = audit(in, declared);
    EXPECT_TRUE(mentions(problems, {"`stake.game` wheel asks `multiplier`"})) << joined(problems);
  }
}

}  // namespace
}  // namespace fairvec::ops
