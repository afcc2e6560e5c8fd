// The wrong ports of hexwin-v1 (vectors/flags.h): each a named port bug, most of them found in
// public verifier code (specs/hexwin-v1.md §6, with the repository and commit of each), and what a
// port with it answers to hexwin.roll and hexwin.from_hex. One Port describes them all, a rule of
// the spec changed at a time; a port that copied another operator's page is the spec's own reading
// under that operator's convention (hexwin-as-<convention>).
#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "core/errors.h"
#include "core/input_rules.h"
#include "schemes/hexwin.h"
#include "vectors/flags.h"
#include "vectors/hexwin.h"
#include "vectors/lenient_ports.h"

namespace fairvec::vectors::hexwin_vec {

namespace {

using json::Value;

// Port is a port of hexwin-v1 with some rules changed.
struct Port {
  const hexwin::Convention* as = nullptr;  // reads every bet under this convention instead
  bool swapped_key = false;                // HMAC keyed with the message, over the server seed
  bool no_skip = false;                    // takes window 0 whatever its value
  bool two_windows = false;                // tests window 0; if rejected, takes window 1 untested
  bool sliding = false;                    // moves the window by one digit, not five
  bool accepts_limit = false;              // rejects only values above 10^6 (`> 1000000`)
  bool rejects_999999 = false;             // rejects 999999 too (`>= 999999`)
  bool modulus_after_fallback = false;     // exhausted: lucky = 99.99, then the mapping (0.9999)
  bool multiplies = false;                 // (v mod 10^4) * 0.01 instead of / 100
  bool fallback_swapped = false;           // the other exhaustion rule than the convention's
  bool fails_exhausted = false;            // throws when every window is rejected (reads past the end)
  bool replace_all = false;  // fills the template placeholder by placeholder, each everywhere (Python str.replace)
  bool js_replace = false;   // fills it with JavaScript's String.replace(string, string): the first
                             // occurrence, with $&, $', $` and $$ in a seed read as patterns

  [[nodiscard]] std::string message(const hexwin::Convention& c, const std::string& server, const std::string& client,
                                    std::uint64_t nonce) const {
    if (!replace_all && !js_replace) return hexwin::message(c, server, client, nonce);
    std::string t(c.message);
    const std::pair<const char*, std::string> steps[] = {
        {"{server}", server}, {"{client}", client}, {"{nonce}", std::to_string(nonce)}};
    for (const auto& [pat, value] : steps) t = replace_all ? all(t, pat, value) : first_js(t, pat, value);
    return t;
  }
  static std::string all(std::string t, const std::string& pat, const std::string& value) {
    for (std::size_t at = t.find(pat); at != std::string::npos; at = t.find(pat, at + value.size()))
      t.replace(at, pat.size(), value);
    return t;
  }
  static std::string first_js(const std::string& t, const std::string& pat, const std::string& rep) {
    const std::size_t at = t.find(pat);
    if (at == std::string::npos) return t;
    std::string expanded;
    for (std::size_t i = 0; i < rep.size(); ++i) {
      if (rep[i] == '$' && i + 1 < rep.size()) {
        const char n = rep[i + 1];
        if (n == '$' || n == '&' || n == '`' || n == '\'') {
          expanded += n == '$' ? "$" : n == '&' ? pat : n == '`' ? t.substr(0, at) : t.substr(at + pat.size());
          ++i;
          continue;
        }
      }
      expanded += rep[i];
    }
    return t.substr(0, at) + expanded + t.substr(at + pat.size());
  }

  [[nodiscard]] const hexwin::Convention& convention(const rapidjson::Value& p) const {
    const hexwin::Convention& c = hexwin::find_convention(json::get_string(p, "convention", "params"));
    return as ? *as : c;
  }

  [[nodiscard]] double map(const hexwin::Convention& c, std::uint32_t v) const {
    if (multiplies && c.mapping == hexwin::Mapping::kMod1e4Div100) return static_cast<double>(v % 10000) * 0.01;
    return hexwin::map_value(c.mapping, v);
  }

  [[nodiscard]] double read(const hexwin::Convention& c, const std::string& hex) const {
    const unsigned step = sliding ? 1 : hexwin::kWindowDigits;
    unsigned windows = 0;
    for (std::size_t at = 0; at + hexwin::kWindowDigits <= hex.size(); at += step, ++windows) {
      const auto v = static_cast<std::uint32_t>(std::stoul(hex.substr(at, hexwin::kWindowDigits), nullptr, 16));
      const bool accepted = no_skip || (two_windows && windows == 1) ||
                            (accepts_limit    ? v <= hexwin::kLimit
                             : rejects_999999 ? v < 999999
                                              : v < hexwin::kLimit);
      if (accepted) return map(c, v);
    }
    if (fails_exhausted) throw InputError("digest", "every window rejected: read past the end");
    hexwin::Exhaustion e = c.exhaustion;
    if (fallback_swapped)
      e = e == hexwin::Exhaustion::kTail ? hexwin::Exhaustion::kFixed9999 : hexwin::Exhaustion::kTail;
    if (modulus_after_fallback && e == hexwin::Exhaustion::kFixed9999) return std::fmod(99.99, 10000.0) / 100.0;
    const std::size_t tail_at = hex.size() / hexwin::kWindowDigits * hexwin::kWindowDigits;
    const std::uint32_t v = e == hexwin::Exhaustion::kFixed9999
                                ? 9999
                                : static_cast<std::uint32_t>(std::stoul(hex.substr(tail_at), nullptr, 16));
    return map(c, v);
  }

  [[nodiscard]] Value roll(const rapidjson::Value& p, const Backend& b) const {
    const hexwin::Convention& c = convention(p);
    const std::string server = json::get_string(p, "serverSeed", "params");
    const std::string client = json::get_string(p, "clientSeed", "params");
    const std::uint64_t nonce = json::get_uint(p, "nonce", "params");
    check_text(server, "serverSeed");
    check_text(client, "clientSeed");
    (void)check_counter(nonce, "nonce");
    const std::string msg = message(c, server, client, nonce);
    Bytes d;
    if (c.digesting == hexwin::Digesting::kPlain) {
      d = b.digest(c.hash, as_bytes(msg));
    } else if (swapped_key) {
      d = b.hmac(c.hash, as_bytes(msg), as_bytes(server));
    } else {
      d = b.hmac(c.hash, as_bytes(server), as_bytes(msg));
    }
    return Value::object({{"roll", read(c, to_hex(d))}});
  }

  [[nodiscard]] Value from_hex(const rapidjson::Value& p, const Backend&) const {
    const hexwin::Convention& c = convention(p);
    const std::string hex = json::get_string(p, "digest", "params");
    const Bytes d = fairvec::from_hex(hex, "digest");
    if (d.size() != digest_size(c.hash)) throw InputError("digest", "wrong length");
    return Value::object({{"roll", read(c, to_hex(d))}});
  }
};

void add(FlagLibrary& lib, std::string name, std::string description, const Port& port) {
  auto shared = std::make_shared<const Port>(port);
  lib.port({std::move(name),
            std::move(description),
            {{"hexwin.roll", [shared](const rapidjson::Value& p, const Backend& b) { return shared->roll(p, b); }},
             {"hexwin.from_hex",
              [shared](const rapidjson::Value& p, const Backend& b) { return shared->from_hex(p, b); }}}});
}

}  // namespace

double wrong_roll(const std::string& port, const std::string& convention, const std::string& hex) {
  const hexwin::Convention& c = hexwin::find_convention(convention);
  Port p;
  if (port == "multiplies") p.multiplies = true;
  return p.read(c, hex);
}

void add_wrong_ports(FlagLibrary& lib) {
  for (const hexwin::Convention& c : hexwin::conventions()) {
    add(lib, "hexwin-as-" + std::string(c.name),
        "reads every bet as the " + std::string(c.name) + " convention does (" + std::string(c.operators) +
            "): a port copied from that operator's page",
        {.as = &c});
  }
  add(lib, "hexwin-swapped-key", "keys the HMAC with the message and hashes the server seed", {.swapped_key = true});
  add(lib, "hexwin-no-window-skip", "takes the first window whatever its value (no rejection)", {.no_skip = true});
  add(lib, "hexwin-two-windows-only",
      "tests only the first window; when it is rejected, takes the second untested (ClintonProjects/ProvablyFair "
      "ProvablyFair.java getRoll)",
      {.two_windows = true});
  add(lib, "hexwin-sliding-window", "moves the window one digit at a time instead of five (satoshiquiz's roulette)",
      {.sliding = true});
  add(lib, "hexwin-accepts-10-6", "accepts a window of exactly 10^6 (rejects only values above it)",
      {.accepts_limit = true});
  add(lib, "hexwin-rejects-999999", "rejects a window of 999999 too (`>= 999999`)", {.rejects_999999 = true});
  add(lib, "hexwin-modulus-after-fallback",
      "sets the roll to 99.99 when every window is rejected and then applies the mapping, giving 0.9999 "
      "(dmitro3/api.fyrebet.com classes/provablyfair.js and its copies)",
      {.modulus_after_fallback = true});
  add(lib, "hexwin-multiplies",
      "maps (v mod 10^4) * 0.01 instead of / 100, a different double for some values (the implementation code "
      "dicexbet.com/provably-fair publishes)",
      {.multiplies = true});
  add(lib, "hexwin-other-fallback",
      "applies the other exhaustion rule: the 3-digit tail where the convention says 99.99, or 99.99 where it says "
      "the tail",
      {.fallback_swapped = true});
  add(lib, "hexwin-replace-all",
      "fills the message template placeholder by placeholder, replacing each everywhere: a seed holding {nonce} "
      "or {client} is filled in again (Python's str.replace)",
      {.replace_all = true});
  add(lib, "hexwin-js-replace",
      "fills the message template with JavaScript's String.replace(string, string): $&, $' and $$ in a seed are "
      "read as replacement patterns",
      {.js_replace = true});
  add(lib, "hexwin-fails-exhausted",
      "fails when every window is rejected, reading past the digest's end (Seuntjie900/DiceBot sGetLucky, "
      "MerkeX/primediceverifier main.py)",
      {.fails_exhausted = true});
  lib.port(lenient_port("hexwin-number-as-text", "takes a JSON number for a seed as the text of that number",
                        Leniency::kNumberAsText, {"hexwin.roll"}));
}

}  // namespace fairvec::vectors::hexwin_vec
