// hmac-dice-v1: a whole match: its fields, their consistency and its verification (specs/hmac-dice-v1.md).
#include "schemes/hmac_dice.h"

#include <map>
#include <stdexcept>

#include "core/enum_names.h"
#include "core/errors.h"
#include "schemes/hmac_dice_text.h"

namespace fairvec::hmac_dice {

using namespace text;  // NOLINT(google-build-using-namespace): the shared text rules

// ---------------------------------------------------------------------------------------------
// Matches and links.

void validate_match(const Match& m, const MatchFields& names) {
  if (m.rolls < 1 || m.rolls > kMaxMatchRolls) {
    throw InputError(names.rolls,
                     "a match has 1 to " + std::to_string(kMaxMatchRolls) + " rolls, got " + std::to_string(m.rolls));
  }
  if (m.recorded && m.recorded->size() != m.rolls) {
    throw InputError(names.recorded, "lists " + std::to_string(m.recorded->size()) + " rolls but the match has " +
                                         std::to_string(m.rolls));
  }
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < m.games.size(); ++i) {
    if (m.games[i] < 1 || m.games[i] > kMaxMatchRolls) {
      throw InputError(names.games,
                       "game " + std::to_string(i + 1) + " has " + std::to_string(m.games[i]) +
                           " rolls; every game has 1 to " + std::to_string(kMaxMatchRolls),
                       i);
    }
    sum += m.games[i];
  }
  if (!m.games.empty() && sum != m.rolls) {
    throw InputError(names.games, "the games add up to " + std::to_string(sum) + " rolls but the match has " +
                                      std::to_string(m.rolls));
  }
}

Match match_from_json(const rapidjson::Value& obj, std::string_view path, bool listing) {
  Match m;
  m.server_seed = parse_server_seed(json::get_string(obj, "serverSeed", path), "serverSeed");
  std::string seal_hex = json::get_string(obj, "seal", path);
  if (!seal_hex.empty()) m.seal = parse_seal(seal_hex, "seal");
  m.client_seeds = json::get_string_array(obj, "clientSeeds", path);
  validate_client_seeds(m.client_seeds, "clientSeeds");
  const rapidjson::Value& rolls = json::member(obj, "rolls", path);
  if (!rolls.IsUint64()) throw InputError("rolls", "must be an integer 1.." + std::to_string(kMaxMatchRolls));
  m.rolls = rolls.GetUint64();
  std::string recorded = json::get_string(obj, "recorded", path);
  if (!recorded.empty()) {
    m.recorded = listing ? parse_recorded(recorded, "recorded") : parse_roll_digits(recorded, "recorded");
  }
  const rapidjson::Value& games = json::member(obj, "games", path);
  if (!games.IsArray()) throw InputError("games", "must be an array of integers");
  for (rapidjson::SizeType i = 0; i < games.Size(); ++i) {
    if (!games[i].IsUint64()) throw InputError("games", "entry " + std::to_string(i) + " must be an integer", i);
    m.games.push_back(games[i].GetUint64());
  }
  validate_match(m);
  return m;
}

namespace {
constexpr std::string_view verdict_label(Verdict v) {
  switch (v) {
    case Verdict::kVerified: return "verified";
    case Verdict::kUnchecked: return "unchecked";
    case Verdict::kSealMismatch: return "seal_mismatch";
    case Verdict::kRollMismatch: return "roll_mismatch";
  }
  return {};
}
}  // namespace

const char* verdict_name(Verdict v) { return EnumNames<Verdict, verdict_label>::c_name(v); }

MatchReport verify_match(const Backend& backend, const Match& m, const MatchFields& names, const RollFn& roll_of) {
  validate_match(m, names);
  if (m.server_seed.size() < kMinServerSeedBytes || m.server_seed.size() > kMaxServerSeedBytes) {
    throw InputError("serverSeed", "a server seed is 16 to 64 bytes");
  }
  validate_client_seeds(m.client_seeds, "clientSeeds");
  MatchReport r;
  const Digest computed = backend.sha256(m.server_seed);
  r.computed_seal = to_hex(computed);
  if (m.seal) r.seal_matches = *m.seal == computed;
  const std::vector<std::uint64_t> games = m.games.empty() ? std::vector<std::uint64_t>{m.rolls} : m.games;
  r.dice.reserve(m.rolls);
  std::uint64_t roll_no = 1;
  for (std::size_t g = 0; g < games.size(); ++g) {
    GameSummary s;
    s.game = g + 1;
    s.first_roll = roll_no;
    s.rolls = games[g];
    for (std::uint64_t i = 1; i <= games[g]; ++i, ++roll_no) {
      Dice d = roll_of ? roll_of(roll_no) : roll(backend, m.server_seed, m.client_seeds, roll_no);
      r.dice.push_back(d);
      if (!s.opening_roll) {
        if (d.is_double()) {
          ++s.opening_ties;
        } else {
          s.opening_roll = roll_no;
        }
      }
      if (m.recorded && (*m.recorded)[roll_no - 1] != d) {
        r.mismatches.push_back({roll_no, g + 1, i, d, (*m.recorded)[roll_no - 1]});
      }
    }
    r.games.push_back(s);
  }
  if (r.seal_matches && !*r.seal_matches) {
    r.verdict = Verdict::kSealMismatch;
  } else if (!r.mismatches.empty()) {
    r.verdict = Verdict::kRollMismatch;
  } else if (m.seal || m.recorded) {
    r.verdict = Verdict::kVerified;
  } else {
    r.verdict = Verdict::kUnchecked;
  }
  return r;
}

json::Value report_json(const MatchReport& r) {
  json::Array mismatches, games;
  for (const auto& m : r.mismatches) {
    mismatches.emplace_back(json::Value::object({{"roll", static_cast<std::int64_t>(m.roll)},
                                                 {"game", static_cast<std::int64_t>(m.game)},
                                                 {"rollInGame", static_cast<std::int64_t>(m.roll_in_game)},
                                                 {"expected", m.expected.text()},
                                                 {"recorded", m.recorded.text()}}));
  }
  for (const auto& g : r.games) {
    games.emplace_back(json::Value::object(
        {{"game", static_cast<std::int64_t>(g.game)},
         {"firstRoll", static_cast<std::int64_t>(g.first_roll)},
         {"rolls", static_cast<std::int64_t>(g.rolls)},
         {"openingTies", static_cast<std::int64_t>(g.opening_ties)},
         {"openingRoll", g.opening_roll ? json::Value(static_cast<std::int64_t>(*g.opening_roll)) : json::Value()}}));
  }
  return json::Value::object({{"verdict", verdict_name(r.verdict)},
                              {"computedSeal", r.computed_seal},
                              {"sealStatus", !r.seal_matches   ? "absent"
                                             : *r.seal_matches ? "match"
                                                               : "mismatch"},
                              {"dice", rolls_text(r.dice)},
                              {"mismatches", json::Value(std::move(mismatches))},
                              {"gameSummary", json::Value(std::move(games))}});
}

}  // namespace fairvec::hmac_dice
