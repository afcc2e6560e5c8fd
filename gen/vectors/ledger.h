// The id ledger of a vector file (specs/vector-format.md, "Stable ids"): every test's tcId, keyed
// by what the test is (its group type, group members and the inputs its case gives), so that a
// test keeps its tcId across generations whatever is added or removed around it. A new test gets
// the next id, never one used before; a removed test's id is retired, never reused. The ledger
// also records a digest of each test's expected answer, which the release check compares with the
// previous release's (tests/release/).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"

namespace fairvec::vectors {

// LedgerEntry is one test's id: its key and the digest of its answer.
struct LedgerEntry {
  long tc_id = 0;
  std::string key;     // 32 hex digits of SHA-256 over type, group members and inputs
  std::string answer;  // 32 hex digits of SHA-256 over every member but tcId, comment and flags
};

// Ledger is the id ledger of one vector file.
struct Ledger {
  std::string file;
  long next_tc_id = 1;               // the id the next new test gets; above every id ever given
  std::vector<LedgerEntry> tests;    // the file's tests, in file order
  std::vector<LedgerEntry> retired;  // tests removed since; their ids are never given again
};

// test_key returns the key of a test of group |type| with group members |members| and case inputs
// |inputs| (member order aside). It cannot fail.
[[nodiscard]] std::string test_key(std::string_view type, const json::Object& members, const json::Object& inputs);
// answer_digest returns the answer digest of |test| (a test object of a vector file). It cannot fail.
[[nodiscard]] std::string answer_digest(const json::Object& test);

// assign_ids gives the tests |keys| (file order) their tcIds from |previous| (null: a first
// generation, ids 1, 2, … in file order) and returns the new ledger, without answers (set them
// with the built file). Throws std::logic_error when two tests have one key (a duplicate test).
[[nodiscard]] Ledger assign_ids(const std::string& file, const std::vector<std::string>& keys, const Ledger* previous);

// ledger_json renders |l| as the ledger file vectors/ids/<stem>.json; read_ledger parses one.
// read_ledger throws InputError naming |what| and the member for a malformed ledger.
[[nodiscard]] json::Value ledger_json(const Ledger& l);
[[nodiscard]] Ledger read_ledger(std::string_view text, const std::string& what);
// ledger_path returns the ledger's path under the vectors directory: ids/<stem>.json for the vector
// file <stem>_test.json. It cannot fail.
[[nodiscard]] std::string ledger_path(const std::string& vector_file);

}  // namespace fairvec::vectors
