#include "core/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/errors.h"

namespace fairvec {

std::string read_file(const std::filesystem::path& path, std::size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError("cannot read " + path.string() + ": " + std::strerror(errno));
  auto too_large = [&](std::size_t n) {
    return InputError(path.string(), (n ? std::to_string(n) + " bytes" : std::string("the file")) +
                                         " is larger than the limit of " + std::to_string(max_bytes) +
                                         " bytes for this input (memory budget, specs/README.md)");
  };
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec)) {
    auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) throw too_large(static_cast<std::size_t>(size));
  }
  std::string data;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    data.append(buf, static_cast<std::size_t>(in.gcount()));
    if (data.size() > max_bytes) throw too_large(0);  // a pipe or a file still growing
  }
  if (in.bad()) throw IoError("error reading " + path.string());
  return data;
}

void write_file_atomic(const std::filesystem::path& path, std::string_view data) {
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw IoError("cannot create " + tmp.string() + ": " + std::strerror(errno));
  auto fail = [&](const char* what) {
    int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    throw IoError(std::string(what) + " " + path.string() + ": " + std::strerror(err));
  };
  std::size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("cannot write");
    }
    off += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) fail("cannot flush");
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    throw IoError("cannot close " + tmp.string());
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    throw IoError("cannot rename onto " + path.string() + ": " + std::strerror(err));
  }
}

}  // namespace fairvec
