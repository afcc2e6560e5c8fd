// hmac-dice-v1 (specs/hmac-dice-v1.md): the seed's own facts as properties, the parsers' errors
// (every one names its field and, where there is one, the position), link and listing round trips,
// whole-match verification, every hmac_dice vector on both backends through library and port, and
// the exit codes of `fairvec verify-dice`.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "port/protocol.h"
#include "schemes/hmac_dice.h"
#include "vectors/derived.h"
#include "vectors/vector_file.h"

namespace fairvec::hmac_dice {
namespace {

namespace fs = std::filesystem;

// Test material derived from labels (no hand-typed expected values).
Bytes key_of(std::string_view label, std::size_t n = 32) {
  Digest d = cryptopp_backend().sha256(std::string("hmac-dice-test/") + std::string(label));
  Bytes b;
  while (b.size() < n) append(b, d), d = cryptopp_backend().sha256(ByteView(d));
  b.resize(n);
  return b;
}

// error_of runs |f| and returns the InputError it throws (or nothing).
std::optional<InputError> error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

#define EXPECT_INPUT_ERROR(stmt, want_field, want_pos)                                    \
  do {                                                                                    \
    auto e_ = error_of([&] { stmt; });                                                    \
    ASSERT_TRUE(e_.has_value()) << #stmt << " accepted bad input";                        \
    EXPECT_EQ(e_->field(), want_field) << e_->what();                                     \
    EXPECT_EQ(e_->position(), (std::optional<std::size_t>(want_pos))) << e_->what();      \
    EXPECT_NE(std::string(e_->what()).find(want_field), std::string::npos) << e_->what(); \
  } while (0)

constexpr std::optional<std::size_t> kNoPos = std::nullopt;

// --- The seed's facts --------------------------------------------------------------------------

TEST(HmacDiceFacts, The252AcceptedBytesGiveEach36OutcomeSevenTimes) {
  std::map<std::pair<int, int>, int> count;
  for (int b = 0; b < 252; ++b) {
    Dice d = dice_of_byte(static_cast<std::uint8_t>(b));
    ASSERT_GE(d.d1, 1);
    ASSERT_LE(d.d1, 6);
    ASSERT_GE(d.d2, 1);
    ASSERT_LE(d.d2, 6);
    ++count[{d.d1, d.d2}];
  }
  EXPECT_EQ(count.size(), 36u);                                                      // every ordered pair
  for (const auto& [pair, n] : count) EXPECT_EQ(n, 7) << pair.first << pair.second;  // 252 = 7 x 36
  for (int b = 252; b < 256; ++b) EXPECT_THROW((void)dice_of_byte(static_cast<std::uint8_t>(b)), std::invalid_argument);
}

TEST(HmacDiceFacts, DiceFollowVMod36) {
  for (int b = 0; b < 252; ++b) {
    Dice d = dice_of_byte(static_cast<std::uint8_t>(b));
    EXPECT_EQ((d.d1 - 1) * 6 + (d.d2 - 1), b % 36);
    EXPECT_EQ(d.text(), std::to_string(d.d1) + std::to_string(d.d2));
  }
}

TEST(HmacDiceFacts, PickTakesTheFirstByteBelow252AcrossRetries) {
  Digest base = cryptopp_backend().sha256(std::string_view("pick"));
  for (std::size_t skip = 0; skip < 32; ++skip) {
    Digest m = base;
    for (std::size_t i = 0; i < skip; ++i) m[i] = static_cast<std::uint8_t>(252 + i % 4);
    m[skip] = static_cast<std::uint8_t>(m[skip] % 252);
    for (std::size_t retries = 0; retries < 3; ++retries) {
      std::vector<Digest> macs(retries, Digest{});
      for (auto& x : macs) x.fill(static_cast<std::uint8_t>(252 + retries));
      macs.push_back(m);
      Pick p = pick(macs);
      EXPECT_EQ(p.retry, retries);
      EXPECT_EQ(p.index, skip);
      EXPECT_EQ(p.byte, m[skip]);
      EXPECT_EQ(p.dice, dice_of_byte(m[skip]));
    }
  }
  Digest all;
  all.fill(255);
  EXPECT_INPUT_ERROR((void)pick(std::vector<Digest>{all, all}), "macs", kNoPos);
  EXPECT_INPUT_ERROR((void)pick(std::vector<Digest>{}), "macs", kNoPos);
}

TEST(HmacDiceFacts, MessageJoinsSeedsAndAppendsRetriesToTheLastSeed) {
  for (std::uint64_t k = 0; k < 5; ++k) {
    EXPECT_EQ(message({"a", "b"}, 52, k), "a:b" + std::string(k, '+') + ":52");
    EXPECT_EQ(message({"solo"}, 7, k), "solo" + std::string(k, '+') + ":7");
  }
  EXPECT_EQ(message({"a"}, kMaxRoll, 0), "a:" + std::to_string(kMaxSafeInteger));
  EXPECT_INPUT_ERROR((void)message({"a"}, 1, kMaxRetry + 1), "retry", kNoPos);
}

TEST(HmacDiceFacts, DerivationIsHmacOfTheMessageOnBothBackends) {
  const Bytes key = key_of("derive");
  const std::vector<std::string> seeds = {"p1", "p2"};
  for (std::uint64_t r = 1; r <= 50; ++r) {
    RollTrace a = derive_roll(cryptopp_backend(), key, seeds, r);
    RollTrace b = derive_roll(openssl_backend(), key, seeds, r);
    ASSERT_EQ(a.macs, b.macs);
    ASSERT_EQ(a.messages.size(), 1u);  // a retry has probability ~2^-192
    EXPECT_EQ(a.messages[0], message(seeds, r, 0));
    EXPECT_EQ(a.macs[0], openssl_backend().hmac_sha256(key, as_bytes(a.messages[0])));
    EXPECT_EQ(a.pick.index, skipped_prefix(a.macs[0]));
    EXPECT_EQ(a.pick.dice, roll(openssl_backend(), key, seeds, r));
  }
  EXPECT_EQ(seal(cryptopp_backend(), key), to_hex(openssl_backend().sha256(ByteView(key))));
}

TEST(HmacDiceFacts, SkippedRollSearchFindsExactDepth) {
  const Bytes key = key_of("search");
  for (std::size_t depth = 0; depth <= 2; ++depth) {
    auto r = find_skipped_roll(cryptopp_backend(), key, {"x"}, depth, 1, 200000);
    ASSERT_TRUE(r.has_value()) << depth;
    RollTrace t = derive_roll(openssl_backend(), key, {"x"}, *r);
    EXPECT_EQ(skipped_prefix(t.macs[0]), depth);
    EXPECT_EQ(t.pick.index, depth);
  }
}

// --- Validation: every error names its field and position -------------------------------------

TEST(HmacDiceValidation, ServerSeed) {
  EXPECT_EQ(parse_server_seed(std::string(32, 'A')).size(), 16u);
  EXPECT_EQ(parse_server_seed(std::string(128, 'f')).size(), 64u);
  EXPECT_INPUT_ERROR((void)parse_server_seed(std::string(30, 'a')), "serverSeed", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_server_seed(std::string(130, 'a')), "serverSeed", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_server_seed(std::string(63, 'a')), "serverSeed", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_server_seed(std::string(40, 'a') + "g" + std::string(23, 'a')), "serverSeed", 40u);
  EXPECT_INPUT_ERROR((void)parse_server_seed(""), "serverSeed", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_seal(std::string(62, 'a'), "link.c"), "link.c", kNoPos);
}

TEST(HmacDiceValidation, ClientSeeds) {
  validate_client_seeds({"a"});
  validate_client_seeds({std::string(128, 'Z'), "_-09az"});
  EXPECT_INPUT_ERROR(validate_client_seeds({}), "clientSeeds", kNoPos);
  EXPECT_INPUT_ERROR(validate_client_seeds({"a", "b", "c"}), "clientSeeds", kNoPos);
  EXPECT_INPUT_ERROR(validate_client_seeds({"a", ""}), "clientSeeds[1]", kNoPos);
  EXPECT_INPUT_ERROR(validate_client_seeds({std::string(129, 'a')}), "clientSeeds[0]", 128u);
  for (char c : std::string(":+ ./%\t\x80")) {
    EXPECT_INPUT_ERROR(validate_client_seeds({"ok", std::string("ab") + c}), "clientSeeds[1]", 2u);
  }
}

TEST(HmacDiceValidation, RollNumbers) {
  validate_roll(1);
  validate_roll(kMaxRoll);
  EXPECT_INPUT_ERROR(validate_roll(0), "roll", kNoPos);
  EXPECT_INPUT_ERROR(validate_roll(kMaxRoll + 1), "roll", kNoPos);
  rapidjson::Document d;
  d.Parse("[1, 9007199254740991, 0, -1, 9007199254740992, 1.5, \"1\"]");
  EXPECT_EQ(roll_from_json(d[0]), 1u);
  EXPECT_EQ(roll_from_json(d[1]), kMaxRoll);
  for (rapidjson::SizeType i = 2; i < d.Size(); ++i) EXPECT_INPUT_ERROR((void)roll_from_json(d[i]), "roll", kNoPos);
}

TEST(HmacDiceValidation, Games) {
  EXPECT_EQ(parse_games("52,48", "g"), (std::vector<std::uint64_t>{52, 48}));
  EXPECT_INPUT_ERROR((void)parse_games("", "g"), "g", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_games("52,0", "g"), "g", 3u);
  EXPECT_INPUT_ERROR((void)parse_games("52,,48", "g"), "g", 3u);
  EXPECT_INPUT_ERROR((void)parse_games("052", "g"), "g", 0u);
  EXPECT_INPUT_ERROR((void)parse_games("5;4", "g"), "g", 0u);
}

// --- Recorded listings --------------------------------------------------------------------------

std::vector<Dice> sample_rolls(std::size_t n) {
  std::vector<Dice> out;
  const Bytes key = key_of("listing");
  for (std::uint64_t r = 1; r <= n; ++r) out.push_back(roll(cryptopp_backend(), key, {"a"}, r));
  return out;
}

TEST(HmacDiceRecorded, EveryAcceptedFormReadsTheSameRolls) {
  const std::vector<Dice> rolls = sample_rolls(23);
  const std::string bare = rolls_text(rolls);
  std::vector<std::string> forms = {bare, bare + "\n", "  " + bare + "\r\n"};
  for (const char* sep : {"\n", " ", "\r\n", "\t"}) {
    std::string plain, colon, dot, hash;
    for (std::size_t i = 0; i < rolls.size(); ++i) {
      const std::string n = std::to_string(i + 1);
      plain += rolls[i].text() + sep;
      colon += n + ": " + rolls[i].text() + sep;
      dot += n + ". " + rolls[i].text() + sep;
      hash += "#" + n + " " + rolls[i].text() + sep;
    }
    forms.insert(forms.end(), {plain, colon, dot, hash});
  }
  for (const auto& f : forms) EXPECT_EQ(parse_recorded(f), rolls) << f;
  EXPECT_EQ(parse_roll_digits(bare, "r"), rolls);
  EXPECT_EQ(rolls_text(parse_recorded(bare)), bare);
}

TEST(HmacDiceRecorded, BadListingsNameTheFirstBadToken) {
  EXPECT_INPUT_ERROR((void)parse_recorded(""), "recorded", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_recorded(" \n"), "recorded", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_recorded("634"), "recorded", 2u);
  EXPECT_INPUT_ERROR((void)parse_recorded("117463"), "recorded", 2u);
  EXPECT_INPUT_ERROR((void)parse_recorded("11 22 70"), "recorded", 6u);
  EXPECT_INPUT_ERROR((void)parse_recorded("1: 11\n3: 22"), "recorded", 6u);
  EXPECT_INPUT_ERROR((void)parse_recorded("1: 11\n2. 22"), "recorded", 6u);
  EXPECT_INPUT_ERROR((void)parse_recorded("1: 11\n22"), "recorded", 6u);
  EXPECT_INPUT_ERROR((void)parse_recorded("11\n2: 22"), "recorded", 3u);
  EXPECT_INPUT_ERROR((void)parse_recorded("01: 11"), "recorded", 0u);
  EXPECT_INPUT_ERROR((void)parse_recorded("1: 11 2:"), "recorded", 6u);
  EXPECT_INPUT_ERROR((void)parse_recorded("1:11"), "recorded", 0u);
  EXPECT_INPUT_ERROR((void)parse_recorded("11,22"), "recorded", 0u);
  EXPECT_INPUT_ERROR((void)parse_roll_digits("1127", "link.r", 7), "link.r", 9u);
}

// --- Links --------------------------------------------------------------------------------------

Link sample_link(int version, std::string lang, bool seal_given, std::size_t n_seeds, std::size_t rolls, bool recorded,
                 std::vector<std::uint64_t> games) {
  Link l;
  l.version = version;
  l.lang = std::move(lang);
  l.match.server_seed = key_of("link", 16 + rolls % 49);
  if (seal_given) l.match.seal = cryptopp_backend().sha256(ByteView(l.match.server_seed));
  for (std::size_t i = 0; i < n_seeds; ++i) l.match.client_seeds.push_back("seat" + std::to_string(i));
  l.match.rolls = rolls;
  if (recorded) l.match.recorded = sample_rolls(rolls);
  l.match.games = std::move(games);
  return l;
}

void expect_same(const Link& a, const Link& b) {
  EXPECT_EQ(a.version, b.version);
  EXPECT_EQ(a.lang, b.lang);
  EXPECT_EQ(a.match.server_seed, b.match.server_seed);
  EXPECT_EQ(a.match.seal, b.match.seal);
  EXPECT_EQ(a.match.client_seeds, b.match.client_seeds);
  EXPECT_EQ(a.match.rolls, b.match.rolls);
  EXPECT_EQ(a.match.recorded, b.match.recorded);
  EXPECT_EQ(a.match.games, b.match.games);
}

TEST(HmacDiceLink, BuildParseBuildRoundTrip) {
  int built = 0;
  for (int version : {0, 1}) {
    for (const char* lang : {"", "tr", "ru", "deu"}) {
      for (bool seal_given : {false, true}) {
        for (std::size_t seeds : {1u, 2u}) {
          for (bool recorded : {false, true}) {
            for (const auto& games : std::vector<std::vector<std::uint64_t>>{{}, {9}, {4, 5}, {3, 3, 3}}) {
              Link l = sample_link(version, lang, seal_given, seeds, 9, recorded, games);
              if ((version == 0 && !games.empty()) || (version == 1 && !recorded)) {
                EXPECT_THROW((void)build_link(l), InputError);
                continue;
              }
              const std::string text = build_link(l);
              Link back = parse_link(text);
              expect_same(l, back);
              EXPECT_EQ(build_link(back), text);
              if (!l.lang.empty()) {
                EXPECT_EQ(build_link(parse_link("https://example.org" + text)), text);
              } else {  // a host needs the /<lang>/check/ path
                EXPECT_THROW((void)parse_link("https://example.org" + text), InputError);
              }
              ++built;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(built, 50);
}

TEST(HmacDiceLink, ParsingIgnoresOrderCaseAndEscapes) {
  Link l = sample_link(1, "ru", true, 2, 6, true, {2, 4});
  const std::string canonical = build_link(l);
  const std::string seed = to_hex(l.match.server_seed), seal_hex = to_hex(*l.match.seal);
  std::string upper_seed = seed;
  for (char& c : upper_seed) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string reordered = "/ru/check/#g=2,4&r=" + rolls_text(*l.match.recorded) +
                                "&p=seat0%2Cseat1&c=" + seal_hex + "&s=" + upper_seed + "&%76=1";
  EXPECT_EQ(build_link(parse_link(reordered)), canonical);
}

TEST(HmacDiceLink, BadLinksNameTheKey) {
  const Link l = sample_link(1, "ru", true, 2, 6, true, {2, 4});
  const std::string good = build_link(l);
  ASSERT_EQ(good.substr(0, 11), "/ru/check/#");
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  EXPECT_INPUT_ERROR((void)parse_link(replaced("v=1", "v=2")), "link.v", 13u);
  EXPECT_INPUT_ERROR((void)parse_link(replaced("g=2,4", "g=2,3")), "link.g", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_link(replaced("g=2,4", "g=2,0")), "link.g", 2u);
  EXPECT_INPUT_ERROR((void)parse_link(replaced("&p=", "&q=1&p=")), "link", good.find("&p=") + 1);
  EXPECT_INPUT_ERROR((void)parse_link(good + "&v=1"), "link.v", good.size() + 1);
  EXPECT_INPUT_ERROR((void)parse_link(good + "&"), "link", good.size() + 1);
  EXPECT_INPUT_ERROR((void)parse_link("/ru/check/?x=1" + good.substr(10)), "link", 14u);
  EXPECT_INPUT_ERROR((void)parse_link("/ru/chek/" + good.substr(10)), "link", 3u);
  EXPECT_INPUT_ERROR((void)parse_link(replaced("seat1", "seat1,x")), "link.p", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_link(replaced("seat1", "se+t1")), "link.p[1]", 2u);
  EXPECT_INPUT_ERROR((void)parse_link(replaced("&s=", "&s=0")), "link.s", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_link("/tr/check/?seed=" + to_hex(l.match.server_seed) + "&client=a&n=012"), "link.n",
                     std::string("/tr/check/?seed=").size() + 2 * l.match.server_seed.size() + 12);
  EXPECT_INPUT_ERROR((void)parse_link("/tr/check/"), "link", kNoPos);
  EXPECT_INPUT_ERROR((void)parse_link("/tr/check/?seed=" + to_hex(l.match.server_seed) + "&client=a"), "link.n",
                     kNoPos);
}

// --- Whole matches ------------------------------------------------------------------------------

TEST(HmacDiceMatch, EveryTamperedRollIsNamedWithItsGame) {
  Link l = sample_link(1, "ru", true, 2, 10, true, {3, 4, 3});
  l.match.recorded = verify_match(cryptopp_backend(), l.match).dice;
  MatchReport ok = verify_match(openssl_backend(), l.match);
  EXPECT_EQ(ok.verdict, Verdict::kVerified);
  EXPECT_EQ(ok.dice, *l.match.recorded);
  const std::uint64_t game_of[] = {1, 1, 1, 2, 2, 2, 2, 3, 3, 3};
  const std::uint64_t in_game[] = {1, 2, 3, 1, 2, 3, 4, 1, 2, 3};
  for (std::size_t i = 0; i < 10; ++i) {
    Match m = l.match;
    Dice& d = (*m.recorded)[i];
    d.d2 = d.d2 % 6 + 1;
    MatchReport r = verify_match(cryptopp_backend(), m);
    EXPECT_EQ(r.verdict, Verdict::kRollMismatch);
    ASSERT_EQ(r.mismatches.size(), 1u);
    EXPECT_EQ(r.mismatches[0].roll, i + 1);
    EXPECT_EQ(r.mismatches[0].game, game_of[i]);
    EXPECT_EQ(r.mismatches[0].roll_in_game, in_game[i]);
  }
  Match bad_seal = l.match;
  (*bad_seal.seal)[31] ^= 1;
  EXPECT_EQ(verify_match(openssl_backend(), bad_seal).verdict, Verdict::kSealMismatch);
  Match nothing = l.match;
  nothing.seal.reset();
  nothing.recorded.reset();
  EXPECT_EQ(verify_match(openssl_backend(), nothing).verdict, Verdict::kUnchecked);
}

TEST(HmacDiceMatch, OpeningTiesAreCountedAndConsumeRollNumbers) {
  Link l = sample_link(1, "", false, 2, 60, false, {20, 20, 20});
  MatchReport r = verify_match(openssl_backend(), l.match);
  for (const GameSummary& g : r.games) {
    std::uint64_t ties = 0;
    std::uint64_t n = g.first_roll;
    while (n < g.first_roll + g.rolls && r.dice[n - 1].is_double()) ++ties, ++n;
    EXPECT_EQ(g.opening_ties, ties);
    if (n < g.first_roll + g.rolls) {
      EXPECT_EQ(g.opening_roll, n);
    } else {
      EXPECT_FALSE(g.opening_roll.has_value());
    }
  }
}

TEST(HmacDiceMatch, InconsistentFieldsAreBadInput) {
  Match m = sample_link(1, "", true, 1, 6, true, {}).match;
  m.games = {3, 2};
  EXPECT_INPUT_ERROR((void)verify_match(openssl_backend(), m), "games", kNoPos);
  m.games = {6, 0};
  EXPECT_INPUT_ERROR((void)verify_match(openssl_backend(), m), "games", 1u);
  m.games = {};
  m.rolls = 7;
  EXPECT_INPUT_ERROR((void)verify_match(openssl_backend(), m), "recorded", kNoPos);
  m.rolls = 0;
  m.recorded.reset();
  EXPECT_INPUT_ERROR((void)verify_match(openssl_backend(), m), "rolls", kNoPos);
}

// --- Port ops -----------------------------------------------------------------------------------

TEST(HmacDicePort, BadParamsAreBadInputNamingTheField) {
  const Backend& b = openssl_backend();
  struct Case {
    const char* op;
    const char* params;
    const char* field;
  };
  const Case cases[] = {
      {"hmac_dice.seal", "{}", "params.serverSeed"},
      {"hmac_dice.seal", "{\"serverSeed\": 5}", "params.serverSeed"},
      {"hmac_dice.roll",
       "{\"serverSeed\": \"00000000000000000000000000000000\", \"clientSeeds\": [\"a\"], \"roll\": \"1\"}", "roll"},
      {"hmac_dice.roll", "{\"serverSeed\": \"00000000000000000000000000000000\", \"clientSeeds\": [1], \"roll\": 1}",
       "params.clientSeeds[0]"},
      {"hmac_dice.message", "{\"clientSeeds\": [\"a\"], \"roll\": 1, \"retry\": 1.5}", "retry"},
      {"hmac_dice.pick", "{\"macs\": \"00\"}", "params.macs"},
      {"hmac_dice.parse_link", "{\"link\": \"#v=9\"}", "link.v"},
      {"hmac_dice.parse_recorded", "{\"text\": \"77\"}", "recorded"},
      {"hmac_dice.verify_match",
       "{\"serverSeed\": \"00000000000000000000000000000000\", \"seal\": \"\", \"clientSeeds\": [\"a\"], \"rolls\": 2, "
       "\"recorded\": \"\", \"games\": [1, 2]}",
       "games"},
      {"hmac_dice.build_link",
       "{\"version\": 1, \"lang\": \"ru\", \"serverSeed\": \"00000000000000000000000000000000\", \"seal\": \"\", "
       "\"clientSeeds\": [\"a\"], \"rolls\": 1, \"recorded\": \"\", \"games\": []}",
       "recorded"},
  };
  for (const auto& c : cases) {
    rapidjson::Document d;
    d.Parse(c.params);
    port::Reply r = port::call(c.op, d, b);
    EXPECT_FALSE(r.ok) << c.op << " " << c.params;
    EXPECT_EQ(r.error, "bad_input") << c.op << " " << c.params;
    EXPECT_EQ(r.message.rfind(c.field, 0), 0u) << c.op << ": " << r.message;
  }
}

// --- Vector files -------------------------------------------------------------------------------

std::vector<vectors::VectorKind> kinds() { return vectors::own_files_of("hmac_dice"); }

TEST(HmacDiceVectors, EveryVectorPassesOnBothBackendsThroughLibraryAndPort) {
  ASSERT_EQ(kinds().size(), 6u);
  std::size_t total = 0;
  for (const auto& k : kinds()) {
    std::vector<vectors::Failure> failures;
    std::size_t n = vectors::check_kind(k, FAIRVEC_SOURCE_VECTORS, failures);
    EXPECT_GT(n, 0u) << k.file;
    total += n;
    for (const auto& f : failures) ADD_FAILURE() << f.file << " tcId " << f.tc_id << ": " << f.detail;
  }
  EXPECT_GT(total, 250u);
}

TEST(HmacDiceVectors, CommittedFilesEqualAFreshGeneration) {
  for (const auto& k : kinds()) {
    const std::string fresh = json::to_pretty(k.generate_in(FAIRVEC_SOURCE_VECTORS));
    EXPECT_TRUE(fresh == read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file)) << k.file << ": run fairvec generate";
  }
}

TEST(HmacDiceVectors, SchemasRejectOutOfRangeValues) {
  // The schemas check values, not only shapes: a die of 7 in a valid roll test is a violation.
  rapidjson::Document doc, schema;
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "hmac_dice_roll_test.json"), doc, "roll");
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "schema/hmac_dice_roll_schema.json"), schema, "schema");
  std::vector<vectors::Failure> failures;
  vectors::validate_file("roll", doc, schema, failures);
  ASSERT_TRUE(failures.empty());
  doc["testGroups"][0]["tests"][0]["dice"][0].SetInt(7);
  vectors::validate_file("roll", doc, schema, failures);
  EXPECT_EQ(failures.size(), 1u);
  doc["testGroups"][0]["tests"][0]["dice"][0].SetInt(1);
  doc["testGroups"][0]["tests"][0]["serverSeed"].SetString("zz");
  vectors::validate_file("roll", doc, schema, failures);
  EXPECT_EQ(failures.size(), 2u);
}

TEST(HmacDiceSpec, WorkedExampleIsRollVectorOneAndEveryFlagIsListed) {
  const std::string spec = read_file(fs::path(FAIRVEC_SOURCE_DIR) / "specs" / "hmac-dice-v1.md");
  rapidjson::Document doc;
  json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "hmac_dice_roll_test.json"), doc, "roll");
  const auto& t = doc["testGroups"][0]["tests"][0];
  ASSERT_EQ(t["tcId"].GetInt(), 1);
  for (const char* key : {"serverSeed"}) EXPECT_NE(spec.find(t[key].GetString()), std::string::npos) << key;
  EXPECT_NE(spec.find(t["messages"][0].GetString()), std::string::npos);
  EXPECT_NE(spec.find(t["macs"][0].GetString()), std::string::npos);
  EXPECT_NE(
      spec.find("= (" + std::to_string(t["dice"][0].GetInt()) + ", " + std::to_string(t["dice"][1].GetInt()) + ")"),
      std::string::npos);
  for (const auto& k : kinds()) {
    rapidjson::Document v;
    json::parse(read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / k.file), v, k.file);
    for (const auto& m : std::as_const(v)["notes"].GetObject()) {  // const: clang 14, C++20 !=
      EXPECT_NE(spec.find("`" + std::string(m.name.GetString()) + "`"), std::string::npos) << m.name.GetString();
    }
  }
}

// --- fairvec verify-dice ------------------------------------------------------------------------

struct CliRun {
  int code = -1;
  std::string out;
};

CliRun cli(const std::string& args) {
  CliRun r;
  // exec: the status pclose returns is the CLI's own, so a signal reads as code -1, never 128 + n.
  const std::string cmd = std::string("exec '") + FAIRVEC_CLI + "' verify-dice " + args + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string shq(const std::string& s) { return "'" + s + "'"; }

TEST(HmacDiceCli, ExitCodes) {
  Link l = sample_link(1, "de", true, 2, 8, true, {5, 3});
  MatchReport truth = verify_match(openssl_backend(), l.match);
  l.match.recorded = truth.dice;
  const std::string link = build_link(l);
  CliRun ok = cli("--link " + shq(link));
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("Verdict: VERIFIED"), std::string::npos) << ok.out;

  Link tampered = l;
  (*tampered.match.recorded)[6].d1 = (*tampered.match.recorded)[6].d1 % 6 + 1;
  CliRun bad = cli("--link " + shq(build_link(tampered)));
  EXPECT_EQ(bad.code, 1) << bad.out;
  EXPECT_NE(bad.out.find("roll 7 (game 2, roll 2"), std::string::npos) << bad.out;

  CliRun json_bad = cli("--json --link " + shq(build_link(tampered)));
  EXPECT_EQ(json_bad.code, 1);
  rapidjson::Document d;
  json::parse(json_bad.out, d, "verify-dice --json");
  EXPECT_STREQ(d["verdict"].GetString(), "mismatch");
  EXPECT_STREQ(d["result"]["verdict"].GetString(), "roll_mismatch");
  EXPECT_EQ(d["result"]["mismatches"][0]["game"].GetInt(), 2);
  EXPECT_EQ(d["firstMismatch"]["location"]["game"].GetInt(), 2);

  Link sealed = l;
  (*sealed.match.seal)[0] ^= 0x10;
  EXPECT_EQ(cli("--link " + shq(build_link(sealed))).code, 1);

  const std::string seed = to_hex(l.match.server_seed);
  CliRun fields = cli("--seed " + seed + " --client seat0 --client seat1 --games 5,3 --recorded " +
                      shq("1: " + truth.dice[0].text() + "\n2: " + truth.dice[1].text()) + " --rolls 2");
  EXPECT_EQ(fields.code, 2);  // games add up to 8, the match has 2 rolls
  std::string listing;
  for (std::size_t i = 0; i < truth.dice.size(); ++i)
    listing += "#" + std::to_string(i + 1) + " " + truth.dice[i].text() + "\n";
  EXPECT_EQ(cli("--seed " + seed + " --client seat0 --client seat1 --games 5,3 --recorded " + shq(listing)).code, 0);
  EXPECT_EQ(cli("--seed " + seed + " --client seat0 --rolls 3").code, 0);  // nothing to compare

  CliRun bad_input = cli("--json --link " + shq(link.substr(0, link.size() - 1) + "0"));
  EXPECT_EQ(bad_input.code, 2);
  rapidjson::Document e;
  json::parse(bad_input.out, e, "verify-dice --json");
  EXPECT_STREQ(e["error"]["field"].GetString(), "link.g");
  EXPECT_EQ(cli("--seed 0 --client a --rolls 1").code, 2);
  EXPECT_EQ(cli("--seed " + seed + " --client a --rolls 012").code, 2);
  EXPECT_EQ(cli("--seed " + seed + " --client a --client b --client c --rolls 1").code, 2);
  EXPECT_EQ(cli("--seed " + seed + " --client a").code, 2);
  EXPECT_EQ(cli("--link " + shq(link) + " --seed " + seed).code, 2);
  EXPECT_EQ(cli("--link " + shq("#v=2")).code, 2);
  EXPECT_EQ(cli("--seed " + seed + " --client a --recorded-file /nonexistent/rolls.txt").code, 3);
}

}  // namespace
}  // namespace fairvec::hmac_dice
