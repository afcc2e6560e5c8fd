// `fairvec verify hexwin` (one hexwin-v1 bet under a convention: its message, its digest, every
// window read, accepted or rejected and why, and the roll; specs/hexwin-v1.md, "fairvec verify
// hexwin").
#include <charconv>
#include <cmath>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "schemes/hexwin.h"

namespace fairvec::cli::verify {

namespace {

// parse_roll reads --roll: a decimal number (digits, at most one '.', no sign, no exponent), as the
// operator shows it (67.65, 49.0089, 8009). Throws InputError naming --roll, with the position.
double parse_roll(const std::string& text) {
  if (text.empty() || text.size() > 32) throw InputError("--roll", "must be a decimal number such as 67.65");
  bool dot = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.' && !dot && i > 0 && i + 1 < text.size()) {
      dot = true;
      continue;
    }
    if (c < '0' || c > '9') throw InputError("--roll", "must be a decimal number such as 67.65", i);
  }
  double v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

Report run_hexwin(const Args& a, const Context& ctx) {
  no_positionals(a, 0);
  const Lang& L = ctx.lang;
  const hexwin::Convention& conv = hexwin::find_convention(required(a, "convention"), "--convention");
  const std::string server_seed = required(a, "server-seed");
  if (!a.has("client-seed"))
    throw InputError("--client-seed", "missing: give the client seed (it may be empty: --client-seed=)");
  const std::string client_seed = *single(a, "client-seed", true);
  const std::uint64_t nonce = parse_count(required(a, "nonce"), "--nonce", 0, fairvec::kMaxCounter);
  std::optional<double> given;
  std::string given_text;
  if (auto v = single(a, "roll")) {
    given_text = *v;
    given = parse_roll(*v);
  }
  const hexwin::Bet b = hexwin::bet(ctx.backend, conv, server_seed, client_seed, nonce);
  const hexwin::Reading& r = b.reading;
  const std::string roll = json::format_double(r.roll);
  Report rep;
  rep.form = "hexwin";
  rep.lines.push_back(L.t("hexwin.header", {std::string(conv.name), std::to_string(nonce)}));
  rep.lines.push_back(L.t("hexwin.message", {b.message}));
  rep.lines.push_back(L.t("hexwin.digest", {to_hex(b.digest)}));
  for (const hexwin::Window& w : r.windows) {
    rep.lines.push_back(L.t("hexwin.window", {std::to_string(w.index), w.hex, std::to_string(w.value),
                                              L.t(w.accepted ? "hexwin.accepted" : "hexwin.rejected")}));
  }
  if (r.exhausted) rep.lines.push_back(L.t("hexwin.exhausted", {std::to_string(r.value)}));
  rep.lines.push_back(L.t("hexwin.roll", {roll}));
  Check c{"roll", Status::kNotChecked, L.t("hexwin.check"), L.t("hexwin.no_roll")};
  if (given) {
    c.status = *given == r.roll ? Status::kPassed : Status::kFailed;
    c.reason.clear();
    if (*given != r.roll) {
      rep.first_mismatch = Mismatch{L.t("hexwin.where"), json::Value::object({{"check", "roll"}}), roll, given_text};
    }
  }
  rep.checks = {c};
  json::Array windows;
  for (const hexwin::Window& w : r.windows) windows.emplace_back(static_cast<std::int64_t>(w.value));
  rep.result = json::Object{{"convention", std::string(conv.name)},
                            {"nonce", std::to_string(nonce)},
                            {"message", b.message},
                            {"digest", to_hex(b.digest)},
                            {"windows", json::Value(std::move(windows))},
                            {"exhausted", r.exhausted},
                            {"roll", r.roll}};
  return rep;
}

}  // namespace

Form hexwin_form() {
  return {"hexwin",
          {{"convention"}, {"server-seed"}, {"client-seed"}, {"nonce"}, {"roll"}},
          run_hexwin,
          {"--convention NAME --server-seed S --client-seed C --nonce N [--roll R]"}};
}

}  // namespace fairvec::cli::verify
