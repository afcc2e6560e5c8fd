// canonical_json_test.json: the canonical JSON (RFC 8785 restricted to safe integers) behind the
// tavla settings hash, valid and invalid texts.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "schemes/canonical_json.h"
#include "vectors/tavla_common.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

bool valid_utf8(std::string_view s) {
  try {
    (void)canonical_json::utf16_less(s, "", "text");
    return true;
  } catch (const InputError&) {
    return false;
  }
}

// canonical_outputs returns the members a CanonicalJson test of |text| expects, in file order.
// Throws InputError naming "json" when |text| is not in the restricted form, and std::logic_error
// when the canonical form is not its own canonical form (a bug).
json::Object canonical_outputs(const Backend& backend, const std::string& text) {
  const std::string canonical = canonical_json::canonicalize(text, "json");
  if (canonical_json::canonicalize(canonical, "json") != canonical) {
    throw std::logic_error("canonical JSON is not idempotent on " + text);
  }
  return {{"canonical", canonical}, {"canonicalHex", to_hex(as_bytes(canonical))}, {"sha256", to_hex(backend.sha256(canonical))}};
}

Value generate_canonical() {
  VectorFileBuilder b("canonical-json", "canonical_json_schema.json",
                      {"Canonical JSON: RFC 8785 (JCS) restricted to objects, arrays, strings, true, false, null and",
                       "integers with |i| <= 2^53 - 1. Keys sorted by UTF-16 code units, RFC 8785 string escaping, no",
                       "whitespace. Each test gives the input as text (json; null when it is not UTF-8) and as bytes",
                       "(jsonHex); valid tests give the canonical text, its bytes and its SHA-256."});
  b.note("Rfc8785Sorting", "ORDER",
         "RFC 8785 section 3.2.3's sorting example (keys \\u20ac, \\r, \\ufb33, 1, \\ud83d\\ude00, \\u0080, \\u00f6).");
  b.note("Rfc8785Example", "ENCODING",
         "RFC 8785 section 3.2.2's example without its \"numbers\" member (fractions and exponents are outside "
         "the restricted form).");
  b.note("Utf16KeyOrder", "ORDER",
         "Keys whose UTF-16 code unit order differs from code point and UTF-8 byte order (astral characters vs "
         "U+E000..U+FFFF): catches sorting by code point or bytes.");
  b.note("LexicographicKeys", "ORDER",
         "Keys \"1\" < \"10\" < \"2\" < \"D\" < \"a\" and the empty key: catches numeric or case-insensitive sorting.");
  b.note("NestedSorting", "ORDER", "Objects inside objects and arrays are sorted too.");
  b.note("ArrayOrderKept", "ORDER", "Arrays keep their order: catches a port that sorts arrays.");
  b.note("WhitespaceRemoved", "ENCODING", "Space, tab, CR and LF between tokens are dropped.");
  b.note("ControlEscaping", "ENCODING",
         "Control characters: \\b \\f \\n \\r \\t in short form, the others as \\u00xx with lowercase hex (\\u000f).");
  b.note("SolidusUnescaped", "ENCODING", "'/' is written as is, also when the input escaped it as \\/.");
  b.note("NonAsciiRaw", "ENCODING",
         "Non-ASCII characters, DEL, U+2028 and U+2029 are written as raw UTF-8, never \\u-escaped.");
  b.note("EscapedInputDecoded", "ENCODING",
         "\\u escapes in the input (either case of hex, surrogate pairs) are decoded before sorting and output.");
  b.note("NoNormalization", "ENCODING",
         "Strings are not Unicode-normalised: NFC and NFD forms are different keys.");
  b.note("SafeIntegerBounds", "BOUNDARY", "Integers up to +-(2^53 - 1) are written in plain decimal.");
  b.note("TopLevelScalar", "BASIC", "A scalar as the whole document.");
  b.note("EmptyContainers", "BASIC", "Empty objects and arrays.");
  b.note("Fraction", "MISSING_CHECK", "A number with a fraction, even .0: bad input.");
  b.note("Exponent", "MISSING_CHECK", "A number with an exponent, even 1e2: bad input.");
  b.note("MinusZero", "MISSING_CHECK", "-0: bad input (RFC 8785 would write 0; the restricted form refuses it).");
  b.note("UnsafeInteger", "MISSING_CHECK",
         "Integers beyond +-(2^53 - 1), e.g. RFC 8785 Appendix B's 9007199254740992: bad input.");
  b.note("DuplicateKey", "MISSING_CHECK", "An object with a key twice, also when one is written with escapes.");
  b.note("LoneSurrogate", "MISSING_CHECK",
         "A \\u escape of a surrogate without its pair (or in the wrong order): bad input.");
  b.note("InvalidUtf8", "MISSING_CHECK",
         "Input bytes that are not UTF-8: overlong forms, encoded surrogates, beyond U+10FFFF, truncated or stray "
         "continuation bytes. Carried in jsonHex only.");
  b.note("JsonSyntax", "MISSING_CHECK",
         "Text that is not JSON at all (trailing comma, comments, NaN, single quotes, leading zeros, BOM, "
         "unescaped control characters, trailing text, empty input).");

  const Backend& backend = default_backend();
  b.group({{"type", "CanonicalJson"}});
  auto add = [&](const std::string& text, std::string comment, std::vector<std::string> flags) {
    json::Object fields{{"json", text}, {"jsonHex", to_hex(as_bytes(text))}};
    for (auto& m : canonical_outputs(backend, text)) fields.push_back(std::move(m));
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
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
    for (int c = 0; c < 0x20; ++c) {
      all += "\\u00";
      all.push_back(kHex[c >> 4]);
      all.push_back(kHex[c & 15]);
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

  b.group({{"type", "CanonicalJsonInvalid"}});
  auto add_invalid = [&](const std::string& text, std::string comment, std::vector<std::string> flags) {
    bool rejected = false;
    try {
      (void)canonical_json::canonicalize(text, "json");
    } catch (const InputError&) {
      rejected = true;
    }
    if (!rejected) throw std::logic_error("canonical JSON accepts invalid input " + text);
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"json", valid_utf8(text) ? Value(text) : Value()}, {"jsonHex", to_hex(as_bytes(text))}, {"error", "json"}});
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
  return b.build();
}

std::string text_of(const TestRef& t) {
  Bytes raw = from_hex(test_string(t, "jsonHex"), "jsonHex");
  std::string text(raw.begin(), raw.end());
  const auto& j = test_member(t, "json");
  if (j.IsString() && std::string_view(j.GetString(), j.GetStringLength()) != text) {
    throw InputError("json", "json and jsonHex differ");
  }
  return text;
}

std::vector<PortCall> canonical_calls(const TestRef& t) {
  const bool invalid = is_invalid(t);
  const auto& j = test_member(t, "json");
  if (j.IsString()) {
    return {{"canonical_json", Value::object({{"json", test_value(t, "json")}}),
             invalid ? std::nullopt : std::optional<Value>(Value::object({{"canonical", test_value(t, "canonical")}}))}};
  }
  // Not UTF-8: only bytes can carry it (addition: canonical_json.hex).
  return {{"canonical_json.hex", Value::object({{"jsonHex", test_value(t, "jsonHex")}}),
           invalid ? std::nullopt : std::optional<Value>(Value::object({{"canonicalHex", test_value(t, "canonicalHex")}}))}};
}

}  // namespace

VectorKind canonical_json_vector_kind() {
  return group_kind("canonical_json_test.json", "canonical_json_schema.json", generate_canonical,
                    {{"CanonicalJson",
                      [](const TestRef& t, const Backend& backend) { return expect_members(t, canonical_outputs(backend, text_of(t))); },
                      canonical_calls},
                     {"CanonicalJsonInvalid",
                      [](const TestRef& t, const Backend&) {
                        const std::string text = text_of(t);
                        return expect_error(t, [&] { (void)canonical_json::canonicalize(text, "json"); });
                      },
                      canonical_calls}});
}

}  // namespace fairvec::vectors::tavla_vec
