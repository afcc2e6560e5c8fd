#include "check/records.h"

#include "core/enum_names.h"

namespace fairvec::check {

namespace {
constexpr std::string_view status_label(Status v) {
  switch (v) {
    case Status::kPassed: return "passed";
    case Status::kFailed: return "failed";
    case Status::kSkipped: return "skipped";
    case Status::kExpectedFailure: return "expected-failure";
    case Status::kUnexpectedPass: return "unexpected-pass";
  }
  return {};
}
}  // namespace

const char* status_name(Status s) { return EnumNames<Status, status_label>::c_name(s); }

json::Value scope_json(const Scope& s) {
  json::Object ops;
  for (const auto& [op, params] : s) {
    json::Object o;
    for (const auto& [param, values] : params) o.emplace_back(param, json::Value(json::Array(values)));
    ops.emplace_back(op, json::Value(std::move(o)));
  }
  return json::Value(std::move(ops));
}

}  // namespace fairvec::check
