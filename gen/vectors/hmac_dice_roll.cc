// hmac_dice_roll_test.json (specs/hmac-dice-v1.md, "Vector files"): rolls with their messages and
// MACs, the skip depths found by search (shallow ones at generation, deep ones stored).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/search_results.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

// Skipped-byte depths 4 and deeper are too rare to search at generation time. They are stored
// results of the same deterministic search (server seed SHA-256("fairvec/hmac-dice-v1/skip-search"),
// client seeds skip-search-1 and skip-search-2, rolls 1, 2, 3, … in order), each with the `fairvec
// search` command that found it (gen/vectors/search_results/), re-verified at every generation.
// Every depth from 4 to kDeepestSkip must be stored.
constexpr unsigned kDeepestSkip = 6;

search::SearchSpec skip_spec(const Bytes& key, const std::vector<std::string>& seeds, unsigned depth,
                             std::uint64_t from, std::uint64_t to) {
  search::SearchSpec s;
  s.cls = "hmac-dice-skip";
  s.seed = to_hex(key);
  s.clients = seeds;
  s.depth = depth;
  s.from = from;
  s.to = to;
  return s;
}

std::optional<std::uint64_t> stored_skip_roll(const Bytes& key, const std::vector<std::string>& seeds, unsigned depth,
                                              std::uint64_t from) {
  return stored_hit(skip_spec(key, seeds, depth, from, hd::kMaxRoll));
}

constexpr std::uint64_t kSearchLimit = 4000000;  // depths 1..3 are found well within this at generation

// searched_skip_roll: the first roll in from..kSearchLimit with exactly |depth| skipped bytes, found
// by the search engine and re-verified on the generator's backend.
std::optional<std::uint64_t> searched_skip_roll(const Bytes& key, const std::vector<std::string>& seeds, unsigned depth,
                                                std::uint64_t from) {
  return searched_hit(skip_spec(key, seeds, depth, from, kSearchLimit));
}

Bytes skip_search_seed() {
  Digest d = gen().sha256(std::string_view("fairvec/hmac-dice-v1/skip-search"));
  return Bytes(d.begin(), d.end());
}

const std::vector<std::string> kSkipSeeds = {"skip-search-1", "skip-search-2"};

// bites tells whether a port that skips at most |depth| - 1 bytes (and then uses the next byte
// whatever it is) gets other dice than roll |roll|, whose MAC starts with |depth| skipped bytes.
bool bites(const std::vector<std::string>& seeds, std::uint64_t roll, std::size_t depth) {
  const hd::RollTrace tr = hd::derive_roll(gen(), skip_search_seed(), seeds, roll);
  const int x = tr.macs[0][depth - 1] % 36;
  return hd::Dice{x / 6 + 1, x % 6 + 1} != tr.pick.dice;
}

// SkipRoll is the roll a SkippedByte<depth> case uses: the first roll from 1 whose retry-0 MAC
// starts with exactly |depth| skipped bytes and on which a port skipping one byte fewer gets other
// dice (about 1 in 36 depth-k rolls does not, and is passed over); |first| tells whether it is the
// first depth-k roll at all.
struct SkipRoll {
  unsigned depth;
  std::uint64_t roll;
  bool first;
};

// deep_skips returns the SkipRolls of depths 4 and deeper from stored search results (each search
// continued from the roll after a passed-over one), found once; every depth must be stored.
// Throws std::logic_error naming the search to run when one is missing.
const std::vector<SkipRoll>& deep_skips() {
  static const std::vector<SkipRoll> kDeep = [] {
    std::vector<SkipRoll> deep;
    for (unsigned depth = 4; depth <= kDeepestSkip; ++depth) {
      for (std::uint64_t from = 1;;) {
        auto r = stored_skip_roll(skip_search_seed(), kSkipSeeds, depth, from);
        if (!r) {
          throw std::logic_error("hmac_dice vectors: no stored search result for skip depth " + std::to_string(depth) +
                                 " from roll " + std::to_string(from) + " (specs/search.md)");
        }
        if (bites(kSkipSeeds, *r, depth)) {
          deep.push_back({depth, *r, from == 1});
          break;
        }
        from = *r + 1;
      }
    }
    return deep;
  }();
  return kDeep;
}

// skip_comment says which roll a SkippedByte case is.
std::string skip_comment(const SkipRoll& s, std::string_view how) {
  return "the first " + std::to_string(s.depth) + " MAC byte(s) are >= 252 and skipped" + std::string(how) +
         (s.first ? ": the first such roll"
                  : ": the first such roll on which a port skipping at most " + std::to_string(s.depth - 1) +
                        " bytes gets other dice");
}

void roll_cases(Cases& c) {
  auto add_roll = [&](std::string comment, std::vector<std::string> flags, const std::string& seed_hex,
                      const std::vector<std::string>& seeds, std::uint64_t roll) {
    c.valid("HmacDiceRoll", std::move(comment), std::move(flags),
            {{"serverSeed", seed_hex}, {"clientSeeds", jstrs(seeds)}, {"roll", jint(roll)}});
  };
  const Bytes skip_key = skip_search_seed();
  const std::vector<std::string>& skip_seeds = kSkipSeeds;
  const std::string s0 = server_seed("roll/0");
  const std::vector<std::string> two = {client_seed("roll/a"), client_seed("roll/b")};
  add_roll("the first roll of a two-player match (the spec's worked example)", {"TwoClientSeeds", "SeatOrder"}, s0, two,
           1);
  add_roll("roll 2 of the same match", {"TwoClientSeeds"}, s0, two, 2);
  add_roll("roll 3 of the same match", {"TwoClientSeeds"}, s0, two, 3);
  const std::string s1 = server_seed("roll/1");
  const std::vector<std::string> one = {client_seed("roll/offline")};
  for (std::uint64_t r = 1; r <= 3; ++r)
    add_roll("offline, one client seed, roll " + std::to_string(r), {"OneClientSeed"}, s1, one, r);
  add_roll("the seeds of the match's first roll in the other seat order", {"SeatOrder"}, s0, {two[1], two[0]}, 1);

  {  // Every ordered outcome: the first roll (1, 2, 3, …) that gives it.
    const std::string s = server_seed("roll/outcomes");
    const std::vector<std::string> seeds = {client_seed("roll/outcomes-a"), client_seed("roll/outcomes-b")};
    Bytes key = hd::parse_server_seed(s);
    std::map<int, std::uint64_t> first;
    for (std::uint64_t r = 1; first.size() < 36; ++r) {
      if (r > 100000) throw std::logic_error("hmac_dice vectors: 36 outcomes not reached");
      hd::Dice d = hd::roll(gen(), key, seeds, r);
      first.emplace((d.d1 - 1) * 6 + (d.d2 - 1), r);
    }
    for (const auto& [v, r] : first) {
      add_roll("outcome " + std::to_string(v / 6 + 1) + "-" + std::to_string(v % 6 + 1) + " (v = " + std::to_string(v) +
                   "): the first roll giving it",
               {"AllOutcomes"}, s, seeds, r);
    }
  }
  {  // Skipped bytes: a deterministic search from roll 1 for each depth.
    const Bytes& key = skip_key;
    const std::vector<std::string>& seeds = skip_seeds;
    for (unsigned depth = 1; depth <= 3; ++depth) {
      for (std::uint64_t from = 1;;) {
        auto r = searched_skip_roll(key, seeds, depth, from);
        if (!r) throw std::logic_error("hmac_dice vectors: skipped-byte depth " + std::to_string(depth) + " not found");
        if (bites(seeds, *r, depth)) {
          const SkipRoll found{depth, *r, from == 1};
          add_roll(found.first ? "the first " + std::to_string(depth) +
                                     " MAC byte(s) are >= 252 and skipped: the first such roll"
                               : skip_comment(found, ""),
                   {"SkippedByte" + std::to_string(depth)}, to_hex(key), seeds, *r);
          break;
        }
        from = *r + 1;
      }
    }
    for (const SkipRoll& d : deep_skips()) {
      add_roll(d.first ? "the first " + std::to_string(d.depth) +
                             " MAC bytes are skipped (stored search result, re-verified)"
                       : skip_comment(d, " (stored search results, re-verified)"),
               {"SkippedByte" + std::to_string(d.depth)}, to_hex(key), seeds, d.roll);
    }
    {  // Depth 1 with one client seed too.
      const std::vector<std::string> solo = {"skip-search-1"};
      auto r = searched_skip_roll(key, solo, 1, 1);
      if (!r) throw std::logic_error("hmac_dice vectors: one-seed skip not found");
      add_roll("one client seed; the MAC's first byte is skipped", {"SkippedByte1", "OneClientSeed"}, to_hex(key), solo,
               *r);
    }
  }
  {  // Equal opening rolls: the first seeds (by index) whose roll 1 is a double, then whose rolls 1 and 2 are.
    const std::vector<std::string> seeds = {client_seed("roll/tie-a"), client_seed("roll/tie-b")};
    for (int ties = 1; ties <= 2; ++ties) {
      for (int i = 0;; ++i) {
        if (i > 10000) throw std::logic_error("hmac_dice vectors: no opening tie found");
        std::string s = server_seed("roll/tie" + std::to_string(ties) + "/" + std::to_string(i));
        std::vector<hd::Dice> d = derive_all(s, seeds, static_cast<std::uint64_t>(ties) + 1);
        bool ok = !d.back().is_double();
        for (int k = 0; k < ties; ++k) ok = ok && d[k].is_double();
        if (!ok) continue;
        for (int k = 1; k <= ties; ++k) {
          add_roll(
              "opening roll " + std::to_string(k) + " is a double: a tie, re-rolled as roll " + std::to_string(k + 1),
              {"EqualOpeningRoll"}, s, seeds, k);
        }
        add_roll("the deciding opening roll is roll " + std::to_string(ties + 1) + ": each tie consumed a number",
                 {"EqualOpeningRoll"}, s, seeds, ties + 1);
        break;
      }
    }
  }
  add_roll("a 16-byte server seed", {"MinSeedLength"}, server_seed("roll/min", 16), two, 1);
  add_roll("a 64-byte server seed", {"MaxSeedLength"}, server_seed("roll/max", 64), two, 1);
  add_roll("the match's first roll with the seed in uppercase hex", {"UppercaseSeedHex", "TwoClientSeeds"}, upper(s0),
           two, 1);
  add_roll("one-character client seeds", {"ClientSeedLength1"}, s0, {"_", "Z"}, 1);
  add_roll("one one-character client seed", {"ClientSeedLength1", "OneClientSeed"}, s0, {"7"}, 1);
  {
    std::string long_a, long_b;
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    for (int i = 0; i < 128; ++i) {
      long_a.push_back(alphabet[static_cast<std::size_t>(i) % alphabet.size()]);
      long_b.push_back(alphabet[static_cast<std::size_t>(127 - i) % alphabet.size()]);
    }
    add_roll("two 128-character client seeds", {"ClientSeedLength128", "ClientSeedCharset"}, s0, {long_a, long_b}, 1);
    add_roll("one 128-character client seed", {"ClientSeedLength128", "OneClientSeed"}, s0, {long_b}, 7);
  }
  add_roll("client seeds with both cases, digits, '_' and '-'", {"ClientSeedCharset"}, s0, {"Ab_9-z", "-_-x0Y"}, 1);
  for (std::uint64_t r : {10ULL, 100ULL, 2147483648ULL, 4294967296ULL}) {
    add_roll("roll " + std::to_string(r), {"MultiDigitRoll"}, s0, two, r);
  }
  add_roll("roll 9007199254740991 = 2^53 - 1, the largest", {"MaxRoll"}, s0, two, hd::kMaxRoll);
  add_roll("roll 9007199254740990", {"MaxRoll"}, s0, two, hd::kMaxRoll - 1);
  add_roll("roll 2^53 - 1 with one client seed", {"MaxRoll", "OneClientSeed"}, s1, one, hd::kMaxRoll);

  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string seed,
                     std::vector<std::string> seeds, json::Value roll, std::string error) {
    c.invalid("HmacDiceRollInvalid", std::move(comment), std::move(flags),
              {{"serverSeed", std::move(seed)}, {"clientSeeds", jstrs(seeds)}, {"roll", std::move(roll)}},
              std::move(error));
  };
  invalid("roll as the JSON string \"5\"", {"IntegerAsText"}, s0, two, json::Value("5"), "roll");
  invalid("roll as the JSON number 5.0", {"IntegralFloat"}, s0, two, json::Value(5.0), "roll");
  invalid("roll as the JSON boolean true", {"BooleanAsInteger"}, s0, two, json::Value(true), "roll");
  invalid("server seed of 63 hex digits", {"OddLengthHex"}, s0.substr(0, 63), two, 1, "serverSeed");
  invalid("server seed of 15 bytes", {"SeedTooShort"}, server_seed("roll/short", 15), two, 1, "serverSeed");
  invalid("server seed of 65 bytes", {"SeedTooLong"}, server_seed("roll/long", 65), two, 1, "serverSeed");
  invalid("server seed with 'z'", {"NonHexCharacter"}, "z" + s0.substr(1), two, 1, "serverSeed");
  invalid("server seed with a 0x prefix", {"NonHexCharacter"}, "0x" + s0, two, 1, "serverSeed");
  invalid("empty server seed", {"EmptySeed"}, "", two, 1, "serverSeed");
  invalid("no client seed", {"ClientSeedCount"}, s0, {}, 1, "clientSeeds");
  invalid("three client seeds", {"ClientSeedCount"}, s0, {two[0], two[1], "c"}, 1, "clientSeeds");
  invalid("an empty client seed", {"ClientSeedLength"}, s0, {""}, 1, "clientSeeds[0]");
  invalid("the second client seed is empty", {"ClientSeedLength"}, s0, {two[0], ""}, 1, "clientSeeds[1]");
  invalid("a 129-character client seed", {"ClientSeedLength"}, s0, {std::string(129, 'a')}, 1, "clientSeeds[0]");
  invalid("a client seed with ':'", {"ClientSeedCharacter"}, s0, {"a:b"}, 1, "clientSeeds[0]");
  invalid("a client seed ending in '+' (would forge retry 1)", {"ClientSeedCharacter"}, s0, {two[0], two[1] + "+"}, 1,
          "clientSeeds[1]");
  invalid("a client seed with a space", {"ClientSeedCharacter"}, s0, {"a b"}, 1, "clientSeeds[0]");
  invalid("a client seed with '.'", {"ClientSeedCharacter"}, s0, {"a.b"}, 1, "clientSeeds[0]");
  invalid("a client seed with '/'", {"ClientSeedCharacter"}, s0, {two[0], "a/b"}, 1, "clientSeeds[1]");
  invalid("a client seed with a non-ASCII letter (UTF-8)", {"ClientSeedCharacter"}, s0, {"\xc3\xa9t\xc3\xa9"}, 1,
          "clientSeeds[0]");
  invalid("a client seed with a percent-escape", {"ClientSeedCharacter"}, s0, {"%41"}, 1, "clientSeeds[0]");
  invalid("roll 0 (rolls count from 1)", {"RollOutOfRange"}, s0, two, 0, "roll");
  invalid("roll -1", {"RollOutOfRange"}, s0, two, -1, "roll");
  invalid("roll 9007199254740992 = 2^53", {"RollOutOfRange"}, s0, two, json::Value(std::int64_t{9007199254740992}),
          "roll");
  invalid("roll 2^63 - 1", {"RollOutOfRange"}, s0, two, json::Value(std::int64_t{9223372036854775807}), "roll");
}

}  // namespace

void add_roll_flags(FlagLibrary& lib) {
  lib.flag({"TwoClientSeeds",
            BugType::kBasic,
            "An ordinary roll of a two-player match (message c1:c2:n).",
            {"zero-based-rolls", "swapped-dice"}});
  lib.flag({"OneClientSeed", BugType::kBasic, "One client seed: a match offline against the computer (message c1:n)."});
  lib.flag({"SeatOrder",
            BugType::kOrder,
            "Two orders of the same client seeds (a match's first roll and the same seeds swapped): other messages, so "
            "other dice; "
            "catches a port that sorts the seeds (either way) or ignores their order.",
            {"sorted-seeds", "sorted-seeds-descending"}});
  lib.flag({"AllOutcomes", BugType::kArithmetic,
            "One roll for each of the 36 ordered outcomes; catches a wrong mapping from v = byte % 36 to "
            "(v / 6 + 1, v % 6 + 1), e.g. swapped dice or % 6 twice."});
  lib.flag({"SkippedByte1",
            BugType::kEdgeCase,
            "The MAC's first byte is >= 252 and skipped; catches a port that uses byte 0 always, or reduces it mod 36 "
            "without the skip.",
            {"no-skip"}});
  lib.flag({"SkippedByte2",
            BugType::kEdgeCase,
            "The first two MAC bytes are skipped; catches a port that skips at most once.",
            {"skips-at-most-1"}});
  lib.flag({"SkippedByte3",
            BugType::kEdgeCase,
            "The first three MAC bytes are skipped (found by search); catches a port that skips at most twice.",
            {"skips-at-most-2"}});
  for (const SkipRoll& d : deep_skips()) {
    const std::string n = std::to_string(d.depth), fewer = std::to_string(d.depth - 1);
    lib.flag({"SkippedByte" + n,
              BugType::kEdgeCase,
              "The first " + n + " MAC bytes are skipped (" +
                  (d.first ? "the first such roll"
                           : "the first such roll a port skipping at most " + fewer + " bytes gets wrong") +
                  "; a stored result of `fairvec search`, about 64^" + n +
                  " MACs, re-verified at generation); catches a port that skips at most " + fewer + " bytes.",
              {"skips-at-most-" + fewer}});
  }
  lib.share(shared_flags(), "EqualOpeningRoll");
  lib.share(shared_flags(), "IntegerAsText", {"string-as-integer"});
  lib.share(shared_flags(), "IntegralFloat", {"hmac-dice-integral-float"});
  lib.share(shared_flags(), "BooleanAsInteger", {"hmac-dice-boolean-as-integer"});
  lib.share(shared_flags(), "NumberAsText", {"hmac-dice-number-as-text"});
  lib.flag({"ClientSeedLength1", BugType::kBoundary, "One-character client seeds, the shortest."});
  lib.flag({"ClientSeedLength128",
            BugType::kBoundary,
            "128-character client seeds, the longest; the message exceeds one SHA-256 block.",
            {},
            [](const rapidjson::Value&, const json::Value& out) {
              const auto& first = out.find("messages")->as_array().front();
              return std::get<std::string>(first.variant()).size() > 64;
            }});
  lib.flag({"ClientSeedCharset",
            BugType::kEncoding,
            "Client seeds using every allowed class: letters of both cases, digits, '_' and '-'; catches a port that "
            "lowercases or strips them.",
            {"client-seeds-lowercased", "client-seeds-stripped"}});
  lib.flag({"MultiDigitRoll",
            BugType::kEncoding,
            "Roll numbers of several decimal digits (10, 100, 2^31, 2^32); catches padding, another base, or 32-bit "
            "truncation of the roll number.",
            {"roll-zero-padded", "roll-in-hex", "roll-32-bit"}});
  lib.flag({"MaxRoll",
            BugType::kBoundary,
            "Roll 9007199254740991 = 2^53 - 1, the largest allowed; catches a port that rounds it through a double or "
            "caps it lower.",
            {"roll-capped-32-bit"}});
  lib.flag({"ClientSeedCount",
            BugType::kMissingCheck,
            "0 or 3 client seeds; a match has 1 or 2.",
            {"client-seed-count-unchecked"}});
  lib.flag({"ClientSeedLength",
            BugType::kMissingCheck,
            "An empty or 129-character client seed.",
            {"client-seed-length-unchecked"}});
  lib.flag({"ClientSeedCharacter",
            BugType::kMissingCheck,
            "A client seed with a character outside [A-Za-z0-9_-]: ':' would forge the message layout, '+' a retry, "
            "others are not in the app's alphabet.",
            {"client-seed-charset-unchecked"}});
  lib.flag({"RollOutOfRange",
            BugType::kMissingCheck,
            "Roll 0, a negative roll, or 2^53 (one above the largest).",
            {"roll-range-unchecked"}});
}

VectorKind roll_vector_kind() {
  std::vector<std::string> flags = {"TwoClientSeeds", "OneClientSeed", "SeatOrder", "AllOutcomes"};
  for (unsigned depth = 1; depth <= kDeepestSkip; ++depth) flags.push_back("SkippedByte" + std::to_string(depth));
  for (const char* f :
       {"EqualOpeningRoll",    "MinSeedLength",       "MaxSeedLength",   "UppercaseSeedHex", "ClientSeedLength1",
        "ClientSeedLength128", "ClientSeedCharset",   "MultiDigitRoll",  "MaxRoll",          "OddLengthHex",
        "SeedTooShort",        "SeedTooLong",         "NonHexCharacter", "EmptySeed",        "ClientSeedCount",
        "ClientSeedLength",    "ClientSeedCharacter", "RollOutOfRange",  "IntegerAsText",    "IntegralFloat",
        "BooleanAsInteger"}) {
    flags.push_back(f);
  }
  return catalog_kind({
      "hmac_dice_roll_test.json",
      {"hmac-dice-v1 rolls: mac = HMAC-SHA256(server seed bytes, \"c1:c2:n\" or \"c1:n\"),",
       "the first byte < 252 gives v = byte % 36, dice = (v / 6 + 1, v % 6 + 1).",
       "Valid tests carry the message and MAC of each retry computed, the byte index and value used.",
       "Invalid tests are inputs a port must reject (bad_input); error names the field."},
      library().pick(flags),
      {{.type = "HmacDiceRoll",
        .call = {"hmac_dice.roll"},
        .fields = outputs({"messages", "macs", "retry", "index", "byte", "dice"}),
        .calls = {{.op = "hmac_dice.message", .fixed = {{"retry", 0}}, .expect = {{"message", "messages[0]"}}},
                  {.op = "hmac_dice.pick"}}},
       {.type = "HmacDiceRollInvalid",
        .call = {"hmac_dice.roll"},
        .calls = {{.op = "hmac_dice.message", .fixed = {{"retry", 0}}}}}},
      roll_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
