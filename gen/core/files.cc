#include "core/files.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
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

namespace {

// The temporary file write_file_atomic is writing, for the signal handler (async-signal-safe: a
// fixed buffer and a flag).
char g_temp[4096];
volatile std::sig_atomic_t g_temp_set = 0;

// TempGuard publishes |tmp| to the signal handler for its lifetime.
struct TempGuard {
  explicit TempGuard(const std::filesystem::path& tmp) {
    const std::string& s = tmp.native();
    if (s.size() < sizeof g_temp) {
      std::memcpy(g_temp, s.c_str(), s.size() + 1);
      g_temp_set = 1;
    }
  }
  ~TempGuard() { g_temp_set = 0; }
};

extern "C" void remove_temp_and_reraise(int sig) {
  if (g_temp_set) ::unlink(g_temp);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

void remove_temp_file_on_signal() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction sa {};
    sa.sa_handler = remove_temp_and_reraise;
    sigemptyset(&sa.sa_mask);
    ::sigaction(sig, &sa, nullptr);
  }
}

void write_file_atomic(const std::filesystem::path& path, std::string_view data) {
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  TempGuard guard(tmp);
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
