// tavla_verify_test.json and vectors/proofs/*.json (tavla-commit-v1): proof files, the expected
// commitment and the verifier's verdict, valid, tampered and malformed. A catalog (vectors/catalog.h):
// cases give the file name, the proof text and the expected commitment (and the check that must fail,
// or the field a malformed one names); tavla.verify_proof and its trace (the exit code) give the
// verdict, each distinct proof is also written to vectors/proofs/, and each flag of the family's
// library (vectors/tavla.cc) naming a wrong verifier of vectors/tavla_ports.cc is checked against it.
#include <cctype>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "schemes/canonical_json.h"
#include "schemes/tavla_proof.h"
#include "vectors/catalog.h"
#include "vectors/tavla.h"

namespace fairvec::vectors::tavla_vec {

namespace {

using Params = rapidjson::Value;

struct SampleGame {
  ProofSource source;
  std::uint32_t k = 0;  // the derived-seed index
};

// sample_game finds the first derived seed whose game has exactly |ties| opening ties and whose
// seal code holds a 0 or a 1 (so the alias reading of an expected seal code is exercised).
SampleGame sample_game(std::string_view label, int ties, OpeningRule rule, std::uint32_t moves, const Value& settings) {
  const Backend& backend = default_backend();
  SampleGame s;
  s.source.settings = settings;
  auto id = [&](const char* what, std::uint32_t k) {
    Digest d = derived_seed(std::string(label) + what, k);
    return uuid_of(Bytes(d.begin(), d.begin() + 16));
  };
  s.source.game_id = id(" game", 0);
  s.source.seats = {id(" seat", 0), id(" seat", 1)};
  s.source.contributions = {derived_seed(std::string(label) + " contribution", 0),
                            derived_seed(std::string(label) + " contribution", 1)};
  std::string canonical = canonical_json::serialize(settings, "settings");
  Digest sh = settings_hash(backend, canonical);
  for (std::uint32_t k = 0; k < 100000; ++k) {
    s.source.seed = derived_seed(std::string(label) + " seed", k);
    std::string seal =
        seal_code(commitment(backend, s.source.game_id, sh, s.source.seats[0], s.source.seats[1], s.source.seed));
    if (seal.find_first_of("01") == std::string::npos) continue;
    RollInputs in{s.source.seed, s.source.game_id, s.source.contributions};
    auto rolls = game_rolls(backend, in, rule, moves, "moves");
    int t = 0;
    while (rolls[static_cast<std::size_t>(t)].kind == RollKind::kOpening &&
           rolls[static_cast<std::size_t>(t)].dice[0] == rolls[static_cast<std::size_t>(t)].dice[1]) {
      ++t;
    }
    if (t != ties) continue;
    s.source.rolls = std::move(rolls);
    s.k = k;
    return s;
  }
  throw std::logic_error("tavla vectors: no sample game found");
}

std::string pretty(const Value& v) { return json::to_pretty(v); }

// lenient_seal returns |seal| as a reader may write it: lowercase, without hyphens and, with
// |aliases|, 0 as o and 1 as l.
std::string lenient_seal(const std::string& seal, bool aliases) {
  std::string s;
  for (char c : seal) {
    if (c == '-') continue;
    if (aliases && c == '0')
      c = 'O';
    else if (aliases && c == '1')
      c = 'l';
    s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return s;
}

void verify_cases(Cases& c) {
  const Backend& backend = default_backend();
  SampleGame tr = sample_game("fairvec tavla-commit-v1 proof turkish", 1, OpeningRule::kReroll, 10, sample_settings());
  Value west_settings = sample_settings().clone();
  west_settings.set("opening", "play");
  west_settings.set("matchPoints", 7);
  SampleGame west = sample_game("fairvec tavla-commit-v1 proof play", 0, OpeningRule::kPlay, 6, west_settings);
  const Value tr_doc = proof_document(backend, tr.source);
  const Value west_doc = proof_document(backend, west.source);
  const std::string tr_text = pretty(tr_doc);
  auto member = [](const Value& doc, const char* key) {
    const Value* v = doc.find(key);
    if (!v) throw std::logic_error("proof member missing");
    return std::get<std::string>(v->variant());
  };
  const std::string tr_c = member(tr_doc, "commitment"), tr_seal = member(tr_doc, "sealCode");
  const std::string west_c = member(west_doc, "commitment"), west_seal = member(west_doc, "sealCode");

  // specs/vector-format.md: a readable proof whose verdict is a failure is an invalid test that
  // names the failed check, like every other tampered input; only a verified proof is valid.
  auto inputs = [](const std::string& file, const std::string& text, Value expected) {
    return json::Object{
        {"file", "proofs/" + file + ".json"}, {"proof", text}, {"expectedCommitment", std::move(expected)}};
  };
  auto add = [&](const std::string& file, const std::string& text, Value expected, std::string want_check,
                 std::string comment, std::vector<std::string> flags) {
    if (want_check.empty()) {
      c.valid("TavlaProofVerify", std::move(comment), std::move(flags), inputs(file, text, std::move(expected)));
    } else {
      c.invalid("TavlaProofVerify", std::move(comment), std::move(flags), inputs(file, text, std::move(expected)),
                std::move(want_check));
    }
  };
  auto edited = [](const Value& doc, const std::function<void(Value&)>& f) {
    Value d = doc.clone();
    f(d);
    return pretty(d);
  };
  auto rolls_of = [](Value& d) -> json::Array& { return const_cast<Value*>(d.find("rolls"))->as_array(); };

  add("valid-turkish", tr_text, nullptr, "", "a Turkish-rule game with an opening tie",
      {"ValidProof", "OpeningTie", "ProofTurkishReroll"});
  add("valid-turkish", tr_text, tr_c, "", "the same, expected commitment as the full digest",
      {"ValidProof", "ExpectedDigest"});
  add("valid-turkish", tr_text, upper(tr_c), "", "the same, the digest in capitals", {"ValidProof", "ExpectedDigest"});
  add("valid-turkish", tr_text, tr_seal, "", "the same, expected as the seal code", {"ValidProof", "ExpectedSealCode"});
  add("valid-turkish", tr_text, lenient_seal(tr_seal, true), "",
      "the same, the seal code lowercase, no hyphen, 0 as o and 1 as l", {"ValidProof", "ExpectedSealCode"});
  add("valid-play", pretty(west_doc), nullptr, "", "opening dice played, no tie", {"ValidProof", "ProofOpeningPlayed"});
  {
    Value d = tr_doc.clone();
    // Rewrite ids and hex in capitals, the seal code lenient, the settings reordered and compact.
    Value lenient = Value::object(
        {{"rolls", *d.find("rolls")},
         {"sealCode", lenient_seal(tr_seal, false)},
         {"commitment", upper(member(d, "commitment"))},
         {"contributions",
          Value::array({upper(to_hex(tr.source.contributions[0])), upper(to_hex(tr.source.contributions[1]))})},
         {"seed", upper(member(d, "seed"))},
         {"settingsHash", upper(member(d, "settingsHash"))},
         {"settings", sample_settings_reordered()},
         {"seats", Value::array({upper(format_uuid(tr.source.seats[0])), upper(format_uuid(tr.source.seats[1]))})},
         {"gameId", upper(member(d, "gameId"))},
         {"version", 1},
         {"format", std::string(kProofFormat)}});
    add("valid-lenient-forms", json::to_line(lenient) + "\n", tr_seal, "",
        "capital ids and hex, lenient seal code, members and settings in another order, one line",
        {"ValidProof", "LenientForms", "ExpectedSealCode"});
  }
  {
    Value d = tr_doc.clone();
    rolls_of(d).clear();
    add("valid-no-rolls", pretty(d), nullptr, "", "a game abandoned before the first roll: no rolls to check",
        {"ValidProof"});
  }
  add("valid-turkish", tr_text, west_c, "expectedCommitment", "a valid proof, but the digest seen was another game's",
      {"ExpectedMismatch", "ExpectedDigest"});
  add("valid-turkish", tr_text, west_seal, "expectedCommitment",
      "a valid proof, but the seal code seen was another game's", {"ExpectedMismatch", "ExpectedSealCode"});
  add("tampered-seed",
      edited(tr_doc,
             [&](Value& d) {
               Digest s = tr.source.seed;
               s[31] ^= 1;
               d.set("seed", to_hex(s));
             }),
      nullptr, "commitment", "the last byte of the seed changed", {"TamperedSeed"});
  add("tampered-commitment", edited(tr_doc, [&](Value& d) { d.set("commitment", to_hex(west.source.seed)); }), nullptr,
      "commitment", "the commitment replaced", {"TamperedCommitment"});
  add("tampered-settings",
      edited(tr_doc, [&](Value& d) { const_cast<Value*>(d.find("settings"))->set("matchPoints", 3); }), nullptr,
      "settingsHash", "matchPoints changed from 5 to 3 after the commitment", {"TamperedSettings"});
  add("tampered-seal", edited(tr_doc, [&](Value& d) { d.set("sealCode", west_seal); }), nullptr, "sealCode",
      "another game's seal code", {"TamperedSealCode"});
  const auto& tr_rolls = tr.source.rolls;
  const std::size_t move_index = 5;  // a move roll
  add("tampered-dice",
      edited(tr_doc,
             [&](Value& d) {
               Dice dice = tr_rolls[move_index].dice;
               dice[1] = dice[1] % 6 + 1;
               rolls_of(d)[move_index].set("dice", dice_value(dice));
             }),
      nullptr, "rolls[" + std::to_string(move_index) + "].dice", "one die of a move roll changed", {"TamperedDice"});
  add("tampered-gap",
      edited(tr_doc,
             [&](Value& d) {
               auto& a = rolls_of(d);
               a.erase(a.begin() + static_cast<std::ptrdiff_t>(move_index));
             }),
      nullptr, "rolls[" + std::to_string(move_index) + "].n", "a move roll left out: n jumps", {"RollGap"});
  add("tampered-repeat",
      edited(tr_doc,
             [&](Value& d) {
               auto& a = rolls_of(d);
               a.insert(a.begin() + static_cast<std::ptrdiff_t>(move_index), a[move_index - 1].clone());
             }),
      nullptr, "rolls[" + std::to_string(move_index) + "].n", "a roll listed twice", {"RollGap"});
  add("tampered-dropped-tie",
      edited(tr_doc,
             [&](Value& d) {
               auto& a = rolls_of(d);
               a.erase(a.begin());
               for (std::size_t i = 0; i < a.size(); ++i) a[i].set("n", int_value(i + 1));
             }),
      nullptr, "rolls[0].dice", "the opening tie left out and the rolls renumbered",
      {"DroppedOpeningTie", "OpeningTie"});
  add("tampered-kind-after-tie", edited(tr_doc, [&](Value& d) { rolls_of(d)[1].set("kind", "move"); }), nullptr,
      "rolls[1].kind", "the deciding opening after the tie relabelled as a move", {"WrongKind", "OpeningTie"});
  add("tampered-kind-reroll", edited(tr_doc, [&](Value& d) { rolls_of(d)[2].set("kind", "opening"); }), nullptr,
      "rolls[2].kind", "the reroll relabelled as another opening", {"WrongKind", "ProofTurkishReroll"});
  add("tampered-reroll-in-play", edited(west_doc, [&](Value& d) { rolls_of(d)[1].set("kind", "reroll"); }), nullptr,
      "rolls[1].kind", "a reroll where the settings' rule (opening: play) allows none",
      {"WrongKind", "ProofOpeningPlayed"});
  add("tampered-move-for-reroll", edited(tr_doc, [&](Value& d) { rolls_of(d)[2].set("kind", "move"); }), nullptr,
      "rolls[2].kind", "the reroll relabelled as a move, though the settings' rule is reroll",
      {"WrongKind", "ProofTurkishReroll"});
  add("tampered-swapped-contributions",
      edited(tr_doc,
             [&](Value& d) {
               d.set("contributions",
                     Value::array({to_hex(tr.source.contributions[1]), to_hex(tr.source.contributions[0])}));
             }),
      nullptr, "rolls[0].dice", "contributions 0 and 1 swapped", {"SwappedContributions"});
  add("tampered-swapped-seats",
      edited(tr_doc,
             [&](Value& d) {
               d.set("seats", Value::array({format_uuid(tr.source.seats[1]), format_uuid(tr.source.seats[0])}));
             }),
      nullptr, "commitment", "seats 0 and 1 swapped", {"SwappedSeats"});

  auto add_bad = [&](const std::string& file, const std::string& text, Value expected, std::string error,
                     std::string comment, std::vector<std::string> flags) {
    c.invalid("TavlaProofMalformed", std::move(comment), std::move(flags), inputs(file, text, std::move(expected)),
              std::move(error));
  };
  auto replace = [](std::string text, const std::string& from, const std::string& to) {
    auto pos = text.find(from);
    if (pos == std::string::npos) throw std::logic_error("tavla vectors: text to replace not found: " + from);
    return text.replace(pos, from.size(), to);
  };
  add_bad("malformed-truncated", tr_text.substr(0, tr_text.size() / 2), nullptr, "proof", "the file cut in half",
          {"MalformedJson"});
  add_bad("malformed-not-object", "[]\n", nullptr, "proof", "a JSON array, not an object", {"MalformedJson"});
  add_bad("malformed-fraction", replace(tr_text, "\"matchPoints\": 5", "\"matchPoints\": 5.0"), nullptr, "proof",
          "matchPoints written 5.0", {"NonCanonicalJson"});
  add_bad("malformed-unsafe-integer", replace(tr_text, "\"bankSeconds\": 120", "\"bankSeconds\": 9007199254740993"),
          nullptr, "proof", "an integer beyond 2^53 - 1 in the settings", {"NonCanonicalJson"});
  add_bad("malformed-duplicate-key",
          replace(tr_text, "  \"seed\": ", "  \"seed\": \"" + to_hex(west.source.seed) + "\",\n  \"seed\": "), nullptr,
          "proof", "\"seed\" twice", {"NonCanonicalJson"});
  add_bad("malformed-lone-surrogate", replace(tr_text, "\"variant\": \"tavla\"", "\"variant\": \"tavla\\udc00\""),
          nullptr, "proof", "a lone surrogate in a settings string", {"NonCanonicalJson"});
  add_bad("malformed-missing-seed",
          edited(tr_doc,
                 [](Value& d) {
                   auto& o = d.as_object();
                   for (auto it = o.begin(); it != o.end(); ++it) {
                     if (it->first == "seed") {
                       o.erase(it);
                       break;
                     }
                   }
                 }),
          nullptr, "seed", "no seed", {"SchemaViolation"});
  add_bad("malformed-pepper", edited(tr_doc, [&](Value& d) { d.set("pepper", to_hex(west.source.seed)); }), nullptr,
          "pepper", "an unknown member (the scheme has no pepper)", {"SchemaViolation"});
  add_bad("malformed-version-2", edited(tr_doc, [](Value& d) { d.set("version", 2); }), nullptr, "version",
          "format version 2", {"SchemaViolation"});
  add_bad("malformed-format", edited(tr_doc, [](Value& d) { d.set("format", "tavla-proof"); }), nullptr, "format",
          "another format name", {"SchemaViolation"});
  add_bad("malformed-short-seed",
          edited(tr_doc, [&](Value& d) { d.set("seed", to_hex(tr.source.seed).substr(0, 62)); }), nullptr, "seed",
          "a 31-byte seed", {"SchemaViolation"});
  add_bad("malformed-guid-braces",
          edited(tr_doc, [&](Value& d) { d.set("gameId", "{" + format_uuid(tr.source.game_id) + "}"); }), nullptr,
          "gameId", "the game id in GUID braces", {"SchemaViolation"});
  add_bad("malformed-one-seat",
          edited(tr_doc, [&](Value& d) { d.set("seats", Value::array({format_uuid(tr.source.seats[0])})); }), nullptr,
          "seats", "one seat", {"SchemaViolation"});
  add_bad("malformed-settings-array", edited(tr_doc, [](Value& d) { d.set("settings", Value::array()); }), nullptr,
          "settings", "settings that are not an object", {"SchemaViolation"});
  add_bad("malformed-seal-u", edited(tr_doc, [](Value& d) { d.set("sealCode", "5J8Z-XF1U"); }), nullptr, "sealCode",
          "a seal code with U", {"SchemaViolation"});
  add_bad("malformed-die-seven",
          edited(tr_doc,
                 [&](Value& d) {
                   rolls_of(d)[2].set("dice", Value::array({3, 7}));
                 }),
          nullptr, "rolls[2].dice[1]", "a die of 7", {"SchemaViolation"});
  add_bad("malformed-kind", edited(tr_doc, [&](Value& d) { rolls_of(d)[3].set("kind", "double"); }), nullptr,
          "rolls[3].kind", "an unknown roll kind", {"SchemaViolation"});
  add_bad("malformed-n-string", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", "1"); }), nullptr, "rolls[0].n",
          "n as a string", {"SchemaViolation"});
  add_bad("malformed-n-zero", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", 0); }), nullptr, "rolls[0].n",
          "n = 0", {"SchemaViolation"});
  add_bad("malformed-version-string", edited(tr_doc, [](Value& d) { d.set("version", "1"); }), nullptr, "version",
          "the format version as the JSON string \"1\"", {"SchemaViolation"});
  add_bad("malformed-roll-member", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("note", "opening"); }), nullptr,
          "rolls[0].note", "an unknown member inside a roll", {"SchemaViolation"});
  add_bad("malformed-n-above-u32",
          edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", Value(std::int64_t{4294967296})); }), nullptr,
          "rolls[0].n", "n = 2^32, above the u32 range", {"SchemaViolation"});
  add_bad("malformed-n-boolean", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", true); }), nullptr,
          "rolls[0].n", "n as the JSON boolean true", {"SchemaViolation"});
  add_bad("malformed-n-float", edited(tr_doc, [&](Value& d) { rolls_of(d)[0].set("n", Value(1.0)); }), nullptr, "proof",
          "n as the JSON number 1.0: a fraction, outside the proof's JSON subset (the error names the position)",
          {"NonCanonicalJson"});
  add_bad("malformed-die-string",
          edited(tr_doc,
                 [&](Value& d) {
                   rolls_of(d)[2].set("dice", Value::array({"3", 5}));
                 }),
          nullptr, "rolls[2].dice[0]", "a die as the JSON string \"3\"", {"SchemaViolation"});
  add_bad("valid-turkish", tr_text, "5J8Z-XF1U", "expectedCommitment", "a valid proof; the expected seal code has U",
          {"BadExpectedCommitment"});
  add_bad("valid-turkish", tr_text, tr_c.substr(0, 63), "expectedCommitment",
          "a valid proof; the expected digest has 63 hex digits", {"BadExpectedCommitment"});
  add_bad("valid-turkish", tr_text, tr_c.substr(0, 8), "expectedCommitment",
          "a valid proof; the expected commitment is the digest's first 8 hex digits, no dash: a digest prefix or "
          "a seal code, bad input for the op and the CLI alike",
          {"BadExpectedCommitment"});
}

// verify_companions writes each distinct proof file of the generated verify file.
std::vector<std::pair<std::string, std::string>> verify_companions(const Value& file) {
  std::map<std::string, std::string> out;
  for (const auto& g : file.find("testGroups")->as_array()) {
    for (const auto& t : g.find("tests")->as_array()) {
      std::string name = std::get<std::string>(t.find("file")->variant());
      std::string text = std::get<std::string>(t.find("proof")->variant());
      auto [it, fresh] = out.emplace(name, text);
      if (!fresh && it->second != text) throw std::logic_error("two different proofs named " + name);
    }
  }
  return {out.begin(), out.end()};
}

}  // namespace

void add_verify_flags(FlagLibrary& lib) {
  lib.flag({"ValidProof", BugType::kBasic, "A proof that verifies."});
  lib.flag({"OpeningTie", BugType::kEdgeCase, "The game opens with a tie that is rolled again and consumes n = 1."});
  // A proof's rules, not the game op's (TurkishReroll and OpeningPlayed, whose ports answer tavla.game).
  lib.flag(
      {"ProofTurkishReroll", BugType::kFunctionality, "The Turkish rule: a reroll follows the deciding opening roll."});
  lib.flag({"ProofOpeningPlayed", BugType::kFunctionality,
            "The opening dice are played: a move follows the deciding opening roll."});
  lib.flag({"LenientForms",
            BugType::kFunctionality,
            "A proof with capital UUIDs and hex, a lowercase seal code without hyphen, and its settings in another "
            "member order and layout: the verifier reads them as the same values.",
            {"tavla-settings-as-written", "tavla-capitals-rejected"}});
  lib.flag(
      {"ExpectedDigest", BugType::kFunctionality, "The expected commitment is given as a full digest (either case)."});
  lib.flag({"ExpectedSealCode", BugType::kFunctionality,
            "The expected commitment is given as a seal code, also lowercase, without hyphen, with O/I/L aliases."});
  lib.flag({"ExpectedMismatch",
            BugType::kModifiedInput,
            "A consistent proof of another game: only the expected commitment shows it; catches a verifier that "
            "ignores --expected-commitment.",
            {"tavla-expected-ignored"}});
  lib.flag({"TamperedSeed", BugType::kModifiedInput, "One byte of the revealed seed changed."});
  lib.flag({"TamperedCommitment", BugType::kModifiedInput, "The commitment in the proof changed."});
  lib.flag({"TamperedSettings",
            BugType::kModifiedInput,
            "A setting changed after the commitment: catches a verifier that trusts settingsHash without hashing the "
            "settings.",
            {"tavla-settings-hash-trusted", "proof-check-order"}});
  // The Crockford seal code, not hmac-dice's TamperedSeal (the SHA-256 seal of a seed).
  lib.flag(
      {"TamperedSealCode", BugType::kModifiedInput, "The seal code in the proof does not belong to the commitment."});
  lib.flag({"TamperedDice", BugType::kModifiedInput, "One roll's dice changed."});
  lib.flag(
      {"RollGap", BugType::kModifiedInput, "A roll missing or repeated in the sequence: n does not run 1, 2, 3, ..."});
  lib.flag({"DroppedOpeningTie",
            BugType::kModifiedInput,
            "The opening tie left out and the rolls renumbered: catches a verifier (or game) that does not count ties.",
            {"tavla-ties-uncounted"}});
  lib.flag({"WrongKind",
            BugType::kModifiedInput,
            "A roll kind out of order: a move after a tie, an opening after the deciding opening, or after it a "
            "reroll under the settings' opening rule play or a move under reroll.",
            {"proof-kinds-unchecked", "tavla-proof-rule-ignored"}});
  lib.flag({"SwappedContributions", BugType::kOrder, "The two contributions swapped: the rolls no longer match."});
  lib.flag({"SwappedSeats", BugType::kOrder, "The two seats swapped: the commitment no longer matches."});
  lib.flag({"MalformedJson", BugType::kMissingCheck, "A proof file that is not JSON (truncated) or not an object."});
  lib.flag({"NonCanonicalJson", BugType::kMissingCheck,
            "A proof file outside the canonical JSON subset: a fraction, an unsafe integer, a duplicate key, a lone "
            "surrogate."});
  lib.flag({"SchemaViolation", BugType::kMissingCheck,
            "A member missing, unknown, mistyped or out of range (format, version, ids, hex lengths, dice 1..6, "
            "kinds, n): bad input, named by its JSON path."});
  lib.flag({"BadExpectedCommitment", BugType::kMissingCheck,
            "An expected commitment that is neither a digest nor a seal code."});
}

VectorKind verify_vector_kind() {
  Group verify{.type = "TavlaProofVerify",
               .call = {"tavla.verify_proof"},
               .fields = outputs({"verified", "failedCheck", "exitCode"}),
               .judged = Judged{"failedCheck"},
               .null_absent = {"expectedCommitment"}};
  Group malformed{.type = "TavlaProofMalformed",
                  .call = {"tavla.verify_proof"},
                  .rejected = {.fixed = {{"exitCode", 2}}},
                  .null_absent = {"expectedCommitment"}};
  FileSpec spec{"tavla_verify_test.json",
                {"tavla-commit-v1 proof files and the verifier: each test is one proof file (also written to",
                 "vectors/proofs/ by `fairvec generate`), the expected commitment given to the verifier (a digest,",
                 "a seal code, or null), and the verdict: verified (exit 0), invalid proof naming the first failing",
                 "check (exit 1), or bad input (exit 2). Checks run in the order settingsHash, commitment,",
                 "sealCode, expectedCommitment, then rolls[i].n, rolls[i].dice, rolls[i].kind for i = 0, 1, ..."},
                library().pick({"ValidProof",           "OpeningTie",
                                "ProofTurkishReroll",   "ProofOpeningPlayed",
                                "LenientForms",         "ExpectedDigest",
                                "ExpectedSealCode",     "ExpectedMismatch",
                                "TamperedSeed",         "TamperedCommitment",
                                "TamperedSettings",     "TamperedSealCode",
                                "TamperedDice",         "RollGap",
                                "DroppedOpeningTie",    "WrongKind",
                                "SwappedContributions", "SwappedSeats",
                                "MalformedJson",        "NonCanonicalJson",
                                "SchemaViolation",      "BadExpectedCommitment"}),
                {std::move(verify), std::move(malformed)},
                verify_cases};
  spec.companions = verify_companions;
  return catalog_kind(std::move(spec));
}

}  // namespace fairvec::vectors::tavla_vec
