// `fairvec search merge FILE…`: the stored results of the N shards of one search (each written by
// `fairvec search … --shard i/N --store FILE`) combined into the stored result of the whole search,
// byte for byte the file one unsharded run writes (specs/search.md, "Shards and merge"). Every file
// is re-derived from its own search and answer (a file that fairvec would not have written is bad
// input naming its first differing member), its hit recomputed and shown to be the lowest of its
// chunk; the files must be exactly shards 0/N .. N-1/N of one search. Exit 0 found, 1 nothing
// found in the range, 2 bad input naming the file, 3 a file that cannot be read or written.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "cli/search_commands.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "search/spec.h"
#include "search/stored.h"

namespace fairvec::cli {

namespace {

struct MergeOptions {
  std::vector<std::string> files;
  std::string store;
  bool store_given = false;
  std::string backend = std::string(default_backend().name());
};

struct ShardFile {
  std::string file;
  search::SearchSpec spec;  // normalised (CompiledSpec)
  std::optional<std::uint64_t> found;
};

// first_difference names the first member where |got| and |want| (both objects) differ.
std::string first_difference(const rapidjson::Value& got, const rapidjson::Value& want) {
  for (auto it = want.MemberBegin(); it != want.MemberEnd(); ++it) {
    const rapidjson::Value* g = json::optional_member(got, it->name.GetString());
    if (!g) return std::string(it->name.GetString()) + " (missing)";
    if (!json::equal(*g, it->value)) {
      if (g->IsObject() && it->value.IsObject())
        return std::string(it->name.GetString()) + "." + first_difference(*g, it->value);
      return std::string(it->name.GetString()) + " (" + json::to_text(*g) + ", fairvec writes " +
             json::to_text(it->value) + ")";
    }
  }
  for (auto it = got.MemberBegin(); it != got.MemberEnd(); ++it) {
    if (!json::optional_member(want, it->name.GetString()))
      return std::string(it->name.GetString()) + " (not a member)";
  }
  return "layout (the members are right but not as fairvec writes them)";
}

// read_shard reads one stored result and proves it is what `fairvec search --store` writes for
// its search and answer, with a real hit that is the lowest of its chunk.
ShardFile read_shard(const std::string& file, const Backend& backend) {
  const std::string text = read_file(file, search::kMaxCheckpointBytes);
  rapidjson::Document doc;
  json::parse(text, doc, file);
  if (!doc.IsObject()) throw InputError(file, "not a stored search result (a JSON object)");
  const std::string format = json::get_string(doc, "format", file);
  if (format == search::kStoredFormatV1) {
    throw InputError(file + ".format", std::string(search::kStoredFormatV1) + " is the format of whole searches " +
                                           "stored before shards could be; run the shard again to merge it");
  }
  if (format != search::kStoredFormat) {
    throw InputError(file + ".format", "'" + format + "' is not " + std::string(search::kStoredFormat));
  }
  ShardFile s;
  s.file = file;
  try {
    s.spec = search::SearchSpec::from_json(json::member(doc, "search", file), file + ".search");
  } catch (const InputError& e) {
    throw InputError(file + ".search", e.what());
  }
  std::unique_ptr<search::CompiledSpec> compiled;
  try {
    compiled = std::make_unique<search::CompiledSpec>(s.spec);
  } catch (const InputError& e) {
    throw InputError(file + ".search", e.what());
  }
  s.spec = compiled->spec();
  const rapidjson::Value& found = json::member(doc, "found", file);
  if (!found.IsNull()) s.found = json::get_uint(doc, "found", file);
  json::Value want;
  try {
    want = search::stored_result(*compiled, s.found, backend);
  } catch (const InputError& e) {
    throw InputError(file + ".found", e.what());
  } catch (const std::logic_error& e) {
    throw InputError(file + ".found", std::string("not a hit: ") + e.what());
  }
  if (json::to_pretty(want) != text) {
    rapidjson::Document w;
    json::parse(json::to_pretty(want), w, "stored result");
    throw InputError(
        file, "not as `fairvec search --store` writes it for its search and answer: " + first_difference(doc, w));
  }
  if (s.found) {
    search::ChunkedSearch cs(s.spec.from, s.spec.to, s.spec.shard,
                             [](std::uint64_t, std::uint64_t) { return std::nullopt; });
    const std::uint64_t lo = cs.chunk_lo(*cs.local_chunk_of(*s.found));
    if (*s.found > lo) {
      if (auto lower = compiled->first_hit(lo, *s.found - 1, search::fastest_kernel())) {
        throw InputError(file + ".found", std::to_string(*s.found) + " is not the lowest hit of its chunk: " +
                                              std::to_string(*lower) + " is lower");
      }
    }
  }
  return s;
}

std::string shard_name(const search::Shard& s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

int run_merge(const MergeOptions& o) {
  const Backend* backend = backend_by_name(o.backend);
  if (!backend) throw InputError("--backend", "unknown backend '" + o.backend + "' (cryptopp, openssl)");
  if (o.store_given && o.store.empty()) throw InputError("--store", "empty; name the file of the merged result");
  if (o.files.empty()) throw InputError("FILE", "name the stored results of the shards");
  // The merged result never replaces one of its inputs (a failed or partial merge would lose a
  // shard's result): the same path, or another name of the same file, is refused.
  if (!o.store.empty()) {
    for (const auto& f : o.files) {
      std::error_code ec;
      if (f == o.store || std::filesystem::equivalent(f, o.store, ec)) {
        throw InputError("--store", "'" + o.store + "' is one of the shards being merged (" + f +
                                        "); write the merged result to another file");
      }
    }
  }
  std::vector<ShardFile> shards;
  for (const auto& f : o.files) shards.push_back(read_shard(f, *backend));

  // One search: every member of the spec but the shard equal to the first file's.
  const ShardFile& first = shards.front();
  const rapidjson::Document base = [&] {
    rapidjson::Document d;
    json::parse(json::to_line(first.spec.to_json()), d, "search");
    return d;
  }();
  std::map<std::uint64_t, const ShardFile*> by_index;
  for (const auto& s : shards) {
    rapidjson::Document d;
    json::parse(json::to_line(s.spec.to_json()), d, "search");
    for (auto it = base.MemberBegin(); it != base.MemberEnd(); ++it) {
      const std::string name = it->name.GetString();
      const rapidjson::Value* v = json::optional_member(d, name);
      if (name == "shard" || (v && json::equal(*v, it->value))) continue;
      throw InputError(s.file + ".search." + name, "shards of another search: " + (v ? json::to_text(*v) : "missing") +
                                                       ", " + first.file + " has " + json::to_text(it->value));
    }
    if (s.spec.shard.count != first.spec.shard.count) {
      throw InputError(s.file + ".search.shard", "shard " + shard_name(s.spec.shard) + " splits the range into " +
                                                     std::to_string(s.spec.shard.count) + " stripes, " + first.file +
                                                     " (shard " + shard_name(first.spec.shard) + ") into " +
                                                     std::to_string(first.spec.shard.count) +
                                                     ": their chunks overlap and leave gaps");
    }
    auto [at, fresh] = by_index.emplace(s.spec.shard.index, &s);
    if (!fresh) {
      throw InputError(s.file + ".search.shard", "shard " + shard_name(s.spec.shard) + " again (" + at->second->file +
                                                     " is the same shard): its chunks would be counted twice");
    }
  }
  const std::uint64_t n = first.spec.shard.count;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (!by_index.count(i)) {
      std::string given;
      for (const auto& [idx, s] : by_index)
        given += (given.empty() ? "" : ", ") + shard_name(s->spec.shard) + " " + s->file;
      throw InputError("shard " + std::to_string(i) + "/" + std::to_string(n),
                       "missing: its chunks " + std::to_string(i) + ", " + std::to_string(i + n) + ", " +
                           std::to_string(i + 2 * n) + ", … are not covered (given: " + given + ")");
    }
  }

  std::optional<std::uint64_t> best;
  for (const auto& s : shards) {
    if (s.found && (!best || *s.found < *best)) best = s.found;
  }
  search::SearchSpec whole = first.spec;
  whole.shard = {};
  const search::CompiledSpec compiled(whole);
  const std::string text = json::to_pretty(search::stored_result(compiled, best, *backend));
  std::cout << text;
  if (!o.store.empty()) write_file_atomic(o.store, text);
  return best ? kExitOk : kExitFailed;
}

}  // namespace

void add_search_merge_command(CLI::App& search, Action& action) {
  auto* cmd = search.add_subcommand(
      "merge",
      "Combine the stored results of shards 0/N .. N-1/N of one search (each written by --shard i/N --store FILE) "
      "into the stored result of the whole search: the lowest hit, byte for byte what one unsharded run stores. "
      "Prints it; exit 0 found, 1 nothing found in the range, 2 files that are not exactly the N shards of one search");
  auto o = std::make_shared<MergeOptions>();
  cmd->add_option("FILE", o->files, "The shards' stored results, in any order")->required();
  auto* store = cmd->add_option("--store", o->store, "Also write the merged result to FILE (atomically)");
  cmd->add_option("--backend", o->backend, "Backend that recomputes every hit: cryptopp or openssl")
      ->capture_default_str();
  cmd->callback([o, store, &action] {
    o->store_given = store->count() > 0;
    action = [o] { return run_merge(*o); };
  });
}

}  // namespace fairvec::cli
