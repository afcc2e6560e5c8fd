// tavla-commit-v1 proof files (specs/tavla-commit-v1.md, "Proof files"): the JSON document a game
// publishes after the reveal, with everything a verifier needs, and the verifier itself.
//
//   {"format": "tavla-commit-proof", "version": 1, "gameId": uuid, "seats": [uuid, uuid],
//    "settings": {...}, "settingsHash": hex, "seed": hex, "contributions": [hex, hex],
//    "commitment": hex, "sealCode": "XXXX-XXXX",
//    "rolls": [{"n": 1, "kind": "opening", "dice": [a, b]}, ...]}
//
// Schema: vectors/schema/tavla_proof_schema.json.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto.h"
#include "core/json.h"
#include "schemes/tavla.h"

namespace fairvec::tavla {

inline constexpr std::string_view kProofFormat = "tavla-commit-proof";
inline constexpr int kProofVersion = 1;
// The largest proof file read (memory budget, specs/README.md): about 60,000 rolls, far beyond a
// match; a larger text is bad input before it is parsed.
inline constexpr std::size_t kMaxProofBytes = 4u << 20;

// Proof is a parsed, well-formed proof file (nothing in it is verified yet).
struct Proof {
  Uuid game_id{};
  std::array<Uuid, 2> seats{};
  std::string settings_canonical;  // canonical JSON of "settings"
  // settings.opening when it is "play" or "reroll" (tavla.game's names): the roll kinds must follow
  // that rule; with any other value, or none, either kind may follow the deciding opening.
  std::optional<OpeningRule> opening;
  Digest settings_hash{};
  Digest seed{};
  std::array<Digest, 2> contributions{};
  Digest commitment{};
  std::string seal_code;  // as read leniently, XXXX-XXXX
  std::vector<GameRoll> rolls;
};

// parse_proof reads a proof file. The whole file must be JSON of the canonical subset (integers
// only, no duplicate keys, valid UTF-8, no lone surrogates); every member listed above must be
// present, no other member may be, "format" must be "tavla-commit-proof" and "version" 1. Throws
// InputError naming the member's JSON path ("seed", "seats[1]", "rolls[3].dice") and the byte
// offset in |text| of the bad token (of the value when the member is mistyped; of the enclosing
// object when a member is missing), or "proof" for a file that is not JSON.
[[nodiscard]] Proof parse_proof(std::string_view text);

// ProofSource is what a game publishes; proof_document computes the rest.
struct ProofSource {
  json::Value settings;  // a JSON object; written in its member order
  Uuid game_id{};
  std::array<Uuid, 2> seats{};
  Digest seed{};
  std::array<Digest, 2> contributions{};
  std::vector<GameRoll> rolls;
};

// proof_document returns the proof file of |s| with settingsHash, commitment and sealCode computed.
// Throws InputError naming "settings" when the settings are not canonical-JSON material.
[[nodiscard]] json::Value proof_document(const Backend& backend, const ProofSource& s);

// What the user saw before the game: a full commitment digest or a seal code, or nothing.
struct Expected {
  enum class Kind { kNone, kDigest, kSealCode };
  Kind kind = Kind::kNone;
  Digest digest{};
  std::string seal_code;  // XXXX-XXXX
};

// parse_expected_commitment reads 64 hex digits (either case) as a digest, anything else shorter
// than 32 characters as a seal code (read leniently). Throws InputError naming |field| otherwise,
// and for hex digits alone that are not 64 of them (a digest prefix; at exactly 8 without a dash,
// ambiguous): never compared as a seal code. The op and `fairvec verify tavla` share this rule.
[[nodiscard]] Expected parse_expected_commitment(std::string_view text, std::string_view field);

// Verdict of one verification. The checks run in a fixed order and stop at the first failure:
// settingsHash, commitment, sealCode, expectedCommitment, then for each roll i: rolls[i].n,
// rolls[i].dice, rolls[i].kind.
struct Verdict {
  bool verified = false;
  std::string failed_check;  // empty when verified
  std::string expected;      // what the recomputation gives at the failed check
  std::string found;         // what the proof (or the user) says there
  Digest commitment{};       // recomputed
  std::string seal_code;     // recomputed
  std::size_t rolls_checked = 0;
};

// verify_proof recomputes settingsHash, the commitment, the seal code and every roll of |p| and
// compares them, and |expected| when given. It cannot fail on a parsed proof (BackendError only).
[[nodiscard]] Verdict verify_proof(const Backend& backend, const Proof& p, const Expected& expected);

}  // namespace fairvec::tavla
