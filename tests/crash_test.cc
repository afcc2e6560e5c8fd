// Tests of crash (specs/crash.md): the crash formulas against independent computations, the
// exact-vs-binary64 disagreements, bustabit's published games, errors naming their fields, and every
// vector of the family's files on both backends.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/errors.h"
#include "core/json.h"
#include "core/splitmix64.h"
#include "port/protocol.h"
#include "schemes/crash.h"
#include "vectors/derived.h"
#include "vectors/vector_file.h"

#include "vector_test_util.h"

namespace fairvec {
namespace {

using namespace fairvec::testing;

constexpr std::uint64_t kE = crash::kE;
using u128 = unsigned __int128;

// Sampled h values: the edges, the region near 2^52 where points are huge, and random ones.
std::vector<std::uint64_t> sample_h() {
  std::vector<std::uint64_t> hs = {0, 1, 2, kE / 100, kE / 2, kE - 1, kE - 2, kE - 49, kE - 50};
  SplitMix64 rng{20260101};
  for (int i = 0; i < 20000; ++i) hs.push_back(rng.next() >> 12);
  for (int i = 0; i < 2000; ++i) hs.push_back(kE - 1 - (rng.next() % 100000));
  return hs;
}

// ---- crash formulas ----------------------------------------------------------------------------

TEST(CrashFormula, ExactMatchesAnIndependentComputation) {
  for (std::uint64_t h : sample_h()) {
    const std::uint64_t q = crash::exact_v1(h);
    const u128 num = static_cast<u128>(100) * kE - h;
    const u128 den = kE - h;
    // The defining inequalities of floor(num / den), in 128 bits.
    ASSERT_LE(static_cast<u128>(q) * den, num) << h;
    ASSERT_GT((static_cast<u128>(q) + 1) * den, num) << h;
    // And a different route: (100e − h)/(e − h) = 1 + 99e/(e − h), floor commutes with + 1.
    ASSERT_EQ(q, 1 + static_cast<std::uint64_t>(static_cast<u128>(99) * kE / den)) << h;
    // bustabit-v2's exact form is the same quotient minus one, clamped.
    ASSERT_EQ(crash::exact_v2(h), std::max<std::uint64_t>(100, q - 1)) << h;
  }
  EXPECT_EQ(crash::exact_v1(0), 100u);
  EXPECT_EQ(crash::exact_v1(kE - 1), 99 * kE + 1);
  EXPECT_THROW((void)crash::exact_v1(kE), std::invalid_argument);
}

TEST(CrashFormula, DoubleV1FollowsTheJavaScriptOrder) {
  // An independent spelling of Math.floor((100 * e - h) / (e - h)) with volatile temporaries,
  // so that every operation is rounded to binary64 on its own.
  for (std::uint64_t h : sample_h()) {
    volatile double e = 4503599627370496.0;
    volatile double hd = static_cast<double>(h);
    volatile double a = 100 * e;
    volatile double num = a - hd;
    volatile double den = e - hd;
    volatile double q = num / den;
    ASSERT_EQ(crash::double_v1(h), static_cast<std::uint64_t>(std::floor(q))) << h;
    volatile double x = hd / e;
    volatile double one_minus = 1 - x;
    volatile double v = 99 / one_minus;
    ASSERT_EQ(crash::double_v2(h), std::max<std::uint64_t>(100, static_cast<std::uint64_t>(std::floor(v)))) << h;
  }
}

TEST(CrashFormula, ExactAndDoubleDisagreeAndTheSearchFindsIt) {
  // Near 2^52 the numerator's rounding (ulp 64) decides: disagreements are common there.
  int near_top = 0;
  for (std::uint64_t d = 1; d <= 64; ++d) near_top += crash::exact_v1(kE - d) != crash::double_v1(kE - d);
  EXPECT_GT(near_top, 0);
  EXPECT_NE(crash::exact_v1(kE - 1), crash::double_v1(kE - 1));
  // At ordinary points (below 20.00x) a disagreement exists, found from d = ceil(99e / K).
  std::uint64_t found = 0;
  for (std::uint64_t k = 100; k < 2000 && !found; ++k) {
    const std::uint64_t d = (99 * kE + k - 1) / k;
    for (std::uint64_t dd : {d - 1, d, d + 1}) {
      if (crash::exact_v1(kE - dd) != crash::double_v1(kE - dd)) found = kE - dd;
    }
  }
  ASSERT_NE(found, 0u);
  EXPECT_LT(crash::exact_v1(found), 2000u);
  // binary64 can land on either side for v1 (the numerator rounds both ways) ...
  bool below = false;
  for (std::uint64_t k = 100; k < 5000 && !below; ++k) {
    const std::uint64_t d = (99 * kE + k - 1) / k;
    for (std::uint64_t dd : {d - 2, d - 1, d, d + 1, d + 2})
      below |= crash::double_v1(kE - dd) < crash::exact_v1(kE - dd);
  }
  EXPECT_TRUE(below);
  // ... but for v2 only the quotient rounds, and integers are doubles: never below, at most one above.
  for (std::uint64_t h : sample_h()) {
    ASSERT_GE(crash::double_v2(h), crash::exact_v2(h)) << h;
    ASSERT_LE(crash::double_v2(h), crash::exact_v2(h) + 1) << h;
  }
}

TEST(CrashFormula, DivisibilityBy101) {
  SplitMix64 rng{101};
  for (int i = 0; i < 5000; ++i) {
    Digest d;
    for (auto& b : d) b = static_cast<std::uint8_t>(rng.next());
    if (i % 7 == 0) std::fill(d.begin(), d.begin() + 16, 0);
    // Exact: the four 64-bit words through 128-bit arithmetic.
    u128 r = 0;
    for (int w = 0; w < 4; ++w) {
      std::uint64_t word = 0;
      for (int k = 0; k < 8; ++k) word = (word << 8) | d[static_cast<std::size_t>(8 * w + k)];
      r = ((r << 64) | word) % 101;
    }
    ASSERT_EQ(crash::divisible_by_101(d), r == 0);
    // In doubles: the C library's correctly rounded reading of a hexadecimal float.
    const std::string hexfloat = "0x" + to_hex(d) + "p0";
    const double v = std::strtod(hexfloat.c_str(), nullptr);
    ASSERT_EQ(crash::divisible_by_101_in_doubles(d), std::fmod(v, 101.0) == 0.0) << to_hex(d);
  }
  EXPECT_TRUE(crash::divisible_by_101(Digest{}));
}

TEST(CrashPoint, ConventionsOnBothBackends) {
  const std::string link = to_hex(openssl_backend().sha256("crash test link"));
  const Digest l = digest_from_hex(link, "link");
  for (const Backend* b : all_backends()) {
    const auto v1 = crash::point(crash::Convention::kBustabitV1, link, std::string("salt"), *b);
    EXPECT_EQ(v1.hash, b->hmac_sha256(link, "salt"));
    const auto v2 = crash::point(crash::Convention::kBustabitV2, link, std::string("salt"), *b);
    EXPECT_EQ(v2.hash, b->hmac_sha256(as_bytes("salt"), ByteView(l)));
    const auto bk = crash::point(crash::Convention::kBetkyoExact, link, std::nullopt, *b);
    EXPECT_EQ(bk.hash, l);
    EXPECT_EQ(bk.hundredths, crash::exact_v1(std::stoull(link.substr(0, 13), nullptr, 16)));
    EXPECT_EQ(crash::previous(crash::Convention::kBetkyoExact, l, *b), b->sha256(link));
    EXPECT_EQ(crash::previous(crash::Convention::kBustabitV1, l, *b), b->sha256(link));
    EXPECT_EQ(crash::previous(crash::Convention::kBustabitV2, l, *b), b->sha256(link));
    EXPECT_EQ(crash::previous(crash::Convention::kBustabit2025, l, *b), b->sha256(ByteView(l)));
    const auto v25 = crash::point(crash::Convention::kBustabit2025, link, std::string("salt"), *b);
    EXPECT_EQ(v25.hash, v2.hash);
    EXPECT_EQ(v25.hundredths, v2.hundredths);
  }
}

// ---- bustabit's published games (specs/crash.md §7) --------------------------------------------

// The salt of bustabit's 2018 chain: the hash of Bitcoin block 505750, from bustabit/verifier
// src/constants.ts (PREV_GAME_SALT); its terminating hash from the seeding announcement
// (bitcointalk topic 2807542) and the same file (PREV_TERMINATING_HASH).
constexpr const char* kSalt2018 = "0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526";
constexpr const char* kTerminating2018 = "86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277";

TEST(CrashBustabit, TheIssuePairIsOneGameApartInTheHexTextChain) {
  // Both hashes are published bustabit game hashes (vladignatyev/bustabit-rust tests/lib.rs,
  // should_have_next_item): the second is SHA-256 of the first's 64-character lowercase hex text.
  const std::string newer = "b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba";
  const std::string older = "82886b71b3b26e4b162bbdf4e7024f50f6a7250c207fb9ce497ad56a3e7e700a";
  for (const Backend* b : all_backends()) {
    EXPECT_EQ(crash::previous_hex(crash::Convention::kBustabitV2, newer, *b), older);
    EXPECT_EQ(to_hex(b->sha256(newer)), older);
    // The raw-byte rule of the later chain does not link them.
    EXPECT_NE(crash::previous_hex(crash::Convention::kBustabit2025, newer, *b), older);
  }
}

TEST(CrashBustabit, PublishedGamesReproduce) {
  // Game hashes and busts as published with vladignatyev/bustabit-rust (tests/lib.rs:
  // should_return_correct_outcome, should_return_correct_outcome_for_nyans); the game numbers are
  // the walk lengths to the 2018 terminating hash.
  const struct {
    const char* hash;
    std::uint64_t hundredths;
  } games[] = {
      {"b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba", 126},       // #1394728
      {"82886b71b3b26e4b162bbdf4e7024f50f6a7250c207fb9ce497ad56a3e7e700a", 118},       // #1394727
      {"cb7da3ec6cb68d4c0fccd9640641cabcac641f12ff97e7314ec3e074ac0981e0", 126},       // #1394726
      {"b459e199bac1342bf22d7aa6d19180aff35ab69f453d809949aab3e8d5e545aa", 377},       // #1394725
      {"5d07719b61b0abb6f1c3b17b1d69c838278f87f9b5e75077026e5fedf96c2eb2", 205590},    // #1398378
      {"7d58fa510e6ad19a5c2a08302906110702ad354c3d275592068bc3df9cd7fd1d", 10571005},  // #1398009
      {"66508662791cbe526d740394a62713d3879f00cd11ee5ef10f7b592c676371f4", 145685},    // #1397659
  };
  for (const Backend* b : all_backends()) {
    for (const auto& g : games) {
      EXPECT_EQ(crash::point(crash::Convention::kBustabitV2, g.hash, std::string(kSalt2018), *b).hundredths,
                g.hundredths)
          << g.hash;
      // Feeding the HMAC the hash's hex text instead of its bytes gives other busts.
      EXPECT_NE(crash::from_hash(crash::Convention::kBustabitV2, b->hmac_sha256(as_bytes(kSalt2018), as_bytes(g.hash)))
                    .hundredths,
                g.hundredths)
          << g.hash;
    }
  }
}

TEST(CrashBustabit, WalkFromGame1394728ReachesThe2018TerminatingHash) {
  // Game n's hash reaches the terminating hash after exactly n steps (the seeding announcement:
  // "hash it n times"). 1,394,728 SHA-256 of 64 bytes: well under a second.
  const Backend& b = openssl_backend();
  Digest link = digest_from_hex("b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba", "link");
  const Digest terminating = digest_from_hex(kTerminating2018, "terminating");
  std::uint64_t steps = 0;
  while (link != terminating && steps < 1394728) {
    link = crash::previous(crash::Convention::kBustabitV2, link, b);
    ++steps;
  }
  EXPECT_EQ(steps, 1394728u);
  EXPECT_EQ(to_hex(link), kTerminating2018);
}

// ---- bad input names its field------------------------------------------------------------------

TEST(BadInput, CrashFieldsAndPositions) {
  const Backend& b = openssl_backend();
  const std::string link(64, 'c');
  std::string bad = link;
  bad[20] = 'z';
  expect_error([] { (void)crash::parse_convention("bustabit"); }, "convention", std::nullopt);
  expect_error([] { (void)crash::parse_convention("Betkyo-Exact"); }, "convention", std::nullopt);
  for (auto c : {crash::Convention::kBetkyoExact, crash::Convention::kBustabitV1, crash::Convention::kBustabitV2}) {
    const std::optional<std::string> salt =
        c == crash::Convention::kBetkyoExact ? std::nullopt : std::optional<std::string>("s");
    expect_error([&] { (void)crash::point(c, bad, salt, b); }, "link", 20);
    expect_error([&] { (void)crash::point(c, link.substr(0, 62), salt, b); }, "link", std::nullopt);
    expect_error([&] { (void)crash::previous_hex(c, bad, b); }, "link", 20);
  }
  expect_error([&] { (void)crash::point(crash::Convention::kBetkyoExact, link, std::string(), b); }, "salt",
               std::nullopt);
  expect_error([&] { (void)crash::point(crash::Convention::kBustabitV1, link, std::nullopt, b); }, "salt",
               std::nullopt);
  expect_error([&] { (void)crash::point(crash::Convention::kBustabitV2, link, std::string("a\xc0\x80"), b); }, "salt",
               1);
  // The link is checked before the salt.
  expect_error([&] { (void)crash::point(crash::Convention::kBetkyoExact, bad, std::string("s"), b); }, "link", 20);
}

TEST(BadInput, PortAnswersBadInputNamingTheParam) {
  const Backend& b = openssl_backend();
  auto message_of = [&](const char* op, json::Value params) {
    const port::Reply r = port::call(op, params, b);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "bad_input");
    return r.message;
  };
  EXPECT_EQ(message_of("crash.point", json::Value::object(
                                          {{"convention", "bustabit-v1"}, {"link", std::string(64, '0')}, {"salt", 3}}))
                .rfind("params.salt", 0),
            0u);
  EXPECT_EQ(message_of("crash.from_hash", json::Value::object({{"convention", "bustabit-v2"}, {"hash", "00"}}))
                .rfind("hash", 0),
            0u);
  const port::Reply ok = port::call(
      "crash.point", json::Value::object({{"convention", "betkyo-exact"}, {"link", std::string(64, 'f')}}), b);
  ASSERT_TRUE(ok.ok);
  // specs/crash.md §3: h = 2^52 − 1 gives (100·2^52 − h) / (2^52 − h) = 99·2^52 + 1, which exceeds
  // 2^53 − 1: it travels as an exact decimal string.
  const std::uint64_t e52 = std::uint64_t{1} << 52, h = e52 - 1;
  EXPECT_EQ((100 * e52 - h) % (e52 - h), 0u);
  EXPECT_EQ(json::to_line(ok.result), "{\"hundredths\":\"" + std::to_string((100 * e52 - h) / (e52 - h)) + "\"}");
}

// ---- vectors ------------------------------------------------------------------------------------

TEST(Vectors, ADoubleArithmeticPortFailsTheExactConvention) {
  // A port of betkyo-exact that evaluates the formula in binary64 (as bustabit-v1's JavaScript
  // did) must fail at least one vector of crash_point_test.json, at an ordinary crash point.
  const auto doc = load("crash_point_test.json");
  int caught = 0, ordinary = 0;
  for (const auto& g : doc["testGroups"].GetArray()) {
    if (std::string(g["convention"].GetString()) != "betkyo-exact") continue;
    for (const auto& t : g["tests"].GetArray()) {
      if (std::string(t["result"].GetString()) != "valid") continue;
      const Digest link = digest_from_hex(t["link"].GetString(), "link");
      const std::uint64_t h = crash::h52(link);
      const std::string double_port = std::to_string(crash::double_v1(h));
      const bool fails = double_port != t["hundredths"].GetString();
      EXPECT_EQ(fails, has_flag(t, "ExactVsDouble")) << t["tcId"].GetInt();
      if (fails) {
        ++caught;
        if (crash::exact_v1(h) < 10000) ++ordinary;
      }
    }
  }
  EXPECT_GE(caught, 3);
  EXPECT_GE(ordinary, 3);
}

TEST(Vectors, AnExactPortFailsTheBinary64Conventions) {
  const auto doc = load("crash_hash_test.json");
  std::set<std::string> caught;
  for (const auto& g : doc["testGroups"].GetArray()) {
    const std::string conv = g["convention"].GetString();
    if (conv == "betkyo-exact" || conv == "bustabit") continue;
    for (const auto& t : g["tests"].GetArray()) {
      if (std::string(t["result"].GetString()) != "valid" || !has_flag(t, "ExactVsDouble")) continue;
      const std::uint64_t h = crash::h52(digest_from_hex(t["hash"].GetString(), "hash"));
      const std::uint64_t exact = conv == "bustabit-v1" ? crash::exact_v1(h) : crash::exact_v2(h);
      EXPECT_NE(std::to_string(exact), t["hundredths"].GetString());
      caught.insert(conv);
    }
  }
  EXPECT_EQ(caught.size(), 3u);  // bustabit-v1, bustabit-v2, bustabit-2025
}

TEST(Specs, WorkedExamplesAreTheFirstTestOfEachConvention) {
  const std::string crash_spec = read_file(std::filesystem::path(FAIRVEC_SOURCE_DIR) / "specs/crash.md");
  const auto crash = load("crash_point_test.json");
  // The first test of each convention's group, each cited in the spec by its tcId (read from the file).
  for (rapidjson::SizeType g = 0; g < 3; ++g) {
    const auto& t = crash["testGroups"][g]["tests"][0];
    const std::string id = "tcId " + std::to_string(t["tcId"].GetInt());
    EXPECT_NE(crash_spec.find(id), std::string::npos) << id;
    EXPECT_NE(crash_spec.find(t["link"].GetString()), std::string::npos) << id;
    EXPECT_NE(crash_spec.find(std::to_string(t["h"].GetInt64())), std::string::npos) << id;
    if (t.HasMember("hmac")) {
      EXPECT_NE(crash_spec.find(t["salt"].GetString()), std::string::npos) << id;
      EXPECT_NE(crash_spec.find(t["hmac"].GetString()), std::string::npos) << id;
    }
    const std::string expect = "\"hundredths\": \"" + std::string(t["hundredths"].GetString()) + "\"";
    EXPECT_NE(crash_spec.find(expect), std::string::npos) << id;
  }
  const auto chain = load("crash_chain_test.json");
  const auto& p1 = chain["testGroups"][0]["tests"][0];
  EXPECT_NE(crash_spec.find(p1["link"].GetString()), std::string::npos);
  EXPECT_NE(crash_spec.find(p1["previous"].GetString()), std::string::npos);
}
}  // namespace
}  // namespace fairvec
