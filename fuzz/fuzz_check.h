// What every fuzz target shares with the replay main, without other dependencies: the count of
// inputs checked to the end, and the planted faults (FAIRVEC_FUZZ_PLANT=<target>).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace fairvec::fuzz {

// inputs_checked counts the inputs whose properties a target checked to the end (accepted or
// rejected with a well-formed error); targets call checked() there. The replay main fails a run in
// which no input was checked, so a target whose body is emptied, or a corpus that never reaches
// the checks, fails instead of passing.
inline std::uint64_t inputs_checked = 0;
inline void checked() { ++inputs_checked; }

// planted says whether the environment plants |target|'s fault: FAIRVEC_FUZZ_PLANT=<target>. A
// planted fault is a deliberate bug just before one of the target's checks (a changed byte of one
// backend's outcome, of a round trip's second result); its corpus replay must then find it.
inline bool planted(std::string_view target) {
  const char* e = std::getenv("FAIRVEC_FUZZ_PLANT");
  return e && target == e;
}

// plant_text changes the last byte of |s| (or appends one) when |target| is planted.
inline void plant_text(std::string_view target, std::string& s) {
  if (!planted(target)) return;
  if (s.empty()) {
    s = "planted";
  } else {
    s.back() = static_cast<char>(s.back() ^ 1);
  }
}

// plant_outcome changes the last backend's outcome in |outs| when |target| is planted, so that the
// backends disagree.
template <typename Outcomes>
void plant_outcome(std::string_view target, Outcomes& outs) {
  if (planted(target) && outs.size() > 1) {
    outs.back().ok = true;
    plant_text(target, outs.back().value);
  }
}

}  // namespace fairvec::fuzz
