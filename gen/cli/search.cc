// `fairvec search`: the edge-case search engine. Each class scans a range of counters for the
// first input that reaches an edge (a MAC whose first k bytes are all skipped), on every core,
// and reports the lowest hit, so its answer is the same on any machine and any thread count. The
// generators keep hits too deep to search on every run as constants and re-verify them; this
// command is how such constants are found again. Both dice schemes skip bytes 252..255, so
// hmac_dice::skipped_prefix counts the skipped bytes of a tavla block too.
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <atomic>
#include <chrono>
#include <iostream>
#include <limits>
#include <mutex>
#include <thread>

#include "cli/commands.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla.h"

namespace fairvec::cli {

namespace {

// lowest_hit scans [first, last] in chunks on |threads| threads and returns the lowest counter for
// which |hit| is true. Chunks above an already found hit are skipped; chunks below it always run,
// so the answer does not depend on scheduling.
template <typename Hit>
std::optional<std::uint64_t> lowest_hit(std::uint64_t first, std::uint64_t last, unsigned threads, Hit hit) {
  constexpr std::uint64_t kChunk = 1 << 14;
  std::atomic<std::uint64_t> next{first};
  std::atomic<std::uint64_t> best{std::numeric_limits<std::uint64_t>::max()};
  auto work = [&] {
    for (;;) {
      std::uint64_t lo = next.fetch_add(kChunk);
      if (lo > last || lo < first || lo >= best.load()) return;
      std::uint64_t hi = std::min(last, lo + kChunk - 1);
      for (std::uint64_t n = lo; n <= hi; ++n) {
        if (hit(n)) {
          std::uint64_t cur = best.load();
          while (n < cur && !best.compare_exchange_weak(cur, n)) {
          }
          break;
        }
        if (n == std::numeric_limits<std::uint64_t>::max()) break;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  std::uint64_t b = best.load();
  if (b == std::numeric_limits<std::uint64_t>::max()) return std::nullopt;
  return b;
}

struct SearchOptions {
  std::string cls;
  std::string seed;
  std::vector<std::string> clients;
  std::string game;
  std::vector<std::string> contributions;
  std::size_t depth = 1;
  std::uint64_t from = 1;
  std::uint64_t count = 1000000;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string backend = std::string(default_backend().name());
};

int run_search(const SearchOptions& o) {
  const Backend* backend = backend_by_name(o.backend);
  if (!backend) throw InputError("--backend", "unknown backend '" + o.backend + "' (cryptopp, openssl)");
  if (o.depth < 1 || o.depth > 32) throw InputError("--depth", "must be between 1 and 32");
  if (o.count < 1) throw InputError("--count", "must be at least 1");
  std::uint64_t last_allowed = 0;
  std::function<bool(std::uint64_t)> hit;
  std::string counter;
  Bytes seed_bytes;
  tavla::RollInputs in;
  std::unique_ptr<tavla::BlockMacs> macs;
  if (o.cls == "hmac-dice-skip") {
    seed_bytes = hmac_dice::parse_server_seed(o.seed, "--seed");
    hmac_dice::validate_client_seeds(o.clients, "--client");
    last_allowed = kMaxSafeInteger;
    counter = "roll";
    hit = [&](std::uint64_t n) {
      return hmac_dice::skipped_prefix(backend->hmac_sha256(seed_bytes, as_bytes(hmac_dice::message(o.clients, n, 0)))) == o.depth;
    };
  } else if (o.cls == "tavla-skip") {
    in.seed = tavla::parse_secret(o.seed, "--seed");
    in.game_id = tavla::parse_uuid(o.game, "--game");
    if (o.contributions.size() != 2) throw InputError("--contribution", "give exactly two, in seat order");
    for (std::size_t i = 0; i < 2; ++i) {
      in.contributions[i] = tavla::parse_secret(o.contributions[i], "--contribution[" + std::to_string(i) + "]");
    }
    macs = std::make_unique<tavla::BlockMacs>(*backend, in);
    last_allowed = 4294967295ULL;
    counter = "n";
    hit = [&](std::uint64_t n) {
      return hmac_dice::skipped_prefix(macs->mac(static_cast<std::uint32_t>(n), 0)) == o.depth;
    };
  } else {
    throw InputError("class", "unknown search class '" + o.cls + "' (hmac-dice-skip, tavla-skip)");
  }
  if (o.from < 1 || o.from > last_allowed) {
    throw InputError("--from", "must be between 1 and " + std::to_string(last_allowed));
  }
  std::uint64_t last = o.from + std::min(o.count - 1, last_allowed - o.from);
  auto start = std::chrono::steady_clock::now();
  std::optional<std::uint64_t> found = lowest_hit(o.from, last, o.threads, hit);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  json::Object out{{"class", o.cls}, {"depth", static_cast<std::int64_t>(o.depth)},
                   {"from", static_cast<std::int64_t>(o.from)}, {"to", static_cast<std::int64_t>(last)},
                   {"found", found ? json::Value(static_cast<std::int64_t>(*found)) : json::Value()},
                   {"counter", counter}, {"threads", static_cast<std::int64_t>(o.threads)},
                   {"seconds", std::round(seconds * 1000) / 1000}};
  std::cout << json::to_line(json::Value(std::move(out))) << "\n";
  return found ? kExitOk : kExitFailed;
}

}  // namespace

void add_search_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "search",
      "Find the lowest counter in a range that reaches an edge: hmac-dice-skip (roll whose MAC starts with "
      "exactly --depth skipped bytes), tavla-skip (n whose block 0 does). Exit 0 found, 1 not in range");
  auto o = std::make_shared<SearchOptions>();
  cmd->add_option("class", o->cls, "hmac-dice-skip or tavla-skip")->required();
  cmd->add_option("--seed", o->seed, "Server seed (hmac-dice, hex) or tavla seed (32 bytes hex)")->required();
  cmd->add_option("--client", o->clients, "hmac-dice client seeds, in seat order (1 or 2)");
  cmd->add_option("--game", o->game, "tavla game id (UUID)");
  cmd->add_option("--contribution", o->contributions, "tavla contributions (two, 32 bytes hex each)");
  cmd->add_option("--depth", o->depth, "Exact number of leading skipped bytes (1..32)")->capture_default_str();
  cmd->add_option("--from", o->from, "First counter to try")->capture_default_str();
  cmd->add_option("--count", o->count, "How many counters to try")->capture_default_str();
  cmd->add_option("--threads", o->threads, "Threads (the answer does not depend on it)")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  cmd->add_option("--backend", o->backend, "Crypto backend: cryptopp or openssl")->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_search(*o); }; });
}

}  // namespace fairvec::cli
