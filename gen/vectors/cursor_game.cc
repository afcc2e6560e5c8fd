// cursor_game_test.json (specs/cursor-v1.md, "Vectors"): every game's cursors and outcome, for each
// player action. A catalog (vectors/catalog.h): each game is a group member; cases give the seeds,
// nonce and options only; cursor.game and its trace (every u and its bits) write the rest, and each
// flag's claim is checked on the round its case plays.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/splitmix64.h"
#include "schemes/cursor_games.h"
#include "vectors/catalog.h"
#include "vectors/cursor.h"

namespace fairvec::vectors::cursor_vec {

namespace {

std::vector<u64> u64s(const Value& v) {
  std::vector<u64> out;
  for (const auto& x : v.as_array()) out.push_back(static_cast<u64>(std::get<std::int64_t>(x.variant())));
  return out;
}

const Value& outcome(const cur::GameResult& r, std::string_view key) {
  for (const auto& [k, v] : r.outcome) {
    if (k == key) return v;
  }
  throw std::logic_error("no outcome member " + std::string(key));
}

std::vector<double> units_of(const cur::GameResult& r, std::size_t from, std::size_t count) {
  std::vector<double> out;
  for (std::size_t i = from; i < from + count; ++i) out.push_back(r.reads.at(i).u);
  return out;
}

// Played is a case of cursor_game_test.json played again from its params: the game, its result,
// and the round's seeds and nonce, for the flags' claims.
struct Played {
  std::string game;
  cur::GameResult r;
  std::string server, client;
  u64 nonce;
  std::vector<u64> nums(const char* key) const { return u64s(outcome(r, key)); }
};

Played play_case(const rapidjson::Value& p) {
  const Backend& b = default_backend();
  return {json::get_string(p, "game", "params"), cur::play_params(b, p), json::get_string(p, "serverSeed", "params"),
          json::get_string(p, "clientSeed", "params"), json::member(p, "nonce", "params").GetUint64()};
}

// claims lists what each flag of a played case claims (every valid flag of this file has one).
const std::vector<Claim<Played>>& claims() {
  static const std::vector<Claim<Played>> kClaims = {
      {"DealOrder",
       [](const Played& p) {
         const auto cards = p.nums("cards");
         return p.nums("player") !=
                (p.game == "blackjack" ? std::vector<u64>{cards[0], cards[1]} : std::vector<u64>{cards[0], cards[2]});
       }},
      {"InfiniteShoe",
       [](const Played& p) {
         const auto cards = p.nums("cards");
         return std::set<u64>(cards.begin(), cards.end()).size() < cards.size();
       }},
      {"EarlyStop", [](const Played& p) { return p.r.reads.size() == (p.game == "holdem" ? 7u : 5u); }},
      {"HoldNone", [](const Played& p) { return p.r.reads.size() == 10; }},
      {"PoolOfOne", [](const Played& p) { return p.r.reads.size() == 57; }},
      {"BingoLayout", [](const Played& p) { return p.r.reads.size() == 63; }},
      {"ColumnPools", [](const Played& p) { return swap_hop(units_of(p.r, 0, 25), 1, 75) != p.nums("card"); }},
      {"FreeCentre",
       [](const Played& p) {
         // A port whose centre reads no cursor: column N draws 4 numbers at cursors 10..13, the later
         // columns and the balls shift down by one.
         cur::Stream s(default_backend(), p.server, p.client, p.nonce);
         std::vector<u64> card;
         u64 next = 0;
         for (u64 col = 0; col < 5; ++col) {
           cur::Pool pool(15 * col + 1, 15);
           for (u64 row = 0; row < 5; ++row) {
             if (col == 2 && row == 2) {
               card.push_back(0);
               continue;
             }
             card.push_back(pool.take(s.read(next++)));
           }
         }
         std::vector<u64> ours = p.nums("card");
         ours[12] = 0;
         return card != ours;
       }},
      {"BoostFirst",
       [](const Played& p) {
         std::vector<double> us;
         for (u64 k = 0; k < p.nums("cards").size(); ++k)
           us.push_back(cur::unit(default_backend(), p.server, p.client, p.nonce, k));
         return swap_hop(us, 0, 52) != p.nums("cards");
       }},
      {"ChinchiroCursors",
       [](const Played& p) {
         std::vector<u64> read;
         for (const auto& rd : p.r.reads) read.push_back(rd.cursor);
         return read != range(0, p.r.reads.size());
       }},
      {"FreeSpinCells", [](const Played& p) { return p.r.reads.size() > 15; }},
  };
  return kClaims;
}

// claimed is a flag whose property is its claim (claims()): the flag's name is written once.
FlagDef claimed(const char* name, BugType type, std::string description) {
  return {name, type, std::move(description), {}, game_claim(name)};
}

void game_cases(Cases& cases_out) {
  const Backend& b = default_backend();
  struct Case {
    std::string comment;
    std::vector<std::string> flags;
    std::string server, client;
    u64 nonce;
    Value options;
  };
  const Value none = Value::object();
  auto opt = [](const char* key, Value v) { return Value(Object{{key, std::move(v)}}); };
  auto hold = [](std::initializer_list<bool> h) {
    Array a;
    for (bool x : h) a.emplace_back(x);
    return Value(Object{{"hold", Value(std::move(a))}});
  };
  auto bj = [](std::initializer_list<const char*> actions, int draws) {
    Array a;
    for (const char* x : actions) a.emplace_back(x);
    return Value(Object{{"actions", Value(std::move(a))}, {"dealerDraws", Value(draws)}});
  };

  // Searched: the first nonce (from 0) whose blackjack round with two hits and one dealer draw repeats
  // a card.
  u64 shoe_nonce = 0;
  {
    rapidjson::Document d;
    rapidjson::Value o = bj({"hit", "hit"}, 1).to_rapidjson(d.GetAllocator());
    for (;; ++shoe_nonce) {
      require(shoe_nonce < 1000, "InfiniteShoe search");
      const auto r = cur::play(b, "blackjack", kSeedHex, kClient, shoe_nonce, o);
      auto cards = u64s(outcome(r, "cards"));
      if (std::set<u64>(cards.begin(), cards.end()).size() < cards.size()) break;
    }
  }

  const std::vector<std::pair<std::string, std::vector<Case>>> games = {
      {"roulette",
       {{"pocket = min(floor(37u), 36) of cursor 0", {}, kSeedHex, kClient, 1, none},
        {"another nonce", {}, kSeedHex, kClient, 2, none},
        {"nonce 2^53 - 1", {"MaxNonce"}, kSeed2, kClient2, fairvec::kMaxCounter, none}}},
      {"sicbo",
       {{"three dice at cursors 0, 1, 2: min(floor(6u), 5) + 1", {}, kSeedHex, kClient, 1, none},
        {"another nonce", {}, kSeedHex, kClient, 2, none},
        {"non-ASCII seed", {}, kSeed2, kClient2, 3, none}}},
      {"limbo",
       {{"u(p, 0): clamp(floor(0.99 / (1 - u) * 100), 100, 1000000)", {}, kSeedHex, kClient, 1, none},
        {"another nonce", {}, kSeedHex, kClient, 2, none},
        {"another seed", {}, kSeed2, kClient2, 3, none}}},
      {"koban",
       {{"one flip: cursor 0", {}, kSeedHex, kClient, 1, opt("flips", 1)},
        {"five flips: cursors 0..4", {}, kSeedHex, kClient, 2, opt("flips", 5)},
        {"twelve flips", {}, kSeed2, kClient2, 3, opt("flips", 12)}}},
      {"blackjack",
       {{"no player action, no dealer draw: the four dealt cards, cursors 0..3 (three of them the same card)",
         {"InfiniteShoe"},
         kSeedHex,
         kClient,
         1,
         bj({}, 0)},
        {"stand; the dealer draws one card (cursor 4)", {"DealOrder"}, kSeedHex, kClient, 2, bj({"stand"}, 1)},
        {"hit, stand; the dealer draws two (player's hit at 4, dealer's at 5, 6)",
         {"DealOrder"},
         kSeedHex,
         kClient,
         3,
         bj({"hit", "stand"}, 2)},
        {"three hits (a bust needs no stand); no dealer draw", {}, kSeed2, kClient2, 4, bj({"hit", "hit", "hit"}, 0)},
        {"found by search (first nonce from 0): a card repeats in the round",
         {"InfiniteShoe"},
         kSeedHex,
         kClient,
         shoe_nonce,
         bj({"hit", "hit"}, 1)}}},
      {"vpoker",
       {{"hold all five: the deal only, cursors 0..4",
         {"EarlyStop"},
         kSeedHex,
         kClient,
         1,
         hold({true, true, true, true, true})},
        {"hold none: replacements at cursors 5..9",
         {"HoldNone", "SwapToEnd"},
         kSeedHex,
         kClient,
         2,
         hold({false, false, false, false, false})},
        {"hold positions 0 and 2: replacements for 1, 3, 4 at cursors 5, 6, 7",
         {"SwapToEnd"},
         kSeedHex,
         kClient,
         3,
         hold({true, false, true, false, false})},
        {"hold position 4 only", {"SwapToEnd"}, kSeed2, kClient2, 4, hold({false, false, false, false, true})}}},
      {"holdem",
       {{"fold: player1, player2, dealer1, dealer2, flop1..3 at cursors 0..6",
         {"EarlyStop", "DealOrder", "SwapToEnd"},
         kSeedHex,
         kClient,
         1,
         opt("action", "fold")},
        {"call: turn and river at cursors 7, 8",
         {"DealOrder", "SwapToEnd"},
         kSeedHex,
         kClient,
         1,
         opt("action", "call")},
        {"call, another round", {"SwapToEnd"}, kSeed2, kClient2, 2, opt("action", "call")}}},
      {"bingo",
       {{"card at cursors 0..24 (column by column), balls at 25..62",
         {"BingoLayout", "ColumnPools", "FreeCentre", "SwapToEnd"},
         kSeedHex,
         kClient,
         1,
         none},
        {"another round", {"BingoLayout", "FreeCentre", "SwapToEnd"}, kSeed2, kClient2, 2, none}}},
      {"andar",
       {{"one card (the joker) at cursor 5 after the boost cursors 0..4",
         {"BoostFirst"},
         kSeedHex,
         kClient,
         1,
         opt("cards", 1)},
        {"ten cards at cursors 5..14", {"BoostFirst", "SwapToEnd"}, kSeedHex, kClient, 2, opt("cards", 10)},
        {"the whole deck: 52 cards at cursors 5..56",
         {"PoolOfOne", "SwapToEnd"},
         kSeed2,
         kClient2,
         3,
         opt("cards", 52)}}},
      {"chinchiro",
       {{"two sides, one attempt each: cursors 0..2 and 9..11",
         {"ChinchiroCursors"},
         kSeedHex,
         kClient,
         1,
         opt("attempts", Value::array({1, 1}))},
        {"two sides, three attempts each: cursors 0..17",
         {},
         kSeedHex,
         kClient,
         2,
         opt("attempts", Value::array({3, 3}))},
        {"three sides: 2, 3, 1 attempts",
         {"ChinchiroCursors"},
         kSeed2,
         kClient2,
         3,
         opt("attempts", Value::array({2, 3, 1}))}}},
      {"mines",
       {{"one mine: cursor 0", {}, kSeedHex, kClient, 1, opt("mines", 1)},
        {"three mines: cursors 0..2", {}, kSeedHex, kClient, 2, opt("mines", 3)},
        {"24 mines: cursors 0..23", {"SwapToEnd"}, kSeed2, kClient2, 3, opt("mines", 24)}}},
      {"hanabi",
       {{"base spin only: cells 0..14", {}, kSeedHex, kClient, 1, opt("freeSpins", 0)},
        {"base spin and two free spins: cells 0..44", {"FreeSpinCells"}, kSeedHex, kClient, 2, opt("freeSpins", 2)}}},
      {"fuku",
       {{"cursor 0 alone draws the item", {}, kSeedHex, kClient, 1, none},
        {"another round", {}, kSeed2, kClient2, 2, none}}},
      {"omikuji",
       {{"no fillers: tier at 0, winning cells at 1..3", {}, kSeedHex, kClient, 1, opt("fillers", 0)},
        {"six fillers at cursors 4..9", {}, kSeed2, kClient2, 2, opt("fillers", 6)}}},
      {"pagoda",
       {{"one floor: floor 0 reads cursor 0", {}, kSeedHex, kClient, 1, opt("floors", 1)},
        {"eight floors: cursors 0..7", {}, kSeed2, kClient2, 2, opt("floors", 8)}}},
      {"plinko",
       {{"eight rows: cursors 0..7", {}, kSeedHex, kClient, 1, opt("rows", 8)},
        {"sixteen rows: cursors 0..15", {}, kSeed2, kClient2, 2, opt("rows", 16)}}},
  };
  require(games.size() == cur::game_names().size(), "every game has vectors");
  for (const auto& [game, cases] : games) {
    require(std::find(cur::game_names().begin(), cur::game_names().end(), game) != cur::game_names().end(),
            "unknown game " + game);
    cases_out.group_members({{"game", game}});
    for (const auto& c : cases) {
      cases_out.valid(
          "CursorGame", c.comment, c.flags,
          {{"serverSeed", c.server}, {"clientSeed", c.client}, {"nonce", Value(c.nonce)}, {"options", c.options}});
    }
  }

  cases_out.group_members({});
  auto bad = [&](const std::string& comment, std::vector<std::string> flags, Value game, Value nonce, Value options,
                 const std::string& error, Value server = Value(kSeedHex)) {
    cases_out.invalid("CursorGameInvalid", comment, std::move(flags),
                      {{"game", std::move(game)},
                       {"serverSeed", std::move(server)},
                       {"clientSeed", kClient},
                       {"nonce", std::move(nonce)},
                       {"options", std::move(options)}},
                      error);
  };
  const Value one(1);
  bad("keno is not a cursor game", {"NotACursorGame"}, Value("keno"), one, none, "game");
  bad("crash is not a cursor game", {"NotACursorGame"}, Value("crash"), one, none, "game");
  bad("unknown game", {"UnknownGame"}, Value("baccarat"), one, none, "game");
  bad("game names are case-sensitive", {"UnknownGame"}, Value("Roulette"), one, none, "game");
  bad("game as a number", {"GameInputType"}, Value(7), one, none, "game");
  bad("server seed as a number", {"GameInputType"}, Value("roulette"), one, none, "serverSeed", Value(42));
  bad("nonce -1", {"BadNonce"}, Value("roulette"), Value(-1), none, "nonce");
  bad("nonce 2^53", {"BadNonce"}, Value("roulette"), Value(static_cast<std::int64_t>(kTwo53)), none, "nonce");
  bad("nonce 2.5", {"BadNonce"}, Value("sicbo"), Value(2.5), none, "nonce");
  bad("nonce as a string", {"BadNonce"}, Value("sicbo"), Value("1"), none, "nonce");
  bad("nonce as the JSON number 2.0 (an integral double)", {"BadNonce"}, Value("sicbo"), Value(2.0), none, "nonce");
  bad("nonce as the JSON boolean true", {"BadNonce"}, Value("sicbo"), Value(true), none, "nonce");
  // Every game its own bad input, so that a port declaring one game as its scope is sent one
  // (tests/ports/scope_bad_input_test.py): nonce -1 with the game's first options.
  for (const auto& entry : games) {
    if (entry.first == "roulette") continue;  // "nonce -1" above is roulette's
    bad(entry.first + ": nonce -1 (every game has a bad input of its own)", {"BadNonce"}, Value(entry.first), Value(-1),
        entry.second.front().options, "nonce");
  }
  cases_out.invalid("CursorGameInvalid", "client seed as the JSON number 7", {"NumberAsText"},
                    {{"game", Value("roulette")},
                     {"serverSeed", Value(kSeedHex)},
                     {"clientSeed", Value(7)},
                     {"nonce", one},
                     {"options", none}},
                    "clientSeed");
  bad("options as an array", {"GameInputType"}, Value("roulette"), one, Value::array({}), "options");
  bad("roulette takes no options", {"UnknownOption"}, Value("roulette"), one, opt("bet", 1), "options.bet");
  bad("koban without flips", {"MissingOption"}, Value("koban"), one, none, "options.flips");
  bad("koban with 0 flips", {"BadOption"}, Value("koban"), one, opt("flips", 0), "options.flips");
  bad("koban with 1.5 flips", {"BadOption"}, Value("koban"), one, opt("flips", 1.5), "options.flips");
  bad("blackjack action \"double\"", {"BadOption"}, Value("blackjack"), one,
      Value(Object{{"actions", Value::array({"hit", "double"})}, {"dealerDraws", Value(0)}}), "options.actions");
  bad("blackjack hit after stand", {"ActionAfterStand"}, Value("blackjack"), one,
      Value(Object{{"actions", Value::array({"stand", "hit"})}, {"dealerDraws", Value(0)}}), "options.actions");
  bad("blackjack actions as a string", {"BadOption"}, Value("blackjack"), one,
      Value(Object{{"actions", Value("hit")}, {"dealerDraws", Value(0)}}), "options.actions");
  bad("blackjack without dealerDraws", {"MissingOption"}, Value("blackjack"), one,
      opt("actions", Value::array({"stand"})), "options.dealerDraws");
  bad("blackjack with -1 dealer draws", {"BadOption"}, Value("blackjack"), one,
      Value(Object{{"actions", Value::array({})}, {"dealerDraws", Value(-1)}}), "options.dealerDraws");
  bad("video poker hold of four", {"BadOption"}, Value("vpoker"), one,
      opt("hold", Value::array({true, true, true, true})), "options.hold");
  bad("video poker hold with a number", {"BadOption"}, Value("vpoker"), one,
      opt("hold", Value::array({true, false, 1, false, true})), "options.hold");
  bad("hold'em action \"raise\"", {"BadOption"}, Value("holdem"), one, opt("action", "raise"), "options.action");
  bad("hold'em actions are case-sensitive", {"BadOption"}, Value("holdem"), one, opt("action", "CALL"),
      "options.action");
  bad("andar bahar 53 cards", {"PoolExhaustion"}, Value("andar"), one, opt("cards", 53), "options.cards");
  bad("andar bahar 0 cards", {"BadOption"}, Value("andar"), one, opt("cards", 0), "options.cards");
  bad("25 mines leave no safe cell", {"BadOption"}, Value("mines"), one, opt("mines", 25), "options.mines");
  bad("0 mines", {"BadOption"}, Value("mines"), one, opt("mines", 0), "options.mines");
  bad("chinchiro 4 attempts", {"BadOption"}, Value("chinchiro"), one, opt("attempts", Value::array({4})),
      "options.attempts");
  bad("chinchiro no sides", {"BadOption"}, Value("chinchiro"), one, opt("attempts", Value::array({})),
      "options.attempts");
  bad("chinchiro 0 attempts", {"BadOption"}, Value("chinchiro"), one, opt("attempts", Value::array({1, 0})),
      "options.attempts");
  bad("hanabi -1 free spins", {"BadOption"}, Value("hanabi"), one, opt("freeSpins", -1), "options.freeSpins");
  bad("omikuji fillers as a string", {"BadOption"}, Value("omikuji"), one, opt("fillers", "3"), "options.fillers");
  bad("pagoda 0 floors", {"BadOption"}, Value("pagoda"), one, opt("floors", 0), "options.floors");
  bad("plinko 0 rows", {"BadOption"}, Value("plinko"), one, opt("rows", 0), "options.rows");
}

}  // namespace

Property game_claim(std::string_view flag) {
  return [flag = std::string(flag)](const rapidjson::Value& p, const json::Value&) {
    const auto& all = claims();
    auto it = std::find_if(all.begin(), all.end(), [&](const Claim<Played>& c) { return c.flag == flag; });
    if (it == all.end()) throw std::logic_error("cursor vectors: unchecked flag " + std::string(flag));
    return it->holds(play_case(p));
  };
}

void add_game_flags(FlagLibrary& lib) {
  lib.flag(claimed("DealOrder", BugType::kOrder,
                   "Cards go out in the seed's cursor order. A port dealing in table order (player, player, dealer, "
                   "dealer in blackjack; alternating in hold'em) gives the hands other cards."));
  lib.flag(claimed("InfiniteShoe", BugType::kFunctionality,
                   "Blackjack's shoe is infinite: each card is min(floor(52u), 51) of its own cursor, so a card can "
                   "repeat in a round, as here. A port drawing blackjack cards without replacement fails."));
  lib.flag(claimed("EarlyStop", BugType::kEdgeCase,
                   "The round stops reading early: a hold'em fold reads 7 cursors, video poker holding all five reads "
                   "5. A port reading the unused cursors anyway reports other cursors."));
  lib.flag(claimed("HoldNone", BugType::kBoundary,
                   "Video poker holding nothing reads 10 cursors: five replacements at 5..9."));
  lib.flag(claimed("BingoLayout", BugType::kFunctionality,
                   "Bingo reads 63 cursors: 0..24 the card, column by column, 25..62 the 38 balls from a fresh "
                   "pool 1..75."));
  lib.flag(claimed("ColumnPools", BugType::kFunctionality,
                   "Each bingo column draws from its own 15 numbers (B 1..15, …, O 61..75). A port drawing the card "
                   "from one pool of 75 gets another card."));
  lib.flag(claimed("FreeCentre", BugType::kFunctionality,
                   "The centre cell (12) still reads cursor 12. A port whose free centre reads no cursor shifts every "
                   "later draw and gets another card and other balls."));
  lib.flag(claimed("BoostFirst", BugType::kOrder,
                   "Andar bahar reads the five boost cursors 0..4 before any card; cards start at cursor 5. A port "
                   "dealing cards from cursor 0 gets other cards."));
  lib.flag(claimed("ChinchiroCursors", BugType::kOrder,
                   "Chinchiro die d of attempt a of side s reads cursor s*9 + a*3 + d, leaving gaps when a side rolls "
                   "fewer than 3 attempts. A port numbering the dice consecutively reads other cursors."));
  lib.flag(claimed("FreeSpinCells", BugType::kFunctionality,
                   "Hanabi free spin j reads cells 15 + 15j .. 29 + 15j after the base spin's 0..14."));
  lib.flag({"NotACursorGame", BugType::kFunctionality,
            "Keno and crash do not read the seed pair; cursor.game rejects them (they have ops of their own)."});
  lib.share(shared_flags(), "UnknownGame");
  lib.flag(
      {"BadNonce",
       BugType::kMissingCheck,
       "A nonce that is negative, above 2^53 - 1, fractional, an integral double (2.0) or not a number (a string, "
       "a boolean) is bad input.",
       {"cursor-negative-counters-accepted", "cursor-unsafe-counters-accepted", "cursor-fractional-counters-accepted",
        "cursor-string-as-integer", "cursor-js-string-coercion", "float-as-integer", "bool-as-integer"}});
  lib.flag({"GameInputType", BugType::kMissingCheck,
            "A game or seed that is not a string, or options that are not an object, is bad input."});
  lib.flag({"UnknownOption",
            BugType::kMissingCheck,
            "An options member the game does not define is bad input.",
            {"cursor-unknown-options-ignored"}});
  lib.flag({"MissingOption", BugType::kMissingCheck, "Every option the game defines is required."});
  lib.flag(
      {"BadOption", BugType::kMissingCheck, "An option value of the wrong type or outside its range is bad input."});
  lib.flag({"ActionAfterStand",
            BugType::kMissingCheck,
            "Nothing may follow \"stand\" in blackjack's actions.",
            {"cursor-actions-after-stand-ignored"}});
}

VectorKind game_vector_kind() {
  // Every outcome member of any game, in an order that keeps each game's own (blackjack: cards,
  // player, dealer; hold'em: cards, player, dealer, board; andar: boostUnits, cards); each is
  // written where the game gives it.
  // Each is written where the game gives it; the op's results_for says which a port must answer.
  std::vector<Field> fields = outputs({"cursors", "units", "unitBits"});
  for (const char* name : {"boostUnits", "cards", "player", "dealer", "board", "deal", "final", "card", "balls", "dice",
                           "pocket", "hundredths", "flips", "mines"}) {
    fields.push_back({.name = name, .optional = true});
  }
  return catalog_kind({
      "cursor_game_test.json",
      {"cursor-v1 games: for each game and player action, the cursors read (in order), every u "
       "read (with its bits) and the outcome. Port op: cursor.game with params game, serverSeed, "
       "clientSeed, nonce, options; the expected result holds cursors and the outcome members.",
       "Randomness layer only (the seed gives no paytable or symbol table): hanabi, fuku, "
       "omikuji, pagoda and plinko report units; andar reports its five boost units. mines' "
       "layout (pool hop over 25 cells) and plinko's (row r reads cursor r) are this kit's "
       "pinned choices.",
       "u = 1.0 cannot be reached through HMAC (probability 2^-54 per cursor); the clamp each game "
       "applies then is covered in cursor_draw_test.json."},
      library().pick({"DealOrder",        "InfiniteShoe",   "EarlyStop",     "HoldNone",       "SwapToEnd",
                      "PoolOfOne",        "BingoLayout",    "ColumnPools",   "FreeCentre",     "BoostFirst",
                      "ChinchiroCursors", "FreeSpinCells",  "MaxNonce",      "NotACursorGame", "UnknownGame",
                      "BadNonce",         "GameInputType",  "UnknownOption", "MissingOption",  "BadOption",
                      "ActionAfterStand", "PoolExhaustion", "NumberAsText"}),
      {{.type = "CursorGame", .call = {"cursor.game"}, .members = {"game"}, .fields = fields},
       {.type = "CursorGameInvalid", .call = {"cursor.game"}}},
      game_cases,
  });
}

}  // namespace fairvec::vectors::cursor_vec
