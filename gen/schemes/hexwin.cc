// hexwin-v1 (specs/hexwin-v1.md): the conventions, the message, the windows and the roll.
#include "schemes/hexwin.h"

#include <stdexcept>
#include <string>

#include "core/errors.h"

namespace fairvec::hexwin {

const std::vector<Convention>& conventions() {
  // specs/hexwin-v1.md §3: each row with its sources.
  static const std::vector<Convention> kConventions = {
      {"primedice", Hash::kSha512, Digesting::kHmacServerKey, "{client}-{nonce}", Mapping::kMod1e4Div100,
       Exhaustion::kFixed9999, "Primedice (legacy scheme), dadice, BetBTC, Dicexbet, Rollxbet, Vortexbets, csgoworld"},
      {"just-dice", Hash::kSha512, Digesting::kHmacServerKey, "{client}:{nonce}", Mapping::kDiv1e4, Exhaustion::kTail,
       "Just-Dice, Runebanks"},
      {"duckdice", Hash::kSha512, Digesting::kPlain, "{server}{client}{nonce}", Mapping::kMod1e4, Exhaustion::kTail,
       "DuckDice (Original and Range dice)"},
      {"bcgame-hash-dice", Hash::kSha512, Digesting::kPlain, "{server}{client}{nonce}", Mapping::kMod1e5,
       Exhaustion::kTail, "BC.Game Hash Dice"},
  };
  return kConventions;
}

const std::vector<std::string>& convention_names() {
  static const std::vector<std::string> kNames = [] {
    std::vector<std::string> out;
    for (const Convention& c : conventions()) out.emplace_back(c.name);
    return out;
  }();
  return kNames;
}

const Convention& find_convention(std::string_view name, std::string_view field) {
  for (const Convention& c : conventions()) {
    if (c.name == name) return c;
  }
  throw InputError(std::string(field), "not a hexwin-v1 convention: " + std::string(name));
}

namespace {

// render writes template |t| with {server} and {client} replaced and {nonce} as |nonce|.
std::string render(std::string_view t, std::string_view server_seed, std::string_view client_seed,
                   std::string_view nonce) {
  std::string out;
  for (std::size_t i = 0; i < t.size();) {
    if (t.compare(i, 8, "{server}") == 0) {
      out += server_seed;
      i += 8;
    } else if (t.compare(i, 8, "{client}") == 0) {
      out += client_seed;
      i += 8;
    } else if (t.compare(i, 7, "{nonce}") == 0) {
      out += nonce;
      i += 7;
    } else {
      out += t[i++];
    }
  }
  return out;
}

}  // namespace

std::string message(const Convention& c, std::string_view server_seed, std::string_view client_seed,
                    std::uint64_t nonce) {
  return render(c.message, server_seed, client_seed, std::to_string(nonce));
}

MessageAround message_around_nonce(const Convention& c, std::string_view server_seed, std::string_view client_seed) {
  const std::size_t at = c.message.find("{nonce}");
  return {render(c.message.substr(0, at), server_seed, client_seed, ""),
          render(c.message.substr(at + 7), server_seed, client_seed, "")};
}

double map_value(Mapping m, std::uint32_t value) {
  switch (m) {
    case Mapping::kMod1e4Div100: return static_cast<double>(value % 10000) / 100.0;
    case Mapping::kDiv1e4: return static_cast<double>(value) / 10000.0;
    case Mapping::kMod1e4: return static_cast<double>(value % 10000);
    case Mapping::kMod1e5: return static_cast<double>(value % 100000);
  }
  return 0;
}

Reading read_digest(const Convention& c, ByteView digest) {
  if (digest.size() != digest_size(c.hash)) throw std::invalid_argument("hexwin::read_digest: wrong digest size");
  const std::string hex = to_hex(digest);
  Reading r;
  for (unsigned i = 0; (i + 1) * kWindowDigits <= hex.size(); ++i) {
    Window w;
    w.index = i;
    w.hex = hex.substr(i * kWindowDigits, kWindowDigits);
    w.value = static_cast<std::uint32_t>(std::stoul(w.hex, nullptr, 16));
    w.accepted = w.value < kLimit;
    r.windows.push_back(w);
    if (w.accepted) {
      r.value = w.value;
      r.roll = map_value(c.mapping, r.value);
      return r;
    }
  }
  r.exhausted = true;
  r.tail = hex.substr(r.windows.size() * kWindowDigits);
  r.value = c.exhaustion == Exhaustion::kFixed9999 ? 9999 : static_cast<std::uint32_t>(std::stoul(r.tail, nullptr, 16));
  r.roll = map_value(c.mapping, r.value);
  return r;
}

Bet bet(const Backend& backend, const Convention& c, std::string_view server_seed, std::string_view client_seed,
        std::uint64_t nonce) {
  check_text(server_seed, "serverSeed");
  check_text(client_seed, "clientSeed");
  (void)check_counter(nonce, "nonce");
  Bet b;
  b.message = message(c, server_seed, client_seed, nonce);
  b.digest = c.digesting == Digesting::kPlain ? backend.digest(c.hash, as_bytes(b.message))
                                              : backend.hmac(c.hash, as_bytes(server_seed), as_bytes(b.message));
  b.reading = read_digest(c, ByteView(b.digest.data(), b.digest.size()));
  return b;
}

Reading from_hex(const Convention& c, std::string_view hex, std::string_view field) {
  const Bytes d = fairvec::from_hex(hex, field);  // names the first bad character's position
  if (d.size() != digest_size(c.hash)) {
    throw InputError(std::string(field), "must be " + std::to_string(2 * digest_size(c.hash)) + " hex digits (" +
                                             std::string(hash_name(c.hash)) + "), got " + std::to_string(hex.size()));
  }
  return read_digest(c, ByteView(d.data(), d.size()));
}

}  // namespace fairvec::hexwin
