// Vector files of keno-v1 (specs/keno-v1.md):
//   keno_draw_test.json    keno.draw: whole tickets from random hash and salt
//   keno_pick_test.json    keno.pick (layer): balls from given links 1..10
// Every input comes from a counter-driven SHA-256 stream (vectors/material.h) or a deterministic
// search from a fixed start. Both are catalogs (vectors/catalog.h): cases give the inputs, the ops
// and their traces write the rest; the flags come from the family's library (below), each checked
// against the wrong ports of vectors/keno_ports.cc it names or the property it claims.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
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

// ---- keno_draw_test.json -----------------------------------------------------------------------

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
  add("the random hash of pseudorandom ticket 0 in uppercase: hashed as given, so other balls than that ticket",
      {"UppercaseRandomHash"}, upper(first_hash), first_salt);
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
  add("a salt of 200 bytes", {"LongSalt"}, first_hash,
      hex(stream("keno/long-salt", 0)) + hex(stream("keno/long-salt", 1)) +
          hex(stream("keno/long-salt", 2)).substr(0, 72));

  // Boundary indices, found by a deterministic search over random hashes with a fixed salt.
  struct Want {
    const char* flag;
    int ball;  // 0-based
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
            std::to_string(keno::pick_index(h, remaining)) + ", exact index " +
            std::to_string(exact_index(h, remaining)),
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
    add("the links of the first ticket in uppercase hex", {"UppercaseLinks"}, up);
  }
  // Every ball as the first drawn (specs/derived-edges.md §7: keno.pick's balls are a finite output
  // domain, 1..40, and each value is some vector's answer): link 1's leading 52 bits set mid-cell
  // of index k of the 40-ball pool, which holds ball k + 1; generation checks the ball it gives.
  for (int k = 0; k < keno::kPoolSize; ++k) {
    std::vector<Digest> links = base_links(100 + static_cast<std::uint64_t>(k));
    const std::uint64_t h = ((2 * static_cast<std::uint64_t>(k) + 1) << 52) / (2 * keno::kPoolSize);
    links[0] = with_h52(links[0], h);
    if (keno::pick(links).balls.front() != k + 1)
      throw std::logic_error("keno_pick_test.json: h = " + std::to_string(h) + " does not draw ball " +
                             std::to_string(k + 1) + " first");
    add("ball " + std::to_string(k + 1) + " drawn first: h = " + std::to_string(h) + " gives index " +
            std::to_string(k) + " of 40",
        {"EveryBall"}, hexes(links));
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

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("keno");
    add_wrong_ports(lib);
    add_draw_flags(lib);
    add_pick_flags(lib);
    return lib;
  }();
  return kLibrary;
}

void add_draw_flags(FlagLibrary& lib) {
  auto index_is = [](std::size_t ball, int index) -> Property {
    return [ball, index](const rapidjson::Value&, const json::Value& out) {
      return std::get<std::int64_t>(out.find("indices")->as_array()[ball].variant()) == index;
    };
  };
  lib.share(shared_flags(), "Pseudorandom");
  lib.share(shared_flags(), "HexTextChain", {"keno-raw-chain", "keno-uppercase-links"});
  lib.share(shared_flags(), "DrawOrder", {"keno-sorted-balls"});
  lib.share(shared_flags(), "SwapToEnd", {"keno-splice"});
  lib.flag({"UppercaseRandomHash",
            BugType::kEncoding,
            "The random hash is hashed exactly as given: uppercase hex is not folded to lowercase. A port "
            "that lowercases or hex-decodes link 0 gets the balls of another ticket.",
            {"keno-random-hash-lowercased", "keno-random-hash-hex-decoded"}});
  lib.flag({"NonHexRandomHash",
            BugType::kEncoding,
            "The random hash is text, not required to be hex or of any length. A port that hex-decodes it "
            "or rejects it fails.",
            {"keno-random-hash-hex-decoded"}});
  lib.flag({"EmptyRandomHash",
            BugType::kEdgeCase,
            "An empty random hash is valid: link 1 is the HMAC of the empty message.",
            {"keno-empty-text-rejected"}});
  lib.share(shared_flags(), "EmptySalt", {"keno-empty-text-rejected"});
  lib.share(shared_flags(), "NonAsciiText", {"keno-latin1-text"});
  lib.flag({"NulInSalt",
            BugType::kEncoding,
            "A salt containing U+0000. A port that treats text as NUL-terminated truncates it.",
            {"keno-nul-terminated-salt"}});
  lib.share(shared_flags(), "SaltAsGiven", {"keno-trimmed-salt"});
  lib.flag({"BlockSizeSalt",
            BugType::kBoundary,
            "A 64-byte salt: exactly the HMAC block size, used as the key without hashing.",
            {"keno-block-size-key-hashed"}});
  lib.flag({"LongSalt",
            BugType::kEdgeCase,
            "A salt longer than the 64-byte HMAC block: RFC 2104 hashes such a key first. A port with a "
            "home-made HMAC that truncates or pads it fails.",
            {"keno-long-key-truncated"}});
  lib.flag({"FirstDrawMaxIndex",
            BugType::kBoundary,
            "Ball 1 picks index 39, the last of the 40-ball pool.",
            {},
            index_is(0, 39)});
  lib.flag({"LastDrawMaxIndex",
            BugType::kBoundary,
            "Ball 10 picks index 30, the last of the 31 balls left.",
            {},
            index_is(9, 30)});
  lib.flag(
      {"LastDrawIndexZero", BugType::kBoundary, "Ball 10 picks index 0 of the 31 balls left.", {}, index_is(9, 0)});
  lib.flag({"NotAString",
            BugType::kMissingCheck,
            "randomHash and salt must be JSON strings. A port that coerces a number, null or an array to "
            "text accepts invalid input.",
            {"keno-coerces-text"}});
}

void add_pick_flags(FlagLibrary& lib) {
  lib.flag({"ProductRounding",
            BugType::kArithmetic,
            "norm × remaining is rounded to binary64 before the floor, and here the rounding crosses an "
            "integer: the exact floor(h·remaining / 2^52) is one less. A port computing the index in exact "
            "integers ((h * remaining) >> 52) picks the neighbouring ball.",
            {"keno-exact-index"}});
  lib.flag({"Leading52Bits",
            BugType::kArithmetic,
            "Only the leading 52 bits are read. Here the 12 bits after them are all ones and reading 64 bits "
            "(u64 / 2^64, the cursor-v1 unit) crosses into the next index.",
            {"keno-64-bit-unit", "keno-53-bits"}});
  lib.flag({"ZeroNorm",
            BugType::kBoundary,
            "Every link starts with 13 zero hex digits: index 0 at every draw, so the balls show the swap: "
            "1, 40, 39, ... A port that splices draws 1, 2, 3, ...",
            {"keno-splice"}});
  lib.flag({"MaxNorm",
            BugType::kBoundary,
            "Every h is 2^52 − 1: index remaining − 1 at every draw, without any clamp. A port dividing by "
            "2^52 − 1 gets norm = 1 and an index out of the pool.",
            {"keno-norm-over-max-h"}});
  lib.flag({"UppercaseLinks",
            BugType::kEncoding,
            "Links given in uppercase hex decode to the same bytes (the same balls as the lowercase links).",
            {"keno-pick-uppercase-rejected"}});
  lib.flag({"EveryBall", BugType::kBasic,
            "Each of the 40 balls is the first drawn by one vector (link 1 set mid-cell of its index): every "
            "value of keno.pick's output domain is answered; catches a port whose pool or index map is wrong "
            "for a ball the pseudorandom vectors never draw first."});
  lib.flag({"InvalidLinks",
            BugType::kMissingCheck,
            "links must be exactly 10 strings of 64 hex digits. A port accepting another count or a bad link "
            "accepts invalid input.",
            {"keno-loose-links"}});
}

std::vector<VectorKind> files() {
  std::vector<VectorKind> kinds = {
      catalog_kind(
          {"keno_draw_test.json",
           {"keno-v1 tickets (specs/keno-v1.md): ten balls from a pool of 1..40, ball i read from",
            "link i = HMAC-SHA256(key = salt's UTF-8 bytes, msg = text of link i-1); link 0's text is",
            "the random hash as given, later links' text their lowercase hex; index = floor(h52 / 2^52",
            "* remaining) in binary64; the picked ball is swapped to the end of the pool.",
            "Port op: keno.draw {randomHash, salt} -> {balls}."},
           library().pick({"Pseudorandom", "HexTextChain", "DrawOrder", "SwapToEnd", "UppercaseRandomHash",
                           "NonHexRandomHash", "EmptyRandomHash", "EmptySalt", "NonAsciiText", "NulInSalt",
                           "SaltAsGiven", "BlockSizeSalt", "LongSalt", "FirstDrawMaxIndex", "LastDrawMaxIndex",
                           "LastDrawIndexZero", "NotAString"}),
           {{.type = "KenoDraw", .call = {"keno.draw"}, .fields = outputs({"links", "h52", "indices", "balls"})}},
           draw_cases}),
      catalog_kind({"keno_pick_test.json",
                    {"keno-v1 pick layer (specs/keno-v1.md, op keno.pick): the ten balls drawn from given links",
                     "1..10 (32-byte hex, either case), so that cases no HMAC search reaches are covered: the",
                     "binary64 product rounding across an integer, bits beyond the leading 52, the extreme norms.",
                     "Port op: keno.pick {links} -> {balls}."},
                    library().pick({"Pseudorandom", "ProductRounding", "Leading52Bits", "ZeroNorm", "MaxNorm",
                                    "SwapToEnd", "UppercaseLinks", "EveryBall", "InvalidLinks"}),
                    {{.type = "KenoPick", .call = {"keno.pick"}, .fields = outputs({"h52", "indices", "balls"})}},
                    pick_cases}),
  };
  return kinds;
}

}  // namespace fairvec::vectors::keno_vec
