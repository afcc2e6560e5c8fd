// tavla_roll_test.json (tavla-commit-v1): block MACs, rolls over blocks 0, 1, 2..., and game-level
// roll sequences, with the skip depths found by search (shallow ones at generation, deep ones stored).
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "vectors/search_results.h"
#include "vectors/tavla_common.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

// Skip depths 4 and deeper are too rare to search at generation time (35 million MACs for depth 4):
// they are stored results of `fairvec search` (gen/vectors/search_results/, each with its command),
// re-verified at every generation. Depths 4 and 5 search n = 1, 2, 3, ... of the
// sequential-byte-seed inputs; a u32 n holds a depth-6 hit only about 1 time in 16, so depth 6
// searches seeds SHA-256(kSkipSeedLabel || u32be(k)), k = 0, 1, ..., with the same game id and
// contributions (class tavla-skip-derived, counter c = k * 2^32 + n). Depth 4 must be stored.
constexpr std::string_view kSkipSeedLabel = "fairvec/tavla-commit-v1/skip-search";
constexpr unsigned kDeepestSkip = 6;
const char* const kDepthWords[] = {"four", "five", "six"};

// StoredSkip is a stored deep skip: the inputs (seed possibly derived) and n.
struct StoredSkip {
  unsigned depth;
  RollInputs in;
  std::uint32_t n;
};

std::vector<StoredSkip> stored_skips(const RollInputs& seq) {
  std::vector<StoredSkip> out;
  for (unsigned depth = 4; depth <= kDeepestSkip; ++depth) {
    search::SearchSpec s;
    s.cls = "tavla-skip";
    s.seed = to_hex(seq.seed);
    s.game = "60616263-6465-6667-6869-6a6b6c6d6e6f";
    s.contributions = {to_hex(seq.contributions[0]), to_hex(seq.contributions[1])};
    s.depth = depth;
    s.from = 1;
    s.to = 0xffffffffULL;
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
    if (depth == 4) throw std::logic_error("tavla vectors: no stored search result for skip depth 4");
  }
  return out;
}

int skip_depth(const Digest& mac) {
  int d = 0;
  while (d < 32 && mac[static_cast<std::size_t>(d)] >= kFirstSkippedByte) ++d;
  return d;
}

// first_n returns the first n >= 1 (up to |limit|) whose block 0 satisfies |pred|.
std::uint32_t first_n(const BlockMacs& macs, std::uint32_t limit, const std::function<bool(const Digest&)>& pred,
                      const char* what) {
  for (std::uint32_t n = 1; n <= limit; ++n) {
    if (pred(macs.mac(n, 0))) return n;
  }
  throw std::logic_error(std::string("tavla vectors: no n found for ") + what);
}

// roll_outputs returns the members a roll test expects: every block MAC read, the bytes picked
// and the dice.
json::Object roll_outputs(const Roll& r) {
  json::Array blocks;
  for (std::size_t b = 0; b < r.macs.size(); ++b) {
    blocks.push_back(Value::object({{"block", int_value(b)}, {"mac", to_hex(r.macs[b])}}));
  }
  return {{"blocks", Value(std::move(blocks))}, {"picked", picked_value(r.pick)}, {"dice", dice_value(r.pick.dice)}};
}

Value generate_roll() {
  VectorFileBuilder b("tavla-commit-v1", "tavla_roll_schema.json",
                      {"tavla-commit-v1 roll derivation: block MACs, rolls over blocks 0, 1, 2..., and game-level",
                       "roll sequences. Rolls are numbered from n = 1; n and block are u32, big-endian in the MAC input.",
                       "The sequential-byte-seed inputs are the seed document's: seed 00..1f, contributions 20..3f and",
                       "40..5f; its game id is ours (60..6f). Skip depths were found by searching n = 1, 2, 3, ..."});
  b.note("SequentialByteSeed", "BASIC",
         "The seed document's sequential-byte-seed inputs (seed 00..1f, contributions 20..3f, 40..5f). The "
         "seed document publishes the inputs, not outputs: the expected values are this kit's, recomputed "
         "independently by tests/reference/recompute.py.");
  b.note("BlockCounter", "ENCODING",
         "A block index above 0 in the MAC input: catches a port that leaves out u32be(block) or writes it in "
         "another width or order.");
  b.note("MaxCounter", "BOUNDARY",
         "n or block = 4294967295, the largest u32: catches counters held in a signed or narrower type, or "
         "rejected as too large.");
  b.note("CounterAboveInt32", "BOUNDARY",
         "n = 2147483648, just above the largest signed 32-bit integer: catches a port that encodes n through a "
         "signed int (JavaScript's | 0 or DataView.setInt32 with overflow).");
  b.note("CounterEndianness", "ENCODING",
         "n and block whose four bytes differ from their little-endian order: catches u32le encoding.");
  b.note("SkippedFirstByte", "EDGE_CASE",
         "Block 0 starts with exactly one byte >= 252: catches a port that uses byte 0 (or byte 0 mod 6) "
         "without the skip rule.");
  b.note("SkippedBytes2", "EDGE_CASE", "Block 0 starts with exactly two bytes >= 252 (found by search over n).");
  b.note("SkippedBytes3", "EDGE_CASE", "Block 0 starts with exactly three bytes >= 252 (found by search over n).");
  const std::vector<StoredSkip> deep = stored_skips(sequential_inputs());
  for (const StoredSkip& d : deep) {
    b.note("SkippedBytes" + std::to_string(d.depth), "EDGE_CASE",
           "Block 0 starts with exactly " + std::to_string(d.depth) + " bytes >= 252 (a stored result of `fairvec "
           "search` over n" + (d.in.seed == sequential_inputs().seed ? "" : " and derived seeds") +
           ", re-verified by the generator).");
  }
  b.note("SkippedSecondDieByte", "EDGE_CASE",
         "Byte 0 is accepted and byte 1 skipped, so die 2 comes from byte 2: catches a port that takes die 2 "
         "from the byte after die 1 without the skip rule.");
  b.note("EqualOpeningRoll", "EDGE_CASE",
         "An opening roll with equal dice: the tie is rolled again and still consumes its n. Catches a port "
         "that re-rolls a tie with the same n, or does not count it.");
  b.note("TurkishReroll", "FUNCTIONALITY",
         "Turkish rule: after the deciding opening roll the winner rolls again (kind reroll), consuming the "
         "next n.");
  b.note("OpeningPlayed", "FUNCTIONALITY",
         "The opening dice are played as the first move: no reroll; the first move roll follows the opening.");
  b.note("InvalidCounter", "MISSING_CHECK",
         "n = 0 (rolls count from 1), n or block above 4294967295, or negative: must be bad input, not wrapped.");
  b.note("InvalidSeedLength", "MISSING_CHECK", "A seed of 31 or 33 bytes: the seed is exactly 32 bytes.");
  b.note("InvalidSeed", "MISSING_CHECK", "A seed that is not hex (odd length, a non-hex digit).");
  b.note("InvalidUuid", "MISSING_CHECK", "A game id that is not in the canonical 8-4-4-4-12 form.");
  b.note("InvalidContribution", "MISSING_CHECK",
         "Contributions that are not exactly two 32-byte hex values (one entry, three entries, 31 bytes).");
  b.note("InvalidGameParams", "MISSING_CHECK", "tavla.game with an unknown opening rule or too many moves.");

  const Backend& backend = default_backend();
  const RollInputs seq = sequential_inputs();
  const BlockMacs seq_macs(backend, seq);

  // Block MACs.
  b.group({{"type", "TavlaBlock"}});
  auto add_block = [&](const RollInputs& in, std::uint32_t n, std::uint32_t block, std::string comment,
                       std::vector<std::string> flags) {
    json::Object f = inputs_fields(in);
    f.emplace_back("n", int_value(n));
    f.emplace_back("block", int_value(block));
    f.emplace_back("blockInput", to_hex(block_input(in, n, block)));
    f.emplace_back("mac", to_hex(block_mac(backend, in, n, block)));
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(f));
  };
  add_block(seq, 1, 0, "sequential-byte-seed, first roll, block 0", {"SequentialByteSeed"});
  add_block(seq, 1, 1, "sequential-byte-seed, first roll, block 1", {"SequentialByteSeed", "BlockCounter"});
  add_block(seq, 4294967295u, 4294967295u, "sequential-byte-seed, the largest counter and block values",
            {"SequentialByteSeed", "MaxCounter"});
  add_block(seq, 1, 4294967295u, "largest block index", {"SequentialByteSeed", "MaxCounter", "BlockCounter"});
  add_block(seq, 0x01020304u, 0x05060708u, "n = 0x01020304, block = 0x05060708: little-endian would differ",
            {"SequentialByteSeed", "CounterEndianness", "BlockCounter"});
  add_block(seq, 256, 0, "n = 256: u32le would write 00 01 00 00", {"SequentialByteSeed", "CounterEndianness"});
  add_block(seq, 2147483648u, 2147483648u, "n = block = 2^31", {"SequentialByteSeed", "CounterAboveInt32", "BlockCounter"});

  b.group({{"type", "TavlaBlockInvalid"}});
  const std::string seq_seed = to_hex(seq.seed);
  const std::string seq_game = format_uuid(seq.game_id);
  auto add_block_invalid = [&](std::string seed, std::string game, Value contributions, Value n, Value block,
                               std::string error, std::string comment, std::vector<std::string> flags) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"seed", std::move(seed)},
           {"gameId", std::move(game)},
           {"contributions", std::move(contributions)},
           {"n", std::move(n)},
           {"block", std::move(block)},
           {"error", std::move(error)}});
  };
  const Value seq_contribs = contributions_value(seq);
  add_block_invalid(seq_seed, seq_game, seq_contribs, 0, 0, "n", "n = 0: rolls are numbered from 1", {"InvalidCounter"});
  add_block_invalid(seq_seed, seq_game, seq_contribs, int_value(4294967296ull), 0, "n", "n = 2^32 does not fit a u32",
                    {"InvalidCounter"});
  add_block_invalid(seq_seed, seq_game, seq_contribs, 1, int_value(4294967296ull), "block",
                    "block = 2^32 does not fit a u32", {"InvalidCounter"});
  add_block_invalid(seq_seed, seq_game, seq_contribs, -1, 0, "n", "n = -1", {"InvalidCounter"});
  add_block_invalid(to_hex(sequential(0x00, 31)), seq_game, seq_contribs, 1, 0, "seed", "31-byte seed",
                    {"InvalidSeedLength"});
  add_block_invalid(to_hex(sequential(0x00, 33)), seq_game, seq_contribs, 1, 0, "seed", "33-byte seed",
                    {"InvalidSeedLength"});
  add_block_invalid(seq_seed.substr(0, 63), seq_game, seq_contribs, 1, 0, "seed", "seed hex of odd length 63",
                    {"InvalidSeed"});
  add_block_invalid("0g" + seq_seed.substr(2), seq_game, seq_contribs, 1, 0, "seed", "seed with a non-hex digit",
                    {"InvalidSeed"});
  add_block_invalid(seq_seed, "{" + seq_game + "}", seq_contribs, 1, 0, "gameId", "game id in GUID braces",
                    {"InvalidUuid"});
  add_block_invalid(seq_seed, to_hex(seq.game_id), seq_contribs, 1, 0, "gameId", "game id without hyphens",
                    {"InvalidUuid"});
  add_block_invalid(seq_seed, seq_game, Value::array({to_hex(seq.contributions[0])}), 1, 0, "contributions",
                    "one contribution", {"InvalidContribution"});
  add_block_invalid(seq_seed, seq_game,
                    Value::array({to_hex(seq.contributions[0]), to_hex(seq.contributions[1]), to_hex(seq.seed)}), 1,
                    0, "contributions", "three contributions", {"InvalidContribution"});
  add_block_invalid(seq_seed, seq_game,
                    Value::array({to_hex(seq.contributions[0]), to_hex(seq.contributions[1]).substr(0, 62)}), 1, 0,
                    "contributions[1]", "contribution 1 of 31 bytes", {"InvalidContribution"});

  // Rolls.
  b.group({{"type", "TavlaRoll"}});
  auto add_roll = [&](const RollInputs& in, std::uint32_t n, std::string comment, std::vector<std::string> flags) {
    json::Object f = inputs_fields(in);
    f.emplace_back("n", int_value(n));
    for (auto& m : roll_outputs(roll(backend, in, n))) f.push_back(std::move(m));
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(f));
  };
  Dice first = roll(backend, seq, 1).pick.dice;
  bool first_tie = first[0] == first[1];
  add_roll(seq, 1, first_tie ? "sequential-byte-seed, n = 1: an equal opening roll" : "sequential-byte-seed, n = 1",
           first_tie ? std::vector<std::string>{"SequentialByteSeed", "EqualOpeningRoll"}
                     : std::vector<std::string>{"SequentialByteSeed"});
  add_roll(seq, 2, "sequential-byte-seed, n = 2", {"SequentialByteSeed"});
  std::uint32_t depth1 = first_n(seq_macs, 1u << 20, [](const Digest& m) { return skip_depth(m) == 1; }, "depth 1");
  add_roll(seq, depth1, "sequential-byte-seed: the first n whose first byte is skipped",
           {"SequentialByteSeed", "SkippedFirstByte"});
  std::uint32_t depth2 = first_n(seq_macs, 1u << 22, [](const Digest& m) { return skip_depth(m) == 2; }, "depth 2");
  add_roll(seq, depth2, "sequential-byte-seed: the first n whose block 0 starts with two skipped bytes",
           {"SequentialByteSeed", "SkippedBytes2"});
  std::uint32_t depth3 = first_n(seq_macs, 1u << 22, [](const Digest& m) { return skip_depth(m) == 3; }, "depth 3");
  add_roll(seq, depth3, "sequential-byte-seed: the first n whose block 0 starts with three skipped bytes",
           {"SequentialByteSeed", "SkippedBytes3"});
  for (const StoredSkip& d : deep) {
    if (skip_depth(BlockMacs(backend, d.in).mac(d.n, 0)) != static_cast<int>(d.depth)) {
      throw std::logic_error("tavla vectors: stored skip depth " + std::to_string(d.depth) + " does not verify");
    }
    const bool same_seed = d.in.seed == seq.seed;
    add_roll(d.in, d.n,
             std::string(same_seed ? "sequential-byte-seed" : "sequential-byte-seed game and contributions, derived seed") +
                 ": the first n whose block 0 starts with " + kDepthWords[d.depth - 4] + " skipped bytes",
             same_seed ? std::vector<std::string>{"SequentialByteSeed", "SkippedBytes" + std::to_string(d.depth)}
                      : std::vector<std::string>{"SkippedBytes" + std::to_string(d.depth)});
  }
  std::uint32_t second = first_n(
      seq_macs, 1u << 20,
      [](const Digest& m) { return m[0] < kFirstSkippedByte && m[1] >= kFirstSkippedByte && m[2] < kFirstSkippedByte; },
      "second byte skipped");
  add_roll(seq, second, "sequential-byte-seed: byte 0 accepted, byte 1 skipped, die 2 from byte 2",
           {"SequentialByteSeed", "SkippedSecondDieByte"});
  add_roll(seq, 4294967295u, "sequential-byte-seed, the largest n", {"SequentialByteSeed", "MaxCounter"});
  add_roll(seq, 2147483648u, "n = 2^31", {"SequentialByteSeed", "CounterAboveInt32"});
  add_roll(seq, 0x01020304u, "n = 0x01020304: little-endian would differ", {"SequentialByteSeed", "CounterEndianness"});

  b.group({{"type", "TavlaRollInvalid"}});
  auto add_roll_invalid = [&](Value n, std::string comment) {
    json::Object f = inputs_fields(seq);
    f.emplace_back("n", std::move(n));
    f.emplace_back("error", "n");
    b.add(std::move(comment), {"InvalidCounter"}, Result::kInvalid, std::move(f));
  };
  add_roll_invalid(0, "n = 0: rolls are numbered from 1");
  add_roll_invalid(int_value(4294967296ull), "n = 2^32 does not fit a u32");

  // Game-level sequences.
  b.group({{"type", "TavlaGame"}});
  auto add_game = [&](const RollInputs& in, OpeningRule rule, std::uint32_t moves, std::string comment,
                      std::vector<std::string> flags) {
    json::Object f = inputs_fields(in);
    f.emplace_back("opening", opening_rule_name(rule));
    f.emplace_back("moves", int_value(moves));
    f.emplace_back("rolls", rolls_value(game_rolls(backend, in, rule, moves, "moves")));
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(f));
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
  add_game(seq, OpeningRule::kReroll, 4, "sequential-byte-seed game, Turkish rule, 4 move rolls", seq_game_flags);
  std::vector<std::string> play_flags{"SequentialByteSeed", "OpeningPlayed"};
  if (first_tie) play_flags.push_back("EqualOpeningRoll");
  add_game(seq, OpeningRule::kPlay, 3, "sequential-byte-seed game, opening dice played, 3 move rolls", play_flags);
  for (int want = 1; want <= 3; ++want) {
    RollInputs in = seq;
    std::uint32_t k = 0;
    for (;; ++k) {
      if (k > 100000) throw std::logic_error("tavla vectors: no seed with the wanted opening ties");
      in.seed = derived_seed("fairvec tavla-commit-v1 opening ties", k);
      if (ties_of(in) == want) break;
    }
    add_game(in, OpeningRule::kReroll, 2,
             std::to_string(want) + " tied opening roll" + (want > 1 ? "s" : "") +
                 " before the deciding one, Turkish rule (seed = SHA-256(\"fairvec tavla-commit-v1 opening ties\" || u32be(" +
                 std::to_string(k) + ")))",
             {"EqualOpeningRoll", "TurkishReroll"});
    if (want == 1) {
      add_game(in, OpeningRule::kPlay, 2, "1 tied opening roll, opening dice played", {"EqualOpeningRoll", "OpeningPlayed"});
    }
  }
  add_game(seq, OpeningRule::kReroll, 0, "no move rolls: the opening and the reroll only", {"SequentialByteSeed", "TurkishReroll"});

  b.group({{"type", "TavlaGameInvalid"}});
  {
    json::Object f = inputs_fields(seq);
    f.emplace_back("opening", "western");
    f.emplace_back("moves", 1);
    f.emplace_back("error", "opening");
    b.add("unknown opening rule", {"InvalidGameParams"}, Result::kInvalid, std::move(f));
    json::Object g = inputs_fields(seq);
    g.emplace_back("opening", "reroll");
    g.emplace_back("moves", int_value(kMaxGameMoves + 1));
    g.emplace_back("error", "moves");
    b.add("more move rolls than one request may ask for", {"InvalidGameParams"}, Result::kInvalid, std::move(g));
  }
  return b.build();
}

// BlockArgs are the inputs of a tavla.block test, read as the library reads them.
struct BlockArgs {
  RollInputs in;
  std::uint32_t n;
  std::uint32_t block;
};

BlockArgs block_args(const TestRef& t) {
  RollInputs in = parse_inputs(t.test);
  std::uint32_t n = check_n(counter(t.test, "n"), "n");
  return {in, n, check_block(counter(t.test, "block"), "block")};
}

std::vector<GameRoll> game_of(const TestRef& t, const Backend& backend) {
  RollInputs in = parse_inputs(t.test);
  return game_rolls(backend, in, parse_opening_rule(test_string(t, "opening"), "opening"), counter(t.test, "moves"),
                    "moves");
}

std::string check_block_test(const TestRef& t, const Backend& backend) {
  const BlockArgs a = block_args(t);
  return first_failure({expect_eq("blockInput", test_string(t, "blockInput"), to_hex(block_input(a.in, a.n, a.block))),
                        expect_eq("mac", test_string(t, "mac"), to_hex(block_mac(backend, a.in, a.n, a.block))),
                        expect_eq("mac (incremental)", test_string(t, "mac"), to_hex(BlockMacs(backend, a.in).mac(a.n, a.block)))});
}

std::string check_game_test(const TestRef& t, const Backend& backend) {
  const auto rolls = game_of(t, backend);
  for (std::size_t i = 1; i < rolls.size(); ++i) {
    if (!kind_may_follow(&rolls[i - 1], rolls[i].kind)) return "game_rolls broke the kind order";
  }
  return expect_member(t, "rolls", rolls_value(rolls));
}

// roll_calls: tavla.roll, then tavla.block for every block the roll read, then tavla.pick over
// those blocks' MACs.
std::vector<PortCall> roll_calls(const TestRef& t) {
  std::vector<PortCall> calls{call_of(t, "tavla.roll", {"seed", "gameId", "contributions", "n"}, {"dice"})};
  json::Array macs;
  for (const auto& blk : test_member(t, "blocks").GetArray()) {
    json::Value p = params_of(t, {"seed", "gameId", "contributions", "n"});
    p.set("block", Value::from_rapidjson(blk["block"]));
    calls.push_back(ok_call("tavla.block", std::move(p), Value::object({{"mac", Value::from_rapidjson(blk["mac"])}})));
    macs.push_back(Value::from_rapidjson(blk["mac"]));
  }
  calls.push_back(ok_call("tavla.pick", Value::object({{"blocks", Value(std::move(macs))}}),
                          Value::object({{"dice", test_value(t, "dice")}, {"blocks", int_value(test_member(t, "blocks").Size())}})));
  return calls;
}

std::vector<PortCall> block_calls(const TestRef& t) {
  return {call_of(t, "tavla.block", {"seed", "gameId", "contributions", "n", "block"}, {"mac"})};
}

std::vector<PortCall> game_calls(const TestRef& t) {
  return {call_of(t, "tavla.game", {"seed", "gameId", "contributions", "opening", "moves"}, {"rolls"})};
}

}  // namespace

VectorKind roll_vector_kind() {
  return group_kind(
      "tavla_roll_test.json", "tavla_roll_schema.json", generate_roll,
      {{"TavlaBlock", check_block_test, block_calls},
       {"TavlaBlockInvalid",
        rejects([](const TestRef& t, const Backend& backend) {
          const BlockArgs a = block_args(t);
          (void)block_mac(backend, a.in, a.n, a.block);
        }),
        block_calls},
       {"TavlaRoll",
        [](const TestRef& t, const Backend& backend) {
          return expect_members(t, roll_outputs(roll(backend, parse_inputs(t.test), counter(t.test, "n"))));
        },
        roll_calls},
       {"TavlaRollInvalid",
        rejects([](const TestRef& t, const Backend& backend) { (void)roll(backend, parse_inputs(t.test), counter(t.test, "n")); }),
        [](const TestRef& t) {
          return std::vector<PortCall>{call_of(t, "tavla.roll", {"seed", "gameId", "contributions", "n"}, {"dice"})};
        }},
       {"TavlaGame", check_game_test, game_calls},
       {"TavlaGameInvalid",
        rejects([](const TestRef& t, const Backend& backend) { (void)game_of(t, backend); }),
        game_calls}});
}

}  // namespace fairvec::vectors::tavla_vec
