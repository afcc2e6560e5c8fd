#include "vectors/generated_docs.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

#include "core/errors.h"
#include "core/families.h"
#include "vectors/bug_types.h"

namespace fairvec::vectors {

namespace {

// Values nested deeper than this inside a test member are described only by their type: the
// schema states the shape of the data a port reads, not of arbitrary JSON carried as input.
constexpr int kMaxInferDepth = 4;
// An object with more distinct keys than this across a file is a free-form input (settings):
// described as "an object".
constexpr std::size_t kMaxInferKeys = 64;

json::Value ref(std::string target) { return json::Value::object({{"$ref", std::move(target)}}); }
json::Value common_ref(const std::string& name) {
  return ref(std::string(kCommonSchemaName) + "#/definitions/" + name);
}

const char* type_name(const json::Value& v) {
  switch (v.variant().index()) {
    case 0: return "null";
    case 1: return "boolean";
    case 2: return "integer";
    case 3: return "number";
    case 4: return "string";
    case 5: return "array";
    default: return "object";
  }
}

bool lower_hex(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

json::Value infer(const std::vector<const json::Value*>& values, int depth);

json::Value infer_object(const std::vector<const json::Value*>& values, int depth) {
  std::vector<std::string> keys;  // first-seen order
  std::set<std::string> seen;
  for (const json::Value* v : values) {
    for (const auto& [k, _] : v->as_object()) {
      if (seen.insert(k).second) keys.push_back(k);
    }
  }
  if (depth >= kMaxInferDepth || keys.size() > kMaxInferKeys) return json::Value::object({{"type", "object"}});
  json::Array required;
  json::Object props;
  for (const auto& k : keys) {
    std::vector<const json::Value*> member_values;
    for (const json::Value* v : values) {
      if (const json::Value* m = v->find(k)) member_values.push_back(m);
    }
    if (member_values.size() == values.size()) required.emplace_back(k);
    props.emplace_back(k, infer(member_values, depth + 1));
  }
  json::Object out{{"type", "object"}, {"additionalProperties", false}};
  if (!required.empty()) out.emplace_back("required", json::Value(std::move(required)));
  out.emplace_back("properties", json::Value(std::move(props)));
  return json::Value(std::move(out));
}

bool decimal(const std::string& s) {
  return !s.empty() && s.size() <= 20 && (s == "0" || s[0] != '0') &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool any_case_hex(const std::string& s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// infer_string: a decimal integer written as text (u64 values), lowercase hex of one length
// (digests, seals), hex of either case (seeds as given), or any string.
json::Value infer_string(const std::vector<const json::Value*>& values) {
  auto all = [&](auto pred) {
    return std::all_of(values.begin(), values.end(),
                       [&](const json::Value* v) { return pred(std::get<std::string>(v->variant())); });
  };
  const std::string& first = std::get<std::string>(values.front()->variant());
  if (all(decimal)) return json::Value::object({{"type", "string"}, {"pattern", "^(0|[1-9][0-9]*)$"}});
  if (all([&](const std::string& s) { return s.size() == first.size() && lower_hex(s); })) {
    // The length as minLength/maxLength: RapidJSON 1.1's regex engine is slow on counted repeats.
    const auto n = static_cast<std::int64_t>(first.size());
    return json::Value::object({{"type", "string"}, {"pattern", "^[0-9a-f]+$"}, {"minLength", n}, {"maxLength", n}});
  }
  if (all(any_case_hex)) return json::Value::object({{"type", "string"}, {"pattern", "^[0-9a-fA-F]+$"}});
  return json::Value::object({{"type", "string"}});
}

// infer_integer: the range of the values the file holds (a die is 1..6, a counter 0..2^32 - 1).
json::Value infer_integer(const std::vector<const json::Value*>& values) {
  std::int64_t lo = std::get<std::int64_t>(values.front()->variant()), hi = lo;
  for (const json::Value* v : values) {
    lo = std::min(lo, std::get<std::int64_t>(v->variant()));
    hi = std::max(hi, std::get<std::int64_t>(v->variant()));
  }
  return json::Value::object({{"type", "integer"}, {"minimum", lo}, {"maximum", hi}});
}

json::Value infer_single(const std::string& type, const std::vector<const json::Value*>& values, int depth) {
  if (type == "string") return infer_string(values);
  if (type == "integer") return infer_integer(values);
  if (type == "array") {
    std::vector<const json::Value*> items;
    for (const json::Value* v : values) {
      for (const auto& x : v->as_array()) items.push_back(&x);
    }
    if (items.empty() || depth >= kMaxInferDepth) return json::Value::object({{"type", "array"}});
    return json::Value::object({{"type", "array"}, {"items", infer(items, depth + 1)}});
  }
  if (type == "object") return infer_object(values, depth);
  return json::Value::object({{"type", type}});
}

// infer describes every value of |values| (at least one): its type, and for objects and arrays
// their members, recursively.
json::Value infer(const std::vector<const json::Value*>& values, int depth) {
  std::vector<std::string> types;
  std::map<std::string, std::vector<const json::Value*>> by_type;
  for (const json::Value* v : values) {
    std::string t = type_name(*v);
    if (!by_type.count(t)) types.push_back(t);
    by_type[t].push_back(v);
  }
  if (by_type.count("integer") && by_type.count("number")) {  // a number member that happens to be whole
    auto ints = std::move(by_type["integer"]);
    by_type.erase("integer");
    by_type["number"].insert(by_type["number"].end(), ints.begin(), ints.end());
    types.erase(std::find(types.begin(), types.end(), "integer"));
  }
  if (types.size() == 1) return infer_single(types.front(), by_type[types.front()], depth);
  std::sort(types.begin(), types.end());
  json::Array any;
  for (const auto& t : types) any.push_back(infer_single(t, by_type[t], depth));
  return json::Value::object({{"anyOf", json::Value(std::move(any))}});
}

const json::Value& need(const json::Value& v, std::string_view key) {
  const json::Value* m = v.find(key);
  if (!m) throw std::logic_error("vector file tree has no member " + std::string(key));
  return *m;
}

const std::string& need_string(const json::Value& v, std::string_view key) {
  return std::get<std::string>(need(v, key).variant());
}

json::Value test_definition(const std::vector<const json::Value*>& tests) {
  json::Value inferred = infer_object(tests, 0);
  json::Object& props = inferred.as_object().back().second.as_object();
  for (auto& [k, v] : props) {
    if (k == "tcId" || k == "comment" || k == "result") v = common_ref(k);
    if (k == "flags") v = json::Value::object({{"type", "array"}, {"items", ref("#/definitions/flag")}});
  }
  return inferred;
}

json::Value group_definition(const std::string& type, const std::vector<const json::Value*>& groups) {
  json::Value inferred = infer_object(groups, 0);
  json::Object& props = inferred.as_object().back().second.as_object();
  for (auto& [k, v] : props) {
    if (k == "type") v = json::Value::object({{"enum", json::Value::array({type})}});
    if (k == "tests") {
      v = json::Value::object({{"type", "array"}, {"minItems", 1}, {"items", ref("#/definitions/" + type + "Test")}});
    }
  }
  return inferred;
}

std::string escape_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

}  // namespace

json::Value common_schema() {
  json::Array bug_types;
  for (const auto& bt : bug_types_table()) bug_types.emplace_back(bt.name);
  return json::Value::object({
      {"$schema", "http://json-schema.org/draft-04/schema#"},
      {"title", "Definitions shared by every vector file schema (generated by fairvec generate; do not edit)"},
      {"definitions",
       json::Value::object({
           {"bugType", json::Value::object({{"enum", json::Value(std::move(bug_types))}})},
           {"note",
            json::Value::object(
                {{"type", "object"},
                 {"additionalProperties", false},
                 {"required", json::Value::array({"bugType", "description"})},
                 {"properties", json::Value::object(
                                    {{"bugType", ref("#/definitions/bugType")},
                                     {"description", json::Value::object({{"type", "string"}, {"minLength", 1}})}})}})},
           {"result", json::Value::object({{"enum", json::Value::array({"valid", "invalid", "acceptable"})}})},
           {"tcId", json::Value::object({{"type", "integer"}, {"minimum", 1}})},
           {"comment", json::Value::object({{"type", "string"}})},
           {"generatorVersion", json::Value::object({{"type", "string"}, {"pattern", "^fairvec "}})},
           {"numberOfTests", json::Value::object({{"type", "integer"}, {"minimum", 1}})},
           {"header", json::Value::object({{"type", "array"}, {"items", json::Value::object({{"type", "string"}})}})},
       })},
  });
}

json::Value schema_for(const json::Value& file) {
  const std::string& schema_name = need_string(file, "schema");
  json::Array flags, required_notes;
  json::Object note_props;
  for (const auto& [flag, _] : need(file, "notes").as_object()) {
    flags.emplace_back(flag);
    required_notes.emplace_back(flag);
    note_props.emplace_back(flag, common_ref("note"));
  }
  std::vector<std::string> types;
  std::map<std::string, std::vector<const json::Value*>> groups_by_type, tests_by_type;
  for (const auto& g : need(file, "testGroups").as_array()) {
    const std::string& t = need_string(g, "type");
    if (!groups_by_type.count(t)) types.push_back(t);
    groups_by_type[t].push_back(&g);
    for (const auto& test : need(g, "tests").as_array()) tests_by_type[t].push_back(&test);
  }
  json::Array one_of;
  json::Object defs;
  defs.emplace_back("flag", flags.empty() ? json::Value::object({{"not", json::Value::object()}})
                                          : json::Value::object({{"enum", json::Value(std::move(flags))}}));
  for (const auto& t : types) {
    one_of.push_back(ref("#/definitions/" + t + "Group"));
    defs.emplace_back(t + "Group", group_definition(t, groups_by_type[t]));
    defs.emplace_back(t + "Test", test_definition(tests_by_type[t]));
  }
  json::Object notes{{"type", "object"}, {"additionalProperties", false}};
  if (!required_notes.empty()) notes.emplace_back("required", json::Value(std::move(required_notes)));
  notes.emplace_back("properties", json::Value(std::move(note_props)));
  return json::Value::object({
      {"$schema", "http://json-schema.org/draft-04/schema#"},
      {"title", need_string(file, "algorithm") + " vectors: " + schema_name +
                    " (generated by fairvec generate from the vector file; do not edit)"},
      {"type", "object"},
      {"additionalProperties", false},
      {"required", json::Value::array(
                       {"algorithm", "schema", "generatorVersion", "numberOfTests", "header", "notes", "testGroups"})},
      {"properties",
       json::Value::object({
           {"algorithm", json::Value::object({{"enum", json::Value::array({need_string(file, "algorithm")})}})},
           {"schema", json::Value::object({{"enum", json::Value::array({schema_name})}})},
           {"generatorVersion", common_ref("generatorVersion")},
           {"numberOfTests", common_ref("numberOfTests")},
           {"header", common_ref("header")},
           {"notes", json::Value(std::move(notes))},
           {"testGroups",
            json::Value::object({{"type", "array"},
                                 {"minItems", 1},
                                 {"items", json::Value::object({{"oneOf", json::Value(std::move(one_of))}})}})},
       })},
      {"definitions", json::Value(std::move(defs))},
  });
}

struct CompiledSchema::Provider : rapidjson::IRemoteSchemaDocumentProvider {
  const rapidjson::SchemaDocument* common = nullptr;
  // GetRemoteDocument reads the document name up to the '#' itself: RapidJSON 1.1.0 passes one
  // character less than the name (schema.h, HandleRefSchema: GetRemoteDocument(s, i - 1)), and
  // |uri| points into the NUL-terminated "$ref" string.
  const rapidjson::SchemaDocument* GetRemoteDocument(const char* uri, rapidjson::SizeType) override {
    std::size_t n = 0;
    while (uri[n] != '\0' && uri[n] != '#') ++n;
    return std::string_view(uri, n) == kCommonSchemaName ? common : nullptr;
  }
};

CompiledSchema::CompiledSchema(const rapidjson::Document& schema) : provider_(std::make_unique<Provider>()) {
  static const rapidjson::Document* const kCommonDoc = [] {
    auto* d = new rapidjson::Document;  // lives for the program: compiled schemas point into it
    json::parse(json::to_pretty(common_schema()), *d, kCommonSchemaName);
    return d;
  }();
  static const rapidjson::SchemaDocument kCommon(*kCommonDoc);
  provider_->common = &kCommon;
  schema_ = std::make_unique<rapidjson::SchemaDocument>(schema, provider_.get());
}

CompiledSchema::~CompiledSchema() = default;

std::string flag_table(const json::Value& file) {
  std::string out = "| flag | bugType | the port bug it catches |\n|---|---|---|\n";
  for (const auto& [flag, note] : need(file, "notes").as_object()) {
    out += "| `" + flag + "` | " + need_string(note, "bugType") + " | " +
           escape_cell(need_string(note, "description")) + " |\n";
  }
  return out;
}

std::string bug_type_table() {
  std::string out = "| bugType | the port bug it catches |\n|---|---|\n";
  for (const auto& bt : bug_types_table()) out += "| `" + std::string(bt.name) + "` | " + bt.description + " |\n";
  return out;
}

FamilyTables family_tables(const std::map<std::string, std::set<std::string>>& extra_dirs) {
  FamilyTables t;
  std::map<std::string, int> users;  // a directory several families' companions share is not listed
  for (const auto& [id, dirs] : extra_dirs) {
    for (const auto& dir : dirs) ++users[dir];
  }
  t.spec_rows = "| family | spec | what it pins | `fairvec verify` |\n|---|---|---|---|\n";
  t.readme_rows = "| family | spec | vectors |\n|---|---|---|\n";
  for (const Family& f : families()) {
    const std::string id = f.id, spec = f.spec, algorithm = f.algorithm, verify = f.verify;
    t.spec_rows += "| " + algorithm + " | [" + spec + "](" + spec + ") | " + f.summary + " | " +
                   (verify.empty() ? std::string("—") : "`" + verify + "`") + " |\n";
    std::string files = "`vectors/" + id + "_*_test.json`";
    if (auto it = extra_dirs.find(id); it != extra_dirs.end()) {
      for (const auto& dir : it->second) {
        if (users[dir] == 1) files += ", `vectors/" + dir + "`";
      }
    }
    t.readme_rows +=
        "| " + algorithm + ": " + f.summary + " | [specs/" + spec + "](specs/" + spec + ") | " + files + " |\n";
  }
  return t;
}

std::string fill_markers(const std::string& text, const std::map<std::string, std::string>& blocks,
                         std::string_view where, std::vector<std::string>& seen) {
  const std::string open = "<!-- fairvec:", begin_tail = " begin -->", end_tail = " end -->";
  std::vector<std::string> lines = split_lines(text);
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    out += line + "\n";
    if (line.rfind(open, 0) != 0 || line.size() < open.size() + begin_tail.size() ||
        line.compare(line.size() - begin_tail.size(), begin_tail.size(), begin_tail) != 0) {
      continue;
    }
    std::string key = line.substr(open.size(), line.size() - open.size() - begin_tail.size());
    const std::string end_line = open + key + end_tail;
    std::size_t j = i + 1;
    while (j < lines.size() && lines[j] != end_line) ++j;
    if (j == lines.size()) {
      throw InputError(std::string(where),
                       "line " + std::to_string(i + 1) + ": marker '" + line + "' has no '" + end_line + "'");
    }
    seen.push_back(key);
    auto it = blocks.find(key);
    if (it == blocks.end()) continue;  // not generated by this run (--only): left as it is
    out += it->second;
    out += end_line + "\n";
    i = j;
  }
  if (!text.empty() && text.back() != '\n') out.pop_back();
  return out;
}

std::string first_difference(const std::string& fresh, const std::string& committed) {
  if (fresh == committed) return "";
  std::vector<std::string> a = split_lines(fresh), b = split_lines(committed);
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  auto show = [](const std::vector<std::string>& v, std::size_t k) {
    if (k >= v.size()) return std::string("end of file");
    std::string s = v[k].size() > 120 ? v[k].substr(0, 120) + "…" : v[k];
    return "«" + s + "»";
  };
  return "line " + std::to_string(i + 1) + ": a fresh generation has " + show(a, i) + ", the file has " + show(b, i);
}

}  // namespace fairvec::vectors
