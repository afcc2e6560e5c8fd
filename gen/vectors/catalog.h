// The declarative catalog of a vector file (specs/CONTRIBUTING.md): a FileSpec names the file, its
// header and its flags, declares each group type as calls of ops of the op table (ops/op_table.h)
// and the members its tests show, and lists cases that give only a comment, flags and the op's
// inputs (for an invalid case, the field the error must name). Everything else is derived.
//
// One interpreter: for every test the catalog computes a Plan once (the op each call runs, its
// params, which test members are inputs and which the op computes, what a port must answer), and
// generation, the library check and the port calls all consume that plan:
// - generation runs the plan on the first backend, re-runs it on every other backend and stops
//   (std::logic_error, a generator bug) when they disagree, when a valid case is rejected, or when
//   an invalid case is accepted or rejected naming another field; the test's members are the
//   inputs with the plan's computed members around them;
// - each flag's claim is checked on every case that carries it: one of its wrong ports (what a port
//   with the flag's bug answers: vectors/flags.h) must answer otherwise, a `holds` property must
//   hold, and each wrong port of the flag must catch one of its cases;
// - checking a test recomputes its plan's members on each backend and compares them, member by
//   member, with the test's; the port calls are the plan's calls with the test's members as
//   expected answers.
// What a uniform call cannot say is a named hook (Hooks), each used by one or two files.
#pragma once

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"
#include "vectors/flags.h"
#include "vectors/op_outcome.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

// Renames maps names of one side to names of the other where they differ: {param, test member}
// for a call's params, {result member, test member} for what a call expects, {test member, result
// or trace member} for what a group shows. A test member may be an element of an array member
// ("messages[0]"). Unlisted names map to themselves.
using Renames = std::vector<std::pair<std::string, std::string>>;

// Field is one member a group's tests show that the op computes (a result member or, failing that,
// a trace member: OpSpec::trace).
struct Field {
  std::string name;
  std::string from = {};           // the result or trace member it is written from; empty: |name|
  bool leading = false;            // written before the inputs (a match's link)
  bool optional = false;           // written only where the op gives it (crash.point's hmac)
  std::optional<bool> asked = {};  // whether a port must answer it; unset: when it is a result of the
                                   // op (OpSpec::results_for says which, for an op with open results)
};

// outputs returns fields written from the result or trace members of the same names, in order.
[[nodiscard]] std::vector<Field> outputs(std::initializer_list<const char*> names);

// Call is a port call each test of a group implies: |op| with params read from the test's
// members (renamed by |params|; group members included) and |fixed| after them, expecting the
// members |expect| names. Without |expect| a group's own call expects its asked fields, and a
// further call the test members named as the op's results. For a test the op rejects, a further
// call expects bad_input and is made only when its op reads the field the error names.
struct Call {
  std::string op;
  Renames params = {};
  json::Object fixed = {};
  Renames expect = {};
};

// Stage is an op run on a case's inputs before the group's op, whose |outputs| become inputs too
// (cursor_draw's u and uBits, from the u64 shown, by cursor.u64_to_unit). They are written right
// after the last input the stage reads, checked like the group's fields, and not sent to ports.
struct Stage {
  std::string op;
  std::vector<std::string> outputs;
};

// Rejected is what a test the op rejects shows beyond `error`: fixed members before it (a
// verifier's exit code) and, with |position|, `errorPosition` after it (the position, or null).
struct Rejected {
  json::Object fixed = {};
  bool position = false;
};

// Judged makes a group's invalid cases answered, not rejected: a match or a proof that does not
// verify. The result member |member| names what failed — through |names| (verdict value → field)
// when given, else as its own text — and null or an unnamed value means it verifies. An invalid
// case must be answered naming its error, a valid one verifying. Such tests show their fields and
// then `error`; their port calls expect the fields like a valid test's.
struct Judged {
  std::string member;
  Renames names = {};
};

// judged_field returns what judged result |result| shows not to verify ("" when it verifies).
// Throws std::logic_error when |result| lacks the member.
[[nodiscard]] std::string judged_field(const Judged& v, const json::Value& result);

// Hooks are what a uniform call cannot say; each is used by one or two files, and says why.
struct Hooks {
  // op_of names the op a test calls instead of the group's, from its inputs: a text that is not
  // UTF-8 has no JSON string form, so canonical_json_test.json sends its bytes to
  // canonical_json.hex within the same group (the file keeps one invalid group).
  std::function<std::string(const json::Object& inputs)> op_of = {};
  // trace replaces the op's trace: the values of a test whose calls chain several ops (a crash
  // chain: every previous link and every point), computed from the params. It throws InputError
  // like the op.
  TraceHook trace = {};
  // more_calls returns port calls made after the group's own, one per element of a member (a tavla
  // roll's blocks, a crash chain's links): a Call names a fixed set of members. |group| holds the
  // group's members, |test| the test's. It throws InputError for a malformed test.
  std::function<std::vector<PortCall>(const json::Object& group, const json::Object& test, const std::string& path)>
      more_calls = {};
};

// Group declares one group type: its tests call |call| (the group's op) and show |fields|.
struct Group {
  std::string type;
  Call call;
  // members names the group's members beside its type (crash: convention): every case of the type
  // gives their values (Cases::group_members), the group shows them, every call reads them as
  // params (before the case's inputs), and a new group starts where their values change.
  std::vector<std::string> members = {};
  std::vector<Field> fields = {};  // empty: the op's result members, in declaration order
  std::vector<Stage> stages = {};
  std::vector<Call> calls = {};  // further calls, after the group's own and Hooks::more_calls
  Rejected rejected = {};
  std::optional<Judged> judged = {};
  // null_absent lists optional params a test shows as null where they are absent: no call gets
  // them (tavla_verify: expectedCommitment null, no commitment expected).
  std::vector<std::string> null_absent = {};
  Hooks hooks = {};
};

// Case is one test: its group's type, comment, flags and the op's params. |error| names the field
// the op's error must name; it makes the case invalid. |members| are its group's members
// (Group::members), in that order.
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
// <stem>_test.json; its algorithm is its family's (core/families.h, by the file's name).
struct FileSpec {
  std::string file;
  std::vector<std::string> header;
  std::vector<Flag> flags;
  std::vector<Group> groups;
  // cases appends the file's cases. It runs at generation only (it may search).
  std::function<void(Cases&)> cases;
  // companions, when set, derives the files the vector file adds beside it (proofs/); every file
  // also has its wrong answers (VectorKind::companions).
  std::function<std::vector<std::pair<std::string, std::string>>(const json::Value& file)> companions = {};
};

// catalog_kind returns the VectorKind of |spec| (generate_ids, check_library, key_of, port_calls
// and companions all read from it, through one Plan per test). Throws std::logic_error when a
// group names an op the table does not have, maps a name its op does not have, two groups share a
// type, or the file name does not end in _test.json or names no family: generator bugs.
[[nodiscard]] VectorKind catalog_kind(FileSpec spec);

}  // namespace fairvec::vectors
