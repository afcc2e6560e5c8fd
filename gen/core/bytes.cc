#include "core/bytes.h"

#include <charconv>

#include "core/errors.h"

namespace fairvec {

InputError::InputError(std::string field, std::string message, std::optional<std::size_t> position)
    : std::runtime_error(field + (position ? " (at " + std::to_string(*position) + ")" : std::string()) + ": " +
                         message),
      field_(std::move(field)),
      detail_(std::move(message)),
      position_(position) {}

std::string to_hex(ByteView b) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(b.size() * 2);
  for (std::uint8_t c : b) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

Bytes from_hex(std::string_view hex, std::string_view field) {
  for (std::size_t i = 0; i < hex.size(); ++i) {
    if (hex_digit_value(hex[i]) < 0) throw InputError(std::string(field), "not a hex digit", i);
  }
  if (hex.size() % 2 != 0) {
    throw InputError(std::string(field), "hex has odd length " + std::to_string(hex.size()));
  }
  Bytes out(hex.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::uint8_t>(hex_digit_value(hex[2 * i]) * 16 + hex_digit_value(hex[2 * i + 1]));
  }
  return out;
}

Digest digest_from_hex(std::string_view hex, std::string_view field) {
  Bytes b = from_hex(hex, field);
  if (b.size() != 32) {
    throw InputError(std::string(field),
                     "must be 32 bytes (64 hex digits), got " + std::to_string(b.size()) + " bytes");
  }
  Digest d;
  std::copy(b.begin(), b.end(), d.begin());
  return d;
}

std::uint64_t parse_decimal(std::string_view text, std::string_view field, std::uint64_t min, std::uint64_t max) {
  const std::string f(field);
  if (text.empty()) throw InputError(f, "empty number");
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') throw InputError(f, "not a decimal digit", i);
  }
  if (text.size() > 1 && text[0] == '0') throw InputError(f, "leading zero", 0);
  std::uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v < min || v > max) {
    throw InputError(
        f, "must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + std::string(text));
  }
  return v;
}

void append_u32be(Bytes& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v >> 24));
  out.push_back(static_cast<std::uint8_t>(v >> 16));
  out.push_back(static_cast<std::uint8_t>(v >> 8));
  out.push_back(static_cast<std::uint8_t>(v));
}

void append(Bytes& out, ByteView b) { out.insert(out.end(), b.begin(), b.end()); }
void append(Bytes& out, std::string_view s) { append(out, as_bytes(s)); }

}  // namespace fairvec
