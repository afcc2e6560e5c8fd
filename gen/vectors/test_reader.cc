#include "vectors/test_reader.h"

#include "core/errors.h"

namespace fairvec::vectors {

const rapidjson::Value& test_member(const TestRef& t, std::string_view key) { return json::member(t.test, key, t.path); }

std::string test_string(const TestRef& t, std::string_view key) { return json::get_string(t.test, key, t.path); }

json::Value test_value(const TestRef& t, std::string_view key) { return json::Value::from_rapidjson(test_member(t, key)); }

std::string group_type(const TestRef& t) { return json::get_string(t.group, "type", "testGroups[]"); }

bool is_invalid(const TestRef& t) { return test_string(t, "result") == "invalid"; }

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

}  // namespace fairvec::vectors
