// fuzz_port_differential: every port op (the op table, ops/op_table.h) on every backend, compared.
//
// The input picks an op from the op table (ops/op_table.h) and builds its params from the table:
// each param's Kind makes its value (hex seeds and MACs, client seeds, safe and unsafe integers,
// decimal u64 strings, unit doubles, UUIDs, game names and options, JSON values and JSON text).
// Values are mostly well formed and sometimes broken (wrong length, case, type, another param's
// kind, a missing or an extra param: ops::fuzz_params), so both the valid paths and the bad_input
// paths are reached. Now and then the params are raw JSON text from the input instead.
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

#include "core/byte_reader.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/json.h"
#include "differential.h"
#include "ops/op_table.h"
#include "port/protocol.h"

namespace {

namespace json = fairvec::json;
using fairvec::fuzz::ByteReader;
using fairvec::fuzz::Outcome;

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
  std::vector<std::int64_t> ints(const char* key, std::size_t min_n, std::size_t max_n, std::int64_t lo,
                                 std::int64_t hi, bool distinct) {
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
      require(v >= lo && v <= hi, std::string("result.") + key + " holds " + std::to_string(v) + " outside " +
                                      std::to_string(lo) + ".." + std::to_string(hi));
      require(!distinct || seen.insert(v).second, std::string("result.") + key + " repeats " + std::to_string(v));
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
            std::string("result.") + key + " = " + json::to_text(*v) + " outside " + std::to_string(lo) + ".." +
                std::to_string(hi));
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

std::string check_invariants(std::string_view op, const rapidjson::Value& params, const rapidjson::Value& result) {
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
  const auto& ops = fairvec::ops::table().ops();
  if (ops.empty()) return 0;
  ByteReader in(data, size);
  const fairvec::ops::OpSpec& spec = ops[in.pick(ops.size())];
  const std::string& op = spec.name;
  json::Value params;
  if (in.pick(64) == 0) {
    // Raw params text from the input: anything that parses as JSON.
    rapidjson::Document d;
    try {
      json::parse(in.rest_text(), d, "params");
      params = json::Value::from_rapidjson(d);
    } catch (const std::exception&) {
      return 0;
    }
  } else {
    params = fairvec::ops::fuzz_params(spec, in);
  }

  std::vector<Outcome> outs;
  std::vector<fairvec::port::Reply> replies;
  for (const fairvec::Backend* b : fairvec::all_backends()) {
    replies.push_back(fairvec::port::call(op, params, *b));
    outs.push_back(Outcome{std::string(b->name()), op, true, outcome_text(replies.back())});
  }
  const std::vector<std::pair<std::string, std::string>> inputs = {{"op", op}, {"params", json::to_line(params)}};
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
        fairvec::port::Reply again =
            fairvec::port::call(op, json::Value::object({{"json", canon}}), *fairvec::all_backends()[i]);
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
