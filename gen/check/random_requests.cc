// --random N --seed S: N requests per listed op, each a kit request of that op with its hex and
// decimal strings redrawn and its small integers redrawn, answered by fairvec's own
// implementation (port::call) and by the port; the answers must agree (both bad_input, or equal
// results). Reproducible: the same seed and vectors give the same requests.
#include <map>

#include "check/session.h"
#include "core/crypto.h"
#include "core/splitmix64.h"
#include "vectors/vector_file.h"

namespace fairvec::check {

namespace {

bool all_of(const std::string& s, const char* set) {
  return !s.empty() && s.find_first_not_of(set) == std::string::npos;
}

json::Value redraw(const json::Value& v, SplitMix64& rng) {
  if (v.is_object()) {
    json::Object o;
    for (const auto& [k, m] : v.as_object()) o.emplace_back(k, redraw(m, rng));
    return json::Value(std::move(o));
  }
  if (v.is_array()) {
    json::Array a;
    for (const auto& m : v.as_array()) a.push_back(redraw(m, rng));
    return json::Value(std::move(a));
  }
  if (const auto* s = std::get_if<std::string>(&v.variant())) {
    std::string out = *s;
    if (all_of(*s, "0123456789")) {
      for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<char>('0' + (i == 0 && out.size() > 1 ? 1 + rng.next() % 9 : rng.next() % 10));
    } else if (all_of(*s, "0123456789abcdef")) {
      for (auto& c : out) c = "0123456789abcdef"[rng.next() % 16];
    }
    return out;
  }
  if (const auto* i = std::get_if<std::int64_t>(&v.variant())) {
    if (*i > 0 && *i <= 1000) return static_cast<std::int64_t>(1 + rng.next() % static_cast<std::uint64_t>(2 * *i));
  }
  return v;
}

}  // namespace

void run_random(Session& session, const CheckPortOptions& options, CheckPortReport& report) {
  std::map<std::string, std::vector<const json::Value*>> templates;
  for (const auto& r : report.vectors) {
    for (const auto& c : r.calls) {
      if (c.expected) templates[c.op].push_back(&c.params);
    }
  }
  SplitMix64 rng{options.seed};
  for (const auto& op : session.ops()) {
    auto t = templates.find(op);
    if (t == templates.end()) continue;
    for (std::size_t i = 0; i < options.random; ++i) {
      json::Value params = redraw(*t->second[rng.next() % t->second.size()], rng);
      Reply mine = port::call(op, params, default_backend());
      if (!mine.ok && mine.error != "bad_input") continue;
      if (!session.ready()) return;
      ++report.random_run;
      vectors::PortCall call{op, params, mine.ok ? std::optional<json::Value>(mine.result) : std::nullopt};
      const std::string request = json::to_line(json::Value::object({{"op", op}, {"params", params}}));
      try {
        Reply theirs = session.request(op, params);
        rapidjson::Document d;
        rapidjson::Value rv = theirs.result.to_rapidjson(d.GetAllocator());
        std::string diff = vectors::compare_reply(call, theirs.ok, theirs.ok ? &rv : nullptr, theirs.error);
        if (!diff.empty()) {
          report.random_failures.push_back("--seed " + std::to_string(options.seed) + " request " + request +
                                           ": " + diff);
        }
      } catch (const PortFailure& e) {
        report.random_failures.push_back("--seed " + std::to_string(options.seed) + " request " + request +
                                         ": port failure: " + e.what());
        session.broke("random " + op, e.what());
      }
    }
  }
}

}  // namespace fairvec::check
