// The wrong ports of keno-v1 (vectors/flags.h): each a named port bug and what a port with it
// answers to keno.draw and keno.pick. One Port describes them all, a rule of the spec changed at a
// time (how the random hash and the salt are read and keyed, how the chain goes on, how an index is
// computed from a link, how the pool shrinks, how given links are read), so that a bug that touches
// both ops is one port.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "schemes/keno.h"
#include "vectors/flags.h"
#include "vectors/keno.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::keno_vec {

using json::Value;

int exact_index(std::uint64_t h, int remaining) {
  return static_cast<int>((h * static_cast<std::uint64_t>(remaining)) >> 52);
}

int index_from_64_bits(const Digest& d, int remaining) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | d[static_cast<std::size_t>(i)];
  const double u = static_cast<double>(v) / 18446744073709551616.0;
  return static_cast<int>(std::floor(u * remaining));
}

namespace {

// Index is how a port computes a ball's pool index from its link.
enum class Index {
  kBinary64,  // floor(h52 / 2^52 * remaining) in binary64, the spec's
  kExact,     // floor(h52 * remaining / 2^52) in exact integers
  k64Bits,    // the leading 64 bits as u64 / 2^64 (the cursor-v1 unit)
  k53Bits,    // the leading 53 bits / 2^53
  kMaxNorm,   // h52 / (2^52 - 1): norm 1 at the largest h
};

// Port is a port of keno-v1 with some rules changed.
struct Port {
  // The texts and the key (keno.draw).
  std::function<std::string(std::string)> random_hash = {};  // what it hashes as link 0's text
  std::function<std::string(std::string)> salt = {};         // the key it uses
  bool raw_chain = false;                                    // hashes the previous link's 32 raw bytes
  bool upper_chain = false;                                  // hashes the previous link's uppercase hex text
  bool rejects_empty = false;                                // refuses an empty random hash or salt
  bool hashes_block_keys = false;  // hashes keys of 64 bytes or more (RFC 2104 says: more than 64)
  bool truncates_long_keys = false;
  bool coerces = false;  // takes numbers, null and arrays as text (JavaScript's String())
  // The balls (both ops).
  Index index = Index::kBinary64;
  bool splice = false;  // removes the picked ball and closes the gap instead of swapping it to the end
  bool sorted = false;  // reports the balls sorted instead of in draw order
  // Given links (keno.pick).
  bool rejects_uppercase_links = false;
  bool loose_links = false;  // parseInt of the leading 13 hex digits of up to ten links, any count and length

  [[nodiscard]] int index_of(const Digest& d, int remaining) const {
    const std::uint64_t h = fairvec::leading52(d);
    switch (index) {
      case Index::kExact: return exact_index(h, remaining);
      case Index::k64Bits: return index_from_64_bits(d, remaining);
      case Index::k53Bits: {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = (v << 8) | d[static_cast<std::size_t>(i)];
        return static_cast<int>(std::floor(static_cast<double>(v >> 11) / 9007199254740992.0 * remaining));
      }
      case Index::kMaxNorm:
        return static_cast<int>(std::floor(static_cast<double>(h) / 4503599627370495.0 * remaining));
      case Index::kBinary64: break;
    }
    return keno::pick_index(h, remaining);
  }

  // balls draws from |links| as this port does; throws InputError where an index leaves the pool.
  [[nodiscard]] Value balls(const std::vector<Digest>& links) const {
    std::vector<int> pool;
    for (int b = 1; b <= keno::kPoolSize; ++b) pool.push_back(b);
    std::vector<int> out;
    for (const Digest& l : links) {
      const int remaining = static_cast<int>(pool.size());
      const int k = index_of(l, remaining);
      if (k < 0 || k >= remaining) throw InputError("links", "index out of the pool");
      out.push_back(pool[static_cast<std::size_t>(k)]);
      if (splice) {
        pool.erase(pool.begin() + k);
      } else {
        std::swap(pool[static_cast<std::size_t>(k)], pool.back());
        pool.pop_back();
      }
    }
    if (sorted) std::sort(out.begin(), out.end());
    return Value::object({{"balls", Value::array_of(out)}});
  }

  [[nodiscard]] Value draw(const rapidjson::Value& p, const Backend& b) const {
    std::string rh = text(json::member(p, "randomHash", "params"), "randomHash");
    std::string s = text(json::member(p, "salt", "params"), "salt");
    if (rejects_empty && (rh.empty() || s.empty())) throw InputError("randomHash", "empty");
    if (random_hash) rh = random_hash(rh);
    if (salt) s = salt(s);
    Bytes key(s.begin(), s.end());
    if (hashes_block_keys && key.size() >= 64) {
      const Digest d = b.sha256(ByteView(key.data(), key.size()));
      key.assign(d.begin(), d.end());
    }
    if (truncates_long_keys && key.size() > 64) key.resize(64);
    std::vector<Digest> links{b.hmac_sha256(key, as_bytes(rh))};
    while (links.size() < static_cast<std::size_t>(keno::kBalls)) {
      const std::string hex_text = upper_chain ? upper(to_hex(links.back())) : to_hex(links.back());
      const Bytes msg =
          raw_chain ? Bytes(links.back().begin(), links.back().end()) : Bytes(hex_text.begin(), hex_text.end());
      links.push_back(b.hmac_sha256(key, msg));
    }
    return balls(links);
  }

  [[nodiscard]] Value pick(const rapidjson::Value& p, const Backend&) const {
    std::vector<Digest> links;
    for (const auto& l : json::get_string_array(p, "links", "params")) {
      if (loose_links) {
        if (links.size() == static_cast<std::size_t>(keno::kBalls)) break;
        links.push_back(with_leading52(std::strtoull(l.substr(0, 13).c_str(), nullptr, 16)));
        continue;
      }
      if (rejects_uppercase_links && l != lower(l)) throw InputError("links", "uppercase hex");
      links.push_back(digest_from_hex(l, "links"));
    }
    if (!loose_links && links.size() != static_cast<std::size_t>(keno::kBalls)) throw InputError("links", "count");
    return balls(links);
  }

  [[nodiscard]] std::string text(const rapidjson::Value& v, std::string_view field) const {
    if (v.IsString()) return std::string(v.GetString(), v.GetStringLength());
    if (!coerces) throw InputError(std::string(field), "must be a string");
    if (v.IsNull()) return "null";
    if (v.IsInt64()) return std::to_string(v.GetInt64());
    if (v.IsArray() && v.Size() == 1 && v[0].IsString()) return v[0].GetString();
    throw InputError(std::string(field), "cannot coerce");
  }

  static Digest with_leading52(std::uint64_t h) {
    Digest d{};
    for (int i = 0; i < 6; ++i) d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(h >> (44 - 8 * i));
    d[6] = static_cast<std::uint8_t>((h & 0xf) << 4);
    return d;
  }
  static std::string lower(std::string s) {
    for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return s;
  }
};

// WhichOps lists the ops a wrong port answers.
enum WhichOps : unsigned { kDraw = 1, kPick = 2 };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto shared = std::make_shared<const Port>(std::move(port));
  if (ops & kDraw)
    w.answers.push_back(
        {"keno.draw", [shared](const rapidjson::Value& p, const Backend& b) { return shared->draw(p, b); }});
  if (ops & kPick)
    w.answers.push_back(
        {"keno.pick", [shared](const rapidjson::Value& p, const Backend& b) { return shared->pick(p, b); }});
  lib.port(std::move(w));
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
std::string hex_decoded(std::string s) {
  const Bytes b = from_hex(s, "randomHash");
  return std::string(b.begin(), b.end());
}
std::string trimmed(std::string s) {
  const auto a = s.find_first_not_of(' ');
  return a == std::string::npos ? std::string() : s.substr(a, s.find_last_not_of(' ') - a + 1);
}

}  // namespace

Value balls_of(const std::vector<Digest>& links, bool splice) { return Port{.splice = splice}.balls(links); }

void add_wrong_ports(FlagLibrary& lib) {
  // The texts and the key.
  add(lib, "keno-raw-chain", "hashes the previous link's 32 raw bytes instead of its lowercase hex text", kDraw,
      {.raw_chain = true});
  add(lib, "keno-uppercase-links", "hashes the next link from the previous link's uppercase hex text", kDraw,
      {.upper_chain = true});
  add(lib, "keno-random-hash-lowercased", "lowercases the random hash before hashing it", kDraw,
      {.random_hash = Port::lower});
  add(lib, "keno-random-hash-hex-decoded", "hashes the random hash's hex-decoded bytes (rejecting one that is not hex)",
      kDraw, {.random_hash = hex_decoded});
  add(lib, "keno-empty-text-rejected", "rejects an empty random hash or salt", kDraw, {.rejects_empty = true});
  add(lib, "keno-latin1-text", "hashes the random hash and the salt as Latin-1, one byte per code point", kDraw,
      {.random_hash = latin1, .salt = latin1});
  add(lib, "keno-nul-terminated-salt", "reads the salt as NUL-terminated text, cutting it at U+0000", kDraw,
      {.salt = [](std::string s) { return std::string(s.c_str()); }});
  add(lib, "keno-trimmed-salt", "trims spaces from both ends of the salt before keying the HMAC", kDraw,
      {.salt = trimmed});
  add(lib, "keno-block-size-key-hashed",
      "hashes a 64-byte salt before keying the HMAC (RFC 2104 hashes only longer keys)", kDraw,
      {.hashes_block_keys = true});
  add(lib, "keno-long-key-truncated", "cuts a salt longer than 64 bytes to 64 instead of hashing it (a home-made HMAC)",
      kDraw, {.truncates_long_keys = true});
  add(lib, "keno-coerces-text", "takes a number, null or a one-string array for the random hash or salt (String())",
      kDraw, {.coerces = true});
  // The balls.
  add(lib, "keno-sorted-balls", "reports the balls sorted instead of in draw order", kDraw | kPick, {.sorted = true});
  add(lib, "keno-splice", "removes the picked ball from the pool and closes the gap instead of swapping it to the end",
      kDraw | kPick, {.splice = true});
  add(lib, "keno-exact-index", "computes the index as floor(h52 * remaining / 2^52) in exact integers, not binary64",
      kDraw | kPick, {.index = Index::kExact});
  add(lib, "keno-64-bit-unit", "reads the leading 64 bits as u64 / 2^64 (the cursor-v1 unit) instead of the leading 52",
      kDraw | kPick, {.index = Index::k64Bits});
  add(lib, "keno-53-bits", "reads the leading 53 bits / 2^53 instead of the leading 52", kDraw | kPick,
      {.index = Index::k53Bits});
  add(lib, "keno-norm-over-max-h", "divides h52 by 2^52 - 1: norm 1 at the largest h, an index out of the pool",
      kDraw | kPick, {.index = Index::kMaxNorm});
  // Given links.
  add(lib, "keno-pick-uppercase-rejected", "rejects given links in uppercase hex", kPick,
      {.rejects_uppercase_links = true});
  add(lib, "keno-loose-links",
      "reads the leading 13 hex digits of up to ten links with parseInt, whatever their count and length", kPick,
      {.loose_links = true});
}

}  // namespace fairvec::vectors::keno_vec
