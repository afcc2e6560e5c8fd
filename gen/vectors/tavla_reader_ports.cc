// The wrong readers of tavla-commit-v1 (vectors/flags.h), each a port of its one op: seal code
// readers (tavla.seal_code) and proof verifiers (tavla.verify_proof). add_wrong_ports
// (tavla_ports.cc) adds them after the seal code writers, so the library's order is the family's.
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "schemes/tavla_proof.h"
#include "vectors/flags.h"
#include "vectors/tavla.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::tavla_vec {

namespace {

using Params = rapidjson::Value;

// one adds a wrong port of the one op |op|.
void one(FlagLibrary& lib, std::string name, std::string description, std::string op, Alternative answer) {
  lib.port({std::move(name), std::move(description), {{std::move(op), std::move(answer)}}});
}

// ---- Seal code readers (tavla.seal_code).
std::string code_of(const Params& p) { return json::get_string(p, "code", "params"); }
json::Value seal_answer(std::string s) { return json::Value::object({{"sealCode", std::move(s)}}); }
json::Value rejects_lowercase(const Params& p, const Backend&) {
  const std::string c = code_of(p);
  if (std::any_of(c.begin(), c.end(), [](char x) { return x >= 'a' && x <= 'z'; }))
    throw InputError("code", "lowercase");
  return seal_answer(read_seal_code(c, "code"));
}
json::Value hyphen_at_4_only(const Params& p, const Backend&) {
  const std::string c = code_of(p);
  if (c.size() != 9 || c[4] != '-' || c.find('-', 5) != std::string::npos) throw InputError("code", "not XXXX-XXXX");
  return seal_answer(read_seal_code(c, "code"));
}
json::Value no_aliases(const Params& p, const Backend&) {
  const std::string c = code_of(p);
  if (c.find_first_of("OoIiLl") != std::string::npos) throw InputError("code", "not a symbol");
  return seal_answer(read_seal_code(c, "code"));
}
// unchecked_reader keeps the letters and digits it meets, uppercased, whatever their number.
json::Value unchecked_reader(const Params& p, const Backend&) {
  std::string s;
  for (char c : code_of(p)) {
    if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) s += upper(std::string(1, c));
  }
  return seal_answer(s.substr(0, std::min<std::size_t>(4, s.size())) + "-" + (s.size() > 4 ? s.substr(4) : ""));
}

// ---- Proof verifiers (tavla.verify_proof): verified (and failedCheck), or InputError.
Expected expected_of(const Params& p) {
  const auto* e = json::optional_member(p, "expectedCommitment");
  return e ? parse_expected_commitment(json::get_string(p, "expectedCommitment", "params"), "expectedCommitment")
           : Expected{};
}
Proof proof_of(const Params& p) { return parse_proof(json::get_string(p, "proof", "params")); }
json::Value verdict_answer(bool verified, const std::string& failed) {
  return json::Value::object({{"verified", verified}, {"failedCheck", verified ? json::Value() : json::Value(failed)}});
}
json::Value verdict_of(const Verdict& v) { return verdict_answer(v.verified, v.failed_check); }
// fairvec_verdict is fairvec's verdict, for verifiers that change what it reports.
json::Value fairvec_verdict(const Params& p, const Backend& b) {
  return verdict_of(verify_proof(b, proof_of(p), expected_of(p)));
}

json::Value ignoring_expected(const Params& p, const Backend& b) {
  return verdict_of(verify_proof(b, proof_of(p), Expected{}));
}

// trusting_settings_hash takes settingsHash from the proof without hashing the settings: the
// commitment and seal code follow from it; the other checks are fairvec's (run on the proof with
// its settings hash, commitment and seal code made to fit the settings, which they do not read).
json::Value trusting_settings_hash(const Params& p, const Backend& b) {
  const Proof pr = proof_of(p);
  const Expected e = expected_of(p);
  const Digest c = commitment(b, pr.game_id, pr.settings_hash, pr.seats[0], pr.seats[1], pr.seed);
  if (c != pr.commitment) return verdict_answer(false, "commitment");
  if (seal_code(c) != pr.seal_code) return verdict_answer(false, "sealCode");
  if ((e.kind == Expected::Kind::kDigest && e.digest != c) ||
      (e.kind == Expected::Kind::kSealCode && e.seal_code != seal_code(c))) {
    return verdict_answer(false, "expectedCommitment");
  }
  Proof fitted = pr;
  fitted.settings_hash = settings_hash(b, pr.settings_canonical);
  fitted.commitment = commitment(b, pr.game_id, fitted.settings_hash, pr.seats[0], pr.seats[1], pr.seed);
  fitted.seal_code = seal_code(fitted.commitment);
  return verdict_of(verify_proof(b, fitted, Expected{}));
}

// uncounted_ties does not count opening ties: it skips the ties the seed gives at the start,
// unlisted, and reads listed roll i (numbered i + 1) as the roll after them.
json::Value uncounted_ties(const Params& p, const Backend& b) {
  Proof pr = proof_of(p);
  const RollInputs in{pr.seed, pr.game_id, pr.contributions};
  std::vector<GameRoll> rolls;
  std::uint32_t n = 1;
  for (Dice d = roll(b, in, n).pick.dice; d[0] == d[1] && n < 1000; d = roll(b, in, ++n).pick.dice) {
    rolls.push_back({n, RollKind::kOpening, d});
  }
  for (std::size_t i = 0; i < pr.rolls.size(); ++i) {
    if (pr.rolls[i].n != i + 1) return json::Value::object({{"verified", false}});
    rolls.push_back({static_cast<std::uint32_t>(n + i), pr.rolls[i].kind, pr.rolls[i].dice});
  }
  pr.rolls = std::move(rolls);
  return json::Value::object({{"verified", verify_proof(b, pr, expected_of(p)).verified}});
}

// settings_as_written hashes the settings as the file writes them (its member order, no
// whitespace), not their canonical form; the other checks are fairvec's.
json::Value settings_as_written(const Params& p, const Backend& b) {
  const std::string text = json::get_string(p, "proof", "params");
  const Proof pr = parse_proof(text);
  rapidjson::Document d;
  json::parse(text, d, "proof");
  if (settings_hash(b, json::to_line(json::Value::from_rapidjson(d["settings"]))) != pr.settings_hash) {
    return verdict_answer(false, "settingsHash");
  }
  return fairvec_verdict(p, b);
}

// capitals_refused refuses ids and hex written with capital letters.
json::Value capitals_refused(const Params& p, const Backend& b) {
  const std::string text = json::get_string(p, "proof", "params");
  (void)parse_proof(text);
  rapidjson::Document d;
  json::parse(text, d, "proof");
  auto lower = [](const rapidjson::Value& item, const char* key) {
    const std::string_view t(item.GetString(), item.GetStringLength());
    if (t.find_first_of("ABCDEF") != std::string_view::npos) throw InputError(key, "capital letters");
  };
  for (const char* key : {"gameId", "settingsHash", "seed", "commitment"}) lower(d[key], key);
  for (const char* key : {"seats", "contributions"}) {
    for (const auto& item : d[key].GetArray()) lower(item, key);
  }
  return fairvec_verdict(p, b);
}

}  // namespace

void add_reader_ports(FlagLibrary& lib) {
  // Seal code readers.
  one(lib, "tavla-seal-lowercase-rejected", "rejects a lowercase seal code", "tavla.seal_code", rejects_lowercase);
  one(lib, "tavla-seal-hyphen-at-4-only", "reads a seal code only in the form XXXX-XXXX", "tavla.seal_code",
      hyphen_at_4_only);
  one(lib, "tavla-seal-no-aliases", "rejects Crockford's read aliases O, I and L", "tavla.seal_code", no_aliases);
  one(lib, "tavla-seal-unchecked", "reads any letters and digits as a seal code, any number of them", "tavla.seal_code",
      unchecked_reader);
  // Proof verifiers.
  one(lib, "tavla-expected-ignored", "never compares the expected commitment", "tavla.verify_proof", ignoring_expected);
  one(lib, "tavla-settings-hash-trusted", "takes settingsHash from the proof without hashing the settings",
      "tavla.verify_proof", trusting_settings_hash);
  one(lib, "tavla-ties-uncounted", "does not count opening ties: the listed rolls are read as the rolls after them",
      "tavla.verify_proof", uncounted_ties);
  one(lib, "tavla-settings-as-written", "hashes a proof's settings as the file writes them, not their canonical form",
      "tavla.verify_proof", settings_as_written);
  one(lib, "tavla-capitals-rejected", "rejects ids and hex written with capital letters in a proof",
      "tavla.verify_proof", capitals_refused);
  one(lib, "proof-kinds-unchecked", "does not check roll kinds against the opening rule", "tavla.verify_proof",
      [](const Params& p, const Backend& b) {
        json::Value r = fairvec_verdict(p, b);
        const json::Value* failed = r.find("failedCheck");
        const std::string f = failed && std::holds_alternative<std::string>(failed->variant())
                                  ? std::get<std::string>(failed->variant())
                                  : "";
        return f.size() > 5 && f.compare(f.size() - 5, 5, ".kind") == 0 ? verdict_answer(true, "") : r;
      });
  one(lib, "tavla-proof-rule-ignored",
      "checks the kind order without the settings' opening rule: a reroll or a move may follow the deciding opening",
      "tavla.verify_proof", [](const Params& p, const Backend& b) {
        Proof pr = proof_of(p);
        pr.opening.reset();
        return verdict_of(verify_proof(b, pr, expected_of(p)));
      });
  one(lib, "proof-check-order",
      "checks the commitment before the settings hash: reports commitment where settingsHash fails",
      "tavla.verify_proof", [](const Params& p, const Backend& b) {
        json::Value r = fairvec_verdict(p, b);
        const json::Value* failed = r.find("failedCheck");
        return failed && json::to_line(*failed) == "\"settingsHash\"" ? verdict_answer(false, "commitment") : r;
      });
}

}  // namespace fairvec::vectors::tavla_vec
