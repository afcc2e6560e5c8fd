// The --html rendering: one self-contained page (no external resources, no framework) that reads
// top-down the way a port's author asks the questions. It opens with the diagnosis (which known
// wrong ports the port answers like, and which failing vectors none explains), then every failing
// vector with its flags and, per failing call, the expected and actual answers side by side with
// the first differing member marked, then per-family bars, the flags (failing first and open,
// passing collapsed) and the whole vector list (collapsed). A text box and a status menu filter
// the failures and the list; the page's script recounts the visible rows into #shown-*.
#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "check/reports.h"
#include "check/text_safety.h"

namespace fairvec::check {

namespace {

// html is markup_text (check/text_safety.h): what HTML text and attributes may hold.
std::string html(const std::string& s) { return markup_text(s); }

constexpr const char* kStyle = R"(
:root{--ok:#2e7d32;--bad:#c62828;--worse:#8e0000;--known:#f9a825;--skip:#9e9e9e;--line:#d0d4d9;--muted:#5f6368}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;
margin:0;background:#f6f7f9}
main{max-width:1200px;margin:0 auto;padding:24px 32px 64px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:20px;margin:32px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:16px;margin:0}h4{font-size:12px;margin:0 0 4px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:13px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
a{color:#0b57d0}
.meta{color:var(--muted);margin:0 0 16px}
.panel{background:#fff;border:1px solid var(--line);border-radius:8px;padding:14px 18px;margin:12px 0}
table{border-collapse:collapse;background:#fff}
td,th{border-bottom:1px solid var(--line);padding:5px 10px;text-align:left;vertical-align:top}
th{font-size:13px;color:var(--muted);font-weight:600}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
#totals{display:inline-table;border:1px solid var(--line);border-radius:8px}
#totals td:first-child{font-weight:600}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;color:#fff;
vertical-align:1px;white-space:nowrap}
.badge.passed{background:var(--ok)}.badge.failed{background:var(--bad)}.badge.unexpected-pass{background:var(--worse)}
.badge.expected-failure{background:var(--known);color:#1f2328}.badge.skipped{background:var(--skip)}
#diagnosis{border-left:5px solid var(--bad)}#diagnosis.clean{border-left-color:var(--ok)}
#diagnosis p{margin:6px 0}#diagnosis .lead{font-size:17px}
#diagnosis table{margin:10px 0;width:100%}#diagnosis tr.leading td{background:#fdecea}
.unexplained a{margin-right:6px;white-space:nowrap}
.toolbar{position:sticky;top:0;z-index:2;background:#f6f7f9ee;padding:8px 0;border-bottom:1px solid var(--line)}
.toolbar input{font:inherit;padding:4px 8px;width:360px;border:1px solid var(--line);border-radius:6px}
.toolbar select{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px}
details.card{background:#fff;border:1px solid var(--line);border-left:5px solid var(--bad);border-radius:8px;margin:10px 0}
details.card.unexpected-pass{border-left-color:var(--worse)}details.card.expected-failure{border-left-color:var(--known)}
details.card>summary{cursor:pointer;padding:10px 14px;list-style-position:outside}
details.card>summary small{color:var(--muted);font-weight:normal}
.body{padding:0 18px 14px}
.like{margin:4px 0 8px;padding:6px 10px;background:#fdecea;border-radius:6px}
.like.none{background:#f1f3f4}
ul.flags{margin:6px 0 10px;padding-left:20px}ul.flags li{margin:2px 0}
.bt{font-size:11px;font-weight:700;color:var(--muted);border:1px solid var(--line);border-radius:4px;padding:0 4px}
.call{border-top:1px dashed var(--line);padding-top:10px;margin-top:10px}
.callhead{margin-bottom:6px}.callhead .path{background:#fff3bf;padding:0 4px;border-radius:3px}
.req{background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:6px 10px;margin-bottom:8px}
.cmp{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.cmp>div{border:1px solid var(--line);border-radius:6px;padding:6px 10px}
.cmp .exp{background:#f1f8f2}.cmp .act{background:#fdf2f2}
mark{background:#ffd54f;color:#000;border-radius:3px;padding:0 2px;outline:1px solid #e0a800}
.missing{color:var(--bad);font-style:italic}
.diff,.reason{color:var(--muted);font-size:13px;margin-top:6px}
.fam{display:grid;grid-template-columns:200px 1fr 330px;gap:12px;align-items:center;margin:6px 0}
.bar{display:flex;height:16px;border-radius:4px;overflow:hidden;background:#eceff1;border:1px solid var(--line)}
.bar span{display:block;height:100%}
.bar .passed{background:var(--ok)}.bar .failed{background:var(--bad)}.bar .unexpected-pass{background:var(--worse)}
.bar .expected-failure{background:var(--known)}.bar .skipped{background:var(--skip)}
.fam .counts{font-size:13px;color:var(--muted);font-variant-numeric:tabular-nums}
.flagtab td .bar{width:160px;height:10px;margin-top:5px}
details.sect{margin:10px 0}details.sect>summary{cursor:pointer;font-weight:600;padding:4px 0}
#vectors{width:100%}#vectors tr.failed td:first-child,#vectors tr.unexpected-pass td:first-child{border-left:4px solid var(--bad)}
#vectors tr.expected-failure td:first-child{border-left:4px solid var(--known)}
#vectors td small{color:var(--muted)}
)";

constexpr const char* kScript = R"((function(){
var K=['passed','failed','skipped','expected-failure','unexpected-pass'],rows=null,cards=null;
function txt(e){if(e._t===undefined)e._t=e.textContent.toLowerCase();return e._t;}
function filt(){var q=document.getElementById('q').value.toLowerCase(),s=document.getElementById('st').value,n={},c=0;
if(!rows){rows=document.querySelectorAll('#vectors tbody tr');cards=document.querySelectorAll('#failures details.card');}
function keep(e){return (!s||e.dataset.status==s)&&(!q||txt(e).indexOf(q)>=0);}
rows.forEach(function(r){var k=keep(r);r.style.display=k?'':'none';if(k)n[r.dataset.status]=(n[r.dataset.status]||0)+1;});
cards.forEach(function(e){var k=keep(e);e.style.display=k?'':'none';if(k)c++;});
K.forEach(function(k){document.getElementById('shown-'+k).textContent=n[k]||0;});
var sc=document.getElementById('shown-cards');if(sc)sc.textContent=c;
if(q||s)document.getElementById('all').open=true;}
window.filt=filt;document.addEventListener('DOMContentLoaded',filt);})();)";

// kStatuses is the order of the totals table and the status menu.
constexpr Status kStatuses[] = {Status::kPassed, Status::kFailed, Status::kSkipped, Status::kExpectedFailure,
                                Status::kUnexpectedPass};

bool is_failure(Status s) {
  return s == Status::kFailed || s == Status::kUnexpectedPass || s == Status::kExpectedFailure;
}

// plural writes "1 vector" / "3 vectors".
std::string plural(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string percent(std::size_t n, std::size_t of) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f%%", of ? 100.0 * static_cast<double>(n) / static_cast<double>(of) : 0.0);
  return buf;
}

// bar writes a stacked bar of |c|, each status as wide as its share.
void bar(std::ostream& o, const Counts& c) {
  const std::size_t all = c.all();
  o << "<div class=\"bar\">";
  for (Status s :
       {Status::kPassed, Status::kFailed, Status::kUnexpectedPass, Status::kExpectedFailure, Status::kSkipped}) {
    const std::size_t n = c.of(s);
    if (n) {
      o << "<span class=\"" << status_name(s) << "\" style=\"width:" << percent(n, all) << "\" title=\"" << n << " "
        << status_name(s) << "\"></span>";
    }
  }
  o << "</div>";
}

std::string counts_line(const Counts& c) {
  std::string s = std::to_string(c.passed) + " passed, " + std::to_string(c.failed) + " failed, " +
                  std::to_string(c.skipped) + " skipped";
  if (c.expected_failures) s += ", " + std::to_string(c.expected_failures) + " expected failures";
  if (c.unexpected_passes) s += ", " + std::to_string(c.unexpected_passes) + " unexpected passes";
  return s;
}

std::string stem(const std::string& file) {
  const std::string tail = "_test.json";
  if (file.size() > tail.size() && file.compare(file.size() - tail.size(), tail.size(), tail) == 0) {
    return file.substr(0, file.size() - tail.size());
  }
  return file;
}

// MarkedJson renders a JSON value as HTML, wrapping the member at JSON path |mark| ("result.dice[1]",
// rooted at the name given to put) in <mark>, with ", " and ": " between members so that a long
// answer wraps at members.
class MarkedJson {
 public:
  explicit MarkedJson(const std::string& mark) : mark_(mark) {}
  bool found() const { return found_; }

  void put(std::ostream& o, const json::Value& v, std::string path) {
    path_ = std::move(path);
    walk(o, v);
  }

 private:
  void walk(std::ostream& o, const json::Value& v) {
    const bool here = path_ == mark_;
    if (here) {
      found_ = true;
      o << "<mark>";
    }
    const std::size_t at = path_.size();
    if (v.is_object()) {
      o << "{";
      bool first = true;
      for (const auto& [k, m] : v.as_object()) {
        o << (first ? "" : ", ") << html(json::to_line(json::Value(k))) << ": ";
        first = false;
        path_.resize(at);
        path_ += "." + k;
        walk(o, m);
      }
      o << "}";
    } else if (v.is_array()) {
      o << "[";
      std::size_t i = 0;
      for (const auto& m : v.as_array()) {
        o << (i ? ", " : "");
        path_.resize(at);
        path_ += "[" + std::to_string(i++) + "]";
        walk(o, m);
      }
      o << "]";
    } else {
      o << html(json::to_line(v));
    }
    path_.resize(at);
    if (here) o << "</mark>";
  }

  const std::string& mark_;
  std::string path_;
  bool found_ = false;
};

// answer writes one side of a call (|expected_side| or the port's) with the first difference
// marked: a member path inside the result, or "ok"/"error" for an answer of the other kind.
void answer(std::ostream& o, const CallRecord& c, bool expected_side) {
  const bool whole = c.first_diff == "ok" || c.first_diff == "error";
  o << "<pre>";
  if (whole) o << "<mark>";
  bool located = whole || c.first_diff.empty();
  if (expected_side) {
    if (c.expected) {
      o << "ok ";
      MarkedJson m(c.first_diff);
      m.put(o, *c.expected, "result");
      located = located || m.found();
    } else {
      o << "error bad_input";
    }
  } else if (!c.answered) {
    o << html(actual_text(c));
    located = true;
  } else if (c.ok) {
    o << "ok ";
    MarkedJson m(c.first_diff);
    m.put(o, c.result, "result");
    located = located || m.found();
  } else {
    o << "error " << html(c.error);
    if (!c.message.empty()) o << " (" << html(c.message) << ")";
  }
  if (whole) o << "</mark>";
  o << "</pre>";
  if (!located) o << "<div class=\"missing\">no member " << html(c.first_diff) << " here</div>";
}

std::string description_of(const CheckPortReport& r, const std::string& name) {
  auto w = r.wrong_ports.find(name);
  return w == r.wrong_ports.end() ? std::string() : w->second.description;
}

// wrong_port_names writes "<b>name</b> (description)" for each name.
void wrong_port_names(std::ostream& o, const CheckPortReport& r, const std::vector<std::string>& names) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    o << (i ? "; " : "") << "<b>" << html(names[i]) << "</b>";
    const std::string d = description_of(r, names[i]);
    if (!d.empty()) o << " (" << html(d) << ")";
  }
}

void failure_card(std::ostream& o, const CheckPortReport& r, const VectorRecord& v, std::size_t index, bool open,
                  bool unexplained) {
  const char* s = status_name(v.status);
  o << "<details class=\"card " << s << "\" id=\"f" << index << "\" data-status=\"" << s << "\""
    << (open ? " open" : "") << "><summary><h3 style=\"display:inline\"><span class=\"badge " << s << "\">"
    << (v.status == Status::kExpectedFailure  ? "expected failure"
        : v.status == Status::kUnexpectedPass ? "unexpected pass"
        : v.port_broke                        ? "port broke"
                                              : "failed")
    << "</span> " << html(v.file) << " <span class=\"mono\">tcId " << v.tc_id << "</span></h3> <small>"
    << html(v.comment) << "</small></summary>\n<div class=\"body\">";
  if (v.status == Status::kExpectedFailure) {
    o << "<p class=\"reason\">A known failure: --expect lists it" << (v.reason.empty() ? "" : " (") << html(v.reason)
      << (v.reason.empty() ? "" : ")") << ".</p>";
  } else if (v.status == Status::kUnexpectedPass) {
    o << "<p class=\"reason\">The port passed this vector, but --expect lists it as failing"
      << (v.reason.empty() ? "" : " (") << html(v.reason) << (v.reason.empty() ? "" : ")") << ".</p>";
  } else if (!v.reason.empty()) {
    o << "<p class=\"reason\">" << html(v.reason) << "</p>";
  }
  if (!v.explained_by.empty()) {
    o << "<div class=\"like\">Answers like ";
    wrong_port_names(o, r, v.explained_by);
    o << " on every failing call.</div>";
  } else if (unexplained) {
    o << "<div class=\"like none\">Not explained by any known wrong port.</div>";
  }
  o << "<ul class=\"flags\">";
  for (const auto& f : v.flags) {
    const FlagNote& n = note_of(r, v.file, f);
    o << "<li><code>" << html(f) << "</code> <span class=\"bt\">" << html(n.bug_type) << "</span> "
      << html(n.description) << "</li>";
  }
  o << "</ul><div class=\"reason\">expects: " << html(v.expected_result) << "</div>\n";
  for (std::size_t i = 0; i < v.calls.size(); ++i) {
    const auto& c = v.calls[i];
    if (c.diff.empty() && c.answered) continue;
    o << "<div class=\"call\"><div class=\"callhead\">";
    if (v.calls.size() > 1) o << "call " << i + 1 << " of " << v.calls.size() << ": ";
    o << "<code>" << html(c.op) << "</code>";
    if (!c.first_diff.empty()) o << " — first difference <code class=\"path\">" << html(c.first_diff) << "</code>";
    if (!c.like.empty()) {
      o << " — this reply is what ";
      for (std::size_t k = 0; k < c.like.size(); ++k) o << (k ? ", " : "") << "<b>" << html(c.like[k]) << "</b>";
      o << " answer" << (c.like.size() == 1 ? "s" : "");
    }
    o << "</div><pre class=\"req\">" << html(request_text(c))
      << "</pre><div class=\"cmp\"><div class=\"exp\"><h4>expected" << (c.expected ? " (these members)" : "")
      << "</h4>";
    answer(o, c, true);
    o << "</div><div class=\"act\"><h4>your port" << (c.answered && c.ok && c.expected ? " (the members compared)" : "")
      << "</h4>";
    answer(o, c, false);
    o << "</div></div>";
    if (!c.diff.empty()) o << "<div class=\"diff\">" << html(c.diff) << "</div>";
    if (!c.reply.empty()) {
      o << "<details><summary class=\"diff\">the reply line (" << c.reply_bytes << " bytes)</summary><pre>"
        << html(c.reply) << "</pre></details>";
    }
    o << "</div>\n";
    if (!c.answered) break;
  }
  o << "<details><summary class=\"diff\">the vector's members</summary><pre>" << html(json::to_line(v.test))
    << "</pre></details></div></details>\n";
}

// diagnosis writes the opening section.
void diagnosis(std::ostream& o, const CheckPortReport& r, const Counts& t,
               const std::unordered_map<std::string, std::size_t>& anchor) {
  const Diagnosis& d = r.diagnosis;
  const bool failed = t.failed || t.expected_failures || d.failing_vectors;
  const bool clean = !failed && !t.unexpected_passes && !r.stopped && r.random_failures.empty();
  o << "<section class=\"panel" << (clean ? " clean" : "")
    << "\" id=\"diagnosis\"><h2 style=\"margin-top:0\">Diagnosis</h2>\n";
  if (r.stopped) o << "<p class=\"lead\">The run stopped on the port: " << html(r.stop_reason) << ".</p>\n";
  if (!failed) {
    const std::size_t run = t.passed + t.unexpected_passes;
    if (run == 0) {
      o << "<p class=\"lead\">No vector ran.</p>\n";
    } else if (!t.unexpected_passes) {
      o << "<p class=\"lead\">All " << plural(run, "vector", "vectors") << " run passed"
        << (t.skipped
                ? " (" + std::to_string(t.skipped) + " skipped" +
                      (t.out_of_scope ? ", " + std::to_string(t.out_of_scope) + " of them outside the declared scope"
                                      : "") +
                      ")"
                : std::string())
        << ".</p>\n";
    } else {
      o << "<p class=\"lead\">No vector failed; " << plural(t.unexpected_passes, "vector", "vectors")
        << " passed although --expect lists " << (t.unexpected_passes == 1 ? "it" : "them") << " as failing.</p>\n";
    }
    if (!r.random_failures.empty()) {
      o << "<p>Random inputs found differences: see <a href=\"#random\">Random inputs</a>.</p>\n";
    }
    o << "</section>\n";
    return;
  }
  if (!d.available) {
    o << "<p class=\"lead\">" << plural(t.failed + t.expected_failures, "vector", "vectors")
      << " failed. The vector set carries no wrong answers (vectors/wrong_answers/), so the report cannot say which "
         "known wrong port yours answers like; the failures below show each difference.</p>\n</section>\n";
    return;
  }
  for (const auto& s : d.suspects) {
    if (!s.leading) continue;
    std::vector<std::pair<std::string, std::size_t>> files(s.files.begin(), s.files.end());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    o << "<p class=\"lead\">Your port answers like <b>" << html(s.description) << "</b> (<code>" << html(s.name)
      << "</code>) on " << s.vectors << " of " << plural(d.failing_vectors, "failing vector", "failing vectors")
      << " (";
    for (std::size_t i = 0; i < files.size(); ++i)
      o << (i ? ", " : "") << html(stem(files[i].first)) << " " << files[i].second;
    o << (files.empty() ? "" : "; ") << s.calls << " of " << plural(d.failing_calls, "failing call", "failing calls")
      << "); "
      << (s.contradicted == 0   ? std::string("no passing call contradicts it")
          : s.contradicted == 1 ? std::string("1 passing call contradicts it")
                                : std::to_string(s.contradicted) + " passing calls contradict it")
      << ".</p>\n";
  }
  if (!d.suspects.empty()) {
    o << "<table id=\"suspects\"><thead><tr><th class=\"n\">rank</th><th>wrong port</th><th>what it does</th>"
         "<th class=\"n\">failing calls explained</th><th class=\"n\">vectors</th><th class=\"n\">passing calls "
         "contradicting it</th></tr></thead><tbody>\n";
    std::size_t rank = 0;
    for (const auto& s : d.suspects) {
      o << "<tr" << (s.leading ? " class=\"leading\"" : "") << "><td class=\"n\">" << ++rank << "</td><td><code>"
        << html(s.name) << "</code></td><td>" << html(s.description) << "</td><td class=\"n\">" << s.calls << " of "
        << d.failing_calls << "</td><td class=\"n\">" << s.vectors << "</td><td class=\"n\">" << s.contradicted
        << "</td></tr>\n";
    }
    o << "</tbody></table>\n";
  } else {
    o << "<p class=\"lead\">No known wrong port answers like yours on any failing call.</p>\n";
  }
  if (d.unexplained.empty()) {
    o << "<p>Every failing call is what a known wrong port answers.</p>\n";
  } else {
    constexpr std::size_t kLinks = 200;
    o << "<p class=\"unexplained\">" << plural(d.unexplained.size(), "failing vector is", "failing vectors are")
      << " not explained by any known wrong port";
    if (d.unexplained_calls) o << " (" << plural(d.unexplained_calls, "failing call", "failing calls") << ")";
    o << ": ";
    for (std::size_t i = 0; i < d.unexplained.size() && i < kLinks; ++i) {
      auto a = anchor.find(d.unexplained[i]);
      if (a == anchor.end()) {
        o << "<span class=\"mono\">" << html(d.unexplained[i]) << "</span> ";
      } else {
        o << "<a href=\"#f" << a->second << "\">" << html(d.unexplained[i]) << "</a> ";
      }
    }
    if (d.unexplained.size() > kLinks) {
      o << "and " << d.unexplained.size() - kLinks << " more (filter the failures for “not explained”)";
    }
    o << "</p>\n";
  }
  o << "</section>\n";
}

}  // namespace

std::string html_report(const CheckPortReport& r, int exit) {
  Counts t = totals(r);
  std::ostringstream o;
  const std::string name = r.port_name.empty() ? "(unnamed port)" : r.port_name;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>fairvec check-port: "
    << html(name) << "</title><style>" << kStyle
    << "</style></head><body><main>\n<h1>fairvec check-port: " << html(name)
    << "</h1>\n<p class=\"meta\">exit code <b id=\"exit\">" << exit << "</b> · "
    << plural(r.vectors.size(), "vector", "vectors") << " · " << r.requests << " requests in "
    << static_cast<long>(r.run_seconds * 1000) << " ms · <span class=\"mono\">";
  for (std::size_t i = 0; i < r.command.size(); ++i) o << (i ? " " : "") << html(r.command[i]);
  o << "</span></p>\n";
  o << "<ul id=\"run\" class=\"meta\">";
  for (const auto& l : identity_lines(r.run)) o << "<li class=\"mono\">" << html(l) << "</li>";
  o << "</ul>\n";

  // Anchors of the failure cards, by vector id, and the vectors no wrong port explains.
  std::unordered_map<std::string, std::size_t> anchor;
  for (std::size_t i = 0; i < r.vectors.size(); ++i) {
    if (is_failure(r.vectors[i].status)) anchor.emplace(r.vectors[i].id, i);
  }
  const std::unordered_set<std::string> unexplained(r.diagnosis.unexplained.begin(), r.diagnosis.unexplained.end());

  diagnosis(o, r, t, anchor);

  o << "<table id=\"totals\"><tr><th>status</th><th class=\"n\">vectors</th><th class=\"n\">shown</th></tr>\n";
  for (Status s : kStatuses) {
    const char* label = status_name(s);
    o << "<tr class=\"" << label << "\"><td><span class=\"badge " << label << "\">" << label
      << "</span></td><td class=\"n\" id=\"count-" << label << "\">" << t.of(s) << "</td><td class=\"n\" id=\"shown-"
      << label << "\"></td></tr>\n";
  }
  o << "</table>\n";
  if (const auto lines = scope_lines(r, true); !lines.empty()) {  // the declared scope and what it skipped
    o << "<details class=\"panel\" id=\"scope\"><summary>declared scope: " << t.out_of_scope
      << " skipped outside it</summary><ul>";
    for (const auto& l : lines) o << "<li class=\"mono\">" << html(l) << "</li>";
    o << "</ul></details>\n";
  }
  for (const auto& w : r.warnings) o << "<p>warning: " << html(w) << "</p>\n";
  for (const auto& b : r.breaks) {
    o << "<details class=\"panel\" open><summary>port failure "
      << html(b.vector_id.empty() ? "at start-up" : "during " + b.vector_id) << "</summary><pre>"
      << html(b.what + "\nthe port: " + (b.how_it_ended.empty() ? "not started" : b.how_it_ended));
    for (const auto& l : b.stderr_tail) o << "\n| " << html(l);
    o << "</pre></details>\n";
  }

  // The filter applies to the failures and the vector list.
  o << "<div class=\"toolbar\"><input id=\"q\" placeholder=\"filter by file, flag, op, wrong port, text\" "
       "oninput=\"filt()\"> <select id=\"st\" onchange=\"filt()\"><option value=\"\">every status</option>";
  for (Status s : kStatuses) o << "<option>" << status_name(s) << "</option>";
  o << "</select></div>\n";

  // The failures.
  const std::size_t failing = t.failed + t.unexpected_passes + t.expected_failures;
  o << "<section id=\"failures\"><h2>Failures (" << failing;
  if (failing) o << ", <span id=\"shown-cards\"></span> shown";
  o << ")</h2>\n";
  if (!failing) o << "<p>None.</p>\n";
  constexpr std::size_t kOpen = 20;  // the first failures are open, the rest one line each
  std::size_t shown = 0;
  for (Status want : {Status::kFailed, Status::kUnexpectedPass, Status::kExpectedFailure}) {
    for (std::size_t i = 0; i < r.vectors.size(); ++i) {
      const auto& v = r.vectors[i];
      if (v.status != want) continue;
      const bool open = want != Status::kExpectedFailure && shown++ < kOpen;
      failure_card(o, r, v, i, open, r.diagnosis.available && unexplained.count(v.id));
    }
  }
  o << "</section>\n";

  // Per family.
  std::map<std::string, Counts> families;
  std::map<std::tuple<std::string, std::string>, Counts> flags;
  for (const auto& v : r.vectors) {
    std::string family = v.family;
    if (family.empty()) {
      auto f = r.families.find(v.file);
      family = f == r.families.end() ? "(no family)" : f->second;
    }
    families[family].add(v);
    for (const auto& f : v.flags) flags[{v.file, f}].add(v);
  }
  o << "<section id=\"families\"><h2>Families</h2>\n";
  for (const auto& [family, c] : families) {
    o << "<div class=\"fam\"><div class=\"mono\">" << html(family) << "</div>";
    bar(o, c);
    o << "<div class=\"counts\">" << counts_line(c) << "</div></div>\n";
  }
  o << "</section>\n";

  // Flags: failing first and open, passing collapsed.
  o << "<section id=\"flags\"><h2>Flags</h2>\n";
  for (bool failing_flags : {true, false}) {
    std::size_t n = 0;
    for (const auto& [key, c] : flags) n += (c.failed || c.unexpected_passes || c.expected_failures) == failing_flags;
    if (!n) continue;
    o << "<details class=\"sect\"" << (failing_flags ? " open" : "") << "><summary>" << plural(n, "flag", "flags")
      << (failing_flags ? " with failures" : " without failures")
      << "</summary><table class=\"flagtab\"><thead><tr><th>file</th><th>flag</th><th>bugType</th><th "
         "class=\"n\">passed"
         "</th><th class=\"n\">failed</th><th class=\"n\">skipped</th><th class=\"n\">expected failures</th>"
         "<th>description</th></tr></thead><tbody>\n";
    for (const auto& [key, c] : flags) {
      if ((c.failed || c.unexpected_passes || c.expected_failures) != failing_flags) continue;
      const auto& [file, flag] = key;
      const FlagNote& note = note_of(r, file, flag);
      o << "<tr><td>" << html(file) << "</td><td><code>" << html(flag) << "</code></td><td><span class=\"bt\">"
        << html(note.bug_type) << "</span></td><td class=\"n\">" << c.passed << "</td><td class=\"n\">"
        << c.failed + c.unexpected_passes << "</td><td class=\"n\">" << c.skipped << "</td><td class=\"n\">"
        << c.expected_failures << "</td><td>" << html(note.description);
      bar(o, c);
      o << "</td></tr>\n";
    }
    o << "</tbody></table></details>\n";
  }
  o << "</section>\n";

  // Random inputs.
  if (r.random_run || !r.random_failures.empty()) {
    std::size_t valid = 0, differ = 0;
    for (const auto& [op, c] : r.random_ops) {
      valid += c.valid;
      differ += c.failed;
    }
    o << "<section id=\"random\"><h2>Random inputs</h2>\n<p>" << r.random_run << " requests (" << valid
      << " valid) over " << plural(r.random_ops.size(), "op", "ops") << " (--seed " << r.seed << "), " << differ
      << " differ from fairvec.</p>\n";
    if (!r.random_failures.empty()) {
      o << "<details class=\"sect\"><summary>" << plural(r.random_failures.size(), "difference", "differences")
        << " kept</summary><pre>";
      for (const auto& f : r.random_failures) o << html(f) << "\n";
      o << "</pre></details>\n";
    }
    o << "</section>\n";
  }

  // Every vector, collapsed.
  o << "<section><h2>Vectors</h2>\n<details class=\"sect\" id=\"all\"><summary>All "
    << plural(r.vectors.size(), "vector", "vectors") << " (" << counts_line(t)
    << ")</summary>\n<table id=\"vectors\"><thead><tr><th>vector</th><th>status</th><th>flags</th><th>comment</th>"
       "</tr></thead><tbody>\n";
  for (std::size_t i = 0; i < r.vectors.size(); ++i) {
    const auto& v = r.vectors[i];
    const char* s = status_name(v.status);
    o << "<tr class=\"" << s << "\" data-status=\"" << s << "\"><td class=\"mono\">";
    if (is_failure(v.status)) {
      o << "<a href=\"#f" << i << "\">" << html(v.id) << "</a>";
    } else {
      o << html(v.id);
    }
    o << "</td><td><span class=\"badge " << s << "\">" << s << "</span></td><td>";
    for (std::size_t k = 0; k < v.flags.size(); ++k) o << (k ? " " : "") << html(v.flags[k]);
    o << "</td><td>" << html(v.comment);
    if (!v.reason.empty()) o << "<br><small>" << html(v.reason) << "</small>";
    o << "</td></tr>\n";
  }
  o << "</tbody></table></details></section>\n<p class=\"meta\">vectors loaded in "
    << static_cast<long>(r.load_seconds * 1000) << " ms</p>\n</main><script>" << kScript
    << "</script>\n</body></html>\n";
  return valid_utf8(o.str());
}

}  // namespace fairvec::check
