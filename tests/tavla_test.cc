// Tests of tavla-commit-v1 and canonical JSON (specs/tavla-commit-v1.md, specs/canonical-json.md):
// RFC 8785's own examples, canonical-form properties and bad-input errors, UUID and seal-code
// encodings, the block stream against a plain re-reading, game sequences, the proof verifier and
// its CLI exit codes on the sample proof files, schema strictness, and every vector of the
// family's files on both backends.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/splitmix64.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "port/protocol.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla.h"
#include "schemes/tavla_proof.h"
#include "vectors/vector_file.h"

namespace fairvec {
namespace {

namespace fs = std::filesystem;
namespace cj = canonical_json;
using namespace tavla;

const fs::path kVectors = FAIRVEC_SOURCE_VECTORS;


// error_of runs |f| and returns the InputError it throws (fails the test when none is thrown).
std::optional<InputError> error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return std::nullopt;
}

rapidjson::Document load(const fs::path& p) {
  rapidjson::Document d;
  json::parse(read_file(p), d, p.string());
  return d;
}

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
  const std::string expected = "{\"literals\":[null,true,false],\"string\":\"\xe2\x82\xac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
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
  static const std::vector<std::string> kKeys = {"a", "b", "A", "1", "10", "2", "", "\xc3\xa9", "e\xcc\x81",
                                                 "\xef\xac\xb3", "\xf0\x90\x80\x80", "\xee\x80\x80", "\\u0041",
                                                 "\\ud83d\\ude00", "\\n", "/", "\\/x"};
  static const std::vector<std::string> kScalars = {"0", "-1", "9007199254740991", "-9007199254740991", "42",
                                                    "true", "false", "null", "\"\"", "\"x\\u001fy\"",
                                                    "\"\\u2028\\u007f\"", "\"\xe2\x82\xac\"", "\"\\\"\\\\\""};
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
    s += (i ? "," : "") + ws() + "\"" + keys[static_cast<std::size_t>(i)] + "\"" + ws() + ":" + random_json(rng, depth + 1);
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
      {"\"\\ufb33\"", "1"}, {"\"\\ud83d\\ude00\"", "[2,{\"z\":1,\"y\":2}]"}, {"\"10\"", "null"}, {"\"1\"", "\"x\""},
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
      {"[1, 2.5]", 4},                 // the number
      {"{\"a\":1e2}", 5},              // the number
      {" -0", 1},                      // the number
      {"[9007199254740992]", 1},       // the number
      {"{\"a\":1,\"a\":2}", 7},        // the second key's quote
      {"{\"x\":{\"\\u0062\":1,\"b\":2}}", 17},  // the second "b"
      {"[\"ok\",\"\\udc00\"]", 7},     // the backslash of the lone surrogate
      {"{\"\\ud800\\u0041\":1}", 2},  // RapidJSON reports the escape
      {"\"\xc3\x28\"", 1},             // the bad byte
      {"\"\xed\xa0\x80\"", 1},         // an encoded surrogate
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

// ---- UUIDs, seeds, seal codes ----------------------------------------------------------------

TEST(TavlaUuid, WrittenOrderRoundTrip) {
  SplitMix64 rng{6};
  for (int i = 0; i < 500; ++i) {
    Uuid u;
    for (auto& b : u) b = rng.byte();
    std::string text = format_uuid(u);
    ASSERT_EQ(text.size(), 36u);
    EXPECT_EQ(parse_uuid(text, "id"), u);
    std::string digits = text;
    digits.erase(std::remove(digits.begin(), digits.end(), '-'), digits.end());
    EXPECT_EQ(digits, to_hex(u));  // the bytes in the order the digits are written
    std::string upper = text;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(parse_uuid(upper, "id"), u);
  }
}

TEST(TavlaUuid, InvalidFormsNameTheFirstBadCharacter) {
  const std::string g = "60616263-6465-6667-6869-6a6b6c6d6e6f";
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {"{" + g + "}", 0},       {"urn:uuid:" + g, 0},     {"6061626364656667686960616263646566", 8},
      {g.substr(0, 35), 35},    {g + "0", 36},            {"6061626g" + g.substr(8), 7},
      {"", 0},                  {g.substr(0, 8) + "_" + g.substr(9), 8}};
  for (const auto& [text, pos] : cases) {
    auto e = error_of([&] { (void)parse_uuid(text, "gameId"); });
    ASSERT_TRUE(e) << text;
    EXPECT_EQ(e->field(), "gameId");
    EXPECT_EQ(e->position(), pos) << text << ": " << e->what();
  }
}

TEST(TavlaSecret, ExactlyThirtyTwoBytes) {
  EXPECT_NO_THROW((void)parse_secret(std::string(64, 'A'), "seed"));
  for (std::size_t n : {62u, 63u, 65u, 66u, 0u}) {
    auto e = error_of([&] { (void)parse_secret(std::string(n, 'a'), "seed"); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field(), "seed");
  }
}

// decode_crockford reads 8 symbols back into 40 bits, independently of read_seal_code.
std::uint64_t decode_crockford(const std::string& seal) {
  std::uint64_t v = 0;
  for (char c : seal) {
    if (c == '-') continue;
    v = v * 32 + kCrockford.find(c);
  }
  return v;
}

TEST(TavlaSeal, FirstFortyBitsMostSignificantFirst) {
  SplitMix64 rng{7};
  for (int i = 0; i < 2000; ++i) {
    Digest d;
    for (auto& b : d) b = rng.byte();
    std::string seal = seal_code(d);
    ASSERT_EQ(seal.size(), 9u);
    EXPECT_EQ(seal[4], '-');
    std::uint64_t bits = 0;
    for (int k = 0; k < 5; ++k) bits = bits * 256 + d[static_cast<std::size_t>(k)];
    EXPECT_EQ(decode_crockford(seal), bits);
    EXPECT_EQ(read_seal_code(seal, "code"), seal);
    std::string lenient;
    for (char c : seal) {
      if (c == '-') continue;
      if (c == '0') c = 'o';
      else if (c == '1') c = (i % 2) ? 'I' : 'l';
      lenient.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    EXPECT_EQ(read_seal_code(lenient, "code"), seal);
  }
  Digest zero{};
  EXPECT_EQ(seal_code(zero), "0000-0000");
  Digest ones;
  ones.fill(0xff);
  EXPECT_EQ(seal_code(ones), "ZZZZ-ZZZZ");
}

TEST(TavlaSeal, InvalidCodes) {
  const std::vector<std::pair<std::string, std::optional<std::size_t>>> cases = {
      {"5J8Z-XF1U", 8}, {"5J8Z XF1R", 4}, {"5J8Z-XF1R ", 9}, {"5J8Z-XF1RR", 9}, {"5J8Z-XF1", std::nullopt},
      {"", std::nullopt}, {"*", 0}};
  for (const auto& [text, pos] : cases) {
    auto e = error_of([&] { (void)read_seal_code(text, "code"); });
    ASSERT_TRUE(e) << text;
    EXPECT_EQ(e->field(), "code");
    EXPECT_EQ(e->position(), pos) << text;
  }
}

// ---- commitment, block MACs, picking, rolls -----------------------------------------------------

RollInputs random_inputs(SplitMix64& rng) {
  RollInputs in;
  for (auto& b : in.seed) b = rng.byte();
  for (auto& b : in.game_id) b = rng.byte();
  for (auto& c : in.contributions) {
    for (auto& b : c) b = rng.byte();
  }
  return in;
}

TEST(TavlaCommitment, LayoutAndBackendsAgree) {
  SplitMix64 rng{8};
  for (int i = 0; i < 200; ++i) {
    RollInputs in = random_inputs(rng);
    Uuid s0, s1;
    for (auto& b : s0) b = rng.byte();
    for (auto& b : s1) b = rng.byte();
    Digest sh = settings_hash(openssl_backend(), "{}");
    Bytes m = commitment_input(in.game_id, sh, s0, s1, in.seed);
    ASSERT_EQ(m.size(), 24u + 16 + 32 + 16 + 16 + 32);
    EXPECT_EQ(std::string(m.begin(), m.begin() + 24), "tavlarena-dice-commit-v1");
    EXPECT_TRUE(std::equal(in.game_id.begin(), in.game_id.end(), m.begin() + 24));
    EXPECT_TRUE(std::equal(sh.begin(), sh.end(), m.begin() + 40));
    EXPECT_TRUE(std::equal(s0.begin(), s0.end(), m.begin() + 72));
    EXPECT_TRUE(std::equal(s1.begin(), s1.end(), m.begin() + 88));
    EXPECT_TRUE(std::equal(in.seed.begin(), in.seed.end(), m.begin() + 104));
    Digest a = commitment(cryptopp_backend(), in.game_id, sh, s0, s1, in.seed);
    EXPECT_EQ(a, commitment(openssl_backend(), in.game_id, sh, s0, s1, in.seed));
    EXPECT_EQ(a, openssl_backend().sha256(m));
  }
}

TEST(TavlaBlock, IncrementalEqualsOneShotAndCountersAreBigEndian) {
  SplitMix64 rng{9};
  for (int i = 0; i < 100; ++i) {
    RollInputs in = random_inputs(rng);
    auto n = static_cast<std::uint32_t>(rng.next()), block = static_cast<std::uint32_t>(rng.next());
    Bytes m = block_input(in, n, block);
    ASSERT_EQ(m.size(), 110u);
    EXPECT_EQ(std::string(m.begin(), m.begin() + 22), "tavlarena-dice-roll-v1");
    EXPECT_EQ(m[102], n >> 24);
    EXPECT_EQ(m[105], n & 0xff);
    EXPECT_EQ(m[106], block >> 24);
    EXPECT_EQ(m[109], block & 0xff);
    for (const Backend* b : all_backends()) {
      EXPECT_EQ(BlockMacs(*b, in).mac(n, block), block_mac(*b, in, n, block));
      EXPECT_EQ(block_mac(*b, in, n, block), b->hmac_sha256(in.seed, m));
    }
  }
}

// plain_pick re-reads blocks the simple way: all bytes in order, keep those below 252.
std::optional<std::pair<Dice, std::uint32_t>> plain_pick(const std::vector<Digest>& blocks) {
  std::vector<int> dice;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    for (std::uint8_t x : blocks[b]) {
      if (x < 252) dice.push_back(x % 6 + 1);
      if (dice.size() == 2) return std::make_pair(Dice{dice[0], dice[1]}, static_cast<std::uint32_t>(b + 1));
    }
  }
  return std::nullopt;
}

TEST(TavlaPick, MatchesAPlainReadingOverSkipHeavyBlocks) {
  SplitMix64 rng{10};
  for (int i = 0; i < 5000; ++i) {
    std::vector<Digest> blocks(1 + rng.next() % 4);
    for (auto& blk : blocks) {
      int skip_rate = static_cast<int>(rng.next() % 4);  // 0: normal bytes; 3: almost all skipped
      for (auto& x : blk) {
        x = rng.byte();
        if (skip_rate && rng.next() % 64 < static_cast<std::uint64_t>(skip_rate == 3 ? 63 : 40)) x = 252 + (x & 3);
      }
    }
    auto want = plain_pick(blocks);
    if (!want) {
      auto e = error_of([&] { (void)pick(blocks, "blocks"); });
      ASSERT_TRUE(e);
      EXPECT_EQ(e->field(), "blocks");
      continue;
    }
    Pick p = pick(blocks, "blocks");
    EXPECT_EQ(p.dice, want->first);
    EXPECT_EQ(p.blocks_read, want->second);
    EXPECT_EQ(blocks[p.picked[1].block][p.picked[1].index], p.picked[1].byte);
  }
  EXPECT_TRUE(error_of([] { (void)pick(std::vector<Digest>{}, "blocks"); }));
}

TEST(TavlaRoll, ReadsBlocksInOrderAndChecksN) {
  SplitMix64 rng{11};
  for (int i = 0; i < 300; ++i) {
    RollInputs in = random_inputs(rng);
    std::uint64_t n = 1 + rng.next() % 0xFFFFFFFFull;
    Roll a = roll(cryptopp_backend(), in, n), b = roll(openssl_backend(), in, n);
    EXPECT_EQ(a.macs, b.macs);
    EXPECT_EQ(a.pick.dice, b.pick.dice);
    for (std::size_t k = 0; k < a.macs.size(); ++k) {
      EXPECT_EQ(a.macs[k], block_mac(openssl_backend(), in, static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(k)));
    }
    EXPECT_EQ(pick(a.macs, "blocks").dice, a.pick.dice);
  }
  RollInputs in = random_inputs(rng);
  for (std::uint64_t bad : {0ull, 4294967296ull, ~0ull}) {
    auto e = error_of([&] { (void)roll(openssl_backend(), in, bad); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->field(), "n");
  }
}

TEST(TavlaGame, EveryRollAdvancesNAndKindsFollowTheRules) {
  SplitMix64 rng{12};
  int ties_seen = 0;
  for (int i = 0; i < 300; ++i) {
    RollInputs in = random_inputs(rng);
    OpeningRule rule = i % 2 ? OpeningRule::kPlay : OpeningRule::kReroll;
    auto rolls = game_rolls(openssl_backend(), in, rule, 5, "moves");
    for (std::size_t k = 0; k < rolls.size(); ++k) {
      EXPECT_EQ(rolls[k].n, k + 1);
      EXPECT_EQ(rolls[k].dice, roll(cryptopp_backend(), in, rolls[k].n).pick.dice);
      EXPECT_TRUE(kind_may_follow(k ? &rolls[k - 1] : nullptr, rolls[k].kind));
      if (rolls[k].kind == RollKind::kOpening && rolls[k].dice[0] == rolls[k].dice[1]) ++ties_seen;
    }
    std::size_t openings = 0;
    while (rolls[openings].kind == RollKind::kOpening) ++openings;
    EXPECT_EQ(rolls.size(), openings + (rule == OpeningRule::kReroll ? 1 : 0) + 5);
  }
  EXPECT_GT(ties_seen, 20);  // about one game in six opens with a tie
  EXPECT_TRUE(error_of([&] { (void)game_rolls(openssl_backend(), random_inputs(rng), OpeningRule::kPlay, kMaxGameMoves + 1, "moves"); }));
}

TEST(TavlaGame, KindOrder) {
  GameRoll tie{1, RollKind::kOpening, {3, 3}}, decided{2, RollKind::kOpening, {3, 4}};
  GameRoll reroll{3, RollKind::kReroll, {1, 2}}, move{4, RollKind::kMove, {1, 2}};
  EXPECT_TRUE(kind_may_follow(nullptr, RollKind::kOpening));
  EXPECT_FALSE(kind_may_follow(nullptr, RollKind::kMove));
  EXPECT_FALSE(kind_may_follow(nullptr, RollKind::kReroll));
  EXPECT_TRUE(kind_may_follow(&tie, RollKind::kOpening));
  EXPECT_FALSE(kind_may_follow(&tie, RollKind::kMove));
  EXPECT_FALSE(kind_may_follow(&tie, RollKind::kReroll));
  EXPECT_FALSE(kind_may_follow(&decided, RollKind::kOpening));
  EXPECT_TRUE(kind_may_follow(&decided, RollKind::kReroll));
  EXPECT_TRUE(kind_may_follow(&decided, RollKind::kMove));
  EXPECT_FALSE(kind_may_follow(&reroll, RollKind::kReroll));
  EXPECT_TRUE(kind_may_follow(&reroll, RollKind::kMove));
  EXPECT_FALSE(kind_may_follow(&move, RollKind::kOpening));
  EXPECT_TRUE(kind_may_follow(&move, RollKind::kMove));
}

// ---- proofs and the verifier ------------------------------------------------------------------

std::string proof_text(const std::string& name) { return read_file(kVectors / "proofs" / (name + ".json")); }

TEST(TavlaProof, EveryTamperedRollIsNamed) {
  Proof p = parse_proof(proof_text("valid-turkish"));
  ASSERT_TRUE(verify_proof(openssl_backend(), p, {}).verified);
  for (std::size_t i = 0; i < p.rolls.size(); ++i) {
    for (int die = 0; die < 2; ++die) {
      Proof q = p;
      q.rolls[i].dice[static_cast<std::size_t>(die)] = q.rolls[i].dice[static_cast<std::size_t>(die)] % 6 + 1;
      Verdict v = verify_proof(cryptopp_backend(), q, {});
      EXPECT_FALSE(v.verified);
      // A changed die is caught at that roll, before any check of a later roll.
      EXPECT_TRUE(v.failed_check == "rolls[" + std::to_string(i) + "].dice") << v.failed_check;
    }
  }
  Proof q = p;
  q.contributions[0][0] ^= 0x80;
  EXPECT_EQ(verify_proof(openssl_backend(), q, {}).failed_check.substr(0, 6), "rolls[");
  q = p;
  q.seats[1][15] ^= 1;
  EXPECT_EQ(verify_proof(openssl_backend(), q, {}).failed_check, "commitment");
  q = p;
  q.settings_canonical = "{}";
  EXPECT_EQ(verify_proof(openssl_backend(), q, {}).failed_check, "settingsHash");
}

TEST(TavlaProof, ParseErrorsPointIntoTheFile) {
  struct Case {
    const char* file;
    const char* field;
    char at;  // the character at the reported offset
  };
  for (const Case& c : {Case{"malformed-guid-braces", "gameId", '{'}, Case{"malformed-short-seed", "seed", '"'},
                        Case{"malformed-die-seven", "rolls[2].dice[1]", '7'}, Case{"malformed-kind", "rolls[3].kind", '"'},
                        Case{"malformed-fraction", "proof", '5'}, Case{"malformed-pepper", "pepper", '"'},
                        Case{"malformed-seal-u", "sealCode", 'U'}, Case{"malformed-missing-seed", "seed", '{'},
                        Case{"malformed-lone-surrogate", "proof", '\\'}}) {
    std::string text = proof_text(c.file);
    auto e = error_of([&] { (void)parse_proof(text); });
    ASSERT_TRUE(e) << c.file;
    EXPECT_EQ(e->field(), c.field) << c.file;
    ASSERT_TRUE(e->position()) << c.file << ": " << e->what();
    ASSERT_LT(*e->position(), text.size());
    EXPECT_EQ(text[*e->position()], c.at) << c.file << ": " << e->what();
  }
}

TEST(TavlaProof, ExpectedCommitmentForms) {
  Proof p = parse_proof(proof_text("valid-turkish"));
  Verdict v = verify_proof(openssl_backend(), p, {});
  std::string hex = to_hex(v.commitment), upper = hex;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const std::string& form : {hex, upper, v.seal_code, v.seal_code.substr(0, 4) + v.seal_code.substr(5)}) {
    EXPECT_TRUE(verify_proof(openssl_backend(), p, parse_expected_commitment(form, "e")).verified) << form;
  }
  Digest other = v.commitment;
  other[31] ^= 1;  // same seal code, different digest: only the full digest sees it
  EXPECT_EQ(verify_proof(openssl_backend(), p, parse_expected_commitment(to_hex(other), "e")).failed_check,
            "expectedCommitment");
  for (const std::string& bad : {hex.substr(1), std::string("5J8Z-XF1U"), std::string("")}) {
    auto e = error_of([&] { (void)parse_expected_commitment(bad, "e"); });
    ASSERT_TRUE(e) << bad;
    EXPECT_EQ(e->field(), "e");
  }
}

// ---- the CLI on the sample proof files --------------------------------------------------------

struct CliResult {
  int code;
  std::string out;
};

CliResult run_cli(const std::string& args) {
  static int counter = 0;
  fs::path out = fs::temp_directory_path() / ("fairvec_tavla_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
  int rc = std::system((std::string(FAIRVEC_CLI) + " " + args + " >" + out.string() + " 2>&1").c_str());
  CliResult r{WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, read_file(out)};
  fs::remove(out);
  return r;
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

TEST(TavlaCli, ExitCodesOnEverySampleProof) {
  rapidjson::Document doc = load(kVectors / "tavla_verify_test.json");
  std::set<int> codes;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      std::string args = "verify-tavla --json ";
      if (t["expectedCommitment"].IsString()) args += "--expected-commitment " + quote(t["expectedCommitment"].GetString()) + " ";
      args += quote((kVectors / t["file"].GetString()).string());
      CliResult r = run_cli(args);
      int want = t["exitCode"].GetInt();
      codes.insert(r.code);
      EXPECT_EQ(r.code, want) << "tcId " << t["tcId"].GetInt() << ": " << r.out;
      rapidjson::Document out;
      json::parse(r.out, out, "cli output");
      EXPECT_EQ(out["exitCode"].GetInt(), want);
      // The shape of `fairvec verify --json` (vectors/schema/verify_report_schema.json).
      if (want == 2) {
        EXPECT_EQ(std::string(out["error"]["field"].GetString()),
                  t["error"].GetString() == std::string("expectedCommitment") ? std::string("--expected-commitment")
                                                                              : std::string(t["error"].GetString()));
      } else {
        EXPECT_EQ(std::string(out["verdict"].GetString()) != "mismatch", t["verified"].GetBool()) << r.out;
        EXPECT_TRUE(json::equal(out["result"]["failedCheck"], t["failedCheck"])) << r.out;
      }
    }
  }
  EXPECT_EQ(codes, (std::set<int>{0, 1, 2}));
}

TEST(TavlaCli, LanguagesAndArguments) {
  const std::string valid = quote((kVectors / "proofs" / "valid-turkish.json").string());
  CliResult tr = run_cli("verify-tavla --lang tr " + valid);
  EXPECT_EQ(tr.code, 0);
  EXPECT_NE(tr.out.find("Her atış kontrol edildi"), std::string::npos) << tr.out;  // the seed's words
  CliResult en = run_cli("verify-tavla --lang en " + valid);
  EXPECT_EQ(en.code, 0);
  EXPECT_NE(en.out.find("Every roll checked"), std::string::npos) << en.out;
  CliResult bad = run_cli("verify-tavla --lang tr " + quote((kVectors / "proofs" / "tampered-dice.json").string()));
  EXPECT_EQ(bad.code, 1);
  EXPECT_NE(bad.out.find("TUTMUYOR"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("rolls[5].dice"), std::string::npos);
  CliResult malformed = run_cli("verify-tavla --lang tr " + quote((kVectors / "proofs" / "malformed-short-seed.json").string()));
  EXPECT_EQ(malformed.code, 2);
  EXPECT_NE(malformed.out.find("Hatalı girdi: seed"), std::string::npos) << malformed.out;
  EXPECT_EQ(run_cli("verify-tavla --lang xx " + valid).code, 2);
  EXPECT_EQ(run_cli("verify-tavla").code, 2);
  EXPECT_EQ(run_cli("verify-tavla --expected-commitment 0000 " + valid).code, 2);
  EXPECT_EQ(run_cli("verify-tavla /nonexistent/proof.json").code, kExitIoError);
}

// ---- vector files: contents, schemas, every test on both backends -----------------------------

const char* const kFiles[] = {"tavla_roll_test.json", "tavla_pick_test.json", "tavla_commitment_test.json",
                              "canonical_json_test.json", "tavla_verify_test.json"};

TEST(TavlaVectors, EveryVectorPassesOnBothBackends) {
  for (const char* file : kFiles) {
    const vectors::VectorKind* kind = nullptr;
    for (const auto& k : vectors::all_vector_kinds()) {
      if (k.file == file) kind = &k;
    }
    ASSERT_NE(kind, nullptr) << file;
    std::vector<vectors::Failure> failures;
    std::size_t n = vectors::check_kind(*kind, kVectors, failures);
    EXPECT_GT(n, 10u) << file;
    for (const auto& f : failures) ADD_FAILURE() << f.file << " tcId " << f.tc_id << ": " << f.detail;
  }
}

TEST(TavlaVectors, GenerationIsByteIdenticalAndProofFilesMatch) {
  for (const auto& k : vectors::all_vector_kinds()) {
    if (std::find(std::begin(kFiles), std::end(kFiles), k.file) == std::end(kFiles)) continue;
    json::Value fresh = k.generate();
    EXPECT_EQ(json::to_pretty(fresh), read_file(kVectors / k.file)) << k.file;
    if (k.companions) {
      for (const auto& [rel, contents] : k.companions(fresh)) {
        EXPECT_EQ(read_file(kVectors / rel), contents) << rel;
      }
    }
  }
}

TEST(TavlaVectors, SchemasAreStrict) {
  for (const char* file : kFiles) {
    rapidjson::Document doc = load(kVectors / file);
    rapidjson::Document schema = load(kVectors / "schema" / doc["schema"].GetString());
    std::vector<vectors::Failure> failures;
    vectors::validate_file(file, doc, schema, failures);
    EXPECT_TRUE(failures.empty()) << file;
    // An extra member in a test, and a missing one, are both schema violations.
    rapidjson::Document extra;
    extra.CopyFrom(doc, extra.GetAllocator());
    extra["testGroups"][0]["tests"][0].AddMember("extra", 1, extra.GetAllocator());
    failures.clear();
    vectors::validate_file(file, extra, schema, failures);
    EXPECT_FALSE(failures.empty()) << file;
    rapidjson::Document missing;
    missing.CopyFrom(doc, missing.GetAllocator());
    missing["testGroups"][0]["tests"][0].RemoveMember("comment");
    failures.clear();
    vectors::validate_file(file, missing, schema, failures);
    EXPECT_FALSE(failures.empty()) << file;
  }
}

TEST(TavlaVectors, ProofSchemaAgreesWithTheParser) {
  rapidjson::Document schema_doc = load(kVectors / "schema" / "tavla_proof_schema.json");
  rapidjson::SchemaDocument schema(schema_doc);
  rapidjson::Document doc = load(kVectors / "tavla_verify_test.json");
  int checked = 0;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      std::string text = t["proof"].GetString();
      rapidjson::Document proof;
      try {
        json::parse(text, proof, "proof");
      } catch (const InputError&) {
        continue;  // not JSON at all
      }
      rapidjson::SchemaValidator validator(schema);
      bool valid = proof.Accept(validator);
      std::string type = g["type"].GetString();
      bool schema_case = false;
      for (const auto& f : t["flags"].GetArray()) schema_case = schema_case || std::string(f.GetString()) == "SchemaViolation";
      if (type == "TavlaProofVerify") {
        EXPECT_TRUE(valid) << t["file"].GetString();
        ++checked;
      } else if (schema_case) {
        EXPECT_FALSE(valid) << t["file"].GetString();
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 30);
}

TEST(TavlaVectors, SequentialByteSeedCasesOfTheSeedArePresent) {
  // The seed's upstream file has a roll whose first byte is skipped, an equal opening roll, and the
  // largest counter and block values; ours must have each, on the sequential-byte-seed inputs.
  rapidjson::Document doc = load(kVectors / "tavla_roll_test.json");
  std::set<std::string> seen;
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      if (!t.HasMember("seed") || std::string(t["seed"].GetString()) != to_hex(Bytes{[] {
            Bytes b(32);
            for (int i = 0; i < 32; ++i) b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
            return b;
          }()})) {
        continue;
      }
      for (const auto& f : t["flags"].GetArray()) seen.insert(f.GetString());
      if (std::string(g["type"].GetString()) == "TavlaBlock" && t["n"].GetUint64() == 4294967295u &&
          t["block"].GetUint64() == 4294967295u) {
        seen.insert("n=block=max");
      }
    }
  }
  for (const char* want : {"SkippedFirstByte", "EqualOpeningRoll", "MaxCounter", "n=block=max", "SkippedBytes2",
                           "SkippedBytes3", "SkippedBytes4", "SkippedBytes5", "CounterEndianness"}) {
    EXPECT_TRUE(seen.count(want)) << want;
  }
}

}  // namespace
}  // namespace fairvec
