#include "cli/data_dir.h"

#include <cstdlib>
#include <system_error>

#include "core/errors.h"

namespace fs = std::filesystem;

namespace fairvec::cli {

namespace {

// executable_dir returns the directory of the running executable, or an empty path when
// /proc/self/exe cannot be read.
fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

// same_dir tells whether |a| and |b| name the same existing directory; false on any error.
bool same_dir(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return !a.empty() && !b.empty() && fs::equivalent(a, b, ec) && !ec;
}

}  // namespace

std::vector<DataDirPlace> vectors_dir_places() {
  if (const char* env = std::getenv("FAIRVEC_DATA"); env && *env) return {{"FAIRVEC_DATA", fs::path(env)}};
  std::vector<DataDirPlace> places;
  const fs::path exe_dir = executable_dir();
  if (!exe_dir.empty()) {
    places.push_back({"install prefix", (exe_dir.parent_path() / "share" / "fairvec" / "vectors").lexically_normal()});
  }
  // FAIRVEC_BUILD_TREE_BIN_DIR and FAIRVEC_BUILD_TREE_VECTORS come from gen/CMakeLists.txt: the
  // directory the build writes fairvec into and the source tree's vectors/. They are used only
  // by the executable that runs from that very directory, never by an installed or copied one.
  if (same_dir(exe_dir, FAIRVEC_BUILD_TREE_BIN_DIR))
    places.push_back({"build tree", fs::path(FAIRVEC_BUILD_TREE_VECTORS)});
  return places;
}

fs::path default_vectors_dir() {
  const std::vector<DataDirPlace> places = vectors_dir_places();
  std::string tried;
  for (const DataDirPlace& p : places) {
    std::error_code ec;
    if (fs::is_directory(p.path, ec)) return p.path;
    tried += (tried.empty() ? "" : ", ") + p.origin + " " + p.path.string();
  }
  throw InputError("--vectors", "no vector set found (tried " + (tried.empty() ? std::string("nothing") : tried) +
                                    "); name the directory with --vectors DIR or FAIRVEC_DATA=DIR");
}

}  // namespace fairvec::cli
