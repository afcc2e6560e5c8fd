// The vector set's manifest, vectors/MANIFEST.json (specs/vector-format.md, "The vector set"): the
// set's version, and every file `fairvec generate` writes with its SHA-256 and size, a vector file
// also with its algorithm and test count. `fairvec check` verifies it before anything else. It
// stands beside MANIFEST.sha256 (kept `sha256sum -c` compatible), which lists it too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/version.h"

namespace fairvec::vectors {

inline constexpr const char* kSetManifestName = "MANIFEST.json";
// The manifest's SSH signature, made for a release by `fairvec attest sign` (specs/attest.md):
// beside the manifest, written by no generator, allowed in a set but never required.
inline constexpr const char* kSetSignatureName = "MANIFEST.json.sig";
// kVectorSetVersion is the version of the vector set this generator writes (semantic: adding tests
// is a minor change, changing an expected answer or removing a test a major one).
inline constexpr const char* kVectorSetVersion = FAIRVEC_VECTOR_SET_VERSION;

// SetFile is one file of the set. |algorithm| and |tests| are set for vector files only.
struct SetFile {
  std::string path = {};  // relative to the vectors directory, '/'-separated
  std::string sha256 = {};
  std::uint64_t size = 0;
  std::string algorithm = {};
  std::int64_t tests = -1;
};

// SetManifest is the parsed MANIFEST.json.
struct SetManifest {
  std::string vector_set_version;
  std::string generator_version;
  std::int64_t number_of_tests = 0;
  std::vector<SetFile> files;  // in path order
};

// set_manifest_json renders |m| (files sorted by path; numberOfFiles counted). It cannot fail.
[[nodiscard]] json::Value set_manifest_json(SetManifest m);
// read_set_manifest parses MANIFEST.json. Throws InputError naming the member (and index) of a
// malformed one: a missing member, a wrong format or type, a digest that is not 64 hex digits, a
// path given twice, counts that do not add up.
[[nodiscard]] SetManifest read_set_manifest(std::string_view text);

}  // namespace fairvec::vectors
