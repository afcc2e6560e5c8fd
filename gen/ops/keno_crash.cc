// Port protocol ops of the keno and crash schemes (specs/keno-v1.md, specs/crash.md):
// keno.draw, keno.pick (layer), crash.point, crash.previous, crash.from_hash (layer).
#include <optional>
#include <string>

#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/crash.h"
#include "schemes/keno.h"

namespace fairvec::port {

namespace {

json::Value balls_result(const keno::Draw& d) {
  return json::Value::object({{"balls", json::Value::array_of(d.balls)}});
}

// Crash points can exceed 2^53 - 1, so they always travel as decimal strings.
json::Value hundredths_result(const crash::Point& p) {
  return json::Value::object({{"hundredths", std::to_string(p.hundredths)}});
}

std::optional<std::string> optional_string(const rapidjson::Value& params, const char* key) {
  const rapidjson::Value* v = json::optional_member(params, key);
  if (!v) return std::nullopt;
  if (!v->IsString()) throw InputError(std::string("params.") + key, "must be a string");
  return std::string(v->GetString(), v->GetStringLength());
}

}  // namespace

void add_keno_crash_ops(Registry& r) {
  r.add("keno.draw", [](const rapidjson::Value& params, const Backend& backend) {
    return balls_result(keno::draw(param_string(params, "randomHash"), param_string(params, "salt"), backend));
  });
  r.add("keno.pick", [](const rapidjson::Value& params, const Backend&) {
    return balls_result(keno::pick_hex(param_strings(params, "links")));
  });
  r.add("crash.point", [](const rapidjson::Value& params, const Backend& backend) {
    const crash::Convention c = crash::parse_convention(param_string(params, "convention"));
    const std::string link = param_string(params, "link");
    return hundredths_result(crash::point(c, link, optional_string(params, "salt"), backend));
  });
  r.add("crash.previous", [](const rapidjson::Value& params, const Backend& backend) {
    const crash::Convention c = crash::parse_convention(param_string(params, "convention"));
    return json::Value::object({{"link", crash::previous_hex(c, param_string(params, "link"), backend)}});
  });
  r.add("crash.from_hash", [](const rapidjson::Value& params, const Backend&) {
    const crash::Convention c = crash::parse_convention(param_string(params, "convention"));
    return hundredths_result(crash::from_hash(c, digest_from_hex(param_string(params, "hash"), "hash")));
  });
}

}  // namespace fairvec::port
