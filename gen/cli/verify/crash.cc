// `fairvec verify crash`: like bustabit's verifier, the crash points of game H and the N − 1 games
// before it, compared with given busts, and the chain walked (bounded) to a terminating hash.
#include <unistd.h>

#include <iostream>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "schemes/crash.h"

namespace fairvec::cli::verify {

namespace {

// Published terminating hashes (specs/crash.md §1.1), named in the report when given.
struct KnownChain {
  const char* terminating;
  const char* name_key;
  std::uint64_t first_game;  // game number of the chain's oldest game
};
constexpr KnownChain kKnown[] = {
    {"c1cfa8e28fc38999eaa888487e443bad50a65e0b710f649affa6718cfbfada4d", "crash.chain_2015", 1},
    {"86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277", "crash.chain_2018", 1},
    {"567a98370fb7545137ddb53687723cf0b8a1f5e93b1f76f4a1da29416930fa59", "crash.chain_2024", 10000001},
};

// parse_bust reads a bust as bustabit shows it ("1.26", "1.26x", "105710.05", "0"): hundredths.
std::uint64_t parse_bust(std::string s, const std::string& field) {
  if (!s.empty() && (s.back() == 'x' || s.back() == 'X')) s.pop_back();
  const std::size_t dot = s.find('.');
  std::string whole = s.substr(0, dot), frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  if (frac.size() > 2 || (dot != std::string::npos && frac.empty())) {
    throw InputError(field, "a bust has at most two decimals (1.26x), got '" + s.substr(0, 40) + "'");
  }
  while (frac.size() < 2) frac += '0';
  const std::uint64_t w = parse_count(whole, field, 0, 9999999999999999ull);
  if (frac[0] < '0' || frac[0] > '9' || frac[1] < '0' || frac[1] > '9') {
    throw InputError(field, "a bust is a decimal number like 1.26x, got '" + s.substr(0, 40) + "'");
  }
  return w * 100 + static_cast<std::uint64_t>((frac[0] - '0') * 10 + (frac[1] - '0'));
}

std::string bust_text(std::uint64_t h) {
  const std::string frac = std::to_string(h % 100);
  return std::to_string(h / 100) + "." + (frac.size() < 2 ? "0" : "") + frac + "x";
}

Report run_crash(const Args& a, const Context& ctx) {
  no_positionals(a, 0);
  const Lang& L = ctx.lang;
  const crash::Convention conv = crash::parse_convention(required(a, "convention"));
  const std::string hash_text = required(a, "hash");
  const Digest start = digest_from_hex(hash_text, "--hash");
  std::optional<std::string> salt = single(a, "salt", true);
  std::vector<std::uint64_t> busts;
  for (const auto& list : a.values("busts")) {
    for (const auto& item : split_list(list)) {
      if (busts.size() >= kMaxCrashCount) throw InputError("--busts", "more than " + std::to_string(kMaxCrashCount));
      busts.push_back(parse_bust(item, "--busts[" + std::to_string(busts.size()) + "]"));
    }
  }
  std::uint64_t count = busts.empty() ? 1 : busts.size();
  if (auto c = single(a, "count")) {
    count = parse_count(*c, "--count", 1, kMaxCrashCount);
    if (!busts.empty() && busts.size() > count) {
      throw InputError("--busts",
                       "lists " + std::to_string(busts.size()) + " busts for --count " + std::to_string(count));
    }
  }
  std::optional<Digest> terminating;
  if (auto t = single(a, "terminating")) terminating = digest_from_hex(*t, "--terminating");
  const std::uint64_t max_walk =
      a.has("max-walk") ? parse_count(*single(a, "max-walk"), "--max-walk", 1, kMaxWalk) : kDefaultMaxWalk;
  // The salt rules of crash::point (convention first, then the link, then the salt).
  (void)crash::point(conv, hash_text, salt, ctx.backend);

  Report rep;
  rep.form = "crash";
  rep.lines.push_back(L.t("crash.header", {std::string(crash::convention_name(conv)), std::to_string(count)}));
  json::Array games;
  Digest link = start;
  std::optional<Mismatch> first;
  for (std::uint64_t i = 0; i < count; ++i) {
    const crash::Point p = crash::point(conv, to_hex(link), salt, ctx.backend);
    std::string line = L.t(
        "crash.game", {i == 0 ? std::string("H") : "H-" + std::to_string(i), to_hex(link), bust_text(p.hundredths)});
    if (i < busts.size()) {
      const bool ok = busts[i] == p.hundredths;
      line += "  " + bust_text(busts[i]) + " " + mark(ok);
      if (!ok && !first) {
        first = Mismatch{L.t("where.game", {std::to_string(i)}),
                         json::Value::object({{"gamesBefore", static_cast<std::int64_t>(i)}, {"hash", to_hex(link)}}),
                         bust_text(p.hundredths), bust_text(busts[i])};
      }
    }
    rep.lines.push_back(std::move(line));
    games.push_back(json::Value::object(
        {{"hash", to_hex(link)}, {"hundredths", std::to_string(p.hundredths)}, {"bust", bust_text(p.hundredths)}}));
    link = crash::previous(conv, link, ctx.backend);
  }
  Check c_busts{"busts", Status::kNotChecked, L.t("check.busts", {std::to_string(busts.size())}),
                L.t("reason.no_busts")};
  if (!busts.empty()) {
    c_busts.status = first ? Status::kFailed : Status::kPassed;
    c_busts.reason.clear();
  }
  Check c_chain{"chain", Status::kNotChecked, L.t("check.chain"), L.t("reason.no_terminating")};
  json::Value walk;
  if (terminating) {
    const bool progress = ::isatty(2) != 0;
    Digest w = start;
    std::uint64_t steps = 0;
    while (w != *terminating && steps < max_walk) {
      w = crash::previous(conv, w, ctx.backend);
      ++steps;
      if (progress && steps % 1000000 == 0)
        std::cerr << "\r" << L.t("crash.progress", {std::to_string(steps)}) << std::flush;
    }
    if (progress && steps >= 1000000) std::cerr << "\n";
    const bool reached = w == *terminating;
    std::string chain_name;
    std::uint64_t first_game = 1;
    for (const auto& k : kKnown) {
      if (to_hex(*terminating) == k.terminating) {
        chain_name = L.t(k.name_key);
        first_game = k.first_game;
      }
    }
    if (reached) {
      c_chain.status = Status::kPassed;
      c_chain.reason =
          L.t("reason.reached", {std::to_string(steps)}) +
          (chain_name.empty() ? ""
                              : "; " + L.t("crash.game_number", {chain_name, std::to_string(steps + first_game - 1)}));
    } else {
      c_chain.status = Status::kFailed;
      c_chain.reason = L.t("reason.walk_short", {std::to_string(max_walk)});
      if (!first) {
        first = Mismatch{L.t("where.chain"), json::Value::object({{"check", "chain"}}), to_hex(*terminating),
                         L.t("crash.not_within", {std::to_string(max_walk)})};
      }
    }
    walk = json::Value::object(
        {{"terminating", to_hex(*terminating)},
         {"reached", reached},
         {"steps", static_cast<std::int64_t>(steps)},
         {"maxWalk", static_cast<std::int64_t>(max_walk)},
         {"gameNumber", reached && !chain_name.empty() ? json::Value(static_cast<std::int64_t>(steps + first_game - 1))
                                                       : json::Value()}});
  }
  rep.first_mismatch = first;
  rep.checks = {c_busts, c_chain};
  rep.result = json::Object{{"convention", std::string(crash::convention_name(conv))},
                            {"games", json::Value(std::move(games))},
                            {"walk", walk}};
  return rep;
}

}  // namespace

Form crash_form() {
  return {"crash",
          {{"convention"}, {"hash"}, {"salt"}, {"count"}, {"terminating"}, {"busts", true, true}, {"max-walk"}},
          run_crash,
          {"--convention C --hash H [--salt S] [--count N] [--busts X,X,…]", "  [--terminating T] [--max-walk N]"}};
}

}  // namespace fairvec::cli::verify
