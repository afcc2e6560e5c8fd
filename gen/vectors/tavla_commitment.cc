// tavla_commitment_test.json (tavla-commit-v1): settings hashes, commitments and seal codes, reading
// seal codes leniently, and invalid ids, seeds and settings. A catalog (vectors/catalog.h): cases give
// the inputs only; the ops tavla.commitment (with its trace) and tavla.seal_code compute the rest, and
// each flag of the family's library (vectors/tavla.cc) is checked against the wrong ports of
// vectors/tavla_ports.cc it names or by the property it claims.
#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "schemes/canonical_json.h"
#include "vectors/catalog.h"
#include "vectors/tavla.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

using Params = rapidjson::Value;

std::string code_of(const Params& p) { return json::get_string(p, "code", "params"); }

// ---- The properties the flags state.
std::string written_seal(const json::Value& o) { return std::get<std::string>(o.find("sealCode")->variant()); }
int letters_j_to_z(const std::string& seal) {
  return static_cast<int>(std::count_if(seal.begin(), seal.end(), [](char c) {
    const auto pos = kCrockford.find(c);
    return pos != std::string_view::npos && pos >= 18;
  }));
}

// ---- The cases.

void commitment_cases(Cases& cs) {
  auto add = [&](std::string game, std::string seat0, std::string seat1, const Digest& seed, const Value& settings,
                 std::string comment, std::vector<std::string> flags) {
    cs.valid(
        "TavlaCommitment", std::move(comment), std::move(flags),
        {{"gameId", game}, {"seats", Value::array({seat0, seat1})}, {"seed", to_hex(seed)}, {"settings", settings}});
  };
  const RollInputs seq = sequential_inputs();
  const std::string g = format_uuid(seq.game_id), s0 = format_uuid(kSeqSeat0), s1 = format_uuid(kSeqSeat1);
  add(g, s0, s1, seq.seed, sample_settings(), "sequential-byte-seed with the sample settings", {"SequentialByteSeed"});
  add(g, s0, s1, seq.seed, sample_settings_reordered(), "the same settings, members in another order: same hash",
      {"SequentialByteSeed", "SettingsKeyOrder"});
  add(upper(g), upper(s0), upper(s1), seq.seed, sample_settings(), "the same ids written in capitals: same commitment",
      {"SequentialByteSeed", "UuidUppercase"});
  add("00112233-4455-6677-8899-aabbccddeeff", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
      "f0e1d2c3-b4a5-9687-7869-5a4b3c2d1e0f", seq.seed, sample_settings(),
      "ids whose GUID little-endian order differs (33221100-5544-7766-... as GUID bytes)", {"UuidByteOrder"});
  add("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "00000000-0000-0000-0000-000000000000", seq.seed, sample_settings(), "nil and all-ff UUIDs", {"UuidExtremes"});
  add(g, s0, s1, seq.seed, utf16_settings(), "keys sorted by UTF-16 code units: U+1F3B2 before U+FB33",
      {"SettingsUtf16Order"});
  add(g, s0, s1, seq.seed, escaping_settings(), "strings that need RFC 8785 escaping, safe integer bounds",
      {"SettingsEscaping"});
  add(g, s0, s1, seq.seed, nested_settings(), "nested objects sorted, arrays kept in order", {"SettingsNested"});
  add(g, s0, s1, seq.seed, Value::object(), "empty settings object", {"SequentialByteSeed"});
  // Searched seeds: a seal code rich in letters where the alphabets differ; one starting with 0.
  {
    const Backend& backend = default_backend();
    const Digest sh = settings_hash(backend, canonical_json::serialize(sample_settings(), "settings"));
    int found_letters = 0, found_zero = 0;
    for (std::uint32_t k = 0; k < 100000 && (found_letters < 1 || found_zero < 1); ++k) {
      const Digest seed = derived_seed("fairvec tavla-commit-v1 seal", k);
      const std::string seal = seal_code(commitment(backend, seq.game_id, sh, kSeqSeat0, kSeqSeat1, seed));
      const std::string how = "(seed = SHA-256(\"fairvec tavla-commit-v1 seal\" || u32be(" + std::to_string(k) + ")))";
      if (found_letters < 1 && letters_j_to_z(seal) >= 7) {
        add(g, s0, s1, seed, sample_settings(), "seal code with 7 or more of J..Z " + how, {"SealCrockfordLetters"});
        ++found_letters;
      } else if (found_zero < 1 && seal[0] == '0') {
        add(g, s0, s1, seed, sample_settings(), "seal code starting with 0 " + how, {"SealLeadingZero"});
        ++found_zero;
      }
    }
    if (found_letters < 1 || found_zero < 1) throw std::logic_error("tavla vectors: seal search failed");
  }

  auto bad = [&](std::string game, Value seats, std::string seed, Value settings, std::string error,
                 std::string comment, std::vector<std::string> flags) {
    cs.invalid("TavlaCommitmentInvalid", std::move(comment), std::move(flags),
               {{"gameId", std::move(game)},
                {"seats", std::move(seats)},
                {"seed", std::move(seed)},
                {"settings", std::move(settings)}},
               std::move(error));
  };
  const Value seats = Value::array({s0, s1});
  const std::string seed = to_hex(seq.seed);
  const Value settings = sample_settings();
  const std::vector<std::pair<std::string, std::string>> bad_uuids = {
      {"{" + g + "}", "GUID braces"},
      {"urn:uuid:" + g, "urn:uuid: prefix"},
      {to_hex(seq.game_id), "32 hex digits without hyphens"},
      {g.substr(0, 8) + g.substr(9, 5) + "-" + g.substr(14), "hyphen moved from position 8 to 12"},
      {g.substr(0, 35), "35 characters"},
      {g + "0", "37 characters"},
      {"6061626g" + g.substr(8), "non-hex digit g"},
      {"", "empty"},
      {g.substr(0, 8) + "_" + g.substr(9), "'_' instead of '-'"}};
  for (const auto& [text, what] : bad_uuids)
    bad(text, seats, seed, settings, "gameId", "game id: " + what, {"InvalidUuid"});
  bad(g, Value::array({s0, "(" + s1 + ")"}), seed, settings, "seats[1]", "seat 1 in parentheses", {"InvalidUuid"});
  bad(g, Value::array({s0}), seed, settings, "seats", "one seat", {"InvalidSeats"});
  bad(g, Value::array({s0, s1, s0}), seed, settings, "seats", "three seats", {"InvalidSeats"});
  bad(g, seats, to_hex(sequential(0, 31)), settings, "seed", "31-byte seed", {"InvalidSeedLength"});
  bad(g, seats, to_hex(sequential(0, 33)), settings, "seed", "33-byte seed", {"InvalidSeedLength"});
  bad(g, seats, seed.substr(1), settings, "seed", "63 hex digits", {"InvalidSeed"});
  bad(g, seats, "0x" + seed.substr(2), settings, "seed", "0x prefix", {"InvalidSeed"});
  bad(g, seats, seed, Value::object({{"rulesVersion", 1}, {"matchPoints", 5.5}}), "settings",
      "settings with the fraction 5.5", {"InvalidSettings"});
  bad(g, seats, seed, Value::object({{"rulesVersion", 1}, {"bank", std::int64_t{9007199254740992}}}), "settings",
      "settings with 2^53, beyond the safe integers", {"InvalidSettings"});
  bad(g, seats, seed, Value::object({{"rulesVersion", 1}, {"bank", -std::int64_t{9007199254740992}}}), "settings",
      "settings with -2^53", {"InvalidSettings"});

  auto read = [&](std::string code, std::string comment, std::vector<std::string> flags) {
    cs.valid("TavlaSealRead", std::move(comment), std::move(flags), {{"code", std::move(code)}});
  };
  read("5J8Z-XF1R", "the seed document's example code", {"SealCanonical"});
  read("5j8z-xf1r", "lowercase", {"SealLenientCase"});
  read("5J8ZXF1R", "without the hyphen", {"SealHyphen"});
  read("5J-8Z-XF-1R", "hyphens elsewhere", {"SealHyphen"});
  read("-5J8Z--XF1R-", "leading, doubled and trailing hyphens", {"SealHyphen"});
  read("5J8Z-XFIR", "I reads as 1", {"SealAliases"});
  read("5J8Z-XFlR", "l reads as 1", {"SealAliases"});
  read("OoIi-LlO0", "O, o read as 0; I, i, L, l as 1", {"SealAliases", "SealLenientCase"});
  read("5j8zxfir", "lowercase, no hyphen, alias", {"SealLenientCase", "SealHyphen", "SealAliases"});
  read("ZZZZ-ZZZZ", "all ones: the largest 40-bit value", {"SealCanonical"});

  auto read_bad = [&](std::string code, std::string comment) {
    cs.invalid("TavlaSealReadInvalid", std::move(comment), {"InvalidSeal"}, {{"code", std::move(code)}}, "code");
  };
  read_bad("5J8Z-XF1U", "U is not a Crockford symbol");
  cs.invalid("TavlaSealReadInvalid", "the code as the JSON number 12345678 (its text would read as 1234-5678)",
             {"NumberAsText"}, {{"code", 12345678}}, "params.code");
  read_bad("5J8Z-XF1", "7 symbols");
  read_bad("5J8Z-XF1RR", "9 symbols");
  read_bad("5J8Z XF1R", "a space instead of the hyphen");
  read_bad("5J8Z-XF1R ", "a trailing space");
  read_bad("5J8Z_XF1R", "'_' instead of the hyphen");
  read_bad("5J8Z-XF1*", "'*', a Crockford check symbol, is not a seal symbol");
  read_bad("5J8Z-XF1\xc5\x94", "a non-ASCII letter");
  read_bad("", "empty");
  read_bad("----", "hyphens only");
}

}  // namespace

void add_commitment_flags(FlagLibrary& lib) {
  lib.flag({"UuidByteOrder",
            BugType::kEncoding,
            "UUIDs whose GUID little-endian byte order (first three groups reversed) differs from the written order: "
            "catches a port that uses a platform GUID type's bytes.",
            {"guid-byte-order"}});
  lib.flag({"UuidUppercase",
            BugType::kEncoding,
            "UUIDs written in capitals: the same bytes as lowercase.",
            {"tavla-uuid-uppercase-rejected"}});
  lib.flag({"UuidExtremes",
            BugType::kBoundary,
            "The nil UUID and the all-ff UUID: no version or variant bits are checked.",
            {"tavla-rfc4122-uuid-only"}});
  lib.flag({"SettingsKeyOrder",
            BugType::kOrder,
            "The same settings with members in another order: catches a port that hashes the settings as given "
            "instead of in canonical form.",
            {"tavla-settings-as-given"}});
  lib.flag({"SettingsUtf16Order",
            BugType::kOrder,
            "Settings keys whose UTF-16 order differs from their code point (and UTF-8 byte) order: catches a port "
            "that sorts keys by code point or by bytes.",
            {"tavla-code-point-key-sort"}});
  lib.flag({"SettingsEscaping",
            BugType::kEncoding,
            "Settings strings with quotes, backslash, '/', control characters, DEL, U+2028 and non-ASCII, and safe "
            "integer bounds: catches escaping that is not RFC 8785's.",
            {"tavla-settings-slash-escaped", "tavla-settings-separators-escaped", "tavla-settings-del-escaped"}});
  lib.flag({"SettingsNested",
            BugType::kOrder,
            "Nested objects are sorted too; arrays keep their order.",
            {"tavla-settings-top-level-sorted"}});
  lib.flag({"SealCrockfordLetters",
            BugType::kEncoding,
            "Seal codes with letters for values 18..31 (J K M N P Q R S T V W X Y Z), which RFC 4648 base32 and "
            "base32hex write differently: catches the wrong alphabet.",
            {"rfc4648-base32", "tavla-seal-base32hex"},
            [](const Params&, const json::Value& o) { return letters_j_to_z(written_seal(o)) >= 7; }});
  lib.flag({"SealLeadingZero",
            BugType::kEncoding,
            "A seal code that starts with 0: catches a port that prints the 40-bit value without padding.",
            {"tavla-seal-unpadded"},
            [](const Params&, const json::Value& o) { return written_seal(o)[0] == '0'; }});
  lib.flag({"SealCanonical",
            BugType::kBasic,
            "A seal code already in the XXXX-XXXX form reads as itself.",
            {},
            [](const Params& p, const json::Value& o) { return written_seal(o) == code_of(p); }});
  lib.flag({"SealLenientCase",
            BugType::kFunctionality,
            "Lowercase seal codes read as uppercase.",
            {"tavla-seal-lowercase-rejected"}});
  lib.flag({"SealHyphen",
            BugType::kFunctionality,
            "Seal codes without the hyphen, or with hyphens elsewhere: every '-' is ignored.",
            {"tavla-seal-hyphen-at-4-only"}});
  lib.flag({"SealAliases",
            BugType::kFunctionality,
            "Crockford's read aliases: O reads as 0, I and L as 1 (either case).",
            {"tavla-seal-no-aliases"}});
  lib.flag({"InvalidSeal",
            BugType::kMissingCheck,
            "Seal codes with U, another character, or not exactly 8 symbols: must be bad input.",
            {"tavla-seal-unchecked"}});
  lib.flag(
      {"InvalidSeats", BugType::kMissingCheck, "A seat list without exactly two ids.", {"tavla-seat-count-unchecked"}});
  lib.flag({"InvalidSettings",
            BugType::kMissingCheck,
            "Settings with a fraction or an integer beyond +-(2^53 - 1), which any JSON parser can see; cases a "
            "generic parser hides (1.0, 1e2, -0, duplicate keys, lone surrogates) are in canonical_json_test.json.",
            {"tavla-settings-numbers-unchecked", "tavla-unsafe-integers"}});
}

VectorKind commitment_vector_kind() {
  return catalog_kind({
      "tavla_commitment_test.json",
      {"tavla-commit-v1 commitments and seal codes: settingsHash = SHA-256(canonical JSON of the",
       "settings); commitment = SHA-256(\"tavlarena-dice-commit-v1\" || gameId || settingsHash || seat0 ||",
       "seat1 || seed); seal code = Crockford base32 of its first 40 bits, XXXX-XXXX. UUIDs are 16 bytes",
       "in written order. Also: reading seal codes leniently, and invalid inputs."},
      library().pick({"SequentialByteSeed",   "UuidByteOrder",      "UuidUppercase",    "UuidExtremes",
                      "SettingsKeyOrder",     "SettingsUtf16Order", "SettingsEscaping", "SettingsNested",
                      "SealCrockfordLetters", "SealLeadingZero",    "SealCanonical",    "SealLenientCase",
                      "SealHyphen",           "SealAliases",        "InvalidSeal",      "InvalidUuid",
                      "InvalidSeats",         "InvalidSeedLength",  "InvalidSeed",      "InvalidSettings",
                      "NumberAsText"}),
      {{.type = "TavlaCommitment",
        .call = {"tavla.commitment"},
        .fields = {{.name = "settingsCanonical", .asked = false},  // fairvec's addition to the scheme's results
                   {"settingsHash"},
                   {"gameIdBytes"},
                   {"seatBytes"},
                   {"commitmentInput"},
                   {"commitment"},
                   {"sealCode"}},
        .calls = {{.op = "tavla.seal_code", .params = {{"code", "sealCode"}}}}},  // the seal code reads back
       {.type = "TavlaCommitmentInvalid", .call = {"tavla.commitment"}},
       {.type = "TavlaSealRead", .call = {"tavla.seal_code"}},
       {.type = "TavlaSealReadInvalid", .call = {"tavla.seal_code"}}},
      commitment_cases,
  });
}

}  // namespace fairvec::vectors::tavla_vec
