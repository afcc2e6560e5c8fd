// canonical_json_test.json: the canonical JSON (RFC 8785 restricted to safe integers) behind the
// tavla settings hash, valid and invalid texts. A catalog (vectors/catalog.h): cases give the text
// only (an invalid case also its bytes, the only form of a text that is not UTF-8); canonical_json
// and its trace compute the rest, text that is not UTF-8 goes to canonical_json.hex, and each flag
// of the family's library (below) naming a wrong serializer of vectors/canonical_json_ports.cc is
// checked against it.
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
#include "vectors/catalog.h"

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
  add("{\"\xef\xbd\xa1\":1,\"\xf0\x90\x80\x80\":2}", "the same order with raw UTF-8 keys",
      {"Utf16KeyOrder", "NonAsciiRaw"});
  add("{\"d\":1,\"10\":2,\"1\":3,\"2\":4,\"D\":5,\"a\":6,\"\":7,\"a0\":8,\"a \":9}",
      "lexicographic by code unit: \"\" < \"1\" < \"10\" < \"2\" < \"D\" < \"a\" < \"a \" < \"a0\" < \"d\"",
      {"LexicographicKeys"});
  add("{\"b\":{\"z\":1,\"y\":[{\"k\":2,\"j\":1},[3,1,2]]},\"a\":[3,2,1]}", "nested sorting; arrays keep order",
      {"NestedSorting", "ArrayOrderKept"});
  add(" \t\r\n{ \"a\" :\t[ 1 ,\r\n 2 ] ,\"b\":{ } }\n ", "whitespace of all four kinds",
      {"WhitespaceRemoved", "EmptyContainers"});
  {
    std::string all = "\"";
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (int ch = 0; ch < 0x20; ++ch) {
      all += "\\u00";
      all.push_back(kHex[ch >> 4]);
      all.push_back(kHex[ch & 15]);
    }
    all += "\"";
    add(all, "all 32 control characters, escaped in the input with capital hex",
        {"ControlEscaping", "EscapedInputDecoded"});
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
  add_invalid(
      "{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  \"string\": "
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

}  // namespace

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("canonical_json");
    add_wrong_ports(lib);
    add_canonical_flags(lib);
    return lib;
  }();
  return kLibrary;
}

void add_canonical_flags(FlagLibrary& lib) {
  lib.flag(
      {"Rfc8785Sorting", BugType::kOrder,
       "RFC 8785 section 3.2.3's sorting example (keys \\u20ac, \\r, \\ufb33, 1, \\ud83d\\ude00, \\u0080, \\u00f6)."});
  lib.flag({"Rfc8785Example", BugType::kEncoding,
            "RFC 8785 section 3.2.2's example without its \"numbers\" member (fractions and exponents are outside the "
            "restricted form)."});
  lib.flag({"Utf16KeyOrder",
            BugType::kOrder,
            "Keys whose UTF-16 code unit order differs from code point and UTF-8 byte order (astral characters vs "
            "U+E000..U+FFFF): catches sorting by code point or bytes.",
            {"code-point-key-sort"}});
  lib.flag(
      {"LexicographicKeys",
       BugType::kOrder,
       "Keys \"1\" < \"10\" < \"2\" < \"D\" < \"a\" and the empty key: catches numeric or case-insensitive sorting.",
       {"cjson-numeric-key-sort", "cjson-caseless-key-sort"}});
  lib.flag({"NestedSorting",
            BugType::kOrder,
            "Objects inside objects and arrays are sorted too.",
            {"cjson-top-level-sorted"}});
  lib.flag({"ArrayOrderKept",
            BugType::kOrder,
            "Arrays keep their order: catches a port that sorts arrays.",
            {"cjson-arrays-sorted"}});
  lib.flag({"WhitespaceRemoved", BugType::kEncoding, "Space, tab, CR and LF between tokens are dropped."});
  lib.flag(
      {"ControlEscaping",
       BugType::kEncoding,
       "Control characters: \\b \\f \\n \\r \\t in short form, the others as \\u00xx with lowercase hex (\\u000f).",
       {"cjson-uppercase-hex-escapes", "cjson-no-short-escapes"}});
  lib.flag({"SolidusUnescaped",
            BugType::kEncoding,
            "'/' is written as is, also when the input escaped it as \\/.",
            {"cjson-slash-escaped"}});
  lib.flag({"NonAsciiRaw",
            BugType::kEncoding,
            "Non-ASCII characters, DEL, U+2028 and U+2029 are written as raw UTF-8, never \\u-escaped.",
            {"cjson-ascii-only", "cjson-del-escaped", "cjson-separators-escaped"}});
  lib.flag({"EscapedInputDecoded",
            BugType::kEncoding,
            "\\u escapes in the input (either case of hex, surrogate pairs) are decoded before sorting and output.",
            {"cjson-escapes-kept"}});
  lib.flag({"NoNormalization", BugType::kEncoding,
            "Strings are not Unicode-normalised: NFC and NFD forms are different keys."});
  lib.flag({"SafeIntegerBounds", BugType::kBoundary, "Integers up to +-(2^53 - 1) are written in plain decimal."});
  lib.flag({"TopLevelScalar", BugType::kBasic, "A scalar as the whole document."});
  lib.flag({"EmptyContainers", BugType::kBasic, "Empty objects and arrays."});
  lib.flag({"Fraction",
            BugType::kMissingCheck,
            "A number with a fraction, even .0: bad input.",
            {"cjson-integral-doubles", "cjson-any-number"}});
  lib.flag({"Exponent",
            BugType::kMissingCheck,
            "A number with an exponent, even 1e2: bad input.",
            {"cjson-integral-doubles", "cjson-any-number"}});
  lib.flag({"MinusZero",
            BugType::kMissingCheck,
            "-0: bad input (RFC 8785 would write 0; the restricted form refuses it).",
            {"cjson-integral-doubles", "cjson-any-number"}});
  lib.share(shared_flags(), "UnsafeInteger", {"cjson-any-number", "unsafe-integers"});
  lib.share(shared_flags(), "DuplicateKey", {"cjson-duplicate-first", "cjson-duplicate-last"});
  lib.flag({"LoneSurrogate", BugType::kMissingCheck,
            "A \\u escape of a surrogate without its pair (or in the wrong order): bad input."});
  lib.flag({"InvalidUtf8", BugType::kMissingCheck,
            "Input bytes that are not UTF-8: overlong forms, encoded surrogates, beyond U+10FFFF, truncated or stray "
            "continuation bytes. Carried in jsonHex only."});
  lib.flag({"JsonSyntax", BugType::kMissingCheck,
            "Text that is not JSON at all (trailing comma, comments, NaN, single quotes, leading zeros, BOM, unescaped "
            "control characters, trailing text, empty input)."});
}

namespace {

VectorKind canonical_json_file() {
  return catalog_kind({
      "canonical_json_test.json",
      {"Canonical JSON: RFC 8785 (JCS) restricted to objects, arrays, strings, true, false, null and",
       "integers with |i| <= 2^53 - 1. Keys sorted by UTF-16 code units, RFC 8785 string escaping, no",
       "whitespace. Each test gives the input as text (json; null when it is not UTF-8) and as bytes",
       "(jsonHex); valid tests give the canonical text, its bytes and its SHA-256."},
      library().pick({"Rfc8785Sorting",    "Rfc8785Example", "Utf16KeyOrder",       "LexicographicKeys",
                      "NestedSorting",     "ArrayOrderKept", "WhitespaceRemoved",   "ControlEscaping",
                      "SolidusUnescaped",  "NonAsciiRaw",    "EscapedInputDecoded", "NoNormalization",
                      "SafeIntegerBounds", "TopLevelScalar", "EmptyContainers",     "Fraction",
                      "Exponent",          "MinusZero",      "UnsafeInteger",       "DuplicateKey",
                      "LoneSurrogate",     "InvalidUtf8",    "JsonSyntax"}),
      {{.type = "CanonicalJson",
        .call = {"canonical_json"},
        .fields = outputs({"jsonHex", "canonical", "canonicalHex", "sha256"}),
        .calls = {{.op = "canonical_json.hex", .params = {{"jsonHex", "jsonHex"}}}}},  // the same input as bytes
       {.type = "CanonicalJsonInvalid", .call = {"canonical_json"}, .hooks = {.op_of = text_op}}},
      canonical_cases,
  });
}

}  // namespace

std::vector<VectorKind> files() { return {canonical_json_file()}; }

}  // namespace fairvec::vectors::canonical_json_vec
