// hmac_dice_roll_test.json (specs/hmac-dice-v1.md, "Vector files"): rolls with their messages and
// MACs, the skip depths found by search (shallow ones at generation, deep ones stored).
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/search_results.h"
#include "vectors/hmac_dice_common.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

// Skipped-byte depths 4 and deeper are too rare to search at generation time. They are stored
// results of the same deterministic search (server seed SHA-256("fairvec/hmac-dice-v1/skip-search"),
// client seeds skip-search-1 and skip-search-2, rolls 1, 2, 3, … in order), each with the `fairvec
// search` command that found it (gen/vectors/search_results/), re-verified at every generation.
// Depths 4 and 5 must be stored; depth 6 is added once its search has finished.
constexpr unsigned kDeepestSkip = 6;

std::optional<std::uint64_t> stored_skip_roll(const Bytes& key, const std::vector<std::string>& seeds, unsigned depth) {
  search::SearchSpec s;
  s.cls = "hmac-dice-skip";
  s.seed = to_hex(key);
  s.clients = seeds;
  s.depth = depth;
  s.from = 1;
  s.to = hd::kMaxRoll;
  return stored_hit(s);
}

constexpr std::uint64_t kSearchLimit = 4000000;  // depths 1..3 are found well within this at generation

Bytes skip_search_seed() {
  Digest d = gen().sha256(std::string_view("fairvec/hmac-dice-v1/skip-search"));
  return Bytes(d.begin(), d.end());
}

void add_roll(VectorFileBuilder& b, std::string comment, std::vector<std::string> flags, const std::string& seed_hex,
              const std::vector<std::string>& seeds, std::uint64_t roll) {
  hd::RollTrace tr = hd::derive_roll(gen(), hd::parse_server_seed(seed_hex), seeds, roll);
  json::Array macs;
  for (const auto& m : tr.macs) macs.emplace_back(to_hex(m));
  b.add(std::move(comment), std::move(flags), Result::kValid,
        {{"serverSeed", seed_hex},
         {"clientSeeds", jstrs(seeds)},
         {"roll", jint(roll)},
         {"messages", jstrs(tr.messages)},
         {"macs", json::Value(std::move(macs))},
         {"retry", jint(tr.pick.retry)},
         {"index", jint(tr.pick.index)},
         {"byte", jint(tr.pick.byte)},
         {"dice", jdice(tr.pick.dice)}});
}

json::Value generate_roll() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_roll_schema.json",
                      {"hmac-dice-v1 rolls: mac = HMAC-SHA256(server seed bytes, \"c1:c2:n\" or \"c1:n\"),",
                       "the first byte < 252 gives v = byte % 36, dice = (v / 6 + 1, v % 6 + 1).",
                       "Valid tests carry the message and MAC of each retry computed, the byte index and value used.",
                       "Invalid tests are inputs a port must reject (bad_input); error names the field."});
  b.note("TwoClientSeeds", "BASIC", "An ordinary roll of a two-player match (message c1:c2:n).");
  b.note("OneClientSeed", "BASIC", "An ordinary roll offline against the computer (message c1:n, one seed).");
  b.note("SeatOrder", "ORDER", "The client seeds swapped: another message, so other dice; catches a port that sorts "
                               "the seeds or ignores their order.");
  b.note("AllOutcomes", "ARITHMETIC", "One roll for each of the 36 ordered outcomes; catches a wrong mapping from "
                                      "v = byte % 36 to (v / 6 + 1, v % 6 + 1), e.g. swapped dice or % 6 twice.");
  b.note("SkippedByte1", "EDGE_CASE", "The MAC's first byte is >= 252 and skipped; catches a port that uses byte 0 "
                                      "always, or reduces it mod 36 without the skip.");
  b.note("SkippedByte2", "EDGE_CASE", "The first two MAC bytes are skipped; catches a port that skips at most once.");
  b.note("SkippedByte3", "EDGE_CASE", "The first three MAC bytes are skipped (found by search).");
  const Bytes skip_key = skip_search_seed();
  const std::vector<std::string> skip_seeds = {"skip-search-1", "skip-search-2"};
  std::vector<std::pair<unsigned, std::uint64_t>> deep;  // depth 4.. -> roll, from stored search results
  for (unsigned depth = 4; depth <= kDeepestSkip; ++depth) {
    auto r = stored_skip_roll(skip_key, skip_seeds, depth);
    if (!r && depth <= 5) throw std::logic_error("hmac_dice vectors: no stored search result for skip depth " + std::to_string(depth));
    if (!r) continue;
    deep.emplace_back(depth, *r);
    b.note("SkippedByte" + std::to_string(depth), "EDGE_CASE",
           "The first " + std::to_string(depth) + " MAC bytes are skipped (the first such roll; a stored result of "
           "`fairvec search`, about 64^" + std::to_string(depth) + " MACs, re-verified at generation).");
  }
  b.note("EqualOpeningRoll", "EDGE_CASE", "Roll 1 is a double, an opening tie; the re-roll is roll 2 (and 3 after a "
                                          "second tie): catches a port that re-derives the re-roll under the tie's "
                                          "number or does not count ties.");
  b.note("MinSeedLength", "BOUNDARY", "A 16-byte server seed, the shortest; the HMAC key is the 16 decoded bytes.");
  b.note("MaxSeedLength", "BOUNDARY", "A 64-byte server seed, the longest, exactly one SHA-256 block of HMAC key.");
  b.note("UppercaseSeedHex", "ENCODING", "Uppercase seed hex gives the same key; catches keying HMAC with the text.");
  b.note("ClientSeedLength1", "BOUNDARY", "One-character client seeds, the shortest.");
  b.note("ClientSeedLength128", "BOUNDARY", "128-character client seeds, the longest; the message exceeds one "
                                            "SHA-256 block.");
  b.note("ClientSeedCharset", "ENCODING", "Client seeds using every allowed class: letters of both cases, digits, "
                                          "'_' and '-'; catches a port that lowercases or strips them.");
  b.note("MultiDigitRoll", "ENCODING", "Roll numbers of several decimal digits (10, 100, 2^31, 2^32); catches "
                                       "padding, another base, or 32-bit truncation of the roll number.");
  b.note("MaxRoll", "BOUNDARY", "Roll 9007199254740991 = 2^53 - 1, the largest allowed; catches a port that "
                                "rounds it through a double or caps it lower.");
  b.note("OddLengthHex", "MISSING_CHECK", "Server seed of odd hex length.");
  b.note("SeedTooShort", "MISSING_CHECK", "A 15-byte server seed.");
  b.note("SeedTooLong", "MISSING_CHECK", "A 65-byte server seed.");
  b.note("NonHexCharacter", "MISSING_CHECK", "A server seed with a non-hex character, a 0x prefix, or empty.");
  b.note("ClientSeedCount", "MISSING_CHECK", "0 or 3 client seeds; a match has 1 or 2.");
  b.note("ClientSeedLength", "MISSING_CHECK", "An empty or 129-character client seed.");
  b.note("ClientSeedCharacter", "MISSING_CHECK", "A client seed with a character outside [A-Za-z0-9_-]: ':' would "
                                                 "forge the message layout, '+' a retry, others are not in the "
                                                 "app's alphabet.");
  b.note("RollOutOfRange", "MISSING_CHECK", "Roll 0, a negative roll, or 2^53 (one above the largest).");

  const std::string s0 = server_seed("roll/0");
  const std::vector<std::string> two = {client_seed("roll/a"), client_seed("roll/b")};
  b.group({{"type", "HmacDiceRoll"}});
  add_roll(b, "the first roll of a two-player match (the spec's worked example)", {"TwoClientSeeds"}, s0, two, 1);
  add_roll(b, "roll 2 of the same match", {"TwoClientSeeds"}, s0, two, 2);
  add_roll(b, "roll 3 of the same match", {"TwoClientSeeds"}, s0, two, 3);
  const std::string s1 = server_seed("roll/1");
  const std::vector<std::string> one = {client_seed("roll/offline")};
  for (std::uint64_t r = 1; r <= 3; ++r) add_roll(b, "offline, one client seed, roll " + std::to_string(r), {"OneClientSeed"}, s1, one, r);
  add_roll(b, "the seeds of tcId 1 in the other seat order", {"SeatOrder"}, s0, {two[1], two[0]}, 1);

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
      add_roll(b, "outcome " + std::to_string(v / 6 + 1) + "-" + std::to_string(v % 6 + 1) + " (v = " +
                      std::to_string(v) + "): the first roll giving it",
               {"AllOutcomes"}, s, seeds, r);
    }
  }
  {  // Skipped bytes: a deterministic search from roll 1 for each depth.
    const Bytes& key = skip_key;
    const std::vector<std::string>& seeds = skip_seeds;
    for (std::size_t depth = 1; depth <= 3; ++depth) {
      auto r = hd::find_skipped_roll(gen(), key, seeds, depth, 1, kSearchLimit);
      if (!r) throw std::logic_error("hmac_dice vectors: skipped-byte depth " + std::to_string(depth) + " not found");
      add_roll(b, "the first " + std::to_string(depth) + " MAC byte(s) are >= 252 and skipped: the first such roll",
               {"SkippedByte" + std::to_string(depth)}, to_hex(key), seeds, *r);
    }
    for (const auto& [depth, roll] : deep) {
      add_roll(b, "the first " + std::to_string(depth) + " MAC bytes are skipped (stored search result, re-verified)",
               {"SkippedByte" + std::to_string(depth)}, to_hex(key), seeds, roll);
    }
    {  // Depth 1 with one client seed too.
      const std::vector<std::string> solo = {"skip-search-1"};
      auto r = hd::find_skipped_roll(gen(), key, solo, 1, 1, kSearchLimit);
      if (!r) throw std::logic_error("hmac_dice vectors: one-seed skip not found");
      add_roll(b, "one client seed; the MAC's first byte is skipped", {"SkippedByte1", "OneClientSeed"}, to_hex(key),
               solo, *r);
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
          add_roll(b, "opening roll " + std::to_string(k) + " is a double: a tie, re-rolled as roll " +
                          std::to_string(k + 1),
                   {"EqualOpeningRoll"}, s, seeds, k);
        }
        add_roll(b, "the deciding opening roll is roll " + std::to_string(ties + 1) + ": each tie consumed a number",
                 {"EqualOpeningRoll"}, s, seeds, ties + 1);
        break;
      }
    }
  }
  add_roll(b, "a 16-byte server seed", {"MinSeedLength"}, server_seed("roll/min", 16), two, 1);
  add_roll(b, "a 64-byte server seed", {"MaxSeedLength"}, server_seed("roll/max", 64), two, 1);
  add_roll(b, "tcId 1 with the seed in uppercase hex", {"UppercaseSeedHex", "TwoClientSeeds"}, upper(s0), two, 1);
  add_roll(b, "one-character client seeds", {"ClientSeedLength1"}, s0, {"_", "Z"}, 1);
  add_roll(b, "one one-character client seed", {"ClientSeedLength1", "OneClientSeed"}, s0, {"7"}, 1);
  {
    std::string long_a, long_b;
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    for (int i = 0; i < 128; ++i) {
      long_a.push_back(alphabet[static_cast<std::size_t>(i) % alphabet.size()]);
      long_b.push_back(alphabet[static_cast<std::size_t>(127 - i) % alphabet.size()]);
    }
    add_roll(b, "two 128-character client seeds", {"ClientSeedLength128", "ClientSeedCharset"}, s0, {long_a, long_b}, 1);
    add_roll(b, "one 128-character client seed", {"ClientSeedLength128", "OneClientSeed"}, s0, {long_b}, 7);
  }
  add_roll(b, "client seeds with both cases, digits, '_' and '-'", {"ClientSeedCharset"}, s0, {"Ab_9-z", "-_-x0Y"}, 1);
  for (std::uint64_t r : {10ULL, 100ULL, 2147483648ULL, 4294967296ULL}) {
    add_roll(b, "roll " + std::to_string(r), {"MultiDigitRoll"}, s0, two, r);
  }
  add_roll(b, "roll 9007199254740991 = 2^53 - 1, the largest", {"MaxRoll"}, s0, two, hd::kMaxRoll);
  add_roll(b, "roll 9007199254740990", {"MaxRoll"}, s0, two, hd::kMaxRoll - 1);
  add_roll(b, "roll 2^53 - 1 with one client seed", {"MaxRoll", "OneClientSeed"}, s1, one, hd::kMaxRoll);

  b.group({{"type", "HmacDiceRollInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string seed,
                     std::vector<std::string> seeds, std::int64_t roll, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"serverSeed", std::move(seed)}, {"clientSeeds", jstrs(seeds)}, {"roll", json::Value(roll)}, {"error", std::move(error)}});
  };
  invalid("server seed of 63 hex digits", {"OddLengthHex"}, s0.substr(0, 63), two, 1, "serverSeed");
  invalid("server seed of 15 bytes", {"SeedTooShort"}, server_seed("roll/short", 15), two, 1, "serverSeed");
  invalid("server seed of 65 bytes", {"SeedTooLong"}, server_seed("roll/long", 65), two, 1, "serverSeed");
  invalid("server seed with 'z'", {"NonHexCharacter"}, "z" + s0.substr(1), two, 1, "serverSeed");
  invalid("server seed with a 0x prefix", {"NonHexCharacter"}, "0x" + s0, two, 1, "serverSeed");
  invalid("empty server seed", {"NonHexCharacter"}, "", two, 1, "serverSeed");
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
  invalid("roll 9007199254740992 = 2^53", {"RollOutOfRange"}, s0, two, 9007199254740992LL, "roll");
  invalid("roll 2^63 - 1", {"RollOutOfRange"}, s0, two, 9223372036854775807LL, "roll");
  return b.build();
}

// RollArgs are the inputs of a roll test, read and checked as the library reads them.
struct RollArgs {
  Bytes seed;
  std::vector<std::string> seeds;
  std::uint64_t roll;
};

RollArgs roll_args(const TestRef& t) {
  RollArgs a;
  a.seed = hd::parse_server_seed(test_string(t, "serverSeed"));
  a.seeds = json::get_string_array(t.test, "clientSeeds", t.path);
  hd::validate_client_seeds(a.seeds);
  a.roll = hd::roll_from_json(json::member(t.test, "roll", t.path));
  return a;
}

std::string check_roll(const TestRef& t, const Backend& backend) {
  const RollArgs a = roll_args(t);
  hd::RollTrace tr = hd::derive_roll(backend, a.seed, a.seeds, a.roll);
  json::Array macs;
  for (const auto& m : tr.macs) macs.emplace_back(to_hex(m));
  return first_failure({expect_member(t, "messages", jstrs(tr.messages)), expect_member(t, "macs", json::Value(macs)),
                        expect_member(t, "retry", jint(tr.pick.retry)), expect_member(t, "index", jint(tr.pick.index)),
                        expect_member(t, "byte", jint(tr.pick.byte)), expect_member(t, "dice", jdice(tr.pick.dice))});
}

json::Value message_params(const TestRef& t) {
  json::Value p = params_of(t, {"clientSeeds", "roll"});
  p.set("retry", 0);
  return p;
}

// roll_calls: hmac_dice.roll, the retry-0 message, and the pick over the test's MACs.
std::vector<PortCall> roll_calls(const TestRef& t) {
  const auto& messages = json::member(t.test, "messages", t.path);
  const std::size_t retry = static_cast<std::size_t>(json::get_int(t.test, "retry", t.path));
  return {ok_call("hmac_dice.roll", params_of(t, {"serverSeed", "clientSeeds", "roll"}), json::Value::object({{"dice", test_value(t, "dice")}})),
          ok_call("hmac_dice.message", message_params(t),
                  json::Value::object({{"message", json::Value::from_rapidjson(messages[0])}})),
          ok_call("hmac_dice.pick", params_of(t, {"macs"}),
                  json::Value::object({{"dice", test_value(t, "dice")}, {"retry", jint(retry)}, {"index", test_value(t, "index")}}))};
}

// invalid_roll_calls: hmac_dice.roll answers bad_input, and so does hmac_dice.message unless only
// the server seed (which the message does not read) is bad.
std::vector<PortCall> invalid_roll_calls(const TestRef& t) {
  std::vector<PortCall> calls = {bad_call("hmac_dice.roll", params_of(t, {"serverSeed", "clientSeeds", "roll"}))};
  if (test_string(t, "error") != "serverSeed") calls.push_back(bad_call("hmac_dice.message", message_params(t)));
  return calls;
}

}  // namespace

VectorKind roll_vector_kind() {
  return group_kind(
      "hmac_dice_roll_test.json", "hmac_dice_roll_schema.json", generate_roll,
      {{"HmacDiceRoll", check_roll, roll_calls},
       {"HmacDiceRollInvalid",
        rejects([](const TestRef& t, const Backend& backend) {
          const RollArgs a = roll_args(t);
          (void)hd::roll(backend, a.seed, a.seeds, a.roll);
        }),
        invalid_roll_calls}});
}

}  // namespace fairvec::vectors::hmac_dice_vec
