// Tests of cursor-v1 (specs/cursor-v1.md): the u64 -> u conversion against exact arithmetic, the
// stream against HMAC on both backends, input validation, draws and the pool hop. Games, port ops,
// vector files and the spec: cursor_games_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "core/splitmix64.h"
#include "cursor_test_util.h"
#include "schemes/cursor.h"

using namespace fairvec;
using namespace fairvec::cursor_testing;
namespace cur = fairvec::cursor;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

namespace {

constexpr u64 kMaxU64 = std::numeric_limits<u64>::max();

// The values the conversion is checked on: every power of two and its neighbours, every tie
// pattern around each exponent, the u = 1 threshold, and a fixed pseudo-random stream.
std::vector<u64> conversion_values() {
  std::vector<u64> v = {0, 1, 2, 3, kMaxU64, kMaxU64 - 1};
  for (int k = 0; k < 64; ++k) {
    const u64 p = 1ULL << k;
    for (u64 x : {p - 1, p, p + 1, p + 2, p + 3}) v.push_back(x);
  }
  for (int width = 54; width <= 64; ++width) {
    const int drop = width - 53;
    for (u64 m : {0ULL, 1ULL, 2ULL, 3ULL, 0x5555555555555ULL, (1ULL << 52) - 1}) {
      const u64 base = ((1ULL << 52) | m) << drop;
      const u64 half = 1ULL << (drop - 1);
      for (u64 x : {base, base + half - 1, base + half, base + half + 1}) v.push_back(x);
    }
  }
  for (u64 d = 0; d <= 4096; ++d) v.push_back(kMaxU64 - d);
  SplitMix64 rng{12345};
  for (int i = 0; i < 300000; ++i) v.push_back(rng.next());
  return v;
}

// exact_value returns d * 2^64 as an exact integer (d in [0, 1]).
u128 exact_value(double d) {
  int e = 0;
  const double m = std::frexp(d, &e);  // d = m * 2^e, m in [0.5, 1)
  if (d == 0.0) return 0;
  const u64 sig = static_cast<u64>(std::ldexp(m, 53));  // 53-bit significand
  const int shift = e - 53 + 64;
  return shift >= 0 ? static_cast<u128>(sig) << shift : static_cast<u128>(sig) >> -shift;
}

u128 distance(u128 a, u128 b) { return a > b ? a - b : b - a; }

}  // namespace

// --- u64 -> u -----------------------------------------------------------------------------------

TEST(CursorUnit, ConversionIsTheNearestDoubleTiesToEven) {
  // Exact check: u * 2^64 (an exact integer) is at least as close to x as either neighbouring
  // double, and on a tie its significand is even.
  for (u64 x : conversion_values()) {
    const double u = cur::u64_to_unit(x);
    ASSERT_TRUE(u >= 0.0 && u <= 1.0) << x;
    const u128 here = exact_value(u);
    const u128 dist = distance(here, x);
    if (u > 0.0) {
      EXPECT_LE(dist, distance(exact_value(std::nextafter(u, 0.0)), x)) << x;
    }
    if (u < 1.0) {
      EXPECT_LE(dist, distance(exact_value(std::nextafter(u, 2.0)), x)) << x;
    }
    if (u > 0.0 && u < 1.0) {
      const u128 below = distance(exact_value(std::nextafter(u, 0.0)), x);
      const u128 above = distance(exact_value(std::nextafter(u, 2.0)), x);
      if (dist == below || dist == above) {
        int e = 0;
        const u64 sig = static_cast<u64>(std::ldexp(std::frexp(u, &e), 53));
        EXPECT_EQ(sig & 1, 0u) << "tie not rounded to even at " << x;
      }
    }
  }
}

TEST(CursorUnit, SeedFormulaHiLoEqualsTheSingleRounding) {
  // hi / 2^32 + lo / 2^64 in binary64: two exact terms, one rounded addition (specs §2.3).
  for (u64 x : conversion_values()) {
    const double hi = static_cast<double>(x >> 32), lo = static_cast<double>(x & 0xffffffffULL);
    EXPECT_EQ(hi / 4294967296.0 + lo / 18446744073709551616.0, cur::u64_to_unit(x)) << x;
  }
}

TEST(CursorUnit, TwoRoundingsAndTruncationDifferWhereTheVectorsSaySo) {
  const u64 x = (1ULL << 63) + (1ULL << 10) + 1;  // just above a tie; x >>> 1 is an exact tie
  const double twice = std::ldexp(static_cast<double>(x >> 1) * 2.0 + 1.0, -64);
  EXPECT_NE(twice, cur::u64_to_unit(x));
  EXPECT_EQ(cur::u64_to_unit(x), 0.5 + 0x1p-53);
  EXPECT_NE(std::ldexp(static_cast<double>(x >> 11), -53), cur::u64_to_unit(x));
}

TEST(CursorUnit, UnitIsOneExactlyFromTwoTo64MinusTwoTo10) {
  const u64 threshold = kMaxU64 - (1ULL << 10) + 1;  // 2^64 - 2^10
  EXPECT_EQ(cur::u64_to_unit(threshold), 1.0);
  EXPECT_EQ(cur::u64_to_unit(kMaxU64), 1.0);
  EXPECT_EQ(cur::u64_to_unit(threshold - 1), 1.0 - 0x1p-53);
  EXPECT_LT(cur::u64_to_unit(threshold - 1), 1.0);
}

// --- the stream ---------------------------------------------------------------------------------

TEST(CursorStream, UnitIsBigEndianHmacOfTheMessageKeyedByTheSeedTextOnBothBackends) {
  for (const Backend* b : all_backends()) {
    for (u64 c = 0; c < 20; ++c) {
      const std::string msg = "fairvec-7-" + std::to_string(c);
      EXPECT_EQ(cur::message("fairvec", 7, c), msg);
      const Digest d = b->hmac_sha256(std::string_view(kSeed), std::string_view(msg));
      u64 x = 0;
      for (int i = 0; i < 8; ++i) x = x << 8 | d[i];
      EXPECT_EQ(cur::digest(*b, kSeed, "fairvec", 7, c), d);
      EXPECT_EQ(cur::u64_of(d), x);
      EXPECT_EQ(cur::unit(*b, kSeed, "fairvec", 7, c), cur::u64_to_unit(x));
      EXPECT_EQ(cur::unit(*b, kSeed, "fairvec", 7, c), cur::unit(cryptopp_backend(), kSeed, "fairvec", 7, c));
    }
    EXPECT_EQ(cur::commitment(*b, kSeed), to_hex(b->sha256(std::string_view(kSeed))));
    // Empty seeds are valid (specs C2).
    EXPECT_EQ(cur::commitment(*b, ""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        << "SHA-256 of the empty string (NIST CAVP SHAVS, CAVS 11.0 \"SHA-256 ShortMsg\", "
           "shabytetestvectors/SHA256ShortMsg.rsp, Len = 0; not a FIPS 180-4 example)";
    EXPECT_NO_THROW((void)cur::unit(*b, "", "", 0, 0));
  }
}

// The helpers take the hash (core/crypto.h): over SHA-256 they are cursor-v1's digest and unit;
// over SHA-512 they read the same message's HMAC-SHA512, whose first 8 bytes give the unit, and both
// backends agree on it.
TEST(CursorStream, HelpersTakeTheHash) {
  for (u64 c = 0; c < 20; ++c) {
    const Bytes m256 = cur::mac(openssl_backend(), Hash::kSha256, kSeed, "fairvec", 7, c);
    const Digest d = cur::digest(cryptopp_backend(), kSeed, "fairvec", 7, c);
    EXPECT_EQ(m256, Bytes(d.begin(), d.end()));
    EXPECT_EQ(cur::unit_of(openssl_backend(), Hash::kSha256, kSeed, "fairvec", 7, c),
              cur::unit(cryptopp_backend(), kSeed, "fairvec", 7, c));
    const std::string msg = "fairvec-7-" + std::to_string(c);
    const Bytes m512 = cur::mac(cryptopp_backend(), Hash::kSha512, kSeed, "fairvec", 7, c);
    EXPECT_EQ(m512, openssl_backend().hmac(Hash::kSha512, as_bytes(kSeed), as_bytes(msg)));
    ASSERT_EQ(m512.size(), 64u);
    u64 x = 0;
    for (int i = 0; i < 8; ++i) x = x << 8 | m512[static_cast<std::size_t>(i)];
    EXPECT_EQ(cur::unit_of(openssl_backend(), Hash::kSha512, kSeed, "fairvec", 7, c), cur::u64_to_unit(x));
  }
  expect_input_error([] { (void)cur::mac(openssl_backend(), Hash::kSha512, "\xff", "c", 0, 0); }, "serverSeed");
  EXPECT_THROW((void)cur::u64_of(Bytes(7, 0)), std::invalid_argument);
}

TEST(CursorStream, MessageWritesDecimalCountersWithoutLeadingZeros) {
  EXPECT_EQ(cur::message("", 0, 0), "-0-0");
  EXPECT_EQ(cur::message("a-b", 9007199254740991ULL, 10), "a-b-9007199254740991-10");
  expect_input_error([] { (void)cur::message("c", 9007199254740992ULL, 0); }, "nonce");
  expect_input_error([] { (void)cur::message("c", 0, 9007199254740992ULL); }, "cursor");
}

TEST(CursorValidation, SeedsMustBeWellFormedUtf8) {
  const std::vector<std::string> good = {"",
                                         std::string("a\0b", 3),
                                         "\xC3\xA9",
                                         "\xE2\x9C\x93",
                                         "\xF0\x9F\x8E\xB2",
                                         "\xEF\xBF\xBF",
                                         "\xF4\x8F\xBF\xBF",
                                         "\xED\x9F\xBF"};
  for (const auto& s : good) EXPECT_NO_THROW(fairvec::check_text(s, "serverSeed")) << s;
  struct Bad {
    std::string text;
    std::size_t position;
  };
  const std::vector<Bad> bad = {
      {"\x80", 0},              // lone continuation byte
      {"ab\xC0\x80", 2},        // overlong NUL
      {"\xC1\xBF", 0},          // overlong
      {"\xE0\x80\x80", 0},      // overlong 3-byte
      {"x\xED\xA0\x80", 1},     // UTF-16 surrogate U+D800
      {"\xED\xBF\xBF", 0},      // surrogate U+DFFF
      {"\xF0\x80\x80\x80", 0},  // overlong 4-byte
      {"\xF4\x90\x80\x80", 0},  // above U+10FFFF
      {"\xF5\x80\x80\x80", 0},  // invalid lead
      {"\xFF", 0},              // invalid byte
      {"abc\xE2\x82", 3},       // truncated
      {"\xE2\x28\xA1", 0},      // bad continuation
  };
  for (const Bad& entry : bad) {
    // Named references, not a structured binding: clang 14 cannot capture a binding in a lambda.
    const std::string& text = entry.text;
    const std::size_t pos = entry.position;
    expect_input_error([&] { fairvec::check_text(text, "serverSeed"); }, "serverSeed", pos);
    expect_input_error([&] { (void)cur::unit(openssl_backend(), text, "c", 0, 0); }, "serverSeed", pos);
    expect_input_error([&] { (void)cur::unit(openssl_backend(), "s", text, 0, 0); }, "clientSeed", pos);
    expect_input_error([&] { (void)cur::commitment(openssl_backend(), text); }, "serverSeed", pos);
  }
}

TEST(CursorValidation, CountersFromJson) {
  auto read = [](const char* text) {
    rapidjson::Document d;
    json::parse(text, d, "t");
    return fairvec::read_counter(d, "nonce");
  };
  EXPECT_EQ(read("0"), 0u);
  EXPECT_EQ(read("9007199254740991"), 9007199254740991ULL);
  for (const char* bad :
       {"9007199254740992", "18446744073709551615", "-1", "1.5", "2.0", "1e3", "\"1\"", "null", "true", "[]"}) {
    expect_input_error([&] { (void)read(bad); }, "nonce");
  }
}

// --- draws, limbo, pool hop -----------------------------------------------------------------------

TEST(CursorDraw, ClampsOnlyAtOne) {
  SplitMix64 rng{99};
  for (u64 n = 1; n <= 2000; ++n) {
    EXPECT_EQ(cur::draw(1.0, n), n - 1);
    EXPECT_EQ(cur::draw(1.0 - 0x1p-53, n), n - 1);
    EXPECT_EQ(std::floor((1.0 - 0x1p-53) * static_cast<double>(n)), static_cast<double>(n - 1));
    EXPECT_EQ(cur::draw(0.0, n), 0u);
    const double u = cur::u64_to_unit(rng.next() >> 1);  // u < 1
    EXPECT_EQ(cur::draw(u, n), static_cast<u64>(std::floor(u * static_cast<double>(n))));
  }
  EXPECT_EQ(cur::draw(1.0, cur::kMaxPool), cur::kMaxPool - 1);
  expect_input_error([] { (void)cur::draw(1.5, 6); }, "u");
  expect_input_error([] { (void)cur::draw(-0.5, 6); }, "u");
  expect_input_error([] { (void)cur::draw(std::nan(""), 6); }, "u");
  expect_input_error([] { (void)cur::draw(0.5, 0); }, "n");
  expect_input_error([] { (void)cur::draw(0.5, cur::kMaxPool + 1); }, "n");
}

TEST(CursorDraw, LimboFollowsTheFormulaAndClamps) {
  EXPECT_EQ(cur::limbo_hundredths(1.0), cur::kLimboMax);  // 0.99 / 0 = +infinity
  EXPECT_EQ(cur::limbo_hundredths(0.0), cur::kLimboMin);  // 99, clamped
  {
    // specs/cursor-v1.md §3.3 evaluated here in binary64, operand by operand (volatile: no folding
    // into one exact expression): 0.99 / 0.9 rounds below 1.1, so the floor is 109, not 110.
    volatile double one = 1.0, u = 0.1, c = 0.99, hundred = 100.0;
    const double q = c / (one - u);
    const double scaled = q * hundred;
    ASSERT_LT(scaled, 110.0);
    EXPECT_EQ(cur::limbo_hundredths(0.1), static_cast<long long>(std::floor(scaled)));
  }
  SplitMix64 rng{7};
  for (int i = 0; i < 100000; ++i) {
    const double u = cur::u64_to_unit(rng.next());
    const double f = std::floor(0.99 / (1.0 - u) * 100.0);
    const std::int64_t want = f < 100 ? 100 : f > 1000000 ? 1000000 : static_cast<std::int64_t>(f);
    EXPECT_EQ(cur::limbo_hundredths(u), want);
  }
  expect_input_error([] { (void)cur::limbo_hundredths(std::nan("")); }, "u");
  expect_input_error([] { (void)cur::limbo_hundredths(1.0 + 0x1p-52); }, "u");
}

TEST(CursorPoolHop, MatchesTheSpecStepsAndDrawsEachItemOnce) {
  SplitMix64 rng{2024};
  for (u64 size = 1; size <= 120; ++size) {
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<double> units;
      const u64 count = trial == 0 ? size : rng.next() % (size + 1);
      for (u64 k = 0; k < count; ++k) {
        const u64 r = rng.next();
        units.push_back(r % 17 == 0 ? 1.0 : r % 19 == 0 ? 0.0 : cur::u64_to_unit(r));
      }
      const auto r = cur::pool_hop(units, size);
      ASSERT_EQ(r.picks, dense_pool_hop(units, size)) << size;
      std::set<u64> seen(r.picks.begin(), r.picks.end());
      EXPECT_EQ(seen.size(), r.picks.size()) << "duplicate pick, size " << size;
      for (u64 p : r.picks) EXPECT_LT(p, size);
      for (std::size_t k = 0; k < r.indexes.size(); ++k) EXPECT_LT(r.indexes[k], size - k);
      if (count == size) {
        EXPECT_EQ(seen.size(), size) << "a full draw is a permutation";
      }
    }
  }
}

TEST(CursorPoolHop, HugePoolsStoreOnlySwappedSlots) {
  const std::vector<double> units = {1.0, 1.0, 0.0, 0.0, 0.5};
  const auto r = cur::pool_hop(units, cur::kMaxPool);
  const u64 n = cur::kMaxPool;
  // 1.0 takes the last item twice; 0 takes slot 0 (item 0), then slot 0 again, which now holds
  // the item swapped in from the end.
  EXPECT_EQ(r.picks[0], n - 1);
  EXPECT_EQ(r.picks[1], n - 2);
  EXPECT_EQ(r.picks[2], 0u);
  EXPECT_EQ(r.picks[3], n - 3);
  EXPECT_EQ(std::set<u64>(r.picks.begin(), r.picks.end()).size(), units.size());
}

TEST(CursorPoolHop, BadInput) {
  expect_input_error([] { (void)cur::pool_hop(std::vector<double>{0.5, 0.5, 0.5, 0.5}, 3); }, "units", 3);
  expect_input_error([] { (void)cur::pool_hop(std::vector<double>{0.5, 1.5}, 52); }, "units", 1);
  expect_input_error([] { (void)cur::pool_hop(std::vector<double>{}, 0); }, "size");
  expect_input_error([] { (void)cur::pool_hop(std::vector<double>{0.5}, cur::kMaxPool + 1); }, "size");
  cur::Pool p(1, 1);
  EXPECT_EQ(p.take(1.0), 1u);
  expect_input_error([&] { (void)p.take(0.5); }, "units");
}
