// ProgressReporter: the terminal bar and the plain lines.
#include "cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "core/errors.h"

namespace fairvec::cli {

ProgressMode progress_mode_from(const std::string& text) {
  if (text == "auto") return ::isatty(STDERR_FILENO) ? ProgressMode::kBar : ProgressMode::kLines;
  if (text == "bar") return ProgressMode::kBar;
  if (text == "lines") return ProgressMode::kLines;
  if (text == "none") return ProgressMode::kNone;
  throw InputError("--progress", "'" + text + "' is not auto, bar, lines or none");
}

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e9) return "?";
  auto s = static_cast<std::uint64_t>(seconds + 0.5);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%llu:%02llu:%02llu", static_cast<unsigned long long>(s / 3600),
                static_cast<unsigned long long>(s / 60 % 60), static_cast<unsigned long long>(s % 60));
  return buf;
}

ProgressReporter::ProgressReporter(ProgressMode mode, double line_every, std::string what)
    : mode_(mode), line_every_(line_every), what_(std::move(what)), last_(std::chrono::steady_clock::now()) {}

void ProgressReporter::update(std::uint64_t done, std::uint64_t total, double rate,
                              std::optional<std::uint64_t> found) {
  if (mode_ == ProgressMode::kNone) return;
  const auto now = std::chrono::steady_clock::now();
  const double since = std::chrono::duration<double>(now - last_).count();
  if (since < (mode_ == ProgressMode::kBar ? 0.2 : line_every_)) return;
  last_ = now;
  done = std::min(done, total);  // chunks finished above a hit are not part of the total any more
  const double frac = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const double eta = rate > 0 ? static_cast<double>(total - done) / rate : NAN;
  char pct[16], rt[32];
  std::snprintf(pct, sizeof pct, "%5.1f%%", 100 * frac);
  std::snprintf(rt, sizeof rt, "%.2f M/s", rate / 1e6);
  const std::string hit = found ? "hit at " + std::to_string(*found) : "no hit yet";
  std::ostringstream os;
  if (mode_ == ProgressMode::kBar) {
    constexpr int kWidth = 30;
    const int fill = static_cast<int>(frac * kWidth);
    os << "\r[" << std::string(static_cast<std::size_t>(fill), '#')
       << std::string(static_cast<std::size_t>(kWidth - fill), '.') << "] " << pct << "  " << done << "/" << total
       << "  " << rt << "  ETA " << format_duration(eta) << "  " << hit << "\x1b[K";
    drawn_ = true;
  } else {
    os << what_ << ": " << pct << " (" << done << " of " << total << "), " << rt << ", ETA " << format_duration(eta)
       << ", " << hit << "\n";
  }
  std::cerr << os.str() << std::flush;
}

void ProgressReporter::finish() {
  if (drawn_) std::cerr << "\n" << std::flush;
  drawn_ = false;
}

}  // namespace fairvec::cli
