// The diagnosis of a check-port run (specs/port-protocol.md, "Diagnosis"): which of the kit's
// known wrong ports (vectors/wrong_ports.json) a failing port answers like. The vector set
// publishes, per port call, what each wrong port answers where it answers otherwise than the
// vector (vectors/wrong_answers/<stem>.jsonl); check-port compares each failing reply with those
// answers and ranks the wrong ports by how many failing calls they explain exactly less how many
// passing calls contradict them. Every report opens with it; `fairvec diagnose` prints it again
// from a saved JSON report.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace fairvec::check {

struct CheckPortReport;  // check/port_checker.h

// WrongPortNote is one wrong port as vectors/wrong_ports.json describes it.
struct WrongPortNote {
  std::string family;       // "hmac-dice-v1"
  std::string description;  // one line: "writes the dice as (v % 6 + 1, v / 6 + 1), the two dice swapped"
};

// Suspect is one wrong port that explains at least one failing call of a run.
struct Suspect {
  std::string name, family, description;
  std::size_t calls = 0;         // failing calls whose reply is exactly this wrong port's answer
  std::size_t vectors = 0;       // failing vectors each failing call of which it explains
  std::size_t contradicted = 0;  // passing calls on which it answers otherwise (a port with its bug would fail them)
  std::map<std::string, std::size_t> files;  // vectors explained, per vector file ("hmac_dice_roll_test.json")
  std::vector<std::string> vector_ids;       // the vectors explained ("FILE#TCID"), in run order
  bool leading = false;  // named in the report's opening: it explains a failing call no better-ranked one does
  std::vector<std::string> same;  // a leading suspect: the wrong ports explaining exactly its failing calls, as often contradicted
};

// Diagnosis is the whole diagnosis of a run.
struct Diagnosis {
  bool available = false;  // the vector set carries wrong answers (0.3.0 and later)
  std::size_t failing_vectors = 0, failing_calls = 0;  // failed or expected-failure vectors; their failing calls
  // suspects are ranked by failing calls explained less passing calls contradicted, then by failing
  // calls explained, then by name.
  std::vector<Suspect> suspects;
  std::vector<std::string> unexplained;  // failing vectors with a failing call no wrong port explains
  std::size_t unexplained_calls = 0;
};

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
