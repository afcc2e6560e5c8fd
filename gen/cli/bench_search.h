// The search engine's part of `fairvec bench`: in one run, the SHA-256 compression rate that
// bounds the engine (two compressions per candidate), the engine's candidates per second on one
// thread (each kernel) and on every thread, the naive per-candidate HMAC through each backend, and
// the time to generate every vector file (stored search results re-verified), each as a ratio to
// the bound. Every figure is the median of per-round ratios, so load that drifts between rounds
// moves numerator and denominator together.
#pragma once

#include <map>
#include <string>

#include "core/json.h"

namespace fairvec::cli {

struct SearchBench {
  double compressions_per_s = 0;               // the faster of Crypto++ SHA256::Transform and OpenSSL bulk SHA-256
  double bound = 0;                            // compressions_per_s / 2: candidates per second per thread
  std::map<std::string, double> kernel_ratio;  // candidates/s on one thread / bound, per kernel
  std::string kernel;                          // the default kernel
  double one_thread_ratio = 0;                 // the default kernel on one thread / bound
  unsigned threads = 1;
  double all_threads_ratio = 0;               // the default kernel on every thread / bound
  double scaling = 0;                         // all threads / one thread
  std::map<std::string, double> naive_ratio;  // per backend: HMAC per candidate, / bound
  double generate_s = 0;                      // all vector files
  double generate_in_bound = 0;               // generate_s * bound: candidates the bound scans in that time
  double match_rolls_per_s = 0;               // match verification (verify dice on OpenSSL, set by the caller)
  double match_ratio = 0;                     // match_rolls_per_s / bound
  // hexwin's window search (search/window_scan.h) on SHA-512, one thread: its bound is the faster
  // of OpenSSL's bulk SHA-512 and the engine's own compress512, per compression, / 2.
  double sha512_compressions_per_s = 0;
  double window_bound = 0;
  double window_ratio = 0;           // WindowScan candidates/s / window_bound
  double window_portable_ratio = 0;  // compress512 alone / the faster compression: the kernel's own ceiling
};

// bench_search measures over |reps| rounds. Throws what the generators or backends throw.
SearchBench bench_search(int reps);
// print_search_bench writes the table to stdout. It cannot fail.
void print_search_bench(const SearchBench& b);
// search_bench_json returns the figures as a JSON object. It cannot fail.
json::Value search_bench_json(const SearchBench& b);

}  // namespace fairvec::cli
