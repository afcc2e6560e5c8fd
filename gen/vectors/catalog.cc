#include "vectors/catalog.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <utility>
#include <variant>

#include "core/errors.h"
#include "ops/op_table.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors {

const char* bug_type_name(BugType t) { return bug_types_table().at(static_cast<std::size_t>(t)).name; }

void Cases::valid(std::string group, std::string comment, std::vector<std::string> flags, json::Object inputs) {
  cases_.push_back({std::move(group), std::move(comment), std::move(flags), std::move(inputs), {}, members_});
}

void Cases::invalid(std::string group, std::string comment, std::vector<std::string> flags, json::Object inputs,
                    std::string error) {
  if (error.empty()) throw std::logic_error("invalid case '" + comment + "' names no error field");
  cases_.push_back({std::move(group), std::move(comment), std::move(flags), std::move(inputs), std::move(error), members_});
}

namespace {

// contains tells whether |names| holds |name|.
template <typename Names>
bool contains(const Names& names, std::string_view name) {
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// has_key tells whether the pairs |kvs| (a json::Object, a renaming) hold one whose first is |name|.
template <typename Pairs>
bool has_key(const Pairs& kvs, std::string_view name) {
  return std::any_of(kvs.begin(), kvs.end(), [&](const auto& kv) { return kv.first == name; });
}

// renamed returns what the renaming |from| ({name, other}) maps |name| to, or |name| itself.
std::string renamed(const std::vector<std::pair<std::string, std::string>>& from, const std::string& name) {
  auto it = std::find_if(from.begin(), from.end(), [&](const auto& kv) { return kv.first == name; });
  return it == from.end() ? name : it->second;
}

// Also is an AlsoCall with its op resolved.
struct Also {
  AlsoCall spec;
  const ops::OpSpec* op;
  std::vector<std::string> inputs;
};

// Bound is one group type with its op, resolved once.
struct Bound {
  GroupSpec spec;
  const ops::OpSpec* op;
  std::vector<std::string> inputs;  // the op's params, group members included, in declaration order
  std::vector<std::string> outputs;
  std::vector<std::string> sources;  // for each output, the result or trace member it is written from
  std::vector<Also> also;
  std::vector<Also> stages;  // GroupSpec::before, resolved (AlsoCall's op only)
};

void leaf_names(const std::vector<ops::Param>& params, std::vector<std::string>& out) {
  for (const auto& p : params) {
    if (p.members.empty()) {
      out.push_back(p.name);
    } else {
      leaf_names(p.members, out);
    }
  }
}

using Table = std::map<std::string, Bound, std::less<>>;

// op_for returns the op a test of |g| with these inputs calls (GroupSpec::op_of).
const ops::OpSpec& op_for(const Bound& g, const rapidjson::Value& inputs) {
  if (!g.spec.op_of) return *g.op;
  const std::string name = g.spec.op_of(inputs);
  const ops::OpSpec* op = ops::table().find(name);
  if (!op) throw std::logic_error("group " + g.spec.type + " picks the unknown op " + name);
  return *op;
}

std::vector<std::string> inputs_of(const Bound& g, const ops::OpSpec& op) {
  if (&op == g.op) return g.inputs;
  std::vector<std::string> names;
  leaf_names(op.params, names);
  return names;
}

// absent tells whether member |name| with |v| stands for an absent param (GroupSpec::null_absent).
bool absent(const Bound& g, std::string_view name, bool is_null) {
  const auto& n = g.spec.null_absent;
  return is_null && contains(n, name);
}

std::shared_ptr<const Table> bind(const FileSpec& spec) {
  auto table = std::make_shared<Table>();
  for (const auto& g : spec.groups) {
    const ops::OpSpec* op = ops::table().find(g.op);
    if (!op) throw std::logic_error(spec.file + ": group " + g.type + " names the unknown op " + g.op);
    Bound b{g, op, {}, g.outputs, {}, {}, {}};
    leaf_names(op->params, b.inputs);
    if (b.outputs.empty()) {
      for (const auto& r : op->results) b.outputs.push_back(r.name);
    }
    for (const auto& name : b.outputs) b.sources.push_back(renamed(g.from, name));
    for (const auto& kv : g.from) {
      if (!contains(b.outputs, kv.first)) {
        throw std::logic_error(spec.file + ": group " + g.type + " maps " + kv.first + ", which it does not output");
      }
    }
    auto resolve = [&](AlsoCall a) {
      const ops::OpSpec* found = ops::table().find(a.op);
      if (!found) throw std::logic_error(spec.file + ": group " + g.type + " names the unknown op " + a.op);
      Also resolved{std::move(a), found, {}};
      leaf_names(found->params, resolved.inputs);
      for (const auto& kv : resolved.spec.from) {
        if (!contains(resolved.inputs, kv.first)) {
          throw std::logic_error(spec.file + ": group " + g.type + " maps " + kv.first + ", which " + found->name + " does not read");
        }
      }
      return resolved;
    };
    for (const auto& st : g.before) b.stages.push_back(resolve({st.op}));
    for (const auto& a : g.also) b.also.push_back(resolve(a));
    if (!table->emplace(g.type, std::move(b)).second) throw std::logic_error(spec.file + ": two groups of type " + g.type);
  }
  return table;
}

rapidjson::Document to_document(const json::Value& v) {
  rapidjson::Document d;
  rapidjson::Value tmp = v.to_rapidjson(d.GetAllocator());
  static_cast<rapidjson::Value&>(d).Swap(tmp);
  return d;
}

// Outcome is what an op made of a params object: its result and trace, or the InputError.
struct Outcome {
  bool ok = false;
  json::Value result;
  json::Value trace;
  std::string field;
  std::optional<std::size_t> position;
  std::string message;
};

// GroupTrace is GroupSpec::trace: a group's own trace, replacing the op's.
using GroupTrace = std::function<json::Value(const rapidjson::Value& params, const Backend& backend)>;

// run_op runs |op|, and its trace (|group_trace| when set, else the op's), on |params|.
Outcome run_op(const ops::OpSpec& op, const rapidjson::Value& params, const Backend& backend,
               const GroupTrace& group_trace = {}) {
  try {
    const ops::Args args = ops::read_args(op, params);
    Outcome o;
    o.ok = true;
    o.result = op.handler(args, backend);
    if (group_trace) {
      o.trace = group_trace(params, backend);
    } else if (op.trace) {
      o.trace = op.trace(args, backend);
    }
    return o;
  } catch (const InputError& e) {
    Outcome o;
    o.field = e.field();
    o.position = e.position();
    o.message = e.what();
    return o;
  }
}

// output_of returns the member |name| of the result or, failing that, of the trace (nullptr: none).
const json::Value* output_of(const Outcome& o, std::string_view name) {
  if (const json::Value* v = o.result.is_object() ? o.result.find(name) : nullptr) return v;
  return o.trace.is_object() ? o.trace.find(name) : nullptr;
}

std::string describe(const Outcome& o) {
  if (!o.ok) return "error " + o.field + (o.position ? " at " + std::to_string(*o.position) : "") + ": " + o.message;
  return json::to_line(o.result) + (o.trace.is_object() ? " trace " + json::to_line(o.trace) : "");
}

// caught tells whether |alt| (a port with the flag's bug) answers the case otherwise than |o|; an
// alternative that answers null does not apply to the case.
bool caught(const Alternative& alt, const rapidjson::Value& params, const Outcome& o, const Backend& backend,
            const std::string& where) {
  json::Value answer;
  try {
    answer = alt(params, backend);
  } catch (const InputError&) {
    return o.ok;
  }
  if (std::holds_alternative<std::nullptr_t>(answer.variant())) return false;
  if (!o.ok) return true;
  if (!answer.is_object() || answer.as_object().empty()) throw std::logic_error(where + ": an alternative gave no members");
  for (const auto& [name, v] : answer.as_object()) {
    const json::Value* mine = output_of(o, name);
    if (!mine) throw std::logic_error(where + ": an alternative gave " + name + ", which the op does not output");
    if (json::to_line(*mine) != json::to_line(v)) return true;
  }
  return false;
}

bool if_given(const Bound& g, const std::string& output) {
  return contains(g.spec.if_given, output);
}

bool is_member(const Bound& g, const std::string& name) {
  return contains(g.spec.members, name);
}

// run_agreed runs |op| on the first backend and returns its outcome after checking that every other
// backend gives the same. Throws std::logic_error naming |where| when they disagree.
Outcome run_agreed(const ops::OpSpec& op, const rapidjson::Value& params, std::span<const Backend* const> backends,
                   const GroupTrace& trace, const std::string& where) {
  const Outcome o = run_op(op, params, *backends[0], trace);
  for (std::size_t i = 1; i < backends.size(); ++i) {
    const Outcome other = run_op(op, params, *backends[i], trace);
    if (describe(other) != describe(o)) {
      throw std::logic_error(where + ": backends disagree on " + op.name + ": " + describe(o) + " vs " + describe(other));
    }
  }
  return o;
}

// apply_stages runs |g|'s stages on |fields| (a case's inputs) on every backend and inserts each
// stage's outputs after the last field the stage reads. Throws std::logic_error (a generator bug)
// when a stage rejects the case, outputs no such member or the backends disagree.
void apply_stages(const Bound& g, json::Object& fields, std::span<const Backend* const> backends,
                  const std::string& where) {
  for (std::size_t k = 0; k < g.stages.size(); ++k) {
    const Also& st = g.stages[k];
    const rapidjson::Document p = to_document(json::Value(fields));
    const Outcome o = run_agreed(*st.op, p, backends, {}, where);
    if (!o.ok) throw std::logic_error(where + ": stage " + st.op->name + " rejects the case: " + o.message);
    std::size_t pos = 0;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (contains(st.inputs, fields[i].first)) pos = i + 1;
    }
    for (const auto& name : g.spec.before[k].outputs) {
      const json::Value* v = output_of(o, name);
      if (!v) throw std::logic_error(where + ": stage " + st.op->name + " outputs no " + name);
      fields.insert(fields.begin() + static_cast<std::ptrdiff_t>(pos++), {name, *v});
    }
  }
}

json::Value generate(const FileSpec& spec, const Table& table) {
  const std::string schema = spec.file.substr(0, spec.file.size() - std::string("_test.json").size()) + "_schema.json";
  VectorFileBuilder b(spec.algorithm, schema, spec.header);
  std::map<std::string, const Flag*, std::less<>> flags;
  for (const auto& f : spec.flags) {
    b.note(f.name, bug_type_name(f.bug_type), f.description);
    flags.emplace(f.name, &f);
  }
  Cases cases;
  spec.cases(cases);
  const auto backends = all_backends();
  std::map<std::string, std::set<std::size_t>, std::less<>> catches;  // flag -> alternatives that caught a case
  std::string current;
  std::string current_members;
  for (const Case& c : cases.all()) {
    const std::string where = spec.file + ": case '" + c.comment + "'";
    auto it = table.find(c.group);
    if (it == table.end()) throw std::logic_error(where + ": undeclared group type " + c.group);
    const Bound& g = it->second;
    std::vector<std::string> member_names;
    for (const auto& kv : c.members) member_names.push_back(kv.first);
    if (member_names != g.spec.members) throw std::logic_error(where + ": the case does not give the group members of " + c.group);
    const std::string members = json::to_line(json::Value(c.members));
    if (c.group != current || members != current_members) {
      json::Object group{{"type", c.group}};
      for (const auto& kv : c.members) group.push_back(kv);
      b.group(std::move(group));
      current = c.group;
      current_members = members;
    }
    json::Object fields = c.inputs;
    apply_stages(g, fields, backends, where);
    json::Object op_inputs = c.members;
    for (const auto& kv : fields) {
      if (!absent(g, kv.first, std::holds_alternative<std::nullptr_t>(kv.second.variant()))) op_inputs.push_back(kv);
    }
    const rapidjson::Document params = to_document(json::Value(std::move(op_inputs)));
    const ops::OpSpec& op = op_for(g, params);
    const Outcome o = run_agreed(op, params, backends, g.spec.trace, where);
    json::Object outputs;
    if (c.error.empty() || g.spec.judged) {
      if (!o.ok) throw std::logic_error(where + ": a case the op must answer is rejected: " + o.message);
      json::Object lead;
      for (const auto& name : g.spec.leading) {
        const json::Value* v = output_of(o, name);
        if (!v) throw std::logic_error(where + ": op " + op.name + " outputs no " + name);
        lead.emplace_back(name, *v);
      }
      fields.insert(fields.begin(), lead.begin(), lead.end());
      for (std::size_t i = 0; i < g.outputs.size(); ++i) {
        const json::Value* v = output_of(o, g.sources[i]);
        if (!v && if_given(g, g.outputs[i])) continue;
        if (!v) throw std::logic_error(where + ": op " + op.name + " outputs no " + g.sources[i]);
        outputs.emplace_back(g.outputs[i], *v);
      }
      if (g.spec.judged) {
        const std::string field = g.spec.judged(o.result);
        if (field != c.error) throw std::logic_error(where + ": the result does not verify at '" + field + "', not '" + c.error + "'");
        if (!field.empty()) outputs.emplace_back("error", field);
      }
    } else {
      if (o.ok) throw std::logic_error(where + ": an invalid case is accepted: " + json::to_line(o.result));
      if (o.field != c.error) throw std::logic_error(where + ": the error names " + o.field + ", not " + c.error + ": " + o.message);
      for (const auto& kv : g.spec.rejected) outputs.push_back(kv);
      outputs.emplace_back("error", c.error);
      if (g.spec.error_position) {
        outputs.emplace_back("errorPosition", o.position ? json::Value(static_cast<std::int64_t>(*o.position)) : json::Value());
      }
    }
    for (const auto& name : c.flags) {
      auto f = flags.find(name);
      if (f == flags.end()) continue;  // the builder reports an undefined flag
      const Flag& flag = *f->second;
      const std::string at = where + ", flag " + name;
      bool any = false;
      for (std::size_t k = 0; k < flag.differs.size(); ++k) {
        if (caught(flag.differs[k], params, o, *backends[0], at)) {
          any = true;
          catches[name].insert(k);
        }
      }
      if (!flag.differs.empty() && !any) throw std::logic_error(at + ": no alternative of the flag answers otherwise");
      if (flag.holds && !flag.holds(params, json::Value(o.ok ? outputs : json::Object{}))) {
        throw std::logic_error(at + ": the flag's property does not hold");
      }
    }
    for (auto& kv : outputs) fields.push_back(std::move(kv));
    b.add(c.comment, c.flags, c.error.empty() ? Result::kValid : Result::kInvalid, std::move(fields));
  }
  for (const auto& f : spec.flags) {
    for (std::size_t k = 0; k < f.differs.size(); ++k) {
      if (!catches[f.name].count(k)) {
        throw std::logic_error(spec.file + ", flag " + f.name + ": alternative " + std::to_string(k + 1) + " of " +
                               std::to_string(f.differs.size()) + " catches none of the flag's cases");
      }
    }
  }
  return b.build();
}

const Bound* bound_of(const Table& table, const TestRef& t) {
  auto it = table.find(group_type(t));
  return it == table.end() ? nullptr : &it->second;
}

json::Value params_of_test(const Bound& g, const std::vector<std::string>& inputs, const TestRef& t,
                           const json::Object& fixed = {},
                           const std::vector<std::pair<std::string, std::string>>& from = {}) {
  json::Object params;
  for (const auto& name : inputs) {
    if (has_key(fixed, name)) continue;
    const std::string m = renamed(from, name);  // the test member the param is read from
    if (is_member(g, m)) {
      params.emplace_back(name, json::Value::from_rapidjson(json::member(t.group, m, "group")));
      continue;
    }
    const rapidjson::Value* v = json::optional_member(t.test, m);
    if (v && !absent(g, m, v->IsNull())) params.emplace_back(name, test_value(t, m));
  }
  for (const auto& kv : fixed) params.push_back(kv);
  return json::Value(std::move(params));
}

// rejected_test tells whether |t| is an invalid test its op rejects (not one judged not to verify).
bool rejected_test(const Bound& g, const TestRef& t) { return is_invalid(t) && !g.spec.judged; }

// case_inputs_of returns the members of |t| its case gave: all but the envelope (tcId, comment,
// flags, result), the error, absent params and (of a test the op answered) the outputs or (of a
// rejected one) the rejected members, so that a check runs the op (and its trace) on what generation
// ran it on.
json::Value case_inputs_of(const Bound& g, const TestRef& t) {
  static const char* const kEnvelope[] = {"tcId", "comment", "flags", "result", "error", "errorPosition"};
  const bool rejected = rejected_test(g, t);  // a rejected test has no outputs
  json::Object params;
  for (const auto& name : g.spec.members) {
    params.emplace_back(name, json::Value::from_rapidjson(json::member(t.group, name, "group")));
  }
  for (auto it = t.test.MemberBegin(); it != t.test.MemberEnd(); ++it) {
    const std::string name(it->name.GetString(), it->name.GetStringLength());
    if (contains(kEnvelope, name)) continue;
    if (!rejected && (contains(g.outputs, name) || contains(g.spec.leading, name))) continue;
    if (rejected && has_key(g.spec.rejected, name)) continue;
    if (absent(g, name, it->value.IsNull())) continue;
    params.emplace_back(name, json::Value::from_rapidjson(it->value));
  }
  return json::Value(std::move(params));
}

// expected_of returns the test's members named as |op|'s results, those |outputs| lists.
json::Value expected_of(const ops::OpSpec& op, const std::vector<std::string>& outputs, const TestRef& t) {
  json::Object result;
  for (const auto& r : op.results) {
    if (contains(outputs, r.name)) result.emplace_back(r.name, test_value(t, r.name));
  }
  return json::Value(std::move(result));
}

// reads_field tells whether |inputs| holds the member an error field names ("clientSeeds[1]").
bool reads_field(const std::vector<std::string>& inputs, const std::string& field) {
  const std::string base = field.substr(0, field.find_first_of(".["));
  return contains(inputs, base);
}

}  // namespace

std::function<std::string(const json::Value& result)> judged_by_member(std::string name) {
  return [name = std::move(name)](const json::Value& result) -> std::string {
    const json::Value* v = result.find(name);
    if (!v) throw std::logic_error("judged_by_member: the result has no " + name);
    if (std::holds_alternative<std::nullptr_t>(v->variant())) return "";
    return std::get<std::string>(v->variant());
  };
}

VectorKind catalog_kind(FileSpec spec) {
  const std::string suffix = "_test.json";
  if (spec.file.size() <= suffix.size() || spec.file.compare(spec.file.size() - suffix.size(), suffix.size(), suffix) != 0) {
    throw std::logic_error("catalog file name " + spec.file + " does not end in " + suffix);
  }
  auto table = bind(spec);
  auto shared = std::make_shared<const FileSpec>(std::move(spec));
  VectorKind k;
  k.file = shared->file;
  k.schema = shared->file.substr(0, shared->file.size() - suffix.size()) + "_schema.json";
  k.generate = [shared, table] { return generate(*shared, *table); };
  k.companions = shared->companions;
  k.check_library = [table](const TestRef& t, const Backend& backend) -> std::string {
    const Bound* g = bound_of(*table, t);
    if (!g) return "unknown group type " + group_type(t);
    const rapidjson::Document params = to_document(case_inputs_of(*g, t));
    for (std::size_t st = 0; st < g->stages.size(); ++st) {
      const Outcome so = run_op(*g->stages[st].op, params, backend);
      if (!so.ok) return "stage " + g->stages[st].op->name + " rejects the test: " + so.message;
      for (const auto& name : g->spec.before[st].outputs) {
        const json::Value* v = output_of(so, name);
        if (!v) return "stage " + g->stages[st].op->name + " outputs no " + name;
        if (std::string m = expect_member(t, name, *v); !m.empty()) return m;
      }
    }
    const ops::OpSpec& op = op_for(*g, params);
    if (rejected_test(*g, t)) {
      for (const auto& [name, v] : g->spec.rejected) {
        if (std::string m = expect_member(t, name, v); !m.empty()) return m;
      }
      return expect_error(t, [&] { (void)ops::run(op, params, backend); });
    }
    const Outcome o = run_op(op, params, backend, g->spec.trace);
    if (!o.ok) return "rejected: " + o.message;
    for (const auto& name : g->spec.leading) {
      const json::Value* v = output_of(o, name);
      if (!v) return "op " + op.name + " outputs no " + name;
      if (std::string m = expect_member(t, name, *v); !m.empty()) return m;
    }
    if (g->spec.judged) {
      const std::string field = g->spec.judged(o.result);
      const std::string want = is_invalid(t) ? test_string(t, "error") : "";
      if (field != want) return "error (the field that does not verify): expected '" + want + "', got '" + field + "'";
    }
    for (std::size_t i = 0; i < g->outputs.size(); ++i) {
      const json::Value* v = output_of(o, g->sources[i]);
      if (!v && if_given(*g, g->outputs[i])) {
        if (json::optional_member(t.test, g->outputs[i])) return g->outputs[i] + ": not expected here";
        continue;
      }
      if (!v) return "op " + op.name + " outputs no " + g->sources[i];
      if (std::string m = expect_member(t, g->outputs[i], *v); !m.empty()) return m;
    }
    return "";
  };
  k.port_calls = [table](const TestRef& t) -> std::vector<PortCall> {
    const Bound* g = bound_of(*table, t);
    if (!g) throw InputError("type", "unknown group type " + group_type(t));
    std::vector<PortCall> calls;
    const ops::OpSpec& op = op_for(*g, t.test);
    const std::vector<std::string> inputs = inputs_of(*g, op);
    if (rejected_test(*g, t)) {
      calls.push_back(bad_call(op.name, params_of_test(*g, inputs, t)));
      const std::string field = test_string(t, "error");
      for (const auto& a : g->also) {
        std::vector<std::string> members;
        for (const auto& name : a.inputs) members.push_back(renamed(a.spec.from, name));
        if (reads_field(members, field)) {
          calls.push_back(bad_call(a.op->name, params_of_test(*g, a.inputs, t, a.spec.fixed, a.spec.from)));
        }
      }
      return calls;
    }
    json::Object result;
    for (const auto& r : op.results) {
      const auto& unasked = g->spec.unasked;
      if (contains(unasked, r.name)) continue;
      auto s = std::find(g->sources.begin(), g->sources.end(), r.name);
      if (s != g->sources.end()) result.emplace_back(r.name, test_value(t, g->outputs[static_cast<std::size_t>(s - g->sources.begin())]));
    }
    if (g->spec.expected) result = g->spec.expected(t);
    calls.push_back(ok_call(op.name, params_of_test(*g, inputs, t), json::Value(std::move(result))));
    if (g->spec.more_calls) {
      for (auto& c : g->spec.more_calls(t)) calls.push_back(std::move(c));
    }
    for (const auto& a : g->also) {
      std::vector<std::string> names;
      for (const auto& r : a.op->results) names.push_back(r.name);
      calls.push_back(ok_call(a.op->name, params_of_test(*g, a.inputs, t, a.spec.fixed, a.spec.from),
                              a.spec.expected ? json::Value(a.spec.expected(t)) : expected_of(*a.op, names, t)));
    }
    return calls;
  };
  return k;
}

}  // namespace fairvec::vectors
