// Tests of hexwin-v1 (specs/hexwin-v1.md): bets on both backends and against the specified digest,
// the published rolls, the windows over given digests and errors naming their fields. Its vector
// files are regenerated and checked on both backends by tests/vectors_test.cc (VectorKindTest).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/errors.h"
#include "core/json.h"
#include "port/protocol.h"
#include "schemes/hexwin.h"
#include "vectors/derived.h"
#include "vectors/vector_file.h"

#include "vector_test_util.h"

namespace fairvec {
namespace {

using namespace fairvec::testing;

const hexwin::Convention& conv(const char* name) { return hexwin::find_convention(name); }

// ---- bets ---------------------------------------------------------------------------------------

TEST(Hexwin, DigestIsTheSpecifiedHashOnBothBackends) {
  for (std::uint64_t nonce = 0; nonce < 50; ++nonce) {
    const std::string server = "server " + std::to_string(nonce * 7), client = "client";
    const std::string n = std::to_string(nonce);
    const Bytes hmac_dash = openssl_backend().hmac(Hash::kSha512, as_bytes(server), as_bytes(client + "-" + n));
    const Bytes hmac_colon = openssl_backend().hmac(Hash::kSha512, as_bytes(server), as_bytes(client + ":" + n));
    const Bytes plain = openssl_backend().digest(Hash::kSha512, as_bytes(server + client + n));
    for (const Backend* b : all_backends()) {
      EXPECT_EQ(hexwin::bet(*b, conv("primedice"), server, client, nonce).digest, hmac_dash);
      EXPECT_EQ(hexwin::bet(*b, conv("just-dice"), server, client, nonce).digest, hmac_colon);
      EXPECT_EQ(hexwin::bet(*b, conv("duckdice"), server, client, nonce).digest, plain);
      EXPECT_EQ(hexwin::bet(*b, conv("bcgame-hash-dice"), server, client, nonce).message, server + client + n);
    }
  }
}

// dadice's bet list of 10 Mar 2015 (shorena/dadice_verify_rolls @ 0e2ad1e4,
// example/example_01_seeds.txt and example_02_dadice_rolls.png, oldest first) and the Just-Dice
// example of VolosStorm/JD-Roll-Verifier README.md @ 39dba8b2: values published by the operators'
// pages and a verifier, not computed here.
TEST(Hexwin, ReproducesThePublishedRolls) {
  const double dadice[] = {67.65, 53.39, 36.74, 10.13, 42.48, 39.74, 65,   98.19, 52.35, 77.79,
                           34.39, 0.53,  63.3,  25.93, 84.72, 26.29, 17.3, 10.76, 79.47};
  for (std::uint64_t n = 0; n < std::size(dadice); ++n) {
    for (const Backend* b : all_backends()) {
      EXPECT_EQ(hexwin::bet(*b, conv("primedice"), "ede2a2e86b02649f7c7e5ad5eb31a74d27be694b81c1de7adf7e31f5db806c99",
                            "PS9zaMo49uhMoENfHZD0GIMVdLInFB", n)
                    .reading.roll,
                dadice[n])
          << "nonce " << n;
    }
  }
  const hexwin::Bet jd =
      hexwin::bet(openssl_backend(), conv("just-dice"),
                  "5WroZwmskPG0rG9WHkTx0T4PyvPmTx5XOoGd.6Dr9Y6uhNOUTrvCVUkvFyWrltH9", "560224986152234798766370", 4);
  EXPECT_EQ(jd.reading.roll, 49.0089);
  // The README's HMAC begins 77a69ec2971b (window 0 = 77a69 = 490089).
  EXPECT_EQ(to_hex(jd.digest).substr(0, 12), "77a69ec2971b");
}

// ---- windows ------------------------------------------------------------------------------------

TEST(Hexwin, WindowsAtTheLimitAndEveryExhaustionRule) {
  const std::string rest(123, '0');
  // 999999 = f423f is accepted; 10^6 = f4240 is rejected and window 1 (00000) read.
  EXPECT_EQ(hexwin::from_hex(conv("primedice"), "f423f" + rest).roll, 99.99);
  const hexwin::Reading over = hexwin::from_hex(conv("primedice"), "f4240" + rest);
  EXPECT_EQ(over.windows.size(), 2u);
  EXPECT_EQ(over.roll, 0);
  // 25 rejected windows (fffff), then the tail.
  const std::string all = std::string(125, 'f');
  EXPECT_EQ(hexwin::from_hex(conv("primedice"), all + "abc").roll, 99.99);
  EXPECT_TRUE(hexwin::from_hex(conv("primedice"), all + "abc").exhausted);
  EXPECT_EQ(hexwin::from_hex(conv("just-dice"), all + "fff").roll, 0.4095);
  EXPECT_EQ(hexwin::from_hex(conv("duckdice"), all + "fff").roll, 4095);
  EXPECT_EQ(hexwin::from_hex(conv("bcgame-hash-dice"), all + "001").roll, 1);
  // Mappings of one value, 987654: 76.54, 98.7654, 7654, 87654.
  const std::string d = "f1206" + rest;
  EXPECT_EQ(hexwin::from_hex(conv("primedice"), d).roll, 76.54);
  EXPECT_EQ(hexwin::from_hex(conv("just-dice"), d).roll, 98.7654);
  EXPECT_EQ(hexwin::from_hex(conv("duckdice"), d).roll, 7654);
  EXPECT_EQ(hexwin::from_hex(conv("bcgame-hash-dice"), d).roll, 87654);
}

// ---- bad input names its field ------------------------------------------------------------------

TEST(BadInput, HexwinFieldsAndPositions) {
  const Backend& b = openssl_backend();
  expect_error([&] { (void)hexwin::find_convention("Primedice"); }, "convention", std::nullopt);
  expect_error([&] { (void)hexwin::bet(b, conv("primedice"), "ab\xff", "c", 0); }, "serverSeed", 2);
  expect_error([&] { (void)hexwin::bet(b, conv("primedice"), "s", "\x80", 0); }, "clientSeed", 0);
  expect_error([&] { (void)hexwin::bet(b, conv("primedice"), "s", "c", fairvec::kMaxCounter + 1); }, "nonce",
               std::nullopt);
  expect_error([&] { (void)hexwin::from_hex(conv("primedice"), std::string(127, 'a')); }, "digest", std::nullopt);
  expect_error([&] { (void)hexwin::from_hex(conv("primedice"), std::string(64, 'a')); }, "digest", std::nullopt);
  expect_error([&] { (void)hexwin::from_hex(conv("primedice"), std::string(70, 'a') + "g" + std::string(57, 'a')); },
               "digest", 70);
  const port::Reply r = port::call(
      "hexwin.roll",
      json::Value::object({{"convention", "duckdice"}, {"serverSeed", 5}, {"clientSeed", "c"}, {"nonce", 0}}), b);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "bad_input");
  EXPECT_EQ(r.message.rfind("serverSeed", 0), 0u) << r.message;
}

}  // namespace
}  // namespace fairvec
