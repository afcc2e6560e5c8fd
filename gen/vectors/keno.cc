// Vector files of keno-v1 (specs/keno-v1.md):
//   keno_draw_test.json    keno.draw: whole tickets from random hash and salt
//   keno_pick_test.json    keno.pick (layer): balls from given links 1..10
// Every input comes from a counter-driven SHA-256 stream (vectors/material.h) or a deterministic
// search from a fixed start. Both are catalogs (vectors/catalog.h): cases give the inputs, the ops
// and their traces write the rest, and each flag is checked against the wrong port it names.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>
#include <set>
#include <string>
#include <vector>

#include "core/errors.h"
#include "schemes/keno.h"
#include "vectors/catalog.h"
#include "vectors/keno.h"
#include "vectors/material.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::keno_vec {

namespace {

using json::Object;
using json::Value;

// ---- Ports with the flags' bugs ---------------------------------------------------------------

// balls_of draws the ten balls from the leading 52 bits of each link with |index| (the binary64
// rule, or another), swapping the picked ball to the end of the pool or, with |splice|, removing it
// and closing the gap. A port whose index leaves the pool rejects the input.
Value balls_of(const std::vector<std::uint64_t>& h52, const std::function<int(std::uint64_t, int)>& index,
               bool splice = false) {
  std::vector<int> pool;
  for (int b = 1; b <= keno::kPoolSize; ++b) pool.push_back(b);
  std::vector<int> out;
  for (std::size_t i = 0; i < h52.size(); ++i) {
    const int remaining = static_cast<int>(pool.size());
    const int k = index(h52[i], remaining);
    if (k < 0 || k >= remaining) throw InputError("links", "index out of the pool");
    out.push_back(pool[static_cast<std::size_t>(k)]);
    if (splice) {
      pool.erase(pool.begin() + k);
    } else {
      std::swap(pool[static_cast<std::size_t>(k)], pool.back());
      pool.pop_back();
    }
  }
  return Value::object({{"balls", Value::array_of(out)}});
}
Value balls_of(const std::vector<Digest>& links, bool splice = false) {
  std::vector<std::uint64_t> h;
  for (const auto& l : links) h.push_back(keno::leading52(l));
  return balls_of(h, keno::pick_index, splice);
}

// exact_index is floor(h52 * remaining / 2^52) in exact integers (what the binary64 rule is not).
int exact_index(std::uint64_t h, int remaining) {
  return static_cast<int>((h * static_cast<std::uint64_t>(remaining)) >> 52);
}

// index_from_64_bits is what a port reading the leading 64 bits as u64 / 2^64 (the cursor-v1
// unit) would pick.
int index_from_64_bits(const Digest& d, int remaining) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | d[static_cast<std::size_t>(i)];
  const double u = static_cast<double>(v) / 18446744073709551616.0;
  return static_cast<int>(std::floor(u * remaining));
}

// TextPort is keno.draw with the texts or the chain handled otherwise.
struct TextPort {
  std::function<std::string(std::string)> random_hash = {};  // what it hashes as link 0's text
  std::function<std::string(std::string)> salt = {};         // the key it uses
  std::function<Bytes(const Digest&)> next = {};             // link i's message from link i - 1
  bool rejects_empty = false;
  bool hashes_block_keys = false;  // hashes keys of 64 bytes or more (RFC 2104 says: more than 64)
  bool truncates_long_keys = false;
  bool coerces = false;            // takes numbers, null and arrays as text (JavaScript's String())
};

std::string coerced(const rapidjson::Value& v, std::string_view field, bool coerce) {
  if (v.IsString()) return std::string(v.GetString(), v.GetStringLength());
  if (!coerce) throw InputError(std::string(field), "must be a string");
  if (v.IsNull()) return "null";
  if (v.IsInt64()) return std::to_string(v.GetInt64());
  if (v.IsArray() && v.Size() == 1 && v[0].IsString()) return v[0].GetString();
  throw InputError(std::string(field), "cannot coerce");
}

Alternative text_port(TextPort port) {
  return [port](const rapidjson::Value& p, const Backend& b) {
    std::string rh = coerced(json::member(p, "randomHash", "params"), "randomHash", port.coerces);
    std::string salt = coerced(json::member(p, "salt", "params"), "salt", port.coerces);
    if (port.rejects_empty && (rh.empty() || salt.empty())) throw InputError("randomHash", "empty");
    if (port.random_hash) rh = port.random_hash(rh);
    if (port.salt) salt = port.salt(salt);
    Bytes key(salt.begin(), salt.end());
    if (port.hashes_block_keys && key.size() >= 64) {
      const Digest d = b.sha256(ByteView(key.data(), key.size()));
      key.assign(d.begin(), d.end());
    }
    if (port.truncates_long_keys && key.size() > 64) key.resize(64);
    std::vector<Digest> links{b.hmac_sha256(key, as_bytes(rh))};
    while (links.size() < static_cast<std::size_t>(keno::kBalls)) {
      const std::string hex_text = to_hex(links.back());
      const Bytes msg = port.next ? port.next(links.back()) : Bytes(hex_text.begin(), hex_text.end());
      links.push_back(b.hmac_sha256(key, msg));
    }
    return balls_of(links);
  };
}

// latin1 encodes UTF-8 text one byte per code point ('?' above U+00FF), as a Latin-1 port does.
std::string latin1(std::string s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    std::uint32_t cp = len == 1 ? c : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp <= 0xFF ? static_cast<char>(cp) : '?');
    i += static_cast<std::size_t>(len);
  }
  return out;
}
std::string lower_text(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}
std::string hex_decoded(std::string s) {
  const Bytes b = from_hex(s, "randomHash");
  return std::string(b.begin(), b.end());
}

// Answers of a draw's own links read otherwise: sorted, spliced.
std::vector<Digest> draw_links(const rapidjson::Value& p, const Backend& b) {
  return keno::chain(json::get_string(p, "randomHash", "params"), json::get_string(p, "salt", "params"), b);
}
Value sorted_balls(const rapidjson::Value& p, const Backend& b) {
  keno::Draw d = keno::draw(json::get_string(p, "randomHash", "params"), json::get_string(p, "salt", "params"), b);
  std::sort(d.balls.begin(), d.balls.end());
  return Value::object({{"balls", Value::array_of(d.balls)}});
}
Value spliced_draw(const rapidjson::Value& p, const Backend& b) { return balls_of(draw_links(p, b), true); }

// A pick's links read otherwise.
std::vector<Digest> pick_links(const rapidjson::Value& p) {
  std::vector<Digest> out;
  for (const auto& h : json::get_string_array(p, "links", "params")) out.push_back(digest_from_hex(h, "links"));
  return out;
}
std::vector<std::uint64_t> pick_h52(const rapidjson::Value& p) {
  std::vector<std::uint64_t> h;
  for (const auto& l : pick_links(p)) h.push_back(keno::leading52(l));
  return h;
}
Value spliced_pick(const rapidjson::Value& p, const Backend&) { return balls_of(pick_links(p), true); }
// loose_links reads the leading 13 hex digits of up to ten links (JavaScript's parseInt, which stops
// at the first non-hex character), whatever their count and length.
Value loose_links(const rapidjson::Value& p, const Backend&) {
  std::vector<std::uint64_t> h;
  for (const auto& l : json::get_string_array(p, "links", "params")) {
    if (h.size() == static_cast<std::size_t>(keno::kBalls)) break;
    h.push_back(std::strtoull(l.substr(0, 13).c_str(), nullptr, 16));
  }
  return balls_of(h, keno::pick_index);
}

// ---- keno_draw_test.json -----------------------------------------------------------------------

std::vector<Flag> draw_flags() {
  auto index_is = [](std::size_t ball, int index) -> Property {
    return [ball, index](const rapidjson::Value&, const json::Value& out) {
      return std::get<std::int64_t>(out.find("indices")->as_array()[ball].variant()) == index;
    };
  };
  return {
      {"Pseudorandom", BugType::kBasic, "An ordinary ticket from fixed-seed pseudorandom inputs."},
      {"HexTextChain", BugType::kEncoding,
       "Links 2..10 are HMACs over the previous link's lowercase hex text. A port that feeds the "
       "previous link's 32 raw bytes, or uppercase hex, gets other balls.",
       {text_port({.next = [](const Digest& d) { return Bytes(d.begin(), d.end()); }}),
        text_port({.next = [](const Digest& d) {
          const std::string h = upper(to_hex(d));
          return Bytes(h.begin(), h.end());
        }})}},
      {"DrawOrder", BugType::kOrder, "Balls are reported in draw order; a port that sorts them fails.", {sorted_balls}},
      {"SwapToEnd", BugType::kOrder,
       "The picked ball is swapped with the last ball of the pool before the pool shrinks. A port "
       "that removes it by shifting the rest (splice) draws different balls from the same indices.",
       {spliced_draw}},
      {"UppercaseRandomHash", BugType::kEncoding,
       "The random hash is hashed exactly as given: uppercase hex is not folded to lowercase. A port "
       "that lowercases or hex-decodes link 0 gets the balls of another ticket.",
       {text_port({.random_hash = lower_text}), text_port({.random_hash = hex_decoded})}},
      {"NonHexRandomHash", BugType::kEncoding,
       "The random hash is text, not required to be hex or of any length. A port that hex-decodes it "
       "or rejects it fails.",
       {text_port({.random_hash = hex_decoded})}},
      {"EmptyRandomHash", BugType::kEdgeCase, "An empty random hash is valid: link 1 is the HMAC of the empty message.",
       {text_port({.rejects_empty = true})}},
      {"EmptySalt", BugType::kEdgeCase, "An empty salt is valid: HMAC-SHA256 with an empty key (RFC 2104).",
       {text_port({.rejects_empty = true})}},
      {"NonAsciiText", BugType::kEncoding,
       "Non-ASCII text (2-, 3- and 4-byte UTF-8) is hashed as its UTF-8 bytes. A port hashing UTF-16 "
       "code units, Latin-1 or escaped text gets other links.",
       {text_port({.random_hash = latin1, .salt = latin1})}},
      {"NulInSalt", BugType::kEncoding, "A salt containing U+0000. A port that treats text as NUL-terminated truncates it.",
       {text_port({.salt = [](std::string s) { return std::string(s.c_str()); }})}},
      {"SaltAsGiven", BugType::kEncoding,
       "A salt with leading and trailing spaces is hashed as given; catches a port that trims whitespace from it.",
       {text_port({.salt = [](std::string s) {
         const auto a = s.find_first_not_of(' ');
         return a == std::string::npos ? std::string() : s.substr(a, s.find_last_not_of(' ') - a + 1);
       }})}},
      {"BlockSizeSalt", BugType::kBoundary,
       "A 64-byte salt: exactly the HMAC block size, used as the key without hashing.",
       {text_port({.hashes_block_keys = true})}},
      {"LongSalt", BugType::kEdgeCase,
       "A salt longer than the 64-byte HMAC block: RFC 2104 hashes such a key first. A port with a "
       "home-made HMAC that truncates or pads it fails.",
       {text_port({.truncates_long_keys = true})}},
      {"FirstDrawMaxIndex", BugType::kBoundary, "Ball 1 picks index 39, the last of the 40-ball pool.", {},
       index_is(0, 39)},
      {"LastDrawMaxIndex", BugType::kBoundary, "Ball 10 picks index 30, the last of the 31 balls left.", {},
       index_is(9, 30)},
      {"LastDrawIndexZero", BugType::kBoundary, "Ball 10 picks index 0 of the 31 balls left.", {}, index_is(9, 0)},
      {"NotAString", BugType::kMissingCheck,
       "randomHash and salt must be JSON strings. A port that coerces a number, null or an array to "
       "text accepts invalid input.",
       {text_port({.coerces = true})}},
  };
}

// order_flags adds DrawOrder when a sorting port would report other balls, and SwapToEnd when a
// splicing one would draw others (the flags' checks then confirm it).
void order_flags(std::vector<std::string>& flags, const keno::Draw& d, bool draw_order) {
  std::vector<int> sorted = d.balls;
  std::sort(sorted.begin(), sorted.end());
  if (draw_order && sorted != d.balls) flags.push_back("DrawOrder");
  if (json::to_line(balls_of(d.links, true)) != json::to_line(Value::object({{"balls", Value::array_of(d.balls)}}))) {
    flags.push_back("SwapToEnd");
  }
}

void draw_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& rh, const std::string& salt) {
    c.valid("KenoDraw", std::move(comment), std::move(flags), {{"randomHash", rh}, {"salt", salt}});
  };

  // Pseudorandom tickets: 64-hex random hashes (what a Node engine's digest('hex') produces) with
  // salts of several shapes.
  std::string first_hash, first_salt;
  for (std::uint64_t i = 0; i < 6; ++i) {
    const std::string rh = hex(stream("keno/randomHash", i));
    const std::string s = hex(stream("keno/salt", i));
    const std::string salt = i == 1 ? s.substr(0, 32) : i == 2 ? "salt-" + s.substr(0, 16) : s;
    std::vector<std::string> flags{"Pseudorandom", "HexTextChain"};
    order_flags(flags, keno::draw(rh, salt, gen_backend()), true);
    add("pseudorandom ticket " + std::to_string(i), flags, rh, salt);
    if (i == 0) {
      first_hash = rh;
      first_salt = salt;
    }
  }

  // The random hash as given.
  add("the random hash of tcId 1 in uppercase: hashed as given, so other balls than tcId 1", {"UppercaseRandomHash"},
      upper(first_hash), first_salt);
  add("a random hash that is not hex", {"NonHexRandomHash"}, "ticket-2026-000042", first_salt);
  add("a random hash of 32 hex digits (128 bits)", {"NonHexRandomHash"}, first_hash.substr(0, 32), first_salt);
  add("an empty random hash", {"EmptyRandomHash"}, "", first_salt);
  add("a random hash with non-ASCII text", {"NonAsciiText"}, "h\xc3\xa1sh-\xe6\x97\xa5-\xf0\x9f\x8e\xb1", first_salt);

  // Salts.
  add("an empty salt", {"EmptySalt"}, first_hash, "");
  add("a salt with 2-, 3- and 4-byte UTF-8 characters", {"NonAsciiText"}, first_hash,
      "s\xc3\xa1lt-\xc3\xbc-\xe6\x97\xa5\xe6\x9c\xac-\xf0\x9f\x8e\xb1");
  add("a salt with U+0000 inside", {"NulInSalt"}, first_hash, std::string("ab\0cd", 5));
  add("a salt with a space before and after: hashed as given", {"SaltAsGiven"}, first_hash, " " + first_salt + " ");
  add("a salt of 64 bytes", {"BlockSizeSalt"}, first_hash, std::string(64, 's'));
  add("a salt of 65 bytes", {"LongSalt"}, first_hash, std::string(65, 's'));
  add("a salt of 200 bytes", {"LongSalt"}, first_hash, hex(stream("keno/long-salt", 0)) +
                                                          hex(stream("keno/long-salt", 1)) +
                                                          hex(stream("keno/long-salt", 2)).substr(0, 72));

  // Boundary indices, found by a deterministic search over random hashes with a fixed salt.
  struct Want {
    const char* flag;
    int ball;   // 0-based
    int index;
    const char* comment;
  };
  const Want wants[] = {{"FirstDrawMaxIndex", 0, 39, "ball 1 picks index 39 of 40"},
                        {"LastDrawMaxIndex", 9, 30, "ball 10 picks index 30 of 31"},
                        {"LastDrawIndexZero", 9, 0, "ball 10 picks index 0 of 31"}};
  const std::string search_salt = "fairvec-keno-search";
  std::set<std::string> used;  // each flag gets a ticket of its own: one ticket is one test
  for (const Want& w : wants) {
    bool found = false;
    for (std::uint64_t n = 0; n < 10000 && !found; ++n) {
      const std::string rh = hex(stream("keno/search", n));
      if (used.count(rh)) continue;
      keno::Draw d = keno::draw(rh, search_salt, gen_backend());
      if (d.indices[static_cast<std::size_t>(w.ball)] != w.index) continue;
      std::vector<std::string> flags{w.flag};
      order_flags(flags, d, false);
      add(std::string(w.comment) + " (search over keno/search/n, n = " + std::to_string(n) + ")", flags, rh,
          search_salt);
      used.insert(rh);
      found = true;
    }
    require(found, std::string("search found no ticket for ") + w.flag);
  }

  // Inputs that are not strings (port level: the op's params).
  struct Bad {
    Value rh, salt;
    const char* error;
    const char* comment;
  };
  const Bad bads[] = {{Value(42), Value(first_salt), "params.randomHash", "randomHash is a number"},
                      {Value(nullptr), Value(first_salt), "params.randomHash", "randomHash is null"},
                      {Value(first_hash), Value(7), "params.salt", "salt is a number"},
                      {Value(first_hash), Value::array({"a"}), "params.salt", "salt is an array"}};
  for (const Bad& bad : bads) {
    c.invalid("KenoDraw", bad.comment, {"NotAString"}, {{"randomHash", bad.rh}, {"salt", bad.salt}}, bad.error);
  }
}

// ---- keno_pick_test.json -----------------------------------------------------------------------

// product_rounding_h finds the first h (searching m = 1.., j = 1..64 with h = (m·2^52 − j) /
// remaining) for which the binary64 index differs from the exact one.
std::uint64_t product_rounding_h(int remaining) {
  for (std::uint64_t m = 1; m < static_cast<std::uint64_t>(remaining); ++m) {
    for (std::uint64_t j = 1; j <= 64; ++j) {
      const std::uint64_t num = (m << 52) - j;
      if (num % static_cast<std::uint64_t>(remaining) != 0) continue;
      const std::uint64_t h = num / static_cast<std::uint64_t>(remaining);
      if (keno::pick_index(h, remaining) != exact_index(h, remaining)) return h;
    }
  }
  throw std::logic_error("keno/crash vectors: no product-rounding h for remaining " + std::to_string(remaining));
}

std::vector<Flag> pick_flags() {
  return {
      {"Pseudorandom", BugType::kBasic, "Links from a fixed-seed pseudorandom stream."},
      {"ProductRounding", BugType::kArithmetic,
       "norm × remaining is rounded to binary64 before the floor, and here the rounding crosses an "
       "integer: the exact floor(h·remaining / 2^52) is one less. A port computing the index in exact "
       "integers ((h * remaining) >> 52) picks the neighbouring ball.",
       {[](const rapidjson::Value& p, const Backend&) { return balls_of(pick_h52(p), exact_index); }}},
      {"Leading52Bits", BugType::kArithmetic,
       "Only the leading 52 bits are read. Here the 12 bits after them are all ones and reading 64 bits "
       "(u64 / 2^64, the cursor-v1 unit) crosses into the next index.",
       {[](const rapidjson::Value& p, const Backend&) {
         const std::vector<Digest> links = pick_links(p);
         std::size_t i = 0;
         return balls_of(std::vector<std::uint64_t>(links.size()),
                         [&](std::uint64_t, int remaining) { return index_from_64_bits(links[i++], remaining); });
       }}},
      {"ZeroNorm", BugType::kBoundary,
       "Every link starts with 13 zero hex digits: index 0 at every draw, so the balls show the swap: "
       "1, 40, 39, ... A port that splices draws 1, 2, 3, ...",
       {spliced_pick}},
      {"MaxNorm", BugType::kBoundary,
       "Every h is 2^52 − 1: index remaining − 1 at every draw, without any clamp. A port dividing by "
       "2^52 − 1 gets norm = 1 and an index out of the pool.",
       {[](const rapidjson::Value& p, const Backend&) {
         return balls_of(pick_h52(p), [](std::uint64_t h, int remaining) {
           return static_cast<int>(std::floor(static_cast<double>(h) / 4503599627370495.0 * remaining));
         });
       }}},
      {"SwapToEnd", BugType::kOrder,
       "The picked ball is swapped with the last ball of the pool before the pool shrinks. A port "
       "that removes it by shifting the rest (splice) draws different balls from the same indices.",
       {spliced_pick}},
      {"UppercaseLinks", BugType::kEncoding, "Links given in uppercase hex decode to the same bytes (same balls as tcId 1).",
       {[](const rapidjson::Value& p, const Backend&) -> Value {
         for (const auto& l : json::get_string_array(p, "links", "params")) {
           if (l != lower_text(l)) throw InputError("links", "uppercase hex");
         }
         return balls_of(pick_links(p));
       }}},
      {"InvalidLinks", BugType::kMissingCheck,
       "links must be exactly 10 strings of 64 hex digits. A port accepting another count or a bad link "
       "accepts invalid input.",
       {loose_links}},
  };
}

void pick_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::vector<std::string>& links) {
    c.valid("KenoPick", std::move(comment), std::move(flags), {{"links", Value::array_of(links)}});
  };
  auto base_links = [](std::uint64_t set) {
    std::vector<Digest> links;
    for (std::uint64_t i = 0; i < 10; ++i) links.push_back(stream("keno/pick/" + std::to_string(set), i));
    return links;
  };
  auto hexes = [](const std::vector<Digest>& ds) {
    std::vector<std::string> out;
    for (const auto& d : ds) out.push_back(hex(d));
    return out;
  };

  const std::vector<std::string> first = hexes(base_links(0));
  add("pseudorandom links", {"Pseudorandom"}, first);

  // Product rounding at ball 1 (40 left) and ball 10 (31 left).
  for (int ball : {0, 9}) {
    const int remaining = keno::kPoolSize - ball;
    const std::uint64_t h = product_rounding_h(remaining);
    std::vector<Digest> links = base_links(1 + static_cast<std::uint64_t>(ball));
    links[static_cast<std::size_t>(ball)] = with_h52(links[static_cast<std::size_t>(ball)], h);
    add("ball " + std::to_string(ball + 1) + ": h = " + std::to_string(h) + ", binary64 index " +
            std::to_string(keno::pick_index(h, remaining)) + ", exact index " + std::to_string(exact_index(h, remaining)),
        {"ProductRounding"}, hexes(links));
  }

  // Bits after the leading 52: h = floor(2^52 / 40), then twelve one bits.
  {
    std::vector<Digest> links = base_links(20);
    const std::uint64_t h = (std::uint64_t{1} << 52) / 40;
    Digest l = with_h52(links[0], h);
    l[6] |= 0x0f;
    l[7] = 0xff;
    links[0] = l;
    add("ball 1: h = " + std::to_string(h) + " gives index " + std::to_string(keno::pick_index(h, 40)) +
            "; reading 64 bits would give " + std::to_string(index_from_64_bits(l, 40)),
        {"Leading52Bits"}, hexes(links));
  }

  {
    std::vector<std::string> zeros(10, std::string(64, '0'));
    std::vector<std::string> flags{"ZeroNorm"};
    order_flags(flags, keno::pick_hex(zeros), false);
    add("every link zero: index 0 at every draw", flags, zeros);
    add("every link all ones: index remaining - 1 at every draw", {"MaxNorm"},
        std::vector<std::string>(10, std::string(64, 'f')));
  }
  {
    std::vector<std::string> up;
    for (const auto& s : first) up.push_back(upper(s));
    add("the links of tcId 1 in uppercase hex", {"UppercaseLinks"}, up);
  }

  auto bad = [&](std::string comment, std::vector<std::string> links, const std::string& error) {
    c.invalid("KenoPick", std::move(comment), {"InvalidLinks"}, {{"links", Value::array_of(links)}}, error);
  };
  bad("9 links", std::vector<std::string>(first.begin(), first.begin() + 9), "links");
  {
    std::vector<std::string> eleven = first;
    eleven.push_back(first[0]);
    bad("11 links", eleven, "links");
  }
  bad("no links", {}, "links");
  {
    std::vector<std::string> l = first;
    l[3][10] = 'g';
    bad("links[3] has a non-hex character", l, "links[3]");
  }
  {
    std::vector<std::string> l = first;
    l[0] = l[0].substr(0, 62);
    bad("links[0] has 62 hex digits", l, "links[0]");
  }
  {
    std::vector<std::string> l = first;
    l[9] += "00";
    bad("links[9] has 66 hex digits", l, "links[9]");
  }
}

}  // namespace

std::vector<VectorKind> files() {
  std::vector<VectorKind> kinds = {
      catalog_kind({"keno_draw_test.json",
                    {"keno-v1 tickets (specs/keno-v1.md): ten balls from a pool of 1..40, ball i read from",
                     "link i = HMAC-SHA256(key = salt's UTF-8 bytes, msg = text of link i-1); link 0's text is",
                     "the random hash as given, later links' text their lowercase hex; index = floor(h52 / 2^52",
                     "* remaining) in binary64; the picked ball is swapped to the end of the pool.",
                     "Port op: keno.draw {randomHash, salt} -> {balls}."},
                    draw_flags(),
                    {{.type = "KenoDraw", .call = {"keno.draw"}, .fields = outputs({"links", "h52", "indices", "balls"})}},
                    draw_cases}),
      catalog_kind({"keno_pick_test.json",
                    {"keno-v1 pick layer (specs/keno-v1.md, op keno.pick): the ten balls drawn from given links",
                     "1..10 (32-byte hex, either case), so that cases no HMAC search reaches are covered: the",
                     "binary64 product rounding across an integer, bits beyond the leading 52, the extreme norms.",
                     "Port op: keno.pick {links} -> {balls}."},
                    pick_flags(),
                    {{.type = "KenoPick", .call = {"keno.pick"}, .fields = outputs({"h52", "indices", "balls"})}},
                    pick_cases}),
  };
  return kinds;
}

}  // namespace fairvec::vectors::keno_vec
