#include "schemes/crash.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "core/enum_names.h"
#include "core/errors.h"
#include "core/input_rules.h"

namespace fairvec::crash {

namespace {

constexpr double kEDouble = 4503599627370496.0;  // 2^52, exact

void check_h(std::uint64_t h) {
  if (h >= kE) throw std::invalid_argument("crash: h must be < 2^52");
}

}  // namespace

namespace {
constexpr std::string_view convention_label(Convention v) {
  switch (v) {
    case Convention::kBetkyoExact: return "betkyo-exact";
    case Convention::kBustabitV1: return "bustabit-v1";
    case Convention::kBustabitV2: return "bustabit-v2";
    case Convention::kBustabit2025: return "bustabit-2025";
  }
  return {};
}
constexpr EnumNames<Convention, convention_label> kConventions;
}  // namespace

Convention parse_convention(std::string_view name) {
  if (auto c = kConventions.parse(name)) return *c;
  throw InputError("convention", "unknown convention '" + std::string(name) +
                                     "' (betkyo-exact, bustabit-v1, bustabit-v2, bustabit-2025)");
}

std::string_view convention_name(Convention c) { return kConventions.name(c); }

std::vector<std::string> convention_names() { return kConventions.names(); }

std::uint64_t h52(const Digest& d) { return leading52(d); }

bool divisible_by_101(const Digest& d) {
  unsigned r = 0;
  for (std::uint8_t b : d) r = (r * 256 + b) % 101;
  return r == 0;
}

bool divisible_by_101_in_doubles(const Digest& d) {
  // Round the 256-bit value to the nearest binary64, ties to even: keep the top 53 significant
  // bits, look at the rest.
  int top = -1;  // index of the highest set bit, 255 = most significant
  for (int bit = 255; bit >= 0; --bit) {
    if (d[static_cast<std::size_t>(31 - bit / 8)] >> (bit % 8) & 1) {
      top = bit;
      break;
    }
  }
  if (top < 0) return true;  // zero
  auto bit_at = [&](int bit) { return (d[static_cast<std::size_t>(31 - bit / 8)] >> (bit % 8)) & 1; };
  const int low = std::max(0, top - 52);  // lowest kept bit
  std::uint64_t mant = 0;
  for (int bit = top; bit >= low; --bit) mant = (mant << 1) | static_cast<std::uint64_t>(bit_at(bit));
  if (low > 0) {
    const bool half = bit_at(low - 1);
    bool sticky = false;
    for (int bit = low - 2; bit >= 0 && !sticky; --bit) sticky = bit_at(bit);
    if (half && (sticky || (mant & 1))) ++mant;  // may carry to 2^53: still exact as a double
  }
  const double value = std::ldexp(static_cast<double>(mant), low);
  return std::fmod(value, 101.0) == 0.0;
}

std::uint64_t exact_v1(std::uint64_t h) {
  check_h(h);
  // 100·2^52 < 2^59: no overflow in 64 bits.
  return (100 * kE - h) / (kE - h);
}

std::uint64_t double_v1(std::uint64_t h) {
  check_h(h);
  const double e = kEDouble;
  const double hd = static_cast<double>(h);  // exact: h < 2^53
  const double numerator = 100 * e - hd;     // 100·e exact; the difference rounds (ulp 64 here)
  const double denominator = e - hd;         // exact
  const double quotient = numerator / denominator;
  return static_cast<std::uint64_t>(std::floor(quotient));  // an integer below 2^59
}

std::uint64_t exact_v2(std::uint64_t h) {
  check_h(h);
  return std::max<std::uint64_t>(100, 99 * kE / (kE - h));
}

std::uint64_t double_v2(std::uint64_t h) {
  check_h(h);
  const double x = static_cast<double>(h) / kEDouble;  // exact
  const double one_minus = 1 - x;                      // exact: a multiple of 2^-52 in (0, 1]
  const double quotient = 99 / one_minus;              // rounded once
  const std::uint64_t result = static_cast<std::uint64_t>(std::floor(quotient));
  return std::max<std::uint64_t>(100, result);
}

Point from_hash(Convention c, const Digest& hash) {
  Point p;
  p.convention = c;
  p.hash = hash;
  p.divisible101 = divisible_by_101(hash);
  p.h = h52(hash);
  switch (c) {
    case Convention::kBetkyoExact:
      p.exact_hundredths = exact_v1(p.h);
      p.double_hundredths = double_v1(p.h);
      p.hundredths = p.exact_hundredths;
      break;
    case Convention::kBustabitV1:
      p.exact_hundredths = exact_v1(p.h);
      p.double_hundredths = double_v1(p.h);
      p.hundredths = p.divisible101 ? 0 : p.double_hundredths;
      break;
    case Convention::kBustabitV2:
    case Convention::kBustabit2025:
      p.exact_hundredths = exact_v2(p.h);
      p.double_hundredths = double_v2(p.h);
      p.hundredths = p.double_hundredths;
      break;
  }
  return p;
}

Digest hmac_of(Convention c, const Digest& link, std::string_view salt, const Backend& backend) {
  switch (c) {
    case Convention::kBustabitV1: return backend.hmac_sha256(as_bytes(to_hex(link)), as_bytes(salt));
    case Convention::kBustabitV2:
    case Convention::kBustabit2025: return backend.hmac_sha256(as_bytes(salt), ByteView(link));
    case Convention::kBetkyoExact: break;
  }
  throw std::invalid_argument("crash::hmac_of: betkyo-exact has no HMAC");
}

Point point(Convention c, std::string_view link, const std::optional<std::string>& salt, const Backend& backend) {
  const Digest l = digest_from_hex(link, "link");
  if (c == Convention::kBetkyoExact) {
    if (salt) throw InputError("salt", "betkyo-exact takes no salt");
    return from_hash(c, l);
  }
  if (!salt) throw InputError("salt", std::string(convention_name(c)) + " needs a salt");
  check_text(*salt, "salt");
  return from_hash(c, hmac_of(c, l, *salt, backend));
}

bool hashes_raw_bytes(Convention c) { return c == Convention::kBustabit2025; }

Digest previous(Convention c, const Digest& link, const Backend& backend) {
  if (hashes_raw_bytes(c)) return backend.sha256(ByteView(link));
  // The lowercase hex text, on the stack: chain walks call this millions of times.
  static constexpr char kDigits[] = "0123456789abcdef";
  std::array<std::uint8_t, 64> text{};
  for (std::size_t i = 0; i < link.size(); ++i) {
    text[2 * i] = static_cast<std::uint8_t>(kDigits[link[i] >> 4]);
    text[2 * i + 1] = static_cast<std::uint8_t>(kDigits[link[i] & 15]);
  }
  return backend.sha256(ByteView(text.data(), text.size()));
}

std::string previous_hex(Convention c, std::string_view link, const Backend& backend) {
  return to_hex(previous(c, digest_from_hex(link, "link"), backend));
}

}  // namespace fairvec::crash
