// The wrong ports of tavla-commit-v1 (vectors/flags.h): each a named port bug and what a port with
// it answers to the family's ops. One Port describes the inputs, the rolls and the commitment, a rule
// of the spec changed at a time (how ids, the seed and the contributions are read, how the counters
// are written, how bytes become dice, the opening rule, how the settings and the seal code are
// written), so that a bug that touches several ops (tavla.block, tavla.roll, tavla.game,
// tavla.pick, tavla.commitment) is one port. Seal code readers and proof verifiers, ports of their
// one op, are in tavla_reader_ports.cc.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "schemes/canonical_json.h"
#include "schemes/tavla_proof.h"
#include "vectors/flags.h"
#include "vectors/lenient_ports.h"
#include "vectors/tavla.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

using Params = rapidjson::Value;

Bytes bytes_of(const Uuid& u) { return Bytes(u.begin(), u.end()); }
Bytes bytes_of(const Digest& d) { return Bytes(d.begin(), d.end()); }

Bytes le32(std::uint32_t v) {
  return {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v >> 16),
          static_cast<std::uint8_t>(v >> 24)};
}
Bytes be32(std::uint32_t v) {
  Bytes t;
  append_u32be(t, v);
  return t;
}

// written returns settings |v| as canonical JSON writes it (JCS strings and integers, no whitespace)
// but with each object's members in the order |order| leaves them at their depth (0: the top), and
// numbers as given.
using Order = std::function<void(json::Object& members, int depth)>;
std::string written(const json::Value& v, const Order& order, int depth = 0) {
  if (v.is_object()) {
    json::Object members = v.as_object();
    order(members, depth);
    std::string s = "{";
    for (const auto& [k, m] : members) {
      s += (s.size() > 1 ? "," : "") + canonical_json::serialize(json::Value(k), "settings") + ":" +
           written(m, order, depth + 1);
    }
    return s + "}";
  }
  if (v.is_array()) {
    std::string s = "[";
    for (const auto& m : v.as_array()) s += (s.size() > 1 ? "," : "") + written(m, order, depth + 1);
    return s + "]";
  }
  if (std::holds_alternative<double>(v.variant()) || std::holds_alternative<std::int64_t>(v.variant())) {
    return json::to_line(v);  // a number as given
  }
  return canonical_json::serialize(v, "settings");
}
// has_fraction tells whether |v| holds a number that is not an integer.
bool has_fraction(const json::Value& v) {
  if (std::holds_alternative<double>(v.variant())) return true;
  if (v.is_array()) return std::any_of(v.as_array().begin(), v.as_array().end(), has_fraction);
  if (v.is_object())
    return std::any_of(v.as_object().begin(), v.as_object().end(),
                       [](const auto& m) { return has_fraction(m.second); });
  return false;
}
void utf16_sorted(json::Object& m) {
  std::stable_sort(m.begin(), m.end(), [](const auto& a, const auto& b) {
    return canonical_json::utf16_less(a.first, b.first, "settings");
  });
}
using Settings = std::function<std::string(const Params& settings)>;
Settings settings_written(Order order) {
  return [order](const Params& s) { return written(json::Value::from_rapidjson(s), order); };
}
// escaped_as writes the canonical text replacing each |from| by its |to|: the escaping of another
// serializer ('/' as "\/"; U+2028 and U+2029 as \u2028, \u2029; DEL as \u007f).
Settings escaped_as(std::vector<std::pair<std::string, std::string>> table) {
  return [table](const Params& s) {
    std::string text = canonical_json::serialize(s, "settings");
    for (const auto& [from, to] : table) {
      for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    }
    return text;
  };
}

// seal_in writes the first 40 bits in another base32 alphabet; unpadded drops leading zero symbols.
std::function<std::string(const Digest&)> seal_in(std::string alphabet, bool unpadded = false) {
  return [alphabet, unpadded](const Digest& c) {
    std::uint64_t bits = 0;
    for (int i = 0; i < 5; ++i) bits = (bits << 8) | c[static_cast<std::size_t>(i)];
    std::string s;
    for (int i = 7; i >= 0; --i) s.push_back(alphabet[(bits >> (5 * i)) & 31]);
    if (unpadded) s.erase(0, std::min(s.find_first_not_of('0'), std::size_t{7}));
    return s.substr(0, 4) + "-" + s.substr(4);
  };
}

std::int64_t int_of(const Params& p, const char* key) {
  const auto& v = json::member(p, key, "params");
  if (!v.IsInt64()) throw InputError(key, "not an integer");
  return v.GetInt64();
}

// Port is a port of tavla-commit-v1 with some rules changed.
struct Port {
  // The inputs.
  std::function<Bytes(const std::string& text, const std::string& field)> uuid =
      [](const std::string& t, const std::string& f) { return bytes_of(parse_uuid(t, f)); };
  enum class Seed { kSpec, kAnyLength, kText, kHexPrefix } seed = Seed::kSpec;
  bool any_contributions = false;  // any count, any length
  bool any_seat_count = false;
  // The counters: how n and block follow the MAC input's prefix.
  enum class Counters { kSpec, kNoBlock, kBlockLe, kBlockU64, kLe, kSigned, kU16, kWrapped } counters = Counters::kSpec;
  // The dice.
  int limit = kFirstSkippedByte;  // bytes below it are accepted
  int modulus = 6;
  std::size_t bytes_per_block = 32;
  unsigned max_run = UINT_MAX;   // skips at most this many bytes in a row, then takes the next whatever it is
  bool carry = true;             // die 2 may come from a later block than die 1 (else both from one block)
  bool die2_next_byte = false;   // die 2 is the byte after die 1, without the skip rule
  bool die2_next_block = false;  // die 2 comes from die 1's block or the next, never further
  bool past_end = false;         // dice of 1 where the given blocks run out
  bool skipped_as_dice = false;  // the first skipped bytes where the accepted ones run out
  bool lax_blocks = false;       // given blocks read as hex pairs up to the first bad one, any count
  bool all_blocks_read = false;  // reports every given block as read
  // The game.
  bool rules_swapped = false;   // plays the opening dice under the Turkish rule and rerolls under the other
  bool game_unchecked = false;  // any opening rule text (not "reroll" is play) and any number of moves
  // The commitment.
  Settings settings = [](const Params& s) { return canonical_json::serialize(s, "settings"); };
  std::function<std::string(const Digest&)> seal = seal_code;

  [[nodiscard]] Bytes seed_bytes(const std::string& t) const {
    switch (seed) {
      case Seed::kAnyLength: return from_hex(t, "seed");
      case Seed::kText: return Bytes(t.begin(), t.end());
      case Seed::kHexPrefix: return hex_prefix(t);
      case Seed::kSpec: break;
    }
    return bytes_of(parse_secret(t, "seed"));
  }

  // prefix is the roll MAC input before the counters.
  [[nodiscard]] Bytes prefix(const Params& p) const {
    Bytes m;
    append(m, kRollContext);
    append(m, uuid(json::get_string(p, "gameId", "params"), "gameId"));
    const auto texts = string_items(json::member(p, "contributions", "params"), "contributions",
                                    any_contributions ? std::nullopt : std::optional<std::size_t>(2));
    for (std::size_t i = 0; i < texts.size(); ++i) {
      append(m, any_contributions ? from_hex(texts[i], "contributions")
                                  : bytes_of(parse_secret(texts[i], "contributions[" + std::to_string(i) + "]")));
    }
    return m;
  }

  [[nodiscard]] Bytes tail(std::int64_t n, std::int64_t block) const {
    const auto u = [](std::int64_t v) { return static_cast<std::uint32_t>(v); };
    Bytes t;
    switch (counters) {
      case Counters::kNoBlock: return be32(u(n));
      case Counters::kBlockLe:
        t = be32(u(n));
        append(t, le32(u(block)));
        return t;
      case Counters::kBlockU64:
        t = be32(u(n));
        append_u32be(t, 0);
        append_u32be(t, u(block));
        return t;
      case Counters::kLe:
        t = le32(u(n));
        append(t, le32(u(block)));
        return t;
      case Counters::kU16:
        t = be32(static_cast<std::uint16_t>(n));
        append_u32be(t, static_cast<std::uint16_t>(block));
        return t;
      case Counters::kWrapped:
        t = be32(u(n));
        append_u32be(t, u(block));
        return t;
      case Counters::kSigned:
        if (n > std::numeric_limits<std::int32_t>::max() || block > std::numeric_limits<std::int32_t>::max()) {
          throw InputError("n", "negative as int32");
        }
        break;
      case Counters::kSpec: break;
    }
    if (n < 0 || block < 0) throw InputError(n < 0 ? "n" : "block", "negative");
    t = be32(check_n(static_cast<std::uint64_t>(n), "n"));
    append_u32be(t, check_block(static_cast<std::uint64_t>(block), "block"));
    return t;
  }

  [[nodiscard]] Digest mac(const Params& p, const Bytes& pre, std::int64_t n, std::int64_t block,
                           const Backend& b) const {
    Bytes m = pre;
    append(m, tail(n, block));
    return b.hmac_sha256(seed_bytes(json::get_string(p, "seed", "params")), m);
  }

  // dice reads blocks 0, 1, ... (|block|(k), |count| of them) as this port does: the dice and the
  // blocks read. Throws InputError("blocks") where it finds no dice.
  [[nodiscard]] std::pair<Dice, std::size_t> dice(const std::function<Bytes(std::size_t)>& block,
                                                  std::size_t count) const {
    std::vector<int> got, skipped;
    std::size_t read = 0, die1_block = 0;
    unsigned run = 0;
    for (std::size_t k = 0; k < count && got.size() < 2; ++k) {
      if (die2_next_block && got.size() == 1 && k > die1_block + 1)
        throw InputError("blocks", "no die 2 in the next block");
      const Bytes b = block(k);
      read = k + 1;
      if (!carry && got.size() == 1) got.clear();
      for (std::size_t i = 0; i < b.size() && i < bytes_per_block && got.size() < 2; ++i) {
        if (b[i] >= limit && run < max_run) {
          ++run;
          skipped.push_back(b[i] % modulus + 1);
          continue;
        }
        run = 0;
        got.push_back(b[i] % modulus + 1);
        if (got.size() == 1) die1_block = k;
        if (got.size() == 1 && die2_next_byte) {
          const Bytes next = i + 1 < b.size() ? b : block(k + 1);
          got.push_back(next[i + 1 < b.size() ? i + 1 : 0] % modulus + 1);
        }
      }
    }
    if (got.size() < 2 && past_end) got.resize(2, 1);
    for (std::size_t i = 0; got.size() < 2 && skipped_as_dice && i < skipped.size(); ++i) got.push_back(skipped[i]);
    if (got.size() < 2) throw InputError("blocks", "fewer than two accepted bytes");
    return {{got[0], got[1]}, read};
  }

  [[nodiscard]] Dice roll_dice(const Params& p, const Bytes& pre, std::int64_t n, const Backend& b) const {
    return dice([&](std::size_t k) { return bytes_of(mac(p, pre, n, static_cast<std::int64_t>(k), b)); }, 64).first;
  }

  [[nodiscard]] json::Value block(const Params& p, const Backend& b) const {
    return json::Value::object({{"mac", to_hex(mac(p, prefix(p), int_of(p, "n"), int_of(p, "block"), b))}});
  }

  [[nodiscard]] json::Value roll(const Params& p, const Backend& b) const {
    const Bytes pre = prefix(p);
    const std::int64_t n = int_of(p, "n");
    const auto [d, read] =
        dice([&](std::size_t k) { return bytes_of(mac(p, pre, n, static_cast<std::int64_t>(k), b)); }, 64);
    return json::Value::object({{"dice", dice_value(d)}, {"blocks", int_value(read)}});
  }

  [[nodiscard]] json::Value pick(const Params& p, const Backend&) const {
    std::vector<Bytes> blocks;
    const auto texts = string_items(json::member(p, "blocks", "params"), "blocks");
    for (std::size_t i = 0; i < texts.size(); ++i) {
      blocks.push_back(lax_blocks ? hex_prefix(texts[i])
                                  : bytes_of(digest_from_hex(texts[i], "blocks[" + std::to_string(i) + "]")));
    }
    if (blocks.empty() && !lax_blocks && !past_end) throw InputError("blocks", "none");
    const auto [d, read] =
        dice([&](std::size_t k) { return k < blocks.size() ? blocks[k] : Bytes(32, 0); }, blocks.size());
    return json::Value::object(
        {{"dice", dice_value(d)}, {"blocks", int_value(all_blocks_read ? blocks.size() : read)}});
  }

  [[nodiscard]] json::Value game(const Params& p, const Backend& b) const {
    const std::string text = json::get_string(p, "opening", "params");
    OpeningRule rule = game_unchecked ? (text == "reroll" ? OpeningRule::kReroll : OpeningRule::kPlay)
                                      : parse_opening_rule(text, "opening");
    if (rules_swapped) rule = rule == OpeningRule::kPlay ? OpeningRule::kReroll : OpeningRule::kPlay;
    const std::uint64_t moves = counter(p, "moves");
    if (!game_unchecked && moves > kMaxGameMoves) throw InputError("moves", "too many");
    const Bytes pre = prefix(p);
    std::vector<GameRoll> rolls;
    std::int64_t n = 1;
    auto next = [&](RollKind kind) {
      rolls.push_back({static_cast<std::uint32_t>(n), kind, roll_dice(p, pre, n, b)});
      ++n;
    };
    do {
      next(RollKind::kOpening);
    } while (rolls.back().dice[0] == rolls.back().dice[1] && n < 1000);
    if (rule == OpeningRule::kReroll) next(RollKind::kReroll);
    for (std::uint64_t i = 0; i < moves && i < 2 * kMaxGameMoves; ++i) next(RollKind::kMove);
    return json::Value::object({{"rolls", rolls_value(rolls)}});
  }

  [[nodiscard]] json::Value commitment(const Params& p, const Backend& b) const {
    Bytes m;
    append(m, kCommitContext);
    append(m, uuid(json::get_string(p, "gameId", "params"), "gameId"));
    const Digest sh = settings_hash(b, settings(json::member(p, "settings", "params")));
    append(m, sh);
    const auto seats = string_items(json::member(p, "seats", "params"), "seats",
                                    any_seat_count ? std::nullopt : std::optional<std::size_t>(2));
    for (std::size_t i = 0; i < seats.size(); ++i) append(m, uuid(seats[i], "seats[" + std::to_string(i) + "]"));
    append(m, seed_bytes(json::get_string(p, "seed", "params")));
    const Digest c = b.sha256(m);
    return json::Value::object({{"settingsHash", to_hex(sh)}, {"commitment", to_hex(c)}, {"sealCode", seal(c)}});
  }
};

// WhichOps lists the ops a wrong port answers.
enum WhichOps : unsigned { kBlock = 1, kRoll = 2, kGame = 4, kPick = 8, kCommit = 16, kRolls = kBlock | kRoll | kGame };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto s = std::make_shared<const Port>(std::move(port));
  if (ops & kBlock)
    w.answers.push_back({"tavla.block", [s](const Params& p, const Backend& b) { return s->block(p, b); }});
  if (ops & kRoll)
    w.answers.push_back({"tavla.roll", [s](const Params& p, const Backend& b) { return s->roll(p, b); }});
  if (ops & kGame)
    w.answers.push_back({"tavla.game", [s](const Params& p, const Backend& b) { return s->game(p, b); }});
  if (ops & kPick)
    w.answers.push_back({"tavla.pick", [s](const Params& p, const Backend& b) { return s->pick(p, b); }});
  if (ops & kCommit)
    w.answers.push_back({"tavla.commitment", [s](const Params& p, const Backend& b) { return s->commitment(p, b); }});
  lib.port(std::move(w));
}

Bytes guid_order(const std::string& t, const std::string& f) {
  Bytes u = bytes_of(parse_uuid(t, f));
  std::reverse(u.begin(), u.begin() + 4);
  std::reverse(u.begin() + 4, u.begin() + 6);
  std::reverse(u.begin() + 6, u.begin() + 8);
  return u;
}

}  // namespace

void add_wrong_ports(FlagLibrary& lib) {
  const std::string kRfc4648 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", kBase32Hex = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
  // The inputs.
  add(lib, "guid-byte-order", "reads UUIDs in Microsoft GUID byte order (first three groups little-endian)",
      kRolls | kCommit, {.uuid = guid_order});
  add(lib, "tavla-uuid-uppercase-rejected", "rejects UUIDs written with capital letters", kRolls | kCommit,
      {.uuid = [](const std::string& t, const std::string& f) {
        if (std::any_of(t.begin(), t.end(), [](char c) { return c >= 'A' && c <= 'F'; }))
          throw InputError(f, "uppercase");
        return bytes_of(parse_uuid(t, f));
      }});
  add(lib, "tavla-rfc4122-uuid-only",
      "rejects UUIDs without RFC 4122 version (1..5) and variant bits: the nil and all-ff ids", kRolls | kCommit,
      {.uuid = [](const std::string& t, const std::string& f) {
        const Bytes u = bytes_of(parse_uuid(t, f));
        if ((u[6] >> 4) < 1 || (u[6] >> 4) > 5 || (u[8] >> 6) != 2) throw InputError(f, "not an RFC 4122 UUID");
        return u;
      }});
  add(lib, "tavla-lax-uuid", "reads a UUID as hex pairs up to the first that is not hex, hyphens dropped, any length",
      kRolls | kCommit, {.uuid = [](const std::string& t, const std::string&) { return hex_prefix(t); }});
  add(lib, "tavla-seed-length-unchecked", "takes a seed of any whole number of bytes", kRolls | kCommit,
      {.seed = Port::Seed::kAnyLength});
  add(lib, "tavla-seed-as-text", "takes the seed's hex text as its bytes, unchecked", kRolls | kCommit,
      {.seed = Port::Seed::kText});
  add(lib, "tavla-seed-hex-prefix", "reads the seed as hex pairs up to the first that is not hex, any length",
      kRolls | kCommit, {.seed = Port::Seed::kHexPrefix});
  add(lib, "tavla-contributions-unchecked", "takes any number of contributions of any length", kRolls,
      {.any_contributions = true});
  add(lib, "tavla-seat-count-unchecked", "commits to any number of seats", kCommit, {.any_seat_count = true});
  // The counters.
  add(lib, "tavla-no-block-counter", "leaves u32be(block) out of the MAC input", kRolls,
      {.counters = Port::Counters::kNoBlock});
  add(lib, "tavla-le-block-counter", "writes block as u32le", kRolls, {.counters = Port::Counters::kBlockLe});
  add(lib, "tavla-block-counter-u64", "writes block as u64be", kRolls, {.counters = Port::Counters::kBlockU64});
  add(lib, "tavla-le-counters", "writes n and block as u32le", kRolls, {.counters = Port::Counters::kLe});
  add(lib, "tavla-signed-counters", "holds n and block in a signed 32-bit integer and refuses 2^31 and above", kRolls,
      {.counters = Port::Counters::kSigned});
  add(lib, "tavla-u16-counters", "holds n and block in 16-bit integers, cutting off their high bits", kRolls,
      {.counters = Port::Counters::kU16});
  add(lib, "tavla-counters-wrapped", "takes n = 0, negative and too-large counters, wrapped to u32", kRolls,
      {.counters = Port::Counters::kWrapped});
  // The dice.
  add(lib, "tavla-accept-252", "accepts bytes 252..255: no skip rule", kRoll | kGame | kPick, {.limit = 256});
  add(lib, "tavla-skip-from-251", "skips bytes 251..255 (the limit one too low)", kRoll | kGame | kPick,
      {.limit = 251});
  add(lib, "tavla-skip-from-253", "skips only bytes 253..255 (the test is > 252)", kRoll | kGame | kPick,
      {.limit = 253});
  add(lib, "tavla-byte-mod-5", "takes a die as byte % 5 + 1", kRoll | kGame | kPick, {.modulus = 5});
  add(lib, "tavla-byte-mod-7", "takes a die as byte % 7 + 1", kRoll | kGame | kPick, {.modulus = 7});
  for (unsigned k = 1; k <= 5; ++k) {
    add(lib, "tavla-skips-at-most-" + std::to_string(k),
        "skips at most " + std::to_string(k) + " byte" + (k > 1 ? "s" : "") +
            " >= 252 in a row, then takes the next whatever it is",
        kRoll | kGame | kPick, {.max_run = k});
  }
  add(lib, "tavla-31-bytes-per-block", "reads 31 bytes of each block, never byte 31", kRoll | kGame | kPick,
      {.bytes_per_block = 31});
  add(lib, "tavla-no-carry", "takes both dice from one block: die 1 is not carried into the next block",
      kRoll | kGame | kPick, {.carry = false});
  add(lib, "tavla-die2-next-byte", "takes die 2 from the byte after die 1, without the skip rule",
      kRoll | kGame | kPick, {.die2_next_byte = true});
  add(lib, "tavla-die2-next-block-only", "takes die 2 from die 1's block or the next, never further",
      kRoll | kGame | kPick, {.die2_next_block = true});
  add(lib, "tavla-dice-past-end", "answers dice of 1 where the given blocks run out of accepted bytes", kPick,
      {.past_end = true});
  add(lib, "tavla-skipped-bytes-as-dice", "takes the first skipped bytes as dice where the accepted ones run out",
      kPick, {.skipped_as_dice = true});
  add(lib, "tavla-lax-blocks", "reads given blocks as hex pairs up to the first bad one, any count, zeros past the end",
      kPick, {.past_end = true, .lax_blocks = true});
  add(lib, "tavla-blocks-read-all", "reports every given block as read, not the blocks up to die 2's", kPick,
      {.all_blocks_read = true});
  // The game.
  add(lib, "tavla-opening-rules-swapped", "plays the opening dice under the Turkish rule and rerolls under the other",
      kGame, {.rules_swapped = true});
  add(lib, "tavla-game-params-unchecked",
      "takes any opening rule text (anything but reroll plays) and any number of moves", kGame,
      {.game_unchecked = true});
  // The settings and the seal code.
  add(lib, "tavla-settings-as-given", "hashes the settings with their members in the order given, not sorted", kCommit,
      {.settings = settings_written([](json::Object&, int) {})});
  add(lib, "tavla-code-point-key-sort", "sorts settings keys by code point (UTF-8 bytes) instead of UTF-16 code units",
      kCommit, {.settings = settings_written([](json::Object& m, int) {
                  std::stable_sort(m.begin(), m.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
                })});
  add(lib, "tavla-settings-top-level-sorted", "sorts the settings' top-level keys only", kCommit,
      {.settings = settings_written([](json::Object& m, int depth) {
         if (depth == 0) utf16_sorted(m);
       })});
  add(lib, "tavla-settings-slash-escaped", "writes '/' in the settings as \\/", kCommit,
      {.settings = escaped_as({{"/", "\\/"}})});
  add(lib, "tavla-settings-separators-escaped", "writes U+2028 and U+2029 in the settings as \\u2028, \\u2029", kCommit,
      {.settings = escaped_as({{"\xe2\x80\xa8", "\\u2028"}, {"\xe2\x80\xa9", "\\u2029"}})});
  add(lib, "tavla-settings-del-escaped", "writes DEL in the settings as \\u007f", kCommit,
      {.settings = escaped_as({{"\x7f", "\\u007f"}})});
  add(lib, "tavla-settings-numbers-unchecked",
      "hashes settings numbers as given: fractions and unsafe integers accepted", kCommit,
      {.settings = settings_written([](json::Object& m, int) { utf16_sorted(m); })});
  add(lib, "tavla-unsafe-integers", "accepts settings integers beyond +-(2^53 - 1) (fractions still refused)", kCommit,
      {.settings = [](const Params& s) {
        const json::Value v = json::Value::from_rapidjson(s);
        if (has_fraction(v)) throw InputError("settings", "a fraction");
        return written(v, [](json::Object& m, int) { utf16_sorted(m); });
      }});
  add(lib, "rfc4648-base32", "writes the seal code in RFC 4648 base32 instead of Crockford's", kCommit,
      {.seal = seal_in(kRfc4648)});
  add(lib, "tavla-seal-base32hex", "writes the seal code in RFC 4648 base32hex instead of Crockford's", kCommit,
      {.seal = seal_in(kBase32Hex)});
  add(lib, "tavla-seal-unpadded", "writes the seal code's 40-bit value without its leading zeros", kCommit,
      {.seal = seal_in(std::string(kCrockford), true)});
  add_reader_ports(lib);  // tavla_reader_ports.cc: the seal code readers and proof verifiers
  // JSON types read leniently (vectors/lenient_ports.h): the counters n and block, and moves.
  add_lenient_integer_ports(lib,
                            {.as_text = "tavla-integer-as-text",
                             .integral_float = "tavla-integral-float",
                             .boolean = "tavla-boolean-as-integer"},
                            "n, block or moves", {"tavla.block", "tavla.roll", "tavla.game"});
  lib.port(lenient_port("tavla-number-as-text", "takes a JSON number for a seal code, as its text",
                        Leniency::kNumberAsText, {"tavla.seal_code"}));
}

}  // namespace fairvec::vectors::tavla_vec
