// json::scan and json::parse: the one strict JSON reader behind port requests, port replies,
// vector files and (under canonical_json::parse) proof files. Two passes over the text: scan checks
// size, NUL bytes, nesting, lone surrogates and the memory the tree will need, keeping only the
// open containers; parse then builds the RapidJSON tree with its stack reserved to the exact size.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include "core/errors.h"
#include "core/json.h"

namespace fairvec::json {

namespace {

constexpr unsigned kReadFlags =
    rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

// A RapidJSON value is 16 bytes (48-bit pointer layout); strings of up to 13 bytes live inside it.
constexpr std::size_t kValueBytes = sizeof(rapidjson::Value);
constexpr std::size_t kInlineString = 13;

// has_surrogate tells whether |s| holds a UTF-16 surrogate encoded as UTF-8 (ED A0..BF xx). RapidJSON
// 1.1 validates raw UTF-8 but turns an escaped lone low surrogate ("\udc00") into such bytes: text
// that is not Unicode, cannot be hashed as UTF-8 and would be written back out as invalid JSON.
bool has_surrogate(const char* s, std::size_t n) {
  for (std::size_t i = 0; i + 1 < n; ++i) {
    if (static_cast<unsigned char>(s[i]) == 0xED && static_cast<unsigned char>(s[i + 1]) >= 0xA0) return true;
  }
  return false;
}

// Scanner receives the SAX events of the first pass. It keeps one frame per open container (so its
// own memory is bounded by the nesting and the keys on the current path) and models what the
// second pass will allocate: RapidJSON's Document keeps every child of an open container on its
// stack, then copies them into its pool when the container closes.
struct Scanner {
  struct Frame {
    bool object;
    std::size_t children = 0;  // values (arrays) or keys plus values (objects) so far
    std::string key;           // the current key (objects)
  };
  std::size_t max_depth;
  Shape shape;
  std::vector<Frame> frames;
  std::size_t pending = 0;    // values on the Document's stack right now
  std::size_t open_keys = 0;  // keys of the open objects
  std::string error;

  // path returns the JSON path of the value about to be read (in the innermost frame, the value
  // after its |children|; in the outer ones, the container open inside them).
  std::string path() const {
    std::string p = "$";
    for (std::size_t i = 0; i < frames.size(); ++i) {
      const Frame& f = frames[i];
      if (f.object) {
        p += "." + f.key;
      } else {
        p += "[" + std::to_string(i + 1 < frames.size() ? f.children - 1 : f.children) + "]";
      }
    }
    return p;
  }
  void push_value() {
    ++shape.values;
    ++pending;
    if (!frames.empty()) ++frames.back().children;
    shape.max_pending = std::max(shape.max_pending, pending);
  }
  bool string_bytes(const char* s, std::size_t len) {
    if (has_surrogate(s, len)) {
      error = "lone surrogate escape in the string at " + path();
      return false;
    }
    if (len > kInlineString) shape.string_bytes += len + 1;
    shape.max_string = std::max(shape.max_string, len);
    return true;
  }

  bool Null() { return push_value(), true; }
  bool Bool(bool) { return push_value(), true; }
  bool Int(int) { return push_value(), true; }
  bool Uint(unsigned) { return push_value(), true; }
  bool Int64(std::int64_t) { return push_value(), true; }
  bool Uint64(std::uint64_t) { return push_value(), true; }
  bool Double(double) { return push_value(), true; }
  bool RawNumber(const char*, rapidjson::SizeType, bool) { return push_value(), true; }
  bool String(const char* s, rapidjson::SizeType len, bool) {
    if (!string_bytes(s, len)) return false;
    return push_value(), true;
  }
  bool Key(const char* s, rapidjson::SizeType len, bool) {
    if (!string_bytes(s, len)) return false;
    Frame& f = frames.back();
    f.key.assign(s, len);
    ++f.children;
    ++shape.keys;
    ++pending;
    shape.max_open_keys = std::max(shape.max_open_keys, ++open_keys);
    shape.max_pending = std::max(shape.max_pending, pending);
    return true;
  }
  bool start(bool object) {
    if (frames.size() >= max_depth) {
      error = "nested deeper than " + std::to_string(max_depth) + " levels at " + path();
      return false;
    }
    push_value();
    frames.push_back(Frame{object, 0, {}});
    return true;
  }
  bool end() {
    if (frames.back().object) {
      shape.max_members = std::max(shape.max_members, frames.back().children / 2);
      open_keys -= frames.back().children / 2;
    }
    pending -= frames.back().children;
    frames.pop_back();
    return true;
  }
  bool StartObject() { return start(true); }
  bool EndObject(rapidjson::SizeType) { return end(); }
  bool StartArray() { return start(false); }
  bool EndArray(rapidjson::SizeType) { return end(); }
};

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

std::string mib(std::size_t bytes) {
  if (bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

// check_duplicates walks |root| without recursion (an explicit stack of at most the nesting depth)
// and throws InputError naming |what| and the JSON path of the first object holding a key twice.
void check_duplicates(const rapidjson::Value& root, std::string_view what) {
  struct Level {
    const rapidjson::Value* v;
    rapidjson::SizeType next;  // index of the next child to visit
  };
  std::vector<Level> stack{{&root, 0}};
  std::vector<rapidjson::SizeType> order;
  auto path = [&] {
    std::string p = "$";
    for (std::size_t i = 0; i + 1 < stack.size(); ++i) {
      const rapidjson::Value& v = *stack[i].v;
      rapidjson::SizeType k = stack[i].next - 1;
      if (v.IsObject()) {
        const auto& name = (v.MemberBegin() + k)->name;
        p += "." + std::string(name.GetString(), name.GetStringLength());
      } else {
        p += "[" + std::to_string(k) + "]";
      }
    }
    return p;
  };
  auto key = [](const rapidjson::Value& obj, rapidjson::SizeType i) {
    const auto& n = (obj.MemberBegin() + i)->name;
    return std::string_view(n.GetString(), n.GetStringLength());
  };
  while (!stack.empty()) {
    Level& top = stack.back();
    const rapidjson::Value& v = *top.v;
    if (top.next == 0 && v.IsObject() && v.MemberCount() > 1) {
      order.resize(v.MemberCount());
      for (rapidjson::SizeType i = 0; i < v.MemberCount(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](auto a, auto b) { return key(v, a) < key(v, b); });
      for (std::size_t i = 1; i < order.size(); ++i) {
        if (key(v, order[i]) == key(v, order[i - 1])) {
          throw InputError(std::string(what),
                           "duplicate object key at " + path() + "." + std::string(key(v, order[i])));
        }
      }
    }
    rapidjson::SizeType size = v.IsObject() ? v.MemberCount() : v.IsArray() ? v.Size() : 0;
    if (top.next >= size) {
      stack.pop_back();
      continue;
    }
    const rapidjson::Value& child = v.IsObject() ? (v.MemberBegin() + top.next)->value : v[top.next];
    ++top.next;
    if (child.IsObject() || child.IsArray()) stack.push_back({&child, 0});
  }
}

}  // namespace

std::size_t Shape::memory(std::size_t open_key_bytes) const {
  // The pool holds every value but the root (16 bytes; a member is a key and a value) and every
  // string longer than the inline limit; the stack holds the pending values; the reader's stack
  // decodes one string at a time (growing by 1.5); the duplicate check sorts one object's indexes.
  return kValueBytes * (values + keys) + string_bytes + kValueBytes * (max_pending + 1) + 3 * (max_string + 1) +
         sizeof(rapidjson::SizeType) * max_members + open_key_bytes * max_open_keys;
}

std::size_t memory_budget(std::size_t text_bytes) { return kBudgetMultiple * text_bytes + kBudgetSlack; }

Shape scan(std::string_view text, std::string_view what, std::size_t max_bytes, std::size_t max_depth,
           bool report_errors, std::size_t open_key_bytes) {
  if (text.size() > max_bytes) {
    throw InputError(std::string(what), std::to_string(text.size()) + " bytes, more than the " + mib(max_bytes) +
                                            " limit (memory budget, specs/README.md)");
  }
  if (std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    throw InputError(std::string(what), "invalid JSON: a NUL byte (not allowed anywhere in the text)", nul);
  }
  Scanner s{max_depth, {}, {}, 0, 0, {}};
  rapidjson::Reader reader;
  rapidjson::MemoryStream ms(text.data(), text.size());
  reader.Parse<kReadFlags>(ms, s);
  if (s.shape.memory(open_key_bytes) > memory_budget(text.size())) {
    throw InputError(std::string(what), "needs about " + std::to_string(s.shape.memory(open_key_bytes)) +
                                            " bytes of memory to hold, more than the budget of " +
                                            std::to_string(kBudgetMultiple) + " x its " + std::to_string(text.size()) +
                                            " bytes + " + mib(kBudgetSlack) + " (memory budget, specs/README.md)");
  }
  if (reader.HasParseError() && report_errors) {
    std::string message = !s.error.empty()
                              ? s.error
                              : std::string("invalid JSON: ") + rapidjson::GetParseError_En(reader.GetParseErrorCode());
    throw InputError(std::string(what), message, reader.GetErrorOffset());
  }
  return s.shape;
}

void parse(std::string_view text, rapidjson::Document& doc, std::string_view what, std::size_t max_bytes) {
  Shape shape = scan(text, what, max_bytes, kMaxDepth, true);
  // A fresh document whose stack is reserved to exactly what the scan found (it never grows).
  rapidjson::Document built(nullptr, kValueBytes * (shape.max_pending + 1));
  rapidjson::Reader reader;
  rapidjson::MemoryStream ms(text.data(), text.size());
  std::string handler_error;
  auto generator = [&](rapidjson::Document& out) {
    ExactNumbers h{out, {}};
    reader.Parse<kReadFlags>(ms, h);
    handler_error = h.error;
    return !reader.HasParseError();
  };
  built.Populate(generator);
  if (reader.HasParseError()) {
    std::string message = handler_error.empty()
                              ? std::string("invalid JSON: ") + rapidjson::GetParseError_En(reader.GetParseErrorCode())
                              : handler_error;
    throw InputError(std::string(what), message, reader.GetErrorOffset());
  }
  check_duplicates(built, what);
  doc.Swap(built);
}

}  // namespace fairvec::json
