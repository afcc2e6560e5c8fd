// fuzz_hmac_dice_recorded: hmac-dice-v1 recorded-roll listings (schemes/hmac_dice.h) on arbitrary
// bytes, and the bare digit form.
//
// Properties: parse_recorded either returns rolls with both dice in 1..6 or throws InputError
// naming "recorded" with a position inside the text; the bare form of the result reads back to
// the same rolls through parse_recorded and parse_roll_digits; parse_roll_digits on the input
// agrees with parse_recorded on it whenever it accepts it.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "differential.h"
#include "schemes/hmac_dice.h"

namespace {

using fairvec::fuzz::fail_and_abort;
namespace hd = fairvec::hmac_dice;

void check_error(const fairvec::InputError& e, std::string_view field, std::size_t size, std::string_view text) {
  if (e.field() != field || (e.position() && *e.position() > size)) {
    fail_and_abort("hmac_dice_recorded-bad-error", "expected field " + std::string(field) + ", got " + e.field() +
                                                       ": " + e.what() + "\ninput: " + std::string(text));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<hd::Dice> digits;
  bool digits_ok = false;
  try {
    digits = hd::parse_roll_digits(text, "rolls");
    digits_ok = true;
  } catch (const fairvec::InputError& e) {
    check_error(e, "rolls", size, text);
  }
  std::vector<hd::Dice> rolls;
  try {
    rolls = hd::parse_recorded(text);
  } catch (const fairvec::InputError& e) {
    check_error(e, "recorded", size, text);
    if (digits_ok) fail_and_abort("hmac_dice_recorded-bare-form-rejected", "input: " + std::string(text));
    fairvec::fuzz::checked();
    return 0;
  }
  for (const hd::Dice& d : rolls) {
    if (d.d1 < 1 || d.d1 > 6 || d.d2 < 1 || d.d2 > 6) {
      fail_and_abort("hmac_dice_recorded-die-out-of-range", "input: " + std::string(text));
    }
  }
  if (digits_ok && digits != rolls) {
    fail_and_abort("hmac_dice_recorded-bare-form-difference", "input: " + std::string(text));
  }
  const std::string bare = hd::rolls_text(rolls);
  std::vector<hd::Dice> back = hd::parse_recorded(bare);
  if (fairvec::fuzz::planted("hmac_dice_recorded")) back[0].d1 = back[0].d1 % 6 + 1;
  if (bare.size() != 2 * rolls.size() || back != rolls || hd::parse_roll_digits(bare, "rolls") != rolls) {
    fail_and_abort("hmac_dice_recorded-roundtrip-difference", "input: " + std::string(text) + "\nbare: " + bare);
  }
  fairvec::fuzz::checked();
  return 0;
}
