// data_dir: where the fairvec CLI finds its vector set (the vectors/ directory: vector files,
// schema/, transcripts/, proofs/) when no --vectors (generate: --out) is given. No path of the
// source tree is used by an installed or copied binary. The order, also in `fairvec --help` and
// specs/README.md ("Where the vector set is found"):
//   1. --vectors DIR (generate: --out DIR), when given;
//   2. the environment variable FAIRVEC_DATA, when set and not empty: the only place then tried;
//   3. <prefix>/share/fairvec/vectors, where <prefix> is the parent of the directory holding this
//      executable (read from /proc/self/exe, so an install moved as a whole still finds its data);
//   4. only for the executable in its own build tree: the source tree's vectors/.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace fairvec::cli {

// DataDirPlace is one place tried: where it comes from ("FAIRVEC_DATA", "install prefix",
// "build tree") and the path.
struct DataDirPlace {
  std::string origin;
  std::filesystem::path path;
};

// vectors_dir_places lists places 2-4 above in order (FAIRVEC_DATA alone when it is set). It
// cannot fail: an unreadable /proc/self/exe only leaves places out.
[[nodiscard]] std::vector<DataDirPlace> vectors_dir_places();

// default_vectors_dir returns the first place of vectors_dir_places() that is a directory. Throws
// InputError (field "--vectors", exit 2) naming every place tried when none is.
[[nodiscard]] std::filesystem::path default_vectors_dir();

// kVectorsHelp is the order above in one line, for the help texts of --vectors and --out.
inline constexpr const char* kVectorsHelp =
    "default: $FAIRVEC_DATA, else PREFIX/share/fairvec/vectors where PREFIX/bin holds this fairvec, "
    "else (in the build tree only) the source tree's vectors/";

}  // namespace fairvec::cli
