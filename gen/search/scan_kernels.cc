// The scan kernels: portable C++ and SHA-NI with K interleaved streams. Each runs counters
// n = lo..hi through the tail block(s) from the inner midstate, then the outer block from the opad
// midstate, and reads the first byte of the MAC before anything else (a byte >= 252 is 1 in 64).
#include <cstring>

#include "search/hmac_scan.h"
#include "search/sha_ni.h"

namespace fairvec::search {

namespace {

// write_counter writes |n| at plan.pos of |tail| (decimal: exactly plan.width digits).
void write_counter(std::uint8_t* tail, const ScanPlan& p, std::uint64_t n) {
  if (!p.decimal) {
    store_be32(tail + p.pos, static_cast<std::uint32_t>(n));
    return;
  }
  for (unsigned i = p.width; i-- > 0;) {
    tail[p.pos + i] = static_cast<std::uint8_t>('0' + n % 10);
    n /= 10;
  }
}

// advance adds |k| (1..9) to the counter written in |tail|, in place. A decimal carry out of the
// first digit (past the end of the width) only happens after the last counter and is harmless.
inline void advance(std::uint8_t* tail, const ScanPlan& p, std::uint64_t next, unsigned k) {
  if (!p.decimal) {
    store_be32(tail + p.pos, static_cast<std::uint32_t>(next));
    return;
  }
  std::uint8_t* d = tail + p.pos;
  unsigned i = p.width - 1;
  unsigned v = static_cast<unsigned>(d[i] - '0') + k;
  while (v >= 10 && i > 0) {
    d[i] = static_cast<std::uint8_t>('0' + v - 10);
    --i;
    v = static_cast<unsigned>(d[i] - '0') + 1;
  }
  d[i] = static_cast<std::uint8_t>('0' + v % 10);
}

// skipped counts the leading bytes >= 252 of the digest held in |h|.
unsigned skipped(const State& h) {
  unsigned n = 0;
  for (int w = 0; w < 8; ++w) {
    for (int b = 24; b >= 0; b -= 8) {
      if (((h[w] >> b) & 0xff) < 252) return n;
      ++n;
    }
  }
  return n;
}

Digest digest_of(const State& h) {
  Digest d{};
  for (int w = 0; w < 8; ++w) store_be32(d.data() + 4 * w, h[w]);
  return d;
}

// portable_mac_state runs one counter already written in |tail|.
State portable_mac_state(const ScanPlan& p, const std::uint8_t* tail) {
  State s = p.inner;
  for (unsigned b = 0; b < p.tail_blocks; ++b) compress_portable(s, tail + 64 * b);
  std::uint8_t outer[64] = {};
  for (int i = 0; i < 8; ++i) store_be32(outer + 4 * i, s[i]);
  outer[32] = 0x80;
  outer[62] = 0x03;  // 768 bits: the opad block and the 32-byte inner digest
  State o = p.outer;
  compress_portable(o, outer);
  return o;
}

// The sinks receive each counter's MAC state in counter order; take returns true to stop.
struct SkipSink {
  unsigned depth;
  std::optional<std::uint64_t> found;
  bool take(std::uint64_t n, const State& h) {
    if ((h[0] >> 24) < 252 || skipped(h) != depth) return false;
    found = n;
    return true;
  }
#if defined(__x86_64__)
  FAIRVEC_SHA_NI_TARGET bool take(std::uint64_t n, __m128i abef, __m128i cdgh) {
    if ((static_cast<std::uint32_t>(_mm_extract_epi32(abef, 3)) >> 24) < 252) return false;
    State h;
    sha_ni::store_state(abef, cdgh, h);
    return take(n, h);
  }
#endif
};

struct DigestSink {
  Digest* out;
  bool take(std::uint64_t, const State& h) {
    *out++ = digest_of(h);
    return false;
  }
#if defined(__x86_64__)
  FAIRVEC_SHA_NI_TARGET bool take(std::uint64_t n, __m128i abef, __m128i cdgh) {
    State h;
    sha_ni::store_state(abef, cdgh, h);
    return take(n, h);
  }
#endif
};

// run_portable feeds counters lo..hi to |sink| until it stops; returns whether it did.
template <typename Sink>
bool run_portable(const ScanPlan& p, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  alignas(16) std::uint8_t tail[128];
  std::memcpy(tail, p.tail, sizeof tail);
  write_counter(tail, p, lo);
  for (std::uint64_t n = lo;; ++n) {
    if (sink.take(n, portable_mac_state(p, tail))) return true;
    if (n == hi) return false;
    advance(tail, p, n + 1, 1);
  }
}

#if defined(__x86_64__)

// run_sha_ni is run_portable on K interleaved SHA-NI streams (lanes n, n+1, ..., n+K-1).
template <int K, typename Sink>
FAIRVEC_SHA_NI_TARGET bool run_sha_ni(const ScanPlan& p, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  alignas(16) std::uint8_t tails[K][128];
  for (int j = 0; j < K; ++j) {
    std::memcpy(tails[j], p.tail, sizeof tails[j]);
    write_counter(tails[j], p, lo + static_cast<std::uint64_t>(j));  // lanes past hi are never read
  }
  __m128i in0, in1, out0, out1;
  sha_ni::load_state(p.inner, in0, in1);
  sha_ni::load_state(p.outer, out0, out1);
  const __m128i pad2 = _mm_set_epi32(0, 0, 0, static_cast<int>(0x80000000u));
  const __m128i pad3 = _mm_set_epi32(0x300, 0, 0, 0);
  std::uint64_t n = lo, left = hi - lo;  // counters n..n+left remain
  while (left >= static_cast<std::uint64_t>(K - 1)) {
    __m128i s0[K], s1[K], msg[K][4];
    for (int j = 0; j < K; ++j) {
      s0[j] = in0;
      s1[j] = in1;
    }
    for (unsigned b = 0; b < p.tail_blocks; ++b) {
      __m128i c0[K], c1[K];
      for (int j = 0; j < K; ++j) {
        c0[j] = s0[j];
        c1[j] = s1[j];
        for (int i = 0; i < 4; ++i) msg[j][i] = sha_ni::load_block_words(tails[j] + 64 * b + 16 * i);
      }
      sha_ni::rounds<K>(s0, s1, msg);
      for (int j = 0; j < K; ++j) {
        s0[j] = _mm_add_epi32(s0[j], c0[j]);
        s1[j] = _mm_add_epi32(s1[j], c1[j]);
      }
    }
    for (int j = 0; j < K; ++j) {
      sha_ni::digest_words(s0[j], s1[j], msg[j][0], msg[j][1]);
      msg[j][2] = pad2;
      msg[j][3] = pad3;
      s0[j] = out0;
      s1[j] = out1;
    }
    sha_ni::rounds<K>(s0, s1, msg);
    for (int j = 0; j < K; ++j) {
      if (sink.take(n + static_cast<std::uint64_t>(j), _mm_add_epi32(s0[j], out0), _mm_add_epi32(s1[j], out1))) {
        return true;
      }
    }
    if (left < static_cast<std::uint64_t>(K)) return false;
    left -= K;
    n += K;
    for (int j = 0; j < K; ++j) advance(tails[j], p, n + static_cast<std::uint64_t>(j), K);
  }
  if constexpr (K > 1) return run_sha_ni<1>(p, n, n + left, sink);
  return false;
}

#endif

// dispatch runs |sink| on kernel |k|.
template <typename Sink>
void dispatch(Kernel k, const ScanPlan& plan, std::uint64_t lo, std::uint64_t hi, Sink& sink) {
  switch (k) {
#if defined(__x86_64__)
    case Kernel::kShaNi1: run_sha_ni<1>(plan, lo, hi, sink); return;
    case Kernel::kShaNi2: run_sha_ni<2>(plan, lo, hi, sink); return;
    case Kernel::kShaNi4: run_sha_ni<4>(plan, lo, hi, sink); return;
#endif
    default: run_portable(plan, lo, hi, sink); return;
  }
}

}  // namespace

std::optional<std::uint64_t> kernel_scan(Kernel k, const ScanPlan& plan, std::uint64_t lo, std::uint64_t hi,
                                         unsigned depth) {
  SkipSink sink{depth, std::nullopt};
  dispatch(k, plan, lo, hi, sink);
  return sink.found;
}

void kernel_macs(Kernel k, const ScanPlan& plan, std::uint64_t lo, std::uint64_t hi, Digest* out) {
  DigestSink sink{out};
  dispatch(k, plan, lo, hi, sink);
}

}  // namespace fairvec::search
