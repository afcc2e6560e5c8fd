// SHA-NI building blocks (x86-64 only): the 64 rounds of SHA-256 on K independent streams at once,
// so that the latency of one stream's sha256rnds2 is hidden behind the others', and the
// conversions between the ABEF/CDGH register layout the instructions use and H0..H7. Every
// function carries FAIRVEC_SHA_NI_TARGET and must only run when sha_ni_available().
#pragma once

#if defined(__x86_64__)
#include <immintrin.h>

#include "search/sha256_state.h"

#define FAIRVEC_SHA_NI_TARGET __attribute__((target("sha,sse4.1,ssse3")))
#define FAIRVEC_SHA_NI_INLINE __attribute__((target("sha,sse4.1,ssse3"), always_inline)) inline

namespace fairvec::search::sha_ni {

// load_state turns H0..H7 into the (ABEF, CDGH) registers.
FAIRVEC_SHA_NI_INLINE void load_state(const State& h, __m128i& abef, __m128i& cdgh) {
  __m128i tmp = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.data()));  // lanes A B C D
  __m128i efgh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(h.data() + 4));
  tmp = _mm_shuffle_epi32(tmp, 0xB1);    // C D A B (high to low)
  efgh = _mm_shuffle_epi32(efgh, 0x1B);  // E F G H
  abef = _mm_alignr_epi8(tmp, efgh, 8);
  cdgh = _mm_blend_epi16(efgh, tmp, 0xF0);
}

// store_state turns (ABEF, CDGH) back into H0..H7.
FAIRVEC_SHA_NI_INLINE void store_state(__m128i abef, __m128i cdgh, State& h) {
  __m128i tmp = _mm_shuffle_epi32(abef, 0x1B);  // F E B A
  cdgh = _mm_shuffle_epi32(cdgh, 0xB1);         // D C H G
  __m128i dcba = _mm_blend_epi16(tmp, cdgh, 0xF0);
  __m128i hgfe = _mm_alignr_epi8(cdgh, tmp, 8);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h.data()), dcba);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h.data() + 4), hgfe);
}

// load_block_words reads 16 message bytes as four big-endian words W[i..i+3] (lane 0 = W[i]).
FAIRVEC_SHA_NI_INLINE __m128i load_block_words(const std::uint8_t* p) {
  const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), mask);
}

// digest_words returns W0..W3 = H0..H3 and W4..W7 = H4..H7 of a state held as (ABEF, CDGH): the
// first half of a block whose message is that state's digest (HMAC's outer block).
FAIRVEC_SHA_NI_INLINE void digest_words(__m128i abef, __m128i cdgh, __m128i& w0, __m128i& w1) {
  w0 = _mm_shuffle_epi32(_mm_unpackhi_epi64(cdgh, abef), 0x1B);
  w1 = _mm_shuffle_epi32(_mm_unpacklo_epi64(cdgh, abef), 0x1B);
}

// rounds runs the 64 rounds on K streams: s0[k], s1[k] are stream k's (ABEF, CDGH), msg[k] its
// 16 message words (consumed). No feed-forward: the caller adds the chaining value.
template <int K>
FAIRVEC_SHA_NI_INLINE void rounds(__m128i* s0, __m128i* s1, __m128i (*msg)[4]) {
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) {
    const __m128i k = _mm_loadu_si128(reinterpret_cast<const __m128i*>(kRoundConstants + 4 * i));
    __m128i m[K];
#pragma GCC unroll 4
    for (int j = 0; j < K; ++j) {
      m[j] = _mm_add_epi32(msg[j][i % 4], k);
      s1[j] = _mm_sha256rnds2_epu32(s1[j], s0[j], m[j]);
    }
#pragma GCC unroll 4
    for (int j = 0; j < K; ++j) {
      if (i >= 3 && i <= 14) {
        __m128i t = _mm_alignr_epi8(msg[j][i % 4], msg[j][(i + 3) % 4], 4);
        msg[j][(i + 1) % 4] = _mm_sha256msg2_epu32(_mm_add_epi32(msg[j][(i + 1) % 4], t), msg[j][i % 4]);
      }
      s0[j] = _mm_sha256rnds2_epu32(s0[j], s1[j], _mm_shuffle_epi32(m[j], 0x0E));
      if (i >= 1 && i <= 12) msg[j][(i + 3) % 4] = _mm_sha256msg1_epu32(msg[j][(i + 3) % 4], msg[j][i % 4]);
    }
  }
}

}  // namespace fairvec::search::sha_ni

#else
#define FAIRVEC_SHA_NI_TARGET
#define FAIRVEC_SHA_NI_INLINE inline
#endif
