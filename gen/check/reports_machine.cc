// The --json and --junit renderings of a check-port report.
#include <map>
#include <sstream>

#include "check/reports.h"
#include "check/text_safety.h"
#include "core/version.h"

namespace fairvec::check {

namespace {

json::Value strings(const std::vector<std::string>& v) { return json::Value::array_of(v); }

json::Value differences_json(const std::vector<Difference>& diffs) {
  json::Array a;
  for (const auto& d : diffs) {
    a.push_back(
        json::Value::object({{"path", d.path}, {"how", d.how}, {"expected", d.expected}, {"actual", d.actual}}));
  }
  return json::Value(std::move(a));
}

json::Value call_json(const CallRecord& c) {
  json::Value expected = c.expected ? json::Value::object({{"ok", true}, {"result", *c.expected}})
                                    : json::Value::object({{"ok", false}, {"error", "bad_input"}});
  json::Value actual = nullptr;
  if (c.answered) {
    actual = c.ok ? json::Value::object({{"ok", true}, {"result", c.result}})
                  : json::Value::object({{"ok", false}, {"error", c.error}, {"message", c.message}});
  }
  return json::Value::object({{"op", c.op},
                              {"params", c.params},
                              {"expected", expected},
                              {"actual", actual},
                              {"difference", c.diff},
                              {"firstDifference", c.first_diff},
                              {"reply", c.reply},
                              {"replyBytes", static_cast<std::int64_t>(c.reply_bytes)},
                              {"answersLike", strings(c.like)},
                              {"differences", differences_json(c.differences)}});
}

json::Value kinds_json(const std::vector<DifferenceKind>& kinds) {
  json::Array a;
  for (const auto& k : kinds) {
    a.push_back(json::Value::object({{"op", k.op},
                                     {"path", k.path},
                                     {"how", k.how},
                                     {"calls", static_cast<std::int64_t>(k.calls)},
                                     {"vector", k.vector},
                                     {"expected", k.expected},
                                     {"actual", k.actual}}));
  }
  return json::Value(std::move(a));
}

json::Value diagnosis_json(const Diagnosis& d) {
  json::Array suspects;
  for (const auto& s : d.suspects) {
    json::Object files;
    for (const auto& [file, n] : s.files) files.emplace_back(file, static_cast<std::int64_t>(n));
    suspects.push_back(json::Value::object({{"name", s.name},
                                            {"family", s.family},
                                            {"description", s.description},
                                            {"calls", static_cast<std::int64_t>(s.calls)},
                                            {"vectors", static_cast<std::int64_t>(s.vectors)},
                                            {"contradicted", static_cast<std::int64_t>(s.contradicted)},
                                            {"files", json::Value(std::move(files))},
                                            {"vectorIds", strings(s.vector_ids)},
                                            {"leading", s.leading},
                                            {"same", strings(s.same)}}));
  }
  return json::Value::object({{"available", d.available},
                              {"failingVectors", static_cast<std::int64_t>(d.failing_vectors)},
                              {"failingCalls", static_cast<std::int64_t>(d.failing_calls)},
                              {"suspects", json::Value(std::move(suspects))},
                              {"unexplained", strings(d.unexplained)},
                              {"unexplainedCalls", static_cast<std::int64_t>(d.unexplained_calls)},
                              {"differences", kinds_json(d.kinds)},
                              {"lines", strings(diagnosis_lines(d))}});
}

json::Value flags_json(const CheckPortReport& r, const VectorRecord& v) {
  json::Array a;
  for (const auto& f : v.flags) {
    const FlagNote& n = note_of(r, v.file, f);
    a.push_back(json::Value::object({{"name", f}, {"bugType", n.bug_type}, {"description", n.description}}));
  }
  return json::Value(std::move(a));
}

// xml is markup_text (check/text_safety.h): what an XML 1.0 attribute or element may hold.
std::string xml(const std::string& s) { return markup_text(s); }

json::Value random_record(const CheckPortReport& r) {
  json::Object per_op;
  for (const auto& [op, c] : r.random_ops) {
    per_op.emplace_back(op, json::Value::object({{"valid", static_cast<std::int64_t>(c.valid)},
                                                 {"invalid", static_cast<std::int64_t>(c.invalid)},
                                                 {"failed", static_cast<std::int64_t>(c.failed)},
                                                 {"knownFailure", c.known_failure}}));
  }
  return json::Value::object({{"seed", std::to_string(r.seed)},
                              {"requests", static_cast<std::int64_t>(r.random_run)},
                              {"ops", json::Value(std::move(per_op))},
                              {"failures", strings(r.random_failures)}});
}

}  // namespace

namespace {

// run_json is the report's "run" member: what was checked and with what (check/run_identity.h).
json::Value run_json(const RunIdentity& id) {
  json::Array files;
  for (const auto& f : id.port_files) {
    files.push_back(json::Value::object({{"word", f.word}, {"path", f.path}, {"sha256", f.sha256}}));
  }
  return json::Value::object({{"fairvecVersion", id.fairvec_version},
                              {"vectorSetVersion", id.vector_set_version},
                              {"manifestSha256", id.manifest_sha256},
                              {"vectorsDir", id.vectors_dir},
                              {"portFiles", json::Value(std::move(files))},
                              {"host", id.host},
                              {"startedAt", id.started_at}});
}

}  // namespace

std::string json_report(const CheckPortReport& r, int exit) {
  Counts t = totals(r);
  json::Array vectors;
  for (const auto& v : r.vectors) {
    json::Array calls;
    for (const auto& c : v.calls) calls.push_back(call_json(c));
    vectors.push_back(json::Value::object({{"id", v.id},
                                           {"file", v.file},
                                           {"family", v.family},
                                           {"tcId", static_cast<std::int64_t>(v.tc_id)},
                                           {"comment", v.comment},
                                           {"result", v.expected_result},
                                           {"flags", flags_json(r, v)},
                                           {"status", status_name(v.status)},
                                           {"reason", v.reason},
                                           {"outOfScope", v.out_of_scope},
                                           {"portBroke", v.port_broke},
                                           {"explainedBy", strings(v.explained_by)},
                                           {"calls", json::Value(std::move(calls))},
                                           {"test", v.test}}));
  }
  json::Array breaks;
  for (const auto& b : r.breaks) {
    breaks.push_back(json::Value::object({{"vector", b.vector_id},
                                          {"what", b.what},
                                          {"howItEnded", b.how_it_ended},
                                          {"stderrTail", strings(b.stderr_tail)}}));
  }
  json::Value doc = json::Value::object(
      {{"schema", "check_port_report_schema.json"},
       {"generator", "fairvec " FAIRVEC_VERSION},
       {"command", strings(r.command)},
       {"run", run_json(r.run)},
       {"port",
        json::Value::object({{"name", r.port_name}, {"ops", strings(r.port_ops)}, {"scope", scope_json(r.scope)}})},
       {"warnings", strings(r.warnings)},
       {"exitCode", exit},
       {"diagnosis", diagnosis_json(r.diagnosis)},
       {"summary", json::Value::object({{"passed", static_cast<std::int64_t>(t.passed)},
                                        {"failed", static_cast<std::int64_t>(t.failed)},
                                        {"skipped", static_cast<std::int64_t>(t.skipped)},
                                        {"outOfScope", static_cast<std::int64_t>(t.out_of_scope)},
                                        {"expectedFailures", static_cast<std::int64_t>(t.expected_failures)},
                                        {"unexpectedPasses", static_cast<std::int64_t>(t.unexpected_passes)},
                                        {"requests", static_cast<std::int64_t>(r.requests)}})},
       {"timing", json::Value::object({{"loadSeconds", r.load_seconds}, {"runSeconds", r.run_seconds}})},
       {"stopped", r.stopped},
       {"stopReason", r.stop_reason},
       {"portBreaks", json::Value(std::move(breaks))},
       {"skippedOps", strings(r.skipped_ops)},
       {"random", random_record(r)},
       {"vectors", json::Value(std::move(vectors))}});
  // Strings from the port and the user (stderr lines, the command line, --expect reasons) may
  // hold any bytes; the report is UTF-8 whatever they held.
  return valid_utf8(json::to_pretty(doc));
}

namespace {

// properties writes a testsuite's <properties>: the run's identity, as the JUnit XML schema
// (testsuite/properties/property name= value=) carries metadata.
void properties(std::ostream& o, const CheckPortReport& r) {
  const auto& id = r.run;
  auto prop = [&o](const std::string& name, const std::string& value) {
    o << "    <property name=\"" << xml(name) << "\" value=\"" << xml(value) << "\"/>\n";
  };
  o << "    <properties>\n";
  prop("fairvec.version", id.fairvec_version);
  prop("vectorSet.version", id.vector_set_version);
  prop("vectorSet.manifestSha256", id.manifest_sha256);
  prop("vectorSet.dir", id.vectors_dir);
  std::string command;
  for (std::size_t i = 0; i < r.command.size(); ++i) command += (i ? " " : "") + r.command[i];
  prop("port.command", command);
  for (const auto& f : id.port_files) prop("port.file." + f.path, f.sha256);
  prop("host", id.host);
  prop("startedAt", id.started_at);
  o << "    </properties>\n";
}

}  // namespace

std::string junit_report(const CheckPortReport& r) {
  std::map<std::string, std::vector<const VectorRecord*>> files;
  for (const auto& v : r.vectors) files[v.file].push_back(&v);
  Counts all = totals(r);
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"fairvec check-port\" tests=\""
    << r.vectors.size() << "\" failures=\"" << all.failed + all.unexpected_passes << "\" errors=\"0\" skipped=\""
    << all.skipped + all.expected_failures << "\">\n";
  for (const auto& [file, list] : files) {
    Counts c;
    for (const auto* v : list) c.add(*v);
    o << "  <testsuite name=\"" << xml(file) << "\" tests=\"" << list.size() << "\" failures=\""
      << c.failed + c.unexpected_passes << "\" errors=\"0\" skipped=\"" << c.skipped + c.expected_failures << "\">\n";
    properties(o, r);
    for (const auto* v : list) {
      o << "    <testcase classname=\"" << xml(v->family + "." + file) << "\" name=\"" << xml(v->id + " " + v->comment)
        << "\">";
      switch (v->status) {
        case Status::kPassed: break;
        case Status::kSkipped: o << "<skipped message=\"" << xml(v->reason) << "\"/>"; break;
        case Status::kExpectedFailure:
          o << "<skipped message=\"" << xml("expected failure: " + v->reason) << "\"/>";
          break;
        case Status::kFailed:
        case Status::kUnexpectedPass: {
          std::string first;
          for (const auto& call : v->calls) {
            if (!call.diff.empty()) {
              first = call.diff;
              break;
            }
          }
          if (v->status == Status::kUnexpectedPass) first = v->reason;
          if (!v->explained_by.empty()) {
            std::string like;
            for (const auto& name : v->explained_by) {
              auto n = r.wrong_ports.find(name);
              like += (like.empty() ? "" : "; ") + name +
                      (n == r.wrong_ports.end() ? "" : " (" + n->second.description + ")");
            }
            first = "answers like " + like + ": " + first;
          }
          o << "\n      <failure message=\"" << xml(first) << "\" type=\"" << status_name(v->status) << "\">"
            << xml(failure_text(r, *v)) << "</failure>\n    ";
        }
      }
      o << "</testcase>\n";
    }
    o << "  </testsuite>\n";
  }
  o << "</testsuites>\n";
  return o.str();
}

}  // namespace fairvec::check
