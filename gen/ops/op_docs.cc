#include "ops/op_docs.h"

#include <map>
#include <vector>

#include "core/errors.h"

namespace fairvec::ops {

namespace {

std::string cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

std::string param_text(const Param& p) {
  if (!p.members.empty()) {
    std::string s;
    for (const Param& m : p.members) s += (s.empty() ? "" : "; ") + param_text(m);
    return s + " (read together: " + cell(p.kind->name) + ")";
  }
  return "`" + p.name + "`" + (p.optional ? " (optional)" : "") + ": " + cell(p.kind->name);
}

}  // namespace

std::string render_op_reference(const Table& t) {
  std::map<std::string, std::vector<const OpSpec*>> by_spec;
  for (const OpSpec& op : t.ops()) by_spec[op.spec].push_back(&op);
  std::string out =
      "Generated from the op table (`gen/ops/`) by `fairvec generate`; do not edit by hand. "
      "*Addition*: not in protocol v1's minimum.\n";
  for (const auto& [spec, ops] : by_spec) {
    out += "\n#### [" + spec + "](" + spec + ")\n\n| op | what | params | result |\n|---|---|---|---|\n";
    for (const OpSpec* op : ops) {
      std::string params, results;
      for (const Param& p : op->params) params += (params.empty() ? "" : "; ") + param_text(p);
      for (const Result& r : op->results)
        results += (results.empty() ? "" : "; ") + ("`" + r.name + "`: " + cell(r.kind->name)) +
                   (r.addition ? " (fairvec's addition)" : "");
      if (op->open_results) results += "; and more members (see the spec)";
      out += "| `" + op->name + "`" + (op->addition ? " (*addition*)" : "") + " | " + cell(op->summary) + " | " +
             (params.empty() ? "none" : params) + " | " + results + " |\n";
    }
  }
  return out;
}

}  // namespace fairvec::ops
