#include "schemes/tavla.h"

#include <stdexcept>

#include "core/enum_names.h"
#include "core/errors.h"

namespace fairvec::tavla {

namespace {

bool is_hyphen_position(std::size_t i) { return i == 8 || i == 13 || i == 18 || i == 23; }

}  // namespace

Uuid parse_uuid(std::string_view text, std::string_view field) {
  const std::string f(field);
  constexpr std::size_t kLength = 36;
  // Report the first bad character among the first 36, then a wrong length.
  for (std::size_t i = 0; i < text.size() && i < kLength; ++i) {
    if (is_hyphen_position(i)) {
      if (text[i] != '-') {
        throw InputError(f, "a UUID must be written 8-4-4-4-12 with '-' at positions 8, 13, 18 and 23", i);
      }
    } else if (hex_digit_value(text[i]) < 0) {
      throw InputError(f, "not a hex digit in the UUID (canonical form 8-4-4-4-12 only)", i);
    }
  }
  if (text.size() != kLength) {
    throw InputError(f, "a UUID has 36 characters (8-4-4-4-12), got " + std::to_string(text.size()),
                     std::min(text.size(), kLength));
  }
  Uuid out{};
  std::size_t k = 0;
  int high = -1;
  for (std::size_t i = 0; i < kLength; ++i) {
    if (is_hyphen_position(i)) continue;  // the groups have even lengths: pairs never straddle one
    int v = hex_digit_value(text[i]);
    if (high < 0) {
      high = v;
    } else {
      out[k++] = static_cast<std::uint8_t>(high * 16 + v);
      high = -1;
    }
  }
  return out;
}

std::string format_uuid(const Uuid& id) {
  std::string hex = to_hex(id);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20, 12);
}

Digest parse_secret(std::string_view hex, std::string_view field) { return digest_from_hex(hex, field); }

Digest settings_hash(const Backend& backend, std::string_view canonical) { return backend.sha256(canonical); }

Bytes commitment_input(const Uuid& game_id, const Digest& settings_hash, const Uuid& seat0, const Uuid& seat1,
                       const Digest& seed) {
  Bytes m;
  m.reserve(kCommitContext.size() + 16 + 32 + 16 + 16 + 32);
  append(m, kCommitContext);
  append(m, game_id);
  append(m, settings_hash);
  append(m, seat0);
  append(m, seat1);
  append(m, seed);
  return m;
}

Digest commitment(const Backend& backend, const Uuid& game_id, const Digest& settings_hash, const Uuid& seat0,
                  const Uuid& seat1, const Digest& seed) {
  return backend.sha256(commitment_input(game_id, settings_hash, seat0, seat1, seed));
}

std::string seal_code(const Digest& commitment) {
  std::uint64_t bits = 0;
  for (int i = 0; i < 5; ++i) bits = (bits << 8) | commitment[static_cast<std::size_t>(i)];
  std::string out;
  for (int i = 7; i >= 0; --i) {
    out.push_back(kCrockford[(bits >> (5 * i)) & 31]);
    if (i == 4) out.push_back('-');
  }
  return out;
}

std::string read_seal_code(std::string_view text, std::string_view field) {
  const std::string f(field);
  std::string symbols;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '-') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c == 'O') c = '0';
    if (c == 'I' || c == 'L') c = '1';
    if (kCrockford.find(c) == std::string_view::npos) {
      throw InputError(f,
                       std::string("not a seal code symbol (Crockford base32: ") + std::string(kCrockford) +
                           ", with O read as 0 and I, L as 1; U is not a symbol)",
                       i);
    }
    if (symbols.size() == 8) {
      throw InputError(f, "a seal code has 8 symbols (XXXX-XXXX); this one has more", i);
    }
    symbols.push_back(c);
  }
  if (symbols.size() != 8) {
    throw InputError(f, "a seal code has 8 symbols (XXXX-XXXX), got " + std::to_string(symbols.size()));
  }
  return symbols.substr(0, 4) + "-" + symbols.substr(4);
}

Bytes block_input(const RollInputs& in, std::uint32_t n, std::uint32_t block) {
  Bytes m;
  m.reserve(kRollContext.size() + 16 + 64 + 8);
  append(m, kRollContext);
  append(m, in.game_id);
  append(m, in.contributions[0]);
  append(m, in.contributions[1]);
  append_u32be(m, n);
  append_u32be(m, block);
  return m;
}

std::uint32_t check_n(std::uint64_t n, std::string_view field) {
  if (n < 1 || n > kMaxCounter) {
    throw InputError(std::string(field),
                     "the roll number n must be between 1 and 4294967295, got " + std::to_string(n));
  }
  return static_cast<std::uint32_t>(n);
}

std::uint32_t check_block(std::uint64_t block, std::string_view field) {
  if (block > kMaxCounter) {
    throw InputError(std::string(field),
                     "the block index must be between 0 and 4294967295, got " + std::to_string(block));
  }
  return static_cast<std::uint32_t>(block);
}

BlockMacs::BlockMacs(const Backend& backend, const RollInputs& in) : prefix_(backend.start_hmac_sha256(in.seed)) {
  Bytes m;
  append(m, kRollContext);
  append(m, in.game_id);
  append(m, in.contributions[0]);
  append(m, in.contributions[1]);
  prefix_->update(m);
}

Digest BlockMacs::mac(std::uint32_t n, std::uint32_t block) const {
  auto ctx = prefix_->clone();
  Bytes tail;
  append_u32be(tail, n);
  append_u32be(tail, block);
  ctx->update(tail);
  return ctx->finish();
}

Digest block_mac(const Backend& backend, const RollInputs& in, std::uint32_t n, std::uint32_t block) {
  return backend.hmac_sha256(in.seed, block_input(in, n, block));
}

bool Picker::feed(const Digest& block) {
  if (done()) return true;
  for (std::uint32_t i = 0; i < block.size(); ++i) {
    std::uint8_t b = block[i];
    if (b >= kFirstSkippedByte) continue;
    pick_.dice[static_cast<std::size_t>(found_)] = b % 6 + 1;
    pick_.picked[static_cast<std::size_t>(found_)] = {next_block_, i, b};
    if (++found_ == 2) {
      pick_.blocks_read = next_block_ + 1;
      break;
    }
  }
  ++next_block_;
  return done();
}

Pick Picker::result() const {
  if (!done()) throw std::logic_error("Picker::result before two accepted bytes");
  return pick_;
}

Pick pick(std::span<const Digest> blocks, std::string_view field) {
  if (blocks.empty()) throw InputError(std::string(field), "at least one block is needed");
  Picker p;
  for (const auto& b : blocks) {
    if (p.feed(b)) return p.result();
  }
  throw InputError(std::string(field),
                   "the " + std::to_string(blocks.size()) + " blocks given hold fewer than two accepted bytes (< 252)");
}

Roll roll(const Backend& backend, const RollInputs& in, std::uint64_t n) {
  std::uint32_t n32 = check_n(n, "n");
  BlockMacs macs(backend, in);
  Roll r;
  Picker p;
  for (std::uint64_t block = 0; block <= kMaxCounter; ++block) {
    r.macs.push_back(macs.mac(n32, static_cast<std::uint32_t>(block)));
    if (p.feed(r.macs.back())) {
      r.pick = p.result();
      return r;
    }
  }
  throw std::runtime_error("tavla roll: all 2^32 blocks exhausted; the roll is undefined");
}

namespace {
constexpr std::string_view kind_label(RollKind v) {
  switch (v) {
    case RollKind::kOpening: return "opening";
    case RollKind::kReroll: return "reroll";
    case RollKind::kMove: return "move";
  }
  return {};
}
constexpr EnumNames<RollKind, kind_label> kKinds;
constexpr std::string_view opening_rule_label(OpeningRule v) {
  switch (v) {
    case OpeningRule::kPlay: return "play";
    case OpeningRule::kReroll: return "reroll";
  }
  return {};
}
constexpr EnumNames<OpeningRule, opening_rule_label> kOpeningRules;
}  // namespace

const char* kind_name(RollKind k) { return kKinds.c_name(k); }

RollKind parse_kind(std::string_view text, std::string_view field) {
  if (auto k = kKinds.parse(text)) return *k;
  throw InputError(std::string(field),
                   "a roll kind is \"opening\", \"reroll\" or \"move\", got \"" + std::string(text) + "\"");
}

std::optional<OpeningRule> find_opening_rule(std::string_view text) { return kOpeningRules.parse(text); }

OpeningRule parse_opening_rule(std::string_view text, std::string_view field) {
  if (auto r = kOpeningRules.parse(text)) return *r;
  throw InputError(std::string(field), "the opening rule is \"play\" or \"reroll\", got \"" + std::string(text) + "\"");
}

const char* opening_rule_name(OpeningRule r) { return kOpeningRules.c_name(r); }

bool kind_may_follow(const GameRoll* previous, RollKind kind, std::optional<OpeningRule> rule) {
  if (!previous) return kind == RollKind::kOpening;
  if (previous->kind == RollKind::kOpening) {
    bool tie = previous->dice[0] == previous->dice[1];
    if (tie) return kind == RollKind::kOpening;
    if (rule) return kind == (*rule == OpeningRule::kPlay ? RollKind::kMove : RollKind::kReroll);
    return kind != RollKind::kOpening;
  }
  return kind == RollKind::kMove;
}

std::vector<GameRoll> game_rolls(const Backend& backend, const RollInputs& in, OpeningRule rule, std::uint64_t moves,
                                 std::string_view field_moves) {
  if (moves > kMaxGameMoves) {
    throw InputError(std::string(field_moves), "at most " + std::to_string(kMaxGameMoves) +
                                                   " move rolls per request, got " + std::to_string(moves));
  }
  std::vector<GameRoll> out;
  std::uint64_t n = 1;
  auto next = [&](RollKind kind) {
    Roll r = roll(backend, in, n);  // check_n rejects n beyond 4294967295
    out.push_back({static_cast<std::uint32_t>(n), kind, r.pick.dice});
    ++n;
  };
  // Opening ties are rolled again; each attempt consumes its n. Bounded by n <= 4294967295.
  do {
    next(RollKind::kOpening);
  } while (out.back().dice[0] == out.back().dice[1]);
  if (rule == OpeningRule::kReroll) next(RollKind::kReroll);
  for (std::uint64_t i = 0; i < moves; ++i) next(RollKind::kMove);
  return out;
}

std::string dice_text(const Dice& d) { return std::to_string(d[0]) + "-" + std::to_string(d[1]); }

}  // namespace fairvec::tavla
