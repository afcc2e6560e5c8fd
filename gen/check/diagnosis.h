// The diagnosis of a check-port run (specs/port-protocol.md, "Diagnosis"): which of the kit's
// known wrong ports (vectors/wrong_ports.json) a failing port answers like. The vector set
// publishes, per port call, what each wrong port answers where it answers otherwise than the
// vector (vectors/wrong_answers/<stem>.jsonl); check-port compares each failing reply with those
// answers and ranks the wrong ports by how many failing calls they explain exactly less how many
// passing calls contradict them. Every report opens with it; `fairvec diagnose` prints it again
// from a saved JSON report.
#pragma once

#include <string>
#include <vector>

#include "check/records.h"

namespace fairvec::check {

// diagnose fills |r|.diagnosis from the replies recorded in |r| and the wrong answers each call
// carries (CallRecord::wrong), and marks each failing call with the wrong ports it answers like
// (CallRecord::like) and each failing vector with those explaining all its failing calls
// (VectorRecord::explained_by). It cannot fail.
void diagnose(CheckPortReport& r);

// diagnosis_lines renders the diagnosis as the sentences a report opens with: the leading
// suspects, each "Your port answers like a port that <description> (<name>) on 90 of 90 failing vectors
// (hmac_dice_roll 58, hmac_dice_match 21, hmac_dice_pick 11; 180 of 180 failing calls); no passing
// call contradicts it.", then the failing vectors no known wrong port explains. Empty when nothing
// failed. It cannot fail.
[[nodiscard]] std::vector<std::string> diagnosis_lines(const Diagnosis& d);

}  // namespace fairvec::check
