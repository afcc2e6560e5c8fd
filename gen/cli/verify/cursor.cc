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

Report run_cursor(const Args& a, const Context& ctx) {
  no_positionals(a, 0);
  const Lang& L = ctx.lang;
  const std::string game = required(a, "game");
  const std::string server_seed = required(a, "server-seed");
  const std::string client_seed = required(a, "client-seed");
  const std::uint64_t nonce = parse_count(required(a, "nonce"), "--nonce", 0, cursor::kMaxCounter);
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
      throw InputError("--outcome", "names no outcome member; give the members to compare (e.g. {\"hundredths\": 133}), "
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
    rep.lines.push_back(L.t("cursor.read", {std::to_string(r.cursor), std::to_string(r.u64), json::format_double(r.u)}));
    reads.push_back(json::Value::object({{"cursor", static_cast<std::int64_t>(r.cursor)},
                                         {"u64", std::to_string(r.u64)},
                                         {"u", r.u}}));
  }
  for (const auto& [k, v] : g.outcome) rep.lines.push_back(L.t("cursor.outcome", {k, json::to_line(v)}));
  const std::string computed_commitment = cursor::commitment(ctx.backend, server_seed);
  rep.lines.push_back(L.t("cursor.commitment", {computed_commitment}));

  Check c_commit{"commitment", Status::kNotChecked, L.t("check.seed_commitment"), L.t("reason.no_commitment")};
  if (commitment) {
    std::string lower = *commitment;
    for (char& ch : lower) ch = static_cast<char>(ch >= 'A' && ch <= 'F' ? ch - 'A' + 'a' : ch);
    c_commit.status = lower == computed_commitment ? Status::kPassed : Status::kFailed;
    c_commit.reason.clear();
    if (c_commit.status == Status::kFailed) {
      rep.first_mismatch = Mismatch{L.t("where.commitment"), json::Value::object({{"check", "commitment"}}),
                                    computed_commitment, lower};
    }
  }
  Check c_out{"outcome", Status::kNotChecked, L.t("check.outcome"), L.t("reason.no_outcome")};
  if (outcome_text) {
    c_out.status = Status::kPassed;
    c_out.reason.clear();
    const json::Value given = json::Value::from_rapidjson(outcome);
    for (const auto& [k, v] : given.as_object()) {
      const json::Value* mine = computed.find(k);
      if (!mine) throw InputError("--outcome." + k, "is not an outcome field of " + game);
      // By value, as the port checker compares answers: 133, 133.0 and 1.33e2 are one number.
      rapidjson::Document md, gd;
      const rapidjson::Value mv = mine->to_rapidjson(md.GetAllocator()), gv = v.to_rapidjson(gd.GetAllocator());
      if (json::equal(mv, gv)) continue;
      c_out.status = Status::kFailed;
      if (!rep.first_mismatch) {
        rep.first_mismatch = Mismatch{L.t("where.outcome", {k}), json::Value::object({{"outcome", k}}),
                                      json::to_line(*mine), json::to_line(v)};
      }
      break;
    }
  }
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
  return {"cursor", {{"game"}, {"server-seed"}, {"client-seed"}, {"nonce"}, {"options"}, {"commitment"}, {"outcome"}},
          run_cursor};
}

}  // namespace fairvec::cli::verify
