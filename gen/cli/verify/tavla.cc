// `fairvec verify tavla PROOF.json [--expected-commitment DIGEST|SEALCODE]`: a tavla-commit-v1 proof.
#include <algorithm>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "schemes/tavla.h"
#include "schemes/tavla_proof.h"

namespace fairvec::cli::verify {

namespace {

// expected_of reads --expected-commitment by the scheme's one rule (parse_expected_commitment).
tavla::Expected expected_of(const std::string& text) {
  return tavla::parse_expected_commitment(text, "--expected-commitment");
}

std::string check_of(const std::string& failed) {
  if (failed == "settingsHash" || failed == "commitment" || failed == "sealCode") return "commitment";
  if (failed == "expectedCommitment") return "expectedCommitment";
  return "rolls";
}

Report run_tavla(const Args& a, const Context& ctx) {
  const Lang& L = ctx.lang;
  if (a.positionals.empty()) throw InputError("PROOF", "missing: give the proof file (tavlarena-dice-<game>.json)");
  no_positionals(a, 1);
  std::optional<tavla::Expected> expected;
  if (a.has("expected-commitment")) expected = expected_of(a.values("expected-commitment").back());
  const std::string& path = a.positionals[0];
  const std::string text = read_bounded(path, "PROOF", kMaxProofBytes);
  const tavla::Proof proof = tavla::parse_proof(text);
  const tavla::Verdict v = tavla::verify_proof(ctx.backend, proof, expected.value_or(tavla::Expected{}));

  Report rep;
  rep.form = "tavla";
  rep.lines.push_back(L.t("tavla.header", {path, std::to_string(proof.rolls.size())}));
  rep.lines.push_back(L.t("tavla.commitment", {to_hex(v.commitment)}));
  rep.lines.push_back(L.t("tavla.seal_code", {v.seal_code}));
  const std::string failed = v.verified ? "" : check_of(v.failed_check);
  for (std::size_t i = 0; i < proof.rolls.size(); ++i) {
    const auto& roll = proof.rolls[i];
    const bool bad = failed == "rolls" && i == v.rolls_checked;
    const bool reached = i < v.rolls_checked || bad;
    rep.lines.push_back("  " + std::string(reached ? mark(!bad) : "-") + " " + std::to_string(roll.n) + "  " +
                        tavla::dice_text(roll.dice) + "  " + tavla::kind_name(roll.kind));
  }
  auto status = [&](const std::string& name, bool applies) {
    if (!applies) return Status::kNotChecked;
    if (failed == name) return Status::kFailed;
    // Checks run commitment, expectedCommitment, rolls and stop at the first failure.
    const std::vector<std::string> order = {"commitment", "expectedCommitment", "rolls"};
    if (!failed.empty() &&
        std::find(order.begin(), order.end(), name) > std::find(order.begin(), order.end(), failed)) {
      return Status::kNotChecked;
    }
    return Status::kPassed;
  };
  Check commit{"commitment", status("commitment", true), L.t("check.commitment"), ""};
  Check exp{"expectedCommitment", status("expectedCommitment", expected.has_value()), L.t("check.expected"),
            expected ? "" : L.t("reason.no_expected")};
  Check rolls{"rolls", status("rolls", !proof.rolls.empty()),
              L.t("check.proof_rolls", {std::to_string(proof.rolls.size())}),
              proof.rolls.empty() ? L.t("reason.no_rolls") : ""};
  for (Check* c : {&commit, &exp, &rolls}) {
    if (c->status == Status::kNotChecked && c->reason.empty()) c->reason = L.t("reason.not_reached");
  }
  rep.checks = {commit, exp, rolls};
  if (rolls.status == Status::kPassed)
    rep.lines.push_back(L.t("tavla.all_rolls", {std::to_string(proof.rolls.size())}));
  if (!v.verified) {
    rep.first_mismatch = Mismatch{L.t("where.check", {v.failed_check}),
                                  json::Value::object({{"check", v.failed_check}}), v.expected, v.found};
  }
  rep.result = json::Object{{"commitment", to_hex(v.commitment)},
                            {"sealCode", v.seal_code},
                            {"rolls", static_cast<std::int64_t>(proof.rolls.size())},
                            {"rollsChecked", static_cast<std::int64_t>(v.rolls_checked)},
                            {"failedCheck", v.verified ? json::Value() : json::Value(v.failed_check)}};
  return rep;
}

}  // namespace

Form tavla_form() {
  return {"tavla", {{"expected-commitment"}}, run_tavla, {"PROOF.json [--expected-commitment DIGEST|SEALCODE]"}};
}

}  // namespace fairvec::cli::verify
