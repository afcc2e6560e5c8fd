// Reports of a check-port run (check/port_checker.h): text for people at a terminal, JSON
// (vectors/schema/check_port_report_schema.json), JUnit XML for CI systems, and one
// self-contained HTML page. Each renders the whole report and cannot fail.
#pragma once

#include <cstddef>
#include <string>

#include "check/diagnosis.h"
#include "check/port_checker.h"

namespace fairvec::check {

// note_of returns |file|'s note for |flag|, or a note saying there is none. It cannot fail.
[[nodiscard]] const FlagNote& note_of(const CheckPortReport& r, const std::string& file, const std::string& flag);

// Counts are the totals of a report, per status; out_of_scope counts the skipped vectors outside
// the port's declared scope (a part of skipped).
struct Counts {
  std::size_t passed = 0, failed = 0, skipped = 0, expected_failures = 0, unexpected_passes = 0;
  std::size_t out_of_scope = 0;
  void add(Status s);
  void add(const VectorRecord& v) {
    add(v.status);
    out_of_scope += v.out_of_scope;
  }
  // of returns the count of |s|; all, the count of every status. They cannot fail.
  [[nodiscard]] std::size_t of(Status s) const;
  [[nodiscard]] std::size_t all() const { return passed + failed + skipped + expected_failures + unexpected_passes; }
};
[[nodiscard]] Counts totals(const CheckPortReport& r);

// scope_lines describe the port's declared scope, one line per op and param, and the vectors
// skipped outside it, one line per reason with their count and (|all|, else the first 10) ids.
// Empty when the port declared none. They cannot fail.
[[nodiscard]] std::vector<std::string> scope_lines(const CheckPortReport& r, bool all);

// expected_text and actual_text render a call's expected and actual answers on one line.
[[nodiscard]] std::string expected_text(const CallRecord& c);
[[nodiscard]] std::string actual_text(const CallRecord& c);
[[nodiscard]] std::string request_text(const CallRecord& c);

// failure_text is a failing vector as the text report shows it: flags with bugTypes and
// descriptions, every call with request, expected, actual and first difference, the test members.
[[nodiscard]] std::string failure_text(const CheckPortReport& r, const VectorRecord& v);

// text_report renders the report for a terminal; |verbose| lists every failure (else the first
// 50) and every flag. |exit| is the run's exit code.
[[nodiscard]] std::string text_report(const CheckPortReport& r, bool verbose, int exit);
[[nodiscard]] std::string json_report(const CheckPortReport& r, int exit);
[[nodiscard]] std::string junit_report(const CheckPortReport& r);
[[nodiscard]] std::string html_report(const CheckPortReport& r, int exit);

}  // namespace fairvec::check
