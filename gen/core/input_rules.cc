#include "core/input_rules.h"

#include <rapidjson/encodings.h>

#include "core/errors.h"

namespace fairvec {

namespace {

// A RapidJSON input stream over a byte range that reads '\0' past the end, so a sequence cut off
// by the end of the text fails validation instead of reading out of bounds.
struct BoundedStream {
  using Ch = char;
  const char* begin;
  const char* p;
  const char* end;
  Ch Peek() const { return p < end ? *p : '\0'; }
  Ch Take() { return p < end ? *p++ : '\0'; }
  std::size_t Tell() const { return static_cast<std::size_t>(p - begin); }
};

struct NullSink {
  using Ch = char;
  void Put(Ch) {}
};

}  // namespace

void check_text(std::string_view text, std::string_view field) {
  BoundedStream is{text.data(), text.data(), text.data() + text.size()};
  NullSink os;
  while (is.p < is.end) {
    const std::size_t start = is.Tell();
    if (!rapidjson::UTF8<char>::Validate(is, os)) throw InputError(std::string(field), "not well-formed UTF-8", start);
  }
}

std::string read_text(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsString()) throw InputError(std::string(field), "must be a string");
  std::string s(v.GetString(), v.GetStringLength());
  check_text(s, field);
  return s;
}

std::uint64_t check_counter(std::uint64_t v, std::string_view field) {
  if (v > kMaxCounter) {
    throw InputError(std::string(field), "must be at most 2^53 - 1 (9007199254740991), got " + std::to_string(v));
  }
  return v;
}

std::uint64_t read_counter(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsNumber()) throw InputError(std::string(field), "must be an integer");
  if (v.IsUint64()) return check_counter(v.GetUint64(), field);
  if (v.IsInt64()) throw InputError(std::string(field), "must not be negative");
  throw InputError(std::string(field), "must be an integer between 0 and 2^53 - 1");
}

std::uint64_t leading52(const Digest& d) {
  std::uint64_t v = 0;
  for (int i = 0; i < 7; ++i) v = (v << 8) | d[static_cast<std::size_t>(i)];
  return v >> 4;  // 56 bits read, keep the first 52
}

}  // namespace fairvec
