// tavla-commit-v1 (specs/tavla-commit-v1.md): commit, contribute, derive, reveal.
//   commitment = SHA-256(ctxCommit || gameId || settingsHash || seat0 || seat1 || seed)
//   seal code  = Crockford base32 of the commitment's first 40 bits, shown XXXX-XXXX
//   block mac  = HMAC-SHA256(seed, ctxRoll || gameId || contribution0 || contribution1 ||
//                                  u32be(n) || u32be(block))
//   dice       = the first two accepted bytes (< 252) of the blocks 0, 1, 2... read as one
//                stream, each as byte % 6 + 1
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"

namespace fairvec::tavla {

// Domain strings, UTF-8 without terminator.
inline constexpr std::string_view kCommitContext = "tavlarena-dice-commit-v1";
inline constexpr std::string_view kRollContext = "tavlarena-dice-roll-v1";
// The largest roll number n and block index: both are u32.
inline constexpr std::uint32_t kMaxCounter = 0xFFFFFFFFu;
// Bytes from kFirstSkippedByte up (252..255) are skipped: 252 = 42 * 6.
inline constexpr std::uint8_t kFirstSkippedByte = 252;
// The seal code alphabet (Crockford base32, without check symbols).
inline constexpr std::string_view kCrockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

using Uuid = std::array<std::uint8_t, 16>;
using Dice = std::array<int, 2>;

// parse_uuid reads the canonical 8-4-4-4-12 hex form (either case) into 16 bytes in the order the
// digits are written (not the GUID little-endian order). Throws InputError naming |field| and the
// position of the first bad character (the length itself when the text is too short) for any
// other form: braces, "urn:uuid:", missing or misplaced hyphens, non-hex digits, other lengths.
[[nodiscard]] Uuid parse_uuid(std::string_view text, std::string_view field);

// format_uuid writes |id| in the canonical lowercase 8-4-4-4-12 form. It cannot fail.
[[nodiscard]] std::string format_uuid(const Uuid& id);

// parse_secret decodes a seed or a contribution: exactly 32 bytes as 64 hex digits (either case).
// Throws InputError naming |field| (with the position of a bad digit) otherwise.
[[nodiscard]] Digest parse_secret(std::string_view hex, std::string_view field);

// settings_hash returns SHA-256 of the canonical JSON text |canonical| (already canonical:
// canonical_json::serialize or canonicalize made it). Throws BackendError only.
[[nodiscard]] Digest settings_hash(const Backend& backend, std::string_view canonical);

// commitment_input returns ctxCommit || gameId || settingsHash || seat0 || seat1 || seed
// (136 bytes). It cannot fail.
[[nodiscard]] Bytes commitment_input(const Uuid& game_id, const Digest& settings_hash, const Uuid& seat0,
                                     const Uuid& seat1, const Digest& seed);

// commitment returns SHA-256(commitment_input(...)). Throws BackendError only.
[[nodiscard]] Digest commitment(const Backend& backend, const Uuid& game_id, const Digest& settings_hash,
                                const Uuid& seat0, const Uuid& seat1, const Digest& seed);

// seal_code returns the first 40 bits of |commitment| as 8 Crockford base32 symbols, most
// significant bits first, written XXXX-XXXX. It cannot fail.
[[nodiscard]] std::string seal_code(const Digest& commitment);

// read_seal_code reads a seal code leniently and returns it as XXXX-XXXX: case is ignored, every
// '-' is ignored, O/o read as 0 and I/i/L/l as 1. Throws InputError naming |field| with the
// position of the first character that is not a Crockford symbol (U is not one), or without a
// position when the text does not hold exactly 8 symbols.
[[nodiscard]] std::string read_seal_code(std::string_view text, std::string_view field);

// The inputs of the roll derivation.
struct RollInputs {
  Digest seed{};
  Uuid game_id{};
  std::array<Digest, 2> contributions{};
};

// block_input returns ctxRoll || gameId || contribution0 || contribution1 || u32be(n) ||
// u32be(block) (110 bytes). It cannot fail.
[[nodiscard]] Bytes block_input(const RollInputs& in, std::uint32_t n, std::uint32_t block);

// check_n throws InputError naming |field| unless 1 <= n <= 4294967295 (rolls count from 1).
[[nodiscard]] std::uint32_t check_n(std::uint64_t n, std::string_view field);
// check_block throws InputError naming |field| unless block <= 4294967295.
[[nodiscard]] std::uint32_t check_block(std::uint64_t block, std::string_view field);

// BlockMacs computes block MACs for one set of inputs; it absorbs the fixed prefix once.
class BlockMacs {
 public:
  // Throws BackendError only.
  BlockMacs(const Backend& backend, const RollInputs& in);
  // mac returns HMAC-SHA256(seed, block_input(in, n, block)). Throws BackendError only.
  [[nodiscard]] Digest mac(std::uint32_t n, std::uint32_t block) const;

 private:
  std::unique_ptr<HashContext> prefix_;
};

// block_mac is BlockMacs(backend, in).mac(n, block), for one MAC. Throws BackendError only.
[[nodiscard]] Digest block_mac(const Backend& backend, const RollInputs& in, std::uint32_t n, std::uint32_t block);

// A byte of the block stream that became a die.
struct PickedByte {
  std::uint32_t block = 0;  // block index
  std::uint32_t index = 0;  // byte index in the block, 0..31
  std::uint8_t byte = 0;
};

// Pick is the result of reading the block stream.
struct Pick {
  Dice dice{};
  std::array<PickedByte, 2> picked{};
  std::uint32_t blocks_read = 0;  // the block holding die 2, plus one
};

// Picker reads blocks as one stream of accepted bytes.
class Picker {
 public:
  // feed reads the next block (block 0 first) and returns true once both dice are known; blocks
  // fed after that are not read. It cannot fail.
  bool feed(const Digest& block);
  bool done() const { return found_ == 2; }
  // result returns the dice; only after done(). Throws std::logic_error before.
  [[nodiscard]] Pick result() const;

 private:
  Pick pick_;
  int found_ = 0;
  std::uint32_t next_block_ = 0;
};

// pick reads |blocks| (block 0 first) as one stream of accepted bytes and returns the dice from the
// first two. Throws InputError naming |field| when |blocks| is empty or holds fewer than two
// accepted bytes.
[[nodiscard]] Pick pick(std::span<const Digest> blocks, std::string_view field);

// Roll is one roll with the blocks it read.
struct Roll {
  Pick pick;
  std::vector<Digest> macs;  // the block MACs read, block 0 first
};

// roll derives roll |n| from blocks 0, 1, 2... as needed. Throws InputError naming "n" unless
// 1 <= n <= 4294967295. If all 2^32 blocks were exhausted (unreachable in practice: each block
// offers 32 bytes that are each skipped with probability 1/64) it throws std::runtime_error: the
// roll is undefined.
[[nodiscard]] Roll roll(const Backend& backend, const RollInputs& in, std::uint64_t n);

// Roll kinds in a game. Every roll used advances n, whatever its kind.
enum class RollKind {
  kOpening,  // decides who starts; a tie (equal dice) is rolled again, as another opening roll
  kReroll,   // Turkish style: the winner of the opening rolls again for the first move
  kMove,     // every later roll, including dice thrown when no move is possible
};

// kind_name returns "opening", "reroll" or "move". It cannot fail.
[[nodiscard]] const char* kind_name(RollKind k);
// parse_kind reads a kind name; throws InputError naming |field| for any other text.
[[nodiscard]] RollKind parse_kind(std::string_view text, std::string_view field);

// How the opening is followed: the opening dice are played (kPlay), or the winner re-rolls
// (kReroll, the Turkish rule).
enum class OpeningRule { kPlay, kReroll };
// parse_opening_rule reads "play" or "reroll"; throws InputError naming |field| otherwise.
[[nodiscard]] OpeningRule parse_opening_rule(std::string_view text, std::string_view field);
// find_opening_rule returns the rule named |text|, or nullopt for any other text. It cannot fail.
[[nodiscard]] std::optional<OpeningRule> find_opening_rule(std::string_view text);
[[nodiscard]] const char* opening_rule_name(OpeningRule r);

struct GameRoll {
  std::uint32_t n = 0;
  RollKind kind = RollKind::kMove;
  Dice dice{};
};

// kind_may_follow says whether a roll of kind |kind| may come after |previous| (nullptr: it is the
// first roll of the game): the first roll is an opening; after a tied opening comes an opening;
// after a decided opening a reroll or a move — only a move under |rule| play, only a reroll under
// |rule| reroll, either when no rule is known; after a reroll or a move, a move. It cannot fail.
[[nodiscard]] bool kind_may_follow(const GameRoll* previous, RollKind kind,
                                   std::optional<OpeningRule> rule = std::nullopt);

// The most move rolls game_rolls derives in one call (bounds the work of one request).
inline constexpr std::uint32_t kMaxGameMoves = 100000;

// game_rolls returns the rolls of a game from n = 1: opening rolls until the dice differ, then
// one reroll under OpeningRule::kReroll, then |moves| move rolls. Throws InputError naming
// |field_moves| when moves > kMaxGameMoves, and naming "n" if the game would need n beyond
// 4294967295.
[[nodiscard]] std::vector<GameRoll> game_rolls(const Backend& backend, const RollInputs& in, OpeningRule rule,
                                               std::uint64_t moves, std::string_view field_moves);

// dice_text writes dice as "6-3". It cannot fail.
[[nodiscard]] std::string dice_text(const Dice& d);

}  // namespace fairvec::tavla
