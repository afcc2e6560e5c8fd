// The vector file format (specs/vector-format.md): a builder that assigns tcIds and counts, the
// registry of every vector file kind, and the checker that validates a file against its schema
// and runs every test through every API path on every backend.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include "core/crypto.h"
#include "core/json.h"
#include "vectors/bug_types.h"
#include "vectors/ledger.h"

namespace fairvec::vectors {

enum class Result { kValid, kInvalid, kAcceptable };
const char* result_name(Result r);

// VectorFileBuilder collects notes, groups and tests and renders the file. The tool assigns tcIds
// (from the file's id ledger: vectors/ledger.h) and numberOfTests; a person never types them.
class VectorFileBuilder {
 public:
  // |algorithm| is the scheme name, |schema| the schema file name in vectors/schema/, |header|
  // free text lines describing the file.
  VectorFileBuilder(std::string algorithm, std::string schema, std::vector<std::string> header);

  // note defines |flag|: the class of port bug (|bug_type|, a name in bug_types_table()) and a
  // description of the bug it catches. Throws std::logic_error on an unknown bugType, an empty
  // description or a flag defined twice: generator bugs.
  void note(std::string flag, std::string bug_type, std::string description);

  // group starts a new test group whose members are |fields| (at least "type").
  void group(json::Object fields);

  // add appends a test to the current group: tcId, comment, flags, then |fields|, then result.
  // |key| says what the test is (test_key): its tcId follows it.
  void add(std::string comment, std::vector<std::string> flags, Result result, json::Object fields, std::string key);

  // test_count returns the number of tests added so far.
  std::size_t test_count() const;

  // build renders the file, giving each test its tcId from |previous| (the file's ledger so far;
  // null: a first generation, tcIds 1, 2, … in file order) and, when |next| is given, storing the
  // file's new ledger there. Throws std::logic_error if a flag is used but not defined, defined but
  // not used, a group is empty, a test precedes any group, or two tests have one key: generator
  // bugs, not input.
  [[nodiscard]] json::Value build(const Ledger* previous = nullptr, Ledger* next = nullptr) const;

 private:
  struct Test {
    std::string comment;
    std::vector<std::string> flags;
    Result result;
    json::Object fields;
    std::string key;
  };
  struct Group {
    json::Object fields;
    std::vector<Test> tests;
  };
  std::string algorithm_;
  std::string schema_;
  std::vector<std::string> header_;
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> notes_;
  std::vector<Group> groups_;
};

// TestRef points at one test inside a parsed vector file.
struct TestRef {
  const rapidjson::Value& file;
  const rapidjson::Value& group;
  const rapidjson::Value& test;
  std::string path;  // "testGroups[1].tests[4]", for messages
};

// PortCall is one port-protocol request a test implies, with its expected answer: |result| holds
// the fields the reply's result must contain (doubles bit-exact), or is empty when the reply must
// be the error "bad_input".
struct PortCall {
  std::string op;
  json::Value params;
  std::optional<json::Value> result;
};

class CatalogFile;  // vectors/catalog.cc: a catalog's file, bound to the op table

// VectorKind is one vector file: how to generate it and how to check each of its tests. Every
// vector file is a catalog (vectors/catalog.h builds it with catalog_kind); the generic layers see
// it only through this class.
class VectorKind {
 public:
  using Notes = std::vector<std::pair<std::string, std::pair<std::string, std::string>>>;
  VectorKind(std::string file_name, std::string schema_name, Notes flag_notes, std::shared_ptr<const CatalogFile> impl)
      : file(std::move(file_name)),
        schema(std::move(schema_name)),
        notes(std::move(flag_notes)),
        impl_(std::move(impl)) {}

  std::string file;    // file name in vectors/, e.g. "hmac_dice_roll_test.json"
  std::string schema;  // schema file name in vectors/schema/
  Notes notes;         // the file's flags as its notes give them: {name, {bugType, description}}

  // generate_ids generates the file, its tests' tcIds from the ledger |previous| (null: 1, 2, … in
  // file order), and stores the file's new ledger in |next| when given. Throws std::logic_error for
  // a generator bug (a flag that does not bite, backends that disagree).
  [[nodiscard]] json::Value generate_ids(const Ledger* previous, Ledger* next) const;
  // generate is a first generation: tcIds 1, 2, … in file order (what a file with no ledger gets).
  [[nodiscard]] json::Value generate() const { return generate_ids(nullptr, nullptr); }
  // generate_in generates the file as `fairvec generate --out |vectors_dir|` does: tcIds from the
  // ledger there (ids/<stem>.json), or 1, 2, … where there is none. Throws InputError for a
  // malformed ledger, IoError when it cannot be read.
  [[nodiscard]] json::Value generate_in(const std::filesystem::path& vectors_dir) const;
  // check_library runs |t| through the library API on |backend| and returns an empty string when
  // the test passes, or a message saying what differs. It may throw InputError for a malformed
  // test (reported as a failure too).
  [[nodiscard]] std::string check_library(const TestRef& t, const Backend& backend) const;
  // key_of returns the ledger key of |t| (test_key of its type, group members and case inputs).
  // It throws InputError for a malformed test.
  [[nodiscard]] std::string key_of(const TestRef& t) const;
  // port_calls translates |t| into the port requests it implies (may be empty). Throws InputError
  // for a malformed test.
  [[nodiscard]] std::vector<PortCall> port_calls(const TestRef& t) const;
  // companions derives the files written beside the vector file from its generated tree: {path
  // relative to the vectors directory, exact contents}: its wrong answers (wrong_answers/) and
  // what the file adds (proofs/*.json). `fairvec generate` writes them and `--verify` compares them
  // byte for byte like the file. Throws std::logic_error for a generator bug.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> companions(const json::Value& file_tree) const;

 private:
  std::shared_ptr<const CatalogFile> impl_;
};

class FlagLibrary;  // vectors/flags.h

// FamilyFiles is a family's vector files: each family of the families table (gen/families.json)
// lists them, in file order, in `std::vector<VectorKind> <id>_vec::files()` (vectors/<id>.cc), and
// defines their flags and wrong ports in `const FlagLibrary& <id>_vec::library()`.
struct FamilyFiles {
  const char* family;
  std::vector<VectorKind> (*files)();
  const FlagLibrary& (*library)();
};
// family_files lists them in the table's order (generated by gen/families.cmake). It cannot fail.
[[nodiscard]] const std::vector<FamilyFiles>& family_files();

// all_vector_kinds lists every vector file of every family, family by family in the table's order.
// Throws std::logic_error (at first use) when a family lists a file named for another family, when
// two families' libraries give a flag name two meanings or a wrong port name two ports
// (check_libraries), or when two vector files give a flag name two meanings (Wycheproof's
// mergeNotes rule: one bugType and description per flag name across the whole set).
const std::vector<VectorKind>& all_vector_kinds();
// files_of lists the vector files of the family |id| (none for an unknown id).
[[nodiscard]] std::vector<VectorKind> files_of(std::string_view id);

// Failure is one failing test (or one failing file, tc_id = 0).
struct Failure {
  std::string file;
  long tc_id = 0;
  std::vector<std::string> flags;
  std::string detail;
};

// validate_file checks |doc| (the parsed file |name|) against the schema document |schema| and the
// rules no schema can state: numberOfTests equals the number of tests, tcIds are distinct, every
// flag used is defined in notes and every note is used. Appends failures to |out|.
void validate_file(const std::string& name, const rapidjson::Document& doc, const rapidjson::Document& schema,
                   std::vector<Failure>& out);

// validate_schema checks |doc| against a compiled |schema| only. It returns false, appending one
// failure naming the violating member, when the document does not validate.
[[nodiscard]] bool validate_schema(const std::string& name, const rapidjson::Document& doc,
                                   const rapidjson::SchemaDocument& schema, std::vector<Failure>& out);

// validate_bookkeeping checks what no schema can state (counts, distinct tcIds, flags and notes).
// |doc| must have passed validate_schema against a vector file schema.
void validate_bookkeeping(const std::string& name, const rapidjson::Document& doc, std::vector<Failure>& out);

// load_kind reads |dir|/kind.file into |doc| and validates it (validate_file). It returns false
// and appends failures to |out| when the file cannot be read, parsed or validated.
[[nodiscard]] bool load_kind(const VectorKind& kind, const std::filesystem::path& dir, rapidjson::Document& doc,
                             std::vector<Failure>& out);

// for_each_test calls |fn| on every test of a loaded vector file, in file order.
void for_each_test(const rapidjson::Document& doc, const std::function<void(const TestRef&)>& fn);

// tc_id_of and flags_of read a test's tcId (0 if absent) and flags.
[[nodiscard]] long tc_id_of(const rapidjson::Value& test);
[[nodiscard]] std::vector<std::string> flags_of(const rapidjson::Value& test);

// check_kind loads |dir|/kind.file, validates it and runs every test on every backend, through
// the library and through the in-process port. Appends failures to |out|; returns tests run.
std::size_t check_kind(const VectorKind& kind, const std::filesystem::path& dir, std::vector<Failure>& out);

// compare_reply checks a port reply (ok, result or error) against |call|'s expectation and returns
// an empty string on a match, else a message naming the first differing field.
[[nodiscard]] std::string compare_reply(const PortCall& call, bool ok, const rapidjson::Value* result,
                                        const std::string& error);

// Helpers for check_library implementations.
// expect_eq returns "" when |actual| == |expected|, else "<what>: expected … got …".
[[nodiscard]] std::string expect_eq(std::string_view what, const std::string& expected, const std::string& actual);

}  // namespace fairvec::vectors
