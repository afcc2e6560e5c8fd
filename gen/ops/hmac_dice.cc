// Port ops of the hmac-dice-v1 family (specs/hmac-dice-v1.md, "Port operations"): the four v1 ops
// of the protocol and the additions parse_link, build_link, parse_recorded, verify_match.
#include "schemes/hmac_dice.h"
#include "core/errors.h"
#include "ops/fuzz_values.h"
#include "ops/op_table.h"

namespace fairvec::ops {

namespace hd = fairvec::hmac_dice;

namespace {

const char* const kSeed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

json::Value dice_json(const hd::Dice& d) { return json::Value::array({d.d1, d.d2}); }

std::string str(const json::Value& v) {
  const auto* s = std::get_if<std::string>(&v.variant());
  return s ? *s : json::to_line(v);
}

// roll_digits makes |n| rolls as digits, now and then with a die out of 1..6.
std::string roll_digits(ByteReader& in, std::size_t n) {
  return str(make::alphabet_text(in, in.pick(16) == 0 ? "0123456789" : "123456", 2 * n));
}

// recorded_fuzz makes a listing of recorded rolls in one of the dice page's styles.
json::Value recorded_fuzz(ByteReader& in) {
  if (in.pick(8) == 0) return make::text(in);
  std::string digits = roll_digits(in, 1 + in.pick(6));
  std::string out;
  const std::size_t style = in.pick(5);
  for (std::size_t i = 0; i + 1 < digits.size(); i += 2) {
    const std::string no = std::to_string(i / 2 + 1), pair = digits.substr(i, 2);
    switch (style) {
      case 0: out += pair; break;
      case 1: out += (i ? " " : "") + pair; break;
      case 2: out += no + ": " + pair + "\n"; break;
      case 3: out += (i ? " " : "") + no + ". " + pair; break;
      default: out += (i ? " " : "") + ("#" + no) + " " + pair; break;
    }
  }
  return json::Value(out);
}

// link_fuzz makes a check-page link: v0 query or v1 fragment, with or without a path prefix.
json::Value link_fuzz(ByteReader& in) {
  if (in.pick(8) == 0) return make::text(in);
  const std::string prefix = str(make::one_of(in, {"", "/ru/check/", "/tr/check/", "https://example.test/de/check/"}));
  const std::string seed = str(make::hex(in, hd::kMinServerSeedBytes, hd::kMaxServerSeedBytes));
  std::string seeds;
  const json::Value clients = make::client_seeds(in);
  for (const auto& c : clients.as_array()) seeds += (seeds.empty() ? "" : ",") + str(c);
  const std::size_t rolls = in.pick(5);
  const std::string digits = roll_digits(in, rolls);
  if (in.pick(2)) {
    return json::Value(prefix + "?seed=" + seed + "&client=" + seeds + "&n=" + std::to_string(rolls) +
                       (in.pick(2) ? "&rolls=" + digits : ""));
  }
  return json::Value(prefix + "#v=1&s=" + seed + (in.pick(2) ? "&c=" + str(make::hex(in, 32, 32)) : "") +
                     "&p=" + seeds + "&r=" + digits + (in.pick(2) ? "&g=" + std::to_string(rolls) : ""));
}

KindRef server_seed() {
  static const KindRef k = string_kind(
      "hex, " + std::to_string(hd::kMinServerSeedBytes) + ".." + std::to_string(hd::kMaxServerSeedBytes) + " bytes",
      Naming::kParams, [](std::string_view t, std::string_view key) { return hd::parse_server_seed(t, key); },
      schema_hex(hd::kMinServerSeedBytes, hd::kMaxServerSeedBytes),
      [](ByteReader& in) { return make::hex(in, hd::kMinServerSeedBytes, hd::kMaxServerSeedBytes); });
  return k;
}

KindRef client_seeds() {
  static const KindRef k = string_list_kind(
      "1.." + std::to_string(hd::kMaxClientSeeds) + " client seeds of [A-Za-z0-9_-], 1.." +
          std::to_string(hd::kMaxClientSeedChars) + " characters",
      [](const std::vector<std::string>& seeds, std::string_view key) {
        hd::validate_client_seeds(seeds, key);
        return seeds;
      },
      schema_array(schema_text("A-Za-z0-9_-", hd::kMaxClientSeedChars), 1, hd::kMaxClientSeeds), make::client_seeds);
  return k;
}

KindRef roll_number() {
  static const KindRef k = value_kind(
      "integer 1..2^53 - 1", Naming::kParams,
      [](const rapidjson::Value& v, std::string_view key) { return hd::roll_from_json(v, key); },
      schema_integer(1, hd::kMaxRoll), [](ByteReader& in) { return make::integer(in, hd::kMaxRoll + 1); });
  return k;
}

// The members match_from_json reads, declared for the schema, the fuzz grammar and the op tables.
std::vector<Param> match_members() {
  static const KindRef seal = result_kind("empty, or hex, 32 bytes", schema_string("^([0-9a-fA-F]{64})?$"));
  static const KindRef rolls =
      result_kind("integer 1.." + std::to_string(hd::kMaxMatchRolls), schema_integer(1, hd::kMaxMatchRolls));
  static const KindRef recorded = result_kind("recorded rolls (text), or empty", schema_string());
  static const KindRef games = result_kind("array of game lengths (integers >= 1) adding up to rolls",
                                           schema_array(schema_integer(1, hd::kMaxMatchRolls)));
  // Members whose rules involve the others (recorded and games must fit rolls) are not exact.
  auto fuzzed = [](KindRef k, std::function<json::Value(ByteReader&)> f, bool exact = true) {
    auto c = std::make_shared<Kind>(*k);
    c->fuzz = std::move(f);
    c->exact = exact;
    return KindRef(c);
  };
  return {{"serverSeed", server_seed()},
          {"seal", fuzzed(seal, [](ByteReader& in) { return in.pick(3) ? json::Value("") : make::hex(in, 32, 32); })},
          {"clientSeeds", client_seeds()},
          {"rolls", fuzzed(rolls, [](ByteReader& in) { return make::integer(in, 8); })},
          {"recorded", fuzzed(
                           recorded,
                           [](ByteReader& in) {
                             return in.pick(2) ? json::Value("") : json::Value(std::string(2 * in.pick(9), '6'));
                           },
                           false)},
          {"games", fuzzed(
                        games,
                        [](ByteReader& in) {
                          return make::array(in, in.pick(3), [](ByteReader& r) { return make::integer(r, 8); });
                        },
                        false)}};
}

// match_group reads a whole match with match_from_json (listing: recorded rolls as a listing).
Param match_group(bool listing) {
  auto k = std::make_shared<Kind>();
  k->name = listing ? "a match, recorded rolls as a listing" : "a match, recorded rolls as digits";
  k->read = [listing](const rapidjson::Value* params, std::string_view) -> std::any {
    return hd::match_from_json(*params, "params", listing);
  };
  return {"match", k, false, match_members()};
}

json::Value seal_op(const Args& a, const Backend& b) {
  return json::Value::object({{"seal", hd::seal(b, a.get<Bytes>("serverSeed"))}});
}

json::Value roll_op(const Args& a, const Backend& b) {
  hd::Dice d = hd::roll(b, a.get<Bytes>("serverSeed"), a.get<std::vector<std::string>>("clientSeeds"),
                        a.get<std::uint64_t>("roll"));
  return json::Value::object({{"dice", dice_json(d)}});
}

// roll_trace: the message and MAC of each retry computed and the byte used (hmac_dice_roll_test.json).
json::Value roll_trace(const Args& a, const Backend& b) {
  const hd::RollTrace tr = hd::derive_roll(
      b, a.get<Bytes>("serverSeed"), a.get<std::vector<std::string>>("clientSeeds"), a.get<std::uint64_t>("roll"));
  json::Array messages, macs;
  for (const auto& m : tr.messages) messages.emplace_back(m);
  for (const auto& m : tr.macs) macs.emplace_back(to_hex(m));
  return json::Value::object({{"messages", json::Value(std::move(messages))},
                              {"macs", json::Value(std::move(macs))},
                              {"retry", static_cast<std::int64_t>(tr.pick.retry)},
                              {"index", static_cast<std::int64_t>(tr.pick.index)},
                              {"byte", static_cast<std::int64_t>(tr.pick.byte)}});
}

json::Value message_op(const Args& a, const Backend&) {
  return json::Value::object({{"message", hd::message(a.get<std::vector<std::string>>("clientSeeds"),
                                                      a.get<std::uint64_t>("roll"), a.get<std::uint64_t>("retry"))}});
}

// message_trace: the MAC of the message under the params' serverSeed when they carry one (the next
// step of a roll's derivation, which hmac_dice_pick_test.json shows); the op itself has no key.
json::Value message_trace(const Args& a, const Backend& b) {
  const rapidjson::Value* seed = json::optional_member(a.params(), "serverSeed");
  if (!seed) return json::Value::object();
  const std::string m = hd::message(a.get<std::vector<std::string>>("clientSeeds"), a.get<std::uint64_t>("roll"),
                                    a.get<std::uint64_t>("retry"));
  const Bytes key = hd::parse_server_seed(json::get_string(a.params(), "serverSeed", "params"));
  return json::Value::object({{"mac", to_hex(b.hmac_sha256(key, as_bytes(m)))}});
}

// pick_trace: the value of the byte used.
json::Value pick_trace(const Args& a, const Backend&) {
  return json::Value::object({{"byte", static_cast<std::int64_t>(hd::pick(a.get<std::vector<Digest>>("macs")).byte)}});
}

json::Value pick_op(const Args& a, const Backend&) {
  hd::Pick p = hd::pick(a.get<std::vector<Digest>>("macs"));
  return json::Value::object({{"dice", dice_json(p.dice)},
                              {"retry", static_cast<std::int64_t>(p.retry)},
                              {"index", static_cast<std::int64_t>(p.index)}});
}

json::Value parse_link_op(const Args& a, const Backend&) {
  const hd::Link& l = a.get<hd::Link>("link");
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

// parse_link_trace: the canonical link that build_link makes of the parsed fields.
json::Value parse_link_trace(const Args& a, const Backend&) {
  return json::Value::object({{"canonicalLink", hd::build_link(a.get<hd::Link>("link"))}});
}

json::Value build_link_op(const Args& a, const Backend&) {
  hd::Link l;
  l.version = a.get<int>("version");
  l.lang = a.get<std::string>("lang");
  l.match = a.get<hd::Match>("match");
  return json::Value::object({{"link", hd::build_link(l)}});
}

json::Value parse_recorded_op(const Args& a, const Backend&) {
  return json::Value::object({{"recorded", hd::rolls_text(a.get<std::vector<hd::Dice>>("text"))}});
}

// parse_recorded_trace: how many rolls the listing holds (hmac_dice_recorded_test.json's count).
json::Value parse_recorded_trace(const Args& a, const Backend&) {
  return json::Value::object({{"count", static_cast<std::int64_t>(a.get<std::vector<hd::Dice>>("text").size())}});
}

json::Value verify_match_op(const Args& a, const Backend& b) {
  return hd::report_json(hd::verify_match(b, a.get<hd::Match>("match")));
}

// verify_match_trace: the check-page link that carries the match (hmac_dice_match_test.json's link):
// v1 when it has recorded rolls, v0 when it has neither rolls nor games, none ("") otherwise.
json::Value verify_match_trace(const Args& a, const Backend&) {
  const hd::Match& m = a.get<hd::Match>("match");
  if (!m.recorded && !m.games.empty()) return json::Value::object({{"link", ""}});
  hd::Link l;
  l.version = m.recorded ? 1 : 0;
  l.lang = m.recorded ? "de" : "tr";
  l.match = m;
  return json::Value::object({{"link", hd::build_link(l)}});
}

}  // namespace

void add_hmac_dice_ops(Table& t) {
  const KindRef retry = uint_kind("integer >= 0 (at most " + std::to_string(hd::kMaxRetry) + ")",
                                  {.type = Naming::kBare, .message = "must be an integer >= 0"});
  const KindRef seal_out = hex32_result();
  const KindRef text_out = result_kind("string", schema_string());
  const KindRef int_out = result_kind("integer >= 0", schema_integer(0, hd::kMaxMatchRolls));
  const json::Value seeds = json::Value::array({"alice", "bob"});

  t.add({.name = "hmac_dice.seal",
         .summary = "the seal: SHA-256 of the server seed",
         .params = {{"serverSeed", server_seed()}},
         .results = {{"seal", seal_out}},
         .examples = {json::Value::object({{"serverSeed", kSeed}})},
         .handler = seal_op});
  t.add({.name = "hmac_dice.roll",
         .summary = "the dice of one roll",
         .params = {{"serverSeed", server_seed()}, {"clientSeeds", client_seeds()}, {"roll", roll_number()}},
         .results = {{"dice", dice_result()}},
         .examples = {json::Value::object({{"serverSeed", kSeed}, {"clientSeeds", seeds}, {"roll", 1}}),
                      json::Value::object({{"serverSeed", std::string(kSeed).substr(0, 32)},
                                           {"clientSeeds", json::Value::array({"c0ffee"})},
                                           {"roll", json::Value(hd::kMaxRoll)}})},
         .handler = roll_op,
         .trace = roll_trace});
  t.add({.name = "hmac_dice.message",
         .summary = "the HMAC message of a roll at a retry",
         .params = {{"clientSeeds", client_seeds()}, {"roll", roll_number()}, {"retry", retry}},
         .results = {{"message", text_out}},
         .examples = {json::Value::object({{"clientSeeds", seeds}, {"roll", 52}, {"retry", 2}})},
         .handler = message_op,
         .trace = message_trace});
  t.add({.name = "hmac_dice.pick",
         .summary = "the dice from the MACs of retries 0, 1, ...",
         .params = {checked({"macs", digest_list("array of hex, 32 bytes each; macs[k] is the MAC of retry k")})},
         .results = {{"dice", dice_result()},
                     {"retry", int_out},
                     {"index", result_kind("integer 0..31", schema_integer(0, 31))}},
         .examples = {json::Value::object(
             {{"macs", json::Value::array({std::string(62, 'f') + "00", std::string(64, 'a')})}})},
         .handler = pick_op,
         .trace = pick_trace});
  const KindRef link = string_kind(
      "a check-page link (v0 query or v1 fragment)", Naming::kParams,
      [](std::string_view text, std::string_view) { return hd::parse_link(text); }, schema_string(), link_fuzz, false);
  t.add({.name = "hmac_dice.parse_link",
         .addition = true,
         .summary = "the fields of a check-page link",
         .params = {{"link", link}},
         .results = {{"version", result_kind("0 or 1", schema_integer(0, 1))},
                     {"lang", text_out},
                     {"serverSeed", result_kind("hex, lowercase", schema_string("^([0-9a-f]{2})*$"))},
                     {"seal", result_kind("hex, 32 bytes, or empty", schema_string("^([0-9a-f]{64})?$"))},
                     {"clientSeeds", result_kind("array of strings", schema_array(schema_string()))},
                     {"rolls", int_out},
                     {"recorded", result_kind("recorded rolls as digits, or empty", schema_string("^([1-6]{2})*$"))},
                     {"games", result_kind("array of integers", schema_array(schema_integer(1, hd::kMaxMatchRolls)))}},
         .examples =
             {json::Value::object({{"link", "/ru/check/#v=1&s=" + std::string(kSeed) + "&p=alice,bob&r=634411&g=2,1"}}),
              json::Value::object({{"link", "/tr/check/?seed=" + std::string(kSeed) + "&client=a,b&n=2&rolls=6344"}})},
         .handler = parse_link_op,
         .trace = parse_link_trace});
  const KindRef version = value_kind(
      "0 or 1", Naming::kParams,
      [](const rapidjson::Value& v, std::string_view key) {
        if (!v.IsInt64()) throw InputError(std::string(key), "must be an integer (0 or 1)");
        if (v.GetInt64() != 0 && v.GetInt64() != 1) throw InputError(std::string(key), "link version must be 0 or 1");
        return static_cast<int>(v.GetInt64());
      },
      schema_integer(0, 1), [](ByteReader& in) { return make::integer(in, 2); });
  t.add(
      {.name = "hmac_dice.build_link",
       .addition = true,
       .summary = "the check-page link of a match",
       .params = {{"version", version},
                  checked({"lang", text("string: 2 or 3 lowercase letters, or empty", Naming::kParams, schema_string(),
                                        [](ByteReader& in) {
                                          return make::one_of(in, {"", "ru", "tr", "de", "id", "eng"});
                                        })}),
                  match_group(false)},
       .results = {{"link", text_out}},
       .examples = {json::Value::object({{"version", 1},
                                         {"lang", "ru"},
                                         {"serverSeed", kSeed},
                                         {"seal", ""},
                                         {"clientSeeds", seeds},
                                         {"rolls", 3},
                                         {"recorded", "634411"},
                                         {"games", json::Value::array({2, 1})}}),
                    // One roll (the first of the match above), and a v0 link: the bounds of rolls and
                    // version and a one-game games list, where recorded and games still fit.
                    json::Value::object({{"version", 1},
                                         {"lang", "ru"},
                                         {"serverSeed", kSeed},
                                         {"seal", ""},
                                         {"clientSeeds", seeds},
                                         {"rolls", 1},
                                         {"recorded", "63"},
                                         {"games", json::Value::array({1})}}),
                    json::Value::object({{"version", 0},
                                         {"lang", "tr"},
                                         {"serverSeed", kSeed},
                                         {"seal", ""},
                                         {"clientSeeds", seeds},
                                         {"rolls", 2},
                                         {"recorded", "6344"},
                                         {"games", json::Value::array()}})},
       .handler = build_link_op});
  const KindRef listing = string_kind(
      "recorded rolls as the dice page lists them", Naming::kParams,
      [](std::string_view text, std::string_view) { return hd::parse_recorded(text); }, schema_string(), recorded_fuzz,
      false);
  t.add({.name = "hmac_dice.parse_recorded",
         .addition = true,
         .summary = "recorded rolls in the bare form",
         .params = {{"text", listing}},
         .results = {{"recorded", result_kind("digits 1..6, two per roll", schema_string("^([1-6]{2})*$"))}},
         .examples = {json::Value::object({{"text", "1: 63\n2: 44\n"}})},
         .handler = parse_recorded_op,
         .trace = parse_recorded_trace});
  t.add({.name = "hmac_dice.verify_match",
         .addition = true,
         .summary = "a whole match checked: the seal and every recorded roll",
         .params = {match_group(true)},
         .results = {{"verdict", text_out},
                     {"computedSeal", seal_out},
                     {"sealStatus",
                      result_kind("absent, match or mismatch", schema_enum({"absent", "match", "mismatch"}))},
                     {"dice", result_kind("digits 1..6, two per roll", schema_string("^([1-6]{2})*$"))},
                     {"mismatches", result_kind("array of {roll, game, rollInGame, expected, recorded}",
                                                schema_array(json::Value::object({{"type", "object"}})))},
                     {"gameSummary", result_kind("array of {game, firstRoll, rolls, openingTies, openingRoll}",
                                                 schema_array(json::Value::object({{"type", "object"}})))}},
         .examples = {json::Value::object({{"serverSeed", kSeed},
                                           {"seal", ""},
                                           {"clientSeeds", seeds},
                                           {"rolls", 2},
                                           {"recorded", "63 44"},
                                           {"games", json::Value::array()}}),
                      // One roll, the first of the match above: the bounds of rolls where recorded still fits.
                      json::Value::object({{"serverSeed", kSeed},
                                           {"seal", ""},
                                           {"clientSeeds", seeds},
                                           {"rolls", 1},
                                           {"recorded", "63"},
                                           {"games", json::Value::array({1})}})},
         .handler = verify_match_op,
         .trace = verify_match_trace});
}

}  // namespace fairvec::ops
