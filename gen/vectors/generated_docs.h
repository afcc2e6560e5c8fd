// Files derived from the generated vector files, so that no fact is kept by hand in two places:
// each vector file's JSON Schema (vectors/schema/<name>_schema.json), the shared definitions they
// reference (vectors/schema/common.json), and the flag tables in specs/ (between marker comments).
// specs/vector-format.md, "Schemas" and "Flag tables", is the normative description.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include "core/json.h"

namespace fairvec::vectors {

// kCommonSchemaName is the file name, inside vectors/schema/, of the shared definitions.
inline constexpr const char* kCommonSchemaName = "common.json";

// common_schema returns the shared definitions every vector file schema references through
// "$ref": "common.json#/definitions/…": note, bugType, result, tcId, comment, flags, header.
[[nodiscard]] json::Value common_schema();

// schema_for derives the strict JSON Schema of the generated vector file |file| (a tree built by
// VectorFileBuilder): the envelope, the exact set of notes, one group and one test definition per
// group type, with every member's type (and, where every value is lowercase hex of one length, its
// pattern) taken from the values the file holds. Throws std::logic_error on a tree that is not a
// vector file (a generator bug).
[[nodiscard]] json::Value schema_for(const json::Value& file);

// CompiledSchema is a vector file schema compiled with "common.json" resolved to common_schema()
// (the code's definitions: a drifted common.json on disk fails `generate --verify`).
class CompiledSchema {
 public:
  // CompiledSchema compiles |schema| (parsed JSON). A $ref to any other document is left
  // unresolved by RapidJSON and matches anything; generated schemas reference only common.json.
  explicit CompiledSchema(const rapidjson::Document& schema);
  ~CompiledSchema();
  CompiledSchema(const CompiledSchema&) = delete;
  CompiledSchema& operator=(const CompiledSchema&) = delete;
  [[nodiscard]] const rapidjson::SchemaDocument& get() const { return *schema_; }

 private:
  struct Provider;
  std::unique_ptr<Provider> provider_;
  std::unique_ptr<rapidjson::SchemaDocument> schema_;
};

// flag_table renders the notes of the generated vector file |file| as the Markdown table a spec
// shows between `<!-- fairvec:flags FILE begin -->` and `<!-- fairvec:flags FILE end -->`.
[[nodiscard]] std::string flag_table(const json::Value& file);

// bug_type_table renders bug_types_table() as the Markdown table specs/vector-format.md shows
// between `<!-- fairvec:bugtypes begin -->` and `<!-- fairvec:bugtypes end -->`.
[[nodiscard]] std::string bug_type_table();

// family_tables renders the families table (core/families.h) as the two Markdown tables the docs
// show: |spec_rows| for specs/README.md (`<!-- fairvec:families begin -->`: family, spec, what it
// pins, `fairvec verify` form) and |readme_rows| for README.md (`<!-- fairvec:families-readme begin
// -->`: family, spec, vector files). |extra_dirs| maps a family id to the directories of vectors/
// its vector files' companions are written in; a directory no other family's companions use
// (tavla: "proofs/") is listed in its row, shared ones (wrong_answers/, coverage/) are not.
struct FamilyTables {
  std::string spec_rows;
  std::string readme_rows;
};
[[nodiscard]] FamilyTables family_tables(const std::map<std::string, std::set<std::string>>& extra_dirs);

// fill_markers replaces the body of every `<!-- fairvec:KEY begin -->` … `<!-- fairvec:KEY end -->`
// block of |text| whose KEY (e.g. "flags hmac_dice_roll_test.json", "ops") is a key of |blocks|
// with its value, leaves other blocks as they are, and appends every KEY it meets to |seen|.
// Throws InputError naming |where| and the line of a begin marker without its end marker.
[[nodiscard]] std::string fill_markers(const std::string& text, const std::map<std::string, std::string>& blocks,
                                       std::string_view where, std::vector<std::string>& seen);

// first_difference returns "line N: expected «…», found «…»" for the first line where |fresh|
// and |committed| differ, or an empty string when they are equal.
[[nodiscard]] std::string first_difference(const std::string& fresh, const std::string& committed);

}  // namespace fairvec::vectors
