// The bugTypes of vector files (specs/vector-format.md, "bugType"): the class of port bug a flag
// catches. The spec's table (between its fairvec:bugtypes markers) and common.json's enum are
// rendered from bug_types_table().
#pragma once

#include <vector>

namespace fairvec::vectors {

// BugType is one bugType, in the order of bug_types_table().
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

// BugTypeInfo is one bugType: its name in the files and the class of port bug it catches.
struct BugTypeInfo {
  const char* name;
  const char* description;
};
// bug_types_table lists every bugType, in BugType's order (the order the spec shows them).
[[nodiscard]] const std::vector<BugTypeInfo>& bug_types_table();
// bug_type_name returns the bugType's name in the files ("EDGE_CASE"). It cannot fail.
[[nodiscard]] const char* bug_type_name(BugType t);

}  // namespace fairvec::vectors
