// The wrong ports of stake-v1 (vectors/flags.h): each a named port bug Stake's copies and verifiers
// show, and what a port with it answers to stake.floats, stake.game, stake.event and stake.crash.
// One Port describes the stream's bugs (key, message, bytes, counters, texts), one the games' (the
// shuffle, the formulas, the options), one crash's, a rule of the spec changed at a time.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.h"
#include "schemes/stake.h"
#include "vectors/lenient_ports.h"
#include "vectors/stake.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::stake_vec {

namespace {

using json::Value;

std::string latin1(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    std::uint32_t cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + static_cast<std::size_t>(k) < s.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
    }
    out.push_back(cp <= 0xFF ? static_cast<char>(cp) : '?');
    i += static_cast<std::size_t>(len);
  }
  return out;
}

// Port is a port of stake-v1 with some rules changed.
struct Port {
  // The byte stream.
  bool key_hex = false;               // keys the HMAC with the hex-decoded server seed
  bool dash = false;                  // writes the message `${client}-${nonce}-${round}`
  bool no_round = false;              // writes the message `${client}:${nonce}` (no round)
  bool no_round_advance = false;      // wraps to byte 0 of the same MAC after byte 31
  bool cursor_as_round = false;       // takes the cursor for a round number (from byte 0 of it)
  bool cursor_multiple_of_4 = false;  // rejects a byte cursor that is not a multiple of 4
  bool eight_bytes = false;           // a float of 8 bytes: u64 / 2^64
  bool max_u32 = false;               // a float is u32 / (2^32 - 1)
  bool nonce_double = false;          // reads the nonce as a JavaScript number (any number, rounded)
  std::uint64_t nonce_cap = fairvec::kMaxCounter;
  bool count_unchecked = false;  // reads any count, 0 and above 1024 included
  bool empty_client_rejected = false;
  bool colon_rejected = false;  // rejects a client seed containing ':'
  bool latin1_text = false;     // encodes the texts as Latin-1
  // The games.
  bool swap_shuffle = false;  // swaps the picked item with the last instead of splicing it out
  bool sorted_draw = false;   // reports keno's and mines' draws sorted
  enum class Limbo { kStake, kSimplified, kQuantized24, kEdgeAfterFloor, kZeroAsMax } limbo = Limbo::kStake;
  bool dice_unfloored = false;     // (float * 10001) / 100, the page's snippet without its floor
  bool options_unchecked = false;  // no option bound, unknown options ignored, missing ones defaulted
  bool floats_unchecked = false;   // stake.event: any number in [0, 1] and any count
  bool game_any_case = false;      // reads game names case-insensitively

  [[nodiscard]] std::string text(const rapidjson::Value& p, const char* key) const {
    std::string s = json::get_string(p, key, "params");
    fairvec::check_text(s, key);
    return latin1_text ? latin1(s) : s;
  }
  [[nodiscard]] std::string nonce_text(const rapidjson::Value& p) const {
    const rapidjson::Value& v = json::member(p, "nonce", "params");
    if (nonce_double && v.IsNumber() && v.GetDouble() >= 0) return json::ecmascript_number(v.GetDouble());
    const std::uint64_t n = fairvec::read_counter(v, "nonce");
    if (n > nonce_cap) throw InputError("nonce", "above the port's cap");
    return std::to_string(n);
  }
  [[nodiscard]] Bytes key(const std::string& server) const {
    if (key_hex) return from_hex(server, "serverSeed");
    return Bytes(server.begin(), server.end());
  }
  [[nodiscard]] std::string message(const std::string& client, const std::string& nonce, std::uint64_t round) const {
    if (dash) return client + "-" + nonce + "-" + std::to_string(round);
    if (no_round) return client + ":" + nonce;
    return client + ":" + nonce + ":" + std::to_string(round);
  }
  // stream returns |count| floats from byte |cursor| on, as this port reads them.
  [[nodiscard]] std::vector<double> stream(const rapidjson::Value& p, std::uint64_t cursor, std::uint64_t count,
                                           const Backend& b) const {
    const std::string server = text(p, "serverSeed"), client = text(p, "clientSeed");
    const std::string nonce = nonce_text(p);
    if (empty_client_rejected && client.empty()) throw InputError("clientSeed", "empty");
    if (colon_rejected && client.find(':') != std::string::npos) throw InputError("clientSeed", "':'");
    if (cursor_multiple_of_4 && cursor % 4) throw InputError("cursor", "must be a multiple of 4");
    const Bytes k = key(server);
    std::uint64_t round = cursor_as_round ? cursor : cursor / 32;
    unsigned offset = cursor_as_round ? 0 : static_cast<unsigned>(cursor % 32);
    Digest mac = b.hmac_sha256(k, as_bytes(message(client, nonce, round)));
    auto byte = [&]() -> std::uint8_t {
      if (offset == 32) {
        offset = 0;
        if (!no_round_advance) mac = b.hmac_sha256(k, as_bytes(message(client, nonce, ++round)));
      }
      return mac[offset++];
    };
    std::vector<double> out;
    for (std::uint64_t i = 0; i < count; ++i) {
      std::uint64_t v = 0;
      for (int j = 0; j < (eight_bytes ? 8 : 4); ++j) v = (v << 8) | byte();
      out.push_back(eight_bytes ? std::ldexp(static_cast<double>(v), -64)
                    : max_u32   ? static_cast<double>(v) / 4294967295.0
                              : stake::float_of({static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
                                                 static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)}));
    }
    return out;
  }

  [[nodiscard]] Value floats(const rapidjson::Value& p, const Backend& b) const {
    const std::uint64_t cursor = fairvec::read_counter(json::member(p, "cursor", "params"), "cursor");
    const rapidjson::Value& c = json::member(p, "count", "params");
    if (!c.IsUint64()) throw InputError("count", "must be an integer");
    const std::uint64_t count =
        count_unchecked ? std::min<std::uint64_t>(c.GetUint64(), 4096) : stake::check_count(c.GetUint64(), "count");
    json::Array a;
    for (double f : stream(p, cursor, count, b)) a.emplace_back(f);
    return Value::object({{"floats", Value(std::move(a))}});
  }

  [[nodiscard]] std::string game(const rapidjson::Value& p) const {
    const rapidjson::Value& g = json::member(p, "game", "params");
    if (game_any_case && g.IsString()) {
      std::string s = g.GetString();
      std::transform(s.begin(), s.end(), s.begin(),
                     [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
      rapidjson::Value v(s.c_str(), static_cast<rapidjson::SizeType>(s.size()));
      return stake::read_game(v, "game");
    }
    return stake::read_game(g, "game");
  }

  // needed returns how many floats this port reads for game |g| with options |o|.
  [[nodiscard]] std::size_t needed(const std::string& g, const rapidjson::Value& o) const {
    if (!options_unchecked) return stake::floats_needed(g, o);
    auto int_or = [&](const char* n, int def) {
      return o.IsObject() && o.HasMember(n) && o[n].IsInt() ? o[n].GetInt() : def;
    };
    return static_cast<std::size_t>(g == "mines"      ? std::clamp(int_or("mines", 3), 0, 25)
                                    : g == "plinko"   ? std::clamp(int_or("rows", 16), 1, 64)
                                    : g == "keno"     ? 10
                                    : g == "diamonds" ? 5
                                    : g == "hilo"     ? 52
                                    : g == "baccarat" ? 6
                                                      : 1);
  }

  // outcome translates |fl| as this port does.
  [[nodiscard]] json::Object outcome(const std::string& g, const std::vector<double>& fl,
                                     const rapidjson::Value& o) const {
    auto draw = [&](int n) {
      std::vector<int> pool(static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) pool[static_cast<std::size_t>(i)] = i;
      std::vector<int> out;
      for (double f : fl) {
        const auto k = static_cast<std::size_t>(std::floor(f * static_cast<double>(pool.size())));
        if (k >= pool.size()) throw InputError("floats", "index out of the pool");
        out.push_back(pool[k]);
        if (swap_shuffle) {
          std::swap(pool[k], pool.back());
          pool.pop_back();
        } else {
          pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
        }
      }
      if (sorted_draw) std::sort(out.begin(), out.end());
      return out;
    };
    const double f0 = fl.empty() ? 0 : fl[0];
    if (g == "limbo" && limbo != Limbo::kStake) {
      double m = 0;
      if (f0 == 0 && limbo != Limbo::kZeroAsMax && limbo != Limbo::kQuantized24) throw InputError("floats", "zero");
      switch (limbo) {
        case Limbo::kSimplified: m = std::floor(0.99 / f0 * 100.0) / 100.0; break;
        case Limbo::kQuantized24:
          m = std::floor(16777216.0 / (std::floor(f0 * 16777216.0) + 1) * (1 - 0.01) * 100.0) / 100.0;
          break;
        case Limbo::kEdgeAfterFloor: m = std::floor(1e8 / (f0 * 1e8) * 100.0) / 100.0 * 0.99; break;
        case Limbo::kZeroAsMax: m = f0 == 0 ? 1e6 : stake::limbo_multiplier(f0); break;
        case Limbo::kStake: break;
      }
      return {{"multiplier", Value(std::max(m, 1.0))}};
    }
    if (g == "dice" && dice_unfloored) return {{"roll", Value(f0 * 10001.0 / 100.0)}};
    if (g == "mines") return {{"positions", Value::array_of(draw(25))}};
    if (g == "keno") {
      std::vector<int> d = draw(40);
      for (int& x : d) ++x;
      std::vector<int> hits;
      if (o.IsObject() && o.HasMember("picks") && o["picks"].IsArray()) {
        for (const auto& p : o["picks"].GetArray()) {
          if (p.IsInt() && std::find(d.begin(), d.end(), p.GetInt()) != d.end()) hits.push_back(p.GetInt());
        }
      }
      std::sort(hits.begin(), hits.end());
      return {{"drawn", Value::array_of(d)}, {"hits", Value::array_of(hits)}};
    }
    if (options_unchecked) {
      if (g == "plinko") {
        json::Array path;
        int bucket = 0;
        for (double f : fl) {
          bucket += f >= 0.5;
          path.emplace_back(f >= 0.5 ? "right" : "left");
        }
        return {{"path", Value(std::move(path))}, {"bucket", Value(bucket)}, {"multiplier", Value(nullptr)}};
      }
      if (g == "wheel") {
        const int s = o.IsObject() && o.HasMember("segments") && o["segments"].IsInt() ? o["segments"].GetInt() : 10;
        return {{"segment", Value(static_cast<int>(std::floor(f0 * s)))}, {"multiplier", Value(nullptr)}};
      }
      rapidjson::Value empty(rapidjson::kObjectType);
      return stake::event(g, fl, empty);
    }
    if (floats_unchecked) {
      const std::vector<double> within(fl.begin(), fl.end());
      std::vector<double> lattice;
      for (double f : within)
        lattice.push_back(std::min(std::floor(f * stake::kTwo32), stake::kTwo32 - 1) / stake::kTwo32);
      return stake::event(g, lattice, o);
    }
    return stake::event(g, fl, o);
  }

  [[nodiscard]] Value game_round(const rapidjson::Value& p, const Backend& b) const {
    const std::string g = game(p);
    const rapidjson::Value& o = json::member(p, "options", "params");
    const std::size_t need = needed(g, o);
    const std::vector<double> fl = stream(p, 0, need, b);
    json::Object out;
    json::Array a;
    for (double f : fl) a.emplace_back(f);
    out.emplace_back("floats", Value(std::move(a)));
    for (auto& kv : outcome(g, fl, o)) out.push_back(std::move(kv));
    return Value(std::move(out));
  }

  [[nodiscard]] Value event(const rapidjson::Value& p, const Backend&) const {
    const std::string g = game(p);
    const rapidjson::Value& o = json::member(p, "options", "params");
    const rapidjson::Value& fv = json::member(p, "floats", "params");
    if (!fv.IsArray()) throw InputError("floats", "must be an array");
    std::vector<double> fl;
    for (const auto& f : fv.GetArray()) {
      if (!f.IsNumber()) throw InputError("floats", "must be numbers");
      fl.push_back(f.GetDouble());
      if (floats_unchecked && !(fl.back() >= 0 && fl.back() <= 1)) throw InputError("floats", "range");
    }
    const std::size_t need = needed(g, o);
    if (floats_unchecked) fl.resize(need, 0.0);
    if (max_u32) {
      for (double& f : fl) f = f * stake::kTwo32 / 4294967295.0;
    }
    if (fl.size() != need) throw InputError("floats", "count");
    if (!floats_unchecked && !max_u32) {
      for (std::size_t i = 0; i < fl.size(); ++i) (void)stake::check_event_float(fl[i], "floats", i);
    }
    return Value(outcome(g, fl, o));
  }
};

enum WhichOps : unsigned { kFloats = 1, kGame = 2, kEvent = 4 };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto s = std::make_shared<const Port>(std::move(port));
  if (ops & kFloats)
    w.answers.push_back({"stake.floats", [s](const rapidjson::Value& p, const Backend& b) { return s->floats(p, b); }});
  if (ops & kGame)
    w.answers.push_back(
        {"stake.game", [s](const rapidjson::Value& p, const Backend& b) { return s->game_round(p, b); }});
  if (ops & kEvent)
    w.answers.push_back({"stake.event", [s](const rapidjson::Value& p, const Backend& b) { return s->event(p, b); }});
  lib.port(std::move(w));
}

// CrashPort is stake.crash with one rule changed.
struct CrashPort {
  bool key_bytes = false;         // keys the HMAC with the hash's 32 decoded bytes
  bool swapped = false;           // HMAC(key = salt, msg = hash)
  bool edge_after_floor = false;  // floor(max(1, 2^32 / (int + 1)) * 100) / 100 * 0.99
  bool no_max = false;            // no max(1, ...): points below 1
  bool hash_unchecked = false;    // any text as the hash

  [[nodiscard]] Value answer(const rapidjson::Value& p, const Backend& b) const {
    const std::string h = json::get_string(p, "gameHash", "params"), salt = json::get_string(p, "salt", "params");
    if (!hash_unchecked) stake::check_game_hash(h, "gameHash");
    Bytes key = key_bytes ? from_hex(h, "gameHash") : Bytes(h.begin(), h.end());
    const Digest d = swapped ? b.hmac_sha256(as_bytes(salt), as_bytes(h)) : b.hmac_sha256(key, as_bytes(salt));
    const double i = static_cast<double>((std::uint32_t{d[0]} << 24) | (std::uint32_t{d[1]} << 16) |
                                         (std::uint32_t{d[2]} << 8) | d[3]);
    const double ratio = stake::kTwo32 / (i + 1);
    double point = edge_after_floor ? std::floor(std::max(1.0, ratio) * 100.0) / 100.0 * (1 - 0.01)
                   : no_max         ? std::floor(ratio * (1 - 0.01) * 100.0) / 100.0
                                    : std::floor(std::max(1.0, ratio * (1 - 0.01)) * 100.0) / 100.0;
    return Value::object({{"crashPoint", Value(point)}});
  }
};

void add_crash(FlagLibrary& lib, std::string name, std::string description, CrashPort port) {
  auto s = std::make_shared<const CrashPort>(port);
  lib.port({std::move(name), std::move(description), {{"stake.crash", [s](const rapidjson::Value& p, const Backend& b) {
                                                         return s->answer(p, b);
                                                       }}}});
}

}  // namespace

void add_wrong_ports(FlagLibrary& lib) {
  const unsigned all = kFloats | kGame;
  add(lib, "stake-key-as-hex", "keys the HMAC with the server seed's hex-decoded bytes instead of its text", all,
      {.key_hex = true});
  add(lib, "stake-dash-message", "writes the MAC message as `${clientSeed}-${nonce}-${round}`", all, {.dash = true});
  add(lib, "stake-no-round", "writes the MAC message as `${clientSeed}:${nonce}`, without the round", all,
      {.no_round = true});
  add(lib, "stake-no-round-advance", "after byte 31 reads byte 0 of the same MAC again instead of the next round's",
      all, {.no_round_advance = true});
  add(lib, "stake-cursor-as-round", "takes the cursor for a round number instead of a byte offset", kFloats,
      {.cursor_as_round = true});
  add(lib, "stake-cursor-multiple-of-4",
      "rejects a byte cursor that is not a multiple of 4 (as verifierform-stake does)", kFloats,
      {.cursor_multiple_of_4 = true});
  add(lib, "stake-float-from-8-bytes", "makes a float of 8 bytes, u64 / 2^64, instead of 4", all,
      {.eight_bytes = true});
  add(lib, "stake-divide-by-max-u32",
      "divides the 4 bytes' integer by 2^32 - 1 instead of 2^32 (the largest float is 1)", all | kEvent,
      {.max_u32 = true});
  add(lib, "stake-nonce-through-double",
      "reads the nonce as a JavaScript number: any number accepted, above 2^53 rounded", all, {.nonce_double = true});
  add(lib, "stake-nonce-32-bit", "rejects nonces above 2^32 - 1", all, {.nonce_cap = 0xffffffffULL});
  add(lib, "stake-count-unchecked", "reads any float count, 0 and above 1024 included", kFloats,
      {.count_unchecked = true});
  add(lib, "stake-empty-client-seed-rejected", "rejects an empty client seed", all, {.empty_client_rejected = true});
  add(lib, "stake-colon-rejected", "rejects a client seed containing ':'", all, {.colon_rejected = true});
  add(lib, "stake-latin1-text", "hashes the seeds as Latin-1 instead of UTF-8", all, {.latin1_text = true});
  add(lib, "stake-swap-shuffle", "draws keno's squares and mines' tiles by swap-to-end instead of splice",
      kGame | kEvent, {.swap_shuffle = true});
  add(lib, "stake-sorted-draw", "reports keno's squares and mines' tiles sorted instead of in draw order",
      kGame | kEvent, {.sorted_draw = true});
  add(lib, "stake-limbo-simplified", "computes limbo as 0.99 / float instead of 1e8 / (float * 1e8) * 0.99",
      kGame | kEvent, {.limbo = Port::Limbo::kSimplified});
  add(lib, "stake-limbo-24-bit",
      "computes limbo as 2^24 / (floor(float * 2^24) + 1) * 0.99 (verifierform-stake's formula)", kGame | kEvent,
      {.limbo = Port::Limbo::kQuantized24});
  add(lib, "stake-house-edge-after-floor", "applies limbo's house edge after flooring to cents instead of before",
      kGame | kEvent, {.limbo = Port::Limbo::kEdgeAfterFloor});
  add(lib, "stake-limbo-zero-as-max", "answers limbo's float 0 with 1,000,000x instead of rejecting it", kEvent,
      {.limbo = Port::Limbo::kZeroAsMax});
  add(lib, "stake-dice-unfloored", "computes dice as (float * 10001) / 100 without the floor (the page's snippet)",
      kGame | kEvent, {.dice_unfloored = true});
  add(lib, "stake-options-unchecked", "checks no option bound, ignores unknown options and defaults missing ones",
      kGame | kEvent, {.options_unchecked = true});
  add(lib, "stake-event-floats-unchecked", "takes any number in [0, 1] as a float, and any count of floats", kEvent,
      {.floats_unchecked = true});
  add(lib, "stake-game-any-case", "reads game names case-insensitively", kGame | kEvent, {.game_any_case = true});
  add_crash(lib, "stake-crash-key-as-bytes",
            "keys crash's HMAC with the game hash's 32 decoded bytes instead of its text", {.key_bytes = true});
  add_crash(lib, "stake-crash-swapped-hmac", "computes crash's HMAC keyed with the salt over the game hash",
            {.swapped = true});
  add_crash(lib, "stake-crash-edge-after-floor", "applies crash's house edge after the floor to cents",
            {.edge_after_floor = true});
  add_crash(lib, "stake-crash-no-minimum", "leaves out crash's max(1, ...), giving points below 1", {.no_max = true});
  add_crash(lib, "stake-crash-hash-unchecked", "takes any text as the game hash", {.hash_unchecked = true});
  // JSON types read leniently (vectors/lenient_ports.h).
  add_lenient_integer_ports(lib,
                            {.as_text = "stake-integer-as-text",
                             .integral_float = "stake-integral-float",
                             .boolean = "stake-boolean-as-integer"},
                            "nonce, cursor or count", {"stake.floats", "stake.game"});
  lib.port(lenient_port("stake-number-as-text", "takes a JSON number for a seed or a salt, as the text of the number",
                        Leniency::kNumberAsText, {"stake.floats", "stake.game", "stake.crash"}));
}

}  // namespace fairvec::vectors::stake_vec
