// stake-v1's byte stream, floats and crash points (specs/stake-v1.md S1..S9, S30..S32).
#include "schemes/stake.h"

#include <cmath>

#include "core/errors.h"

namespace fairvec::stake {

std::uint64_t check_count(std::uint64_t n, std::string_view field) {
  if (n < 1 || n > kMaxCount) {
    throw InputError(std::string(field), "must be an integer between 1 and " + std::to_string(kMaxCount));
  }
  return n;
}

std::string message(std::string_view client_seed, std::uint64_t nonce, std::uint64_t round) {
  std::string m(client_seed);
  m += ':';
  m += std::to_string(nonce);
  m += ':';
  m += std::to_string(round);
  return m;
}

double float_of(const std::array<std::uint8_t, 4>& b) {
  // Stake's reduce: result + value / 256 ** (i + 1), from result = 0, left to right.
  double result = 0;
  double divider = 1;
  for (std::uint8_t v : b) {
    divider *= 256.0;
    result = result + static_cast<double>(v) / divider;
  }
  return result;
}

Floats floats(const Backend& backend, std::string_view server_seed, std::string_view client_seed, std::uint64_t nonce,
              std::uint64_t cursor, std::uint64_t count) {
  check_text(server_seed, "serverSeed");
  check_text(client_seed, "clientSeed");
  check_counter(nonce, "nonce");
  check_counter(cursor, "cursor");
  check_count(count, "count");
  Floats out;
  std::uint64_t round = cursor / 32;
  unsigned offset = static_cast<unsigned>(cursor % 32);
  Digest mac{};
  auto next_mac = [&] {
    out.mac_rounds.push_back(round);
    out.messages.push_back(message(client_seed, nonce, round));
    mac = backend.hmac_sha256(as_bytes(server_seed), as_bytes(out.messages.back()));
    out.macs.push_back(mac);
  };
  next_mac();
  auto next_byte = [&] {
    if (offset == 32) {  // past byte 31: round + 1, from its byte 0
      ++round;
      offset = 0;
      next_mac();
    }
    return mac[offset++];
  };
  for (std::uint64_t i = 0; i < count; ++i) {
    std::array<std::uint8_t, 4> b{};
    b[0] = next_byte();
    out.rounds.push_back(round);  // where the float's first byte is
    out.offsets.push_back(offset - 1);
    for (std::size_t k = 1; k < 4; ++k) b[k] = next_byte();
    out.bytes.push_back(b);
    out.floats.push_back(float_of(b));
  }
  return out;
}

void check_game_hash(std::string_view hash, std::string_view field) {
  for (std::size_t i = 0; i < hash.size(); ++i) {
    const char c = hash[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      throw InputError(std::string(field), "must be 64 lowercase hex digits", i);
    }
  }
  if (hash.size() != 64)
    throw InputError(std::string(field), "must be 64 lowercase hex digits, got " + std::to_string(hash.size()));
}

CrashPoint crash_point(const Backend& backend, std::string_view hash, std::string_view salt) {
  check_game_hash(hash, "gameHash");
  check_text(salt, "salt");
  CrashPoint p;
  p.hmac = backend.hmac_sha256(as_bytes(hash), as_bytes(salt));
  p.int32 = (std::uint32_t{p.hmac[0]} << 24) | (std::uint32_t{p.hmac[1]} << 16) | (std::uint32_t{p.hmac[2]} << 8) |
            std::uint32_t{p.hmac[3]};
  // Math.floor(Math.max(1, (2 ** 32 / (int + 1)) * (1 - 0.01)) * 100) / 100, step by step.
  const double ratio = kTwo32 / (static_cast<double>(p.int32) + 1.0);
  const double edged = ratio * (1.0 - 0.01);
  const double at_least_one = std::max(1.0, edged);
  p.point = std::floor(at_least_one * 100.0) / 100.0;
  return p;
}

}  // namespace fairvec::stake
