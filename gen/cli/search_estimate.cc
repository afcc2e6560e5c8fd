// `fairvec search estimate`: planning figures for a deep search. A candidate is a hit when its MAC
// starts with exactly k skipped bytes: each byte is skipped with probability 4/256 = 2^-6 (bytes
// 252..255), so p = 2^-6k · (1 − 2^-6) (tavla-skip-derived also never counts n = 0: one counter in
// 2^32); or, for hexwin-skip, exactly k rejected windows, each with q = 48576 / 2^20, so
// p = q^k · (1 − q) (search/spec.h's SearchClass::hit_probability). The first hit is geometric in the candidates
// scanned: expected 1/p, and 9 searches in 10 are done after ln(10)/(−ln(1 − p)) ≈ 2.3/p. The rate is the engine's on
// one core, measured in the same run for each class (or given by --rate), so core-hours and the shards needed for a
// wall time (--wall-hours, --threads-per-shard) follow (specs/search.md, "Planning").
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "cli/search_commands.h"
#include "core/errors.h"
#include "core/json.h"
#include "search/spec.h"

namespace fairvec::cli {

namespace {

// tavla-skip is left out: its 2^32 n hold a depth-6 hit only 1 time in 16 (tavla-skip-derived).
const std::vector<std::string> kClasses = {"hmac-dice-skip", "tavla-skip-derived", "hexwin-skip"};

struct EstimateOptions {
  std::vector<unsigned> depths = {6, 7, 8};
  std::vector<std::string> classes = kClasses;
  double rate = 0;  // candidates per second per core; 0: measure
  double measure_seconds = 1;
  double wall_hours = 24;
  unsigned threads_per_shard = 1;
  bool json = false;
};

// probe_spec is a fixed search of |cls| used only to time the engine (the deepest depth: no hit ends
// a timed range early).
search::SearchSpec probe_spec(const std::string& cls) {
  search::SearchSpec s;
  s.cls = cls;
  s.seed = cls == "hmac-dice-skip" ? std::string(64, '5') : "fairvec/estimate";
  if (cls == "hmac-dice-skip") {
    s.clients = {"estimate-1", "estimate-2"};
  } else if (cls == "hexwin-skip") {
    s.convention = "primedice";
    s.clients = {"estimate"};
    s.from = 0;
  } else {
    s.game = "00000000-0000-4000-8000-000000000000";
    s.contributions = {std::string(64, 'a'), std::string(64, 'b')};
  }
  s.depth = search::find_class(cls).max_depth;
  s.from = search::find_class(cls).min_counter;
  s.to = search::max_counter(cls);
  return s;
}

// measure_rate returns candidates per second of the default kernel on this thread for |cls|.
double measure_rate(const std::string& cls, double seconds) {
  const search::CompiledSpec c(probe_spec(cls));
  const search::Kernel k = search::fastest_kernel();
  std::uint64_t done = 0, step = 1u << 16;
  const auto start = std::chrono::steady_clock::now();
  double t = 0;
  while (t < seconds) {
    if (c.first_hit(1000000 + done, 1000000 + done + step - 1, k))
      throw std::logic_error("estimate: a hit of the deepest depth");
    done += step;
    t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (t < seconds / 8) step *= 2;
  }
  return static_cast<double>(done) / t;
}

struct Row {
  std::string cls;
  unsigned depth = 0;
  double p = 0, expected = 0, p90 = 0, rate = 0, core_hours = 0, p90_core_hours = 0, wall_hours_at_shards = 0;
  std::uint64_t shards = 0;
};

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

std::string sci(double v) {
  std::ostringstream s;
  s << std::setprecision(3) << v;
  return s.str();
}

int run_estimate(const EstimateOptions& o) {
  for (const auto& c : o.classes) {
    if (std::find(kClasses.begin(), kClasses.end(), c) == kClasses.end()) {
      throw InputError("--class", "'" + c +
                                      "' is not hmac-dice-skip, tavla-skip-derived or hexwin-skip (tavla-skip's "
                                      "2^32 n hold a depth-6 hit only 1 time in 16)");
    }
    const unsigned top = search::find_class(c).max_depth;
    for (unsigned d : o.depths) {
      if (d < 1 || d > top)
        throw InputError("--depth", std::to_string(d) + " is not between 1 and " + std::to_string(top) + " for " + c);
    }
  }
  if (!(o.rate >= 0) || !std::isfinite(o.rate))
    throw InputError("--rate", "must be a rate above 0 candidates per second");
  if (!(o.wall_hours > 0) || !std::isfinite(o.wall_hours)) throw InputError("--wall-hours", "must be above 0");
  if (!(o.measure_seconds > 0) || o.measure_seconds > 60)
    throw InputError("--measure-seconds", "must be above 0 and at most 60");
  std::map<std::string, double> rates;
  for (const auto& c : o.classes) rates[c] = o.rate > 0 ? o.rate : measure_rate(c, o.measure_seconds);
  std::vector<Row> rows;
  for (const auto& c : o.classes) {
    for (unsigned d : o.depths) {
      Row r{c, d};
      r.p = search::find_class(c).hit_probability(d);
      r.expected = 1 / r.p;
      r.p90 = std::log(10.0) / -std::log1p(-r.p);
      r.rate = rates[c];
      r.core_hours = r.expected / r.rate / 3600;
      r.p90_core_hours = r.p90 / r.rate / 3600;
      r.shards = static_cast<std::uint64_t>(std::ceil(r.p90_core_hours / (o.wall_hours * o.threads_per_shard)));
      r.shards = std::max<std::uint64_t>(r.shards, 1);
      r.wall_hours_at_shards = r.core_hours / (static_cast<double>(r.shards) * o.threads_per_shard);
      rows.push_back(r);
    }
  }
  if (o.json) {
    json::Array a;
    for (const auto& r : rows) {
      a.push_back(json::Value::object({{"class", r.cls},
                                       {"depth", static_cast<std::int64_t>(r.depth)},
                                       {"probability", r.p},
                                       {"expectedCandidates", std::round(r.expected)},
                                       {"p90Candidates", std::round(r.p90)},
                                       {"ratePerCore", std::round(r.rate)},
                                       {"coreHours", r.core_hours},
                                       {"p90CoreHours", r.p90_core_hours},
                                       {"shards", static_cast<std::int64_t>(r.shards)},
                                       {"expectedWallHours", r.wall_hours_at_shards}}));
    }
    std::cout << json::to_pretty(
        json::Value::object({{"rate", o.rate > 0 ? "given" : "measured"},
                             {"wallHours", o.wall_hours},
                             {"threadsPerShard", static_cast<std::int64_t>(o.threads_per_shard)},
                             {"rows", json::Value(std::move(a))}}));
    return kExitOk;
  }
  std::cout << "rate: "
            << (o.rate > 0
                    ? "given (--rate)"
                    : "measured now, one thread, kernel " + std::string(search::kernel_name(search::fastest_kernel())) +
                          " (hexwin-skip: portable)")
            << "; shards: 9 searches in 10 finish within " << fixed(o.wall_hours, 1) << " h on " << o.threads_per_shard
            << " thread(s) per shard\n\n";
  std::cout << "| class | depth | p per candidate | expected candidates | 90% within | rate per core (/s) | "
               "core-hours (expected) | core-hours (90%) | shards | expected wall hours |\n"
               "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : rows) {
    std::cout << "| " << r.cls << " | " << r.depth << " | " << sci(r.p) << " | " << sci(r.expected) << " | "
              << sci(r.p90) << " | " << fixed(r.rate, 0) << " | " << fixed(r.core_hours, 1) << " | "
              << fixed(r.p90_core_hours, 1) << " | " << r.shards << " | " << fixed(r.wall_hours_at_shards, 1) << " |\n";
  }
  return kExitOk;
}

}  // namespace

void add_search_estimate_command(CLI::App& search, Action& action) {
  auto* cmd = search.add_subcommand(
      "estimate",
      "Planning figures for deep searches: per class and depth, the expected candidates (and the 90% point), "
      "core-hours at the engine's rate on one core (measured now, or --rate), and the shards that finish 9 "
      "searches in 10 within --wall-hours");
  auto o = std::make_shared<EstimateOptions>();
  cmd->add_option("--depth", o->depths, "Depths (default 6 7 8)")->delimiter(',');
  cmd->add_option("--class", o->classes, "hmac-dice-skip, tavla-skip-derived, hexwin-skip (default all three)")
      ->delimiter(',');
  cmd->add_option("--rate", o->rate,
                  "Candidates per second per core (e.g. from `fairvec bench --json`); default: measure");
  cmd->add_option("--measure-seconds", o->measure_seconds, "Seconds to measure each class's rate")
      ->capture_default_str();
  cmd->add_option("--wall-hours", o->wall_hours, "Target wall time of the sharded search")->capture_default_str();
  cmd->add_option("--threads-per-shard", o->threads_per_shard, "Threads each shard runs (--threads)")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the figures as JSON");
  cmd->callback([o, &action] { action = [o] { return run_estimate(*o); }; });
}

}  // namespace fairvec::cli
