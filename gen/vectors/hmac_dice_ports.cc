// The wrong ports of hmac-dice-v1 (vectors/flags.h): each a named port bug and what a port with it
// answers to hmac_dice.seal, hmac_dice.roll and hmac_dice.pick. One Port describes them all, a rule
// of the spec changed at a time (how the server seed is read, which checks are left out, how the
// key, the seeds or the roll number are written, how bytes are picked), so that a bug that touches
// several ops is one port.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/flags.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

// Port is a port of hmac-dice-v1 with some rules changed.
struct Port {
  // The server seed.
  bool lenient_hex = false;        // skips a 0x prefix and non-hex characters, drops an odd last digit
  bool rejects_uppercase = false;  // refuses A-F
  bool unicode_digits = false;     // reads fullwidth digits U+FF10..U+FF19 as ASCII (Python's int(s, 16))
  bool bigint = false;             // decodes through a big integer: leading zero bytes lost
  std::size_t min_seed = hd::kMinServerSeedBytes, max_seed = hd::kMaxServerSeedBytes;
  bool text_seed = false;          // seals, and keys the HMAC with, the hex text itself
  bool hashed_64 = false;          // hashes a key of 64 bytes or more before the HMAC
  bool upper_seal = false;         // writes the seal in uppercase
  // The client seeds and the roll number.
  bool any_seed_count = false, any_client_length = false, any_client_character = false, any_roll = false;
  std::uint64_t roll_cap = hd::kMaxRoll;
  std::function<std::vector<std::string>(std::vector<std::string>)> seeds = {};
  std::function<std::string(std::int64_t roll)> roll_text = {};
  // The byte picked.
  std::size_t max_skipped = 32;  // skips at most this many bytes of a MAC, then uses the next whatever it is
  int kept_value = -1;           // a value >= 252 it does not skip
  std::size_t bytes = 32;        // how many bytes of each MAC it scans
  bool retries = true;           // goes on to the next retry's MAC
  bool wrap = false;             // with every byte skipped, takes byte 0 of the first MAC
  bool default_dice = false;     // with no MAC at all, answers 1-1

  // key reads the server seed as this port does; throws InputError("serverSeed") where it rejects.
  [[nodiscard]] Bytes key(std::string text) const {
    if (unicode_digits) {
      std::string out;
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (i + 2 < text.size() && text.compare(i, 2, "\xEF\xBC") == 0 && text[i + 2] >= '\x90' && text[i + 2] <= '\x99') {
          out += static_cast<char>('0' + (text[i + 2] - '\x90'));
          i += 2;
        } else {
          out += text[i];
        }
      }
      text = out;
    }
    if (lenient_hex) {
      if (text.rfind("0x", 0) == 0) text = text.substr(2);
      std::erase_if(text, [](char ch) { return !std::isxdigit(static_cast<unsigned char>(ch)); });
      if (text.size() % 2) text.pop_back();
    }
    if (rejects_uppercase && std::any_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'F'; })) {
      throw InputError("serverSeed", "uppercase hex");
    }
    Bytes key = from_hex(text, "serverSeed");
    if (key.size() < min_seed || key.size() > max_seed) throw InputError("serverSeed", "length");
    if (text_seed) return Bytes(text.begin(), text.end());
    if (bigint) key.erase(key.begin(), std::find_if(key.begin(), key.end(), [](std::uint8_t b) { return b != 0; }));
    return key;
  }

  [[nodiscard]] json::Value seal(const rapidjson::Value& p, const Backend& b) const {
    std::string s = to_hex(b.sha256(key(json::get_string(p, "serverSeed", "params"))));
    return json::Value::object({{"seal", upper_seal ? upper(s) : s}});
  }

  // dice picks a roll's dice from its retries' MACs; throws InputError("macs") where it finds none.
  [[nodiscard]] hd::Dice dice(const std::vector<Digest>& macs) const {
    auto of = [](std::uint8_t byte) {
      const int x = byte % 36;
      return hd::Dice{x / 6 + 1, x % 6 + 1};
    };
    if (macs.empty()) {
      if (default_dice) return {1, 1};
      throw InputError("macs", "none");
    }
    for (std::size_t k = 0; k < (retries ? macs.size() : 1); ++k) {
      for (std::size_t i = 0; i < bytes; ++i) {
        const std::uint8_t v = macs[k][i];
        if (v < hd::kFirstSkippedByte || v == kept_value || i == max_skipped) return of(v);
      }
    }
    if (wrap) return of(macs[0][0]);
    throw InputError("macs", "all skipped");
  }

  [[nodiscard]] json::Value pick(const rapidjson::Value& p, const Backend&) const {
    std::vector<Digest> macs;
    for (const auto& h : json::get_string_array(p, "macs", "params")) macs.push_back(digest_from_hex(h, "macs"));
    return json::Value::object({{"dice", jdice(dice(macs))}});
  }

  [[nodiscard]] json::Value roll(const rapidjson::Value& p, const Backend& b) const {
    Bytes k = key(json::get_string(p, "serverSeed", "params"));
    if (hashed_64 && k.size() >= 64) {
      const Digest d = b.sha256(ByteView(k.data(), k.size()));
      k.assign(d.begin(), d.end());
    }
    std::vector<std::string> cs = json::get_string_array(p, "clientSeeds", "params");
    if (!any_seed_count && (cs.empty() || cs.size() > hd::kMaxClientSeeds)) throw InputError("clientSeeds", "count");
    for (const auto& c : cs) {
      if (!any_client_length && (c.empty() || c.size() > hd::kMaxClientSeedChars)) throw InputError("clientSeeds", "length");
      if (!any_client_character && !std::all_of(c.begin(), c.end(), [](char ch) {
            return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-';
          })) {
        throw InputError("clientSeeds", "character");
      }
    }
    if (seeds) cs = seeds(cs);
    const std::int64_t roll = json::get_int(p, "roll", "params");
    if (!any_roll && (roll < 1 || static_cast<std::uint64_t>(roll) > roll_cap)) throw InputError("roll", "range");
    std::string m;
    for (std::size_t i = 0; i < cs.size(); ++i) m += (i ? ":" : "") + cs[i];
    const std::string tail = ":" + (roll_text ? roll_text(roll) : std::to_string(roll));
    std::vector<Digest> macs;
    for (std::size_t retry = 0; retry <= hd::kMaxRetry; ++retry, m += "+") {
      macs.push_back(b.hmac_sha256(k, as_bytes(m + tail)));
      try {
        return json::Value::object({{"dice", jdice(dice({macs.back()}))}});
      } catch (const InputError&) {
        // every byte of this retry skipped: the next retry
      }
    }
    throw InputError("roll", "every retry skipped");
  }
};

// WhichOps lists the ops a wrong port answers.
enum WhichOps : unsigned { kSeal = 1, kRoll = 2, kPick = 4 };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto shared = std::make_shared<const Port>(std::move(port));
  if (ops & kSeal) w.answers.push_back({"hmac_dice.seal", [shared](const rapidjson::Value& p, const Backend& b) { return shared->seal(p, b); }});
  if (ops & kRoll) w.answers.push_back({"hmac_dice.roll", [shared](const rapidjson::Value& p, const Backend& b) { return shared->roll(p, b); }});
  if (ops & kPick) w.answers.push_back({"hmac_dice.pick", [shared](const rapidjson::Value& p, const Backend& b) { return shared->pick(p, b); }});
  lib.port(std::move(w));
}

std::vector<std::string> sorted(std::vector<std::string> s, bool down) {
  if (down) {
    std::sort(s.rbegin(), s.rend());
  } else {
    std::sort(s.begin(), s.end());
  }
  return s;
}

}  // namespace

void add_wrong_ports(FlagLibrary& lib) {
  // The server seed.
  add(lib, "seal-of-hex-text", "seals the server seed's hex text instead of its decoded bytes", kSeal, {.text_seed = true});
  add(lib, "hex-text-key", "keys the HMAC with the server seed's hex text instead of its decoded bytes", kRoll,
      {.text_seed = true});
  add(lib, "uppercase-seal", "writes the seal in uppercase hex", kSeal, {.upper_seal = true});
  add(lib, "uppercase-seed-rejected", "rejects server seed hex with uppercase letters", kSeal | kRoll,
      {.rejects_uppercase = true});
  add(lib, "lenient-seed-hex", "reads the server seed's hex leniently: skips a 0x prefix and non-hex characters, drops an odd last digit",
      kSeal | kRoll, {.lenient_hex = true});
  add(lib, "lenient-seed-hex-any-length", "reads the server seed's hex leniently and checks no length", kSeal,
      {.lenient_hex = true, .min_seed = 0, .max_seed = SIZE_MAX});
  add(lib, "unicode-seed-digits", "reads fullwidth digits (U+FF10..U+FF19) in the server seed as hex digits", kSeal,
      {.unicode_digits = true});
  add(lib, "bigint-seed", "decodes the server seed through a big integer, losing its leading zero bytes", kSeal, {.bigint = true});
  add(lib, "seed-min-18", "rejects 16- and 17-byte server seeds (the lower bound set off by one)", kSeal | kRoll, {.min_seed = 18});
  add(lib, "seed-max-62", "rejects 63- and 64-byte server seeds (the upper bound set off by one)", kSeal | kRoll, {.max_seed = 62});
  add(lib, "seed-min-unchecked", "accepts server seeds shorter than 16 bytes, the empty one included", kSeal | kRoll,
      {.min_seed = 0});
  add(lib, "seed-max-unchecked", "accepts server seeds longer than 64 bytes", kSeal | kRoll, {.max_seed = SIZE_MAX});
  add(lib, "long-key-hashed", "hashes a 64-byte server seed before keying the HMAC (as for keys longer than a block)", kRoll,
      {.hashed_64 = true});
  // The client seeds and the roll number.
  add(lib, "sorted-seeds", "sorts the client seeds instead of keeping their seat order", kRoll,
      {.seeds = [](std::vector<std::string> s) { return sorted(std::move(s), false); }});
  add(lib, "sorted-seeds-descending", "sorts the client seeds in descending order instead of keeping their seat order", kRoll,
      {.seeds = [](std::vector<std::string> s) { return sorted(std::move(s), true); }});
  add(lib, "client-seeds-lowercased", "lowercases the client seeds", kRoll, {.seeds = [](std::vector<std::string> s) {
        for (auto& c : s) std::transform(c.begin(), c.end(), c.begin(), [](unsigned char ch) { return std::tolower(ch); });
        return s;
      }});
  add(lib, "client-seeds-stripped", "drops '_' and '-' from the client seeds", kRoll, {.seeds = [](std::vector<std::string> s) {
        for (auto& c : s) std::erase_if(c, [](char ch) { return ch == '_' || ch == '-'; });
        return s;
      }});
  add(lib, "client-seed-count-unchecked", "accepts no client seed, or more than two", kRoll, {.any_seed_count = true});
  add(lib, "client-seed-length-unchecked", "accepts empty client seeds and seeds longer than 128 characters", kRoll,
      {.any_client_length = true});
  add(lib, "client-seed-charset-unchecked", "accepts client seeds with characters outside [A-Za-z0-9_-]", kRoll,
      {.any_client_character = true});
  add(lib, "roll-zero-padded", "writes the roll number zero-padded to 16 digits in the message", kRoll,
      {.roll_text = [](std::int64_t r) {
        std::string t = std::to_string(r);
        return std::string(t.size() < 16 ? 16 - t.size() : 0, '0') + t;
      }});
  add(lib, "roll-in-hex", "writes the roll number in hexadecimal in the message", kRoll, {.roll_text = [](std::int64_t r) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(r));
        return std::string(buf);
      }});
  add(lib, "roll-32-bit", "writes the roll number modulo 2^32 in the message", kRoll,
      {.roll_text = [](std::int64_t r) { return std::to_string(static_cast<std::uint32_t>(r)); }});
  add(lib, "roll-capped-32-bit", "rejects roll numbers above 2^32 - 1", kRoll, {.roll_cap = 0xffffffffULL});
  add(lib, "roll-range-unchecked", "accepts any integer as the roll number", kRoll, {.any_roll = true});
  // The byte picked.
  add(lib, "no-skip", "uses MAC byte 0 even when it is >= 252", kRoll | kPick, {.max_skipped = 0});
  for (std::size_t n = 1; n <= 5; ++n) {
    add(lib, "skips-at-most-" + std::to_string(n),
        "skips at most " + std::to_string(n) + " MAC byte" + (n > 1 ? "s" : "") + " >= 252, then uses the next whatever it is",
        kRoll | kPick, {.max_skipped = n});
  }
  for (int v = 252; v <= 255; ++v) {
    add(lib, "accept-" + std::to_string(v), "does not skip the MAC byte value " + std::to_string(v), kPick, {.kept_value = v});
  }
  add(lib, "pick-31-bytes", "scans only bytes 0..30 of each MAC", kPick, {.bytes = 31});
  add(lib, "no-retries", "never goes on to the next retry's MAC", kPick, {.retries = false});
  add(lib, "pick-wraps", "takes byte 0 of the first MAC when every byte is skipped", kPick, {.wrap = true});
  add(lib, "pick-default-dice", "answers 1-1 when no MAC is given", kPick, {.default_dice = true});
}

}  // namespace fairvec::vectors::hmac_dice_vec
