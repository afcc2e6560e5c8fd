// Tests of cursor-v1 (specs/cursor-v1.md): the u64 -> u conversion against exact arithmetic, the
// stream against HMAC on both backends, draws, the pool hop, every game's cursor layout, input
// validation, the port ops, and every vector of the cursor files.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <optional>
#include <limits>
#include <set>

#include "core/splitmix64.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "port/protocol.h"
#include "schemes/cursor.h"
#include "schemes/cursor_games.h"
#include "vectors/vector_file.h"

namespace fs = std::filesystem;
using namespace fairvec;
namespace cur = fairvec::cursor;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

namespace {

constexpr u64 kMaxU64 = std::numeric_limits<u64>::max();
constexpr const char* kSeed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";


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

cur::GameResult play(std::string_view game, const std::string& options_json, u64 nonce = 1,
                     const Backend& b = openssl_backend()) {
  rapidjson::Document d;
  json::parse(options_json, d, "options");
  return cur::play(b, game, kSeed, "fairvec", nonce, d);
}

std::vector<u64> cursors_of(const cur::GameResult& r) {
  std::vector<u64> c;
  for (const auto& x : r.reads) c.push_back(x.cursor);
  return c;
}

std::vector<u64> iota(u64 from, u64 to_exclusive) {
  std::vector<u64> v;
  for (u64 i = from; i < to_exclusive; ++i) v.push_back(i);
  return v;
}

std::vector<u64> ints(const cur::GameResult& r, std::string_view key) {
  for (const auto& [k, v] : r.outcome) {
    if (k == key) {
      std::vector<u64> out;
      for (const auto& x : v.as_array()) out.push_back(static_cast<u64>(std::get<std::int64_t>(x.variant())));
      return out;
    }
  }
  ADD_FAILURE() << "no outcome member " << key;
  return {};
}

// expect_input_error runs |fn| and checks it throws InputError naming |field| (and |position|).
template <typename Fn>
void expect_input_error(Fn fn, const std::string& field, std::optional<std::size_t> position = {}) {
  try {
    fn();
    ADD_FAILURE() << "expected InputError naming " << field;
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), field) << e.what();
    if (position) {
      EXPECT_EQ(e.position(), position) << e.what();
    }
  }
}

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

TEST(CursorStream, MessageWritesDecimalCountersWithoutLeadingZeros) {
  EXPECT_EQ(cur::message("", 0, 0), "-0-0");
  EXPECT_EQ(cur::message("a-b", 9007199254740991ULL, 10), "a-b-9007199254740991-10");
  expect_input_error([] { (void)cur::message("c", 9007199254740992ULL, 0); }, "nonce");
  expect_input_error([] { (void)cur::message("c", 0, 9007199254740992ULL); }, "cursor");
}

TEST(CursorValidation, SeedsMustBeWellFormedUtf8) {
  const std::vector<std::string> good = {"", std::string("a\0b", 3), "\xC3\xA9", "\xE2\x9C\x93", "\xF0\x9F\x8E\xB2",
                                         "\xEF\xBF\xBF", "\xF4\x8F\xBF\xBF", "\xED\x9F\xBF"};
  for (const auto& s : good) EXPECT_NO_THROW(cur::check_text(s, "serverSeed")) << s;
  struct Bad {
    std::string text;
    std::size_t position;
  };
  const std::vector<Bad> bad = {
      {"\x80", 0},                 // lone continuation byte
      {"ab\xC0\x80", 2},           // overlong NUL
      {"\xC1\xBF", 0},             // overlong
      {"\xE0\x80\x80", 0},         // overlong 3-byte
      {"x\xED\xA0\x80", 1},        // UTF-16 surrogate U+D800
      {"\xED\xBF\xBF", 0},         // surrogate U+DFFF
      {"\xF0\x80\x80\x80", 0},     // overlong 4-byte
      {"\xF4\x90\x80\x80", 0},     // above U+10FFFF
      {"\xF5\x80\x80\x80", 0},     // invalid lead
      {"\xFF", 0},                 // invalid byte
      {"abc\xE2\x82", 3},          // truncated
      {"\xE2\x28\xA1", 0},         // bad continuation
  };
  for (const auto& [text, pos] : bad) {
    expect_input_error([&] { cur::check_text(text, "serverSeed"); }, "serverSeed", pos);
    expect_input_error([&] { (void)cur::unit(openssl_backend(), text, "c", 0, 0); }, "serverSeed", pos);
    expect_input_error([&] { (void)cur::unit(openssl_backend(), "s", text, 0, 0); }, "clientSeed", pos);
    expect_input_error([&] { (void)cur::commitment(openssl_backend(), text); }, "serverSeed", pos);
  }
}

TEST(CursorValidation, CountersFromJson) {
  auto read = [](const char* text) {
    rapidjson::Document d;
    json::parse(text, d, "t");
    return cur::read_counter(d, "nonce");
  };
  EXPECT_EQ(read("0"), 0u);
  EXPECT_EQ(read("9007199254740991"), 9007199254740991ULL);
  for (const char* bad : {"9007199254740992", "18446744073709551615", "-1", "1.5", "2.0", "1e3", "\"1\"", "null",
                          "true", "[]"}) {
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

// A dense reference pool hop, written from the spec's four steps.
std::vector<u64> dense_pool_hop(const std::vector<double>& units, u64 size) {
  std::vector<u64> pool = iota(0, size), picks;
  u64 remaining = size;
  for (double u : units) {
    const u64 i = std::min(static_cast<u64>(std::floor(u * static_cast<double>(remaining))), remaining - 1);
    picks.push_back(pool[i]);
    std::swap(pool[i], pool[remaining - 1]);
    --remaining;
  }
  return picks;
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

// --- games ----------------------------------------------------------------------------------------

TEST(CursorGames, EveryGameNamedOnceAndKenoCrashExcluded) {
  const auto& names = cur::game_names();
  EXPECT_EQ(names.size(), 16u);
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  for (const char* n : {"keno", "crash"}) {
    expect_input_error([&] { (void)play(n, "{}"); }, "game");
  }
}

TEST(CursorGames, CursorCountsFollowTheLayouts) {
  EXPECT_EQ(cursors_of(play("bingo", "{}")), iota(0, 63));
  EXPECT_EQ(cursors_of(play("holdem", R"({"action":"fold"})")), iota(0, 7));
  EXPECT_EQ(cursors_of(play("holdem", R"({"action":"call"})")), iota(0, 9));
  EXPECT_EQ(cursors_of(play("vpoker", R"({"hold":[true,true,true,true,true]})")), iota(0, 5));
  EXPECT_EQ(cursors_of(play("vpoker", R"({"hold":[false,false,false,false,false]})")), iota(0, 10));
  EXPECT_EQ(cursors_of(play("vpoker", R"({"hold":[true,false,true,false,true]})")), iota(0, 7));
  EXPECT_EQ(cursors_of(play("blackjack", R"({"actions":["hit","hit","stand"],"dealerDraws":3})")), iota(0, 9));
  EXPECT_EQ(cursors_of(play("roulette", "{}")), iota(0, 1));
  EXPECT_EQ(cursors_of(play("sicbo", "{}")), iota(0, 3));
  EXPECT_EQ(cursors_of(play("limbo", "{}")), iota(0, 1));
  EXPECT_EQ(cursors_of(play("koban", R"({"flips":7})")), iota(0, 7));
  EXPECT_EQ(cursors_of(play("andar", R"({"cards":52})")), iota(0, 57));
  EXPECT_EQ(cursors_of(play("mines", R"({"mines":24})")), iota(0, 24));
  EXPECT_EQ(cursors_of(play("hanabi", R"({"freeSpins":3})")), iota(0, 60));
  EXPECT_EQ(cursors_of(play("fuku", "{}")), iota(0, 1));
  EXPECT_EQ(cursors_of(play("omikuji", R"({"fillers":5})")), iota(0, 9));
  EXPECT_EQ(cursors_of(play("pagoda", R"({"floors":12})")), iota(0, 12));
  EXPECT_EQ(cursors_of(play("plinko", R"({"rows":16})")), iota(0, 16));
  EXPECT_EQ(cursors_of(play("chinchiro", R"({"attempts":[1,3,2]})")),
            (std::vector<u64>{0, 1, 2, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}));
}

TEST(CursorGames, OutcomesFollowTheDrawRules) {
  const auto r = play("blackjack", R"({"actions":["hit"],"dealerDraws":1})", 5);
  const auto cards = ints(r, "cards");
  ASSERT_EQ(cards.size(), 6u);
  for (std::size_t i = 0; i < cards.size(); ++i) EXPECT_EQ(cards[i], cur::draw(r.reads[i].u, 52));
  EXPECT_EQ(ints(r, "player"), (std::vector<u64>{cards[0], cards[2], cards[4]}));
  EXPECT_EQ(ints(r, "dealer"), (std::vector<u64>{cards[1], cards[3], cards[5]}));
  // "stand" as the last action reads nothing more.
  EXPECT_EQ(cursors_of(play("blackjack", R"({"actions":["hit"],"dealerDraws":0})")),
            cursors_of(play("blackjack", R"({"actions":["hit","stand"],"dealerDraws":0})")));

  const auto dice = play("sicbo", "{}", 9);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(ints(dice, "dice")[i], cur::draw(dice.reads[i].u, 6) + 1);
  const auto pocket = play("roulette", "{}", 9).outcome.at(0).second;
  EXPECT_EQ(static_cast<u64>(std::get<std::int64_t>(pocket.variant())), cur::draw(cur::unit(openssl_backend(), kSeed, "fairvec", 9, 0), 37))
      << "roulette reads cursor 0 of the same round";
}

TEST(CursorGames, BingoColumnsAndBalls) {
  for (u64 nonce = 0; nonce < 20; ++nonce) {
    const auto r = play("bingo", "{}", nonce);
    const auto card = ints(r, "card");
    const auto balls = ints(r, "balls");
    ASSERT_EQ(card.size(), 25u);
    ASSERT_EQ(balls.size(), 38u);
    for (u64 i = 0; i < 25; ++i) {
      EXPECT_GE(card[i], 15 * (i / 5) + 1);
      EXPECT_LE(card[i], 15 * (i / 5) + 15);
    }
    EXPECT_EQ(std::set<u64>(card.begin(), card.end()).size(), 25u);
    EXPECT_EQ(std::set<u64>(balls.begin(), balls.end()).size(), 38u);
    for (u64 b : balls) EXPECT_TRUE(b >= 1 && b <= 75);
    std::vector<double> units;
    for (u64 k = 25; k < 63; ++k) units.push_back(r.reads[k].u);
    std::vector<u64> expected = dense_pool_hop(units, 75);
    for (u64& b : expected) b += 1;  // the pool is 1..75
    EXPECT_EQ(balls, expected);
  }
}

TEST(CursorGames, CardGamesDrawOneSequenceWithoutReplacement) {
  for (u64 nonce = 0; nonce < 30; ++nonce) {
    const auto call = play("holdem", R"({"action":"call"})", nonce);
    const auto fold = play("holdem", R"({"action":"fold"})", nonce);
    const auto cards = ints(call, "cards");
    EXPECT_EQ(std::set<u64>(cards.begin(), cards.end()).size(), 9u);
    EXPECT_EQ(ints(fold, "cards"), std::vector<u64>(cards.begin(), cards.begin() + 7)) << "fold is a prefix of call";

    const auto vp = play("vpoker", R"({"hold":[true,false,false,true,false]})", nonce);
    const auto deal = ints(vp, "deal"), fin = ints(vp, "final");
    EXPECT_EQ(fin[0], deal[0]);
    EXPECT_EQ(fin[3], deal[3]);
    std::set<u64> all(deal.begin(), deal.end());
    all.insert(fin.begin(), fin.end());
    EXPECT_EQ(all.size(), 8u) << "replacements come from the same deck";
    std::vector<double> units;
    for (const auto& rd : vp.reads) units.push_back(rd.u);
    const auto seq = dense_pool_hop(units, 52);
    EXPECT_EQ(deal, std::vector<u64>(seq.begin(), seq.begin() + 5));
    EXPECT_EQ((std::vector<u64>{fin[1], fin[2], fin[4]}), std::vector<u64>(seq.begin() + 5, seq.end()));
  }
}

TEST(CursorGames, BothBackendsAgree) {
  for (const auto& game : cur::game_names()) {
    std::string options = "{}";
    if (game == "koban") options = R"({"flips":4})";
    if (game == "blackjack") options = R"({"actions":["hit"],"dealerDraws":2})";
    if (game == "vpoker") options = R"({"hold":[false,true,false,true,false]})";
    if (game == "holdem") options = R"({"action":"call"})";
    if (game == "andar") options = R"({"cards":20})";
    if (game == "chinchiro") options = R"({"attempts":[2,1]})";
    if (game == "mines") options = R"({"mines":5})";
    if (game == "hanabi") options = R"({"freeSpins":1})";
    if (game == "omikuji") options = R"({"fillers":2})";
    if (game == "pagoda") options = R"({"floors":3})";
    if (game == "plinko") options = R"({"rows":8})";
    const auto a = play(game, options, 3, cryptopp_backend());
    const auto b = play(game, options, 3, openssl_backend());
    EXPECT_EQ(json::to_line(json::Value(a.outcome)), json::to_line(json::Value(b.outcome))) << game;
    EXPECT_EQ(cursors_of(a), cursors_of(b)) << game;
  }
}

TEST(CursorGames, BadOptionsNameTheMemberAndPosition) {
  expect_input_error([] { (void)play("roulette", "[]"); }, "options");
  expect_input_error([] { (void)play("roulette", R"({"bet":1})"); }, "options.bet", 0);
  expect_input_error([] { (void)play("koban", "{}"); }, "options.flips");
  expect_input_error([] { (void)play("koban", R"({"flips":1001})"); }, "options.flips");
  expect_input_error([] { (void)play("vpoker", R"({"hold":[true,true,1,true,true]})"); }, "options.hold", 2);
  expect_input_error([] { (void)play("vpoker", R"({"hold":[true]})"); }, "options.hold");
  expect_input_error([] { (void)play("blackjack", R"({"actions":["hit","stand","hit"],"dealerDraws":0})"); },
                     "options.actions", 2);
  expect_input_error([] { (void)play("blackjack", R"({"actions":["split"],"dealerDraws":0})"); }, "options.actions", 0);
  expect_input_error([] { (void)play("blackjack", R"({"actions":[]})"); }, "options.dealerDraws");
  expect_input_error([] { (void)play("holdem", R"({"action":"Call"})"); }, "options.action");
  expect_input_error([] { (void)play("andar", R"({"cards":53})"); }, "options.cards");
  expect_input_error([] { (void)play("mines", R"({"mines":25})"); }, "options.mines");
  expect_input_error([] { (void)play("chinchiro", R"({"attempts":[3,4]})"); }, "options.attempts", 1);
  expect_input_error([] { (void)play("hanabi", R"({"freeSpins":1.0})"); }, "options.freeSpins");
  expect_input_error([] { (void)play("nope", "{}"); }, "game");
  rapidjson::Document empty;
  empty.SetObject();
  expect_input_error([&] { (void)cur::play(openssl_backend(), "roulette", "\xC0\x80", "c", 0, empty); }, "serverSeed", 0);
  expect_input_error([&] { (void)cur::play(openssl_backend(), "roulette", "s", "c", 1ULL << 53, empty); }, "nonce");
}

TEST(CursorGames, ParamsAreCheckedInOrder) {
  auto err = [](const char* params) {
    rapidjson::Document d;
    json::parse(params, d, "params");
    try {
      (void)cur::play_params(openssl_backend(), d);
    } catch (const InputError& e) {
      return e.field();
    }
    return std::string("none");
  };
  EXPECT_EQ(err(R"({"game":"baccarat","serverSeed":1,"clientSeed":"c","nonce":-1,"options":[]})"), "game");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":1,"clientSeed":"c","nonce":-1,"options":[]})"), "serverSeed");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":2,"nonce":-1,"options":[]})"), "clientSeed");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":-1,"options":[]})"), "nonce");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":1,"options":[]})"), "options");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":1})"), "options");
  EXPECT_EQ(err(R"({"game":"roulette","serverSeed":"s","clientSeed":"c","nonce":1,"options":{}})"), "none");
}

// --- port ops ---------------------------------------------------------------------------------------

TEST(CursorPort, OpsAnswerAndRejectBadParams) {
  const auto& names = port::registry().names();
  for (const char* op : {"cursor.unit", "cursor.u64_to_unit", "cursor.pool_hop", "cursor.commitment", "cursor.game",
                         "cursor.draw", "cursor.limbo"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), op), names.end()) << op;
  }
  auto call = [](const char* op, const char* params) {
    rapidjson::Document d;
    json::parse(params, d, "params");
    return port::call(op, d, openssl_backend());
  };
  auto r = call("cursor.game", R"({"game":"holdem","serverSeed":"s","clientSeed":"c","nonce":0,"options":{"action":"fold"}})");
  ASSERT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.result.find("cursors")->as_array().size(), 7u);
  EXPECT_EQ(r.result.find("board")->as_array().size(), 3u);
  r = call("cursor.u64_to_unit", R"({"u64":"18446744073709551615"})");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(std::get<double>(r.result.find("u")->variant()), 1.0);
  for (auto [op, params] : std::vector<std::pair<const char*, const char*>>{
           {"cursor.unit", R"({"serverSeed":"s","clientSeed":"c","nonce":0})"},
           {"cursor.unit", R"({"serverSeed":"s","clientSeed":"c","nonce":0,"cursor":9007199254740992})"},
           {"cursor.u64_to_unit", R"({"u64":"18446744073709551616"})"},
           {"cursor.u64_to_unit", R"({"u64":7})"},
           {"cursor.pool_hop", R"({"units":[0.5,0.5],"size":1})"},
           {"cursor.pool_hop", R"({"units":[true],"size":4})"},
           {"cursor.draw", R"({"u":1.5,"n":6})"},
           {"cursor.draw", R"({"u":0.5,"n":0})"},
           {"cursor.limbo", R"({"u":-1})"},
           {"cursor.commitment", R"({"serverSeed":5})"},
           {"cursor.game", R"({"game":"keno","serverSeed":"s","clientSeed":"c","nonce":0,"options":{}})"}}) {
    r = call(op, params);
    EXPECT_FALSE(r.ok) << op << " " << params;
    EXPECT_EQ(r.error, "bad_input") << op << " " << params << " " << r.message;
  }
}

// --- vector files -----------------------------------------------------------------------------------

TEST(CursorVectors, EveryVectorPassesOnBothBackendsThroughLibraryAndPort) {
  const auto kinds = vectors::cursor_vector_kinds();
  ASSERT_EQ(kinds.size(), 4u);
  std::size_t total = 0;
  for (const auto& k : kinds) {
    std::vector<vectors::Failure> failures;
    const std::size_t n = vectors::check_kind(k, FAIRVEC_SOURCE_VECTORS, failures);
    EXPECT_GT(n, 0u) << k.file;
    total += n;
    for (const auto& f : failures) ADD_FAILURE() << f.file << " tcId " << f.tc_id << ": " << f.detail;
  }
  EXPECT_GE(total, 200u);
}

TEST(CursorVectors, CommittedFilesEqualAFreshGenerationWithinTheTimeBudget) {
  const auto start = std::chrono::steady_clock::now();
  for (const auto& k : vectors::cursor_vector_kinds()) {
    const std::string fresh = json::to_pretty(k.generate());
    EXPECT_TRUE(fresh == read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file)) << k.file << ": run fairvec generate";
    EXPECT_EQ(fresh, json::to_pretty(k.generate())) << k.file << ": generation is not deterministic";
  }
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 10.0);
}

TEST(CursorVectors, ATamperedVectorFails) {
  // The checker must be able to fail: flip one expected u, one game card and one invalid test.
  const fs::path dir = fs::temp_directory_path() / "fairvec_cursor_tamper";
  fs::create_directories(dir / "schema");
  for (const char* f : {"cursor_unit_test.json", "cursor_game_test.json"}) {
    fs::copy_file(fs::path(FAIRVEC_SOURCE_VECTORS) / f, dir / f, fs::copy_options::overwrite_existing);
    const std::string schema = std::string(f).replace(std::string(f).find("_test.json"), 10, "_schema.json");
    fs::copy_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "schema" / schema, dir / "schema" / schema,
                  fs::copy_options::overwrite_existing);
  }
  auto edit = [&](const char* file, const std::function<void(rapidjson::Document&)>& fn) {
    rapidjson::Document d;
    json::parse(read_file(dir / file), d, file);
    fn(d);
    write_file_atomic(dir / file, json::to_pretty(json::Value::from_rapidjson(d)));
  };
  edit("cursor_unit_test.json", [](rapidjson::Document& d) {
    auto& t = d["testGroups"][0]["tests"][0];
    t["u"].SetDouble(std::nextafter(t["u"].GetDouble(), 1.0));
  });
  edit("cursor_game_test.json", [](rapidjson::Document& d) {
    for (auto& g : d["testGroups"].GetArray()) {
      if (g.HasMember("game") && std::string(g["game"].GetString()) == "vpoker") {
        auto& fin = g["tests"][0]["final"];
        fin[0].SetInt((fin[0].GetInt() + 1) % 52);
      }
      if (std::string(g["type"].GetString()) == "CursorGameInvalid") g["tests"][0]["game"].SetString("roulette");
    }
  });
  const auto kinds = vectors::cursor_vector_kinds();
  std::vector<vectors::Failure> failures;
  (void)vectors::check_kind(kinds[0], dir, failures);
  (void)vectors::check_kind(kinds[3], dir, failures);
  std::set<long> ids;
  for (const auto& f : failures) ids.insert(f.tc_id);
  EXPECT_EQ(ids.size(), 3u);  // unit tcId 1, the vpoker test, the first invalid game test
  EXPECT_TRUE(ids.count(1));
  fs::remove_all(dir);
}

TEST(CursorVectors, AtLeastSixtyInvalidInputs) {
  // Each invalid test's error field is checked for every file in vectors_test.cc.
  std::size_t invalid = 0;
  for (const auto& k : vectors::cursor_vector_kinds()) {
    rapidjson::Document doc;
    std::vector<vectors::Failure> failures;
    ASSERT_TRUE(vectors::load_kind(k, FAIRVEC_SOURCE_VECTORS, doc, failures)) << k.file;
    vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
      invalid += std::string(t.test["result"].GetString()) == "invalid";
    });
  }
  EXPECT_GE(invalid, 60u);
}

// --- spec ---------------------------------------------------------------------------------------------

TEST(CursorSpec, WorkedExampleIsTcId1AndEveryFlagIsListed) {
  const std::string spec = read_file(fs::path(FAIRVEC_SOURCE_DIR) / "specs/cursor-v1.md");
  rapidjson::Document doc;
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "cursor_unit_test.json"), doc, "unit");
  const auto& t = doc["testGroups"][0]["tests"][0];
  ASSERT_EQ(t["tcId"].GetInt(), 1);
  for (const char* key : {"serverSeed", "clientSeed", "message", "digest", "u64", "uBits"}) {
    EXPECT_NE(spec.find(t[key].GetString()), std::string::npos) << key;
  }
  EXPECT_NE(spec.find(std::to_string(t["hi"].GetInt64())), std::string::npos);
  EXPECT_NE(spec.find(std::to_string(t["lo"].GetInt64())), std::string::npos);
  EXPECT_NE(spec.find(json::format_double(t["u"].GetDouble())), std::string::npos);
  for (const auto& k : vectors::cursor_vector_kinds()) {
    rapidjson::Document d;
    json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file), d, k.file);
    for (const auto& m : d["notes"].GetObject()) {
      const std::string row = std::string("| `") + m.name.GetString() + "` | " + m.value["bugType"].GetString() + " |";
      EXPECT_NE(spec.find(row), std::string::npos) << row;
    }
  }
}
