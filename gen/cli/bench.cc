// `fairvec bench`: speed and memory measured in one run, reported as ratios so that the numbers
// mean the same on any machine. Targets (README.md, "Benchmarks") are checked and reported.
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <span>
#include <tuple>

#include "check/port_checker.h"
#include "cli/bench_search.h"
#include "cli/commands.h"
#include "cli/data_dir.h"
#include "cli/limits.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "port/protocol.h"
#include "schemes/crash.h"
#include "schemes/hmac_dice.h"
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

// verify_bench measures `fairvec verify`'s two heavy paths against their bare primitive on the
// OpenSSL backend, in one run: rolls verified per second over a 10^6-roll match (ten matches of
// kMaxMatchRolls = 100,000 rolls, the limit of one match, recorded rolls compared) against bare
// HMAC-SHA256 of the same key and message length, and crash-chain links per second against bare
// SHA-256 of the same bytes. Targets: each at least half its primitive's rate, i.e. at most 2
// primitives per roll or link.
// Returns the rolls verified per second.
double verify_bench(int reps, std::vector<Target>& targets) {
  namespace hd = fairvec::hmac_dice;
  const Backend& b = openssl_backend();
  const int R = std::min(reps, 3);
  volatile std::uint8_t sink = 0;
  hd::Match m;
  m.server_seed = Bytes(32, 0x42);
  m.client_seeds = {"0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210"};
  m.rolls = hd::kMaxMatchRolls;
  m.recorded = hd::verify_match(b, m).dice;
  const int matches = 10;
  const double roll_ns = median_ns(R, 1,
                                   [&](int) {
                                     for (int i = 0; i < matches; ++i)
                                       sink =
                                           sink ^ static_cast<std::uint8_t>(hd::verify_match(b, m).mismatches.size());
                                   }) /
                         (matches * static_cast<double>(hd::kMaxMatchRolls));
  const std::string msg = hd::message(m.client_seeds, 123456, 0);
  const double hmac_ns =
      median_ns(R, 1000000, [&](int) { sink = sink ^ b.hmac_sha256(ByteView(m.server_seed), as_bytes(msg))[0]; });
  std::cout << "\nverify dice, a 10^6-roll match (10 x 100000 rolls): " << std::setprecision(0) << 1e9 / roll_ns
            << " rolls/s; bare HMAC-SHA256: " << 1e9 / hmac_ns << " /s; ratio " << std::setprecision(2)
            << hmac_ns / roll_ns << "\n";
  targets.push_back({"verify dice: HMACs per roll", roll_ns / hmac_ns, 2, "x"});

  for (crash::Convention c : {crash::Convention::kBustabitV2, crash::Convention::kBustabit2025}) {
    const int links = 1000000;
    Digest start = b.sha256(std::string_view("bench chain"));
    const double link_ns = median_ns(R, 1,
                                     [&](int) {
                                       Digest l = start;
                                       for (int i = 0; i < links; ++i) l = crash::previous(c, l, b);
                                       sink = sink ^ l[0];
                                     }) /
                           links;
    const std::string text = to_hex(start);
    const double sha_ns = median_ns(R, links, [&](int) {
      sink = sink ^ (crash::hashes_raw_bytes(c) ? b.sha256(ByteView(start)) : b.sha256(text))[0];
    });
    const std::string name(crash::convention_name(c));
    std::cout << "verify crash, " << name << " chain: " << std::setprecision(0) << 1e9 / link_ns
              << " links/s; bare SHA-256 of the same " << (crash::hashes_raw_bytes(c) ? "32" : "64")
              << " bytes: " << 1e9 / sha_ns << " /s; ratio " << std::setprecision(2) << sha_ns / link_ns << "\n";
    targets.push_back({"verify crash " + name.substr(9) + ": SHA-256s per link", link_ns / sha_ns, 2, "x"});
  }
  std::cout << std::setprecision(1);
  return 1e9 / roll_ns;
}

// bench_checker runs the whole kit through `fairvec check-port` against `fairvec port` (this
// executable) and reports the time before the first request (loading transcripts and vector
// files), requests per second and the whole run; it adds the checker's targets.
void bench_checker(std::vector<Target>& targets) {
  check::CheckPortOptions o;
  o.command = {std::filesystem::read_symlink("/proc/self/exe").string(), "port"};
  o.vectors_dir = default_vectors_dir();
  o.echo_stderr = false;
  auto t0 = Clock::now();
  const check::CheckPortReport r = check::check_port(o);
  const double total_s = std::chrono::duration<double>(Clock::now() - t0).count();
  if (check::exit_code(r, true) != kExitOk) throw std::runtime_error("bench: fairvec port failed its own vectors");
  std::cout << "\ncheck-port against fairvec port: " << r.vectors.size() << " vectors, " << r.requests
            << " requests; loading " << std::setprecision(3) << r.load_seconds * 1000 << " ms, "
            << static_cast<long>(static_cast<double>(r.requests) / r.run_seconds) << " requests/s, whole run "
            << total_s << " s\n";
  targets.push_back({"check-port: loading, before request 1", r.load_seconds * 1000, 50, "ms"});
  targets.push_back({"check-port: whole kit vs fairvec port", total_s, 0.3, "s"});
}

// parse_limits reads --limit values NAME=VALUE (VALUE a finite number). Throws InputError naming
// --limit and the value's position in the list on a value without '=', an empty name, a name given
// twice or a VALUE that is not a number.
std::map<std::string, double> parse_limits(const std::vector<std::string>& values) {
  std::map<std::string, double> out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string& v = values[i];
    const std::string where = "--limit (value " + std::to_string(i + 1) + ")";
    const std::size_t eq = v.rfind('=');
    if (eq == std::string::npos || eq == 0) throw InputError(where, "'" + v + "' is not NAME=VALUE");
    const std::string name = v.substr(0, eq), number = v.substr(eq + 1);
    double limit = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), limit);
    if (number.empty() || ec != std::errc() || end != number.data() + number.size() || !std::isfinite(limit)) {
      throw InputError(where, "'" + number + "' is not a number");
    }
    if (!out.emplace(name, limit).second) throw InputError(where, "'" + name + "' is given twice");
  }
  return out;
}

}  // namespace

void add_bench_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("bench", "Measure speed and memory (ratios in one run) and check the targets");
  auto reps = std::make_shared<int>(7);
  cmd->add_option("--reps", *reps, "Rounds per measurement (the median is reported)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  auto as_json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *as_json, "Print the figures as one JSON object on stdout (the table goes to stderr)");
  auto limits = std::make_shared<std::vector<std::string>>();
  cmd->add_option("--limit", *limits,
                  "NAME=VALUE: replace the limit of the target NAME for this run (repeatable), e.g. to gate a "
                  "slower CI machine; a NAME that is no target of the run is bad input");
  cmd->callback([reps, as_json, limits, &action] {
    action = [reps, as_json, limits] {
      const std::map<std::string, double> overrides = parse_limits(*limits);  // before anything is measured
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
      // SHA-512 through the same interface (the hash is a parameter: core/crypto.h), for the
      // families built on it; the SHA-256 rows use the fixed-size Digest calls the schemes make.
      for (const auto& row : {std::tuple{"hmac_sha256 32 B (ns)", &msg32, true, Hash::kSha256},
                              std::tuple{"hmac_sha256 1 KiB (ns)", &msg1k, true, Hash::kSha256},
                              std::tuple{"sha256 32 B (ns)", &msg32, false, Hash::kSha256},
                              std::tuple{"sha256 1 KiB (ns)", &msg1k, false, Hash::kSha256},
                              std::tuple{"hmac_sha512 32 B (ns)", &msg32, true, Hash::kSha512},
                              std::tuple{"sha512 1 KiB (ns)", &msg1k, false, Hash::kSha512}}) {
        // Plain locals, not structured bindings: clang 14 cannot capture those in a lambda.
        const char* label = std::get<0>(row);
        const std::string* m = std::get<1>(row);
        const bool is_hmac = std::get<2>(row);
        const Hash hash = std::get<3>(row);
        std::vector<double> ns;
        for (const Backend* b : all_backends()) {
          std::array<std::uint8_t, kMaxDigestSize> out{};
          const std::span<std::uint8_t> to(out.data(), digest_size(hash));
          ns.push_back(median_ns(R, 20000, [&](int) {
            if (hash == Hash::kSha256) {
              Digest d = is_hmac ? b->hmac_sha256(key, *m) : b->sha256(*m);
              sink = sink ^ d[0];
            } else {
              if (is_hmac) {
                b->hmac(hash, as_bytes(key), as_bytes(*m), to);
              } else {
                b->digest(hash, as_bytes(*m), to);
              }
              sink = sink ^ out[0];
            }
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
        if (!vectors::load_kind(kind, default_vectors_dir(), doc, fails)) continue;
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
        std::cout << std::left << std::setw(44) << (first->op + " (" + kind.file + ")").substr(0, 43) << std::right
                  << std::setw(12) << ns << std::setw(16) << in_hmacs << "\n";
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
      for (const auto& kind : vectors::all_vector_kinds())
        (void)vectors::check_kind(kind, default_vectors_dir(), failures);
      double check_s = std::chrono::duration<double>(Clock::now() - t1).count();
      std::cout << "\ngenerate all vectors: " << std::setprecision(2) << gen_s << " s (" << tests
                << " tests); check all on " << all_backends().size() << " backends: " << check_s << " s\n";
      std::cout << "peak resident memory: " << peak_rss_kib() / 1024 << " MiB\n";
      targets.push_back({"generate all vectors", gen_s, 2, "s"});  // stored search results re-verified included
      targets.push_back({"check all vectors", check_s, 60, "s"});
      targets.push_back({"peak resident memory", static_cast<double>(peak_rss_kib()) / 1024,
                         static_cast<double>(kProcessMemoryBytes >> 20), "MiB"});
      targets.push_back(
          {"backend ratio cryptopp/openssl, HMAC 32 B", hmac_ns["cryptopp"] / hmac_ns["openssl"], 10, "x"});
      bench_checker(targets);

      const double match_rolls_per_s = verify_bench(R, targets);

      // 4. The search engine against the SHA-256 compression bound (cli/bench_search.cc), and the
      // match verification rate beside it.
      SearchBench sb = bench_search(std::max(3, R / 2));
      sb.match_rolls_per_s = match_rolls_per_s;
      sb.match_ratio = sb.bound > 0 ? match_rolls_per_s / sb.bound : 0;
      print_search_bench(sb);
      targets.push_back({"search engine 1 thread / bound", sb.one_thread_ratio, 0.8, "x", true});
      if (sb.threads >= 2) targets.push_back({"search engine all threads / 1 thread", sb.scaling, 1.8, "x", true});
      // hexwin's SHA-512 window search runs the portable compress512, about half of OpenSSL's bulk
      // SHA-512 (docs/bench.md): the floor holds the scan near that kernel's own ceiling.
      targets.push_back({"hexwin window search / SHA-512 bound", sb.window_ratio, 0.35, "x", true});

      for (const auto& entry : overrides) {
        // Plain references, not a structured binding: clang 14 cannot capture a binding in a lambda.
        const auto& name = entry.first;
        const auto& limit = entry.second;
        auto t = std::find_if(targets.begin(), targets.end(), [&](const Target& x) { return x.name == name; });
        if (t == targets.end()) {
          if (table_out) std::cout.rdbuf(table_out);
          std::string known;
          for (const auto& x : targets) known += (known.empty() ? "" : "; ") + x.name;
          throw InputError("--limit", "'" + name + "' is no target of this run (targets: " + known + ")");
        }
        t->limit = limit;
      }
      bool ok = true;
      std::cout << "\ntargets\n";
      for (const auto& t : targets) {
        std::cout << (t.ok() ? "  ok    " : "  MISSED") << " " << std::left << std::setw(44) << t.name << std::right
                  << std::setprecision(2) << t.value << " " << t.unit << (t.at_least ? " (at least " : " (limit ")
                  << t.limit << " " << t.unit << ")\n";
        ok = ok && t.ok();
      }
      if (table_out) {
        std::cout.rdbuf(table_out);
        json::Array ts;
        for (const auto& t : targets) {
          ts.push_back(json::Value::object(
              {{"name", t.name}, {"value", t.value}, {"limit", t.limit}, {"unit", t.unit}, {"ok", t.ok()}}));
        }
        std::cout << json::to_pretty(
            json::Value::object({{"search", search_bench_json(sb)},
                                 {"generateSeconds", gen_s},
                                 {"checkSeconds", check_s},
                                 {"peakResidentMiB", static_cast<double>(peak_rss_kib()) / 1024},
                                 {"targets", json::Value(std::move(ts))},
                                 {"ok", ok}}));
      }
      return ok ? kExitOk : kExitFailed;
    };
  });
}

}  // namespace fairvec::cli
