#include "ops/fuzz_values.h"

#include <cctype>
#include <cmath>
#include <iterator>

#include "core/bytes.h"

namespace fairvec::ops::make {

namespace {

constexpr std::uint64_t kEdges[] = {0,
                                    1,
                                    2,
                                    3,
                                    5,
                                    6,
                                    10,
                                    31,
                                    32,
                                    36,
                                    37,
                                    51,
                                    52,
                                    63,
                                    64,
                                    75,
                                    100,
                                    255,
                                    256,
                                    1000,
                                    65535,
                                    2147483647ULL,
                                    4294967295ULL,
                                    4294967296ULL,
                                    9007199254740990ULL,
                                    9007199254740991ULL,
                                    9007199254740992ULL,
                                    9223372036854775807ULL};

std::string hex_of_length(ByteReader& in, std::size_t n) {
  Bytes b = in.bytes(n);
  for (std::size_t i = b.size(); i < n; ++i) b.push_back(static_cast<std::uint8_t>(i * 73 + 1));
  std::string h = to_hex(b);
  switch (in.pick(24)) {
    case 0:  // upper case
      for (char& c : h) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      break;
    case 1:  // odd length
      if (!h.empty()) h.pop_back();
      break;
    case 2:  // a non-hex character
      if (!h.empty()) h[in.pick(h.size())] = "gxZ -+\0"[in.pick(7)];
      break;
    case 3: h = "0x" + h; break;
    default: break;
  }
  return h;
}

json::Value scalar_value(ByteReader& in) {
  switch (in.pick(10)) {
    case 0: return json::Value();
    case 1: return json::Value(in.boolean());
    case 2: return json::Value(static_cast<std::int64_t>(edge_or_random(in, INT64_MAX)));
    case 3: return json::Value(-static_cast<std::int64_t>(edge_or_random(in, INT64_MAX)));
    case 4: {
      double d = in.real();
      return json::Value(std::isfinite(d) ? d : 0.5);
    }
    case 5: return json::Value(std::string("\xed\xa0\x80", 3));  // a lone surrogate in UTF-8
    default: return json::Value(in.sized_text(24));
  }
}

}  // namespace

std::uint64_t edge_or_random(ByteReader& in, std::uint64_t max) {
  switch (in.pick(4)) {
    case 0: return std::min<std::uint64_t>(kEdges[in.pick(std::size(kEdges))], max);
    case 1: return in.integer(0, std::min<std::uint64_t>(max, 64));
    case 2: return in.integer(0, max);
    default: {
      std::uint64_t e = kEdges[in.pick(std::size(kEdges))];
      return std::min<std::uint64_t>(max, e + in.integer(0, 2) - (e > 0 ? 1 : 0));
    }
  }
}

json::Value integer(ByteReader& in, std::uint64_t typical_max) {
  std::uint64_t v = edge_or_random(in, typical_max);
  switch (in.pick(16)) {
    case 0: return json::Value(std::to_string(v));                           // as a string
    case 1: return json::Value(-static_cast<std::int64_t>(v & 0xffff) - 1);  // negative
    case 2: return json::Value(static_cast<double>(v) + 0.5);                // a fraction
    case 3: return json::Value(static_cast<double>(v));                      // 5.0
    case 4: return json::Value(static_cast<std::int64_t>(edge_or_random(in, INT64_MAX)));
    default: return json::Value(static_cast<std::int64_t>(v));
  }
}

json::Value hex(ByteReader& in, std::size_t lo, std::size_t hi) {
  std::size_t n = in.pick(8) == 0 ? in.pick(100) : lo + in.pick(hi - lo + 1);
  if (in.pick(4) == 0) n = in.pick(2) ? lo : hi;
  return json::Value(hex_of_length(in, n));
}

json::Value text(ByteReader& in) {
  std::string s = in.sized_text(in.pick(8) == 0 ? 300 : 70);
  if (in.pick(4) != 0) {  // mostly printable ASCII, so that the valid paths are reached too
    for (char& c : s) c = static_cast<char>(0x20 + static_cast<unsigned char>(c) % 95);
  }
  return json::Value(s);
}

json::Value alphabet_text(ByteReader& in, std::string_view alphabet, std::size_t max) {
  std::string s = in.sized_text(max);
  for (char& c : s) c = alphabet[static_cast<unsigned char>(c) % alphabet.size()];
  return json::Value(s);
}

std::string client_seed(ByteReader& in) {
  static const char kAlphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
  std::string s = in.sized_text(in.pick(16) == 0 ? 200 : 40);
  if (in.pick(4) != 0) {
    for (char& c : s) c = kAlphabet[static_cast<unsigned char>(c) % 64];
  }
  return s;
}

json::Value client_seeds(ByteReader& in) {
  std::size_t n = in.pick(8) == 0 ? in.pick(5) : 1 + in.pick(2);
  json::Array a;
  for (std::size_t i = 0; i < n; ++i) a.emplace_back(client_seed(in));
  return json::Value(std::move(a));
}

json::Value uuid(ByteReader& in) {
  std::string h = to_hex(in.bytes(16));
  while (h.size() < 32) h += "0";
  std::string u =
      h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20, 12);
  switch (in.pick(16)) {
    case 0:
      for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      break;
    case 1: return json::Value("{" + u + "}");
    case 2: return json::Value(h);  // no dashes
    case 3: u[in.pick(u.size())] = in.pick(2) ? '-' : 'g'; break;
    case 4: u.pop_back(); break;
    default: break;
  }
  return json::Value(u);
}

json::Value json_value(ByteReader& in, int depth) {
  std::size_t choice = depth >= 4 ? 9 : in.pick(10);
  if (choice == 0 || choice == 1) {
    json::Array a;
    for (std::size_t i = 0, n = in.pick(5); i < n && in.remaining() > 0; ++i) a.push_back(json_value(in, depth + 1));
    return json::Value(std::move(a));
  }
  if (choice == 2 || choice == 3) {
    json::Object o;
    for (std::size_t i = 0, n = in.pick(5); i < n && in.remaining() > 0; ++i) {
      std::string key = in.pick(3) == 0 ? std::string(1, "abcAB_\xc3"[in.pick(7)]) : in.sized_text(8);
      bool dup = false;
      for (const auto& [k, _] : o) dup = dup || k == key;
      if (!dup) o.emplace_back(std::move(key), json_value(in, depth + 1));
    }
    return json::Value(std::move(o));
  }
  return scalar_value(in);
}

namespace {

// canonical_string returns 0..|max| pieces, each a character of a class canonical JSON treats
// differently: plain ASCII, a control, '"' or '\\', DEL, a 2-, 3- or 4-byte UTF-8 character.
std::string canonical_string(ByteReader& in, std::size_t max) {
  static const std::string_view kPieces[] = {std::string_view("\0", 1),
                                             "\x01",
                                             "\x1f",
                                             "\n",
                                             "\"",
                                             "\\",
                                             "\x7f",
                                             "\xc3\xa9",
                                             "\xe2\x82\xac",
                                             "\xef\xbf\xbd",
                                             "\xf0\x9f\x98\x80",
                                             "\xf4\x8f\xbf\xbf"};
  std::string s;
  for (std::size_t i = 0, n = in.pick(max + 1); i < n; ++i) {
    if (in.pick(3) != 0) {
      s += static_cast<char>(0x20 + in.pick(95));
    } else {
      s += kPieces[in.pick(std::size(kPieces))];
    }
  }
  return s;
}

}  // namespace

json::Value canonical_value(ByteReader& in, bool object, int depth) {
  const std::size_t choice = object ? 0 : depth >= 3 ? 2 + in.pick(5) : in.pick(8);
  if (choice == 0) {
    json::Object o;
    for (std::size_t i = 0, n = in.pick(6); i < n; ++i) {
      std::string key = canonical_string(in, 4);
      bool dup = false;
      for (const auto& [k, _] : o) dup = dup || k == key;
      if (!dup) o.emplace_back(std::move(key), canonical_value(in, false, depth + 1));
    }
    return json::Value(std::move(o));
  }
  if (choice == 1) {
    json::Array a;
    for (std::size_t i = 0, n = in.pick(5); i < n; ++i) a.push_back(canonical_value(in, false, depth + 1));
    return json::Value(std::move(a));
  }
  switch (choice) {
    case 2: return json::Value();
    case 3: return json::Value(in.boolean());
    case 4:
    case 5: {
      const auto v = static_cast<std::int64_t>(edge_or_random(in, (1ULL << 53) - 1));
      return json::Value(in.boolean() ? -v : v);
    }
    default: return json::Value(canonical_string(in, 12));
  }
}

json::Value json_text(ByteReader& in) {
  static const char* const kTricky[] = {"1.5",
                                        "-0",
                                        "1e2",
                                        "9007199254740992",
                                        "-9007199254740992",
                                        "{\"a\":1,\"a\":2}",
                                        "\"\\ud800\"",
                                        "\"\\udc00\\ud800\"",
                                        "\"\\u00e9\\uD83D\\uDE00\"",
                                        "{\"\\u0000\":[]}",
                                        "[1,2,3]",
                                        "{\"b\":1,\"a\":{\"d\":[],\"c\":null}}",
                                        "\"\xff\"",
                                        " {} ",
                                        "[",
                                        "",
                                        "null"};
  switch (in.pick(4)) {
    case 0: return json::Value(kTricky[in.pick(std::size(kTricky))]);
    case 1: return json::Value(in.sized_text(300));
    default: return json::Value(json::to_line(json_value(in, 0)));
  }
}

json::Value options(ByteReader& in, const std::vector<json::Value>& valid) {
  if (valid.empty() || in.pick(4) == 0) return json_value(in, 2);
  json::Object o = valid[in.pick(valid.size())].clone().as_object();
  switch (in.pick(8)) {
    case 0:  // a member missing
      if (!o.empty()) o.erase(o.begin() + static_cast<std::ptrdiff_t>(in.pick(o.size())));
      break;
    case 1: o.emplace_back(in.sized_text(10), json_value(in, 2)); break;  // an unknown member
    case 2:                                                               // a count or a list changed
      if (!o.empty()) {
        auto& v = o[in.pick(o.size())].second;
        v = v.is_array() ? array(in, in.pick(12), [](ByteReader& r) { return json_value(r, 3); }) : integer(in, 64);
      }
      break;
    default: break;
  }
  return json::Value(std::move(o));
}

json::Value unit(ByteReader& in) {
  static const double kUnitEdges[] = {0.0,    1.0, 0.5, 0.9999999999999999, -0.0, -1.0, 2.0, 1.0000000000000002,
                                      5e-324, 0.3};
  double d = in.pick(3) == 0 ? kUnitEdges[in.pick(std::size(kUnitEdges))]
                             : static_cast<double>(in.integer(0, (1ULL << 53) - 1)) / 9007199254740992.0;
  if (in.pick(16) == 0) d = in.real();
  return json::Value(std::isfinite(d) ? d : 0.25);
}

json::Value units(ByteReader& in) {
  json::Array a;
  for (std::size_t i = 0, n = in.pick(6) == 0 ? in.pick(80) : in.pick(12); i < n; ++i) a.push_back(unit(in));
  return json::Value(std::move(a));
}

json::Value u64_string(ByteReader& in) {
  std::uint64_t v = in.pick(2) ? edge_or_random(in, UINT64_MAX) : UINT64_MAX - in.pick(2048);
  std::string s = std::to_string(v);
  switch (in.pick(12)) {
    case 0: s = "0" + s; break;
    case 1: s = "-" + s; break;
    case 2: s = "18446744073709551616"; break;
    case 3: s = ""; break;
    case 4: s += " "; break;
    case 5: return json::Value(static_cast<std::int64_t>(v >> 1));  // a number, not a string
    default: break;
  }
  return json::Value(s);
}

json::Value one_of(ByteReader& in, const std::vector<std::string>& names) {
  if (names.empty() || in.pick(16) == 0) return json::Value(in.sized_text(12));
  std::string s = names[in.pick(names.size())];
  if (in.pick(16) == 0 && !s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return json::Value(s);
}

json::Value array(ByteReader& in, std::size_t typical, const std::function<json::Value(ByteReader&)>& item) {
  std::size_t n = in.pick(6) == 0 ? in.pick(40) : typical;
  json::Array a;
  for (std::size_t i = 0; i < n; ++i) a.push_back(item(in));
  return json::Value(std::move(a));
}

}  // namespace fairvec::ops::make
