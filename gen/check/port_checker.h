// The port checker: drives an external implementation over port protocol v1 with every vector's
// port calls (read from the transcripts) and records, per vector, what was sent, expected and
// answered. A port that crashes, hangs or breaks the protocol is restarted (within a budget) and
// the run continues. Reports (check/reports.h) render the result as text, JSON, JUnit or HTML.
#pragma once

#include <string>

#include <rapidjson/document.h>

#include "check/records.h"

namespace fairvec::check {

// check_port runs the selected vectors against the port started from |options.command|. Throws
// InputError (exit 2) for a pattern or --expect entry that matches nothing, IoError (exit 3) for
// unreadable vector or transcript files. A misbehaving port is recorded, never thrown.
[[nodiscard]] CheckPortReport check_port(const CheckPortOptions& options);

// exit_code maps a report to the exit code: 4 when the run stopped on the port, 1 when a vector
// failed, passed unexpectedly, a random request of an op without a known failure differed or
// nothing ran, else 0.
[[nodiscard]] int exit_code(const CheckPortReport& r, bool require_all);

// first_difference returns the JSON path (under |path|) of the first member of |expected| that
// |actual| lacks or holds another value for, or "" when |actual| contains all of |expected|.
[[nodiscard]] std::string first_difference(const rapidjson::Value& expected, const rapidjson::Value& actual,
                                           const std::string& path);

}  // namespace fairvec::check
