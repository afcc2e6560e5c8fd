// Vector files of keno-v1 and crash (specs/keno-v1.md, specs/crash.md):
//   keno_draw_test.json    keno.draw: whole tickets from random hash and salt
//   keno_pick_test.json    keno.pick (layer): balls from given links 1..10
//   crash_point_test.json  crash.point: crash points of the three conventions from link and salt
//   crash_hash_test.json   crash.from_hash (layer): crash points from the hash the formula reads
//   crash_chain_test.json  crash.previous, and chains replayed link by link
// Every input comes from a counter-driven SHA-256 stream or a deterministic search from a fixed
// start; every property a flag claims is re-verified here at generation time.
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/crash.h"
#include "schemes/keno.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace {

using json::Object;
using json::Value;
using crash::Convention;

constexpr Convention kConventions[] = {Convention::kBetkyoExact, Convention::kBustabitV1,
                                       Convention::kBustabitV2};
constexpr std::uint64_t kMaxH = crash::kE - 1;

// ---- shared helpers ----------------------------------------------------------------------------

// Generation runs on one backend; `fairvec check` re-runs every test on both.
const Backend& gen_backend() { return openssl_backend(); }

// stream returns SHA-256("<label>/<i>"): the fixed-seed source of every pseudorandom input.
Digest stream(std::string_view label, std::uint64_t i) {
  return gen_backend().sha256(std::string(label) + "/" + std::to_string(i));
}

std::string hex(const Digest& d) { return to_hex(d); }

std::string upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

Value hex_array(const std::vector<Digest>& ds) {
  json::Array a;
  for (const auto& d : ds) a.emplace_back(hex(d));
  return Value(std::move(a));
}

Value int_array(const std::vector<std::uint64_t>& xs) {
  json::Array a;
  for (auto x : xs) a.emplace_back(x);
  return Value(std::move(a));
}

// with_h52 returns |d| with its leading 52 bits replaced by |h| (the other 204 bits kept).
Digest with_h52(Digest d, std::uint64_t h) {
  for (int i = 0; i < 6; ++i) d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(h >> (44 - 8 * i));
  d[6] = static_cast<std::uint8_t>(((h & 0xf) << 4) | (d[6] & 0xf));
  return d;
}

void require(bool ok, const std::string& what) {
  if (!ok) throw std::logic_error("keno/crash vectors: " + what);
}

// expect_input_error runs |f| and returns "" when it throws InputError naming |field|.
std::string expect_input_error(const std::function<void()>& f, const std::string& field) {
  try {
    f();
  } catch (const InputError& e) {
    if (e.field() == field) return "";
    return "error field: expected " + field + ", got " + e.field() + " (" + e.what() + ")";
  }
  return "expected an InputError naming " + field + ", got a result";
}

void require_input_error(const std::function<void()>& f, const std::string& field, const std::string& what) {
  const std::string m = expect_input_error(f, field);
  require(m.empty(), what + ": " + m);
}

std::string test_string(const TestRef& t, const char* key) { return json::get_string(t.test, key, t.path); }
bool is_invalid(const TestRef& t) { return test_string(t, "result") == "invalid"; }

// compare_fields compares each member of |computed| with the test's member of that name.
std::string compare_fields(const TestRef& t, const Object& computed) {
  rapidjson::Document doc;
  for (const auto& [key, value] : computed) {
    const rapidjson::Value* expected = json::optional_member(t.test, key);
    if (!expected) return "test has no member " + key;
    rapidjson::Value actual = value.to_rapidjson(doc.GetAllocator());
    if (!json::equal(*expected, actual)) {
      return key + ": expected " + json::to_text(*expected) + ", got " + json::to_text(actual);
    }
  }
  return "";
}

// The params object of a test's port call, built from the named test members (copied as they are).
Value params_from(const TestRef& t, std::initializer_list<const char*> keys, Object params = {}) {
  for (const char* k : keys) {
    const rapidjson::Value* v = json::optional_member(t.test, k);
    if (v) params.emplace_back(k, Value::from_rapidjson(*v));
  }
  return Value(std::move(params));
}

Value expected_result(const TestRef& t, const char* key) {
  return Value::object({{key, Value::from_rapidjson(json::member(t.test, key, t.path))}});
}

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
    const Value params = params_from(t, {"randomHash", "salt"});
    return expect_input_error([&] { (void)run_op("keno.draw", params, backend); }, test_string(t, "error"));
  }
  return compare_fields(t, keno_outputs(keno::draw(test_string(t, "randomHash"), test_string(t, "salt"), backend)));
}

std::vector<PortCall> keno_draw_calls(const TestRef& t) {
  const Value params = params_from(t, {"randomHash", "salt"});
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
  if (is_invalid(t)) return expect_input_error([&] { (void)keno::pick_hex(links); }, test_string(t, "error"));
  Object out = keno_outputs(keno::pick_hex(links));
  out.erase(out.begin());  // links are the input
  return compare_fields(t, out);
}

std::vector<PortCall> keno_pick_calls(const TestRef& t) {
  const Value params = params_from(t, {"links"});
  if (is_invalid(t)) return {{"keno.pick", params, std::nullopt}};
  return {{"keno.pick", params, expected_result(t, "balls")}};
}

// ---- crash: searches ---------------------------------------------------------------------------

// disagreeing_h returns the first |count| h values, searching K = 100, 101, … and d = ceil(99·2^52
// / K) + δ (δ = −3..3), h = 2^52 − d, for which |differs|(h) holds. Near these d the quotient
// 99·2^52 / d lies within a few units of the last place of an integer, where rounding decides.
std::vector<std::uint64_t> disagreeing_h(const std::function<bool(std::uint64_t)>& differs, std::size_t count) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t k = 100; k < 10000000 && out.size() < count; ++k) {
    const std::uint64_t dc = (99 * crash::kE + k - 1) / k;
    for (int delta = -3; delta <= 3 && out.size() < count; ++delta) {
      const std::uint64_t d = dc + static_cast<std::uint64_t>(static_cast<std::int64_t>(delta));
      if (d == 0 || d > crash::kE) continue;
      const std::uint64_t h = crash::kE - d;
      if (differs(h) && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
    }
  }
  require(out.size() == count, "exact-vs-double search came up short");
  return out;
}

std::vector<std::uint64_t> v1_double_above() {
  return disagreeing_h([](std::uint64_t h) { return crash::double_v1(h) > crash::exact_v1(h); }, 3);
}
std::vector<std::uint64_t> v1_double_below() {
  return disagreeing_h([](std::uint64_t h) { return crash::double_v1(h) < crash::exact_v1(h); }, 1);
}
std::vector<std::uint64_t> v2_disagree() {
  return disagreeing_h([](std::uint64_t h) { return crash::double_v2(h) != crash::exact_v2(h); }, 3);
}

// not_divisible returns |d| with its last byte stepped until it is not divisible by 101.
Digest not_divisible(Digest d) {
  while (crash::divisible_by_101(d)) ++d[31];
  return d;
}

std::string point_comment(const crash::Point& p) {
  return "h = " + std::to_string(p.h) + ": exact " + std::to_string(p.exact_hundredths) + ", binary64 " +
         std::to_string(p.double_hundredths);
}

// Flags that follow from a point's values, each verified by its definition.
void point_flags(std::vector<std::string>& flags, const crash::Point& p) {
  auto add = [&](const char* f) {
    if (std::find(flags.begin(), flags.end(), f) == flags.end()) flags.push_back(f);
  };
  if (p.exact_hundredths != p.double_hundredths && p.hundredths != 0) add("ExactVsDouble");
  if (p.hundredths > kMaxSafeInteger) add("BeyondSafeInteger");
  if (p.convention == Convention::kBustabitV1 && p.divisible101 != crash::divisible_by_101_in_doubles(p.hash)) {
    add("DivisibleInDoubles");
  }
  if (p.convention == Convention::kBustabitV1 && p.divisible101) add("InstantBust");
  if (p.convention == Convention::kBustabitV2 && crash::double_v2(p.h) == 100 &&
      99 * crash::kE / (crash::kE - p.h) < 100) {
    add("ClampAt100");
  }
}

void crash_value_notes(VectorFileBuilder& b, bool layer) {
  b.note("ExactVsDouble", "ARITHMETIC",
         std::string("Exact integer and binary64 evaluation of the crash formula give different points here. "
                     "betkyo-exact is pinned to exact integers, bustabit-v1 and -v2 to binary64; a port "
                     "using the other arithmetic fails.") +
             (layer ? "" : " (Reachable through the link only for betkyo-exact; see crash_hash_test.json.)"));
  b.note("BeyondSafeInteger", "ENCODING",
         "The point exceeds 2^53 − 1 and travels as an exact decimal string. A port sending a JSON number, "
         "or printing a double with JavaScript's String() (shortest digits padded with zeros), fails.");
  b.note("InstantBust", "EDGE_CASE",
         "bustabit-v1: the whole 256-bit HMAC is divisible by 101, so the point is 0. A port without the "
         "check, or checking only part of the digest, fails.");
  b.note("DivisibleInDoubles", "ARITHMETIC",
         "bustabit-v1: the 256-bit value rounded to binary64 (JavaScript parseInt(hash, 16)) and the exact "
         "value disagree on divisibility by 101. The check is exact; a port doing it in doubles fails.");
  b.note("ClampAt100", "EDGE_CASE",
         "bustabit-v2: floor(99 / (1 − X)) is below 100 and the point is clamped to 100 (1.00x). A port "
         "without the clamp answers 99 or less.");
}

// ---- crash_point_test.json ---------------------------------------------------------------------

Object point_outputs(const crash::Point& p) {
  Object o;
  if (p.convention != Convention::kBetkyoExact) o.emplace_back("hmac", hex(p.hash));
  if (p.convention == Convention::kBustabitV1) o.emplace_back("divisibleBy101", p.divisible101);
  o.emplace_back("h", p.h);
  o.emplace_back("exactHundredths", std::to_string(p.exact_hundredths));
  o.emplace_back("doubleHundredths", std::to_string(p.double_hundredths));
  o.emplace_back("hundredths", std::to_string(p.hundredths));
  return o;
}

std::optional<std::string> test_salt(const TestRef& t) {
  if (!json::optional_member(t.test, "salt")) return std::nullopt;
  return test_string(t, "salt");
}

Value generate_crash_point() {
  VectorFileBuilder b("crash", "crash_point_schema.json",
                      {"crash points (specs/crash.md, op crash.point) in hundredths (100 = 1.00x), as decimal strings:",
                       "betkyo-exact: h = leading 52 bits of the link, floor((100·2^52 − h) / (2^52 − h)) exactly;",
                       "bustabit-v1: HMAC(key = link's lowercase hex text, msg = salt), 0 if divisible by 101, else the",
                       "same formula in binary64; bustabit-v2: HMAC(key = salt, msg = the link's 32 bytes),",
                       "max(100, floor(99 / (1 − h / 2^52))) in binary64. exactHundredths and doubleHundredths show",
                       "the convention's formula in both arithmetics (before the instant bust)."});
  b.note("Pseudorandom", "BASIC", "An ordinary round from fixed-seed pseudorandom inputs.");
  crash_value_notes(b, false);
  b.note("HZero", "BOUNDARY", "h = 0 (the link starts with 13 zero hex digits): the lowest point, 100.");
  b.note("MaxH", "BOUNDARY", "h = 2^52 − 1: the highest point, 99·2^52 + 1 exactly (binary64 gives 99·2^52).");
  b.note("SafeIntegerBoundary", "BOUNDARY",
         "h = 2^52 − 50 and 2^52 − 49: the last point within 2^53 − 1 and the first beyond it.");
  b.note("HexTextKey", "ENCODING",
         "bustabit-v1 keys the HMAC with the link's lowercase hex text (64 ASCII bytes) and hashes the salt "
         "text. A port using the link's raw bytes as key, or swapping key and message, fails.");
  b.note("RawLinkMessage", "ENCODING",
         "bustabit-v2 keys the HMAC with the salt text and hashes the link's 32 raw bytes. A port hashing the "
         "hex text, or swapping key and message, fails.");
  b.note("UppercaseLink", "ENCODING",
         "A link given in uppercase hex is the same link: the value is what counts, and bustabit-v1's key is "
         "its lowercase hex text. A port keying the HMAC with the text as given fails.");
  b.note("EmptySalt", "EDGE_CASE", "An empty salt is valid (bustabit-v1: empty message; bustabit-v2: empty key).");
  b.note("NonAsciiText", "ENCODING", "A non-ASCII salt is hashed as its UTF-8 bytes.");
  b.note("SaltAsGiven", "ENCODING", "A salt with leading and trailing spaces is hashed as given; catches a port that "
                                    "trims whitespace from it.");
  b.note("SaltNotUsed", "MISSING_CHECK",
         "betkyo-exact takes no salt: a salt sent with it is bad input, not silently ignored.");
  b.note("MissingSalt", "MISSING_CHECK", "bustabit-v1 and -v2 need a salt: a request without one is bad input.");
  b.note("InvalidLink", "MISSING_CHECK",
         "The link must be exactly 64 hex digits (either case). A port accepting another length, a 0x prefix, "
         "spaces or non-hex characters accepts invalid input.");
  b.note("UnknownConvention", "MISSING_CHECK",
         "The convention must be exactly betkyo-exact, bustabit-v1 or bustabit-v2 (case-sensitive).");

  auto add = [&](Convention c, std::string comment, std::vector<std::string> flags, const std::string& link,
                 const std::optional<std::string>& salt) {
    const crash::Point p = crash::point(c, link, salt, gen_backend());
    point_flags(flags, p);
    Object fields{{"link", link}};
    if (salt) fields.emplace_back("salt", *salt);
    for (auto& kv : point_outputs(p)) fields.push_back(kv);
    if (comment.empty()) comment = point_comment(p);
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
    return p;
  };
  auto bad = [&](Convention c, std::string comment, const char* flag, const std::string& link,
                 const std::optional<std::string>& salt, const std::string& error) {
    require_input_error([&] { (void)crash::point(c, link, salt, gen_backend()); }, error, comment);
    Object fields{{"link", link}};
    if (salt) fields.emplace_back("salt", *salt);
    fields.emplace_back("error", error);
    b.add(std::move(comment), {flag}, Result::kInvalid, std::move(fields));
  };
  auto bad_links = [&](Convention c, const std::string& good, const std::optional<std::string>& salt) {
    bad(c, "63 hex digits", "InvalidLink", good.substr(0, 63), salt, "link");
    bad(c, "66 hex digits (33 bytes)", "InvalidLink", good + "00", salt, "link");
    bad(c, "a 0x prefix", "InvalidLink", "0x" + good.substr(2), salt, "link");
    std::string g = good;
    g[20] = 'g';
    bad(c, "a non-hex character at position 20", "InvalidLink", g, salt, "link");
    bad(c, "a leading space", "InvalidLink", " " + good.substr(1), salt, "link");
    bad(c, "an empty link", "InvalidLink", "", salt, "link");
  };

  // betkyo-exact: the link is the input, so every h is reachable.
  {
    const Convention c = Convention::kBetkyoExact;
    b.group({{"type", "CrashPoint"}, {"convention", "betkyo-exact"}});
    std::string first;
    for (std::uint64_t i = 0; i < 3; ++i) {
      const std::string link = hex(stream("crash/betkyo/link", i));
      if (i == 0) first = link;
      add(c, "", {"Pseudorandom"}, link, std::nullopt);
    }
    add(c, "", {"HZero"}, hex(with_h52(stream("crash/betkyo/h", 0), 0)), std::nullopt);
    std::uint64_t n = 1;
    for (std::uint64_t h : v1_double_above()) add(c, "", {}, hex(with_h52(stream("crash/betkyo/h", n++), h)), std::nullopt);
    for (std::uint64_t h : v1_double_below()) add(c, "", {}, hex(with_h52(stream("crash/betkyo/h", n++), h)), std::nullopt);
    for (std::uint64_t d : {50, 49}) {
      add(c, "", {"SafeIntegerBoundary"}, hex(with_h52(stream("crash/betkyo/h", n++), crash::kE - d)), std::nullopt);
    }
    const crash::Point max = add(c, "", {"MaxH"}, hex(with_h52(stream("crash/betkyo/h", n++), kMaxH)), std::nullopt);
    require(max.hundredths == 99 * crash::kE + 1 && max.double_hundredths == 99 * crash::kE, "max h values");
    add(c, "the link of the first test in uppercase", {"UppercaseLink"}, upper(first), std::nullopt);
    bad(c, "a salt sent with betkyo-exact", "SaltNotUsed", first, std::string("salt"), "salt");
    bad(c, "an empty salt sent with betkyo-exact", "SaltNotUsed", first, std::string(), "salt");
    bad_links(c, first, std::nullopt);
  }

  // bustabit-v1 and -v2: the point comes from an HMAC, so only what a search reaches is here.
  for (Convention c : {Convention::kBustabitV1, Convention::kBustabitV2}) {
    const bool v1 = c == Convention::kBustabitV1;
    const std::string name(crash::convention_name(c));
    b.group({{"type", "CrashPoint"}, {"convention", name}});
    const std::string salt = hex(stream("crash/" + name + "/salt", 0));
    const char* encoding_flag = v1 ? "HexTextKey" : "RawLinkMessage";
    std::string first;
    for (std::uint64_t i = 0; i < 3; ++i) {
      const std::string link = hex(stream("crash/" + name + "/link", i));
      if (i == 0) first = link;
      add(c, "", {"Pseudorandom", encoding_flag}, link, salt);
    }
    // Searches over links with the fixed salt.
    struct Want {
      const char* what;
      std::function<bool(const crash::Point&)> pred;
      int count;
    };
    std::vector<Want> wants;
    if (v1) {
      wants.push_back({"instant bust", [](const crash::Point& p) { return p.divisible101; }, 2});
      wants.push_back({"divisible in doubles only", [](const crash::Point& p) {
                         return !p.divisible101 && crash::divisible_by_101_in_doubles(p.hash);
                       }, 1});
    } else {
      wants.push_back({"clamped at 100", [](const crash::Point& p) {
                         return 99 * crash::kE / (crash::kE - p.h) < 100;
                       }, 2});
    }
    for (const Want& w : wants) {
      int found = 0;
      for (std::uint64_t n = 0; n < 100000 && found < w.count; ++n) {
        const std::string link = hex(stream("crash/" + name + "/search", n));
        const crash::Point p = crash::point(c, link, salt, gen_backend());
        if (!w.pred(p)) continue;
        add(c, std::string(w.what) + " (search over crash/" + name + "/search/n, n = " + std::to_string(n) + "); " +
                   point_comment(p),
            {}, link, salt);
        ++found;
      }
      require(found == w.count, std::string("search came up short: ") + w.what);
    }
    add(c, "", {"EmptySalt"}, first, std::string());
    add(c, "", {"NonAsciiText"}, first, std::string("s\xc3\xa1lt-\xe6\x97\xa5-\xf0\x9f\x8e\xb1"));
    add(c, "", {"SaltAsGiven"}, first, " " + salt + " ");
    {
      const crash::Point lower = crash::point(c, first, salt, gen_backend());
      const crash::Point p = add(c, "the link of the first test of this group in uppercase", {"UppercaseLink"},
                                 upper(first), salt);
      require(p.hundredths == lower.hundredths, "uppercase link changes the point");
      if (v1) {
        // What a port keying the HMAC with the text as given would compute.
        const Digest as_given = gen_backend().hmac_sha256(upper(first), salt);
        require(crash::from_hash(c, as_given).hundredths != p.hundredths, "uppercase key gives the same point");
      }
    }
    bad(c, "no salt", "MissingSalt", first, std::nullopt, "salt");
    bad_links(c, first, salt);
  }

  for (const char* name : {"bustabit-v3", "Bustabit-V1", "betkyo", ""}) {
    b.group({{"type", "CrashPoint"}, {"convention", name}});
    const std::string link = hex(stream("crash/betkyo/link", 0));
    require_input_error([&] { (void)crash::parse_convention(name); }, "convention", name);
    b.add(std::string("unknown convention '") + name + "'", {"UnknownConvention"}, Result::kInvalid,
          {{"link", link}, {"salt", "salt"}, {"error", "convention"}});
  }
  return b.build();
}

std::string check_crash_point(const TestRef& t, const Backend& backend) {
  const std::string conv = json::get_string(t.group, "convention", "group");
  const std::string link = test_string(t, "link");
  const std::optional<std::string> salt = test_salt(t);
  if (is_invalid(t)) {
    return expect_input_error([&] { (void)crash::point(crash::parse_convention(conv), link, salt, backend); },
                              test_string(t, "error"));
  }
  return compare_fields(t, point_outputs(crash::point(crash::parse_convention(conv), link, salt, backend)));
}

std::vector<PortCall> crash_point_calls(const TestRef& t) {
  const std::string conv = json::get_string(t.group, "convention", "group");
  const Value params = params_from(t, {"link", "salt"}, {{"convention", conv}});
  if (is_invalid(t)) return {{"crash.point", params, std::nullopt}};
  return {{"crash.point", params, expected_result(t, "hundredths")}};
}

// ---- crash_hash_test.json ----------------------------------------------------------------------

Object hash_outputs(const crash::Point& p) {
  Object o;
  if (p.convention == Convention::kBustabitV1) o.emplace_back("divisibleBy101", p.divisible101);
  o.emplace_back("h", p.h);
  o.emplace_back("exactHundredths", std::to_string(p.exact_hundredths));
  o.emplace_back("doubleHundredths", std::to_string(p.double_hundredths));
  o.emplace_back("hundredths", std::to_string(p.hundredths));
  return o;
}

// A 256-bit value m·2^203 (+ |plus|) with 2^52 <= m < 2^53: its binary64 rounding is m·2^203
// whenever |plus| < 2^202, so the doubles check sees m·2^203 while the exact check sees the sum.
Digest shifted(std::uint64_t m, unsigned plus) {
  Digest d{};
  // m·2^203: m occupies bits 255..203.
  for (int bit = 52; bit >= 0; --bit) {
    if (m >> bit & 1) {
      const int pos = bit + 203;
      d[static_cast<std::size_t>(31 - pos / 8)] |= static_cast<std::uint8_t>(1u << (pos % 8));
    }
  }
  d[31] = static_cast<std::uint8_t>(d[31] + plus);  // bits 0..7 are zero, plus < 256
  return d;
}

Value generate_crash_hash() {
  VectorFileBuilder b("crash", "crash_hash_schema.json",
                      {"crash point layer (specs/crash.md, op crash.from_hash): the point from the 256-bit value the",
                       "formula reads (betkyo-exact: the link; bustabit-v1/-v2: the HMAC), so that h values and",
                       "digests no HMAC search reaches are covered: h = 0, the largest h, exact-vs-binary64",
                       "disagreements, divisibility by 101 that doubles get wrong.",
                       "Port op: crash.from_hash {convention, hash} -> {hundredths} (decimal string)."});
  crash_value_notes(b, true);
  b.note("HZero", "BOUNDARY", "h = 0: 100 (bustabit-v2: floor(99) = 99, clamped to 100).");
  b.note("ZeroHash", "EDGE_CASE", "The all-zero hash: h = 0, and for bustabit-v1 0 is divisible by 101, so 0.");
  b.note("MaxH", "BOUNDARY", "h = 2^52 − 1, the highest point of the convention.");
  b.note("SafeIntegerBoundary", "BOUNDARY", "The last h whose point is within 2^53 − 1 and the first beyond it.");
  b.note("ClampBoundary", "BOUNDARY",
         "bustabit-v2: the largest h still clamped (99 before the clamp) and the smallest that reaches 100 unclamped.");
  b.note("InvalidHash", "MISSING_CHECK", "The hash must be exactly 64 hex digits (either case).");
  b.note("UnknownConvention", "MISSING_CHECK", "The convention must be one of the three names, case-sensitive.");

  auto add = [&](Convention c, std::string comment, std::vector<std::string> flags, const Digest& hash) {
    const crash::Point p = crash::from_hash(c, hash);
    point_flags(flags, p);
    Object fields{{"hash", hex(hash)}};
    for (auto& kv : hash_outputs(p)) fields.push_back(kv);
    if (comment.empty()) comment = point_comment(p);
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
    return p;
  };
  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    b.group({{"type", "CrashFromHash"}, {"convention", name}});
    std::uint64_t n = 0;
    auto next = [&](std::uint64_t h) { return not_divisible(with_h52(stream("crash/hash/" + name, n++), h)); };
    add(c, "", {"ZeroHash"}, Digest{});
    add(c, "", {"HZero"}, next(0));
    if (c == Convention::kBustabitV2) {
      const std::uint64_t d_first = 99 * crash::kE / 100;  // largest d with floor(99e/d) >= 100
      add(c, "", {"ClampBoundary"}, next(crash::kE - d_first - 1));
      add(c, "", {"ClampBoundary"}, next(crash::kE - d_first));
      require(crash::exact_v2(crash::kE - d_first - 1) == 100 && 99 * crash::kE / (d_first + 1) == 99 &&
                  99 * crash::kE / d_first == 100,
              "clamp boundary");
      for (std::uint64_t h : v2_disagree()) add(c, "", {}, next(h));
    } else {
      for (std::uint64_t h : v1_double_above()) add(c, "", {}, next(h));
      for (std::uint64_t h : v1_double_below()) add(c, "", {}, next(h));
    }
    for (std::uint64_t d : {50, 49}) {
      const crash::Point p = add(c, "", {"SafeIntegerBoundary"}, next(crash::kE - d));
      require((p.hundredths > kMaxSafeInteger) == (d == 49), "safe integer boundary");
    }
    add(c, "", {"MaxH"}, next(kMaxH));
    if (c == Convention::kBustabitV1) {
      // Divisibility that binary64 gets wrong, both ways: m·2^203 + r with m a multiple of 101
      // (doubles see a multiple of 101) or not.
      const std::uint64_t q = (std::uint64_t{1} << 52) / 101 + 12345;  // 101·q in [2^52, 2^53)
      const Digest fake = shifted(101 * q, 1);  // doubles: divisible; exact: remainder 1
      const std::uint64_t m = 101 * q + 1;
      unsigned r = 0;
      while (!crash::divisible_by_101(shifted(m, r))) ++r;  // exact: divisible; doubles: not
      const crash::Point p1 = add(c, "the binary64 rounding is a multiple of 101, the value is not", {}, fake);
      const crash::Point p2 = add(c, "the value is a multiple of 101, its binary64 rounding is not", {}, shifted(m, r));
      require(!p1.divisible101 && crash::divisible_by_101_in_doubles(fake) && p2.divisible101 &&
                  !crash::divisible_by_101_in_doubles(shifted(m, r)),
              "divisible-in-doubles construction");
    }
    for (const std::string& h : {std::string(63, 'a'), std::string(66, 'a'), std::string(64, 'g'), std::string()}) {
      require_input_error([&] { (void)digest_from_hex(h, "hash"); }, "hash", "bad hash");
      b.add(h.empty() ? "an empty hash" : std::to_string(h.size()) + " characters: " + h.substr(0, 1) + "...",
            {"InvalidHash"}, Result::kInvalid, {{"hash", h}, {"error", "hash"}});
    }
  }
  b.group({{"type", "CrashFromHash"}, {"convention", "bustabit"}});
  b.add("unknown convention 'bustabit'", {"UnknownConvention"}, Result::kInvalid,
        {{"hash", std::string(64, '0')}, {"error", "convention"}});
  return b.build();
}

std::string check_crash_hash(const TestRef& t, const Backend&) {
  const std::string conv = json::get_string(t.group, "convention", "group");
  const std::string hash = test_string(t, "hash");
  auto run = [&] { return crash::from_hash(crash::parse_convention(conv), digest_from_hex(hash, "hash")); };
  if (is_invalid(t)) return expect_input_error([&] { (void)run(); }, test_string(t, "error"));
  return compare_fields(t, hash_outputs(run()));
}

std::vector<PortCall> crash_hash_calls(const TestRef& t) {
  const std::string conv = json::get_string(t.group, "convention", "group");
  const Value params = params_from(t, {"hash"}, {{"convention", conv}});
  if (is_invalid(t)) return {{"crash.from_hash", params, std::nullopt}};
  return {{"crash.from_hash", params, expected_result(t, "hundredths")}};
}

// ---- crash_chain_test.json ---------------------------------------------------------------------

constexpr std::size_t kChainLength = 8;

struct Chain {
  std::vector<std::string> links;       // links[0] = the given link (lowercase), links[i+1] = previous
  std::vector<std::string> hundredths;  // the point of each link
};

Chain replay(Convention c, const std::string& link, const std::optional<std::string>& salt, const Backend& backend) {
  Chain ch;
  ch.links.push_back(to_hex(digest_from_hex(link, "link")));
  while (ch.links.size() < kChainLength) ch.links.push_back(crash::previous_hex(c, ch.links.back(), backend));
  for (const auto& l : ch.links) ch.hundredths.push_back(std::to_string(crash::point(c, l, salt, backend).hundredths));
  return ch;
}

Value generate_crash_chain() {
  VectorFileBuilder b("crash", "crash_chain_schema.json",
                      {"crash chains (specs/crash.md, op crash.previous, then crash.point): the previous link is",
                       "SHA-256 of the link's lowercase hex text (betkyo-exact, bustabit-v1) or of its 32 raw bytes",
                       "(bustabit-v2). A chain is generated from its end and played in reverse: links[0] is the newest",
                       "round, links[i + 1] = previous(links[i]) the round before it."});
  b.note("Pseudorandom", "BASIC", "An ordinary link from a fixed-seed pseudorandom stream.");
  b.note("HexTextChain", "ENCODING",
         "betkyo-exact and bustabit-v1 hash the link's lowercase hex text (64 ASCII bytes). A port hashing the "
         "32 raw bytes fails.");
  b.note("RawByteChain", "ENCODING",
         "bustabit-v2 hashes the link's 32 raw bytes. A port hashing the hex text fails.");
  b.note("UppercaseLink", "ENCODING",
         "A link given in uppercase hex is the same link, the same 32 bytes (betkyo-exact and bustabit-v1 hash its "
         "lowercase hex text). A port hashing the text as given, or rejecting uppercase, fails.");
  b.note("ChainReplay", "FUNCTIONALITY",
         "Several rounds of one chain replayed from the newest link: every previous link and every point.");
  b.note("InstantBust", "EDGE_CASE", "bustabit-v1: a round of the chain is an instant bust (0).");
  b.note("InvalidLink", "MISSING_CHECK", "The link must be exactly 64 hex digits (either case).");
  b.note("UnknownConvention", "MISSING_CHECK", "The convention must be one of the three names, case-sensitive.");

  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const char* enc = c == Convention::kBustabitV2 ? "RawByteChain" : "HexTextChain";
    b.group({{"type", "CrashPrevious"}, {"convention", name}});
    std::string first;
    for (std::uint64_t i = 0; i < 2; ++i) {
      const std::string link = hex(stream("crash/chain/" + name, i));
      if (i == 0) first = link;
      b.add("pseudorandom link " + std::to_string(i), {"Pseudorandom", enc}, Result::kValid,
            {{"link", link}, {"previous", crash::previous_hex(c, link, gen_backend())}});
    }
    {
      const std::string prev = crash::previous_hex(c, upper(first), gen_backend());
      require(prev == crash::previous_hex(c, first, gen_backend()), "uppercase previous");
      std::vector<std::string> flags{"UppercaseLink"};
      if (c != Convention::kBustabitV2) {
        require(to_hex(gen_backend().sha256(upper(first))) != prev, "uppercase text hashes the same");
      }
      b.add("the first link of this group in uppercase", flags, Result::kValid,
            {{"link", upper(first)}, {"previous", prev}});
    }
    for (const std::string& bad : {first.substr(0, 63), first + "0", std::string("0x") + first.substr(2), std::string()}) {
      require_input_error([&] { (void)crash::previous_hex(c, bad, gen_backend()); }, "link", "bad link");
      b.add(bad.empty() ? "an empty link" : std::to_string(bad.size()) + " characters", {"InvalidLink"},
            Result::kInvalid, {{"link", bad}, {"error", "link"}});
    }
  }
  b.group({{"type", "CrashPrevious"}, {"convention", "bustabit"}});
  b.add("unknown convention 'bustabit'", {"UnknownConvention"}, Result::kInvalid,
        {{"link", hex(stream("crash/chain/betkyo-exact", 0))}, {"error", "convention"}});

  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const bool salted = c != Convention::kBetkyoExact;
    const std::optional<std::string> salt =
        salted ? std::optional<std::string>(hex(stream("crash/chain/salt/" + name, 0))) : std::nullopt;
    b.group({{"type", "CrashChain"}, {"convention", name}});
    auto add_chain = [&](std::string comment, std::vector<std::string> flags, const std::string& link) {
      const Chain ch = replay(c, link, salt, gen_backend());
      Object fields{{"link", link}};
      if (salt) fields.emplace_back("salt", *salt);
      fields.emplace_back("links", Value::array_of(ch.links));
      fields.emplace_back("hundredths", Value::array_of(ch.hundredths));
      b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
      return ch;
    };
    add_chain(std::to_string(kChainLength) + " rounds from a pseudorandom newest link", {"ChainReplay"},
              hex(stream("crash/chain/start/" + name, 0)));
    if (c == Convention::kBustabitV1) {
      bool found = false;
      for (std::uint64_t n = 1; n < 1000 && !found; ++n) {
        const std::string link = hex(stream("crash/chain/start/" + name, n));
        const Chain ch = replay(c, link, salt, gen_backend());
        if (std::find(ch.hundredths.begin(), ch.hundredths.end(), "0") == ch.hundredths.end()) continue;
        add_chain("a chain with an instant bust (search over crash/chain/start/" + name + "/n, n = " +
                      std::to_string(n) + ")",
                  {"ChainReplay", "InstantBust"}, link);
        found = true;
      }
      require(found, "no chain with an instant bust");
    }
  }
  return b.build();
}

std::string check_crash_chain(const TestRef& t, const Backend& backend) {
  const std::string type = json::get_string(t.group, "type", "group");
  const std::string conv = json::get_string(t.group, "convention", "group");
  const std::string link = test_string(t, "link");
  if (type == "CrashPrevious") {
    auto run = [&] { return crash::previous_hex(crash::parse_convention(conv), link, backend); };
    if (is_invalid(t)) return expect_input_error([&] { (void)run(); }, test_string(t, "error"));
    return expect_eq("previous", test_string(t, "previous"), run());
  }
  const Chain ch = replay(crash::parse_convention(conv), link, test_salt(t), backend);
  return compare_fields(t, {{"links", Value::array_of(ch.links)}, {"hundredths", Value::array_of(ch.hundredths)}});
}

std::vector<PortCall> crash_chain_calls(const TestRef& t) {
  const std::string type = json::get_string(t.group, "type", "group");
  const std::string conv = json::get_string(t.group, "convention", "group");
  if (type == "CrashPrevious") {
    const Value params = params_from(t, {"link"}, {{"convention", conv}});
    if (is_invalid(t)) return {{"crash.previous", params, std::nullopt}};
    return {{"crash.previous", params, Value::object({{"link", test_string(t, "previous")}})}};
  }
  const std::vector<std::string> links = json::get_string_array(t.test, "links", t.path);
  const std::vector<std::string> points = json::get_string_array(t.test, "hundredths", t.path);
  const std::optional<std::string> salt = test_salt(t);
  std::vector<PortCall> calls;
  for (std::size_t i = 0; i + 1 < links.size(); ++i) {
    calls.push_back({"crash.previous",
                     Value::object({{"convention", conv}, {"link", i == 0 ? test_string(t, "link") : links[i]}}),
                     Value::object({{"link", links[i + 1]}})});
  }
  for (std::size_t i = 0; i < links.size() && i < points.size(); ++i) {
    Object params{{"convention", conv}, {"link", links[i]}};
    if (salt) params.emplace_back("salt", *salt);
    calls.push_back({"crash.point", Value(std::move(params)), Value::object({{"hundredths", points[i]}})});
  }
  return calls;
}

}  // namespace

std::vector<VectorKind> keno_crash_vector_kinds() {
  return {
      {"keno_draw_test.json", "keno_draw_schema.json", generate_keno_draw, check_keno_draw, keno_draw_calls},
      {"keno_pick_test.json", "keno_pick_schema.json", generate_keno_pick, check_keno_pick, keno_pick_calls},
      {"crash_point_test.json", "crash_point_schema.json", generate_crash_point, check_crash_point,
       crash_point_calls},
      {"crash_hash_test.json", "crash_hash_schema.json", generate_crash_hash, check_crash_hash, crash_hash_calls},
      {"crash_chain_test.json", "crash_chain_schema.json", generate_crash_chain, check_crash_chain,
       crash_chain_calls},
  };
}

}  // namespace fairvec::vectors
