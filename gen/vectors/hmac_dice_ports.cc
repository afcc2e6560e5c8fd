// The wrong ports of hmac-dice-v1 (vectors/flags.h): each a named port bug and what a port with it
// answers to hmac_dice.seal, hmac_dice.roll and hmac_dice.pick. One Port describes them all, a rule
// of the spec changed at a time (how the server seed is read, which checks are left out, how the
// key, the seeds or the roll number are written, how bytes are picked), so that a bug that touches
// several ops is one port.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/errors.h"
#include "ops/op_table.h"
#include "vectors/flags.h"
#include "vectors/hmac_dice.h"
#include "vectors/lenient_ports.h"
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
  bool text_seed = false;     // seals, and keys the HMAC with, the hex text itself
  bool hashed_64 = false;     // hashes a key of 64 bytes or more before the HMAC
  bool upper_seal = false;    // writes the seal in uppercase
  bool seal_as_text = false;  // compares a given seal with its own as text (lowercase hex), case and all
  // The client seeds and the roll number.
  bool any_seed_count = false, any_client_length = false, any_client_character = false, any_roll = false;
  std::uint64_t roll_cap = hd::kMaxRoll;
  std::function<std::vector<std::string>(std::vector<std::string>)> seeds = {};
  std::function<std::string(std::int64_t roll)> roll_text = {};
  enum class Plus { kLastSeed, kFirstSeed, kAfterRoll } plus = Plus::kLastSeed;  // where a retry's '+' go
  std::int64_t roll_offset = 0;  // the roll number written is roll + roll_offset (-1: counted from 0)
  // The byte picked.
  std::size_t max_skipped = 32;      // skips at most this many bytes of a MAC, then uses the next whatever it is
  int kept_value = -1;               // a value >= 252 it does not skip
  std::size_t bytes = 32;            // how many bytes of each MAC it scans
  bool retries = true;               // goes on to the next retry's MAC
  bool wrap = false;                 // with every byte skipped, takes byte 0 of the first MAC
  bool default_dice = false;         // with no MAC at all, answers 1-1
  bool swap_dice = false;            // dice (v % 6 + 1, v / 6 + 1)
  bool first_mismatch_only = false;  // a match report lists only the first mismatching roll

  // key reads the server seed as this port does; throws InputError("serverSeed") where it rejects.
  [[nodiscard]] Bytes key(std::string text) const {
    if (unicode_digits) {
      std::string out;
      for (std::size_t i = 0; i < text.size(); ++i) {
        if (i + 2 < text.size() && text.compare(i, 2, "\xEF\xBC") == 0 && text[i + 2] >= '\x90' &&
            text[i + 2] <= '\x99') {
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
    auto of = [this](std::uint8_t byte) {
      const int x = byte % 36;
      return swap_dice ? hd::Dice{x % 6 + 1, x / 6 + 1} : hd::Dice{x / 6 + 1, x % 6 + 1};
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

  // client_seeds reads and checks the client seeds as this port does.
  [[nodiscard]] std::vector<std::string> client_seeds(const rapidjson::Value& p) const {
    std::vector<std::string> cs = json::get_string_array(p, "clientSeeds", "params");
    if (!any_seed_count && (cs.empty() || cs.size() > hd::kMaxClientSeeds)) throw InputError("clientSeeds", "count");
    for (const auto& c : cs) {
      if (!any_client_length && (c.empty() || c.size() > hd::kMaxClientSeedChars))
        throw InputError("clientSeeds", "length");
      if (!any_client_character && !std::all_of(c.begin(), c.end(), [](char ch) {
            return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-';
          })) {
        throw InputError("clientSeeds", "character");
      }
    }
    return cs;
  }

  [[nodiscard]] std::int64_t roll_number(const rapidjson::Value& p) const {
    const std::int64_t roll = json::get_int(p, "roll", "params");
    if (!any_roll && (roll < 1 || static_cast<std::uint64_t>(roll) > roll_cap)) throw InputError("roll", "range");
    return roll;
  }

  // text is the HMAC message of retry |retry| of roll |roll| as this port writes it.
  [[nodiscard]] std::string text(std::vector<std::string> cs, std::int64_t roll, std::uint64_t retry) const {
    if (seeds) cs = seeds(cs);
    const std::string pluses(retry, '+');
    if (!cs.empty() && plus_where() == Plus::kLastSeed) cs.back() += pluses;
    if (!cs.empty() && plus_where() == Plus::kFirstSeed) cs.front() += pluses;
    std::string m;
    for (std::size_t i = 0; i < cs.size(); ++i) m += (i ? ":" : "") + cs[i];
    const std::int64_t written = roll + roll_offset;
    m += ":" + (roll_text ? roll_text(written) : std::to_string(written));
    if (plus_where() == Plus::kAfterRoll) m += pluses;
    return m;
  }
  [[nodiscard]] Plus plus_where() const { return plus; }

  [[nodiscard]] Bytes roll_key(const Bytes& seed_key, const Backend& b) const {
    if (!hashed_64 || seed_key.size() < 64) return seed_key;
    const Digest d = b.sha256(ByteView(seed_key.data(), seed_key.size()));
    return Bytes(d.begin(), d.end());
  }

  // dice_of derives roll |roll| as this port does.
  [[nodiscard]] hd::Dice dice_of(const Bytes& key, const std::vector<std::string>& cs, std::int64_t roll,
                                 const Backend& b) const {
    for (std::uint64_t retry = 0; retry <= hd::kMaxRetry; ++retry) {
      try {
        return dice({b.hmac_sha256(key, as_bytes(text(cs, roll, retry)))});
      } catch (const InputError&) {
        // every byte of this retry skipped: the next retry
      }
    }
    throw InputError("roll", "every retry skipped");
  }

  [[nodiscard]] json::Value roll(const rapidjson::Value& p, const Backend& b) const {
    const Bytes k = roll_key(key(json::get_string(p, "serverSeed", "params")), b);
    const std::vector<std::string> cs = client_seeds(p);
    return json::Value::object({{"dice", jdice(dice_of(k, cs, roll_number(p), b))}});
  }

  [[nodiscard]] json::Value message(const rapidjson::Value& p, const Backend&) const {
    const std::vector<std::string> cs = client_seeds(p);
    const std::int64_t roll = roll_number(p);
    const std::uint64_t retry = json::get_uint(p, "retry", "params");
    if (retry > hd::kMaxRetry) throw InputError("retry", "range");
    return json::Value::object({{"message", text(cs, roll, retry)}});
  }

  // match verifies a whole match with this port's seal and rolls (the fields read as fairvec does).
  [[nodiscard]] json::Value match(const rapidjson::Value& p, const Backend& b) const {
    const hd::Match m = hd::match_from_json(p, "params", true);
    const Bytes seed = key(json::get_string(p, "serverSeed", "params"));
    const Bytes k = roll_key(seed, b);
    hd::MatchReport r = hd::verify_match(
        b, m, {}, [&](std::uint64_t n) { return dice_of(k, m.client_seeds, static_cast<std::int64_t>(n), b); });
    const Digest seal = b.sha256(seed);
    r.computed_seal = to_hex(seal);
    if (m.seal)
      r.seal_matches = seal_as_text ? json::get_string(p, "seal", "params") == r.computed_seal : *m.seal == seal;
    if (first_mismatch_only && r.mismatches.size() > 1) r.mismatches.resize(1);
    r.verdict = r.seal_matches && !*r.seal_matches ? hd::Verdict::kSealMismatch
                : !r.mismatches.empty()            ? hd::Verdict::kRollMismatch
                : m.seal || m.recorded             ? hd::Verdict::kVerified
                                                   : hd::Verdict::kUnchecked;
    return hd::report_json(r);
  }
};

// WhichOps lists the ops a wrong port answers.
enum WhichOps : unsigned { kSeal = 1, kRoll = 2, kPick = 4, kMessage = 8, kMatch = 16 };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto shared = std::make_shared<const Port>(std::move(port));
  if (ops & kSeal)
    w.answers.push_back(
        {"hmac_dice.seal", [shared](const rapidjson::Value& p, const Backend& b) { return shared->seal(p, b); }});
  if (ops & kRoll)
    w.answers.push_back(
        {"hmac_dice.roll", [shared](const rapidjson::Value& p, const Backend& b) { return shared->roll(p, b); }});
  if (ops & kPick)
    w.answers.push_back(
        {"hmac_dice.pick", [shared](const rapidjson::Value& p, const Backend& b) { return shared->pick(p, b); }});
  if (ops & kMessage) {
    w.answers.push_back(
        {"hmac_dice.message", [shared](const rapidjson::Value& p, const Backend& b) { return shared->message(p, b); }});
  }
  if (ops & kMatch) {
    w.answers.push_back({"hmac_dice.verify_match",
                         [shared](const rapidjson::Value& p, const Backend& b) { return shared->match(p, b); }});
  }
  lib.port(std::move(w));
}

// via answers |op| as fairvec does, on params |rewrite| changed: a port that reads one input another way.
void via(FlagLibrary& lib, std::string name, std::string description, std::vector<std::string> ops,
         std::function<void(json::Object& params)> rewrite) {
  WrongPort w{std::move(name), std::move(description), {}};
  for (auto& op : ops) {
    w.answers.push_back({op, [op, rewrite](const rapidjson::Value& p, const Backend& b) {
                           json::Object o = json::Value::from_rapidjson(p).as_object();
                           rewrite(o);
                           rapidjson::Document d;
                           rapidjson::Value v = json::Value(std::move(o)).to_rapidjson(d.GetAllocator());
                           static_cast<rapidjson::Value&>(d).Swap(v);
                           return ops::run(*ops::table().find(op), d, b);
                         }});
  }
  lib.port(std::move(w));
}

// text_member applies |change| to the string member |name| of |o|, where it is one.
void text_member(json::Object& o, std::string_view name, const std::function<void(std::string&)>& change) {
  for (auto& [k, v] : o) {
    if (k != name) continue;
    if (auto* s = std::get_if<std::string>(&v.variant())) {
      std::string t = *s;
      change(t);
      v = json::Value(std::move(t));
    }
  }
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
  add(lib, "seal-of-hex-text", "seals the server seed's hex text instead of its decoded bytes", kSeal,
      {.text_seed = true});
  add(lib, "hex-string-key", "takes the server seed's hex text for its decoded bytes: the HMAC key and the seal",
      kSeal | kRoll | kMatch, {.text_seed = true});
  add(lib, "uppercase-seal", "writes the seal in uppercase hex", kSeal, {.upper_seal = true});
  add(lib, "seal-compared-as-text",
      "compares a given seal with the computed one as text, so uppercase hex never matches", kMatch,
      {.seal_as_text = true});
  add(lib, "uppercase-seed-rejected", "rejects server seed hex with uppercase letters", kSeal | kRoll | kMatch,
      {.rejects_uppercase = true});
  add(lib, "lenient-seed-hex",
      "reads the server seed's hex leniently: skips a 0x prefix and non-hex characters, drops an odd last digit",
      kSeal | kRoll, {.lenient_hex = true});
  add(lib, "lenient-seed-hex-any-length", "reads the server seed's hex leniently and checks no length", kSeal,
      {.lenient_hex = true, .min_seed = 0, .max_seed = SIZE_MAX});
  add(lib, "unicode-seed-digits", "reads fullwidth digits (U+FF10..U+FF19) in the server seed as hex digits", kSeal,
      {.unicode_digits = true});
  add(lib, "bigint-seed", "decodes the server seed through a big integer, losing its leading zero bytes", kSeal,
      {.bigint = true});
  add(lib, "seed-min-18", "rejects 16- and 17-byte server seeds (the lower bound set off by one)", kSeal | kRoll,
      {.min_seed = 18});
  add(lib, "seed-max-62", "rejects 63- and 64-byte server seeds (the upper bound set off by one)", kSeal | kRoll,
      {.max_seed = 62});
  add(lib, "seed-min-unchecked", "accepts server seeds shorter than 16 bytes, the empty one included", kSeal | kRoll,
      {.min_seed = 0});
  add(lib, "seed-max-unchecked", "accepts server seeds longer than 64 bytes", kSeal | kRoll, {.max_seed = SIZE_MAX});
  add(lib, "long-key-hashed", "hashes a 64-byte server seed before keying the HMAC (as for keys longer than a block)",
      kRoll, {.hashed_64 = true});
  // The client seeds and the roll number.
  add(lib, "sorted-seeds", "sorts the client seeds instead of keeping their seat order", kRoll | kMessage | kMatch,
      {.seeds = [](std::vector<std::string> s) { return sorted(std::move(s), false); }});
  add(lib, "sorted-seeds-descending", "sorts the client seeds in descending order instead of keeping their seat order",
      kRoll, {.seeds = [](std::vector<std::string> s) { return sorted(std::move(s), true); }});
  add(lib, "client-seeds-lowercased", "lowercases the client seeds", kRoll, {.seeds = [](std::vector<std::string> s) {
        for (auto& c : s)
          std::transform(c.begin(), c.end(), c.begin(), [](unsigned char ch) { return std::tolower(ch); });
        return s;
      }});
  add(lib, "client-seeds-stripped", "drops '_' and '-' from the client seeds", kRoll,
      {.seeds = [](std::vector<std::string> s) {
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
  add(lib, "roll-in-hex", "writes the roll number in hexadecimal in the message", kRoll,
      {.roll_text = [](std::int64_t r) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(r));
        return std::string(buf);
      }});
  add(lib, "roll-32-bit", "writes the roll number modulo 2^32 in the message", kRoll,
      {.roll_text = [](std::int64_t r) { return std::to_string(static_cast<std::uint32_t>(r)); }});
  add(lib, "roll-capped-32-bit", "rejects roll numbers above 2^32 - 1", kRoll, {.roll_cap = 0xffffffffULL});
  add(lib, "roll-range-unchecked", "accepts any integer as the roll number", kRoll, {.any_roll = true});
  add(lib, "zero-based-rolls", "counts roll numbers from 0: the message of roll n carries n - 1",
      kRoll | kMessage | kMatch, {.roll_offset = -1});
  add(lib, "plus-on-first-seed", "appends a retry's '+' to the first client seed, not the last",
      kRoll | kMessage | kMatch, {.plus = Port::Plus::kFirstSeed});
  add(lib, "plus-after-roll", "appends a retry's '+' after the roll number", kRoll | kMessage | kMatch,
      {.plus = Port::Plus::kAfterRoll});
  // The byte picked.
  add(lib, "no-skip", "uses MAC byte 0 even when it is >= 252", kRoll | kPick | kMatch, {.max_skipped = 0});
  add(lib, "swapped-dice", "writes the dice as (v % 6 + 1, v / 6 + 1), the two dice swapped", kRoll | kPick | kMatch,
      {.swap_dice = true});
  for (std::size_t n = 1; n <= 5; ++n) {
    add(lib, "skips-at-most-" + std::to_string(n),
        "skips at most " + std::to_string(n) + " MAC byte" + (n > 1 ? "s" : "") +
            " >= 252, then uses the next whatever it is",
        kRoll | kPick, {.max_skipped = n});
  }
  for (int v = 252; v <= 255; ++v) {
    add(lib, "accept-" + std::to_string(v), "does not skip the MAC byte value " + std::to_string(v),
        kRoll | kPick | kMatch, {.kept_value = v});
  }
  add(lib, "pick-31-bytes", "scans only bytes 0..30 of each MAC", kPick, {.bytes = 31});
  add(lib, "no-retries", "never goes on to the next retry's MAC", kPick, {.retries = false});
  add(lib, "pick-wraps", "takes byte 0 of the first MAC when every byte is skipped", kPick, {.wrap = true});
  add(lib, "pick-default-dice", "answers 1-1 when no MAC is given", kPick, {.default_dice = true});
  // JSON types read leniently (vectors/lenient_ports.h): roll, retry, version and a link's roll count.
  add_lenient_integer_ports(lib,
                            {.as_text = "string-as-integer",
                             .integral_float = "hmac-dice-integral-float",
                             .boolean = "hmac-dice-boolean-as-integer"},
                            "roll, retry, version or rolls",
                            {"hmac_dice.roll", "hmac_dice.message", "hmac_dice.build_link", "hmac_dice.verify_match"});
  lib.port(lenient_port("hmac-dice-number-as-text", "takes a JSON number for a listing of recorded rolls, as its text",
                        Leniency::kNumberAsText,
                        {"hmac_dice.parse_recorded", "hmac_dice.verify_match", "hmac_dice.build_link"}));
  // Links and listings.
  {
    WrongPort w{"build-link-keeps-case", "writes a built link's seed and seal in the case they were given", {}};
    w.answers.push_back({"hmac_dice.build_link", [](const rapidjson::Value& p, const Backend& b) {
                           const json::Value r = ops::run(*ops::table().find("hmac_dice.build_link"), p, b);
                           std::string link = std::get<std::string>(r.find("link")->variant());
                           for (const char* k : {"serverSeed", "seal"}) {
                             const rapidjson::Value* v = json::optional_member(p, k);
                             if (!v || !v->IsString() || v->GetStringLength() == 0) continue;
                             const std::string given(v->GetString(), v->GetStringLength());
                             std::string lower = given;
                             for (char& ch : lower)
                               ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                             const std::size_t at = link.find(lower);
                             if (at != std::string::npos) link.replace(at, lower.size(), given);
                           }
                           return json::Value::object({{"link", link}});
                         }});
    lib.port(std::move(w));
  }
  via(lib, "link-keys-any-case", "matches a link's keys case-insensitively", {"hmac_dice.parse_link"},
      [](json::Object& o) {
        text_member(o, "link", [](std::string& link) {
          const std::size_t start = link.find_first_of("?#");
          if (start == std::string::npos) return;
          bool key = true;
          for (std::size_t i = start + 1; i < link.size(); ++i) {
            if (link[i] == '&')
              key = true;
            else if (link[i] == '=')
              key = false;
            else if (key)
              link[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(link[i])));
          }
        });
      });
  via(lib, "link-either-version-names",
      "reads a link field under either version's name (v0 s= as seed=, v1 seed= as s=)", {"hmac_dice.parse_link"},
      [](json::Object& o) {
        text_member(o, "link", [](std::string& link) {
          const std::size_t start = link.find_first_of("?#");
          if (start == std::string::npos) return;
          static const std::map<std::string, std::string> kAsV0 = {
              {"s", "seed"}, {"c", "seal"}, {"p", "client"}, {"r", "rolls"}};
          static const std::map<std::string, std::string> kAsV1 = {
              {"seed", "s"}, {"seal", "c"}, {"client", "p"}, {"rolls", "r"}};
          const auto& names = link[start] == '#' ? kAsV1 : kAsV0;
          std::vector<std::string> fields;
          std::set<std::string> keys;
          std::stringstream in(link.substr(start + 1));
          for (std::string f; std::getline(in, f, '&');) {
            fields.push_back(f);
            keys.insert(f.substr(0, f.find('=')));
          }
          std::string out = link.substr(0, start + 1);
          bool renamed = false;
          for (std::size_t i = 0; i < fields.size(); ++i) {
            std::string f = fields[i];
            const std::size_t eq = f.find('=');
            const auto alias = names.find(f.substr(0, eq));
            if (eq != std::string::npos && alias != names.end() && !keys.count(alias->second)) {
              f = alias->second + f.substr(eq);
              renamed = true;
            }
            out += (i ? "&" : "") + f;
          }
          if (renamed) link = out;  // else as given, also a link that ends in an ampersand
        });
      });
  via(lib, "link-extra-path", "accepts any text after /check in a link's path", {"hmac_dice.parse_link"},
      [](json::Object& o) {
        text_member(o, "link", [](std::string& link) {
          const std::size_t end = std::min(link.find_first_of("?#"), link.size());
          const std::size_t at = link.substr(0, end).find("/check");
          if (at != std::string::npos) link = link.substr(0, at) + "/check/" + link.substr(end);
        });
      });
  via(lib, "recorded-any-separator", "splits recorded rolls on commas as on whitespace",
      {"hmac_dice.parse_recorded", "hmac_dice.verify_match"}, [](json::Object& o) {
        for (const char* name : {"text", "recorded"})
          text_member(o, name, [](std::string& t) { std::replace(t.begin(), t.end(), ',', ' '); });
      });
  add(lib, "match-first-mismatch-only", "lists only the first mismatching roll of a match", kMatch,
      {.first_mismatch_only = true});
}

}  // namespace fairvec::vectors::hmac_dice_vec
