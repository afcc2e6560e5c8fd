// Vector files of keno-v1 (specs/keno-v1.md):
//   keno_draw_test.json    keno.draw: whole tickets from random hash and salt
//   keno_pick_test.json    keno.pick (layer): balls from given links 1..10
// (The crash files are written by crash_vectors.cc.) Every input comes from a counter-driven SHA-256
// stream or a deterministic search from a fixed start; every property a flag claims is re-verified
// here at generation time.
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/keno.h"
#include "vectors/keno_crash_common.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace {

using namespace keno_crash;

// ---- keno_draw_test.json -----------------------------------------------------------------------

// Runs an op handler directly (the path a request with non-string params takes).
json::Value run_op(const char* op, const Value& params, const Backend& backend) {
  rapidjson::Document doc;
  rapidjson::Value p = params.to_rapidjson(doc.GetAllocator());
  return (*port::registry().find(op))(p, backend);
}


Object keno_outputs(const keno::Draw& d) {
  std::vector<std::uint64_t> idx(d.indices.begin(), d.indices.end());
  std::vector<std::uint64_t> balls(d.balls.begin(), d.balls.end());
  return {{"links", hex_array(d.links)}, {"h52", int_array(d.h52)}, {"indices", int_array(idx)},
          {"balls", int_array(balls)}};
}

// splice_balls is what a port that removes the picked ball by shifting the rest (instead of
// swapping it with the last) draws from the same indices.
std::vector<int> splice_balls(const std::vector<int>& indices) {
  std::vector<int> pool;
  for (int b = 1; b <= keno::kPoolSize; ++b) pool.push_back(b);
  std::vector<int> out;
  for (int i : indices) {
    out.push_back(pool[static_cast<std::size_t>(i)]);
    pool.erase(pool.begin() + i);
  }
  return out;
}

void keno_order_notes(VectorFileBuilder& b) {
  b.note("SwapToEnd", "ORDER",
         "The picked ball is swapped with the last ball of the pool before the pool shrinks. A port "
         "that removes it by shifting the rest (splice) draws different balls from the same indices.");
}

// order_flags adds SwapToEnd when a splice-based port would draw other balls (verified).
void order_flags(std::vector<std::string>& flags, const keno::Draw& d) {
  if (splice_balls(d.indices) != d.balls) flags.push_back("SwapToEnd");
}

Value generate_keno_draw() {
  VectorFileBuilder b("keno-v1", "keno_draw_schema.json",
                      {"keno-v1 tickets (specs/keno-v1.md): ten balls from a pool of 1..40, ball i read from",
                       "link i = HMAC-SHA256(key = salt's UTF-8 bytes, msg = text of link i-1); link 0's text is",
                       "the random hash as given, later links' text their lowercase hex; index = floor(h52 / 2^52",
                       "* remaining) in binary64; the picked ball is swapped to the end of the pool.",
                       "Port op: keno.draw {randomHash, salt} -> {balls}."});
  b.note("Pseudorandom", "BASIC", "An ordinary ticket from fixed-seed pseudorandom inputs.");
  b.note("HexTextChain", "ENCODING",
         "Links 2..10 are HMACs over the previous link's lowercase hex text. A port that feeds the "
         "previous link's 32 raw bytes, or uppercase hex, gets other balls.");
  b.note("DrawOrder", "ORDER", "Balls are reported in draw order; a port that sorts them fails.");
  keno_order_notes(b);
  b.note("UppercaseRandomHash", "ENCODING",
         "The random hash is hashed exactly as given: uppercase hex is not folded to lowercase. A port "
         "that lowercases or hex-decodes link 0 gets the balls of another ticket.");
  b.note("NonHexRandomHash", "ENCODING",
         "The random hash is text, not required to be hex or of any length. A port that hex-decodes it "
         "or rejects it fails.");
  b.note("EmptyRandomHash", "EDGE_CASE", "An empty random hash is valid: link 1 is the HMAC of the empty message.");
  b.note("EmptySalt", "EDGE_CASE", "An empty salt is valid: HMAC-SHA256 with an empty key (RFC 2104).");
  b.note("NonAsciiText", "ENCODING",
         "Non-ASCII text (2-, 3- and 4-byte UTF-8) is hashed as its UTF-8 bytes. A port hashing UTF-16 "
         "code units, Latin-1 or escaped text gets other links.");
  b.note("NulInSalt", "ENCODING", "A salt containing U+0000. A port that treats text as NUL-terminated truncates it.");
  b.note("SaltAsGiven", "ENCODING", "A salt with leading and trailing spaces is hashed as given; catches a port that "
                                    "trims whitespace from it.");
  b.note("BlockSizeSalt", "BOUNDARY", "A 64-byte salt: exactly the HMAC block size, used as the key without hashing.");
  b.note("LongSalt", "EDGE_CASE",
         "A salt longer than the 64-byte HMAC block: RFC 2104 hashes such a key first. A port with a "
         "home-made HMAC that truncates or pads it fails.");
  b.note("FirstDrawMaxIndex", "BOUNDARY", "Ball 1 picks index 39, the last of the 40-ball pool.");
  b.note("LastDrawMaxIndex", "BOUNDARY", "Ball 10 picks index 30, the last of the 31 balls left.");
  b.note("LastDrawIndexZero", "BOUNDARY", "Ball 10 picks index 0 of the 31 balls left.");
  b.note("NotAString", "MISSING_CHECK",
         "randomHash and salt must be JSON strings. A port that coerces a number, null or an array to "
         "text accepts invalid input.");

  b.group({{"type", "KenoDraw"}});
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& rh,
                 const std::string& salt) -> keno::Draw {
    keno::Draw d = keno::draw(rh, salt, gen_backend());
    Object fields{{"randomHash", rh}, {"salt", salt}};
    for (auto& kv : keno_outputs(d)) fields.push_back(kv);
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
    return d;
  };

  // Pseudorandom tickets: 64-hex random hashes (what a Node engine's digest('hex') produces) with
  // salts of several shapes.
  std::vector<keno::Draw> basics;
  std::string first_hash, first_salt;
  for (std::uint64_t i = 0; i < 6; ++i) {
    const std::string rh = hex(stream("keno/randomHash", i));
    const std::string s = hex(stream("keno/salt", i));
    const std::string salt = i == 1 ? s.substr(0, 32) : i == 2 ? "salt-" + s.substr(0, 16) : s;
    keno::Draw probe = keno::draw(rh, salt, gen_backend());
    std::vector<std::string> flags{"Pseudorandom", "HexTextChain"};
    std::vector<int> sorted = probe.balls;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != probe.balls) flags.push_back("DrawOrder");
    order_flags(flags, probe);
    add("pseudorandom ticket " + std::to_string(i), flags, rh, salt);
    if (i == 0) {
      first_hash = rh;
      first_salt = salt;
      basics.push_back(probe);
    }
  }

  // The random hash as given.
  {
    keno::Draw d = add("the random hash of tcId 1 in uppercase: hashed as given, so other balls than tcId 1",
                       {"UppercaseRandomHash"}, upper(first_hash), first_salt);
    require(d.balls != basics[0].balls, "uppercase random hash gives the same balls");
  }
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
  for (const Want& w : wants) {
    bool found = false;
    for (std::uint64_t n = 0; n < 10000 && !found; ++n) {
      const std::string rh = hex(stream("keno/search", n));
      keno::Draw d = keno::draw(rh, search_salt, gen_backend());
      if (d.indices[static_cast<std::size_t>(w.ball)] != w.index) continue;
      std::vector<std::string> flags{w.flag};
      order_flags(flags, d);
      add(std::string(w.comment) + " (search over keno/search/n, n = " + std::to_string(n) + ")", flags, rh,
          search_salt);
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
    Object params{{"randomHash", bad.rh}, {"salt", bad.salt}};
    require_input_error([&] { (void)run_op("keno.draw", Value(params), gen_backend()); }, bad.error, bad.comment);
    b.add(bad.comment, {"NotAString"}, Result::kInvalid,
          {{"randomHash", bad.rh}, {"salt", bad.salt}, {"error", bad.error}});
  }
  return b.build();
}

std::string check_keno_draw(const TestRef& t, const Backend& backend) {
  if (is_invalid(t)) {
    const Value params = params_present(t, {"randomHash", "salt"});
    return expect_error(t, [&] { (void)run_op("keno.draw", params, backend); });
  }
  return expect_members(t, keno_outputs(keno::draw(test_string(t, "randomHash"), test_string(t, "salt"), backend)));
}

std::vector<PortCall> keno_draw_calls(const TestRef& t) {
  const Value params = params_present(t, {"randomHash", "salt"});
  if (is_invalid(t)) return {{"keno.draw", params, std::nullopt}};
  return {{"keno.draw", params, expected_result(t, "balls")}};
}

// ---- keno_pick_test.json -----------------------------------------------------------------------

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

Value generate_keno_pick() {
  VectorFileBuilder b("keno-v1", "keno_pick_schema.json",
                      {"keno-v1 pick layer (specs/keno-v1.md, op keno.pick): the ten balls drawn from given links",
                       "1..10 (32-byte hex, either case), so that cases no HMAC search reaches are covered: the",
                       "binary64 product rounding across an integer, bits beyond the leading 52, the extreme norms.",
                       "Port op: keno.pick {links} -> {balls}."});
  b.note("Pseudorandom", "BASIC", "Links from a fixed-seed pseudorandom stream.");
  b.note("ProductRounding", "ARITHMETIC",
         "norm × remaining is rounded to binary64 before the floor, and here the rounding crosses an "
         "integer: the exact floor(h·remaining / 2^52) is one less. A port computing the index in exact "
         "integers ((h * remaining) >> 52) picks the neighbouring ball.");
  b.note("Leading52Bits", "ARITHMETIC",
         "Only the leading 52 bits are read. Here the 12 bits after them are all ones and reading 64 bits "
         "(u64 / 2^64, the cursor-v1 unit) crosses into the next index.");
  b.note("ZeroNorm", "BOUNDARY",
         "Every link starts with 13 zero hex digits: index 0 at every draw, so the balls show the swap: "
         "1, 40, 39, ... A port that splices draws 1, 2, 3, ...");
  b.note("MaxNorm", "BOUNDARY",
         "Every h is 2^52 − 1: index remaining − 1 at every draw, without any clamp. A port dividing by "
         "2^52 − 1 gets norm = 1 and an index out of the pool.");
  keno_order_notes(b);
  b.note("UppercaseLinks", "ENCODING", "Links given in uppercase hex decode to the same bytes (same balls as tcId 1).");
  b.note("InvalidLinks", "MISSING_CHECK",
         "links must be exactly 10 strings of 64 hex digits. A port accepting another count or a bad link "
         "accepts invalid input.");

  b.group({{"type", "KenoPick"}});
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::vector<std::string>& links) {
    keno::Draw d = keno::pick_hex(links);
    Object fields{{"links", Value::array_of(links)}};
    Object out = keno_outputs(d);
    for (std::size_t i = 1; i < out.size(); ++i) fields.push_back(out[i]);  // links are the input
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
    return d;
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
  const keno::Draw first_draw = add("pseudorandom links", {"Pseudorandom"}, first);

  // Product rounding at ball 1 (40 left) and ball 10 (31 left).
  for (int ball : {0, 9}) {
    const int remaining = keno::kPoolSize - ball;
    const std::uint64_t h = product_rounding_h(remaining);
    std::vector<Digest> links = base_links(1 + static_cast<std::uint64_t>(ball));
    links[static_cast<std::size_t>(ball)] = with_h52(links[static_cast<std::size_t>(ball)], h);
    const keno::Draw d = add("ball " + std::to_string(ball + 1) + ": h = " + std::to_string(h) + ", binary64 index " +
                                 std::to_string(keno::pick_index(h, remaining)) + ", exact index " +
                                 std::to_string(exact_index(h, remaining)),
                             {"ProductRounding"}, hexes(links));
    require(d.indices[static_cast<std::size_t>(ball)] != exact_index(h, remaining), "product rounding not shown");
  }

  // Bits after the leading 52: h = floor(2^52 / 40), then twelve one bits.
  {
    std::vector<Digest> links = base_links(20);
    const std::uint64_t h = (std::uint64_t{1} << 52) / 40;
    Digest l = with_h52(links[0], h);
    l[6] |= 0x0f;
    l[7] = 0xff;
    links[0] = l;
    require(index_from_64_bits(l, 40) != keno::pick_index(h, 40), "64-bit reading gives the same index");
    add("ball 1: h = " + std::to_string(h) + " gives index " + std::to_string(keno::pick_index(h, 40)) +
            "; reading 64 bits would give " + std::to_string(index_from_64_bits(l, 40)),
        {"Leading52Bits"}, hexes(links));
  }

  {
    std::vector<std::string> zeros(10, std::string(64, '0'));
    std::vector<std::string> flags{"ZeroNorm"};
    order_flags(flags, keno::pick_hex(zeros));
    add("every link zero: index 0 at every draw", flags, zeros);
    const keno::Draw d = add("every link all ones: index remaining - 1 at every draw", {"MaxNorm"},
                             std::vector<std::string>(10, std::string(64, 'f')));
    for (int i = 0; i < keno::kBalls; ++i) require(d.balls[static_cast<std::size_t>(i)] == 40 - i, "max norm balls");
  }
  {
    std::vector<std::string> up;
    for (const auto& s : first) up.push_back(upper(s));
    const keno::Draw d = add("the links of tcId 1 in uppercase hex", {"UppercaseLinks"}, up);
    require(d.balls == first_draw.balls, "uppercase links differ");
  }

  auto bad = [&](std::string comment, std::vector<std::string> links, const std::string& error) {
    require_input_error([&] { (void)keno::pick_hex(links); }, error, comment);
    b.add(std::move(comment), {"InvalidLinks"}, Result::kInvalid,
          {{"links", Value::array_of(links)}, {"error", error}});
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
  return b.build();
}

std::string check_keno_pick(const TestRef& t, const Backend&) {
  const std::vector<std::string> links = json::get_string_array(t.test, "links", t.path);
  if (is_invalid(t)) return expect_error(t, [&] { (void)keno::pick_hex(links); });
  Object out = keno_outputs(keno::pick_hex(links));
  out.erase(out.begin());  // links are the input
  return expect_members(t, out);
}

std::vector<PortCall> keno_pick_calls(const TestRef& t) {
  const Value params = params_present(t, {"links"});
  if (is_invalid(t)) return {{"keno.pick", params, std::nullopt}};
  return {{"keno.pick", params, expected_result(t, "balls")}};
}

}  // namespace

std::vector<VectorKind> keno_crash_vector_kinds() {
  std::vector<VectorKind> kinds = {
      {"keno_draw_test.json", "keno_draw_schema.json", generate_keno_draw, check_keno_draw, keno_draw_calls},
      {"keno_pick_test.json", "keno_pick_schema.json", generate_keno_pick, check_keno_pick, keno_pick_calls},
  };
  for (auto& k : keno_crash::crash_vector_kinds()) kinds.push_back(std::move(k));
  return kinds;
}

}  // namespace fairvec::vectors
