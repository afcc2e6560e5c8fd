// The records of a check-port run (check/port_checker.h runs it): the options, what was sent,
// expected and answered per vector and call, the port's breaks, the random inputs and the
// diagnosis (check/diagnosis.h fills it). Reports (check/reports.h) render them. Plain data: every
// unit of the checker reads them, and this one includes none of those units.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check/differences.h"
#include "check/run_identity.h"
#include "core/bytes.h"
#include "core/json.h"

namespace fairvec::check {

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
  std::vector<std::string>
      same;  // a leading suspect: the wrong ports explaining exactly its failing calls, as often contradicted
};

// Diagnosis is the whole diagnosis of a run.
// DifferenceKind is one kind of difference the failing calls no wrong port explains share: an op,
// a member (list positions left out), how it differs, in how many of those calls, and the first.
struct DifferenceKind {
  std::string op, path, how;
  std::size_t calls = 0;
  std::string vector, expected, actual;  // the first such call's vector id and values
  std::string key;                       // how, or "rounded significant" / "rounded decimals"
  std::string rounding;                  // a rounding: its unit, and the digit counts every call allows
  int lo = 0, hi = 0;
};

struct Diagnosis {
  bool available = false;                              // the vector set carries wrong answers (0.3.0 and later)
  std::size_t failing_vectors = 0, failing_calls = 0;  // failed or expected-failure vectors; their failing calls
  // suspects are ranked by failing calls explained less passing calls contradicted, then by failing
  // calls explained, then by name.
  std::vector<Suspect> suspects;
  std::vector<std::string> unexplained;  // failing vectors with a failing call no wrong port explains
  std::size_t unexplained_calls = 0;
  std::vector<DifferenceKind> kinds;  // the unexplained calls' differences, most calls first
};

struct CheckPortOptions {
  std::vector<std::string> command;  // the port's command line
  std::filesystem::path vectors_dir;
  std::chrono::milliseconds timeout{10000};          // per request
  std::chrono::milliseconds startup_timeout{10000};  // start-up up to the hello reply
  int max_restarts = 3;                              // then the run stops (exit 4)
  std::vector<std::string> only, skip;               // patterns (check/patterns.h)
  std::optional<std::filesystem::path> expect_file;
  std::size_t random = 0;  // valid random inputs per listed op (--random N; the CLI's default below)
  std::uint64_t seed = 1;
  bool echo_stderr = true;
};

// The valid random inputs per op `fairvec check-port` sends unless --random says otherwise: every
// run meets inputs no port can have learnt from the kit (specs/port-protocol.md, "Random requests").
inline constexpr std::size_t kDefaultRandomInputs = 10;

enum class Status { kPassed, kFailed, kSkipped, kExpectedFailure, kUnexpectedPass };
[[nodiscard]] const char* status_name(Status s);

// The longest reply line of a failing call whose result members the vector does not compare are
// kept for the diagnosis (CallRecord::unasked); of a longer one, the SHA-256 of at most
// kUnaskedDigests of them (CallRecord::unasked_digests), enough to tell a wrong answer's members.
inline constexpr std::size_t kUnaskedReplyBytes = 65536;
inline constexpr std::size_t kUnaskedDigests = 256;

// CallRecord is one port call of a vector and what the port answered. Memory stays bounded
// whatever the port sends: of a result only the members the vector compares are kept (of a
// failing call with a reply line up to kUnaskedReplyBytes, all of them; of a longer one, the
// others' digests), of a failing call the
// reply line cut at kReplyExcerptBytes, of messages and differences their start.
struct CallRecord {
  std::string op;
  json::Value params;
  std::optional<json::Value> expected;  // empty: error bad_input expected
  bool answered = false;                // false: not sent (an earlier call broke the port) or broke
  bool ok = false;
  json::Value result;   // the reply's result, only the members |expected| names
  json::Value unasked;  // a failing call's other result members, when its reply line fits kUnaskedReplyBytes
  // a failing call's other result members when its reply line is longer: name -> SHA-256 of the
  // member's JSON line (json::to_line), at most kUnaskedDigests of them
  std::map<std::string, Digest, std::less<>> unasked_digests;
  std::string error, message;
  std::string diff;                     // empty on a match
  std::string first_diff;               // JSON path of the first differing member ("result.dice[1]")
  std::vector<Difference> differences;  // every differing member and how (check/differences.h)
  std::size_t reply_bytes = 0;          // the size of the reply line
  std::string reply;                    // a failing call's reply line, cut at kReplyExcerptBytes
  // wrong holds what each known wrong port answers where it answers otherwise than |expected|
  // (vectors/wrong_answers/, read after the run and only when a vector failed): {name, answer}, the answer in
  // |expected|'s form (empty: bad_input; an object: the result members it holds, none when it accepts what must be
  // rejected).
  std::vector<std::pair<std::string, std::optional<json::Value>>> wrong;
  std::vector<std::string> like;  // a failing call: the wrong ports whose answer the reply is (diagnose)
};

// VectorRecord is one vector's outcome.
struct VectorRecord {
  std::string file, family, id;  // id: "FILE#TCID"
  long tc_id = 0;
  std::string comment, expected_result;
  std::vector<std::string> flags;
  Status status = Status::kSkipped;
  bool out_of_scope = false;   // skipped: a call lies outside the port's declared scope
  std::string reason;          // why skipped, the --expect reason, or the port failure
  std::string listed_as;       // the --expect entry listing it ("FILE entry N (PATTERN)"), or empty
  std::string listed_differs;  // the member that entry expects to differ ("result.outcome"), or empty
  std::vector<CallRecord> calls;
  json::Value test;  // the test's own members (inputs and intermediate values)
  bool port_broke = false;
  std::vector<std::string> explained_by;  // a failing vector: the wrong ports explaining every failing call
};

// Scope is the part of each op a port declares it answers (hello's `scope`): per op, per param,
// the values it supports. A call whose param holds another value, or lacks the param, is outside.
using Scope = std::map<std::string, std::map<std::string, std::vector<json::Value>>>;
// scope_json returns |s| as hello's `scope` object (ops and params in name order). It cannot fail.
[[nodiscard]] json::Value scope_json(const Scope& s);

// FlagNote is a vector file's definition of one flag.
struct FlagNote {
  std::string bug_type, description;
};

// PortBreak is one port failure after which the port was restarted (or the run stopped).
struct PortBreak {
  std::string vector_id;  // empty: during start-up
  std::string what, how_it_ended;
  std::vector<std::string> stderr_tail;
};

// RandomOpCount is how many --random inputs of one op were sent: valid ones (counted in N) and
// invalid ones (the handler rejected how the params fit together; compared too), and how many
// of them the port answered differently.
struct RandomOpCount {
  std::size_t valid = 0, invalid = 0, failed = 0;
  // The op has a vector listed in --expect that failed: a known bug of the op shows in random
  // inputs too, so its random differences are reported but do not fail the run.
  bool known_failure = false;
};
// The most random_failures lines kept per op (the rest are counted in RandomOpCount::failed).
inline constexpr std::size_t kRandomFailuresKept = 50;

struct CheckPortReport {
  std::vector<std::string> command;
  RunIdentity run;  // what was checked and with what (check/run_identity.h)
  std::string port_name;
  std::vector<std::string> port_ops;
  Scope scope;                        // the port's declared scope (hello's `scope`; empty: none declared)
  std::vector<std::string> warnings;  // harmless handshake findings
  std::vector<VectorRecord> vectors;
  std::map<std::string, std::map<std::string, FlagNote>> notes;  // file -> flag -> note
  std::map<std::string, std::string> families;                   // file -> family
  std::vector<PortBreak> breaks;
  bool stopped = false;  // the restart budget ran out or the handshake is unusable
  std::string stop_reason;
  std::vector<std::string> skipped_ops;  // ops of skipped vectors the port does not list
  std::size_t random_run = 0;
  std::uint64_t seed = 0;
  std::map<std::string, RandomOpCount> random_ops;
  std::vector<std::string> random_failures;  // one line each: seed, op, input, expected, actual, repro
  double load_seconds = 0, run_seconds = 0;
  std::size_t requests = 0;
  std::map<std::string, WrongPortNote> wrong_ports;  // name -> note (vectors/wrong_ports.json)
  Diagnosis diagnosis;                               // check/diagnosis.h
};

}  // namespace fairvec::check
