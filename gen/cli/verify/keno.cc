// `fairvec verify keno` (one keno-v1 ticket: the ten balls).
#include "schemes/keno.h"
#include "cli/verify/forms.h"
#include "core/errors.h"

namespace fairvec::cli::verify {

namespace {

Report run_keno(const Args& a, const Context& ctx) {
  no_positionals(a, 0);
  const Lang& L = ctx.lang;
  if (!a.has("random-hash")) throw InputError("--random-hash", "missing: give the ticket's random hash");
  if (!a.has("salt")) throw InputError("--salt", "missing: give the ticket's salt");
  const std::string random_hash = *single(a, "random-hash", true);
  const std::string salt = *single(a, "salt", true);
  std::optional<std::vector<int>> given;
  if (auto balls = single(a, "balls")) {
    std::vector<int> v;
    for (const auto& item : split_list(*balls)) {
      if (v.size() == static_cast<std::size_t>(keno::kBalls)) throw InputError("--balls", "more than 10 balls");
      v.push_back(static_cast<int>(parse_count(item, "--balls[" + std::to_string(v.size()) + "]", 1, keno::kPoolSize)));
    }
    if (v.size() != static_cast<std::size_t>(keno::kBalls)) {
      throw InputError("--balls", "a ticket draws 10 balls, got " + std::to_string(v.size()));
    }
    given = v;
  }
  const keno::Draw d = keno::draw(random_hash, salt, ctx.backend);
  Report rep;
  rep.form = "keno";
  rep.lines.push_back(L.t("keno.header"));
  for (std::size_t i = 0; i < d.balls.size(); ++i) {
    std::string line = L.t("keno.ball", {std::to_string(i + 1), std::to_string(d.balls[i]), to_hex(d.links[i])});
    if (given) line += "  " + std::to_string((*given)[i]) + " " + mark((*given)[i] == d.balls[i]);
    rep.lines.push_back(std::move(line));
  }
  Check c{"balls", Status::kNotChecked, L.t("check.balls"), L.t("reason.no_balls")};
  if (given) {
    c.status = *given == d.balls ? Status::kPassed : Status::kFailed;
    c.reason.clear();
    for (std::size_t i = 0; i < d.balls.size(); ++i) {
      if ((*given)[i] == d.balls[i]) continue;
      rep.first_mismatch = Mismatch{L.t("where.ball", {std::to_string(i + 1)}),
                                    json::Value::object({{"ball", static_cast<std::int64_t>(i + 1)}}),
                                    std::to_string(d.balls[i]), std::to_string((*given)[i])};
      break;
    }
  }
  rep.checks = {c};
  json::Array links;
  for (const auto& l : d.links) links.push_back(to_hex(l));
  rep.result = json::Object{{"balls", json::Value::array_of(d.balls)}, {"links", json::Value(std::move(links))}};
  return rep;
}

}  // namespace

Form keno_form() {
  return {"keno", {{"random-hash"}, {"salt"}, {"balls"}}, run_keno, {"--random-hash H --salt S [--balls B,B,…]"}};
}

}  // namespace fairvec::cli::verify
