// Text rules the hmac-dice parsers share (fields, recorded rolls, links): character classes, the
// quoting of bad input in messages, and decimal counts. Internal to gen/schemes/hmac_dice*.cc.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/errors.h"

namespace fairvec::hmac_dice::text {

inline constexpr std::size_t npos = std::string_view::npos;

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
inline bool is_die(char c) { return c >= '1' && c <= '6'; }
inline bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
inline bool is_seed_char(char c) {
  return is_digit(c) || is_lower(c) || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// printable quotes |s| for a message: bytes outside printable ASCII become \xNN, long text is cut.
inline std::string printable(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i == 40) {
      out += "...";
      break;
    }
    auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'') {
      out.push_back(static_cast<char>(c));
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out + "'";
}

// parse_count reads a decimal count without sign or leading zeros in [min, max]; every error names
// |field| at |pos| (the number's place in a larger text).
inline std::uint64_t parse_count(std::string_view s, const std::string& field, std::size_t pos, std::uint64_t min,
                                 std::uint64_t max, std::string_view what) {
  if (s.empty()) throw InputError(field, "empty " + std::string(what), pos);
  for (char c : s) {
    if (!is_digit(c)) throw InputError(field, std::string(what) + " " + printable(s) + " is not a decimal number", pos);
  }
  if (s.size() > 1 && s[0] == '0') {
    throw InputError(field, std::string(what) + " " + printable(s) + " has a leading zero", pos);
  }
  if (s.size() > 16) throw InputError(field, std::string(what) + " " + printable(s) + " is too large", pos);
  std::uint64_t v = 0;
  for (char c : s) v = v * 10 + static_cast<std::uint64_t>(c - '0');
  if (v < min || v > max) {
    throw InputError(field,
                     std::string(what) + " " + std::string(s) + " is out of range " + std::to_string(min) + ".." +
                         std::to_string(max),
                     pos);
  }
  return v;
}

}  // namespace fairvec::hmac_dice::text
