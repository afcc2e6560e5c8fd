// fuzz_tavla_proof: tavla-commit-v1 proof files (schemes/tavla_proof.h) on arbitrary bytes.
//
// Properties: parse_proof either returns a proof or throws InputError with a position inside the
// text; a parsed proof verifies identically on every backend (the whole verdict compared ->
// "<A>-<B>-tavla.verify_proof-difference"), and a verdict that fails names its check.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto.h"
#include "core/errors.h"
#include "differential.h"
#include "schemes/tavla_proof.h"

namespace {
using fairvec::fuzz::fail_and_abort;
namespace tv = fairvec::tavla;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tv::Proof proof;
  try {
    proof = tv::parse_proof(text);
  } catch (const fairvec::InputError& e) {
    if (e.position() && *e.position() > size) {
      fail_and_abort("tavla_proof-bad-error", std::string("position past the end: ") + e.what());
    }
    fairvec::fuzz::checked();
    return 0;
  }
  tv::Expected expected;
  if (size > 0 && (data[0] & 1)) {
    expected.kind = tv::Expected::Kind::kSealCode;
    expected.seal_code = proof.seal_code;
  }
  std::vector<fairvec::fuzz::Outcome> outs;
  for (const fairvec::Backend* b : fairvec::all_backends()) {
    outs.push_back(fairvec::fuzz::capture(b->name(), "tavla.verify_proof", [&] {
      tv::Verdict v = tv::verify_proof(*b, proof, expected);
      if (!v.verified && v.failed_check.empty()) {
        fail_and_abort("tavla_proof-unnamed-failure", "a failed verdict names no check");
      }
      return std::string(v.verified ? "verified" : "failed") + " check=" + v.failed_check + " expected=" + v.expected +
             " found=" + v.found + " commitment=" + fairvec::to_hex(v.commitment) + " seal=" + v.seal_code +
             " rolls=" + std::to_string(v.rolls_checked);
    }));
  }
  fairvec::fuzz::plant_outcome("tavla_proof", outs);
  if (auto d = fairvec::fuzz::find_difference(outs)) {
    fairvec::fuzz::report_and_abort(*d, {{"proof", std::string(text)}}, outs);
  }
  fairvec::fuzz::checked();
  return 0;
}
