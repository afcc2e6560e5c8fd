#include "schemes/tavla_proof.h"

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "core/errors.h"
#include "schemes/canonical_json.h"

namespace fairvec::tavla {

namespace {

const char* const kMembers[] = {"format", "version",       "gameId",     "seats",    "settings", "settingsHash",
                                "seed",   "contributions", "commitment", "sealCode", "rolls"};

// Reader gives typed access to a proof document and turns every problem into an InputError that
// names the JSON path and the byte offset of the token.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  std::optional<std::size_t> offset(const std::string& path) const {
    auto range = canonical_json::locate(text_, path);
    if (!range) return std::nullopt;
    return range->first;
  }

  InputError error(const std::string& path, const std::string& message) const {
    return InputError(path.empty() ? "proof" : path, message, offset(path));
  }

  // rethrow_inside re-raises an error found inside the string value at |path|, moving its
  // position from the string's characters to the file's bytes when the token has no escapes.
  InputError inside(const std::string& path, const InputError& e) const {
    auto range = canonical_json::locate(text_, path);
    std::optional<std::size_t> pos;
    if (range) {
      pos = range->first;
      if (e.position()) {
        std::string_view token = text_.substr(range->first, range->second - range->first);
        if (token.find('\\') == std::string_view::npos) pos = range->first + 1 + *e.position();
      }
    }
    return InputError(path, e.detail(), pos);
  }

  const rapidjson::Value& member(const rapidjson::Value& obj, const char* key, const std::string& obj_path) const {
    auto it = obj.FindMember(key);
    if (it == obj.MemberEnd()) {
      std::string path = obj_path.empty() ? std::string(key) : obj_path + "." + key;
      return_missing(path, obj_path);
    }
    return it->value;
  }

  [[noreturn]] void return_missing(const std::string& path, const std::string& obj_path) const {
    throw InputError(path, "missing", offset(obj_path));
  }

  std::string string(const rapidjson::Value& v, const std::string& path) const {
    if (!v.IsString()) throw error(path, "must be a string");
    return std::string(v.GetString(), v.GetStringLength());
  }

  Uuid uuid(const rapidjson::Value& v, const std::string& path) const {
    std::string s = string(v, path);
    try {
      return parse_uuid(s, path);
    } catch (const InputError& e) {
      throw inside(path, e);
    }
  }

  Digest digest(const rapidjson::Value& v, const std::string& path) const {
    std::string s = string(v, path);
    try {
      return parse_secret(s, path);
    } catch (const InputError& e) {
      throw inside(path, e);
    }
  }

  const rapidjson::Value& array(const rapidjson::Value& v, const std::string& path, std::size_t size) const {
    if (!v.IsArray()) throw error(path, "must be an array");
    if (size && v.Size() != size) {
      throw error(path, "must hold exactly " + std::to_string(size) + " items, got " + std::to_string(v.Size()));
    }
    return v;
  }

 private:
  std::string_view text_;
};

std::string join(std::string a, const std::string& b) { return a.empty() ? b : a + "." + b; }
std::string index(const std::string& a, std::size_t i) { return a + "[" + std::to_string(i) + "]"; }

}  // namespace

Proof parse_proof(std::string_view text) {
  rapidjson::Document doc;
  canonical_json::parse(text, doc, "proof", nullptr, kMaxProofBytes);
  Reader r(text);
  if (!doc.IsObject()) throw r.error("", "a proof file is a JSON object");

  const auto& format = r.member(doc, "format", "");
  if (!format.IsString() || std::string_view(format.GetString(), format.GetStringLength()) != kProofFormat) {
    throw r.error("format", "must be \"tavla-commit-proof\"");
  }
  const auto& version = r.member(doc, "version", "");
  if (!version.IsInt64() || version.GetInt64() != kProofVersion) {
    throw r.error("version", "this verifier reads proof format version 1 only, got " + json::to_text(version));
  }
  // Over a const object: clang 14 finds != of a mutable MemberIterator ambiguous in C++20.
  for (const auto& m : std::as_const(doc).GetObject()) {
    std::string name(m.name.GetString(), m.name.GetStringLength());
    bool known = false;
    for (const char* k : kMembers) known = known || name == k;
    if (!known) throw r.error(name, "not a member of a version 1 proof file");
  }

  Proof p;
  p.game_id = r.uuid(r.member(doc, "gameId", ""), "gameId");
  const auto& seats = r.array(r.member(doc, "seats", ""), "seats", 2);
  for (rapidjson::SizeType i = 0; i < 2; ++i) p.seats[i] = r.uuid(seats[i], index("seats", i));
  const auto& settings = r.member(doc, "settings", "");
  if (!settings.IsObject())
    throw r.error("settings", "must be a JSON object (the rules version and every rule and match setting)");
  p.settings_canonical = canonical_json::serialize(settings, "settings");
  if (auto o = settings.FindMember("opening"); o != settings.MemberEnd() && o->value.IsString()) {
    p.opening = find_opening_rule(std::string_view(o->value.GetString(), o->value.GetStringLength()));
  }
  p.settings_hash = r.digest(r.member(doc, "settingsHash", ""), "settingsHash");
  p.seed = r.digest(r.member(doc, "seed", ""), "seed");
  const auto& contributions = r.array(r.member(doc, "contributions", ""), "contributions", 2);
  for (rapidjson::SizeType i = 0; i < 2; ++i) {
    p.contributions[i] = r.digest(contributions[i], index("contributions", i));
  }
  p.commitment = r.digest(r.member(doc, "commitment", ""), "commitment");
  {
    std::string s = r.string(r.member(doc, "sealCode", ""), "sealCode");
    try {
      p.seal_code = read_seal_code(s, "sealCode");
    } catch (const InputError& e) {
      throw r.inside("sealCode", e);
    }
  }
  const auto& rolls = r.array(r.member(doc, "rolls", ""), "rolls", 0);
  p.rolls.reserve(rolls.Size());
  for (rapidjson::SizeType i = 0; i < rolls.Size(); ++i) {
    const std::string path = index("rolls", i);
    const auto& roll = rolls[i];
    if (!roll.IsObject()) throw r.error(path, "must be an object {\"n\", \"kind\", \"dice\"}");
    for (const auto& m : roll.GetObject()) {
      std::string name(m.name.GetString(), m.name.GetStringLength());
      if (name != "n" && name != "kind" && name != "dice") {
        throw r.error(join(path, name), "not a member of a roll (n, kind, dice)");
      }
    }
    GameRoll g;
    const auto& n = r.member(roll, "n", path);
    if (!n.IsInt64() || n.GetInt64() < 1 || n.GetInt64() > static_cast<std::int64_t>(kMaxCounter)) {
      throw r.error(join(path, "n"), "must be an integer from 1 to 4294967295");
    }
    g.n = static_cast<std::uint32_t>(n.GetInt64());
    const auto& kind = r.member(roll, "kind", path);
    try {
      g.kind = parse_kind(r.string(kind, join(path, "kind")), join(path, "kind"));
    } catch (const InputError& e) {
      throw r.error(join(path, "kind"), e.detail());
    }
    const auto& dice = r.array(r.member(roll, "dice", path), join(path, "dice"), 2);
    for (rapidjson::SizeType k = 0; k < 2; ++k) {
      if (!dice[k].IsInt64() || dice[k].GetInt64() < 1 || dice[k].GetInt64() > 6) {
        throw r.error(index(join(path, "dice"), k), "a die is an integer from 1 to 6");
      }
      g.dice[k] = static_cast<int>(dice[k].GetInt64());
    }
    p.rolls.push_back(g);
  }
  return p;
}

json::Value proof_document(const Backend& backend, const ProofSource& s) {
  std::string canonical = canonical_json::serialize(s.settings, "settings");
  Digest sh = settings_hash(backend, canonical);
  Digest c = commitment(backend, s.game_id, sh, s.seats[0], s.seats[1], s.seed);
  json::Array rolls;
  for (const auto& g : s.rolls) {
    rolls.push_back(json::Value::object({{"n", json::Value(static_cast<std::int64_t>(g.n))},
                                         {"kind", kind_name(g.kind)},
                                         {"dice", json::Value::array({g.dice[0], g.dice[1]})}}));
  }
  return json::Value::object(
      {{"format", std::string(kProofFormat)},
       {"version", kProofVersion},
       {"gameId", format_uuid(s.game_id)},
       {"seats", json::Value::array({format_uuid(s.seats[0]), format_uuid(s.seats[1])})},
       {"settings", s.settings},
       {"settingsHash", to_hex(sh)},
       {"seed", to_hex(s.seed)},
       {"contributions", json::Value::array({to_hex(s.contributions[0]), to_hex(s.contributions[1])})},
       {"commitment", to_hex(c)},
       {"sealCode", seal_code(c)},
       {"rolls", json::Value(std::move(rolls))}});
}

Expected parse_expected_commitment(std::string_view text, std::string_view field) {
  if (text.empty())
    throw InputError(std::string(field), "is empty: give the 64-digit commitment or the seal code XXXX-XXXX");
  const bool all_hex = std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  });
  if (all_hex && text.size() != 64) {
    if (text.size() == 8) {
      throw InputError(std::string(field),
                       "8 hex digits without a dash could be a seal code or a digest prefix: write the seal "
                       "code with its dash (XXXX-XXXX), or give all 64 digits of the commitment");
    }
    throw InputError(std::string(field),
                     "looks like the first " + std::to_string(text.size()) +
                         " hex digits of a commitment: give all 64 digits, or the seal code XXXX-XXXX");
  }
  Expected e;
  if (text.size() >= 32) {
    e.kind = Expected::Kind::kDigest;
    e.digest = digest_from_hex(text, field);
  } else {
    e.kind = Expected::Kind::kSealCode;
    e.seal_code = read_seal_code(text, field);
  }
  return e;
}

Verdict verify_proof(const Backend& backend, const Proof& p, const Expected& expected) {
  Verdict v;
  auto fail = [&](std::string check, std::string want, std::string got) {
    v.failed_check = std::move(check);
    v.expected = std::move(want);
    v.found = std::move(got);
    return v;
  };
  Digest sh = settings_hash(backend, p.settings_canonical);
  v.commitment = commitment(backend, p.game_id, sh, p.seats[0], p.seats[1], p.seed);
  v.seal_code = seal_code(v.commitment);
  if (sh != p.settings_hash) return fail("settingsHash", to_hex(sh), to_hex(p.settings_hash));
  if (v.commitment != p.commitment) return fail("commitment", to_hex(v.commitment), to_hex(p.commitment));
  if (v.seal_code != p.seal_code) return fail("sealCode", v.seal_code, p.seal_code);
  if (expected.kind == Expected::Kind::kDigest && expected.digest != v.commitment) {
    return fail("expectedCommitment", to_hex(v.commitment), to_hex(expected.digest));
  }
  if (expected.kind == Expected::Kind::kSealCode && expected.seal_code != v.seal_code) {
    return fail("expectedCommitment", v.seal_code, expected.seal_code);
  }
  RollInputs in{p.seed, p.game_id, p.contributions};
  for (std::size_t i = 0; i < p.rolls.size(); ++i) {
    const GameRoll& g = p.rolls[i];
    const std::string path = "rolls[" + std::to_string(i) + "]";
    if (g.n != i + 1) return fail(path + ".n", std::to_string(i + 1), std::to_string(g.n));
    Dice d = roll(backend, in, g.n).pick.dice;
    if (d != g.dice) return fail(path + ".dice", dice_text(d), dice_text(g.dice));
    const GameRoll* previous = i ? &p.rolls[i - 1] : nullptr;
    if (!kind_may_follow(previous, g.kind, p.opening)) {
      std::string allowed;
      for (RollKind k : {RollKind::kOpening, RollKind::kReroll, RollKind::kMove}) {
        if (kind_may_follow(previous, k, p.opening))
          allowed += (allowed.empty() ? "" : " or ") + std::string(kind_name(k));
      }
      return fail(path + ".kind", allowed, kind_name(g.kind));
    }
    ++v.rolls_checked;
  }
  v.verified = true;
  return v;
}

}  // namespace fairvec::tavla
