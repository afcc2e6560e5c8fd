// RunIdentity (check/run_identity.h): versions, digests, host and time of a check-port run.
#include "check/run_identity.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <optional>
#include <system_error>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/version.h"
#include "vectors/set_manifest.h"

namespace fairvec::check {

namespace {

namespace fs = std::filesystem;

// sha256_of hashes |p| in 64 KiB pieces; nothing when it cannot be read.
std::optional<std::string> sha256_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  try {
    auto ctx = default_backend().start_digest(Hash::kSha256);
    std::vector<char> buf(64 * 1024);
    while (in) {
      in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
      const auto n = static_cast<std::size_t>(in.gcount());
      ctx->update(ByteView(reinterpret_cast<const std::uint8_t*>(buf.data()), n));
    }
    if (in.bad()) return std::nullopt;
    return to_hex(ctx->finish_bytes());
  } catch (const BackendError&) {
    return std::nullopt;
  }
}

// regular returns |p| made absolute with links resolved when it names a regular file.
std::optional<fs::path> regular(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec) || ec) return std::nullopt;
  const fs::path c = fs::canonical(p, ec);
  if (ec) return std::nullopt;
  return c;
}

// on_path finds |word| as execvp does: a word holding '/' is a path, else each PATH directory.
std::optional<fs::path> on_path(const std::string& word) {
  if (word.find('/') != std::string::npos) return regular(word);
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t start = 0;;) {
    const std::size_t end = dirs.find(':', start);
    const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / word;
    if (::access(candidate.c_str(), X_OK) == 0) {
      if (auto r = regular(candidate)) return r;
    }
    if (end == std::string::npos) return std::nullopt;
    start = end + 1;
  }
}

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

RunIdentity identify_run(const fs::path& vectors_dir, const std::vector<std::string>& command) {
  RunIdentity id;
  id.fairvec_version = FAIRVEC_VERSION;
  std::error_code ec;
  const fs::path dir = fs::absolute(vectors_dir, ec);
  id.vectors_dir = (ec ? vectors_dir : dir).string();
  const fs::path manifest = vectors_dir / vectors::kSetManifestName;
  if (auto d = sha256_of(manifest)) {
    id.manifest_sha256 = *d;
    try {
      id.vector_set_version = vectors::read_set_manifest(read_file(manifest)).vector_set_version;
    } catch (const InputError&) {
    } catch (const IoError&) {
    }
  }
  for (std::size_t i = 0; i < command.size(); ++i) {
    const auto p = i == 0 ? on_path(command[i]) : regular(command[i]);
    if (!p) continue;
    if (auto d = sha256_of(*p)) id.port_files.push_back({command[i], p->string(), *d});
  }
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) id.host = host;
  id.started_at = utc_now();
  return id;
}

std::vector<std::string> identity_lines(const RunIdentity& id) {
  std::vector<std::string> out;
  out.push_back("fairvec " + id.fairvec_version + ", vector set " +
                (id.vector_set_version.empty() ? "(unknown: MANIFEST.json unreadable)" : id.vector_set_version) +
                " at " + id.vectors_dir);
  out.push_back("MANIFEST.json sha256 " + (id.manifest_sha256.empty() ? "(unreadable)" : id.manifest_sha256));
  for (const auto& f : id.port_files) out.push_back("port file " + f.path + " sha256 " + f.sha256);
  if (id.port_files.empty()) out.push_back("port file: none of the command's words names a readable file");
  out.push_back("host " + (id.host.empty() ? "(unknown)" : id.host) + ", started " + id.started_at);
  return out;
}

}  // namespace fairvec::check
