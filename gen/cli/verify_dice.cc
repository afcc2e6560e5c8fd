// `fairvec verify-dice`: verify a whole hmac-dice-v1 match from a check-page link or from its
// fields; prints every roll and the verdict (or, with --json, the verify_match result).
// Exit codes: 0 verified (or nothing to compare), 1 the seal or a roll does not match, 2 bad input,
// 3 the recorded-rolls file cannot be read.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "schemes/hmac_dice.h"

namespace fairvec::cli {

namespace hd = fairvec::hmac_dice;

namespace {

struct Opts {
  std::string link, seed, seal, rolls, recorded, recorded_file, games, backend = "openssl";
  std::vector<std::string> clients;
  bool json = false;
  CLI::Option *o_link = nullptr, *o_seed = nullptr, *o_seal = nullptr, *o_client = nullptr, *o_rolls = nullptr,
              *o_recorded = nullptr, *o_recorded_file = nullptr, *o_games = nullptr;
};

// read_match builds the match from the options and says which names its fields carry in errors.
hd::Match read_match(const Opts& o, hd::MatchFields& names) {
  const bool any_field = o.o_seed->count() || o.o_seal->count() || o.o_client->count() || o.o_rolls->count() ||
                         o.o_recorded->count() || o.o_recorded_file->count() || o.o_games->count();
  if (o.o_link->count()) {
    if (any_field) {
      throw InputError("--link", "give either --link or the fields (--seed, --seal, --client, --rolls, --recorded, "
                                 "--games), not both");
    }
    hd::Link l = hd::parse_link(o.link);
    names = l.version == 0 ? hd::MatchFields{"link.n", "link.rolls", "link.g"} : hd::MatchFields{"link.r", "link.r", "link.g"};
    return l.match;
  }
  names = {"--rolls", "--recorded", "--games"};
  if (!o.o_seed->count()) throw InputError("--seed", "missing: give --link URL, or --seed HEX with --client");
  if (!o.o_client->count()) throw InputError("--client", "missing: give each client seed in seat order");
  hd::Match m;
  m.server_seed = hd::parse_server_seed(o.seed, "--seed");
  if (!o.seal.empty()) m.seal = hd::parse_seal(o.seal, "--seal");
  m.client_seeds = o.clients;
  hd::validate_client_seeds(m.client_seeds, "--client");
  if (o.o_recorded->count()) {
    m.recorded = hd::parse_recorded(o.recorded, "--recorded");
  } else if (o.o_recorded_file->count()) {
    names.recorded = "--recorded-file";
    m.recorded = hd::parse_recorded(read_file(o.recorded_file, hd::kMaxTextBytes), "--recorded-file");
  }
  if (o.o_rolls->count()) {
    m.rolls = parse_decimal(o.rolls, "--rolls", 1, hd::kMaxMatchRolls);
  } else if (m.recorded) {
    m.rolls = m.recorded->size();
  } else {
    throw InputError("--rolls", "missing: give the number of rolls, or the recorded rolls");
  }
  if (o.o_games->count()) m.games = hd::parse_games(o.games, "--games");
  return m;
}

std::string dice_text(const hd::Dice& d) { return std::to_string(d.d1) + " " + std::to_string(d.d2); }

void print_text(const hd::Match& m, const hd::MatchReport& r, const std::string& backend) {
  std::cout << "hmac-dice-v1 match: " << m.rolls << " roll" << (m.rolls == 1 ? "" : "s") << " in " << r.games.size()
            << " game" << (r.games.size() == 1 ? "" : "s") << ", " << m.client_seeds.size() << " client seed"
            << (m.client_seeds.size() == 1 ? "" : "s") << " (backend " << backend << ")\n";
  std::cout << "seal:     " << r.computed_seal << "\n";
  if (!r.seal_matches) {
    std::cout << "          no seal given: this is the seed's seal\n";
  } else if (*r.seal_matches) {
    std::cout << "          matches the seal given\n";
  } else {
    std::cout << "given:    " << to_hex(*m.seal) << "\n          DOES NOT MATCH: this seed is not the sealed one\n";
  }
  for (const auto& g : r.games) {
    std::cout << "game " << g.game << ": rolls " << g.first_roll << "-" << g.first_roll + g.rolls - 1;
    if (g.opening_roll) {
      std::cout << ", opening roll " << *g.opening_roll;
    } else {
      std::cout << ", no deciding opening roll";
    }
    if (g.opening_ties) std::cout << " after " << g.opening_ties << " tie" << (g.opening_ties == 1 ? "" : "s");
    std::cout << "\n";
  }
  std::cout << "    roll  game.roll  dice" << (m.recorded ? "  recorded" : "") << "\n";
  std::size_t mi = 0;
  for (const auto& g : r.games) {
    for (std::uint64_t i = 0; i < g.rolls; ++i) {
      const std::uint64_t n = g.first_roll + i;
      const hd::Dice& d = r.dice[n - 1];
      char head[64];
      std::snprintf(head, sizeof head, "%8llu  %9s  %s", static_cast<unsigned long long>(n),
                    (std::to_string(g.game) + "." + std::to_string(i + 1)).c_str(), dice_text(d).c_str());
      std::cout << head;
      if (m.recorded) {
        const bool bad = mi < r.mismatches.size() && r.mismatches[mi].roll == n;
        if (bad) ++mi;
        std::cout << "  " << dice_text((*m.recorded)[n - 1]) << (bad ? "     DIFFERS" : "     ok");
      }
      if (g.opening_roll ? n < *g.opening_roll : true) std::cout << "  (opening tie)";
      std::cout << "\n";
    }
  }
  for (const auto& x : r.mismatches) {
    std::cout << "MISMATCH: roll " << x.roll << " (game " << x.game << ", roll " << x.roll_in_game
              << " of that game): computed " << dice_text(x.expected) << ", recorded " << dice_text(x.recorded)
              << "\n";
  }
  switch (r.verdict) {
    case hd::Verdict::kVerified:
      std::cout << "verdict: verified:" << (r.seal_matches ? " the seal matches" : "")
                << (r.seal_matches && m.recorded ? " and" : "")
                << (m.recorded ? " all " + std::to_string(m.rolls) + " recorded rolls match" : "") << "\n";
      break;
    case hd::Verdict::kUnchecked:
      std::cout << "verdict: unchecked: no seal and no recorded rolls were given, the rolls are shown only\n";
      break;
    case hd::Verdict::kSealMismatch:
      std::cout << "verdict: SEAL MISMATCH: SHA-256 of the server seed is not the seal given"
                << (r.mismatches.empty() ? "" : "; " + std::to_string(r.mismatches.size()) + " roll(s) differ too")
                << "\n";
      break;
    case hd::Verdict::kRollMismatch:
      std::cout << "verdict: ROLL MISMATCH: " << r.mismatches.size() << " roll(s) differ, the first is roll "
                << r.mismatches[0].roll << " (game " << r.mismatches[0].game << ", roll " << r.mismatches[0].roll_in_game
                << ")\n";
      break;
  }
}

int run(const Opts& o) {
  const Backend* backend = backend_by_name(o.backend);
  try {
    if (!backend) throw InputError("--backend", "unknown backend '" + o.backend + "' (cryptopp, openssl)");
    hd::MatchFields names;
    hd::Match m = read_match(o, names);
    hd::MatchReport r = hd::verify_match(*backend, m, names);
    if (o.json) {
      std::cout << json::to_pretty(hd::report_json(r));
    } else {
      print_text(m, r, std::string(backend->name()));
    }
    return r.verdict == hd::Verdict::kSealMismatch || r.verdict == hd::Verdict::kRollMismatch ? kExitFailed : kExitOk;
  } catch (const InputError& e) {
    if (!o.json) throw;
    std::cout << json::to_pretty(json::Value::object(
        {{"verdict", "bad_input"},
         {"field", e.field()},
         {"position", e.position() ? json::Value(static_cast<std::int64_t>(*e.position())) : json::Value()},
         {"message", e.what()}}));
    std::cerr << "fairvec: bad input: " << e.what() << "\n";
    return kExitBadInput;
  }
}

}  // namespace

void add_verify_dice_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "verify-dice",
      "Verify a whole hmac-dice-v1 match (seal and every roll) from a check-page link or from its fields.\n"
      "Exit 0 verified, 1 the seal or a roll differs (named with its game), 2 bad input, 3 unreadable file.");
  auto o = std::make_shared<Opts>();
  o->o_link = cmd->add_option("--link", o->link, "A v0 (?seed=…) or v1 (#v=1&…) check-page link");
  o->o_seed = cmd->add_option("--seed", o->seed, "Server seed, hex (16 to 64 bytes)");
  o->o_seal = cmd->add_option("--seal", o->seal, "The seal shown before the first roll (64 hex digits); optional");
  o->o_client = cmd->add_option("--client", o->clients, "A client seed; repeat for the second seat (seat order)");
  o->o_rolls = cmd->add_option("--rolls", o->rolls, "Number of rolls in the match (default: the recorded count)");
  o->o_recorded = cmd->add_option("--recorded", o->recorded, "Recorded rolls as listed on the dice page, numbered or not");
  o->o_recorded_file = cmd->add_option("--recorded-file", o->recorded_file, "Read the recorded rolls from this file");
  o->o_games = cmd->add_option("--games", o->games, "Rolls per game, comma-separated (e.g. 52,48)");
  o->o_recorded->excludes(o->o_recorded_file);
  cmd->add_flag("--json", o->json, "Print the verify_match result as JSON");
  cmd->add_option("--backend", o->backend, "Crypto backend: cryptopp or openssl")->capture_default_str();
  cmd->callback([&action, o] { action = [o] { return run(*o); }; });
}

}  // namespace fairvec::cli
