// Vector files of the tavla family: tavla-commit-v1 (rolls, byte picking, commitments and seal
// codes, proof files) and the canonical JSON behind its settings hash.
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include "core/errors.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla.h"
#include "schemes/tavla_proof.h"
#include "vectors/search_results.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace {

using namespace fairvec::tavla;
using json::Value;

// ----------------------------------------------------------------------------------------------
// Shared inputs and helpers

Bytes sequential(std::uint8_t first, std::size_t n) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(first + i);
  return b;
}

Digest digest_of(const Bytes& b) {
  Digest d{};
  std::copy(b.begin(), b.end(), d.begin());
  return d;
}

Uuid uuid_of(const Bytes& b) {
  Uuid u{};
  std::copy(b.begin(), b.end(), u.begin());
  return u;
}

// The "sequential-byte-seed" inputs of the seed document: seed 00..1f, contributions 20..3f and
// 40..5f. The seed gives no game id or seats; ours continue the sequence: 60..6f, 70..7f, 80..8f.
RollInputs sequential_inputs() {
  return {digest_of(sequential(0x00, 32)), uuid_of(sequential(0x60, 16)),
          {digest_of(sequential(0x20, 32)), digest_of(sequential(0x40, 32))}};
}
const Uuid kSeqSeat0 = uuid_of(sequential(0x70, 16));
const Uuid kSeqSeat1 = uuid_of(sequential(0x80, 16));

// derived_seed returns SHA-256(label || u32be(k)): the deterministic seeds of searched vectors.
Digest derived_seed(std::string_view label, std::uint32_t k) {
  Bytes m;
  append(m, label);
  append_u32be(m, k);
  return default_backend().sha256(m);
}

Value dice_value(const Dice& d) { return Value::array({d[0], d[1]}); }
Value int_value(std::uint64_t v) { return Value(static_cast<std::int64_t>(v)); }

Value contributions_value(const RollInputs& in) {
  return Value::array({to_hex(in.contributions[0]), to_hex(in.contributions[1])});
}

json::Object inputs_fields(const RollInputs& in) {
  return {{"seed", to_hex(in.seed)}, {"gameId", format_uuid(in.game_id)}, {"contributions", contributions_value(in)}};
}

Value picked_value(const Pick& p) {
  json::Array a;
  for (const auto& b : p.picked) {
    a.push_back(Value::object({{"block", int_value(b.block)}, {"index", int_value(b.index)}, {"byte", int_value(b.byte)}}));
  }
  return Value(std::move(a));
}

Value rolls_value(const std::vector<GameRoll>& rolls) {
  json::Array a;
  for (const auto& g : rolls) {
    a.push_back(Value::object({{"n", int_value(g.n)}, {"kind", kind_name(g.kind)}, {"dice", dice_value(g.dice)}}));
  }
  return Value(std::move(a));
}

// Accessors over a test.

// parse_inputs reads seed, gameId and contributions of a test as the library sees them.
RollInputs parse_inputs(const rapidjson::Value& test) {
  RollInputs in;
  const auto& seed = json::member(test, "seed", "test");
  const auto& game = json::member(test, "gameId", "test");
  const auto& contributions = json::member(test, "contributions", "test");
  if (!seed.IsString()) throw InputError("seed", "must be a string");
  if (!game.IsString()) throw InputError("gameId", "must be a string");
  in.seed = parse_secret(seed.GetString(), "seed");
  in.game_id = parse_uuid(game.GetString(), "gameId");
  if (!contributions.IsArray() || contributions.Size() != 2) {
    throw InputError("contributions", "must hold exactly 2 entries");
  }
  for (rapidjson::SizeType i = 0; i < 2; ++i) {
    std::string f = "contributions[" + std::to_string(i) + "]";
    if (!contributions[i].IsString()) throw InputError(f, "must be a string");
    in.contributions[i] = parse_secret(contributions[i].GetString(), f);
  }
  return in;
}

std::uint64_t counter(const rapidjson::Value& test, const char* key) {
  const auto& v = json::member(test, key, "test");
  if (!v.IsUint64()) throw InputError(key, "must be a non-negative integer");
  return v.GetUint64();
}

// Reading tests: vectors/test_reader.h.

// ----------------------------------------------------------------------------------------------
// tavla_roll_test.json

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

Value roll_test_fields_value(const RollInputs& in, std::uint32_t n, json::Object& fields) {
  Roll r = roll(default_backend(), in, n);
  fields = inputs_fields(in);
  fields.emplace_back("n", int_value(n));
  json::Array blocks;
  for (std::size_t b = 0; b < r.macs.size(); ++b) {
    blocks.push_back(Value::object({{"block", int_value(b)}, {"mac", to_hex(r.macs[b])}}));
  }
  fields.emplace_back("blocks", Value(std::move(blocks)));
  fields.emplace_back("picked", picked_value(r.pick));
  fields.emplace_back("dice", dice_value(r.pick.dice));
  return dice_value(r.pick.dice);
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
    json::Object f;
    roll_test_fields_value(in, n, f);
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

std::string check_roll(const TestRef& t, const Backend& backend) {
  const std::string type = group_type(t);
  if (type == "TavlaBlock") {
    RollInputs in = parse_inputs(t.test);
    std::uint32_t n = check_n(counter(t.test, "n"), "n");
    std::uint32_t block = check_block(counter(t.test, "block"), "block");
    std::string f = expect_eq("blockInput", test_string(t, "blockInput"), to_hex(block_input(in, n, block)));
    if (!f.empty()) return f;
    f = expect_eq("mac", test_string(t, "mac"), to_hex(block_mac(backend, in, n, block)));
    if (!f.empty()) return f;
    return expect_eq("mac (incremental)", test_string(t, "mac"), to_hex(BlockMacs(backend, in).mac(n, block)));
  }
  if (type == "TavlaBlockInvalid") {
    return expect_error(t, [&] {
      RollInputs in = parse_inputs(t.test);
      std::uint32_t n = check_n(counter(t.test, "n"), "n");
      std::uint32_t block = check_block(counter(t.test, "block"), "block");
      (void)block_mac(backend, in, n, block);
    });
  }
  if (type == "TavlaRoll") {
    RollInputs in = parse_inputs(t.test);
    Roll r = roll(backend, in, counter(t.test, "n"));
    json::Object f;
    Value blocks;
    {
      json::Array a;
      for (std::size_t i = 0; i < r.macs.size(); ++i) {
        a.push_back(Value::object({{"block", int_value(i)}, {"mac", to_hex(r.macs[i])}}));
      }
      blocks = Value(std::move(a));
    }
    std::string e = expect_eq("blocks", json::to_text(test_member(t, "blocks")), json::to_line(blocks));
    if (!e.empty()) return e;
    e = expect_eq("picked", json::to_text(test_member(t, "picked")), json::to_line(picked_value(r.pick)));
    if (!e.empty()) return e;
    return expect_eq("dice", json::to_text(test_member(t, "dice")), json::to_line(dice_value(r.pick.dice)));
  }
  if (type == "TavlaRollInvalid") {
    return expect_error(t, [&] { (void)roll(backend, parse_inputs(t.test), counter(t.test, "n")); });
  }
  if (type == "TavlaGame") {
    RollInputs in = parse_inputs(t.test);
    auto rolls = game_rolls(backend, in, parse_opening_rule(test_string(t, "opening"), "opening"), counter(t.test, "moves"),
                            "moves");
    for (std::size_t i = 1; i < rolls.size(); ++i) {
      if (!kind_may_follow(&rolls[i - 1], rolls[i].kind)) return "game_rolls broke the kind order";
    }
    return expect_eq("rolls", json::to_text(test_member(t, "rolls")), json::to_line(rolls_value(rolls)));
  }
  if (type == "TavlaGameInvalid") {
    return expect_error(t, [&] {
      RollInputs in = parse_inputs(t.test);
      (void)game_rolls(backend, in, parse_opening_rule(test_string(t, "opening"), "opening"), counter(t.test, "moves"),
                       "moves");
    });
  }
  return "unknown group type " + type;
}

std::vector<PortCall> roll_calls(const TestRef& t) {
  const std::string type = group_type(t);
  std::vector<PortCall> calls;
  if (type == "TavlaBlock") {
    calls.push_back({"tavla.block", params_of(t, {"seed", "gameId", "contributions", "n", "block"}),
                     Value::object({{"mac", test_string(t, "mac")}})});
  } else if (type == "TavlaBlockInvalid") {
    calls.push_back({"tavla.block", params_of(t, {"seed", "gameId", "contributions", "n", "block"}), std::nullopt});
  } else if (type == "TavlaRoll") {
    calls.push_back({"tavla.roll", params_of(t, {"seed", "gameId", "contributions", "n"}),
                     Value::object({{"dice", test_value(t, "dice")}})});
    json::Array macs;
    for (const auto& blk : test_member(t, "blocks").GetArray()) {
      json::Object p{{"seed", test_value(t, "seed")}, {"gameId", test_value(t, "gameId")}, {"contributions", test_value(t, "contributions")},
                     {"n", test_value(t, "n")}, {"block", Value::from_rapidjson(blk["block"])}};
      calls.push_back({"tavla.block", Value(std::move(p)), Value::object({{"mac", Value::from_rapidjson(blk["mac"])}})});
      macs.push_back(Value::from_rapidjson(blk["mac"]));
    }
    calls.push_back({"tavla.pick", Value::object({{"blocks", Value(std::move(macs))}}),
                     Value::object({{"dice", test_value(t, "dice")},
                                    {"blocks", int_value(test_member(t, "blocks").Size())}})});
  } else if (type == "TavlaRollInvalid") {
    calls.push_back({"tavla.roll", params_of(t, {"seed", "gameId", "contributions", "n"}), std::nullopt});
  } else if (type == "TavlaGame") {
    calls.push_back({"tavla.game", params_of(t, {"seed", "gameId", "contributions", "opening", "moves"}),
                     Value::object({{"rolls", test_value(t, "rolls")}})});
  } else if (type == "TavlaGameInvalid") {
    calls.push_back({"tavla.game", params_of(t, {"seed", "gameId", "contributions", "opening", "moves"}), std::nullopt});
  }
  return calls;
}

// ----------------------------------------------------------------------------------------------
// tavla_pick_test.json

// filler_block returns 32 deterministic bytes (SHA-256 of a label and |k|).
Digest filler_block(std::uint32_t k) { return derived_seed("fairvec tavla-commit-v1 pick filler", k); }

Digest skipped_block(std::uint32_t k) {
  Digest d = filler_block(k);
  for (auto& x : d) x = static_cast<std::uint8_t>(kFirstSkippedByte + (x & 3));
  return d;
}

Value blocks_value(const std::vector<Digest>& blocks) {
  json::Array a;
  for (const auto& d : blocks) a.emplace_back(to_hex(d));
  return Value(std::move(a));
}

Value generate_pick() {
  VectorFileBuilder b("tavla-commit-v1", "tavla_pick_schema.json",
                      {"tavla-commit-v1 dice from given blocks: the accepted bytes (< 252) of blocks 0, 1, 2... form",
                       "one stream; the first two give the dice as byte % 6 + 1. Blocks that run out of accepted bytes",
                       "cannot be found by search (about 2^-180), so these tests give the blocks themselves."});
  b.note("BlockRollover", "EDGE_CASE",
         "Die 1 comes from block 0 and die 2 from a later block: catches a port that restarts both dice in the "
         "next block, or reads die 2 from the wrong block.");
  b.note("BothDiceInLaterBlock", "EDGE_CASE",
         "Blocks 0 and 1 hold only skipped bytes; both dice come from block 2.");
  b.note("ExtraBlocksIgnored", "EDGE_CASE",
         "More blocks are given than needed: the count of blocks read stops at the block holding die 2.");
  b.note("ByteBoundary", "BOUNDARY",
         "Bytes 251 (accepted, die 6), 252 (skipped), 0 (die 1), 5 (die 6) and 6 (die 1): catches an off-by-one "
         "in the skip limit or the modulus.");
  b.note("LastByteOfBlock", "BOUNDARY", "A die taken from byte 31, the last byte of a block.");
  b.note("AllSkippedBlocks", "MISSING_CHECK",
         "The given blocks hold fewer than two accepted bytes: there are no dice to give; must be bad input, not "
         "invented dice or a read past the end.");
  b.note("InvalidBlock", "MISSING_CHECK", "No blocks, or a block that is not 32 bytes of hex.");

  auto add = [&](std::vector<Digest> blocks, std::string comment, std::vector<std::string> flags) {
    Pick p = pick(blocks, "blocks");
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"blocks", blocks_value(blocks)},
           {"picked", picked_value(p)},
           {"dice", dice_value(p.dice)},
           {"blocksRead", int_value(p.blocks_read)}});
  };
  b.group({{"type", "TavlaPick"}});
  {
    Digest b0 = skipped_block(0), b1 = filler_block(1);
    b0[31] = 7;    // die 1 = 7 % 6 + 1 = 2, the last byte of block 0
    b1[0] = 0xfe;  // skipped
    b1[1] = 17;    // die 2 = 6
    add({b0, b1}, "die 1 from the last byte of block 0, die 2 from byte 1 of block 1",
        {"BlockRollover", "LastByteOfBlock"});
  }
  {
    Digest b0 = skipped_block(2), b1 = filler_block(3);
    b0[0] = 100;  // die 1 = 5, the only accepted byte of block 0
    b1[0] = 33;   // die 2 = 4
    add({b0, b1}, "block 0's only accepted byte is byte 0; die 2 from byte 0 of block 1", {"BlockRollover"});
  }
  {
    Digest b0 = skipped_block(4), b1 = skipped_block(5), b2 = filler_block(6);
    b2[0] = 0;    // die 1
    b2[1] = 251;  // die 6
    add({b0, b1, b2}, "blocks 0 and 1 all skipped; both dice from block 2", {"BothDiceInLaterBlock", "ByteBoundary"});
  }
  {
    Digest b0 = skipped_block(7), b1 = skipped_block(8), b2 = skipped_block(9), b3 = filler_block(10);
    b0[20] = 212;  // die 1 = 212 % 6 + 1 = 3
    b3[5] = 3;     // die 2 = 4
    add({b0, b1, b2, b3}, "die 1 from block 0, blocks 1 and 2 all skipped, die 2 from block 3", {"BlockRollover"});
  }
  {
    Digest b0 = filler_block(11);
    b0[0] = 251;
    b0[1] = 252;
    b0[2] = 0;
    add({b0, filler_block(12), filler_block(13)}, "251 accepted, 252 skipped, 0 accepted; blocks 1 and 2 not read",
        {"ByteBoundary", "ExtraBlocksIgnored"});
  }
  {
    Digest b0 = filler_block(14);
    b0[0] = 255;
    b0[1] = 254;
    b0[2] = 253;
    b0[3] = 252;
    b0[4] = 5;
    b0[5] = 6;
    add({b0}, "255, 254, 253, 252 skipped; 5 gives 6, 6 gives 1", {"ByteBoundary"});
  }
  {
    Digest b0 = skipped_block(15), b1 = filler_block(16);
    b0[30] = 41;  // die 1 = 6
    b0[31] = 42;  // die 2 = 1
    add({b0, b1}, "both dice from the last two bytes of block 0; block 1 not read", {"LastByteOfBlock", "ExtraBlocksIgnored"});
  }

  b.group({{"type", "TavlaPickInvalid"}});
  auto add_invalid = [&](Value blocks, std::string error, std::string comment, std::vector<std::string> flags) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid, {{"blocks", std::move(blocks)}, {"error", std::move(error)}});
  };
  add_invalid(blocks_value({skipped_block(17)}), "blocks", "one block, all bytes skipped", {"AllSkippedBlocks"});
  add_invalid(blocks_value({skipped_block(18), skipped_block(19), skipped_block(20)}), "blocks",
              "three blocks, all bytes skipped", {"AllSkippedBlocks"});
  {
    Digest b0 = skipped_block(21);
    b0[9] = 77;
    add_invalid(blocks_value({b0, skipped_block(22)}), "blocks", "one accepted byte in all the blocks given",
                {"AllSkippedBlocks"});
  }
  add_invalid(Value::array(), "blocks", "no blocks", {"InvalidBlock"});
  add_invalid(Value::array({to_hex(filler_block(23)).substr(0, 62)}), "blocks[0]", "a block of 31 bytes",
              {"InvalidBlock"});
  add_invalid(Value::array({to_hex(filler_block(24)) + "00"}), "blocks[0]", "a block of 33 bytes", {"InvalidBlock"});
  add_invalid(Value::array({to_hex(filler_block(25)), "zz" + to_hex(filler_block(26)).substr(2)}), "blocks[1]",
              "block 1 is not hex", {"InvalidBlock"});
  return b.build();
}

std::vector<Digest> blocks_of(const TestRef& t) {
  std::vector<Digest> out;
  const auto& a = test_member(t, "blocks");
  if (!a.IsArray()) throw InputError("blocks", "must be an array");
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
    std::string f = "blocks[" + std::to_string(i) + "]";
    if (!a[i].IsString()) throw InputError(f, "must be a string");
    out.push_back(digest_from_hex(a[i].GetString(), f));
  }
  return out;
}

std::string check_pick(const TestRef& t, const Backend&) {
  if (group_type(t) == "TavlaPickInvalid") {
    return expect_error(t, [&] { (void)pick(blocks_of(t), "blocks"); });
  }
  Pick p = pick(blocks_of(t), "blocks");
  std::string e = expect_eq("picked", json::to_text(test_member(t, "picked")), json::to_line(picked_value(p)));
  if (!e.empty()) return e;
  e = expect_eq("blocksRead", json::to_text(test_member(t, "blocksRead")), std::to_string(p.blocks_read));
  if (!e.empty()) return e;
  return expect_eq("dice", json::to_text(test_member(t, "dice")), json::to_line(dice_value(p.dice)));
}

std::vector<PortCall> pick_calls(const TestRef& t) {
  if (group_type(t) == "TavlaPickInvalid") {
    return {{"tavla.pick", params_of(t, {"blocks"}), std::nullopt}};
  }
  return {{"tavla.pick", params_of(t, {"blocks"}),
           Value::object({{"dice", test_value(t, "dice")}, {"blocks", test_value(t, "blocksRead")}})}};
}

// ----------------------------------------------------------------------------------------------
// tavla_commitment_test.json

// The settings of the sample games: the rules version and every rule and match setting (the
// seed does not publish its field names; these are ours).
Value sample_settings() {
  return Value::object({{"rulesVersion", 1},
                        {"variant", "tavla"},
                        {"matchPoints", 5},
                        {"opening", "reroll"},
                        {"doublingCube", false},
                        {"clock", Value::object({{"moveSeconds", 15}, {"bankSeconds", 120}})},
                        {"seatNames", Value::array({"Ayşe", "Mehmet"})}});
}

// The same members in another order (and nested order): the canonical form and hash are equal.
Value sample_settings_reordered() {
  return Value::object({{"seatNames", Value::array({"Ayşe", "Mehmet"})},
                        {"clock", Value::object({{"bankSeconds", 120}, {"moveSeconds", 15}})},
                        {"doublingCube", false},
                        {"variant", "tavla"},
                        {"opening", "reroll"},
                        {"matchPoints", 5},
                        {"rulesVersion", 1}});
}

// Keys whose order differs between UTF-16 code units and code points: U+1F3B2 (game die, D83C DFB2
// in UTF-16) sorts before U+FB33 and U+FF5E in UTF-16, after them by code point (and in UTF-8).
Value utf16_settings() {
  return Value::object({{"\xef\xbd\x9e", "U+FF5E fullwidth tilde"},
                        {"\xef\xac\xb3", "U+FB33 Hebrew letter dalet with dagesh"},
                        {"\xf0\x9f\x8e\xb2", "U+1F3B2 game die"},
                        {"rulesVersion", 1},
                        {"\xe2\x82\xac", "U+20AC euro sign"}});
}

Value escaping_settings() {
  return Value::object({{"rulesVersion", 1},
                        {"title", "Tavla/Türkiye \"5\" \\ tab\there\nnewline \x01\x1f \x7f \xe2\x80\xa8"},
                        {"emptyText", ""},
                        {"limits", Value::array({std::int64_t{9007199254740991}, std::int64_t{-9007199254740991}, 0, -1})},
                        {"none", nullptr}});
}

Value nested_settings() {
  return Value::object(
      {{"rulesVersion", 2},
       {"rules", Value::object({{"z", Value::object({{"b", 2}, {"a", 1}})},
                                {"y", Value::array({Value::object({{"k", true}, {"j", false}}), Value::array()})},
                                {"x", Value::object()}})}});
}

Value generate_commitment() {
  VectorFileBuilder b("tavla-commit-v1", "tavla_commitment_schema.json",
                      {"tavla-commit-v1 commitments and seal codes: settingsHash = SHA-256(canonical JSON of the",
                       "settings); commitment = SHA-256(\"tavlarena-dice-commit-v1\" || gameId || settingsHash || seat0 ||",
                       "seat1 || seed); seal code = Crockford base32 of its first 40 bits, XXXX-XXXX. UUIDs are 16 bytes",
                       "in written order. Also: reading seal codes leniently, and invalid inputs."});
  b.note("SequentialByteSeed", "BASIC",
         "The seed document's sequential-byte-seed (00..1f); game id and seats continue the sequence (ours).");
  b.note("UuidByteOrder", "ENCODING",
         "UUIDs whose GUID little-endian byte order (first three groups reversed) differs from the written order: "
         "catches a port that uses a platform GUID type's bytes.");
  b.note("UuidUppercase", "ENCODING", "UUIDs written in capitals: the same bytes as lowercase.");
  b.note("UuidExtremes", "BOUNDARY", "The nil UUID and the all-ff UUID: no version or variant bits are checked.");
  b.note("SettingsKeyOrder", "ORDER",
         "The same settings with members in another order: catches a port that hashes the settings as given "
         "instead of in canonical form.");
  b.note("SettingsUtf16Order", "ORDER",
         "Settings keys whose UTF-16 order differs from their code point (and UTF-8 byte) order: catches a port "
         "that sorts keys by code point or by bytes.");
  b.note("SettingsEscaping", "ENCODING",
         "Settings strings with quotes, backslash, '/', control characters, DEL, U+2028 and non-ASCII, and safe "
         "integer bounds: catches escaping that is not RFC 8785's.");
  b.note("SettingsNested", "ORDER", "Nested objects are sorted too; arrays keep their order.");
  b.note("SealCrockfordLetters", "ENCODING",
         "Seal codes with letters for values 18..31 (J K M N P Q R S T V W X Y Z), which RFC 4648 base32 and "
         "base32hex write differently: catches the wrong alphabet.");
  b.note("SealLeadingZero", "ENCODING",
         "A seal code that starts with 0: catches a port that prints the 40-bit value without padding.");
  b.note("SealCanonical", "BASIC", "A seal code already in the XXXX-XXXX form reads as itself.");
  b.note("SealLenientCase", "FUNCTIONALITY", "Lowercase seal codes read as uppercase.");
  b.note("SealHyphen", "FUNCTIONALITY", "Seal codes without the hyphen, or with hyphens elsewhere: every '-' is ignored.");
  b.note("SealAliases", "FUNCTIONALITY", "Crockford's read aliases: O reads as 0, I and L as 1 (either case).");
  b.note("InvalidSeal", "MISSING_CHECK",
         "Seal codes with U, another character, or not exactly 8 symbols: must be bad input.");
  b.note("InvalidUuid", "MISSING_CHECK",
         "UUIDs not in the canonical 8-4-4-4-12 form: braces, urn:uuid:, no hyphens, misplaced hyphens, non-hex, "
         "other lengths.");
  b.note("InvalidSeats", "MISSING_CHECK", "A seat list without exactly two ids.");
  b.note("InvalidSeedLength", "MISSING_CHECK", "A seed of 31 or 33 bytes.");
  b.note("InvalidSeed", "MISSING_CHECK", "A seed that is not hex.");
  b.note("InvalidSettings", "MISSING_CHECK",
         "Settings with a fraction or an integer beyond +-(2^53 - 1), which any JSON parser can see; cases a "
         "generic parser hides (1.0, 1e2, -0, duplicate keys, lone surrogates) are in canonical_json_test.json.");

  const Backend& backend = default_backend();
  b.group({{"type", "TavlaCommitment"}});
  auto add = [&](std::string game, std::string seat0, std::string seat1, const Digest& seed, const Value& settings,
                 std::string comment, std::vector<std::string> flags) {
    Uuid g = parse_uuid(game, "gameId"), s0 = parse_uuid(seat0, "seats[0]"), s1 = parse_uuid(seat1, "seats[1]");
    std::string canonical = canonical_json::serialize(settings, "settings");
    Digest sh = settings_hash(backend, canonical);
    Digest c = commitment(backend, g, sh, s0, s1, seed);
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"gameId", game},
           {"seats", Value::array({seat0, seat1})},
           {"seed", to_hex(seed)},
           {"settings", settings},
           {"settingsCanonical", canonical},
           {"settingsHash", to_hex(sh)},
           {"gameIdBytes", to_hex(g)},
           {"seatBytes", Value::array({to_hex(s0), to_hex(s1)})},
           {"commitmentInput", to_hex(commitment_input(g, sh, s0, s1, seed))},
           {"commitment", to_hex(c)},
           {"sealCode", seal_code(c)}});
    return c;
  };
  const RollInputs seq = sequential_inputs();
  const std::string g = format_uuid(seq.game_id), s0 = format_uuid(kSeqSeat0), s1 = format_uuid(kSeqSeat1);
  auto upper = [](std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
  };
  add(g, s0, s1, seq.seed, sample_settings(), "sequential-byte-seed with the sample settings", {"SequentialByteSeed"});
  add(g, s0, s1, seq.seed, sample_settings_reordered(), "the same settings, members in another order: same hash",
      {"SequentialByteSeed", "SettingsKeyOrder"});
  add(upper(g), upper(s0), upper(s1), seq.seed, sample_settings(), "the same ids written in capitals: same commitment",
      {"SequentialByteSeed", "UuidUppercase"});
  add("00112233-4455-6677-8899-aabbccddeeff", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
      "f0e1d2c3-b4a5-9687-7869-5a4b3c2d1e0f", seq.seed, sample_settings(),
      "ids whose GUID little-endian order differs (33221100-5544-7766-... as GUID bytes)", {"UuidByteOrder"});
  add("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "00000000-0000-0000-0000-000000000000", seq.seed, sample_settings(), "nil and all-ff UUIDs", {"UuidExtremes"});
  add(g, s0, s1, seq.seed, utf16_settings(), "keys sorted by UTF-16 code units: U+1F3B2 before U+FB33",
      {"SettingsUtf16Order"});
  add(g, s0, s1, seq.seed, escaping_settings(), "strings that need RFC 8785 escaping, safe integer bounds",
      {"SettingsEscaping"});
  add(g, s0, s1, seq.seed, nested_settings(), "nested objects sorted, arrays kept in order", {"SettingsNested"});
  add(g, s0, s1, seq.seed, Value::object(), "empty settings object", {"SequentialByteSeed"});
  // Searched seeds: a seal code rich in letters where the alphabets differ; one starting with 0.
  {
    auto count_high = [](const std::string& seal) {
      int n = 0;
      for (char c : seal) {
        auto pos = kCrockford.find(c);
        if (pos != std::string_view::npos && pos >= 18) ++n;
      }
      return n;
    };
    std::string canonical = canonical_json::serialize(sample_settings(), "settings");
    Digest sh = settings_hash(backend, canonical);
    int found_letters = 0, found_zero = 0;
    for (std::uint32_t k = 0; k < 100000 && (found_letters < 1 || found_zero < 1); ++k) {
      Digest seed = derived_seed("fairvec tavla-commit-v1 seal", k);
      std::string seal = seal_code(commitment(backend, seq.game_id, sh, kSeqSeat0, kSeqSeat1, seed));
      if (found_letters < 1 && count_high(seal) >= 7) {
        add(g, s0, s1, seed, sample_settings(),
            "seal code with 7 or more of J..Z (seed = SHA-256(\"fairvec tavla-commit-v1 seal\" || u32be(" +
                std::to_string(k) + ")))",
            {"SealCrockfordLetters"});
        ++found_letters;
      } else if (found_zero < 1 && seal[0] == '0') {
        add(g, s0, s1, seed, sample_settings(),
            "seal code starting with 0 (seed = SHA-256(\"fairvec tavla-commit-v1 seal\" || u32be(" + std::to_string(k) +
                ")))",
            {"SealLeadingZero"});
        ++found_zero;
      }
    }
    if (found_letters < 1 || found_zero < 1) throw std::logic_error("tavla vectors: seal search failed");
  }

  b.group({{"type", "TavlaCommitmentInvalid"}});
  auto add_invalid = [&](std::string game, Value seats, std::string seed, Value settings, std::string error,
                         std::string comment, std::vector<std::string> flags) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"gameId", std::move(game)},
           {"seats", std::move(seats)},
           {"seed", std::move(seed)},
           {"settings", std::move(settings)},
           {"error", std::move(error)}});
  };
  const Value seats = Value::array({s0, s1});
  const std::string seed = to_hex(seq.seed);
  const Value settings = sample_settings();
  const std::vector<std::pair<std::string, std::string>> bad_uuids = {
      {"{" + g + "}", "GUID braces"},
      {"urn:uuid:" + g, "urn:uuid: prefix"},
      {to_hex(seq.game_id), "32 hex digits without hyphens"},
      {g.substr(0, 8) + g.substr(9, 5) + "-" + g.substr(14), "hyphen moved from position 8 to 12"},
      {g.substr(0, 35), "35 characters"},
      {g + "0", "37 characters"},
      {"6061626g" + g.substr(8), "non-hex digit g"},
      {"", "empty"},
      {g.substr(0, 8) + "_" + g.substr(9), "'_' instead of '-'"}};
  for (const auto& [text, what] : bad_uuids) {
    add_invalid(text, seats, seed, settings, "gameId", "game id: " + what, {"InvalidUuid"});
  }
  add_invalid(g, Value::array({s0, "(" + s1 + ")"}), seed, settings, "seats[1]", "seat 1 in parentheses", {"InvalidUuid"});
  add_invalid(g, Value::array({s0}), seed, settings, "seats", "one seat", {"InvalidSeats"});
  add_invalid(g, Value::array({s0, s1, s0}), seed, settings, "seats", "three seats", {"InvalidSeats"});
  add_invalid(g, seats, to_hex(sequential(0, 31)), settings, "seed", "31-byte seed", {"InvalidSeedLength"});
  add_invalid(g, seats, to_hex(sequential(0, 33)), settings, "seed", "33-byte seed", {"InvalidSeedLength"});
  add_invalid(g, seats, seed.substr(1), settings, "seed", "63 hex digits", {"InvalidSeed"});
  add_invalid(g, seats, "0x" + seed.substr(2), settings, "seed", "0x prefix", {"InvalidSeed"});
  add_invalid(g, seats, seed, Value::object({{"rulesVersion", 1}, {"matchPoints", 5.5}}), "settings",
              "settings with the fraction 5.5", {"InvalidSettings"});
  add_invalid(g, seats, seed, Value::object({{"rulesVersion", 1}, {"bank", std::int64_t{9007199254740992}}}), "settings",
              "settings with 2^53, beyond the safe integers", {"InvalidSettings"});
  add_invalid(g, seats, seed, Value::object({{"rulesVersion", 1}, {"bank", -std::int64_t{9007199254740992}}}), "settings",
              "settings with -2^53", {"InvalidSettings"});

  b.group({{"type", "TavlaSealRead"}});
  auto add_read = [&](std::string code, std::string comment, std::vector<std::string> flags) {
    std::string normal = read_seal_code(code, "code");
    b.add(std::move(comment), std::move(flags), Result::kValid, {{"code", code}, {"sealCode", normal}});
  };
  add_read("5J8Z-XF1R", "the seed document's example code", {"SealCanonical"});
  add_read("5j8z-xf1r", "lowercase", {"SealLenientCase"});
  add_read("5J8ZXF1R", "without the hyphen", {"SealHyphen"});
  add_read("5J-8Z-XF-1R", "hyphens elsewhere", {"SealHyphen"});
  add_read("-5J8Z--XF1R-", "leading, doubled and trailing hyphens", {"SealHyphen"});
  add_read("5J8Z-XFIR", "I reads as 1", {"SealAliases"});
  add_read("5J8Z-XFlR", "l reads as 1", {"SealAliases"});
  add_read("OoIi-LlO0", "O, o read as 0; I, i, L, l as 1", {"SealAliases", "SealLenientCase"});
  add_read("5j8zxfir", "lowercase, no hyphen, alias", {"SealLenientCase", "SealHyphen", "SealAliases"});
  add_read("ZZZZ-ZZZZ", "all ones: the largest 40-bit value", {"SealCanonical"});

  b.group({{"type", "TavlaSealReadInvalid"}});
  auto add_read_invalid = [&](std::string code, std::string comment) {
    b.add(std::move(comment), {"InvalidSeal"}, Result::kInvalid, {{"code", std::move(code)}, {"error", "code"}});
  };
  add_read_invalid("5J8Z-XF1U", "U is not a Crockford symbol");
  add_read_invalid("5J8Z-XF1", "7 symbols");
  add_read_invalid("5J8Z-XF1RR", "9 symbols");
  add_read_invalid("5J8Z XF1R", "a space instead of the hyphen");
  add_read_invalid("5J8Z-XF1R ", "a trailing space");
  add_read_invalid("5J8Z_XF1R", "'_' instead of the hyphen");
  add_read_invalid("5J8Z-XF1*", "'*', a Crockford check symbol, is not a seal symbol");
  add_read_invalid("5J8Z-XF1\xc5\x94", "a non-ASCII letter");
  add_read_invalid("", "empty");
  add_read_invalid("----", "hyphens only");
  return b.build();
}

std::array<std::string, 2> seat_texts(const TestRef& t) {
  const auto& a = test_member(t, "seats");
  if (!a.IsArray() || a.Size() != 2) throw InputError("seats", "must hold exactly 2 entries");
  for (rapidjson::SizeType i = 0; i < 2; ++i) {
    if (!a[i].IsString()) throw InputError("seats[" + std::to_string(i) + "]", "must be a string");
  }
  return {a[0].GetString(), a[1].GetString()};
}

std::string check_commitment(const TestRef& t, const Backend& backend) {
  const std::string type = group_type(t);
  auto compute = [&](Digest& sh, Digest& c, std::string& canonical, Uuid& g, Uuid& s0, Uuid& s1, Digest& seed) {
    g = parse_uuid(test_string(t, "gameId"), "gameId");
    auto seats = seat_texts(t);
    s0 = parse_uuid(seats[0], "seats[0]");
    s1 = parse_uuid(seats[1], "seats[1]");
    seed = parse_secret(test_string(t, "seed"), "seed");
    canonical = canonical_json::serialize(test_member(t, "settings"), "settings");
    sh = settings_hash(backend, canonical);
    c = commitment(backend, g, sh, s0, s1, seed);
  };
  if (type == "TavlaCommitment") {
    Digest sh, c, seed;
    std::string canonical;
    Uuid g, s0, s1;
    compute(sh, c, canonical, g, s0, s1, seed);
    for (const auto& e : {expect_eq("settingsCanonical", test_string(t, "settingsCanonical"), canonical),
                          expect_eq("settingsHash", test_string(t, "settingsHash"), to_hex(sh)),
                          expect_eq("gameIdBytes", test_string(t, "gameIdBytes"), to_hex(g)),
                          expect_eq("seatBytes", json::to_text(test_member(t, "seatBytes")),
                                    json::to_line(Value::array({to_hex(s0), to_hex(s1)}))),
                          expect_eq("commitmentInput", test_string(t, "commitmentInput"),
                                    to_hex(commitment_input(g, sh, s0, s1, seed))),
                          expect_eq("commitment", test_string(t, "commitment"), to_hex(c)),
                          expect_eq("sealCode", test_string(t, "sealCode"), seal_code(c)),
                          expect_eq("sealCode read back", test_string(t, "sealCode"), read_seal_code(seal_code(c), "sealCode"))}) {
      if (!e.empty()) return e;
    }
    return "";
  }
  if (type == "TavlaCommitmentInvalid") {
    return expect_error(t, [&] {
      Digest sh, c, seed;
      std::string canonical;
      Uuid g, s0, s1;
      compute(sh, c, canonical, g, s0, s1, seed);
    });
  }
  if (type == "TavlaSealRead") return expect_eq("sealCode", test_string(t, "sealCode"), read_seal_code(test_string(t, "code"), "code"));
  if (type == "TavlaSealReadInvalid") return expect_error(t, [&] { (void)read_seal_code(test_string(t, "code"), "code"); });
  return "unknown group type " + type;
}

std::vector<PortCall> commitment_calls(const TestRef& t) {
  const std::string type = group_type(t);
  if (type == "TavlaCommitment") {
    return {{"tavla.commitment", params_of(t, {"gameId", "seats", "seed", "settings"}),
             Value::object({{"settingsHash", test_value(t, "settingsHash")},
                            {"commitment", test_value(t, "commitment")},
                            {"sealCode", test_value(t, "sealCode")}})}};
  }
  if (type == "TavlaCommitmentInvalid") {
    return {{"tavla.commitment", params_of(t, {"gameId", "seats", "seed", "settings"}), std::nullopt}};
  }
  if (type == "TavlaSealRead") {
    return {{"tavla.seal_code", params_of(t, {"code"}), Value::object({{"sealCode", test_value(t, "sealCode")}})}};
  }
  return {{"tavla.seal_code", params_of(t, {"code"}), std::nullopt}};
}

// ----------------------------------------------------------------------------------------------
// canonical_json_test.json

bool valid_utf8(std::string_view s) {
  try {
    (void)canonical_json::utf16_less(s, "", "text");
    return true;
  } catch (const InputError&) {
    return false;
  }
}

Value generate_canonical() {
  VectorFileBuilder b("canonical-json", "canonical_json_schema.json",
                      {"Canonical JSON: RFC 8785 (JCS) restricted to objects, arrays, strings, true, false, null and",
                       "integers with |i| <= 2^53 - 1. Keys sorted by UTF-16 code units, RFC 8785 string escaping, no",
                       "whitespace. Each test gives the input as text (json; null when it is not UTF-8) and as bytes",
                       "(jsonHex); valid tests give the canonical text, its bytes and its SHA-256."});
  b.note("Rfc8785Sorting", "ORDER",
         "RFC 8785 section 3.2.3's sorting example (keys \\u20ac, \\r, \\ufb33, 1, \\ud83d\\ude00, \\u0080, \\u00f6).");
  b.note("Rfc8785Example", "ENCODING",
         "RFC 8785 section 3.2.2's example without its \"numbers\" member (fractions and exponents are outside "
         "the restricted form).");
  b.note("Utf16KeyOrder", "ORDER",
         "Keys whose UTF-16 code unit order differs from code point and UTF-8 byte order (astral characters vs "
         "U+E000..U+FFFF): catches sorting by code point or bytes.");
  b.note("LexicographicKeys", "ORDER",
         "Keys \"1\" < \"10\" < \"2\" < \"D\" < \"a\" and the empty key: catches numeric or case-insensitive sorting.");
  b.note("NestedSorting", "ORDER", "Objects inside objects and arrays are sorted too.");
  b.note("ArrayOrderKept", "ORDER", "Arrays keep their order: catches a port that sorts arrays.");
  b.note("WhitespaceRemoved", "ENCODING", "Space, tab, CR and LF between tokens are dropped.");
  b.note("ControlEscaping", "ENCODING",
         "Control characters: \\b \\f \\n \\r \\t in short form, the others as \\u00xx with lowercase hex (\\u000f).");
  b.note("SolidusUnescaped", "ENCODING", "'/' is written as is, also when the input escaped it as \\/.");
  b.note("NonAsciiRaw", "ENCODING",
         "Non-ASCII characters, DEL, U+2028 and U+2029 are written as raw UTF-8, never \\u-escaped.");
  b.note("EscapedInputDecoded", "ENCODING",
         "\\u escapes in the input (either case of hex, surrogate pairs) are decoded before sorting and output.");
  b.note("NoNormalization", "ENCODING",
         "Strings are not Unicode-normalised: NFC and NFD forms are different keys.");
  b.note("SafeIntegerBounds", "BOUNDARY", "Integers up to +-(2^53 - 1) are written in plain decimal.");
  b.note("TopLevelScalar", "BASIC", "A scalar as the whole document.");
  b.note("EmptyContainers", "BASIC", "Empty objects and arrays.");
  b.note("Fraction", "MISSING_CHECK", "A number with a fraction, even .0: bad input.");
  b.note("Exponent", "MISSING_CHECK", "A number with an exponent, even 1e2: bad input.");
  b.note("MinusZero", "MISSING_CHECK", "-0: bad input (RFC 8785 would write 0; the restricted form refuses it).");
  b.note("UnsafeInteger", "MISSING_CHECK",
         "Integers beyond +-(2^53 - 1), e.g. RFC 8785 Appendix B's 9007199254740992: bad input.");
  b.note("DuplicateKey", "MISSING_CHECK", "An object with a key twice, also when one is written with escapes.");
  b.note("LoneSurrogate", "MISSING_CHECK",
         "A \\u escape of a surrogate without its pair (or in the wrong order): bad input.");
  b.note("InvalidUtf8", "MISSING_CHECK",
         "Input bytes that are not UTF-8: overlong forms, encoded surrogates, beyond U+10FFFF, truncated or stray "
         "continuation bytes. Carried in jsonHex only.");
  b.note("JsonSyntax", "MISSING_CHECK",
         "Text that is not JSON at all (trailing comma, comments, NaN, single quotes, leading zeros, BOM, "
         "unescaped control characters, trailing text, empty input).");

  const Backend& backend = default_backend();
  b.group({{"type", "CanonicalJson"}});
  auto add = [&](const std::string& text, std::string comment, std::vector<std::string> flags) {
    std::string canonical = canonical_json::canonicalize(text, "json");
    if (canonical_json::canonicalize(canonical, "json") != canonical) {
      throw std::logic_error("canonical JSON is not idempotent on " + text);
    }
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"json", text},
           {"jsonHex", to_hex(as_bytes(text))},
           {"canonical", canonical},
           {"canonicalHex", to_hex(as_bytes(canonical))},
           {"sha256", to_hex(backend.sha256(canonical))}});
  };
  // RFC 8785 section 3.2.3, the sorting example, as written there.
  add("{\n  \"\\u20ac\": \"Euro Sign\",\n  \"\\r\": \"Carriage Return\",\n  \"\\ufb33\": \"Hebrew Letter Dalet With "
      "Dagesh\",\n  \"1\": \"One\",\n  \"\\ud83d\\ude00\": \"Emoji: Grinning Face\",\n  \"\\u0080\": \"Control\",\n  "
      "\"\\u00f6\": \"Latin Small Letter O With Diaeresis\"\n}",
      "RFC 8785 section 3.2.3: sorts as \\r, 1, \\u0080, \\u00f6, \\u20ac, \\ud83d\\ude00, \\ufb33",
      {"Rfc8785Sorting", "Utf16KeyOrder", "EscapedInputDecoded", "NonAsciiRaw"});
  // RFC 8785 section 3.2.2's example, less its "numbers" member.
  add("{\n  \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n  \"literals\": [null, true, "
      "false]\n}",
      "RFC 8785 section 3.2.2 without \"numbers\": \\u000F becomes \\u000f, \\/ becomes /",
      {"Rfc8785Example", "ControlEscaping", "SolidusUnescaped", "EscapedInputDecoded"});
  add("{\"\\uff61\":1,\"\\ud800\\udc00\":2,\"\\ue000\":3,\"\\ud83c\\udfb2\":4,\"\\uffff\":5}",
      "U+10000 and U+1F3B2 (surrogates D800, D83C) sort before U+E000, U+FF61, U+FFFF", {"Utf16KeyOrder"});
  add("{\"\xef\xbd\xa1\":1,\"\xf0\x90\x80\x80\":2}", "the same order with raw UTF-8 keys", {"Utf16KeyOrder", "NonAsciiRaw"});
  add("{\"d\":1,\"10\":2,\"1\":3,\"2\":4,\"D\":5,\"a\":6,\"\":7,\"a0\":8,\"a \":9}",
      "lexicographic by code unit: \"\" < \"1\" < \"10\" < \"2\" < \"D\" < \"a\" < \"a \" < \"a0\" < \"d\"",
      {"LexicographicKeys"});
  add("{\"b\":{\"z\":1,\"y\":[{\"k\":2,\"j\":1},[3,1,2]]},\"a\":[3,2,1]}", "nested sorting; arrays keep order",
      {"NestedSorting", "ArrayOrderKept"});
  add(" \t\r\n{ \"a\" :\t[ 1 ,\r\n 2 ] ,\"b\":{ } }\n ", "whitespace of all four kinds", {"WhitespaceRemoved", "EmptyContainers"});
  {
    std::string all = "\"";
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (int c = 0; c < 0x20; ++c) {
      all += "\\u00";
      all.push_back(kHex[c >> 4]);
      all.push_back(kHex[c & 15]);
    }
    all += "\"";
    add(all, "all 32 control characters, escaped in the input with capital hex", {"ControlEscaping", "EscapedInputDecoded"});
  }
  add("[\"\\b\\f\\n\\r\\t\", \"\\\"\\\\\"]", "short escapes stay short; quote and backslash", {"ControlEscaping"});
  add("[\"/\",\"\\/\",\"</script>\"]", "'/' unescaped in any form", {"SolidusUnescaped"});
  add("\"\\u00e9\\u00E9\\u007f\\u2028\\u2029\\ud83d\\ude00\\uD83D\\uDE00\"",
      "non-ASCII, DEL, U+2028, U+2029 and an astral pair (either case of hex) become raw UTF-8",
      {"NonAsciiRaw", "EscapedInputDecoded"});
  add("{\"\\u0062\":1,\"a\":2}", "keys are sorted after decoding", {"EscapedInputDecoded"});
  add("{\"\xc3\xa9\":1,\"e\xcc\x81\":2}", "NFC \\u00e9 and NFD e + U+0301 are two different keys", {"NoNormalization"});
  add("[9007199254740991,-9007199254740991,0,-1,1,100]", "integers up to +-(2^53 - 1)", {"SafeIntegerBounds"});
  add("  42 ", "a number as the whole document", {"TopLevelScalar"});
  add("\"x\"", "a string as the whole document", {"TopLevelScalar"});
  add("null", "null as the whole document", {"TopLevelScalar"});
  add("[true,false,null]", "literals", {"TopLevelScalar"});
  add("{}", "empty object", {"EmptyContainers"});
  add("[[],{},[{}]]", "empty containers nested", {"EmptyContainers", "ArrayOrderKept"});
  add(json::to_line(utf16_settings()), "the settings of tavla_commitment_test.json's SettingsUtf16Order case",
      {"Utf16KeyOrder", "NonAsciiRaw"});

  b.group({{"type", "CanonicalJsonInvalid"}});
  auto add_invalid = [&](const std::string& text, std::string comment, std::vector<std::string> flags) {
    bool rejected = false;
    try {
      (void)canonical_json::canonicalize(text, "json");
    } catch (const InputError&) {
      rejected = true;
    }
    if (!rejected) throw std::logic_error("canonical JSON accepts invalid input " + text);
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"json", valid_utf8(text) ? Value(text) : Value()}, {"jsonHex", to_hex(as_bytes(text))}, {"error", "json"}});
  };
  add_invalid("1.0", "1.0 is a fraction", {"Fraction"});
  add_invalid("1.5", "1.5", {"Fraction"});
  add_invalid("{\"a\":[1,2.5]}", "a fraction deep inside", {"Fraction"});
  add_invalid("{\n  \"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],\n  \"string\": "
              "\"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\",\n  \"literals\": [null, true, false]\n}",
              "RFC 8785 section 3.2.2's whole example: its numbers are outside the restricted form",
              {"Fraction", "Exponent", "Rfc8785Example"});
  add_invalid("1e2", "1e2 has an exponent", {"Exponent"});
  add_invalid("1E+2", "1E+2", {"Exponent"});
  add_invalid("0e0", "0e0", {"Exponent"});
  add_invalid("-0", "-0", {"MinusZero"});
  add_invalid("[-0]", "-0 in an array", {"MinusZero"});
  add_invalid("-0.0", "-0.0", {"MinusZero", "Fraction"});
  add_invalid("9007199254740992", "2^53 (RFC 8785 Appendix B, 'Max pos int')", {"UnsafeInteger"});
  add_invalid("-9007199254740992", "-2^53 (RFC 8785 Appendix B, 'Max neg int')", {"UnsafeInteger"});
  add_invalid("18446744073709551616", "2^64", {"UnsafeInteger"});
  add_invalid("[123456789012345678901234567890]", "30 digits", {"UnsafeInteger"});
  add_invalid("{\"a\":1,\"a\":2}", "a key twice", {"DuplicateKey"});
  add_invalid("{\"a\":1,\"\\u0061\":2}", "a key twice, once escaped", {"DuplicateKey", "EscapedInputDecoded"});
  add_invalid("{\"x\":{\"b\":true,\"b\":true}}", "a key twice in a nested object, same value", {"DuplicateKey"});
  add_invalid("\"\\udc00\"", "a lone low surrogate", {"LoneSurrogate"});
  add_invalid("\"\\ud800\"", "a lone high surrogate", {"LoneSurrogate"});
  add_invalid("\"\\ud800x\"", "a high surrogate followed by a letter", {"LoneSurrogate"});
  add_invalid("\"\\ud800\\u0041\"", "a high surrogate followed by another escape", {"LoneSurrogate"});
  add_invalid("\"\\ude00\\ud83d\"", "a surrogate pair in the wrong order", {"LoneSurrogate"});
  add_invalid("{\"\\udfff\":1}", "a lone surrogate in a key", {"LoneSurrogate"});
  add_invalid("\"\xc3\x28\"", "C3 28: a lead byte without its continuation", {"InvalidUtf8"});
  add_invalid("\"\xc0\x80\"", "C0 80: overlong NUL", {"InvalidUtf8"});
  add_invalid("\"\xed\xa0\x80\"", "ED A0 80: an encoded surrogate (CESU-8)", {"InvalidUtf8"});
  add_invalid("\"\xf4\x90\x80\x80\"", "F4 90 80 80: beyond U+10FFFF", {"InvalidUtf8"});
  add_invalid("\"\xff\"", "FF: never valid", {"InvalidUtf8"});
  add_invalid("\"\xe2\x82\"", "E2 82: truncated", {"InvalidUtf8"});
  add_invalid("\"\x80\"", "80: a stray continuation byte", {"InvalidUtf8"});
  add_invalid("{\"\xe9\":1}", "E9 alone in a key (Latin-1)", {"InvalidUtf8"});
  add_invalid("", "empty input", {"JsonSyntax"});
  add_invalid("[1,]", "trailing comma", {"JsonSyntax"});
  add_invalid("{\"a\":1,}", "trailing comma in an object", {"JsonSyntax"});
  add_invalid("// c\n1", "a comment", {"JsonSyntax"});
  add_invalid("NaN", "NaN", {"JsonSyntax"});
  add_invalid("'a'", "single quotes", {"JsonSyntax"});
  add_invalid("01", "a leading zero", {"JsonSyntax"});
  add_invalid("+1", "a plus sign", {"JsonSyntax"});
  add_invalid("1 2", "two values", {"JsonSyntax"});
  add_invalid("\"a\tb\"", "an unescaped tab in a string", {"JsonSyntax"});
  add_invalid("\"\\x41\"", "an unknown escape", {"JsonSyntax"});
  add_invalid("\xef\xbb\xbf{}", "a byte order mark", {"JsonSyntax"});
  add_invalid("{\"a\" 1}", "a missing colon", {"JsonSyntax"});
  add_invalid(std::string("1\0 2", 4), "a NUL byte and more text after the value", {"JsonSyntax"});
  add_invalid(std::string("[1]\0", 4), "a NUL byte after the value", {"JsonSyntax"});
  return b.build();
}

std::string text_of(const TestRef& t) {
  Bytes raw = from_hex(test_string(t, "jsonHex"), "jsonHex");
  std::string text(raw.begin(), raw.end());
  const auto& j = test_member(t, "json");
  if (j.IsString() && std::string_view(j.GetString(), j.GetStringLength()) != text) {
    throw InputError("json", "json and jsonHex differ");
  }
  return text;
}

std::string check_canonical(const TestRef& t, const Backend& backend) {
  std::string text = text_of(t);
  if (group_type(t) == "CanonicalJsonInvalid") {
    return expect_error(t, [&] { (void)canonical_json::canonicalize(text, "json"); });
  }
  std::string c = canonical_json::canonicalize(text, "json");
  std::string e = expect_eq("canonical", test_string(t, "canonical"), c);
  if (e.empty()) e = expect_eq("canonicalHex", test_string(t, "canonicalHex"), to_hex(as_bytes(c)));
  if (e.empty()) e = expect_eq("sha256", test_string(t, "sha256"), to_hex(backend.sha256(c)));
  if (e.empty()) e = expect_eq("canonical (idempotent)", c, canonical_json::canonicalize(c, "json"));
  return e;
}

std::vector<PortCall> canonical_calls(const TestRef& t) {
  bool invalid = group_type(t) == "CanonicalJsonInvalid";
  const auto& j = test_member(t, "json");
  if (j.IsString()) {
    return {{"canonical_json", Value::object({{"json", test_value(t, "json")}}),
             invalid ? std::nullopt : std::optional<Value>(Value::object({{"canonical", test_value(t, "canonical")}}))}};
  }
  // Not UTF-8: only bytes can carry it (addition: canonical_json.hex).
  return {{"canonical_json.hex", Value::object({{"jsonHex", test_value(t, "jsonHex")}}),
           invalid ? std::nullopt : std::optional<Value>(Value::object({{"canonicalHex", test_value(t, "canonicalHex")}}))}};
}

// ----------------------------------------------------------------------------------------------
// tavla_verify_test.json and vectors/proofs/*.json

struct SampleGame {
  ProofSource source;
  std::uint32_t k = 0;  // the derived-seed index
};

// sample_game finds the first derived seed whose game has exactly |ties| opening ties and whose
// seal code holds a 0 or a 1 (so the alias reading of an expected seal code is exercised).
SampleGame sample_game(std::string_view label, int ties, OpeningRule rule, std::uint32_t moves, const Value& settings) {
  const Backend& backend = default_backend();
  SampleGame s;
  s.source.settings = settings;
  auto id = [&](const char* what, std::uint32_t k) {
    Digest d = derived_seed(std::string(label) + what, k);
    return uuid_of(Bytes(d.begin(), d.begin() + 16));
  };
  s.source.game_id = id(" game", 0);
  s.source.seats = {id(" seat", 0), id(" seat", 1)};
  s.source.contributions = {derived_seed(std::string(label) + " contribution", 0),
                            derived_seed(std::string(label) + " contribution", 1)};
  std::string canonical = canonical_json::serialize(settings, "settings");
  Digest sh = settings_hash(backend, canonical);
  for (std::uint32_t k = 0; k < 100000; ++k) {
    s.source.seed = derived_seed(std::string(label) + " seed", k);
    std::string seal = seal_code(commitment(backend, s.source.game_id, sh, s.source.seats[0], s.source.seats[1], s.source.seed));
    if (seal.find_first_of("01") == std::string::npos) continue;
    RollInputs in{s.source.seed, s.source.game_id, s.source.contributions};
    auto rolls = game_rolls(backend, in, rule, moves, "moves");
    int t = 0;
    while (rolls[static_cast<std::size_t>(t)].kind == RollKind::kOpening &&
           rolls[static_cast<std::size_t>(t)].dice[0] == rolls[static_cast<std::size_t>(t)].dice[1]) {
      ++t;
    }
    if (t != ties) continue;
    s.source.rolls = std::move(rolls);
    s.k = k;
    return s;
  }
  throw std::logic_error("tavla vectors: no sample game found");
}

std::string pretty(const Value& v) { return json::to_pretty(v); }

Value generate_verify() {
  VectorFileBuilder b("tavla-commit-v1", "tavla_verify_schema.json",
                      {"tavla-commit-v1 proof files and the verifier: each test is one proof file (also written to",
                       "vectors/proofs/ by `fairvec generate`), the expected commitment given to the verifier (a digest,",
                       "a seal code, or null), and the verdict: verified (exit 0), invalid proof naming the first failing",
                       "check (exit 1), or bad input (exit 2). Checks run in the order settingsHash, commitment,",
                       "sealCode, expectedCommitment, then rolls[i].n, rolls[i].dice, rolls[i].kind for i = 0, 1, ..."});
  b.note("ValidProof", "BASIC", "A proof that verifies.");
  b.note("OpeningTie", "EDGE_CASE", "The game opens with a tie that is rolled again and consumes n = 1.");
  b.note("TurkishReroll", "FUNCTIONALITY", "The Turkish rule: a reroll follows the deciding opening roll.");
  b.note("OpeningPlayed", "FUNCTIONALITY", "The opening dice are played: a move follows the deciding opening roll.");
  b.note("LenientForms", "FUNCTIONALITY",
         "A proof with capital UUIDs and hex, a lowercase seal code without hyphen, and its settings in another "
         "member order and layout: the verifier reads them as the same values.");
  b.note("ExpectedDigest", "FUNCTIONALITY", "The expected commitment is given as a full digest (either case).");
  b.note("ExpectedSealCode", "FUNCTIONALITY",
         "The expected commitment is given as a seal code, also lowercase, without hyphen, with O/I/L aliases.");
  b.note("ExpectedMismatch", "MODIFIED_INPUT",
         "A consistent proof of another game: only the expected commitment shows it; catches a verifier that "
         "ignores --expected-commitment.");
  b.note("TamperedSeed", "MODIFIED_INPUT", "One byte of the revealed seed changed.");
  b.note("TamperedCommitment", "MODIFIED_INPUT", "The commitment in the proof changed.");
  b.note("TamperedSettings", "MODIFIED_INPUT",
         "A setting changed after the commitment: catches a verifier that trusts settingsHash without hashing the "
         "settings.");
  b.note("TamperedSeal", "MODIFIED_INPUT", "The seal code in the proof does not belong to the commitment.");
  b.note("TamperedDice", "MODIFIED_INPUT", "One roll's dice changed.");
  b.note("RollGap", "MODIFIED_INPUT", "A roll missing or repeated in the sequence: n does not run 1, 2, 3, ...");
  b.note("DroppedOpeningTie", "MODIFIED_INPUT",
         "The opening tie left out and the rolls renumbered: catches a verifier (or game) that does not count ties.");
  b.note("WrongKind", "MODIFIED_INPUT",
         "A roll kind out of order: a move after a tie, or an opening after the deciding opening.");
  b.note("SwappedContributions", "ORDER", "The two contributions swapped: the rolls no longer match.");
  b.note("SwappedSeats", "ORDER", "The two seats swapped: the commitment no longer matches.");
  b.note("MalformedJson", "MISSING_CHECK", "A proof file that is not JSON (truncated) or not an object.");
  b.note("NonCanonicalJson", "MISSING_CHECK",
         "A proof file outside the canonical JSON subset: a fraction, an unsafe integer, a duplicate key, a lone "
         "surrogate.");
  b.note("SchemaViolation", "MISSING_CHECK",
         "A member missing, unknown, mistyped or out of range (format, version, ids, hex lengths, dice 1..6, "
         "kinds, n): bad input, named by its JSON path.");
  b.note("BadExpectedCommitment", "MISSING_CHECK", "An expected commitment that is neither a digest nor a seal code.");

  const Backend& backend = default_backend();
  SampleGame tr = sample_game("fairvec tavla-commit-v1 proof turkish", 1, OpeningRule::kReroll, 10, sample_settings());
  Value west_settings = sample_settings().clone();
  west_settings.set("opening", "play");
  west_settings.set("matchPoints", 7);
  SampleGame west = sample_game("fairvec tavla-commit-v1 proof play", 0, OpeningRule::kPlay, 6, west_settings);
  const Value tr_doc = proof_document(backend, tr.source);
  const Value west_doc = proof_document(backend, west.source);
  const std::string tr_text = pretty(tr_doc);
  auto member = [](const Value& doc, const char* key) {
    const Value* v = doc.find(key);
    if (!v) throw std::logic_error("proof member missing");
    return std::get<std::string>(v->variant());
  };
  const std::string tr_c = member(tr_doc, "commitment"), tr_seal = member(tr_doc, "sealCode");
  const std::string west_c = member(west_doc, "commitment"), west_seal = member(west_doc, "sealCode");

  auto verdict_of = [&](const std::string& text, const Value& expected) {
    Proof p = parse_proof(text);
    Expected e;
    if (!std::holds_alternative<std::nullptr_t>(expected.variant())) {
      e = parse_expected_commitment(std::get<std::string>(expected.variant()), "expectedCommitment");
    }
    return verify_proof(backend, p, e);
  };
  b.group({{"type", "TavlaProofVerify"}});
  auto add = [&](std::string file, const std::string& text, Value expected, std::string want_check,
                 std::string comment, std::vector<std::string> flags) {
    Verdict v = verdict_of(text, expected);
    if (v.verified != want_check.empty() || v.failed_check != want_check) {
      throw std::logic_error("tavla vectors: " + file + " gives check '" + v.failed_check + "', wanted '" + want_check + "'");
    }
    // specs/vector-format.md: a readable proof whose verdict is a failure is an invalid test that
    // names the failed check, like every other tampered input; only a verified proof is valid.
    json::Object members{{"file", "proofs/" + file + ".json"},
                         {"proof", text},
                         {"expectedCommitment", std::move(expected)},
                         {"verified", v.verified},
                         {"failedCheck", v.verified ? Value() : Value(v.failed_check)},
                         {"exitCode", v.verified ? 0 : 1}};
    if (!v.verified) members.emplace_back("error", v.failed_check);
    b.add(std::move(comment), std::move(flags), v.verified ? Result::kValid : Result::kInvalid, std::move(members));
  };
  auto edited = [](const Value& doc, const std::function<void(Value&)>& f) {
    Value d = doc.clone();
    f(d);
    return pretty(d);
  };
  auto rolls_of = [](Value& d) -> json::Array& { return const_cast<Value*>(d.find("rolls"))->as_array(); };

  add("valid-turkish", tr_text, nullptr, "", "a Turkish-rule game with an opening tie", {"ValidProof", "OpeningTie", "TurkishReroll"});
  add("valid-turkish", tr_text, tr_c, "", "the same, expected commitment as the full digest", {"ValidProof", "ExpectedDigest"});
  {
    std::string upper = tr_c;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    add("valid-turkish", tr_text, upper, "", "the same, the digest in capitals", {"ValidProof", "ExpectedDigest"});
  }
  add("valid-turkish", tr_text, tr_seal, "", "the same, expected as the seal code", {"ValidProof", "ExpectedSealCode"});
  {
    std::string lenient;
    for (char c : tr_seal) {
      if (c == '-') continue;
      if (c == '0') c = 'O';
      else if (c == '1') c = 'l';
      lenient.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    add("valid-turkish", tr_text, lenient, "", "the same, the seal code lowercase, no hyphen, 0 as o and 1 as l",
        {"ValidProof", "ExpectedSealCode"});
  }
  add("valid-play", pretty(west_doc), nullptr, "", "opening dice played, no tie", {"ValidProof", "OpeningPlayed"});
  {
    Value d = tr_doc.clone();
    auto up = [](std::string s) {
      for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return s;
    };
    // Rewrite ids and hex in capitals, the seal code lenient, the settings reordered and compact.
    Value lenient = Value::object({{"rolls", *d.find("rolls")},
                                   {"sealCode", [&] {
                                      std::string s;
                                      for (char c : tr_seal) if (c != '-') s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
                                      return s;
                                    }()},
                                   {"commitment", up(member(d, "commitment"))},
                                   {"contributions", Value::array({up(to_hex(tr.source.contributions[0])),
                                                                   up(to_hex(tr.source.contributions[1]))})},
                                   {"seed", up(member(d, "seed"))},
                                   {"settingsHash", up(member(d, "settingsHash"))},
                                   {"settings", sample_settings_reordered()},
                                   {"seats", Value::array({up(format_uuid(tr.source.seats[0])), up(format_uuid(tr.source.seats[1]))})},
                                   {"gameId", up(member(d, "gameId"))},
                                   {"version", 1},
                                   {"format", std::string(kProofFormat)}});
    add("valid-lenient-forms", json::to_line(lenient) + "\n", tr_seal, "",
        "capital ids and hex, lenient seal code, members and settings in another order, one line",
        {"ValidProof", "LenientForms", "ExpectedSealCode"});
  }
  {
    Value d = tr_doc.clone();
    rolls_of(d).clear();
    add("valid-no-rolls", pretty(d), nullptr, "", "a game abandoned before the first roll: no rolls to check", {"ValidProof"});
  }
  add("valid-turkish", tr_text, west_c, "expectedCommitment", "a valid proof, but the digest seen was another game's",
      {"ExpectedMismatch", "ExpectedDigest"});
  add("valid-turkish", tr_text, west_seal, "expectedCommitment", "a valid proof, but the seal code seen was another game's",
      {"ExpectedMismatch", "ExpectedSealCode"});
  add("tampered-seed", edited(tr_doc, [&](Value& d) {
        Digest s = tr.source.seed;
        s[31] ^= 1;
        d.set("seed", to_hex(s));
      }),
      nullptr, "commitment", "the last byte of the seed changed", {"TamperedSeed"});
  add("tampered-commitment", edited(tr_doc, [&](Value& d) { d.set("commitment", to_hex(west.source.seed)); }), nullptr,
      "commitment", "the commitment replaced", {"TamperedCommitment"});
  add("tampered-settings", edited(tr_doc, [&](Value& d) {
        const_cast<Value*>(d.find("settings"))->set("matchPoints", 3);
      }),
      nullptr, "settingsHash", "matchPoints changed from 5 to 3 after the commitment", {"TamperedSettings"});
  add("tampered-seal", edited(tr_doc, [&](Value& d) { d.set("sealCode", west_seal); }), nullptr, "sealCode",
      "another game's seal code", {"TamperedSeal"});
  const auto& tr_rolls = tr.source.rolls;
  const std::size_t move_index = 5;  // a move roll
  add("tampered-dice", edited(tr_doc, [&](Value& d) {
        Dice dice = tr_rolls[move_index].dice;
        dice[1] = dice[1] % 6 + 1;
        rolls_of(d)[move_index].set("dice", dice_value(dice));
      }),
      nullptr, "rolls[" + std::to_string(move_index) + "].dice", "one die of a move roll changed", {"TamperedDice"});
  add("tampered-gap", edited(tr_doc, [&](Value& d) {
        auto& a = rolls_of(d);
        a.erase(a.begin() + static_cast<std::ptrdiff_t>(move_index));
      }),
      nullptr, "rolls[" + std::to_string(move_index) + "].n", "a move roll left out: n jumps", {"RollGap"});
  add("tampered-repeat", edited(tr_doc, [&](Value& d) {
        auto& a = rolls_of(d);
        a.insert(a.begin() + static_cast<std::ptrdiff_t>(move_index), a[move_index - 1].clone());
      }),
      nullptr, "rolls[" + std::to_string(move_index) + "].n", "a roll listed twice", {"RollGap"});
  add("tampered-dropped-tie", edited(tr_doc, [&](Value& d) {
        auto& a = rolls_of(d);
        a.erase(a.begin());
        for (std::size_t i = 0; i < a.size(); ++i) a[i].set("n", int_value(i + 1));
      }),
      nullptr, "rolls[0].dice", "the opening tie left out and the rolls renumbered", {"DroppedOpeningTie", "OpeningTie"});
  add("tampered-kind-after-tie", edited(tr_doc, [&](Value& d) { rolls_of(d)[1].set("kind", "move"); }), nullptr,
      "rolls[1].kind", "the deciding opening after the tie relabelled as a move", {"WrongKind", "OpeningTie"});
  add("tampered-kind-reroll", edited(tr_doc, [&](Value& d) { rolls_of(d)[2].set("kind", "opening"); }), nullptr,
      "rolls[2].kind", "the reroll relabelled as another opening", {"WrongKind", "TurkishReroll"});
  add("tampered-swapped-contributions", edited(tr_doc, [&](Value& d) {
        d.set("contributions", Value::array({to_hex(tr.source.contributions[1]), to_hex(tr.source.contributions[0])}));
      }),
      nullptr, "rolls[0].dice", "contributions 0 and 1 swapped", {"SwappedContributions"});
  add("tampered-swapped-seats", edited(tr_doc, [&](Value& d) {
        d.set("seats", Value::array({format_uuid(tr.source.seats[1]), format_uuid(tr.source.seats[0])}));
      }),
      nullptr, "commitment", "seats 0 and 1 swapped", {"SwappedSeats"});

  b.group({{"type", "TavlaProofMalformed"}});
  auto add_bad = [&](std::string file, const std::string& text, Value expected, std::string error,
                     std::string comment, std::vector<std::string> flags) {
    try {
      (void)verdict_of(text, expected);
      throw std::logic_error("tavla vectors: malformed proof " + file + " accepted");
    } catch (const InputError& e) {
      if (e.field() != error) {
        throw std::logic_error("tavla vectors: " + file + " names " + e.field() + ", wanted " + error + ": " + e.what());
      }
    }
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"file", "proofs/" + file + ".json"},
           {"proof", text},
           {"expectedCommitment", std::move(expected)},
           {"exitCode", 2},
           {"error", std::move(error)}});
  };
  auto replace = [](std::string text, const std::string& from, const std::string& to) {
    auto pos = text.find(from);
    if (pos == std::string::npos) throw std::logic_error("tavla vectors: text to replace not found: " + from);
    return text.replace(pos, from.size(), to);
  };
  add_bad("malformed-truncated", tr_text.substr(0, tr_text.size() / 2), nullptr, "proof", "the file cut in half",
          {"MalformedJson"});
  add_bad("malformed-not-object", "[]\n", nullptr, "proof", "a JSON array, not an object", {"MalformedJson"});
  add_bad("malformed-fraction", replace(tr_text, "\"matchPoints\": 5", "\"matchPoints\": 5.0"), nullptr, "proof",
          "matchPoints written 5.0", {"NonCanonicalJson"});
  add_bad("malformed-unsafe-integer", replace(tr_text, "\"bankSeconds\": 120", "\"bankSeconds\": 9007199254740993"),
          nullptr, "proof", "an integer beyond 2^53 - 1 in the settings", {"NonCanonicalJson"});
  add_bad("malformed-duplicate-key", replace(tr_text, "  \"seed\": ", "  \"seed\": \"" + to_hex(west.source.seed) + "\",\n  \"seed\": "),
          nullptr, "proof", "\"seed\" twice", {"NonCanonicalJson"});
  add_bad("malformed-lone-surrogate", replace(tr_text, "\"variant\": \"tavla\"", "\"variant\": \"tavla\\udc00\""), nullptr,
          "proof", "a lone surrogate in a settings string", {"NonCanonicalJson"});
  add_bad("malformed-missing-seed", edited(tr_doc, [](Value& d) {
            auto& o = d.as_object();
            for (auto it = o.begin(); it != o.end(); ++it) {
              if (it->first == "seed") {
                o.erase(it);
                break;
              }
            }
          }),
          nullptr, "seed", "no seed", {"SchemaViolation"});
  add_bad("malformed-pepper", edited(tr_doc, [&](Value& d) { d.set("pepper", to_hex(west.source.seed)); }), nullptr,
          "pepper", "an unknown member (the scheme has no pepper)", {"SchemaViolation"});
  add_bad("malformed-version-2", edited(tr_doc, [](Value& d) { d.set("version", 2); }), nullptr, "version",
          "format version 2", {"SchemaViolation"});
  add_bad("malformed-format", edited(tr_doc, [](Value& d) { d.set("format", "tavla-proof"); }), nullptr, "format",
          "another format name", {"SchemaViolation"});
  add_bad("malformed-short-seed", edited(tr_doc, [&](Value& d) { d.set("seed", to_hex(tr.source.seed).substr(0, 62)); }),
          nullptr, "seed", "a 31-byte seed", {"SchemaViolation"});
  add_bad("malformed-guid-braces", edited(tr_doc, [&](Value& d) { d.set("gameId", "{" + format_uuid(tr.source.game_id) + "}"); }),
          nullptr, "gameId", "the game id in GUID braces", {"SchemaViolation"});
  add_bad("malformed-one-seat", edited(tr_doc, [&](Value& d) { d.set("seats", Value::array({format_uuid(tr.source.seats[0])})); }),
          nullptr, "seats", "one seat", {"SchemaViolation"});
  add_bad("malformed-settings-array", edited(tr_doc, [](Value& d) { d.set("settings", Value::array()); }), nullptr,
          "settings", "settings that are not an object", {"SchemaViolation"});
  add_bad("malformed-seal-u", edited(tr_doc, [](Value& d) { d.set("sealCode", "5J8Z-XF1U"); }), nullptr, "sealCode",
          "a seal code with U", {"SchemaViolation"});
  add_bad("malformed-die-seven", edited(tr_doc, [&](Value& d) { rolls_of(d)[2].set("dice", Value::array({3, 7})); }),
          nullptr, "rolls[2].dice[1]", "a die of 7", {"SchemaViolation"});
  add_bad("malformed-kind", edited(tr_doc, [&](Value& d) { rolls_of(d)[3].set("kind", "double"); }), nullptr,
          "rolls[3].kind", "an unknown roll kind", {"SchemaViolation"});
  add_bad("malformed-n-string", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", "1"); }), nullptr, "rolls[0].n",
          "n as a string", {"SchemaViolation"});
  add_bad("malformed-n-zero", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", 0); }), nullptr, "rolls[0].n",
          "n = 0", {"SchemaViolation"});
  add_bad("valid-turkish", tr_text, "5J8Z-XF1U", "expectedCommitment", "a valid proof; the expected seal code has U",
          {"BadExpectedCommitment"});
  add_bad("valid-turkish", tr_text, tr_c.substr(0, 63), "expectedCommitment",
          "a valid proof; the expected digest has 63 hex digits", {"BadExpectedCommitment"});
  return b.build();
}

std::string check_verify(const TestRef& t, const Backend& backend) {
  std::string text = test_string(t, "proof");
  const auto& exp = test_member(t, "expectedCommitment");
  auto run = [&]() {
    Proof p = parse_proof(text);
    Expected e;
    if (exp.IsString()) e = parse_expected_commitment(exp.GetString(), "expectedCommitment");
    return verify_proof(backend, p, e);
  };
  if (group_type(t) == "TavlaProofMalformed") return expect_error(t, [&] { (void)run(); });
  Verdict v = run();
  std::string e = expect_eq("verified", json::to_text(test_member(t, "verified")), v.verified ? "true" : "false");
  if (!e.empty()) return e;
  const auto& fc = test_member(t, "failedCheck");
  e = expect_eq("failedCheck", fc.IsString() ? fc.GetString() : "null", v.verified ? "null" : v.failed_check);
  if (!e.empty()) return e;
  // The result rule (specs/vector-format.md): valid iff the verdict is success.
  e = expect_eq("result", test_string(t, "result"), v.verified ? "valid" : "invalid");
  if (!e.empty() || v.verified) return e;
  return expect_eq("error", test_string(t, "error"), v.failed_check);
}

std::vector<PortCall> verify_calls(const TestRef& t) {
  json::Object params{{"proof", test_value(t, "proof")}};
  if (test_member(t, "expectedCommitment").IsString()) params.emplace_back("expectedCommitment", test_value(t, "expectedCommitment"));
  if (group_type(t) == "TavlaProofMalformed") return {{"tavla.verify_proof", Value(std::move(params)), std::nullopt}};
  return {{"tavla.verify_proof", Value(std::move(params)),
           Value::object({{"verified", test_value(t, "verified")}, {"failedCheck", test_value(t, "failedCheck")}})}};
}

// verify_companions writes each distinct proof file of the generated verify file.
std::vector<std::pair<std::string, std::string>> verify_companions(const Value& file) {
  std::map<std::string, std::string> out;
  for (const auto& g : file.find("testGroups")->as_array()) {
    for (const auto& t : g.find("tests")->as_array()) {
      std::string name = std::get<std::string>(t.find("file")->variant());
      std::string text = std::get<std::string>(t.find("proof")->variant());
      auto [it, fresh] = out.emplace(name, text);
      if (!fresh && it->second != text) throw std::logic_error("two different proofs named " + name);
    }
  }
  return {out.begin(), out.end()};
}

}  // namespace

std::vector<VectorKind> tavla_vector_kinds() {
  std::vector<VectorKind> kinds;
  kinds.push_back({"tavla_roll_test.json", "tavla_roll_schema.json", generate_roll, check_roll, roll_calls});
  kinds.push_back({"tavla_pick_test.json", "tavla_pick_schema.json", generate_pick, check_pick, pick_calls});
  kinds.push_back({"tavla_commitment_test.json", "tavla_commitment_schema.json", generate_commitment,
                   check_commitment, commitment_calls});
  kinds.push_back({"canonical_json_test.json", "canonical_json_schema.json", generate_canonical, check_canonical,
                   canonical_calls});
  VectorKind verify{"tavla_verify_test.json", "tavla_verify_schema.json", generate_verify, check_verify, verify_calls};
  verify.companions = verify_companions;
  kinds.push_back(std::move(verify));
  return kinds;
}

}  // namespace fairvec::vectors
