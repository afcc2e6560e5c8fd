// Port protocol ops of the cursor family (specs/cursor-v1.md, "Port operations"): cursor.unit,
// cursor.u64_to_unit, cursor.pool_hop, cursor.commitment, cursor.game, and the kit's additions
// cursor.draw and cursor.limbo.
#include <vector>

#include "core/bytes.h"
#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/cursor.h"
#include "schemes/cursor_games.h"

namespace fairvec::port {

namespace {

const rapidjson::Value& need(const rapidjson::Value& params, std::string_view key) {
  const rapidjson::Value* v = json::optional_member(params, key);
  if (!v) throw InputError(std::string(key), "missing");
  return *v;
}

double read_unit(const rapidjson::Value& v, std::string_view field, std::optional<std::size_t> pos = {}) {
  if (!v.IsNumber()) throw InputError(std::string(field), "must be a number", pos);
  return cursor::check_unit(v.GetDouble(), field, pos);
}

json::Value unit_op(const rapidjson::Value& p, const Backend& b) {
  const std::string server = cursor::read_text(need(p, "serverSeed"), "serverSeed");
  const std::string client = cursor::read_text(need(p, "clientSeed"), "clientSeed");
  const std::uint64_t nonce = cursor::read_counter(need(p, "nonce"), "nonce");
  const std::uint64_t cur = cursor::read_counter(need(p, "cursor"), "cursor");
  return json::Value::object({{"u", cursor::unit(b, server, client, nonce, cur)}});
}

json::Value u64_op(const rapidjson::Value& p, const Backend&) {
  const auto& v = need(p, "u64");
  if (!v.IsString()) throw InputError("u64", "must be a decimal string");
  const std::uint64_t x = parse_decimal(std::string_view(v.GetString(), v.GetStringLength()), "u64", 0,
                                        UINT64_MAX);
  return json::Value::object({{"u", cursor::u64_to_unit(x)}});
}

json::Value pool_hop_op(const rapidjson::Value& p, const Backend&) {
  const auto& a = need(p, "units");
  if (!a.IsArray()) throw InputError("units", "must be an array of numbers");
  std::vector<double> units;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) units.push_back(read_unit(a[i], "units", i));
  const auto& s = need(p, "size");
  if (!s.IsUint64() || s.GetUint64() > cursor::kMaxPool) {
    throw InputError("size", "must be an integer between 0 and 2^53 - 1");
  }
  const auto r = cursor::pool_hop(units, s.GetUint64());
  return json::Value::object({{"picks", json::Value::array_of(r.picks)}});
}

json::Value commitment_op(const rapidjson::Value& p, const Backend& b) {
  const std::string server = cursor::read_text(need(p, "serverSeed"), "serverSeed");
  return json::Value::object({{"commitment", cursor::commitment(b, server)}});
}

json::Value draw_op(const rapidjson::Value& p, const Backend&) {
  const double u = read_unit(need(p, "u"), "u");
  const auto& n = need(p, "n");
  if (!n.IsUint64() || n.GetUint64() < 1 || n.GetUint64() > cursor::kMaxPool) {
    throw InputError("n", "must be an integer between 1 and 2^53 - 1");
  }
  return json::Value::object({{"index", json::Value(cursor::draw(u, n.GetUint64()))}});
}

json::Value limbo_op(const rapidjson::Value& p, const Backend&) {
  const double u = read_unit(need(p, "u"), "u");
  return json::Value::object({{"hundredths", json::Value(cursor::limbo_hundredths(u))}});
}

json::Value game_op(const rapidjson::Value& p, const Backend& b) {
  cursor::GameResult r = cursor::play_params(b, p);
  json::Array cursors;
  for (const auto& read : r.reads) cursors.emplace_back(read.cursor);
  json::Object out{{"cursors", json::Value(std::move(cursors))}};
  for (auto& kv : r.outcome) out.push_back(std::move(kv));
  return json::Value(std::move(out));
}

}  // namespace

void add_cursor_ops(Registry& r) {
  r.add("cursor.unit", unit_op);
  r.add("cursor.u64_to_unit", u64_op);
  r.add("cursor.pool_hop", pool_hop_op);
  r.add("cursor.commitment", commitment_op);
  r.add("cursor.game", game_op);
  r.add("cursor.draw", draw_op);
  r.add("cursor.limbo", limbo_op);
}

}  // namespace fairvec::port
