// The report every `fairvec verify` sub-form produces, and its two renderings: a readable report
// whose last line is the verdict (what was checked and what was not), and one JSON object
// (vectors/schema/verify_report_schema.json). Exit codes: 0 verified, partial or unchecked;
// 1 mismatch; 2 bad input; 3 unreadable file; 5 internal error.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/verify/args.h"
#include "cli/verify/lang.h"
#include "core/crypto.h"
#include "core/json.h"

namespace fairvec::cli::verify {

enum class Status { kPassed, kFailed, kNotChecked };

// Check is one comparison the sub-form could make: |name| is its stable JSON name ("seal",
// "rolls", "commitment", …), |label| its localized description ("the seal", "52 rolls"), |reason|
// why it was not checked or how it failed (localized; may be empty).
struct Check {
  std::string name;
  Status status = Status::kNotChecked;
  std::string label;
  std::string reason;
};

// Mismatch is the first difference found: where (localized and as a JSON object), what the
// recomputation gives and what the input says.
struct Mismatch {
  std::string where;
  json::Value location;  // e.g. {"game": 1, "roll": 17}
  std::string expected;
  std::string recorded;
};

struct Report {
  std::string form;                // dice, tavla, cursor, keno, crash
  std::vector<std::string> lines;  // the body of the readable report, localized
  std::vector<Check> checks;
  std::optional<Mismatch> first_mismatch;
  json::Object result;  // the sub-form's computed values
};

// Context is what every sub-form gets besides its arguments.
struct Context {
  const Lang& lang;
  const Backend& backend;
  bool text = true;  // false with --json: the readable lines are never printed, so need not be built
};

// verdict_of returns "mismatch" when a check failed, "unchecked" when none passed, "partial" when
// some were not checked, else "verified". It cannot fail.
[[nodiscard]] std::string verdict_of(const Report& r);

// exit_code_of returns 1 for a mismatch, else 0. It cannot fail.
[[nodiscard]] int exit_code_of(const Report& r);

// print_text writes |r| as a readable report ending in its verdict line. It cannot fail.
void print_text(std::ostream& out, const Report& r, const Lang& lang);

// report_json returns the JSON object of |r|. It cannot fail.
[[nodiscard]] json::Value report_json(const Report& r);

// error_json returns the JSON object for a run that produced no report: |verdict| "bad_input"
// (exit 2), "unreadable" (exit 3) or "internal_error" (exit 5), with the field, position and
// message of the error. It cannot fail.
[[nodiscard]] json::Value error_json(const std::string& form, const std::string& verdict, int exit_code,
                                     const std::string& field, std::optional<std::size_t> position,
                                     const std::string& message);

// mark returns "✓" or "✗". It cannot fail.
[[nodiscard]] inline const char* mark(bool ok) { return ok ? "\u2713" : "\u2717"; }

}  // namespace fairvec::cli::verify
