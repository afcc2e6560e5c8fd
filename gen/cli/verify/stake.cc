// `fairvec verify stake` (one stake-v1 round: every MAC read, every float with its bytes, the
// outcome as Stake shows it; specs/stake-v1.md, "fairvec verify stake").
#include <rapidjson/document.h>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "schemes/stake.h"

namespace fairvec::cli::verify {

namespace {

// object_option parses the JSON object given to --|name| (at most kMaxJsonOptionBytes).
void object_option(const std::string& text, const std::string& name, rapidjson::Document& doc) {
  if (text.size() > kMaxJsonOptionBytes) {
    throw InputError("--" + name, "longer than the limit of " + std::to_string(kMaxJsonOptionBytes) + " bytes");
  }
  json::parse(text, doc, "--" + name);
  if (!doc.IsObject()) throw InputError("--" + name, "must be a JSON object");
}

Report run_stake(const Args& a, const Context& ctx) {
  no_positionals(a, 0);
  const Lang& L = ctx.lang;
  const std::string game = required(a, "game");
  const std::string server_seed = required(a, "server-seed");
  if (!a.has("client-seed"))
    throw InputError("--client-seed", "missing: give the client seed (it may be empty: --client-seed=)");
  const std::string client_seed = *single(a, "client-seed", true);
  const std::uint64_t nonce = parse_count(required(a, "nonce"), "--nonce", 0, fairvec::kMaxCounter);
  rapidjson::Document options;
  object_option(single(a, "options").value_or("{}"), "options", options);
  std::optional<std::string> commitment = single(a, "commitment");
  if (commitment) {
    try {
      (void)digest_from_hex(*commitment, "--commitment");
    } catch (const InputError&) {
      throw InputError("--commitment", "must be 64 hex digits: SHA-256 of the server seed, shown before the round");
    }
  }
  rapidjson::Document outcome;
  const std::optional<std::string> outcome_text = single(a, "outcome");
  if (outcome_text) {
    object_option(*outcome_text, "outcome", outcome);
    if (outcome.ObjectEmpty()) {
      throw InputError("--outcome",
                       "names no outcome member; give the members to compare (e.g. {\"roll\": 93.08}), "
                       "or leave --outcome out");
    }
  }

  const stake::Round r = stake::play(ctx.backend, game, server_seed, client_seed, nonce, options);
  const json::Value computed(r.outcome);
  Report rep;
  rep.form = "stake";
  rep.lines.push_back(L.t("stake.header", {game, std::to_string(nonce), std::to_string(r.read.floats.size())}));
  for (std::size_t i = 0; i < r.read.macs.size(); ++i) {
    rep.lines.push_back(L.t("stake.mac", {r.read.messages[i], to_hex(r.read.macs[i])}));
  }
  json::Array floats;
  for (std::size_t i = 0; i < r.read.floats.size(); ++i) {
    const auto& b = r.read.bytes[i];
    rep.lines.push_back(L.t(
        "stake.float",
        {std::to_string(i), std::to_string(r.read.rounds[i]), std::to_string(r.read.offsets[i]),
         std::to_string(b[0]) + " " + std::to_string(b[1]) + " " + std::to_string(b[2]) + " " + std::to_string(b[3]),
         json::format_double(r.read.floats[i])}));
    floats.emplace_back(r.read.floats[i]);
  }
  for (const auto& [k, v] : r.outcome) rep.lines.push_back(L.t("stake.outcome", {k, json::to_line(v)}));
  const std::string computed_commitment = to_hex(ctx.backend.sha256(as_bytes(server_seed)));
  rep.lines.push_back(L.t("stake.commitment", {computed_commitment}));

  const Check c_commit = commitment_check(L, rep, commitment, computed_commitment);
  const Check c_out = outcome_check(L, rep, outcome_text.has_value(), outcome, computed, game);
  rep.checks = {c_commit, c_out};
  // The trace, as the text lines give it (specs/stake-v1.md §8): each MAC with its message, and for
  // each float the round and byte offset of its first byte and its four bytes.
  json::Array macs, rounds, offsets, bytes;
  for (const auto& m : r.read.macs) macs.emplace_back(to_hex(m));
  for (std::size_t i = 0; i < r.read.floats.size(); ++i) {
    rounds.emplace_back(static_cast<std::int64_t>(r.read.rounds[i]));
    offsets.emplace_back(static_cast<std::int64_t>(r.read.offsets[i]));
    const auto& b = r.read.bytes[i];
    bytes.emplace_back(json::Value::array_of(std::vector<int>{b[0], b[1], b[2], b[3]}));
  }
  rep.result = json::Object{{"game", game},
                            {"nonce", std::to_string(nonce)},
                            {"messages", json::Value::array_of(r.read.messages)},
                            {"macs", json::Value(std::move(macs))},
                            {"rounds", json::Value(std::move(rounds))},
                            {"offsets", json::Value(std::move(offsets))},
                            {"bytes", json::Value(std::move(bytes))},
                            {"floats", json::Value(std::move(floats))},
                            {"outcome", computed},
                            {"commitment", computed_commitment}};
  return rep;
}

}  // namespace

Form stake_form() {
  return {
      "stake",
      {{"game"}, {"server-seed"}, {"client-seed"}, {"nonce"}, {"options"}, {"commitment"}, {"outcome"}},
      run_stake,
      {"--game G --server-seed S --client-seed C --nonce N [--options JSON]", "  [--commitment HEX] [--outcome JSON]"}};
}

}  // namespace fairvec::cli::verify
