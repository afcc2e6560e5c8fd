// `fairvec verify dice`: a whole hmac-dice-v1 match from a check-page link or from its fields.
#include <cstdio>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "schemes/hmac_dice.h"

namespace fairvec::cli::verify {

namespace hd = fairvec::hmac_dice;

namespace {

hd::Match read_match(const Args& a, hd::MatchFields& names) {
  const bool any_field = a.has("seed") || a.has("seal") || a.has("client") || a.has("rolls") || a.has("recorded") ||
                         a.has("recorded-file") || a.has("games");
  std::optional<std::string> link = single(a, "link");
  if (!a.positionals.empty()) {
    if (link) throw InputError("LINK", "give the link once: as LINK or as --link, not both");
    link = a.positionals[0];
  }
  if (link) {
    if (any_field) {
      throw InputError("LINK",
                       "give either a link or the fields (--seed, --seal, --client, --rolls, --recorded, "
                       "--recorded-file, --games), not both");
    }
    hd::Link l = hd::parse_link(*link);
    names = l.version == 0 ? hd::MatchFields{"link.n", "link.rolls", "link.g"}
                           : hd::MatchFields{"link.r", "link.r", "link.g"};
    return l.match;
  }
  names = {"--rolls", "--recorded", "--games"};
  if (!a.has("seed")) throw InputError("--seed", "missing: give a check-page LINK, or --seed HEX with --client");
  if (!a.has("client")) throw InputError("--client", "missing: give each client seed in seat order");
  if (a.has("recorded") && a.has("recorded-file")) {
    throw InputError("--recorded-file", "give the recorded rolls once: --recorded or --recorded-file");
  }
  hd::Match m;
  m.server_seed = hd::parse_server_seed(required(a, "seed"), "--seed");
  if (auto seal = single(a, "seal")) m.seal = hd::parse_seal(*seal, "--seal");
  m.client_seeds = a.values("client");
  hd::validate_client_seeds(m.client_seeds, "--client");
  if (auto rec = single(a, "recorded")) {
    m.recorded = hd::parse_recorded(*rec, "--recorded");
  } else if (auto file = single(a, "recorded-file")) {
    names.recorded = "--recorded-file";
    m.recorded = hd::parse_recorded(read_bounded(*file, "--recorded-file", hd::kMaxTextBytes), "--recorded-file");
  }
  if (auto rolls = single(a, "rolls")) {
    m.rolls = parse_count(*rolls, "--rolls", 1, hd::kMaxMatchRolls);
  } else if (m.recorded) {
    m.rolls = m.recorded->size();
    if (m.rolls == 0) throw InputError(names.recorded, "lists no rolls: a match has at least one");
  } else {
    throw InputError("--rolls", "missing: give the number of rolls, or the recorded rolls");
  }
  if (auto games = single(a, "games")) m.games = hd::parse_games(*games, "--games");
  return m;
}

std::string dice_text(const hd::Dice& d) { return std::to_string(d.d1) + " " + std::to_string(d.d2); }

Report run_dice(const Args& a, const Context& ctx) {
  no_positionals(a, 1);
  const Lang& L = ctx.lang;
  hd::MatchFields names;
  const hd::Match m = read_match(a, names);
  const hd::MatchReport r = hd::verify_match(ctx.backend, m, names);

  Report rep;
  rep.form = "dice";
  if (!ctx.text) rep.result = hd::report_json(r).as_object();  // only --json prints it
  rep.lines.push_back(L.t(
      "dice.header", {std::to_string(m.rolls), std::to_string(r.games.size()), std::to_string(m.client_seeds.size())}));
  rep.lines.push_back(L.t("dice.seal_computed", {r.computed_seal}));
  if (m.seal) rep.lines.push_back(L.t("dice.seal_given", {to_hex(*m.seal)}));
  // A line per game and per roll only when the readable report is printed: with --json the
  // largest match then keeps under matchBytesPerRoll (specs/README.md, "Memory budget").
  const std::vector<hd::GameSummary> none;
  const std::vector<hd::GameSummary>& listed = ctx.text ? r.games : none;
  for (const auto& g : listed) {
    rep.lines.push_back(L.t("dice.game", {std::to_string(g.game), std::to_string(g.first_roll),
                                          std::to_string(g.first_roll + g.rolls - 1)}));
  }
  rep.lines.push_back(L.t(m.recorded ? "dice.columns_recorded" : "dice.columns"));
  std::size_t mi = 0;
  for (const auto& g : listed) {
    for (std::uint64_t i = 0; i < g.rolls; ++i) {
      const std::uint64_t n = g.first_roll + i;
      char head[64];
      std::snprintf(head, sizeof head, "%8llu  %9s  %s", static_cast<unsigned long long>(n),
                    (std::to_string(g.game) + "." + std::to_string(i + 1)).c_str(), dice_text(r.dice[n - 1]).c_str());
      std::string line = head;
      if (m.recorded) {
        const bool bad = mi < r.mismatches.size() && r.mismatches[mi].roll == n;
        if (bad) ++mi;
        line += "  " + dice_text((*m.recorded)[n - 1]) + "      " + mark(!bad);
      }
      rep.lines.push_back(std::move(line));
    }
  }

  Check seal{"seal", Status::kNotChecked, L.t("check.seal"), L.t("reason.no_seal")};
  if (r.seal_matches) seal.status = *r.seal_matches ? Status::kPassed : Status::kFailed;
  if (seal.status != Status::kNotChecked) seal.reason.clear();
  Check rolls{"rolls", Status::kNotChecked, L.t("check.rolls", {std::to_string(m.rolls)}), L.t("reason.no_recorded")};
  if (m.recorded) {
    rolls.status = r.mismatches.empty() ? Status::kPassed : Status::kFailed;
    rolls.reason = r.mismatches.empty() ? "" : L.t("reason.rolls_differ", {std::to_string(r.mismatches.size())});
  }
  rep.checks = {seal, rolls};
  if (seal.status == Status::kFailed) {
    rep.first_mismatch =
        Mismatch{L.t("where.seal"), json::Value::object({{"check", "seal"}}), r.computed_seal, to_hex(*m.seal)};
  } else if (!r.mismatches.empty()) {
    const auto& x = r.mismatches[0];
    rep.first_mismatch =
        Mismatch{L.t("where.roll", {std::to_string(x.roll), std::to_string(x.game), std::to_string(x.roll_in_game)}),
                 json::Value::object({{"roll", x.roll}, {"game", x.game}, {"rollInGame", x.roll_in_game}}),
                 dice_text(x.expected), dice_text(x.recorded)};
  }
  return rep;
}

}  // namespace

Form hmac_dice_form() {
  return {"dice",
          {{"link"}, {"seed"}, {"seal"}, {"client", true, true}, {"rolls"}, {"recorded"}, {"recorded-file"}, {"games"}},
          run_dice,
          {"LINK", "--seed HEX --client SEED [--client SEED] (--rolls N | --recorded ROLLS |",
           "  --recorded-file FILE|-) [--games N,N,…] [--seal HEX]"}};
}

}  // namespace fairvec::cli::verify
