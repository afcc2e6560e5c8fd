// stake_crash_test.json (specs/stake-v1.md S30..S32): crash points of game hashes of Stake's crash
// chain, the published ones of verifierform-stake's test among them, with the HMAC and its leading
// 32 bits, and game hashes that are bad input.
#include <cmath>
#include <string>
#include <vector>

#include "schemes/stake.h"
#include "vectors/catalog.h"
#include "vectors/stake.h"

namespace fairvec::vectors::stake_vec {

namespace {

using json::Value;

void crash_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& hash) {
    const stake::CrashPoint p = stake::crash_point(gen_backend(), hash, stake::kCrashSalt);
    const double ratio = stake::kTwo32 / (static_cast<double>(p.int32) + 1.0);
    if (std::floor(std::max(1.0, ratio) * 100.0) / 100.0 * 0.99 != p.point) flags.push_back("CrashHouseEdge");
    if (ratio * 0.99 < 1.0) flags.push_back("CrashMinimum");
    c.valid("StakeCrash", std::move(comment), std::move(flags), {{"gameHash", hash}, {"salt", stake::kCrashSalt}});
  };
  // Published: provably-fair-betting/verifierform-stake, tests/lib/games/multiplayer/crash/CrashResult.svelte.test.ts.
  const char* const kPublished[] = {"d8276461230081da5d9e251397b511bbf792725786c3d9c79b386c665cbba63f",
                                    "f5f701298a1d235ab65ce7337d744c43a4b5afd32386a83e9268af8590bdea6c",
                                    "663691dfddeffa7527b14a607e17d176830944cc35aa30030415a81fc9551423"};
  for (const char* h : kPublished) {
    add("verifierform-stake CrashResult.svelte.test.ts: game hash " + std::string(h, 8) + "...", {"PublishedCrash"}, h);
  }
  for (std::uint64_t i = 0; i < 4; ++i)
    add("pseudorandom game hash " + std::to_string(i), {"Pseudorandom"}, seed_hex("crash", i));
  // A point of 1.00 from the minimum (about 1 game in 100): the first in a search from 0.
  bool found = false;
  for (std::uint64_t i = 0; i < 5000 && !found; ++i) {
    const std::string h = seed_hex("crash/minimum", i);
    const stake::CrashPoint p = stake::crash_point(gen_backend(), h, stake::kCrashSalt);
    if (stake::kTwo32 / (static_cast<double>(p.int32) + 1.0) * 0.99 >= 1.0) continue;
    add("a point below 1 raised to 1.00 (search over stake/crash/minimum/i, i = " + std::to_string(i) + ")", {}, h);
    found = true;
  }
  require(found, "stake: no crash hash for CrashMinimum");

  auto bad = [&](std::string comment, std::string hash) {
    c.invalid("StakeCrashInvalid", std::move(comment), {"BadGameHash"},
              {{"gameHash", hash}, {"salt", stake::kCrashSalt}}, "gameHash");
  };
  const std::string h = kPublished[0];
  std::string up = h;
  for (char& ch : up) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  bad("the game hash in uppercase", up);
  bad("63 hex digits", h.substr(0, 63));
  bad("65 hex digits", h + "0");
  bad("a 0x prefix", "0x" + h.substr(2));
  c.invalid("StakeCrashInvalid", "the salt as the JSON number 12345", {"NumberAsText"},
            {{"gameHash", h}, {"salt", Value(12345)}}, "salt");
}

}  // namespace

VectorKind crash_vector_kind() {
  return catalog_kind({
      "stake_crash_test.json",
      {"stake-v1 crash (specs/stake-v1.md S30..S32): hmac = HMAC-SHA256(key = the game hash's text (64 hex",
       "characters), msg = the salt's text, Stake's: a Bitcoin block hash); int = its first 4 bytes, big-endian;",
       "crashPoint = floor(max(1, 2^32 / (int + 1) * 0.99) * 100) / 100 in binary64.",
       "Port op: stake.crash {gameHash, salt} -> {crashPoint}."},
      library().pick(
          {"PublishedCrash", "Pseudorandom", "CrashHouseEdge", "CrashMinimum", "BadGameHash", "NumberAsText"}),
      {{.type = "StakeCrash", .call = {"stake.crash"}, .fields = outputs({"hmac", "int", "crashPoint"})},
       {.type = "StakeCrashInvalid", .call = {"stake.crash"}}},
      crash_cases,
  });
}

}  // namespace fairvec::vectors::stake_vec
