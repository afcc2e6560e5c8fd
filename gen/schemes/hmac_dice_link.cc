// hmac-dice-v1: check-page links, v0 query and v1 fragment (specs/hmac-dice-v1.md).
#include "schemes/hmac_dice.h"

#include <map>
#include <stdexcept>

#include "core/errors.h"
#include "schemes/hmac_dice_text.h"

namespace fairvec::hmac_dice {

using namespace text;  // NOLINT(google-build-using-namespace): the shared text rules

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

Link parse_link(std::string_view url) {
  if (url.empty()) throw InputError("link", "empty");
  if (url.size() > kMaxTextBytes) throw InputError("link", "longer than " + std::to_string(kMaxTextBytes) + " bytes");
  const std::size_t q = url.find('?');
  const std::size_t hash = url.find('#');
  Link link;
  std::size_t start = 0;
  if (q != npos && (hash == npos || q < hash)) {
    if (hash != npos) {
      throw InputError("link",
                       "has both a query (?...) and a fragment (#...); a v0 link has only the query, "
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
  if (body.empty())
    throw InputError("link", "the " + std::string(link.version == 0 ? "query" : "fragment") + " is empty", start);
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
      throw InputError(
          "link",
          "unknown key " + printable(key) + " in a v" + std::to_string(link.version) + " link (its keys: " + keys + ")",
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
      throw InputError("link.g",
                       "g adds up to " + std::to_string(sum) + " rolls but r lists " + std::to_string(m.rolls));
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

}  // namespace fairvec::hmac_dice
