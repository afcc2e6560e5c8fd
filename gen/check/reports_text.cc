#include <map>
#include <sstream>
#include <tuple>

#include "check/reports.h"
#include "check/text_safety.h"

namespace fairvec::check {

namespace {

// slot is the member of |c| that counts |s| (Counts or const Counts).
template <typename C>
auto& slot(C& c, Status s) {
  switch (s) {
    case Status::kPassed: return c.passed;
    case Status::kFailed: return c.failed;
    case Status::kSkipped: return c.skipped;
    case Status::kExpectedFailure: return c.expected_failures;
    case Status::kUnexpectedPass: break;
  }
  return c.unexpected_passes;
}

}  // namespace

void Counts::add(Status s) { ++slot(*this, s); }

std::size_t Counts::of(Status s) const { return slot(*this, s); }

const FlagNote& note_of(const CheckPortReport& r, const std::string& file, const std::string& flag) {
  static const FlagNote none{"?", "(the vector file defines no note for this flag)"};
  auto f = r.notes.find(file);
  if (f == r.notes.end()) return none;
  auto n = f->second.find(flag);
  return n == f->second.end() ? none : n->second;
}

Counts totals(const CheckPortReport& r) {
  Counts c;
  for (const auto& v : r.vectors) c.add(v);
  return c;
}

std::vector<std::string> scope_lines(const CheckPortReport& r, bool all) {
  std::vector<std::string> out;
  for (const auto& [op, params] : r.scope) {
    for (const auto& [param, values] : params) {
      std::string l = "scope: " + op + " " + param + " in";
      for (const auto& x : values) l += " " + json::to_line(x);
      out.push_back(l);
    }
  }
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& v : r.vectors) {
    if (v.out_of_scope) by_reason[v.reason].push_back(v.id);
  }
  for (const auto& [reason, ids] : by_reason) {
    std::string l =
        std::to_string(ids.size()) + (ids.size() == 1 ? " vector" : " vectors") + " skipped, " + reason + ":";
    for (std::size_t i = 0; i < ids.size() && (all || i < 10); ++i) l += " " + ids[i];
    if (!all && ids.size() > 10) l += " and " + std::to_string(ids.size() - 10) + " more";
    out.push_back(l);
  }
  return out;
}

std::string request_text(const CallRecord& c) {
  return json::to_line(json::Value::object({{"op", c.op}, {"params", c.params}}));
}

std::string expected_text(const CallRecord& c) {
  return c.expected ? "ok " + json::to_line(*c.expected) + " (these members)" : "error bad_input";
}

std::string actual_text(const CallRecord& c) {
  if (!c.answered) return c.diff.empty() ? "(not sent)" : "(no answer)";
  if (c.ok) return "ok " + json::to_line(c.result) + (c.expected ? " (the members compared)" : "");
  return "error " + c.error + (c.message.empty() ? "" : " (" + c.message + ")");
}

// join lists names with ", ".
std::string join(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// Every line below is built from escape_controls'd parts: a port's text (or a vector's) cannot
// start a line of its own or reach the terminal as a control sequence.
std::string failure_text(const CheckPortReport& r, const VectorRecord& v) {
  auto e = [](const std::string& s) { return escape_controls(s); };
  std::ostringstream o;
  o << "  comment:  " << e(v.comment) << "\n  expects:  " << e(v.expected_result) << "\n  flags:\n";
  for (const auto& f : v.flags) {
    const FlagNote& n = note_of(r, v.file, f);
    o << "    " << e(f) << " [" << e(n.bug_type) << "]: " << e(n.description) << "\n";
  }
  if (!v.explained_by.empty()) o << "  answers like: " << e(join(v.explained_by)) << " (every failing call)\n";
  for (std::size_t i = 0; i < v.calls.size(); ++i) {
    const auto& c = v.calls[i];
    if (c.diff.empty() && c.answered) continue;
    if (v.calls.size() > 1) o << "  call " << i + 1 << " of " << v.calls.size() << ":\n";
    o << "  request:  " << e(request_text(c)) << "\n  expected: " << e(expected_text(c))
      << "\n  actual:   " << e(actual_text(c)) << "\n";
    if (!c.like.empty() && v.explained_by.empty()) o << "  like:     " << e(join(c.like)) << "\n";
    if (!c.reply.empty()) o << "  reply:    " << e(c.reply) << " (" << c.reply_bytes << " bytes)\n";
    if (!c.first_diff.empty()) o << "  first difference: " << e(c.first_diff) << "\n";
    // Every differing member and how (check/differences.h), when there is more to say than the first.
    for (const auto& d : c.differences) {
      o << "  differs:  " << e(d.path) << ": " << e(d.how) << " (expected " << e(d.expected.empty() ? "it" : d.expected)
        << ", got " << e(d.actual.empty() ? "none" : d.actual) << ")\n";
    }
    if (!c.diff.empty()) o << "  " << e(c.diff) << "\n";
    if (!c.answered) break;
  }
  o << "  vector:   " << e(json::to_line(v.test)) << "\n";
  if (!v.reason.empty()) o << "  note:     " << e(v.reason) << "\n";
  return o.str();
}

std::string text_report(const CheckPortReport& r, bool verbose, int exit) {
  auto e = [](const std::string& s) { return escape_controls(s); };
  std::ostringstream o;
  o << "port: " << (r.port_name.empty() ? "(unnamed)" : e(r.port_name)) << ", " << r.port_ops.size() << " ops\n";
  for (const auto& l : identity_lines(r.run)) o << "run: " << e(l) << "\n";
  for (const auto& w : r.warnings) o << "warning: " << e(w) << "\n";
  for (const auto& l : scope_lines(r, verbose)) o << e(l) << "\n";
  for (const auto& l : diagnosis_lines(r.diagnosis)) o << "diagnosis: " << e(l) << "\n";
  // Per file, per family, per flag.
  std::map<std::string, Counts> files, families;
  std::map<std::tuple<std::string, std::string>, Counts> flags;
  for (const auto& v : r.vectors) {
    files[v.file].add(v);
    families[v.family].add(v);
    for (const auto& f : v.flags) flags[{v.file, f}].add(v);
  }
  auto line = [](const Counts& c) {
    std::string s = std::to_string(c.passed) + " passed, " + std::to_string(c.failed) + " failed, " +
                    std::to_string(c.skipped) + " skipped";
    if (c.out_of_scope) s += " (" + std::to_string(c.out_of_scope) + " outside the declared scope)";
    if (c.expected_failures) s += ", " + std::to_string(c.expected_failures) + " expected failures";
    if (c.unexpected_passes) s += ", " + std::to_string(c.unexpected_passes) + " unexpected passes";
    return s;
  };
  for (const auto& [file, c] : files) {
    const char* tag = c.failed || c.unexpected_passes ? "FAIL " : c.passed ? "ok   " : "skip ";
    o << tag << e(file) << ": " << line(c) << "\n";
  }
  for (const auto& [family, c] : families) o << "family " << e(family) << ": " << line(c) << "\n";
  std::size_t clean = 0;
  for (const auto& [key, c] : flags) {
    if (!verbose && !c.failed && !c.unexpected_passes) {
      ++clean;
      continue;
    }
    const auto& [file, flag] = key;
    const FlagNote& n = note_of(r, file, flag);
    o << "flag " << e(file) << " " << e(flag) << " [" << e(n.bug_type) << "]: " << line(c) << "\n    "
      << e(n.description) << "\n";
  }
  if (clean) o << "flags: " << clean << " more (file, flag) pairs with no failure (--verbose lists them)\n";
  if (!r.skipped_ops.empty()) {
    o << "skipped (the port does not list these ops):";
    for (const auto& op : r.skipped_ops) o << " " << e(op);
    o << "\n";
  }
  // The failures no known wrong port explains come first: they are the ones to read.
  std::size_t shown = 0, bad = 0;
  std::vector<const VectorRecord*> order;
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& v : r.vectors) {
      if (v.status != Status::kFailed && v.status != Status::kUnexpectedPass) continue;
      if (v.explained_by.empty() == (pass == 0)) order.push_back(&v);
    }
  }
  for (const VectorRecord* vp : order) {
    const VectorRecord& v = *vp;
    if (!verbose && ++shown > 50) {
      ++bad;
      continue;
    }
    const char* tag = v.status == Status::kUnexpectedPass ? "UNEXPECTED PASS "
                      : v.port_broke                      ? "PORT BROKE ON "
                                                          : "MISMATCH ";
    o << tag << e(v.file) << " tcId " << v.tc_id << " [";
    for (std::size_t i = 0; i < v.flags.size(); ++i) o << (i ? "," : "") << e(v.flags[i]);
    o << "]\n" << failure_text(r, v);
  }
  if (bad) o << "… " << bad << " more failing vectors (use --verbose)\n";
  for (std::size_t i = 0; i < r.breaks.size(); ++i) {
    const auto& b = r.breaks[i];
    o << "PORT FAILURE " << (b.vector_id.empty() ? "at start-up" : "during " + e(b.vector_id)) << ": " << e(b.what)
      << "\n  the port: " << (b.how_it_ended.empty() ? "not started" : e(b.how_it_ended)) << "\n";
    if (!b.stderr_tail.empty()) {
      o << "  its last stderr lines:\n";
      for (const auto& l : b.stderr_tail) o << "    | " << e(l) << "\n";
    }
    o << "  " << (r.stopped && i + 1 == r.breaks.size() ? "not restarted" : "restarted") << "\n";
  }
  if (r.stopped) o << "PORT FAILURE: stopped: " << e(r.stop_reason) << "\n";
  if (r.random_run || !r.random_failures.empty()) {
    std::size_t valid = 0, failed = 0, known = 0;
    for (const auto& [op, c] : r.random_ops) {
      valid += c.valid;
      failed += c.failed;
      known += c.known_failure ? c.failed : 0;
    }
    o << "random: " << r.random_run << " requests (" << valid << " valid) over " << r.random_ops.size()
      << " ops (--seed " << r.seed << "), " << failed << " differ from fairvec";
    if (failed > r.random_failures.size()) o << " (the first " << kRandomFailuresKept << " of each op kept)";
    if (known) o << "; " << known << " of them of ops with an expected failure (--expect), not counted";
    o << "\n";
    for (std::size_t i = 0; i < r.random_failures.size() && (verbose || i < 20); ++i) {
      o << "RANDOM MISMATCH " << e(r.random_failures[i]) << "\n";
    }
  }
  Counts t = totals(r);
  o << "vectors: " << line(t) << "\n";
  o << "time: vectors loaded in " << static_cast<long>(r.load_seconds * 1000) << " ms; " << r.requests
    << " requests in " << static_cast<long>(r.run_seconds * 1000) << " ms\n";
  o << "exit " << exit << "\n";
  return o.str();
}

}  // namespace fairvec::check
