// SearchSpec: what one edge-case search looks for, and the engine and reference MACs for it.
// Classes (search_classes()): hmac-dice-skip (the lowest roll whose retry-0 MAC starts with exactly
// `depth` skipped bytes), tavla-skip (the lowest n whose block 0 does), tavla-skip-derived (the
// same over many seeds: counter c stands for seed k = c >> 32, SHA-256(label || u32be(k)), and
// n = c mod 2^32, n = 0 never a hit; a u32 n alone holds a depth-6 hit only 1 time in 16), and
// hexwin-skip (the lowest nonce whose digest under a hexwin-v1 convention, HMAC-SHA512 or plain
// SHA-512, has exactly `depth` rejected 5-hex-digit windows). hmac-dice and tavla skip bytes
// 252..255. The spec's JSON form identifies a search in checkpoints and stored results.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/json.h"
#include "schemes/hexwin.h"
#include "schemes/tavla.h"
#include "search/chunked.h"
#include "search/hmac_scan.h"
#include "search/window_scan.h"

namespace fairvec::search {

// SearchClass is one row of search_classes(): what a class searches and what a hit means.
struct SearchClass {
  std::string_view name;      // "hmac-dice-skip"
  std::string_view counter;   // what the counter is: "roll", "n", "c" or "nonce"
  std::uint64_t min_counter;  // the counter range
  std::uint64_t max_counter;
  unsigned max_depth;           // the deepest hit the digest can hold
  std::string_view depth_unit;  // "skipped bytes" or "rejected windows"
  bool sha256_kernels;          // --kernel chooses among the SHA-256 kernels; else portable only
  std::string_view summary;     // one line for the help
  // hit_probability is the chance that one candidate is a hit of |depth| (1..max_depth).
  double (*hit_probability)(unsigned depth);
};

// search_classes lists every class, in the order the help shows them. It cannot fail.
[[nodiscard]] const std::vector<SearchClass>& search_classes();

// find_class returns the class called |name|. Throws InputError naming |field| for any other name,
// listing the classes.
[[nodiscard]] const SearchClass& find_class(std::string_view name, std::string_view field = "class");

// class_names is the classes' names joined by ", ". It cannot fail.
[[nodiscard]] std::string class_names();

struct SearchSpec {
  std::string cls;                         // a name of search_classes()
  std::string seed;                        // server seed hex (hmac-dice), tavla seed (32 bytes hex),
                                           // the seed label (tavla-skip-derived) or the server seed
                                           // text (hexwin-skip)
  std::vector<std::string> clients;        // hmac-dice client seeds, seat order (1 or 2); hexwin:
                                           // the client seed text (exactly one)
  std::string convention;                  // hexwin-skip: the hexwin-v1 convention
  std::string game;                        // tavla game id (UUID text)
  std::vector<std::string> contributions;  // tavla contributions (two, 32 bytes hex)
  unsigned depth = 1;                      // exact number of leading skipped bytes (or windows)
  std::uint64_t from = 1, to = 1;          // the counter range, inclusive
  Shard shard;

  // to_json returns the spec as a JSON object: class, depth, from, to, shard ("i/N") and only the
  // inputs the class uses, seeds in lowercase hex. It cannot fail.
  json::Value to_json() const;
  // from_json reads to_json's form. Throws InputError naming |path|.field.
  static SearchSpec from_json(const rapidjson::Value& v, std::string_view path);
};

// max_counter returns the largest counter of |cls| (2^53 - 1 for rolls, nonces and derived tavla
// counters, 2^32 - 1 for tavla n). Throws InputError("class") for an unknown class.
std::uint64_t max_counter(const std::string& cls);

// shard_from_text reads "i/N" (0-based shard i of N). Throws InputError naming |field|.
Shard shard_from_text(std::string_view text, std::string_view field);

// CompiledSpec holds a validated spec's engine and reference.
class CompiledSpec {
 public:
  // Validates every input (InputError naming the option: --seed, --client, --convention, --game,
  // --contribution, --depth, --from, --to) and builds the midstates.
  explicit CompiledSpec(const SearchSpec& spec);

  const SearchSpec& spec() const { return spec_; }
  const SearchClass& search_class() const { return *class_; }
  // first_hit returns the lowest counter in [lo, hi] that is a hit, by kernel |k| (a class without
  // SHA-256 kernels runs its portable kernel whatever |k|). Throws std::invalid_argument as
  // HmacScan::first_skip does.
  std::optional<std::uint64_t> first_hit(std::uint64_t lo, std::uint64_t hi, Kernel k) const;
  // engine_mac returns the MAC (hexwin: the digest) of counter |c| by kernel |k|. Same failures.
  Bytes engine_mac(std::uint64_t c, Kernel k) const;
  // counter_name is the class's counter: "roll", "n", "c" (derived: seed index and n) or "nonce".
  std::string counter_name() const { return std::string(class_->counter); }
  // depth_of is the depth |mac| has under the class: its leading skipped bytes, or its leading
  // rejected windows. It cannot fail.
  unsigned depth_of(ByteView mac) const;
  // derived_seed returns seed k of a tavla-skip-derived spec: SHA-256(label || u32be(k)).
  Digest derived_seed(const Backend& backend, std::uint64_t k) const;
  // reference_mac is the MAC (hexwin: the digest) of counter |n| through |backend| and the scheme's
  // own code. Throws InputError for a counter the scheme rejects, BackendError on backend failure.
  Bytes reference_mac(const Backend& backend, std::uint64_t n) const;

 private:
  SearchSpec spec_;
  const SearchClass* class_ = nullptr;
  bool derived_ = false;
  std::unique_ptr<HmacScan> scan_;      // hmac-dice-skip and tavla-skip
  std::unique_ptr<WindowScan> window_;  // hexwin-skip
  const hexwin::Convention* convention_ = nullptr;
  Bytes key_;
  Bytes prefix_;  // tavla: the block input before u32be(n)
  tavla::RollInputs tavla_{};
};

// skip_depth counts the leading bytes >= 252 of |mac|. It cannot fail.
unsigned skip_depth(ByteView mac);

}  // namespace fairvec::search
