// Port protocol ops of the tavla family (specs/tavla-commit-v1.md, "Port operations").
#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla.h"
#include "schemes/tavla_proof.h"

namespace fairvec::port {

namespace {

using namespace fairvec::tavla;

json::Value dice_value(const Dice& d) { return json::Value::array({d[0], d[1]}); }

// two_strings reads params.<key> as an array of exactly two strings.
std::array<std::string, 2> two_strings(const rapidjson::Value& params, std::string_view key) {
  std::vector<std::string> v = param_strings(params, key);
  if (v.size() != 2) {
    throw InputError(std::string(key), "must hold exactly 2 entries, got " + std::to_string(v.size()));
  }
  return {v[0], v[1]};
}

RollInputs roll_inputs(const rapidjson::Value& params) {
  RollInputs in;
  in.seed = parse_secret(param_string(params, "seed"), "seed");
  in.game_id = parse_uuid(param_string(params, "gameId"), "gameId");
  auto c = two_strings(params, "contributions");
  in.contributions[0] = parse_secret(c[0], "contributions[0]");
  in.contributions[1] = parse_secret(c[1], "contributions[1]");
  return in;
}

json::Value commitment_op(const rapidjson::Value& params, const Backend& backend) {
  Uuid game = parse_uuid(param_string(params, "gameId"), "gameId");
  auto seats = two_strings(params, "seats");
  Uuid seat0 = parse_uuid(seats[0], "seats[0]");
  Uuid seat1 = parse_uuid(seats[1], "seats[1]");
  Digest seed = parse_secret(param_string(params, "seed"), "seed");
  std::string canonical = canonical_json::serialize(param(params, "settings"), "settings");
  Digest sh = settings_hash(backend, canonical);
  Digest c = commitment(backend, game, sh, seat0, seat1, seed);
  return json::Value::object({{"settingsHash", to_hex(sh)},
                              {"settingsCanonical", canonical},
                              {"commitment", to_hex(c)},
                              {"sealCode", seal_code(c)}});
}

json::Value block_op(const rapidjson::Value& params, const Backend& backend) {
  RollInputs in = roll_inputs(params);
  std::uint32_t n = check_n(param_uint(params, "n"), "n");
  std::uint32_t block = check_block(param_uint(params, "block"), "block");
  return json::Value::object({{"mac", to_hex(block_mac(backend, in, n, block))}});
}

json::Value pick_op(const rapidjson::Value& params, const Backend&) {
  std::vector<std::string> hex = param_strings(params, "blocks");
  std::vector<Digest> blocks;
  for (std::size_t i = 0; i < hex.size(); ++i) {
    blocks.push_back(digest_from_hex(hex[i], "blocks[" + std::to_string(i) + "]"));
  }
  Pick p = pick(blocks, "blocks");
  return json::Value::object({{"dice", dice_value(p.dice)}, {"blocks", json::Value(p.blocks_read)}});
}

json::Value roll_op(const rapidjson::Value& params, const Backend& backend) {
  RollInputs in = roll_inputs(params);
  std::uint64_t n = param_uint(params, "n");
  Roll r = roll(backend, in, n);
  return json::Value::object({{"dice", dice_value(r.pick.dice)},
                              {"blocks", json::Value(r.pick.blocks_read)}});
}

json::Value game_op(const rapidjson::Value& params, const Backend& backend) {
  RollInputs in = roll_inputs(params);
  OpeningRule rule = parse_opening_rule(param_string(params, "opening"), "opening");
  std::uint64_t moves = param_uint(params, "moves");
  json::Array rolls;
  for (const auto& g : game_rolls(backend, in, rule, moves, "moves")) {
    rolls.push_back(json::Value::object({{"n", json::Value(static_cast<std::int64_t>(g.n))},
                                         {"kind", kind_name(g.kind)},
                                         {"dice", dice_value(g.dice)}}));
  }
  return json::Value::object({{"rolls", json::Value(std::move(rolls))}});
}

json::Value seal_code_op(const rapidjson::Value& params, const Backend&) {
  return json::Value::object({{"sealCode", read_seal_code(param_string(params, "code"), "code")}});
}

json::Value verify_proof_op(const rapidjson::Value& params, const Backend& backend) {
  Proof p = parse_proof(param_string(params, "proof"));
  Expected e;
  if (json::optional_member(params, "expectedCommitment")) {
    e = parse_expected_commitment(param_string(params, "expectedCommitment"), "expectedCommitment");
  }
  Verdict v = verify_proof(backend, p, e);
  return json::Value::object(
      {{"verified", v.verified},
       {"failedCheck", v.verified ? json::Value() : json::Value(v.failed_check)},
       {"commitment", to_hex(v.commitment)},
       {"sealCode", v.seal_code},
       {"rollsChecked", json::Value(static_cast<std::int64_t>(v.rolls_checked))}});
}

json::Value canonical_op(const rapidjson::Value& params, const Backend&) {
  return json::Value::object({{"canonical", canonical_json::canonicalize(param_string(params, "json"), "json")}});
}

json::Value canonical_hex_op(const rapidjson::Value& params, const Backend&) {
  Bytes raw = from_hex(param_string(params, "jsonHex"), "jsonHex");
  std::string text(raw.begin(), raw.end());
  std::string canonical = canonical_json::canonicalize(text, "json");
  return json::Value::object({{"canonical", canonical}, {"canonicalHex", to_hex(as_bytes(canonical))}});
}

}  // namespace

void add_tavla_ops(Registry& r) {
  r.add("tavla.commitment", commitment_op);
  r.add("tavla.block", block_op);
  r.add("tavla.pick", pick_op);
  r.add("tavla.roll", roll_op);
  r.add("tavla.game", game_op);
  r.add("tavla.seal_code", seal_code_op);
  r.add("tavla.verify_proof", verify_proof_op);
  r.add("canonical_json", canonical_op);
  r.add("canonical_json.hex", canonical_hex_op);
}

}  // namespace fairvec::port
