// Port ops of the tavla family (specs/tavla-commit-v1.md, "Port operations") and of canonical
// JSON (specs/canonical-json.md).
#include <stdexcept>
#include <variant>

#include "core/bytes.h"
#include "core/errors.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla.h"
#include "schemes/tavla_proof.h"

namespace fairvec::ops {

namespace {

using namespace fairvec::tavla;

const char* const kSeed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const char* const kHex32 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const char* const kUuid = "123e4567-e89b-12d3-a456-426614174000";
const char* const kUuid2 = "00112233-4455-6677-8899-aabbccddeeff";
const char* const kUuidPattern = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

json::Value dice_value(const Dice& d) { return json::Value::array({d[0], d[1]}); }

KindRef secret() {
  static const KindRef k = string_kind(
      "hex, 32 bytes", Naming::kParams, [](std::string_view t, std::string_view key) { return parse_secret(t, key); },
      schema_hex(32, 32), [](ByteReader& in) { return make::hex(in, 32, 32); });
  return k;
}

KindRef uuid() {
  static const KindRef k = string_kind(
      "UUID, 8-4-4-4-12", Naming::kParams, [](std::string_view t, std::string_view key) { return parse_uuid(t, key); },
      schema_string(kUuidPattern), make::uuid);
  return k;
}

// pair reads an array of exactly two strings ("<key>: must hold exactly 2 entries"), each then
// parsed as |item| reads it ("<key>[i]").
template <typename T>
KindRef pair(std::string name, T (*parse)(std::string_view, std::string_view), json::Value item_schema,
             std::function<json::Value(ByteReader&)> item) {
  return string_list_kind(
      std::move(name),
      [parse](const std::vector<std::string>& v, std::string_view key) {
        if (v.size() != 2) {
          throw InputError(std::string(key), "must hold exactly 2 entries, got " + std::to_string(v.size()));
        }
        const std::string k(key);
        return std::array<T, 2>{parse(v[0], k + "[0]"), parse(v[1], k + "[1]")};
      },
      schema_array(std::move(item_schema), 2, 2),
      [item = std::move(item)](ByteReader& in) { return make::array(in, 2, item); });
}

KindRef contributions() {
  static const KindRef k = pair<Digest>("[hex, hex], 32 bytes each", parse_secret, schema_hex(32, 32),
                                        [](ByteReader& in) { return make::hex(in, 32, 32); });
  return k;
}

KindRef any_uint() {
  static const KindRef k = uint_kind("integer >= 0", {});
  return k;
}

KindRef roll_n() {
  // A negative n is named "n", as check_n names n = 0 (tavla_roll_test.json, "n = -1").
  static const KindRef k =
      uint_kind("integer 1..2^32 - 1", {.type = Naming::kBare,
                                        .check = [](std::uint64_t v, std::string_view key) { (void)check_n(v, key); },
                                        .schema_lo = 1,
                                        .schema_hi = kMaxCounter});
  return k;
}

RollInputs roll_inputs(const Args& a) {
  return {a.get<Digest>("seed"), a.get<Uuid>("gameId"), a.get<std::array<Digest, 2>>("contributions")};
}

std::vector<Param> roll_params() {
  return {{"seed", secret()}, {"gameId", uuid()}, {"contributions", contributions()}};
}

json::Value roll_example(std::initializer_list<std::pair<std::string, json::Value>> more) {
  json::Object o{{"seed", kSeed}, {"gameId", kUuid}, {"contributions", json::Value::array({kHex32, kSeed})}};
  for (const auto& m : more) o.push_back(m);
  return json::Value(std::move(o));
}

json::Value commitment_op(const Args& a, const Backend& backend) {
  const auto& seats = a.get<std::array<Uuid, 2>>("seats");
  const std::string& canonical = a.get<std::string>("settings");
  Digest sh = settings_hash(backend, canonical);
  Digest c = commitment(backend, a.get<Uuid>("gameId"), sh, seats[0], seats[1], a.get<Digest>("seed"));
  return json::Value::object({{"settingsHash", to_hex(sh)},
                              {"settingsCanonical", canonical},
                              {"commitment", to_hex(c)},
                              {"sealCode", seal_code(c)}});
}

// commitment_trace: the bytes the commitment hashes, as tavla_commitment_test.json shows them.
json::Value commitment_trace(const Args& a, const Backend& backend) {
  const auto& seats = a.get<std::array<Uuid, 2>>("seats");
  const Uuid& game = a.get<Uuid>("gameId");
  const Digest sh = settings_hash(backend, a.get<std::string>("settings"));
  return json::Value::object(
      {{"gameIdBytes", to_hex(game)},
       {"seatBytes", json::Value::array({to_hex(seats[0]), to_hex(seats[1])})},
       {"commitmentInput", to_hex(commitment_input(game, sh, seats[0], seats[1], a.get<Digest>("seed")))}});
}

std::uint32_t u32_arg(const Args& a, const char* name) {
  return static_cast<std::uint32_t>(a.get<std::uint64_t>(name));
}

json::Value block_op(const Args& a, const Backend& backend) {
  return json::Value::object(
      {{"mac", to_hex(block_mac(backend, roll_inputs(a), u32_arg(a, "n"), u32_arg(a, "block")))}});
}

// block_trace: the MAC input, as tavla_roll_test.json shows it.
json::Value block_trace(const Args& a, const Backend&) {
  return json::Value::object(
      {{"blockInput", to_hex(block_input(roll_inputs(a), u32_arg(a, "n"), u32_arg(a, "block")))}});
}

// picked_value: the bytes that became the dice, [{block, index, byte}, ...].
json::Value picked_value(const Pick& p) {
  json::Array out;
  for (const auto& b : p.picked) {
    out.push_back(json::Value::object({{"block", json::Value(static_cast<std::int64_t>(b.block))},
                                       {"index", json::Value(static_cast<std::int64_t>(b.index))},
                                       {"byte", json::Value(static_cast<std::int64_t>(b.byte))}}));
  }
  return json::Value(std::move(out));
}

json::Value pick_op(const Args& a, const Backend&) {
  Pick p = pick(a.get<std::vector<Digest>>("blocks"), "blocks");
  return json::Value::object({{"dice", dice_value(p.dice)}, {"blocks", json::Value(p.blocks_read)}});
}

json::Value pick_trace(const Args& a, const Backend&) {
  return json::Value::object({{"picked", picked_value(pick(a.get<std::vector<Digest>>("blocks"), "blocks"))}});
}

json::Value roll_op(const Args& a, const Backend& backend) {
  Roll r = roll(backend, roll_inputs(a), a.get<std::uint64_t>("n"));
  return json::Value::object({{"dice", dice_value(r.pick.dice)}, {"blocks", json::Value(r.pick.blocks_read)}});
}

// roll_trace: every block MAC the roll read ({block, mac}, block 0 first) and the bytes picked.
json::Value roll_trace(const Args& a, const Backend& backend) {
  Roll r = roll(backend, roll_inputs(a), a.get<std::uint64_t>("n"));
  json::Array macs;
  for (std::size_t b = 0; b < r.macs.size(); ++b) {
    macs.push_back(
        json::Value::object({{"block", json::Value(static_cast<std::int64_t>(b))}, {"mac", to_hex(r.macs[b])}}));
  }
  return json::Value::object({{"blockMacs", json::Value(std::move(macs))}, {"picked", picked_value(r.pick)}});
}

json::Value game_op(const Args& a, const Backend& backend) {
  json::Array rolls;
  for (const auto& g :
       game_rolls(backend, roll_inputs(a), a.get<OpeningRule>("opening"), a.get<std::uint64_t>("moves"), "moves")) {
    rolls.push_back(json::Value::object({{"n", json::Value(static_cast<std::int64_t>(g.n))},
                                         {"kind", kind_name(g.kind)},
                                         {"dice", dice_value(g.dice)}}));
  }
  return json::Value::object({{"rolls", json::Value(std::move(rolls))}});
}

json::Value verify_proof_op(const Args& a, const Backend& backend) {
  const Expected* e = a.find<Expected>("expectedCommitment");
  Verdict v = verify_proof(backend, a.get<Proof>("proof"), e ? *e : Expected{});
  return json::Value::object({{"verified", v.verified},
                              {"failedCheck", v.verified ? json::Value() : json::Value(v.failed_check)},
                              {"commitment", to_hex(v.commitment)},
                              {"sealCode", v.seal_code},
                              {"rollsChecked", json::Value(static_cast<std::int64_t>(v.rolls_checked))}});
}

// verify_proof_trace: the exit code `fairvec verify` gives (0 verified, 1 a check failed), as
// tavla_verify_test.json shows it.
json::Value verify_proof_trace(const Args& a, const Backend& backend) {
  const bool verified = std::get<bool>(verify_proof_op(a, backend).find("verified")->variant());
  return json::Value::object({{"exitCode", verified ? 0 : 1}});
}

json::Value proof_example() {
  return json::Value::object({{"format", "tavla-commit-proof"},
                              {"version", 1},
                              {"gameId", kUuid},
                              {"seats", json::Value::array({kUuid, kUuid2})},
                              {"settings", json::Value::object({{"rulesVersion", 1}})},
                              {"settingsHash", kHex32},
                              {"seed", kSeed},
                              {"contributions", json::Value::array({kHex32, kSeed})},
                              {"commitment", kHex32},
                              {"sealCode", "5J8Z-XF1R"},
                              {"rolls", json::Value::array({json::Value::object(
                                            {{"n", 1}, {"kind", "opening"}, {"dice", json::Value::array({6, 3})}})})}});
}

// member_of returns member |name| of object |v| (added as null when absent), or item |i| of array
// |v|. Throws std::logic_error when |v| is not an object (array), std::out_of_range past the end.
json::Value& member_of(json::Value& v, std::string_view name) {
  for (auto& [k, m] : v.as_object()) {
    if (k == name) return m;
  }
  return v.as_object().emplace_back(std::string(name), json::Value()).second;
}
json::Value& member_of(json::Value& v, std::size_t i) { return v.as_array().at(i); }

// random_proof returns the text of a random well-formed proof file (a random valid value of the
// proof Kind): random ids, secrets and canonical settings, the rolls of a game of up to 12 moves,
// settingsHash, commitment and seal code computed; one in three has one member tampered with
// (a die, a roll's kind or n, a roll removed, a hex digit, the seal code), so that each check
// of the verification fails now and then. Written compact or indented. It never throws.
json::Value random_proof(ByteReader& in) {
  ProofSource s;
  s.settings = make::canonical_value(in, true);
  auto fill = [&](auto& bytes) {
    for (auto& b : bytes) b = static_cast<std::uint8_t>(in.integer(0, 255));
  };
  fill(s.game_id);
  for (auto& seat : s.seats) fill(seat);
  fill(s.seed);
  for (auto& c : s.contributions) fill(c);
  const RollInputs ri{s.seed, s.game_id, s.contributions};
  const OpeningRule rule = in.boolean() ? OpeningRule::kPlay : OpeningRule::kReroll;
  json::Value doc;
  try {
    s.rolls = game_rolls(default_backend(), ri, rule, in.integer(0, 12), "moves");
    doc = proof_document(default_backend(), s);
  } catch (const std::exception&) {
    return json::Value(json::to_line(proof_example()));
  }
  json::Value& rolls_value = member_of(doc, "rolls");
  json::Array none;
  json::Array& rolls = rolls_value.is_array() ? rolls_value.as_array() : none;
  json::Value* roll = rolls.empty() ? nullptr : &rolls[in.pick(rolls.size())];
  switch (in.pick(3) == 0 ? in.pick(6) : 6) {
    case 0:  // a die
      if (roll) {
        json::Value& d = member_of(member_of(*roll, "dice"), in.pick(2));
        d = json::Value(static_cast<std::int64_t>(1 + (std::get<std::int64_t>(d.variant()) + in.pick(5)) % 6));
      }
      break;
    case 1:  // a roll's kind
      if (roll) member_of(*roll, "kind") = kind_name(static_cast<RollKind>(in.pick(3)));
      break;
    case 2:  // a roll's n
      if (roll) member_of(*roll, "n") = static_cast<std::int64_t>(1 + in.pick(20));
      break;
    case 3:  // a roll removed
      if (roll) rolls.erase(rolls.begin() + (roll - rolls.data()));
      break;
    case 4: {  // a hex digit of a secret or digest
      static const char* const kHex[] = {"seed", "settingsHash", "commitment"};
      json::Value& v = member_of(doc, kHex[in.pick(3)]);
      std::string h = std::get<std::string>(v.variant());
      char& c = h[in.pick(h.size())];
      c = c == '0' ? '1' : '0';
      v = json::Value(h);
      break;
    }
    case 5: member_of(doc, "sealCode") = "0000-0000"; break;
    default: break;
  }
  return json::Value(in.pick(4) == 0 ? json::to_pretty(doc) : json::to_line(doc));
}

}  // namespace

void add_tavla_ops(Table& t) {
  const KindRef hex_out = hex32_result();
  const KindRef seal_out = result_kind("seal code XXXX-XXXX (Crockford base32)",
                                       schema_string("^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$"));
  const KindRef blocks_out = result_kind("integer >= 1: blocks read", schema_integer(1, kMaxCounter));
  const KindRef settings =
      with_valid(value_kind(
                     "JSON value of the canonical subset (specs/canonical-json.md)", Naming::kParams,
                     [](const rapidjson::Value& v, std::string_view key) { return canonical_json::serialize(v, key); },
                     json::Value::object(), [](ByteReader& in) { return make::json_value(in); }, false),
                 [](ByteReader& in) { return make::canonical_value(in); });
  const KindRef block = uint_kind(
      "integer 0..2^32 - 1",
      {.check = [](std::uint64_t v, std::string_view key) { (void)check_block(v, key); }, .schema_hi = kMaxCounter});
  const KindRef opening = string_kind(
      "play or reroll", Naming::kParams,
      [](std::string_view s, std::string_view key) { return parse_opening_rule(s, key); },
      schema_enum({"play", "reroll"}),
      [](ByteReader& in) {
        return make::one_of(in, {"play", "reroll"});
      });
  const KindRef code = string_kind(
      "seal code, read leniently", Naming::kParams,
      [](std::string_view s, std::string_view key) { return read_seal_code(s, key); }, schema_string(),
      [](ByteReader& in) {
        // Crockford symbols, either case, the letters read leniently (O, I, L), U, and dashes.
        return make::alphabet_text(in, "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOILoil--U", 11);
      },
      false);
  const KindRef proof = with_valid(
      string_kind(
          "proof file text (specs/tavla-commit-v1.md)", Naming::kParams,
          [](std::string_view s, std::string_view) { return parse_proof(s); }, schema_string(),
          [](ByteReader& in) { return in.pick(2) ? json::Value(json::to_line(proof_example())) : make::json_text(in); },
          false),
      random_proof);
  const KindRef expected = string_kind(
      "hex, 32 bytes, or a seal code", Naming::kParams,
      [](std::string_view s, std::string_view key) { return parse_expected_commitment(s, key); }, schema_string(),
      [](ByteReader& in) { return in.pick(2) ? make::hex(in, 32, 32) : json::Value("5J8Z-XF1R"); }, false);
  const KindRef text_out = result_kind("string", schema_string());

  std::vector<Param> block_params = roll_params();
  block_params.push_back({"n", roll_n()});
  block_params.push_back({"block", block});
  std::vector<Param> roll_ps = roll_params();
  roll_ps.push_back(checked({"n", any_uint()}));
  std::vector<Param> game_params = roll_params();
  game_params.push_back({"opening", opening});
  game_params.push_back(checked({"moves", any_uint()}));

  t.add({.name = "tavla.commitment",
         .summary = "the settings hash, commitment and seal code of a game",
         .params = {{"gameId", uuid()},
                    {"seats", pair<Uuid>("[UUID, UUID]", parse_uuid, schema_string(kUuidPattern), make::uuid)},
                    {"seed", secret()},
                    {"settings", settings}},
         .results = {{"settingsHash", hex_out},
                     addition({"settingsCanonical", text_out}),
                     {"commitment", hex_out},
                     {"sealCode", seal_out}},
         .examples = {json::Value::object(
             {{"gameId", kUuid},
              {"seats", json::Value::array({kUuid, kUuid2})},
              {"seed", kSeed},
              {"settings", json::Value::object({{"rulesVersion", 1}, {"matchPoints", 5}})}})},
         .handler = commitment_op,
         .trace = commitment_trace});
  t.add({.name = "tavla.block",
         .summary = "the MAC of block |block| of roll n",
         .params = block_params,
         .results = {{"mac", hex_out}},
         .examples = {roll_example({{"n", 1}, {"block", 0}})},
         .handler = block_op,
         .trace = block_trace});
  t.add({.name = "tavla.pick",
         .summary = "the dice from blocks 0, 1, ...",
         .params = {checked({"blocks", digest_list("array of hex, 32 bytes each; block 0 first")})},
         .results = {{"dice", dice_result()}, {"blocks", blocks_out}},
         .examples = {json::Value::object({{"blocks", json::Value::array({std::string(62, 'f') + "01", kHex32})}})},
         .handler = pick_op,
         .trace = pick_trace});
  t.add({.name = "tavla.roll",
         .summary = "the dice of roll n",
         .params = roll_ps,
         .results = {{"dice", dice_result()}, addition({"blocks", blocks_out})},
         .examples = {roll_example({{"n", json::Value(std::uint64_t{kMaxCounter})}})},
         .handler = roll_op,
         .trace = roll_trace});
  t.add({.name = "tavla.game",
         .addition = true,
         .summary = "the rolls of a game: opening rolls, then |moves| move rolls",
         .params = game_params,
         .results = {{"rolls", result_kind("array of {n, kind, dice}",
                                           schema_array(json::Value::object({{"type", "object"}})))}},
         .examples = {roll_example({{"opening", "play"}, {"moves", 3}})},
         .handler = game_op});
  t.add({.name = "tavla.seal_code",
         .addition = true,
         .summary = "a seal code read leniently, as XXXX-XXXX",
         .params = {{"code", code}},
         .results = {{"sealCode", seal_out}},
         .examples = {json::Value::object({{"code", "5j8z-xflr"}})},
         .handler = [](const Args& a, const Backend&) {
           return json::Value::object({{"sealCode", a.get<std::string>("code")}});
         }});
  t.add({.name = "tavla.verify_proof",
         .addition = true,
         .summary = "a proof file checked: settings hash, commitment, seal code, every roll",
         .params = {{"proof", proof}, {"expectedCommitment", expected, true}},
         .results = {{"verified", result_kind("true or false", json::Value::object({{"type", "boolean"}}))},
                     {"failedCheck",
                      result_kind("null, or the first check that failed",
                                  json::Value::object({{"type", json::Value::array({"string", "null"})}}))},
                     addition({"commitment", hex_out}),
                     addition({"sealCode", seal_out}),
                     addition({"rollsChecked", result_kind("integer >= 0", schema_integer(0, kMaxCounter))})},
         .examples = {json::Value::object({{"proof", json::to_line(proof_example())}})},
         .handler = verify_proof_op,
         .trace = verify_proof_trace});
}

}  // namespace fairvec::ops
