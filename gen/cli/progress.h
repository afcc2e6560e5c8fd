// Progress reporting for long CLI jobs, on stderr: a redrawn bar with rate and ETA when stderr is a
// terminal, plain periodic lines otherwise (logs, batch systems), or nothing. Debian 12 packages no
// C++ progress-bar library, so this is a small one of our own.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace fairvec::cli {

enum class ProgressMode { kBar, kLines, kNone };

// progress_mode_from reads "auto" (bar on a terminal, else lines), "bar", "lines" or "none".
// Throws InputError naming --progress otherwise.
ProgressMode progress_mode_from(const std::string& text);

// format_duration writes seconds as H:MM:SS (or "?" when not finite). It cannot fail.
std::string format_duration(double seconds);

class ProgressReporter {
 public:
  // |line_every| is the interval between plain lines, in seconds. It cannot fail.
  ProgressReporter(ProgressMode mode, double line_every, std::string what);
  // update shows |done| of |total| at |rate| per second; the bar is redrawn at most 5 times a
  // second and a line written at most once per interval. It cannot fail.
  void update(std::uint64_t done, std::uint64_t total, double rate, std::optional<std::uint64_t> found);
  // finish ends the bar's line. It cannot fail.
  void finish();

 private:
  ProgressMode mode_;
  double line_every_;
  std::string what_;
  std::chrono::steady_clock::time_point last_{};
  bool drawn_ = false;
};

}  // namespace fairvec::cli
