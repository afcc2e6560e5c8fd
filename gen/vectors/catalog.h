// The declarative catalog of a vector file (specs/CONTRIBUTING.md, "Adding a vector"): a FileSpec
// names the file, its header and its flags, binds each group type to an op of the op table
// (ops/op_table.h), and lists cases that give only a comment, flags and the op's inputs (and, for an
// invalid case, the field the error must name; where the group type has members, such as a crash
// convention, their values). Everything else is derived from the op:
// - generation runs the op on the first backend for every case, re-runs it on every other backend
//   and stops (std::logic_error, a generator bug) when they disagree, when a valid case is
//   rejected, or when an invalid case is accepted or rejected naming another field;
// - the test's outputs are the op's result members and, for intermediate values, the members of
//   the op's trace (OpSpec::trace), in the order the group declares;
// - each flag's claim is checked on every case that carries it: a `differs` alternative (the answer
//   a port with the flag's bug computes) must give another answer, a `holds` property must hold;
// - checking a test re-runs the op on each backend; its port call is the op with the test's inputs.
// A group may pick its op per test (op_of), show absent optional params as null (null_absent), take
// a verifier's failed check as an invalid test's error (judged) and give rejected tests fixed
// members (rejected); a file may write companion files (FileSpec::companions).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

// BugType is the class of port bug a flag catches, in the order of bug_types_table().
enum class BugType {
  kBasic,
  kEdgeCase,
  kBoundary,
  kEncoding,
  kArithmetic,
  kOrder,
  kMissingCheck,
  kModifiedInput,
  kFunctionality,
};
// bug_type_name returns the bugType's name in the files ("EDGE_CASE"). It cannot fail.
[[nodiscard]] const char* bug_type_name(BugType t);

// Alternative computes the answer a port with a flag's bug gives on a case's params: an object of
// result (or trace) members, compared member by member with the op's, or throws InputError where
// that port rejects the input, or answers null where it does not apply (a group of another op). A
// valid case is caught when a member differs or the port rejects it; an invalid case is caught
// when the port accepts it.
using Alternative = std::function<json::Value(const rapidjson::Value& params, const Backend& backend)>;
// Property is a claim about a case that is not another port's answer (x = 0, the largest u below
// one): |outputs| holds the test's computed output members (an object; empty for invalid cases).
using Property = std::function<bool(const rapidjson::Value& params, const json::Value& outputs)>;

// Flag is one note of the file.
struct Flag {
  std::string name;
  BugType bug_type;
  std::string description;
  // On every case carrying the flag at least one alternative must catch the case, and each
  // alternative must catch at least one of them: every wrong port the flag names fails one of its
  // tests (none: no check).
  std::vector<Alternative> differs = {};
  // When set, it must hold on every case carrying the flag.
  Property holds = {};
};

// AlsoCall is a further port call each test of a group implies: |op| with the test's members named as
// its params (or, for a param |from| maps, the member it names: a commitment's seal code read back as
// tavla.seal_code's code) and |fixed| after them, expecting the test's members named as its results,
// or what |expected| derives where the answer is not a member (the first of a roll's messages). For
// an invalid test it expects bad_input when |op| reads the field the error names, and is not made
// otherwise.
struct AlsoCall {
  std::string op;
  json::Object fixed = {};
  std::function<json::Object(const TestRef& t)> expected = {};
  std::vector<std::pair<std::string, std::string>> from = {};  // {param, test member}
};

// Stage is an op run on a case's inputs before the group's op, whose outputs become inputs too:
// cursor_draw's u and uBits, from the u64 shown, by cursor.u64_to_unit. Its outputs are written
// right after the last input the stage reads, checked like the group's outputs, and not sent to
// ports.
struct Stage {
  std::string op;
  std::vector<std::string> outputs;
};

// GroupSpec binds a group type to the op its tests call.
struct GroupSpec {
  std::string type;
  std::string op;  // a name in ops::table()
  // The members written after the inputs of a valid test: each a member of the op's result or, if
  // not, of its trace. Empty: the op's result members in declaration order.
  std::vector<std::string> outputs = {};
  // Invalid tests also carry `errorPosition`: the error's position, or null.
  bool error_position = false;
  // from maps a member of |outputs| to the op result or trace member it is written from when their
  // names differ (tavla_pick: blocksRead from the result blocks). Unlisted members are written from
  // the member of their own name.
  std::vector<std::pair<std::string, std::string>> from = {};
  // unasked lists op results a port call does not expect although the test shows them (fairvec's
  // additions to a scheme's results: tavla.commitment's settingsCanonical).
  std::vector<std::string> unasked = {};
  // more_calls, when set, returns the further port calls a valid test implies, made after the op's
  // (a roll's block MACs and their pick). It throws InputError like port_calls.
  std::function<std::vector<PortCall>(const TestRef& t)> more_calls = {};
  // also lists further ops each test calls with its own members (see AlsoCall), after more_calls.
  std::vector<AlsoCall> also = {};
  // before lists the stages run, in order, before the op (valid and invalid cases alike).
  std::vector<Stage> before = {};
  // leading lists outputs (result or trace members) written before the inputs, as the first members.
  std::vector<std::string> leading = {};
  // judged, when set, makes the group's invalid cases answered, not rejected: a match or a proof
  // that does not verify. It returns the field (or failed check) a result shows not to verify (""
  // when it verifies; judged_by_member reads it from a result member); an invalid case must be
  // answered with its error, a valid one with "". Such tests carry the outputs and then `error`,
  // and their port calls expect the result like a valid test's.
  std::function<std::string(const json::Value& result)> judged = {};
  // op_of, when set, names the op a test calls instead of |op|, from its inputs (the case's at
  // generation, the test's members when checking): canonical_json_test.json gives a text that is not
  // UTF-8 to canonical_json.hex. The test's outputs and port call are that op's; a name the table
  // does not have is a generator bug (std::logic_error).
  std::function<std::string(const rapidjson::Value& inputs)> op_of = {};
  // null_absent lists optional params a test shows as null where they are absent: neither the op nor
  // its port call gets them (tavla_verify: expectedCommitment null, no commitment expected).
  std::vector<std::string> null_absent = {};
  // rejected lists fixed members every rejected test of the group writes before `error` (the
  // verifier's exit code 2).
  json::Object rejected = {};
  // members names the group's members beside its type (crash: convention): every case of the type
  // gives their values (Cases::group_members), the group shows them, the op reads them as params
  // (before the case's inputs), and a new group starts where their values change.
  std::vector<std::string> members = {};
  // if_given lists members of |outputs| written only where the op's result or trace gives them
  // (crash.point's trace gives hmac for the bustabit conventions only); a check then requires the
  // test to have them exactly there.
  std::vector<std::string> if_given = {};
  // trace, when set, replaces the op's trace for this group's tests: the values of a test whose
  // port calls chain several ops (a crash chain: every previous link and every point), from the
  // params (group members included). It throws InputError like the op.
  std::function<json::Value(const rapidjson::Value& params, const Backend& backend)> trace = {};
  // expected, when set, returns the op call's expected result where no test member names it (a
  // chain's first previous link is links[1]). It throws InputError like port_calls.
  std::function<json::Object(const TestRef& t)> expected = {};
};

// judged_by_member returns a GroupSpec::judged function reading the result member |name|: null when
// the result verifies, else the failed check as text (tavla_verify: failedCheck).
[[nodiscard]] std::function<std::string(const json::Value& result)> judged_by_member(std::string name);

// Case is one test: its group's type, comment, flags and the op's params. |error| names the field
// the op's error must name; it makes the case invalid. |members| are its group's members
// (GroupSpec::members), in that order.
struct Case {
  std::string group;
  std::string comment;
  std::vector<std::string> flags;
  json::Object inputs;
  std::string error = {};
  json::Object members = {};
};

// Cases collects a file's cases in file order; consecutive cases of one type (and, where the type
// has group members, of the same members) form one group.
class Cases {
 public:
  void valid(std::string group, std::string comment, std::vector<std::string> flags, json::Object inputs);
  void invalid(std::string group, std::string comment, std::vector<std::string> flags, json::Object inputs,
               std::string error);
  // group_members sets the group members of the cases added after it ({{"convention", "bustabit-v1"}}).
  void group_members(json::Object members) { members_ = std::move(members); }
  [[nodiscard]] const std::vector<Case>& all() const { return cases_; }

 private:
  std::vector<Case> cases_;
  json::Object members_;
};

// FileSpec is the whole catalog of one vector file. The schema is <stem>_schema.json for the file
// <stem>_test.json.
struct FileSpec {
  std::string file;
  std::string algorithm;
  std::vector<std::string> header;
  std::vector<Flag> flags;
  std::vector<GroupSpec> groups;
  // cases appends the file's cases. It runs at generation only (it may search).
  std::function<void(Cases&)> cases;
  // companions, when set, is the VectorKind's: the files written beside the vector file (proofs/).
  std::function<std::vector<std::pair<std::string, std::string>>(const json::Value& file)> companions = {};
};

// catalog_kind returns the VectorKind of |spec| (generate, check_library and port_calls derived as
// the header says). Throws std::logic_error when a group names an op the table does not have, two
// groups share a type, or the file name does not end in _test.json: generator bugs.
[[nodiscard]] VectorKind catalog_kind(FileSpec spec);

}  // namespace fairvec::vectors
