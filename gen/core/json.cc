#include "core/json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>

#include <rapidjson/ostreamwrapper.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/errors.h"

namespace fairvec::json {

Value::Value(std::uint64_t i) {
  if (i > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    throw std::out_of_range("json::Value: integer above INT64_MAX");
  }
  v_ = static_cast<std::int64_t>(i);
}

Object& Value::as_object() {
  if (!is_object()) throw std::logic_error("json::Value: not an object");
  return *std::get<std::shared_ptr<Object>>(v_);
}
const Object& Value::as_object() const {
  if (!is_object()) throw std::logic_error("json::Value: not an object");
  return *std::get<std::shared_ptr<Object>>(v_);
}
Array& Value::as_array() {
  if (!is_array()) throw std::logic_error("json::Value: not an array");
  return *std::get<std::shared_ptr<Array>>(v_);
}
const Array& Value::as_array() const {
  if (!is_array()) throw std::logic_error("json::Value: not an array");
  return *std::get<std::shared_ptr<Array>>(v_);
}

Value& Value::set(std::string key, Value v) {
  Object& o = as_object();
  for (auto& [k, existing] : o) {
    if (k == key) {
      existing = std::move(v);
      return existing;
    }
  }
  o.emplace_back(std::move(key), std::move(v));
  return o.back().second;
}

const Value* Value::find(std::string_view key) const {
  for (const auto& [k, v] : as_object()) {
    if (k == key) return &v;
  }
  return nullptr;
}

Value Value::clone() const {
  if (is_object()) {
    Object o;
    for (const auto& [k, v] : as_object()) o.emplace_back(k, v.clone());
    return Value(std::move(o));
  }
  if (is_array()) {
    Array a;
    for (const auto& v : as_array()) a.push_back(v.clone());
    return Value(std::move(a));
  }
  return *this;
}

std::string format_double(double d) {
  if (!std::isfinite(d)) throw std::invalid_argument("format_double: non-finite value");
  char buf[64];
  auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, d);
  if (ec != std::errc()) throw std::logic_error("format_double: to_chars failed");
  std::string s(buf, ptr);
  // A bare integer such as "1" would read back as an integer; keep it a JSON number that is
  // visibly a double only where the text has no '.', 'e': append ".0".
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string ecmascript_number(double d) {
  if (std::isnan(d)) return "NaN";
  if (d == 0) return "0";
  if (d < 0) return "-" + ecmascript_number(-d);
  if (std::isinf(d)) return "Infinity";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);  // shortest: d.ddde+XX
  const std::string sci(buf, r.ptr);
  const std::size_t e = sci.find('e');
  std::string s = sci.substr(0, e);
  s.erase(std::remove(s.begin(), s.end(), '.'), s.end());
  const int k = static_cast<int>(s.size());
  const int n = std::stoi(sci.substr(e + 1)) + 1;  // s × 10^(n − k) is d
  if (k <= n && n <= 21) return s + std::string(static_cast<std::size_t>(n - k), '0');
  if (0 < n && n <= 21) return s.substr(0, static_cast<std::size_t>(n)) + "." + s.substr(static_cast<std::size_t>(n));
  if (-6 < n && n <= 0) return "0." + std::string(static_cast<std::size_t>(-n), '0') + s;
  const int x = n - 1;
  return s.substr(0, 1) + (k == 1 ? "" : "." + s.substr(1)) + "e" + (x > 0 ? "+" : "-") +
         std::to_string(x < 0 ? -x : x);
}

namespace {

template <typename Writer>
void write(const Value& v, Writer& w) {
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          w.Null();
        } else if constexpr (std::is_same_v<T, bool>) {
          w.Bool(x);
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          w.Int64(x);
        } else if constexpr (std::is_same_v<T, double>) {
          std::string s = format_double(x);
          w.RawValue(s.data(), s.size(), rapidjson::kNumberType);
        } else if constexpr (std::is_same_v<T, std::string>) {
          w.String(x.data(), static_cast<rapidjson::SizeType>(x.size()));
        } else if constexpr (std::is_same_v<T, std::shared_ptr<Array>>) {
          w.StartArray();
          for (const auto& item : *x) write(item, w);
          w.EndArray();
        } else {
          w.StartObject();
          for (const auto& [k, item] : *x) {
            w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
            write(item, w);
          }
          w.EndObject();
        }
      },
      v.variant());
}

// StringOut is a RapidJSON output stream that appends to a std::string: the text is built once,
// not in a buffer and then copied (a large reply or report is held once in memory).
struct StringOut {
  using Ch = char;
  std::string& text;
  void Put(char c) { text.push_back(c); }
  void Flush() {}
};

}  // namespace

std::string to_pretty(const Value& v) {
  std::string text;
  StringOut out{text};
  rapidjson::PrettyWriter<StringOut> w(out);
  w.SetIndent(' ', 2);
  w.SetFormatOptions(rapidjson::kFormatSingleLineArray);
  write(v, w);
  text += '\n';
  return text;
}

void write_pretty(std::ostream& out, const Value& v) {
  rapidjson::OStreamWrapper os(out);
  rapidjson::PrettyWriter<rapidjson::OStreamWrapper> w(os);
  w.SetIndent(' ', 2);
  w.SetFormatOptions(rapidjson::kFormatSingleLineArray);
  write(v, w);
  os.Flush();
  out << "\n";
}

std::string to_line(const Value& v) {
  std::string text;
  StringOut out{text};
  rapidjson::Writer<StringOut> w(out);
  write(v, w);
  return text;
}

rapidjson::Value Value::to_rapidjson(rapidjson::Document::AllocatorType& alloc) const {
  // Built directly, not through text: a string need not be valid UTF-8 here (fuzzed params are
  // carried as they are, and the scheme code rejects them with a message naming the field).
  return std::visit(
      [&](const auto& x) -> rapidjson::Value {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          return rapidjson::Value();
        } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, double>) {
          return rapidjson::Value(x);
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return rapidjson::Value(static_cast<std::int64_t>(x));
        } else if constexpr (std::is_same_v<T, std::string>) {
          return rapidjson::Value(x.data(), static_cast<rapidjson::SizeType>(x.size()), alloc);
        } else if constexpr (std::is_same_v<T, std::shared_ptr<Array>>) {
          rapidjson::Value a(rapidjson::kArrayType);
          for (const auto& item : *x) a.PushBack(item.to_rapidjson(alloc), alloc);
          return a;
        } else {
          rapidjson::Value o(rapidjson::kObjectType);
          for (const auto& [k, item] : *x) {
            o.AddMember(rapidjson::Value(k.data(), static_cast<rapidjson::SizeType>(k.size()), alloc),
                        item.to_rapidjson(alloc), alloc);
          }
          return o;
        }
      },
      v_);
}

Value Value::from_rapidjson(const rapidjson::Value& v) {
  switch (v.GetType()) {
    case rapidjson::kNullType: return Value();
    case rapidjson::kFalseType: return Value(false);
    case rapidjson::kTrueType: return Value(true);
    case rapidjson::kStringType: return Value(std::string(v.GetString(), v.GetStringLength()));
    case rapidjson::kNumberType:
      if (v.IsInt64()) return Value(v.GetInt64());
      return Value(v.GetDouble());
    case rapidjson::kArrayType: {
      Array a;
      for (const auto& item : v.GetArray()) a.push_back(from_rapidjson(item));
      return Value(std::move(a));
    }
    case rapidjson::kObjectType: {
      Object o;
      for (const auto& m : v.GetObject()) {
        o.emplace_back(std::string(m.name.GetString(), m.name.GetStringLength()), from_rapidjson(m.value));
      }
      return Value(std::move(o));
    }
  }
  return Value();
}

const rapidjson::Value* optional_member(const rapidjson::Value& obj, std::string_view key) {
  if (!obj.IsObject()) return nullptr;
  auto it = obj.FindMember(rapidjson::Value(rapidjson::StringRef(key.data(), key.size())));
  return it == obj.MemberEnd() ? nullptr : &it->value;
}

const rapidjson::Value& member(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  if (!obj.IsObject()) throw InputError(std::string(path), "must be a JSON object");
  const rapidjson::Value* v = optional_member(obj, key);
  if (!v) throw InputError(std::string(path) + "." + std::string(key), "missing");
  return *v;
}

namespace {
InputError type_error(std::string_view path, std::string_view key, const char* want) {
  return InputError(std::string(path) + "." + std::string(key), std::string("must be ") + want);
}
}  // namespace

std::string get_string(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& v = member(obj, key, path);
  if (!v.IsString()) throw type_error(path, key, "a string");
  return std::string(v.GetString(), v.GetStringLength());
}

std::int64_t get_int(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& v = member(obj, key, path);
  if (!v.IsInt64()) throw type_error(path, key, "an integer");
  return v.GetInt64();
}

std::uint64_t get_uint(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& v = member(obj, key, path);
  if (!v.IsUint64()) throw type_error(path, key, "a non-negative integer");
  return v.GetUint64();
}

bool get_bool(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& v = member(obj, key, path);
  if (!v.IsBool()) throw type_error(path, key, "true or false");
  return v.GetBool();
}

double get_double(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& v = member(obj, key, path);
  if (!v.IsNumber()) throw type_error(path, key, "a number");
  return v.GetDouble();
}

const rapidjson::Value& get_array(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& v = member(obj, key, path);
  if (!v.IsArray()) throw type_error(path, key, "an array");
  return v;
}

std::vector<std::string> get_string_array(const rapidjson::Value& obj, std::string_view key, std::string_view path) {
  const auto& a = get_array(obj, key, path);
  std::vector<std::string> out;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
    if (!a[i].IsString()) {
      throw InputError(std::string(path) + "." + std::string(key) + "[" + std::to_string(i) + "]", "must be a string");
    }
    out.emplace_back(a[i].GetString(), a[i].GetStringLength());
  }
  return out;
}

std::string to_text(const rapidjson::Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  v.Accept(w);
  return std::string(buf.GetString(), buf.GetSize());
}

bool equal(const rapidjson::Value& a, const rapidjson::Value& b) {
  if (a.IsNumber() && b.IsNumber()) {
    if (a.IsInt64() && b.IsInt64()) return a.GetInt64() == b.GetInt64();
    if (a.IsUint64() && b.IsUint64()) return a.GetUint64() == b.GetUint64();
    if (a.IsDouble() || b.IsDouble()) {
      double x = a.GetDouble(), y = b.GetDouble();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    return false;
  }
  if (a.GetType() != b.GetType()) return false;
  if (a.IsString()) {
    return a.GetStringLength() == b.GetStringLength() &&
           std::memcmp(a.GetString(), b.GetString(), a.GetStringLength()) == 0;
  }
  if (a.IsArray()) {
    if (a.Size() != b.Size()) return false;
    for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
      if (!equal(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.IsObject()) {
    if (a.MemberCount() != b.MemberCount()) return false;
    for (const auto& m : a.GetObject()) {
      auto it = b.FindMember(m.name);
      if (it == b.MemberEnd() || !equal(m.value, it->value)) return false;
    }
    return true;
  }
  return true;  // null, true, false of equal type
}

}  // namespace fairvec::json
