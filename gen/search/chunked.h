// ChunkedSearch: the lowest hit in a counter range, split into fixed chunks that threads, shards
// and resumed runs share, so that the answer never depends on how the work was split or stopped.
//
// Chunk g covers counters [first + g * kChunk, first + (g + 1) * kChunk - 1] (the last one may be
// shorter). Shard i of N owns the chunks g with g mod N == i (stripes, so every shard works on low
// counters first). A shard's answer is the lowest hit in its chunks; the answer of the whole
// range is the lowest answer of its shards. Progress is the set of finished chunks: a frontier
// (every owned chunk below it is finished) and the finished chunks above it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

namespace fairvec::search {

inline constexpr std::uint64_t kChunk = std::uint64_t{1} << 20;
// The largest checkpoint file `fairvec search --checkpoint` reads (a checkpoint holds one frontier
// and the finished chunks above it: far below this).
inline constexpr std::size_t kMaxCheckpointBytes = 1u << 20;
// The most seconds a checkpoint may say the search has already spent (about 31.7 years): the time
// of a real search is far below it, and a larger one (1e308) overflowed the rounding of the next
// checkpoint and output line to infinity.
inline constexpr std::uint64_t kMaxCheckpointSeconds = 1'000'000'000;

struct Shard {
  std::uint64_t index = 0;  // 0-based
  std::uint64_t count = 1;
};

// The resumable state of one shard's search.
struct Progress {
  std::uint64_t frontier = 0;         // local chunk index: all below are finished
  std::set<std::uint64_t> finished;   // local chunk indexes above the frontier that are finished
  std::optional<std::uint64_t> best;  // the lowest hit in the finished chunks
};

class ChunkedSearch {
 public:
  // Scan returns the lowest hit in [lo, hi], or nothing; it must be thread-safe.
  using Scan = std::function<std::optional<std::uint64_t>(std::uint64_t lo, std::uint64_t hi)>;

  // Throws std::invalid_argument for first > last or a shard index not below its count.
  ChunkedSearch(std::uint64_t first, std::uint64_t last, Shard shard, Scan scan);

  // restore continues from |p| (a checkpoint of the same search). Throws std::invalid_argument
  // when |p| names chunks this shard does not have or a hit outside the range.
  void restore(const Progress& p);
  // progress returns a consistent snapshot. It cannot fail.
  Progress progress() const;

  // run scans on |threads| threads until done() or |stop| becomes true, then returns; a chunk that
  // was started is always finished. Exceptions from |scan| are rethrown after every thread stopped.
  void run(unsigned threads, const std::atomic<bool>& stop);

  // done tells whether the answer is known: every owned chunk below the best hit (or every owned
  // chunk) is finished.
  bool done() const;
  // total_candidates returns how many counters the shard has to scan (up to the chunk of the best
  // hit when one is known); finished_candidates how many of those are finished (never more).
  std::uint64_t total_candidates() const;
  std::uint64_t finished_candidates() const;
  std::uint64_t local_chunks() const { return local_chunks_; }
  // chunk_lo and chunk_hi return the first and last counter of local chunk |local| (< local_chunks()).
  std::uint64_t chunk_lo(std::uint64_t local) const;
  std::uint64_t chunk_hi(std::uint64_t local) const;
  // local_chunk_of returns the local index of the chunk holding |counter|, or nothing when the
  // counter is outside the range or in another shard's chunk. It cannot fail.
  std::optional<std::uint64_t> local_chunk_of(std::uint64_t counter) const;

 private:
  std::uint64_t chunk_size(std::uint64_t local) const { return chunk_hi(local) - chunk_lo(local) + 1; }
  bool needed(std::uint64_t local) const;  // with mu_ held
  bool done_locked() const;
  std::optional<std::uint64_t> claim();  // with mu_ held
  void finish(std::uint64_t local, std::optional<std::uint64_t> hit);

  std::uint64_t first_, last_;
  Shard shard_;
  Scan scan_;
  std::uint64_t local_chunks_ = 0;
  mutable std::mutex mu_;
  Progress p_;
  std::set<std::uint64_t> running_;
  std::uint64_t next_ = 0;  // next local chunk to hand out
  std::uint64_t finished_count_ = 0;
};

}  // namespace fairvec::search
