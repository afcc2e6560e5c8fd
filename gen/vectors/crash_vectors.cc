// Vector files of crash (specs/crash.md):
//   crash_point_test.json  crash.point: crash points of the four conventions from link and salt
//   crash_hash_test.json   crash.from_hash (layer): crash points from the hash the formula reads
//   crash_chain_test.json  crash.previous, and chains replayed link by link
// Every input comes from a counter-driven SHA-256 stream or a deterministic search from a fixed
// start, except bustabit's published games (specs/crash.md §7.1); every property a flag claims is
// re-verified here at generation time.
#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/crash.h"
#include "vectors/keno_crash_common.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace {

using namespace keno_crash;

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
  if (v2_point(p.convention) && crash::double_v2(p.h) == 100 &&
      99 * crash::kE / (crash::kE - p.h) < 100) {
    add("ClampAt100");
  }
}

void crash_value_notes(VectorFileBuilder& b, bool layer) {
  b.note("ExactVsDouble", "ARITHMETIC",
         std::string("Exact integer and binary64 evaluation of the crash formula give different points here. "
                     "betkyo-exact is pinned to exact integers, the bustabit conventions to binary64; a port "
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
         "bustabit-v2 and bustabit-2025: floor(99 / (1 − X)) is below 100 and the point is clamped to 100 "
         "(1.00x). A port "
         "without the clamp answers 99 or less.");
}

// ---- crash_point_test.json ---------------------------------------------------------------------

// hash_outputs are the values a crash_hash test carries after its hash.
Object hash_outputs(const crash::Point& p) {
  Object o;
  if (p.convention == Convention::kBustabitV1) o.emplace_back("divisibleBy101", p.divisible101);
  o.emplace_back("h", p.h);
  o.emplace_back("exactHundredths", std::to_string(p.exact_hundredths));
  o.emplace_back("doubleHundredths", std::to_string(p.double_hundredths));
  o.emplace_back("hundredths", std::to_string(p.hundredths));
  return o;
}

// point_outputs are those of a crash_point test: the HMAC (bustabit conventions), then as above.
Object point_outputs(const crash::Point& p) {
  Object o;
  if (p.convention != Convention::kBetkyoExact) o.emplace_back("hmac", hex(p.hash));
  for (auto& kv : hash_outputs(p)) o.push_back(std::move(kv));
  return o;
}


Value generate_crash_point() {
  VectorFileBuilder b("crash", "crash_point_schema.json",
                      {"crash points (specs/crash.md, op crash.point) in hundredths (100 = 1.00x), as decimal strings:",
                       "betkyo-exact: h = leading 52 bits of the link, floor((100·2^52 − h) / (2^52 − h)) exactly;",
                       "bustabit-v1: HMAC(key = link's lowercase hex text, msg = salt), 0 if divisible by 101, else the",
                       "same formula in binary64; bustabit-v2 and -2025: HMAC(key = salt, msg = the link's 32 bytes),",
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
         "bustabit-v2 and bustabit-2025 key the HMAC with the salt text and hash the link's 32 raw bytes. A "
         "port hashing the "
         "hex text, or swapping key and message, fails.");
  b.note("UppercaseLink", "ENCODING",
         "A link given in uppercase hex is the same link: the value is what counts, and bustabit-v1's key is "
         "its lowercase hex text. A port keying the HMAC with the text as given fails.");
  b.note("EmptySalt", "EDGE_CASE",
         "An empty salt is valid (bustabit-v1: empty message; bustabit-v2, -2025: empty key).");
  b.note("PublishedGame", "FUNCTIONALITY",
         "A game bustabit played (2018 chain, salt = the hash of Bitcoin block 505750), with its published "
         "bust; the comment gives the game number. A port that does not reproduce it is not bustabit's scheme.");
  b.note("NonAsciiText", "ENCODING", "A non-ASCII salt is hashed as its UTF-8 bytes.");
  b.note("SaltAsGiven", "ENCODING", "A salt with leading and trailing spaces is hashed as given; catches a port that "
                                    "trims whitespace from it.");
  b.note("SaltNotUsed", "MISSING_CHECK",
         "betkyo-exact takes no salt: a salt sent with it is bad input, not silently ignored.");
  b.note("MissingSalt", "MISSING_CHECK",
         "The bustabit conventions need a salt: a request without one is bad input.");
  b.note("InvalidLink", "MISSING_CHECK",
         "The link must be exactly 64 hex digits (either case). A port accepting another length, a 0x prefix, "
         "spaces or non-hex characters accepts invalid input.");
  b.note("UnknownConvention", "MISSING_CHECK",
         "The convention must be exactly betkyo-exact, bustabit-v1, bustabit-v2 or bustabit-2025 "
         "(case-sensitive).");

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

  // The bustabit conventions: the point comes from an HMAC, so only what a search reaches is here.
  for (Convention c : {Convention::kBustabitV1, Convention::kBustabitV2, Convention::kBustabit2025}) {
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

  // bustabit's published games.
  b.group({{"type", "CrashPoint"}, {"convention", "bustabit-v2"}});
  for (const PublishedGame& g : kPublishedHigh) {
    const crash::Point p = add(Convention::kBustabitV2,
                               "bustabit game #" + std::to_string(g.game) + ", published bust " +
                                   std::to_string(g.hundredths / 100) + "." +
                                   (g.hundredths % 100 < 10 ? "0" : "") + std::to_string(g.hundredths % 100) + "x",
                               {"PublishedGame"}, g.hash, std::string(kBustabit2018Salt));
    require(p.hundredths == g.hundredths, "published game " + std::to_string(g.game) + " does not reproduce");
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
    return expect_error(t, [&] { (void)crash::point(crash::parse_convention(conv), link, salt, backend); });
  }
  return expect_members(t, point_outputs(crash::point(crash::parse_convention(conv), link, salt, backend)));
}

std::vector<PortCall> crash_point_calls(const TestRef& t) {
  const std::string conv = json::get_string(t.group, "convention", "group");
  const Value params = params_present(t, {"link", "salt"}, {{"convention", conv}});
  if (is_invalid(t)) return {{"crash.point", params, std::nullopt}};
  return {{"crash.point", params, expected_result(t, "hundredths")}};
}

// ---- crash_hash_test.json ----------------------------------------------------------------------

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
         "bustabit-v2, -2025: the largest h still clamped (99 before the clamp) and the smallest that reaches 100 "
         "unclamped.");
  b.note("InvalidHash", "MISSING_CHECK", "The hash must be exactly 64 hex digits (either case).");
  b.note("UnknownConvention", "MISSING_CHECK", "The convention must be one of the four names, case-sensitive.");

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
    if (v2_point(c)) {
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
  if (is_invalid(t)) return expect_error(t, [&] { (void)run(); });
  return expect_members(t, hash_outputs(run()));
}

std::vector<PortCall> crash_hash_calls(const TestRef& t) {
  const std::string conv = json::get_string(t.group, "convention", "group");
  const Value params = params_present(t, {"hash"}, {{"convention", conv}});
  if (is_invalid(t)) return {{"crash.from_hash", params, std::nullopt}};
  return {{"crash.from_hash", params, expected_result(t, "hundredths")}};
}

}  // namespace

std::vector<VectorKind> keno_crash::crash_vector_kinds() {
  return {
      {"crash_point_test.json", "crash_point_schema.json", generate_crash_point, check_crash_point,
       crash_point_calls},
      {"crash_hash_test.json", "crash_hash_schema.json", generate_crash_hash, check_crash_hash, crash_hash_calls},
      crash_chain_vector_kind(),
  };
}

}  // namespace fairvec::vectors
