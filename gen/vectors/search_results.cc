// Stored search results: parsing the embedded files, lookup and re-verification.
#include "vectors/search_results.h"

#include <stdexcept>

#include "core/errors.h"
#include "core/json.h"
#include "search/stored.h"

namespace fairvec::vectors {

namespace {

bool same_search(const search::SearchSpec& a, const search::SearchSpec& b) {
  return a.cls == b.cls && a.seed == b.seed && a.clients == b.clients && a.convention == b.convention &&
         a.game == b.game && a.contributions == b.contributions && a.depth == b.depth;
}

}  // namespace

const std::vector<StoredSearchResult>& stored_search_results() {
  static const std::vector<StoredSearchResult> kResults = [] {
    std::vector<StoredSearchResult> out;
    for (const auto& e : embedded_search_results()) {
      const std::string name(e.name);
      try {
        rapidjson::Document doc;
        json::parse(e.text, doc, name);
        const std::string format = json::get_string(doc, "format", name);
        if (format != search::kStoredFormat && format != search::kStoredFormatV1) {
          throw InputError(name + ".format", "must be " + std::string(search::kStoredFormat) + " (or the older " +
                                                 std::string(search::kStoredFormatV1) + ")");
        }
        StoredSearchResult r;
        r.file = name;
        r.command = json::get_string(doc, "command", name);
        // The spec is normalised through CompiledSpec so that it compares equal to a generator's.
        r.spec =
            search::CompiledSpec(search::SearchSpec::from_json(json::member(doc, "search", name), name + ".search"))
                .spec();
        r.found = json::get_uint(doc, "found", name);
        r.mac = json::get_string(doc, "mac", name);
        if (r.spec.shard.count != 1)
          throw InputError(name + ".search.shard", "a stored result is of a whole search (0/1)");
        if (r.found < r.spec.from || r.found > r.spec.to)
          throw InputError(name + ".found", "outside the searched range");
        out.push_back(std::move(r));
      } catch (const InputError& err) {
        throw std::logic_error("stored search result " + name + ": " + err.what());
      }
    }
    return out;
  }();
  return kResults;
}

void verify_stored_result(const StoredSearchResult& r, const Backend& backend) {
  const search::CompiledSpec c(r.spec);
  const Bytes mac = c.reference_mac(backend, r.found);
  if (to_hex(mac) != r.mac || c.depth_of(mac) != r.spec.depth) {
    throw std::logic_error("stored search result " + r.file + ": " + c.counter_name() + " " + std::to_string(r.found) +
                           " does not give its MAC with " + std::to_string(r.spec.depth) + " " +
                           std::string(c.search_class().depth_unit) + " on " + std::string(backend.name()));
  }
}

std::optional<std::uint64_t> searched_hit(const search::SearchSpec& spec) {
  const search::CompiledSpec c(spec);
  const auto hit = c.first_hit(c.spec().from, c.spec().to, search::fastest_kernel());
  if (hit) {
    const Bytes mac = c.reference_mac(default_backend(), *hit);
    if (c.depth_of(mac) != c.spec().depth) {
      throw std::logic_error("search engine: " + c.counter_name() + " " + std::to_string(*hit) + " has " +
                             std::to_string(c.depth_of(mac)) + " " + std::string(c.search_class().depth_unit) + " on " +
                             std::string(default_backend().name()) + ", not " + std::to_string(c.spec().depth));
    }
  }
  return hit;
}

std::string search_results_table() {
  std::string t = "| file | class | depth | from | `found` |\n|---|---|---|---|---|\n";
  for (const auto& r : stored_search_results()) {
    t += "| `" + r.file + "` | " + r.spec.cls + " | " + std::to_string(r.spec.depth) + " | " +
         std::to_string(r.spec.from) + " | " + std::to_string(r.found) + " |\n";
  }
  return t;
}

std::optional<std::uint64_t> stored_hit(const search::SearchSpec& spec) {
  const search::SearchSpec want = search::CompiledSpec(spec).spec();
  for (const auto& r : stored_search_results()) {
    if (!same_search(r.spec, want) || r.spec.from != want.from) continue;
    verify_stored_result(r, default_backend());
    return r.found;
  }
  return std::nullopt;
}

}  // namespace fairvec::vectors
