// SearchSpec: what one edge-case search looks for, and the engine and reference MACs for it.
// Classes: hmac-dice-skip (the lowest roll whose retry-0 MAC starts with exactly `depth` skipped
// bytes), tavla-skip (the lowest n whose block 0 does) and tavla-skip-derived (the same over many
// seeds: counter c stands for seed k = c >> 32, SHA-256(label || u32be(k)), and n = c mod 2^32,
// n = 0 never a hit; a u32 n alone holds a depth-6 hit only 1 time in 16). Both schemes skip bytes
// 252..255. The spec's JSON form identifies a search in checkpoints and stored results.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/json.h"
#include "schemes/tavla.h"
#include "search/chunked.h"
#include "search/hmac_scan.h"

namespace fairvec::search {

struct SearchSpec {
  std::string cls;                         // "hmac-dice-skip" or "tavla-skip"
  std::string seed;                        // server seed hex (hmac-dice), tavla seed (32 bytes hex),
                                           // or the seed label (tavla-skip-derived)
  std::vector<std::string> clients;        // hmac-dice client seeds, seat order (1 or 2)
  std::string game;                        // tavla game id (UUID text)
  std::vector<std::string> contributions;  // tavla contributions (two, 32 bytes hex)
  unsigned depth = 1;                      // exact number of leading skipped bytes, 1..32
  std::uint64_t from = 1, to = 1;          // the counter range, inclusive
  Shard shard;

  // to_json returns the spec as a JSON object: class, depth, from, to, shard ("i/N") and only the
  // inputs the class uses, seeds in lowercase hex. It cannot fail.
  json::Value to_json() const;
  // from_json reads to_json's form. Throws InputError naming |path|.field.
  static SearchSpec from_json(const rapidjson::Value& v, std::string_view path);
};

// max_counter returns the largest counter of |cls| (2^53 - 1 for rolls and derived tavla
// counters, 2^32 - 1 for tavla n).
// Throws InputError("class") for an unknown class.
std::uint64_t max_counter(const std::string& cls);

// shard_from_text reads "i/N" (0-based shard i of N). Throws InputError naming |field|.
Shard shard_from_text(std::string_view text, std::string_view field);

// CompiledSpec holds a validated spec's engine and reference.
class CompiledSpec {
 public:
  // Validates every input (InputError naming the option: --seed, --client, --game,
  // --contribution, --depth, --from, --to) and builds the midstates.
  explicit CompiledSpec(const SearchSpec& spec);

  const SearchSpec& spec() const { return spec_; }
  // first_hit returns the lowest counter in [lo, hi] that is a hit, by kernel |k|. Throws
  // std::invalid_argument as HmacScan::first_skip does.
  std::optional<std::uint64_t> first_hit(std::uint64_t lo, std::uint64_t hi, Kernel k) const;
  // engine_mac returns the MAC of counter |c| by kernel |k|. Same failures.
  Digest engine_mac(std::uint64_t c, Kernel k) const;
  // counter_name is "roll", "n" or "c" (derived: seed index and n).
  std::string counter_name() const;
  // derived_seed returns seed k of a tavla-skip-derived spec: SHA-256(label || u32be(k)).
  Digest derived_seed(const Backend& backend, std::uint64_t k) const;
  // reference_mac is the MAC of counter |n| through |backend| and the scheme's own code.
  // Throws InputError for a counter the scheme rejects, BackendError on backend failure.
  Digest reference_mac(const Backend& backend, std::uint64_t n) const;

 private:
  SearchSpec spec_;
  bool derived_ = false;
  std::unique_ptr<HmacScan> scan_;  // not for derived specs
  Bytes key_;
  Bytes prefix_;  // tavla: the block input before u32be(n)
  tavla::RollInputs tavla_{};
};

// skip_depth counts the leading bytes >= 252 of |mac|. It cannot fail.
unsigned skip_depth(const Digest& mac);

}  // namespace fairvec::search
