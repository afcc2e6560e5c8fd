// Vector files of the hmac-dice-v1 family (specs/hmac-dice-v1.md, "Vector files"): seals, rolls,
// picks over given MACs with `+` retry messages, links, recorded listings and whole matches.
// Every value is derived from fixed labels through SHA-256 or found by a deterministic search from
// a fixed start, so a regeneration is byte-identical.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>

#include "core/errors.h"
#include "schemes/hmac_dice.h"
#include "vectors/search_results.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace hd = fairvec::hmac_dice;

namespace {

constexpr const char* kAlgorithm = "hmac-dice-v1";

// The backend that computes generated values (both backends agree on every vector; check runs both).
const Backend& gen() { return cryptopp_backend(); }

// --- Deterministic material: SHA-256("fairvec/hmac-dice-v1/<label>/<i>").

Digest stream(std::string_view label, std::uint64_t i) {
  return gen().sha256("fairvec/hmac-dice-v1/" + std::string(label) + "/" + std::to_string(i));
}

// server_seed returns |bytes| bytes of the stream |label| as hex.
std::string server_seed(std::string_view label, std::size_t bytes = 32) {
  Bytes out;
  for (std::uint64_t k = 0; out.size() < bytes; ++k) append(out, stream(label, k));
  out.resize(bytes);
  return to_hex(out);
}

// client_seed returns 32 hex characters, as the app sends.
std::string client_seed(std::string_view label) {
  Digest d = stream(label, 0);
  return to_hex(ByteView(d.data(), 16));
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return s;
}

json::Value jint(std::uint64_t v) { return json::Value(static_cast<std::int64_t>(v)); }
json::Value jstrs(const std::vector<std::string>& v) { return json::Value::array_of(v); }
json::Value jdice(const hd::Dice& d) { return json::Value::array({d.d1, d.d2}); }
json::Value jgames(const std::vector<std::uint64_t>& g) {
  json::Array a;
  for (auto x : g) a.push_back(jint(x));
  return json::Value(std::move(a));
}

std::vector<hd::Dice> derive_all(const std::string& seed_hex, const std::vector<std::string>& seeds, std::uint64_t n) {
  Bytes seed = hd::parse_server_seed(seed_hex);
  std::vector<hd::Dice> out;
  for (std::uint64_t r = 1; r <= n; ++r) out.push_back(hd::roll(gen(), seed, seeds, r));
  return out;
}

std::string seal_of(const std::string& seed_hex) { return hd::seal(gen(), hd::parse_server_seed(seed_hex)); }

// --- Reading tests back: vectors/test_reader.h.

// =============================================================================================
// hmac_dice_seal_test.json

json::Value generate_seal() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_seal_schema.json",
                      {"hmac-dice-v1 seals: seal = hex(SHA-256(server seed bytes)), the seed given as hex.",
                       "Invalid tests are server seeds a port must reject (bad_input)."});
  b.note("Seal", "ENCODING", "The seal of a 32-byte seed as the game uses; catches hashing the hex text instead of "
                             "the decoded bytes, or printing uppercase hex.");
  b.note("MinSeedLength", "BOUNDARY", "The shortest seeds, 16 and 17 bytes; catches a lower bound set off by one.");
  b.note("MaxSeedLength", "BOUNDARY", "The longest seeds, 63 and 64 bytes; catches an upper bound set off by one.");
  b.note("UppercaseSeedHex", "ENCODING", "Seed hex in upper or mixed case is the same seed; catches a port that "
                                         "rejects it or hashes the text.");
  b.note("OddLengthHex", "MISSING_CHECK", "Odd-length hex; catches a port that drops or pads the last digit.");
  b.note("SeedTooShort", "MISSING_CHECK", "A 15-byte seed; catches a missing lower length check.");
  b.note("SeedTooLong", "MISSING_CHECK", "A 65-byte seed; catches a missing upper length check.");
  b.note("EmptySeed", "MISSING_CHECK", "An empty seed; catches a port that seals the empty string.");
  b.note("NonHexCharacter", "MISSING_CHECK", "A character outside 0-9a-fA-F (including a 0x prefix or a space); "
                                             "catches lenient hex decoders that stop or skip.");
  b.note("NonAsciiHexDigit", "ENCODING", "A fullwidth digit (U+FF10..U+FF19) in the seed; catches hex readers that "
                                         "accept any Unicode digit (Python's int(s, 16) does).");
  b.group({{"type", "HmacDiceSeal"}});
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    b.add(std::move(comment), std::move(flags), Result::kValid, {{"serverSeed", seed}, {"seal", seal_of(seed)}});
  };
  for (int i = 0; i < 3; ++i) valid("a 32-byte seed as the game uses", {"Seal"}, server_seed("seal/" + std::to_string(i)));
  valid("16 bytes, the shortest seed", {"MinSeedLength"}, server_seed("seal/min", 16));
  valid("17 bytes", {"MinSeedLength"}, server_seed("seal/min17", 17));
  valid("63 bytes", {"MaxSeedLength"}, server_seed("seal/max63", 63));
  valid("64 bytes, the longest seed", {"MaxSeedLength"}, server_seed("seal/max", 64));
  valid("uppercase hex: the same bytes as seal tcId 1", {"UppercaseSeedHex"}, upper(server_seed("seal/0")));
  {
    std::string mixed = server_seed("seal/1");
    for (std::size_t i = 0; i < mixed.size(); i += 2) mixed[i] = upper(std::string(1, mixed[i]))[0];
    valid("mixed-case hex: the same bytes as seal tcId 2", {"UppercaseSeedHex"}, mixed);
  }
  b.group({{"type", "HmacDiceSealInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string seed) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid, {{"serverSeed", seed}, {"error", "serverSeed"}});
  };
  std::string s32 = server_seed("seal/0");
  invalid("63 hex digits (odd length)", {"OddLengthHex"}, s32.substr(0, 63));
  invalid("one hex digit", {"OddLengthHex"}, "a");
  invalid("15 bytes", {"SeedTooShort"}, server_seed("seal/short", 15));
  invalid("65 bytes", {"SeedTooLong"}, server_seed("seal/long", 65));
  invalid("empty", {"EmptySeed"}, "");
  invalid("'g' is not a hex digit", {"NonHexCharacter"}, s32.substr(0, 10) + "g" + s32.substr(11));
  invalid("a 0x prefix", {"NonHexCharacter"}, "0x" + s32);
  invalid("a trailing space", {"NonHexCharacter"}, s32 + " ");
  invalid("a space between two bytes (Python's bytes.fromhex skips it)", {"NonHexCharacter"}, s32.substr(0, 2) + " " + s32.substr(2));
  invalid("a fullwidth digit U+FF10 in place of the first '0'", {"NonAsciiHexDigit"},
          s32.substr(0, s32.find('0')) + "\xEF\xBC\x90" + s32.substr(s32.find('0') + 1));
  return b.build();
}

std::string check_seal(const TestRef& t, const Backend& backend) {
  if (group_type(t) == "HmacDiceSealInvalid") {
    return expect_error(t, [&] { (void)hd::seal(backend, hd::parse_server_seed(test_string(t, "serverSeed"))); });
  }
  return expect_eq("seal", test_string(t, "seal"), hd::seal(backend, hd::parse_server_seed(test_string(t, "serverSeed"))));
}

std::vector<PortCall> seal_calls(const TestRef& t) {
  if (group_type(t) == "HmacDiceSealInvalid") return {bad_call("hmac_dice.seal", params_of(t, {"serverSeed"}))};
  return {ok_call("hmac_dice.seal", params_of(t, {"serverSeed"}), json::Value::object({{"seal", test_value(t, "seal")}}))};
}

// =============================================================================================
// hmac_dice_roll_test.json

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

std::string check_roll(const TestRef& t, const Backend& backend) {
  if (group_type(t) == "HmacDiceRollInvalid") {
    return expect_error(t, [&] {
      Bytes seed = hd::parse_server_seed(test_string(t, "serverSeed"));
      std::vector<std::string> seeds = json::get_string_array(t.test, "clientSeeds", t.path);
      hd::validate_client_seeds(seeds);
      (void)hd::roll(backend, seed, seeds, hd::roll_from_json(json::member(t.test, "roll", t.path)));
    });
  }
  Bytes seed = hd::parse_server_seed(test_string(t, "serverSeed"));
  hd::RollTrace tr = hd::derive_roll(backend, seed, json::get_string_array(t.test, "clientSeeds", t.path),
                                     hd::roll_from_json(json::member(t.test, "roll", t.path)));
  json::Array macs;
  for (const auto& m : tr.macs) macs.emplace_back(to_hex(m));
  return first_failure({expect_member(t, "messages", jstrs(tr.messages)), expect_member(t, "macs", json::Value(macs)),
                        expect_member(t, "retry", jint(tr.pick.retry)), expect_member(t, "index", jint(tr.pick.index)),
                        expect_member(t, "byte", jint(tr.pick.byte)), expect_member(t, "dice", jdice(tr.pick.dice))});
}

std::vector<PortCall> roll_calls(const TestRef& t) {
  json::Value roll_params = params_of(t, {"serverSeed", "clientSeeds", "roll"});
  json::Value message_params = params_of(t, {"clientSeeds", "roll"});
  message_params.set("retry", 0);
  if (group_type(t) == "HmacDiceRollInvalid") {
    std::vector<PortCall> calls = {bad_call("hmac_dice.roll", roll_params)};
    if (test_string(t, "error") != "serverSeed") calls.push_back(bad_call("hmac_dice.message", message_params));
    return calls;
  }
  const auto& messages = json::member(t.test, "messages", t.path);
  const std::size_t retry = static_cast<std::size_t>(json::get_int(t.test, "retry", t.path));
  return {ok_call("hmac_dice.roll", roll_params, json::Value::object({{"dice", test_value(t, "dice")}})),
          ok_call("hmac_dice.message", message_params,
                  json::Value::object({{"message", json::Value::from_rapidjson(messages[0])}})),
          ok_call("hmac_dice.pick", params_of(t, {"macs"}),
                  json::Value::object({{"dice", test_value(t, "dice")}, {"retry", jint(retry)}, {"index", test_value(t, "index")}}))};
}

// =============================================================================================
// hmac_dice_pick_test.json

// mac_bytes builds a MAC of |prefix| skipped bytes (cycling through 252..255) followed by bytes of
// the stream |label| (the first of them forced below 252 unless |all_skipped|).
Digest constructed_mac(std::string_view label, std::size_t prefix, std::optional<std::uint8_t> accepted,
                       bool all_skipped = false) {
  Digest d = stream(label, 0);
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i < prefix || all_skipped) {
      d[i] = static_cast<std::uint8_t>(252 + (d[i] % 4));
    } else if (i == prefix) {
      d[i] = accepted ? *accepted : static_cast<std::uint8_t>(d[i] % 252);
    }
  }
  return d;
}

json::Value generate_pick() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_pick_schema.json",
                      {"hmac-dice-v1 picks over given MACs: macs[k] is the MAC of retry k; the roll is the first",
                       "byte < 252 scanning macs[0] byte 0..31, then macs[1], … The MACs are constructed, since a",
                       "whole skipped MAC (about 2^-192) is never found by search. Then the exact retry messages:",
                       "retry k appends k '+' to the last client seed, with the MAC of that message."});
  b.note("OrdinaryPick", "BASIC", "The first byte of macs[0] is accepted.");
  b.note("AcceptedByteBoundary", "BOUNDARY", "Accepted bytes 0, 35, 36, 251 (251 is the largest kept); catches "
                                             "a skip rule of >= 251 or > 252, or a missing % 36.");
  b.note("SkippedByteValues", "BOUNDARY", "Each skipped value 252, 253, 254, 255 before the accepted byte; catches a "
                                          "skip rule that misses one of them.");
  b.note("SkippedBytesDeep", "EDGE_CASE", "4, 8, 16 and 31 skipped bytes in one MAC (deeper than search reaches): "
                                          "catches a port that looks at only the first few bytes.");
  b.note("LastByteOfMac", "EDGE_CASE", "Only byte 31 is accepted; catches an off-by-one at the MAC's end.");
  b.note("RetryDepth1", "EDGE_CASE", "macs[0] is all skipped; the roll comes from retry 1's MAC.");
  b.note("RetryDepth2", "EDGE_CASE", "macs[0] and macs[1] all skipped; the roll comes from retry 2.");
  b.note("RetryDepth3", "EDGE_CASE", "macs[0..2] all skipped; the roll comes from retry 3.");
  b.note("UnusedMacs", "EDGE_CASE", "More MACs than needed; the later ones must be ignored.");
  b.note("NoMac", "MISSING_CHECK", "An empty macs array.");
  b.note("AllSkipped", "MISSING_CHECK", "Every given MAC is all bytes >= 252: the next retry's MAC would be needed, "
                                        "which the op does not have; catches a port that wraps, returns a default "
                                        "or loops.");
  b.note("BadMac", "MISSING_CHECK", "A MAC that is not 32 bytes of hex (31 or 33 bytes, odd length, a non-hex "
                                    "character), even after a usable MAC: every given MAC must be well formed.");
  b.note("RetryMessage", "ENCODING", "The message of retry k: k '+' appended to the last client seed (\"c1:c2++:n\", "
                                     "\"c1+++:n\"), with its MAC; catches '+' on the wrong seed, after the roll "
                                     "number, or a count instead of repeated '+'.");
  b.note("RetryMessageLongSeed", "BOUNDARY", "Retries on a 128-character seed: the retry suffix may take the seed "
                                             "past 128 characters, which is allowed; catches re-validating it.");
  b.note("RetryOutOfRange", "MISSING_CHECK", "A negative retry count.");
  b.note("MessageBadInput", "MISSING_CHECK", "The message op with an invalid client seed or roll number.");

  b.group({{"type", "HmacDicePick"}});
  auto add = [&](std::string comment, std::vector<std::string> flags, std::vector<Digest> macs) {
    hd::Pick p = hd::pick(macs);
    json::Array hex;
    for (const auto& m : macs) hex.emplace_back(to_hex(m));
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"macs", json::Value(std::move(hex))},
           {"dice", jdice(p.dice)},
           {"retry", jint(p.retry)},
           {"index", jint(p.index)},
           {"byte", jint(p.byte)}});
  };
  add("byte 0 is accepted", {"OrdinaryPick"}, {constructed_mac("pick/0", 0, std::nullopt)});
  add("byte 0 is accepted", {"OrdinaryPick"}, {constructed_mac("pick/1", 0, std::nullopt)});
  for (std::uint8_t v : {0, 35, 36, 251}) {
    add("accepted byte " + std::to_string(v), {"AcceptedByteBoundary"},
        {constructed_mac("pick/boundary/" + std::to_string(v), 0, v)});
  }
  for (unsigned v = 252; v <= 255; ++v) {
    Digest d = constructed_mac("pick/skip/" + std::to_string(v), 1, 251);
    d[0] = static_cast<std::uint8_t>(v);
    add("byte 0 = " + std::to_string(v) + " is skipped, byte 1 = 251 is used", {"SkippedByteValues", "AcceptedByteBoundary"}, {d});
  }
  for (std::size_t depth : {4, 8, 16}) {
    add(std::to_string(depth) + " skipped bytes in retry 0", {"SkippedBytesDeep"},
        {constructed_mac("pick/deep/" + std::to_string(depth), depth, std::nullopt)});
  }
  add("31 skipped bytes: only byte 31 is accepted", {"SkippedBytesDeep", "LastByteOfMac"},
      {constructed_mac("pick/deep/31", 31, std::nullopt)});
  for (std::size_t k = 1; k <= 3; ++k) {
    std::vector<Digest> macs;
    for (std::size_t j = 0; j < k; ++j) macs.push_back(constructed_mac("pick/retry" + std::to_string(k) + "/" + std::to_string(j), 0, std::nullopt, true));
    macs.push_back(constructed_mac("pick/retry" + std::to_string(k) + "/use", 0, std::nullopt));
    add("retries 0.." + std::to_string(k - 1) + " all skipped; retry " + std::to_string(k) + " byte 0 is used",
        {"RetryDepth" + std::to_string(k)}, macs);
  }
  {
    std::vector<Digest> macs = {Digest{}, constructed_mac("pick/retry1b/use", 5, std::nullopt)};
    macs[0].fill(255);
    add("retry 0 is all 0xff; retry 1 skips 5 bytes then uses byte 5", {"RetryDepth1", "SkippedBytesDeep"}, macs);
    std::vector<Digest> last = {Digest{}, Digest{}, constructed_mac("pick/retry2b/use", 31, std::nullopt)};
    last[0].fill(252);
    last[1].fill(253);
    add("retries 0 and 1 all skipped; retry 2 uses its last byte", {"RetryDepth2", "LastByteOfMac"}, last);
  }
  add("three MACs, the first is usable: retries 1 and 2 are ignored", {"UnusedMacs", "OrdinaryPick"},
      {constructed_mac("pick/unused/0", 2, std::nullopt), constructed_mac("pick/unused/1", 0, 0),
       constructed_mac("pick/unused/2", 0, 0)});

  b.group({{"type", "HmacDicePickInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> macs, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid, {{"macs", jstrs(macs)}, {"error", std::move(error)}});
  };
  const std::string usable = to_hex(constructed_mac("pick/0", 0, std::nullopt));
  const std::string skipped = to_hex(constructed_mac("pick/skipped", 0, std::nullopt, true));
  invalid("no MAC", {"NoMac"}, {}, "macs");
  invalid("one MAC, all bytes >= 252", {"AllSkipped"}, {skipped}, "macs");
  invalid("three MACs, all bytes >= 252", {"AllSkipped"},
          {skipped, to_hex(constructed_mac("pick/skipped2", 0, std::nullopt, true)), std::string(64, 'f')}, "macs");
  invalid("a 31-byte MAC", {"BadMac"}, {usable.substr(0, 62)}, "macs[0]");
  invalid("a 33-byte MAC", {"BadMac"}, {usable + "00"}, "macs[0]");
  invalid("a MAC of 63 hex digits", {"BadMac"}, {usable.substr(0, 63)}, "macs[0]");
  invalid("a MAC with 'x'", {"BadMac"}, {"x" + usable.substr(1)}, "macs[0]");
  invalid("an empty MAC string", {"BadMac"}, {""}, "macs[0]");
  invalid("a usable MAC, then a malformed one", {"BadMac"}, {usable, usable.substr(0, 60)}, "macs[1]");

  // Retry messages with the MAC of each (under a fixed server seed).
  b.group({{"type", "HmacDiceRetryMessage"}});
  const std::string seed_hex = server_seed("pick/message");
  const Bytes key = hd::parse_server_seed(seed_hex);
  auto message = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> seeds,
                     std::uint64_t roll, std::uint64_t retry) {
    std::string m = hd::message(seeds, roll, retry);
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"serverSeed", seed_hex},
           {"clientSeeds", jstrs(seeds)},
           {"roll", jint(roll)},
           {"retry", jint(retry)},
           {"message", m},
           {"mac", to_hex(gen().hmac_sha256(key, as_bytes(m)))}});
  };
  const std::vector<std::string> two = {client_seed("pick/a"), client_seed("pick/b")};
  for (std::uint64_t k = 0; k <= 3; ++k) message("two seeds, retry " + std::to_string(k), {"RetryMessage"}, two, 17, k);
  for (std::uint64_t k = 0; k <= 3; ++k) message("one seed, retry " + std::to_string(k), {"RetryMessage"}, {two[0]}, 5, k);
  message("retry 2 of roll 2^53 - 1", {"RetryMessage"}, two, hd::kMaxRoll, 2);
  message("retry 10", {"RetryMessage"}, two, 1, 10);
  message("retry 3 on a 128-character seed (the message's seed part is 131 characters)",
          {"RetryMessage", "RetryMessageLongSeed"}, {std::string(128, 'q')}, 1, 3);

  b.group({{"type", "HmacDiceRetryMessageInvalid"}});
  auto message_invalid = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> seeds,
                             std::int64_t roll, std::int64_t retry, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"clientSeeds", jstrs(seeds)}, {"roll", json::Value(roll)}, {"retry", json::Value(retry)}, {"error", std::move(error)}});
  };
  message_invalid("retry -1", {"RetryOutOfRange"}, two, 1, -1, "retry");
  message_invalid("roll 0", {"MessageBadInput"}, two, 0, 1, "roll");
  message_invalid("no client seed", {"MessageBadInput"}, {}, 1, 1, "clientSeeds");
  message_invalid("a client seed already ending in '+'", {"MessageBadInput"}, {two[0] + "+"}, 1, 0, "clientSeeds[0]");
  return b.build();
}

std::vector<Digest> macs_of(const TestRef& t) {
  std::vector<std::string> hex = json::get_string_array(t.test, "macs", t.path);
  std::vector<Digest> macs;
  for (std::size_t i = 0; i < hex.size(); ++i) macs.push_back(digest_from_hex(hex[i], "macs[" + std::to_string(i) + "]"));
  return macs;
}

std::string check_pick(const TestRef& t, const Backend& backend) {
  const std::string type = group_type(t);
  if (type == "HmacDicePickInvalid") return expect_error(t, [&] { (void)hd::pick(macs_of(t)); });
  if (type == "HmacDicePick") {
    hd::Pick p = hd::pick(macs_of(t));
    return first_failure({expect_member(t, "dice", jdice(p.dice)), expect_member(t, "retry", jint(p.retry)),
                          expect_member(t, "index", jint(p.index)), expect_member(t, "byte", jint(p.byte))});
  }
  if (type == "HmacDiceRetryMessageInvalid") {
    return expect_error(t, [&] {
      auto seeds = json::get_string_array(t.test, "clientSeeds", t.path);
      hd::validate_client_seeds(seeds);
      auto roll = hd::roll_from_json(json::member(t.test, "roll", t.path));
      const auto& r = json::member(t.test, "retry", t.path);
      if (!r.IsUint64()) throw InputError("retry", "must be an integer >= 0");
      (void)hd::message(seeds, roll, r.GetUint64());
    });
  }
  auto seeds = json::get_string_array(t.test, "clientSeeds", t.path);
  auto roll = hd::roll_from_json(json::member(t.test, "roll", t.path));
  std::string m = hd::message(seeds, roll, static_cast<std::uint64_t>(json::get_int(t.test, "retry", t.path)));
  return first_failure({expect_eq("message", test_string(t, "message"), m),
                        expect_eq("mac", test_string(t, "mac"),
                                  to_hex(backend.hmac_sha256(hd::parse_server_seed(test_string(t, "serverSeed")), as_bytes(m))))});
}

std::vector<PortCall> pick_calls(const TestRef& t) {
  const std::string type = group_type(t);
  if (type == "HmacDicePickInvalid") return {bad_call("hmac_dice.pick", params_of(t, {"macs"}))};
  if (type == "HmacDicePick") {
    return {ok_call("hmac_dice.pick", params_of(t, {"macs"}),
                    json::Value::object({{"dice", test_value(t, "dice")}, {"retry", test_value(t, "retry")}, {"index", test_value(t, "index")}}))};
  }
  json::Value p = params_of(t, {"clientSeeds", "roll", "retry"});
  if (type == "HmacDiceRetryMessageInvalid") return {bad_call("hmac_dice.message", p)};
  return {ok_call("hmac_dice.message", p, json::Value::object({{"message", test_value(t, "message")}}))};
}

// =============================================================================================
// hmac_dice_link_test.json

struct Fixture {
  std::string seed;
  std::string seal;
  std::vector<std::string> seeds;
  std::string rolls;  // bare digits
};

Fixture fixture(std::string_view label, std::size_t n_seeds, std::uint64_t n_rolls, std::size_t seed_bytes = 32) {
  Fixture f;
  f.seed = server_seed(std::string(label), seed_bytes);
  f.seal = seal_of(f.seed);
  for (std::size_t i = 0; i < n_seeds; ++i) f.seeds.push_back(client_seed(std::string(label) + "/" + std::to_string(i)));
  f.rolls = hd::rolls_text(derive_all(f.seed, f.seeds, n_rolls));
  return f;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
  return s;
}

json::Object link_fields(const hd::Link& l) {
  return {{"version", l.version},
          {"lang", l.lang},
          {"serverSeed", to_hex(l.match.server_seed)},
          {"seal", l.match.seal ? to_hex(*l.match.seal) : std::string()},
          {"clientSeeds", jstrs(l.match.client_seeds)},
          {"rolls", jint(l.match.rolls)},
          {"recorded", l.match.recorded ? hd::rolls_text(*l.match.recorded) : std::string()},
          {"games", jgames(l.match.games)}};
}

const std::initializer_list<const char*> kLinkFields = {"version", "lang",     "serverSeed", "seal",
                                                        "clientSeeds", "rolls", "recorded",   "games"};

json::Value generate_link() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_link_schema.json",
                      {"hmac-dice-v1 check-page links: v0 query (/tr/check/?seed=&seal=&client=a,b&n=&rolls=)",
                       "and v1 fragment (/ru/check/#v=1&s=&c=&p=a,b&r=&g=52,48). Valid tests give the parsed",
                       "fields and the canonical link that build produces from them; invalid tests give a link or",
                       "fields that must be rejected, with the field named."});
  b.note("LinkV0", "FUNCTIONALITY", "A v0 query link (seed 000): seed, seal, client, n, rolls.");
  b.note("LinkV1", "FUNCTIONALITY", "A v1 fragment link (seeds 001, 003): v, s, c, p, r, g.");
  b.note("MultiGame", "FUNCTIONALITY", "A v1 link whose g splits the rolls into games (including a one-entry g, "
                                       "kept when building); catches a port that ignores or re-orders g.");
  b.note("OneClientSeed", "BASIC", "One client seed (offline).");
  b.note("NoSeal", "BASIC", "No seal (absent or empty): the page only shows the seed's seal.");
  b.note("NoRecordedRolls", "BASIC", "A v0 link without rolls: n alone gives the count.");
  b.note("KeyOrder", "ORDER", "Keys in another order than the seed's; parsing ignores order, building writes the "
                              "seed's order.");
  b.note("FullUrl", "FUNCTIONALITY", "A full http(s) URL with a host (and port); the host is not part of the data.");
  b.note("NoPath", "FUNCTIONALITY", "Only the query or the fragment, no path: lang is empty and build writes none.");
  b.note("PathWithoutTrailingSlash", "FUNCTIONALITY", "The path /<lang>/check without its final slash.");
  b.note("UppercaseHex", "ENCODING", "Seed and seal in uppercase hex: the same values; build writes lowercase.");
  b.note("PercentEncoded", "ENCODING", "Percent-escapes in keys and values (%2C for the comma, %61 for 'a'); "
                                       "catches a port that compares raw text.");
  b.note("SeedLengthLimits", "BOUNDARY", "16- and 64-byte seeds and a 128-character client seed in a link.");
  b.note("QueryAndFragment", "MISSING_CHECK", "A link with both ?query and #fragment: ambiguous, rejected.");
  b.note("NoData", "MISSING_CHECK", "A link with no query or fragment, or an empty one.");
  b.note("BadPath", "MISSING_CHECK",
         "A path other than /<lang>/check/ (misspelt, uppercase language, other scheme, text after /check/).");
  b.note("MalformedField", "MISSING_CHECK", "An empty field (&&, trailing &), a field without '=', or an empty key.");
  b.note("BadPercentEscape", "MISSING_CHECK", "'%' not followed by two hex digits.");
  b.note("UnknownKey", "MISSING_CHECK", "A key the link version does not have (including the other version's keys); "
                                        "catches a port that silently ignores data it does not understand.");
  b.note("KeyCase", "MISSING_CHECK", "A key in another case (SEED=, V=1): keys are case-sensitive; catches a port "
                                    "that lowercases or case-folds keys.");
  b.note("DuplicateKey", "MISSING_CHECK", "A key given twice; catches a port that takes the first or the last.");
  b.note("MissingKey", "MISSING_CHECK", "A required key absent (v0: seed, client, n; v1: v, s, p, r).");
  b.note("UnknownVersion", "MISSING_CHECK", "v other than exactly \"1\" (2, 0, 01).");
  b.note("RollCountZero", "MISSING_CHECK", "n = 0: a match has at least one roll.");
  b.note("LeadingZero", "MISSING_CHECK", "A number with a leading zero (n=012, g=07,5).");
  b.note("CountMismatch", "MISSING_CHECK", "v0's n differs from the number of rolls listed.");
  b.note("BadRecordedRolls", "MISSING_CHECK", "rolls/r of odd length or with a digit outside 1..6.");
  b.note("BadServerSeed", "MISSING_CHECK", "A server seed of odd hex length, 15 or 65 bytes, or a non-hex character.");
  b.note("BadSeal", "MISSING_CHECK", "A seal that is not 64 hex digits.");
  b.note("BadClientSeed", "MISSING_CHECK", "A client seed list with 0 or 3 seeds, an empty seed, a bad character "
                                           "(including a raw '+') or 129 characters.");
  b.note("GamesNotSumming", "MISSING_CHECK", "g whose entries do not add up to the number of rolls in r.");
  b.note("BadGames", "MISSING_CHECK", "g with an entry 0, an empty entry or a non-digit.");
  b.note("BuildV0WithGames", "MISSING_CHECK", "Building a v0 link for a multi-game match: v0 has no g.");
  b.note("BuildV1WithoutRolls", "MISSING_CHECK", "Building a v1 link without the rolls: r is required.");
  b.note("BuildBadField", "MISSING_CHECK", "Building with an unknown version, a bad language, or counts that "
                                           "do not agree.");

  const Fixture two = fixture("link/two", 2, 12);
  const Fixture one = fixture("link/one", 1, 6);
  const std::string seeds2 = join(two.seeds);
  const std::string v1 = "#v=1&s=" + two.seed + "&c=" + two.seal + "&p=" + seeds2 + "&r=" + two.rolls;
  const std::string v0 = "?seed=" + two.seed + "&seal=" + two.seal + "&client=" + seeds2 + "&n=12&rolls=" + two.rolls;

  b.group({{"type", "HmacDiceLink"}});
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string link) {
    hd::Link l = hd::parse_link(link);
    json::Object f = {{"link", link}};
    for (auto& kv : link_fields(l)) f.push_back(kv);
    f.emplace_back("canonicalLink", hd::build_link(l));
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(f));
  };
  valid("v1, one game, seal given", {"LinkV1"}, "/ru/check/" + v1);
  valid("v1, two games (g=7,5)", {"LinkV1", "MultiGame"}, "/de/check/" + v1 + "&g=7,5");
  valid("v1, three games (g=4,4,4)", {"LinkV1", "MultiGame"}, "/ru/check/" + v1 + "&g=4,4,4");
  valid("v1, g with one entry is kept", {"LinkV1", "MultiGame"}, "/ru/check/" + v1 + "&g=12");
  valid("v1, one client seed", {"LinkV1", "OneClientSeed"},
        "/ru/check/#v=1&s=" + one.seed + "&c=" + one.seal + "&p=" + one.seeds[0] + "&r=" + one.rolls);
  valid("v1 without c", {"LinkV1", "NoSeal"}, "/ru/check/#v=1&s=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls);
  valid("v1 with an empty c", {"LinkV1", "NoSeal"}, "/ru/check/#v=1&s=" + two.seed + "&c=&p=" + seeds2 + "&r=" + two.rolls);
  valid("v1 keys in reverse order", {"LinkV1", "KeyOrder", "MultiGame"},
        "/de/check/#g=5,7&r=" + two.rolls + "&p=" + seeds2 + "&c=" + two.seal + "&s=" + two.seed + "&v=1");
  valid("v1 as a full https URL", {"LinkV1", "FullUrl"}, "https://example.org/ru/check/" + v1);
  valid("v1 with uppercase seed and seal", {"LinkV1", "UppercaseHex"},
        "/ru/check/#v=1&s=" + upper(two.seed) + "&c=" + upper(two.seal) + "&p=" + seeds2 + "&r=" + two.rolls);
  valid("v1 with percent-escapes: %76 for the key v, %2C for the comma", {"LinkV1", "PercentEncoded"},
        "/ru/check/#%76=1&s=" + two.seed + "&c=" + two.seal + "&p=" + two.seeds[0] + "%2C" + two.seeds[1] + "&r=" + two.rolls);
  valid("v1 fragment only", {"LinkV1", "NoPath"}, v1);
  valid("v0 with seal and rolls", {"LinkV0"}, "/tr/check/" + v0);
  valid("v0 without rolls", {"LinkV0", "NoRecordedRolls"},
        "/tr/check/?seed=" + two.seed + "&seal=" + two.seal + "&client=" + seeds2 + "&n=52");
  valid("v0 without seal", {"LinkV0", "NoSeal"}, "/tr/check/?seed=" + two.seed + "&client=" + seeds2 + "&n=12&rolls=" + two.rolls);
  valid("v0 with an empty seal", {"LinkV0", "NoSeal"},
        "/tr/check/?seed=" + two.seed + "&seal=&client=" + seeds2 + "&n=12&rolls=" + two.rolls);
  valid("v0, one client seed", {"LinkV0", "OneClientSeed"},
        "/tr/check/?seed=" + one.seed + "&seal=" + one.seal + "&client=" + one.seeds[0] + "&n=6&rolls=" + one.rolls);
  valid("v0 keys in another order", {"LinkV0", "KeyOrder"},
        "/tr/check/?rolls=" + two.rolls + "&n=12&client=" + seeds2 + "&seal=" + two.seal + "&seed=" + two.seed);
  valid("v0 as a full http URL with a port, path without trailing slash", {"LinkV0", "FullUrl", "PathWithoutTrailingSlash"},
        "http://localhost:8080/tr/check?" + v0.substr(1));
  valid("v0 with percent-escapes: %2c for the comma, %61 for a hex digit", {"LinkV0", "PercentEncoded"},
        "/tr/check/?seed=" + two.seed.substr(0, 62) + "%61" + two.seed.substr(63) + "&client=" + two.seeds[0] + "%2c" +
            two.seeds[1] + "&n=12");
  valid("v0 with uppercase seed and seal", {"LinkV0", "UppercaseHex"},
        "/tr/check/?seed=" + upper(two.seed) + "&seal=" + upper(two.seal) + "&client=" + seeds2 + "&n=12");
  valid("v0 query only", {"LinkV0", "NoPath"}, v0);
  {
    const Fixture lim = fixture("link/min", 1, 3, 16);
    const Fixture big = fixture("link/max", 1, 3, 64);
    const std::string long_seed(128, 'k');
    valid("v1, a 16-byte seed", {"LinkV1", "SeedLengthLimits"}, "/de/check/#v=1&s=" + lim.seed + "&p=" + lim.seeds[0] + "&r=" + lim.rolls);
    valid("v1, a 64-byte seed and a 128-character client seed", {"LinkV1", "SeedLengthLimits"},
          "/de/check/#v=1&s=" + big.seed + "&p=" + long_seed + "&r=" + hd::rolls_text(derive_all(big.seed, {long_seed}, 3)));
  }

  b.group({{"type", "HmacDiceLinkInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string link, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid, {{"link", std::move(link)}, {"error", std::move(error)}});
  };
  const std::string p = "/ru/check/";
  const std::string q = "/tr/check/";
  const std::string v1_tail = "&s=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls;  // after v=1
  const std::string v0_tail = "&client=" + seeds2 + "&n=12";                          // after seed=
  invalid("both a query and a fragment", {"QueryAndFragment"}, q + "?seed=" + two.seed + v0_tail + "#v=1" + v1_tail, "link");
  invalid("neither query nor fragment", {"NoData"}, q, "link");
  invalid("an empty link", {"NoData"}, "", "link");
  invalid("an empty fragment", {"NoData"}, p + "#", "link");
  invalid("path /tr/chek/", {"BadPath"}, "/tr/chek/?seed=" + two.seed + v0_tail, "link");
  invalid("language in uppercase", {"BadPath"}, "/TR/check/?seed=" + two.seed + v0_tail, "link");
  invalid("an ftp URL", {"BadPath"}, "ftp://example.org/ru/check/#v=1" + v1_tail, "link");
  invalid("a host without the check path", {"BadPath"}, "https://example.org/#v=1" + v1_tail, "link");
  invalid("two '&' in a row", {"MalformedField"}, p + "#v=1&" + v1_tail, "link");
  invalid("a trailing '&'", {"MalformedField"}, p + "#v=1" + v1_tail + "&", "link");
  invalid("a field without '='", {"MalformedField"}, p + "#v=1" + v1_tail + "&g", "link");
  invalid("an empty key", {"MalformedField"}, p + "#v=1" + v1_tail + "&=5", "link");
  invalid("'%G1' is not an escape", {"BadPercentEscape"}, p + "#v=1&s=" + two.seed + "&p=a%G1b&r=" + two.rolls, "link");
  invalid("'%2' at the end", {"BadPercentEscape"}, p + "#v=1" + v1_tail + "%2", "link");
  invalid("an unknown key in v0", {"UnknownKey"}, q + "?seed=" + two.seed + v0_tail + "&utm_source=app", "link");
  invalid("a v1 key in a v0 link", {"UnknownKey"}, q + "?seed=" + two.seed + v0_tail + "&g=12", "link");
  invalid("v=1 in a query makes an unknown v0 key", {"UnknownKey"}, q + "?v=1" + v1_tail, "link");
  invalid("a v0 key in a v1 link", {"UnknownKey"}, p + "#v=1" + v1_tail + "&seed=" + two.seed, "link");
  invalid("the key seed in uppercase (SEED=)", {"KeyCase"}, q + "?SEED=" + two.seed + v0_tail, "link");
  invalid("the key v in uppercase (V=1)", {"KeyCase"}, p + "#V=1" + v1_tail, "link");
  invalid("path text after /check/ (/tr/check/x)", {"BadPath"}, "/tr/check/x?seed=" + two.seed + v0_tail, "link");
  invalid("seed given twice", {"DuplicateKey"}, q + "?seed=" + two.seed + v0_tail + "&seed=" + two.seed, "link.seed");
  invalid("p given twice", {"DuplicateKey"}, p + "#v=1" + v1_tail + "&p=" + seeds2, "link.p");
  invalid("v missing in a fragment", {"MissingKey"}, p + "#" + v1_tail.substr(1), "link.v");
  invalid("v=2", {"UnknownVersion"}, p + "#v=2" + v1_tail, "link.v");
  invalid("v=0", {"UnknownVersion"}, p + "#v=0" + v1_tail, "link.v");
  invalid("v=01", {"UnknownVersion", "LeadingZero"}, p + "#v=01" + v1_tail, "link.v");
  invalid("v0 without seed", {"MissingKey"}, q + "?" + v0_tail.substr(1), "link.seed");
  invalid("v0 without client", {"MissingKey"}, q + "?seed=" + two.seed + "&n=12", "link.client");
  invalid("v0 without n", {"MissingKey"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&rolls=" + two.rolls, "link.n");
  invalid("v1 without s", {"MissingKey"}, p + "#v=1&p=" + seeds2 + "&r=" + two.rolls, "link.s");
  invalid("v1 without p", {"MissingKey"}, p + "#v=1&s=" + two.seed + "&r=" + two.rolls, "link.p");
  invalid("v1 without r", {"MissingKey"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&g=12", "link.r");
  invalid("v1 with an empty r", {"BadRecordedRolls"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&r=", "link.r");
  invalid("n=0", {"RollCountZero"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=0", "link.n");
  invalid("n=012", {"LeadingZero"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=012&rolls=" + two.rolls, "link.n");
  invalid("n=11 but 12 rolls", {"CountMismatch"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=11&rolls=" + two.rolls, "link.n");
  invalid("n=13 but 12 rolls", {"CountMismatch"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=13&rolls=" + two.rolls, "link.n");
  invalid("rolls of odd length", {"BadRecordedRolls"},
          q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=12&rolls=" + two.rolls + "3", "link.rolls");
  invalid("a 7 in r", {"BadRecordedRolls"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls.substr(0, 22) + "17", "link.r");
  invalid("a 0 in rolls", {"BadRecordedRolls"},
          q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=12&rolls=0" + two.rolls.substr(1), "link.rolls");
  invalid("seed of odd hex length", {"BadServerSeed"}, q + "?seed=" + two.seed.substr(1) + v0_tail, "link.seed");
  invalid("s of 15 bytes", {"BadServerSeed"}, p + "#v=1&s=" + two.seed.substr(0, 30) + "&p=" + seeds2 + "&r=" + two.rolls, "link.s");
  invalid("s of 65 bytes", {"BadServerSeed"}, p + "#v=1&s=" + server_seed("link/long", 65) + "&p=" + seeds2 + "&r=" + two.rolls, "link.s");
  invalid("seed with 'g'", {"BadServerSeed"}, q + "?seed=g" + two.seed.substr(1) + v0_tail, "link.seed");
  invalid("c of 31 bytes", {"BadSeal"}, p + "#v=1" + v1_tail + "&c=" + two.seal.substr(0, 62), "link.c");
  invalid("seal with a non-hex character", {"BadSeal"}, q + "?seed=" + two.seed + "&seal=" + two.seal.substr(0, 63) + "z" + v0_tail, "link.seal");
  invalid("three client seeds", {"BadClientSeed"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + ",c&r=" + two.rolls, "link.p");
  invalid("an empty p", {"BadClientSeed"}, p + "#v=1&s=" + two.seed + "&p=&r=" + two.rolls, "link.p");
  invalid("a trailing comma: an empty second seed", {"BadClientSeed"}, p + "#v=1&s=" + two.seed + "&p=" + two.seeds[0] + ",&r=" + two.rolls, "link.p[1]");
  invalid("a client seed with '.'", {"BadClientSeed"}, q + "?seed=" + two.seed + "&client=a.b&n=12", "link.client[0]");
  invalid("a raw '+' in a client seed", {"BadClientSeed"}, q + "?seed=" + two.seed + "&client=" + two.seeds[0] + ",b+&n=12", "link.client[1]");
  invalid("a 129-character client seed", {"BadClientSeed"}, p + "#v=1&s=" + two.seed + "&p=" + std::string(129, 'k') + "&r=" + two.rolls, "link.p[0]");
  invalid("g adds up to 11, r has 12 rolls", {"GamesNotSumming"}, p + "#v=1" + v1_tail + "&g=7,4", "link.g");
  invalid("g adds up to 13, r has 12 rolls", {"GamesNotSumming"}, p + "#v=1" + v1_tail + "&g=7,6", "link.g");
  invalid("g entry 0", {"BadGames"}, p + "#v=1" + v1_tail + "&g=12,0", "link.g");
  invalid("g=07,5", {"LeadingZero"}, p + "#v=1" + v1_tail + "&g=07,5", "link.g");
  invalid("g with an empty entry", {"BadGames"}, p + "#v=1" + v1_tail + "&g=7,,5", "link.g");
  invalid("g with ';'", {"BadGames"}, p + "#v=1" + v1_tail + "&g=7;5", "link.g");

  b.group({{"type", "HmacDiceLinkBuildInvalid"}});
  auto build_invalid = [&](std::string comment, std::vector<std::string> flags, int version, std::string lang,
                           std::string recorded, std::int64_t rolls, std::vector<std::uint64_t> games, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"version", version},
           {"lang", std::move(lang)},
           {"serverSeed", two.seed},
           {"seal", two.seal},
           {"clientSeeds", jstrs(two.seeds)},
           {"rolls", json::Value(rolls)},
           {"recorded", std::move(recorded)},
           {"games", jgames(games)},
           {"error", std::move(error)}});
  };
  build_invalid("v0 cannot carry g", {"BuildV0WithGames"}, 0, "tr", two.rolls, 12, {7, 5}, "games");
  build_invalid("v1 needs the rolls", {"BuildV1WithoutRolls"}, 1, "ru", "", 12, {}, "recorded");
  build_invalid("version 2", {"BuildBadField"}, 2, "ru", two.rolls, 12, {}, "version");
  build_invalid("language TR", {"BuildBadField"}, 1, "TR", two.rolls, 12, {}, "lang");
  build_invalid("games add up to 11 of 12", {"BuildBadField", "GamesNotSumming"}, 1, "ru", two.rolls, 12, {7, 4}, "games");
  build_invalid("recorded lists 12 rolls, rolls says 11", {"BuildBadField", "CountMismatch"}, 0, "tr", two.rolls, 11, {}, "recorded");
  build_invalid("rolls 0", {"BuildBadField", "RollCountZero"}, 0, "tr", "", 0, {}, "rolls");
  return b.build();
}

hd::Link link_from_fields(const TestRef& t) {
  hd::Link l;
  const auto& v = json::member(t.test, "version", t.path);
  if (!v.IsInt64() || (v.GetInt64() != 0 && v.GetInt64() != 1)) throw InputError("version", "link version must be 0 or 1");
  l.version = static_cast<int>(v.GetInt64());
  l.lang = test_string(t, "lang");
  l.match = hd::match_from_json(t.test, t.path, false);
  return l;
}

std::string check_link(const TestRef& t, const Backend&) {
  const std::string type = group_type(t);
  if (type == "HmacDiceLinkInvalid") return expect_error(t, [&] { (void)hd::parse_link(test_string(t, "link")); });
  if (type == "HmacDiceLinkBuildInvalid") return expect_error(t, [&] { (void)hd::build_link(link_from_fields(t)); });
  hd::Link parsed = hd::parse_link(test_string(t, "link"));
  for (const auto& [k, v] : link_fields(parsed)) {
    std::string f = expect_member(t, k, v);
    if (!f.empty()) return "parse: " + f;
  }
  const std::string canonical = test_string(t, "canonicalLink");
  std::string f = expect_eq("build(fields)", canonical, hd::build_link(link_from_fields(t)));
  if (!f.empty()) return f;
  return expect_eq("build(parse(canonicalLink))", canonical, hd::build_link(hd::parse_link(canonical)));
}

std::vector<PortCall> link_calls(const TestRef& t) {
  const std::string type = group_type(t);
  if (type == "HmacDiceLinkInvalid") return {bad_call("hmac_dice.parse_link", params_of(t, {"link"}))};
  json::Value fields = params_of(t, kLinkFields);
  if (type == "HmacDiceLinkBuildInvalid") return {bad_call("hmac_dice.build_link", fields)};
  return {ok_call("hmac_dice.parse_link", params_of(t, {"link"}), fields),
          ok_call("hmac_dice.parse_link", json::Value::object({{"link", test_value(t, "canonicalLink")}}), fields),
          ok_call("hmac_dice.build_link", fields, json::Value::object({{"link", test_value(t, "canonicalLink")}}))};
}

// =============================================================================================
// hmac_dice_recorded_test.json

json::Value generate_recorded() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_recorded_schema.json",
                      {"hmac-dice-v1 recorded-roll listings, as the dice page lists them, numbered or not.",
                       "Valid tests give the rolls in the bare form; invalid tests the error field and the",
                       "0-based character position of the first bad token (null when there is none)."});
  b.note("BareDigits", "BASIC", "The bare form: an even-length digit string, two digits per roll.");
  b.note("SingleRoll", "BOUNDARY", "A listing of exactly one roll.");
  b.note("Unnumbered", "FUNCTIONALITY", "Rolls separated by whitespace, one per line or several per line.");
  b.note("LineEndings", "ENCODING", "CRLF line ends, tabs, blank lines, leading and trailing whitespace.");
  b.note("NumberedColon", "FUNCTIONALITY", "Numbered as '1: 63' (numbers past 9 included).");
  b.note("NumberedDot", "FUNCTIONALITY", "Numbered as '1. 63'.");
  b.note("NumberedHash", "FUNCTIONALITY", "Numbered as '#1 63'.");
  b.note("EmptyListing", "MISSING_CHECK", "Nothing but whitespace: no rolls.");
  b.note("OddDigitCount", "MISSING_CHECK", "A bare string of odd length: the last roll has one digit.");
  b.note("DigitOutOfRange", "MISSING_CHECK", "A digit 0, 7, 8 or 9 in a roll; catches a port that accepts any digit.");
  b.note("NotARoll", "MISSING_CHECK", "A token that is not two digits 1..6: letters, three digits, a comma list, "
                                      "a marker glued to its roll ('1:63'), a non-ASCII space inside.");
  b.note("NumberMismatch", "MISSING_CHECK", "Roll numbers that skip, start at 0 or 2, or repeat: they must count "
                                            "1, 2, 3, … in order.");
  b.note("LeadingZero", "MISSING_CHECK", "A roll number with a leading zero ('01: 63').");
  b.note("MixedNumbering", "MISSING_CHECK", "Numbered and unnumbered rolls, or two numbering styles, in one listing.");
  b.note("MarkerWithoutRoll", "MISSING_CHECK", "A roll number at the end with no roll after it.");
  b.note("BareDigitsSplit", "MISSING_CHECK", "A long digit string that is not the whole listing.");

  const Fixture f = fixture("recorded", 2, 12);
  std::vector<std::string> r;
  for (std::size_t i = 0; i < f.rolls.size(); i += 2) r.push_back(f.rolls.substr(i, 2));
  auto lines = [&](const std::function<std::string(std::size_t)>& prefix, const std::string& sep) {
    std::string s;
    for (std::size_t i = 0; i < r.size(); ++i) s += prefix(i + 1) + r[i] + sep;
    return s;
  };
  b.group({{"type", "HmacDiceRecorded"}});
  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string text) {
    std::vector<hd::Dice> d = hd::parse_recorded(text);
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"text", text}, {"recorded", hd::rolls_text(d)}, {"count", jint(d.size())}});
  };
  valid("12 rolls as one digit string", {"BareDigits"}, f.rolls);
  valid("one roll", {"SingleRoll", "BareDigits"}, r[0]);
  valid("the bare form with a trailing newline", {"BareDigits", "LineEndings"}, f.rolls + "\n");
  valid("one roll per line", {"Unnumbered"}, lines([](std::size_t) { return ""; }, "\n"));
  valid("rolls separated by spaces", {"Unnumbered"}, lines([](std::size_t) { return ""; }, " "));
  valid("one roll per line, CRLF", {"Unnumbered", "LineEndings"}, lines([](std::size_t) { return ""; }, "\r\n"));
  valid("numbered '1: 63'", {"NumberedColon"}, lines([](std::size_t n) { return std::to_string(n) + ": "; }, "\n"));
  valid("numbered '1. 63'", {"NumberedDot"}, lines([](std::size_t n) { return std::to_string(n) + ". "; }, "\n"));
  valid("numbered '#1 63'", {"NumberedHash"}, lines([](std::size_t n) { return "#" + std::to_string(n) + " "; }, "\n"));
  valid("numbered, several per line", {"NumberedColon"}, lines([](std::size_t n) { return std::to_string(n) + ": "; }, " "));
  valid("numbered, tabs, blank lines, CRLF and outer whitespace", {"NumberedColon", "LineEndings"},
        "\r\n  " + lines([](std::size_t n) { return std::to_string(n) + ":\t"; }, "\r\n\r\n") + "  ");
  valid("numbered '#1 63' with one roll", {"NumberedHash", "SingleRoll"}, "#1 " + r[0]);

  b.group({{"type", "HmacDiceRecordedInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string text) {
    json::Value pos;
    std::string field;
    try {
      (void)hd::parse_recorded(text);
      throw std::logic_error("hmac_dice vectors: listing accepted: " + comment);
    } catch (const InputError& e) {
      field = e.field();
      if (e.position()) pos = jint(*e.position());
    }
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"text", text}, {"error", field}, {"errorPosition", pos}});
  };
  invalid("empty", {"EmptyListing"}, "");
  invalid("whitespace only", {"EmptyListing"}, " \n\t\r\n");
  invalid("odd number of digits", {"OddDigitCount"}, f.rolls.substr(0, 5));
  invalid("a 7 in the bare form", {"DigitOutOfRange"}, r[0] + "74" + r[1]);
  invalid("a 0 in the bare form", {"DigitOutOfRange"}, r[0] + r[1] + "06");
  invalid("a 9 in an unnumbered listing", {"DigitOutOfRange"}, r[0] + "\n" + r[1] + "\n" + "93\n");
  invalid("a 7 alone as the last numbered roll", {"DigitOutOfRange"}, "1: " + r[0] + "\n2: 7");
  invalid("letters", {"NotARoll"}, "6a");
  invalid("three digits among rolls", {"NotARoll"}, r[0] + " 633 " + r[1]);
  invalid("comma-separated", {"NotARoll"}, r[0] + "," + r[1]);
  invalid("a marker glued to its roll", {"NotARoll"}, "1:" + r[0] + "\n2:" + r[1]);
  invalid("a non-breaking space between rolls", {"NotARoll"}, r[0] + "\xc2\xa0" + r[1]);
  invalid("'#1:' mixes two styles in one marker", {"NotARoll"}, "#1: " + r[0]);
  invalid("numbers skip from 1 to 3", {"NumberMismatch"}, "1: " + r[0] + "\n3: " + r[1]);
  invalid("numbering starts at 0", {"NumberMismatch"}, "0: " + r[0] + "\n1: " + r[1]);
  invalid("numbering starts at 2", {"NumberMismatch"}, "2: " + r[0]);
  invalid("a number repeats", {"NumberMismatch"}, "1. " + r[0] + "\n2. " + r[1] + "\n2. " + r[2]);
  invalid("'01:'", {"LeadingZero"}, "01: " + r[0]);
  invalid("two numbering styles", {"MixedNumbering"}, "1: " + r[0] + "\n2. " + r[1]);
  invalid("numbered, then unnumbered", {"MixedNumbering"}, "1: " + r[0] + "\n" + r[1]);
  invalid("unnumbered, then numbered", {"MixedNumbering"}, r[0] + "\n2: " + r[1]);
  invalid("a final number without a roll", {"MarkerWithoutRoll"}, "1: " + r[0] + "\n2:");
  invalid("a digit string followed by a roll", {"BareDigitsSplit"}, r[0] + r[1] + " " + r[2]);
  return b.build();
}

std::string check_recorded(const TestRef& t, const Backend&) {
  if (group_type(t) == "HmacDiceRecordedInvalid") return expect_error(t, [&] { (void)hd::parse_recorded(test_string(t, "text")); });
  std::vector<hd::Dice> d = hd::parse_recorded(test_string(t, "text"));
  return first_failure({expect_eq("recorded", test_string(t, "recorded"), hd::rolls_text(d)), expect_member(t, "count", jint(d.size()))});
}

std::vector<PortCall> recorded_calls(const TestRef& t) {
  json::Value p = params_of(t, {"text"});
  if (group_type(t) == "HmacDiceRecordedInvalid") return {bad_call("hmac_dice.parse_recorded", p)};
  return {ok_call("hmac_dice.parse_recorded", p, json::Value::object({{"recorded", test_value(t, "recorded")}}))};
}

// =============================================================================================
// hmac_dice_match_test.json

const std::initializer_list<const char*> kMatchInputs = {"serverSeed", "seal", "clientSeeds", "rolls", "recorded", "games"};
const std::initializer_list<const char*> kMatchOutputs = {"verdict",  "computedSeal", "sealStatus",
                                                          "dice",     "mismatches",   "gameSummary"};

struct MatchCase {
  std::string seed;
  std::string seal;  // "" none
  std::vector<std::string> seeds;
  std::uint64_t rolls = 0;
  std::string recorded;  // listing, "" none
  std::vector<std::uint64_t> games;
};

json::Object match_inputs(const MatchCase& c) {
  return {{"serverSeed", c.seed}, {"seal", c.seal},         {"clientSeeds", jstrs(c.seeds)},
          {"rolls", jint(c.rolls)}, {"recorded", c.recorded}, {"games", jgames(c.games)}};
}

// match_of parses a MatchCase as the verify_match op does.
hd::Match match_of(const json::Object& inputs) {
  rapidjson::Document d;
  rapidjson::Value v = json::Value(inputs).to_rapidjson(d.GetAllocator());
  return hd::match_from_json(v, "match", true);
}

// link_of returns the link that carries |m|: v1 when it has recorded rolls, v0 when it has neither
// rolls nor games, none ("") otherwise.
std::string link_of(const hd::Match& m) {
  if (!m.recorded && !m.games.empty()) return "";
  hd::Link l;
  l.version = m.recorded ? 1 : 0;
  l.lang = m.recorded ? "de" : "tr";
  l.match = m;
  return hd::build_link(l);
}

json::Value generate_match() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_match_schema.json",
                      {"hmac-dice-v1 whole-match verification: the seal and every roll are recomputed and compared",
                       "with the given seal and recorded rolls; games (g) attribute each roll to its game.",
                       "Valid tests verify (or have nothing to compare). Invalid tests in HmacDiceMatchTampered are",
                       "matches that do not verify: the op answers with the mismatch verdict, error names the",
                       "field that does not match. Invalid tests in HmacDiceMatchInvalid are malformed (bad_input)."});
  b.note("Verified", "BASIC", "Seal and recorded rolls both match.");
  b.note("SealOnly", "BASIC", "Only the seal is given and matches; the rolls are shown, not compared.");
  b.note("RecordedOnly", "BASIC", "Only recorded rolls are given and match.");
  b.note("Unchecked", "BASIC", "Neither seal nor recorded rolls: nothing to compare, the verdict is unchecked.");
  b.note("OneClientSeed", "BASIC", "A match offline against the computer.");
  b.note("MultiGame", "FUNCTIONALITY", "Games given: the roll counter continues from game to game, and each game's "
                                       "summary starts where the previous ended.");
  b.note("NumberedListing", "FUNCTIONALITY", "Recorded rolls as a numbered listing.");
  b.note("EqualOpeningRoll", "EDGE_CASE", "A game opens with one or two ties (doubles): each consumed a roll number; "
                                          "the summary counts them and names the deciding roll.");
  b.note("SeedLengthLimits", "BOUNDARY", "A 64-byte seed and 128-character client seeds.");
  b.note("TamperedSeal", "MODIFIED_INPUT", "The seal differs from SHA-256 of the seed (one digit changed, or another "
                                           "seed's seal): catches a verifier that does not compare it.");
  b.note("TamperedRoll", "MODIFIED_INPUT", "One recorded roll differs, in game 1, in a later game, or the last roll: "
                                           "the mismatch names the roll, its game and its place in the game.");
  b.note("EveryMismatch", "MODIFIED_INPUT", "Two recorded rolls differ: both mismatches are listed; catches a "
                                            "verifier that stops at the first mismatch.");
  b.note("SwappedDice", "MODIFIED_INPUT", "A recorded roll with its two dice swapped (63 for 36): rolls are ordered "
                                          "pairs; catches a verifier comparing them as unordered.");
  b.note("GamesNotSumming", "MISSING_CHECK", "Games that do not add up to the number of rolls.");
  b.note("BadGames", "MISSING_CHECK", "A game of 0 rolls.");
  b.note("CountMismatch", "MISSING_CHECK", "Recorded rolls whose count differs from the match's roll count.");
  b.note("RollCountOutOfRange", "MISSING_CHECK", "A roll count of 0 or 2^53.");
  b.note("BadField", "MISSING_CHECK", "A malformed seed, seal, client seed list or listing.");

  // A two-player match of 12 rolls in games of 7 and 5, whose game 2 opens with a tie (roll 8 is a
  // double): the first such seed by index.
  const std::vector<std::string> seeds = {client_seed("match/a"), client_seed("match/b")};
  std::string seed;
  std::vector<hd::Dice> dice;
  for (int i = 0;; ++i) {
    if (i > 10000) throw std::logic_error("hmac_dice vectors: no match with a game-2 tie");
    seed = server_seed("match/" + std::to_string(i));
    dice = derive_all(seed, seeds, 12);
    if (dice[7].is_double() && !dice[8].is_double()) break;
  }
  const std::string seal = seal_of(seed);
  const std::string rolls = hd::rolls_text(dice);
  auto with_roll = [&](std::size_t index, const std::string& two_digits) {
    std::string s = rolls;
    s.replace(index * 2, 2, two_digits);
    return s;
  };
  // A replacement roll different from dice[i] (and from its swap).
  auto other = [&](std::size_t i) {
    hd::Dice d = dice[i];
    hd::Dice o{d.d1 % 6 + 1, d.d1 % 6 + 1};
    return o.text();
  };

  b.group({{"type", "HmacDiceMatch"}});
  auto add = [&](std::string comment, std::vector<std::string> flags, Result result, const MatchCase& c,
                 std::string error) {
    json::Object inputs = match_inputs(c);
    hd::Match m = match_of(inputs);
    hd::MatchReport r = hd::verify_match(gen(), m);
    json::Object f = {{"link", link_of(m)}};
    for (auto& kv : inputs) f.push_back(kv);
    const json::Value report = hd::report_json(r);
    for (const auto& kv : report.as_object()) f.push_back(kv);
    if (!error.empty()) f.emplace_back("error", error);
    b.add(std::move(comment), std::move(flags), result, std::move(f));
  };
  add("two games (7 + 5); game 2 opens with a tie at roll 8; seal and rolls match",
      {"Verified", "MultiGame", "EqualOpeningRoll"}, Result::kValid, {seed, seal, seeds, 12, rolls, {7, 5}}, "");
  add("one game, seal and rolls match", {"Verified"}, Result::kValid, {seed, seal, seeds, 12, rolls, {}}, "");
  {
    std::string listing;
    for (std::size_t i = 0; i < dice.size(); ++i) listing += std::to_string(i + 1) + ". " + dice[i].text() + "\n";
    add("recorded rolls as a numbered listing", {"Verified", "NumberedListing", "MultiGame"}, Result::kValid,
        {seed, seal, seeds, 12, listing, {7, 5}}, "");
  }
  add("three games (4 + 4 + 4)", {"Verified", "MultiGame"}, Result::kValid, {seed, seal, seeds, 12, rolls, {4, 4, 4}}, "");
  add("seal only", {"SealOnly"}, Result::kValid, {seed, seal, seeds, 12, "", {}}, "");
  add("seal only, two games", {"SealOnly", "MultiGame"}, Result::kValid, {seed, seal, seeds, 12, "", {7, 5}}, "");
  add("recorded rolls only", {"RecordedOnly", "MultiGame"}, Result::kValid, {seed, "", seeds, 12, rolls, {7, 5}}, "");
  add("nothing to compare", {"Unchecked"}, Result::kValid, {seed, "", seeds, 12, "", {}}, "");
  {
    const Fixture solo = fixture("match/offline", 1, 9);
    add("offline, one client seed", {"Verified", "OneClientSeed"}, Result::kValid,
        {solo.seed, solo.seal, solo.seeds, 9, solo.rolls, {}}, "");
  }
  {  // Two ties before the deciding opening roll of game 1: the first seed by index.
    for (int i = 0;; ++i) {
      if (i > 100000) throw std::logic_error("hmac_dice vectors: no double opening tie");
      std::string s = server_seed("match/ties/" + std::to_string(i));
      std::vector<hd::Dice> d = derive_all(s, seeds, 3);
      if (!(d[0].is_double() && d[1].is_double() && !d[2].is_double())) continue;
      std::vector<hd::Dice> all = derive_all(s, seeds, 6);
      add("game 1 opens with two ties: the deciding opening roll is roll 3", {"Verified", "EqualOpeningRoll"},
          Result::kValid, {s, seal_of(s), seeds, 6, hd::rolls_text(all), {}}, "");
      break;
    }
  }
  {
    const Fixture big = fixture("match/max", 2, 5, 64);
    std::vector<std::string> long_seeds = {std::string(128, 'A'), std::string(128, '-')};
    add("a 64-byte seed and two 128-character client seeds", {"Verified", "SeedLengthLimits"}, Result::kValid,
        {big.seed, big.seal, long_seeds, 5, hd::rolls_text(derive_all(big.seed, long_seeds, 5)), {}}, "");
  }

  b.group({{"type", "HmacDiceMatchTampered"}});
  std::string bad_seal = seal;
  bad_seal[17] = bad_seal[17] == '0' ? '1' : '0';
  add("one digit of the seal changed", {"TamperedSeal"}, Result::kInvalid, {seed, bad_seal, seeds, 12, rolls, {7, 5}}, "seal");
  add("the seal of another seed", {"TamperedSeal"}, Result::kInvalid,
      {seed, seal_of(server_seed("match/other")), seeds, 12, "", {}}, "seal");
  add("roll 3 (game 1) changed", {"TamperedRoll"}, Result::kInvalid, {seed, seal, seeds, 12, with_roll(2, other(2)), {7, 5}},
      "recorded");
  add("roll 10 = game 2, roll 3 changed", {"TamperedRoll", "MultiGame"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(9, other(9)), {7, 5}}, "recorded");
  add("the opening tie of game 2 (roll 8) changed", {"TamperedRoll", "EqualOpeningRoll", "MultiGame"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(7, other(7)), {7, 5}}, "recorded");
  add("the last roll changed, three games", {"TamperedRoll", "MultiGame"}, Result::kInvalid,
      {seed, seal, seeds, 12, with_roll(11, other(11)), {4, 4, 4}}, "recorded");
  {
    std::size_t i = 0;
    while (dice[i].is_double()) ++i;
    hd::Dice s{dice[i].d2, dice[i].d1};
    add("roll " + std::to_string(i + 1) + " recorded with its dice swapped", {"SwappedDice"}, Result::kInvalid,
        {seed, seal, seeds, 12, with_roll(i, s.text()), {7, 5}}, "recorded");
  }
  add("seal and roll 5 both changed: the seal verdict comes first, the roll is still listed",
      {"TamperedSeal", "TamperedRoll"}, Result::kInvalid, {seed, bad_seal, seeds, 12, with_roll(4, other(4)), {}}, "seal");
  add("a roll changed, no seal given", {"TamperedRoll"}, Result::kInvalid, {seed, "", seeds, 12, with_roll(0, other(0)), {}},
      "recorded");
  {
    std::string both = with_roll(1, other(1));
    both.replace(8 * 2, 2, other(8));
    add("rolls 2 and 9 changed: both mismatches are listed", {"TamperedRoll", "EveryMismatch", "MultiGame"},
        Result::kInvalid, {seed, seal, seeds, 12, both, {7, 5}}, "recorded");
  }

  b.group({{"type", "HmacDiceMatchInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, const MatchCase& c, std::string error,
                     std::int64_t rolls_override = -1) {
    json::Object inputs = match_inputs(c);
    if (rolls_override >= 0) inputs[3].second = json::Value(rolls_override);
    inputs.emplace_back("error", std::move(error));
    b.add(std::move(comment), std::move(flags), Result::kInvalid, std::move(inputs));
  };
  invalid("games add up to 11 of 12", {"GamesNotSumming"}, {seed, seal, seeds, 12, rolls, {7, 4}}, "games");
  invalid("games add up to 13 of 12", {"GamesNotSumming"}, {seed, seal, seeds, 12, "", {7, 6}}, "games");
  invalid("a game of 0 rolls", {"BadGames"}, {seed, seal, seeds, 12, rolls, {7, 0, 5}}, "games");
  invalid("11 recorded rolls in a match of 12", {"CountMismatch"}, {seed, seal, seeds, 12, rolls.substr(0, 22), {}}, "recorded");
  invalid("rolls 0", {"RollCountOutOfRange"}, {seed, seal, seeds, 0, "", {}}, "rolls");
  invalid("rolls 2^53", {"RollCountOutOfRange"}, {seed, seal, seeds, 0, "", {}}, "rolls", 9007199254740992LL);
  invalid("three client seeds", {"BadField"}, {seed, seal, {seeds[0], seeds[1], "x"}, 12, rolls, {}}, "clientSeeds");
  invalid("no client seed", {"BadField"}, {seed, seal, {}, 12, rolls, {}}, "clientSeeds");
  invalid("a seal of 63 hex digits", {"BadField"}, {seed, seal.substr(1), seeds, 12, rolls, {}}, "seal");
  invalid("a server seed of 15 bytes", {"BadField"}, {seed.substr(0, 30), seal, seeds, 12, rolls, {}}, "serverSeed");
  invalid("a listing numbered 1, 3", {"BadField"}, {seed, seal, seeds, 2, "1: " + rolls.substr(0, 2) + "\n3: " + rolls.substr(2, 2), {}},
          "recorded");
  return b.build();
}

std::string check_match(const TestRef& t, const Backend& backend) {
  const std::string type = group_type(t);
  if (type == "HmacDiceMatchInvalid") {
    return expect_error(t, [&] { (void)hd::verify_match(backend, hd::match_from_json(t.test, t.path, true)); });
  }
  hd::Match m = hd::match_from_json(t.test, t.path, true);
  json::Value report = hd::report_json(hd::verify_match(backend, m));
  for (const auto& [k, v] : report.as_object()) {
    std::string f = expect_member(t, k, v);
    if (!f.empty()) return f;
  }
  const std::string link = test_string(t, "link");
  std::string f = expect_eq("link", link, link_of(m));
  if (!f.empty()) return f;
  if (!link.empty()) {
    json::Value via_link = hd::report_json(hd::verify_match(backend, hd::parse_link(link).match));
    if (json::to_line(via_link) != json::to_line(report)) return "the link verifies differently: " + json::to_line(via_link);
  }
  if (type == "HmacDiceMatchTampered") {
    const std::string verdict = std::get<std::string>(report.find("verdict")->variant());
    const std::string field = verdict == "seal_mismatch" ? "seal" : verdict == "roll_mismatch" ? "recorded" : "";
    return expect_eq("error (the field that does not verify)", test_string(t, "error"), field);
  }
  return "";
}

std::vector<PortCall> match_calls(const TestRef& t) {
  json::Value p = params_of(t, kMatchInputs);
  if (group_type(t) == "HmacDiceMatchInvalid") return {bad_call("hmac_dice.verify_match", p)};
  return {ok_call("hmac_dice.verify_match", p, params_of(t, kMatchOutputs))};
}

}  // namespace

std::vector<VectorKind> hmac_dice_vector_kinds() {
  return {
      {"hmac_dice_seal_test.json", "hmac_dice_seal_schema.json", generate_seal, check_seal, seal_calls},
      {"hmac_dice_roll_test.json", "hmac_dice_roll_schema.json", generate_roll, check_roll, roll_calls},
      {"hmac_dice_pick_test.json", "hmac_dice_pick_schema.json", generate_pick, check_pick, pick_calls},
      {"hmac_dice_link_test.json", "hmac_dice_link_schema.json", generate_link, check_link, link_calls},
      {"hmac_dice_recorded_test.json", "hmac_dice_recorded_schema.json", generate_recorded, check_recorded, recorded_calls},
      {"hmac_dice_match_test.json", "hmac_dice_match_schema.json", generate_match, check_match, match_calls},
  };
}

}  // namespace fairvec::vectors
