// The search engine's part of `fairvec bench` (cli/bench_search.h).
#include "cli/bench_search.h"

#include <openssl/sha.h>

#include <cryptopp/sha.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <thread>
#include <vector>

#include "core/crypto.h"
#include "schemes/hmac_dice.h"
#include "search/chunked.h"
#include "search/sha512.h"
#include "search/spec.h"
#include "search/window_scan.h"
#include "vectors/vector_file.h"

namespace fairvec::cli {

namespace {

using Clock = std::chrono::steady_clock;

template <typename Fn>
double seconds_of(Fn&& fn) {
  const auto t0 = Clock::now();
  fn();
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// compressions_per_s: one stream of dependent Crypto++ SHA256::Transform calls, and OpenSSL's
// SHA-256 over 1 MiB (its bulk path); the faster one.
double compressions_per_s() {
  CryptoPP::word32 state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  CryptoPP::word32 block[16] = {1};
  constexpr int kBlocks = 200000;
  const double cpp = kBlocks / seconds_of([&] {
                       for (int i = 0; i < kBlocks; ++i) {
                         CryptoPP::SHA256::Transform(state, block);
                         block[0] = state[0];
                       }
                     });
  static std::vector<unsigned char> buf(1 << 20, 0x5a);
  unsigned char out[32];
  const double ossl = 4.0 * (buf.size() / 64) / seconds_of([&] {
                        for (int i = 0; i < 4; ++i) {
                          SHA256(buf.data(), buf.size(), out);
                          buf[0] = out[0];
                        }
                      });
  return std::max(cpp, ossl);
}

// sha512_rates: OpenSSL's SHA-512 over 1 MiB (its bulk path, 128-byte blocks) and one stream of
// dependent compress512 calls (the window scan's kernel), in compressions per second.
std::pair<double, double> sha512_rates() {
  static std::vector<unsigned char> buf(1 << 20, 0x5a);
  unsigned char out[64];
  const double ossl = 4.0 * (buf.size() / 128) / seconds_of([&] {
                        for (int i = 0; i < 4; ++i) {
                          SHA512(buf.data(), buf.size(), out);
                          buf[0] = out[0];
                        }
                      });
  search::State512 state = search::kInitialState512;
  std::uint8_t block[128] = {1};
  constexpr int kBlocks = 200000;
  const double own = kBlocks / seconds_of([&] {
                       for (int i = 0; i < kBlocks; ++i) {
                         search::compress512(state, block);
                         block[0] = static_cast<std::uint8_t>(state[0]);
                       }
                     });
  return {ossl, own};
}

search::SearchSpec bench_spec() {
  search::SearchSpec s;
  s.cls = "hmac-dice-skip";
  s.seed = "b1aafe4272e15eb82a3280c4a21249ad4946ca640fb7080ed1abb11fa5b35e7e";
  s.clients = {"skip-search-1", "skip-search-2"};
  s.depth = 32;  // never hit: every candidate is scanned
  s.from = 100000000;
  s.to = 199999999;
  return s;
}

}  // namespace

SearchBench bench_search(int reps) {
  SearchBench b;
  const search::CompiledSpec spec(bench_spec());
  b.kernel = std::string(search::kernel_name(search::fastest_kernel()));
  b.threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<double> bounds, one, all, scaling, gen_in_bound, gen_s, w512, w_bound, w_ratio, w_own;
  const search::WindowScan window_scan(Hash::kSha512, as_bytes(std::string_view("bench-server-seed")),
                                       as_bytes(std::string_view("bench-client-")), {});
  std::map<std::string, std::vector<double>> kernels, naive;
  const Bytes key = from_hex(spec.spec().seed, "seed");
  for (int r = 0; r < reps; ++r) {
    const double comp = compressions_per_s();
    const double bound = comp / 2;
    bounds.push_back(comp);
    constexpr std::uint64_t kOne = 1 << 19;
    double one_rate = 0;
    for (search::Kernel k : search::available_kernels()) {
      const std::uint64_t n = k == search::Kernel::kPortable ? kOne / 8 : kOne;
      const double rate = n / seconds_of([&] { (void)spec.first_hit(100000000, 100000000 + n - 1, k); });
      kernels[std::string(search::kernel_name(k))].push_back(rate / bound);
      if (k == search::fastest_kernel()) one_rate = rate;
    }
    one.push_back(one_rate / bound);
    {  // hexwin's window search, SHA-512, one thread; depth 25 is never hit: every candidate is scanned
      const auto [ossl512, own512] = sha512_rates();
      const double comp512 = std::max(ossl512, own512);
      constexpr std::uint64_t kWindow = 1 << 17;
      const double rate =
          kWindow / seconds_of([&] { (void)window_scan.first_hit(100000000, 100000000 + kWindow - 1, 25); });
      w512.push_back(comp512);
      w_bound.push_back(comp512 / 2);
      w_ratio.push_back(rate / (comp512 / 2));
      w_own.push_back(own512 / comp512);
    }
    // Every thread through the same chunked driver as `fairvec search`.
    const std::uint64_t n_all = search::kChunk * 2 * b.threads;
    search::ChunkedSearch all_search(100000000, 100000000 + n_all - 1, {}, [&](std::uint64_t lo, std::uint64_t hi) {
      return spec.first_hit(lo, hi, search::fastest_kernel());
    });
    std::atomic<bool> stop{false};
    const double all_rate = n_all / seconds_of([&] { all_search.run(b.threads, stop); });
    all.push_back(all_rate / bound);
    scaling.push_back(all_rate / one_rate);
    for (const Backend* be : all_backends()) {
      constexpr int kNaive = 20000;
      volatile std::uint8_t sink = 0;
      const double rate =
          kNaive / seconds_of([&] {
            for (int i = 0; i < kNaive; ++i) {
              sink =
                  sink ^ be->hmac_sha256(key, as_bytes(hmac_dice::message(spec.spec().clients, 100000000 + i, 0)))[0];
            }
          });
      naive[std::string(be->name())].push_back(rate / bound);
    }
    const double g = seconds_of([] {
      for (const auto& kind : vectors::all_vector_kinds()) (void)kind.generate();
    });
    gen_s.push_back(g);
    gen_in_bound.push_back(g * bound);
  }
  b.sha512_compressions_per_s = median(w512);
  b.window_bound = median(w_bound);
  b.window_ratio = median(w_ratio);
  b.window_portable_ratio = median(w_own);
  b.compressions_per_s = median(bounds);
  b.bound = b.compressions_per_s / 2;
  for (auto& [k, v] : kernels) b.kernel_ratio[k] = median(v);
  b.one_thread_ratio = median(one);
  b.all_threads_ratio = median(all);
  b.scaling = median(scaling);
  for (auto& [k, v] : naive) b.naive_ratio[k] = median(v);
  b.generate_s = median(gen_s);
  b.generate_in_bound = median(gen_in_bound);
  return b;
}

void print_search_bench(const SearchBench& b) {
  std::cout << "\nsearch engine (median of per-round ratios to the bound = SHA-256 compressions/s / 2)\n"
            << std::fixed << std::setprecision(2);
  std::cout << "  SHA-256 compressions/s, one stream     " << std::setw(12) << b.compressions_per_s / 1e6 << " M/s\n";
  std::cout << "  bound: candidates/s per thread         " << std::setw(12) << b.bound / 1e6 << " M/s   1.00 x\n";
  for (const auto& [k, r] : b.kernel_ratio) {
    std::cout << "  engine " << std::left << std::setw(12) << k << std::right << " 1 thread         " << std::setw(12)
              << r * b.bound / 1e6 << " M/s " << std::setw(6) << r << " x\n";
  }
  std::cout << "  engine " << std::left << std::setw(12) << b.kernel << std::right << " " << b.threads
            << " threads        " << std::setw(12) << b.all_threads_ratio * b.bound / 1e6 << " M/s " << std::setw(6)
            << b.all_threads_ratio << " x  (" << b.scaling << " x one thread)\n";
  for (const auto& [k, r] : b.naive_ratio) {
    std::cout << "  naive HMAC per candidate, " << std::left << std::setw(12) << k << std::right << std::setw(12)
              << r * b.bound / 1e6 << " M/s " << std::setw(6) << r << " x\n";
  }
  std::cout << "  generate all vectors                   " << std::setw(12) << b.generate_s << " s     "
            << b.generate_in_bound / 1e6 << " M bound candidates\n";
  std::cout << "  SHA-512 compressions/s, one stream     " << std::setw(12) << b.sha512_compressions_per_s / 1e6
            << " M/s   (compress512 alone " << b.window_portable_ratio << " x of it)\n";
  std::cout << "  hexwin window search, SHA-512, 1 thread" << std::setw(12) << b.window_ratio * b.window_bound / 1e6
            << " M/s " << std::setw(6) << b.window_ratio << " x  (bound " << b.window_bound / 1e6 << " M/s)\n";
  if (b.match_rolls_per_s > 0) {
    std::cout << "  match verification (verify dice)       " << std::setw(12) << b.match_rolls_per_s / 1e6
              << " M rolls/s " << std::setw(6) << b.match_ratio << " x\n";
  }
}

json::Value search_bench_json(const SearchBench& b) {
  json::Object kernels, naive;
  for (const auto& [k, r] : b.kernel_ratio) kernels.emplace_back(k, r);
  for (const auto& [k, r] : b.naive_ratio) naive.emplace_back(k, r);
  return json::Value::object({{"sha512CompressionsPerSecond", b.sha512_compressions_per_s},
                              {"windowSearchBoundPerSecond", b.window_bound},
                              {"windowSearchRatio", b.window_ratio},
                              {"compress512Ratio", b.window_portable_ratio},
                              {"compressionsPerSecond", b.compressions_per_s},
                              {"boundCandidatesPerSecond", b.bound},
                              {"kernel", b.kernel},
                              {"oneThreadRatio", b.one_thread_ratio},
                              {"kernelRatios", json::Value(std::move(kernels))},
                              {"threads", b.threads},
                              {"allThreadsRatio", b.all_threads_ratio},
                              {"scaling", b.scaling},
                              {"naiveRatios", json::Value(std::move(naive))},
                              {"generateSeconds", b.generate_s},
                              {"generateInBoundCandidates", b.generate_in_bound},
                              {"matchRollsPerSecond", b.match_rolls_per_s},
                              {"matchRatio", b.match_ratio}});
}

}  // namespace fairvec::cli
