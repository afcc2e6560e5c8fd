// hmac_dice_link_test.json (specs/hmac-dice-v1.md, "Vector files"): check-page links, v0 query and
// v1 fragment, parsed and built. A catalog (vectors/catalog.h): cases give the link (or the fields to
// build) only; hmac_dice.parse_link and its trace (the canonical link) write the rest.
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
  return s;
}

void link_cases(Cases& c) {
  const Fixture two = fixture("link/two", 2, 12);
  const Fixture one = fixture("link/one", 1, 6);
  const std::string seeds2 = join(two.seeds);
  const std::string v1 = "#v=1&s=" + two.seed + "&c=" + two.seal + "&p=" + seeds2 + "&r=" + two.rolls;
  const std::string v0 = "?seed=" + two.seed + "&seal=" + two.seal + "&client=" + seeds2 + "&n=12&rolls=" + two.rolls;

  auto valid = [&](std::string comment, std::vector<std::string> flags, std::string link) {
    c.valid("HmacDiceLink", std::move(comment), std::move(flags), {{"link", link}});
  };
  valid("v1, one game, seal given", {"LinkV1"}, "/ru/check/" + v1);
  valid("v1, two games (g=7,5)", {"LinkV1", "MultiGame"}, "/de/check/" + v1 + "&g=7,5");
  valid("v1, three games (g=4,4,4)", {"LinkV1", "MultiGame"}, "/ru/check/" + v1 + "&g=4,4,4");
  valid("v1, g with one entry is kept", {"LinkV1", "MultiGame"}, "/ru/check/" + v1 + "&g=12");
  valid("v1, one client seed", {"LinkV1", "OneClientSeed"},
        "/ru/check/#v=1&s=" + one.seed + "&c=" + one.seal + "&p=" + one.seeds[0] + "&r=" + one.rolls);
  valid("v1 without c", {"LinkV1", "NoSeal"}, "/ru/check/#v=1&s=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls);
  valid("v1 with an empty c", {"LinkV1", "NoSeal"},
        "/ru/check/#v=1&s=" + two.seed + "&c=&p=" + seeds2 + "&r=" + two.rolls);
  valid("v1 keys in reverse order", {"LinkV1", "KeyOrder", "MultiGame"},
        "/de/check/#g=5,7&r=" + two.rolls + "&p=" + seeds2 + "&c=" + two.seal + "&s=" + two.seed + "&v=1");
  valid("v1 as a full https URL", {"LinkV1", "FullUrl"}, "https://example.org/ru/check/" + v1);
  valid("v1 with uppercase seed and seal", {"LinkV1", "UppercaseHex"},
        "/ru/check/#v=1&s=" + upper(two.seed) + "&c=" + upper(two.seal) + "&p=" + seeds2 + "&r=" + two.rolls);
  valid("v1 with percent-escapes: %76 for the key v, %2C for the comma", {"LinkV1", "PercentEncoded"},
        "/ru/check/#%76=1&s=" + two.seed + "&c=" + two.seal + "&p=" + two.seeds[0] + "%2C" + two.seeds[1] +
            "&r=" + two.rolls);
  valid("v1 fragment only", {"LinkV1", "NoPath"}, v1);
  valid("v0 with seal and rolls", {"LinkV0"}, "/tr/check/" + v0);
  valid("v0 without rolls", {"LinkV0", "NoRecordedRolls"},
        "/tr/check/?seed=" + two.seed + "&seal=" + two.seal + "&client=" + seeds2 + "&n=52");
  valid("v0 without seal", {"LinkV0", "NoSeal"},
        "/tr/check/?seed=" + two.seed + "&client=" + seeds2 + "&n=12&rolls=" + two.rolls);
  valid("v0 with an empty seal", {"LinkV0", "NoSeal"},
        "/tr/check/?seed=" + two.seed + "&seal=&client=" + seeds2 + "&n=12&rolls=" + two.rolls);
  valid("v0, one client seed", {"LinkV0", "OneClientSeed"},
        "/tr/check/?seed=" + one.seed + "&seal=" + one.seal + "&client=" + one.seeds[0] + "&n=6&rolls=" + one.rolls);
  valid("v0 keys in another order", {"LinkV0", "KeyOrder"},
        "/tr/check/?rolls=" + two.rolls + "&n=12&client=" + seeds2 + "&seal=" + two.seal + "&seed=" + two.seed);
  valid("v0 as a full http URL with a port, path without trailing slash",
        {"LinkV0", "FullUrl", "PathWithoutTrailingSlash"}, "http://localhost:8080/tr/check?" + v0.substr(1));
  valid("v0 with percent-escapes: %2c for the comma, %61 for a hex digit", {"LinkV0", "PercentEncoded"},
        "/tr/check/?seed=" + two.seed.substr(0, 62) + "%61" + two.seed.substr(63) + "&client=" + two.seeds[0] + "%2c" +
            two.seeds[1] + "&n=12");
  valid("v0 with uppercase seed and seal", {"LinkV0", "UppercaseHex"},
        "/tr/check/?seed=" + upper(two.seed) + "&seal=" + upper(two.seal) + "&client=" + seeds2 + "&n=12");
  valid("v0 query only", {"LinkV0", "NoPath"}, v0);
  {
    const Fixture lim = fixture("link/min", 1, 3, 16);
    const Fixture big = fixture("link/max", 1, 3, 64);
    const std::string long_seed(128, 'k');
    valid("v1, a 16-byte seed", {"LinkV1", "SeedLengthLimits"},
          "/de/check/#v=1&s=" + lim.seed + "&p=" + lim.seeds[0] + "&r=" + lim.rolls);
    valid("v1, a 64-byte seed and a 128-character client seed", {"LinkV1", "SeedLengthLimits"},
          "/de/check/#v=1&s=" + big.seed + "&p=" + long_seed +
              "&r=" + hd::rolls_text(derive_all(big.seed, {long_seed}, 3)));
  }

  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::string link, std::string error) {
    c.invalid("HmacDiceLinkInvalid", std::move(comment), std::move(flags), {{"link", std::move(link)}},
              std::move(error));
  };
  const std::string p = "/ru/check/";
  const std::string q = "/tr/check/";
  const std::string v1_tail = "&s=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls;  // after v=1
  const std::string v0_tail = "&client=" + seeds2 + "&n=12";                          // after seed=
  invalid("both a query and a fragment", {"QueryAndFragment"}, q + "?seed=" + two.seed + v0_tail + "#v=1" + v1_tail,
          "link");
  invalid("neither query nor fragment", {"NoData"}, q, "link");
  invalid("an empty link", {"NoData"}, "", "link");
  invalid("an empty fragment", {"NoData"}, p + "#", "link");
  invalid("path /tr/chek/", {"BadPath"}, "/tr/chek/?seed=" + two.seed + v0_tail, "link");
  invalid("language in uppercase", {"BadPath"}, "/TR/check/?seed=" + two.seed + v0_tail, "link");
  invalid("an ftp URL", {"BadPath"}, "ftp://example.org/ru/check/#v=1" + v1_tail, "link");
  invalid("a host without the check path", {"BadPath"}, "https://example.org/#v=1" + v1_tail, "link");
  invalid("two '&' in a row", {"MalformedField"}, p + "#v=1&" + v1_tail, "link");
  invalid("a trailing '&'", {"MalformedField"}, p + "#v=1" + v1_tail + "&", "link");
  invalid("a field without '='", {"MalformedField"}, p + "#v=1" + v1_tail + "&g", "link");
  invalid("an empty key", {"MalformedField"}, p + "#v=1" + v1_tail + "&=5", "link");
  invalid("'%G1' is not an escape", {"BadPercentEscape"}, p + "#v=1&s=" + two.seed + "&p=a%G1b&r=" + two.rolls, "link");
  invalid("'%2' at the end", {"BadPercentEscape"}, p + "#v=1" + v1_tail + "%2", "link");
  invalid("an unknown key in v0", {"UnknownKey"}, q + "?seed=" + two.seed + v0_tail + "&utm_source=app", "link");
  invalid("a v1 key in a v0 link", {"UnknownKey"}, q + "?seed=" + two.seed + v0_tail + "&g=12", "link");
  invalid("v=1 in a query makes an unknown v0 key", {"UnknownKey"}, q + "?v=1" + v1_tail, "link");
  invalid("a v0 key in a v1 link", {"UnknownKey"}, p + "#v=1" + v1_tail + "&seed=" + two.seed, "link");
  // The other version's name in place of this version's, for the same value (a reader that takes
  // either version's names accepts them).
  const std::vector<std::string> other = {"UnknownKey", "OtherVersionName"};
  invalid("v0 with v1's name s in place of seed", other, q + "?s=" + two.seed + v0_tail, "link");
  invalid("v0 with v1's name p in place of client", other, q + "?seed=" + two.seed + "&p=" + seeds2 + "&n=12", "link");
  invalid("v0 with v1's name c in place of seal", other, q + "?seed=" + two.seed + "&c=" + two.seal + v0_tail, "link");
  invalid("v0 with v1's name r in place of rolls", other, q + "?seed=" + two.seed + v0_tail + "&r=" + two.rolls,
          "link");
  invalid("v1 with v0's name seed in place of s", other,
          p + "#v=1&seed=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls, "link");
  invalid("v1 with v0's name client in place of p", other,
          p + "#v=1&s=" + two.seed + "&client=" + seeds2 + "&r=" + two.rolls, "link");
  invalid("v1 with v0's name seal in place of c", other, p + "#v=1" + v1_tail + "&seal=" + two.seal, "link");
  invalid("v1 with v0's name rolls in place of r", other,
          p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&rolls=" + two.rolls, "link");
  invalid("the key seed in uppercase (SEED=)", {"KeyCase"}, q + "?SEED=" + two.seed + v0_tail, "link");
  invalid("the key v in uppercase (V=1)", {"KeyCase"}, p + "#V=1" + v1_tail, "link");
  invalid("path text after /check/ (/tr/check/x)", {"BadPath", "PathTextAfterCheck"},
          "/tr/check/x?seed=" + two.seed + v0_tail, "link");
  invalid("seed given twice", {"DuplicateKey"}, q + "?seed=" + two.seed + v0_tail + "&seed=" + two.seed, "link.seed");
  invalid("p given twice", {"DuplicateKey"}, p + "#v=1" + v1_tail + "&p=" + seeds2, "link.p");
  invalid("v missing in a fragment", {"MissingKey"}, p + "#" + v1_tail.substr(1), "link.v");
  invalid("v=2", {"UnknownVersion"}, p + "#v=2" + v1_tail, "link.v");
  invalid("v=0", {"UnknownVersion"}, p + "#v=0" + v1_tail, "link.v");
  invalid("v=01", {"UnknownVersion", "LeadingZero"}, p + "#v=01" + v1_tail, "link.v");
  invalid("v0 without seed", {"MissingKey"}, q + "?" + v0_tail.substr(1), "link.seed");
  invalid("v0 without client", {"MissingKey"}, q + "?seed=" + two.seed + "&n=12", "link.client");
  invalid("v0 without n", {"MissingKey"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&rolls=" + two.rolls,
          "link.n");
  invalid("v1 without s", {"MissingKey"}, p + "#v=1&p=" + seeds2 + "&r=" + two.rolls, "link.s");
  invalid("v1 without p", {"MissingKey"}, p + "#v=1&s=" + two.seed + "&r=" + two.rolls, "link.p");
  invalid("v1 without r", {"MissingKey"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&g=12", "link.r");
  invalid("v1 with an empty r", {"BadRecordedRolls"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&r=", "link.r");
  invalid("n=0", {"RollCountZero"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=0", "link.n");
  invalid("n=012", {"LeadingZero"}, q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=012&rolls=" + two.rolls,
          "link.n");
  invalid("n=11 but 12 rolls", {"CountMismatch"},
          q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=11&rolls=" + two.rolls, "link.n");
  invalid("n=13 but 12 rolls", {"CountMismatch"},
          q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=13&rolls=" + two.rolls, "link.n");
  invalid("rolls of odd length", {"BadRecordedRolls"},
          q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=12&rolls=" + two.rolls + "3", "link.rolls");
  invalid("a 7 in r", {"BadRecordedRolls"},
          p + "#v=1&s=" + two.seed + "&p=" + seeds2 + "&r=" + two.rolls.substr(0, 22) + "17", "link.r");
  invalid("a 0 in rolls", {"BadRecordedRolls"},
          q + "?seed=" + two.seed + "&client=" + seeds2 + "&n=12&rolls=0" + two.rolls.substr(1), "link.rolls");
  invalid("seed of odd hex length", {"BadServerSeed"}, q + "?seed=" + two.seed.substr(1) + v0_tail, "link.seed");
  invalid("s of 15 bytes", {"BadServerSeed"},
          p + "#v=1&s=" + two.seed.substr(0, 30) + "&p=" + seeds2 + "&r=" + two.rolls, "link.s");
  invalid("s of 65 bytes", {"BadServerSeed"},
          p + "#v=1&s=" + server_seed("link/long", 65) + "&p=" + seeds2 + "&r=" + two.rolls, "link.s");
  invalid("seed with 'g'", {"BadServerSeed"}, q + "?seed=g" + two.seed.substr(1) + v0_tail, "link.seed");
  invalid("c of 31 bytes", {"BadSeal"}, p + "#v=1" + v1_tail + "&c=" + two.seal.substr(0, 62), "link.c");
  invalid("seal with a non-hex character", {"BadSeal"},
          q + "?seed=" + two.seed + "&seal=" + two.seal.substr(0, 63) + "z" + v0_tail, "link.seal");
  invalid("three client seeds", {"BadClientSeed"}, p + "#v=1&s=" + two.seed + "&p=" + seeds2 + ",c&r=" + two.rolls,
          "link.p");
  invalid("an empty p", {"BadClientSeed"}, p + "#v=1&s=" + two.seed + "&p=&r=" + two.rolls, "link.p");
  invalid("a trailing comma: an empty second seed", {"BadClientSeed"},
          p + "#v=1&s=" + two.seed + "&p=" + two.seeds[0] + ",&r=" + two.rolls, "link.p[1]");
  invalid("a client seed with '.'", {"BadClientSeed"}, q + "?seed=" + two.seed + "&client=a.b&n=12", "link.client[0]");
  invalid("a raw '+' in a client seed", {"BadClientSeed"},
          q + "?seed=" + two.seed + "&client=" + two.seeds[0] + ",b+&n=12", "link.client[1]");
  invalid("a 129-character client seed", {"BadClientSeed"},
          p + "#v=1&s=" + two.seed + "&p=" + std::string(129, 'k') + "&r=" + two.rolls, "link.p[0]");
  invalid("g adds up to 11, r has 12 rolls", {"GamesNotSumming"}, p + "#v=1" + v1_tail + "&g=7,4", "link.g");
  invalid("g adds up to 13, r has 12 rolls", {"GamesNotSumming"}, p + "#v=1" + v1_tail + "&g=7,6", "link.g");
  invalid("g entry 0", {"BadGames"}, p + "#v=1" + v1_tail + "&g=12,0", "link.g");
  invalid("g=07,5", {"LeadingZero"}, p + "#v=1" + v1_tail + "&g=07,5", "link.g");
  invalid("g with an empty entry", {"BadGames"}, p + "#v=1" + v1_tail + "&g=7,,5", "link.g");
  invalid("g with ';'", {"BadGames"}, p + "#v=1" + v1_tail + "&g=7;5", "link.g");

  auto build_invalid = [&](std::string comment, std::vector<std::string> flags, int version, std::string lang,
                           std::string recorded, std::int64_t rolls, std::vector<std::uint64_t> games,
                           std::string error) {
    c.invalid("HmacDiceLinkBuildInvalid", std::move(comment), std::move(flags),
              {{"version", version},
               {"lang", std::move(lang)},
               {"serverSeed", two.seed},
               {"seal", two.seal},
               {"clientSeeds", jstrs(two.seeds)},
               {"rolls", json::Value(rolls)},
               {"recorded", std::move(recorded)},
               {"games", jgames(games)}},
              std::move(error));
  };
  build_invalid("v0 cannot carry g", {"BuildV0WithGames"}, 0, "tr", two.rolls, 12, {7, 5}, "games");
  build_invalid("v1 needs the rolls", {"BuildV1WithoutRolls"}, 1, "ru", "", 12, {}, "recorded");
  build_invalid("version 2", {"BuildBadField"}, 2, "ru", two.rolls, 12, {}, "version");
  build_invalid("language TR", {"BuildBadField"}, 1, "TR", two.rolls, 12, {}, "lang");
  build_invalid("games add up to 11 of 12", {"BuildBadField", "GamesNotSumming"}, 1, "ru", two.rolls, 12, {7, 4},
                "games");
  build_invalid("recorded lists 12 rolls, rolls says 11", {"BuildBadField", "CountMismatch"}, 0, "tr", two.rolls, 11,
                {}, "recorded");
  build_invalid("rolls 0", {"BuildBadField", "RollCountZero"}, 0, "tr", "", 0, {}, "rolls");
  // Building from fields in capitals gives the canonical link: lowercase hex.
  auto build = [&](std::string comment, int version, std::string lang, std::string seed, std::string seal,
                   std::vector<std::uint64_t> games) {
    c.valid("HmacDiceLinkBuild", std::move(comment), {"BuildLowercase"},
            {{"version", version},
             {"lang", std::move(lang)},
             {"serverSeed", std::move(seed)},
             {"seal", std::move(seal)},
             {"clientSeeds", jstrs(two.seeds)},
             {"rolls", json::Value(std::int64_t{12})},
             {"recorded", two.rolls},
             {"games", jgames(games)}});
  };
  build("v1 from a seed and seal in capitals", 1, "ru", upper(two.seed), upper(two.seal), {7, 5});
  build("v0 from a seed and seal in capitals", 0, "tr", upper(two.seed), upper(two.seal), {});
  build("v1 from a seed in mixed case, no seal", 1, "de", upper(two.seed.substr(0, 10)) + two.seed.substr(10), "", {});

  // An integer of another JSON type: bad input, although a lenient reading would build the link.
  // build_typed: the build of |recorded_rolls| rolls, all recorded, with |member| replaced by |v|;
  // the error names |error|, or |member| when it is empty.
  auto build_typed = [&](std::string comment, std::string flag, std::string member, json::Value v,
                         std::size_t recorded_rolls = 12, std::string error = "") {
    json::Object in = {{"version", 1},
                       {"lang", "ru"},
                       {"serverSeed", two.seed},
                       {"seal", two.seal},
                       {"clientSeeds", jstrs(two.seeds)},
                       {"rolls", json::Value(static_cast<std::int64_t>(recorded_rolls))},
                       {"recorded", two.rolls.substr(0, 2 * recorded_rolls)},
                       {"games", jgames({})}};
    for (auto& [k, x] : in) {
      if (k == member) x = std::move(v);
    }
    c.invalid("HmacDiceLinkBuildInvalid", std::move(comment), {std::move(flag)}, std::move(in),
              error.empty() ? member : error);
  };
  build_typed("version as the JSON string \"1\"", "IntegerAsText", "version", json::Value("1"));
  build_typed("version as the JSON number 1.0", "IntegralFloat", "version", json::Value(1.0));
  build_typed("version as the JSON boolean true", "BooleanAsInteger", "version", json::Value(true));
  build_typed("rolls as the JSON string \"12\"", "IntegerAsText", "rolls", json::Value("12"));
  build_typed("rolls as the JSON number 12.0", "IntegralFloat", "rolls", json::Value(12.0));
  build_typed("rolls as the JSON boolean true, with one recorded roll", "BooleanAsInteger", "rolls", json::Value(true),
              1);
  // A port reading the listing leniently takes the number's text: the match's one roll.
  build_typed("recorded as the JSON number " + two.rolls.substr(0, 2) + " (its text is the one roll)", "NumberAsText",
              "recorded", json::Value(std::int64_t{std::stoi(two.rolls.substr(0, 2))}), 1, "params.recorded");
}

}  // namespace

void add_link_flags(FlagLibrary& lib) {
  lib.flag({"LinkV0", BugType::kFunctionality, "A v0 query link (seed 000): seed, seal, client, n, rolls."});
  lib.flag({"LinkV1", BugType::kFunctionality, "A v1 fragment link (seeds 001, 003): v, s, c, p, r, g."});
  lib.flag({"MultiGame", BugType::kFunctionality,
            "A match of several games (g): the roll counter continues from game to game and each game's summary "
            "starts where the previous ended; a one-entry g is kept when a link is built. Catches a port that "
            "ignores, re-orders or restarts g."});
  lib.flag({"NoSeal", BugType::kBasic, "No seal (absent or empty): the page only shows the seed's seal."});
  lib.flag({"NoRecordedRolls", BugType::kBasic, "A v0 link without rolls: n alone gives the count."});
  lib.flag({"KeyOrder", BugType::kOrder,
            "Keys in another order than the seed's; parsing ignores order, building writes the "
            "seed's order."});
  lib.flag({"FullUrl", BugType::kFunctionality,
            "A full http(s) URL with a host (and port); the host is not part of the data."});
  lib.flag({"NoPath", BugType::kFunctionality,
            "Only the query or the fragment, no path: lang is empty and build writes none."});
  lib.flag({"PathWithoutTrailingSlash", BugType::kFunctionality, "The path /<lang>/check without its final slash."});
  lib.flag(
      {"UppercaseHex", BugType::kEncoding, "Seed and seal in uppercase hex: the same values; build writes lowercase."});
  lib.flag({"PercentEncoded", BugType::kEncoding,
            "Percent-escapes in keys and values (%2C for the comma, %61 for 'a'); "
            "catches a port that compares raw text."});
  lib.flag({"SeedLengthLimits", BugType::kBoundary,
            "The longest and shortest seeds a match may have: 16- and 64-byte server seeds and 128-character "
            "client seeds."});
  lib.flag({"QueryAndFragment", BugType::kMissingCheck, "A link with both ?query and #fragment: ambiguous, rejected."});
  lib.flag({"NoData", BugType::kMissingCheck, "A link with no query or fragment, or an empty one."});
  lib.flag({"BadPath", BugType::kMissingCheck,
            "A path other than /<lang>/check/ (misspelt, uppercase language, other scheme, text after /check/)."});
  lib.flag({"PathTextAfterCheck",
            BugType::kMissingCheck,
            "Text after /check/ in the path (/tr/check/x); catches a port that matches the path's prefix only.",
            {"link-extra-path"}});
  lib.flag({"MalformedField", BugType::kMissingCheck,
            "An empty field (&&, trailing &), a field without '=', or an empty key."});
  lib.flag({"BadPercentEscape", BugType::kMissingCheck, "'%' not followed by two hex digits."});
  lib.flag({"UnknownKey", BugType::kMissingCheck,
            "A key the link version does not have (including the other version's keys); "
            "catches a port that silently ignores data it does not understand."});
  lib.flag({"OtherVersionName",
            BugType::kMissingCheck,
            "The other version's name for a field in place of this version's (v0 s= for seed=, v1 seed= for s=, and "
            "c/seal, p/client, r/rolls): bad input; catches a port that reads either version's names.",
            {"link-either-version-names"}});
  lib.flag({"KeyCase",
            BugType::kMissingCheck,
            "A key in another case (SEED=, V=1): keys are case-sensitive; catches a port "
            "that lowercases or case-folds keys.",
            {"link-keys-any-case"}});
  lib.share(shared_flags(), "DuplicateKey");
  lib.flag({"MissingKey", BugType::kMissingCheck, "A required key absent (v0: seed, client, n; v1: v, s, p, r)."});
  lib.flag({"UnknownVersion", BugType::kMissingCheck, "v other than exactly \"1\" (2, 0, 01)."});
  lib.flag({"RollCountZero", BugType::kMissingCheck, "n = 0: a match has at least one roll."});
  lib.flag({"LeadingZero", BugType::kMissingCheck,
            "A number with a leading zero: a link's n or g (n=012, g=07,5), a listing's roll number ('01: 63')."});
  lib.flag({"CountMismatch", BugType::kMissingCheck,
            "Recorded rolls whose count differs from the match's roll count (v0's n)."});
  lib.flag({"BadRecordedRolls", BugType::kMissingCheck, "rolls/r of odd length or with a digit outside 1..6."});
  lib.flag({"BadServerSeed", BugType::kMissingCheck,
            "A server seed of odd hex length, 15 or 65 bytes, or a non-hex character."});
  lib.flag({"BadSeal", BugType::kMissingCheck, "A seal that is not 64 hex digits."});
  lib.flag({"BadClientSeed", BugType::kMissingCheck,
            "A client seed list with 0 or 3 seeds, an empty seed, a bad character "
            "(including a raw '+') or 129 characters."});
  lib.flag({"GamesNotSumming", BugType::kMissingCheck, "Games (g) that do not add up to the number of rolls."});
  lib.flag({"BadGames", BugType::kMissingCheck, "A game of 0 rolls, an empty entry or a non-digit in g."});
  lib.flag({"BuildLowercase",
            BugType::kEncoding,
            "Building from a seed and seal given in capitals (or mixed case) writes them in lowercase hex: the "
            "canonical link does not depend on how the fields were written; catches a port that copies them as given.",
            {"build-link-keeps-case"}});
  lib.flag({"BuildV0WithGames", BugType::kMissingCheck, "Building a v0 link for a multi-game match: v0 has no g."});
  lib.flag({"BuildV1WithoutRolls", BugType::kMissingCheck, "Building a v1 link without the rolls: r is required."});
  lib.flag({"BuildBadField", BugType::kMissingCheck,
            "Building with an unknown version, a bad language, or counts that "
            "do not agree."});
}

VectorKind link_vector_kind() {
  return catalog_kind({
      "hmac_dice_link_test.json",
      {"hmac-dice-v1 check-page links: v0 query (/tr/check/?seed=&seal=&client=a,b&n=&rolls=)",
       "and v1 fragment (/ru/check/#v=1&s=&c=&p=a,b&r=&g=52,48). Valid tests give the parsed",
       "fields and the canonical link that build produces from them; invalid tests give a link or",
       "fields that must be rejected, with the field named."},
      library().pick({"LinkV0",
                      "LinkV1",
                      "MultiGame",
                      "OneClientSeed",
                      "NoSeal",
                      "NoRecordedRolls",
                      "KeyOrder",
                      "FullUrl",
                      "NoPath",
                      "PathWithoutTrailingSlash",
                      "UppercaseHex",
                      "PercentEncoded",
                      "SeedLengthLimits",
                      "QueryAndFragment",
                      "NoData",
                      "BadPath",
                      "PathTextAfterCheck",
                      "MalformedField",
                      "BadPercentEscape",
                      "UnknownKey",
                      "OtherVersionName",
                      "KeyCase",
                      "DuplicateKey",
                      "MissingKey",
                      "UnknownVersion",
                      "RollCountZero",
                      "LeadingZero",
                      "CountMismatch",
                      "BadRecordedRolls",
                      "BadServerSeed",
                      "BadSeal",
                      "BadClientSeed",
                      "GamesNotSumming",
                      "BadGames",
                      "BuildV0WithGames",
                      "BuildV1WithoutRolls",
                      "BuildBadField",
                      "BuildLowercase",
                      "IntegerAsText",
                      "IntegralFloat",
                      "BooleanAsInteger",
                      "NumberAsText"}),
      {{.type = "HmacDiceLink",
        .call = {"hmac_dice.parse_link"},
        .fields = outputs(
            {"version", "lang", "serverSeed", "seal", "clientSeeds", "rolls", "recorded", "games", "canonicalLink"}),
        .calls = {{.op = "hmac_dice.parse_link",
                   .params = {{"link", "canonicalLink"}}},  // it parses to the same fields
                  {.op = "hmac_dice.build_link", .expect = {{"link", "canonicalLink"}}}}},  // the fields build it
       {.type = "HmacDiceLinkInvalid", .call = {"hmac_dice.parse_link"}},
       {.type = "HmacDiceLinkBuild", .call = {"hmac_dice.build_link"}, .fields = outputs({"link"})},
       {.type = "HmacDiceLinkBuildInvalid", .call = {"hmac_dice.build_link"}}},
      link_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
