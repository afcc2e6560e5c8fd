#include "vectors/vector_file.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <new>
#include <set>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include "core/enum_names.h"
#include "core/errors.h"
#include "core/families.h"
#include "core/files.h"
#include "core/version.h"
#include "port/protocol.h"
#include "vectors/flags.h"
#include "vectors/generated_docs.h"

namespace fairvec::vectors {

json::Value VectorKind::generate_in(const std::filesystem::path& vectors_dir) const {
  const std::filesystem::path ledger = vectors_dir / ledger_path(file);
  if (!std::filesystem::exists(std::filesystem::symlink_status(ledger))) return generate();
  const Ledger previous = read_ledger(read_file(ledger), ledger.string());
  return generate_ids(&previous, nullptr);
}

namespace {
constexpr std::string_view result_label(Result v) {
  switch (v) {
    case Result::kValid: return "valid";
    case Result::kInvalid: return "invalid";
    case Result::kAcceptable: return "acceptable";
  }
  return {};
}
}  // namespace

const char* result_name(Result r) { return EnumNames<Result, result_label>::c_name(r); }

VectorFileBuilder::VectorFileBuilder(std::string algorithm, std::string schema, std::vector<std::string> header)
    : algorithm_(std::move(algorithm)), schema_(std::move(schema)), header_(std::move(header)) {}

void VectorFileBuilder::note(std::string flag, std::string bug_type, std::string description) {
  const auto& bts = bug_types_table();
  if (std::none_of(bts.begin(), bts.end(), [&](const BugTypeInfo& b) { return bug_type == b.name; })) {
    throw std::logic_error("flag " + flag + ": unknown bugType " + bug_type);
  }
  if (description.empty()) throw std::logic_error("flag " + flag + ": empty description");
  for (const auto& [f, _] : notes_) {
    if (f == flag) throw std::logic_error("flag defined twice: " + flag);
  }
  notes_.push_back({std::move(flag), {std::move(bug_type), std::move(description)}});
}

void VectorFileBuilder::group(json::Object fields) { groups_.push_back({std::move(fields), {}}); }

void VectorFileBuilder::add(std::string comment, std::vector<std::string> flags, Result result, json::Object fields,
                            std::string key) {
  if (groups_.empty()) throw std::logic_error("test added before any group");
  groups_.back().tests.push_back({std::move(comment), std::move(flags), result, std::move(fields), std::move(key)});
}

std::size_t VectorFileBuilder::test_count() const {
  std::size_t n = 0;
  for (const auto& g : groups_) n += g.tests.size();
  return n;
}

json::Value VectorFileBuilder::build(const Ledger* previous, Ledger* next) const {
  std::set<std::string> defined, used;
  for (const auto& [f, _] : notes_) defined.insert(f);
  std::vector<std::string> keys;
  for (const auto& g : groups_) {
    for (const auto& t : g.tests) keys.push_back(t.key);
  }
  Ledger ledger =
      assign_ids(schema_.substr(0, schema_.size() - std::string("_schema.json").size()) + "_test.json", keys, previous);
  json::Array groups;
  std::size_t index = 0;
  for (const auto& g : groups_) {
    if (g.tests.empty()) throw std::logic_error(algorithm_ + ": empty test group");
    json::Object group = g.fields;
    json::Array tests;
    for (const auto& t : g.tests) {
      LedgerEntry& entry = ledger.tests[index++];
      json::Object test{{"tcId", json::Value(static_cast<std::int64_t>(entry.tc_id))},
                        {"comment", t.comment},
                        {"flags", json::Value::array_of(t.flags)}};
      for (const auto& f : t.flags) {
        if (!defined.count(f)) throw std::logic_error(algorithm_ + ": flag not defined: " + f);
        used.insert(f);
      }
      for (const auto& kv : t.fields) test.push_back(kv);
      test.emplace_back("result", result_name(t.result));
      entry.answer = answer_digest(test);
      tests.emplace_back(std::move(test));
    }
    group.emplace_back("tests", std::move(tests));
    groups.emplace_back(std::move(group));
  }
  for (const auto& f : defined) {
    if (!used.count(f)) throw std::logic_error(algorithm_ + ": flag defined but never used: " + f);
  }
  json::Object notes;
  for (const auto& [f, bd] : notes_) {
    notes.emplace_back(f, json::Value::object({{"bugType", bd.first}, {"description", bd.second}}));
  }
  if (next) *next = std::move(ledger);
  return json::Value::object({{"algorithm", algorithm_},
                              {"schema", schema_},
                              {"generatorVersion", "fairvec " FAIRVEC_VERSION},
                              {"numberOfTests", json::Value(static_cast<std::int64_t>(index))},
                              {"header", json::Value::array_of(header_)},
                              {"notes", json::Value(std::move(notes))},
                              {"testGroups", json::Value(std::move(groups))}});
}

const std::vector<VectorKind>& all_vector_kinds() {
  static const std::vector<VectorKind> kAll = [] {
    std::vector<VectorKind> all;
    std::vector<const FlagLibrary*> libraries{&shared_flags()};
    for (const FamilyFiles& f : family_files()) {
      libraries.push_back(&f.library());
      for (auto& k : f.files()) {
        if (family_of_file(k.file) != family_by_id(f.family))
          throw std::logic_error(std::string(f.family) + " lists " + k.file);
        all.push_back(std::move(k));
      }
    }
    check_libraries(libraries);
    // One meaning per flag name across every file, whatever library a file's notes came from.
    std::map<std::string, std::pair<std::pair<std::string, std::string>, std::string>, std::less<>> meaning;
    for (const VectorKind& k : all) {
      for (const auto& [name, text] : k.notes) {
        const auto [it, fresh] = meaning.emplace(name, std::make_pair(text, k.file));
        if (!fresh && it->second.first != text) {
          throw std::logic_error("flag " + name + " has two meanings: in " + it->second.second + " and in " + k.file);
        }
      }
    }
    return all;
  }();
  return kAll;
}

std::vector<VectorKind> files_of(std::string_view id) {
  std::vector<VectorKind> out;
  for (const auto& k : all_vector_kinds()) {
    if (family_of_file(k.file) == family_by_id(id)) out.push_back(k);
  }
  return out;
}

std::vector<std::string> flags_of(const rapidjson::Value& test) {
  std::vector<std::string> out;
  const rapidjson::Value* f = json::optional_member(test, "flags");
  if (f && f->IsArray()) {
    for (const auto& x : f->GetArray()) {
      if (x.IsString()) out.emplace_back(x.GetString(), x.GetStringLength());
    }
  }
  return out;
}

long tc_id_of(const rapidjson::Value& test) {
  const rapidjson::Value* id = json::optional_member(test, "tcId");
  return id && id->IsInt64() ? static_cast<long>(id->GetInt64()) : 0;
}

namespace {

// first_huge_double returns the JSON pointer of the first double of magnitude 2^63 or more (or
// NaN), or an empty string. RapidJSON 1.1's schema validator hashes every number by converting it
// to a 64-bit integer, which is undefined behaviour for such doubles (found by fuzz_vector_file).
// No vector carries one: values beyond 2^53 - 1 travel as strings, and invalid inputs just past a
// limit are integers.
// huge_double_path appends to |path| the JSON pointer (RFC 6901) of the first huge double under
// |v| and returns true, or returns false leaving |path| as it was. It keeps no copy of the tree:
// its memory is one frame per level of nesting (at most 512, json::parse's limit) and the one path.
bool huge_double_path(const rapidjson::Value& v, std::string& path) {
  constexpr double kLimit = 9223372036854775808.0;  // 2^63
  if (v.IsDouble()) return !(std::fabs(v.GetDouble()) < kLimit);
  const std::size_t mark = path.size();
  if (v.IsObject()) {
    for (const auto& m : v.GetObject()) {
      path += '/';
      for (char c : std::string_view(m.name.GetString(), m.name.GetStringLength())) {
        path += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
      }
      if (huge_double_path(m.value, path)) return true;
      path.resize(mark);
    }
  } else if (v.IsArray()) {
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
      path += "/" + std::to_string(i);
      if (huge_double_path(v[i], path)) return true;
      path.resize(mark);
    }
  }
  return false;
}

std::string first_huge_double(const rapidjson::Value& root) {
  std::string path;
  if (!huge_double_path(root, path)) return "";
  return path.empty() ? "/" : path;
}

}  // namespace

bool validate_schema(const std::string& name, const rapidjson::Document& doc, const rapidjson::SchemaDocument& schema,
                     std::vector<Failure>& out) {
  if (std::string where = first_huge_double(doc); !where.empty()) {
    out.push_back({name, 0, {}, "double of magnitude 2^63 or more at " + where + " (no vector carries one)"});
    return false;
  }
  rapidjson::SchemaValidator validator(schema);
  if (doc.Accept(validator)) return true;
  rapidjson::StringBuffer where, rule;
  validator.GetInvalidDocumentPointer().StringifyUriFragment(where);
  validator.GetInvalidSchemaPointer().StringifyUriFragment(rule);
  out.push_back({name,
                 0,
                 {},
                 std::string("schema violation at ") + where.GetString() + " (schema " + rule.GetString() +
                     ", keyword " + validator.GetInvalidSchemaKeyword() + ")"});
  return false;
}

void validate_file(const std::string& name, const rapidjson::Document& doc, const rapidjson::Document& schema,
                   std::vector<Failure>& out) {
  CompiledSchema sd(schema);
  if (validate_schema(name, doc, sd.get(), out)) validate_bookkeeping(name, doc, out);
}

void validate_bookkeeping(const std::string& name, const rapidjson::Document& doc, std::vector<Failure>& out) {
  std::set<std::string> defined, used;
  for (const auto& m : doc["notes"].GetObject()) defined.insert(m.name.GetString());
  std::set<long> ids;
  long count = 0;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      long id = tc_id_of(t);
      ++count;
      if (!ids.insert(id).second) out.push_back({name, id, flags_of(t), "tcId given twice"});
      for (const auto& f : flags_of(t)) {
        if (!defined.count(f)) out.push_back({name, id, flags_of(t), "flag not defined in notes: " + f});
        used.insert(f);
      }
    }
  }
  if (doc["numberOfTests"].GetInt64() != count) {
    out.push_back({name,
                   0,
                   {},
                   "numberOfTests is " + std::to_string(doc["numberOfTests"].GetInt64()) + " but the file has " +
                       std::to_string(count) + " tests"});
  }
  for (const auto& f : defined) {
    if (!used.count(f)) out.push_back({name, 0, {}, "note defined but never used: " + f});
  }
}

std::string compare_reply(const PortCall& call, bool ok, const rapidjson::Value* result, const std::string& error) {
  if (!call.result) {
    if (ok) return "expected error bad_input, got ok result " + (result ? json::to_text(*result) : "");
    if (error != "bad_input") return "expected error bad_input, got error " + error;
    return "";
  }
  if (!ok) return "expected ok, got error " + error;
  if (!result || !result->IsObject()) return "reply has no result object";
  rapidjson::Document expected;
  rapidjson::Value ev = call.result->to_rapidjson(expected.GetAllocator());
  // Over a const object: clang 14 finds != of a mutable MemberIterator ambiguous in C++20.
  for (const auto& m : std::as_const(ev).GetObject()) {
    auto it = result->FindMember(m.name);
    std::string field = m.name.GetString();
    if (it == result->MemberEnd()) return "result." + field + " missing";
    if (!json::equal(m.value, it->value)) {
      return "result." + field + ": expected " + json::to_text(m.value) + ", got " + json::to_text(it->value);
    }
  }
  return "";
}

bool load_kind(const VectorKind& kind, const std::filesystem::path& dir, rapidjson::Document& doc,
               std::vector<Failure>& out) {
  rapidjson::Document schema;
  try {
    json::parse(read_file(dir / kind.file), doc, kind.file);
    json::parse(read_file(dir / "schema" / kind.schema), schema, kind.schema);
  } catch (const std::bad_alloc&) {
    throw;  // out of memory is an internal error (exit 5), not a failed check
  } catch (const std::exception& e) {
    out.push_back({kind.file, 0, {}, e.what()});
    return false;
  }
  std::size_t before = out.size();
  validate_file(kind.file, doc, schema, out);
  return out.size() == before;
}

void for_each_test(const rapidjson::Document& doc, const std::function<void(const TestRef&)>& fn) {
  const auto& groups = doc["testGroups"];
  for (rapidjson::SizeType gi = 0; gi < groups.Size(); ++gi) {
    const auto& tests = groups[gi]["tests"];
    for (rapidjson::SizeType ti = 0; ti < tests.Size(); ++ti) {
      fn(TestRef{doc, groups[gi], tests[ti],
                 "testGroups[" + std::to_string(gi) + "].tests[" + std::to_string(ti) + "]"});
    }
  }
}

std::size_t check_kind(const VectorKind& kind, const std::filesystem::path& dir, std::vector<Failure>& out) {
  rapidjson::Document doc;
  if (!load_kind(kind, dir, doc, out)) return 0;
  std::size_t count = 0;
  for_each_test(doc, [&](const TestRef& ref) {
    long id = tc_id_of(ref.test);
    std::vector<std::string> flags = flags_of(ref.test);
    ++count;
    std::vector<PortCall> calls;
    try {
      calls = kind.port_calls(ref);
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {
      out.push_back({kind.file, id, flags, std::string("port_calls: ") + e.what()});
    }
    for (const Backend* b : all_backends()) {
      std::string fail;
      try {
        fail = kind.check_library(ref, *b);
      } catch (const std::bad_alloc&) {
        throw;
      } catch (const std::exception& e) {
        fail = std::string("exception: ") + e.what();
      }
      if (!fail.empty()) {
        out.push_back({kind.file, id, flags, "library/" + std::string(b->name()) + ": " + fail});
      }
      for (const auto& call : calls) {
        port::Reply r = port::call(call.op, call.params, *b);
        rapidjson::Document rd;
        rapidjson::Value rv = r.result.to_rapidjson(rd.GetAllocator());
        std::string f = compare_reply(call, r.ok, &rv, r.error);
        if (!f.empty()) {
          out.push_back({kind.file, id, flags,
                         "port/" + std::string(b->name()) + " " + call.op + " " + json::to_line(call.params) + ": " +
                             f + (r.message.empty() ? "" : " (" + r.message + ")")});
        }
      }
    }
  });
  return count;
}

std::string expect_eq(std::string_view what, const std::string& expected, const std::string& actual) {
  if (expected == actual) return "";
  return std::string(what) + ": expected " + expected + ", got " + actual;
}

}  // namespace fairvec::vectors
