// Stored search results: the command line, the candidates of a completed search, the file's JSON.
#include "search/stored.h"

#include <stdexcept>

#include "core/errors.h"

namespace fairvec::search {

namespace {

// shell_word quotes |w| for a POSIX shell when it holds anything but [A-Za-z0-9._/:=@%+-]
// (hexwin seeds are free text).
std::string shell_word(const std::string& w) {
  const bool plain = !w.empty() && w.find_first_not_of(
                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                       "0123456789._/:=@%+-") == std::string::npos;
  if (plain) return w;
  std::string q = "'";
  for (char ch : w) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

}  // namespace

std::string command_of(const SearchSpec& s) {
  std::string c = "fairvec search " + s.cls;
  if (!s.convention.empty()) c += " --convention " + shell_word(s.convention);
  c += " --seed " + shell_word(s.seed);
  for (const auto& x : s.clients) c += " --client " + shell_word(x);
  if (!s.game.empty()) c += " --game " + s.game;
  for (const auto& x : s.contributions) c += " --contribution " + x;
  c += " --depth " + std::to_string(s.depth) + " --from " + std::to_string(s.from) + " --count " +
       std::to_string(s.to - s.from + 1);
  if (s.shard.count != 1) c += " --shard " + std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count);
  return c;
}

std::uint64_t completed_candidates(const SearchSpec& s, std::optional<std::uint64_t> found) {
  ChunkedSearch cs(s.from, s.to, s.shard, [](std::uint64_t, std::uint64_t) { return std::nullopt; });
  Progress p;
  p.frontier = cs.local_chunks();
  if (found) {
    const auto local = cs.local_chunk_of(*found);
    if (!local) {
      throw InputError("found", std::to_string(*found) + " is not in a chunk of shard " +
                                    std::to_string(s.shard.index) + "/" + std::to_string(s.shard.count) +
                                    " of the range");
    }
    p.frontier = *local + 1;
    p.best = found;
  }
  cs.restore(p);
  return cs.finished_candidates();
}

json::Value stored_result(const CompiledSpec& c, std::optional<std::uint64_t> found, const Backend& backend) {
  const SearchSpec& s = c.spec();
  json::Object o{
      {"format", kStoredFormat}, {"command", command_of(s)},
      {"search", s.to_json()},   {"counter", c.counter_name()},
      {"complete", true},        {"found", found ? json::Value(static_cast<std::int64_t>(*found)) : json::Value()}};
  if (found) {
    const Bytes mac = c.reference_mac(backend, *found);
    if (c.depth_of(mac) != s.depth) {
      throw std::logic_error(c.counter_name() + " " + std::to_string(*found) + " does not verify on " +
                             std::string(backend.name()) + ": " + std::to_string(c.depth_of(mac)) + " " +
                             std::string(c.search_class().depth_unit) + ", not " + std::to_string(s.depth));
    }
    o.emplace_back("mac", to_hex(mac));
  }
  o.emplace_back("candidates", static_cast<std::int64_t>(completed_candidates(s, found)));
  return json::Value(std::move(o));
}

}  // namespace fairvec::search
