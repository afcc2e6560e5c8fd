// fuzz_port_differential: every port op (port/protocol.h registry) on every backend, compared.
//
// The input picks an op from the registry and builds its params from a small grammar of the
// protocol's parameter types (port-protocol.md): hex seeds and MACs, client seeds, safe and unsafe
// integers, decimal u64 strings, unit doubles, UUIDs, game names and options, JSON values and
// JSON text. Values are mostly well formed and sometimes broken (wrong length, case, type, a
// missing or an extra param), so both the valid paths and the bad_input paths are reached. Ops the
// grammar does not know get params from the pool of every known param name.
//
// Findings: the backends' replies differ (ok/error code, or the result JSON byte for byte) ->
// "<A>-<B>-<op>-difference"; an "internal" error (the library threw something other than
// InputError) -> "<backend>-<op>-internal-error"; a result that breaks its op's promises (dice in
// 1..6, u in [0, 1], draws in range, pool-hop picks distinct, keno balls distinct in 1..40,
// canonical JSON idempotent, …) -> "<backend>-<op>-invariant-violation".
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "byte_reader.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/json.h"
#include "differential.h"
#include "port/protocol.h"

namespace {

namespace json = fairvec::json;
using fairvec::fuzz::ByteReader;
using fairvec::fuzz::Outcome;

enum class Kind {
  kHexSeed,      // hmac_dice server seed: 16..64 bytes of hex
  kHex32,        // exactly 32 bytes of hex (MACs, tavla seeds, links)
  kHex32Array,   // macs / blocks
  kHex32Pair,    // tavla contributions
  kText,         // any string (cursor seeds, salts)
  kClientSeeds,  // 1..2 client seeds
  kRollNo,       // 1..2^53-1
  kSmallInt,     // retry, size
  kSafeInt,      // nonce, cursor
  kU32,          // tavla n, block
  kU64String,    // decimal u64 as a string
  kUnits,        // array of doubles
  kGame,         // cursor game name
  kOptions,      // cursor game options
  kConvention,   // crash convention
  kUuid,
  kUuidPair,
  kJsonValue,    // any JSON value (tavla settings)
  kJsonText,     // a string holding JSON text (canonical_json)
};

struct Param {
  const char* name;
  Kind kind;
};

struct OpGrammar {
  const char* op;
  std::vector<Param> params;
};

const std::vector<OpGrammar>& grammar() {
  static const std::vector<OpGrammar> kGrammar = {
      {"hmac_dice.seal", {{"serverSeed", Kind::kHexSeed}}},
      {"hmac_dice.roll",
       {{"serverSeed", Kind::kHexSeed}, {"clientSeeds", Kind::kClientSeeds}, {"roll", Kind::kRollNo}}},
      {"hmac_dice.message",
       {{"clientSeeds", Kind::kClientSeeds}, {"roll", Kind::kRollNo}, {"retry", Kind::kSmallInt}}},
      {"hmac_dice.pick", {{"macs", Kind::kHex32Array}}},
      {"cursor.unit",
       {{"serverSeed", Kind::kText}, {"clientSeed", Kind::kText}, {"nonce", Kind::kSafeInt},
        {"cursor", Kind::kSafeInt}}},
      {"cursor.u64_to_unit", {{"u64", Kind::kU64String}}},
      {"cursor.pool_hop", {{"units", Kind::kUnits}, {"size", Kind::kSmallInt}}},
      {"cursor.commitment", {{"serverSeed", Kind::kText}}},
      {"cursor.game",
       {{"game", Kind::kGame}, {"serverSeed", Kind::kText}, {"clientSeed", Kind::kText},
        {"nonce", Kind::kSafeInt}, {"options", Kind::kOptions}}},
      {"keno.draw", {{"randomHash", Kind::kText}, {"salt", Kind::kText}}},
      {"crash.point", {{"convention", Kind::kConvention}, {"link", Kind::kHex32}, {"salt", Kind::kText}}},
      {"crash.previous", {{"convention", Kind::kConvention}, {"link", Kind::kHex32}}},
      {"tavla.commitment",
       {{"gameId", Kind::kUuid}, {"seats", Kind::kUuidPair}, {"seed", Kind::kHex32},
        {"settings", Kind::kJsonValue}}},
      {"tavla.block",
       {{"seed", Kind::kHex32}, {"gameId", Kind::kUuid}, {"contributions", Kind::kHex32Pair},
        {"n", Kind::kU32}, {"block", Kind::kU32}}},
      {"tavla.pick", {{"blocks", Kind::kHex32Array}}},
      {"tavla.roll",
       {{"seed", Kind::kHex32}, {"gameId", Kind::kUuid}, {"contributions", Kind::kHex32Pair},
        {"n", Kind::kU32}}},
      {"canonical_json", {{"json", Kind::kJsonText}}},
  };
  return kGrammar;
}

constexpr std::uint64_t kEdges[] = {0,
                                    1,
                                    2,
                                    3,
                                    5,
                                    6,
                                    10,
                                    31,
                                    32,
                                    36,
                                    37,
                                    51,
                                    52,
                                    63,
                                    64,
                                    75,
                                    100,
                                    255,
                                    256,
                                    1000,
                                    65535,
                                    2147483647ULL,
                                    4294967295ULL,
                                    4294967296ULL,
                                    9007199254740990ULL,
                                    9007199254740991ULL,
                                    9007199254740992ULL,
                                    9223372036854775807ULL};

std::uint64_t edge_or_random(ByteReader& in, std::uint64_t max) {
  switch (in.pick(4)) {
    case 0: return std::min<std::uint64_t>(kEdges[in.pick(std::size(kEdges))], max);
    case 1: return in.integer(0, std::min<std::uint64_t>(max, 64));
    case 2: return in.integer(0, max);
    default: {
      std::uint64_t e = kEdges[in.pick(std::size(kEdges))];
      return std::min<std::uint64_t>(max, e + in.integer(0, 2) - (e > 0 ? 1 : 0));
    }
  }
}

// An integer param: usually a JSON integer, sometimes a negative one, a string, a fraction.
json::Value integer_value(ByteReader& in, std::uint64_t typical_max) {
  std::uint64_t v = edge_or_random(in, typical_max);
  switch (in.pick(16)) {
    case 0: return json::Value(std::to_string(v));                        // as a string
    case 1: return json::Value(-static_cast<std::int64_t>(v & 0xffff) - 1);  // negative
    case 2: return json::Value(static_cast<double>(v) + 0.5);             // a fraction
    case 3: return json::Value(static_cast<double>(v));                   // 5.0
    case 4: return json::Value(static_cast<std::int64_t>(edge_or_random(in, INT64_MAX)));
    default: return json::Value(static_cast<std::int64_t>(v));
  }
}

std::string hex_of_length(ByteReader& in, std::size_t n) {
  fairvec::Bytes b = in.bytes(n);
  for (std::size_t i = b.size(); i < n; ++i) b.push_back(static_cast<std::uint8_t>(i * 73 + 1));
  std::string h = fairvec::to_hex(b);
  switch (in.pick(24)) {
    case 0:  // upper case
      for (char& c : h) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      break;
    case 1:  // odd length
      if (!h.empty()) h.pop_back();
      break;
    case 2:  // a non-hex character
      if (!h.empty()) h[in.pick(h.size())] = "gxZ -+\0"[in.pick(7)];
      break;
    case 3:
      h = "0x" + h;
      break;
    default:
      break;
  }
  return h;
}

std::string hex_value(ByteReader& in, std::size_t lo, std::size_t hi) {
  std::size_t n = in.pick(8) == 0 ? in.pick(100) : lo + in.pick(hi - lo + 1);
  if (in.pick(4) == 0) n = in.pick(2) ? lo : hi;
  return hex_of_length(in, n);
}

std::string client_seed(ByteReader& in) {
  static const char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
  std::string s = in.sized_text(in.pick(16) == 0 ? 200 : 40);
  if (in.pick(4) != 0) {
    for (char& c : s) c = kAlphabet[static_cast<unsigned char>(c) % 64];
  }
  return s;
}

std::string uuid_text(ByteReader& in) {
  std::string h = fairvec::to_hex(in.bytes(16));
  while (h.size() < 32) h += "0";
  std::string u = h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" +
                  h.substr(16, 4) + "-" + h.substr(20, 12);
  switch (in.pick(16)) {
    case 0:
      for (char& c : u) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      break;
    case 1: return "{" + u + "}";
    case 2: return h;  // no dashes
    case 3: u[in.pick(u.size())] = in.pick(2) ? '-' : 'g'; break;
    case 4: u.pop_back(); break;
    default: break;
  }
  return u;
}

json::Value json_value(ByteReader& in, int depth);

json::Value scalar_value(ByteReader& in) {
  switch (in.pick(10)) {
    case 0: return json::Value();
    case 1: return json::Value(in.boolean());
    case 2: return json::Value(static_cast<std::int64_t>(edge_or_random(in, INT64_MAX)));
    case 3: return json::Value(-static_cast<std::int64_t>(edge_or_random(in, INT64_MAX)));
    case 4: {
      double d = in.real();
      return json::Value(std::isfinite(d) ? d : 0.5);
    }
    case 5: return json::Value(std::string("\xed\xa0\x80", 3));  // a lone surrogate in UTF-8
    default: return json::Value(in.sized_text(24));
  }
}

json::Value json_value(ByteReader& in, int depth) {
  std::size_t choice = depth >= 4 ? 9 : in.pick(10);
  if (choice == 0 || choice == 1) {
    json::Array a;
    for (std::size_t i = 0, n = in.pick(5); i < n && in.remaining() > 0; ++i) a.push_back(json_value(in, depth + 1));
    return json::Value(std::move(a));
  }
  if (choice == 2 || choice == 3) {
    json::Object o;
    for (std::size_t i = 0, n = in.pick(5); i < n && in.remaining() > 0; ++i) {
      std::string key = in.pick(3) == 0 ? std::string(1, "abcAB_\xc3"[in.pick(7)]) : in.sized_text(8);
      bool dup = false;
      for (const auto& [k, _] : o) dup = dup || k == key;
      if (!dup) o.emplace_back(std::move(key), json_value(in, depth + 1));
    }
    return json::Value(std::move(o));
  }
  return scalar_value(in);
}

std::string json_text(ByteReader& in) {
  static const char* const kTricky[] = {
      "1.5", "-0", "1e2", "9007199254740992", "-9007199254740992", "{\"a\":1,\"a\":2}",
      "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\u00e9\\uD83D\\uDE00\"", "{\"\\u0000\":[]}",
      "[1,2,3]", "{\"b\":1,\"a\":{\"d\":[],\"c\":null}}", "\"\xff\"", " {} ", "[", "", "null"};
  switch (in.pick(4)) {
    case 0: return kTricky[in.pick(std::size(kTricky))];
    case 1: return in.sized_text(300);
    default: return json::to_line(json_value(in, 0));
  }
}

json::Value options_value(ByteReader& in) {
  static const char* const kActions[] = {"hit", "stand", "double", "split", "call", "fold",
                                         "surrender", ""};
  json::Object o;
  std::size_t mask = in.integer(0, 255);
  if (mask & 1) o.emplace_back("flips", integer_value(in, 64));
  if (mask & 2) {
    json::Array a;
    for (std::size_t i = 0, n = in.pick(12); i < n; ++i) a.emplace_back(kActions[in.pick(std::size(kActions))]);
    o.emplace_back("actions", json::Value(std::move(a)));
  }
  if (mask & 4) {
    json::Array a;
    for (std::size_t i = 0, n = in.pick(4) == 0 ? in.pick(8) : 5; i < n; ++i) a.emplace_back(in.boolean());
    o.emplace_back("hold", json::Value(std::move(a)));
  }
  if (mask & 8) o.emplace_back("action", kActions[in.pick(std::size(kActions))]);
  if (mask & 16) o.emplace_back(in.sized_text(10), json_value(in, 2));
  if (mask & 32) {
    static const char* const kKeys[] = {"spins", "freeSpins", "floors", "floor", "cards", "count",
                                        "side", "mines", "rows", "cells", "picks", "rounds"};
    o.emplace_back(kKeys[in.pick(std::size(kKeys))], integer_value(in, 64));
  }
  return json::Value(std::move(o));
}

json::Value value_of(ByteReader& in, Kind kind);

json::Value array_of(ByteReader& in, Kind item, std::size_t typical) {
  std::size_t n = in.pick(6) == 0 ? in.pick(40) : typical;
  json::Array a;
  for (std::size_t i = 0; i < n; ++i) a.push_back(value_of(in, item));
  return json::Value(std::move(a));
}

json::Value value_of(ByteReader& in, Kind kind) {
  switch (kind) {
    case Kind::kHexSeed: return json::Value(hex_value(in, 16, 64));
    case Kind::kHex32: return json::Value(hex_value(in, 32, 32));
    case Kind::kHex32Array: return array_of(in, Kind::kHex32, 1 + in.pick(4));
    case Kind::kHex32Pair: return array_of(in, Kind::kHex32, 2);
    case Kind::kText: return json::Value(in.sized_text(in.pick(8) == 0 ? 300 : 70));
    case Kind::kClientSeeds: {
      std::size_t n = in.pick(8) == 0 ? in.pick(5) : 1 + in.pick(2);
      json::Array a;
      for (std::size_t i = 0; i < n; ++i) a.emplace_back(client_seed(in));
      return json::Value(std::move(a));
    }
    case Kind::kRollNo: return integer_value(in, 9007199254740992ULL);
    case Kind::kSmallInt: return integer_value(in, 80);
    case Kind::kSafeInt: return integer_value(in, 9007199254740992ULL);
    case Kind::kU32: return integer_value(in, 4294967296ULL);
    case Kind::kU64String: {
      std::uint64_t v = in.pick(2) ? edge_or_random(in, UINT64_MAX) : UINT64_MAX - in.pick(2048);
      std::string s = std::to_string(v);
      switch (in.pick(12)) {
        case 0: s = "0" + s; break;
        case 1: s = "-" + s; break;
        case 2: s = "18446744073709551616"; break;
        case 3: s = ""; break;
        case 4: s += " "; break;
        case 5: return json::Value(static_cast<std::int64_t>(v >> 1));  // a number, not a string
        default: break;
      }
      return json::Value(s);
    }
    case Kind::kUnits: {
      static const double kUnitsEdges[] = {0.0, 1.0, 0.5, 0.9999999999999999, -0.0, -1.0, 2.0,
                                           1.0000000000000002, 5e-324, 0.3};
      json::Array a;
      for (std::size_t i = 0, n = in.pick(6) == 0 ? in.pick(80) : in.pick(12); i < n; ++i) {
        double d = in.pick(3) == 0 ? kUnitsEdges[in.pick(std::size(kUnitsEdges))]
                                   : static_cast<double>(in.integer(0, (1ULL << 53) - 1)) / 9007199254740992.0;
        if (in.pick(16) == 0) d = in.real();
        a.emplace_back(std::isfinite(d) ? d : 0.25);
      }
      return json::Value(std::move(a));
    }
    case Kind::kGame: {
      static const char* const kGames[] = {
          "roulette", "sicbo",   "limbo",  "koban",    "blackjack", "vpoker",   "holdem",
          "bingo",    "hanabi",  "andar_bahar", "andarbahar", "chinchiro", "pagoda", "omikuji",
          "fuku",     "mines",   "plinko", "keno",     "crash",     "",         "Roulette"};
      if (in.pick(16) == 0) return json::Value(in.sized_text(12));
      return json::Value(kGames[in.pick(std::size(kGames))]);
    }
    case Kind::kOptions: return options_value(in);
    case Kind::kConvention: {
      static const char* const kConventions[] = {"betkyo-exact", "bustabit-v1", "bustabit-v2",
                                                 "bustabit", "BETKYO-EXACT", ""};
      return json::Value(kConventions[in.pick(std::size(kConventions))]);
    }
    case Kind::kUuid: return json::Value(uuid_text(in));
    case Kind::kUuidPair: return array_of(in, Kind::kUuid, 2);
    case Kind::kJsonValue: return json_value(in, 0);
    case Kind::kJsonText: return json::Value(json_text(in));
  }
  return json::Value();
}

constexpr Kind kAllKinds[] = {Kind::kHexSeed, Kind::kHex32,     Kind::kHex32Array, Kind::kHex32Pair,
                              Kind::kText,    Kind::kClientSeeds, Kind::kRollNo,   Kind::kSmallInt,
                              Kind::kSafeInt, Kind::kU32,       Kind::kU64String,  Kind::kUnits,
                              Kind::kGame,    Kind::kOptions,   Kind::kConvention, Kind::kUuid,
                              Kind::kUuidPair, Kind::kJsonValue, Kind::kJsonText};

json::Value build_params(ByteReader& in, const OpGrammar* g) {
  json::Object o;
  if (g) {
    for (const Param& p : g->params) {
      std::size_t mode = in.pick(32);
      if (mode == 0) continue;                                                 // missing
      Kind k = mode == 1 ? kAllKinds[in.pick(std::size(kAllKinds))] : p.kind;  // wrong type
      o.emplace_back(p.name, value_of(in, k));
    }
    if (in.pick(32) == 0) o.emplace_back("extra", value_of(in, kAllKinds[in.pick(std::size(kAllKinds))]));
  } else {
    // An op the grammar does not know: params named like the protocol's, of any kind.
    for (std::size_t i = 0, n = in.pick(6); i < n; ++i) {
      const OpGrammar& any = grammar()[in.pick(grammar().size())];
      if (any.params.empty()) continue;
      const Param& p = any.params[in.pick(any.params.size())];
      bool dup = false;
      for (const auto& [k, _] : o) dup = dup || k == p.name;
      if (!dup) o.emplace_back(p.name, value_of(in, in.pick(4) == 0 ? kAllKinds[in.pick(std::size(kAllKinds))] : p.kind));
    }
  }
  return json::Value(std::move(o));
}

std::string outcome_text(const fairvec::port::Reply& r) {
  return r.ok ? "ok " + json::to_line(r.result) : "error " + r.error;
}

// ---- invariants on ok results -------------------------------------------------------------------

struct Checker {
  const rapidjson::Value& result;
  std::string problem;

  const rapidjson::Value* get(const char* key) {
    const rapidjson::Value* v = json::optional_member(result, key);
    if (!v && problem.empty()) problem = std::string("result.") + key + " is missing";
    return v;
  }
  void require(bool ok, const std::string& what) {
    if (!ok && problem.empty()) problem = what;
  }
  // Integers of array |key| (count in [min_n, max_n], values in [lo, hi], distinct if asked).
  std::vector<std::int64_t> ints(const char* key, std::size_t min_n, std::size_t max_n,
                                 std::int64_t lo, std::int64_t hi, bool distinct) {
    std::vector<std::int64_t> out;
    const rapidjson::Value* a = get(key);
    if (!a) return out;
    if (!a->IsArray()) {
      require(false, std::string("result.") + key + " is not an array");
      return out;
    }
    std::set<std::int64_t> seen;
    for (const auto& x : a->GetArray()) {
      if (!x.IsInt64()) {
        require(false, std::string("result.") + key + " holds a non-integer");
        return out;
      }
      std::int64_t v = x.GetInt64();
      require(v >= lo && v <= hi, std::string("result.") + key + " holds " + std::to_string(v) +
                                      " outside " + std::to_string(lo) + ".." + std::to_string(hi));
      require(!distinct || seen.insert(v).second,
              std::string("result.") + key + " repeats " + std::to_string(v));
      out.push_back(v);
    }
    require(out.size() >= min_n && out.size() <= max_n,
            std::string("result.") + key + " has " + std::to_string(out.size()) + " entries");
    return out;
  }
  void int_in(const char* key, std::int64_t lo, std::int64_t hi) {
    const rapidjson::Value* v = get(key);
    if (!v) return;
    require(v->IsInt64() && v->GetInt64() >= lo && v->GetInt64() <= hi,
            std::string("result.") + key + " = " + json::to_text(*v) + " outside " +
                std::to_string(lo) + ".." + std::to_string(hi));
  }
  void unit(const char* key) {
    const rapidjson::Value* v = get(key);
    if (!v) return;
    require(v->IsNumber() && v->GetDouble() >= 0.0 && v->GetDouble() <= 1.0,
            std::string("result.") + key + " = " + json::to_text(*v) + " is not in [0, 1]");
  }
  void hex32(const char* key) {
    const rapidjson::Value* v = get(key);
    if (!v) return;
    bool ok = v->IsString() && v->GetStringLength() == 64;
    for (rapidjson::SizeType i = 0; ok && i < v->GetStringLength(); ++i) {
      char c = v->GetString()[i];
      ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
    require(ok, std::string("result.") + key + " is not 64 lowercase hex digits");
  }
};

std::string check_invariants(std::string_view op, const rapidjson::Value& params,
                             const rapidjson::Value& result) {
  Checker c{result, {}};
  if (!result.IsObject()) return "the result is not an object";
  if (op == "hmac_dice.roll" || op == "tavla.roll") {
    c.ints("dice", 2, 2, 1, 6, false);
  } else if (op == "hmac_dice.pick") {
    c.ints("dice", 2, 2, 1, 6, false);
    c.int_in("index", 0, 31);
    const rapidjson::Value* macs = json::optional_member(params, "macs");
    c.int_in("retry", 0, macs && macs->IsArray() ? static_cast<std::int64_t>(macs->Size()) - 1 : 1 << 20);
  } else if (op == "tavla.pick") {
    c.ints("dice", 2, 2, 1, 6, false);
    const rapidjson::Value* blocks = json::optional_member(params, "blocks");
    c.int_in("blocks", 1, blocks && blocks->IsArray() ? static_cast<std::int64_t>(blocks->Size()) : 1 << 20);
  } else if (op == "hmac_dice.seal") {
    c.hex32("seal");
  } else if (op == "cursor.commitment") {
    c.hex32("commitment");
  } else if (op == "tavla.block") {
    c.hex32("mac");
  } else if (op == "crash.previous") {
    c.hex32("link");
  } else if (op == "tavla.commitment") {
    c.hex32("settingsHash");
    c.hex32("commitment");
    const rapidjson::Value* s = c.get("sealCode");
    if (s) {
      std::string code = s->IsString() ? s->GetString() : "";
      bool ok = code.size() == 9 && code[4] == '-';
      for (std::size_t i = 0; ok && i < code.size(); ++i) {
        ok = i == 4 || std::string_view("0123456789ABCDEFGHJKMNPQRSTVWXYZ").find(code[i]) != std::string_view::npos;
      }
      c.require(ok, "result.sealCode is not XXXX-XXXX in Crockford base32");
    }
  } else if (op == "cursor.unit" || op == "cursor.u64_to_unit") {
    c.unit("u");
  } else if (op == "cursor.pool_hop") {
    const rapidjson::Value* size = json::optional_member(params, "size");
    std::int64_t n = size && size->IsInt64() ? size->GetInt64() : 0;
    c.ints("picks", 0, static_cast<std::size_t>(std::max<std::int64_t>(n, 0)), 0, n - 1, true);
  } else if (op == "keno.draw") {
    c.ints("balls", 10, 10, 1, 40, true);
  } else if (op == "crash.point") {
    // An integer, or a decimal string when it may exceed 2^53 - 1 (the betkyo-exact range).
    const rapidjson::Value* h = c.get("hundredths");
    if (h) {
      bool ok = false;
      if (h->IsInt64()) {
        ok = h->GetInt64() == 0 || h->GetInt64() >= 100;
      } else if (h->IsString() && h->GetStringLength() > 0 && h->GetStringLength() <= 20) {
        std::string t(h->GetString(), h->GetStringLength());
        ok = t.find_first_not_of("0123456789") == std::string::npos && (t == "0" || t[0] != '0') &&
             (t == "0" || t.size() >= 3);
      }
      c.require(ok, "result.hundredths = " + json::to_text(*h) + " is neither 0 nor >= 100");
    }
  } else if (op == "canonical_json") {
    const rapidjson::Value* s = c.get("canonical");
    if (s) c.require(s->IsString(), "result.canonical is not a string");
  } else if (op == "cursor.game") {
    c.ints("cursors", 0, 1 << 20, 0, INT64_MAX, false);
    const rapidjson::Value* g = json::optional_member(params, "game");
    std::string game = g && g->IsString() ? g->GetString() : "";
    if (game == "roulette") c.int_in("pocket", 0, 36);
    if (game == "sicbo") c.ints("dice", 3, 3, 1, 6, false);
    if (game == "limbo") c.int_in("hundredths", 100, 1000000);
    if (game == "koban") c.ints("flips", 0, 1 << 20, 0, 1, false);
    if (game == "blackjack") c.ints("cards", 0, 1 << 20, 0, 51, false);
    if (game == "vpoker") {
      c.ints("deal", 5, 5, 0, 51, true);
      c.ints("final", 5, 5, 0, 51, true);
    }
    if (game == "holdem") c.ints("cards", 7, 9, 0, 51, true);
    if (game == "bingo") {
      c.ints("card", 25, 25, 0, 75, false);
      c.ints("balls", 38, 38, 1, 75, true);
    }
  }
  return c.problem;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> kOps = fairvec::port::registry().names();
  if (kOps.empty()) return 0;  // no family has registered ops yet
  ByteReader in(data, size);
  const std::string& op = kOps[in.pick(kOps.size())];
  const OpGrammar* g = nullptr;
  for (const OpGrammar& x : grammar()) {
    if (op == x.op) g = &x;
  }
  json::Value params;
  if (g && in.pick(64) == 0) {
    // Raw params text from the input: anything that parses as JSON.
    rapidjson::Document d;
    try {
      json::parse(in.rest_text(), d, "params");
      params = json::Value::from_rapidjson(d);
    } catch (const std::exception&) {
      return 0;
    }
  } else {
    params = build_params(in, g);
  }

  std::vector<Outcome> outs;
  std::vector<fairvec::port::Reply> replies;
  for (const fairvec::Backend* b : fairvec::all_backends()) {
    replies.push_back(fairvec::port::call(op, params, *b));
    outs.push_back(Outcome{std::string(b->name()), op, true, outcome_text(replies.back())});
  }
  const std::vector<std::pair<std::string, std::string>> inputs = {{"op", op},
                                                                   {"params", json::to_line(params)}};
  for (std::size_t i = 0; i < replies.size(); ++i) {
    if (replies[i].error == "internal") {
      outs[i].value += " (" + replies[i].message + ")";
      fairvec::fuzz::report_invariant_and_abort(outs[i].backend, op,
                                                "internal error: the library threw something "
                                                "other than InputError",
                                                inputs, outs);
    }
  }
  fairvec::fuzz::plant_outcome("port_differential", outs);
  if (auto d = fairvec::fuzz::find_difference(outs)) fairvec::fuzz::report_and_abort(*d, inputs, outs);

  if (replies[0].ok) {
    rapidjson::Document doc;
    rapidjson::Value pv = params.to_rapidjson(doc.GetAllocator());
    for (std::size_t i = 0; i < replies.size(); ++i) {
      rapidjson::Value rv = replies[i].result.to_rapidjson(doc.GetAllocator());
      std::string problem = check_invariants(op, pv, rv);
      if (problem.empty() && op == "canonical_json") {
        // Idempotent: the canonical form of the canonical form is itself.
        std::string canon = rv["canonical"].GetString();
        fairvec::port::Reply again = fairvec::port::call(
            op, json::Value::object({{"json", canon}}), *fairvec::all_backends()[i]);
        const json::Value* c2 = again.ok ? again.result.find("canonical") : nullptr;
        if (!c2 || json::to_line(*c2) != json::to_line(json::Value(canon))) {
          problem = "canonical form is not idempotent: " + outcome_text(again);
        }
      }
      if (!problem.empty()) {
        fairvec::fuzz::report_invariant_and_abort(outs[i].backend, op, problem, inputs, outs);
      }
    }
  }
  fairvec::fuzz::checked();
  return 0;
}
