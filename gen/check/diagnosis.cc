#include "check/diagnosis.h"

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "core/bytes.h"
#include "core/crypto.h"

namespace fairvec::check {

namespace {
// The most kinds of difference the diagnosis states.
constexpr std::size_t kDiagnosisKinds = 5;
}  // namespace

namespace {

// answers_like tells whether |c|'s reply is |answer| (a wrong answer: empty for bad_input, else
// the result members it holds), under the rules a call's expectation is compared by.
bool answers_like(const CallRecord& c, const std::optional<json::Value>& answer) {
  if (!c.answered) return false;
  if (!answer) return !c.ok && c.error == "bad_input";
  if (!c.ok || !answer->is_object()) return false;
  for (const auto& [name, want] : answer->as_object()) {
    const json::Value* got = c.result.is_object() ? c.result.find(name) : nullptr;
    if (!got && c.unasked.is_object()) got = c.unasked.find(name);
    if (got) {
      if (json::to_line(*got) != json::to_line(want)) return false;
      continue;
    }
    auto d = c.unasked_digests.find(name);
    if (d == c.unasked_digests.end()) return false;
    if (default_backend().sha256(as_bytes(json::to_line(want))) != d->second) return false;
  }
  return true;
}

bool failing(Status s) { return s == Status::kFailed || s == Status::kExpectedFailure; }

std::string stem(const std::string& file) {
  const std::string suffix = "_test.json";
  if (file.size() > suffix.size() && file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return file.substr(0, file.size() - suffix.size());
  }
  return file;
}

}  // namespace

void diagnose(CheckPortReport& r) {
  Diagnosis d;
  d.available = !r.wrong_ports.empty();
  std::map<std::string, Suspect> by_name;
  std::map<std::string, std::set<std::size_t>> explains;  // name -> failing calls (numbered in run order)
  std::size_t call_no = 0;
  auto suspect = [&](const std::string& name) -> Suspect& {
    auto [it, fresh] = by_name.try_emplace(name);
    if (fresh) {
      it->second.name = name;
      if (auto n = r.wrong_ports.find(name); n != r.wrong_ports.end()) {
        it->second.family = n->second.family;
        it->second.description = n->second.description;
      }
    }
    return it->second;
  };
  for (auto& v : r.vectors) {
    v.explained_by.clear();
    if (v.status == Status::kSkipped) continue;
    const bool bad = failing(v.status);
    d.failing_vectors += bad;
    std::optional<std::set<std::string>> all;  // the wrong ports explaining every failing call so far
    std::set<std::string> contradicting;       // wrong ports a passing call of the vector contradicts
    bool unexplained = false;
    for (auto& c : v.calls) {
      c.like.clear();
      if (c.diff.empty()) {
        if (!c.answered) continue;  // not sent
        for (const auto& [name, answer] : c.wrong) {
          ++suspect(name).contradicted;
          contradicting.insert(name);
        }
        continue;
      }
      if (!bad) continue;
      ++d.failing_calls;
      ++call_no;
      for (const auto& [name, answer] : c.wrong) {
        if (answers_like(c, answer)) c.like.push_back(name);
      }
      for (const auto& name : c.like) {
        ++suspect(name).calls;
        explains[name].insert(call_no);
      }
      if (c.like.empty()) {
        unexplained = true;
        ++d.unexplained_calls;
        // Differences as evidence: each kind once per call.
        std::set<std::tuple<std::string, std::string>> seen;
        // A rounding is one kind whatever its digit range, narrowed over the calls that show it.
        for (const Difference& diff : c.differences) {
          const std::string path = pattern_of(diff.path);
          const std::string key = diff.rounding.empty() ? diff.how : "rounded " + diff.rounding;
          if (!seen.emplace(path, key).second) continue;
          auto it = std::find_if(d.kinds.begin(), d.kinds.end(), [&](const DifferenceKind& k) {
            return k.op == c.op && k.path == path && k.key == key;
          });
          if (it == d.kinds.end()) {
            d.kinds.push_back(
                {c.op, path, diff.how, 0, v.id, diff.expected, diff.actual, key, diff.rounding, diff.lo, diff.hi});
            it = d.kinds.end() - 1;
          } else if (!diff.rounding.empty()) {
            it->lo = std::max(it->lo, diff.lo);
            it->hi = std::min(it->hi, diff.hi);
            // Calls that agree on no one count leave the widest range they span.
            it->how = it->lo <= it->hi
                          ? rounding_how(it->rounding, it->lo, it->hi)
                          : "rounded to different numbers of " +
                                std::string(it->rounding == "significant" ? "significant digits" : "decimals");
          }
          ++it->calls;
        }
      }
      std::set<std::string> now(c.like.begin(), c.like.end());
      if (!all) {
        all = std::move(now);
      } else {
        std::set<std::string> both;
        std::set_intersection(all->begin(), all->end(), now.begin(), now.end(), std::inserter(both, both.end()));
        all = std::move(both);
      }
    }
    if (!bad) continue;
    if (unexplained) d.unexplained.push_back(v.id);
    if (!all) continue;
    for (const auto& name : *all) {
      if (contradicting.count(name)) continue;
      v.explained_by.push_back(name);
      Suspect& s = suspect(name);
      ++s.vectors;
      ++s.files[v.file];
      s.vector_ids.push_back(v.id);
    }
  }
  for (auto& [name, s] : by_name) {
    if (s.calls) d.suspects.push_back(std::move(s));
  }
  std::stable_sort(d.kinds.begin(), d.kinds.end(),
                   [](const DifferenceKind& a, const DifferenceKind& b) { return a.calls > b.calls; });
  // A passing call a wrong port answers otherwise is evidence against it as strong as a failing
  // call it explains is evidence for it: the rank is by the difference, then by calls explained.
  std::sort(d.suspects.begin(), d.suspects.end(), [](const Suspect& a, const Suspect& b) {
    const auto net = [](const Suspect& s) {
      return static_cast<long long>(s.calls) - static_cast<long long>(s.contradicted);
    };
    if (net(a) != net(b)) return net(a) > net(b);
    if (a.calls != b.calls) return a.calls > b.calls;
    return a.name < b.name;
  });
  // The opening names, best first, each wrong port that explains a failing call no better-ranked
  // one explains, and with it the wrong ports that explain exactly the same calls.
  std::set<std::size_t> covered;
  std::set<std::string> named;
  for (auto& s : d.suspects) {
    if (named.count(s.name)) continue;
    const auto& mine = explains[s.name];
    if (std::all_of(mine.begin(), mine.end(), [&](std::size_t k) { return covered.count(k) > 0; })) continue;
    s.leading = true;
    covered.insert(mine.begin(), mine.end());
    for (const auto& t : d.suspects) {
      if (t.name != s.name && t.contradicted == s.contradicted && explains[t.name] == mine) {
        s.same.push_back(t.name);
        named.insert(t.name);
      }
    }
  }
  r.diagnosis = std::move(d);
}

std::vector<std::string> diagnosis_lines(const Diagnosis& d) {
  std::vector<std::string> out;
  if (d.failing_vectors == 0) return out;
  if (!d.available) {
    out.push_back(
        "No diagnosis: this vector set carries no wrong answers (vectors/wrong_ports.json and "
        "wrong_answers/, from vector set 0.3.0).");
    return out;
  }
  bool first = true;
  for (const auto& s : d.suspects) {
    if (!s.leading) continue;
    std::vector<std::pair<std::size_t, std::string>> files;
    for (const auto& [file, n] : s.files) files.emplace_back(n, file);
    std::stable_sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::string where;
    for (const auto& [n, file] : files) where += (where.empty() ? "" : ", ") + stem(file) + " " + std::to_string(n);
    std::string line = std::string(first ? "Your port answers like " : "It also answers like ") +
                       (s.description.empty() ? s.name : "a port that " + s.description + " (" + s.name + ")") +
                       " on " + std::to_string(s.vectors) + " of " + std::to_string(d.failing_vectors) +
                       " failing vectors (" + (where.empty() ? "" : where + "; ") + std::to_string(s.calls) + " of " +
                       std::to_string(d.failing_calls) + " failing calls); ";
    line += s.contradicted == 0
                ? "no passing call contradicts it."
                : std::to_string(s.contradicted) + " passing call" + (s.contradicted == 1 ? "" : "s") + " contradict" +
                      (s.contradicted == 1 ? "s" : "") + " it (a port with that bug fails them).";
    if (!s.same.empty()) {
      line += " The same answers on these calls: ";
      for (std::size_t i = 0; i < s.same.size(); ++i) line += (i ? ", " : "") + s.same[i];
      line += ".";
    }
    out.push_back(std::move(line));
    first = false;
  }
  if (d.suspects.empty()) {
    out.push_back("No known wrong port explains any failing call: the failures below are new to the kit.");
  }
  if (!d.unexplained.empty()) {
    std::string line = std::to_string(d.unexplained.size()) + " failing vector" +
                       (d.unexplained.size() == 1 ? "" : "s") + " (" + std::to_string(d.unexplained_calls) +
                       " failing call" + (d.unexplained_calls == 1 ? "" : "s") +
                       ") not explained by any known wrong port: ";
    for (std::size_t i = 0; i < d.unexplained.size() && i < 5; ++i) line += (i ? ", " : "") + d.unexplained[i];
    if (d.unexplained.size() > 5) line += ", …";
    out.push_back(std::move(line));
  } else if (!d.suspects.empty()) {
    out.push_back("Every failing call is explained by a known wrong port.");
  }
  // How the unexplained calls differ (check/differences.h), the commonest kinds first.
  for (std::size_t i = 0; i < d.kinds.size() && i < kDiagnosisKinds; ++i) {
    const DifferenceKind& k = d.kinds[i];
    std::string line = "In " + std::to_string(k.calls) + " of those " + std::to_string(d.unexplained_calls) +
                       " calls, " + k.op + " " + k.path + " differs: " + k.how + " (" + k.vector + ": expected " +
                       (k.expected.empty() ? "it" : k.expected) + ", got " + (k.actual.empty() ? "none" : k.actual) +
                       ").";
    out.push_back(std::move(line));
  }
  if (d.kinds.size() > kDiagnosisKinds) {
    out.push_back("… and " + std::to_string(d.kinds.size() - kDiagnosisKinds) + " more kinds of difference.");
  }
  return out;
}

}  // namespace fairvec::check
