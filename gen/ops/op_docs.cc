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
      for (const Result& r : op->results) results += (results.empty() ? "" : "; ") + ("`" + r.name + "`: " + cell(r.kind->name));
      if (op->open_results) results += "; and more members (see the spec)";
      out += "| `" + op->name + "`" + (op->addition ? " (*addition*)" : "") + " | " + cell(op->summary) + " | " +
             (params.empty() ? "none" : params) + " | " + results + " |\n";
    }
  }
  return out;
}

std::string splice_generated(std::string_view doc, std::string_view begin, std::string_view end,
                             std::string_view body, std::string_view file) {
  std::size_t b = std::string_view::npos, e = std::string_view::npos, line = 1, b_line = 0;
  for (std::size_t pos = 0; pos < doc.size();) {
    std::size_t nl = doc.find('\n', pos);
    std::size_t stop = nl == std::string_view::npos ? doc.size() : nl + 1;
    std::string_view text = doc.substr(pos, (nl == std::string_view::npos ? doc.size() : nl) - pos);
    if (text == begin) {
      if (b != std::string_view::npos) throw InputError(std::string(file), "a second " + std::string(begin) + " at line " + std::to_string(line));
      b = stop;
      b_line = line;
    } else if (text == end) {
      if (b == std::string_view::npos || e != std::string_view::npos) {
        throw InputError(std::string(file), std::string(end) + " without " + std::string(begin) + " before it, at line " +
                                                std::to_string(line));
      }
      e = pos;
    }
    pos = stop;
    ++line;
  }
  if (b == std::string_view::npos) throw InputError(std::string(file), "no line " + std::string(begin));
  if (e == std::string_view::npos) {
    throw InputError(std::string(file), "no line " + std::string(end) + " after line " + std::to_string(b_line));
  }
  return std::string(doc.substr(0, b)) + std::string(body) + std::string(doc.substr(e));
}

}  // namespace fairvec::ops
