// Tests of tavla-commit-v1 (specs/tavla-commit-v1.md): UUID and seal-code encodings, the
// commitment layout, the block stream against a plain re-reading, game sequences and the proof
// verifier. Canonical JSON: canonical_json_test.cc; the CLI and the vector files: tavla_vectors_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "core/splitmix64.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla.h"
#include "schemes/tavla_proof.h"
#include "tavla_test_util.h"

namespace fairvec {
namespace {

namespace cj = canonical_json;
using namespace tavla;
using namespace tavla_testing;

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
  const std::vector<std::pair<std::string, std::size_t>> cases = {{"{" + g + "}", 0},
                                                                  {"urn:uuid:" + g, 0},
                                                                  {"6061626364656667686960616263646566", 8},
                                                                  {g.substr(0, 35), 35},
                                                                  {g + "0", 36},
                                                                  {"6061626g" + g.substr(8), 7},
                                                                  {"", 0},
                                                                  {g.substr(0, 8) + "_" + g.substr(9), 8}};
  for (const auto& item : cases) {
    // Named references, not a structured binding: clang 14 cannot capture a binding in a lambda.
    const std::string& text = item.first;
    const auto& pos = item.second;
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
      if (c == '0')
        c = 'o';
      else if (c == '1')
        c = (i % 2) ? 'I' : 'l';
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
      {"5J8Z-XF1U", 8},           {"5J8Z XF1R", 4},   {"5J8Z-XF1R ", 9}, {"5J8Z-XF1RR", 9},
      {"5J8Z-XF1", std::nullopt}, {"", std::nullopt}, {"*", 0}};
  for (const auto& item : cases) {
    // Named references, not a structured binding: clang 14 cannot capture a binding in a lambda.
    const std::string& text = item.first;
    const auto& pos = item.second;
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
      EXPECT_EQ(a.macs[k],
                block_mac(openssl_backend(), in, static_cast<std::uint32_t>(n), static_cast<std::uint32_t>(k)));
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
  EXPECT_TRUE(error_of([&] {
    (void)game_rolls(openssl_backend(), random_inputs(rng), OpeningRule::kPlay, kMaxGameMoves + 1, "moves");
  }));
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
                        Case{"malformed-die-seven", "rolls[2].dice[1]", '7'},
                        Case{"malformed-kind", "rolls[3].kind", '"'}, Case{"malformed-fraction", "proof", '5'},
                        Case{"malformed-pepper", "pepper", '"'}, Case{"malformed-seal-u", "sealCode", 'U'},
                        Case{"malformed-missing-seed", "seed", '{'}, Case{"malformed-lone-surrogate", "proof", '\\'}}) {
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

}  // namespace
}  // namespace fairvec
