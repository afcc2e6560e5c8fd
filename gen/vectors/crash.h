// What the crash vector generators share (vectors/crash.cc, crash_chain.cc): the conventions,
// link helpers and bustabit's published games.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/json.h"
#include "schemes/crash.h"
#include "vectors/flags.h"
#include "vectors/material.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::crash_vec {

using json::Object;
using json::Value;

// ---- crash: conventions and bustabit's published games ------------------------------------------
using crash::Convention;

constexpr Convention kConventions[] = {Convention::kBetkyoExact, Convention::kBustabitV1, Convention::kBustabitV2,
                                       Convention::kBustabit2025};

// convention_of and salt_of read a crash op's params: the convention (InputError naming it when
// unknown), and the salt or nullopt.
inline Convention convention_of(const rapidjson::Value& p) {
  return crash::parse_convention(json::get_string(p, "convention", "params"));
}
inline std::optional<std::string> salt_of(const rapidjson::Value& p) {
  if (!json::optional_member(p, "salt")) return std::nullopt;
  return json::get_string(p, "salt", "params");
}

// buffer_from_hex reads hex text as Node's Buffer.from(text, 'hex') does (a lenient port's link or
// hash): byte pairs up to the first that is not hex, any count, here zero-padded or cut to 32
// bytes. It cannot fail.
inline Digest buffer_from_hex(std::string_view text) {
  Digest d{};
  for (std::size_t i = 0; i + 1 < text.size() && i / 2 < d.size(); i += 2) {
    const auto r = std::from_chars(text.data() + i, text.data() + i + 2, d[i / 2], 16);
    if (r.ec != std::errc() || r.ptr != text.data() + i + 2) break;
  }
  return d;
}

// v2_point tells whether the convention computes bustabit-v2's point (v2 and 2025 do).
inline bool v2_point(Convention c) { return c == Convention::kBustabitV2 || c == Convention::kBustabit2025; }

// bustabit's published 2018-chain games (specs/crash.md §7.1): the salt is the hash of Bitcoin block
// 505750, as bustabit's verifier has it (bustabit/verifier, src/constants.ts, PREV_GAME_SALT).
constexpr const char* kBustabit2018Salt = "0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526";
// The salt of bustabit's current chain from game #12,279,451 on (specs/crash.md [S4]: bustabit/verifier,
// src/constants.ts, GAME_SALT, "from bustabit's current seeding event", bitcointalk topic 5560454),
// and that chain's terminating hash (TERMINATING_HASH).
constexpr const char* kBustabit2025Salt = "00000000000000000001e08b7fd44f95e3e950ac65650a8031a6d5e1750e34be";
constexpr const char* kBustabit2025TerminatingHash = "567a98370fb7545137ddb53687723cf0b8a1f5e93b1f76f4a1da29416930fa59";
struct PublishedGame {
  std::uint64_t game;
  const char* hash;
  std::uint64_t hundredths;
};
// Games #1,394,728 … #1,394,725 (consecutive, newest first) and three high games: hashes and busts as
// published with the vladignatyev/bustabit-rust crate's tests (tests/lib.rs, should_return_correct_outcome
// and should_return_correct_outcome_for_nyans; the issue quotes the first pair). The game numbers are
// the walk lengths to the 2018 terminating hash (tests/crash_test.cc walks one of them).
constexpr PublishedGame kPublishedChain[] = {
    {1394728, "b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba", 126},
    {1394727, "82886b71b3b26e4b162bbdf4e7024f50f6a7250c207fb9ce497ad56a3e7e700a", 118},
    {1394726, "cb7da3ec6cb68d4c0fccd9640641cabcac641f12ff97e7314ec3e074ac0981e0", 126},
    {1394725, "b459e199bac1342bf22d7aa6d19180aff35ab69f453d809949aab3e8d5e545aa", 377},
};
constexpr PublishedGame kPublishedHigh[] = {
    {1398378, "5d07719b61b0abb6f1c3b17b1d69c838278f87f9b5e75077026e5fedf96c2eb2", 205590},
    {1398009, "7d58fa510e6ad19a5c2a08302906110702ad354c3d275592068bc3df9cd7fd1d", 10571005},
    {1397659, "66508662791cbe526d740394a62713d3879f00cd11ee5ef10f7b592c676371f4", 145685},
};
constexpr std::uint64_t kMaxH = crash::kE - 1;

// member_strings reads the computed member |name| of |out| (a test's outputs) as strings; it throws
// InputError where it is not an array of strings.
inline std::vector<std::string> member_strings(const json::Value& out, const char* name) {
  return strings_of(member_of(out.as_object(), name, "outputs"), name);
}

// library is the family's flag library (vectors/flags.h): the wrong ports of crash_ports.cc, then
// each file's flags, in file order; a flag two files use is defined by the first. It cannot fail
// (a library that does not build is a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
void add_point_flags(FlagLibrary& lib);
void add_hash_flags(FlagLibrary& lib);
void add_chain_flags(FlagLibrary& lib);

// chain_file is crash_chain_test.json (vectors/crash_chain.cc). It cannot fail.
VectorKind chain_file();

// files lists the family's vector files in order (vectors/crash.cc). It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::crash_vec
