// The checks the round sub-forms share (cli/verify/forms.h): a seed's commitment and an outcome.
#include "cli/verify/forms.h"
#include "core/errors.h"

namespace fairvec::cli::verify {

Check commitment_check(const Lang& L, Report& rep, const std::optional<std::string>& given,
                       const std::string& computed) {
  Check c{"commitment", Status::kNotChecked, L.t("check.seed_commitment"), L.t("reason.no_commitment")};
  if (!given) return c;
  std::string lower = *given;
  for (char& ch : lower) ch = static_cast<char>(ch >= 'A' && ch <= 'F' ? ch - 'A' + 'a' : ch);
  c.status = lower == computed ? Status::kPassed : Status::kFailed;
  c.reason.clear();
  if (c.status == Status::kFailed) {
    rep.first_mismatch =
        Mismatch{L.t("where.commitment"), json::Value::object({{"check", "commitment"}}), computed, lower};
  }
  return c;
}

Check outcome_check(const Lang& L, Report& rep, bool asked, const rapidjson::Value& given, const json::Value& computed,
                    const std::string& game) {
  Check c{"outcome", Status::kNotChecked, L.t("check.outcome"), L.t("reason.no_outcome")};
  if (!asked) return c;
  const json::Value members = json::Value::from_rapidjson(given);
  if (members.as_object().empty()) {
    throw InputError("--outcome", "names no outcome member; give the members to compare, or leave --outcome out");
  }
  c.status = Status::kPassed;
  c.reason.clear();
  for (const auto& [k, v] : members.as_object()) {
    const json::Value* mine = computed.find(k);
    if (!mine) throw InputError("--outcome." + k, "is not an outcome field of " + game);
    rapidjson::Document md, gd;
    const rapidjson::Value mv = mine->to_rapidjson(md.GetAllocator()), gv = v.to_rapidjson(gd.GetAllocator());
    if (json::equal(mv, gv)) continue;
    c.status = Status::kFailed;
    if (!rep.first_mismatch) {
      rep.first_mismatch = Mismatch{L.t("where.outcome", {k}), json::Value::object({{"outcome", k}}),
                                    json::to_line(*mine), json::to_line(v)};
    }
    break;
  }
  return c;
}

}  // namespace fairvec::cli::verify
