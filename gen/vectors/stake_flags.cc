// The flags of stake-v1's vector files (vectors/flags.h), each naming the wrong ports of
// vectors/stake_ports.cc it catches; generation proves each bites on every case that carries it.
#include <cmath>
#include <string>

#include "vectors/stake.h"

namespace fairvec::vectors::stake_vec {

void add_flags(FlagLibrary& lib) {
  const FlagLibrary& shared = shared_flags();
  lib.share(shared, "Pseudorandom",
            {"stake-dash-message", "stake-no-round", "stake-divide-by-max-u32", "stake-crash-key-as-bytes"});
  lib.share(shared, "NonAsciiText", {"stake-latin1-text"});
  lib.share(shared, "UnsafeInteger", {"stake-nonce-through-double"});
  lib.share(shared, "IntegerAsText", {"stake-integer-as-text"});
  lib.share(shared, "IntegralFloat", {"stake-integral-float"});
  lib.share(shared, "BooleanAsInteger", {"stake-boolean-as-integer"});
  lib.share(shared, "NumberAsText", {"stake-number-as-text"});
  lib.flag({"PublishedAnswer",
            BugType::kBasic,
            "A value a primary source prints (a verifier's test of Stake's rounds, specs/stake-v1-published.json); the "
            "comment names the source. Catches the key taken from the seed's hex, 8-byte floats, any wrong message.",
            {"stake-key-as-hex", "stake-float-from-8-bytes", "stake-no-round"}});
  lib.flag({"ServerSeedAsText",
            BugType::kEncoding,
            "The HMAC key is the server seed's text: 64 hex characters are 64 key bytes, never decoded to 32.",
            {"stake-key-as-hex"}});
  lib.flag({"RoundAdvance",
            BugType::kFunctionality,
            "More than 8 floats: byte 32 on is round 1's MAC (`client:nonce:1`), and so on.",
            {"stake-no-round-advance"}});
  lib.flag({"RoundBoundary",
            BugType::kBoundary,
            "A float whose 4 bytes straddle two rounds (a byte cursor of 29..31 mod 32): its last bytes are the next "
            "round's first. Catches a port that wraps within one MAC or allows only cursors that are multiples of 4.",
            {"stake-no-round-advance", "stake-cursor-multiple-of-4"}});
  lib.flag({"ByteCursor",
            BugType::kFunctionality,
            "The cursor counts bytes: cursor c reads from byte c mod 32 of round floor(c / 32).",
            {"stake-cursor-as-round"}});
  lib.flag({"MaxSafeNonce",
            BugType::kBoundary,
            "nonce = 2^53 - 1, the largest nonce (a JavaScript number holds it exactly).",
            {"stake-nonce-32-bit"}});
  lib.flag({"NonceNotInteger",
            BugType::kMissingCheck,
            "A nonce that is a fraction or an integral double (2.0) is bad input; catches a port reading the nonce "
            "as any JavaScript number.",
            {"stake-nonce-through-double"}});
  lib.flag({"BadCount",
            BugType::kMissingCheck,
            "A float count of 0 or above 1024 is bad input.",
            {"stake-count-unchecked"}});
  lib.share(shared_flags(), "EmptyClientSeed", {"stake-empty-client-seed-rejected"});
  lib.flag({"ColonInClientSeed",
            BugType::kEdgeCase,
            "A client seed containing ':' is hashed as given (the message does not escape it).",
            {"stake-colon-rejected"}});
  lib.flag(
      {"SpliceShuffle",
       BugType::kOrder,
       "Keno's squares and mines' tiles are drawn by splice: the picked item is removed and the gap closed, so "
       "the pool keeps its order. A port swapping it with the last item (keno-v1's and cursor-v1's pool hop) draws "
       "others.",
       {"stake-swap-shuffle"}});
  lib.flag({"PoolShrinks",
            BugType::kBoundary,
            "Mines with 24 mines: the last draw takes one of the 2 tiles left.",
            {"stake-swap-shuffle"}});
  lib.share(shared_flags(), "DrawOrder", {"stake-sorted-draw"});
  lib.flag({"DiceFloor",
            BugType::kArithmetic,
            "dice = floor(float * 10001) / 100: two decimals. Catches the unfloored snippet of Stake's page.",
            {"stake-dice-unfloored"}});
  lib.flag({"LimboFormula",
            BugType::kArithmetic,
            "limbo = max(floor(1e8 / (float * 1e8) * 0.99 * 100) / 100, 1), as Stake's page prints it. Catches 0.99 / "
            "float and the 2^24-quantized formula of verifierform-stake (float 0.5: 1.98, not 1.97).",
            {"stake-limbo-simplified", "stake-limbo-24-bit"}});
  lib.flag({"HouseEdgeOrder",
            BugType::kArithmetic,
            "The house edge multiplies before the floor to cents; a port flooring first and then multiplying by 0.99 "
            "gets another multiplier.",
            {"stake-house-edge-after-floor"}});
  lib.flag({"LimboOperationOrder",
            BugType::kArithmetic,
            "1e8 / (float * 1e8) * 0.99 and 0.99 / float differ by one ulp here, across a cent (float 0.005859375: "
            "168.95, not 168.96).",
            {"stake-limbo-simplified"}});
  lib.flag({"LargestFloat",
            BugType::kBoundary,
            "Every byte 255: the largest float, 1 - 2^-32, still below 1. Catches a division by 2^32 - 1 (float 1, an "
            "index one past the end).",
            {"stake-divide-by-max-u32"}});
  lib.flag({"EveryOutcome",
            BugType::kFunctionality,
            "Every value of a closed outcome domain whose mapping an option changes: each roulette pocket, each wheel "
            "segment for every (segments, risk), each plinko bucket for every (rows, risk), every keno square. Every "
            "entry of both payout tables is asked, so a port with one entry copied wrong fails one test. Each float "
            "lies in the middle of its cell (of 37 pockets, the segments, the two directions, the squares left), so "
            "the test asks the mapping and not the float's rounding.",
            {},
            [](const rapidjson::Value& params, const json::Value&) {
              const std::string game = params["game"].GetString();
              const auto& f = params["floats"];
              const auto& o = params["options"];
              for (rapidjson::SizeType i = 0; i < f.Size(); ++i) {
                const double cells = game == "roulette" ? 37
                                     : game == "wheel"  ? o["segments"].GetInt()
                                     : game == "plinko" ? 2
                                     : game == "keno"   ? 40.0 - i
                                                        : 0;
                const double x = f[i].GetDouble() * cells;
                if (cells == 0 || std::fabs(x - std::floor(x) - 0.5) > 1e-6) return false;
              }
              return true;
            }});
  lib.flag({"SpreadFloats",
            BugType::kBasic,
            "Floats spread over [0, 1), not all equal: each outcome member takes a value the edge cases never give, "
            "so a port answering a fixed outcome, or reading the floats in another order, fails.",
            {},
            [](const rapidjson::Value& params, const json::Value&) {
              const auto& f = params["floats"];
              for (rapidjson::SizeType i = 1; i < f.Size(); ++i) {
                if (f[i].GetDouble() != f[0].GetDouble()) return true;
              }
              return f.Size() == 1 && f[0].GetDouble() > 0 && f[0].GetDouble() < 0.99;
            }});
  lib.flag({"ZeroFloat",
            BugType::kBoundary,
            "Every float 0: index 0 of each draw, so the pool's order shows.",
            {"stake-swap-shuffle"}});
  lib.flag({"LimboZero",
            BugType::kEdgeCase,
            "Limbo's float 0 (probability 2^-32) divides by zero in Stake's code: bad input here (fairvec's decision).",
            {"stake-limbo-zero-as-max"}});
  lib.flag({"NotAFloat",
            BugType::kMissingCheck,
            "stake.event's floats must be multiples of 2^-32 in [0, 1 - 2^-32], values 4 bytes can give.",
            {"stake-event-floats-unchecked"}});
  lib.flag({"FloatCount",
            BugType::kMissingCheck,
            "stake.event needs exactly the floats the game reads.",
            {"stake-event-floats-unchecked"}});
  lib.flag({"OptionBounds",
            BugType::kMissingCheck,
            "An option outside its bounds (mines 1..24, plinko rows 8..16, risk low/medium/high, wheel segments "
            "10..50 by 10, keno 1..10 distinct picks of 1..40) is bad input.",
            {"stake-options-unchecked"}});
  lib.flag({"UnknownOption",
            BugType::kMissingCheck,
            "An options member the game does not define is bad input.",
            {"stake-options-unchecked"}});
  lib.flag({"MissingOption",
            BugType::kMissingCheck,
            "Every option the game defines is required.",
            {"stake-options-unchecked"}});
  lib.share(shared_flags(), "UnknownGame", {"stake-game-any-case"});
  lib.flag({"PublishedCrash",
            BugType::kBasic,
            "A crash point a verifier's test prints for Stake's chain (the comment names it).",
            {"stake-crash-key-as-bytes", "stake-crash-swapped-hmac"}});
  lib.flag({"CrashHouseEdge",
            BugType::kArithmetic,
            "Crash's house edge multiplies before the floor to cents.",
            {"stake-crash-edge-after-floor"}});
  lib.flag({"CrashMinimum",
            BugType::kBoundary,
            "2^32 / (int + 1) * 0.99 is below 1 here: the point is 1.00.",
            {"stake-crash-no-minimum"}});
  lib.flag({"BadGameHash",
            BugType::kMissingCheck,
            "A game hash that is not 64 lowercase hex digits is bad input.",
            {"stake-crash-hash-unchecked"}});
}

}  // namespace fairvec::vectors::stake_vec
