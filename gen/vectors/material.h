// Deterministic material for vector generators (vectors/keno.cc, vectors/crash.cc and
// crash_chain.cc): a counter-driven SHA-256 stream every pseudorandom input comes from, and helpers
// for hex and the leading 52 bits of a digest. Nothing here names a family.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/bytes.h"
#include "core/crypto.h"

namespace fairvec::vectors {

// Generation runs on one backend; `fairvec check` re-runs every test on both.
inline const Backend& gen_backend() { return openssl_backend(); }

// stream returns SHA-256("<label>/<i>"): the fixed-seed source of every pseudorandom input.
inline Digest stream(std::string_view label, std::uint64_t i) {
  return gen_backend().sha256(std::string(label) + "/" + std::to_string(i));
}

inline std::string hex(const Digest& d) { return to_hex(d); }

// with_h52 returns |d| with its leading 52 bits replaced by |h| (the other 204 bits kept).
inline Digest with_h52(Digest d, std::uint64_t h) {
  for (int i = 0; i < 6; ++i) d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(h >> (44 - 8 * i));
  d[6] = static_cast<std::uint8_t>(((h & 0xf) << 4) | (d[6] & 0xf));
  return d;
}

inline void require(bool ok, const std::string& what) {
  if (!ok) throw std::logic_error("vectors: " + what);
}

}  // namespace fairvec::vectors
