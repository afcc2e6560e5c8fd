// File input and output. Writes are atomic: a reader sees the old file or the new one, never a
// partial file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace fairvec {

// The largest file read_file reads unless its caller says otherwise (vector files, recorded-rolls
// files, schemas; memory budget, specs/README.md).
inline constexpr std::size_t kMaxFileBytes = 4u << 20;

// open_regular_file opens |path| for reading and returns the descriptor (close-on-exec), which the
// caller closes. Only a regular file is opened (a link is followed): a FIFO, a directory, a device
// or a socket in its place throws IoError (exit 3) naming the path and what it is, at once, where
// reading it would wait for a writer for ever or never end. Throws IoError naming the path when it
// cannot be opened.
[[nodiscard]] int open_regular_file(const std::filesystem::path& path);

// read_file returns the bytes of |path|, a regular file (open_regular_file). Throws IoError naming
// the path when it cannot be read or is not a regular file, and InputError (bad input, exit 2)
// naming the path and the limit when it is larger than |max_bytes|, before reading it (memory
// budget, specs/README.md).
[[nodiscard]] std::string read_file(const std::filesystem::path& path, std::size_t max_bytes = kMaxFileBytes);

// write_file_atomic writes |data| to a temporary file beside |path|, flushes it to disk and renames
// it over |path|. Throws IoError naming the path on failure; the temporary file is removed then.
void write_file_atomic(const std::filesystem::path& path, std::string_view data);

// remove_temp_file_on_signal installs handlers for SIGINT, SIGTERM, SIGHUP and SIGPIPE that delete
// the temporary file write_file_atomic is writing, then end the process by the same signal. (A
// SIGKILL cannot be caught: `fairvec generate` removes such leftovers on its next start.)
void remove_temp_file_on_signal();

// DirectoryLock holds an flock(2) on the directory |dir| itself for its lifetime (no lock file:
// nothing is added to a published set; the lock ends with the process, however it ends): exclusive
// for a generation that writes it, shared for a reader (generate --verify, check) that must not see
// one half written. When
// another holds the lock, it says so on stderr, naming |command| ("fairvec check"), and waits.
// Throws IoError naming |option| and |dir| when the directory cannot be opened or locked.
class DirectoryLock {
 public:
  DirectoryLock(const std::filesystem::path& dir, bool exclusive, std::string_view command, std::string_view option);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace fairvec
