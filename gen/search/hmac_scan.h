// HmacScan: HMAC-SHA256(key, prefix || counter || suffix) over a run of counters at the speed of
// two SHA-256 compressions per counter. The HMAC's ipad and opad states and every whole block of
// the constant prefix are absorbed once (midstates); the counter is written into the last block
// in place (decimal digits incremented, or a u32be word stored), and nothing is allocated in the
// loop. Kernels: portable C++, and SHA-NI with 1, 2 or 4 interleaved streams.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "search/sha256.h"

namespace fairvec::search {

enum class Kernel { kPortable, kShaNi1, kShaNi2, kShaNi4 };

// kernel_name returns "portable", "sha-ni-x1", "sha-ni-x2" or "sha-ni-x4". It cannot fail.
std::string_view kernel_name(Kernel k);
// kernel_by_name returns the kernel called |name|, or nothing when there is none.
std::optional<Kernel> kernel_by_name(std::string_view name);
// available_kernels lists the kernels this CPU can run, portable first. It cannot fail.
std::vector<Kernel> available_kernels();
// fastest_kernel is the default: the SHA-NI kernel that measured fastest (README.md, "Search
// engine"), or the portable one without SHA-NI. It cannot fail.
Kernel fastest_kernel();

// How the counter is written into the message.
enum class CounterFormat {
  kDecimal,  // ASCII decimal, no sign, no leading zeros (hmac-dice roll numbers); 0..2^64-1
  kU32be,    // four bytes big-endian (tavla n); 0..2^32-1
};

// The layout of the blocks that change with the counter, for counters of one decimal width.
// Kernels read it; HmacScan builds it.
struct ScanPlan {
  State inner;                         // after ipad and the prefix's whole blocks before the tail
  State outer;                         // after opad
  alignas(16) std::uint8_t tail[128];  // the remaining message bytes and the padding, 1 or 2 blocks
  unsigned tail_blocks = 1;
  unsigned pos = 0;    // where the counter starts in |tail|
  unsigned width = 0;  // its length in bytes
  bool decimal = true;
};

// kernel_scan returns the lowest counter in [lo, hi] whose MAC starts with exactly |depth| bytes
// >= 252 (1 <= depth <= 32), all counters of |plan|'s width. Only call a SHA-NI kernel when
// sha_ni_available(). It cannot fail. (search/scan_kernels.cc)
std::optional<std::uint64_t> kernel_scan(Kernel k, const ScanPlan& plan, std::uint64_t lo, std::uint64_t hi,
                                         unsigned depth);
// kernel_macs writes the MACs of counters lo..hi to out[0..hi-lo] by kernel |k| (on its K
// interleaved streams). Same conditions.
void kernel_macs(Kernel k, const ScanPlan& plan, std::uint64_t lo, std::uint64_t hi, Digest* out);

class HmacScan {
 public:
  // Builds the midstates. Throws std::invalid_argument when the counter's block and the rest of
  // the message would need more than two SHA-256 blocks for the widest counter, i.e. when
  // prefix.size() % 64 + 20 + suffix.size() + 9 > 128 (a suffix of up to 36 bytes always fits,
  // up to 99 bytes when the prefix ends on a block boundary).
  HmacScan(ByteView key, ByteView prefix, CounterFormat format, ByteView suffix);

  // first_skip returns the lowest counter in [lo, hi] whose MAC starts with exactly |depth| bytes
  // >= 252, or nothing. Throws std::invalid_argument for depth outside 1..32, lo > hi, a counter
  // that does not fit the format, or a SHA-NI kernel on a CPU without SHA-NI.
  std::optional<std::uint64_t> first_skip(std::uint64_t lo, std::uint64_t hi, unsigned depth, Kernel k) const;
  // macs returns the MACs of counters lo..hi (at most 2^20 of them, one decimal width) by kernel
  // |k|, through the same lanes as first_skip. Same failures, and for a longer or mixed range.
  std::vector<Digest> macs(std::uint64_t lo, std::uint64_t hi, Kernel k) const;

 private:
  ScanPlan plan_for_width(unsigned width) const;
  void check(std::uint64_t n, Kernel k) const;

  Bytes key_block_;  // the key, hashed if longer than 64 bytes, zero-padded to 64
  Bytes prefix_, suffix_;
  CounterFormat format_;
};

// decimal_width returns the number of decimal digits of |n| (1 for 0). It cannot fail.
unsigned decimal_width(std::uint64_t n);
// max_of_width returns the largest counter of |width| decimal digits (2^64 - 1 for 20). It cannot fail.
std::uint64_t max_of_width(unsigned width);

}  // namespace fairvec::search
