// tavla_commitment_test.json (tavla-commit-v1): settings hashes, commitments and seal codes, reading
// seal codes leniently, and invalid ids, seeds and settings. A catalog (vectors/catalog.h): cases give
// the inputs only; the ops tavla.commitment (with its trace) and tavla.seal_code compute the rest, and
// each flag is checked against the port it catches.
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

// ---- The answers of ports with the flags' bugs to tavla.commitment: settingsHash, commitment and
// sealCode, each input read as |Reading| says (the spec's way unless an alternative changes one).

Bytes bytes_of(const Uuid& u) { return Bytes(u.begin(), u.end()); }

struct Reading {
  std::function<Bytes(const std::string& text, const std::string& field)> id = [](const std::string& t, const std::string& f) {
    return bytes_of(parse_uuid(t, f));
  };
  std::function<Bytes(const std::string& text)> seed = [](const std::string& t) {
    const Digest d = parse_secret(t, "seed");
    return Bytes(d.begin(), d.end());
  };
  bool any_seat_count = false;
  std::function<std::string(const Params& settings)> settings = [](const Params& s) {
    return canonical_json::serialize(s, "settings");
  };
  std::function<std::string(const Digest& commitment)> seal = seal_code;
};

Value commitment_answer(const Params& p, const Backend& b, const Reading& r) {
  Bytes m;
  append(m, kCommitContext);
  append(m, r.id(json::get_string(p, "gameId", "params"), "gameId"));
  const Digest sh = settings_hash(b, r.settings(json::member(p, "settings", "params")));
  append(m, sh);
  const auto seats = string_items(json::member(p, "seats", "params"), "seats",
                                  r.any_seat_count ? std::nullopt : std::optional<std::size_t>(2));
  for (std::size_t i = 0; i < seats.size(); ++i) append(m, r.id(seats[i], "seats[" + std::to_string(i) + "]"));
  append(m, r.seed(json::get_string(p, "seed", "params")));
  const Digest c = b.sha256(m);
  return Value::object({{"settingsHash", to_hex(sh)}, {"commitment", to_hex(c)}, {"sealCode", r.seal(c)}});
}

Alternative reading(std::function<void(Reading&)> change) {
  Reading r;
  change(r);
  return [r](const Params& p, const Backend& b) { return commitment_answer(p, b, r); };
}

// Readers of ids a port might use instead of parse_uuid.
Bytes guid_order(const std::string& t, const std::string& f) {
  Bytes u = bytes_of(parse_uuid(t, f));
  std::reverse(u.begin(), u.begin() + 4);
  std::reverse(u.begin() + 4, u.begin() + 6);
  std::reverse(u.begin() + 6, u.begin() + 8);
  return u;
}
Bytes lowercase_only(const std::string& t, const std::string& f) {
  if (std::any_of(t.begin(), t.end(), [](char c) { return c >= 'A' && c <= 'F'; })) throw InputError(f, "uppercase");
  return bytes_of(parse_uuid(t, f));
}
// rfc4122_only also checks the version (1..5) and variant (10xx) bits.
Bytes rfc4122_only(const std::string& t, const std::string& f) {
  const Bytes u = bytes_of(parse_uuid(t, f));
  if ((u[6] >> 4) < 1 || (u[6] >> 4) > 5 || (u[8] >> 6) != 2) throw InputError(f, "not an RFC 4122 UUID");
  return u;
}
// written returns settings |v| as canonical JSON writes it (JCS strings and integers, no whitespace)
// but with each object's members in the order |order| leaves them at their depth (0: the top).
using Order = std::function<void(json::Object& members, int depth)>;
std::string written(const json::Value& v, const Order& order, int depth = 0) {
  if (v.is_object()) {
    json::Object members = v.as_object();
    order(members, depth);
    std::string s = "{";
    for (const auto& [k, m] : members) {
      s += (s.size() > 1 ? "," : "") + canonical_json::serialize(json::Value(k), "settings") + ":" + written(m, order, depth + 1);
    }
    return s + "}";
  }
  if (v.is_array()) {
    std::string s = "[";
    for (const auto& m : v.as_array()) s += (s.size() > 1 ? "," : "") + written(m, order, depth + 1);
    return s + "]";
  }
  if (std::holds_alternative<double>(v.variant()) || std::holds_alternative<std::int64_t>(v.variant())) {
    return json::to_line(v);  // a number as given
  }
  return canonical_json::serialize(v, "settings");
}
Alternative settings_written(Order order) {
  return reading([order](Reading& r) {
    r.settings = [order](const Params& s) { return written(Value::from_rapidjson(s), order); };
  });
}
void utf16_sorted(json::Object& m) {
  std::stable_sort(m.begin(), m.end(), [](const auto& a, const auto& b) { return canonical_json::utf16_less(a.first, b.first, "settings"); });
}
const Order kAsGiven = [](json::Object&, int) {};

// escaped_as rewrites the canonical text replacing each |from| by its |to|: the escaping of another
// serializer ('/' as "\/"; U+2028 and U+2029 as \u2028, \u2029; DEL as \u007f).
Alternative escaped_as(std::vector<std::pair<std::string, std::string>> table) {
  return reading([table](Reading& r) {
    r.settings = [table](const Params& s) {
      std::string text = canonical_json::serialize(s, "settings");
      for (const auto& [from, to] : table) {
        for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
      }
      return text;
    };
  });
}

// seal_in writes the first 40 bits in another base32 alphabet; unpadded drops leading zero symbols.
std::function<std::string(const Digest&)> seal_in(std::string alphabet, bool unpadded = false) {
  return [alphabet, unpadded](const Digest& c) {
    std::uint64_t bits = 0;
    for (int i = 0; i < 5; ++i) bits = (bits << 8) | c[static_cast<std::size_t>(i)];
    std::string s;
    for (int i = 7; i >= 0; --i) s.push_back(alphabet[(bits >> (5 * i)) & 31]);
    if (unpadded) s.erase(0, std::min(s.find_first_not_of('0'), std::size_t{7}));
    return s.substr(0, 4) + "-" + s.substr(4);
  };
}

// ---- The answers of seal code readers with the flags' bugs.
std::string code_of(const Params& p) { return json::get_string(p, "code", "params"); }
Value seal_answer(std::string s) { return Value::object({{"sealCode", std::move(s)}}); }
Value rejects_lowercase(const Params& p, const Backend&) {
  const std::string c = code_of(p);
  if (std::any_of(c.begin(), c.end(), [](char x) { return x >= 'a' && x <= 'z'; })) throw InputError("code", "lowercase");
  return seal_answer(read_seal_code(c, "code"));
}
Value hyphen_at_4_only(const Params& p, const Backend&) {
  const std::string c = code_of(p);
  if (c.size() != 9 || c[4] != '-' || c.find('-', 5) != std::string::npos) throw InputError("code", "not XXXX-XXXX");
  return seal_answer(read_seal_code(c, "code"));
}
Value no_aliases(const Params& p, const Backend&) {
  const std::string c = code_of(p);
  if (c.find_first_of("OoIiLl") != std::string::npos) throw InputError("code", "not a symbol");
  return seal_answer(read_seal_code(c, "code"));
}
// unchecked_reader keeps the letters and digits it meets, uppercased, whatever their number.
Value unchecked_reader(const Params& p, const Backend&) {
  std::string s;
  for (char c : code_of(p)) {
    if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) s += upper(std::string(1, c));
  }
  return seal_answer(s.substr(0, std::min<std::size_t>(4, s.size())) + "-" + (s.size() > 4 ? s.substr(4) : ""));
}

// ---- The properties the flags state.
std::string written_seal(const json::Value& o) { return std::get<std::string>(o.find("sealCode")->variant()); }
bool is_sequential(const Params& p, const json::Value&) {
  const auto seats = string_items(json::member(p, "seats", "params"), "seats", 2);
  return parse_secret(json::get_string(p, "seed", "params"), "seed") == sequential_inputs().seed &&
         parse_uuid(json::get_string(p, "gameId", "params"), "gameId") == sequential_inputs().game_id &&
         parse_uuid(seats[0], "seats[0]") == kSeqSeat0 && parse_uuid(seats[1], "seats[1]") == kSeqSeat1;
}
int letters_j_to_z(const std::string& seal) {
  return static_cast<int>(std::count_if(seal.begin(), seal.end(), [](char c) {
    const auto pos = kCrockford.find(c);
    return pos != std::string_view::npos && pos >= 18;
  }));
}

std::vector<Flag> commitment_flags() {
  const std::string kRfc4648 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", kBase32Hex = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
  return {
      {"SequentialByteSeed", BugType::kBasic,
       "The seed document's sequential-byte-seed (00..1f); game id and seats continue the sequence (ours).", {}, is_sequential},
      {"UuidByteOrder", BugType::kEncoding,
       "UUIDs whose GUID little-endian byte order (first three groups reversed) differs from the written order: "
       "catches a port that uses a platform GUID type's bytes.",
       {reading([](Reading& r) { r.id = guid_order; })}},
      {"UuidUppercase", BugType::kEncoding, "UUIDs written in capitals: the same bytes as lowercase.",
       {reading([](Reading& r) { r.id = lowercase_only; })}},
      {"UuidExtremes", BugType::kBoundary, "The nil UUID and the all-ff UUID: no version or variant bits are checked.",
       {reading([](Reading& r) { r.id = rfc4122_only; })}},
      {"SettingsKeyOrder", BugType::kOrder,
       "The same settings with members in another order: catches a port that hashes the settings as given "
       "instead of in canonical form.",
       {settings_written(kAsGiven)}},
      {"SettingsUtf16Order", BugType::kOrder,
       "Settings keys whose UTF-16 order differs from their code point (and UTF-8 byte) order: catches a port "
       "that sorts keys by code point or by bytes.",
       {settings_written([](json::Object& m, int) {
         std::stable_sort(m.begin(), m.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
       })}},
      {"SettingsEscaping", BugType::kEncoding,
       "Settings strings with quotes, backslash, '/', control characters, DEL, U+2028 and non-ASCII, and safe "
       "integer bounds: catches escaping that is not RFC 8785's.",
       {escaped_as({{"/", "\\/"}}), escaped_as({{"\xe2\x80\xa8", "\\u2028"}, {"\xe2\x80\xa9", "\\u2029"}}),
        escaped_as({{"\x7f", "\\u007f"}})}},
      {"SettingsNested", BugType::kOrder, "Nested objects are sorted too; arrays keep their order.",
       {settings_written([](json::Object& m, int depth) {
         if (depth == 0) utf16_sorted(m);
       })}},
      {"SealCrockfordLetters", BugType::kEncoding,
       "Seal codes with letters for values 18..31 (J K M N P Q R S T V W X Y Z), which RFC 4648 base32 and "
       "base32hex write differently: catches the wrong alphabet.",
       {reading([kRfc4648](Reading& r) { r.seal = seal_in(kRfc4648); }),
        reading([kBase32Hex](Reading& r) { r.seal = seal_in(kBase32Hex); })},
       [](const Params&, const json::Value& o) { return letters_j_to_z(written_seal(o)) >= 7; }},
      {"SealLeadingZero", BugType::kEncoding,
       "A seal code that starts with 0: catches a port that prints the 40-bit value without padding.",
       {reading([](Reading& r) { r.seal = seal_in(std::string(kCrockford), true); })},
       [](const Params&, const json::Value& o) { return written_seal(o)[0] == '0'; }},
      {"SealCanonical", BugType::kBasic, "A seal code already in the XXXX-XXXX form reads as itself.", {},
       [](const Params& p, const json::Value& o) { return written_seal(o) == code_of(p); }},
      {"SealLenientCase", BugType::kFunctionality, "Lowercase seal codes read as uppercase.", {rejects_lowercase}},
      {"SealHyphen", BugType::kFunctionality,
       "Seal codes without the hyphen, or with hyphens elsewhere: every '-' is ignored.", {hyphen_at_4_only}},
      {"SealAliases", BugType::kFunctionality, "Crockford's read aliases: O reads as 0, I and L as 1 (either case).",
       {no_aliases}},
      {"InvalidSeal", BugType::kMissingCheck,
       "Seal codes with U, another character, or not exactly 8 symbols: must be bad input.", {unchecked_reader}},
      {"InvalidUuid", BugType::kMissingCheck,
       "UUIDs not in the canonical 8-4-4-4-12 form: braces, urn:uuid:, no hyphens, misplaced hyphens, non-hex, "
       "other lengths.",
       {reading([](Reading& r) { r.id = [](const std::string& t, const std::string&) { return hex_prefix(t); }; })}},
      {"InvalidSeats", BugType::kMissingCheck, "A seat list without exactly two ids.",
       {reading([](Reading& r) { r.any_seat_count = true; })}},
      {"InvalidSeedLength", BugType::kMissingCheck, "A seed of 31 or 33 bytes.",
       {reading([](Reading& r) { r.seed = [](const std::string& t) { return from_hex(t, "seed"); }; })}},
      {"InvalidSeed", BugType::kMissingCheck, "A seed that is not hex.", {reading([](Reading& r) { r.seed = hex_prefix; })}},
      {"InvalidSettings", BugType::kMissingCheck,
       "Settings with a fraction or an integer beyond +-(2^53 - 1), which any JSON parser can see; cases a "
       "generic parser hides (1.0, 1e2, -0, duplicate keys, lone surrogates) are in canonical_json_test.json.",
       {reading([](Reading& r) {
         r.settings = [](const Params& s) {
           return written(Value::from_rapidjson(s), [](json::Object& m, int) { utf16_sorted(m); });
         };
       })}},
  };
}

// ---- The cases.

void commitment_cases(Cases& cs) {
  auto add = [&](std::string game, std::string seat0, std::string seat1, const Digest& seed, const Value& settings,
                 std::string comment, std::vector<std::string> flags) {
    cs.valid("TavlaCommitment", std::move(comment), std::move(flags),
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

  auto bad = [&](std::string game, Value seats, std::string seed, Value settings, std::string error, std::string comment,
                 std::vector<std::string> flags) {
    cs.invalid("TavlaCommitmentInvalid", std::move(comment), std::move(flags),
               {{"gameId", std::move(game)}, {"seats", std::move(seats)}, {"seed", std::move(seed)}, {"settings", std::move(settings)}},
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
  for (const auto& [text, what] : bad_uuids) bad(text, seats, seed, settings, "gameId", "game id: " + what, {"InvalidUuid"});
  bad(g, Value::array({s0, "(" + s1 + ")"}), seed, settings, "seats[1]", "seat 1 in parentheses", {"InvalidUuid"});
  bad(g, Value::array({s0}), seed, settings, "seats", "one seat", {"InvalidSeats"});
  bad(g, Value::array({s0, s1, s0}), seed, settings, "seats", "three seats", {"InvalidSeats"});
  bad(g, seats, to_hex(sequential(0, 31)), settings, "seed", "31-byte seed", {"InvalidSeedLength"});
  bad(g, seats, to_hex(sequential(0, 33)), settings, "seed", "33-byte seed", {"InvalidSeedLength"});
  bad(g, seats, seed.substr(1), settings, "seed", "63 hex digits", {"InvalidSeed"});
  bad(g, seats, "0x" + seed.substr(2), settings, "seed", "0x prefix", {"InvalidSeed"});
  bad(g, seats, seed, Value::object({{"rulesVersion", 1}, {"matchPoints", 5.5}}), "settings", "settings with the fraction 5.5",
      {"InvalidSettings"});
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

VectorKind commitment_vector_kind() {
  return catalog_kind({
      "tavla_commitment_test.json",
      {"tavla-commit-v1 commitments and seal codes: settingsHash = SHA-256(canonical JSON of the",
       "settings); commitment = SHA-256(\"tavlarena-dice-commit-v1\" || gameId || settingsHash || seat0 ||",
       "seat1 || seed); seal code = Crockford base32 of its first 40 bits, XXXX-XXXX. UUIDs are 16 bytes",
       "in written order. Also: reading seal codes leniently, and invalid inputs."},
      commitment_flags(),
      {{.type = "TavlaCommitment",
        .call = {"tavla.commitment"},
        .fields = {{.name = "settingsCanonical", .asked = false},  // fairvec's addition to the scheme's results
                   {"settingsHash"}, {"gameIdBytes"}, {"seatBytes"}, {"commitmentInput"}, {"commitment"}, {"sealCode"}},
        .calls = {{.op = "tavla.seal_code", .params = {{"code", "sealCode"}}}}},  // the seal code reads back
       {.type = "TavlaCommitmentInvalid", .call = {"tavla.commitment"}},
       {.type = "TavlaSealRead", .call = {"tavla.seal_code"}},
       {.type = "TavlaSealReadInvalid", .call = {"tavla.seal_code"}}},
      commitment_cases,
  });
}

}  // namespace fairvec::vectors::tavla_vec
