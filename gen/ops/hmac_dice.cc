// Port protocol ops of the hmac-dice-v1 family (specs/hmac-dice-v1.md, "Port operations"):
// the four v1 ops of the brief and the additions parse_link, build_link, parse_recorded,
// verify_match.
#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/hmac_dice.h"

namespace fairvec::port {

namespace hd = fairvec::hmac_dice;

namespace {

json::Value dice_json(const hd::Dice& d) { return json::Value::array({d.d1, d.d2}); }

std::vector<std::string> client_seeds(const rapidjson::Value& params) {
  std::vector<std::string> seeds = param_strings(params, "clientSeeds");
  hd::validate_client_seeds(seeds, "clientSeeds");
  return seeds;
}

json::Value seal_op(const rapidjson::Value& params, const Backend& b) {
  Bytes seed = hd::parse_server_seed(param_string(params, "serverSeed"), "serverSeed");
  return json::Value::object({{"seal", hd::seal(b, seed)}});
}

json::Value roll_op(const rapidjson::Value& params, const Backend& b) {
  Bytes seed = hd::parse_server_seed(param_string(params, "serverSeed"), "serverSeed");
  std::vector<std::string> seeds = client_seeds(params);
  std::uint64_t roll = hd::roll_from_json(param(params, "roll"), "roll");
  return json::Value::object({{"dice", dice_json(hd::roll(b, seed, seeds, roll))}});
}

json::Value message_op(const rapidjson::Value& params, const Backend&) {
  std::vector<std::string> seeds = client_seeds(params);
  std::uint64_t roll = hd::roll_from_json(param(params, "roll"), "roll");
  const rapidjson::Value& r = param(params, "retry");
  if (!r.IsUint64()) throw InputError("retry", "must be an integer >= 0");
  return json::Value::object({{"message", hd::message(seeds, roll, r.GetUint64())}});
}

json::Value pick_op(const rapidjson::Value& params, const Backend&) {
  std::vector<std::string> hex = param_strings(params, "macs");
  std::vector<Digest> macs;
  for (std::size_t i = 0; i < hex.size(); ++i) macs.push_back(digest_from_hex(hex[i], "macs[" + std::to_string(i) + "]"));
  hd::Pick p = hd::pick(macs);
  return json::Value::object({{"dice", dice_json(p.dice)},
                              {"retry", static_cast<std::int64_t>(p.retry)},
                              {"index", static_cast<std::int64_t>(p.index)}});
}

json::Value parse_link_op(const rapidjson::Value& params, const Backend&) {
  hd::Link l = hd::parse_link(param_string(params, "link"));
  json::Array games;
  for (auto g : l.match.games) games.emplace_back(static_cast<std::int64_t>(g));
  return json::Value::object({{"version", l.version},
                              {"lang", l.lang},
                              {"serverSeed", to_hex(l.match.server_seed)},
                              {"seal", l.match.seal ? to_hex(*l.match.seal) : std::string()},
                              {"clientSeeds", json::Value::array_of(l.match.client_seeds)},
                              {"rolls", static_cast<std::int64_t>(l.match.rolls)},
                              {"recorded", l.match.recorded ? hd::rolls_text(*l.match.recorded) : std::string()},
                              {"games", json::Value(std::move(games))}});
}

json::Value build_link_op(const rapidjson::Value& params, const Backend&) {
  hd::Link l;
  const rapidjson::Value& v = param(params, "version");
  if (!v.IsInt64()) throw InputError("version", "must be an integer (0 or 1)");
  if (v.GetInt64() != 0 && v.GetInt64() != 1) throw InputError("version", "link version must be 0 or 1");
  l.version = static_cast<int>(v.GetInt64());
  l.lang = param_string(params, "lang");
  l.match = hd::match_from_json(params, "params", false);
  return json::Value::object({{"link", hd::build_link(l)}});
}

json::Value parse_recorded_op(const rapidjson::Value& params, const Backend&) {
  return json::Value::object({{"recorded", hd::rolls_text(hd::parse_recorded(param_string(params, "text")))}});
}

}  // namespace

namespace {
json::Value verify_match_op(const rapidjson::Value& params, const Backend& b) {
  return hd::report_json(hd::verify_match(b, hd::match_from_json(params, "params", true)));
}
}  // namespace

void add_hmac_dice_ops(Registry& r) {
  r.add("hmac_dice.seal", seal_op);
  r.add("hmac_dice.roll", roll_op);
  r.add("hmac_dice.message", message_op);
  r.add("hmac_dice.pick", pick_op);
  r.add("hmac_dice.parse_link", parse_link_op);
  r.add("hmac_dice.build_link", build_link_op);
  r.add("hmac_dice.parse_recorded", parse_recorded_op);
  r.add("hmac_dice.verify_match", verify_match_op);
}

}  // namespace fairvec::port
