// `fairvec bench`: speed and memory measured in one run, reported as ratios so that the numbers
// mean the same on any machine. Targets (README.md, "Benchmarks") are checked and reported.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <tuple>

#include "cli/bench_search.h"
#include "cli/commands.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "port/protocol.h"
#include "vectors/vector_file.h"

namespace fairvec::cli {

namespace {

using Clock = std::chrono::steady_clock;

// median_ns times |fn| over |reps| rounds of |iters| calls and returns the median ns per call.
template <typename Fn>
double median_ns(int reps, int iters, Fn&& fn) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto start = Clock::now();
    for (int i = 0; i < iters; ++i) fn(i);
    t.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count() / iters);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

long peak_rss_kib() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

struct Target {
  std::string name;
  double value;
  double limit;
  std::string unit;
  bool at_least = false;  // the value must reach the limit instead of staying under it
  bool ok() const { return at_least ? value >= limit : value <= limit; }
};

}  // namespace

void add_bench_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("bench", "Measure speed and memory (ratios in one run) and check the targets");
  auto reps = std::make_shared<int>(7);
  cmd->add_option("--reps", *reps, "Rounds per measurement (the median is reported)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  auto as_json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *as_json, "Print the figures as one JSON object on stdout (the table goes to stderr)");
  cmd->callback([reps, as_json, &action] {
    action = [reps, as_json] {
      const int R = *reps;
      // With --json the table goes to stderr and stdout carries only the JSON object.
      std::streambuf* table_out = *as_json ? std::cout.rdbuf(std::cerr.rdbuf()) : nullptr;
      std::cout << std::fixed << std::setprecision(1);
      std::vector<Target> targets;

      // 1. The two backends on the primitive every scheme is built from.
      std::string msg32(32, 'm'), msg1k(1024, 'm'), key(32, 'k');
      volatile std::uint8_t sink = 0;
      std::map<std::string, double> hmac_ns;
      std::cout << "primitive                      ";
      for (const Backend* b : all_backends()) std::cout << std::setw(12) << b->name();
      std::cout << "   ratio\n";
      for (const auto& row : {std::tuple{"hmac_sha256 32 B (ns)", &msg32, true},
                              std::tuple{"hmac_sha256 1 KiB (ns)", &msg1k, true},
                              std::tuple{"sha256 32 B (ns)", &msg32, false},
                              std::tuple{"sha256 1 KiB (ns)", &msg1k, false}}) {
        // Plain locals, not structured bindings: clang 14 cannot capture those in a lambda.
        const char* label = std::get<0>(row);
        const std::string* m = std::get<1>(row);
        const bool is_hmac = std::get<2>(row);
        std::vector<double> ns;
        for (const Backend* b : all_backends()) {
          ns.push_back(median_ns(R, 20000, [&](int) {
            Digest d = is_hmac ? b->hmac_sha256(key, *m) : b->sha256(*m);
            sink = sink ^ d[0];
          }));
        }
        if (std::string(label) == "hmac_sha256 32 B (ns)") {
          for (std::size_t i = 0; i < ns.size(); ++i) hmac_ns[std::string(all_backends()[i]->name())] = ns[i];
        }
        std::cout << std::left << std::setw(31) << label << std::right;
        for (double x : ns) std::cout << std::setw(12) << x;
        std::cout << std::setw(8) << std::setprecision(2) << ns[0] / ns[1] << std::setprecision(1) << "\n";
      }

      // 2. Every port op, in-process, on the first valid vector of each file, in units of one
      //    HMAC-SHA256 of a 32-byte message on the same backend: what an op costs beyond its crypto.
      std::cout << "\nport op (first valid vector of each file)   ns/call (openssl)   HMACs/call\n";
      const Backend& b = openssl_backend();
      double worst_json_overhead = 0;
      std::string worst_op;
      for (const auto& kind : vectors::all_vector_kinds()) {
        rapidjson::Document doc;
        std::vector<vectors::Failure> fails;
        if (!vectors::load_kind(kind, FAIRVEC_DEFAULT_VECTORS, doc, fails)) continue;
        std::optional<vectors::PortCall> first;
        vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
          if (first) return;
          for (auto& c : kind.port_calls(t)) {
            if (c.result) {
              first = c;
              return;
            }
          }
        });
        if (!first) continue;
        rapidjson::Document pd;
        rapidjson::Value params = first->params.to_rapidjson(pd.GetAllocator());
        double ns = median_ns(R, 200, [&](int) {
          port::Reply r = port::call(first->op, params, b);
          sink = sink ^ static_cast<std::uint8_t>(r.ok);
        });
        double in_hmacs = ns / hmac_ns["openssl"];
        std::cout << std::left << std::setw(44) << (first->op + " (" + kind.file + ")").substr(0, 43)
                  << std::right << std::setw(12) << ns << std::setw(16) << in_hmacs << "\n";
        if (first->op == "hmac_dice.roll" && in_hmacs > worst_json_overhead) {
          worst_json_overhead = in_hmacs;
          worst_op = first->op;
        }
      }
      if (!worst_op.empty()) targets.push_back({"hmac_dice.roll via port, in HMACs", worst_json_overhead, 50, "x"});

      // 3. The main job: generate every vector file in memory, then check every file.
      auto t0 = Clock::now();
      std::size_t tests = 0;
      for (const auto& kind : vectors::all_vector_kinds()) {
        json::Value v = kind.generate();
        tests += static_cast<std::size_t>(std::get<std::int64_t>(v.find("numberOfTests")->variant()));
      }
      double gen_s = std::chrono::duration<double>(Clock::now() - t0).count();
      auto t1 = Clock::now();
      std::vector<vectors::Failure> failures;
      for (const auto& kind : vectors::all_vector_kinds()) (void)vectors::check_kind(kind, FAIRVEC_DEFAULT_VECTORS, failures);
      double check_s = std::chrono::duration<double>(Clock::now() - t1).count();
      std::cout << "\ngenerate all vectors: " << std::setprecision(2) << gen_s << " s (" << tests
                << " tests); check all on " << all_backends().size() << " backends: " << check_s << " s\n";
      std::cout << "peak resident memory: " << peak_rss_kib() / 1024 << " MiB\n";
      targets.push_back({"generate all vectors", gen_s, 30, "s"});
      targets.push_back({"check all vectors", check_s, 60, "s"});
      targets.push_back({"peak resident memory", static_cast<double>(peak_rss_kib()) / 1024, 512, "MiB"});
      targets.push_back({"backend ratio cryptopp/openssl, HMAC 32 B", hmac_ns["cryptopp"] / hmac_ns["openssl"], 10, "x"});

      // 4. The search engine against the SHA-256 compression bound (cli/bench_search.cc).
      const SearchBench sb = bench_search(std::max(3, R / 2));
      print_search_bench(sb);
      targets.push_back({"search engine 1 thread / bound", sb.one_thread_ratio, 0.8, "x", true});
      if (sb.threads >= 2) targets.push_back({"search engine all threads / 1 thread", sb.scaling, 1.8, "x", true});

      bool ok = true;
      std::cout << "\ntargets\n";
      for (const auto& t : targets) {
        std::cout << (t.ok() ? "  ok    " : "  MISSED") << " " << std::left << std::setw(44) << t.name << std::right
                  << std::setprecision(2) << t.value << " " << t.unit << (t.at_least ? " (at least " : " (limit ") << t.limit << " "
                  << t.unit << ")\n";
        ok = ok && t.ok();
      }
      if (table_out) {
        std::cout.rdbuf(table_out);
        json::Array ts;
        for (const auto& t : targets) {
          ts.push_back(json::Value::object({{"name", t.name}, {"value", t.value}, {"limit", t.limit}, {"unit", t.unit}, {"ok", t.ok()}}));
        }
        std::cout << json::to_pretty(json::Value::object({{"search", search_bench_json(sb)},
                                                          {"generateSeconds", gen_s}, {"checkSeconds", check_s},
                                                          {"peakResidentMiB", static_cast<double>(peak_rss_kib()) / 1024},
                                                          {"targets", json::Value(std::move(ts))}, {"ok", ok}}));
      }
      return ok ? kExitOk : kExitFailed;
    };
  });
}

}  // namespace fairvec::cli
