// The search engine and `fairvec search`: every kernel's MACs equal Crypto++'s and OpenSSL's, the
// lowest hit is independent of the thread count and the kernel and equals what a plain loop over
// the library finds, shards together give the unsharded answer, a search killed at a random moment
// and resumed from its checkpoint gives the uninterrupted answer, and bad arguments are exit 2.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <thread>

#include <sys/wait.h>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/files.h"
#include "core/json.h"
#include "core/crypto.h"
#include "core/files.h"
#include "core/json.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla.h"
#include "search/hmac_scan.h"
#include "search/spec.h"

extern char** environ;

namespace fairvec {
namespace {

struct CliRun {
  int rc;
  std::string out;
};

CliRun run(const std::string& args) {
  std::string cmd = std::string(FAIRVEC_CLI) + " search " + args + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> p(::popen(cmd.c_str(), "r"), ::pclose);
  std::string out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p.get())) > 0) out.append(buf, n);
  int status = ::pclose(p.release());
  // A child killed by a signal is never read as an exit code.
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string found(const std::string& out) {
  auto at = out.find("\"found\":");
  if (at == std::string::npos) return "";
  auto end = out.find(',', at);
  return out.substr(at + 8, end - at - 8);
}

const std::string kSeed = "b1aafe4272e15eb82a3280c4a21249ad4946ca640fb7080ed1abb11fa5b35e7e";

TEST(Search, HmacDiceDepthOneEqualsAPlainLoopOnEveryThreadCount) {
  Bytes seed = from_hex(kSeed, "seed");
  std::vector<std::string> clients = {"a", "b"};
  std::uint64_t expected = 0;
  for (std::uint64_t n = 1000; n < 100000 && !expected; ++n) {
    if (hmac_dice::skipped_prefix(default_backend().hmac_sha256(seed, as_bytes(hmac_dice::message(clients, n, 0)))) == 2) expected = n;
  }
  ASSERT_NE(expected, 0u);
  for (const char* threads : {"1", "2", "7"}) {
    CliRun r = run("hmac-dice-skip --seed " + kSeed + " --client a --client b --depth 2 --from 1000 --count 99000 --threads " + threads);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_EQ(found(r.out), std::to_string(expected)) << r.out;
  }
}

// depth_four_roll reads the roll of the committed SkippedByte4 vector (hmac_dice_roll_test.json):
// the first depth-4 roll of seed SHA-256("fairvec/hmac-dice-v1/skip-search"), clients
// skip-search-1, skip-search-2, which the generator keeps as a constant.
std::int64_t depth_four_roll() {
  rapidjson::Document doc;
  json::parse(read_file(std::string(FAIRVEC_SOURCE_VECTORS) + "/hmac_dice_roll_test.json"), doc, "roll file");
  for (const auto& g : doc["testGroups"].GetArray()) {
    for (const auto& t : g["tests"].GetArray()) {
      for (const auto& f : t["flags"].GetArray()) {
        if (std::string_view(f.GetString()) == "SkippedByte4" && t["index"].GetInt() == 4) return t["roll"].GetInt64();
      }
    }
  }
  return 0;
}

TEST(Search, FindsTheGeneratorsDepthFourConstantAgain) {
  // No roll before it in this window has depth 4, so search finds exactly the committed roll.
  const std::int64_t roll = depth_four_roll();
  ASSERT_GT(roll, 0) << "no SkippedByte4 vector";
  CliRun r = run("hmac-dice-skip --seed " + kSeed + " --client skip-search-1 --client skip-search-2 --depth 4 --from " +
                 std::to_string(roll - 71712) + " --count 100000");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_EQ(found(r.out), std::to_string(roll)) << r.out;
}

TEST(Search, TavlaDepthOneEqualsAPlainLoop) {
  tavla::RollInputs in;
  for (int i = 0; i < 32; ++i) {
    in.seed[i] = static_cast<std::uint8_t>(i);
    in.contributions[0][i] = static_cast<std::uint8_t>(0x20 + i);
    in.contributions[1][i] = static_cast<std::uint8_t>(0x40 + i);
  }
  tavla::BlockMacs macs(default_backend(), in);
  std::uint32_t expected = 0;
  for (std::uint32_t n = 1; n < 100000 && !expected; ++n) {
    if (hmac_dice::skipped_prefix(macs.mac(n, 0)) == 1) expected = n;
  }
  ASSERT_NE(expected, 0u);
  CliRun r = run(std::string("tavla-skip --seed ") + to_hex(in.seed) + " --game 00000000-0000-0000-0000-000000000000" +
              " --contribution " + to_hex(in.contributions[0]) + " --contribution " + to_hex(in.contributions[1]) +
              " --depth 1 --count 100000");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_EQ(found(r.out), std::to_string(expected)) << r.out;
}

TEST(Search, NothingInRangeIsExitOneAndBadInputIsExitTwo) {
  CliRun none = run("hmac-dice-skip --seed " + kSeed + " --client a --depth 32 --count 1000");
  EXPECT_EQ(none.rc, 1) << none.out;
  EXPECT_EQ(found(none.out), "null") << none.out;
  EXPECT_EQ(run("nope --seed " + kSeed).rc, 2);
  CliRun bad_seed = run("hmac-dice-skip --seed 0011 --client a");
  EXPECT_EQ(bad_seed.rc, 2);
  EXPECT_NE(bad_seed.out.find("--seed"), std::string::npos) << bad_seed.out;
  EXPECT_EQ(run("hmac-dice-skip --seed " + kSeed + " --client a:b").rc, 2);
  EXPECT_EQ(run("hmac-dice-skip --seed " + kSeed + " --client a --depth 0").rc, 2);
  EXPECT_EQ(run("tavla-skip --seed " + kSeed + " --game 00000000-0000-0000-0000-000000000000 --contribution " + kSeed).rc, 2);
}

// ---------------------------------------------------------------------------------------------
// The engine against both backends.

using search::CounterFormat;
using search::HmacScan;
using search::Kernel;

// expect_range_matches checks every MAC of lo..hi on every kernel against every backend.
void expect_range_matches(const HmacScan& scan, std::uint64_t lo, std::uint64_t hi,
                          const std::function<Digest(const Backend&, std::uint64_t)>& reference, const std::string& what) {
  for (Kernel k : search::available_kernels()) {
    std::vector<Digest> got = scan.macs(lo, hi, k);
    for (const Backend* b : all_backends()) {
      for (std::uint64_t n = lo; n <= hi; ++n) {
        ASSERT_EQ(to_hex(got[n - lo]), to_hex(reference(*b, n)))
            << what << " counter " << n << " kernel " << search::kernel_name(k) << " backend " << b->name();
      }
    }
  }
}

std::string decimal_message(const std::string& prefix, std::uint64_t n, const std::string& suffix) {
  return prefix + std::to_string(n) + suffix;
}

TEST(SearchEngine, EveryKernelEqualsBothBackendsOnDecimalCounters) {
  // Keys of 16, 32, 64 and 100 bytes (hashed first); prefixes that leave the counter in the first
  // tail block, across a block boundary, and in a second tail block; a suffix.
  const std::vector<std::size_t> key_sizes = {16, 32, 64, 100};
  const std::vector<std::string> prefixes = {"", "a:", "skip-search-1:skip-search-2:", std::string(50, 'p') + ":",
                                             std::string(60, 'q'), std::string(130, 'r') + ":"};
  const std::vector<std::string> suffixes = {"", "+x"};
  for (std::size_t ks : key_sizes) {
    Bytes key(ks);
    for (std::size_t i = 0; i < ks; ++i) key[i] = static_cast<std::uint8_t>(i * 7 + ks);
    for (const auto& prefix : prefixes) {
      for (const auto& suffix : suffixes) {
        HmacScan scan(key, as_bytes(std::string_view(prefix)), CounterFormat::kDecimal, as_bytes(std::string_view(suffix)));
        auto ref = [&](const Backend& b, std::uint64_t n) { return b.hmac_sha256(key, as_bytes(decimal_message(prefix, n, suffix))); };
        const std::string what = "key " + std::to_string(ks) + " prefix " + std::to_string(prefix.size()) + " suffix " + suffix;
        expect_range_matches(scan, 0, 9, ref, what);
        expect_range_matches(scan, 95, 99, ref, what);
        expect_range_matches(scan, 99990, 99999, ref, what);
        expect_range_matches(scan, 9007199254740981ULL, 9007199254740991ULL, ref, what);
      }
    }
  }
}

TEST(SearchEngine, HmacDiceAndTavlaSpecsEqualTheSchemesOnBothBackends) {
  search::SearchSpec hd;
  hd.cls = "hmac-dice-skip";
  hd.seed = kSeed;
  hd.clients = {"skip-search-1", "skip-search-2"};
  hd.from = 1;
  hd.to = hmac_dice::kMaxRoll;
  search::CompiledSpec c(hd);
  search::SearchSpec tv;
  tv.cls = "tavla-skip";
  tv.seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
  tv.game = "60616263-6465-6667-6869-6A6B6C6D6E6F";
  tv.contributions = {std::string(64, 'a'), std::string(64, 'B')};
  tv.from = 1;
  tv.to = 0xffffffffULL;
  search::CompiledSpec t(tv);
  search::SearchSpec dv = tv;
  dv.cls = "tavla-skip-derived";
  dv.seed = "label";
  dv.to = hmac_dice::kMaxRoll;
  search::CompiledSpec d(dv);
  for (Kernel k : search::available_kernels()) {
    for (const Backend* b : all_backends()) {
      for (std::uint64_t n : {1ULL, 9ULL, 10ULL, 28371712ULL, 9007199254740991ULL}) {
        EXPECT_EQ(c.engine_mac(n, k), b->hmac_sha256(from_hex(kSeed, "seed"), as_bytes(hmac_dice::message(hd.clients, n, 0))));
      }
      for (std::uint64_t n : {1ULL, 255ULL, 65536ULL, 4294967295ULL}) EXPECT_EQ(t.engine_mac(n, k), t.reference_mac(*b, n));
      for (std::uint64_t n : {1ULL, (1ULL << 32) + 1, (7ULL << 32) + 12345}) EXPECT_EQ(d.engine_mac(n, k), d.reference_mac(*b, n));
    }
  }
  // The derived reference is the scheme's own roll MAC under seed SHA-256(label || u32be(k)).
  tavla::RollInputs in;
  Bytes label = {'l', 'a', 'b', 'e', 'l', 0, 0, 0, 7};
  in.seed = default_backend().sha256(label);
  in.game_id = tavla::parse_uuid(tv.game, "game");
  in.contributions = {tavla::parse_secret(tv.contributions[0], "c"), tavla::parse_secret(tv.contributions[1], "c")};
  EXPECT_EQ(d.reference_mac(cryptopp_backend(), (7ULL << 32) + 12345), tavla::block_mac(openssl_backend(), in, 12345, 0));
}

TEST(SearchEngine, FirstSkipEqualsAPlainLoopOnEveryKernel) {
  Bytes key = from_hex(kSeed, "seed");
  const std::string prefix = "x:y:";
  HmacScan scan(key, as_bytes(std::string_view(prefix)), CounterFormat::kDecimal, {});
  for (unsigned depth : {1u, 2u}) {
    std::uint64_t expected = 0;
    for (std::uint64_t n = 5; n < 200000 && !expected; ++n) {
      if (search::skip_depth(openssl_backend().hmac_sha256(key, as_bytes(prefix + std::to_string(n)))) == depth) expected = n;
    }
    ASSERT_NE(expected, 0u);
    for (Kernel k : search::available_kernels()) {
      EXPECT_EQ(scan.first_skip(5, 200000, depth, k), std::optional<std::uint64_t>(expected)) << search::kernel_name(k);
      // Every start lane: the hit is found wherever it falls in a group of interleaved streams.
      for (std::uint64_t lo = expected - 4; lo <= expected; ++lo) {
        EXPECT_EQ(scan.first_skip(lo, expected, depth, k), std::optional<std::uint64_t>(expected));
      }
      EXPECT_EQ(scan.first_skip(5, expected - 1, depth, k), std::nullopt);
    }
  }
  EXPECT_THROW((void)scan.first_skip(2, 1, 1, Kernel::kPortable), std::invalid_argument);
  EXPECT_THROW((void)scan.first_skip(1, 2, 0, Kernel::kPortable), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------------
// Shards, checkpoints and kills.

// A hit of depth 4 in the third chunk of 2^20 counters from 26000000 (the generators' constant).
const std::string kDepth4 = "hmac-dice-skip --seed " + kSeed +
                            " --client skip-search-1 --client skip-search-2 --depth 4 --from 26000000 --count 4194304";

TEST(SearchCli, ShardsTogetherGiveTheUnshardedAnswer) {
  CliRun whole = run(kDepth4 + " --threads 2");
  ASSERT_EQ(whole.rc, 0) << whole.out;
  EXPECT_EQ(found(whole.out), "28371712");
  for (int n : {2, 3}) {
    std::uint64_t best = UINT64_MAX;
    for (int i = 0; i < n; ++i) {
      CliRun r = run(kDepth4 + " --threads 1 --shard " + std::to_string(i) + "/" + std::to_string(n));
      ASSERT_TRUE(r.rc == 0 || r.rc == 1) << r.out;
      if (r.rc == 0) best = std::min<std::uint64_t>(best, std::stoull(found(r.out)));
    }
    EXPECT_EQ(best, 28371712u) << n << " shards";
  }
}

TEST(SearchCli, ProgressBarAndLinesReachTheEndOfASearchThatStopsEarly) {
  // Chunks finished above the hit leave the total: the bar must not run past 100% (it crashed).
  for (const char* mode : {"bar", "lines"}) {
    CliRun r = run(kDepth4 + " --threads 3 --progress " + mode + " --progress-every 0.01");
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_EQ(found(r.out), "28371712") << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
  }
}

TEST(SearchChunks, FinishedNeverExceedsTheTotalOnceAHitIsKnown) {
  search::ChunkedSearch cs(1, 8 * search::kChunk, {}, [](std::uint64_t, std::uint64_t) { return std::nullopt; });
  search::Progress p;
  p.frontier = 3;
  p.finished = {5, 6};
  p.best = 2 * search::kChunk + 7;  // in chunk 2
  cs.restore(p);
  EXPECT_TRUE(cs.done());
  EXPECT_EQ(cs.total_candidates(), 3 * search::kChunk);
  EXPECT_EQ(cs.finished_candidates(), 3 * search::kChunk);
  search::ChunkedSearch sharded(1, 8 * search::kChunk, {1, 3}, [](std::uint64_t, std::uint64_t) { return std::nullopt; });
  EXPECT_EQ(sharded.local_chunks(), 3u);  // chunks 1, 4, 7
  EXPECT_EQ(sharded.total_candidates(), 3 * search::kChunk);
  EXPECT_THROW(sharded.restore({4, {}, std::nullopt}), std::invalid_argument);
}

// spawn starts `fairvec search ARGS` with stdout to |out|; returns its pid.
pid_t spawn(const std::string& args, const std::string& out) {
  std::string cmd = std::string("exec ") + FAIRVEC_CLI + " search " + args + " >" + out + " 2>&1";
  const char* argv[] = {"/bin/sh", "-c", cmd.c_str(), nullptr};
  pid_t pid = 0;
  EXPECT_EQ(::posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ), 0);
  return pid;
}

TEST(SearchCli, KilledAtARandomMomentAndResumedFindsTheSameAnswer) {
  const std::string uninterrupted = found(run(kDepth4 + " --threads 2").out);
  ASSERT_EQ(uninterrupted, "28371712");
  const auto dir = std::filesystem::temp_directory_path() / ("fairvec_search_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::random_device rd;
  std::mt19937 rng(rd());
  for (int sig : {SIGKILL, SIGINT, SIGKILL}) {
    const std::string cp = (dir / "cp.json").string();
    std::filesystem::remove(cp);
    const std::string args = kDepth4 + " --threads 2 --checkpoint " + cp + " --checkpoint-every 0.05 --progress lines";
    std::uniform_int_distribution<int> ms(50, 1500);
    const int delay = ms(rng);
    pid_t pid = spawn(args, (dir / "out.txt").string());
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
    // However it ended, a checkpoint on disk is whole JSON (atomic writes) or absent.
    if (std::filesystem::exists(cp)) {
      rapidjson::Document doc;
      EXPECT_NO_THROW(json::parse(read_file(cp), doc, cp)) << "signal " << sig << " after " << delay << " ms";
    }
    CliRun resumed = run(args);
    EXPECT_EQ(resumed.rc, 0) << resumed.out;
    EXPECT_EQ(found(resumed.out), uninterrupted) << "signal " << sig << " after " << delay << " ms: " << resumed.out;
    // A finished checkpoint answers at once, without scanning again.
    CliRun again = run(args);
    EXPECT_EQ(found(again.out), uninterrupted) << again.out;
  }
  // A checkpoint of another search is bad input naming the field.
  CliRun other = run("hmac-dice-skip --seed " + kSeed + " --client skip-search-1 --client skip-search-2 --depth 3 --from 26000000 " +
                     "--count 4194304 --checkpoint " + (dir / "cp.json").string());
  EXPECT_EQ(other.rc, 2) << other.out;
  EXPECT_NE(other.out.find("search.depth"), std::string::npos) << other.out;
  std::filesystem::remove_all(dir);
}

TEST(SearchCli, BadArgumentsAreExitTwoNamingTheOption) {
  const std::string base = "hmac-dice-skip --seed " + kSeed + " --client a ";
  for (const auto& [args, field] : std::vector<std::pair<std::string, std::string>>{
           {"--count -5", "--count"},
           {"--count 0", "--count"},
           {"--count x", "--count"},
           {"--from 0", "--from"},
           {"--from 9007199254740992", "--from"},
           {"--shard 3/2", "--shard"},
           {"--shard 2/2", "--shard"},
           {"--shard 0/0", "--shard"},
           {"--shard 1", "--shard"},
           {"--kernel fast", "--kernel"},
           {"--progress loud", "--progress"},
           {"--checkpoint-every 0", "--checkpoint-every"}}) {
    CliRun r = run(base + args);
    EXPECT_EQ(r.rc, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(field), std::string::npos) << args << ": " << r.out;
  }
  CliRun not_json = run(base + "--checkpoint " + FAIRVEC_SOURCE_DIR + "/README.md");
  EXPECT_EQ(not_json.rc, 2) << not_json.out;
  CliRun unreadable = run(base + "--checkpoint /proc/self/mem");
  EXPECT_NE(unreadable.rc, 0) << unreadable.out;
}

}  // namespace
}  // namespace fairvec
