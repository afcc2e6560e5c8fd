// tavla_commitment_test.json (tavla-commit-v1): settings hashes, commitments and seal codes, reading
// seal codes leniently, and invalid ids, seeds and settings.
#include <array>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "schemes/canonical_json.h"
#include "vectors/tavla_common.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

// CommitmentInputs are the inputs of a commitment as the library reads them (settings in canonical form).
struct CommitmentInputs {
  Uuid game;
  Uuid seat0;
  Uuid seat1;
  Digest seed;
  std::string canonical;
};

// commitment_outputs returns the members a TavlaCommitment test expects, in file order.
json::Object commitment_outputs(const Backend& backend, const CommitmentInputs& in) {
  const Digest sh = settings_hash(backend, in.canonical);
  const Digest c = commitment(backend, in.game, sh, in.seat0, in.seat1, in.seed);
  return {{"settingsCanonical", in.canonical},
          {"settingsHash", to_hex(sh)},
          {"gameIdBytes", to_hex(in.game)},
          {"seatBytes", Value::array({to_hex(in.seat0), to_hex(in.seat1)})},
          {"commitmentInput", to_hex(commitment_input(in.game, sh, in.seat0, in.seat1, in.seed))},
          {"commitment", to_hex(c)},
          {"sealCode", seal_code(c)}};
}

// commitment_inputs reads a commitment test's inputs. Throws InputError naming the bad one.
CommitmentInputs commitment_inputs(const TestRef& t) {
  CommitmentInputs in;
  in.game = parse_uuid(test_string(t, "gameId"), "gameId");
  const auto seats = string_items(test_member(t, "seats"), "seats", 2);
  in.seat0 = parse_uuid(seats[0], "seats[0]");
  in.seat1 = parse_uuid(seats[1], "seats[1]");
  in.seed = parse_secret(test_string(t, "seed"), "seed");
  in.canonical = canonical_json::serialize(test_member(t, "settings"), "settings");
  return in;
}

Value generate_commitment() {
  VectorFileBuilder b("tavla-commit-v1", "tavla_commitment_schema.json",
                      {"tavla-commit-v1 commitments and seal codes: settingsHash = SHA-256(canonical JSON of the",
                       "settings); commitment = SHA-256(\"tavlarena-dice-commit-v1\" || gameId || settingsHash || seat0 ||",
                       "seat1 || seed); seal code = Crockford base32 of its first 40 bits, XXXX-XXXX. UUIDs are 16 bytes",
                       "in written order. Also: reading seal codes leniently, and invalid inputs."});
  b.note("SequentialByteSeed", "BASIC",
         "The seed document's sequential-byte-seed (00..1f); game id and seats continue the sequence (ours).");
  b.note("UuidByteOrder", "ENCODING",
         "UUIDs whose GUID little-endian byte order (first three groups reversed) differs from the written order: "
         "catches a port that uses a platform GUID type's bytes.");
  b.note("UuidUppercase", "ENCODING", "UUIDs written in capitals: the same bytes as lowercase.");
  b.note("UuidExtremes", "BOUNDARY", "The nil UUID and the all-ff UUID: no version or variant bits are checked.");
  b.note("SettingsKeyOrder", "ORDER",
         "The same settings with members in another order: catches a port that hashes the settings as given "
         "instead of in canonical form.");
  b.note("SettingsUtf16Order", "ORDER",
         "Settings keys whose UTF-16 order differs from their code point (and UTF-8 byte) order: catches a port "
         "that sorts keys by code point or by bytes.");
  b.note("SettingsEscaping", "ENCODING",
         "Settings strings with quotes, backslash, '/', control characters, DEL, U+2028 and non-ASCII, and safe "
         "integer bounds: catches escaping that is not RFC 8785's.");
  b.note("SettingsNested", "ORDER", "Nested objects are sorted too; arrays keep their order.");
  b.note("SealCrockfordLetters", "ENCODING",
         "Seal codes with letters for values 18..31 (J K M N P Q R S T V W X Y Z), which RFC 4648 base32 and "
         "base32hex write differently: catches the wrong alphabet.");
  b.note("SealLeadingZero", "ENCODING",
         "A seal code that starts with 0: catches a port that prints the 40-bit value without padding.");
  b.note("SealCanonical", "BASIC", "A seal code already in the XXXX-XXXX form reads as itself.");
  b.note("SealLenientCase", "FUNCTIONALITY", "Lowercase seal codes read as uppercase.");
  b.note("SealHyphen", "FUNCTIONALITY", "Seal codes without the hyphen, or with hyphens elsewhere: every '-' is ignored.");
  b.note("SealAliases", "FUNCTIONALITY", "Crockford's read aliases: O reads as 0, I and L as 1 (either case).");
  b.note("InvalidSeal", "MISSING_CHECK",
         "Seal codes with U, another character, or not exactly 8 symbols: must be bad input.");
  b.note("InvalidUuid", "MISSING_CHECK",
         "UUIDs not in the canonical 8-4-4-4-12 form: braces, urn:uuid:, no hyphens, misplaced hyphens, non-hex, "
         "other lengths.");
  b.note("InvalidSeats", "MISSING_CHECK", "A seat list without exactly two ids.");
  b.note("InvalidSeedLength", "MISSING_CHECK", "A seed of 31 or 33 bytes.");
  b.note("InvalidSeed", "MISSING_CHECK", "A seed that is not hex.");
  b.note("InvalidSettings", "MISSING_CHECK",
         "Settings with a fraction or an integer beyond +-(2^53 - 1), which any JSON parser can see; cases a "
         "generic parser hides (1.0, 1e2, -0, duplicate keys, lone surrogates) are in canonical_json_test.json.");

  const Backend& backend = default_backend();
  b.group({{"type", "TavlaCommitment"}});
  auto add = [&](std::string game, std::string seat0, std::string seat1, const Digest& seed, const Value& settings,
                 std::string comment, std::vector<std::string> flags) {
    json::Object fields{{"gameId", game}, {"seats", Value::array({seat0, seat1})}, {"seed", to_hex(seed)}, {"settings", settings}};
    for (auto& m : commitment_outputs(backend,
                                      {parse_uuid(game, "gameId"), parse_uuid(seat0, "seats[0]"), parse_uuid(seat1, "seats[1]"),
                                       seed, canonical_json::serialize(settings, "settings")})) {
      fields.push_back(std::move(m));
    }
    b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
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
    auto count_high = [](const std::string& seal) {
      int n = 0;
      for (char c : seal) {
        auto pos = kCrockford.find(c);
        if (pos != std::string_view::npos && pos >= 18) ++n;
      }
      return n;
    };
    std::string canonical = canonical_json::serialize(sample_settings(), "settings");
    Digest sh = settings_hash(backend, canonical);
    int found_letters = 0, found_zero = 0;
    for (std::uint32_t k = 0; k < 100000 && (found_letters < 1 || found_zero < 1); ++k) {
      Digest seed = derived_seed("fairvec tavla-commit-v1 seal", k);
      std::string seal = seal_code(commitment(backend, seq.game_id, sh, kSeqSeat0, kSeqSeat1, seed));
      if (found_letters < 1 && count_high(seal) >= 7) {
        add(g, s0, s1, seed, sample_settings(),
            "seal code with 7 or more of J..Z (seed = SHA-256(\"fairvec tavla-commit-v1 seal\" || u32be(" +
                std::to_string(k) + ")))",
            {"SealCrockfordLetters"});
        ++found_letters;
      } else if (found_zero < 1 && seal[0] == '0') {
        add(g, s0, s1, seed, sample_settings(),
            "seal code starting with 0 (seed = SHA-256(\"fairvec tavla-commit-v1 seal\" || u32be(" + std::to_string(k) +
                ")))",
            {"SealLeadingZero"});
        ++found_zero;
      }
    }
    if (found_letters < 1 || found_zero < 1) throw std::logic_error("tavla vectors: seal search failed");
  }

  b.group({{"type", "TavlaCommitmentInvalid"}});
  auto add_invalid = [&](std::string game, Value seats, std::string seed, Value settings, std::string error,
                         std::string comment, std::vector<std::string> flags) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"gameId", std::move(game)},
           {"seats", std::move(seats)},
           {"seed", std::move(seed)},
           {"settings", std::move(settings)},
           {"error", std::move(error)}});
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
  for (const auto& [text, what] : bad_uuids) {
    add_invalid(text, seats, seed, settings, "gameId", "game id: " + what, {"InvalidUuid"});
  }
  add_invalid(g, Value::array({s0, "(" + s1 + ")"}), seed, settings, "seats[1]", "seat 1 in parentheses", {"InvalidUuid"});
  add_invalid(g, Value::array({s0}), seed, settings, "seats", "one seat", {"InvalidSeats"});
  add_invalid(g, Value::array({s0, s1, s0}), seed, settings, "seats", "three seats", {"InvalidSeats"});
  add_invalid(g, seats, to_hex(sequential(0, 31)), settings, "seed", "31-byte seed", {"InvalidSeedLength"});
  add_invalid(g, seats, to_hex(sequential(0, 33)), settings, "seed", "33-byte seed", {"InvalidSeedLength"});
  add_invalid(g, seats, seed.substr(1), settings, "seed", "63 hex digits", {"InvalidSeed"});
  add_invalid(g, seats, "0x" + seed.substr(2), settings, "seed", "0x prefix", {"InvalidSeed"});
  add_invalid(g, seats, seed, Value::object({{"rulesVersion", 1}, {"matchPoints", 5.5}}), "settings",
              "settings with the fraction 5.5", {"InvalidSettings"});
  add_invalid(g, seats, seed, Value::object({{"rulesVersion", 1}, {"bank", std::int64_t{9007199254740992}}}), "settings",
              "settings with 2^53, beyond the safe integers", {"InvalidSettings"});
  add_invalid(g, seats, seed, Value::object({{"rulesVersion", 1}, {"bank", -std::int64_t{9007199254740992}}}), "settings",
              "settings with -2^53", {"InvalidSettings"});

  b.group({{"type", "TavlaSealRead"}});
  auto add_read = [&](std::string code, std::string comment, std::vector<std::string> flags) {
    std::string normal = read_seal_code(code, "code");
    b.add(std::move(comment), std::move(flags), Result::kValid, {{"code", code}, {"sealCode", normal}});
  };
  add_read("5J8Z-XF1R", "the seed document's example code", {"SealCanonical"});
  add_read("5j8z-xf1r", "lowercase", {"SealLenientCase"});
  add_read("5J8ZXF1R", "without the hyphen", {"SealHyphen"});
  add_read("5J-8Z-XF-1R", "hyphens elsewhere", {"SealHyphen"});
  add_read("-5J8Z--XF1R-", "leading, doubled and trailing hyphens", {"SealHyphen"});
  add_read("5J8Z-XFIR", "I reads as 1", {"SealAliases"});
  add_read("5J8Z-XFlR", "l reads as 1", {"SealAliases"});
  add_read("OoIi-LlO0", "O, o read as 0; I, i, L, l as 1", {"SealAliases", "SealLenientCase"});
  add_read("5j8zxfir", "lowercase, no hyphen, alias", {"SealLenientCase", "SealHyphen", "SealAliases"});
  add_read("ZZZZ-ZZZZ", "all ones: the largest 40-bit value", {"SealCanonical"});

  b.group({{"type", "TavlaSealReadInvalid"}});
  auto add_read_invalid = [&](std::string code, std::string comment) {
    b.add(std::move(comment), {"InvalidSeal"}, Result::kInvalid, {{"code", std::move(code)}, {"error", "code"}});
  };
  add_read_invalid("5J8Z-XF1U", "U is not a Crockford symbol");
  add_read_invalid("5J8Z-XF1", "7 symbols");
  add_read_invalid("5J8Z-XF1RR", "9 symbols");
  add_read_invalid("5J8Z XF1R", "a space instead of the hyphen");
  add_read_invalid("5J8Z-XF1R ", "a trailing space");
  add_read_invalid("5J8Z_XF1R", "'_' instead of the hyphen");
  add_read_invalid("5J8Z-XF1*", "'*', a Crockford check symbol, is not a seal symbol");
  add_read_invalid("5J8Z-XF1\xc5\x94", "a non-ASCII letter");
  add_read_invalid("", "empty");
  add_read_invalid("----", "hyphens only");
  return b.build();
}

std::string check_commitment_test(const TestRef& t, const Backend& backend) {
  const std::string sealed = test_string(t, "sealCode");
  return first_failure({expect_members(t, commitment_outputs(backend, commitment_inputs(t))),
                        expect_eq("sealCode read back", sealed, read_seal_code(sealed, "sealCode"))});
}

std::vector<PortCall> commitment_calls(const TestRef& t) {
  return {call_of(t, "tavla.commitment", {"gameId", "seats", "seed", "settings"}, {"settingsHash", "commitment", "sealCode"})};
}

std::vector<PortCall> seal_read_calls(const TestRef& t) { return {call_of(t, "tavla.seal_code", {"code"}, {"sealCode"})}; }

}  // namespace

VectorKind commitment_vector_kind() {
  return group_kind(
      "tavla_commitment_test.json", "tavla_commitment_schema.json", generate_commitment,
      {{"TavlaCommitment", check_commitment_test, commitment_calls},
       {"TavlaCommitmentInvalid",
        rejects([](const TestRef& t, const Backend& backend) { (void)commitment_outputs(backend, commitment_inputs(t)); }),
        commitment_calls},
       {"TavlaSealRead",
        [](const TestRef& t, const Backend&) {
          return expect_eq("sealCode", test_string(t, "sealCode"), read_seal_code(test_string(t, "code"), "code"));
        },
        seal_read_calls},
       {"TavlaSealReadInvalid",
        rejects([](const TestRef& t, const Backend&) { (void)read_seal_code(test_string(t, "code"), "code"); }),
        seal_read_calls}});
}

}  // namespace fairvec::vectors::tavla_vec
