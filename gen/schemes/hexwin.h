// hexwin-v1 (specs/hexwin-v1.md): the five-hex-window dice roll. A bet (server seed, client seed,
// nonce) is one digest: HMAC-SHA512 with one of them as the key, or plain SHA-512 of the seeds
// joined, as the operator's convention says. Its lowercase hex is read 5 digits at a time; a window
// of value 10^6 or more is rejected and the next one read; the first accepted window is mapped to
// the roll. When every window is rejected, the convention's exhaustion rule gives the roll. Each
// operator's variant (key side, message, hash, mapping, exhaustion) is a named convention.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/input_rules.h"

namespace fairvec::hexwin {

// The window: 5 hex digits, a value below kLimit accepted.
inline constexpr unsigned kWindowDigits = 5;
inline constexpr std::uint32_t kLimit = 1000000;

// How the digest is made (specs/hexwin-v1.md §2 step 1).
enum class Digesting {
  kHmacServerKey,  // HMAC-H(key = server seed text, msg = the message)
  kHmacClientKey,  // HMAC-H(key = the message, msg = server seed text): the sides swapped
  kPlain,          // H(the message), where the message holds the server seed too
};

// How the accepted window's value v (0 .. 999999) becomes the roll, in binary64.
enum class Mapping {
  kMod1e4Div100,  // (v mod 10^4) / 100: 0.00 .. 99.99 (Primedice and its copies)
  kDiv1e4,        // v / 10^4: 0.0000 .. 99.9999 (Just-Dice)
  kMod1e4,        // v mod 10^4: the integer 0 .. 9999 (DuckDice)
  kMod1e5,        // v mod 10^5: the integer 0 .. 99999 (BC.Game Hash Dice)
};

// What gives the roll when every whole window is rejected.
enum class Exhaustion {
  kFixed9999,  // the roll 99.99 (Primedice's page: "99.99 is used as the roll number")
  kTail,       // the digits left after the last whole window (3 for SHA-512), read as the value
};

// Convention is one operator's variant, a row of conventions() (specs/hexwin-v1.md §3).
struct Convention {
  std::string_view name;  // "primedice"
  Hash hash;              // SHA-512 for every convention of this version
  Digesting digesting;
  std::string_view message;  // the template: {server}, {client}, {nonce} replaced
  Mapping mapping;
  Exhaustion exhaustion;
  std::string_view operators;  // the operators that run it, for the spec and the page
};

// conventions lists every convention, in the spec's order. It cannot fail.
[[nodiscard]] const std::vector<Convention>& conventions();

// convention_names lists their names, in that order. It cannot fail.
[[nodiscard]] const std::vector<std::string>& convention_names();

// find_convention returns the convention called |name|. It throws InputError naming |field| for a
// name that is none (names are case-sensitive).
[[nodiscard]] const Convention& find_convention(std::string_view name, std::string_view field = "convention");

// message returns the convention's message for the bet: its template with {server}, {client} and
// {nonce} (decimal, no leading zeros) replaced; the seeds as given. It cannot fail.
[[nodiscard]] std::string message(const Convention& c, std::string_view server_seed, std::string_view client_seed,
                                  std::uint64_t nonce);

// MessageAround is a convention's message cut at the nonce: message(c, server, client, n) is
// prefix || decimal(n) || suffix for every n (every template holds {nonce} exactly once).
struct MessageAround {
  std::string prefix, suffix;
};

// message_around_nonce cuts the message of |server_seed| and |client_seed| under |c| at the nonce.
// It cannot fail.
[[nodiscard]] MessageAround message_around_nonce(const Convention& c, std::string_view server_seed,
                                                 std::string_view client_seed);

// Window is one window read: its position (0-based), its 5 hex digits and value, and whether it
// was accepted.
struct Window {
  unsigned index = 0;
  std::string hex;
  std::uint32_t value = 0;
  bool accepted = false;
};

// Reading is what one digest gives under a convention: the windows read, in order (the last one
// accepted unless exhausted), the value mapped and the roll.
struct Reading {
  std::vector<Window> windows;
  bool exhausted = false;
  std::string tail;         // the digits after the last whole window, when exhausted
  std::uint32_t value = 0;  // the accepted window's value, or the tail's (kTail), or 9999 (kFixed9999)
  double roll = 0;
};

// read_digest reads |digest| (its lowercase hex) under |c|. It throws std::invalid_argument when
// the digest is not digest_size(c.hash) bytes (a caller bug; from_hex checks input). It cannot fail
// otherwise.
[[nodiscard]] Reading read_digest(const Convention& c, ByteView digest);

// map_value returns the roll of |value| under |m| in binary64. It cannot fail.
[[nodiscard]] double map_value(Mapping m, std::uint32_t value);

// Bet is one bet: the message, the digest and its reading.
struct Bet {
  std::string message;
  Bytes digest;
  Reading reading;
};

// bet computes one bet. It throws InputError naming "serverSeed" or "clientSeed" (ill-formed UTF-8,
// with the byte position) or "nonce" (above kMaxCounter), in that order; BackendError if the
// backend fails.
[[nodiscard]] Bet bet(const Backend& backend, const Convention& c, std::string_view server_seed,
                      std::string_view client_seed, std::uint64_t nonce);

// from_hex reads a given digest (hex, either case, digest_size(c.hash) bytes). It throws InputError
// naming |field| (with the position of the first bad character) for anything else.
[[nodiscard]] Reading from_hex(const Convention& c, std::string_view hex, std::string_view field = "digest");

}  // namespace fairvec::hexwin
