#include "schemes/canonical_json.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include <rapidjson/encodings.h>
#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

#include "core/bytes.h"
#include "core/errors.h"

namespace fairvec::canonical_json {

namespace {

// TrackingStream is a RapidJSON input stream over |text| that also watches the characters the
// reader consumes, so the handler can tell where the current string token began and where the
// first \u escape of a lone low surrogate is (RapidJSON itself rejects a lone high surrogate but
// decodes "\udc00" into an encoded surrogate).
class TrackingStream {
 public:
  using Ch = char;
  explicit TrackingStream(std::string_view text) : text_(text) {}

  Ch Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  Ch Take() {
    if (pos_ >= text_.size()) return '\0';
    char c = text_[pos_];
    observe(c);
    ++pos_;
    return c;
  }
  std::size_t Tell() const { return pos_; }
  Ch* PutBegin() { return nullptr; }
  void Put(Ch) {}
  void Flush() {}
  std::size_t PutEnd(Ch*) { return 0; }

  std::size_t string_start() const { return string_start_; }
  const std::optional<std::size_t>& lone_low_surrogate() const { return lone_low_; }

 private:
  enum class State { kOutside, kString, kEscape, kUnicode };

  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  void observe(char c) {
    switch (state_) {
      case State::kOutside:
        if (c == '"') {
          state_ = State::kString;
          string_start_ = pos_;
          after_high_ = false;
        }
        break;
      case State::kString:
        if (c == '\\') {
          state_ = State::kEscape;
          escape_start_ = pos_;
        } else {
          if (c == '"') state_ = State::kOutside;
          after_high_ = false;
        }
        break;
      case State::kEscape:
        if (c == 'u') {
          state_ = State::kUnicode;
          unicode_digits_ = 0;
          unicode_value_ = 0;
        } else {
          state_ = State::kString;
          after_high_ = false;
        }
        break;
      case State::kUnicode: {
        int d = hex_digit(c);
        if (d < 0) {  // RapidJSON reports the bad escape itself
          state_ = c == '"' ? State::kOutside : State::kString;
          after_high_ = false;
          break;
        }
        unicode_value_ = unicode_value_ * 16 + static_cast<unsigned>(d);
        if (++unicode_digits_ == 4) {
          bool low = unicode_value_ >= 0xDC00 && unicode_value_ <= 0xDFFF;
          if (low && !after_high_ && !lone_low_) lone_low_ = escape_start_;
          after_high_ = unicode_value_ >= 0xD800 && unicode_value_ <= 0xDBFF;
          state_ = State::kString;
        }
        break;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  State state_ = State::kOutside;
  std::size_t string_start_ = 0;
  std::size_t escape_start_ = 0;
  int unicode_digits_ = 0;
  unsigned unicode_value_ = 0;
  bool after_high_ = false;
  std::optional<std::size_t> lone_low_;
};

// ViewStream is a minimal RapidJSON input stream over a byte range (strings may hold NUL).
struct ViewStream {
  using Ch = char;
  std::string_view s;
  std::size_t pos = 0;
  Ch Peek() const { return pos < s.size() ? s[pos] : '\0'; }
  Ch Take() { return pos < s.size() ? s[pos++] : '\0'; }
  std::size_t Tell() const { return pos; }
};

struct Utf16Sink {
  using Ch = std::uint16_t;
  std::vector<std::uint16_t> units;
  void Put(Ch c) { units.push_back(c); }
};

// to_utf16 decodes the UTF-8 string |s| into UTF-16 code units, or returns the byte offset of the
// first invalid sequence (RapidJSON's UTF-8 decoder follows Hoehrmann's DFA: overlong forms,
// encoded surrogates and code points above U+10FFFF are invalid).
std::optional<std::size_t> to_utf16(std::string_view s, std::vector<std::uint16_t>& out) {
  ViewStream in{s};
  Utf16Sink sink;
  while (in.pos < s.size()) {
    std::size_t start = in.pos;
    unsigned cp = 0;
    if (!rapidjson::UTF8<>::Decode(in, &cp) || in.pos > s.size()) return start;
    rapidjson::UTF16<std::uint16_t>::Encode(sink, cp);
  }
  out = std::move(sink.units);
  return std::nullopt;
}

std::string int_text(std::int64_t v) { return std::to_string(v); }

// Handler checks every SAX event against the restricted grammar and forwards it to |out| (a
// RapidJSON document). The first violation is kept, and parsing stops.
template <typename Out>
class Handler {
 public:
  // With |only|, |where| receives the range of that one path (locate()).
  Handler(Out& out, TrackingStream& is, Locations* where, const std::string* only = nullptr)
      : out_(out), is_(is), where_(where), only_(only) {}

  const std::optional<std::pair<std::size_t, std::string>>& error() const { return error_; }

  bool Null() { return literal(4) && out_.Null(); }
  bool Bool(bool b) { return literal(b ? 4 : 5) && out_.Bool(b); }
  bool Int(int) { return internal(); }
  bool Uint(unsigned) { return internal(); }
  bool Int64(std::int64_t) { return internal(); }
  bool Uint64(std::uint64_t) { return internal(); }
  bool Double(double) { return internal(); }

  bool RawNumber(const char* s, rapidjson::SizeType len, bool) {
    std::string_view text(s, len);
    std::size_t start = is_.Tell() - len;
    if (text.find('.') != std::string_view::npos) {
      return fail(start, "number " + std::string(text) + " has a fraction; only integers are allowed");
    }
    if (text.find_first_of("eE") != std::string_view::npos) {
      return fail(start, "number " + std::string(text) + " has an exponent; only plain integers are allowed");
    }
    if (text == "-0") return fail(start, "-0 is not allowed");
    bool negative = !text.empty() && text[0] == '-';
    std::string_view digits = negative ? text.substr(1) : text;
    // 9007199254740991 has 16 digits; anything longer is certainly unsafe.
    std::uint64_t magnitude = 0;
    bool unsafe = digits.size() > 16;
    if (!unsafe) {
      for (char c : digits) magnitude = magnitude * 10 + static_cast<std::uint64_t>(c - '0');
      unsafe = magnitude > kMaxSafeInteger;
    }
    if (unsafe) {
      return fail(start, "integer " + std::string(text) + " is beyond +-(2^53 - 1) = +-9007199254740991");
    }
    std::int64_t v = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
    if (!value_begins(start, is_.Tell())) return false;
    return out_.Int64(v);
  }

  bool String(const char* s, rapidjson::SizeType len, bool) {
    if (!surrogates_ok()) return false;
    if (!value_begins(is_.string_start(), is_.Tell())) return false;
    return out_.String(s, len, true);
  }

  bool StartObject() {
    if (!open(true)) return false;
    return out_.StartObject();
  }
  bool Key(const char* s, rapidjson::SizeType len, bool) {
    if (!surrogates_ok()) return false;
    Frame& f = frames_.back();
    std::string key(s, len);
    if (!f.keys.insert(key).second) {
      return fail(is_.string_start(), "duplicate key \"" + key + "\" in the object at " + at(path_of(frames_.size())));
    }
    f.key = std::move(key);
    return out_.Key(s, len, true);
  }
  bool EndObject(rapidjson::SizeType n) {
    close();
    return out_.EndObject(n);
  }
  bool StartArray() {
    if (!open(false)) return false;
    return out_.StartArray();
  }
  bool EndArray(rapidjson::SizeType n) {
    close();
    return out_.EndArray(n);
  }

 private:
  struct Frame {
    bool object;
    std::set<std::string> keys;
    std::string key;
    std::size_t index = 0;
  };

  // path_of returns the JSON path of the container opened by frame |n| - 1 ("" for the root): paths
  // are built only when needed, so the frames cost no more than their keys.
  std::string path_of(std::size_t n) const {
    std::string p;
    for (std::size_t i = 1; i < n; ++i) {
      const Frame& parent = frames_[i - 1];
      if (parent.object) {
        p += (p.empty() ? "" : ".") + parent.key;
      } else {
        p += "[" + std::to_string(parent.index - 1) + "]";
      }
    }
    return p;
  }

  static std::string at(const std::string& path) { return path.empty() ? "the root" : path; }

  bool fail(std::size_t pos, std::string message) {
    if (!error_) error_ = std::make_pair(pos, std::move(message));
    return false;
  }
  bool internal() { return fail(is_.Tell(), "internal: unexpected number event"); }

  bool surrogates_ok() {
    if (is_.lone_low_surrogate()) {
      return fail(*is_.lone_low_surrogate(),
                  "lone surrogate: a \\u escape of a low surrogate (DC00-DFFF) without a high "
                  "surrogate before it");
    }
    return true;
  }

  // next_path advances array indexes for the value about to begin and returns its JSON path
  // when locations are wanted (else "").
  std::string next_path() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    if (!where_) return "";
    std::string p = path_of(frames_.size());
    if (frames_.empty()) return p;
    const Frame& f = frames_.back();
    if (f.object) return p.empty() ? f.key : p + "." + f.key;
    return p + "[" + std::to_string(f.index - 1) + "]";
  }

  void record(const std::string& path, std::size_t begin, std::size_t end) {
    if (where_ && (!only_ || path == *only_)) (*where_)[path] = {begin, end};
  }

  bool value_begins(std::size_t begin, std::size_t end) {
    record(next_path(), begin, end);
    return true;
  }

  bool literal(std::size_t len) { return value_begins(is_.Tell() - len, is_.Tell()); }

  // In iterative parsing RapidJSON reports StartObject/StartArray before it takes the bracket and
  // EndObject/EndArray before it takes the closing one; handle both orders.
  bool open(bool object) {
    char c = is_.Peek();
    std::size_t begin = (c == '{' || c == '[') ? is_.Tell() : is_.Tell() - 1;
    if (frames_.size() >= kMaxDepth) {
      return fail(begin, "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    }
    std::string path = next_path();
    record(path, begin, begin + 1);
    frames_.push_back(Frame{object, {}, {}, 0});
    if (where_) paths_.push_back(std::move(path));
    return true;
  }

  void close() {
    char c = is_.Peek();
    std::size_t end = (c == '}' || c == ']') ? is_.Tell() + 1 : is_.Tell();
    if (where_) {
      auto it = where_->find(paths_.back());
      if (it != where_->end()) it->second.second = end;
      paths_.pop_back();
    }
    frames_.pop_back();
  }

  Out& out_;
  TrackingStream& is_;
  Locations* where_;
  const std::string* only_;
  std::vector<Frame> frames_;
  std::vector<std::string> paths_;  // paths of the open containers, only when locations are wanted
  std::optional<std::pair<std::size_t, std::string>> error_;
};

void escape_string(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out.push_back(kHex[c >> 4]);
          out.push_back(kHex[c & 15]);
        } else {
          out.push_back(ch);
        }
    }
  }
  out.push_back('"');
}

std::string at(const std::string& path) { return path.empty() ? "the root" : path; }

void check_utf8(std::string_view s, std::string_view field, const std::string& path, const char* what) {
  std::vector<std::uint16_t> units;
  if (auto bad = to_utf16(s, units)) {
    throw InputError(std::string(field), std::string(what) + " at " + at(path) + " is not valid UTF-8 (byte " +
                                             std::to_string(*bad) +
                                             " of the string; encoded surrogates are invalid too)");
  }
}

void write_value(const rapidjson::Value& v, std::string_view field, const std::string& path, std::size_t depth,
                 std::string& out) {
  switch (v.GetType()) {
    case rapidjson::kNullType: out += "null"; return;
    case rapidjson::kFalseType: out += "false"; return;
    case rapidjson::kTrueType: out += "true"; return;
    case rapidjson::kNumberType: {
      if (v.IsDouble()) {
        throw InputError(std::string(field),
                         "the number at " + at(path) + " is not an integer (fractions and exponents are not allowed)");
      }
      bool safe = v.IsInt64() ? (v.GetInt64() >= -static_cast<std::int64_t>(kMaxSafeInteger) &&
                                 v.GetInt64() <= static_cast<std::int64_t>(kMaxSafeInteger))
                              : v.GetUint64() <= kMaxSafeInteger;
      if (!safe) {
        throw InputError(std::string(field),
                         "the integer at " + at(path) + " is beyond +-(2^53 - 1) = +-9007199254740991");
      }
      out += int_text(v.GetInt64());
      return;
    }
    case rapidjson::kStringType: {
      std::string_view s(v.GetString(), v.GetStringLength());
      check_utf8(s, field, path, "the string");
      escape_string(s, out);
      return;
    }
    case rapidjson::kArrayType: {
      if (depth >= kMaxDepth) {
        throw InputError(std::string(field),
                         "nesting deeper than " + std::to_string(kMaxDepth) + " levels at " + at(path));
      }
      out.push_back('[');
      for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
        if (i) out.push_back(',');
        write_value(v[i], field, path + "[" + std::to_string(i) + "]", depth + 1, out);
      }
      out.push_back(']');
      return;
    }
    case rapidjson::kObjectType: {
      if (depth >= kMaxDepth) {
        throw InputError(std::string(field),
                         "nesting deeper than " + std::to_string(kMaxDepth) + " levels at " + at(path));
      }
      struct Entry {
        std::vector<std::uint16_t> units;
        std::string_view key;
        const rapidjson::Value* value;
      };
      std::vector<Entry> entries;
      for (const auto& m : v.GetObject()) {
        std::string_view key(m.name.GetString(), m.name.GetStringLength());
        Entry e{{}, key, &m.value};
        if (auto bad = to_utf16(key, e.units)) {
          throw InputError(std::string(field), "a key of the object at " + at(path) + " is not valid UTF-8 (byte " +
                                                   std::to_string(*bad) + " of the key)");
        }
        entries.push_back(std::move(e));
      }
      std::stable_sort(entries.begin(), entries.end(),
                       [](const Entry& a, const Entry& b) { return a.units < b.units; });
      for (std::size_t i = 1; i < entries.size(); ++i) {
        if (entries[i].units == entries[i - 1].units) {
          throw InputError(std::string(field),
                           "duplicate key \"" + std::string(entries[i].key) + "\" in the object at " + at(path));
        }
      }
      out.push_back('{');
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i) out.push_back(',');
        escape_string(entries[i].key, out);
        out.push_back(':');
        std::string child = path.empty() ? std::string(entries[i].key) : path + "." + std::string(entries[i].key);
        write_value(*entries[i].value, field, child, depth + 1, out);
      }
      out.push_back('}');
      return;
    }
  }
}

}  // namespace

// Memory the Handler spends per key of an open object: a std::set node holding a std::string.
constexpr std::size_t kOpenKeyBytes = 96;

void parse(std::string_view text, rapidjson::Document& doc, std::string_view field, Locations* where,
           std::size_t max_bytes) {
  // The shared reader's size, NUL and memory-budget checks come first; its syntax errors are left to
  // the stricter grammar below, which reports the first violation with its own position.
  json::Shape shape = json::scan(text, field, max_bytes, json::kMaxDepth, false, kOpenKeyBytes);
  TrackingStream is(text);
  rapidjson::Reader reader;
  std::optional<std::pair<std::size_t, std::string>> handler_error;
  constexpr unsigned kFlags =
      rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseValidateEncodingFlag | rapidjson::kParseIterativeFlag;
  rapidjson::Document built(nullptr, sizeof(rapidjson::Value) * (shape.max_pending + 1));
  auto generator = [&](rapidjson::Document& out) {
    Handler<rapidjson::Document> h(out, is, where);
    reader.Parse<kFlags>(is, h);
    handler_error = h.error();
    return !reader.HasParseError();
  };
  if (where) where->clear();
  built.Populate(generator);
  if (handler_error) throw InputError(std::string(field), handler_error->second, handler_error->first);
  if (reader.HasParseError()) {
    std::string what = rapidjson::GetParseError_En(reader.GetParseErrorCode());
    if (reader.GetParseErrorCode() == rapidjson::kParseErrorStringInvalidEncoding) {
      what += " (invalid UTF-8, or a control character that must be escaped)";
    }
    throw InputError(std::string(field), "invalid JSON: " + what, reader.GetErrorOffset());
  }
  doc.Swap(built);
}

std::optional<std::pair<std::size_t, std::size_t>> locate(std::string_view text, const std::string& path) {
  TrackingStream is(text);
  rapidjson::Reader reader;
  rapidjson::BaseReaderHandler<> sink;
  Locations where;
  Handler<rapidjson::BaseReaderHandler<>> h(sink, is, &where, &path);
  constexpr unsigned kFlags =
      rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseValidateEncodingFlag | rapidjson::kParseIterativeFlag;
  reader.Parse<kFlags>(is, h);
  auto it = where.find(path);
  if (it == where.end()) return std::nullopt;
  return it->second;
}

std::string serialize(const rapidjson::Value& v, std::string_view field) {
  std::string out;
  write_value(v, field, "", 0, out);
  return out;
}

std::string serialize(const json::Value& v, std::string_view field) {
  rapidjson::Document d;
  rapidjson::Value rv = v.to_rapidjson(d.GetAllocator());
  return serialize(rv, field);
}

std::string canonicalize(std::string_view text, std::string_view field) {
  rapidjson::Document doc;
  parse(text, doc, field);
  return serialize(doc, field);
}

bool utf16_less(std::string_view a, std::string_view b, std::string_view field) {
  std::vector<std::uint16_t> ua, ub;
  if (auto bad = to_utf16(a, ua)) throw InputError(std::string(field), "not valid UTF-8", *bad);
  if (auto bad = to_utf16(b, ub)) throw InputError(std::string(field), "not valid UTF-8", *bad);
  return ua < ub;
}

}  // namespace fairvec::canonical_json
