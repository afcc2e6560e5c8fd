#include "core/files.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <string>

#include "core/errors.h"

namespace fairvec {

namespace {

// kind_of names what a file that is not a regular file is, for the message that refuses it (null
// for a kind it does not know).
const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return nullptr;
}

}  // namespace

int open_regular_file(const std::filesystem::path& path) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever. The check
  // is on the descriptor opened, so the file cannot be swapped between the check and the read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw IoError("cannot read " + path.string() + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    throw IoError("cannot read " + path.string() + ": " + std::strerror(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    const char* kind = kind_of(st.st_mode);
    throw IoError("cannot read " + path.string() + ": " + (kind ? "it is " + std::string(kind) + ", " : "") +
                  "not a regular file; only regular files are read");
  }
  // Blocking again for the reads (a regular file never blocks, but a descriptor handed on to stdio
  // must not carry the flag).
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    const int err = errno;
    ::close(fd);
    throw IoError("cannot read " + path.string() + ": " + std::strerror(err));
  }
  return fd;
}

std::string read_file(const std::filesystem::path& path, std::size_t max_bytes) {
  const int fd = open_regular_file(path);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  auto too_large = [&](std::size_t n) {
    return InputError(path.string(), (n ? std::to_string(n) + " bytes" : std::string("the file")) +
                                         " is larger than the limit of " + std::to_string(max_bytes) +
                                         " bytes for this input (memory budget, specs/README.md)");
  };
  struct stat st {};
  if (::fstat(fd, &st) == 0 && static_cast<std::uintmax_t>(st.st_size) > max_bytes) {
    throw too_large(static_cast<std::size_t>(st.st_size));
  }
  std::string data;
  char buf[65536];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw IoError("error reading " + path.string() + ": " + std::strerror(errno));
    }
    if (n == 0) break;
    data.append(buf, static_cast<std::size_t>(n));
    if (data.size() > max_bytes) throw too_large(0);  // a file still growing
  }
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

DirectoryLock::DirectoryLock(const std::filesystem::path& dir, bool exclusive, std::string_view command,
                             std::string_view option) {
  fd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) throw IoError(std::string(option) + " " + dir.string() + ": cannot open: " + std::strerror(errno));
  const int op = exclusive ? LOCK_EX : LOCK_SH;
  if (::flock(fd_, op | LOCK_NB) == 0) return;
  if (errno != EWOULDBLOCK) {
    const int e = errno;
    ::close(fd_);
    throw IoError(std::string(option) + " " + dir.string() + ": cannot lock: " + std::strerror(e));
  }
  std::cerr << command << ": " << dir.string() << " is being " << (exclusive ? "used" : "generated")
            << " by another fairvec generate; waiting for it to finish\n";
  while (::flock(fd_, op) != 0) {
    if (errno != EINTR) {
      const int e = errno;
      ::close(fd_);
      throw IoError(std::string(option) + " " + dir.string() + ": cannot lock: " + std::strerror(e));
    }
  }
}

DirectoryLock::~DirectoryLock() { ::close(fd_); }

}  // namespace fairvec
