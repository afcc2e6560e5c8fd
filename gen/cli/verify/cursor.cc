// `fairvec verify cursor` (one cursor-v1 round: every cursor read, its u, the outcome).
#include <rapidjson/document.h>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "schemes/cursor.h"
#include "schemes/cursor_games.h"

namespace fairvec::cli::verify {

namespace {

// json_option parses the JSON object given to --|name| (at most kMaxJsonOptionBytes).
void json_option(const std::string& text, const std::string& name, rapidjson::Document& doc) {
  if (text.size() > kMaxJsonOptionBytes) {
    throw InputError("--" + name, "longer than the limit of " + std::to_string(kMaxJsonOptionBytes) + " bytes");
  }
  json::parse(text, doc, "--" + name);
  if (!doc.IsObject()) throw InputError("--" + name, "must be a JSON object");
}

bool is_hex_digest(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  }
  return true;
}

// seed_option reads --|name|, a seed: cursor-v1 C2 allows any length, the empty text included
// (`--server-seed=`), so only a seed left out is refused (missing).
std::string seed_option(const Args& a, const std::string& name) {
  if (!a.has(name)) throw InputError("--" + name, "missing: give the seed (it may be empty: --" + name + "=)");
  return *single(a, name, true);
}

Report run_cursor(const Args& a, const Context& ctx) {
  no_positionals(a, 0);
  const Lang& L = ctx.lang;
  const std::string game = required(a, "game");
  const std::string server_seed = seed_option(a, "server-seed");
  const std::string client_seed = seed_option(a, "client-seed");
  const std::uint64_t nonce = parse_count(required(a, "nonce"), "--nonce", 0, fairvec::kMaxCounter);
  rapidjson::Document options;
  json_option(single(a, "options").value_or("{}"), "options", options);
  std::optional<std::string> commitment = single(a, "commitment");
  if (commitment && !is_hex_digest(*commitment)) {
    throw InputError("--commitment", "must be 64 hex digits: SHA-256 of the server seed, shown before the round");
  }
  rapidjson::Document outcome;
  const std::optional<std::string> outcome_text = single(a, "outcome");
  if (outcome_text) {
    json_option(*outcome_text, "outcome", outcome);
    // An outcome that names no member would compare nothing: never "verified" on nothing.
    if (outcome.ObjectEmpty()) {
      throw InputError("--outcome",
                       "names no outcome member; give the members to compare (e.g. {\"hundredths\": 133}), "
                       "or leave --outcome out");
    }
  }

  const cursor::GameResult g = cursor::play(ctx.backend, game, server_seed, client_seed, nonce, options);
  const json::Value computed(g.outcome);
  Report rep;
  rep.form = "cursor";
  rep.lines.push_back(L.t("cursor.header", {game, std::to_string(nonce), std::to_string(g.reads.size())}));
  json::Array reads;
  for (const auto& r : g.reads) {
    rep.lines.push_back(
        L.t("cursor.read", {std::to_string(r.cursor), std::to_string(r.u64), json::format_double(r.u)}));
    reads.push_back(json::Value::object(
        {{"cursor", static_cast<std::int64_t>(r.cursor)}, {"u64", std::to_string(r.u64)}, {"u", r.u}}));
  }
  for (const auto& [k, v] : g.outcome) rep.lines.push_back(L.t("cursor.outcome", {k, json::to_line(v)}));
  const std::string computed_commitment = cursor::commitment(ctx.backend, server_seed);
  rep.lines.push_back(L.t("cursor.commitment", {computed_commitment}));

  const Check c_commit = commitment_check(L, rep, commitment, computed_commitment);
  const Check c_out = outcome_check(L, rep, outcome_text.has_value(), outcome, computed, game);
  rep.checks = {c_commit, c_out};
  rep.result = json::Object{{"game", game},
                            {"nonce", std::to_string(nonce)},
                            {"reads", json::Value(std::move(reads))},
                            {"outcome", computed},
                            {"commitment", computed_commitment}};
  return rep;
}

}  // namespace

Form cursor_form() {
  return {
      "cursor",
      {{"game"}, {"server-seed"}, {"client-seed"}, {"nonce"}, {"options"}, {"commitment"}, {"outcome"}},
      run_cursor,
      {"--game G --server-seed S --client-seed C --nonce N [--options JSON]", "  [--commitment HEX] [--outcome JSON]"}};
}

}  // namespace fairvec::cli::verify
