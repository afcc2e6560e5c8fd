// RunIdentity: what a check-port run checked and with what, so that a report binds its verdict to
// a release and a port (specs/port-protocol.md, "Reports"): the fairvec version, the vector set's
// version and the SHA-256 of its MANIFEST.json, the port's command words that name files (the
// executable found as the port's exec would find it, and scripts it is given) with their SHA-256,
// the host and the start time (UTC).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace fairvec::check {

// PortFile is one word of the port's command that names a regular file.
struct PortFile {
  std::string word;    // as given
  std::string path;    // absolute, symbolic links resolved
  std::string sha256;  // lowercase hex of the file's bytes
};

struct RunIdentity {
  std::string fairvec_version;     // FAIRVEC_VERSION
  std::string vector_set_version;  // MANIFEST.json's vectorSetVersion; "" when it cannot be read
  std::string manifest_sha256;     // SHA-256 of MANIFEST.json's bytes; "" when it cannot be read
  std::string vectors_dir;         // absolute
  std::vector<PortFile> port_files;
  std::string host;        // gethostname(2); "" when unavailable
  std::string started_at;  // RFC 3339 UTC, seconds: 2026-12-07T18:40:00Z
};

// identify_run reads what it can and leaves out what it cannot (a word that names no file, a file
// that cannot be read, a missing manifest); the first word is looked up on PATH when it holds no
// '/', as execvp does. Files are hashed in 64 KiB pieces (bounded memory, any size). It cannot fail.
[[nodiscard]] RunIdentity identify_run(const std::filesystem::path& vectors_dir,
                                       const std::vector<std::string>& command);

// identity_lines renders |id| as the text and HTML reports show it, one line per item. It cannot
// fail.
[[nodiscard]] std::vector<std::string> identity_lines(const RunIdentity& id);

}  // namespace fairvec::check
