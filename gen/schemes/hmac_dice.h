// hmac-dice-v1, "check your dice" (specs/hmac-dice-v1.md): every roll of a match is one
// HMAC-SHA256 under the server seed, the first MAC byte below 252 gives the two dice, `+` retries
// extend the last client seed when a whole MAC is skipped; the seal is SHA-256 of the seed. Also the
// check page's inputs: the v0 query link, the v1 fragment link, recorded-roll listings, and the
// whole-match verification that names the seal or the roll (and game) that does not match.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/json.h"

namespace fairvec::hmac_dice {

// Limits of the scheme (Seed / Pinned) and of this implementation (safety limits), all in the spec.
inline constexpr std::size_t kMinServerSeedBytes = 16;
inline constexpr std::size_t kMaxServerSeedBytes = 64;
inline constexpr std::size_t kMaxClientSeeds = 2;
inline constexpr std::size_t kMaxClientSeedChars = 128;
inline constexpr std::uint64_t kMaxRoll = kMaxSafeInteger;  // 2^53 - 1
inline constexpr unsigned kFirstSkippedByte = 252;          // 252 = 7 x 36
// Safety limit: derivation gives up after retry kMaxRetry (the chance of even one retry is about
// 2^-192); the message op refuses larger retry counts.
inline constexpr std::uint64_t kMaxRetry = 1000;
// Safety limit: a match (a link, a listing, a verification) has at most this many rolls.
inline constexpr std::uint64_t kMaxMatchRolls = 100000;
// The memory rule of a match (specs/README.md, "Memory budget"): a match keeps state per roll, not
// per input byte, and may take at most this many bytes of peak memory per roll. Not enforced while
// running; the hostile suite measures it on the worst case (`fairvec limits` prints it).
inline constexpr std::uint64_t kMatchBytesPerRoll = 1280;
// Safety limit on the text of a link or a recorded listing, in bytes.
inline constexpr std::size_t kMaxTextBytes = 4u << 20;

// Dice is one roll: the ordered pair (d1, d2), each 1..6.
struct Dice {
  int d1 = 0;
  int d2 = 0;
  bool operator==(const Dice&) const = default;
  // is_double tells whether both dice are equal (an opening roll that is a tie).
  bool is_double() const { return d1 == d2; }
  // text returns the two digits as listed on the dice page, e.g. "63". It cannot fail.
  std::string text() const;
};

// dice_of_byte maps an accepted MAC byte (< 252) to its roll: v = byte % 36,
// dice = (v / 6 + 1, v % 6 + 1). Throws std::invalid_argument for a byte >= 252 (a caller bug).
[[nodiscard]] Dice dice_of_byte(std::uint8_t byte);

// --- Validation of single inputs. Each throws InputError naming |field| (and the position of the
// first bad character or element where there is one).

// parse_server_seed decodes hex text (either case, even length) of 16..64 bytes. Throws InputError.
[[nodiscard]] Bytes parse_server_seed(std::string_view hex, std::string_view field = "serverSeed");
// parse_seal decodes a seal: 64 hex digits (either case). Throws InputError.
[[nodiscard]] Digest parse_seal(std::string_view hex, std::string_view field = "seal");
// validate_client_seed checks one client seed: 1..128 characters from [A-Za-z0-9_-].
// Throws InputError naming |field| and the position of the first bad character.
void validate_client_seed(std::string_view seed, std::string_view field);
// validate_client_seeds checks 1 or 2 seeds (|field| for the count, |field|[i] for seed i).
// Throws InputError.
void validate_client_seeds(const std::vector<std::string>& seeds, std::string_view field = "clientSeeds");
// validate_roll checks 1 <= roll <= 2^53 - 1. Throws InputError naming |field|.
void validate_roll(std::uint64_t roll, std::string_view field = "roll");
// roll_from_json reads a roll number from a JSON value: an integer 1..2^53 - 1. Any other value
// (negative, fractional, text, too large) throws InputError naming |field|.
[[nodiscard]] std::uint64_t roll_from_json(const rapidjson::Value& v, std::string_view field = "roll");
// parse_games reads a comma-separated list of game lengths ("52,48"): each a decimal integer
// 1..kMaxMatchRolls without leading zeros. Throws InputError naming |field| and the character
// position of the first bad entry.
[[nodiscard]] std::vector<std::uint64_t> parse_games(std::string_view text, std::string_view field);

// --- The derivation.

// seal returns hex(SHA-256(server seed bytes)). Throws BackendError only.
[[nodiscard]] std::string seal(const Backend& backend, ByteView server_seed);

// message returns the HMAC message of |roll| at |retry|: the client seeds joined by ':', with
// |retry| '+' appended to the last seed, then ':' and the roll in decimal ("c1:c2++:7").
// Throws InputError naming "clientSeeds", "roll" or "retry" (retry > kMaxRetry) for bad input.
[[nodiscard]] std::string message(const std::vector<std::string>& client_seeds, std::uint64_t roll,
                                  std::uint64_t retry);

// Pick is where the roll was found: the MAC of retry |retry|, byte |index| (value |byte|).
struct Pick {
  Dice dice;
  std::size_t retry = 0;
  std::size_t index = 0;
  std::uint8_t byte = 0;
};

// pick scans macs[0] (retry 0), macs[1] (retry 1), … byte by byte and takes the first byte < 252.
// Throws InputError naming |field| when |macs| is empty or no byte of any MAC is < 252 (the next
// retry's MAC would be needed).
[[nodiscard]] Pick pick(std::span<const Digest> macs, std::string_view field = "macs");

// RollTrace is a derivation with its intermediate values: the message and MAC of every retry
// computed (retry 0 first) and the pick.
struct RollTrace {
  std::vector<std::string> messages;
  std::vector<Digest> macs;
  Pick pick;
};

// derive_roll computes roll |roll| of a match. Throws InputError for invalid client seeds or
// roll (the server seed must already be parsed by parse_server_seed), and std::runtime_error in the
// never-observed case that retries 0..kMaxRetry are all skipped.
[[nodiscard]] RollTrace derive_roll(const Backend& backend, ByteView server_seed,
                                    const std::vector<std::string>& client_seeds, std::uint64_t roll);
// roll returns the dice of derive_roll. Same failures.
[[nodiscard]] Dice roll(const Backend& backend, ByteView server_seed, const std::vector<std::string>& client_seeds,
                        std::uint64_t roll);

// skipped_prefix returns how many leading bytes of |mac| are >= 252 (0..32). It cannot fail.
[[nodiscard]] std::size_t skipped_prefix(const Digest& mac);

// find_skipped_roll searches rolls first, first + 1, …, last (in that order) for the first whose
// retry-0 MAC begins with exactly |depth| bytes >= 252, and returns it, or nothing when none in the
// range does. Deterministic; used to find skipped-byte vectors. Throws InputError for invalid
// client seeds or range.
[[nodiscard]] std::optional<std::uint64_t> find_skipped_roll(const Backend& backend, ByteView server_seed,
                                                             const std::vector<std::string>& client_seeds,
                                                             std::size_t depth, std::uint64_t first,
                                                             std::uint64_t last);

// --- Recorded rolls.

// parse_roll_digits reads the bare form: an even-length string of digits 1..6, two per roll
// ("6344…"). |offset| is added to error positions (the digits' place in a larger text). Throws
// InputError naming |field| and the character position of the first bad roll.
[[nodiscard]] std::vector<Dice> parse_roll_digits(std::string_view digits, std::string_view field,
                                                  std::size_t offset = 0);
// parse_recorded reads a listing as the dice page shows it: the bare form, or whitespace-separated
// rolls, unnumbered ("63 44") or numbered in one style ("1: 63", "1. 63", "#1 63") with numbers
// 1, 2, 3, … in order. Throws InputError naming |field| and the character position of the first bad
// token.
[[nodiscard]] std::vector<Dice> parse_recorded(std::string_view text, std::string_view field = "recorded");
// rolls_text returns rolls in the bare form ("6344…"). It cannot fail.
[[nodiscard]] std::string rolls_text(const std::vector<Dice>& rolls);

// --- A whole match, links and verification.

struct Match {
  Bytes server_seed;
  std::optional<Digest> seal;             // the seal shown before the first roll, if given
  std::vector<std::string> client_seeds;  // seat order
  std::uint64_t rolls = 0;                // number of rolls in the match
  std::optional<std::vector<Dice>> recorded;
  std::vector<std::uint64_t> games;  // rolls per game; empty = not given (one game)
};

// MatchFields names the fields of a Match in error messages (they differ between the port's
// params, a link's keys and the CLI's options).
struct MatchFields {
  std::string rolls = "rolls";
  std::string recorded = "recorded";
  std::string games = "games";
};

// validate_match checks what ties the fields together: 1 <= rolls <= kMaxMatchRolls, recorded (if
// given) lists exactly |rolls| rolls, games (if given) are >= 1 and add up to |rolls|.
// Throws InputError naming the field from |names|.
void validate_match(const Match& m, const MatchFields& names = {});

// match_from_json reads a match from the JSON object |obj| (|path| names it in errors): members
// serverSeed (hex), seal (hex or "" for none), clientSeeds (array of strings), rolls (integer),
// recorded (a listing in any form parse_recorded accepts when |listing|, else the bare form; "" for
// none), games (array of integers, [] for none). Throws InputError naming the member.
[[nodiscard]] Match match_from_json(const rapidjson::Value& obj, std::string_view path, bool listing);

// Link is a check-page link: version 0 (query) or 1 (fragment), the page language ("" when the
// link had no path), and the match it carries.
struct Link {
  int version = 1;
  std::string lang;
  Match match;
};

// parse_link reads a v0 or v1 check-page link (full URL, path, or bare "?…"/"#…"). Throws
// InputError naming "link" or "link.<key>" and, for structural errors, the character position
// in the link.
[[nodiscard]] Link parse_link(std::string_view url);
// build_link writes the canonical link of |link|: path "/<lang>/check/" (none when lang is empty),
// keys in the seed's order, lowercase hex, optional keys only when given. Throws InputError
// naming "version", "lang", "games", "recorded" or "rolls" when the link cannot carry |link|.
[[nodiscard]] std::string build_link(const Link& link);

enum class Verdict { kVerified, kUnchecked, kSealMismatch, kRollMismatch };
// verdict_name returns "verified", "unchecked", "seal_mismatch" or "roll_mismatch".
const char* verdict_name(Verdict v);

struct RollMismatch {
  std::uint64_t roll = 0;          // 1-based across the match
  std::uint64_t game = 0;          // 1-based
  std::uint64_t roll_in_game = 0;  // 1-based within the game
  Dice expected;                   // computed
  Dice recorded;
};

struct GameSummary {
  std::uint64_t game = 0;
  std::uint64_t first_roll = 0;
  std::uint64_t rolls = 0;
  std::uint64_t opening_ties = 0;             // equal opening rolls before the deciding one
  std::optional<std::uint64_t> opening_roll;  // the first non-double roll of the game, if any
};

struct MatchReport {
  std::string computed_seal;
  std::optional<bool> seal_matches;  // empty when no seal was given
  std::vector<Dice> dice;            // computed, roll 1 first
  std::vector<RollMismatch> mismatches;
  std::vector<GameSummary> games;
  Verdict verdict = Verdict::kUnchecked;
};

// RollFn computes roll |roll_no| of a match (roll() by default; the vector generators pass a port's
// own, to compute what that port reports).
using RollFn = std::function<Dice(std::uint64_t roll_no)>;

// verify_match computes the seal and every roll of |m| (through |roll_of| when given) and compares
// them with the given seal and recorded rolls. Throws InputError (from validate_match, with
// |names|) for inconsistent fields, and what |roll_of| throws.
[[nodiscard]] MatchReport verify_match(const Backend& backend, const Match& m, const MatchFields& names = {},
                                       const RollFn& roll_of = {});

// report_json renders |r| as the result of the hmac_dice.verify_match port op (also the output of
// `fairvec verify-dice --json`): verdict, computedSeal, sealStatus, dice, mismatches, gameSummary.
// It cannot fail.
[[nodiscard]] json::Value report_json(const MatchReport& r);

}  // namespace fairvec::hmac_dice
