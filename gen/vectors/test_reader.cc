#include "vectors/test_reader.h"

#include <map>
#include <memory>
#include <stdexcept>

#include "core/errors.h"

namespace fairvec::vectors {

const rapidjson::Value& test_member(const TestRef& t, std::string_view key) { return json::member(t.test, key, t.path); }

std::string test_string(const TestRef& t, std::string_view key) { return json::get_string(t.test, key, t.path); }

json::Value test_value(const TestRef& t, std::string_view key) { return json::Value::from_rapidjson(test_member(t, key)); }

std::string group_type(const TestRef& t) { return json::get_string(t.group, "type", "testGroups[]"); }

bool is_invalid(const TestRef& t) { return test_string(t, "result") == "invalid"; }

std::vector<std::string> string_items(const rapidjson::Value& a, std::string_view field, std::optional<std::size_t> count) {
  if (!a.IsArray()) throw InputError(std::string(field), count ? "must hold exactly " + std::to_string(*count) + " entries" : "must be an array");
  if (count && a.Size() != *count) throw InputError(std::string(field), "must hold exactly " + std::to_string(*count) + " entries");
  std::vector<std::string> out;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
    if (!a[i].IsString()) throw InputError(std::string(field) + "[" + std::to_string(i) + "]", "must be a string");
    out.emplace_back(a[i].GetString(), a[i].GetStringLength());
  }
  return out;
}

json::Value params_of(const TestRef& t, std::initializer_list<const char*> keys) {
  json::Object o;
  for (const char* k : keys) o.emplace_back(k, test_value(t, k));
  return json::Value(std::move(o));
}

json::Value params_present(const TestRef& t, std::initializer_list<const char*> keys, json::Object params) {
  for (const char* k : keys) {
    if (const rapidjson::Value* v = json::optional_member(t.test, k)) params.emplace_back(k, json::Value::from_rapidjson(*v));
  }
  return json::Value(std::move(params));
}

std::string expect_equal(std::string_view what, const rapidjson::Value& expected, const json::Value& actual) {
  rapidjson::Document d;
  rapidjson::Value a = actual.to_rapidjson(d.GetAllocator());
  if (json::equal(expected, a)) return "";
  return std::string(what) + ": expected " + json::to_text(expected) + ", got " + json::to_text(a);
}

std::string expect_member(const TestRef& t, std::string_view key, const json::Value& actual) {
  const rapidjson::Value* e = json::optional_member(t.test, key);
  if (!e) return "test has no member " + std::string(key);
  return expect_equal(key, *e, actual);
}

std::string expect_members(const TestRef& t, const json::Object& computed) {
  for (const auto& [k, v] : computed) {
    if (std::string r = expect_member(t, k, v); !r.empty()) return r;
  }
  return "";
}

std::string expect_error(const TestRef& t, const std::function<void()>& f) {
  const std::string want = test_string(t, "error");
  try {
    f();
  } catch (const InputError& e) {
    if (e.field() != want) return "error field: expected " + want + ", got " + e.field() + " (" + e.what() + ")";
    if (json::optional_member(t.test, "errorPosition")) {
      json::Value got = e.position() ? json::Value(static_cast<std::int64_t>(*e.position())) : json::Value();
      if (std::string m = expect_member(t, "errorPosition", got); !m.empty()) return m + " (" + e.what() + ")";
    }
    return "";
  }
  return "accepted invalid input (expected an error in " + want + ")";
}

std::string first_failure(std::initializer_list<std::string> checks) {
  for (const auto& c : checks) {
    if (!c.empty()) return c;
  }
  return "";
}

PortCall ok_call(std::string op, json::Value params, json::Value result) {
  return {std::move(op), std::move(params), std::move(result)};
}

PortCall bad_call(std::string op, json::Value params) { return {std::move(op), std::move(params), std::nullopt}; }

PortCall call_of(const TestRef& t, std::string op, std::initializer_list<const char*> inputs,
                 std::initializer_list<const char*> outputs) {
  PortCall c{std::move(op), params_of(t, inputs), std::nullopt};
  if (test_string(t, "result") == "valid") c.result = params_of(t, outputs);
  return c;
}

std::function<std::string(const TestRef&, const Backend&)> rejects(std::function<void(const TestRef&, const Backend&)> f) {
  return [f = std::move(f)](const TestRef& t, const Backend& backend) { return expect_error(t, [&] { f(t, backend); }); };
}

VectorKind group_kind(std::string file, std::string schema, std::function<json::Value()> generate,
                      std::vector<GroupRule> rules) {
  auto table = std::make_shared<std::map<std::string, GroupRule, std::less<>>>();
  for (auto& r : rules) {
    std::string type = r.type;
    if (!table->emplace(type, std::move(r)).second) throw std::logic_error(file + ": two rows for group type " + type);
  }
  auto row = [table](const TestRef& t) -> const GroupRule* {
    auto it = table->find(group_type(t));
    return it == table->end() ? nullptr : &it->second;
  };
  VectorKind k{std::move(file), std::move(schema), std::move(generate), {}, {}};
  k.check_library = [row](const TestRef& t, const Backend& backend) {
    const GroupRule* r = row(t);
    return r ? r->check(t, backend) : "unknown group type " + group_type(t);
  };
  k.port_calls = [row](const TestRef& t) {
    const GroupRule* r = row(t);
    if (!r) throw InputError("type", "unknown group type " + group_type(t));
    return r->calls(t);
  };
  return k;
}

std::string upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

}  // namespace fairvec::vectors
