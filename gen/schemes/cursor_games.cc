#include "schemes/cursor_games.h"

#include <algorithm>
#include <array>
#include <functional>

#include "core/errors.h"

namespace fairvec::cursor {

namespace {

using Options = rapidjson::Value;

std::string opt_field(std::string_view key) { return "options." + std::string(key); }

// check_members throws unless |options| is an object holding exactly the members |allowed|.
void check_members(const Options& options, std::initializer_list<std::string_view> allowed) {
  if (!options.IsObject()) throw InputError("options", "must be a JSON object");
  std::size_t i = 0;
  for (const auto& m : options.GetObject()) {
    std::string_view name(m.name.GetString(), m.name.GetStringLength());
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      throw InputError(opt_field(name), "not an option of this game", i);
    }
    ++i;
  }
  for (std::string_view key : allowed) {
    if (!json::optional_member(options, key)) throw InputError(opt_field(key), "missing");
  }
}

const rapidjson::Value& option(const Options& options, std::string_view key) {
  return *json::optional_member(options, key);  // present: check_members ran first
}

// count_option reads an integer option in [min, max].
std::uint64_t count_option(const Options& options, std::string_view key, std::uint64_t min, std::uint64_t max) {
  const auto& v = option(options, key);
  if (!v.IsUint64() || v.GetUint64() < min || v.GetUint64() > max) {
    throw InputError(opt_field(key),
                     "must be an integer between " + std::to_string(min) + " and " + std::to_string(max));
  }
  return v.GetUint64();
}

// units_of lists u of every read so far, in read order.
json::Array units_of(const Stream& s) {
  json::Array a;
  for (const auto& r : s.reads()) a.emplace_back(r.u);
  return a;
}

template <typename T>
json::Value arr(const std::vector<T>& v) {
  json::Array a;
  for (const auto& x : v) a.emplace_back(x);
  return json::Value(std::move(a));
}

std::uint64_t die(double u) { return draw(u, 6) + 1; }
std::uint64_t card(double u) { return draw(u, 52); }

json::Object roulette(Stream& s, const Options& o) {
  check_members(o, {});
  return {{"pocket", json::Value(draw(s.read(0), 37))}};
}

json::Object sicbo(Stream& s, const Options& o) {
  check_members(o, {});
  std::vector<std::uint64_t> dice;
  for (std::uint64_t c = 0; c < 3; ++c) dice.push_back(die(s.read(c)));
  return {{"dice", arr(dice)}};
}

json::Object limbo(Stream& s, const Options& o) {
  check_members(o, {});
  return {{"hundredths", json::Value(limbo_hundredths(s.read(0)))}};
}

json::Object koban(Stream& s, const Options& o) {
  check_members(o, {"flips"});
  const std::uint64_t n = count_option(o, "flips", 1, kMaxOptionCount);
  std::vector<std::uint64_t> flips;
  for (std::uint64_t i = 0; i < n; ++i) flips.push_back(draw(s.read(i), 2));
  return {{"flips", arr(flips)}};
}

json::Object blackjack(Stream& s, const Options& o) {
  check_members(o, {"actions", "dealerDraws"});
  const auto& actions = option(o, "actions");
  if (!actions.IsArray()) throw InputError("options.actions", "must be an array of \"hit\" and \"stand\"");
  if (actions.Size() > kMaxOptionCount) {
    throw InputError("options.actions", "at most " + std::to_string(kMaxOptionCount) + " actions");
  }
  std::uint64_t hits = 0;
  for (rapidjson::SizeType i = 0; i < actions.Size(); ++i) {
    const auto& a = actions[i];
    const std::string_view t = a.IsString() ? std::string_view(a.GetString(), a.GetStringLength()) : std::string_view();
    if (t == "hit") {
      ++hits;
    } else if (t == "stand") {
      if (i + 1 != actions.Size()) throw InputError("options.actions", "nothing may follow \"stand\"", i + 1);
    } else {
      throw InputError("options.actions", "each action must be \"hit\" or \"stand\"", i);
    }
  }
  const std::uint64_t dealer_draws = count_option(o, "dealerDraws", 0, kMaxOptionCount);
  // Deal order (cursor): player1, dealer-up, player2, dealer-hole; then the player's hits, then the
  // dealer's draws. Infinite shoe: every card is min(floor(52u), 51) of its own cursor.
  std::vector<std::uint64_t> cards, player, dealer;
  std::uint64_t next = 0;
  auto deal = [&](std::vector<std::uint64_t>& hand) {
    const std::uint64_t c = card(s.read(next++));
    cards.push_back(c);
    hand.push_back(c);
  };
  deal(player);
  deal(dealer);
  deal(player);
  deal(dealer);
  for (std::uint64_t i = 0; i < hits; ++i) deal(player);
  for (std::uint64_t i = 0; i < dealer_draws; ++i) deal(dealer);
  return {{"cards", arr(cards)}, {"player", arr(player)}, {"dealer", arr(dealer)}};
}

json::Object vpoker(Stream& s, const Options& o) {
  check_members(o, {"hold"});
  const auto& hold = option(o, "hold");
  if (!hold.IsArray() || hold.Size() != 5) throw InputError("options.hold", "must be an array of 5 booleans");
  for (rapidjson::SizeType i = 0; i < 5; ++i) {
    if (!hold[i].IsBool()) throw InputError("options.hold", "must be an array of 5 booleans", i);
  }
  // One pool-hop sequence over 52 cards: the deal at cursors 0..4, then one replacement per card
  // not held, in position order, at cursors 5, 6, …
  Pool pool(0, 52);
  std::vector<std::uint64_t> deal;
  std::uint64_t next = 0;
  for (int i = 0; i < 5; ++i) deal.push_back(pool.take(s.read(next++)));
  std::vector<std::uint64_t> final_hand = deal;
  for (rapidjson::SizeType i = 0; i < 5; ++i) {
    if (!hold[i].GetBool()) final_hand[i] = pool.take(s.read(next++));
  }
  return {{"deal", arr(deal)}, {"final", arr(final_hand)}};
}

json::Object holdem(Stream& s, const Options& o) {
  check_members(o, {"action"});
  const auto& a = option(o, "action");
  const std::string_view t = a.IsString() ? std::string_view(a.GetString(), a.GetStringLength()) : std::string_view();
  if (t != "call" && t != "fold") throw InputError("options.action", "must be \"call\" or \"fold\"");
  // One pool-hop sequence: player1, player2, dealer1, dealer2, flop1..3 (cursors 0..6); turn and
  // river (7, 8) only on call.
  Pool pool(0, 52);
  const std::uint64_t n = t == "call" ? 9 : 7;
  std::vector<std::uint64_t> cards;
  for (std::uint64_t c = 0; c < n; ++c) cards.push_back(pool.take(s.read(c)));
  std::vector<std::uint64_t> player(cards.begin(), cards.begin() + 2);
  std::vector<std::uint64_t> dealer(cards.begin() + 2, cards.begin() + 4);
  std::vector<std::uint64_t> board(cards.begin() + 4, cards.end());
  return {{"cards", arr(cards)}, {"player", arr(player)}, {"dealer", arr(dealer)}, {"board", arr(board)}};
}

json::Object bingo(Stream& s, const Options& o) {
  check_members(o, {});
  // Card: column c (B, I, N, G, O) draws 5 of its 15 numbers 15c+1..15c+15 by pool hop at cursors
  // 5c..5c+4 (cell 12, the centre, still reads cursor 12). Balls: 38 pool-hop draws over 1..75 at
  // cursors 25..62, a fresh pool.
  std::vector<std::uint64_t> card_numbers, balls;
  for (std::uint64_t c = 0; c < 5; ++c) {
    Pool column(15 * c + 1, 15);
    for (std::uint64_t r = 0; r < 5; ++r) card_numbers.push_back(column.take(s.read(5 * c + r)));
  }
  Pool ball_pool(1, 75);
  for (std::uint64_t k = 0; k < 38; ++k) balls.push_back(ball_pool.take(s.read(25 + k)));
  return {{"card", arr(card_numbers)}, {"balls", arr(balls)}};
}

json::Object hanabi(Stream& s, const Options& o) {
  check_members(o, {"freeSpins"});
  const std::uint64_t free_spins = count_option(o, "freeSpins", 0, kMaxOptionCount);
  // Base spin: cells 0..14; free spin j: cells 15 + 15j .. 29 + 15j.
  for (std::uint64_t c = 0; c < 15 * (free_spins + 1); ++c) (void)s.read(c);
  return {{"units", json::Value(units_of(s))}};
}

json::Object andar(Stream& s, const Options& o) {
  check_members(o, {"cards"});
  const std::uint64_t n = count_option(o, "cards", 1, 52);
  // Cursors 0..4 decide the two boosted buckets (the seed gives no mapping: reported as units);
  // from cursor 5 one pool-hop draw over 52 cards per card dealt, in dealing order.
  json::Array boost;
  for (std::uint64_t c = 0; c < 5; ++c) boost.emplace_back(s.read(c));
  Pool pool(0, 52);
  std::vector<std::uint64_t> cards;
  for (std::uint64_t k = 0; k < n; ++k) cards.push_back(pool.take(s.read(5 + k)));
  return {{"boostUnits", json::Value(std::move(boost))}, {"cards", arr(cards)}};
}

json::Object fuku(Stream& s, const Options& o) {
  check_members(o, {});
  (void)s.read(0);
  return {{"units", json::Value(units_of(s))}};
}

json::Object omikuji(Stream& s, const Options& o) {
  check_members(o, {"fillers"});
  const std::uint64_t fillers = count_option(o, "fillers", 0, kMaxOptionCount);
  // Cursor 0: the tier; 1..3: the winning cells; 4..: the fillers.
  for (std::uint64_t c = 0; c < 4 + fillers; ++c) (void)s.read(c);
  return {{"units", json::Value(units_of(s))}};
}

json::Object chinchiro(Stream& s, const Options& o) {
  check_members(o, {"attempts"});
  const auto& attempts = option(o, "attempts");
  if (!attempts.IsArray() || attempts.Size() < 1 || attempts.Size() > kMaxOptionCount) {
    throw InputError("options.attempts", "must be an array of 1 to " + std::to_string(kMaxOptionCount) +
                                             " integers 1..3 (attempts per side)");
  }
  for (rapidjson::SizeType i = 0; i < attempts.Size(); ++i) {
    if (!attempts[i].IsUint64() || attempts[i].GetUint64() < 1 || attempts[i].GetUint64() > 3) {
      throw InputError("options.attempts", "each side rolls 1 to 3 attempts", i);
    }
  }
  // Die d of attempt a of side s reads cursor s·9 + a·3 + d.
  json::Array sides;
  for (rapidjson::SizeType side = 0; side < attempts.Size(); ++side) {
    json::Array rolls;
    for (std::uint64_t a = 0; a < attempts[side].GetUint64(); ++a) {
      std::vector<std::uint64_t> dice;
      for (std::uint64_t d = 0; d < 3; ++d) dice.push_back(die(s.read(side * 9ULL + a * 3 + d)));
      rolls.push_back(arr(dice));
    }
    sides.emplace_back(std::move(rolls));
  }
  return {{"dice", json::Value(std::move(sides))}};
}

json::Object pagoda(Stream& s, const Options& o) {
  check_members(o, {"floors"});
  const std::uint64_t floors = count_option(o, "floors", 1, kMaxOptionCount);
  // Floor f reads cursor f; floors are numbered from 0.
  for (std::uint64_t f = 0; f < floors; ++f) (void)s.read(f);
  return {{"units", json::Value(units_of(s))}};
}

json::Object mines(Stream& s, const Options& o) {
  check_members(o, {"mines"});
  const std::uint64_t m = count_option(o, "mines", 1, 24);
  // The kit's pinned layer (the seed says only that the whole layout comes from one nonce): mine k
  // is a pool-hop draw over the 25 cells 0..24 at cursor k.
  Pool pool(0, 25);
  std::vector<std::uint64_t> cells;
  for (std::uint64_t k = 0; k < m; ++k) cells.push_back(pool.take(s.read(k)));
  return {{"mines", arr(cells)}};
}

json::Object plinko(Stream& s, const Options& o) {
  check_members(o, {"rows"});
  const std::uint64_t rows = count_option(o, "rows", 1, kMaxOptionCount);
  // The kit's pinned layer (the seed gives no plinko layout): row r reads cursor r.
  for (std::uint64_t r = 0; r < rows; ++r) (void)s.read(r);
  return {{"units", json::Value(units_of(s))}};
}

using GameFn = json::Object (*)(Stream&, const Options&);

// Game is one row of the game table: its name, its round and its outcome members in order.
struct Game {
  std::string name;
  GameFn fn;
  std::vector<std::string> outcome;
};

const std::vector<Game>& games() {
  static const std::vector<Game> kGames = {
      {"roulette", roulette, {"pocket"}},
      {"sicbo", sicbo, {"dice"}},
      {"limbo", limbo, {"hundredths"}},
      {"koban", koban, {"flips"}},
      {"blackjack", blackjack, {"cards", "player", "dealer"}},
      {"vpoker", vpoker, {"deal", "final"}},
      {"holdem", holdem, {"cards", "player", "dealer", "board"}},
      {"bingo", bingo, {"card", "balls"}},
      {"andar", andar, {"boostUnits", "cards"}},
      {"chinchiro", chinchiro, {"dice"}},
      {"mines", mines, {"mines"}},
      {"hanabi", hanabi, {"units"}},
      {"fuku", fuku, {"units"}},
      {"omikuji", omikuji, {"units"}},
      {"pagoda", pagoda, {"units"}},
      {"plinko", plinko, {"units"}},
  };
  return kGames;
}

const Game& game_row(std::string_view game) {
  for (const auto& g : games()) {
    if (g.name == game) return g;
  }
  throw InputError("game", "not a cursor-v1 game: '" + std::string(game) + "'");
}

const rapidjson::Value& need(const rapidjson::Value& params, std::string_view key) {
  const rapidjson::Value* v = json::optional_member(params, key);
  if (!v) throw InputError(std::string(key), "missing");
  return *v;
}

}  // namespace

const std::vector<std::string>& game_names() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> n;
    for (const auto& g : games()) n.push_back(g.name);
    return n;
  }();
  return kNames;
}

GameResult play(const Backend& backend, std::string_view game, std::string_view server_seed,
                std::string_view client_seed, std::uint64_t nonce, const rapidjson::Value& options) {
  const GameFn fn = game_row(game).fn;
  Stream s(backend, std::string(server_seed), std::string(client_seed), nonce);
  GameResult r;
  r.outcome = fn(s, options);
  r.reads = s.reads();
  return r;
}

const std::vector<std::string>& outcome_names(std::string_view game) { return game_row(game).outcome; }

std::string read_game(const rapidjson::Value& v, std::string_view field) {
  if (!v.IsString()) throw InputError(std::string(field), "must be a string");
  const std::string game(v.GetString(), v.GetStringLength());
  const auto& names = game_names();
  if (std::find(names.begin(), names.end(), game) == names.end()) {
    throw InputError(std::string(field), "not a cursor-v1 game: '" + game + "'");
  }
  return game;
}

GameResult play_params(const Backend& backend, const rapidjson::Value& params) {
  if (!params.IsObject()) throw InputError("params", "must be a JSON object");
  const std::string game = read_game(need(params, "game"), "game");
  const std::string server = read_text(need(params, "serverSeed"), "serverSeed");
  const std::string client = read_text(need(params, "clientSeed"), "clientSeed");
  const std::uint64_t nonce = read_counter(need(params, "nonce"), "nonce");
  const auto& options = need(params, "options");
  return play(backend, game, server, client, nonce, options);
}

}  // namespace fairvec::cursor
