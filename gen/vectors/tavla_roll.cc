// tavla_roll_test.json (tavla-commit-v1): block MACs, rolls over blocks 0, 1, 2..., and game-level
// roll sequences, with the skip depths found by search (shallow ones at generation, deep ones stored).
// A catalog (vectors/catalog.h): cases give the inputs only; the ops tavla.block, tavla.roll and
// tavla.game and their traces compute the rest, and each flag of the family's library
// (vectors/tavla.cc) is checked against the wrong ports of vectors/tavla_ports.cc it names or by the
// property it claims.
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "vectors/catalog.h"
#include "vectors/search_results.h"
#include "vectors/tavla.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

using Params = rapidjson::Value;

// Skip depths 4 and deeper are too rare to search at generation time (35 million MACs for depth 4):
// they are stored results of `fairvec search` (gen/vectors/search_results/, each with its command),
// re-verified at every generation. Depths 4 and 5 search n = 1, 2, 3, ... of the
// sequential-byte-seed inputs; a u32 n holds a depth-6 hit only about 1 time in 16, so depth 6
// searches seeds SHA-256(kSkipSeedLabel || u32be(k)), k = 0, 1, ..., with the same game id and
// contributions (class tavla-skip-derived, counter c = k * 2^32 + n). Every depth from 4 to
// kDeepestSkip must be stored.
constexpr std::string_view kSkipSeedLabel = "fairvec/tavla-commit-v1/skip-search";
constexpr unsigned kDeepestSkip = 6;
const char* const kDepthWords[] = {"four", "five", "six"};

// StoredSkip is a stored deep skip: the inputs (seed possibly derived) and n.
struct StoredSkip {
  unsigned depth;
  RollInputs in;
  std::uint32_t n;
};

// skip_spec is the tavla-skip search over n = 1 .. |to| of |in| for |depth|.
search::SearchSpec skip_spec(const RollInputs& in, unsigned depth, std::uint64_t to) {
  search::SearchSpec s;
  s.cls = "tavla-skip";
  s.seed = to_hex(in.seed);
  s.game = format_uuid(in.game_id);
  s.contributions = {to_hex(in.contributions[0]), to_hex(in.contributions[1])};
  s.depth = depth;
  s.from = 1;
  s.to = to;
  return s;
}

std::vector<StoredSkip> stored_skips(const RollInputs& seq) {
  std::vector<StoredSkip> out;
  for (unsigned depth = 4; depth <= kDeepestSkip; ++depth) {
    search::SearchSpec s = skip_spec(seq, depth, 0xffffffffULL);
    if (auto n = stored_hit(s)) {
      out.push_back({depth, seq, static_cast<std::uint32_t>(*n)});
      continue;
    }
    s.cls = "tavla-skip-derived";
    s.seed = std::string(kSkipSeedLabel);
    s.to = kMaxSafeInteger;
    if (auto c = stored_hit(s)) {
      RollInputs in = seq;
      in.seed = derived_seed(kSkipSeedLabel, static_cast<std::uint32_t>(*c >> 32));
      out.push_back({depth, in, static_cast<std::uint32_t>(*c & 0xffffffffULL)});
      continue;
    }
    throw std::logic_error("tavla vectors: no stored search result for skip depth " + std::to_string(depth) +
                           " (specs/search.md)");
  }
  return out;
}

// first_n returns the first n >= 1 (up to |limit|) whose block 0 satisfies |pred|.
std::uint32_t first_n(const BlockMacs& macs, std::uint32_t limit, const std::function<bool(const Digest&)>& pred,
                      const char* what) {
  for (std::uint32_t n = 1; n <= limit; ++n) {
    if (pred(macs.mac(n, 0))) return n;
  }
  throw std::logic_error(std::string("tavla vectors: no n found for ") + what);
}

bool second_byte_skipped(const Digest& m) {
  return m[0] < kFirstSkippedByte && m[1] >= kFirstSkippedByte && m[2] < kFirstSkippedByte;
}

// ---- The properties the flags state, read from a case's params and written outputs.

const json::Value& out(const json::Value& o, std::string_view name) { return *o.find(name); }
std::int64_t int_in(const json::Value& v, std::string_view name) {
  return std::get<std::int64_t>(out(v, name).variant());
}
bool tied(const json::Value& dice) { return json::to_line(dice.as_array()[0]) == json::to_line(dice.as_array()[1]); }
Digest block0(const json::Value& o) {
  return parse_secret(std::get<std::string>(out(out(o, "blocks").as_array()[0], "mac").variant()), "mac");
}
Property block0_is(std::function<bool(const Digest&)> f) {
  return [f](const Params&, const json::Value& o) { return f(block0(o)); };
}
Property depth_is(unsigned d) {
  return block0_is([d](const Digest& m) { return search::skip_depth(m) == d; });
}
// is_sequential: the sequential-byte-seed inputs of a roll (seed, game id, contributions) or of a
// commitment (seed, game id, seats).
bool is_sequential(const Params& p, const json::Value&) {
  const RollInputs seq = sequential_inputs();
  if (p.HasMember("seats")) {
    const auto seats = string_items(json::member(p, "seats", "params"), "seats", 2);
    return parse_secret(json::get_string(p, "seed", "params"), "seed") == seq.seed &&
           parse_uuid(json::get_string(p, "gameId", "params"), "gameId") == seq.game_id &&
           parse_uuid(seats[0], "seats[0]") == kSeqSeat0 && parse_uuid(seats[1], "seats[1]") == kSeqSeat1;
  }
  const RollInputs in = parse_inputs(p);
  return in.seed == seq.seed && in.game_id == seq.game_id && in.contributions == seq.contributions;
}
// game_of reads the written rolls.
std::vector<GameRoll> game_of(const json::Value& o) {
  std::vector<GameRoll> rolls;
  for (const auto& r : out(o, "rolls").as_array()) {
    const auto& dice = out(r, "dice").as_array();
    rolls.push_back({static_cast<std::uint32_t>(int_in(r, "n")),
                     parse_kind(std::get<std::string>(out(r, "kind").variant()), "kind"),
                     {static_cast<int>(std::get<std::int64_t>(dice[0].variant())),
                      static_cast<int>(std::get<std::int64_t>(dice[1].variant()))}});
  }
  return rolls;
}
// kinds_follow: the kinds follow the game's order, n counts 1, 2, 3, ..., and a reroll is there
// exactly when |reroll|.
Property kinds_follow(bool reroll) {
  return [reroll](const Params&, const json::Value& o) {
    const auto rolls = game_of(o);
    bool has_reroll = false;
    for (std::size_t i = 0; i < rolls.size(); ++i) {
      if (!kind_may_follow(i ? &rolls[i - 1] : nullptr, rolls[i].kind) || rolls[i].n != i + 1) return false;
      has_reroll = has_reroll || rolls[i].kind == RollKind::kReroll;
    }
    return has_reroll == reroll;
  };
}
// equal_opening: a roll with equal dice, or a game whose first opening ties and whose n count on.
bool equal_opening(const Params& p, const json::Value& o) {
  if (!p.HasMember("opening")) return tied(out(o, "dice"));
  const auto rolls = game_of(o);
  return rolls.size() > 1 && rolls[0].dice[0] == rolls[0].dice[1] && rolls[1].kind == RollKind::kOpening &&
         rolls[1].n == 2;
}

// ---- The cases.

json::Object with(const RollInputs& in, std::initializer_list<std::pair<std::string, Value>> more) {
  json::Object f = inputs_fields(in);
  for (const auto& m : more) f.push_back(m);
  return f;
}

void block_cases(Cases& c, const RollInputs& seq) {
  auto add = [&](std::uint32_t n, std::uint32_t block, std::string comment, std::vector<std::string> flags) {
    c.valid("TavlaBlock", std::move(comment), std::move(flags),
            with(seq, {{"n", int_value(n)}, {"block", int_value(block)}}));
  };
  add(1, 0, "sequential-byte-seed, first roll, block 0", {"SequentialByteSeed"});
  add(1, 1, "sequential-byte-seed, first roll, block 1", {"SequentialByteSeed", "BlockCounter"});
  add(4294967295u, 4294967295u, "sequential-byte-seed, the largest counter and block values",
      {"SequentialByteSeed", "MaxCounter"});
  add(1, 4294967295u, "largest block index", {"SequentialByteSeed", "MaxCounter", "BlockCounter"});
  add(0x01020304u, 0x05060708u, "n = 0x01020304, block = 0x05060708: little-endian would differ",
      {"SequentialByteSeed", "CounterEndianness", "BlockCounter"});
  add(256, 0, "n = 256: u32le would write 00 01 00 00", {"SequentialByteSeed", "CounterEndianness"});
  add(2147483648u, 2147483648u, "n = block = 2^31", {"SequentialByteSeed", "CounterAboveInt32", "BlockCounter"});

  const std::string seed = to_hex(seq.seed), game = format_uuid(seq.game_id);
  const Value contribs = contributions_value(seq);
  auto bad = [&](std::string s, std::string g, Value cs, Value n, Value block, std::string error, std::string comment,
                 std::vector<std::string> flags) {
    c.invalid("TavlaBlockInvalid", std::move(comment), std::move(flags),
              {{"seed", std::move(s)},
               {"gameId", std::move(g)},
               {"contributions", std::move(cs)},
               {"n", std::move(n)},
               {"block", std::move(block)}},
              std::move(error));
  };
  bad(seed, game, contribs, 0, 0, "n", "n = 0: rolls are numbered from 1", {"InvalidCounter"});
  bad(seed, game, contribs, int_value(4294967296ull), 0, "n", "n = 2^32 does not fit a u32", {"InvalidCounter"});
  bad(seed, game, contribs, 1, int_value(4294967296ull), "block", "block = 2^32 does not fit a u32",
      {"InvalidCounter"});
  bad(seed, game, contribs, -1, 0, "n", "n = -1", {"InvalidCounter"});
  bad(seed, game, contribs, Value("1"), 0, "n", "n as the JSON string \"1\"", {"IntegerAsText"});
  bad(seed, game, contribs, 1, Value(1.0), "params.block", "block as the JSON number 1.0", {"IntegralFloat"});
  bad(seed, game, contribs, Value(true), 0, "n", "n as the JSON boolean true", {"BooleanAsInteger"});
  bad(seed, game, contribs, 1, Value("0"), "params.block", "block as the JSON string \"0\"", {"IntegerAsText"});
  bad(seed, game, contribs, 1, Value(false), "params.block", "block as the JSON boolean false", {"BooleanAsInteger"});
  bad(seed, game, contribs, Value(1.0), 0, "n", "n as the JSON number 1.0", {"IntegralFloat"});
  bad(to_hex(sequential(0x00, 31)), game, contribs, 1, 0, "seed", "31-byte seed", {"InvalidSeedLength"});
  bad(to_hex(sequential(0x00, 33)), game, contribs, 1, 0, "seed", "33-byte seed", {"InvalidSeedLength"});
  bad(seed.substr(0, 63), game, contribs, 1, 0, "seed", "seed hex of odd length 63", {"InvalidSeed"});
  bad("0g" + seed.substr(2), game, contribs, 1, 0, "seed", "seed with a non-hex digit", {"InvalidSeed"});
  bad(seed, "{" + game + "}", contribs, 1, 0, "gameId", "game id in GUID braces", {"InvalidUuid"});
  bad(seed, to_hex(seq.game_id), contribs, 1, 0, "gameId", "game id without hyphens", {"InvalidUuid"});
  const std::string c0 = to_hex(seq.contributions[0]), c1 = to_hex(seq.contributions[1]);
  bad(seed, game, Value::array({c0}), 1, 0, "contributions", "one contribution", {"InvalidContribution"});
  bad(seed, game, Value::array({c0, c1, seed}), 1, 0, "contributions", "three contributions", {"InvalidContribution"});
  bad(seed, game, Value::array({c0, c1.substr(0, 62)}), 1, 0, "contributions[1]", "contribution 1 of 31 bytes",
      {"InvalidContribution"});
}

void roll_cases(Cases& c, const RollInputs& seq, bool first_tie) {
  const Backend& backend = default_backend();
  const BlockMacs seq_macs(backend, seq);
  auto add = [&](const RollInputs& in, std::uint32_t n, std::string comment, std::vector<std::string> flags) {
    c.valid("TavlaRoll", std::move(comment), std::move(flags), with(in, {{"n", int_value(n)}}));
  };
  add(seq, 1, first_tie ? "sequential-byte-seed, n = 1: an equal opening roll" : "sequential-byte-seed, n = 1",
      first_tie ? std::vector<std::string>{"SequentialByteSeed", "EqualOpeningRoll"}
                : std::vector<std::string>{"SequentialByteSeed"});
  add(seq, 2, "sequential-byte-seed, n = 2", {"SequentialByteSeed"});
  const char* const kWords[] = {"", "", "two", "three"};
  for (int depth = 1; depth <= 3; ++depth) {
    const auto found = searched_hit(skip_spec(seq, static_cast<unsigned>(depth), 1u << 22));  // the engine; re-verified
    if (!found) throw std::logic_error("tavla vectors: no n found for skip depth " + std::to_string(depth));
    const auto n = static_cast<std::uint32_t>(*found);
    add(seq, n,
        depth == 1 ? std::string("sequential-byte-seed: the first n whose first byte is skipped")
                   : "sequential-byte-seed: the first n whose block 0 starts with " + std::string(kWords[depth]) +
                         " skipped bytes",
        {"SequentialByteSeed", depth == 1 ? std::string("SkippedFirstByte") : "SkippedBytes" + std::to_string(depth)});
  }
  for (const StoredSkip& d : stored_skips(seq)) {
    const bool same_seed = d.in.seed == seq.seed;
    add(d.in, d.n,
        std::string(same_seed ? "sequential-byte-seed" : "sequential-byte-seed game and contributions, derived seed") +
            ": the first n whose block 0 starts with " + kDepthWords[d.depth - 4] + " skipped bytes",
        same_seed ? std::vector<std::string>{"SequentialByteSeed", "SkippedBytes" + std::to_string(d.depth)}
                  : std::vector<std::string>{"SkippedBytes" + std::to_string(d.depth)});
  }
  add(seq, first_n(seq_macs, 1u << 20, second_byte_skipped, "second byte skipped"),
      "sequential-byte-seed: byte 0 accepted, byte 1 skipped, die 2 from byte 2",
      {"SequentialByteSeed", "SkippedSecondDieByte"});
  add(seq, 4294967295u, "sequential-byte-seed, the largest n", {"SequentialByteSeed", "MaxCounter"});
  add(seq, 2147483648u, "n = 2^31", {"SequentialByteSeed", "CounterAboveInt32"});
  add(seq, 0x01020304u, "n = 0x01020304: little-endian would differ", {"SequentialByteSeed", "CounterEndianness"});

  c.invalid("TavlaRollInvalid", "n = 0: rolls are numbered from 1", {"InvalidCounter"}, with(seq, {{"n", 0}}), "n");
  c.invalid("TavlaRollInvalid", "n = 2^32 does not fit a u32", {"InvalidCounter"},
            with(seq, {{"n", int_value(4294967296ull)}}), "n");
  c.invalid("TavlaRollInvalid", "n as the JSON string \"3\"", {"IntegerAsText"}, with(seq, {{"n", "3"}}), "params.n");
  c.invalid("TavlaRollInvalid", "n as the JSON number 3.0", {"IntegralFloat"}, with(seq, {{"n", Value(3.0)}}),
            "params.n");
  c.invalid("TavlaRollInvalid", "n as the JSON boolean true", {"BooleanAsInteger"}, with(seq, {{"n", true}}),
            "params.n");
}

void game_cases(Cases& c, const RollInputs& seq, bool first_tie) {
  const Backend& backend = default_backend();
  auto add = [&](const RollInputs& in, OpeningRule rule, std::uint32_t moves, std::string comment,
                 std::vector<std::string> flags) {
    c.valid("TavlaGame", std::move(comment), std::move(flags),
            with(in, {{"opening", opening_rule_name(rule)}, {"moves", int_value(moves)}}));
  };
  auto ties_of = [&](const RollInputs& in) {
    int ties = 0;
    for (std::uint32_t n = 1;; ++n) {
      Dice d = roll(backend, in, n).pick.dice;
      if (d[0] != d[1]) return ties;
      ++ties;
    }
  };
  std::vector<std::string> seq_game_flags{"SequentialByteSeed", "TurkishReroll"};
  if (first_tie) seq_game_flags.push_back("EqualOpeningRoll");
  add(seq, OpeningRule::kReroll, 4, "sequential-byte-seed game, Turkish rule, 4 move rolls", seq_game_flags);
  std::vector<std::string> play_flags{"SequentialByteSeed", "OpeningPlayed"};
  if (first_tie) play_flags.push_back("EqualOpeningRoll");
  add(seq, OpeningRule::kPlay, 3, "sequential-byte-seed game, opening dice played, 3 move rolls", play_flags);
  for (int want = 1; want <= 3; ++want) {
    RollInputs in = seq;
    std::uint32_t k = 0;
    for (;; ++k) {
      if (k > 100000) throw std::logic_error("tavla vectors: no seed with the wanted opening ties");
      in.seed = derived_seed("fairvec tavla-commit-v1 opening ties", k);
      if (ties_of(in) == want) break;
    }
    add(in, OpeningRule::kReroll, 2,
        std::to_string(want) + " tied opening roll" + (want > 1 ? "s" : "") +
            " before the deciding one, Turkish rule (seed = SHA-256(\"fairvec tavla-commit-v1 opening ties\" || "
            "u32be(" +
            std::to_string(k) + ")))",
        {"EqualOpeningRoll", "TurkishReroll"});
    if (want == 1) {
      add(in, OpeningRule::kPlay, 2, "1 tied opening roll, opening dice played", {"EqualOpeningRoll", "OpeningPlayed"});
    }
  }
  add(seq, OpeningRule::kReroll, 0, "no move rolls: the opening and the reroll only",
      {"SequentialByteSeed", "TurkishReroll"});

  c.invalid("TavlaGameInvalid", "unknown opening rule", {"InvalidGameParams"},
            with(seq, {{"opening", "western"}, {"moves", 1}}), "opening");
  c.invalid("TavlaGameInvalid", "more move rolls than one request may ask for", {"InvalidGameParams"},
            with(seq, {{"opening", "reroll"}, {"moves", int_value(kMaxGameMoves + 1)}}), "moves");
  c.invalid("TavlaGameInvalid", "moves as the JSON string \"2\"", {"IntegerAsText"},
            with(seq, {{"opening", "reroll"}, {"moves", "2"}}), "params.moves");
  c.invalid("TavlaGameInvalid", "moves as the JSON number 2.0", {"IntegralFloat"},
            with(seq, {{"opening", "reroll"}, {"moves", Value(2.0)}}), "params.moves");
  c.invalid("TavlaGameInvalid", "moves as the JSON boolean true", {"BooleanAsInteger"},
            with(seq, {{"opening", "reroll"}, {"moves", true}}), "params.moves");
}

// roll_more_calls: after tavla.roll, tavla.block for every block the roll read, then tavla.pick
// over those blocks' MACs.
std::vector<PortCall> roll_more_calls(const json::Object&, const json::Object& test, const std::string& path) {
  std::vector<PortCall> calls;
  json::Array macs;
  const Value& blocks = member_of(test, "blocks", path);
  if (!blocks.is_array()) throw InputError(path + ".blocks", "must be an array");
  for (const auto& blk : blocks.as_array()) {
    if (!blk.is_object() || !blk.find("block") || !blk.find("mac"))
      throw InputError(path + ".blocks", "each needs block and mac");
    json::Object p;
    for (const char* k : {"seed", "gameId", "contributions", "n"}) p.emplace_back(k, member_of(test, k, path));
    p.emplace_back("block", *blk.find("block"));
    calls.push_back(ok_call("tavla.block", Value(std::move(p)), Value::object({{"mac", *blk.find("mac")}})));
    macs.push_back(*blk.find("mac"));
  }
  calls.push_back(ok_call(
      "tavla.pick", Value::object({{"blocks", Value(std::move(macs))}}),
      Value::object({{"dice", member_of(test, "dice", path)}, {"blocks", int_value(blocks.as_array().size())}})));
  return calls;
}

}  // namespace

void add_roll_flags(FlagLibrary& lib) {
  const RollInputs seq = sequential_inputs();
  lib.flag({"SequentialByteSeed",
            BugType::kBasic,
            "The seed document's sequential-byte-seed inputs (seed 00..1f, contributions 20..3f, 40..5f); game id and "
            "seats continue the sequence (ours). The seed document publishes the inputs, not outputs: the expected "
            "values are this kit's, recomputed independently by tests/reference/recompute.py.",
            {},
            is_sequential});
  lib.flag({"BlockCounter",
            BugType::kEncoding,
            "A block index above 0 in the MAC input: catches a port that leaves out u32be(block) or writes it in "
            "another width or order.",
            {"tavla-no-block-counter", "tavla-le-block-counter", "tavla-block-counter-u64"}});
  lib.flag({"MaxCounter",
            BugType::kBoundary,
            "n or block = 4294967295, the largest u32: catches counters held in a signed or narrower type, or "
            "rejected as too large.",
            {"tavla-signed-counters", "tavla-u16-counters"}});
  lib.flag({"CounterAboveInt32",
            BugType::kBoundary,
            "n = 2147483648, just above the largest signed 32-bit integer: catches a port that encodes n through a "
            "signed int (JavaScript's | 0 or DataView.setInt32 with overflow).",
            {"tavla-signed-counters"}});
  lib.flag({"CounterEndianness",
            BugType::kEncoding,
            "n and block whose four bytes differ from their little-endian order: catches u32le encoding.",
            {"tavla-le-counters"}});
  lib.flag({"SkippedFirstByte",
            BugType::kEdgeCase,
            "Block 0 starts with exactly one byte >= 252: catches a port that uses byte 0 (or byte 0 mod 6) "
            "without the skip rule.",
            {"tavla-accept-252"},
            depth_is(1)});
  lib.flag(
      {"SkippedBytes2",
       BugType::kEdgeCase,
       "Block 0 starts with exactly two bytes >= 252 (found by search over n): catches a port that skips at most one.",
       {"tavla-skips-at-most-1"},
       depth_is(2)});
  lib.flag({"SkippedBytes3",
            BugType::kEdgeCase,
            "Block 0 starts with exactly three bytes >= 252 (found by search over n): catches a port that skips at "
            "most two.",
            {"tavla-skips-at-most-2"},
            depth_is(3)});
  for (const StoredSkip& d : stored_skips(seq)) {
    lib.flag({"SkippedBytes" + std::to_string(d.depth),
              BugType::kEdgeCase,
              "Block 0 starts with exactly " + std::to_string(d.depth) +
                  " bytes >= 252 (a stored result of `fairvec "
                  "search` over n" +
                  (d.in.seed == seq.seed ? "" : " and derived seeds") +
                  ", re-verified by the generator): catches a port that skips at most " + std::to_string(d.depth - 1) +
                  ".",
              {"tavla-skips-at-most-" + std::to_string(d.depth - 1)},
              depth_is(d.depth)});
  }
  lib.flag({"SkippedSecondDieByte",
            BugType::kEdgeCase,
            "Byte 0 is accepted and byte 1 skipped, so die 2 comes from byte 2: catches a port that takes die 2 "
            "from the byte after die 1 without the skip rule.",
            {"tavla-die2-next-byte"},
            block0_is(second_byte_skipped)});
  // The shared text, with this family's property (a tie consumes its n).
  const Flag tie = shared_flags().pick({"EqualOpeningRoll"}).front();
  lib.flag({tie.name, tie.bug_type, tie.description, {}, equal_opening});
  lib.flag({"TurkishReroll",
            BugType::kFunctionality,
            "Turkish rule: after the deciding opening roll the winner rolls again (kind reroll), consuming the "
            "next n.",
            {"tavla-opening-rules-swapped"},
            kinds_follow(true)});
  lib.flag({"OpeningPlayed",
            BugType::kFunctionality,
            "The opening dice are played as the first move: no reroll; the first move roll follows the opening.",
            {"tavla-opening-rules-swapped"},
            kinds_follow(false)});
  lib.flag({"InvalidCounter",
            BugType::kMissingCheck,
            "n = 0 (rolls count from 1), n or block above 4294967295, or negative: must be bad input, not wrapped.",
            {"tavla-counters-wrapped"}});
  lib.flag({"InvalidSeedLength",
            BugType::kMissingCheck,
            "A seed of 31 or 33 bytes: the seed is exactly 32 bytes.",
            {"tavla-seed-length-unchecked"}});
  lib.flag({"InvalidSeed",
            BugType::kMissingCheck,
            "A seed that is not hex (odd length, a non-hex digit).",
            {"tavla-seed-as-text", "tavla-seed-hex-prefix"}});
  lib.flag({"InvalidUuid",
            BugType::kMissingCheck,
            "UUIDs not in the canonical 8-4-4-4-12 form: braces, urn:uuid:, no hyphens, misplaced hyphens, non-hex, "
            "other lengths.",
            {"tavla-lax-uuid"}});
  lib.flag({"InvalidContribution",
            BugType::kMissingCheck,
            "Contributions that are not exactly two 32-byte hex values (one entry, three entries, 31 bytes).",
            {"tavla-contributions-unchecked"}});
  lib.flag({"InvalidGameParams",
            BugType::kMissingCheck,
            "tavla.game with an unknown opening rule or too many moves.",
            {"tavla-game-params-unchecked"}});
  lib.share(shared_flags(), "IntegerAsText", {"tavla-integer-as-text"});
  lib.share(shared_flags(), "NumberAsText", {"tavla-number-as-text"});
  lib.share(shared_flags(), "IntegralFloat", {"tavla-integral-float"});
  lib.share(shared_flags(), "BooleanAsInteger", {"tavla-boolean-as-integer"});
}

VectorKind roll_vector_kind() {
  std::vector<std::string> flags = {"SequentialByteSeed", "BlockCounter",     "MaxCounter",    "CounterAboveInt32",
                                    "CounterEndianness",  "SkippedFirstByte", "SkippedBytes2", "SkippedBytes3"};
  for (const StoredSkip& d : stored_skips(sequential_inputs()))
    flags.push_back("SkippedBytes" + std::to_string(d.depth));
  for (const char* f : {"SkippedSecondDieByte", "EqualOpeningRoll", "TurkishReroll", "OpeningPlayed", "InvalidCounter",
                        "InvalidSeedLength", "InvalidSeed", "InvalidUuid", "InvalidContribution", "InvalidGameParams",
                        "IntegerAsText", "IntegralFloat", "BooleanAsInteger"}) {
    flags.push_back(f);
  }
  return catalog_kind({
      "tavla_roll_test.json",
      {"tavla-commit-v1 roll derivation: block MACs, rolls over blocks 0, 1, 2..., and game-level",
       "roll sequences. Rolls are numbered from n = 1; n and block are u32, big-endian in the MAC input.",
       "The sequential-byte-seed inputs are the seed document's: seed 00..1f, contributions 20..3f and",
       "40..5f; its game id is ours (60..6f). Skip depths were found by searching n = 1, 2, 3, ..."},
      library().pick(flags),
      {{.type = "TavlaBlock", .call = {"tavla.block"}, .fields = outputs({"blockInput", "mac"})},
       {.type = "TavlaBlockInvalid", .call = {"tavla.block"}},
       {.type = "TavlaRoll",
        .call = {"tavla.roll"},
        .fields = {{.name = "blocks", .from = "blockMacs"}, {"picked"}, {"dice"}},
        .hooks = {.more_calls = roll_more_calls}},
       {.type = "TavlaRollInvalid", .call = {"tavla.roll"}},
       {.type = "TavlaGame", .call = {"tavla.game"}},
       {.type = "TavlaGameInvalid", .call = {"tavla.game"}}},
      [](Cases& c) {
        const RollInputs seq = sequential_inputs();
        const Dice first = roll(default_backend(), seq, 1).pick.dice;
        block_cases(c, seq);
        roll_cases(c, seq, first[0] == first[1]);
        game_cases(c, seq, first[0] == first[1]);
      },
  });
}

}  // namespace fairvec::vectors::tavla_vec
