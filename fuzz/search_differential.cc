// fuzz_search_differential: the search engine (search/hmac_scan.h) against both backends.
//
// From the input: a key (0..100 bytes), a message prefix (0..200 bytes) and suffix (0..40 bytes),
// the counter format (decimal or u32be), the first counter (anywhere, including just below a
// decimal width change and the top of the format) and a run of 1..12 counters. Every kernel the
// CPU has (portable, SHA-NI on 1, 2 and 4 streams) computes the run's MACs, and each must equal
// HMAC-SHA256(key, prefix || counter || suffix) from Crypto++ and OpenSSL; the lowest counter of
// the run with exactly |depth| leading bytes >= 252 must be the same for every kernel and for a
// plain loop over the backend MACs. Then the window search (search/window_scan.h, hexwin-skip) on
// the same key, prefix, suffix and decimal counters, for a hash and a keying the input picks
// (SHA-256 or SHA-512; HMAC or the plain digest): its digests must equal both backends', and its
// lowest counter with exactly |depth| rejected 5-hex-digit windows a plain loop's (a layout past
// two tail blocks must be refused). A difference aborts with "<A>-<B>-<op>-difference".
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "differential.h"
#include "fuzz_check.h"
#include "search/hmac_scan.h"
#include "search/spec.h"
#include "search/window_scan.h"

namespace {

using fairvec::Bytes;
using fairvec::fuzz::ByteReader;
using fairvec::fuzz::Outcome;
namespace search = fairvec::search;

Bytes message(const Bytes& prefix, search::CounterFormat f, std::uint64_t n, const Bytes& suffix) {
  Bytes m = prefix;
  if (f == search::CounterFormat::kDecimal) {
    for (char c : std::to_string(n)) m.push_back(static_cast<std::uint8_t>(c));
  } else {
    fairvec::append_u32be(m, static_cast<std::uint32_t>(n));
  }
  m.insert(m.end(), suffix.begin(), suffix.end());
  return m;
}

// check_windows runs the window search on decimal counters lo..hi against both backends.
void check_windows(ByteReader& in, const Bytes& key, const Bytes& prefix, const Bytes& suffix, std::uint64_t lo,
                   std::uint64_t hi, unsigned depth) {
  const fairvec::Hash h = in.boolean() ? fairvec::Hash::kSha512 : fairvec::Hash::kSha256;
  const bool hmac = in.boolean();
  const std::size_t block = h == fairvec::Hash::kSha512 ? 128 : 64, length = h == fairvec::Hash::kSha512 ? 16 : 8;
  if (prefix.size() % block + 20 + suffix.size() + 1 + length > 2 * block) {
    bool refused = false;
    try {
      const search::WindowScan too_long(h, key, prefix, suffix);
    } catch (const std::invalid_argument&) {
      refused = true;
    }
    if (!refused) {
      fairvec::fuzz::fail_and_abort("search_differential-window-long-tail-accepted",
                                    "prefix " + std::to_string(prefix.size()) + " bytes, suffix " +
                                        std::to_string(suffix.size()) + " bytes: more than two tail blocks");
    }
    return;
  }
  const search::WindowScan scan =
      hmac ? search::WindowScan(h, key, prefix, suffix) : search::WindowScan::plain(h, prefix, suffix);
  auto digest = [&](const fairvec::Backend& b, std::uint64_t n) {
    const Bytes m = message(prefix, search::CounterFormat::kDecimal, n, suffix);
    return hmac ? b.hmac(h, key, m) : b.digest(h, m);
  };
  std::vector<Outcome> outs;
  for (const fairvec::Backend* b : fairvec::all_backends()) {
    outs.push_back(fairvec::fuzz::capture(b->name(), "window-digests", [&] {
      std::string s;
      for (std::uint64_t i = 0; i <= hi - lo; ++i) s += fairvec::to_hex(digest(*b, lo + i)) + " ";
      return s;
    }));
    outs.push_back(fairvec::fuzz::capture(b->name(), "window-first-hit", [&] {
      for (std::uint64_t i = 0; i <= hi - lo; ++i) {
        if (search::rejected_windows(digest(*b, lo + i)) == depth) return std::to_string(lo + i);
      }
      return std::string("none");
    }));
  }
  outs.push_back(fairvec::fuzz::capture("window-scan", "window-digests", [&] {
    std::string s;
    for (std::uint64_t i = 0; i <= hi - lo; ++i) s += fairvec::to_hex(scan.mac(lo + i)) + " ";
    return s;
  }));
  outs.push_back(fairvec::fuzz::capture("window-scan", "window-first-hit", [&] {
    auto r = scan.first_hit(lo, hi, depth);
    return r ? std::to_string(*r) : std::string("none");
  }));
  if (auto d = fairvec::fuzz::find_difference(outs)) {
    fairvec::fuzz::report_and_abort(*d,
                                    {fairvec::fuzz::hex_input("key", key),
                                     fairvec::fuzz::hex_input("prefix", prefix),
                                     fairvec::fuzz::hex_input("suffix", suffix),
                                     {"counters", std::to_string(lo) + ".." + std::to_string(hi) + " decimal"},
                                     {"hash", std::string(fairvec::hash_name(h)) + (hmac ? " hmac" : " plain")},
                                     {"depth", std::to_string(depth)}},
                                    outs);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  const Bytes key = in.bytes(in.pick(101));
  const Bytes prefix = in.bytes(in.pick(201));
  const Bytes suffix = in.bytes(in.pick(41));
  const auto format = in.boolean() ? search::CounterFormat::kDecimal : search::CounterFormat::kU32be;
  const std::uint64_t top = format == search::CounterFormat::kDecimal ? UINT64_MAX : 0xffffffffULL;
  const std::uint64_t count = 1 + in.pick(12);
  std::uint64_t lo = 0;
  switch (in.pick(4)) {
    case 0: lo = in.integer(0, 1000); break;
    case 1:
      lo = search::max_of_width(static_cast<unsigned>(1 + in.pick(19))) - in.pick(12);
      break;  // below a width change
    case 2: lo = top - (count - 1) - in.pick(4); break;
    default: lo = in.integer(0, top - (count - 1)); break;
  }
  lo = std::min(lo, top - (count - 1));
  std::uint64_t hi = lo + count - 1;
  if (format == search::CounterFormat::kDecimal) hi = std::min(hi, search::max_of_width(search::decimal_width(lo)));
  const unsigned depth = 1 + static_cast<unsigned>(in.pick(2));
  check_windows(in, key, prefix, suffix, lo, hi, depth);

  // The engine takes counters whose block and the rest of the message fit two SHA-256 blocks for
  // the widest counter (20 digits); other layouts are refused with std::invalid_argument, which is
  // itself checked here (the first 10^6-run measurement ended on an uncaught refusal: the harness
  // drew prefix % 64 + suffix past that bound).
  if (prefix.size() % 64 + 20 + suffix.size() + 9 > 128) {
    bool refused = false;
    try {
      const search::HmacScan too_long(key, prefix, format, suffix);
    } catch (const std::invalid_argument&) {
      refused = true;
    }
    if (!refused) {
      fairvec::fuzz::fail_and_abort("search_differential-long-tail-accepted",
                                    "prefix " + std::to_string(prefix.size()) + " bytes, suffix " +
                                        std::to_string(suffix.size()) + " bytes: more than two tail blocks");
    }
    fairvec::fuzz::checked();
    return 0;
  }
  const search::HmacScan scan(key, prefix, format, suffix);
  std::vector<Outcome> outs;
  auto hex_run = [&](auto&& mac_of) {
    std::string s;
    for (std::uint64_t i = 0; i <= hi - lo; ++i) s += fairvec::to_hex(mac_of(lo + i)) + " ";  // hi may be 2^64 - 1
    return s;
  };
  std::string first_by_loop;
  for (const fairvec::Backend* b : fairvec::all_backends()) {
    outs.push_back(fairvec::fuzz::capture(b->name(), "macs", [&] {
      return hex_run([&](std::uint64_t n) { return b->hmac_sha256(key, message(prefix, format, n, suffix)); });
    }));
    outs.push_back(fairvec::fuzz::capture(b->name(), "first_skip", [&] {
      for (std::uint64_t i = 0; i <= hi - lo; ++i) {
        if (search::skip_depth(b->hmac_sha256(key, message(prefix, format, lo + i, suffix))) == depth) {
          return std::to_string(lo + i);
        }
      }
      return std::string("none");
    }));
  }
  for (search::Kernel k : search::available_kernels()) {
    const std::string name = "engine-" + std::string(search::kernel_name(k));
    outs.push_back(fairvec::fuzz::capture(name, "macs", [&] {
      std::string s;
      for (const auto& d : scan.macs(lo, hi, k)) s += fairvec::to_hex(d) + " ";
      return s;
    }));
    outs.push_back(fairvec::fuzz::capture(name, "first_skip", [&] {
      auto r = scan.first_skip(lo, hi, depth, k);
      return r ? std::to_string(*r) : std::string("none");
    }));
  }
  // The planted fault (FAIRVEC_FUZZ_PLANT=search_differential): one byte of the last engine
  // kernel's MACs changed, as a kernel bug would.
  for (auto it = outs.rbegin(); it != outs.rend(); ++it) {
    if (it->op == "macs") {
      fairvec::fuzz::plant_text("search_differential", it->value);
      break;
    }
  }
  if (auto d = fairvec::fuzz::find_difference(outs)) {
    fairvec::fuzz::report_and_abort(
        *d,
        {fairvec::fuzz::hex_input("key", key),
         fairvec::fuzz::hex_input("prefix", prefix),
         fairvec::fuzz::hex_input("suffix", suffix),
         {"counters", std::to_string(lo) + ".." + std::to_string(hi) +
                          (format == search::CounterFormat::kDecimal ? " decimal" : " u32be")},
         {"depth", std::to_string(depth)}},
        outs);
  }
  fairvec::fuzz::checked();
  return 0;
}
