// Stored search results: the file `fairvec search … --store FILE` writes and `fairvec search merge`
// reads and writes (specs/search.md, "Stored results"). A stored result holds only what the search
// determines — the spec, the hit, its MAC and the candidates a completed search counts — so the
// same search gives the same bytes whatever its threads, kernel, speed, date or split into shards.
// The run's own figures (threads, kernel, seconds, rate) are in the output line on stdout.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/crypto.h"
#include "core/json.h"
#include "search/spec.h"

namespace fairvec::search {

inline constexpr std::string_view kStoredFormat = "fairvec-search-result-v2";
// The first format also held the run's threads, kernel, seconds, rate and date; files of it are
// still read (gen/vectors/search_results/), never written.
inline constexpr std::string_view kStoredFormatV1 = "fairvec-search-result-v1";

// command_of returns the command that runs |s| (shard included when not 0/1). It cannot fail.
std::string command_of(const SearchSpec& s);

// completed_candidates returns the candidates a completed search of |s| (its shard) counts:
// every counter of the shard's chunks up to the end of the chunk holding |found|, or of all its
// chunks when nothing was found. Throws InputError("found") when |found| is outside the range or
// in another shard's chunk.
std::uint64_t completed_candidates(const SearchSpec& s, std::optional<std::uint64_t> found);

// stored_result returns the stored result of the completed search |c| with answer |found| (the
// MAC recomputed on |backend|). Throws std::logic_error when |found| is not a hit of exactly the
// spec's depth on |backend|, InputError as completed_candidates does.
json::Value stored_result(const CompiledSpec& c, std::optional<std::uint64_t> found, const Backend& backend);

}  // namespace fairvec::search
