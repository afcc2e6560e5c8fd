// The Port of cursor-v1's wrong ports (vectors/cursor_ports.cc): one port of the spec with some
// rules changed (how the key, the message and the counters are written and read, how the digest
// becomes u, how a draw, limbo and the pool hop use u, how cursor.game reads its units), and what
// it answers to each op it changes. Internal to vectors/cursor_ports.cc, which names each wrong
// port as one set of these rules; nothing else includes it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "ops/op_table.h"
#include "schemes/cursor_games.h"
#include "vectors/cursor.h"
#include "vectors/lenient_ports.h"

namespace fairvec::vectors::cursor_vec::rules {

using json::Value;

// utf16le returns the UTF-16LE bytes of UTF-8 text (valid input assumed: read_text checked it).
inline Bytes utf16le(std::string_view s) {
  Bytes out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp;
    int len;
    if (c < 0x80) {
      cp = c, len = 1;
    } else if (c < 0xE0) {
      cp = c & 0x1F, len = 2;
    } else if (c < 0xF0) {
      cp = c & 0x0F, len = 3;
    } else {
      cp = c & 0x07, len = 4;
    }
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    auto put = [&](std::uint32_t unit) {
      out.push_back(static_cast<std::uint8_t>(unit & 0xFF));
      out.push_back(static_cast<std::uint8_t>(unit >> 8));
    };
    if (cp >= 0x10000) {
      put(0xD800 + ((cp - 0x10000) >> 10));
      put(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      put(cp);
    }
  }
  return out;
}

inline Bytes bytes_of(std::string_view s) { return Bytes(s.begin(), s.end()); }

// A counter as a port read it: the text it hashes and, where it read a strict counter, its value.
struct Counter {
  std::string text;
  u64 value = 0;
};

struct Port;
// game_of_units plays the round of cursor.game params |p| on the units |port| reads (below Port).
inline Value game_of_units(const Port& port, const rapidjson::Value& p, const Backend& b);

// Port is a port of cursor-v1 with some rules changed.
struct Port {
  // The server seed as the HMAC key, and the commitment.
  enum class Key { kText, kHexDecoded, kUtf16, kTruncated64 } key = Key::kText;
  enum class Commitment { kText, kHexDecoded, kUtf16 } commitment = Commitment::kText;
  // The message.
  enum class Message { kSpec, kNoCursor, kCursorFirst, kHex, kZeroPadded } message = Message::kSpec;
  bool utf16_message = false;
  // Reading seeds and counters: each accepts what cursor.unit rejects (the text it hashes is the
  // value as JavaScript's String() writes it).
  bool big = false;             // integers up to 2^64 - 1
  bool negative = false;        // negative integers
  bool fraction = false;        // any number
  bool integral_float = false;  // numbers with a zero fraction (2.0)
  bool boolean = false;         // true is 1, false 0
  bool string_counter = false;  // a decimal string
  bool coerce = false;          // a seed or counter of another JSON type, as String() writes it
  // The digest's first eight bytes and u.
  bool little_endian = false;
  enum class Unit { kRounded, kTruncated53, kTiesUp, kJavaIdiom, kSigned, kFloat32, kLeading52 } unit = Unit::kRounded;
  // The u64 of cursor.u64_to_unit.
  enum class U64Text { kDecimal, kWrapping, kJsNumber, kNumberToo } u64_text = U64Text::kDecimal;
  // Draws over given units.
  bool clamped_units = false;  // a unit outside [0, 1] read as the nearest end
  bool string_units = false;   // a unit given as a decimal string read as its number
  bool no_draw_clamp = false;  // floor(u * n) without min(.., n - 1)
  bool exact_draw = false;     // floor(x * n / 2^64) in integers
  bool no_limbo_max = false, no_limbo_min = false, limbo_other_order = false, limbo_exact = false;
  bool splice = false;            // the pool hop removes the pick and closes the gap
  bool overdraw_ignored = false;  // draws stop when the pool is empty: extra units or cards are ignored
  // Game options.
  bool after_stand_ignored = false;      // blackjack actions after the first "stand" are ignored
  bool unknown_options_ignored = false;  // options members the game does not define are ignored

  [[nodiscard]] bool lenient() const {
    return big || negative || fraction || integral_float || boolean || string_counter || coerce;
  }

  [[nodiscard]] double to_unit(u64 x) const {
    switch (unit) {
      case Unit::kRounded: return cur::u64_to_unit(x);
      case Unit::kTruncated53: return alt_truncate(x);
      case Unit::kTiesUp: return integer_rounded_unit(x, true);
      case Unit::kJavaIdiom: return alt_halve(x);
      case Unit::kSigned: return alt_signed(x);
      case Unit::kFloat32: return static_cast<double>(static_cast<float>(std::ldexp(static_cast<double>(x), -64)));
      case Unit::kLeading52: return alt_h52(x);
    }
    return cur::u64_to_unit(x);
  }

  // text reads a seed; throws InputError naming |field| where this port rejects it.
  [[nodiscard]] std::string text(const rapidjson::Value& v, std::string_view field) const {
    if (!coerce) return fairvec::read_text(v, field);
    if (v.IsString()) return v.GetString();
    if (v.IsNull()) return "null";
    if (v.IsBool()) return v.GetBool() ? "true" : "false";
    if (v.IsInt64()) return std::to_string(v.GetInt64());
    throw InputError(std::string(field), "type");
  }

  // counter reads a nonce or cursor; throws InputError naming |field| where this port rejects it.
  [[nodiscard]] Counter counter(const rapidjson::Value& v, std::string_view field) const {
    if (!lenient()) {
      const u64 n = fairvec::read_counter(v, field);
      return {std::to_string(n), n};
    }
    if (v.IsUint64() && (v.GetUint64() <= fairvec::kMaxCounter || big))
      return {std::to_string(v.GetUint64()), v.GetUint64()};
    if (v.IsInt64() && v.GetInt64() < 0 && negative) return {std::to_string(v.GetInt64())};
    if (v.IsDouble() && fraction) return {json::ecmascript_number(v.GetDouble())};
    if (v.IsDouble() && integral_float && std::floor(v.GetDouble()) == v.GetDouble() && v.GetDouble() >= 0 &&
        v.GetDouble() <= static_cast<double>(fairvec::kMaxCounter)) {
      const auto n = static_cast<u64>(v.GetDouble());
      return {std::to_string(n), n};
    }
    if (v.IsBool() && boolean) return {v.GetBool() ? "1" : "0", v.GetBool() ? 1u : 0u};
    if (v.IsString() && coerce) return {v.GetString()};
    if (v.IsString() && string_counter && v.GetStringLength() > 0 && v.GetStringLength() <= 16 &&
        std::all_of(v.GetString(), v.GetString() + v.GetStringLength(), [](char c) { return c >= '0' && c <= '9'; })) {
      const u64 n = std::stoull(v.GetString());
      if (n <= fairvec::kMaxCounter) return {std::to_string(n), n};
    }
    throw InputError(std::string(field), "not a counter");
  }

  [[nodiscard]] Bytes key_of(const std::string& server) const {
    switch (key) {
      case Key::kText: return bytes_of(server);
      case Key::kHexDecoded:  // as the mutant does: the decoded bytes where the seed is hex, else the text
        try {
          return from_hex(server, "serverSeed");
        } catch (const InputError&) {
          return bytes_of(server);
        }
      case Key::kUtf16: return utf16le(server);
      case Key::kTruncated64: return bytes_of(std::string_view(server).substr(0, 64));
    }
    return bytes_of(server);
  }

  [[nodiscard]] std::string message_of(const std::string& client, const Counter& nonce, const Counter& cursor) const {
    char buf[64];
    switch (message) {
      case Message::kSpec: return client + "-" + nonce.text + "-" + cursor.text;
      case Message::kNoCursor: return client + "-" + nonce.text;
      case Message::kCursorFirst: return client + "-" + cursor.text + "-" + nonce.text;
      case Message::kHex:
        std::snprintf(buf, sizeof buf, "-%llx-%llx", static_cast<unsigned long long>(nonce.value),
                      static_cast<unsigned long long>(cursor.value));
        return client + buf;
      case Message::kZeroPadded:
        std::snprintf(buf, sizeof buf, "-%016llu-%016llu", static_cast<unsigned long long>(nonce.value),
                      static_cast<unsigned long long>(cursor.value));
        return client + buf;
    }
    return client + "-" + nonce.text + "-" + cursor.text;
  }

  // reads_units_otherwise tells whether this port reads other units than fairvec from a round.
  [[nodiscard]] bool reads_units_otherwise() const {
    return key != Key::kText || message != Message::kSpec || utf16_message || little_endian || unit != Unit::kRounded;
  }

  // unit_of is the u this port reads for one cursor of a round.
  [[nodiscard]] double unit_of(const std::string& server, const std::string& client, const Counter& nonce,
                               const Counter& cursor, const Backend& b) const {
    const std::string msg = message_of(client, nonce, cursor);
    const Bytes k = key_of(server);
    const Bytes m = utf16_message ? utf16le(msg) : bytes_of(msg);
    const Digest d = b.hmac_sha256(k, m);
    u64 x = 0;
    if (little_endian) {
      for (int i = 7; i >= 0; --i) x = (x << 8) | d[static_cast<std::size_t>(i)];
    } else {
      x = cur::u64_of(d);
    }
    return to_unit(x);
  }

  [[nodiscard]] Value unit_answer(const rapidjson::Value& p, const Backend& b) const {
    const std::string server = text(json::member(p, "serverSeed", "params"), "serverSeed");
    const std::string client = text(json::member(p, "clientSeed", "params"), "clientSeed");
    const Counter nonce = counter(json::member(p, "nonce", "params"), "nonce");
    const Counter cursor = counter(json::member(p, "cursor", "params"), "cursor");
    return Value::object({{"u", unit_of(server, client, nonce, cursor, b)}});
  }

  [[nodiscard]] Value commitment_answer(const rapidjson::Value& p, const Backend& b) const {
    const std::string server = fairvec::read_text(json::member(p, "serverSeed", "params"), "serverSeed");
    switch (commitment) {
      case Commitment::kText: return Value::object({{"commitment", cur::commitment(b, server)}});
      case Commitment::kHexDecoded:
        return Value::object({{"commitment", to_hex(b.sha256(ByteView(from_hex(server, "serverSeed"))))}});
      case Commitment::kUtf16: return Value::object({{"commitment", to_hex(b.sha256(ByteView(utf16le(server))))}});
    }
    return nullptr;
  }

  [[nodiscard]] Value u64_answer(const rapidjson::Value& p, const Backend&) const {
    const rapidjson::Value& v = json::member(p, "u64", "params");
    switch (u64_text) {
      case U64Text::kDecimal: return Value::object({{"u", to_unit(read_u64_text(v))}});
      case U64Text::kWrapping: {  // any run of decimal digits, modulo 2^64 (unchecked multiply and add)
        const std::string s = json::get_string(p, "u64", "params");
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) throw InputError("u64", "not digits");
        u64 x = 0;
        for (char c : s) x = x * 10 + static_cast<u64>(c - '0');
        return Value::object({{"u", to_unit(x)}});
      }
      case U64Text::kJsNumber: {  // Number(): spaces trimmed, "" is 0, a sign, fraction, exponent or 0x prefix
        std::string s = json::get_string(p, "u64", "params");
        const auto first = s.find_first_not_of(" \t\n");
        s = first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(" \t\n") - first + 1);
        if (s.empty()) return Value::object({{"u", 0.0}});
        char* end = nullptr;
        const double d = s.rfind("0x", 0) == 0 ? static_cast<double>(std::strtoull(s.c_str() + 2, &end, 16))
                                               : std::strtod(s.c_str(), &end);
        if (*end != '\0') throw InputError("u64", "NaN");
        return Value::object({{"u", std::ldexp(d, -64)}});
      }
      case U64Text::kNumberToo: return Value::object({{"u", to_unit(v.IsUint64() ? v.GetUint64() : read_u64_text(v))}});
    }
    return nullptr;
  }

  // u_of reads a unit of a draw, limbo or the pool hop as this port does.
  [[nodiscard]] double u_of(const rapidjson::Value& v, std::string_view field,
                            std::optional<std::size_t> pos = {}) const {
    double u = 0;
    if (string_units && v.IsString()) {
      u = std::strtod(v.GetString(), nullptr);
    } else if (v.IsNumber()) {
      u = v.GetDouble();
    } else {
      throw InputError(std::string(field), "must be a number", pos);
    }
    return clamped_units ? std::clamp(u, 0.0, 1.0) : cur::check_unit(u, field, pos);
  }

  // x_of is the u64 a draw case shows (the stage's input), or the one u stands for.
  [[nodiscard]] static u64 x_of(const rapidjson::Value& p, double u) {
    if (const rapidjson::Value* v = json::optional_member(p, "u64")) return read_u64_text(*v);
    return u >= 1.0 ? kMaxU64 : static_cast<u64>(std::ldexp(u, 64));
  }

  [[nodiscard]] Value draw_answer(const rapidjson::Value& p, const Backend&) const {
    const double u = u_of(json::member(p, "u", "params"), "u");
    const u64 n = read_size(json::member(p, "n", "params"), "n");
    if (n < 1 || n > cur::kMaxPool) throw InputError("n", "range");
    u64 i = 0;
    if (exact_draw) {
      i = static_cast<u64>((static_cast<u128>(x_of(p, u)) * n) >> 64);
    } else if (no_draw_clamp) {
      i = static_cast<u64>(std::floor(u * static_cast<double>(n)));
    } else {
      i = cur::draw(u, n);
    }
    return Value::object({{"index", Value(i)}});
  }

  [[nodiscard]] Value limbo_answer(const rapidjson::Value& p, const Backend&) const {
    const double u = u_of(json::member(p, "u", "params"), "u");
    std::int64_t h = 0;
    if (limbo_exact) {
      h = cursor_vec::limbo_exact(x_of(p, u));
    } else if (limbo_other_order) {
      h = cursor_vec::limbo_other_order(u);
    } else {
      double f = std::floor(cur::limbo_scaled(u));
      if (!no_limbo_min) f = std::max(f, static_cast<double>(cur::kLimboMin));
      if (!no_limbo_max) f = std::min(f, static_cast<double>(cur::kLimboMax));
      if (!std::isfinite(f) || f > 9.2e18) throw InputError("u", "no integer result");
      h = static_cast<std::int64_t>(f);
    }
    return Value::object({{"hundredths", Value(h)}});
  }

  // hop draws |units| from first..first+size-1 as this port does.
  [[nodiscard]] std::vector<u64> hop(const std::vector<double>& units, u64 first, u64 size) const {
    if (!splice && !no_draw_clamp) return swap_hop(units, first, size);
    if (size > cur::kMaxPoolUnits) throw InputError("size", "too large for this port");
    if (units.size() > size) throw InputError("units", "pool exhausted");
    std::vector<u64> pool = range(first, size), picks;
    for (std::size_t k = 0; k < units.size(); ++k) {
      const u64 remaining = size - k;
      u64 i = static_cast<u64>(std::floor(units[k] * static_cast<double>(remaining)));
      if (i >= remaining) {
        if (no_draw_clamp) throw InputError("units", "index past the pool", k);
        i = remaining - 1;
      }
      picks.push_back(pool[i]);
      if (splice) {
        pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(i));
      } else {
        std::swap(pool[i], pool[remaining - 1]);
      }
    }
    return picks;
  }

  [[nodiscard]] Value pool_hop_answer(const rapidjson::Value& p, const Backend&) const {
    const rapidjson::Value& a = json::member(p, "units", "params");
    if (!a.IsArray()) throw InputError("units", "must be an array of numbers");
    std::vector<double> units;
    for (rapidjson::SizeType i = 0; i < a.Size(); ++i) units.push_back(u_of(a[i], "units", i));
    const u64 size = read_size(json::member(p, "size", "params"), "size");
    if (size < 1 || size > cur::kMaxPool) throw InputError("size", "range");
    if (overdraw_ignored && units.size() > size) units.resize(size);
    return Value::object({{"picks", Value::array_of(hop(units, 0, size))}});
  }

  // game_answer is this port's answer to cursor.game, or null where its bug does not change the round.
  [[nodiscard]] Value game_answer(const rapidjson::Value& p, const Backend& b) const {
    if (splice) return spliced_game(p, b);
    if (lenient()) return lenient_game(p, b);
    if (reads_units_otherwise()) return game_of_units(*this, p, b);
    if (overdraw_ignored || after_stand_ignored || unknown_options_ignored) return rewritten_game(p, b);
    return nullptr;
  }

  // lenient_game: where cursor.game rejects the nonce and this port reads it, the cursors the round
  // reads (a game's layout does not depend on the nonce); its outcome, from units of the port's own
  // message text, is not modelled.
  [[nodiscard]] Value lenient_game(const rapidjson::Value& p, const Backend& b) const {
    const rapidjson::Value& nonce = json::member(p, "nonce", "params");
    try {
      (void)fairvec::read_counter(nonce, "nonce");
      return nullptr;  // a nonce fairvec reads: the same round
    } catch (const InputError&) {
      (void)counter(nonce, "nonce");  // throws where this port rejects it too
    }
    rapidjson::Document d;
    d.CopyFrom(p, d.GetAllocator());
    d["nonce"].SetUint64(0);
    const Value r = ops::run(*ops::table().find("cursor.game"), d, b);
    return Value::object({{"cursors", *r.find("cursors")}});
  }

  // rewritten_game plays the round as cursor.game does on the options this port reads.
  [[nodiscard]] Value rewritten_game(const rapidjson::Value& p, const Backend& b) const {
    rapidjson::Document d;
    d.CopyFrom(p, d.GetAllocator());
    const std::string game = json::get_string(p, "game", "params");
    rapidjson::Value* options = d.HasMember("options") && d["options"].IsObject() ? &d["options"] : nullptr;
    bool changed = false;
    if (options && overdraw_ignored && game == "andar" && options->HasMember("cards") &&
        (*options)["cards"].IsUint64() && (*options)["cards"].GetUint64() > 52) {
      (*options)["cards"].SetUint64(52);
      changed = true;
    }
    if (options && after_stand_ignored && game == "blackjack" && options->HasMember("actions") &&
        (*options)["actions"].IsArray()) {
      rapidjson::Value& actions = (*options)["actions"];
      for (rapidjson::SizeType i = 0; i < actions.Size(); ++i) {
        if (actions[i].IsString() && std::string_view(actions[i].GetString()) == "stand") {
          while (actions.Size() > i + 1) actions.PopBack();
          changed = true;
          break;
        }
      }
    }
    if (options && unknown_options_ignored) {
      // The game's options are the members of its example round (every option is required).
      for (const json::Value& example : ops::table().find("cursor.game")->examples) {
        if (std::get<std::string>(example.find("game")->variant()) != game) continue;
        const json::Value& defined = *example.find("options");
        std::vector<std::string> unknown;  // read through a const view: RapidJSON's mutable iterators
        for (const auto& m : std::as_const(*options).GetObject()) {  // compare ambiguously in C++20
          if (!defined.find(m.name.GetString())) unknown.emplace_back(m.name.GetString());
        }
        for (const std::string& name : unknown) {
          options->EraseMember(name.c_str());
          changed = true;
        }
      }
    }
    if (!changed) return nullptr;
    return ops::run(*ops::table().find("cursor.game"), d, b);
  }

  // spliced_game is a round's outcome members that this port's pool hop changes (the games that
  // hop: video poker, hold'em, bingo, andar bahar, mines), from the units fairvec reads; null for
  // the other games.
  [[nodiscard]] Value spliced_game(const rapidjson::Value& p, const Backend& b) const {
    const cur::GameResult r = cur::play_params(b, p);
    const std::string game = json::get_string(p, "game", "params");
    auto units = [&](std::size_t from, std::size_t count) {
      std::vector<double> out;
      for (std::size_t i = from; i < from + count && i < r.reads.size(); ++i) out.push_back(r.reads[i].u);
      return out;
    };
    const std::size_t n = r.reads.size();
    if (game == "vpoker") {
      const std::vector<u64> cards = hop(units(0, n), 0, 52);
      std::vector<u64> deal(cards.begin(), cards.begin() + 5), final_hand = deal;
      const rapidjson::Value& hold = json::member(json::member(p, "options", "params"), "hold", "options");
      std::size_t next = 5;
      for (rapidjson::SizeType i = 0; i < 5; ++i) {
        if (!hold[i].GetBool()) final_hand[i] = cards.at(next++);
      }
      return Value::object({{"deal", Value::array_of(deal)}, {"final", Value::array_of(final_hand)}});
    }
    if (game == "holdem") {
      const std::vector<u64> c = hop(units(0, n), 0, 52);
      return Value::object({{"cards", Value::array_of(c)},
                            {"player", Value::array_of(std::vector<u64>(c.begin(), c.begin() + 2))},
                            {"dealer", Value::array_of(std::vector<u64>(c.begin() + 2, c.begin() + 4))},
                            {"board", Value::array_of(std::vector<u64>(c.begin() + 4, c.end()))}});
    }
    if (game == "bingo") {
      std::vector<u64> card;
      for (u64 col = 0; col < 5; ++col) {
        for (u64 x : hop(units(5 * col, 5), 15 * col + 1, 15)) card.push_back(x);
      }
      return Value::object({{"card", Value::array_of(card)}, {"balls", Value::array_of(hop(units(25, 38), 1, 75))}});
    }
    if (game == "andar") return Value::object({{"cards", Value::array_of(hop(units(5, n - 5), 0, 52))}});
    if (game == "mines") return Value::object({{"mines", Value::array_of(hop(units(0, n), 0, 25))}});
    return nullptr;
  }
};

// UnitsOf is a backend under which cursor-v1's own rounds read |port|'s units: its one-shot
// HMAC-SHA256 of a round's key and message (cursor::digest's) is a digest whose u64 converts to the
// u the port reads for that cursor (exactly for every u >= 2^-40; a negative u, which no draw
// takes, throws InputError). Every other hash and HMAC is the base backend's.
class UnitsOf final : public Backend {
 public:
  UnitsOf(const Backend& base, const Port& port) : base_(base), port_(port) {}
  std::string_view name() const override { return base_.name(); }
  [[nodiscard]] std::unique_ptr<HashContext> start_digest(Hash h) const override { return base_.start_digest(h); }
  [[nodiscard]] std::unique_ptr<HashContext> start_hmac(Hash h, ByteView key) const override {
    return base_.start_hmac(h, key);
  }

 private:
  void digest_impl(Hash h, ByteView msg, std::span<std::uint8_t> out) const override { base_.digest(h, msg, out); }
  void hmac_impl(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const override {
    if (h != Hash::kSha256) return base_.hmac(h, key, msg, out);
    const std::string server(key.begin(), key.end()), text(msg.begin(), msg.end());
    const std::size_t c2 = text.rfind('-');
    const std::size_t c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : text.rfind('-', c2 - 1);
    if (c1 == std::string::npos) throw std::logic_error("cursor wrong ports: not a round's message: " + text);
    Counter nonce{text.substr(c1 + 1, c2 - c1 - 1)}, cursor{text.substr(c2 + 1)};
    nonce.value = std::stoull(nonce.text);
    cursor.value = std::stoull(cursor.text);
    const double u = port_.unit_of(server, text.substr(0, c1), nonce, cursor, base_);
    if (!(u >= 0.0)) throw InputError("u", "this port reads a negative u");
    const u64 x = u >= 1.0 ? kMaxU64 : static_cast<u64>(std::ldexp(u, 64));
    base_.hmac(h, key, msg, out);
    for (std::size_t i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(x >> (56 - 8 * i));
  }

  const Backend& base_;
  const Port& port_;
};

inline Value game_of_units(const Port& port, const rapidjson::Value& p, const Backend& b) {
  const UnitsOf units(b, port);
  return ops::run(*ops::table().find("cursor.game"), p, units);
}

}  // namespace fairvec::vectors::cursor_vec::rules
