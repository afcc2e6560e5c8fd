// ChunkedSearch: chunk bookkeeping, the thread pool and the lowest-hit rule.
#include "search/chunked.h"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <thread>

namespace fairvec::search {

ChunkedSearch::ChunkedSearch(std::uint64_t first, std::uint64_t last, Shard shard, Scan scan)
    : first_(first), last_(last), shard_(shard), scan_(std::move(scan)) {
  if (first > last) throw std::invalid_argument("ChunkedSearch: empty range");
  if (shard.count < 1 || shard.index >= shard.count) throw std::invalid_argument("ChunkedSearch: bad shard");
  const std::uint64_t global = (last - first) / kChunk + 1;
  local_chunks_ = global > shard.index ? (global - shard.index - 1) / shard.count + 1 : 0;
}

std::uint64_t ChunkedSearch::chunk_lo(std::uint64_t local) const {
  return first_ + (local * shard_.count + shard_.index) * kChunk;
}

std::uint64_t ChunkedSearch::chunk_hi(std::uint64_t local) const {
  const std::uint64_t lo = chunk_lo(local);
  return last_ - lo < kChunk - 1 ? last_ : lo + kChunk - 1;
}

std::optional<std::uint64_t> ChunkedSearch::local_chunk_of(std::uint64_t counter) const {
  if (counter < first_ || counter > last_) return std::nullopt;
  const std::uint64_t g = (counter - first_) / kChunk;
  if (g % shard_.count != shard_.index) return std::nullopt;
  return g / shard_.count;
}

void ChunkedSearch::restore(const Progress& p) {
  std::lock_guard<std::mutex> lock(mu_);
  if (p.frontier > local_chunks_) throw std::invalid_argument("frontier beyond the shard's chunks");
  for (std::uint64_t c : p.finished) {
    if (c <= p.frontier || c >= local_chunks_) throw std::invalid_argument("finished chunk out of place");
  }
  if (p.best && (*p.best < first_ || *p.best > last_)) throw std::invalid_argument("hit outside the range");
  p_ = p;
  next_ = p.frontier;
  finished_count_ = p.frontier + p.finished.size();
}

Progress ChunkedSearch::progress() const {
  std::lock_guard<std::mutex> lock(mu_);
  return p_;
}

bool ChunkedSearch::needed(std::uint64_t local) const {
  return local < local_chunks_ && (!p_.best || chunk_lo(local) < *p_.best);
}

bool ChunkedSearch::done_locked() const { return !needed(p_.frontier); }

bool ChunkedSearch::done() const {
  std::lock_guard<std::mutex> lock(mu_);
  return done_locked();
}

std::optional<std::uint64_t> ChunkedSearch::claim() {
  while (needed(next_)) {
    const std::uint64_t c = next_++;
    if (c >= p_.frontier && !p_.finished.count(c)) {
      running_.insert(c);
      return c;
    }
  }
  return std::nullopt;
}

void ChunkedSearch::finish(std::uint64_t local, std::optional<std::uint64_t> hit) {
  std::lock_guard<std::mutex> lock(mu_);
  running_.erase(local);
  ++finished_count_;
  if (hit && (!p_.best || *hit < *p_.best)) p_.best = hit;
  if (local == p_.frontier) {
    ++p_.frontier;
    while (p_.finished.erase(p_.frontier)) ++p_.frontier;
  } else {
    p_.finished.insert(local);
  }
}

std::uint64_t ChunkedSearch::total_candidates() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (local_chunks_ == 0) return 0;
  std::uint64_t end = local_chunks_;  // owned chunks that must be scanned: those below the hit
  if (p_.best) {
    const std::uint64_t g = (*p_.best - first_) / kChunk;
    end = std::min<std::uint64_t>(end, g < shard_.index ? 0 : (g - shard_.index) / shard_.count + 1);
  }
  if (end == 0) return 0;
  return (end - 1) * kChunk + chunk_size(end - 1);
}

std::uint64_t ChunkedSearch::finished_candidates() const {
  std::lock_guard<std::mutex> lock(mu_);
  // Only chunks that count towards the total: those below the hit's chunk end.
  std::uint64_t n = 0;
  if (p_.frontier > 0) {
    std::uint64_t f = p_.frontier;
    while (f > 0 && !needed(f - 1)) --f;
    if (f > 0) n = (f - 1) * kChunk + chunk_size(f - 1);
  }
  for (std::uint64_t c : p_.finished) n += needed(c) ? chunk_size(c) : 0;
  return n;
}

void ChunkedSearch::run(unsigned threads, const std::atomic<bool>& stop) {
  std::exception_ptr error;
  std::mutex error_mu;
  std::atomic<bool> failed{false};
  auto work = [&] {
    for (;;) {
      std::optional<std::uint64_t> c;
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stop.load() || failed.load()) return;
        c = claim();
      }
      if (!c) return;
      try {
        finish(*c, scan_(chunk_lo(*c), chunk_hi(*c)));
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mu);
        if (!error) error = std::current_exception();
        failed = true;
        return;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < std::max(1u, threads); ++i) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace fairvec::search
