// JSON output and input helpers. Output: an ordered JSON tree (json::Value) serialised through
// RapidJSON's writers, so vector files, port replies and proof files are byte-for-byte
// deterministic. Input: typed accessors over rapidjson::Value that throw InputError naming the
// JSON path of a missing or mistyped field.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <rapidjson/document.h>

#ifndef FAIRVEC_RAPIDJSON_CHECKED_ALLOCATORS
#error "compile with -include core/rapidjson_allocators.h (link fairvec::core): RapidJSON must throw std::bad_alloc"
#endif

namespace fairvec::json {

class Value;
using Array = std::vector<Value>;
// An object keeps its members in insertion order; writers emit them in that order.
using Object = std::vector<std::pair<std::string, Value>>;

class Value {
 public:
  Value() : v_(nullptr) {}
  Value(std::nullptr_t) : v_(nullptr) {}
  Value(bool b) : v_(b) {}
  Value(int i) : v_(static_cast<std::int64_t>(i)) {}
  Value(unsigned i) : v_(static_cast<std::int64_t>(i)) {}
  Value(std::int64_t i) : v_(i) {}
  Value(std::uint64_t i);  // throws std::out_of_range above INT64_MAX; send such values as text
  Value(double d) : v_(d) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(std::string_view s) : v_(std::string(s)) {}
  Value(Array a) : v_(std::make_shared<Array>(std::move(a))) {}
  Value(Object o) : v_(std::make_shared<Object>(std::move(o))) {}
  // Copies build the alternative outside the variant first (emplace), so a copy that runs out of
  // memory throws std::bad_alloc and leaves nothing half-made: libstdc++ 12's variant copy
  // constructor destroys an alternative it never constructed when a std::string copy throws
  // (its never-valueless variants skip the index check), which crashed under memory exhaustion.
  Value(const Value& o) : v_(nullptr) {
    std::visit([this](const auto& x) { v_.emplace<std::decay_t<decltype(x)>>(x); }, o.v_);
  }
  Value(Value&&) noexcept = default;
  Value& operator=(const Value& o) {
    if (this != &o) {
      Value copy(o);
      v_ = std::move(copy.v_);
    }
    return *this;
  }
  Value& operator=(Value&&) noexcept = default;

  // object and array build values from brace lists: object({{"a", 1}, {"b", "x"}}).
  static Value object(std::initializer_list<std::pair<std::string, Value>> members = {}) {
    return Value(Object(members));
  }
  static Value array(std::initializer_list<Value> items = {}) { return Value(Array(items)); }
  template <typename T>
  static Value array_of(const std::vector<T>& items) {
    Array a;
    for (const auto& x : items) a.emplace_back(x);
    return Value(std::move(a));
  }

  bool is_null() const { return std::holds_alternative<std::nullptr_t>(v_); }
  bool is_object() const { return std::holds_alternative<std::shared_ptr<Object>>(v_); }
  bool is_array() const { return std::holds_alternative<std::shared_ptr<Array>>(v_); }
  // as_object / as_array give mutable access; they throw std::logic_error on another type.
  Object& as_object();
  const Object& as_object() const;
  Array& as_array();
  const Array& as_array() const;
  // set appends |key| or replaces its value; only for objects.
  Value& set(std::string key, Value v);
  // find returns the member called |key|, or nullptr.
  const Value* find(std::string_view key) const;

  // Deep copy (values share subtrees on copy; call clone before mutating a shared tree).
  Value clone() const;

  // to_rapidjson converts this tree into a RapidJSON value.
  rapidjson::Value to_rapidjson(rapidjson::Document::AllocatorType& alloc) const;
  // from_rapidjson converts a RapidJSON value (member order kept).
  static Value from_rapidjson(const rapidjson::Value& v);

  const auto& variant() const { return v_; }

 private:
  std::variant<std::nullptr_t, bool, std::int64_t, double, std::string, std::shared_ptr<Array>, std::shared_ptr<Object>>
      v_;
};

// format_double writes |d| in the shortest form that reads back to the same bits (std::to_chars).
// Non-finite values throw std::invalid_argument: JSON cannot carry them.
[[nodiscard]] std::string format_double(double d);
// ecmascript_number writes |d| as JavaScript's String(d) does (ECMA-262, Number::toString with
// radix 10): the shortest round-trip digits, positional from 1e-6 up to below 1e21 (2 for 2.0,
// 1152921504606847000 for 2^60), exponential outside ("1e+21", "1e-7"); NaN, Infinity, -0 as "0".
// It cannot fail. Wrong ports written as JavaScript ports use it.
[[nodiscard]] std::string ecmascript_number(double d);

// to_pretty returns |v| as 2-space-indented JSON with a final newline (vector and proof files).
[[nodiscard]] std::string to_pretty(const Value& v);
// write_pretty writes to_pretty(|v|) to |out| without holding the text in memory (large reports).
void write_pretty(std::ostream& out, const Value& v);
// to_line returns |v| as compact JSON on one line, without newline (port protocol messages).
[[nodiscard]] std::string to_line(const Value& v);

// The memory budget of every JSON input (specs/README.md, "Memory budget"). A text holds at most
// kMaxTextBytes unless its reader says otherwise (port request lines, proof files); parsing it may
// take at most memory_budget(size) = kBudgetMultiple x size + kBudgetSlack bytes beyond the text.
inline constexpr std::size_t kMaxTextBytes = 16u << 20;
inline constexpr std::size_t kBudgetMultiple = 8;
inline constexpr std::size_t kBudgetSlack = 1u << 20;
// The deepest nesting accepted: the root container is level 1, so 512 nested arrays pass and 513
// fail. Parsing is iterative, but the code that walks a parsed tree (writers, comparisons,
// conversions) recurses; the bound keeps hostile input from exhausting the stack.
inline constexpr std::size_t kMaxDepth = 512;

// memory_budget returns the most memory parsing a text of |text_bytes| bytes may take.
[[nodiscard]] std::size_t memory_budget(std::size_t text_bytes);

// Shape is what scan() learns about a text: how many values, keys and string bytes it holds and
// the most values RapidJSON's Document keeps on its stack at once while building its tree.
struct Shape {
  std::size_t values = 0, keys = 0, string_bytes = 0, max_pending = 0, max_string = 0, max_members = 0;
  std::size_t max_open_keys = 0;  // the most keys of still open objects at any one time
  // memory returns the bytes a RapidJSON Document needs to build the tree (pool, stack, reader),
  // plus |open_key_bytes| per key of an open object (a parser that remembers them, canonical_json).
  [[nodiscard]] std::size_t memory(std::size_t open_key_bytes = 0) const;
};

// scan reads |text| once without building anything. It throws InputError naming |what| when the
// text is longer than |max_bytes|, holds a NUL byte (its position is given), or would need more
// than memory_budget() to build (counting |open_key_bytes| per key of an open object), all before
// any tree is allocated. With |report_errors| it also
// throws, with the byte offset, at the first syntax error, escaped lone surrogate or nesting deeper
// than |max_depth|; without, it leaves those to a stricter parser of its own (canonical_json).
Shape scan(std::string_view text, std::string_view what, std::size_t max_bytes = kMaxTextBytes,
           std::size_t max_depth = kMaxDepth, bool report_errors = true, std::size_t open_key_bytes = 0);

// parse parses JSON text |text| into |doc| after scan(): it throws InputError naming |what| and the
// byte offset of the error for all that scan rejects (size, NUL, memory, syntax, lone surrogates,
// nesting beyond kMaxDepth), for numbers outside binary64, and for duplicate object keys (RapidJSON
// keeps them silently; the message names the JSON path). Peak memory stays within memory_budget().
void parse(std::string_view text, rapidjson::Document& doc, std::string_view what,
           std::size_t max_bytes = kMaxTextBytes);

// Typed access to a member of a RapidJSON object. |path| is the JSON path of |obj| used in error
// messages ("testGroups[2].tests[5]"). Each throws InputError naming path.key when the member is
// missing or of another type.
const rapidjson::Value& member(const rapidjson::Value& obj, std::string_view key, std::string_view path);
const rapidjson::Value* optional_member(const rapidjson::Value& obj, std::string_view key);
[[nodiscard]] std::string get_string(const rapidjson::Value& obj, std::string_view key, std::string_view path);
[[nodiscard]] std::int64_t get_int(const rapidjson::Value& obj, std::string_view key, std::string_view path);
[[nodiscard]] std::uint64_t get_uint(const rapidjson::Value& obj, std::string_view key, std::string_view path);
[[nodiscard]] bool get_bool(const rapidjson::Value& obj, std::string_view key, std::string_view path);
[[nodiscard]] double get_double(const rapidjson::Value& obj, std::string_view key, std::string_view path);
[[nodiscard]] const rapidjson::Value& get_array(const rapidjson::Value& obj, std::string_view key,
                                                std::string_view path);
[[nodiscard]] std::vector<std::string> get_string_array(const rapidjson::Value& obj, std::string_view key,
                                                        std::string_view path);

// to_text renders a RapidJSON value as compact JSON (for messages and comparisons).
[[nodiscard]] std::string to_text(const rapidjson::Value& v);
// equal compares two JSON values structurally; numbers compare by value, doubles bit-exactly,
// objects ignore member order.
[[nodiscard]] bool equal(const rapidjson::Value& a, const rapidjson::Value& b);

}  // namespace fairvec::json
