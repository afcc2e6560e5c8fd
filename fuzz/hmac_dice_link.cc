// fuzz_hmac_dice_link: hmac-dice-v1 check-page links (schemes/hmac_dice.h) on arbitrary bytes.
//
// Properties: parse_link either returns a link or throws InputError naming "link" or "link.<key>"
// with a position inside the text; a parsed link round-trips: build_link -> parse_link -> build_link
// gives the same text and the same match; a short match verifies identically on every backend
// (verify_match's report JSON compared byte for byte -> "<A>-<B>-hmac_dice.verify_match-difference").
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "differential.h"
#include "schemes/hmac_dice.h"

namespace {

using fairvec::fuzz::fail_and_abort;
namespace hd = fairvec::hmac_dice;

std::string describe(const hd::Link& l) {
  const hd::Match& m = l.match;
  std::string s = "v" + std::to_string(l.version) + " lang=" + l.lang + " seed=" + fairvec::to_hex(m.server_seed);
  s += " seal=" + (m.seal ? fairvec::to_hex(*m.seal) : std::string("-"));
  for (const auto& c : m.client_seeds) s += " client=" + c;
  s += " rolls=" + std::to_string(m.rolls);
  s += " recorded=" + (m.recorded ? hd::rolls_text(*m.recorded) : std::string("-"));
  for (auto g : m.games) s += " game=" + std::to_string(g);
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  hd::Link link;
  try {
    link = hd::parse_link(text);
  } catch (const fairvec::InputError& e) {
    if (e.field().rfind("link", 0) != 0 || (e.position() && *e.position() > size)) {
      fail_and_abort("hmac_dice_link-bad-error", std::string("error names ") + e.field() + ": " + e.what());
    }
    fairvec::fuzz::checked();
    return 0;
  }
  std::string built;
  try {
    built = hd::build_link(link);
  } catch (const fairvec::InputError&) {
    return 0;  // a parsed link the canonical form cannot carry (documented failure)
  }
  hd::Link again;
  try {
    again = hd::parse_link(built);
  } catch (const fairvec::InputError& e) {
    fail_and_abort("hmac_dice_link-roundtrip-rejected",
                   "built link does not parse: " + std::string(e.what()) + "\nlink: " + built);
  }
  std::string rebuilt = hd::build_link(again);
  fairvec::fuzz::plant_text("hmac_dice_link", rebuilt);
  if (describe(again) != describe(link) || rebuilt != built) {
    fail_and_abort("hmac_dice_link-roundtrip-difference", "input: " + std::string(text) +
                                                              "\nparsed: " + describe(link) + "\nbuilt: " + built +
                                                              "\nreparsed: " + describe(again));
  }
  if (link.match.rolls > 0 && link.match.rolls <= 64) {
    std::vector<fairvec::fuzz::Outcome> outs;
    for (const fairvec::Backend* b : fairvec::all_backends()) {
      outs.push_back(fairvec::fuzz::capture(b->name(), "hmac_dice.verify_match", [&] {
        return fairvec::json::to_line(hd::report_json(hd::verify_match(*b, link.match)));
      }));
    }
    if (auto d = fairvec::fuzz::find_difference(outs)) {
      fairvec::fuzz::report_and_abort(*d, {{"link", built}}, outs);
    }
  }
  fairvec::fuzz::checked();
  return 0;
}
