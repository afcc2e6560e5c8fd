#include "core/json.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
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

}  // namespace

std::string to_pretty(const Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buf);
  w.SetIndent(' ', 2);
  w.SetFormatOptions(rapidjson::kFormatSingleLineArray);
  write(v, w);
  return std::string(buf.GetString(), buf.GetSize()) + "\n";
}

std::string to_line(const Value& v) {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  write(v, w);
  return std::string(buf.GetString(), buf.GetSize());
}

namespace {

// ExactNumbers passes every parse event to a Document, except that numbers arrive as text
// (kParseNumbersAsStringsFlag) and are converted here: integers to int64/uint64 when they fit, all
// else to the correctly rounded binary64 by std::from_chars. RapidJSON 1.1's own full-precision
// path has undefined behaviour on inputs such as 0E0099 (__builtin_clzll(0) in DiyFp::Normalize).
struct ExactNumbers {
  rapidjson::Document& d;
  std::string error;
  bool Null() { return d.Null(); }
  bool Bool(bool b) { return d.Bool(b); }
  bool Int(int i) { return d.Int(i); }
  bool Uint(unsigned i) { return d.Uint(i); }
  bool Int64(std::int64_t i) { return d.Int64(i); }
  bool Uint64(std::uint64_t i) { return d.Uint64(i); }
  bool Double(double x) { return d.Double(x); }
  bool RawNumber(const char* str, rapidjson::SizeType len, bool) {
    const char* end = str + len;
    if (std::string_view(str, len).find_first_of(".eE") == std::string_view::npos) {
      std::int64_t i;
      if (auto r = std::from_chars(str, end, i); r.ec == std::errc() && r.ptr == end) return d.Int64(i);
      std::uint64_t u;
      if (auto r = std::from_chars(str, end, u); r.ec == std::errc() && r.ptr == end) return d.Uint64(u);
    }
    double x;
    auto r = std::from_chars(str, end, x);
    if (r.ec != std::errc() || r.ptr != end || !std::isfinite(x)) {
      error = "number " + std::string(str, std::min<std::size_t>(len, 40)) + " is outside binary64";
      return false;
    }
    return d.Double(x);
  }
  bool String(const char* str, rapidjson::SizeType len, bool copy) { return d.String(str, len, copy); }
  bool StartObject() { return d.StartObject(); }
  bool Key(const char* str, rapidjson::SizeType len, bool copy) { return d.Key(str, len, copy); }
  bool EndObject(rapidjson::SizeType n) { return d.EndObject(n); }
  bool StartArray() { return d.StartArray(); }
  bool EndArray(rapidjson::SizeType n) { return d.EndArray(n); }
};

struct ParseError {
  std::string message;
  std::size_t offset;
};

// parse_exact parses |text| into |doc| (iteratively, UTF-8 validated, numbers exact). It returns
// the error, if any.
std::optional<ParseError> parse_exact(std::string_view text, rapidjson::Document& doc) {
  rapidjson::Reader reader;
  rapidjson::MemoryStream ms(text.data(), text.size());
  std::string handler_error;
  auto generator = [&](rapidjson::Document& out) {
    ExactNumbers h{out, {}};
    reader.Parse<rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag |
                 rapidjson::kParseValidateEncodingFlag>(ms, h);
    handler_error = h.error;
    return !reader.HasParseError();
  };
  doc.SetNull();
  doc.Populate(generator);
  if (!reader.HasParseError()) return std::nullopt;
  std::string message = handler_error.empty()
                            ? std::string("invalid JSON: ") + rapidjson::GetParseError_En(reader.GetParseErrorCode())
                            : handler_error;
  return ParseError{message, reader.GetErrorOffset()};
}

}  // namespace

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
    case rapidjson::kNullType:
      return Value();
    case rapidjson::kFalseType:
      return Value(false);
    case rapidjson::kTrueType:
      return Value(true);
    case rapidjson::kStringType:
      return Value(std::string(v.GetString(), v.GetStringLength()));
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
        o.emplace_back(std::string(m.name.GetString(), m.name.GetStringLength()),
                       from_rapidjson(m.value));
      }
      return Value(std::move(o));
    }
  }
  return Value();
}

namespace {

// The deepest nesting json::parse accepts. Parsing itself is iterative, but the code that walks a
// parsed tree (writers, comparisons, conversions) recurses; the bound keeps hostile input from
// exhausting the stack.
constexpr int kMaxDepth = 512;

// has_surrogate tells whether |s| holds a UTF-16 surrogate encoded as UTF-8 (ED A0..BF xx). RapidJSON
// 1.1 validates raw UTF-8 but turns an escaped lone low surrogate ("\udc00") into such bytes: text
// that is not Unicode, cannot be hashed as UTF-8 and would be written back out as invalid JSON.
bool has_surrogate(const char* s, std::size_t n) {
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (static_cast<unsigned char>(s[i]) == 0xED && static_cast<unsigned char>(s[i + 1]) >= 0xA0) return true;
  }
  return false;
}

// check_tree walks |root| without recursion and throws InputError naming |what| at the first object
// holding a key twice, at a string holding a lone surrogate, or at nesting deeper than kMaxDepth.
void check_tree(const rapidjson::Value& root, std::string_view what) {
  struct Item {
    const rapidjson::Value* v;
    std::string path;
    int depth;
  };
  std::vector<Item> stack{{&root, "$", 0}};
  while (!stack.empty()) {
    Item it = std::move(stack.back());
    stack.pop_back();
    if (it.depth > kMaxDepth) {
      throw InputError(std::string(what), "nested deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    if (it.v->IsObject()) {
      std::set<std::string_view> seen;
      for (const auto& m : it.v->GetObject()) {
        std::string_view k(m.name.GetString(), m.name.GetStringLength());
        if (!seen.insert(k).second) {
          throw InputError(std::string(what), "duplicate object key at " + it.path + "." + std::string(k));
        }
        if (has_surrogate(k.data(), k.size()) ||
            (m.value.IsString() && has_surrogate(m.value.GetString(), m.value.GetStringLength()))) {
          throw InputError(std::string(what), "lone surrogate escape in a string at " + it.path);
        }
        if (m.value.IsObject() || m.value.IsArray()) stack.push_back({&m.value, it.path + "." + std::string(k), it.depth + 1});
      }
    } else if (it.v->IsArray()) {
      for (rapidjson::SizeType i = 0; i < it.v->Size(); ++i) {
        const auto& x = (*it.v)[i];
        if (x.IsString() && has_surrogate(x.GetString(), x.GetStringLength())) {
          throw InputError(std::string(what), "lone surrogate escape in a string at " + it.path + "[" + std::to_string(i) + "]");
        }
        if (x.IsObject() || x.IsArray()) stack.push_back({&x, it.path + "[" + std::to_string(i) + "]", it.depth + 1});
      }
    }
  }
}

}  // namespace

void parse(std::string_view text, rapidjson::Document& doc, std::string_view what) {
  std::optional<ParseError> error = parse_exact(text, doc);
  if (error) throw InputError(std::string(what), error->message, error->offset);
  if (doc.IsString() && has_surrogate(doc.GetString(), doc.GetStringLength())) {
    throw InputError(std::string(what), "lone surrogate escape in a string at $");
  }
  check_tree(doc, what);
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

std::vector<std::string> get_string_array(const rapidjson::Value& obj, std::string_view key,
                                          std::string_view path) {
  const auto& a = get_array(obj, key, path);
  std::vector<std::string> out;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
    if (!a[i].IsString()) {
      throw InputError(std::string(path) + "." + std::string(key) + "[" + std::to_string(i) + "]",
                       "must be a string");
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
