// The wrong ports of crash (vectors/flags.h): each a named port bug and what a port with it answers
// to crash.point, crash.from_hash and crash.previous. One Port describes them all, a rule of the
// spec changed at a time (how the link and the salt are read, what each convention's HMAC keys
// and hashes, how the point is computed and sent, what the chain hashes), so that a bug that
// touches several ops is one port.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "schemes/crash.h"
#include "vectors/crash.h"
#include "vectors/flags.h"
#include "vectors/lenient_ports.h"

namespace fairvec::vectors::crash_vec {

namespace {

// Port is a port of crash with some rules changed.
struct Port {
  // The link (or hash).
  bool lenient_link = false;       // reads it with Buffer.from(text, 'hex'): never refuses
  bool rejects_uppercase = false;  // refuses uppercase hex digits
  bool text_as_given = false;      // uses the link's text as given where a convention uses its lowercase hex text
  // The salt.
  bool ignores_salt = false;      // takes a salt sent with betkyo-exact and ignores it
  bool missing_as_empty = false;  // takes a missing salt as empty
  bool rejects_empty_salt = false;
  bool trims_salt = false;   // trims spaces from both ends
  bool latin1_salt = false;  // hashes the salt one byte per code point
  // The HMAC.
  bool v1_raw_key = false;      // bustabit-v1 keyed with the link's 32 raw bytes
  bool v2_hex_message = false;  // bustabit-v2 and -2025 hash the link's hex text
  bool swapped = false;         // the key and the message of each bustabit convention swapped
  // The point.
  bool betkyo_doubles = false;  // betkyo-exact in binary64
  bool bustabit_exact = false;  // the bustabit conventions in exact integers
  enum class Bust { kWhole, kNone, kLeadingU64, kLeading52, kDoubles } bust = Bust::kWhole;  // bustabit-v1's test
  bool no_clamp = false;  // bustabit-v2 and -2025 without max(100, ...)
  enum class Sent { kDecimal, kNumber, kJsString } sent = Sent::kDecimal;
  // The chain.
  bool raw_chain = false;    // hashes the 32 raw bytes in every convention
  bool text_chain = false;   // hashes the lowercase hex text in every convention
  bool upper_chain = false;  // hashes the uppercase hex text where a convention hashes hex text

  [[nodiscard]] Digest link(const rapidjson::Value& p, const char* field) const {
    const std::string text = json::get_string(p, field, "params");
    if (lenient_link) return buffer_from_hex(text);
    const Digest d = digest_from_hex(text, field);
    if (rejects_uppercase && text != to_hex(d)) throw InputError(field, "uppercase hex");
    return d;
  }

  // salt reads the salt as this port does: nullopt for betkyo-exact, InputError where it refuses.
  [[nodiscard]] std::optional<std::string> salt(const rapidjson::Value& p, Convention c) const {
    std::optional<std::string> s = salt_of(p);
    if (c == Convention::kBetkyoExact) {
      if (s && !ignores_salt) throw InputError("salt", "betkyo-exact takes no salt");
      return std::nullopt;
    }
    if (!s) {
      if (!missing_as_empty) throw InputError("salt", "missing");
      s = "";
    }
    if (rejects_empty_salt && s->empty()) throw InputError("salt", "empty");
    if (trims_salt) {
      const auto a = s->find_first_not_of(' ');
      s = a == std::string::npos ? std::string() : s->substr(a, s->find_last_not_of(' ') - a + 1);
    }
    if (latin1_salt) s = latin1(*s);
    return s;
  }

  [[nodiscard]] json::Value value(Convention c, const Digest& hash) const {
    const crash::Point q = crash::from_hash(c, hash);
    std::uint64_t x = 0;
    if (c == Convention::kBetkyoExact) {
      x = betkyo_doubles ? q.double_hundredths : q.exact_hundredths;
    } else if (c == Convention::kBustabitV1) {
      bool divisible = q.divisible101;
      std::uint64_t u = 0;
      for (std::size_t i = 0; i < 8; ++i) u = (u << 8) | hash[i];
      if (bust == Bust::kNone) divisible = false;
      if (bust == Bust::kLeadingU64) divisible = u % 101 == 0;
      if (bust == Bust::kLeading52) divisible = q.h % 101 == 0;
      if (bust == Bust::kDoubles) divisible = crash::divisible_by_101_in_doubles(hash);
      x = divisible ? 0 : bustabit_exact ? q.exact_hundredths : q.double_hundredths;
    } else if (no_clamp) {
      x = static_cast<std::uint64_t>(std::floor(99 / (1 - static_cast<double>(q.h) / 4503599627370496.0)));
    } else {
      x = bustabit_exact ? q.exact_hundredths : q.double_hundredths;
    }
    if (sent == Sent::kNumber) return json::Value::object({{"hundredths", static_cast<double>(x)}});
    if (sent == Sent::kJsString)
      return json::Value::object({{"hundredths", json::ecmascript_number(static_cast<double>(x))}});
    return json::Value::object({{"hundredths", std::to_string(x)}});
  }

  [[nodiscard]] json::Value point(const rapidjson::Value& p, const Backend& b) const {
    const Convention c = convention_of(p);
    const std::optional<std::string> s = salt(p, c);
    const Digest l = link(p, "link");
    if (c == Convention::kBetkyoExact) return value(c, l);
    const Bytes bytes(l.begin(), l.end());
    const std::string lower = to_hex(l), hex_text = text_as_given ? json::get_string(p, "link", "params") : lower;
    const Bytes text(hex_text.begin(), hex_text.end()), salt_bytes(s->begin(), s->end());
    Bytes key, msg;
    if (c == Convention::kBustabitV1) {
      key = v1_raw_key ? bytes : text;
      msg = salt_bytes;
    } else {
      key = salt_bytes;
      msg = v2_hex_message ? Bytes(lower.begin(), lower.end()) : bytes;
    }
    if (swapped) std::swap(key, msg);
    return value(c, b.hmac_sha256(key, msg));
  }

  [[nodiscard]] json::Value from_hash(const rapidjson::Value& p, const Backend&) const {
    const Convention c = convention_of(p);
    return value(c, link(p, "hash"));
  }

  [[nodiscard]] json::Value previous(const rapidjson::Value& p, const Backend& b) const {
    const Convention c = convention_of(p);
    const Digest l = link(p, "link");
    const bool raw = raw_chain || (!text_chain && crash::hashes_raw_bytes(c));
    if (raw) return json::Value::object({{"link", to_hex(b.sha256(ByteView(l)))}});
    const std::string text = text_as_given ? json::get_string(p, "link", "params")
                             : upper_chain ? upper(to_hex(l))
                                           : to_hex(l);
    return json::Value::object({{"link", to_hex(b.sha256(text))}});
  }

  // latin1 encodes UTF-8 text one byte per code point ('?' above U+00FF), as a Latin-1 port does.
  static std::string latin1(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
      const auto ch = static_cast<unsigned char>(s[i]);
      const int len = ch < 0x80 ? 1 : ch < 0xE0 ? 2 : ch < 0xF0 ? 3 : 4;
      std::uint32_t cp = len == 1 ? ch : ch & (0x3F >> (len - 1));
      for (int k = 1; k < len && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
      out.push_back(cp <= 0xFF ? static_cast<char>(cp) : '?');
      i += static_cast<std::size_t>(len);
    }
    return out;
  }
};

// WhichOps lists the ops a wrong port answers.
enum WhichOps : unsigned { kPoint = 1, kHash = 2, kPrevious = 4 };

void add(FlagLibrary& lib, std::string name, std::string description, unsigned ops, Port port) {
  WrongPort w{std::move(name), std::move(description), {}};
  auto shared = std::make_shared<const Port>(std::move(port));
  if (ops & kPoint)
    w.answers.push_back(
        {"crash.point", [shared](const rapidjson::Value& p, const Backend& b) { return shared->point(p, b); }});
  if (ops & kHash) {
    w.answers.push_back(
        {"crash.from_hash", [shared](const rapidjson::Value& p, const Backend& b) { return shared->from_hash(p, b); }});
  }
  if (ops & kPrevious) {
    w.answers.push_back(
        {"crash.previous", [shared](const rapidjson::Value& p, const Backend& b) { return shared->previous(p, b); }});
  }
  lib.port(std::move(w));
}

}  // namespace

void add_wrong_ports(FlagLibrary& lib) {
  // JSON types read leniently (vectors/lenient_ports.h).
  lib.port(lenient_port("crash-number-as-text", "takes a JSON number for the salt, as the text of the number",
                        Leniency::kNumberAsText, {"crash.point"}));
  // The point.
  add(lib, "crash-betkyo-doubles", "computes betkyo-exact in binary64 instead of exact integers", kPoint | kHash,
      {.betkyo_doubles = true});
  // Through crash.point no link search reaches an h where the bustabit conventions' arithmetics
  // disagree (crash_point_test.json has no such case), so this port answers the layer op only.
  add(lib, "crash-bustabit-exact",
      "computes the bustabit conventions' points in exact integers instead of binary64 (the layer op)", kHash,
      {.bustabit_exact = true});
  add(lib, "crash-point-as-number", "sends the point as a JSON number (binary64) instead of a decimal string",
      kPoint | kHash, {.sent = Port::Sent::kNumber});
  add(lib, "crash-point-js-string",
      "prints the point's binary64 value with JavaScript's String(): shortest digits padded with zeros", kPoint | kHash,
      {.sent = Port::Sent::kJsString});
  add(lib, "crash-no-bust-check", "bustabit-v1 without the instant bust: never 0", kPoint | kHash,
      {.bust = Port::Bust::kNone});
  add(lib, "crash-bust-leading-u64", "bustabit-v1 tests divisibility by 101 on the leading 64 bits of the HMAC only",
      kPoint | kHash, {.bust = Port::Bust::kLeadingU64});
  add(lib, "crash-101-on-52-bits", "bustabit-v1 tests divisibility by 101 on the leading 52 bits, not the whole value",
      kPoint | kHash, {.bust = Port::Bust::kLeading52});
  add(lib, "crash-101-in-doubles",
      "bustabit-v1 tests divisibility by 101 on the HMAC rounded to binary64 (parseInt(hash, 16))", kPoint | kHash,
      {.bust = Port::Bust::kDoubles});
  add(lib, "crash-no-clamp", "bustabit-v2 and -2025 without the clamp max(100, ...): 99 or less", kPoint | kHash,
      {.no_clamp = true});
  // The HMAC.
  add(lib, "crash-v1-raw-link-key", "bustabit-v1 keys the HMAC with the link's 32 raw bytes instead of its hex text",
      kPoint, {.v1_raw_key = true});
  add(lib, "crash-v2-hex-message", "bustabit-v2 and -2025 HMAC the link's hex text instead of its 32 raw bytes", kPoint,
      {.v2_hex_message = true});
  add(lib, "crash-key-message-swapped", "swaps the HMAC's key and message in each bustabit convention", kPoint,
      {.swapped = true});
  // The link and the salt.
  add(lib, "crash-uppercase-link-rejected", "rejects a link (or hash) in uppercase hex", kPoint | kHash | kPrevious,
      {.rejects_uppercase = true});
  add(lib, "crash-link-text-as-given",
      "uses the link's text as given (uppercase too) where a convention uses its lowercase hex text: bustabit-v1's "
      "key, the "
      "hex-text chains' message",
      kPoint | kPrevious, {.text_as_given = true});
  add(lib, "crash-lenient-link",
      "reads the link or hash with Buffer.from(text, 'hex'): hex pairs up to the first bad one, never refusing",
      kPoint | kHash | kPrevious, {.lenient_link = true});
  add(lib, "crash-salt-ignored", "takes a salt sent with betkyo-exact and ignores it", kPoint, {.ignores_salt = true});
  add(lib, "crash-missing-salt-empty", "takes a missing salt of a bustabit convention as empty", kPoint,
      {.missing_as_empty = true});
  add(lib, "crash-empty-salt-rejected", "rejects an empty salt", kPoint, {.rejects_empty_salt = true});
  add(lib, "crash-trimmed-salt", "trims spaces from both ends of the salt before the HMAC", kPoint,
      {.trims_salt = true});
  add(lib, "crash-latin1-salt", "hashes the salt as Latin-1, one byte per code point, instead of UTF-8", kPoint,
      {.latin1_salt = true});
  // The chain.
  add(lib, "crash-raw-chain", "hashes the link's 32 raw bytes for the previous link in every convention", kPrevious,
      {.raw_chain = true});
  add(lib, "crash-uppercase-chain",
      "hashes the link's uppercase hex text for the previous link where a convention hashes hex text", kPrevious,
      {.upper_chain = true});
  add(lib, "crash-previous-text-v2",
      "hashes the link's hex text for the previous link in every convention, bustabit-2025 too (bustabit-v2's rule)",
      kPrevious, {.text_chain = true});
}

}  // namespace fairvec::vectors::crash_vec
