#include "vectors/test_reader.h"

#include <memory>
#include <stdexcept>

#include "core/errors.h"

namespace fairvec::vectors {

const rapidjson::Value& test_member(const TestRef& t, std::string_view key) {
  return json::member(t.test, key, t.path);
}

std::string test_string(const TestRef& t, std::string_view key) { return json::get_string(t.test, key, t.path); }

json::Value test_value(const TestRef& t, std::string_view key) {
  return json::Value::from_rapidjson(test_member(t, key));
}

std::string group_type(const TestRef& t) { return json::get_string(t.group, "type", "testGroups[]"); }

bool is_invalid(const TestRef& t) { return test_string(t, "result") == "invalid"; }

const json::Value& member_of(const json::Object& o, std::string_view name, std::string_view path) {
  for (const auto& [k, v] : o) {
    if (k == name) return v;
  }
  throw InputError(std::string(path) + "." + std::string(name), "missing");
}

std::vector<std::string> strings_of(const json::Value& v, std::string_view field) {
  if (!v.is_array()) throw InputError(std::string(field), "must be an array");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.as_array().size(); ++i) {
    const auto* s = std::get_if<std::string>(&v.as_array()[i].variant());
    if (!s) throw InputError(std::string(field) + "[" + std::to_string(i) + "]", "must be a string");
    out.push_back(*s);
  }
  return out;
}

std::vector<std::string> string_items(const rapidjson::Value& a, std::string_view field,
                                      std::optional<std::size_t> count) {
  if (!a.IsArray())
    throw InputError(std::string(field),
                     count ? "must hold exactly " + std::to_string(*count) + " entries" : "must be an array");
  if (count && a.Size() != *count)
    throw InputError(std::string(field), "must hold exactly " + std::to_string(*count) + " entries");
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

PortCall ok_call(std::string op, json::Value params, json::Value result) {
  return {std::move(op), std::move(params), std::move(result)};
}

PortCall bad_call(std::string op, json::Value params) { return {std::move(op), std::move(params), std::nullopt}; }

std::string upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

}  // namespace fairvec::vectors
