// The error types every input path throws, and the CLI exit codes they map to.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace fairvec {

// Exit codes of the fairvec CLI (specs/README.md, "Exit codes").
enum ExitCode : int {
  kExitOk = 0,           // everything checked, verified or generated
  kExitFailed = 1,       // a check failed: a vector, a proof, a roll or a port answer differs
  kExitBadInput = 2,     // the input is malformed: arguments, files, links, JSON
  kExitIoError = 3,      // a file could not be read or written
  kExitPortFailure = 4,  // a port under test crashed, hung, or broke the protocol
  kExitInternal = 5,     // a bug in fairvec itself, including two backends that disagree
};

// InputError is thrown when input is malformed. |field| names the input (a parameter, a JSON
// path, a link field) and |position|, when known, the 0-based character or element index of the
// first bad token. Its what() is a complete message for a person.
class InputError : public std::runtime_error {
 public:
  InputError(std::string field, std::string message, std::optional<std::size_t> position = {});
  const std::string& field() const { return field_; }
  const std::string& detail() const { return detail_; }
  std::optional<std::size_t> position() const { return position_; }

 private:
  std::string field_;
  std::string detail_;
  std::optional<std::size_t> position_;
};

// BackendError is thrown when a crypto backend reports a failure of its own.
class BackendError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// IoError is thrown when a file cannot be read or written.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace fairvec
