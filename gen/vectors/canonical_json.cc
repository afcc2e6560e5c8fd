// canonical_json_test.json: the canonical JSON (RFC 8785 restricted to safe integers) behind the
// tavla settings hash, valid and invalid texts. A catalog (vectors/catalog.h): cases give the text
// only (an invalid case also its bytes, the only form of a text that is not UTF-8); canonical_json
// and its trace compute the rest, text that is not UTF-8 goes to canonical_json.hex, and each flag
// naming a wrong serializer is checked against it.
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
#include "vectors/catalog.h"
#include "vectors/canonical_json.h"

namespace fairvec::vectors::canonical_json_vec {

namespace {

using json::Value;
using Params = rapidjson::Value;

bool valid_utf8(std::string_view s) {
  try {
    (void)canonical_json::utf16_less(s, "", "text");
    return true;
  } catch (const InputError&) {
    return false;
  }
}

// ---- The answers of serializers with the flags' bugs: the canonical text, the input read as the
// spec says (canonical_json::parse), written as |Port| says.

enum class KeyOrder { kUtf16, kBytes, kNumeric, kCaseless };
// How a port reads numbers: the restricted form, binary64 taken where it is a safe integer (1.0,
// 1e2, -0 as 1, 100, 0), or any binary64 number (RFC 8785 unrestricted; a safe integer as such, -0
// as 0, others as json::to_line writes them, which is not always ECMAScript's form: only whether
// the port accepts the text is compared on the invalid cases these alternatives serve).
enum class Numbers { kRestricted, kIntegral, kBinary64 };

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
};

// decimal_key returns the value of a key of 1..18 decimal digits, or -1.
std::int64_t decimal_key(const std::string& k) {
  if (k.empty() || k.size() > 18 || !std::all_of(k.begin(), k.end(), [](char c) { return c >= '0' && c <= '9'; })) return -1;
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
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  if (v.IsNumber()) {  // only json::parse gives these (Numbers other than kRestricted)
    const double d = v.GetDouble();
    constexpr double kSafe = 9007199254740991.0;
    if (d == std::floor(d) && std::fabs(d) <= kSafe) return std::to_string(static_cast<std::int64_t>(d));
    if (p.numbers == Numbers::kBinary64) return json::to_line(Value(d));
    throw InputError("json", "not a safe integer");
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
    for (const auto& m : v.GetObject()) members.emplace_back(std::string(m.name.GetString(), m.name.GetStringLength()), &m.value);
    if (depth == 0 || p.nested) {
      std::stable_sort(members.begin(), members.end(), [&](const auto& a, const auto& b) { return key_less(a.first, b.first, p.order); });
    }
    std::string s = "{";
    for (const auto& [k, m] : members) s += (s.size() > 1 ? "," : "") + quoted(k, p) + ":" + written(*m, p, depth + 1);
    return s + "}";
  }
  return v.IsNull() ? "null" : v.GetBool() ? "true" : "false";
}

Alternative serializer(Port port) {
  return [port](const Params& params, const Backend&) {
    const auto* j = json::optional_member(params, "json");
    if (!j || !j->IsString()) throw InputError("json", "no text");
    rapidjson::Document doc;
    const std::string_view text(j->GetString(), j->GetStringLength());
    if (port.numbers == Numbers::kRestricted) {
      canonical_json::parse(text, doc, "json");
    } else {
      json::parse(text, doc, "json");  // strict JSON, any number
    }
    return Value::object({{"canonical", written(doc, port, 0)}});
  };
}
Alternative reading_numbers(Numbers n) {
  Port p;
  p.numbers = n;
  return serializer(p);
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
  for (auto at = out.find(mark); at != std::string::npos; at = out.find(mark, at + 1)) out.replace(at, mark.size(), "\\");
  return Value::object({{"canonical", out}});
}
Alternative keys(KeyOrder order) {
  Port p;
  p.order = order;
  return serializer(p);
}
Alternative writing(bool Port::*option) {
  Port p;
  p.*option = true;
  return serializer(p);
}

std::vector<Flag> canonical_flags() {
  Port top_only;
  top_only.nested = false;
  return {
      {"Rfc8785Sorting", BugType::kOrder,
       "RFC 8785 section 3.2.3's sorting example (keys \\u20ac, \\r, \\ufb33, 1, \\ud83d\\ude00, \\u0080, \\u00f6)."},
      {"Rfc8785Example", BugType::kEncoding,
       "RFC 8785 section 3.2.2's example without its \"numbers\" member (fractions and exponents are outside the "
       "restricted form)."},
      {"Utf16KeyOrder", BugType::kOrder,
       "Keys whose UTF-16 code unit order differs from code point and UTF-8 byte order (astral characters vs "
       "U+E000..U+FFFF): catches sorting by code point or bytes.",
       {keys(KeyOrder::kBytes)}},
      {"LexicographicKeys", BugType::kOrder,
       "Keys \"1\" < \"10\" < \"2\" < \"D\" < \"a\" and the empty key: catches numeric or case-insensitive sorting.",
       {keys(KeyOrder::kNumeric), keys(KeyOrder::kCaseless)}},
      {"NestedSorting", BugType::kOrder, "Objects inside objects and arrays are sorted too.", {serializer(top_only)}},
      {"ArrayOrderKept", BugType::kOrder, "Arrays keep their order: catches a port that sorts arrays.",
       {writing(&Port::sort_arrays)}},
      {"WhitespaceRemoved", BugType::kEncoding, "Space, tab, CR and LF between tokens are dropped."},
      {"ControlEscaping", BugType::kEncoding,
       "Control characters: \\b \\f \\n \\r \\t in short form, the others as \\u00xx with lowercase hex (\\u000f).",
       {writing(&Port::upper_hex), writing(&Port::no_short)}},
      {"SolidusUnescaped", BugType::kEncoding, "'/' is written as is, also when the input escaped it as \\/.",
       {writing(&Port::slash)}},
      {"NonAsciiRaw", BugType::kEncoding,
       "Non-ASCII characters, DEL, U+2028 and U+2029 are written as raw UTF-8, never \\u-escaped.",
       {writing(&Port::ascii), writing(&Port::del), writing(&Port::separators)}},
      {"EscapedInputDecoded", BugType::kEncoding,
       "\\u escapes in the input (either case of hex, surrogate pairs) are decoded before sorting and output.",
       {undecoded}},
      {"NoNormalization", BugType::kEncoding, "Strings are not Unicode-normalised: NFC and NFD forms are different keys."},
      {"SafeIntegerBounds", BugType::kBoundary, "Integers up to +-(2^53 - 1) are written in plain decimal."},
      {"TopLevelScalar", BugType::kBasic, "A scalar as the whole document."},
      {"EmptyContainers", BugType::kBasic, "Empty objects and arrays."},
      {"Fraction", BugType::kMissingCheck, "A number with a fraction, even .0: bad input.",
       {reading_numbers(Numbers::kIntegral), reading_numbers(Numbers::kBinary64)}},
      {"Exponent", BugType::kMissingCheck, "A number with an exponent, even 1e2: bad input.",
       {reading_numbers(Numbers::kIntegral), reading_numbers(Numbers::kBinary64)}},
      {"MinusZero", BugType::kMissingCheck, "-0: bad input (RFC 8785 would write 0; the restricted form refuses it).",
       {reading_numbers(Numbers::kIntegral), reading_numbers(Numbers::kBinary64)}},
      {"UnsafeInteger", BugType::kMissingCheck,
       "Integers beyond +-(2^53 - 1), e.g. RFC 8785 Appendix B's 9007199254740992: bad input.",
       {reading_numbers(Numbers::kBinary64)}},
      {"DuplicateKey", BugType::kMissingCheck, "An object with a key twice, also when one is written with escapes."},
      {"LoneSurrogate", BugType::kMissingCheck, "A \\u escape of a surrogate without its pair (or in the wrong order): bad input."},
      {"InvalidUtf8", BugType::kMissingCheck,
       "Input bytes that are not UTF-8: overlong forms, encoded surrogates, beyond U+10FFFF, truncated or stray "
       "continuation bytes. Carried in jsonHex only."},
      {"JsonSyntax", BugType::kMissingCheck,
       "Text that is not JSON at all (trailing comma, comments, NaN, single quotes, leading zeros, BOM, unescaped "
       "control characters, trailing text, empty input)."},
  };
}

void canonical_cases(Cases& c) {
  auto add = [&](const std::string& text, std::string comment, std::vector<std::string> flags) {
    c.valid("CanonicalJson", std::move(comment), std::move(flags), {{"json", text}});
  };
  // RFC 8785 section 3.2.3, the sorting example, as written there.
  add("{\n  \"\\u20ac\": \"Euro Sign\",\n  \"\\r\": \"Carriage Return\",\n  \"\\ufb33\": \"Hebrew Letter Dalet With "
      "Dagesh\",\n  \"1\": \"One\",\n  \"\\ud83d\\ude00\": \"Emoji: Grinning Face\",\n  \"\\u0080\": \"Control\",\n  "
      "\"\\u00f6\": \"Latin Small Letter O With Diaeresis\"\n}",
      "RFC 8785 section 3.2.3: sorts as \\r, 1, \\u0080, \\u00f6, \\u20ac, \\ud83d\\ude00, \\ufb33",
      {"Rfc8785Sorting", "Utf16KeyOrder", "EscapedInputDecoded", "NonAsciiRaw"});
  // RFC 8785 section 3.2.2's example, less its "numbers" member.
  add("{\n  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n  \"literals\": [null, true, "
      "false]\n}",
      "RFC 8785 section 3.2.2 without \"numbers\": \\u000F becomes \\u000f, \\/ becomes /",
      {"Rfc8785Example", "ControlEscaping", "SolidusUnescaped", "EscapedInputDecoded"});
  add("{\"\\uff61\":1,\"\\ud800\\udc00\":2,\"\\ue000\":3,\"\\ud83c\\udfb2\":4,\"\\uffff\":5}",
      "U+10000 and U+1F3B2 (surrogates D800, D83C) sort before U+E000, U+FF61, U+FFFF", {"Utf16KeyOrder"});
  add("{\"\xef\xbd\xa1\":1,\"\xf0\x90\x80\x80\":2}", "the same order with raw UTF-8 keys", {"Utf16KeyOrder", "NonAsciiRaw"});
  add("{\"d\":1,\"10\":2,\"1\":3,\"2\":4,\"D\":5,\"a\":6,\"\":7,\"a0\":8,\"a \":9}",
      "lexicographic by code unit: \"\" < \"1\" < \"10\" < \"2\" < \"D\" < \"a\" < \"a \" < \"a0\" < \"d\"",
      {"LexicographicKeys"});
  add("{\"b\":{\"z\":1,\"y\":[{\"k\":2,\"j\":1},[3,1,2]]},\"a\":[3,2,1]}", "nested sorting; arrays keep order",
      {"NestedSorting", "ArrayOrderKept"});
  add(" \t\r\n{ \"a\" :\t[ 1 ,\r\n 2 ] ,\"b\":{ } }\n ", "whitespace of all four kinds", {"WhitespaceRemoved", "EmptyContainers"});
  {
    std::string all = "\"";
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (int ch = 0; ch < 0x20; ++ch) {
      all += "\\u00";
      all.push_back(kHex[ch >> 4]);
      all.push_back(kHex[ch & 15]);
    }
    all += "\"";
    add(all, "all 32 control characters, escaped in the input with capital hex", {"ControlEscaping", "EscapedInputDecoded"});
  }
  add("[\"\\b\\f\\n\\r\\t\", \"\\\"\\\\\"]", "short escapes stay short; quote and backslash", {"ControlEscaping"});
  add("[\"/\",\"\\/\",\"</script>\"]", "'/' unescaped in any form", {"SolidusUnescaped"});
  add("\"\\u00e9\\u00E9\\u007f\\u2028\\u2029\\ud83d\\ude00\\uD83D\\uDE00\"",
      "non-ASCII, DEL, U+2028, U+2029 and an astral pair (either case of hex) become raw UTF-8",
      {"NonAsciiRaw", "EscapedInputDecoded"});
  add("{\"\\u0062\":1,\"a\":2}", "keys are sorted after decoding", {"EscapedInputDecoded"});
  add("{\"\xc3\xa9\":1,\"e\xcc\x81\":2}", "NFC \\u00e9 and NFD e + U+0301 are two different keys", {"NoNormalization"});
  add("[9007199254740991,-9007199254740991,0,-1,1,100]", "integers up to +-(2^53 - 1)", {"SafeIntegerBounds"});
  add("  42 ", "a number as the whole document", {"TopLevelScalar"});
  add("\"x\"", "a string as the whole document", {"TopLevelScalar"});
  add("null", "null as the whole document", {"TopLevelScalar"});
  add("[true,false,null]", "literals", {"TopLevelScalar"});
  add("{}", "empty object", {"EmptyContainers"});
  add("[[],{},[{}]]", "empty containers nested", {"EmptyContainers", "ArrayOrderKept"});
  add(json::to_line(utf16_settings()), "the settings of tavla_commitment_test.json's SettingsUtf16Order case",
      {"Utf16KeyOrder", "NonAsciiRaw"});

  auto add_invalid = [&](const std::string& text, std::string comment, std::vector<std::string> flags) {
    c.invalid("CanonicalJsonInvalid", std::move(comment), std::move(flags),
              {{"json", valid_utf8(text) ? Value(text) : Value()}, {"jsonHex", to_hex(as_bytes(text))}}, "json");
  };
  add_invalid("1.0", "1.0 is a fraction", {"Fraction"});
  add_invalid("1.5", "1.5", {"Fraction"});
  add_invalid("{\"a\":[1,2.5]}", "a fraction deep inside", {"Fraction"});
  add_invalid("{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  \"string\": "
              "\"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n  \"literals\": [null, true, false]\n}",
              "RFC 8785 section 3.2.2's whole example: its numbers are outside the restricted form",
              {"Fraction", "Exponent", "Rfc8785Example"});
  add_invalid("1e2", "1e2 has an exponent", {"Exponent"});
  add_invalid("1E+2", "1E+2", {"Exponent"});
  add_invalid("0e0", "0e0", {"Exponent"});
  add_invalid("-0", "-0", {"MinusZero"});
  add_invalid("[-0]", "-0 in an array", {"MinusZero"});
  add_invalid("-0.0", "-0.0", {"MinusZero", "Fraction"});
  add_invalid("9007199254740992", "2^53 (RFC 8785 Appendix B, 'Max pos int')", {"UnsafeInteger"});
  add_invalid("-9007199254740992", "-2^53 (RFC 8785 Appendix B, 'Max neg int')", {"UnsafeInteger"});
  add_invalid("18446744073709551616", "2^64", {"UnsafeInteger"});
  add_invalid("[123456789012345678901234567890]", "30 digits", {"UnsafeInteger"});
  add_invalid("{\"a\":1,\"a\":2}", "a key twice", {"DuplicateKey"});
  add_invalid("{\"a\":1,\"\\u0061\":2}", "a key twice, once escaped", {"DuplicateKey", "EscapedInputDecoded"});
  add_invalid("{\"x\":{\"b\":true,\"b\":true}}", "a key twice in a nested object, same value", {"DuplicateKey"});
  add_invalid("\"\\udc00\"", "a lone low surrogate", {"LoneSurrogate"});
  add_invalid("\"\\ud800\"", "a lone high surrogate", {"LoneSurrogate"});
  add_invalid("\"\\ud800x\"", "a high surrogate followed by a letter", {"LoneSurrogate"});
  add_invalid("\"\\ud800\\u0041\"", "a high surrogate followed by another escape", {"LoneSurrogate"});
  add_invalid("\"\\ude00\\ud83d\"", "a surrogate pair in the wrong order", {"LoneSurrogate"});
  add_invalid("{\"\\udfff\":1}", "a lone surrogate in a key", {"LoneSurrogate"});
  add_invalid("\"\xc3\x28\"", "C3 28: a lead byte without its continuation", {"InvalidUtf8"});
  add_invalid("\"\xc0\x80\"", "C0 80: overlong NUL", {"InvalidUtf8"});
  add_invalid("\"\xed\xa0\x80\"", "ED A0 80: an encoded surrogate (CESU-8)", {"InvalidUtf8"});
  add_invalid("\"\xf4\x90\x80\x80\"", "F4 90 80 80: beyond U+10FFFF", {"InvalidUtf8"});
  add_invalid("\"\xff\"", "FF: never valid", {"InvalidUtf8"});
  add_invalid("\"\xe2\x82\"", "E2 82: truncated", {"InvalidUtf8"});
  add_invalid("\"\x80\"", "80: a stray continuation byte", {"InvalidUtf8"});
  add_invalid("{\"\xe9\":1}", "E9 alone in a key (Latin-1)", {"InvalidUtf8"});
  add_invalid("", "empty input", {"JsonSyntax"});
  add_invalid("[1,]", "trailing comma", {"JsonSyntax"});
  add_invalid("{\"a\":1,}", "trailing comma in an object", {"JsonSyntax"});
  add_invalid("// c\n1", "a comment", {"JsonSyntax"});
  add_invalid("NaN", "NaN", {"JsonSyntax"});
  add_invalid("'a'", "single quotes", {"JsonSyntax"});
  add_invalid("01", "a leading zero", {"JsonSyntax"});
  add_invalid("+1", "a plus sign", {"JsonSyntax"});
  add_invalid("1 2", "two values", {"JsonSyntax"});
  add_invalid("\"a\tb\"", "an unescaped tab in a string", {"JsonSyntax"});
  add_invalid("\"\\x41\"", "an unknown escape", {"JsonSyntax"});
  add_invalid("\xef\xbb\xbf{}", "a byte order mark", {"JsonSyntax"});
  add_invalid("{\"a\" 1}", "a missing colon", {"JsonSyntax"});
  add_invalid(std::string("1\0 2", 4), "a NUL byte and more text after the value", {"JsonSyntax"});
  add_invalid(std::string("[1]\0", 4), "a NUL byte after the value", {"JsonSyntax"});
}

// text_op sends a text that is not UTF-8 (json null) as its bytes (addition: canonical_json.hex).
std::string text_op(const json::Object& inputs) {
  for (const auto& [k, v] : inputs) {
    if (k == "json") return std::holds_alternative<std::string>(v.variant()) ? "canonical_json" : "canonical_json.hex";
  }
  return "canonical_json.hex";
}

VectorKind canonical_json_file() {
  return catalog_kind({
      "canonical_json_test.json",
      {"Canonical JSON: RFC 8785 (JCS) restricted to objects, arrays, strings, true, false, null and",
       "integers with |i| <= 2^53 - 1. Keys sorted by UTF-16 code units, RFC 8785 string escaping, no",
       "whitespace. Each test gives the input as text (json; null when it is not UTF-8) and as bytes",
       "(jsonHex); valid tests give the canonical text, its bytes and its SHA-256."},
      canonical_flags(),
      {{.type = "CanonicalJson", .call = {"canonical_json"}, .fields = outputs({"jsonHex", "canonical", "canonicalHex", "sha256"})},
       {.type = "CanonicalJsonInvalid", .call = {"canonical_json"}, .hooks = {.op_of = text_op}}},
      canonical_cases,
  });
}

}  // namespace

std::vector<VectorKind> files() { return {canonical_json_file()}; }

}  // namespace fairvec::vectors::canonical_json_vec
