#include "schemes/hmac_dice.h"

#include <map>
#include <stdexcept>

#include "core/errors.h"

namespace fairvec::hmac_dice {

namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_die(char c) { return c >= '1' && c <= '6'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_seed_char(char c) {
  return is_digit(c) || is_lower(c) || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// printable quotes |s| for a message: bytes outside printable ASCII become \xNN, long text is cut.
std::string printable(std::string_view s) {
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
std::uint64_t parse_count(std::string_view s, const std::string& field, std::size_t pos, std::uint64_t min,
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
    throw InputError(field, std::string(what) + " " + std::string(s) + " is out of range " + std::to_string(min) +
                                ".." + std::to_string(max),
                     pos);
  }
  return v;
}

}  // namespace

std::string Dice::text() const {
  return std::string{static_cast<char>('0' + d1), static_cast<char>('0' + d2)};
}

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
      throw InputError(f, "character " + printable(seed.substr(i, 1)) +
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
    throw InputError(std::string(field), std::to_string(seeds.size()) +
                                             " client seeds; a match has 1 (offline) or 2 (in seat order)");
  }
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    validate_client_seed(seeds[i], std::string(field) + "[" + std::to_string(i) + "]");
  }
}

void validate_roll(std::uint64_t roll, std::string_view field) {
  if (roll < 1 || roll > kMaxRoll) {
    throw InputError(std::string(field), "roll number " + std::to_string(roll) +
                                             " is out of range 1..9007199254740991 (2^53 - 1)");
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
    throw InputError("serverSeed", "is " + std::to_string(server_seed.size()) +
                                       " bytes; a server seed is 16 to 64 bytes");
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
      throw InputError(f, "roll " + std::to_string(i / 2 + 1) + ": " + printable(digits.substr(i, 2)) +
                              " is not two digits 1..6",
                       offset + i);
    }
    out.push_back(Dice{digits[i] - '0', digits[i + 1] - '0'});
  }
  if (digits.size() % 2 != 0) {
    throw InputError(f, "odd number of digits: roll " + std::to_string(digits.size() / 2 + 1) + " " +
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

const char* marker_example(Marker m) {
  switch (m) {
    case Marker::kColon:
      return "'1: 63'";
    case Marker::kDot:
      return "'1. 63'";
    case Marker::kHash:
      return "'#1 63'";
    case Marker::kNone:
      break;
  }
  return "'63'";
}

Dice roll_token(const Token& t, std::uint64_t n, const std::string& field) {
  if (t.text.size() != 2 || !is_die(t.text[0]) || !is_die(t.text[1])) {
    throw InputError(field, "roll " + std::to_string(n) + ": " + printable(t.text) + " is not two digits 1..6",
                     t.pos);
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
      if (out.size() >= kMaxMatchRolls) throw InputError(f, "more than " + std::to_string(kMaxMatchRolls) + " rolls", t.pos);
      std::string_view d;
      if (marker_of(t.text, d) != Marker::kNone) {
        throw InputError(f, "roll number " + printable(t.text) +
                                " in an unnumbered listing; number every roll or none",
                         t.pos);
      }
      if (t.text.size() > 2) {
        throw InputError(f, "roll " + std::to_string(out.size() + 1) + ": " + printable(t.text) +
                                " is not two digits 1..6 (a bare digit string must be the whole listing)",
                         t.pos);
      }
      out.push_back(roll_token(t, out.size() + 1, f));
    }
    return out;
  }
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    const std::uint64_t n = out.size() + 1;
    if (n > kMaxMatchRolls) throw InputError(f, "more than " + std::to_string(kMaxMatchRolls) + " rolls", tokens[i].pos);
    const Token& m = tokens[i];
    Marker got = marker_of(m.text, digits);
    if (got == Marker::kNone) {
      throw InputError(f, printable(m.text) + " where the number of roll " + std::to_string(n) +
                              " is expected, written like " + marker_example(style),
                       m.pos);
    }
    if (got != style) {
      throw InputError(f, "roll number " + printable(m.text) + " is written differently from the first, like " +
                              marker_example(style) + "; a listing uses one style",
                       m.pos);
    }
    std::uint64_t number = parse_count(digits, f, m.pos, 0, kMaxRoll, "roll number");
    if (number != n) {
      throw InputError(f, "roll number " + std::to_string(number) + " where " + std::to_string(n) +
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

// ---------------------------------------------------------------------------------------------
// Matches and links.

void validate_match(const Match& m, const MatchFields& names) {
  if (m.rolls < 1 || m.rolls > kMaxMatchRolls) {
    throw InputError(names.rolls, "a match has 1 to " + std::to_string(kMaxMatchRolls) + " rolls, got " +
                                      std::to_string(m.rolls));
  }
  if (m.recorded && m.recorded->size() != m.rolls) {
    throw InputError(names.recorded, "lists " + std::to_string(m.recorded->size()) + " rolls but the match has " +
                                         std::to_string(m.rolls));
  }
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < m.games.size(); ++i) {
    if (m.games[i] < 1 || m.games[i] > kMaxMatchRolls) {
      throw InputError(names.games, "game " + std::to_string(i + 1) + " has " + std::to_string(m.games[i]) +
                                        " rolls; every game has 1 to " + std::to_string(kMaxMatchRolls),
                       i);
    }
    sum += m.games[i];
  }
  if (!m.games.empty() && sum != m.rolls) {
    throw InputError(names.games, "the games add up to " + std::to_string(sum) + " rolls but the match has " +
                                      std::to_string(m.rolls));
  }
}

namespace {

struct Param {
  std::string value;
  std::size_t key_pos = 0;
  std::size_t value_pos = 0;
};

int hex_digit(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// percent_decode decodes %XX escapes; |base| is the text's position in the link.
std::string percent_decode(std::string_view s, std::size_t base) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out.push_back(s[i]);
      continue;
    }
    int hi = i + 1 < s.size() ? hex_digit(s[i + 1]) : -1;
    int lo = i + 2 < s.size() ? hex_digit(s[i + 2]) : -1;
    if (hi < 0 || lo < 0) throw InputError("link", "'%' is not followed by two hex digits", base + i);
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return out;
}

bool valid_lang(std::string_view lang) {
  if (lang.size() < 2 || lang.size() > 3) return false;
  for (char c : lang) {
    if (!is_lower(c)) return false;
  }
  return true;
}

// parse_prefix reads what stands before '?' or '#': nothing, "/<lang>/check/" or
// "http(s)://host/<lang>/check/" (trailing slash optional). Returns the language ("" for none).
std::string parse_prefix(std::string_view p) {
  std::size_t pos = 0;
  bool has_host = false;
  std::size_t sep = p.find("://");
  if (sep != npos) {
    std::string scheme(p.substr(0, sep));
    for (char& c : scheme) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (scheme != "http" && scheme != "https") {
      throw InputError("link", "scheme " + printable(p.substr(0, sep)) + " is not http or https", 0);
    }
    pos = sep + 3;
    std::size_t host_end = p.find('/', pos);
    if (host_end == npos) host_end = p.size();
    if (host_end == pos) throw InputError("link", "no host after '://'", pos);
    for (std::size_t i = pos; i < host_end; ++i) {
      char c = p[i];
      if (!(is_seed_char(c) || c == '.' || c == ':' || c == '[' || c == ']')) {
        throw InputError("link", "character " + printable(p.substr(i, 1)) + " is not allowed in the host", i);
      }
    }
    pos = host_end;
    has_host = true;
  }
  std::string_view path = p.substr(pos);
  if (path.empty() && !has_host) return "";
  static constexpr std::string_view kWant = "the path must be /<lang>/check/ with a 2- or 3-letter lowercase language";
  if (path.size() < 2 || path[0] != '/') throw InputError("link", std::string(kWant), pos);
  std::size_t slash = path.find('/', 1);
  std::string_view lang = path.substr(1, slash == npos ? npos : slash - 1);
  std::string_view rest = slash == npos ? std::string_view() : path.substr(slash);
  if (!valid_lang(lang)) throw InputError("link", std::string(kWant) + ", got " + printable(lang), pos + 1);
  if (rest != "/check/" && rest != "/check") {
    throw InputError("link", std::string(kWant) + ", got " + printable(path), pos + 1 + lang.size());
  }
  return std::string(lang);
}

std::vector<std::string> split_seeds(std::string_view value, const std::string& field) {
  if (value.empty()) throw InputError(field, "no client seed; a match has 1 or 2");
  std::vector<std::string> seeds;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = value.find(',', start);
    seeds.emplace_back(value.substr(start, comma == npos ? npos : comma - start));
    if (comma == npos) break;
    if (seeds.size() > kMaxClientSeeds) break;
    start = comma + 1;
  }
  validate_client_seeds(seeds, field);
  return seeds;
}

}  // namespace

Match match_from_json(const rapidjson::Value& obj, std::string_view path, bool listing) {
  Match m;
  m.server_seed = parse_server_seed(json::get_string(obj, "serverSeed", path), "serverSeed");
  std::string seal_hex = json::get_string(obj, "seal", path);
  if (!seal_hex.empty()) m.seal = parse_seal(seal_hex, "seal");
  m.client_seeds = json::get_string_array(obj, "clientSeeds", path);
  validate_client_seeds(m.client_seeds, "clientSeeds");
  const rapidjson::Value& rolls = json::member(obj, "rolls", path);
  if (!rolls.IsUint64()) throw InputError("rolls", "must be an integer 1.." + std::to_string(kMaxMatchRolls));
  m.rolls = rolls.GetUint64();
  std::string recorded = json::get_string(obj, "recorded", path);
  if (!recorded.empty()) {
    m.recorded = listing ? parse_recorded(recorded, "recorded") : parse_roll_digits(recorded, "recorded");
  }
  const rapidjson::Value& games = json::member(obj, "games", path);
  if (!games.IsArray()) throw InputError("games", "must be an array of integers");
  for (rapidjson::SizeType i = 0; i < games.Size(); ++i) {
    if (!games[i].IsUint64()) throw InputError("games", "entry " + std::to_string(i) + " must be an integer", i);
    m.games.push_back(games[i].GetUint64());
  }
  validate_match(m);
  return m;
}

Link parse_link(std::string_view url) {
  if (url.empty()) throw InputError("link", "empty");
  if (url.size() > kMaxTextBytes) throw InputError("link", "longer than " + std::to_string(kMaxTextBytes) + " bytes");
  const std::size_t q = url.find('?');
  const std::size_t hash = url.find('#');
  Link link;
  std::size_t start = 0;
  if (q != npos && (hash == npos || q < hash)) {
    if (hash != npos) {
      throw InputError("link", "has both a query (?...) and a fragment (#...); a v0 link has only the query, "
                               "a v1 link only the fragment",
                       hash);
    }
    link.version = 0;
    start = q + 1;
  } else if (hash != npos) {
    link.version = 1;
    start = hash + 1;
  } else {
    throw InputError("link", "has no query (?seed=...) and no fragment (#v=1&...)");
  }
  link.lang = parse_prefix(url.substr(0, start - 1));

  // Key/value pairs, percent-decoded as URLSearchParams does ('+' is never valid in any field).
  static const std::vector<std::string> kV0 = {"seed", "seal", "client", "n", "rolls"};
  static const std::vector<std::string> kV1 = {"v", "s", "c", "p", "r", "g"};
  const auto& known = link.version == 0 ? kV0 : kV1;
  std::map<std::string, Param> params;
  std::string_view body = url.substr(start);
  if (body.empty()) throw InputError("link", "the " + std::string(link.version == 0 ? "query" : "fragment") + " is empty", start);
  std::size_t off = start;
  while (true) {
    std::size_t amp = url.find('&', off);
    std::string_view part = url.substr(off, amp == npos ? npos : amp - off);
    if (part.empty()) throw InputError("link", "empty field (two '&' in a row, or one at an end)", off);
    std::size_t eq = part.find('=');
    if (eq == npos) throw InputError("link", "field " + printable(part) + " has no '='", off);
    std::string key = percent_decode(part.substr(0, eq), off);
    std::string value = percent_decode(part.substr(eq + 1), off + eq + 1);
    if (key.empty()) throw InputError("link", "field with an empty key", off);
    bool is_known = false;
    for (const auto& k : known) is_known = is_known || k == key;
    if (!is_known) {
      std::string keys;
      for (const auto& k : known) keys += (keys.empty() ? "" : ", ") + k;
      throw InputError("link", "unknown key " + printable(key) + " in a v" + std::to_string(link.version) +
                                   " link (its keys: " + keys + ")",
                       off);
    }
    if (params.count(key)) throw InputError("link." + key, "appears twice", off);
    params[key] = Param{std::move(value), off, off + eq + 1};
    if (amp == npos) break;
    off = amp + 1;
  }
  auto required = [&](const std::string& key) -> const Param& {
    auto it = params.find(key);
    if (it == params.end()) throw InputError("link." + key, "missing");
    return it->second;
  };
  auto optional = [&](const std::string& key) -> const Param* {
    auto it = params.find(key);
    return it == params.end() || it->second.value.empty() ? nullptr : &it->second;
  };

  Match& m = link.match;
  if (link.version == 0) {
    m.server_seed = parse_server_seed(required("seed").value, "link.seed");
    if (const Param* p = optional("seal")) m.seal = parse_seal(p->value, "link.seal");
    m.client_seeds = split_seeds(required("client").value, "link.client");
    m.rolls = parse_count(required("n").value, "link.n", required("n").value_pos, 1, kMaxMatchRolls, "n");
    if (const Param* p = optional("rolls")) {
      m.recorded = parse_roll_digits(p->value, "link.rolls");
      if (m.recorded->size() != m.rolls) {
        throw InputError("link.n", "n is " + std::to_string(m.rolls) + " but rolls lists " +
                                       std::to_string(m.recorded->size()) + " rolls");
      }
    }
    validate_match(m, {"link.n", "link.rolls", "link.g"});
    return link;
  }
  const Param& v = required("v");
  if (v.value != "1") {
    throw InputError("link.v", "unknown version " + printable(v.value) + "; this verifier reads v=1", v.value_pos);
  }
  m.server_seed = parse_server_seed(required("s").value, "link.s");
  if (const Param* p = optional("c")) m.seal = parse_seal(p->value, "link.c");
  m.client_seeds = split_seeds(required("p").value, "link.p");
  m.recorded = parse_roll_digits(required("r").value, "link.r");
  m.rolls = m.recorded->size();
  if (const Param* p = optional("g")) {
    m.games = parse_games(p->value, "link.g");
    std::uint64_t sum = 0;
    for (auto g : m.games) sum += g;
    if (sum != m.rolls) {
      throw InputError("link.g", "g adds up to " + std::to_string(sum) + " rolls but r lists " +
                                     std::to_string(m.rolls));
    }
  }
  validate_match(m, {"link.r", "link.r", "link.g"});
  return link;
}

std::string build_link(const Link& link) {
  const Match& m = link.match;
  if (link.version != 0 && link.version != 1) {
    throw InputError("version", "link version " + std::to_string(link.version) + " is unknown; 0 or 1");
  }
  if (!link.lang.empty() && !valid_lang(link.lang)) {
    throw InputError("lang", "language " + printable(link.lang) + " is not 2 or 3 lowercase letters");
  }
  if (m.server_seed.size() < kMinServerSeedBytes || m.server_seed.size() > kMaxServerSeedBytes) {
    throw InputError("serverSeed", "a server seed is 16 to 64 bytes");
  }
  validate_client_seeds(m.client_seeds, "clientSeeds");
  validate_match(m);
  if (link.version == 0 && !m.games.empty()) {
    throw InputError("games", "a v0 link has no g; a multi-game match needs a v1 link");
  }
  if (link.version == 1 && !m.recorded) {
    throw InputError("recorded", "a v1 link carries every roll in r; the recorded rolls are needed");
  }
  std::string seeds;
  for (std::size_t i = 0; i < m.client_seeds.size(); ++i) seeds += (i ? "," : "") + m.client_seeds[i];
  std::string out = link.lang.empty() ? "" : "/" + link.lang + "/check/";
  if (link.version == 0) {
    out += "?seed=" + to_hex(m.server_seed);
    if (m.seal) out += "&seal=" + to_hex(*m.seal);
    out += "&client=" + seeds + "&n=" + std::to_string(m.rolls);
    if (m.recorded) out += "&rolls=" + rolls_text(*m.recorded);
    return out;
  }
  out += "#v=1&s=" + to_hex(m.server_seed);
  if (m.seal) out += "&c=" + to_hex(*m.seal);
  out += "&p=" + seeds + "&r=" + rolls_text(*m.recorded);
  if (!m.games.empty()) {
    out += "&g=";
    for (std::size_t i = 0; i < m.games.size(); ++i) out += (i ? "," : "") + std::to_string(m.games[i]);
  }
  return out;
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kVerified:
      return "verified";
    case Verdict::kUnchecked:
      return "unchecked";
    case Verdict::kSealMismatch:
      return "seal_mismatch";
    case Verdict::kRollMismatch:
      return "roll_mismatch";
  }
  return "unchecked";
}

MatchReport verify_match(const Backend& backend, const Match& m, const MatchFields& names) {
  validate_match(m, names);
  if (m.server_seed.size() < kMinServerSeedBytes || m.server_seed.size() > kMaxServerSeedBytes) {
    throw InputError("serverSeed", "a server seed is 16 to 64 bytes");
  }
  validate_client_seeds(m.client_seeds, "clientSeeds");
  MatchReport r;
  const Digest computed = backend.sha256(m.server_seed);
  r.computed_seal = to_hex(computed);
  if (m.seal) r.seal_matches = *m.seal == computed;
  const std::vector<std::uint64_t> games = m.games.empty() ? std::vector<std::uint64_t>{m.rolls} : m.games;
  r.dice.reserve(m.rolls);
  std::uint64_t roll_no = 1;
  for (std::size_t g = 0; g < games.size(); ++g) {
    GameSummary s;
    s.game = g + 1;
    s.first_roll = roll_no;
    s.rolls = games[g];
    for (std::uint64_t i = 1; i <= games[g]; ++i, ++roll_no) {
      Dice d = roll(backend, m.server_seed, m.client_seeds, roll_no);
      r.dice.push_back(d);
      if (!s.opening_roll) {
        if (d.is_double()) {
          ++s.opening_ties;
        } else {
          s.opening_roll = roll_no;
        }
      }
      if (m.recorded && (*m.recorded)[roll_no - 1] != d) {
        r.mismatches.push_back({roll_no, g + 1, i, d, (*m.recorded)[roll_no - 1]});
      }
    }
    r.games.push_back(s);
  }
  if (r.seal_matches && !*r.seal_matches) {
    r.verdict = Verdict::kSealMismatch;
  } else if (!r.mismatches.empty()) {
    r.verdict = Verdict::kRollMismatch;
  } else if (m.seal || m.recorded) {
    r.verdict = Verdict::kVerified;
  } else {
    r.verdict = Verdict::kUnchecked;
  }
  return r;
}

json::Value report_json(const MatchReport& r) {
  json::Array mismatches, games;
  for (const auto& m : r.mismatches) {
    mismatches.emplace_back(json::Value::object({{"roll", static_cast<std::int64_t>(m.roll)},
                                                 {"game", static_cast<std::int64_t>(m.game)},
                                                 {"rollInGame", static_cast<std::int64_t>(m.roll_in_game)},
                                                 {"expected", m.expected.text()},
                                                 {"recorded", m.recorded.text()}}));
  }
  for (const auto& g : r.games) {
    games.emplace_back(json::Value::object(
        {{"game", static_cast<std::int64_t>(g.game)},
         {"firstRoll", static_cast<std::int64_t>(g.first_roll)},
         {"rolls", static_cast<std::int64_t>(g.rolls)},
         {"openingTies", static_cast<std::int64_t>(g.opening_ties)},
         {"openingRoll", g.opening_roll ? json::Value(static_cast<std::int64_t>(*g.opening_roll)) : json::Value()}}));
  }
  return json::Value::object(
      {{"verdict", verdict_name(r.verdict)},
       {"computedSeal", r.computed_seal},
       {"sealStatus", !r.seal_matches ? "absent" : *r.seal_matches ? "match" : "mismatch"},
       {"dice", rolls_text(r.dice)},
       {"mismatches", json::Value(std::move(mismatches))},
       {"gameSummary", json::Value(std::move(games))}});
}


}  // namespace fairvec::hmac_dice
