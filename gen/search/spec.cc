// SearchSpec and CompiledSpec: validation, JSON form, the message layout of each class.
#include "search/spec.h"

#include <cctype>
#include <charconv>

#include <cmath>

#include "core/errors.h"
#include "core/input_rules.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla.h"

namespace fairvec::search {

namespace {

const std::uint8_t kBlock0[4] = {0, 0, 0, 0};  // u32be(block 0), after n

Shard parse_shard(std::string_view text, std::string_view field) {
  auto slash = text.find('/');
  Shard s;
  auto num = [&](std::string_view part, std::uint64_t& out) {
    auto r = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && r.ec == std::errc() && r.ptr == part.data() + part.size();
  };
  if (slash == std::string_view::npos || !num(text.substr(0, slash), s.index) ||
      !num(text.substr(slash + 1), s.count)) {
    throw InputError(std::string(field), "'" + std::string(text) + "' is not i/N (0-based shard i of N, e.g. 0/4)");
  }
  if (s.count < 1) throw InputError(std::string(field), "the shard count must be at least 1");
  if (s.index >= s.count) {
    throw InputError(std::string(field), "shard index " + std::to_string(s.index) + " must be below the count " +
                                             std::to_string(s.count) + " (shards are 0/N .. N-1/N)");
  }
  return s;
}

}  // namespace

// Both schemes skip the same bytes, so one count serves them.
static_assert(hmac_dice::kFirstSkippedByte == tavla::kFirstSkippedByte);

namespace {

// A byte is skipped with probability 4/256 = 2^-6: a hit of depth k has k skipped bytes, then one
// that is not.
double byte_skip_probability(unsigned depth) { return std::pow(2.0, -6.0 * depth) * (1 - std::pow(2.0, -6.0)); }
double derived_probability(unsigned depth) { return byte_skip_probability(depth) * (1 - std::pow(2.0, -32.0)); }
// A window is rejected with probability q = (2^20 - 10^6) / 2^20 = 48576 / 2^20; SHA-512 holds 25.
constexpr unsigned kSha512Windows = 25;
double window_probability(unsigned depth) {
  const double q = static_cast<double>((1u << 20) - hexwin::kLimit) / (1u << 20);
  return std::pow(q, depth) * (depth < kSha512Windows ? 1 - q : 1);
}

}  // namespace

const std::vector<SearchClass>& search_classes() {
  static const std::vector<SearchClass> kClasses = {
      {"hmac-dice-skip", "roll", 1, kMaxSafeInteger, 32, "skipped bytes", true, "a roll's retry-0 MAC, hmac-dice-v1",
       byte_skip_probability},
      {"tavla-skip", "n", 1, 0xffffffffULL, 32, "skipped bytes", true, "block 0 of roll n, tavla-commit-v1",
       byte_skip_probability},
      {"tavla-skip-derived", "c", 1, kMaxSafeInteger, 32, "skipped bytes", true,
       "block 0 of n under seed SHA-256(label || u32be(c >> 32)), n = c mod 2^32", derived_probability},
      {"hexwin-skip", "nonce", 0, kMaxCounter, kSha512Windows, "rejected windows", false,
       "a bet's digest under the hexwin-v1 --convention", window_probability},
  };
  return kClasses;
}

std::string class_names() {
  std::string out;
  for (const SearchClass& c : search_classes()) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

const SearchClass& find_class(std::string_view name, std::string_view field) {
  for (const SearchClass& c : search_classes()) {
    if (c.name == name) return c;
  }
  throw InputError(std::string(field), "unknown search class '" + std::string(name) + "' (" + class_names() + ")");
}

unsigned skip_depth(ByteView mac) {
  unsigned n = 0;
  while (n < mac.size() && mac[n] >= hmac_dice::kFirstSkippedByte) ++n;
  return n;
}

std::uint64_t max_counter(const std::string& cls) { return find_class(cls).max_counter; }

json::Value SearchSpec::to_json() const {
  json::Object o{{"class", cls}};
  if (cls == "hexwin-skip") {
    o.emplace_back("convention", convention);
    o.emplace_back("seed", seed);
    o.emplace_back("client", clients.empty() ? std::string() : clients[0]);
  } else if (cls == "hmac-dice-skip") {
    o.emplace_back("seed", seed);
    o.emplace_back("clients", json::Value::array_of(clients));
  } else {
    o.emplace_back(cls == "tavla-skip-derived" ? "seedLabel" : "seed", seed);
    o.emplace_back("game", game);
    o.emplace_back("contributions", json::Value::array_of(contributions));
  }
  o.emplace_back("depth", static_cast<std::int64_t>(depth));
  o.emplace_back("from", static_cast<std::int64_t>(from));
  o.emplace_back("to", static_cast<std::int64_t>(to));
  o.emplace_back("shard", std::to_string(shard.index) + "/" + std::to_string(shard.count));
  return json::Value(std::move(o));
}

SearchSpec SearchSpec::from_json(const rapidjson::Value& v, std::string_view path) {
  SearchSpec s;
  s.cls = json::get_string(v, "class", path);
  s.seed = json::get_string(v, s.cls == "tavla-skip-derived" ? "seedLabel" : "seed", path);
  if (s.cls == "hexwin-skip") {
    s.convention = json::get_string(v, "convention", path);
    s.clients = {json::get_string(v, "client", path)};
  } else if (s.cls == "hmac-dice-skip") {
    s.clients = json::get_string_array(v, "clients", path);
  } else {
    s.game = json::get_string(v, "game", path);
    s.contributions = json::get_string_array(v, "contributions", path);
  }
  s.depth = static_cast<unsigned>(json::get_uint(v, "depth", path));
  s.from = json::get_uint(v, "from", path);
  s.to = json::get_uint(v, "to", path);
  s.shard = parse_shard(json::get_string(v, "shard", path), std::string(path) + ".shard");
  return s;
}

Shard shard_from_text(std::string_view text, std::string_view field) { return parse_shard(text, field); }

CompiledSpec::CompiledSpec(const SearchSpec& in) : spec_(in), class_(&find_class(in.cls)) {
  const std::uint64_t bottom = class_->min_counter, top = class_->max_counter;
  if (spec_.depth < 1 || spec_.depth > class_->max_depth)
    throw InputError("--depth", "must be between 1 and " + std::to_string(class_->max_depth) + " " +
                                    std::string(class_->depth_unit));
  if (spec_.from < bottom || spec_.from > top)
    throw InputError("--from", "must be between " + std::to_string(bottom) + " and " + std::to_string(top));
  if (spec_.to < spec_.from) throw InputError("--count", "the range is empty (it must hold at least one counter)");
  if (spec_.to > top)
    throw InputError("--count",
                     "the range ends at " + std::to_string(spec_.to) + ", above the largest " + std::to_string(top));
  if (spec_.shard.count < 1 || spec_.shard.index >= spec_.shard.count)
    throw InputError("--shard", "index must be below the count");
  if (spec_.cls == "hexwin-skip") {
    convention_ = &hexwin::find_convention(spec_.convention, "--convention");
    check_text(spec_.seed, "--seed");
    if (spec_.clients.size() != 1) throw InputError("--client", "give exactly one client seed");
    check_text(spec_.clients[0], "--client");
    const hexwin::MessageAround m = hexwin::message_around_nonce(*convention_, spec_.seed, spec_.clients[0]);
    const ByteView prefix = as_bytes(std::string_view(m.prefix)), suffix = as_bytes(std::string_view(m.suffix));
    try {
      switch (convention_->digesting) {
        case hexwin::Digesting::kHmacServerKey:
          window_ =
              std::make_unique<WindowScan>(convention_->hash, as_bytes(std::string_view(spec_.seed)), prefix, suffix);
          break;
        case hexwin::Digesting::kPlain:
          window_ = std::make_unique<WindowScan>(WindowScan::plain(convention_->hash, prefix, suffix));
          break;
        case hexwin::Digesting::kHmacClientKey:
          throw InputError("--convention", "'" + spec_.convention +
                                               "' keys the HMAC with the message, which holds the nonce; the "
                                               "window search has no midstate to keep for it");
      }
    } catch (const std::invalid_argument&) {
      throw InputError("--client", "the message after the nonce is too long for the window search (" +
                                       std::to_string(m.suffix.size()) + " bytes)");
    }
    if (spec_.depth > window_->windows())
      throw InputError("--depth", "must be at most " + std::to_string(window_->windows()) + " windows for this hash");
  } else if (spec_.cls == "hmac-dice-skip") {
    key_ = hmac_dice::parse_server_seed(spec_.seed, "--seed");
    spec_.seed = to_hex(key_);
    hmac_dice::validate_client_seeds(spec_.clients, "--client");
    std::string m = hmac_dice::message(spec_.clients, 1, 0);
    m.pop_back();  // the counter "1"
    scan_ = std::make_unique<HmacScan>(key_, as_bytes(std::string_view(m)), CounterFormat::kDecimal, ByteView{});
  } else {
    derived_ = spec_.cls == "tavla-skip-derived";
    tavla::RollInputs& r = tavla_;
    if (derived_) {
      if (spec_.seed.empty()) throw InputError("--seed", "the seed label must not be empty");
    } else {
      r.seed = tavla::parse_secret(spec_.seed, "--seed");
    }
    r.game_id = tavla::parse_uuid(spec_.game, "--game");
    for (char& c : spec_.game) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (spec_.contributions.size() != 2) throw InputError("--contribution", "give exactly two, in seat order");
    for (std::size_t i = 0; i < 2; ++i) {
      r.contributions[i] = tavla::parse_secret(spec_.contributions[i], "--contribution[" + std::to_string(i) + "]");
      spec_.contributions[i] = to_hex(r.contributions[i]);
    }
    prefix_ = tavla::block_input(r, 0, 0);
    prefix_.resize(prefix_.size() - 8);
    if (!derived_) {
      spec_.seed = to_hex(r.seed);
      key_.assign(r.seed.begin(), r.seed.end());
      scan_ = std::make_unique<HmacScan>(key_, prefix_, CounterFormat::kU32be, ByteView(kBlock0, 4));
    }
  }
}

Digest CompiledSpec::derived_seed(const Backend& backend, std::uint64_t k) const {
  Bytes m(spec_.seed.begin(), spec_.seed.end());
  append_u32be(m, static_cast<std::uint32_t>(k));
  return backend.sha256(m);
}

unsigned CompiledSpec::depth_of(ByteView mac) const { return window_ ? rejected_windows(mac) : skip_depth(mac); }

std::optional<std::uint64_t> CompiledSpec::first_hit(std::uint64_t lo, std::uint64_t hi, Kernel k) const {
  if (window_) return window_->first_hit(lo, hi, spec_.depth);
  if (!derived_) return scan_->first_skip(lo, hi, spec_.depth, k);
  if (lo > hi) throw std::invalid_argument("CompiledSpec: empty range");
  // One seed per 2^32 counters; n = 0 is not a roll. The seed's SHA-256 is the engine's own.
  for (std::uint64_t c = lo;;) {
    const std::uint64_t seed_index = c >> 32, seg_hi = std::min<std::uint64_t>(hi, (seed_index << 32) | 0xffffffffULL);
    const std::uint64_t n_lo = std::max<std::uint64_t>(c & 0xffffffffULL, 1);
    if (n_lo <= (seg_hi & 0xffffffffULL)) {
      const Digest seed = derived_seed(default_backend(), seed_index);
      const HmacScan scan(seed, prefix_, CounterFormat::kU32be, ByteView(kBlock0, 4));
      if (auto n = scan.first_skip(n_lo, seg_hi & 0xffffffffULL, spec_.depth, k)) return (seed_index << 32) | *n;
    }
    if (seg_hi == hi) return std::nullopt;
    c = seg_hi + 1;
  }
}

namespace {
Bytes bytes_of(const Digest& d) { return Bytes(d.begin(), d.end()); }
}  // namespace

Bytes CompiledSpec::engine_mac(std::uint64_t c, Kernel k) const {
  if (window_) return window_->mac(c);
  if (!derived_) return bytes_of(scan_->macs(c, c, k)[0]);
  const HmacScan scan(derived_seed(default_backend(), c >> 32), prefix_, CounterFormat::kU32be, ByteView(kBlock0, 4));
  return bytes_of(scan.macs(c & 0xffffffffULL, c & 0xffffffffULL, k)[0]);
}

Bytes CompiledSpec::reference_mac(const Backend& backend, std::uint64_t n) const {
  if (window_) return hexwin::bet(backend, *convention_, spec_.seed, spec_.clients[0], n).digest;
  if (spec_.cls == "hmac-dice-skip")
    return bytes_of(backend.hmac_sha256(key_, as_bytes(hmac_dice::message(spec_.clients, n, 0))));
  tavla::RollInputs r = tavla_;
  if (derived_) {
    r.seed = derived_seed(backend, n >> 32);
    n &= 0xffffffffULL;
  }
  if (n > 0xffffffffULL) throw InputError("n", "must fit u32");
  return bytes_of(tavla::block_mac(backend, r, static_cast<std::uint32_t>(n), 0));
}

}  // namespace fairvec::search
