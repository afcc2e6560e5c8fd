// Signed reports and signed vector sets (specs/attest.md): SSH signatures made and checked by
// OpenSSH's ssh-keygen -Y sign / -Y verify over a check-port --json report or a vector set's
// MANIFEST.json, each in a namespace of its own so that neither signature passes for the other.
#pragma once

#include <filesystem>
#include <string>

namespace fairvec::cli {

enum class Signed { kReport, kManifest };

// The SSH signature namespaces (ssh-keygen(1) -n; NAMESPACE@DOMAIN as its manual recommends).
inline constexpr const char* kReportNamespace = "check-port-report@fairvec";
inline constexpr const char* kManifestNamespace = "vector-set-manifest@fairvec";

// signed_kind tells a check-port --json report from a vector set's MANIFEST.json by content.
// Throws InputError naming |file| for anything else (and for a manifest not named MANIFEST.json),
// IoError when it cannot be read.
[[nodiscard]] Signed signed_kind(const std::filesystem::path& file);

// sign_file signs |file| with the private key |key| (or a public key whose private half an
// ssh-agent holds) in |kind|'s namespace and writes the signature to |file|.sig atomically.
// Throws IoError (key or file unreadable, ssh-keygen missing) or InputError naming |option| when
// ssh-keygen refuses the key.
void sign_file(const std::filesystem::path& key, const std::filesystem::path& file, Signed kind,
               const std::string& option);

// verify_vector_set checks |dir|/MANIFEST.json's signature |dir|/MANIFEST.json.sig against the
// public key file |public_key|, then every file of the set against the manifest
// (check/shipped.h check_set_manifest). Prints what it found; returns 0 or 1 (a bad signature, a
// file that differs or is missing). Throws InputError naming |option| for a malformed key file,
// IoError for one that cannot be read or a missing signature.
[[nodiscard]] int verify_vector_set(const std::filesystem::path& public_key, const std::filesystem::path& dir,
                                    const std::string& option);

}  // namespace fairvec::cli
