#include "check/port_checker.h"

#include <algorithm>
#include <future>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "check/diagnosis.h"
#include "check/patterns.h"
#include "check/session.h"
#include "check/text_safety.h"
#include "check/transcripts.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "vectors/vector_file.h"
#include "vectors/wrong_answers.h"

namespace fairvec::check {

std::string first_difference(const rapidjson::Value& expected, const rapidjson::Value& actual,
                             const std::string& path) {
  if (expected.IsObject()) {
    if (!actual.IsObject()) return path;
    for (const auto& m : expected.GetObject()) {
      const std::string sub = path + "." + std::string(m.name.GetString(), m.name.GetStringLength());
      auto it = actual.FindMember(m.name);
      if (it == actual.MemberEnd()) return sub;
      std::string d = first_difference(m.value, it->value, sub);
      if (!d.empty()) return d;
    }
    return "";
  }
  if (expected.IsArray()) {
    if (!actual.IsArray()) return path;
    for (rapidjson::SizeType i = 0; i < expected.Size(); ++i) {
      const std::string sub = path + "[" + std::to_string(i) + "]";
      if (i >= actual.Size()) return sub;
      std::string d = first_difference(expected[i], actual[i], sub);
      if (!d.empty()) return d;
    }
    return expected.Size() == actual.Size() ? "" : path + "[" + std::to_string(expected.Size()) + "]";
  }
  return json::equal(expected, actual) ? "" : path;
}

namespace {

// compare fills |c|'s diff and first_diff from the reply.
void compare(CallRecord& c) {
  vectors::PortCall call{c.op, c.params, c.expected};
  rapidjson::Document rd;
  rapidjson::Value rv = c.result.to_rapidjson(rd.GetAllocator());
  c.diff = capped(vectors::compare_reply(call, c.ok, c.ok ? &rv : nullptr, c.error), kReplyExcerptBytes);
  if (c.diff.empty()) return;
  if (!c.expected || !c.ok) {
    c.first_diff = c.ok == c.expected.has_value() ? "error" : "ok";
    return;
  }
  rapidjson::Document ed;
  rapidjson::Value ev = c.expected->to_rapidjson(ed.GetAllocator());
  c.first_diff = first_difference(ev, rv, "result");
  c.differences = differences(ev, rv, "result");
}

json::Value test_members(const rapidjson::Value& test) {
  json::Object o;
  for (const auto& m : test.GetObject()) {
    std::string k(m.name.GetString(), m.name.GetStringLength());
    if (k == "tcId" || k == "comment" || k == "flags" || k == "result") continue;
    o.emplace_back(k, json::Value::from_rapidjson(m.value));
  }
  return json::Value(std::move(o));
}

// load reads every transcript, selects vectors by pattern, and reads (and validates) the vector
// files that hold a selected vector, to build their records.
void load(const CheckPortOptions& options, CheckPortReport& report) {
  PatternSet only("--only", options.only), skip("--skip", options.skip);
  std::optional<ExpectList> expect;
  if (options.expect_file) expect = read_expect_list(*options.expect_file);
  // The wrong answers (check/diagnosis.h): a set without them (before 0.3.0) is checked undiagnosed.
  const auto wrong_ports = read_wrong_ports(options.vectors_dir);
  if (wrong_ports) report.wrong_ports = *wrong_ports;
  for (const auto& kind : vectors::all_vector_kinds()) {
    struct Pick {
      const std::string* skipped;
      const ExpectEntry* listed;
    };
    std::map<long, TranscriptTest> calls;
    std::map<long, Pick> picked;
    for (auto& t : read_transcript(options.vectors_dir, kind.file)) {
      VectorKeys keys{kind.file + "#" + std::to_string(t.tc_id), kind.file, t.algorithm, {}, t.flags};
      for (const auto& c : t.calls) keys.ops.push_back(c.op);
      const bool selected = only.empty() || only.matches(keys);
      const std::string* skipped = skip.matches(keys);
      const ExpectEntry* listed = expect ? expect->find(keys) : nullptr;
      if (selected) picked.emplace(t.tc_id, Pick{skipped, listed});
      const long id = t.tc_id;
      if (!calls.emplace(id, std::move(t)).second) {
        throw InputError(transcript_path(kind.file), "holds tcId " + std::to_string(id) + " twice");
      }
    }
    if (picked.empty()) continue;
    // The wrong answers are read after the run, and only when a vector failed (attach_wrong_answers):
    // a passing port never pays for them. A missing file is still an error before the run.
    if (wrong_ports && !std::filesystem::exists(options.vectors_dir / vectors::wrong_answers_path(kind.file))) {
      throw InputError(vectors::wrong_answers_path(kind.file),
                       "missing, though wrong_ports.json is there (run fairvec generate)");
    }
    // The vector file gives each record its comment, expected result and flag notes. Typed access
    // names any missing member; `fairvec check` validates the files against their schemas (too
    // slow for a checker's start-up: RapidJSON expands counted regex repetitions).
    rapidjson::Document doc;
    json::parse(read_file(options.vectors_dir / kind.file), doc, kind.file);
    if (!doc.IsObject()) throw InputError(kind.file, "not a JSON object");
    const std::string family = json::get_string(doc, "algorithm", kind.file);
    report.families[kind.file] = family;
    auto& notes = report.notes[kind.file];
    const auto& nv = json::member(doc, "notes", kind.file);
    if (!nv.IsObject()) throw InputError(kind.file + ".notes", "not an object");
    for (const auto& n : nv.GetObject()) {
      const std::string at = kind.file + ".notes." + n.name.GetString();
      if (!n.value.IsObject()) throw InputError(at, "not an object");
      notes[n.name.GetString()] = {json::get_string(n.value, "bugType", at),
                                   json::get_string(n.value, "description", at)};
    }
    std::size_t tests = 0;
    const auto& groups = json::get_array(doc, "testGroups", kind.file);
    for (rapidjson::SizeType gi = 0; gi < groups.Size(); ++gi) {
      const std::string gp = kind.file + ".testGroups[" + std::to_string(gi) + "]";
      if (!groups[gi].IsObject()) throw InputError(gp, "not an object");
      const auto& list = json::get_array(groups[gi], "tests", gp);
      for (rapidjson::SizeType ti = 0; ti < list.Size(); ++ti) {
        if (!list[ti].IsObject()) throw InputError(gp + ".tests[" + std::to_string(ti) + "]", "not an object");
      }
    }
    vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
      ++tests;
      const long tc_id = vectors::tc_id_of(t.test);
      auto it = calls.find(tc_id);
      if (it == calls.end() || it->second.algorithm != family) {
        throw InputError(transcript_path(kind.file), "has no line for tcId " + std::to_string(tc_id) +
                                                         " of this family (out of date? run fairvec generate)");
      }
      auto p = picked.find(tc_id);
      if (p == picked.end()) return;
      VectorRecord r;
      r.file = kind.file;
      r.family = family;
      r.tc_id = tc_id;
      r.id = kind.file + "#" + std::to_string(tc_id);
      r.comment = json::get_string(t.test, "comment", t.path);
      r.expected_result = json::get_string(t.test, "result", t.path);
      r.flags = vectors::flags_of(t.test);
      for (const auto& c : it->second.calls) {
        CallRecord call;
        call.op = c.op;
        call.params = c.params;
        call.expected = c.result;
        r.calls.push_back(std::move(call));
      }
      r.test = test_members(t.test);
      if (p->second.skipped) r.reason = "--skip " + *p->second.skipped;
      if (p->second.listed) {
        r.reason = p->second.listed->reason;
        r.listed_as = expect->source + " entry " + std::to_string(p->second.listed->line) + " (" +
                      p->second.listed->pattern + ")";
        r.listed_differs = p->second.listed->differs;
      }
      r.status = p->second.skipped ? Status::kSkipped : p->second.listed ? Status::kExpectedFailure : Status::kPassed;
      report.vectors.push_back(std::move(r));
    });
    if (tests != calls.size()) {
      throw InputError(transcript_path(kind.file), "has " + std::to_string(calls.size()) + " lines for " +
                                                       std::to_string(tests) +
                                                       " tests (out of date? run fairvec generate)");
    }
  }
  only.require_all_used();
  skip.require_all_used();
  if (expect) expect->require_all_used();
}

// without_member returns a copy of |v| (a call's result, as "result") with the member at path
// |differs| ("result.a.b") removed, so that two results compare equal outside it. A path that
// does not reach an object member removes nothing.
json::Value without_member(const json::Value& v, const std::string& differs) {
  json::Value out = v.clone();
  if (differs == "result") return json::Value();
  std::vector<std::string> parts;
  for (std::size_t at = 7, dot; at <= differs.size(); at = dot + 1) {
    dot = differs.find('.', at);
    if (dot == std::string::npos) dot = differs.size();
    parts.push_back(differs.substr(at, dot - at));
  }
  json::Value* cur = &out;
  for (std::size_t i = 0; i < parts.size() && cur->is_object(); ++i) {
    json::Object& o = cur->as_object();
    auto it = std::find_if(o.begin(), o.end(), [&](const auto& kv) { return kv.first == parts[i]; });
    if (it == o.end()) break;
    if (i + 1 == parts.size()) {
      o.erase(it);
      break;
    }
    cur = &it->second;
  }
  return out;
}

// differs_elsewhere returns why failing call |c| of a vector whose --expect entry expects only
// |differs| to differ is not that failure (a port failure, an error, a bad_input accepted, or a
// difference outside |differs|), or empty when it is.
std::string differs_elsewhere(const CallRecord& c, const std::string& differs) {
  if (c.diff.empty()) return "";
  if (!c.answered) return c.diff;
  if (!c.expected) return "the call must be refused (bad_input); the port answered a result";
  if (!c.ok) return "the port answered error " + c.error + ", not a result differing in " + differs;
  if (json::to_line(without_member(c.result, differs)) != json::to_line(without_member(*c.expected, differs))) {
    return "the result differs outside " + differs + " (first difference: " + c.first_diff + ")";
  }
  return "";
}

// run_vector sends |r|'s calls and sets its status (|r| starts as kPassed, or kExpectedFailure
// when listed in --expect).
void run_vector(Session& session, VectorRecord& r, std::set<std::string>& skipped_ops) {
  const bool listed = r.status == Status::kExpectedFailure;
  const std::string listed_reason = r.reason;
  if (r.calls.empty()) {
    r.status = Status::kSkipped;
    r.reason = "the vector implies no port call";
    return;
  }
  for (const auto& c : r.calls) {
    if (!session.lists(c.op)) {
      skipped_ops.insert(c.op);
      r.status = Status::kSkipped;
      r.reason = "the port does not list " + c.op;
    }
  }
  if (r.status == Status::kSkipped) return;
  for (const auto& c : r.calls) {
    if (std::string why = session.outside_scope(c.op, c.params); !why.empty()) {
      r.status = Status::kSkipped;
      r.out_of_scope = true;
      r.reason = "outside the port's declared scope: " + why;
      return;
    }
  }
  bool failed = false;
  for (auto& c : r.calls) {
    try {
      std::set<std::string> keep;  // the members the vector compares
      if (c.expected && c.expected->is_object()) {
        for (const auto& [k, v] : c.expected->as_object()) keep.insert(k);
      }
      Answer reply = session.request(c.op, c.params);
      c.answered = true;
      c.ok = reply.ok;
      c.error = std::move(reply.error);
      c.message = std::move(reply.message);
      c.reply_bytes = reply.bytes;
      // The record keeps the members the vector compares; a failing call whose reply line is at most
      // kUnaskedReplyBytes also keeps the others (unasked), a longer one their digests: a wrong
      // answer may name them (a port accepting what it must reject answers with the op's result
      // members).
      json::Object kept, unasked;
      if (reply.result.is_object()) {
        for (auto& [k, v] : reply.result.as_object()) (keep.count(k) ? kept : unasked).emplace_back(k, std::move(v));
        c.result = json::Value(std::move(kept));
      } else {
        c.result = std::move(reply.result);
      }
      compare(c);
      if (!c.diff.empty()) {
        c.reply = std::move(reply.excerpt);
        if (reply.bytes <= kUnaskedReplyBytes) {
          c.unasked = json::Value(std::move(unasked));
        } else {
          for (const auto& [k, v] : unasked) {
            if (c.unasked_digests.size() == kUnaskedDigests) break;
            const std::string line = json::to_line(v);
            c.unasked_digests.emplace(k, default_backend().sha256(as_bytes(line)));
          }
        }
      }
      failed |= !c.diff.empty();
    } catch (const PortFailure& e) {
      c.diff = capped(std::string("port failure: ") + e.what(), kReplyExcerptBytes);
      r.port_broke = true;
      failed = true;
      session.broke(r.id, e.what());
      break;
    }
  }
  std::string elsewhere;
  if (listed && failed && !r.listed_differs.empty()) {
    for (const auto& c : r.calls) {
      if (elsewhere.empty()) elsewhere = differs_elsewhere(c, r.listed_differs);
    }
  }
  if (listed && !elsewhere.empty()) {
    // An entry naming the member it expects to differ hides no other difference (a new bug on a
    // vector that already drifts).
    r.status = Status::kFailed;
    r.reason = "listed in --expect as differing in " + r.listed_differs + " (" + listed_reason + "), but " + elsewhere;
  } else if (listed) {
    r.status = failed ? Status::kExpectedFailure : Status::kUnexpectedPass;
    r.reason = failed ? listed_reason : "listed in --expect (" + listed_reason + ") but passed";
  } else {
    r.status = failed ? Status::kFailed : Status::kPassed;
  }
}

// attach_wrong_answers gives each call of every record its wrong answers (vectors/wrong_answers/)
// when the set has them and a vector failed: only then does the diagnosis need them. Throws
// InputError when a file has no line for a record's tcId with one entry per call, IoError when
// it cannot be read.
void attach_wrong_answers(const CheckPortOptions& options, CheckPortReport& report) {
  if (report.wrong_ports.empty()) return;
  bool any = false;
  for (const auto& r : report.vectors) any |= r.status == Status::kFailed || r.status == Status::kExpectedFailure;
  if (!any) return;
  std::map<std::string, std::map<long, WrongAnswers>> by_file;
  for (auto& r : report.vectors) {
    auto f = by_file.find(r.file);
    if (f == by_file.end()) {
      auto read = read_wrong_answers(options.vectors_dir, r.file);
      if (!read)
        throw InputError(vectors::wrong_answers_path(r.file),
                         "missing, though wrong_ports.json is there (run fairvec generate)");
      f = by_file.emplace(r.file, std::move(*read)).first;
    }
    auto w = f->second.find(r.tc_id);
    if (w == f->second.end() || w->second.size() != r.calls.size()) {
      throw InputError(vectors::wrong_answers_path(r.file), "has no line for tcId " + std::to_string(r.tc_id) +
                                                                " with one entry per call of its transcript line"
                                                                " (out of date? run fairvec generate)");
    }
    for (std::size_t i = 0; i < r.calls.size(); ++i) r.calls[i].wrong = std::move(w->second[i]);
  }
}

// drop_wrong_answers forgets every wrong answer and port, warning why (|why|): the report then
// says the diagnosis is unavailable instead of naming failures new to the kit. It cannot fail.
void drop_wrong_answers(CheckPortReport& report, const std::string& why) {
  report.warnings.push_back("no diagnosis: " + why);
  report.wrong_ports.clear();
  for (auto& r : report.vectors) {
    for (auto& c : r.calls) c.wrong.clear();
  }
}

// warn_unused_scope warns, once per scoped param, of the declared values no selected vector's call
// carries (the first ten named): a misspelled value would otherwise only show as skipped vectors.
// It cannot fail.
void warn_unused_scope(CheckPortReport& report) {
  std::set<std::string> used;  // op, param and value text of every scoped param a call carries
  for (const auto& r : report.vectors) {
    for (const auto& c : r.calls) {
      auto it = report.scope.find(c.op);
      if (it == report.scope.end() || !c.params.is_object()) continue;
      for (const auto& [param, values] : it->second) {
        if (const json::Value* v = c.params.find(param)) used.insert(c.op + '\n' + param + '\n' + json::to_line(*v));
      }
    }
  }
  for (const auto& [op, params] : report.scope) {
    for (const auto& [param, values] : params) {
      std::vector<std::string> unused;
      for (const auto& x : values) {
        const std::string text = json::to_line(x);
        if (!used.count(op + '\n' + param + '\n' + text)) unused.push_back(capped(text, 100));
      }
      if (unused.empty()) continue;
      std::string list;
      for (std::size_t i = 0; i < unused.size() && i < 10; ++i) list += (i ? " " : "") + unused[i];
      if (unused.size() > 10) list += " and " + std::to_string(unused.size() - 10) + " more";
      report.warnings.push_back("hello scope " + op + " " + param + " lists " + list +
                                ", which no selected vector calls (misspelled?)");
    }
  }
}

}  // namespace

void run_random(Session& session, const CheckPortOptions& options, CheckPortReport& report);  // random_requests.cc

CheckPortReport check_port(const CheckPortOptions& options) {
  CheckPortReport report;
  report.command = options.command;
  // The run's identity hashes the port's files (an executable of megabytes) while the vectors load.
  auto identity = std::async(std::launch::async, identify_run, options.vectors_dir, options.command);
  report.seed = options.seed;
  auto t0 = std::chrono::steady_clock::now();
  load(options, report);
  report.run = identity.get();
  auto t1 = std::chrono::steady_clock::now();
  report.load_seconds = std::chrono::duration<double>(t1 - t0).count();
  Session session(options, report);
  (void)session.ready();  // the handshake is checked even when every vector is skipped
  warn_unused_scope(report);
  std::set<std::string> skipped_ops;
  for (auto& r : report.vectors) {
    if (r.status == Status::kSkipped) continue;
    if (!session.ready()) {
      r.status = Status::kSkipped;
      r.reason = "not run: " + report.stop_reason;
      continue;
    }
    run_vector(session, r, skipped_ops);
  }
  if (options.random && session.ready()) run_random(session, options, report);
  for (const auto& r : report.vectors) {
    if (r.status != Status::kExpectedFailure) continue;
    for (const auto& c : r.calls) {
      if (auto it = report.random_ops.find(c.op); it != report.random_ops.end()) it->second.known_failure = true;
    }
  }
  session.stop();
  // An --expect entry whose every vector was skipped (an op the port does not list, its declared
  // scope) no longer says anything about the port: the list may be stale.
  std::map<std::string, std::pair<std::size_t, std::size_t>> listed;  // entry -> (vectors, skipped)
  for (const auto& r : report.vectors) {
    if (r.listed_as.empty()) continue;
    auto& [n, skipped] = listed[r.listed_as];
    ++n;
    skipped += r.status == Status::kSkipped;
  }
  for (const auto& [entry, counts] : listed) {
    if (counts.first == counts.second) {
      report.warnings.push_back("--expect " + capped(entry, 200) + " lists only vectors that were skipped (" +
                                std::to_string(counts.first) + "): it says nothing about this port (stale?)");
    }
  }
  // The wrong answers are read only now (a passing run never reads them): a file found stale or
  // unreadable costs the diagnosis, never the run and its reports.
  try {
    attach_wrong_answers(options, report);
  } catch (const InputError& e) {
    drop_wrong_answers(report, e.what());
  } catch (const IoError& e) {
    drop_wrong_answers(report, e.what());
  }
  diagnose(report);
  report.skipped_ops.assign(skipped_ops.begin(), skipped_ops.end());
  report.run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  return report;
}

int exit_code(const CheckPortReport& r, bool require_all) {
  if (r.stopped) return kExitPortFailure;
  std::size_t ran = 0, bad = 0, skipped = 0;
  for (const auto& v : r.vectors) {
    ran += v.status != Status::kSkipped;
    bad += v.status == Status::kFailed || v.status == Status::kUnexpectedPass;
    skipped += v.status == Status::kSkipped;
  }
  std::size_t random_failed = 0;
  for (const auto& [op, c] : r.random_ops) random_failed += c.known_failure ? 0 : c.failed;
  if (bad || random_failed) return kExitFailed;
  if (ran == 0 && r.random_run == 0) return kExitFailed;
  if (require_all && skipped) return kExitFailed;
  return kExitOk;
}

}  // namespace fairvec::check
