// WindowScan: the search for hexwin-v1's skipped windows (specs/hexwin-v1.md §2): the lowest
// counter whose HMAC-H(key, prefix || decimal counter || suffix), or plain H(prefix || decimal
// counter || suffix), has exactly |depth| leading 5-hex-digit windows of 10^6 or more. The hash is a
// parameter (SHA-256 or SHA-512, core/crypto.h's Hash), one code path for both: the HMAC's ipad and
// opad states and the prefix's whole blocks are absorbed once, the counter is written into the last
// block, nothing is allocated in the loop. The
// kernel is portable C++ (search/sha256.h compress_portable, search/sha512.h compress512).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"

namespace fairvec::search {

// rejected_windows counts the leading 5-hex-digit windows of |mac| whose value is 10^6 or more, up
// to the last whole window. It cannot fail.
[[nodiscard]] unsigned rejected_windows(ByteView mac);

class WindowScan {
 public:
  // Builds the midstates. Throws std::invalid_argument when the counter's block and the rest of
  // the message would need more than two blocks for the widest counter (20 digits).
  WindowScan(Hash hash, ByteView key, ByteView prefix, ByteView suffix);
  // plain is the scan of the plain digest H(prefix || decimal counter || suffix), no key. Throws as
  // the constructor does.
  [[nodiscard]] static WindowScan plain(Hash hash, ByteView prefix, ByteView suffix);

  // first_hit returns the lowest counter in [lo, hi] whose MAC has exactly |depth| rejected windows
  // (1 <= depth <= the digest's whole windows: 12 for SHA-256, 25 for SHA-512), or nothing. Throws
  // std::invalid_argument for another depth or lo > hi.
  [[nodiscard]] std::optional<std::uint64_t> first_hit(std::uint64_t lo, std::uint64_t hi, unsigned depth) const;

  // mac returns the MAC (or plain digest) of counter |n| (digest_size(hash) bytes), through the
  // scan's own path. It cannot fail.
  [[nodiscard]] Bytes mac(std::uint64_t n) const;

  // windows is the number of whole windows of the hash's digest. It cannot fail.
  [[nodiscard]] unsigned windows() const;

  Hash hash() const { return hash_; }

 private:
  Hash hash_;
  Bytes key_block_;  // the key, hashed if longer than one block, zero-padded to the block size; empty
                     // for the plain digest
  Bytes prefix_, suffix_;
};

}  // namespace fairvec::search
