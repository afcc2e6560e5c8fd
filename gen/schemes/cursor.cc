#include "schemes/cursor.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "core/errors.h"

namespace fairvec::cursor {

std::string message(std::string_view client_seed, std::uint64_t nonce, std::uint64_t cursor) {
  check_text(client_seed, "clientSeed");
  check_counter(nonce, "nonce");
  check_counter(cursor, "cursor");
  std::string m(client_seed);
  m += '-';
  m += std::to_string(nonce);
  m += '-';
  m += std::to_string(cursor);
  return m;
}

Bytes mac(const Backend& backend, Hash hash, std::string_view server_seed, std::string_view client_seed,
          std::uint64_t nonce, std::uint64_t cursor) {
  check_text(server_seed, "serverSeed");
  return backend.hmac(hash, as_bytes(server_seed), as_bytes(message(client_seed, nonce, cursor)));
}

Digest digest(const Backend& backend, std::string_view server_seed, std::string_view client_seed, std::uint64_t nonce,
              std::uint64_t cursor) {
  check_text(server_seed, "serverSeed");
  return backend.hmac_sha256(server_seed, message(client_seed, nonce, cursor));
}

std::uint64_t u64_of(ByteView d) {
  if (d.size() < 8) throw std::invalid_argument("cursor::u64_of: fewer than 8 bytes");
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < 8; ++i) x = (x << 8) | d[i];
  return x;
}

double unit_of(const Backend& backend, Hash hash, std::string_view server_seed, std::string_view client_seed,
               std::uint64_t nonce, std::uint64_t cursor) {
  return u64_to_unit(u64_of(mac(backend, hash, server_seed, client_seed, nonce, cursor)));
}

std::string bits_hex(double d) {
  std::uint64_t b = 0;
  std::memcpy(&b, &d, sizeof b);
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, b >>= 4) out[static_cast<std::size_t>(i)] = kDigits[b & 0xf];
  return out;
}

double u64_to_unit(std::uint64_t x) {
  // One conversion (round to nearest, ties to even: the C++ default rounding mode), then an exact
  // scaling by a power of two.
  return std::ldexp(static_cast<double>(x), -64);
}

double unit(const Backend& backend, std::string_view server_seed, std::string_view client_seed, std::uint64_t nonce,
            std::uint64_t cursor) {
  return u64_to_unit(u64_of(digest(backend, server_seed, client_seed, nonce, cursor)));
}

std::string commitment(const Backend& backend, std::string_view server_seed) {
  check_text(server_seed, "serverSeed");
  Digest d = backend.sha256(server_seed);
  return to_hex(d);
}

double check_unit(double u, std::string_view field, std::optional<std::size_t> position) {
  if (!(u >= 0.0 && u <= 1.0)) throw InputError(std::string(field), "must be between 0 and 1", position);
  return u;
}

std::uint64_t draw(double u, std::uint64_t n) {
  check_unit(u, "u");
  if (n < 1 || n > kMaxPool) throw InputError("n", "must be between 1 and 2^53 - 1");
  // u × n is at most n <= 2^53 - 1 and non-negative, so floor fits the integer exactly.
  const double f = std::floor(u * static_cast<double>(n));
  const auto k = static_cast<std::uint64_t>(f);
  return k < n ? k : n - 1;
}

double limbo_scaled(double u) {
  check_unit(u, "u");
  const double q = 0.99 / (1.0 - u);  // +infinity when u == 1
  return q * 100.0;
}

std::int64_t limbo_hundredths(double u) {
  const double f = std::floor(limbo_scaled(u));
  if (f <= static_cast<double>(kLimboMin)) return kLimboMin;
  if (f >= static_cast<double>(kLimboMax)) return kLimboMax;
  return static_cast<std::int64_t>(f);
}

Pool::Pool(std::uint64_t first, std::uint64_t size) : first_(first), remaining_(size) {
  if (size > kMaxPool) throw InputError("size", "must be at most 2^53 - 1");
}

std::uint64_t Pool::at(std::uint64_t i) const {
  auto it = moved_.find(i);
  return it == moved_.end() ? i : it->second;
}

std::uint64_t Pool::take(double u, std::uint64_t* index) {
  if (remaining_ == 0) throw InputError("units", "pool exhausted: more draws than items");
  const std::uint64_t i = draw(u, remaining_);
  const std::uint64_t last = remaining_ - 1;
  const std::uint64_t picked = at(i);
  // Swap the picked item to the end of the live part; the end slot is then dropped.
  const std::uint64_t tail = at(last);
  if (i != last) {
    if (tail == i) {
      moved_.erase(i);
    } else {
      moved_[i] = tail;
    }
  }
  moved_.erase(last);
  remaining_ = last;
  if (index) *index = i;
  return first_ + picked;
}

PoolHopResult pool_hop(std::span<const double> units, std::uint64_t size) {
  if (size < 1) throw InputError("size", "a pool holds at least one item");
  if (units.size() > kMaxPoolUnits) {
    throw InputError(
        "units", "at most " + std::to_string(kMaxPoolUnits) + " draws per request, got " + std::to_string(units.size()),
        kMaxPoolUnits);
  }
  Pool pool(0, size);
  for (std::size_t k = 0; k < units.size(); ++k) check_unit(units[k], "units", k);
  if (units.size() > size) {
    throw InputError(
        "units", "pool exhausted: " + std::to_string(units.size()) + " draws from a pool of " + std::to_string(size),
        static_cast<std::size_t>(size));
  }
  PoolHopResult r;
  for (double u : units) {
    std::uint64_t index = 0;
    r.picks.push_back(pool.take(u, &index));
    r.indexes.push_back(index);
  }
  return r;
}

Stream::Stream(const Backend& backend, std::string server_seed, std::string client_seed, std::uint64_t nonce)
    : backend_(backend), server_seed_(std::move(server_seed)), client_seed_(std::move(client_seed)), nonce_(nonce) {
  check_text(server_seed_, "serverSeed");
  check_text(client_seed_, "clientSeed");
  check_counter(nonce_, "nonce");
}

double Stream::read(std::uint64_t cursor) {
  const std::uint64_t x = u64_of(digest(backend_, server_seed_, client_seed_, nonce_, cursor));
  reads_.push_back({cursor, x, u64_to_unit(x)});
  return reads_.back().u;
}

}  // namespace fairvec::cursor
