#include "vectors/catalog.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>
#include <variant>

#include "core/errors.h"
#include "core/families.h"
#include "ops/op_table.h"
#include "vectors/flag_check.h"
#include "vectors/op_outcome.h"
#include "vectors/test_reader.h"
#include "vectors/wrong_answers.h"

namespace fairvec::vectors {

void Cases::valid(std::string group, std::string comment, std::vector<std::string> flags, json::Object inputs) {
  cases_.push_back({std::move(group), std::move(comment), std::move(flags), std::move(inputs), {}, members_});
}

void Cases::invalid(std::string group, std::string comment, std::vector<std::string> flags, json::Object inputs,
                    std::string error) {
  if (error.empty()) throw std::logic_error("invalid case '" + comment + "' names no error field");
  cases_.push_back(
      {std::move(group), std::move(comment), std::move(flags), std::move(inputs), std::move(error), members_});
}

std::vector<Field> outputs(std::initializer_list<const char*> names) {
  std::vector<Field> out;
  for (const char* n : names) out.push_back({n});
  return out;
}

namespace {

// ---- Names.

template <typename Names>
bool contains(const Names& names, std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// renamed returns what |renames| maps |name| to, or |name| itself.
const std::string& renamed(const Renames& renames, const std::string& name) {
  auto it = std::find_if(renames.begin(), renames.end(), [&](const auto& kv) { return kv.first == name; });
  return it == renames.end() ? name : it->second;
}

const json::Value* find_member(const json::Object& o, std::string_view name) {
  for (const auto& [k, v] : o) {
    if (k == name) return &v;
  }
  return nullptr;
}

// at_path returns the member |path| names in |o| ("dice", or an array member's element "links[1]"),
// or nullptr when there is none.
const json::Value* at_path(const json::Object& o, std::string_view path) {
  const std::size_t open = path.find('[');
  if (open == std::string_view::npos) return find_member(o, path);
  std::size_t index = 0;
  const char* first = path.data() + open + 1;
  const char* last = path.data() + path.size() - 1;
  if (path.back() != ']' || std::from_chars(first, last, index).ptr != last) {
    throw std::logic_error("catalog: malformed member path " + std::string(path));
  }
  const json::Value* v = find_member(o, path.substr(0, open));
  if (!v || !v->is_array() || index >= v->as_array().size()) return nullptr;
  return &v->as_array()[index];
}

void leaf_names(const std::vector<ops::Param>& params, std::vector<std::string>& out) {
  for (const auto& p : params) {
    if (p.members.empty()) {
      out.push_back(p.name);
    } else {
      leaf_names(p.members, out);
    }
  }
}

std::vector<std::string> leaf_names(const ops::OpSpec& op) {
  std::vector<std::string> out;
  leaf_names(op.params, out);
  return out;
}

bool declares_result(const ops::OpSpec& op, std::string_view name) {
  return std::any_of(op.results.begin(), op.results.end(), [&](const ops::Result& r) { return r.name == name; });
}

// ---- Groups, resolved once.

struct Bound {
  Group spec;
  const ops::OpSpec* op;      // the group's op (Hooks::op_of may pick another per test)
  std::vector<Field> fields;  // defaults filled in: from, and the op's results when none
  std::vector<const ops::OpSpec*> stages;
  std::vector<const ops::OpSpec*> calls;  // Group::calls' ops
};

using Table = std::map<std::string, Bound, std::less<>>;

const ops::OpSpec& resolve(const std::string& name, const std::string& where) {
  const ops::OpSpec* op = ops::table().find(name);
  if (!op) throw std::logic_error(where + " names the unknown op " + name);
  return *op;
}

void require_params(const Renames& renames, const ops::OpSpec& op, const std::string& where) {
  const std::vector<std::string> names = leaf_names(op);
  for (const auto& kv : renames) {
    if (!contains(names, kv.first))
      throw std::logic_error(where + " maps " + kv.first + ", which " + op.name + " does not read");
  }
}

std::shared_ptr<const Table> bind(const FileSpec& spec) {
  auto table = std::make_shared<Table>();
  for (const auto& g : spec.groups) {
    const std::string where = spec.file + ": group " + g.type;
    Bound b{g, &resolve(g.call.op, where), g.fields, {}, {}};
    require_params(g.call.params, *b.op, where);
    if (b.fields.empty()) {
      for (const auto& r : b.op->results) b.fields.push_back({r.name});
    }
    for (auto& f : b.fields) {
      if (f.from.empty()) f.from = f.name;
    }
    for (const auto& st : g.stages) b.stages.push_back(&resolve(st.op, where));
    for (const auto& c : g.calls) {
      b.calls.push_back(&resolve(c.op, where));
      require_params(c.params, *b.calls.back(), where);
    }
    if (!table->emplace(g.type, std::move(b)).second)
      throw std::logic_error(spec.file + ": two groups of type " + g.type);
  }
  return table;
}

// ---- The plan of one test.

// Plan is what every use of a test derives from its group and inputs, computed once: the op it
// calls, the members that are its inputs, whether the op rejects it.
struct Plan {
  const Bound* g;
  const ops::OpSpec* op;
  json::Object group;       // the group's members (Group::members)
  json::Object inputs;      // the test's inputs as shown (a stage's outputs included)
  std::string error;        // the field an invalid test names; empty for a valid test
  json::Object shown = {};  // a test's computed members, read back from the file (not at generation)

  [[nodiscard]] bool invalid() const { return !error.empty(); }
  // rejected: the op rejects the test (an invalid test of a group that is not judged).
  [[nodiscard]] bool rejected() const { return invalid() && !g->spec.judged; }
  [[nodiscard]] bool absent(std::string_view name, const json::Value& v) const {
    return v.is_null() && contains(g->spec.null_absent, name);
  }
  // member returns the test member (an input or a computed one; an element path) or group member
  // |name|, or nullptr.
  [[nodiscard]] const json::Value* member(std::string_view name) const {
    if (contains(g->spec.members, name)) return find_member(group, name);
    if (const json::Value* v = at_path(inputs, name)) return v;
    return at_path(shown, name);
  }
  // library_params is what the op (and every flag's alternative) receives: the group's members,
  // then every input but absent ones.
  [[nodiscard]] json::Object library_params() const {
    json::Object p = group;
    for (const auto& kv : inputs) {
      if (!absent(kv.first, kv.second)) p.push_back(kv);
    }
    return p;
  }
  // call_params is what a port receives for |call| on |op|: each param the op reads, in its
  // declaration order, from the member it maps to where the test has it, then the fixed ones.
  [[nodiscard]] json::Value call_params(const ops::OpSpec& call_op, const Call& call) const {
    json::Object p;
    for (const auto& name : leaf_names(call_op)) {
      if (find_member(call.fixed, name)) continue;
      const std::string& m = renamed(call.params, name);
      const json::Value* v = member(m);
      if (v && !absent(m, *v)) p.emplace_back(name, *v);
    }
    for (const auto& kv : call.fixed) p.push_back(kv);
    return json::Value(std::move(p));
  }
  // asked tells whether a port must answer field |f|: as the field says, else when |op| gives it as
  // a result (for an op with open results, for these params).
  [[nodiscard]] bool asked(const Field& f) const {
    if (f.asked) return *f.asked;
    if (declares_result(*op, f.from)) return true;
    if (!op->results_for) return false;
    const rapidjson::Document d = to_document(library_params());
    return contains(op->results_for(ops::read_args(*op, d)), f.from);
  }
};

const ops::OpSpec& op_of(const Bound& g, const json::Object& inputs) {
  if (!g.spec.hooks.op_of) return *g.op;
  return resolve(g.spec.hooks.op_of(inputs), "group " + g.spec.type);
}

Plan plan_of(const Bound& g, json::Object group, json::Object inputs, std::string error) {
  const ops::OpSpec* op = &op_of(g, inputs);
  return {&g, op, std::move(group), std::move(inputs), std::move(error)};
}

// Shown is the layout of a test's computed members: |leading| before the inputs, |after| after
// them (fields, then `error`; for a rejected test its fixed members, `error`, `errorPosition`).
struct Shown {
  json::Object leading, after;
};

}  // namespace

std::string judged_field(const Judged& v, const json::Value& result) {
  const json::Value* m = result.is_object() ? result.find(v.member) : nullptr;
  if (!m) throw std::logic_error("judged: the result has no " + v.member);
  if (m->is_null()) return "";
  const std::string& text = std::get<std::string>(m->variant());
  if (v.names.empty()) return text;
  for (const auto& [value, field] : v.names) {
    if (value == text) return field;
  }
  return "";
}

namespace {

// shown_of computes the layout |p|'s op gives with outcome |o|, or returns what is wrong (a valid
// test rejected, an invalid one accepted or rejected naming another field, a missing output).
std::string shown_of(const Plan& p, const Outcome& o, Shown& out) {
  const Group& spec = p.g->spec;
  if (p.rejected()) {
    if (o.ok) return "an invalid case is accepted: " + json::to_line(o.result);
    if (o.field != p.error) return "the error names " + o.field + ", not " + p.error + ": " + o.message;
    for (const auto& kv : spec.rejected.fixed) out.after.push_back(kv);
    out.after.emplace_back("error", p.error);
    if (spec.rejected.position) {
      out.after.emplace_back("errorPosition",
                             o.position ? json::Value(static_cast<std::int64_t>(*o.position)) : json::Value());
    }
    return "";
  }
  if (!o.ok) return "a case the op must answer is rejected: " + o.message;
  for (const Field& f : p.g->fields) {
    const json::Value* v = output_of(o, f.from);
    if (!v && f.optional) continue;
    if (!v) return "op " + p.op->name + " outputs no " + f.from;
    (f.leading ? out.leading : out.after).emplace_back(f.name, *v);
  }
  if (spec.judged) {
    const std::string field = judged_field(*spec.judged, o.result);
    if (field != p.error) return "the result does not verify at '" + field + "', not '" + p.error + "'";
    if (!field.empty()) out.after.emplace_back("error", field);
  }
  return "";
}

// computed_names lists the members shown_of may write, so that a test's inputs are the rest.
std::vector<std::string> computed_names(const Plan& p) {
  std::vector<std::string> names = {"error", "errorPosition"};
  if (p.rejected()) {
    for (const auto& kv : p.g->spec.rejected.fixed) names.push_back(kv.first);
  } else {
    for (const Field& f : p.g->fields) names.push_back(f.name);
  }
  return names;
}

// ---- Reading a test back into a plan.

struct Test {
  json::Object group, members;
  std::string path;
};

Test test_of(const Bound& g, const TestRef& t) {
  static const char* const kEnvelope[] = {"tcId", "comment", "flags", "result"};
  Test out{{}, {}, t.path};
  for (const auto& name : g.spec.members)
    out.group.emplace_back(name, json::Value::from_rapidjson(json::member(t.group, name, "group")));
  for (auto it = t.test.MemberBegin(); it != t.test.MemberEnd(); ++it) {
    const std::string name(it->name.GetString(), it->name.GetStringLength());
    if (!contains(kEnvelope, name)) out.members.emplace_back(name, json::Value::from_rapidjson(it->value));
  }
  return out;
}

// plan_of_test splits a test's members into inputs and computed members (the inverse of the
// layout generation writes) and plans it.
Plan plan_of_test(const Bound& g, const TestRef& t, const Test& test) {
  const std::string error = is_invalid(t) ? test_string(t, "error") : "";
  Plan probe{&g, g.op, test.group, {}, error};
  const std::vector<std::string> computed = computed_names(probe);
  json::Object inputs, shown;
  for (const auto& kv : test.members) (contains(computed, kv.first) ? shown : inputs).push_back(kv);
  Plan p = plan_of(g, test.group, std::move(inputs), error);
  p.shown = std::move(shown);
  return p;
}

const Bound* bound_of(const Table& table, const TestRef& t) {
  auto it = table.find(group_type(t));
  return it == table.end() ? nullptr : &it->second;
}

std::string mismatch(std::string_view name, const json::Value& expected, const json::Value& got) {
  return std::string(name) + ": expected " + json::to_line(expected) + ", got " + json::to_line(got);
}

// compare_shown compares the layout the op gives now with the test's members.
std::string compare_shown(const Plan& p, const Shown& now, const Test& test) {
  const std::vector<std::string> names = computed_names(p);
  for (const auto& name : names) {
    const json::Value* want = find_member(test.members, name);
    const json::Value* got = find_member(now.leading, name);
    if (!got) got = find_member(now.after, name);
    if (!want && !got) continue;
    if (!want) return "test has no member " + name;
    if (!got) return name + ": not expected here";
    if (json::to_line(*want) != json::to_line(*got)) return mismatch(name, *want, *got);
  }
  return "";
}

// ---- The three uses of a plan.

// check_plan recomputes |test|'s plan on |backend| and compares every computed member.
std::string check_plan(const Plan& p, const Test& test, const Backend& backend) {
  const Bound& g = *p.g;
  const rapidjson::Document params = to_document(p.library_params());
  for (std::size_t i = 0; i < g.stages.size(); ++i) {
    const Outcome so = run_op(*g.stages[i], params, backend);
    if (!so.ok) return "stage " + g.stages[i]->name + " rejects the test: " + so.message;
    for (const auto& name : g.spec.stages[i].outputs) {
      const json::Value* v = output_of(so, name);
      if (!v) return "stage " + g.stages[i]->name + " outputs no " + name;
      const json::Value* want = find_member(p.inputs, name);
      if (!want) return "test has no member " + name;
      if (json::to_line(*want) != json::to_line(*v)) return mismatch(name, *want, *v);
    }
  }
  const Outcome o = run_op(*p.op, params, backend, g.spec.hooks.trace);
  Shown now;
  if (std::string m = shown_of(p, o, now); !m.empty()) return m;
  return compare_shown(p, now, test);
}

// expected_answer is what a port must answer to the group's own call: the members Call::expect
// names, or else the asked fields the test shows, in the op's result order.
json::Value expected_answer(const Plan& p) {
  json::Object result;
  const Call& call = p.g->spec.call;
  auto need = [&](const std::string& name) -> const json::Value& {
    const json::Value* v = p.member(name);
    if (!v) throw InputError(name, "missing in the test");
    return *v;
  };
  if (!call.expect.empty()) {
    for (const auto& [r, m] : call.expect) result.emplace_back(r, need(m));
    return json::Value(std::move(result));
  }
  for (const auto& r : p.op->results) {
    for (const Field& f : p.g->fields) {
      if (f.from == r.name && p.asked(f) && p.member(f.name)) result.emplace_back(r.name, need(f.name));
    }
  }
  for (const Field& f : p.g->fields) {
    if (!declares_result(*p.op, f.from) && p.asked(f) && p.member(f.name)) result.emplace_back(f.from, need(f.name));
  }
  return json::Value(std::move(result));
}

// reads_field tells whether |call| on |op| reads the member an error field names ("clientSeeds[1]").
bool reads_field(const ops::OpSpec& op, const Call& call, const std::string& field) {
  const std::string base = field.substr(0, field.find_first_of(".["));
  for (const auto& name : leaf_names(op)) {
    if (renamed(call.params, name) == base) return true;
  }
  return false;
}

std::vector<PortCall> calls_of(const Plan& p, const Test& test) {
  const Bound& g = *p.g;
  std::vector<PortCall> calls;
  if (p.rejected()) {
    calls.push_back(bad_call(p.op->name, p.call_params(*p.op, g.spec.call)));
    for (std::size_t i = 0; i < g.calls.size(); ++i) {
      if (reads_field(*g.calls[i], g.spec.calls[i], p.error)) {
        calls.push_back(bad_call(g.calls[i]->name, p.call_params(*g.calls[i], g.spec.calls[i])));
      }
    }
    return calls;
  }
  calls.push_back(ok_call(p.op->name, p.call_params(*p.op, g.spec.call), expected_answer(p)));
  if (g.spec.hooks.more_calls) {
    for (auto& c : g.spec.hooks.more_calls(test.group, test.members, test.path)) calls.push_back(std::move(c));
  }
  for (std::size_t i = 0; i < g.calls.size(); ++i) {
    const Call& c = g.spec.calls[i];
    json::Object expected;
    if (c.expect.empty()) {
      for (const auto& r : g.calls[i]->results) {
        const json::Value* v = p.member(r.name);
        if (!v) throw InputError(test.path + "." + r.name, "missing");
        expected.emplace_back(r.name, *v);
      }
    } else {
      for (const auto& [r, m] : c.expect) {
        const json::Value* v = p.member(m);
        if (!v) throw InputError(test.path + "." + m, "missing");
        expected.emplace_back(r, *v);
      }
    }
    calls.push_back(ok_call(g.calls[i]->name, p.call_params(*g.calls[i], c), json::Value(std::move(expected))));
  }
  return calls;
}

// apply_stages runs |g|'s stages on |inputs| on every backend and inserts each stage's outputs after
// the last input the stage reads. Throws std::logic_error (a generator bug) when a stage rejects the
// case, outputs no such member or the backends disagree.
void apply_stages(const Bound& g, const json::Object& group, json::Object& inputs,
                  std::span<const Backend* const> backends, const std::string& where) {
  for (std::size_t k = 0; k < g.stages.size(); ++k) {
    const ops::OpSpec& st = *g.stages[k];
    json::Object all = group;
    all.insert(all.end(), inputs.begin(), inputs.end());
    const Outcome o = run_agreed(st, to_document(all), backends, {}, where);
    if (!o.ok) throw std::logic_error(where + ": stage " + st.name + " rejects the case: " + o.message);
    const std::vector<std::string> reads = leaf_names(st);
    std::size_t pos = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (contains(reads, inputs[i].first)) pos = i + 1;
    }
    for (const auto& name : g.spec.stages[k].outputs) {
      const json::Value* v = output_of(o, name);
      if (!v) throw std::logic_error(where + ": stage " + st.name + " outputs no " + name);
      inputs.insert(inputs.begin() + static_cast<std::ptrdiff_t>(pos++), {name, *v});
    }
  }
}

json::Value generate_file(const FileSpec& spec, const Table& table, const Ledger* previous, Ledger* next) {
  const std::string schema = spec.file.substr(0, spec.file.size() - std::string("_test.json").size()) + "_schema.json";
  VectorFileBuilder b(family_of_file(spec.file)->algorithm, schema, spec.header);
  for (const auto& f : spec.flags) b.note(f.name, bug_type_name(f.bug_type), f.description);
  FlagCheck flags(spec.file, spec.flags);
  Cases cases;
  spec.cases(cases);
  const auto backends = all_backends();
  std::string current, current_members;
  for (const Case& c : cases.all()) {
    const std::string where = spec.file + ": case '" + c.comment + "'";
    auto it = table.find(c.group);
    if (it == table.end()) throw std::logic_error(where + ": undeclared group type " + c.group);
    const Bound& g = it->second;
    std::vector<std::string> member_names;
    for (const auto& kv : c.members) member_names.push_back(kv.first);
    if (member_names != g.spec.members)
      throw std::logic_error(where + ": the case does not give the group members of " + c.group);
    const std::string members = json::to_line(json::Value(c.members));
    if (c.group != current || members != current_members) {
      json::Object group{{"type", c.group}};
      for (const auto& kv : c.members) group.push_back(kv);
      b.group(std::move(group));
      current = c.group;
      current_members = members;
    }
    json::Object inputs = c.inputs;
    apply_stages(g, c.members, inputs, backends, where);
    const Plan p = plan_of(g, c.members, std::move(inputs), c.error);
    const rapidjson::Document params = to_document(p.library_params());
    const Outcome o = run_agreed(*p.op, params, backends, g.spec.hooks.trace, where);
    Shown shown;
    if (std::string m = shown_of(p, o, shown); !m.empty()) throw std::logic_error(where + ": " + m);
    // A flag's property sees the members an answered test shows after its inputs.
    flags.on_case(c.flags, *p.op, params, o, p.rejected() ? json::Object{} : shown.after, *backends[0], where);
    json::Object fields = std::move(shown.leading);
    fields.insert(fields.end(), p.inputs.begin(), p.inputs.end());
    fields.insert(fields.end(), shown.after.begin(), shown.after.end());
    b.add(c.comment, c.flags, c.error.empty() ? Result::kValid : Result::kInvalid, std::move(fields),
          test_key(c.group, c.members, c.inputs));
  }
  flags.finish();
  return b.build(previous, next);
}

std::vector<PortCall> port_calls_of(const Table& table, const TestRef& t) {
  const Bound* g = bound_of(table, t);
  if (!g) throw InputError("type", "unknown group type " + group_type(t));
  const Test test = test_of(*g, t);
  return calls_of(plan_of_test(*g, t, test), test);
}

}  // namespace

// CatalogFile is a catalog's file spec bound to the op table: what every VectorKind holds.
class CatalogFile {
 public:
  CatalogFile(FileSpec s, std::shared_ptr<const Table> t) : spec(std::move(s)), table(std::move(t)) {}
  const FileSpec spec;
  const std::shared_ptr<const Table> table;
};

VectorKind catalog_kind(FileSpec spec) {
  const std::string suffix = "_test.json";
  if (spec.file.size() <= suffix.size() ||
      spec.file.compare(spec.file.size() - suffix.size(), suffix.size(), suffix) != 0) {
    throw std::logic_error("catalog file name " + spec.file + " does not end in " + suffix);
  }
  if (!family_of_file(spec.file)) throw std::logic_error("catalog file name " + spec.file + " names no family");
  auto table = bind(spec);
  VectorKind::Notes notes;
  for (const auto& f : spec.flags) notes.push_back({f.name, {bug_type_name(f.bug_type), f.description}});
  std::string file = spec.file;
  std::string schema = file.substr(0, file.size() - suffix.size()) + "_schema.json";
  return VectorKind(std::move(file), std::move(schema), std::move(notes),
                    std::make_shared<const CatalogFile>(std::move(spec), std::move(table)));
}

json::Value VectorKind::generate_ids(const Ledger* previous, Ledger* next) const {
  return generate_file(impl_->spec, *impl_->table, previous, next);
}

std::vector<std::pair<std::string, std::string>> VectorKind::companions(const json::Value& file_tree) const {
  // Beside its own companions, every catalog file has its wrong answers (vectors/wrong_answers.h):
  // those of every wrong port of its family's flag library.
  std::vector<std::pair<std::string, std::string>> out;
  if (impl_->spec.companions) out = impl_->spec.companions(file_tree);
  const FlagLibrary* lib = library_of_file(file);
  if (!lib) throw std::logic_error(file + ": its family has no flag library");
  const auto calls = [this](const TestRef& t) { return port_calls(t); };
  out.emplace_back(wrong_answers_path(file), wrong_answers_text(file, calls, lib->ports(), file_tree));
  return out;
}

std::string VectorKind::check_library(const TestRef& t, const Backend& backend) const {
  const Bound* g = bound_of(*impl_->table, t);
  if (!g) return "unknown group type " + group_type(t);
  const Test test = test_of(*g, t);
  return check_plan(plan_of_test(*g, t, test), test, backend);
}

std::string VectorKind::key_of(const TestRef& t) const {
  const Bound* g = bound_of(*impl_->table, t);
  if (!g) throw InputError("type", "unknown group type " + group_type(t));
  const Test test = test_of(*g, t);
  const Plan p = plan_of_test(*g, t, test);
  json::Object inputs;  // the case's inputs: a stage's outputs are computed
  for (const auto& kv : p.inputs) {
    bool staged = false;
    for (const auto& st : g->spec.stages) staged = staged || contains(st.outputs, kv.first);
    if (!staged) inputs.push_back(kv);
  }
  return test_key(g->spec.type, test.group, inputs);
}

std::vector<PortCall> VectorKind::port_calls(const TestRef& t) const { return port_calls_of(*impl_->table, t); }

}  // namespace fairvec::vectors
