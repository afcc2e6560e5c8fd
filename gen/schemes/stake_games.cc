// stake-v1's games (specs/stake-v1.md S10..S24): which floats a round reads and how they become
// events, with each game's options and their bounds.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/errors.h"
#include "schemes/stake.h"

namespace fairvec::stake {

namespace {

// Stake's game-events page: the 52 cards, index 0..51 from ♦2 to ♣A (S19).
std::string card_name(int index) {
  static const char* const kSuits[] = {"\xE2\x99\xA6", "\xE2\x99\xA5", "\xE2\x99\xA0", "\xE2\x99\xA3"};  // ♦ ♥ ♠ ♣
  static const char* const kRanks[] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
  return std::string(kSuits[index % 4]) + kRanks[index / 4];
}

// The gems of Diamonds, index 0..6 (S18).
const char* const kGems[] = {"green", "purple", "yellow", "red", "cyan", "orange", "blue"};

// The payout tables of plinko (S15) and wheel (S16), as provably-fair-betting/verifierform-stake
// publishes them: plinko's half rows from the centre bucket outwards, wheel's every segment.
const std::map<int, std::map<std::string, std::vector<double>>>& plinko_tables() {
  static const std::map<int, std::map<std::string, std::vector<double>>> k = {
      {8, {{"low", {0.5, 1, 1.1, 2.1, 5.6}}, {"medium", {0.4, 0.7, 1.3, 3, 13}}, {"high", {0.2, 0.3, 1.5, 4, 29}}}},
      {9, {{"low", {0.7, 1, 1.6, 2, 5.6}}, {"medium", {0.5, 0.9, 1.7, 4, 18}}, {"high", {0.2, 0.6, 2, 7, 43}}}},
      {10,
       {{"low", {0.5, 1, 1.1, 1.4, 3, 8.9}},
        {"medium", {0.4, 0.6, 1.4, 2, 5, 22}},
        {"high", {0.2, 0.3, 0.9, 3, 10, 76}}}},
      {11,
       {{"low", {0.7, 1, 1.3, 1.9, 3, 8.4}},
        {"medium", {0.5, 0.7, 1.8, 3, 6, 24}},
        {"high", {0.2, 0.4, 1.4, 5.2, 14, 120}}}},
      {12,
       {{"low", {0.5, 1, 1.1, 1.4, 1.6, 3, 10}},
        {"medium", {0.3, 0.6, 1.1, 2, 4, 11, 33}},
        {"high", {0.2, 0.2, 0.7, 2, 8.1, 24, 170}}}},
      {13,
       {{"low", {0.7, 0.9, 1.2, 1.9, 3, 4, 8.1}},
        {"medium", {0.4, 0.7, 1.3, 3, 6, 13, 43}},
        {"high", {0.2, 0.2, 1, 4, 11, 37, 260}}}},
      {14,
       {{"low", {0.5, 1, 1.1, 1.3, 1.4, 1.9, 4, 7.1}},
        {"medium", {0.2, 0.5, 1, 1.9, 4, 7, 15, 58}},
        {"high", {0.2, 0.2, 0.3, 1.9, 5, 18, 56, 420}}}},
      {15,
       {{"low", {0.7, 1, 1.1, 1.5, 2, 3, 8, 15}},
        {"medium", {0.3, 0.5, 1.3, 3, 5, 11, 18, 88}},
        {"high", {0.2, 0.2, 0.5, 3, 8, 27, 83, 620}}}},
      {16,
       {{"low", {0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16}},
        {"medium", {0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110}},
        {"high", {0.2, 0.2, 0.2, 2, 4, 9, 27, 130, 1000}}}},
  };
  return k;
}

std::vector<double> wheel_table(int segments, const std::string& risk) {
  static const std::vector<double> kLow = {1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0};
  static const std::map<int, std::vector<double>> kMedium = {
      {10, {0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3}},
      {20, {1.5, 0, 2, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.8, 0, 2, 0, 2, 0, 2, 0}},
      {30, {1.5, 0, 1.5, 0, 2, 0, 1.5, 0, 2, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 2, 0, 2, 0, 1.7, 0, 4, 0, 1.5, 0, 2, 0}},
      {40, {2,   0, 3, 0, 2, 0, 1.5, 0, 3, 0, 1.5, 0, 1.5, 0, 2,   0, 1.5, 0, 3,   0,
            1.5, 0, 2, 0, 2, 0, 1.6, 0, 2, 0, 1.5, 0, 3,   0, 1.5, 0, 2,   0, 1.5, 0}},
      {50, {2, 0, 1.5, 0, 2, 0,   1.5, 0, 3, 0,   1.5, 0, 1.5, 0,   2, 0,   1.5, 0, 3, 0,   1.5, 0, 2, 0,   1.5,
            0, 2, 0,   2, 0, 1.5, 0,   3, 0, 1.5, 0,   2, 0,   1.5, 0, 1.5, 0,   5, 0, 1.5, 0,   2, 0, 1.5, 0}},
  };
  std::vector<double> t;
  if (risk == "low") {
    for (int i = 0; i < segments; ++i) t.push_back(kLow[static_cast<std::size_t>(i % 10)]);
  } else if (risk == "medium") {
    t = kMedium.at(segments);
  } else {
    static const std::map<int, double> kTop = {{10, 9.9}, {20, 19.8}, {30, 29.7}, {40, 39.6}, {50, 49.5}};
    t.assign(static_cast<std::size_t>(segments), 0.0);
    t.back() = kTop.at(segments);
  }
  return t;
}

// Options reads a game's options object: each member the game defines is required, no other is allowed.
struct Options {
  const rapidjson::Value& v;
  Options(const rapidjson::Value& options, std::initializer_list<const char*> names) : v(options) {
    if (!v.IsObject()) throw InputError("options", "must be an object");
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      const std::string key(it->name.GetString(), it->name.GetStringLength());
      if (std::none_of(names.begin(), names.end(), [&](const char* n) { return key == n; })) {
        throw InputError("options." + key, "not an option of this game");
      }
    }
    for (const char* n : names) {
      if (!v.HasMember(n)) throw InputError(std::string("options.") + n, "missing");
    }
  }
  [[nodiscard]] int integer(const char* name, int lo, int hi) const {
    const rapidjson::Value& m = v[name];
    if (!m.IsInt64() || m.GetInt64() < lo || m.GetInt64() > hi) {
      throw InputError(std::string("options.") + name,
                       "must be an integer between " + std::to_string(lo) + " and " + std::to_string(hi));
    }
    return static_cast<int>(m.GetInt64());
  }
  [[nodiscard]] std::string one_of(const char* name, const std::vector<std::string>& names) const {
    const rapidjson::Value& m = v[name];
    const std::string s = m.IsString() ? std::string(m.GetString(), m.GetStringLength()) : std::string();
    if (!m.IsString() || std::find(names.begin(), names.end(), s) == names.end()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw InputError(std::string("options.") + name, "must be one of " + list);
    }
    return s;
  }
};

const std::vector<std::string> kRisks = {"low", "medium", "high"};

int risk_checked_segments(const Options& o) {
  const int s = o.integer("segments", 10, 50);
  if (s % 10 != 0) throw InputError("options.segments", "must be 10, 20, 30, 40 or 50");
  return s;
}

// keno_picks reads 1..10 distinct squares 1..40 (S17).
std::vector<int> keno_picks(const Options& o) {
  const rapidjson::Value& p = o.v["picks"];
  if (!p.IsArray() || p.Empty() || p.Size() > 10)
    throw InputError("options.picks", "must be an array of 1 to 10 squares");
  std::vector<int> out;
  for (rapidjson::SizeType i = 0; i < p.Size(); ++i) {
    if (!p[i].IsInt64() || p[i].GetInt64() < 1 || p[i].GetInt64() > 40) {
      throw InputError("options.picks", "each pick must be an integer between 1 and 40", i);
    }
    const int x = static_cast<int>(p[i].GetInt64());
    if (std::find(out.begin(), out.end(), x) != out.end())
      throw InputError("options.picks", "a square picked twice", i);
    out.push_back(x);
  }
  return out;
}

// shuffle draws |take| items from 0..n-1 without replacement: index = floor(float * remaining),
// the item removed and the gap closed (Array.splice), as Stake's pages and verifiers do (S14).
std::vector<int> spliced(std::span<const double> fl, int n, std::size_t take) {
  std::vector<int> pool(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) pool[static_cast<std::size_t>(i)] = i;
  std::vector<int> out;
  for (std::size_t i = 0; i < take; ++i) {
    const auto k = static_cast<std::size_t>(std::floor(fl[i] * static_cast<double>(pool.size())));
    out.push_back(pool[k]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return out;
}

int index_of(double f, int n) { return static_cast<int>(std::floor(f * n)); }

}  // namespace

const std::vector<std::string>& game_names() {
  static const std::vector<std::string> k = {"dice",  "limbo", "roulette", "wheel", "plinko",
                                             "mines", "keno",  "diamonds", "hilo",  "baccarat"};
  return k;
}

const std::vector<std::string>& outcome_names(std::string_view game) {
  static const std::map<std::string, std::vector<std::string>, std::less<>> k = {
      {"dice", {"roll"}},
      {"limbo", {"multiplier"}},
      {"roulette", {"pocket"}},
      {"wheel", {"segment", "multiplier"}},
      {"plinko", {"path", "bucket", "multiplier"}},
      {"mines", {"positions"}},
      {"keno", {"drawn", "hits"}},
      {"diamonds", {"gems"}},
      {"hilo", {"cards"}},
      {"baccarat", {"cards"}}};
  const auto it = k.find(game);
  if (it == k.end()) throw InputError("game", "not a stake-v1 game: '" + std::string(game) + "'");
  return it->second;
}

std::string read_game(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsString()) throw InputError(std::string(field), "must be a string");
  std::string g(v.GetString(), v.GetStringLength());
  (void)outcome_names(g);
  return g;
}

std::size_t floats_needed(std::string_view game, const rapidjson::Value& options) {
  (void)outcome_names(game);
  if (game == "wheel") {
    const Options o(options, {"segments", "risk"});
    (void)risk_checked_segments(o);
    (void)o.one_of("risk", kRisks);
    return 1;
  }
  if (game == "plinko") {
    const Options o(options, {"rows", "risk"});
    const int rows = o.integer("rows", 8, 16);
    (void)o.one_of("risk", kRisks);
    return static_cast<std::size_t>(rows);
  }
  if (game == "mines") return static_cast<std::size_t>(Options(options, {"mines"}).integer("mines", 1, 24));
  if (game == "keno") {
    (void)keno_picks(Options(options, {"picks"}));
    return 10;
  }
  (void)Options(options, {});
  if (game == "diamonds") return 5;
  if (game == "hilo") return 52;
  if (game == "baccarat") return 6;
  return 1;  // dice, limbo, roulette
}

double check_event_float(double f, std::string_view field, std::size_t position) {
  const double scaled = f * kTwo32;
  if (!(f >= 0 && f < 1) || std::floor(scaled) != scaled) {
    throw InputError(std::string(field), "must be a multiple of 2^-32 in [0, 1 - 2^-32] (a float of 4 bytes)",
                     position);
  }
  return f;
}

double dice_roll(double f) { return std::floor(f * 10001.0) / 100.0; }

double limbo_multiplier(double f) {
  if (f == 0) throw InputError("floats", "limbo of float 0 is infinite (1e8 / 0)", 0);
  const double house_edge = 0.99;
  const double float_point = 1e8 / (f * 1e8) * house_edge;
  const double crash_point = std::floor(float_point * 100.0) / 100.0;
  return std::max(crash_point, 1.0);
}

json::Object event(std::string_view game, std::span<const double> fl, const rapidjson::Value& options) {
  const std::size_t need = floats_needed(game, options);
  if (fl.size() != need) {
    throw InputError(
        "floats", std::string(game) + " reads " + std::to_string(need) + " floats, got " + std::to_string(fl.size()));
  }
  for (std::size_t i = 0; i < fl.size(); ++i) (void)check_event_float(fl[i], "floats", i);
  if (game == "dice") return {{"roll", json::Value(dice_roll(fl[0]))}};
  if (game == "limbo") return {{"multiplier", json::Value(limbo_multiplier(fl[0]))}};
  if (game == "roulette") return {{"pocket", json::Value(static_cast<std::int64_t>(index_of(fl[0], 37)))}};
  if (game == "wheel") {
    const int segments = options["segments"].GetInt();
    const int seg = index_of(fl[0], segments);
    const std::vector<double> t = wheel_table(segments, options["risk"].GetString());
    return {{"segment", json::Value(static_cast<std::int64_t>(seg))},
            {"multiplier", json::Value(t[static_cast<std::size_t>(seg)])}};
  }
  if (game == "plinko") {
    json::Array path;
    int bucket = 0;
    for (double f : fl) {
      const int dir = index_of(f, 2);  // DIRECTIONS = [left, right]
      bucket += dir;
      path.emplace_back(dir ? "right" : "left");
    }
    const std::vector<double>& half = plinko_tables().at(static_cast<int>(fl.size())).at(options["risk"].GetString());
    // The full row: half reversed (without its first entry when rows is even), then half.
    std::vector<double> full(half.rbegin(), half.rend() - (fl.size() % 2 == 0 ? 1 : 0));
    full.insert(full.end(), half.begin(), half.end());
    return {{"path", json::Value(std::move(path))},
            {"bucket", json::Value(static_cast<std::int64_t>(bucket))},
            {"multiplier", json::Value(full[static_cast<std::size_t>(bucket)])}};
  }
  if (game == "mines") return {{"positions", json::Value::array_of(spliced(fl, 25, fl.size()))}};
  if (game == "keno") {
    const std::vector<int> picks = keno_picks(Options(options, {"picks"}));
    std::vector<int> drawn = spliced(fl, 40, 10);
    for (int& d : drawn) ++d;  // squares 1..40 as Stake shows them
    std::vector<int> hits;
    for (int p : picks) {
      if (std::find(drawn.begin(), drawn.end(), p) != drawn.end()) hits.push_back(p);
    }
    std::sort(hits.begin(), hits.end());
    return {{"drawn", json::Value::array_of(drawn)}, {"hits", json::Value::array_of(hits)}};
  }
  if (game == "diamonds") {
    json::Array gems;
    for (double f : fl) gems.emplace_back(kGems[index_of(f, 7)]);
    return {{"gems", json::Value(std::move(gems))}};
  }
  json::Array cards;  // hilo, baccarat: an unlimited deck, each card its own float
  for (double f : fl) cards.emplace_back(card_name(index_of(f, 52)));
  return {{"cards", json::Value(std::move(cards))}};
}

Round play(const Backend& backend, std::string_view game, std::string_view server_seed, std::string_view client_seed,
           std::uint64_t nonce, const rapidjson::Value& options) {
  const std::size_t need = floats_needed(game, options);
  Round r;
  r.read = floats(backend, server_seed, client_seed, nonce, 0, need);
  r.outcome = event(game, r.read.floats, options);
  return r;
}

}  // namespace fairvec::stake
