// tavla_pick_test.json (tavla-commit-v1): dice from given blocks, including blocks that run out of
// accepted bytes (which search cannot find). A catalog (vectors/catalog.h): cases give the blocks
// only; the op tavla.pick and its trace compute the rest (blocksRead is the op's result blocks), and
// each flag of the family's library (vectors/tavla.cc) is checked against the wrong ports of
// vectors/tavla_ports.cc it names or by the property it claims.
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

// ---- The properties the flags state.
std::vector<std::int64_t> picked_blocks(const json::Value& o, const char* member) {
  std::vector<std::int64_t> out;
  for (const auto& b : o.find("picked")->as_array()) out.push_back(std::get<std::int64_t>(b.find(member)->variant()));
  return out;
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
    add({b0, b1}, "both dice from the last two bytes of block 0; block 1 not read",
        {"LastByteOfBlock", "ExtraBlocksIgnored"});
  }

  auto add_invalid = [&](Value blocks, std::string error, std::string comment, std::vector<std::string> flags) {
    c.invalid("TavlaPickInvalid", std::move(comment), std::move(flags), {{"blocks", std::move(blocks)}},
              std::move(error));
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

void add_pick_flags(FlagLibrary& lib) {
  lib.flag({"BlockRollover",
            BugType::kEdgeCase,
            "Die 1 comes from block 0 and die 2 from a later block: catches a port that restarts both dice in the "
            "next block, or reads die 2 from the wrong block.",
            {"tavla-no-carry", "tavla-die2-next-block-only"}});
  lib.flag({"BothDiceInLaterBlock",
            BugType::kEdgeCase,
            "Blocks 0 and 1 hold only skipped bytes; both dice come from block 2.",
            {},
            [](const Params&, const json::Value& o) {
              return picked_blocks(o, "block") == std::vector<std::int64_t>{2, 2};
            }});
  lib.flag({"ExtraBlocksIgnored",
            BugType::kEdgeCase,
            "More blocks are given than needed: the count of blocks read stops at the block holding die 2.",
            {"tavla-blocks-read-all"}});
  lib.flag(
      {"ByteBoundary",
       BugType::kBoundary,
       "Bytes 251 (accepted, die 6), 252 (skipped), 0 (die 1), 5 (die 6) and 6 (die 1): catches an off-by-one "
       "in the skip limit or the modulus.",
       {"tavla-skip-from-251", "tavla-skip-from-253", "tavla-accept-252", "tavla-byte-mod-5", "tavla-byte-mod-7"}});
  lib.flag({"LastByteOfBlock",
            BugType::kBoundary,
            "A die taken from byte 31, the last byte of a block.",
            {"tavla-31-bytes-per-block"},
            [](const Params&, const json::Value& o) {
              const auto idx = picked_blocks(o, "index");
              return std::find(idx.begin(), idx.end(), 31) != idx.end();
            }});
  lib.flag({"AllSkippedBlocks",
            BugType::kMissingCheck,
            "The given blocks hold fewer than two accepted bytes: there are no dice to give; must be bad input, not "
            "invented dice or a read past the end.",
            {"tavla-dice-past-end", "tavla-skipped-bytes-as-dice"}});
  lib.flag({"InvalidBlock",
            BugType::kMissingCheck,
            "No blocks, or a block that is not 32 bytes of hex.",
            {"tavla-lax-blocks"}});
}

VectorKind pick_vector_kind() {
  return catalog_kind({
      "tavla_pick_test.json",
      {"tavla-commit-v1 dice from given blocks: the accepted bytes (< 252) of blocks 0, 1, 2... form",
       "one stream; the first two give the dice as byte % 6 + 1. Blocks that run out of accepted bytes",
       "cannot be found by search (about 2^-180), so these tests give the blocks themselves."},
      library().pick({"BlockRollover", "BothDiceInLaterBlock", "ExtraBlocksIgnored", "ByteBoundary", "LastByteOfBlock",
                      "AllSkippedBlocks", "InvalidBlock"}),
      {{.type = "TavlaPick",
        .call = {"tavla.pick"},
        .fields = {{"picked"}, {"dice"}, {.name = "blocksRead", .from = "blocks"}}},
       {.type = "TavlaPickInvalid", .call = {"tavla.pick"}}},
      pick_cases,
  });
}

}  // namespace fairvec::vectors::tavla_vec
