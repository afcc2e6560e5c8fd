// Stored search results: hits too deep to search at generation time, found once by `fairvec search
// ... --store FILE` and committed in gen/vectors/search_results/ with the exact command that found
// them (specs/search.md). They are compiled into the library, and every lookup re-verifies its
// result: the MAC of the hit, computed again through the scheme's own code on the generator's
// backend, must equal the stored MAC and start with exactly the stored depth of skipped bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "search/spec.h"

namespace fairvec::vectors {

struct StoredSearchResult {
  std::string file;         // file name in gen/vectors/search_results/
  std::string command;      // the command that found it
  search::SearchSpec spec;  // what was searched (always a whole search: shard 0/1)
  std::uint64_t found = 0;  // the lowest hit
  std::string mac;          // its MAC, lowercase hex
};

// stored_search_results parses every embedded result, sorted by file name. Throws
// std::logic_error naming the file when one is malformed (a build-time mistake).
const std::vector<StoredSearchResult>& stored_search_results();

// stored_hit returns the verified hit of the stored result for |spec| (class, inputs, depth and
// from; any `to`), or nothing when none is stored. Throws std::logic_error when a stored
// result does not verify.
std::optional<std::uint64_t> stored_hit(const search::SearchSpec& spec);

// searched_hit runs the whole range of |spec| through the search engine here, on one thread with
// the fastest kernel this CPU has, and returns the lowest hit, re-verified through the scheme on the
// generator's backend (exactly spec.depth skipped bytes), or nothing. For the shallow depths
// generation finds itself (about 2^18 candidates at depth 3): milliseconds, where a backend HMAC
// per candidate took most of the generation time. Throws std::logic_error when the engine's hit
// does not verify, InputError for a spec CompiledSpec rejects.
std::optional<std::uint64_t> searched_hit(const search::SearchSpec& spec);

// search_results_table renders every stored result as the Markdown table specs/search.md shows
// between `<!-- fairvec:search-results begin -->` and `<!-- fairvec:search-results end -->`: file,
// class, depth, the range's first counter and the hit. Throws as stored_search_results does.
[[nodiscard]] std::string search_results_table();

// verify_stored_result recomputes |r|'s MAC through the scheme on |backend|; throws
// std::logic_error naming the file when it differs or has another skip depth.
void verify_stored_result(const StoredSearchResult& r, const Backend& backend);

// EmbeddedSearchResult is one embedded file (generated source, gen/CMakeLists.txt).
struct EmbeddedSearchResult {
  std::string_view name;
  std::string_view text;
};
const std::vector<EmbeddedSearchResult>& embedded_search_results();

}  // namespace fairvec::vectors
