#include "cli/verify/report.h"

#include "core/enum_names.h"
#include "core/errors.h"

namespace fairvec::cli::verify {

namespace {

constexpr std::string_view status_label(Status v) {
  switch (v) {
    case Status::kPassed: return "passed";
    case Status::kFailed: return "failed";
    case Status::kNotChecked: return "not_checked";
  }
  return {};
}

const char* status_name(Status s) { return EnumNames<Status, status_label>::c_name(s); }

std::string join(const std::vector<std::string>& items, const Lang& lang) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? lang.t("list.and") : lang.t("list.comma");
    out += items[i];
  }
  return out;
}

}  // namespace

std::string verdict_of(const Report& r) {
  bool passed = false, unchecked = false;
  for (const auto& c : r.checks) {
    if (c.status == Status::kFailed) return "mismatch";
    passed |= c.status == Status::kPassed;
    unchecked |= c.status == Status::kNotChecked;
  }
  if (!passed) return "unchecked";
  return unchecked ? "partial" : "verified";
}

int exit_code_of(const Report& r) { return verdict_of(r) == "mismatch" ? kExitFailed : kExitOk; }

void print_text(std::ostream& out, const Report& r, const Lang& lang) {
  for (const auto& l : r.lines) out << l << "\n";
  std::vector<std::string> passed, not_checked;
  for (const auto& c : r.checks) {
    const std::string head = c.status == Status::kPassed   ? std::string(mark(true)) + " "
                             : c.status == Status::kFailed ? std::string(mark(false)) + " "
                                                           : "- ";
    out << head << c.label;
    if (!c.reason.empty()) out << ": " << c.reason;
    out << "\n";
    if (c.status == Status::kPassed) passed.push_back(c.label);
    if (c.status == Status::kNotChecked) {
      not_checked.push_back(c.reason.empty() ? c.label : c.label + " (" + c.reason + ")");
    }
  }
  const std::string v = verdict_of(r);
  const std::string checked = passed.empty() ? lang.t("verdict.nothing") : join(passed, lang);
  if (v == "mismatch") {
    const Mismatch& m = *r.first_mismatch;
    out << lang.t("verdict.mismatch", {m.where, m.expected, m.recorded}) << "\n";
  } else if (v == "verified") {
    out << lang.t("verdict.verified", {checked}) << "\n";
  } else if (v == "partial") {
    out << lang.t("verdict.partial", {checked, join(not_checked, lang)}) << "\n";
  } else {
    out << lang.t("verdict.unchecked", {join(not_checked, lang)}) << "\n";
  }
}

json::Value report_json(const Report& r) {
  json::Array checks;
  for (const auto& c : r.checks) {
    checks.push_back(json::Value::object(
        {{"name", c.name}, {"status", status_name(c.status)}, {"label", c.label}, {"reason", c.reason}}));
  }
  json::Value mismatch;
  if (r.first_mismatch) {
    mismatch = json::Value::object({{"where", r.first_mismatch->where},
                                    {"location", r.first_mismatch->location},
                                    {"expected", r.first_mismatch->expected},
                                    {"recorded", r.first_mismatch->recorded}});
  }
  return json::Value::object({{"fairvecVerify", 1},
                              {"form", r.form},
                              {"verdict", verdict_of(r)},
                              {"exitCode", exit_code_of(r)},
                              {"checks", json::Value(std::move(checks))},
                              {"firstMismatch", mismatch},
                              {"error", json::Value()},
                              {"result", json::Value(r.result)}});
}

json::Value error_json(const std::string& form, const std::string& verdict, int exit_code, const std::string& field,
                       std::optional<std::size_t> position, const std::string& message) {
  return json::Value::object(
      {{"fairvecVerify", 1},
       {"form", form},
       {"verdict", verdict},
       {"exitCode", exit_code},
       {"checks", json::Value::array()},
       {"firstMismatch", json::Value()},
       {"error",
        json::Value::object({{"field", field},
                             {"position", position ? json::Value(static_cast<std::int64_t>(*position)) : json::Value()},
                             {"message", message}})},
       {"result", json::Value()}});
}

}  // namespace fairvec::cli::verify
