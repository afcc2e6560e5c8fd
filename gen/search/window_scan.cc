// WindowScan: midstates and plans over either hash, and the scan loop (search/window_scan.h).
#include "search/window_scan.h"

#include <cstring>
#include <stdexcept>
#include <string>

#include "search/hmac_scan.h"  // decimal_width, max_of_width
#include "search/sha256.h"
#include "search/sha512.h"

namespace fairvec::search {

namespace {

// The two hashes, as the scan needs them: state, block and length-field sizes, compression,
// initial state and digest bytes.
struct Sha256Ops {
  using S = State;
  static constexpr std::size_t kBlock = 64, kLength = 8, kDigest = 32;
  static S init() { return kInitialState; }
  static void compress(S& s, const std::uint8_t* b) { compress_portable(s, b); }
  static void store(const S& s, std::uint8_t* out) {
    for (int w = 0; w < 8; ++w) store_be32(out + 4 * w, s[static_cast<std::size_t>(w)]);
  }
};
struct Sha512Ops {
  using S = State512;
  static constexpr std::size_t kBlock = 128, kLength = 16, kDigest = 64;
  static S init() { return kInitialState512; }
  static void compress(S& s, const std::uint8_t* b) { compress512(s, b); }
  static void store(const S& s, std::uint8_t* out) {
    for (int w = 0; w < 8; ++w) store_be64(out + 8 * w, s[static_cast<std::size_t>(w)]);
  }
};

// hash_bytes is H(|data|) by compression alone (a key longer than one block).
template <class H>
Bytes hash_bytes(ByteView data) {
  typename H::S s = H::init();
  Bytes m(data.begin(), data.end());
  const std::uint64_t bits = static_cast<std::uint64_t>(m.size()) * 8;
  m.push_back(0x80);
  while (m.size() % H::kBlock != H::kBlock - H::kLength) m.push_back(0);
  for (std::size_t i = 0; i < H::kLength - 8; ++i) m.push_back(0);
  for (int i = 7; i >= 0; --i) m.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  for (std::size_t off = 0; off < m.size(); off += H::kBlock) H::compress(s, m.data() + off);
  Bytes out(H::kDigest);
  H::store(s, out.data());
  return out;
}

// Plan is the scan of the counters of one decimal width: the midstates and the tail block(s),
// with the counter's digits at |pos|. An empty |key_block| is the plain digest: no pads, no outer
// hash.
template <class H>
struct Plan {
  typename H::S inner, outer;
  std::uint8_t tail[2 * H::kBlock] = {};
  unsigned blocks = 1, pos = 0, width = 0;
  bool hmac = true;

  Plan(const Bytes& key_block, const Bytes& prefix, const Bytes& suffix, unsigned w)
      : width(w), hmac(!key_block.empty()) {
    inner = H::init();
    outer = H::init();
    if (hmac) {
      std::uint8_t pad[H::kBlock];
      for (std::size_t i = 0; i < H::kBlock; ++i) pad[i] = key_block[i] ^ 0x36;
      H::compress(inner, pad);
      for (std::size_t i = 0; i < H::kBlock; ++i) pad[i] = key_block[i] ^ 0x5c;
      H::compress(outer, pad);
    }
    const std::size_t tail_start = prefix.size() / H::kBlock * H::kBlock;
    for (std::size_t off = 0; off < tail_start; off += H::kBlock) H::compress(inner, prefix.data() + off);
    std::size_t t = 0;
    for (std::size_t i = tail_start; i < prefix.size(); ++i) tail[t++] = prefix[i];
    pos = static_cast<unsigned>(t);
    std::memset(tail + t, '0', width);
    t += width;
    for (std::uint8_t b : suffix) tail[t++] = b;
    tail[t++] = 0x80;
    blocks = t + H::kLength <= H::kBlock ? 1 : 2;
    const std::uint64_t bits = ((hmac ? H::kBlock : 0) + prefix.size() + width + suffix.size()) * 8;
    std::uint8_t* end = tail + H::kBlock * blocks;
    for (int i = 0; i < 8; ++i) end[-1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  }

  void write(std::uint64_t n) {
    for (unsigned i = width; i-- > 0; n /= 10) tail[pos + i] = static_cast<std::uint8_t>('0' + n % 10);
  }

  // run returns the MAC of the counter written in the tail into |out| (H::kDigest bytes).
  void run(std::uint8_t* out) const {
    typename H::S s = inner;
    for (unsigned b = 0; b < blocks; ++b) H::compress(s, tail + H::kBlock * b);
    if (!hmac) {
      H::store(s, out);
      return;
    }
    std::uint8_t block[H::kBlock] = {};
    H::store(s, block);
    block[H::kDigest] = 0x80;
    const std::uint64_t bits = (H::kBlock + H::kDigest) * 8;
    for (int i = 0; i < 8; ++i) block[H::kBlock - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
    typename H::S o = outer;
    H::compress(o, block);
    H::store(o, out);
  }
};

// window returns window |i| (20 bits from bit 20i) of |mac|.
std::uint32_t window(const std::uint8_t* mac, unsigned i) {
  const unsigned bit = 20 * i, byte = bit / 8;
  const std::uint32_t v = (std::uint32_t{mac[byte]} << 16) | (std::uint32_t{mac[byte + 1]} << 8) | mac[byte + 2];
  return (v >> (4 - bit % 8)) & 0xfffff;
}

unsigned count_rejected(const std::uint8_t* mac, std::size_t size, unsigned limit) {
  const unsigned whole = static_cast<unsigned>(size * 2 / 5);
  unsigned n = 0;
  while (n < whole && n <= limit && window(mac, n) >= 1000000) ++n;
  return n;
}

template <class H>
std::optional<std::uint64_t> scan(const Bytes& key_block, const Bytes& prefix, const Bytes& suffix, std::uint64_t lo,
                                  std::uint64_t hi, unsigned depth) {
  std::uint8_t mac[H::kDigest];
  for (std::uint64_t n = lo;;) {
    const unsigned w = decimal_width(n);
    const std::uint64_t seg_hi = std::min(hi, max_of_width(w));
    Plan<H> p(key_block, prefix, suffix, w);
    for (std::uint64_t c = n;; ++c) {
      p.write(c);
      p.run(mac);
      // Window 0 first: it is 10^6 or more about 1 time in 21.6.
      if (window(mac, 0) >= 1000000 && count_rejected(mac, H::kDigest, depth) == depth) return c;
      if (c == seg_hi) break;
    }
    if (seg_hi == hi) return std::nullopt;
    n = seg_hi + 1;
  }
}

}  // namespace

unsigned rejected_windows(ByteView mac) { return count_rejected(mac.data(), mac.size(), ~0u); }

WindowScan::WindowScan(Hash hash, ByteView key, ByteView prefix, ByteView suffix)
    : hash_(hash), prefix_(prefix.begin(), prefix.end()), suffix_(suffix.begin(), suffix.end()) {
  const bool big = hash == Hash::kSha512;
  const std::size_t block = big ? Sha512Ops::kBlock : Sha256Ops::kBlock;
  const std::size_t length = big ? Sha512Ops::kLength : Sha256Ops::kLength;
  key_block_ = key.size() <= block ? Bytes(key.begin(), key.end())
                                   : (big ? hash_bytes<Sha512Ops>(key) : hash_bytes<Sha256Ops>(key));
  key_block_.resize(block, 0);
  if (prefix_.size() % block + 20 + suffix_.size() + 1 + length > 2 * block) {
    throw std::invalid_argument("WindowScan: the counter's suffix is too long (more than 2 tail blocks)");
  }
}

WindowScan WindowScan::plain(Hash hash, ByteView prefix, ByteView suffix) {
  WindowScan w(hash, ByteView{}, prefix, suffix);
  w.key_block_.clear();
  return w;
}

unsigned WindowScan::windows() const { return static_cast<unsigned>(digest_size(hash_) * 2 / 5); }

std::optional<std::uint64_t> WindowScan::first_hit(std::uint64_t lo, std::uint64_t hi, unsigned depth) const {
  if (depth < 1 || depth > windows())
    throw std::invalid_argument("WindowScan: depth must be 1.." + std::to_string(windows()));
  if (lo > hi) throw std::invalid_argument("WindowScan: empty range");
  return hash_ == Hash::kSha512 ? scan<Sha512Ops>(key_block_, prefix_, suffix_, lo, hi, depth)
                                : scan<Sha256Ops>(key_block_, prefix_, suffix_, lo, hi, depth);
}

Bytes WindowScan::mac(std::uint64_t n) const {
  Bytes out(digest_size(hash_));
  if (hash_ == Hash::kSha512) {
    Plan<Sha512Ops> p(key_block_, prefix_, suffix_, decimal_width(n));
    p.write(n);
    p.run(out.data());
  } else {
    Plan<Sha256Ops> p(key_block_, prefix_, suffix_, decimal_width(n));
    p.write(n);
    p.run(out.data());
  }
  return out;
}

}  // namespace fairvec::search
