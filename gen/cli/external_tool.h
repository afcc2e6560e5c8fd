// run_tool: one run of an external program fairvec relies on (ssh-keygen for signatures,
// cli/attest.h), bounded in time and memory, its output captured.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fairvec::cli {

struct ToolRun {
  bool found = true;       // false: argv[0] is not on PATH (nothing ran)
  bool timed_out = false;  // killed at the deadline
  int status = -1;         // the exit status; -1 when it ended by a signal or timed out
  std::string out, err;    // stdout and stderr, each cut at the limits below
};

// The most bytes kept of a tool's stdout and stderr; the rest is read and dropped.
inline constexpr std::size_t kToolOutBytes = 1 << 20;
inline constexpr std::size_t kToolErrBytes = 64 * 1024;

// run_tool starts |argv| (argv[0] looked up on PATH) with stdin from |stdin_file| (/dev/null when
// absent) and, with |fd3|, those bytes readable on its descriptor 3 (/dev/fd/3: an anonymous
// memory file, so nothing is written to disk), waits at most |timeout|, then kills it. Its stderr and the terminal stay
// its own only through the captured pipes: a prompt it writes to /dev/tty (a key's passphrase) still reaches the user.
// Throws IoError when |stdin_file| cannot be opened or no process can be started.
[[nodiscard]] ToolRun run_tool(const std::vector<std::string>& argv,
                               const std::optional<std::filesystem::path>& stdin_file,
                               std::chrono::milliseconds timeout, const std::optional<std::string>& fd3 = std::nullopt);

}  // namespace fairvec::cli
