#include "ops/op_table.h"

#include <algorithm>
#include <set>

#include "core/bytes.h"
#include "core/errors.h"
#include "core/families.h"
#include "core/input_rules.h"
#include "ops/fuzz_values.h"

namespace fairvec::ops {

std::string field(std::string_view key, Naming n) {
  return n == Naming::kParams ? "params." + std::string(key) : std::string(key);
}

void Table::add(OpSpec op) {
  if (find(op.name)) throw std::logic_error("op declared twice: " + op.name);
  if (op.examples.empty()) throw std::logic_error("op without an example: " + op.name);
  auto at = std::lower_bound(ops_.begin(), ops_.end(), op.name,
                             [](const OpSpec& a, const std::string& n) { return a.name < n; });
  ops_.insert(at, std::move(op));
}

const OpSpec* Table::find(std::string_view name) const {
  for (const auto& op : ops_) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

std::vector<std::string> Table::names() const {
  std::vector<std::string> out;
  for (const auto& op : ops_) out.push_back(op.name);
  return out;
}

const Table& table() {
  static const Table kTable = [] {
    Table t;
    for (const FamilyOps& f : family_ops()) {
      Table part;
      f.add(part);
      const Family* family = family_by_id(f.family);
      for (OpSpec op : part.ops()) {
        if (family_of_op(op.name) != family) throw std::logic_error(std::string(f.family) + " adds the op " + op.name);
        op.spec = family->spec;
        t.add(std::move(op));
      }
    }
    return t;
  }();
  return kTable;
}

Args read_args(const OpSpec& op, const rapidjson::Value& params) {
  Args args(params);
  for (const Param& p : op.params) {
    if (!p.members.empty()) {
      args.set(p.name, p.kind->read(&params, p.name));
      continue;
    }
    const rapidjson::Value* v = json::optional_member(params, p.name);
    if (!v && p.optional) continue;
    args.set(p.name, p.kind->read(v, p.name));
  }
  return args;
}

json::Value run(const OpSpec& op, const rapidjson::Value& params, const Backend& backend) {
  return op.handler(read_args(op, params), backend);
}

namespace {

// for_each_leaf calls |f| on every param that is one member (group members, not groups).
template <typename F>
void for_each_leaf(const std::vector<Param>& params, F&& f) {
  for (const Param& p : params) {
    if (p.members.empty()) {
      f(p);
    } else {
      for_each_leaf(p.members, f);
    }
  }
}

json::Value object_schema(const std::vector<std::pair<std::string, json::Value>>& props,
                          const std::vector<std::string>& required, bool open) {
  json::Object properties;
  for (const auto& [k, v] : props) properties.emplace_back(k, v);
  json::Object s{{"type", "object"},
                 {"properties", json::Value(std::move(properties))},
                 {"required", json::Value::array_of(required)}};
  if (!open) s.emplace_back("additionalProperties", false);
  return json::Value(std::move(s));
}

}  // namespace

json::Value params_schema(const OpSpec& op) {
  std::vector<std::pair<std::string, json::Value>> props;
  std::vector<std::string> required;
  for_each_leaf(op.params, [&](const Param& p) {
    props.emplace_back(p.name, p.kind->schema());
    if (!p.optional) required.push_back(p.name);
  });
  // Ports ignore members an op does not read, so the params schema stays open.
  return object_schema(props, required, true);
}

Result addition(Result r) {
  r.addition = true;
  return r;
}

json::Value results_schema(const OpSpec& op) {
  std::vector<std::pair<std::string, json::Value>> props;
  std::vector<std::string> required;
  for (const Result& r : op.results) {
    props.emplace_back(r.name, r.kind->schema());
    if (!r.addition) required.push_back(r.name);
  }
  return object_schema(props, required, op.open_results);
}

namespace {

json::Value describe_param(const Param& p) {
  json::Object o{{"name", p.name}, {"kind", p.kind->name}};
  if (p.members.empty()) {
    o.emplace_back("required", !p.optional);
    o.emplace_back("exact", p.kind->exact && !p.checked_by_op);
    o.emplace_back("schema", p.kind->schema());
  } else {
    // A group's kind checks how its members fit together: never what their schemas alone say.
    o.emplace_back("exact", false);
    json::Array members;
    for (const Param& m : p.members) members.push_back(describe_param(m));
    o.emplace_back("members", json::Value(std::move(members)));
  }
  return json::Value(std::move(o));
}

}  // namespace

Param checked(Param p) {
  p.checked_by_op = true;
  return p;
}

json::Value describe(const Table& t) {
  json::Array ops;
  for (const OpSpec& op : t.ops()) {
    json::Array params, results;
    for (const Param& p : op.params) params.push_back(describe_param(p));
    for (const Result& r : op.results) {
      results.push_back(json::Value::object(
          {{"name", r.name}, {"kind", r.kind->name}, {"schema", r.kind->schema()}, {"addition", r.addition}}));
    }
    ops.push_back(json::Value::object({{"name", op.name},
                                       {"spec", op.spec},
                                       {"addition", op.addition},
                                       {"summary", op.summary},
                                       {"params", json::Value(std::move(params))},
                                       {"results", json::Value(std::move(results))},
                                       {"openResults", op.open_results},
                                       {"paramsSchema", params_schema(op)},
                                       {"resultSchema", results_schema(op)},
                                       {"examples", json::Value(json::Array(op.examples))}}));
  }
  return json::Value::object({{"format", "fairvec-ops"}, {"version", 1}, {"ops", json::Value(std::move(ops))}});
}

std::vector<std::pair<std::string, KindRef>> all_kinds(const Table& t) {
  std::vector<std::pair<std::string, KindRef>> out;
  std::set<const Kind*> seen;
  for (const OpSpec& op : t.ops()) {
    for_each_leaf(op.params, [&](const Param& p) {
      if (seen.insert(p.kind.get()).second) out.emplace_back(op.name + " " + p.name, p.kind);
    });
  }
  return out;
}

json::Value fuzz_params(const OpSpec& op, ByteReader& in) {
  static const std::vector<std::pair<std::string, KindRef>> kAll = all_kinds(table());
  json::Object o;
  for_each_leaf(op.params, [&](const Param& p) {
    std::size_t mode = in.pick(32);
    if (mode == 0) return;  // missing
    // mode 1: a value of some other kind (a wrong kind)
    const KindRef& k = mode == 1 && !kAll.empty() ? kAll[in.pick(kAll.size())].second : p.kind;
    o.emplace_back(p.name, k->fuzz(in));
  });
  if (in.pick(32) == 0 && !kAll.empty()) o.emplace_back("extra", kAll[in.pick(kAll.size())].second->fuzz(in));
  return json::Value(std::move(o));
}

// --- Kind builders.

KindRef value_kind(std::string name, Naming n, std::function<std::any(const rapidjson::Value&, std::string_view)> read,
                   json::Value schema, std::function<json::Value(ByteReader&)> fuzz, bool exact) {
  auto k = std::make_shared<Kind>();
  k->name = std::move(name);
  k->exact = exact;
  k->read = [n, read = std::move(read)](const rapidjson::Value* v, std::string_view key) -> std::any {
    if (!v) throw InputError(field(key, n), "missing");
    return read(*v, key);
  };
  k->schema = [schema = std::move(schema)] { return schema; };
  k->fuzz = std::move(fuzz);
  return k;
}

KindRef string_kind(std::string name, Naming n, std::function<std::any(std::string_view, std::string_view)> parse,
                    json::Value schema, std::function<json::Value(ByteReader&)> fuzz, bool exact) {
  return value_kind(
      std::move(name), n,
      [n, parse = std::move(parse)](const rapidjson::Value& v, std::string_view key) {
        if (!v.IsString()) throw InputError(field(key, n), "must be a string");
        return parse(std::string_view(v.GetString(), v.GetStringLength()), key);
      },
      std::move(schema), std::move(fuzz), exact);
}

KindRef text(std::string name, Naming n, json::Value schema, std::function<json::Value(ByteReader&)> fuzz) {
  return string_kind(
      std::move(name), n, [](std::string_view t, std::string_view) { return std::string(t); }, std::move(schema),
      std::move(fuzz));
}

KindRef string_list_kind(std::string name,
                         std::function<std::any(const std::vector<std::string>&, std::string_view)> parse,
                         json::Value schema, std::function<json::Value(ByteReader&)> fuzz, bool exact) {
  return value_kind(
      std::move(name), Naming::kParams,
      [parse = std::move(parse)](const rapidjson::Value& v, std::string_view key) {
        const std::string f = field(key, Naming::kParams);
        if (!v.IsArray()) throw InputError(f, "must be an array");
        std::vector<std::string> out;
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
          if (!v[i].IsString()) throw InputError(f + "[" + std::to_string(i) + "]", "must be a string");
          out.emplace_back(v[i].GetString(), v[i].GetStringLength());
        }
        return parse(out, key);
      },
      std::move(schema), std::move(fuzz), exact);
}

KindRef uint_kind(std::string name, UintRule rule) {
  json::Value schema = schema_integer(rule.schema_lo, rule.schema_hi);
  const std::uint64_t typical = rule.schema_hi == UINT64_MAX ? 80 : rule.schema_hi + 1;
  return value_kind(
      std::move(name), rule.missing,
      [rule](const rapidjson::Value& v, std::string_view key) {
        if (!v.IsUint64() || v.GetUint64() < rule.lo || v.GetUint64() > rule.hi) {
          throw InputError(field(key, rule.type), rule.message);
        }
        if (rule.check) rule.check(v.GetUint64(), key);
        return v.GetUint64();
      },
      std::move(schema), [typical](ByteReader& in) { return make::integer(in, typical); });
}

KindRef digest_list(std::string name) {
  return string_list_kind(
      std::move(name),
      [](const std::vector<std::string>& hex, std::string_view key) {
        std::vector<Digest> out;
        for (std::size_t i = 0; i < hex.size(); ++i) {
          out.push_back(digest_from_hex(hex[i], std::string(key) + "[" + std::to_string(i) + "]"));
        }
        return out;
      },
      schema_array(schema_hex(32, 32)),
      [](ByteReader& in) {
        return make::array(in, 1 + in.pick(4), [](ByteReader& r) { return make::hex(r, 32, 32); });
      });
}

KindRef result_kind(std::string name, json::Value schema) {
  auto k = std::make_shared<Kind>();
  k->name = std::move(name);
  k->schema = [schema = std::move(schema)] { return schema; };
  return k;
}

// --- Schema fragments.

json::Value schema_string(std::string_view pattern) {
  json::Object o{{"type", "string"}};
  if (!pattern.empty()) o.emplace_back("pattern", std::string(pattern));
  return json::Value(std::move(o));
}

json::Value schema_integer(std::uint64_t lo, std::uint64_t hi) {
  json::Object o{{"type", "integer"}, {"minimum", json::Value(lo)}};
  if (hi <= static_cast<std::uint64_t>(INT64_MAX)) o.emplace_back("maximum", json::Value(hi));
  return json::Value(std::move(o));
}

json::Value schema_enum(const std::vector<std::string>& names) {
  return json::Value::object({{"type", "string"}, {"enum", json::Value::array_of(names)}});
}

json::Value schema_array(json::Value items, std::size_t min_items, std::size_t max_items) {
  json::Object o{{"type", "array"}, {"items", std::move(items)}};
  if (min_items > 0) o.emplace_back("minItems", json::Value(static_cast<std::uint64_t>(min_items)));
  if (max_items != SIZE_MAX) o.emplace_back("maxItems", json::Value(static_cast<std::uint64_t>(max_items)));
  return json::Value(std::move(o));
}

json::Value schema_hex(std::size_t lo, std::size_t hi) {
  json::Object o{{"type", "string"}, {"pattern", "^([0-9a-fA-F][0-9a-fA-F])*$"}};
  if (lo > 0) o.emplace_back("minLength", json::Value(static_cast<std::uint64_t>(2 * lo)));
  if (hi != SIZE_MAX) o.emplace_back("maxLength", json::Value(static_cast<std::uint64_t>(2 * hi)));
  return json::Value(std::move(o));
}

json::Value schema_text(std::string_view cls, std::size_t max) {
  return json::Value::object({{"type", "string"},
                              {"pattern", "^[" + std::string(cls) + "]+$"},
                              {"maxLength", json::Value(static_cast<std::uint64_t>(max))}});
}

KindRef hex32_result() {
  static const KindRef k = result_kind("hex, 32 bytes, lowercase", schema_string("^[0-9a-f]{64}$"));
  return k;
}

KindRef utf8_text() {
  static const KindRef k = text("string (UTF-8)", Naming::kParams, schema_string(), make::text);
  return k;
}

KindRef seed_text() {
  static const KindRef k = value_kind(
      "string (UTF-8)", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) { return fairvec::read_text(v, key); }, schema_string(),
      make::text);
  return k;
}

KindRef counter() {
  static const KindRef k = value_kind(
      "integer 0..2^53 - 1", Naming::kBare,
      [](const rapidjson::Value& v, std::string_view key) { return fairvec::read_counter(v, key); },
      schema_integer(0, fairvec::kMaxCounter),
      [](ByteReader& in) { return make::integer(in, fairvec::kMaxCounter + 1); });
  return k;
}

KindRef dice_result() {
  static const KindRef k = result_kind("dice [d1, d2], each 1..6", schema_array(schema_integer(1, 6), 2, 2));
  return k;
}

}  // namespace fairvec::ops
