// HmacScan: midstates and per-width plans, range splitting at decimal widths, kernel names.
#include "search/hmac_scan.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fairvec::search {

namespace {

// sha256_bytes hashes |data| with compress (used for keys longer than one block).
Bytes sha256_bytes(ByteView data) {
  State s = kInitialState;
  Bytes m(data.begin(), data.end());
  const std::uint64_t bits = static_cast<std::uint64_t>(m.size()) * 8;
  m.push_back(0x80);
  while (m.size() % 64 != 56) m.push_back(0);
  for (int i = 7; i >= 0; --i) m.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  for (std::size_t off = 0; off < m.size(); off += 64) compress(s, m.data() + off);
  Bytes out(32);
  for (int w = 0; w < 8; ++w) store_be32(out.data() + 4 * w, s[w]);
  return out;
}

}  // namespace

std::string_view kernel_name(Kernel k) {
  switch (k) {
    case Kernel::kShaNi1: return "sha-ni-x1";
    case Kernel::kShaNi2: return "sha-ni-x2";
    case Kernel::kShaNi4: return "sha-ni-x4";
    default: return "portable";
  }
}

std::optional<Kernel> kernel_by_name(std::string_view name) {
  for (Kernel k : {Kernel::kPortable, Kernel::kShaNi1, Kernel::kShaNi2, Kernel::kShaNi4}) {
    if (kernel_name(k) == name) return k;
  }
  return std::nullopt;
}

std::vector<Kernel> available_kernels() {
  std::vector<Kernel> v = {Kernel::kPortable};
  if (sha_ni_available()) v.insert(v.end(), {Kernel::kShaNi1, Kernel::kShaNi2, Kernel::kShaNi4});
  return v;
}

Kernel fastest_kernel() { return sha_ni_available() ? Kernel::kShaNi2 : Kernel::kPortable; }

unsigned decimal_width(std::uint64_t n) {
  unsigned w = 1;
  while (n >= 10) {
    n /= 10;
    ++w;
  }
  return w;
}

std::uint64_t max_of_width(unsigned width) {
  if (width >= 20) return UINT64_MAX;
  std::uint64_t m = 1;
  for (unsigned i = 0; i < width; ++i) m *= 10;
  return m - 1;
}

HmacScan::HmacScan(ByteView key, ByteView prefix, CounterFormat format, ByteView suffix)
    : prefix_(prefix.begin(), prefix.end()), suffix_(suffix.begin(), suffix.end()), format_(format) {
  key_block_ = key.size() > 64 ? sha256_bytes(key) : Bytes(key.begin(), key.end());
  key_block_.resize(64, 0);
  // The tail runs from the block holding the counter's first byte; it must fit two blocks even
  // for the widest counter (20 digits).
  const std::size_t tail_start = prefix_.size() / 64 * 64;
  if (prefix_.size() - tail_start + 20 + suffix_.size() + 9 > 128) {
    throw std::invalid_argument("HmacScan: the counter's suffix is too long (more than 2 tail blocks)");
  }
}

ScanPlan HmacScan::plan_for_width(unsigned width) const {
  ScanPlan p{};
  std::uint8_t pad[64];
  for (int i = 0; i < 64; ++i) pad[i] = key_block_[static_cast<std::size_t>(i)] ^ 0x36;
  p.inner = kInitialState;
  compress(p.inner, pad);
  for (int i = 0; i < 64; ++i) pad[i] = key_block_[static_cast<std::size_t>(i)] ^ 0x5c;
  p.outer = kInitialState;
  compress(p.outer, pad);
  const std::size_t tail_start = prefix_.size() / 64 * 64;
  for (std::size_t off = 0; off < tail_start; off += 64) compress(p.inner, prefix_.data() + off);
  const std::size_t msg_len = prefix_.size() + width + suffix_.size();
  std::size_t t = 0;
  std::memset(p.tail, 0, sizeof p.tail);
  for (std::size_t i = tail_start; i < prefix_.size(); ++i) p.tail[t++] = prefix_[i];
  p.pos = static_cast<unsigned>(t);
  p.width = width;
  p.decimal = format_ == CounterFormat::kDecimal;
  std::memset(p.tail + t, '0', width);  // the kernels write the counter itself
  t += width;
  for (std::uint8_t b : suffix_) p.tail[t++] = b;
  p.tail[t++] = 0x80;
  p.tail_blocks = t + 8 <= 64 ? 1 : 2;
  const std::uint64_t bits = (64 + static_cast<std::uint64_t>(msg_len)) * 8;
  std::uint8_t* end = p.tail + 64 * p.tail_blocks;
  for (int i = 0; i < 8; ++i) end[-1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  return p;
}

void HmacScan::check(std::uint64_t n, Kernel k) const {
  if (format_ == CounterFormat::kU32be && n > 0xffffffffULL) {
    throw std::invalid_argument("HmacScan: counter " + std::to_string(n) + " does not fit u32");
  }
  if (k != Kernel::kPortable && !sha_ni_available()) {
    throw std::invalid_argument("HmacScan: kernel " + std::string(kernel_name(k)) +
                                " needs SHA-NI, which this CPU lacks");
  }
}

std::optional<std::uint64_t> HmacScan::first_skip(std::uint64_t lo, std::uint64_t hi, unsigned depth, Kernel k) const {
  if (depth < 1 || depth > 32) throw std::invalid_argument("HmacScan: depth must be 1..32");
  if (lo > hi) throw std::invalid_argument("HmacScan: empty range");
  check(hi, k);
  if (format_ == CounterFormat::kU32be) return kernel_scan(k, plan_for_width(4), lo, hi, depth);
  for (std::uint64_t n = lo;;) {
    const unsigned w = decimal_width(n);
    const std::uint64_t seg_hi = std::min(hi, max_of_width(w));
    if (auto r = kernel_scan(k, plan_for_width(w), n, seg_hi, depth)) return r;
    if (seg_hi == hi) return std::nullopt;
    n = seg_hi + 1;
  }
}

std::vector<Digest> HmacScan::macs(std::uint64_t lo, std::uint64_t hi, Kernel k) const {
  if (lo > hi || hi - lo >= (1u << 20)) throw std::invalid_argument("HmacScan: macs needs 1..2^20 counters");
  check(hi, k);
  const unsigned w = format_ == CounterFormat::kU32be ? 4 : decimal_width(lo);
  if (format_ == CounterFormat::kDecimal && decimal_width(hi) != w) {
    throw std::invalid_argument("HmacScan: macs needs counters of one decimal width");
  }
  std::vector<Digest> out(static_cast<std::size_t>(hi - lo + 1));
  kernel_macs(k, plan_for_width(w), lo, hi, out.data());
  return out;
}

}  // namespace fairvec::search
