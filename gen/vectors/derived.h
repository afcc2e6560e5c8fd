// Derived edges (specs/derived-edges.md): vector cases made from what every op of the op table
// declares, not from what somebody thought of. For each op of a family and each param (a leaf or a
// group member: every top-level member of a request) the param's Kind declares its type and, in
// its schema fragment, its bounds, its names or its hex form; each rule below turns one such
// declaration into cases, runs the op on them and keeps a case only where the rule's wrong ports
// (realistic port bugs, vectors/flags.h) answer otherwise, so every derived flag bites:
//   AtMinimum, AtMaximum        a declared integer bound, hex length or item count met exactly
//   BelowMinimum, AboveMaximum  the same passed by one
//   MissingMember, NullMember   a member left out, or given as null
//   EmptyMember                 "", [] or {} in place of a text, list or object
//   OptionalAbsent              an optional member left out
//   IntegerAsText, IntegralFloat, BooleanAsInteger   a top-level integer as "7", 7.0, true
//   NestedIntegerAsText, NestedIntegralFloat, NestedBooleanAsInteger   the same for an integer
//                               inside an object or list param (game options, picks, games items)
//   NameNearMiss                a declared name (or a lowercase name inside the options) in
//                               another case or with ASCII or Unicode white space around it
//   HexNearMiss                 hex text in upper case, with white space, a 0x prefix, or one
//                               digit more or less
//   ListOrder                   a list param of two or more items given in the reverse order
// Each derived case is one feature (op, param, rule, value). A feature no case covers must have a
// stated reason (kUncovered in derived.cc); generation fails otherwise, and on a reason that is no
// longer needed. `fairvec coverage` reports every feature and the vector covering it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "vectors/flags.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

// Feature is one derived feature of a family: the op, the param path ("options.rows" for a
// nested one), the rule (its flag), the value tried (as a short text), and either the comment of
// the case that covers it or the reason no case can.
struct Feature {
  std::string op;
  std::string param;
  std::string rule;
  std::string value;
  std::string comment;  // the covering case's comment (empty: uncovered)
  std::string reason;   // why it is uncovered (empty: covered)
};

// derived_file_name is "<id>_derived_test.json". It cannot fail.
[[nodiscard]] std::string derived_file_name(std::string_view family);

// own_files_of lists family |family|'s own vector files: vectors::files_of without its derived
// file. It cannot fail but as derived_file does.
[[nodiscard]] std::vector<VectorKind> own_files_of(std::string_view family);

// derived_features lists the derived features of family |family| in file order. Throws
// std::logic_error when a rule's expectation fails (a declared bound the op does not enforce, a
// required member it does not miss), a feature is uncovered without a reason, or a reason is
// stale: generator bugs.
[[nodiscard]] const std::vector<Feature>& derived_features(std::string_view family);

// derived_file returns the vector file of family |family|'s derived cases; its companion is the
// family's coverage report (coverage/<id>_coverage.json). Throws std::logic_error like
// derived_features.
[[nodiscard]] VectorKind derived_file(std::string_view family);

// with_derived returns |lib| with the derived flags and the derived wrong ports of the family's ops
// ("<family>-exclusive-maximum", …) added. Throws std::logic_error like FlagLibrary::flag.
[[nodiscard]] FlagLibrary with_derived(const FlagLibrary& lib);

// coverage_report returns family |family|'s coverage report as `fairvec coverage --json` gives it,
// matched against |file| (its derived vector file, parsed; null: the one generated now): every
// feature with the tcId covering it or its reason, and per rule the counts. |uncovered| counts the
// features with neither. It cannot fail but for a logic error of derived_features.
[[nodiscard]] json::Value coverage_report(std::string_view family, const json::Value* file, std::size_t& uncovered);

}  // namespace fairvec::vectors
