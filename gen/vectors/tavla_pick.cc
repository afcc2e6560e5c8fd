// tavla_pick_test.json (tavla-commit-v1): dice from given blocks, including blocks that run out of
// accepted bytes (which search cannot find). A catalog (vectors/catalog.h): cases give the blocks
// only; the op tavla.pick and its trace compute the rest (blocksRead is the op's result blocks), and
// each flag is checked against the port it catches.
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "vectors/catalog.h"
#include "vectors/tavla.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

using Params = rapidjson::Value;

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

// ---- The answers of ports with the flags' bugs: dice and blocks (read), or InputError.

std::vector<Bytes> strict_blocks(const Params& p) {
  std::vector<Bytes> out;
  const auto texts = string_items(json::member(p, "blocks", "params"), "blocks");
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const Digest d = digest_from_hex(texts[i], "blocks[" + std::to_string(i) + "]");
    out.emplace_back(d.begin(), d.end());
  }
  return out;
}
std::vector<Bytes> lax_blocks(const Params& p) {
  std::vector<Bytes> out;
  for (const auto& t : string_items(json::member(p, "blocks", "params"), "blocks")) out.push_back(hex_prefix(t));
  return out;
}

Value pick_answer(int d1, int d2, std::size_t blocks) {
  return Value::object({{"dice", Value::array({d1, d2})}, {"blocks", int_value(blocks)}});
}

// Rule is how a port reads the stream of blocks: its skip limit and modulus, the bytes it reads of
// each block, and what it does when the blocks run out.
struct Rule {
  int limit = kFirstSkippedByte;
  int modulus = 6;
  std::size_t bytes_per_block = 32;
  bool lax_blocks = false;
  bool zeros_past_end = false;   // reads byte 0 past the last block
  bool skipped_as_dice = false;  // takes the first skipped bytes when accepted ones run out
};

Alternative reading(Rule r) {
  return [r](const Params& p, const Backend&) {
    const std::vector<Bytes> blocks = r.lax_blocks ? lax_blocks(p) : strict_blocks(p);
    std::vector<int> dice, skipped;
    std::size_t read = 0;
    for (const Bytes& b : blocks) {
      ++read;
      for (std::size_t i = 0; i < b.size() && i < r.bytes_per_block && dice.size() < 2; ++i) {
        (b[i] < r.limit ? dice : skipped).push_back(b[i] % r.modulus + 1);
      }
      if (dice.size() == 2) break;
    }
    if (dice.size() < 2 && r.zeros_past_end) dice.resize(2, 1);
    for (std::size_t i = 0; dice.size() < 2 && r.skipped_as_dice && i < skipped.size(); ++i) dice.push_back(skipped[i]);
    if (dice.size() < 2) throw InputError("blocks", "fewer than two accepted bytes");
    return pick_answer(dice[0], dice[1], read);
  };
}
Rule limit(int l) {
  Rule r;
  r.limit = l;
  return r;
}
Rule modulus(int m) {
  Rule r;
  r.modulus = m;
  return r;
}

// accepted returns the dice of block |b|'s accepted bytes, in order.
std::vector<int> accepted(const Bytes& b) {
  std::vector<int> out;
  for (std::uint8_t x : b) {
    if (x < kFirstSkippedByte) out.push_back(x % 6 + 1);
  }
  return out;
}
// restarting takes both dice from the first block that holds two accepted bytes.
Value restarting(const Params& p, const Backend&) {
  const auto blocks = strict_blocks(p);
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (const auto d = accepted(blocks[i]); d.size() >= 2) return pick_answer(d[0], d[1], i + 1);
  }
  throw InputError("blocks", "no block with two accepted bytes");
}
// die2_next_block takes die 2 from the block after die 1's, never further.
Value die2_next_block(const Params& p, const Backend&) {
  const auto blocks = strict_blocks(p);
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const auto d = accepted(blocks[i]);
    if (d.size() >= 2) return pick_answer(d[0], d[1], i + 1);
    if (d.size() == 1) {
      const auto next = i + 1 < blocks.size() ? accepted(blocks[i + 1]) : std::vector<int>{};
      if (next.empty()) throw InputError("blocks", "no die 2 in the next block");
      return pick_answer(d[0], next[0], i + 2);
    }
  }
  throw InputError("blocks", "no dice");
}
Value blocks_given(const Params& p, const Backend&) {
  return Value::object({{"blocks", int_value(strict_blocks(p).size())}});
}

// ---- The properties the flags state.
std::vector<std::int64_t> picked_blocks(const json::Value& o, const char* member) {
  std::vector<std::int64_t> out;
  for (const auto& b : o.find("picked")->as_array()) out.push_back(std::get<std::int64_t>(b.find(member)->variant()));
  return out;
}

std::vector<Flag> pick_flags() {
  Rule short_read, past_end, skipped_dice, lax;
  short_read.bytes_per_block = 31;
  past_end.zeros_past_end = true;
  skipped_dice.skipped_as_dice = true;
  lax.lax_blocks = lax.zeros_past_end = true;
  return {
      {"BlockRollover", BugType::kEdgeCase,
       "Die 1 comes from block 0 and die 2 from a later block: catches a port that restarts both dice in the "
       "next block, or reads die 2 from the wrong block.",
       {restarting, die2_next_block}},
      {"BothDiceInLaterBlock", BugType::kEdgeCase, "Blocks 0 and 1 hold only skipped bytes; both dice come from block 2.", {},
       [](const Params&, const json::Value& o) { return picked_blocks(o, "block") == std::vector<std::int64_t>{2, 2}; }},
      {"ExtraBlocksIgnored", BugType::kEdgeCase,
       "More blocks are given than needed: the count of blocks read stops at the block holding die 2.", {blocks_given}},
      {"ByteBoundary", BugType::kBoundary,
       "Bytes 251 (accepted, die 6), 252 (skipped), 0 (die 1), 5 (die 6) and 6 (die 1): catches an off-by-one "
       "in the skip limit or the modulus.",
       {reading(limit(kFirstSkippedByte - 1)), reading(limit(kFirstSkippedByte + 1)), reading(modulus(5)), reading(modulus(7))}},
      {"LastByteOfBlock", BugType::kBoundary, "A die taken from byte 31, the last byte of a block.", {reading(short_read)},
       [](const Params&, const json::Value& o) {
         const auto idx = picked_blocks(o, "index");
         return std::find(idx.begin(), idx.end(), 31) != idx.end();
       }},
      {"AllSkippedBlocks", BugType::kMissingCheck,
       "The given blocks hold fewer than two accepted bytes: there are no dice to give; must be bad input, not "
       "invented dice or a read past the end.",
       {reading(past_end), reading(skipped_dice)}},
      {"InvalidBlock", BugType::kMissingCheck, "No blocks, or a block that is not 32 bytes of hex.", {reading(lax)}},
  };
}

void pick_cases(Cases& c) {
  auto add = [&](std::vector<Digest> blocks, std::string comment, std::vector<std::string> flags) {
    c.valid("TavlaPick", std::move(comment), std::move(flags), {{"blocks", blocks_value(blocks)}});
  };
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

  auto add_invalid = [&](Value blocks, std::string error, std::string comment, std::vector<std::string> flags) {
    c.invalid("TavlaPickInvalid", std::move(comment), std::move(flags), {{"blocks", std::move(blocks)}}, std::move(error));
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
}

}  // namespace

VectorKind pick_vector_kind() {
  return catalog_kind({
      "tavla_pick_test.json",
      {"tavla-commit-v1 dice from given blocks: the accepted bytes (< 252) of blocks 0, 1, 2... form",
       "one stream; the first two give the dice as byte % 6 + 1. Blocks that run out of accepted bytes",
       "cannot be found by search (about 2^-180), so these tests give the blocks themselves."},
      pick_flags(),
      {{.type = "TavlaPick", .call = {"tavla.pick"}, .fields = {{"picked"}, {"dice"}, {.name = "blocksRead", .from = "blocks"}}},
       {.type = "TavlaPickInvalid", .call = {"tavla.pick"}}},
      pick_cases,
  });
}

}  // namespace fairvec::vectors::tavla_vec
