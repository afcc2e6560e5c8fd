// Differential comparison shared by the fuzz targets and the planted-mismatch test: run the same
// operation on every backend, compare the outcomes, and on a difference print everything needed to
// reproduce it and abort with a stable signature line "<A>-<B>-<op>-difference".
//
// An outcome is a result or an exception. A backend that throws where another returns is a
// difference like any other; two backends that both throw agree (their messages differ by design).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <cryptopp/config.h>
#include <cryptopp/cpu.h>
#include <openssl/crypto.h>

#include "core/bytes.h"
#include "fuzz_check.h"

namespace fairvec::fuzz {

// Outcome is what one backend did for one operation.
struct Outcome {
  std::string backend;
  std::string op;
  bool ok = false;    // false: it threw
  std::string value;  // the result as text when ok, else the exception's message
};

// capture runs |fn| (returning the result as text) and records its outcome; it never throws.
template <typename Fn>
Outcome capture(std::string_view backend, std::string_view op, Fn&& fn) {
  Outcome o{std::string(backend), std::string(op), false, {}};
  try {
    o.value = fn();
    o.ok = true;
  } catch (const std::exception& e) {
    o.value = std::string("threw: ") + e.what();
  } catch (...) {
    o.value = "threw a non-standard exception";
  }
  return o;
}

// same says whether two outcomes agree: both returned the same text, or both threw.
inline bool same(const Outcome& a, const Outcome& b) { return a.ok == b.ok && (!a.ok || a.value == b.value); }

// Difference names the two disagreeing backends and the operation.
struct Difference {
  std::string a, b, op;
  std::string signature() const { return a + "-" + b + "-" + op + "-difference"; }
};

// find_difference compares, for every op (in first-seen order), each backend's outcome with the
// first backend's outcome for that op. Returns the first difference, or nothing.
inline std::optional<Difference> find_difference(const std::vector<Outcome>& outs) {
  for (std::size_t i = 0; i < outs.size(); ++i) {
    // outs[i] is the reference when it is the first outcome for its op.
    bool first = true;
    for (std::size_t k = 0; k < i; ++k) first = first && outs[k].op != outs[i].op;
    if (!first) continue;
    for (std::size_t j = i + 1; j < outs.size(); ++j) {
      if (outs[j].op == outs[i].op && !same(outs[i], outs[j])) {
        return Difference{outs[i].backend, outs[j].backend, outs[i].op};
      }
    }
  }
  return std::nullopt;
}

// find_self_difference compares, within each backend, every outcome with that backend's outcome
// for |base_op| (e.g. incremental and cloned contexts against the one-shot call).
inline std::optional<Difference> find_self_difference(const std::vector<Outcome>& outs, std::string_view base_op) {
  for (const Outcome& base : outs) {
    if (base.op != base_op) continue;
    for (const Outcome& o : outs) {
      if (o.backend == base.backend && o.op != base_op && !same(base, o)) {
        return Difference{base.backend, o.backend, o.op};
      }
    }
  }
  return std::nullopt;
}

// hex_input formats one input for a report: "label (N bytes): hex".
inline std::pair<std::string, std::string> hex_input(std::string label, ByteView bytes) {
  return {label + " (" + std::to_string(bytes.size()) + " bytes)", to_hex(bytes)};
}

// cpu_report describes the CPU features the crypto code paths depend on: the relevant flags of
// /proc/cpuinfo, what Crypto++ detected, and the OpenSSL build and its capability override.
inline std::string cpu_report() {
  static const char* const kRelevant[] = {"sha_ni", "avx512f", "avx2", "avx",       "bmi2", "bmi1",  "ssse3",
                                          "sse4_1", "sse4_2",  "aes",  "pclmulqdq", "sse2", "asimd", "sha2"};
  std::ostringstream out;
  std::string flags_line;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("flags", 0) == 0 || line.rfind("Features", 0) == 0) {
      flags_line = " " + line.substr(line.find(':') == std::string::npos ? 0 : line.find(':') + 1) + " ";
      break;
    }
  }
  out << "cpu flags (/proc/cpuinfo, relevant):";
  if (flags_line.empty()) {
    out << " unavailable";
  } else {
    for (const char* f : kRelevant) {
      if (flags_line.find(std::string(" ") + f + " ") != std::string::npos) out << ' ' << f;
    }
  }
  out << "\n";
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  out << "cpu flags (compiler runtime):"
#if !defined(__clang__)  // clang 14 does not know the "sha" feature name
      << " sha=" << (__builtin_cpu_supports("sha") ? 1 : 0)
#endif
      << " avx2=" << (__builtin_cpu_supports("avx2") ? 1 : 0) << " avx=" << (__builtin_cpu_supports("avx") ? 1 : 0)
      << " ssse3=" << (__builtin_cpu_supports("ssse3") ? 1 : 0)
      << " sse4.1=" << (__builtin_cpu_supports("sse4.1") ? 1 : 0)
      << " bmi2=" << (__builtin_cpu_supports("bmi2") ? 1 : 0) << "\n";
  out << "crypto++ " << CRYPTOPP_VERSION << " detected: SHA=" << CryptoPP::HasSHA() << " AVX2=" << CryptoPP::HasAVX2()
      << " AVX=" << CryptoPP::HasAVX() << " SSSE3=" << CryptoPP::HasSSSE3() << " SSE4.1=" << CryptoPP::HasSSE41()
      << "\n";
#endif
  const char* cap = std::getenv("OPENSSL_ia32cap");
  out << OpenSSL_version(OPENSSL_VERSION) << "; OPENSSL_ia32cap=" << (cap ? cap : "(unset)") << "\n";
  return out.str();
}

// report_and_abort prints the inputs, every outcome and the CPU features, then the signature line
// of |d| on a line of its own, and aborts (the fuzzer records the input as a crash).
[[noreturn]] inline void report_and_abort(const Difference& d,
                                          const std::vector<std::pair<std::string, std::string>>& inputs,
                                          const std::vector<Outcome>& outs) {
  std::ostringstream r;
  r << "\n==== fairvec differential finding: " << d.a << " and " << d.b << " disagree on " << d.op << " ====\n";
  for (const auto& [label, text] : inputs) r << "input " << label << ": " << text << "\n";
  for (const Outcome& o : outs) {
    r << "outcome " << o.backend << " " << o.op << ": " << o.value << "\n";
  }
  r << cpu_report();
  r << d.signature() << "\n";
  std::string s = r.str();
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
  std::abort();
}

// report_invariant_and_abort prints a broken invariant (one backend's result violates a property
// its op promises) with the signature line "<backend>-<op>-invariant-violation", and aborts.
[[noreturn]] inline void report_invariant_and_abort(std::string_view backend, std::string_view op,
                                                    std::string_view what,
                                                    const std::vector<std::pair<std::string, std::string>>& inputs,
                                                    const std::vector<Outcome>& outs) {
  std::ostringstream r;
  r << "\n==== fairvec invariant violation: " << backend << " " << op << ": " << what << " ====\n";
  for (const auto& [label, text] : inputs) r << "input " << label << ": " << text << "\n";
  for (const Outcome& o : outs) r << "outcome " << o.backend << " " << o.op << ": " << o.value << "\n";
  r << backend << "-" << op << "-invariant-violation\n";
  std::string s = r.str();
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
  std::abort();
}

// fail_and_abort prints |details| and the signature line |signature|, and aborts. For targets whose
// finding is a broken property rather than two backends disagreeing.
[[noreturn]] inline void fail_and_abort(std::string_view signature, std::string_view details) {
  std::string s = "\n==== fairvec fuzz finding ====\n" + std::string(details) + "\n" + std::string(signature) + "\n";
  std::fwrite(s.data(), 1, s.size(), stderr);
  std::fflush(stderr);
  std::abort();
}

}  // namespace fairvec::fuzz
