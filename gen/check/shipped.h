// The files of the kit besides the vector files themselves, checked against what the vector files
// imply (`fairvec check`, specs/README.md "Output files"): each transcript line is the port calls
// its test implies (VectorKind::port_calls), each proof file and other companion is what its
// vector file derives, each vector file's schema is the one derived from it, common.json the
// shared definitions, and the manifest lists every file with its hash. A file nothing generates,
// and any symbolic link, is a stray: a failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "vectors/vector_file.h"

namespace fairvec::check {

// The file-set manifest `fairvec generate` writes last (specs/README.md, "Output files").
inline constexpr const char* kManifestName = "MANIFEST.sha256";

// unlisted_allowed tells whether |rel| (relative to the vectors directory) may stand in the kit
// without being generated: the hand-written schemas, schema/*.json, the set's README.md and
// CHANGELOG.md, and a release's MANIFEST.json.sig (specs/attest.md). It cannot fail.
[[nodiscard]] bool unlisted_allowed(const std::filesystem::path& rel);

// ShippedCount is how many files of each kind check_shipped compared.
struct ShippedCount {
  std::size_t transcripts = 0, companions = 0, schemas = 0, ledgers = 0, manifest_entries = 0;
  bool strays_checked = false;  // false with --only, or when a vector file could not be read
  // text is the one-line summary `fairvec check` prints.
  [[nodiscard]] std::string text() const;
};

// check_shipped compares the kit's files in |dir| with what its vector files imply, for the vector
// files in |only| (every one when empty; the manifest and strays only then). Appends a Failure per
// difference (file: the path relative to |dir|, with ":LINE" for a transcript line). A vector file
// in |failed| (its own check failed: check_kind reported why) implies nothing; its files are not
// compared, and the strays are then not checked. It throws only std::bad_alloc.
ShippedCount check_shipped(const std::filesystem::path& dir, const std::set<std::string>& only,
                           const std::set<std::string>& failed, std::vector<vectors::Failure>& out);

// SetManifestCount is what check_set_manifest read of MANIFEST.json.
struct SetManifestCount {
  bool read = false;  // false when MANIFEST.json is missing or malformed
  std::string version;
  std::size_t files = 0;
  std::int64_t tests = 0;
};

// check_set_manifest verifies |dir|/MANIFEST.json (vectors/set_manifest.h) before anything else is
// checked: every file it lists is there with its size and SHA-256 (a Failure names the file whose
// digest differs), each vector file has the numberOfTests listed, and every file of the directory
// but the two manifests and the hand-written schemas is listed. Appends a Failure per problem
// (file: MANIFEST.json). It throws only std::bad_alloc.
SetManifestCount check_set_manifest(const std::filesystem::path& dir, std::vector<vectors::Failure>& out);

}  // namespace fairvec::check
