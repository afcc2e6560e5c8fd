// The wrong ports of canonical-json (vectors/flags.h): each a named serializer bug and what a port
// with it answers to canonical_json. One Port describes them all, a rule of the spec changed at a
// time (how keys sort and how deep, how strings are escaped, which numbers and duplicate keys are
// taken); undecoded keeps the input's escapes, which no writer rule says.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "schemes/canonical_json.h"
#include "vectors/canonical_json.h"
#include "vectors/flags.h"

namespace fairvec::vectors::canonical_json_vec {

namespace {

using json::Value;
using Params = rapidjson::Value;

// ---- The answers of serializers with the flags' bugs: the canonical text, the input read as the
// spec says (canonical_json::parse), written as |Port| says.

enum class KeyOrder { kUtf16, kBytes, kNumeric, kCaseless };
// How a port reads numbers: the restricted form, binary64 taken where it is a safe integer (1.0,
// 1e2, -0 as 1, 100, 0), or any binary64 number (RFC 8785 unrestricted; a safe integer as such, -0
// as 0, others as json::to_line writes them, which is not always ECMAScript's form: only whether
// the port accepts the text is compared on the invalid cases these alternatives serve).
// kUnsafe reads integers of any size that fit 64 bits (and nothing else beyond the restricted form).
enum class Numbers { kRestricted, kIntegral, kBinary64, kUnsafe };
// How a port takes an object with a key twice: refused (the spec), or its first or last value kept.
enum class Duplicates { kRefused, kFirst, kLast };

struct Port {
  KeyOrder order = KeyOrder::kUtf16;
  bool nested = true;        // sorts objects below the top one too
  bool sort_arrays = false;  // sorts array elements by their written text
  bool slash = false;        // '/' as \/ .
  bool ascii = false;        // every non-ASCII character as \uXXXX (UTF-16)
  bool del = false;          // DEL as \u007f
  bool separators = false;   // U+2028, U+2029 as \u2028, \u2029
  bool upper_hex = false;    // \u00XX with capital hex
  bool no_short = false;     // \b \f \n \r \t as \u00XX
  Numbers numbers = Numbers::kRestricted;
  Duplicates duplicates = Duplicates::kRefused;
};

// decimal_key returns the value of a key of 1..18 decimal digits, or -1.
std::int64_t decimal_key(const std::string& k) {
  if (k.empty() || k.size() > 18 || !std::all_of(k.begin(), k.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  return std::stoll(k);
}

std::string ascii_lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

bool key_less(const std::string& a, const std::string& b, KeyOrder order) {
  switch (order) {
    case KeyOrder::kBytes: return a < b;  // for UTF-8 text also code point order
    case KeyOrder::kNumeric: {            // decimal keys first, by value
      const std::int64_t x = decimal_key(a), y = decimal_key(b);
      if ((x < 0) != (y < 0)) return x >= 0;
      if (x >= 0) return x < y;
      break;
    }
    case KeyOrder::kCaseless: return canonical_json::utf16_less(ascii_lower(a), ascii_lower(b), "json");
    case KeyOrder::kUtf16: break;
  }
  return canonical_json::utf16_less(a, b, "json");
}

std::string quoted(std::string_view s, const Port& p) {
  std::string out = "\"";
  auto escape = [&](unsigned u) {
    char buf[8];
    std::snprintf(buf, sizeof buf, p.upper_hex ? "\\u%04X" : "\\u%04x", u);
    out += buf;
  };
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    unsigned cp = len == 1 ? c : c & (0x7fu >> len);
    for (std::size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3fu);
    static constexpr std::string_view kShort = "\b\f\n\r\t", kLetter = "bfnrt";
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (cp < 0x20 && !p.no_short && kShort.find(static_cast<char>(c)) != std::string_view::npos) {
      out += '\\';
      out += kLetter[kShort.find(static_cast<char>(c))];
    } else if (cp < 0x20 || (cp == 0x7f && p.del) || ((cp == 0x2028 || cp == 0x2029) && p.separators) ||
               (cp >= 0x80 && cp < 0x10000 && p.ascii)) {
      escape(cp);
    } else if (cp >= 0x10000 && p.ascii) {
      escape(0xd800 + ((cp - 0x10000) >> 10));
      escape(0xdc00 + ((cp - 0x10000) & 0x3ff));
    } else if (c == '/' && p.slash) {
      out += "\\/";
    } else {
      out.append(s.substr(i, len));
    }
    i += len;
  }
  return out + "\"";
}

std::string written(const Params& v, const Port& p, int depth) {
  if (v.IsString()) return quoted({v.GetString(), v.GetStringLength()}, p);
  if (v.IsInt64()) return std::to_string(v.GetInt64());  // json::parse gives any int64, safe or not
  if (p.numbers == Numbers::kUnsafe) {  // an integer of 64 bits, nothing else beyond the restricted form
    if (v.IsUint64()) return std::to_string(v.GetUint64());
    if (v.IsNumber()) throw InputError("json", "not an integer");
  }
  if (v.IsNumber()) {  // only json::parse gives these (Numbers other than kRestricted)
    const double d = v.GetDouble();
    constexpr double kSafe = 9007199254740991.0;
    if (d == std::floor(d) && std::fabs(d) <= kSafe) return std::to_string(static_cast<std::int64_t>(d));
    if (p.numbers == Numbers::kBinary64) return json::to_line(Value(d));
    throw InputError("json", p.numbers == Numbers::kUnsafe ? "not an integer" : "not a safe integer");
  }
  if (v.IsArray()) {
    std::vector<std::string> items;
    for (const auto& m : v.GetArray()) items.push_back(written(m, p, depth + 1));
    if (p.sort_arrays) std::sort(items.begin(), items.end());
    std::string s = "[";
    for (const auto& m : items) s += (s.size() > 1 ? "," : "") + m;
    return s + "]";
  }
  if (v.IsObject()) {
    std::vector<std::pair<std::string, const Params*>> members;
    for (const auto& m : v.GetObject()) {
      std::string k(m.name.GetString(), m.name.GetStringLength());
      auto seen = std::find_if(members.begin(), members.end(), [&](const auto& x) { return x.first == k; });
      if (seen == members.end()) {
        members.emplace_back(std::move(k), &m.value);
      } else if (p.duplicates == Duplicates::kLast) {
        seen->second = &m.value;
      }  // kFirst keeps the first; a spec reader never gives a key twice
    }
    if (depth == 0 || p.nested) {
      std::stable_sort(members.begin(), members.end(),
                       [&](const auto& a, const auto& b) { return key_less(a.first, b.first, p.order); });
    }
    std::string s = "{";
    for (const auto& [k, m] : members) s += (s.size() > 1 ? "," : "") + quoted(k, p) + ":" + written(*m, p, depth + 1);
    return s + "}";
  }
  return v.IsNull() ? "null" : v.GetBool() ? "true" : "false";
}

// check_numbers refuses, outside strings, every number the restricted form refuses (a fraction,
// an exponent, -0) and, unless |unsafe|, an integer beyond +-(2^53 - 1): the number rule of a port
// whose other rules differ, read before a parser that takes any number.
void check_numbers(std::string_view text, bool unsafe) {
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) continue;
    std::size_t j = i + (c == '-');
    const std::size_t digits = j;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    const std::string_view integer = text.substr(digits, j - digits);
    if (j < text.size() && (text[j] == '.' || text[j] == 'e' || text[j] == 'E'))
      throw InputError("json", "fraction or exponent");
    if (c == '-' && integer == "0") throw InputError("json", "-0");
    if (!unsafe && (integer.size() > 16 || (integer.size() == 16 && integer > "9007199254740991"))) {
      throw InputError("json", "not a safe integer");
    }
    i = j - 1;
  }
}

Alternative serializer(Port port) {
  return [port](const Params& params, const Backend&) {
    const auto* j = json::optional_member(params, "json");
    if (!j || !j->IsString()) throw InputError("json", "no text");
    rapidjson::Document doc;
    const std::string_view text(j->GetString(), j->GetStringLength());
    if (port.numbers == Numbers::kRestricted || port.numbers == Numbers::kUnsafe) {
      check_numbers(text, port.numbers == Numbers::kUnsafe);
    }
    if (port.duplicates != Duplicates::kRefused) {
      // rapidjson keeps every member of an object, a key given twice too.
      doc.Parse<rapidjson::kParseValidateEncodingFlag>(text.data(), text.size());
      if (doc.HasParseError()) throw InputError("json", "not JSON");
    } else if (port.numbers == Numbers::kRestricted) {
      canonical_json::parse(text, doc, "json");
    } else {
      json::parse(text, doc, "json");  // strict JSON, any number
    }
    return Value::object({{"canonical", written(doc, port, 0)}});
  };
}

// undecoded keeps every backslash-u escape of the input as written: it sorts keys and finds
// duplicates by their escaped text and writes the escapes back unchanged. canonical_json is given
// each escape as a backslash, U+0001 and the escape's letters, and writes the text |mark| before them.
Value undecoded(const Params& params, const Backend&) {
  const auto* j = json::optional_member(params, "json");
  if (!j || !j->IsString()) throw InputError("json", "no text");
  const std::string_view text(j->GetString(), j->GetStringLength());
  std::string kept;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (in_string && text[i] == '\\' && i + 1 < text.size()) {
      if (text[i + 1] == 'u') {
        kept += "\\\\\\u0001u";
      } else {
        kept += text.substr(i, 2);
      }
      ++i;
      continue;
    }
    if (text[i] == '"') in_string = !in_string;
    kept += text[i];
  }
  std::string out = canonical_json::canonicalize(kept, "json");
  const std::string mark = "\\\\\\u0001";
  for (auto at = out.find(mark); at != std::string::npos; at = out.find(mark, at + 1))
    out.replace(at, mark.size(), "\\");
  return Value::object({{"canonical", out}});
}

void add(FlagLibrary& lib, std::string name, std::string description, Port port) {
  lib.port({std::move(name), std::move(description), {{"canonical_json", serializer(port)}}});
}

}  // namespace

void add_wrong_ports(FlagLibrary& lib) {
  // Keys.
  add(lib, "code-point-key-sort", "sorts keys by code point (UTF-8 bytes) instead of UTF-16 code units",
      {.order = KeyOrder::kBytes});
  add(lib, "cjson-numeric-key-sort", "sorts decimal keys first, by value", {.order = KeyOrder::kNumeric});
  add(lib, "cjson-caseless-key-sort", "sorts keys ignoring ASCII case", {.order = KeyOrder::kCaseless});
  add(lib, "cjson-top-level-sorted", "sorts the top-level object's keys only", {.nested = false});
  add(lib, "cjson-arrays-sorted", "sorts array elements by their written text", {.sort_arrays = true});
  add(lib, "cjson-duplicate-first", "takes an object with a key twice, keeping the first value",
      {.duplicates = Duplicates::kFirst});
  add(lib, "cjson-duplicate-last", "takes an object with a key twice, keeping the last value",
      {.duplicates = Duplicates::kLast});
  // Strings.
  add(lib, "cjson-uppercase-hex-escapes", "writes \\u00XX escapes with capital hex", {.upper_hex = true});
  add(lib, "cjson-no-short-escapes", "writes \\b \\f \\n \\r \\t as \\u00XX", {.no_short = true});
  add(lib, "cjson-slash-escaped", "writes '/' as \\/", {.slash = true});
  add(lib, "cjson-ascii-only", "writes every non-ASCII character as \\uXXXX (UTF-16)", {.ascii = true});
  add(lib, "cjson-del-escaped", "writes DEL as \\u007f", {.del = true});
  add(lib, "cjson-separators-escaped", "writes U+2028 and U+2029 as \\u2028, \\u2029", {.separators = true});
  lib.port({"cjson-escapes-kept",
            "keeps the input's \\u escapes as written: sorts, compares and writes keys by their escaped text",
            {{"canonical_json", undecoded}}});
  // Numbers.
  add(lib, "cjson-integral-doubles", "reads numbers as binary64 and takes those that are safe integers (1.0, 1e2, -0)",
      {.numbers = Numbers::kIntegral});
  add(lib, "cjson-any-number", "takes any binary64 number (RFC 8785 unrestricted)", {.numbers = Numbers::kBinary64});
  add(lib, "unsafe-integers", "takes integers beyond +-(2^53 - 1) that fit 64 bits", {.numbers = Numbers::kUnsafe});
}

}  // namespace fairvec::vectors::canonical_json_vec
