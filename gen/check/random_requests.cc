// --random N --seed S: per op the port lists (and the selection keeps), random inputs built from
// the op table's parameter Kinds (ops::random_valid_params) until N of them are valid, each
// answered by fairvec's own implementation (the op's handler, through port::call) and by the
// port; the answers must agree (equal results on the members the selected vectors ask of the op,
// or both bad_input). An input the handler rejects
// (the params do not fit together) is compared too but not counted in N. Each op draws from its
// own stream, seeded from S and the op's name, so the same seed sends the same requests and
// `--only OP` reproduces one op's requests exactly. A port that declared a scope for an op gets
// only inputs inside it: a draw outside is drawn again (up to kScopeRedraws times, so values
// that fit together stay together), then the scoped params are set to declared values.
#include <map>
#include <set>
#include <vector>

#include "check/patterns.h"
#include "check/session.h"
#include "check/text_safety.h"
#include "core/byte_reader.h"
#include "core/crypto.h"
#include "core/splitmix64.h"
#include "ops/op_table.h"
#include "port/protocol.h"
#include "vectors/vector_file.h"

namespace fairvec::check {

namespace {

constexpr std::size_t kDrawBytes = 8192;       // the random bytes one input is built from
constexpr std::size_t kAttemptsPerValid = 20;  // then the op stops short of N (a warning says so)
constexpr std::size_t kScopeRedraws = 16;      // draws outside a declared scope, then its values are set

// op_seed mixes |seed| with the FNV-1a hash of |op|: one independent stream per op. It cannot fail.
std::uint64_t op_seed(std::uint64_t seed, const std::string& op) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : op) h = (h ^ c) * 0x100000001b3ULL;
  SplitMix64 mix{seed ^ h};
  return mix.next();
}

// selected reports whether --random covers |op|: a --skip pattern naming the op drops it; with
// --only, a pattern must name the op or a selected vector must call it. It cannot fail.
bool selected(const std::string& op, const CheckPortOptions& options, const CheckPortReport& report) {
  for (const auto& p : options.skip) {
    if (glob_match(p, op)) return false;
  }
  if (options.only.empty()) return true;
  for (const auto& p : options.only) {
    if (glob_match(p, op)) return true;
  }
  for (const auto& r : report.vectors) {
    for (const auto& c : r.calls) {
      if (c.op == op) return true;
    }
  }
  return false;
}

// asked returns, per op, the result members the selected vectors expect of it: a port need not
// return the rest (specs/port-protocol.md), so a random reply is compared on these only. It
// cannot fail.
std::map<std::string, std::set<std::string>> asked(const CheckPortReport& report) {
  std::map<std::string, std::set<std::string>> out;
  for (const auto& r : report.vectors) {
    for (const auto& c : r.calls) {
      if (!c.expected || !c.expected->is_object()) continue;
      for (const auto& [k, v] : c.expected->as_object()) out[c.op].insert(k);
    }
  }
  return out;
}

// only_members returns |result| without the members not in |names|. It cannot fail.
json::Value only_members(const json::Value& result, const std::set<std::string>& names) {
  if (!result.is_object()) return result;
  json::Object o;
  for (const auto& [k, v] : result.as_object()) {
    if (names.count(k)) o.emplace_back(k, v);
  }
  return json::Value(std::move(o));
}

// shell_word returns |s| quoted for a POSIX shell when it needs quoting. It cannot fail.
std::string shell_word(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:@+,") ==
                        std::string::npos) {
    return s;
  }
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

void run_random(Session& session, const CheckPortOptions& options, CheckPortReport& report) {
  std::string command;
  for (const auto& w : options.command) command += " " + shell_word(w);
  const auto members = asked(report);
  const std::set<std::string> listed = session.ops();  // a copy: a restart replaces the set
  for (const std::string& op : listed) {
    const ops::OpSpec* spec = ops::table().find(op);
    if (!spec || !selected(op, options, report)) continue;
    std::set<std::string> compared;
    if (auto m = members.find(op); m != members.end()) {
      compared = m->second;
    } else {  // no selected vector asks this op for anything: its declared result members
      for (const auto& r : spec->results) compared.insert(r.name);
    }
    RandomOpCount& count = report.random_ops[op];
    SplitMix64 rng{op_seed(options.seed, op)};
    std::vector<std::uint8_t> bytes(kDrawBytes);
    const std::size_t attempts = kAttemptsPerValid * options.random;
    for (std::size_t i = 1; count.valid < options.random && i <= attempts; ++i) {
      json::Value params;
      for (std::size_t redraw = 0; redraw <= kScopeRedraws; ++redraw) {
        for (auto& b : bytes) b = rng.byte();
        fuzz::ByteReader in(bytes.data(), bytes.size());
        params = ops::random_valid_params(*spec, in);
        if (session.outside_scope(op, params).empty()) break;
        if (redraw == kScopeRedraws) {  // set each scoped param to one of its declared values
          for (const auto& [param, values] : session.scope().at(op)) {
            params.set(param, values[static_cast<std::size_t>(rng.next() % values.size())]);
          }
        }
      }
      Reply mine = port::call(op, params, default_backend());
      if (!mine.ok && mine.error != "bad_input") continue;
      if (!session.ready()) return;
      ++(mine.ok ? count.valid : count.invalid);
      ++report.random_run;
      vectors::PortCall call{op, params,
                             mine.ok ? std::optional<json::Value>(only_members(mine.result, compared)) : std::nullopt};
      auto fail = [&](const std::string& what) {
        if (++count.failed > kRandomFailuresKept) return;
        report.random_failures.push_back("--seed " + std::to_string(options.seed) + " op " + op + " input " +
                                         std::to_string(i) +
                                         (mine.ok ? " (valid)" : " (invalid: " + mine.message + ")") + " params " +
                                         json::to_line(params) + ": " + capped(what, kReplyExcerptBytes) +
                                         "; reproduce: fairvec check-port --random " + std::to_string(options.random) +
                                         " --seed " + std::to_string(options.seed) + " --only " + op + " --" + command);
      };
      try {
        Answer theirs = session.request(op, params, &compared);
        rapidjson::Document d;
        rapidjson::Value rv = theirs.result.to_rapidjson(d.GetAllocator());
        std::string diff = vectors::compare_reply(call, theirs.ok, theirs.ok ? &rv : nullptr, theirs.error);
        if (!diff.empty()) fail(diff);
      } catch (const PortFailure& e) {
        fail(std::string("port failure: ") + e.what());
        session.broke("random " + op, e.what());
      }
    }
    if (count.valid < options.random) {
      report.warnings.push_back("--random: op " + op + " reached " + std::to_string(count.valid) + " valid inputs of " +
                                std::to_string(options.random) + " in " + std::to_string(attempts) + " draws");
    }
  }
}

}  // namespace fairvec::check
