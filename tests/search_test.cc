// `fairvec search`: the lowest hit, independent of the thread count, equal to what a plain loop
// over the library finds, and the constants the generators keep (found once by search) are found
// again.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>

#include <sys/wait.h>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/files.h"
#include "core/json.h"
#include "core/crypto.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla.h"

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

}  // namespace
}  // namespace fairvec
