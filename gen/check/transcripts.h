// Transcripts (specs/port-protocol.md, "Transcripts"): for each vector file, the exact port calls
// each test makes and their expected answers, as JSON Lines in vectors/transcripts/. `fairvec
// generate` writes them from the one vector → call mapping (VectorKind::port_calls); the port
// checker reads them back, so a harness in any language replays exactly what check-port sends.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

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

}  // namespace fairvec::check
