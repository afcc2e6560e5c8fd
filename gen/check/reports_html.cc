// The --html rendering: one self-contained page (no external resources) with the totals, a table
// of flags x results, and every vector as a row; failures are expanded, and a text box and a
// status menu filter the rows. The page's script recounts the visible rows into #shown-*.
#include <map>
#include <sstream>
#include <tuple>

#include "check/reports.h"
#include "check/text_safety.h"

namespace fairvec::check {

namespace {

// html escapes markup, and writes visibly (escape_controls) every character HTML text must not
// hold: controls other than tab and line feed, noncharacters, bytes that are not UTF-8.
std::string html(const std::string& s) {
  std::string o;
  for (char c : escape_controls(s, "\t\n")) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

constexpr const char* kStyle = R"(body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
.passed{background:#e8f5e9}.failed,.unexpected-pass{background:#ffebee}.skipped{background:#f5f5f5}
.expected-failure{background:#fff8e1}pre{white-space:pre-wrap;margin:0}td.n{text-align:right})";

constexpr const char* kScript = R"(function filt(){var q=document.getElementById('q').value.toLowerCase(),
s=document.getElementById('st').value,n={};document.querySelectorAll('#vectors tbody tr').forEach(function(r){
var show=(!s||r.dataset.status==s)&&(!q||r.textContent.toLowerCase().indexOf(q)>=0);r.style.display=show?'':'none';
if(show)n[r.dataset.status]=(n[r.dataset.status]||0)+1;});['passed','failed','skipped','expected-failure',
'unexpected-pass'].forEach(function(k){document.getElementById('shown-'+k).textContent=n[k]||0;});}
document.addEventListener('DOMContentLoaded',filt);)";

}  // namespace

std::string html_report(const CheckPortReport& r, int exit) {
  Counts t = totals(r);
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>fairvec check-port: "
    << html(r.port_name) << "</title><style>" << kStyle << "</style></head><body>\n<h1>fairvec check-port: "
    << html(r.port_name.empty() ? "(unnamed port)" : r.port_name) << "</h1>\n<p>exit code <b id=\"exit\">" << exit
    << "</b>";
  if (r.stopped) o << " — stopped: " << html(r.stop_reason);
  o << "</p>\n<table id=\"totals\"><tr><th>status</th><th>vectors</th><th>shown</th></tr>\n";
  const std::pair<const char*, std::size_t> rows[] = {{"passed", t.passed},
                                                      {"failed", t.failed},
                                                      {"skipped", t.skipped},
                                                      {"expected-failure", t.expected_failures},
                                                      {"unexpected-pass", t.unexpected_passes}};
  for (const auto& [name, n] : rows) {
    o << "<tr class=\"" << name << "\"><td>" << name << "</td><td class=\"n\" id=\"count-" << name << "\">" << n
      << "</td><td class=\"n\" id=\"shown-" << name << "\"></td></tr>\n";
  }
  o << "</table>\n";
  for (const auto& w : r.warnings) o << "<p>warning: " << html(w) << "</p>\n";
  for (const auto& b : r.breaks) {
    o << "<details open><summary>port failure " << html(b.vector_id.empty() ? "at start-up" : "during " + b.vector_id)
      << "</summary><pre>" << html(b.what + "\nthe port: " + b.how_it_ended);
    for (const auto& l : b.stderr_tail) o << "\n| " << html(l);
    o << "</pre></details>\n";
  }
  // Flags x results.
  std::map<std::tuple<std::string, std::string>, Counts> flags;
  for (const auto& v : r.vectors) {
    for (const auto& f : v.flags) flags[{v.file, f}].add(v.status);
  }
  o << "<h2>Flags</h2>\n<table id=\"flags\"><thead><tr><th>file</th><th>flag</th><th>bugType</th><th>passed</th>"
       "<th>failed</th><th>skipped</th><th>expected failures</th><th>description</th></tr></thead><tbody>\n";
  for (const auto& [key, c] : flags) {
    const auto& [file, flag] = key;
    const FlagNote& n = note_of(r, file, flag);
    o << "<tr class=\"" << (c.failed || c.unexpected_passes ? "failed" : c.passed ? "passed" : "skipped") << "\"><td>"
      << html(file) << "</td><td>" << html(flag) << "</td><td>" << html(n.bug_type) << "</td><td class=\"n\">"
      << c.passed << "</td><td class=\"n\">" << c.failed + c.unexpected_passes << "</td><td class=\"n\">" << c.skipped
      << "</td><td class=\"n\">" << c.expected_failures << "</td><td>" << html(n.description) << "</td></tr>\n";
  }
  o << "</tbody></table>\n<h2>Vectors</h2>\n<p><input id=\"q\" placeholder=\"filter (file, flag, op, text)\" "
       "oninput=\"filt()\"> <select id=\"st\" onchange=\"filt()\"><option value=\"\">every status</option>";
  for (const auto& [name, n] : rows) o << "<option>" << name << "</option>";
  o << "</select></p>\n<table id=\"vectors\"><thead><tr><th>vector</th><th>status</th><th>flags</th><th>comment</th>"
       "</tr></thead><tbody>\n";
  for (const auto& v : r.vectors) {
    const char* s = status_name(v.status);
    o << "<tr class=\"" << s << "\" data-status=\"" << s << "\"><td>" << html(v.id) << "</td><td>" << s << "</td><td>";
    for (std::size_t i = 0; i < v.flags.size(); ++i) o << (i ? " " : "") << html(v.flags[i]);
    o << "</td><td>" << html(v.comment);
    if (v.status == Status::kFailed || v.status == Status::kUnexpectedPass) {
      o << "<details open><summary>details</summary><pre>" << html(failure_text(r, v)) << "</pre></details>";
    } else if (!v.reason.empty()) {
      o << "<br><small>" << html(v.reason) << "</small>";
    }
    o << "</td></tr>\n";
  }
  o << "</tbody></table>\n<script>" << kScript << "</script>\n</body></html>\n";
  return valid_utf8(o.str());
}

}  // namespace fairvec::check
