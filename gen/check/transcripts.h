// Transcripts (specs/port-protocol.md, "Transcripts"): for each vector file, the exact port calls
// each test makes and their expected answers, as JSON Lines in vectors/transcripts/. `fairvec
// generate` writes them from the one vector → call mapping (VectorKind::port_calls); the port
// checker reads them back, so a harness in any language replays exactly what check-port sends.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check/records.h"

#include "core/json.h"
#include "vectors/vector_file.h"

namespace fairvec::check {

// transcript_path returns the transcript's path relative to the vectors directory
// ("transcripts/hmac_dice_roll_test.jsonl" for "hmac_dice_roll_test.json").
[[nodiscard]] std::string transcript_path(const std::string& vector_file);

// transcript_text renders the transcript of |kind|'s generated |file|: one line per test, in file
// order. Throws std::logic_error when |file| is not a vector file tree (a generator bug).
[[nodiscard]] std::string transcript_text(const vectors::VectorKind& kind, const json::Value& file);

// TranscriptTest is one line of a transcript.
struct TranscriptTest {
  std::string algorithm;  // the vector file's family
  long tc_id = 0;
  std::string result;  // "valid", "invalid" or "acceptable"
  std::vector<std::string> flags;
  std::vector<vectors::PortCall> calls;
};

// read_transcript reads |dir|/transcript_path(file). Throws IoError when it cannot be read and
// InputError naming the line and member when a line is not a transcript record.
[[nodiscard]] std::vector<TranscriptTest> read_transcript(const std::filesystem::path& dir, const std::string& file);

// WrongAnswers are one test's wrong answers, per call of its transcript line: {wrong port, answer},
// the answer as vectors::PortCall::result (empty: bad_input).
using WrongAnswers = std::vector<std::vector<std::pair<std::string, std::optional<json::Value>>>>;

// read_wrong_answers reads |dir|/wrong_answers/<stem>.jsonl (vectors/wrong_answers.h), by tcId.
// Returns nothing when the file does not exist (a vector set before 0.3.0). Throws IoError when
// it cannot be read and InputError naming the line and member when a line is malformed, names
// another file or a tcId twice.
[[nodiscard]] std::optional<std::map<long, WrongAnswers>> read_wrong_answers(const std::filesystem::path& dir,
                                                                             const std::string& file);

// read_wrong_ports reads |dir|/wrong_ports.json: name -> note. Returns nothing when the file does
// not exist. Throws like read_wrong_answers.
[[nodiscard]] std::optional<std::map<std::string, WrongPortNote>> read_wrong_ports(const std::filesystem::path& dir);

}  // namespace fairvec::check
