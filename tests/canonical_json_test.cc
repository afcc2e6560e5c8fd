// Tests of canonical JSON (specs/canonical-json.md): RFC 8785's own examples, canonical-form
// properties, bad-input errors and the nesting bound.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/errors.h"
#include "core/json.h"
#include "core/splitmix64.h"
#include "schemes/canonical_json.h"
#include "tavla_test_util.h"

namespace fairvec {
namespace {

namespace cj = canonical_json;
using tavla_testing::error_of;

// ---- canonical JSON: RFC 8785's examples ------------------------------------------------------

TEST(CanonicalJson, Rfc8785SortingExample) {
  // RFC 8785 section 3.2.3: the input object and the order it states: "\r", "1", "\u0080",
  // "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33" (the emoji, D83D DE00 in UTF-16, sorts before
  // U+FB33). Control characters are escaped, the rest written as UTF-8 (section 3.2.2.2).
  const std::string input =
      "{\n  \"\\u20ac\": \"Euro Sign\",\n  \"\\r\": \"Carriage Return\",\n  \"\\ufb33\": \"Hebrew Letter Dalet With "
      "Dagesh\",\n  \"1\": \"One\",\n  \"\\ud83d\\ude00\": \"Emoji: Grinning Face\",\n  \"\\u0080\": \"Control\",\n  "
      "\"\\u00f6\": \"Latin Small Letter O With Diaeresis\"\n}";
  const std::string expected =
      "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\",\"\xc3\xb6\":\"Latin Small Letter O With "
      "Diaeresis\",\"\xe2\x82\xac\":\"Euro Sign\",\"\xf0\x9f\x98\x80\":\"Emoji: Grinning Face\",\"\xef\xac\xb3\":"
      "\"Hebrew Letter Dalet With Dagesh\"}";
  EXPECT_EQ(cj::canonicalize(input, "json"), expected);
}

TEST(CanonicalJson, Rfc8785StringExample) {
  // RFC 8785 section 3.2.2: "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/" is written
  // "€$\u000f\nA'B\"\\\\\"/", and "literals": [null, true, false] as is (the "numbers" member of
  // that example is left out: fractions and exponents are outside the restricted form).
  const std::string input =
      "{\n  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n  \"literals\": [null, true, "
      "false]\n}";
  const std::string expected =
      "{\"literals\":[null,true,false],\"string\":\"\xe2\x82\xac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
  EXPECT_EQ(cj::canonicalize(input, "json"), expected);
}

TEST(CanonicalJson, Rfc8785MaxIntegerIsOutsideTheSafeRange) {
  // RFC 8785 Appendix B lists 9007199254740992 as "Max pos int" with the note that true integers
  // SHOULD stay within +-9007199254740991; the restricted form requires it.
  EXPECT_EQ(cj::canonicalize("9007199254740991", "json"), "9007199254740991");
  EXPECT_EQ(cj::canonicalize("-9007199254740991", "json"), "-9007199254740991");
  EXPECT_TRUE(error_of([] { (void)cj::canonicalize("9007199254740992", "json"); }));
  EXPECT_TRUE(error_of([] { (void)cj::canonicalize("-9007199254740992", "json"); }));
}

// ---- canonical JSON: properties ----------------------------------------------------------------

// random_json writes a random document in the restricted form with random whitespace and member
// order; |keys| lists the pool of keys (including astral and BMP-private ones).
std::string random_json(SplitMix64& rng, int depth) {
  static const std::vector<std::string> kKeys = {"a",
                                                 "b",
                                                 "A",
                                                 "1",
                                                 "10",
                                                 "2",
                                                 "",
                                                 "\xc3\xa9",
                                                 "e\xcc\x81",
                                                 "\xef\xac\xb3",
                                                 "\xf0\x90\x80\x80",
                                                 "\xee\x80\x80",
                                                 "\\u0041",
                                                 "\\ud83d\\ude00",
                                                 "\\n",
                                                 "/",
                                                 "\\/x"};
  static const std::vector<std::string> kScalars = {"0",
                                                    "-1",
                                                    "9007199254740991",
                                                    "-9007199254740991",
                                                    "42",
                                                    "true",
                                                    "false",
                                                    "null",
                                                    "\"\"",
                                                    "\"x\\u001fy\"",
                                                    "\"\\u2028\\u007f\"",
                                                    "\"\xe2\x82\xac\"",
                                                    "\"\\\"\\\\\""};
  auto ws = [&] { return std::string(rng.next() % 3, " \t\n\r"[rng.next() % 4]); };
  int kind = depth > 3 ? 0 : static_cast<int>(rng.next() % 3);
  if (kind == 0) return ws() + kScalars[rng.next() % kScalars.size()] + ws();
  if (kind == 1) {
    std::string s = "[" + ws();
    int n = static_cast<int>(rng.next() % 4);
    for (int i = 0; i < n; ++i) s += (i ? "," : "") + random_json(rng, depth + 1);
    return s + "]";
  }
  std::vector<std::string> keys = kKeys;
  for (std::size_t i = keys.size(); i > 1; --i) std::swap(keys[i - 1], keys[rng.next() % i]);
  // Keep keys distinct after decoding: "\\u0041" is "A", "\\/x" is "/x"; drop the plain forms.
  keys.erase(std::remove_if(keys.begin(), keys.end(), [](const std::string& k) { return k == "A"; }), keys.end());
  std::string s = "{" + ws();
  int n = static_cast<int>(rng.next() % 5);
  for (int i = 0; i < n; ++i) {
    s += (i ? "," : "") + ws() + "\"" + keys[static_cast<std::size_t>(i)] + "\"" + ws() + ":" +
         random_json(rng, depth + 1);
  }
  return s + "}";
}

TEST(CanonicalJson, IdempotentAndAgreesWithTheValuePath) {
  SplitMix64 rng{4};
  for (int i = 0; i < 3000; ++i) {
    std::string text = random_json(rng, 0);
    std::string c = cj::canonicalize(text, "json");
    EXPECT_EQ(cj::canonicalize(c, "json"), c) << text;
    rapidjson::Document d;
    json::parse(text, d, "json");
    EXPECT_EQ(cj::serialize(d, "json"), c) << text;
    EXPECT_EQ(cj::serialize(json::Value::from_rapidjson(d), "json"), c) << text;
  }
}

TEST(CanonicalJson, MemberOrderDoesNotMatter) {
  SplitMix64 rng{5};
  const std::vector<std::pair<std::string, std::string>> members = {
      {"\"\\ufb33\"", "1"},    {"\"\\ud83d\\ude00\"", "[2,{\"z\":1,\"y\":2}]"},
      {"\"10\"", "null"},      {"\"1\"", "\"x\""},
      {"\"\\uffff\"", "true"}, {"\"\\ud800\\udc00\"", "{}"}};
  std::string first;
  for (int i = 0; i < 200; ++i) {
    auto m = members;
    for (std::size_t k = m.size(); k > 1; --k) std::swap(m[k - 1], m[rng.next() % k]);
    std::string text = "{";
    for (std::size_t k = 0; k < m.size(); ++k) text += (k ? "," : "") + m[k].first + ":" + m[k].second;
    text += "}";
    std::string c = cj::canonicalize(text, "json");
    if (first.empty()) first = c;
    EXPECT_EQ(c, first);
  }
  // UTF-16 order: U+10000 and U+1F600 (high surrogates D800, D83D) before U+FB33 and U+FFFF.
  EXPECT_LT(first.find("\xf0\x90\x80\x80"), first.find("\xef\xac\xb3"));
  EXPECT_LT(first.find("\xf0\x9f\x98\x80"), first.find("\xef\xbf\xbf"));
  EXPECT_TRUE(cj::utf16_less("\xf0\x9f\x98\x80", "\xef\xac\xb3", "k"));
  EXPECT_FALSE(cj::utf16_less("\xef\xac\xb3", "\xf0\x9f\x98\x80", "k"));
  EXPECT_TRUE(cj::utf16_less("1", "10", "k"));
  EXPECT_TRUE(cj::utf16_less("10", "2", "k"));
}

TEST(CanonicalJson, BadInputNamesFieldAndPosition) {
  struct Case {
    std::string text;
    std::size_t position;
  };
  const std::vector<Case> cases = {
      {"[1, 2.5]", 4},                          // the number
      {"{\"a\":1e2}", 5},                       // the number
      {" -0", 1},                               // the number
      {"[9007199254740992]", 1},                // the number
      {"{\"a\":1,\"a\":2}", 7},                 // the second key's quote
      {"{\"x\":{\"\\u0062\":1,\"b\":2}}", 17},  // the second "b"
      {"[\"ok\",\"\\udc00\"]", 7},              // the backslash of the lone surrogate
      {"{\"\\ud800\\u0041\":1}", 2},            // RapidJSON reports the escape
      {"\"\xc3\x28\"", 1},                      // the bad byte
      {"\"\xed\xa0\x80\"", 1},                  // an encoded surrogate
      {"[1,]", 3},
      {std::string("[1] \0x", 6), 4},  // a NUL byte is not the end of the input
  };
  for (const auto& c : cases) {
    auto e = error_of([&] { (void)cj::canonicalize(c.text, "json"); });
    ASSERT_TRUE(e) << c.text;
    EXPECT_EQ(e->field(), "json") << c.text;
    ASSERT_TRUE(e->position()) << c.text << ": " << e->what();
    EXPECT_EQ(*e->position(), c.position) << c.text << ": " << e->what();
  }
}

TEST(CanonicalJson, NestingIsBoundedWithoutCrashing) {
  std::string ok(cj::kMaxDepth, '['), deep(cj::kMaxDepth + 1, '['), huge(200000, '[');
  ok += std::string(cj::kMaxDepth, ']');
  deep += std::string(cj::kMaxDepth + 1, ']');
  EXPECT_EQ(cj::canonicalize(ok, "json"), ok);
  auto e = error_of([&] { (void)cj::canonicalize(deep, "json"); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->position(), cj::kMaxDepth);
  EXPECT_TRUE(error_of([&] { (void)cj::canonicalize(huge, "json"); }));
  // The value path (a tree from another parser) is bounded too: 300 levels pass json::parse
  // (which stops at 512) and must be rejected by serialize.
  rapidjson::Document d;
  json::parse(std::string(300, '[') + std::string(300, ']'), d, "json");
  EXPECT_TRUE(error_of([&] { (void)cj::serialize(d, "json"); }));
}

TEST(CanonicalJson, ValuePathRejectsWhatTheRestrictedFormForbids) {
  // (A lone surrogate never reaches serialize: json::parse rejects it, see vectors_test.)
  for (const char* text : {"[1.5]", "{\"a\":9007199254740992}", "[-9007199254740992]", "[1e2]"}) {
    rapidjson::Document d;
    json::parse(text, d, "x");
    auto e = error_of([&] { (void)cj::serialize(d, "settings"); });
    ASSERT_TRUE(e) << text;
    EXPECT_EQ(e->field(), "settings");
  }
}

}  // namespace
}  // namespace fairvec
