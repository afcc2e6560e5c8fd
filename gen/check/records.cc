#include "check/records.h"

#include "core/enum_names.h"

namespace fairvec::check {

const char* status_name(Status s) {
  static constexpr auto kNames = enum_names<Status>({{Status::kPassed, "passed"},
                                                     {Status::kFailed, "failed"},
                                                     {Status::kSkipped, "skipped"},
                                                     {Status::kExpectedFailure, "expected-failure"},
                                                     {Status::kUnexpectedPass, "unexpected-pass"}});
  return kNames.name(s).data();  // literals: NUL-terminated
}

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
