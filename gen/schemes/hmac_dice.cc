// hmac-dice-v1: fields, the HMAC message, the skip rule and the pick of dice (specs/hmac-dice-v1.md).
#include "schemes/hmac_dice.h"

#include <map>
#include <stdexcept>

#include "core/errors.h"
#include "schemes/hmac_dice_text.h"

namespace fairvec::hmac_dice {

using namespace text;  // NOLINT(google-build-using-namespace): the shared text rules

std::string Dice::text() const { return std::string{static_cast<char>('0' + d1), static_cast<char>('0' + d2)}; }

Dice dice_of_byte(std::uint8_t byte) {
  if (byte >= kFirstSkippedByte) throw std::invalid_argument("dice_of_byte: byte >= 252 is skipped");
  int v = byte % 36;
  return Dice{v / 6 + 1, v % 6 + 1};
}

// ---------------------------------------------------------------------------------------------
// Single inputs.

Bytes parse_server_seed(std::string_view hex, std::string_view field) {
  const std::string f(field);
  if (hex.empty()) throw InputError(f, "empty; the server seed is 32 to 128 hex digits (16 to 64 bytes)");
  if (hex.size() > 4096) {
    throw InputError(f, "far too long; the server seed is 16 to 64 bytes");
  }
  Bytes b = from_hex(hex, field);
  if (b.size() < kMinServerSeedBytes || b.size() > kMaxServerSeedBytes) {
    throw InputError(f, "is " + std::to_string(b.size()) + " bytes; a server seed is 16 to 64 bytes");
  }
  return b;
}

Digest parse_seal(std::string_view hex, std::string_view field) {
  if (hex.empty()) throw InputError(std::string(field), "empty; a seal is 64 hex digits");
  if (hex.size() > 4096) throw InputError(std::string(field), "far too long; a seal is 64 hex digits");
  return digest_from_hex(hex, field);
}

void validate_client_seed(std::string_view seed, std::string_view field) {
  const std::string f(field);
  if (seed.empty()) throw InputError(f, "empty; a client seed is 1 to 128 characters");
  for (std::size_t i = 0; i < seed.size() && i <= kMaxClientSeedChars; ++i) {
    if (!is_seed_char(seed[i])) {
      throw InputError(f,
                       "character " + printable(seed.substr(i, 1)) +
                           " is not allowed; a client seed uses letters, digits, '_' and '-'",
                       i);
    }
  }
  if (seed.size() > kMaxClientSeedChars) {
    throw InputError(f, "is " + std::to_string(seed.size()) + " characters; a client seed is 1 to 128",
                     kMaxClientSeedChars);
  }
}

void validate_client_seeds(const std::vector<std::string>& seeds, std::string_view field) {
  if (seeds.empty() || seeds.size() > kMaxClientSeeds) {
    throw InputError(std::string(field),
                     std::to_string(seeds.size()) + " client seeds; a match has 1 (offline) or 2 (in seat order)");
  }
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    validate_client_seed(seeds[i], std::string(field) + "[" + std::to_string(i) + "]");
  }
}

void validate_roll(std::uint64_t roll, std::string_view field) {
  if (roll < 1 || roll > kMaxRoll) {
    throw InputError(std::string(field),
                     "roll number " + std::to_string(roll) + " is out of range 1..9007199254740991 (2^53 - 1)");
  }
}

std::uint64_t roll_from_json(const rapidjson::Value& v, std::string_view field) {
  if (v.IsUint64()) {
    validate_roll(v.GetUint64(), field);
    return v.GetUint64();
  }
  if (v.IsInt64()) throw InputError(std::string(field), "roll number is negative; it is 1..9007199254740991");
  throw InputError(std::string(field), "must be an integer 1..9007199254740991");
}

std::vector<std::uint64_t> parse_games(std::string_view text, std::string_view field) {
  const std::string f(field);
  if (text.empty()) throw InputError(f, "empty; g lists the rolls of each game, e.g. 52,48");
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    std::string_view entry = text.substr(start, comma == npos ? npos : comma - start);
    if (out.size() >= kMaxMatchRolls) throw InputError(f, "more games than the match can have", start);
    out.push_back(parse_count(entry, f, start, 1, kMaxMatchRolls, "game length"));
    if (comma == npos) break;
    start = comma + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Derivation.

std::string seal(const Backend& backend, ByteView server_seed) { return to_hex(backend.sha256(server_seed)); }

std::string message(const std::vector<std::string>& client_seeds, std::uint64_t roll, std::uint64_t retry) {
  validate_client_seeds(client_seeds, "clientSeeds");
  validate_roll(roll, "roll");
  if (retry > kMaxRetry) {
    throw InputError("retry", "retry " + std::to_string(retry) + " is beyond fairvec's safety limit of " +
                                  std::to_string(kMaxRetry));
  }
  std::string m;
  for (std::size_t i = 0; i < client_seeds.size(); ++i) {
    if (i) m.push_back(':');
    m += client_seeds[i];
  }
  m.append(static_cast<std::size_t>(retry), '+');
  m.push_back(':');
  m += std::to_string(roll);
  return m;
}

Pick pick(std::span<const Digest> macs, std::string_view field) {
  if (macs.empty()) throw InputError(std::string(field), "no MAC given; macs[0] is the MAC of retry 0");
  for (std::size_t k = 0; k < macs.size(); ++k) {
    for (std::size_t i = 0; i < macs[k].size(); ++i) {
      if (macs[k][i] < kFirstSkippedByte) return Pick{dice_of_byte(macs[k][i]), k, i, macs[k][i]};
    }
  }
  throw InputError(std::string(field), "no byte below 252 in any of the " + std::to_string(macs.size()) +
                                           " MACs; the MAC of retry " + std::to_string(macs.size()) +
                                           " would be needed");
}

RollTrace derive_roll(const Backend& backend, ByteView server_seed, const std::vector<std::string>& client_seeds,
                      std::uint64_t roll) {
  if (server_seed.size() < kMinServerSeedBytes || server_seed.size() > kMaxServerSeedBytes) {
    throw InputError("serverSeed",
                     "is " + std::to_string(server_seed.size()) + " bytes; a server seed is 16 to 64 bytes");
  }
  RollTrace t;
  for (std::uint64_t retry = 0; retry <= kMaxRetry; ++retry) {
    t.messages.push_back(message(client_seeds, roll, retry));
    t.macs.push_back(backend.hmac_sha256(server_seed, as_bytes(t.messages.back())));
    for (std::uint8_t b : t.macs.back()) {
      if (b < kFirstSkippedByte) {
        t.pick = pick(t.macs);
        return t;
      }
    }
  }
  throw std::runtime_error("hmac_dice: retries 0.." + std::to_string(kMaxRetry) + " all skipped for roll " +
                           std::to_string(roll) + " (never expected under HMAC-SHA256)");
}

Dice roll(const Backend& backend, ByteView server_seed, const std::vector<std::string>& client_seeds,
          std::uint64_t roll_no) {
  return derive_roll(backend, server_seed, client_seeds, roll_no).pick.dice;
}

std::size_t skipped_prefix(const Digest& mac) {
  std::size_t n = 0;
  while (n < mac.size() && mac[n] >= kFirstSkippedByte) ++n;
  return n;
}

std::optional<std::uint64_t> find_skipped_roll(const Backend& backend, ByteView server_seed,
                                               const std::vector<std::string>& client_seeds, std::size_t depth,
                                               std::uint64_t first, std::uint64_t last) {
  validate_roll(first, "first");
  validate_roll(last, "last");
  // The message is "<seeds>:" followed by the roll; absorb the constant prefix once.
  std::string prefix = message(client_seeds, 1, 0);
  prefix.pop_back();
  auto base = backend.start_hmac_sha256(server_seed);
  base->update(as_bytes(prefix));
  for (std::uint64_t r = first; r <= last; ++r) {
    auto ctx = base->clone();
    ctx->update(as_bytes(std::to_string(r)));
    if (skipped_prefix(ctx->finish()) == depth) return r;
    if (r == last) break;
  }
  return std::nullopt;
}

}  // namespace fairvec::hmac_dice
