// hmac-dice-v1: recorded rolls, as bare digits and as listings (specs/hmac-dice-v1.md).
#include "schemes/hmac_dice.h"

#include <map>
#include <stdexcept>

#include "core/enum_names.h"
#include "core/errors.h"
#include "schemes/hmac_dice_text.h"

namespace fairvec::hmac_dice {

using namespace text;  // NOLINT(google-build-using-namespace): the shared text rules

// ---------------------------------------------------------------------------------------------
// Recorded rolls.

std::vector<Dice> parse_roll_digits(std::string_view digits, std::string_view field, std::size_t offset) {
  const std::string f(field);
  if (digits.empty()) throw InputError(f, "no rolls", offset);
  if (digits.size() / 2 > kMaxMatchRolls) {
    throw InputError(f, "more than " + std::to_string(kMaxMatchRolls) + " rolls (fairvec's safety limit)", offset);
  }
  std::vector<Dice> out;
  out.reserve(digits.size() / 2);
  for (std::size_t i = 0; i + 1 < digits.size(); i += 2) {
    if (!is_die(digits[i]) || !is_die(digits[i + 1])) {
      throw InputError(
          f, "roll " + std::to_string(i / 2 + 1) + ": " + printable(digits.substr(i, 2)) + " is not two digits 1..6",
          offset + i);
    }
    out.push_back(Dice{digits[i] - '0', digits[i + 1] - '0'});
  }
  if (digits.size() % 2 != 0) {
    throw InputError(f,
                     "odd number of digits: roll " + std::to_string(digits.size() / 2 + 1) + " " +
                         printable(digits.substr(digits.size() - 1)) + " has one digit; each roll is two",
                     offset + digits.size() - 1);
  }
  return out;
}

namespace {

struct Token {
  std::string_view text;
  std::size_t pos;
};

enum class Marker { kNone, kColon, kDot, kHash };

// marker_of tells whether |t| is a roll-number marker ("12:", "12.", "#12") and returns its digits.
Marker marker_of(std::string_view t, std::string_view& digits) {
  if (t.size() >= 2 && t[0] == '#') {
    digits = t.substr(1);
    return Marker::kHash;
  }
  if (t.size() >= 2 && (t.back() == ':' || t.back() == '.')) {
    std::string_view d = t.substr(0, t.size() - 1);
    bool all = true;
    for (char c : d) all = all && is_digit(c);
    if (all) {
      digits = d;
      return t.back() == ':' ? Marker::kColon : Marker::kDot;
    }
  }
  return Marker::kNone;
}

constexpr std::string_view marker_label(Marker v) {
  switch (v) {
    case Marker::kNone: return "'63'";
    case Marker::kColon: return "'1: 63'";
    case Marker::kDot: return "'1. 63'";
    case Marker::kHash: return "'#1 63'";
  }
  return {};
}

const char* marker_example(Marker m) { return EnumNames<Marker, marker_label>::c_name(m); }

Dice roll_token(const Token& t, std::uint64_t n, const std::string& field) {
  if (t.text.size() != 2 || !is_die(t.text[0]) || !is_die(t.text[1])) {
    throw InputError(field, "roll " + std::to_string(n) + ": " + printable(t.text) + " is not two digits 1..6", t.pos);
  }
  return Dice{t.text[0] - '0', t.text[1] - '0'};
}

}  // namespace

std::vector<Dice> parse_recorded(std::string_view text, std::string_view field) {
  const std::string f(field);
  if (text.size() > kMaxTextBytes) throw InputError(f, "longer than " + std::to_string(kMaxTextBytes) + " bytes");
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !is_space(text[j])) ++j;
    tokens.push_back({text.substr(i, j - i), i});
    i = j;
  }
  if (tokens.empty()) throw InputError(f, "no rolls");
  // The bare form: one token of digits, two per roll.
  if (tokens.size() == 1 && tokens[0].text.size() > 2) {
    bool digits = true;
    for (char c : tokens[0].text) digits = digits && is_digit(c);
    if (digits) return parse_roll_digits(tokens[0].text, field, tokens[0].pos);
  }
  std::string_view digits;
  const Marker style = marker_of(tokens[0].text, digits);
  std::vector<Dice> out;
  if (style == Marker::kNone) {
    for (const Token& t : tokens) {
      if (out.size() >= kMaxMatchRolls)
        throw InputError(f, "more than " + std::to_string(kMaxMatchRolls) + " rolls", t.pos);
      std::string_view d;
      if (marker_of(t.text, d) != Marker::kNone) {
        throw InputError(f, "roll number " + printable(t.text) + " in an unnumbered listing; number every roll or none",
                         t.pos);
      }
      if (t.text.size() > 2) {
        throw InputError(f,
                         "roll " + std::to_string(out.size() + 1) + ": " + printable(t.text) +
                             " is not two digits 1..6 (a bare digit string must be the whole listing)",
                         t.pos);
      }
      out.push_back(roll_token(t, out.size() + 1, f));
    }
    return out;
  }
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    const std::uint64_t n = out.size() + 1;
    if (n > kMaxMatchRolls)
      throw InputError(f, "more than " + std::to_string(kMaxMatchRolls) + " rolls", tokens[i].pos);
    const Token& m = tokens[i];
    Marker got = marker_of(m.text, digits);
    if (got == Marker::kNone) {
      throw InputError(f,
                       printable(m.text) + " where the number of roll " + std::to_string(n) +
                           " is expected, written like " + marker_example(style),
                       m.pos);
    }
    if (got != style) {
      throw InputError(f,
                       "roll number " + printable(m.text) + " is written differently from the first, like " +
                           marker_example(style) + "; a listing uses one style",
                       m.pos);
    }
    std::uint64_t number = parse_count(digits, f, m.pos, 0, kMaxRoll, "roll number");
    if (number != n) {
      throw InputError(f,
                       "roll number " + std::to_string(number) + " where " + std::to_string(n) +
                           " is expected; numbers must count 1, 2, 3, ... in order",
                       m.pos);
    }
    if (i + 1 >= tokens.size()) {
      throw InputError(f, "roll number " + std::to_string(n) + " has no roll after it", m.pos);
    }
    out.push_back(roll_token(tokens[i + 1], n, f));
  }
  return out;
}

std::string rolls_text(const std::vector<Dice>& rolls) {
  std::string s;
  s.reserve(rolls.size() * 2);
  for (const Dice& d : rolls) s += d.text();
  return s;
}

}  // namespace fairvec::hmac_dice
