// Tests of keno-v1 (specs/keno-v1.md): draws on both backends and against the specified chain,
// errors naming their fields, and every vector of the family's files on both backends.
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
#include "schemes/keno.h"
#include "vectors/derived.h"
#include "vectors/vector_file.h"

#include "vector_test_util.h"

namespace fairvec {
namespace {

using namespace fairvec::testing;

constexpr std::uint64_t kE = std::uint64_t{1} << 52;  // h52 values are below 2^52

// ---- draws ---------------------------------------------------------------------------------------

TEST(Keno, IndexNeverReachesRemainingAndRoundsUpAtMostOne) {
  SplitMix64 rng{40};
  for (int remaining = 1; remaining <= keno::kPoolSize; ++remaining) {
    EXPECT_EQ(keno::pick_index(kE - 1, remaining), remaining - 1);
    EXPECT_EQ(keno::pick_index(0, remaining), 0);
    for (int i = 0; i < 2000; ++i) {
      const std::uint64_t h = rng.next() >> 12;
      const int idx = keno::pick_index(h, remaining);
      const int exact = static_cast<int>((h * static_cast<std::uint64_t>(remaining)) >> 52);
      ASSERT_LT(idx, remaining);
      ASSERT_GE(idx, exact);
      ASSERT_LE(idx, exact + 1);
    }
  }
  EXPECT_THROW((void)keno::pick_index(kE, 40), std::invalid_argument);
  EXPECT_THROW((void)keno::pick_index(0, 41), std::invalid_argument);
}

TEST(Keno, BallsDistinctInRangeAndEqualOnBothBackends) {
  for (int i = 0; i < 300; ++i) {
    const std::string rh = to_hex(openssl_backend().sha256("keno test hash " + std::to_string(i)));
    const std::string salt = "salt " + std::to_string(i * 7);
    std::vector<int> first;
    for (const Backend* b : all_backends()) {
      const keno::Draw d = keno::draw(rh, salt, *b);
      ASSERT_EQ(d.balls.size(), 10u);
      std::set<int> seen(d.balls.begin(), d.balls.end());
      ASSERT_EQ(seen.size(), 10u);
      ASSERT_GE(*seen.begin(), 1);
      ASSERT_LE(*seen.rbegin(), 40);
      if (first.empty()) first = d.balls;
      ASSERT_EQ(d.balls, first) << b->name();
    }
  }
}

TEST(Keno, ChainIsTheSpecifiedHmacChain) {
  const std::string rh = "Ticket-Hash";  // any text, hashed as given
  const std::string salt = "s\xc3\xa1lt";
  const keno::Draw d = keno::draw(rh, salt, cryptopp_backend());
  Digest prev = openssl_backend().hmac_sha256(salt, rh);
  EXPECT_EQ(d.links[0], prev);
  for (std::size_t i = 1; i < d.links.size(); ++i) {
    prev = openssl_backend().hmac_sha256(salt, to_hex(prev));
    EXPECT_EQ(d.links[i], prev);
  }
  // The random hash is not case-folded: uppercase is another ticket.
  EXPECT_NE(keno::draw("ABCDEF", salt, cryptopp_backend()).links, keno::draw("abcdef", salt, cryptopp_backend()).links);
}

// ---- bad input names its field------------------------------------------------------------------

TEST(BadInput, KenoFieldsAndPositions) {
  const Backend& b = openssl_backend();
  const std::string bad_utf8[] = {std::string("ab\xc0\x80", 4), "ab\xed\xa0\x80", "ab\xe6\x97",
                                  "ab\xf4\x90\x80\x80",         "ab\x80",         "ab\xff"};
  for (const std::string& s : bad_utf8) {
    expect_error([&] { (void)keno::draw(s, "salt", b); }, "randomHash", 2);
    expect_error([&] { (void)keno::draw("hash", s, b); }, "salt", 2);
  }
  // randomHash is checked first.
  expect_error([&] { (void)keno::draw("\xff", "\xff", b); }, "randomHash", 0);
  // Well-formed text of every kind is accepted, U+0000 included.
  EXPECT_NO_THROW((void)keno::draw(std::string("a\0b", 3), "\xf0\x9f\x8e\xb1\xe6\x97\xa5\xc3\xa1", b));
  EXPECT_NO_THROW((void)keno::draw("", "", b));

  std::vector<std::string> links(10, std::string(64, 'a'));
  expect_error([&] { (void)keno::pick_hex({}); }, "links", std::nullopt);
  links[3][17] = 'x';
  expect_error([&] { (void)keno::pick_hex(links); }, "links[3]", 17);
  links[3] = std::string(62, 'a');
  expect_error([&] { (void)keno::pick_hex(links); }, "links[3]", std::nullopt);
}

TEST(BadInput, PortAnswersBadInputNamingTheParam) {
  const Backend& b = openssl_backend();
  const port::Reply r = port::call("keno.draw", json::Value::object({{"randomHash", 5}, {"salt", "s"}}), b);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "bad_input");
  EXPECT_EQ(r.message.rfind("params.randomHash", 0), 0u);
}

// ---- vectors ------------------------------------------------------------------------------------

TEST(Vectors, KenoPickShowsProductRoundingAndNoSplice) {
  const auto doc = load("keno_pick_test.json");
  int rounding = 0;
  for (const auto& t : doc["testGroups"][0]["tests"].GetArray()) {
    if (!has_flag(t, "ProductRounding")) continue;
    // An exact-integer port: index = (h * remaining) >> 52.
    std::vector<int> pool;
    for (int i = 1; i <= 40; ++i) pool.push_back(i);
    std::vector<int> balls;
    int remaining = 40;
    for (const auto& l : t["links"].GetArray()) {
      const std::uint64_t h = fairvec::leading52(digest_from_hex(l.GetString(), "link"));
      const int idx = static_cast<int>((h * static_cast<std::uint64_t>(remaining)) >> 52);
      balls.push_back(pool[static_cast<std::size_t>(idx)]);
      std::swap(pool[static_cast<std::size_t>(idx)], pool[static_cast<std::size_t>(remaining - 1)]);
      --remaining;
    }
    std::vector<int> expected;
    for (const auto& x : t["balls"].GetArray()) expected.push_back(x.GetInt());
    EXPECT_NE(balls, expected);
    ++rounding;
  }
  EXPECT_EQ(rounding, 2);
}

TEST(Specs, WorkedExamplesAreTcId1) {
  const std::string keno_spec = read_file(std::filesystem::path(FAIRVEC_SOURCE_DIR) / "specs/keno-v1.md");
  const auto keno = load("keno_draw_test.json");
  const auto& k1 = keno["testGroups"][0]["tests"][0];
  ASSERT_EQ(k1["tcId"].GetInt(), 1);
  EXPECT_NE(keno_spec.find(k1["randomHash"].GetString()), std::string::npos);
  EXPECT_NE(keno_spec.find(k1["salt"].GetString()), std::string::npos);
  EXPECT_NE(keno_spec.find(json::to_text(k1["balls"])), std::string::npos) << json::to_text(k1["balls"]);
  for (rapidjson::SizeType i = 0; i < 10; ++i) {
    // Each row of the spec's table: link, h52, remaining, index, ball.
    const std::string row = std::string("| ") + std::to_string(i + 1) + " | " + k1["links"][i].GetString() + " | " +
                            std::to_string(k1["h52"][i].GetInt64()) + " | " + std::to_string(40 - i) + " | " +
                            std::to_string(k1["indices"][i].GetInt()) + " | " +
                            std::to_string(k1["balls"][i].GetInt()) + " |";
    EXPECT_NE(keno_spec.find(row), std::string::npos) << row;
  }
}
}  // namespace
}  // namespace fairvec
