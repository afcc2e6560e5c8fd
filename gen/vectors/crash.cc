// Vector files of crash (specs/crash.md):
//   crash_point_test.json  crash.point: crash points of the four conventions from link and salt
//   crash_hash_test.json   crash.from_hash (layer): crash points from the hash the formula reads
//   crash_chain_test.json  crash.previous, and chains replayed link by link (crash_chain.cc)
// Every input comes from a counter-driven SHA-256 stream or a deterministic search from a fixed
// start, except bustabit's published games (specs/crash.md §7.1). Both files here are catalogs
// (vectors/catalog.h): a case gives its group's convention, and the link and salt or the hash;
// crash.point and crash.from_hash with their traces write the rest, and each flag of the family's
// library (below) is checked against the wrong ports of vectors/crash_ports.cc it names or by the
// property it claims.
#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "schemes/crash.h"
#include "vectors/catalog.h"
#include "vectors/crash.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::crash_vec {

namespace {

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

// point_flags adds the flags that follow from a point's values (each flag's check then confirms it).
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
  if (v2_point(p.convention) && crash::double_v2(p.h) == 100 && 99 * crash::kE / (crash::kE - p.h) < 100) {
    add("ClampAt100");
  }
}

// ---- Properties the flags claim ----------------------------------------------------------------

std::int64_t int_of(const json::Value& out, const char* name) {
  return std::get<std::int64_t>(out.find(name)->variant());
}
std::string text_of(const json::Value& out, const char* name) {
  return std::get<std::string>(out.find(name)->variant());
}
std::uint64_t h_of(const json::Value& out) { return static_cast<std::uint64_t>(int_of(out, "h")); }

bool h_zero(const rapidjson::Value&, const json::Value& out) {
  return h_of(out) == 0 && text_of(out, "hundredths") == "100";
}
bool safe_integer_boundary(const rapidjson::Value&, const json::Value& out) {
  const std::uint64_t h = h_of(out);
  return (h == crash::kE - 50 || h == crash::kE - 49) &&
         (std::stoull(text_of(out, "hundredths")) > kMaxSafeInteger) == (h == crash::kE - 49);
}
bool clamped(const rapidjson::Value& p, const json::Value& out) {
  return v2_point(convention_of(p)) && text_of(out, "hundredths") == "100" &&
         99 * crash::kE / (crash::kE - h_of(out)) < 100;
}
// max_h_point: h = 2^52 - 1, and for betkyo-exact the point 99·2^52 + 1 exactly (binary64: 99·2^52).
bool max_h_point(const rapidjson::Value& p, const json::Value& out) {
  return h_of(out) == kMaxH && (convention_of(p) != Convention::kBetkyoExact ||
                                (text_of(out, "hundredths") == std::to_string(99 * crash::kE + 1) &&
                                 text_of(out, "doubleHundredths") == std::to_string(99 * crash::kE)));
}
// same_as_lowercase: an uppercase link gives what its lowercase form gives (a point, or a chain's
// previous link).
bool same_as_lowercase(const rapidjson::Value& p, const json::Value& out) {
  const std::string lower = to_hex(digest_from_hex(json::get_string(p, "link", "params"), "link"));
  if (out.find("previous")) {
    return crash::previous_hex(convention_of(p), lower, gen_backend()) ==
           std::get<std::string>(out.find("previous")->variant());
  }
  return std::to_string(crash::point(convention_of(p), lower, salt_of(p), gen_backend()).hundredths) ==
         text_of(out, "hundredths");
}
// published: a published high game's bust, or a chain whose first links are the published games.
bool published(const rapidjson::Value& p, const json::Value& out) {
  if (salt_of(p) != kBustabit2018Salt) return false;
  if (out.find("links")) {
    const auto links = member_strings(out, "links");
    const auto points = member_strings(out, "hundredths");
    bool all = links.size() >= std::size(kPublishedChain) && points.size() >= std::size(kPublishedChain);
    for (std::size_t i = 0; all && i < std::size(kPublishedChain); ++i) {
      all = links[i] == kPublishedChain[i].hash && points[i] == std::to_string(kPublishedChain[i].hundredths);
    }
    return all;
  }
  const std::string link = json::get_string(p, "link", "params");
  return std::any_of(std::begin(kPublishedHigh), std::end(kPublishedHigh), [&](const PublishedGame& g) {
    return link == g.hash && text_of(out, "hundredths") == std::to_string(g.hundredths);
  });
}

void point_cases(Cases& cs) {
  auto add = [&](Convention c, std::string comment, std::vector<std::string> flags, const std::string& link,
                 const std::optional<std::string>& salt) {
    const crash::Point p = crash::point(c, link, salt, gen_backend());
    point_flags(flags, p);
    Object inputs{{"link", link}};
    if (salt) inputs.emplace_back("salt", *salt);
    cs.valid("CrashPoint", comment.empty() ? point_comment(p) : std::move(comment), std::move(flags),
             std::move(inputs));
  };
  auto bad = [&](std::string comment, const char* flag, const std::string& link, const std::optional<std::string>& salt,
                 const std::string& error) {
    Object inputs{{"link", link}};
    if (salt) inputs.emplace_back("salt", *salt);
    cs.invalid("CrashPoint", std::move(comment), {flag}, std::move(inputs), error);
  };
  auto bad_links = [&](const std::string& good, const std::optional<std::string>& salt) {
    bad("63 hex digits", "InvalidLink", good.substr(0, 63), salt, "link");
    bad("66 hex digits (33 bytes)", "InvalidLink", good + "00", salt, "link");
    bad("a 0x prefix", "InvalidLink", "0x" + good.substr(2), salt, "link");
    std::string g = good;
    g[20] = 'g';
    bad("a non-hex character at position 20", "InvalidLink", g, salt, "link");
    bad("a leading space", "InvalidLink", " " + good.substr(1), salt, "link");
    bad("an empty link", "InvalidLink", "", salt, "link");
  };
  auto convention = [&](std::string_view name) { cs.group_members({{"convention", std::string(name)}}); };

  // betkyo-exact: the link is the input, so every h is reachable.
  {
    const Convention c = Convention::kBetkyoExact;
    convention(crash::convention_name(c));
    const std::string first = hex(stream("crash/betkyo/link", 0));
    for (std::uint64_t i = 0; i < 3; ++i)
      add(c, "", {"Pseudorandom"}, hex(stream("crash/betkyo/link", i)), std::nullopt);
    add(c, "", {"HZero"}, hex(with_h52(stream("crash/betkyo/h", 0), 0)), std::nullopt);
    std::uint64_t n = 1;
    for (std::uint64_t h : v1_double_above())
      add(c, "", {}, hex(with_h52(stream("crash/betkyo/h", n++), h)), std::nullopt);
    for (std::uint64_t h : v1_double_below())
      add(c, "", {}, hex(with_h52(stream("crash/betkyo/h", n++), h)), std::nullopt);
    for (std::uint64_t d : {50, 49}) {
      add(c, "", {"SafeIntegerBoundary"}, hex(with_h52(stream("crash/betkyo/h", n++), crash::kE - d)), std::nullopt);
    }
    add(c, "", {"MaxH"}, hex(with_h52(stream("crash/betkyo/h", n++), kMaxH)), std::nullopt);
    add(c, "the link of the first test in uppercase", {"UppercaseLink"}, upper(first), std::nullopt);
    bad("a salt sent with betkyo-exact", "SaltNotUsed", first, std::string("salt"), "salt");
    bad("an empty salt sent with betkyo-exact", "SaltNotUsed", first, std::string(), "salt");
    bad_links(first, std::nullopt);
  }

  // The bustabit conventions: the point comes from an HMAC, so only what a search reaches is here.
  for (Convention c : {Convention::kBustabitV1, Convention::kBustabitV2, Convention::kBustabit2025}) {
    const bool v1 = c == Convention::kBustabitV1;
    const std::string name(crash::convention_name(c));
    convention(name);
    const std::string salt = hex(stream("crash/" + name + "/salt", 0));
    const char* encoding_flag = v1 ? "HexTextKey" : "RawLinkMessage";
    const std::string first = hex(stream("crash/" + name + "/link", 0));
    for (std::uint64_t i = 0; i < 3; ++i)
      add(c, "", {"Pseudorandom", encoding_flag}, hex(stream("crash/" + name + "/link", i)), salt);
    // Searches over links with the fixed salt.
    struct Want {
      const char* what;
      std::function<bool(const crash::Point&)> pred;
      int count;
    };
    std::vector<Want> wants;
    if (v1) {
      wants.push_back({"instant bust", [](const crash::Point& p) { return p.divisible101; }, 2});
      wants.push_back(
          {"divisible in doubles only",
           [](const crash::Point& p) { return !p.divisible101 && crash::divisible_by_101_in_doubles(p.hash); }, 1});
    } else {
      wants.push_back(
          {"clamped at 100", [](const crash::Point& p) { return 99 * crash::kE / (crash::kE - p.h) < 100; }, 2});
    }
    for (const Want& w : wants) {
      int found = 0;
      for (std::uint64_t n = 0; n < 100000 && found < w.count; ++n) {
        const std::string link = hex(stream("crash/" + name + "/search", n));
        const crash::Point p = crash::point(c, link, salt, gen_backend());
        if (!w.pred(p)) continue;
        add(c,
            std::string(w.what) + " (search over crash/" + name + "/search/n, n = " + std::to_string(n) + "); " +
                point_comment(p),
            {}, link, salt);
        ++found;
      }
      require(found == w.count, std::string("search came up short: ") + w.what);
    }
    add(c, "", {"EmptySalt"}, first, std::string());
    add(c, "", {"NonAsciiText"}, first, std::string("s\xc3\xa1lt-\xe6\x97\xa5-\xf0\x9f\x8e\xb1"));
    add(c, "", {"SaltAsGiven"}, first, " " + salt + " ");
    add(c, "the link of the first test of this group in uppercase", {"UppercaseLink"}, upper(first), salt);
    bad("no salt", "MissingSalt", first, std::nullopt, "salt");
    cs.invalid("CrashPoint", "the salt as the JSON number 12345", {"NumberAsText"}, {{"link", first}, {"salt", 12345}},
               "params.salt");
    bad_links(first, salt);
  }

  // bustabit's published games.
  convention("bustabit-v2");
  for (const PublishedGame& g : kPublishedHigh) {
    add(Convention::kBustabitV2,
        "bustabit game #" + std::to_string(g.game) + ", published bust " + std::to_string(g.hundredths / 100) + "." +
            (g.hundredths % 100 < 10 ? "0" : "") + std::to_string(g.hundredths % 100) + "x",
        {"PublishedGame"}, g.hash, std::string(kBustabit2018Salt));
  }

  // bustabit's current salt: no game hash of that chain is published in a source read here, so the
  // links are its terminating hash and links of this kit's own; the points are this kit's.
  convention("bustabit-2025");
  add(Convention::kBustabit2025,
      "bustabit's current salt on that chain's published terminating hash (not a game's hash)",
      {"PublishedSalt", "RawLinkMessage"}, kBustabit2025TerminatingHash, std::string(kBustabit2025Salt));
  for (std::uint64_t i = 0; i < 3; ++i) {
    add(Convention::kBustabit2025, "", {"PublishedSalt", "RawLinkMessage"},
        hex(stream("crash/bustabit-2025/published-salt", i)), std::string(kBustabit2025Salt));
  }

  for (const char* name : {"bustabit-v3", "Bustabit-V1", "betkyo", ""}) {
    convention(name);
    bad(std::string("unknown convention '") + name + "'", "UnknownConvention", hex(stream("crash/betkyo/link", 0)),
        std::string("salt"), "convention");
  }
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

void hash_cases(Cases& cs) {
  auto add = [&](Convention c, std::string comment, std::vector<std::string> flags, const Digest& hash) {
    const crash::Point p = crash::from_hash(c, hash);
    point_flags(flags, p);
    cs.valid("CrashFromHash", comment.empty() ? point_comment(p) : std::move(comment), std::move(flags),
             {{"hash", hex(hash)}});
  };
  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    cs.group_members({{"convention", name}});
    std::uint64_t n = 0;
    auto next = [&](std::uint64_t h) { return not_divisible(with_h52(stream("crash/hash/" + name, n++), h)); };
    add(c, "", {"ZeroHash"}, Digest{});
    add(c, "", {"HZero"}, next(0));
    if (v2_point(c)) {
      const std::uint64_t d_first = 99 * crash::kE / 100;  // largest d with floor(99e/d) >= 100
      add(c, "", {"ClampBoundary"}, next(crash::kE - d_first - 1));
      add(c, "", {"ClampBoundary"}, next(crash::kE - d_first));
      for (std::uint64_t h : v2_disagree()) add(c, "", {}, next(h));
    } else {
      for (std::uint64_t h : v1_double_above()) add(c, "", {}, next(h));
      for (std::uint64_t h : v1_double_below()) add(c, "", {}, next(h));
    }
    for (std::uint64_t d : {50, 49}) add(c, "", {"SafeIntegerBoundary"}, next(crash::kE - d));
    add(c, "", {"MaxH"}, next(kMaxH));
    if (c == Convention::kBustabitV1) {
      // Divisibility that binary64 gets wrong, both ways: m·2^203 + r with m a multiple of 101
      // (doubles see a multiple of 101) or not; DivisibleInDoubles' check confirms each.
      const std::uint64_t q = (std::uint64_t{1} << 52) / 101 + 12345;  // 101·q in [2^52, 2^53)
      const std::uint64_t m = 101 * q + 1;
      unsigned r = 0;
      while (!crash::divisible_by_101(shifted(m, r))) ++r;  // exact: divisible; doubles: not
      add(c, "the binary64 rounding is a multiple of 101, the value is not", {}, shifted(101 * q, 1));
      add(c, "the value is a multiple of 101, its binary64 rounding is not", {}, shifted(m, r));
    }
    for (const std::string& h : {std::string(63, 'a'), std::string(66, 'a'), std::string(64, 'g'), std::string()}) {
      cs.invalid("CrashFromHash",
                 h.empty() ? "an empty hash" : std::to_string(h.size()) + " characters: " + h.substr(0, 1) + "...",
                 {"InvalidHash"}, {{"hash", h}}, "hash");
    }
  }
  cs.group_members({{"convention", "bustabit"}});
  cs.invalid("CrashFromHash", "unknown convention 'bustabit'", {"UnknownConvention"}, {{"hash", std::string(64, '0')}},
             "convention");
}

}  // namespace

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("crash");
    add_wrong_ports(lib);
    add_point_flags(lib);
    add_hash_flags(lib);
    add_chain_flags(lib);
    return lib;
  }();
  return kLibrary;
}

void add_point_flags(FlagLibrary& lib) {
  lib.share(shared_flags(), "Pseudorandom");
  // The flags of the point's value, which crash_hash_test.json carries too.
  lib.flag({"ExactVsDouble",
            BugType::kArithmetic,
            "Exact integer and binary64 evaluation of the crash formula give different points here. betkyo-exact is "
            "pinned to exact integers, the bustabit conventions to binary64; a port using the other arithmetic fails.",
            {"crash-betkyo-doubles", "crash-bustabit-exact"}});
  lib.flag(
      {"BeyondSafeInteger",
       BugType::kEncoding,
       "The point exceeds 2^53 − 1 and travels as an exact decimal string. A port sending a JSON number, or printing "
       "a double with JavaScript's String() (shortest digits padded with zeros), fails.",
       {"crash-point-as-number", "crash-point-js-string"}});
  lib.flag({"InstantBust",
            BugType::kEdgeCase,
            "bustabit-v1: the whole 256-bit HMAC is divisible by 101, so the point is 0. A port without the check, or "
            "checking only part of the digest, fails.",
            {"crash-no-bust-check", "crash-bust-leading-u64"}});
  lib.flag({"DivisibleInDoubles",
            BugType::kArithmetic,
            "bustabit-v1: the 256-bit value rounded to binary64 (JavaScript parseInt(hash, 16)) and the exact value "
            "disagree on divisibility by 101. The check is exact; a port doing it in doubles fails.",
            {"crash-101-in-doubles", "crash-101-on-52-bits"}});
  lib.flag(
      {"ClampAt100",
       BugType::kEdgeCase,
       "bustabit-v2 and bustabit-2025: floor(99 / (1 − X)) is below 100 and the point is clamped to 100 (1.00x). A "
       "port without the clamp answers 99 or less.",
       {"crash-no-clamp"},
       clamped});
  lib.flag({"HZero", BugType::kBoundary, "h = 0: 100 (bustabit-v2: floor(99) = 99, clamped to 100).", {}, h_zero});
  lib.flag(
      {"MaxH",
       BugType::kBoundary,
       "h = 2^52 − 1, the highest point of the convention (betkyo-exact: 99·2^52 + 1 exactly; binary64 gives 99·2^52).",
       {},
       max_h_point});
  lib.flag({"SafeIntegerBoundary",
            BugType::kBoundary,
            "h = 2^52 − 50 and 2^52 − 49: the last point within 2^53 − 1 and the first beyond it.",
            {},
            safe_integer_boundary});
  lib.flag({"HexTextKey",
            BugType::kEncoding,
            "bustabit-v1 keys the HMAC with the link's lowercase hex text (64 ASCII bytes) and hashes the salt text. A "
            "port using the link's raw bytes as key, or swapping key and message, fails.",
            {"crash-v1-raw-link-key", "crash-key-message-swapped"}});
  lib.flag({"RawLinkMessage",
            BugType::kEncoding,
            "bustabit-v2 and bustabit-2025 key the HMAC with the salt text and hash the link's 32 raw bytes. A port "
            "hashing the hex text, or swapping key and message, fails.",
            {"crash-v2-hex-message", "crash-key-message-swapped"}});
  lib.flag(
      {"UppercaseLink",
       BugType::kEncoding,
       "A link given in uppercase hex is the same link, the same 32 bytes: bustabit-v1's key and the hex-text chains' "
       "message are its lowercase hex text. A port using the text as given, or rejecting uppercase, fails.",
       {"crash-uppercase-link-rejected", "crash-link-text-as-given"},
       same_as_lowercase});
  lib.share(shared_flags(), "EmptySalt", {"crash-empty-salt-rejected"});
  lib.flag(
      {"PublishedGame",
       BugType::kFunctionality,
       "Games bustabit played (2018 chain, salt = the hash of Bitcoin block 505750) with their published busts (of a "
       "chain, the published hashes and busts of its first links); the comment gives the game numbers. A port that "
       "does not reproduce them is not bustabit's scheme.",
       {},
       published});
  lib.flag({"PublishedSalt",
            BugType::kBasic,
            "bustabit-2025 under the salt bustabit published for its current chain (from game #12,279,451; "
            "bustabit/verifier src/constants.ts GAME_SALT, specs/crash.md [S4]), on that chain's terminating hash and "
            "links of this kit's own: no game hash of the chain is published in a source read, so the points are this "
            "kit's, recomputed by tests/reference/recompute.py.",
            {},
            [](const rapidjson::Value& p, const json::Value&) { return salt_of(p) == kBustabit2025Salt; }});
  lib.share(shared_flags(), "NonAsciiText", {"crash-latin1-salt"});
  lib.share(shared_flags(), "SaltAsGiven", {"crash-trimmed-salt"});
  lib.share(shared_flags(), "NumberAsText", {"crash-number-as-text"});
  lib.flag({"SaltNotUsed",
            BugType::kMissingCheck,
            "betkyo-exact takes no salt: a salt sent with it is bad input, not silently ignored.",
            {"crash-salt-ignored"}});
  lib.flag({"MissingSalt",
            BugType::kMissingCheck,
            "The bustabit conventions need a salt: a request without one is bad input.",
            {"crash-missing-salt-empty"}});
  lib.flag(
      {"InvalidLink",
       BugType::kMissingCheck,
       "The link must be exactly 64 hex digits (either case). A port accepting another length, a 0x prefix, spaces "
       "or non-hex characters accepts invalid input.",
       {"crash-lenient-link"}});
  lib.share(shared_flags(), "UnknownConvention");
}

void add_hash_flags(FlagLibrary& lib) {
  lib.flag({"ZeroHash",
            BugType::kEdgeCase,
            "The all-zero hash: h = 0, and for bustabit-v1 0 is divisible by 101, so 0.",
            {},
            [](const rapidjson::Value& p, const json::Value& out) {
              return json::get_string(p, "hash", "params") == std::string(64, '0') && h_of(out) == 0 &&
                     (convention_of(p) != Convention::kBustabitV1 || text_of(out, "hundredths") == "0");
            }});
  lib.flag({"ClampBoundary",
            BugType::kBoundary,
            "bustabit-v2, -2025: the largest h still clamped (99 before the clamp) and the smallest that reaches 100 "
            "unclamped.",
            {},
            [](const rapidjson::Value& p, const json::Value& out) {
              const std::uint64_t d_first = 99 * crash::kE / 100;  // largest d with floor(99e/d) >= 100
              const std::uint64_t d = crash::kE - h_of(out);
              return v2_point(convention_of(p)) && text_of(out, "exactHundredths") == "100" &&
                     ((d == d_first + 1 && 99 * crash::kE / d == 99) || (d == d_first && 99 * crash::kE / d == 100));
            }});
  lib.flag({"InvalidHash",
            BugType::kMissingCheck,
            "The hash must be exactly 64 hex digits (either case).",
            {"crash-lenient-link"}});
}

std::vector<VectorKind> files() {
  return {
      catalog_kind({"crash_point_test.json",
                    {"crash points (specs/crash.md, op crash.point) in hundredths (100 = 1.00x), as decimal strings:",
                     "betkyo-exact: h = leading 52 bits of the link, floor((100·2^52 − h) / (2^52 − h)) exactly;",
                     "bustabit-v1: HMAC(key = link's lowercase hex text, msg = salt), 0 if divisible by 101, else the",
                     "same formula in binary64; bustabit-v2 and -2025: HMAC(key = salt, msg = the link's 32 bytes),",
                     "max(100, floor(99 / (1 − h / 2^52))) in binary64. exactHundredths and doubleHundredths show",
                     "the convention's formula in both arithmetics (before the instant bust)."},
                    library().pick({"Pseudorandom",
                                    "ExactVsDouble",
                                    "BeyondSafeInteger",
                                    "InstantBust",
                                    "DivisibleInDoubles",
                                    "ClampAt100",
                                    "HZero",
                                    "MaxH",
                                    "SafeIntegerBoundary",
                                    "HexTextKey",
                                    "RawLinkMessage",
                                    "UppercaseLink",
                                    "EmptySalt",
                                    "PublishedGame",
                                    "PublishedSalt",
                                    "NonAsciiText",
                                    "SaltAsGiven",
                                    "SaltNotUsed",
                                    "MissingSalt",
                                    "InvalidLink",
                                    "UnknownConvention",
                                    "NumberAsText"}),
                    {{.type = "CrashPoint",
                      .call = {"crash.point"},
                      .members = {"convention"},
                      .fields = {{.name = "hmac", .optional = true},
                                 {.name = "divisibleBy101", .optional = true},
                                 {"h"},
                                 {"exactHundredths"},
                                 {"doubleHundredths"},
                                 {"hundredths"}}}},
                    point_cases}),
      catalog_kind({"crash_hash_test.json",
                    {"crash point layer (specs/crash.md, op crash.from_hash): the point from the 256-bit value the",
                     "formula reads (betkyo-exact: the link; bustabit-v1/-v2: the HMAC), so that h values and",
                     "digests no HMAC search reaches are covered: h = 0, the largest h, exact-vs-binary64",
                     "disagreements, divisibility by 101 that doubles get wrong.",
                     "Port op: crash.from_hash {convention, hash} -> {hundredths} (decimal string)."},
                    library().pick({"ExactVsDouble", "BeyondSafeInteger", "InstantBust", "DivisibleInDoubles",
                                    "ClampAt100", "HZero", "ZeroHash", "MaxH", "SafeIntegerBoundary", "ClampBoundary",
                                    "InvalidHash", "UnknownConvention"}),
                    {{.type = "CrashFromHash",
                      .call = {"crash.from_hash"},
                      .members = {"convention"},
                      .fields = {{.name = "divisibleBy101", .optional = true},
                                 {"h"},
                                 {"exactHundredths"},
                                 {"doubleHundredths"},
                                 {"hundredths"}}}},
                    hash_cases}),
      chain_file(),
  };
}

}  // namespace fairvec::vectors::crash_vec
