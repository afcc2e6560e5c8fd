#include "vectors/bug_types.h"

namespace fairvec::vectors {

const std::vector<BugTypeInfo>& bug_types_table() {
  static const std::vector<BugTypeInfo> kTable = {
      {"BASIC", "none in particular: an ordinary case every port must pass"},
      {"EDGE_CASE", "a rarely reached branch taken wrongly (skipped bytes, retries, rollover, u = 1.0)"},
      {"BOUNDARY", "an off-by-one at a length or range limit (seed lengths, max counters)"},
      {"ENCODING", "a different byte encoding (key as hex vs text, little-endian, GUID order, escaping)"},
      {"ARITHMETIC", "a different arithmetic (double vs exact integer, rounding, clamping)"},
      {"ORDER", "a different order (sorting, deal order, splice vs swap)"},
      {"MISSING_CHECK", "accepting input the spec calls invalid"},
      {"MODIFIED_INPUT", "failing to notice a tampered value (seal, roll, proof)"},
      {"FUNCTIONALITY", "a whole feature done differently (link formats, multi-game matches, proofs)"},
  };
  return kTable;
}

const char* bug_type_name(BugType t) { return bug_types_table().at(static_cast<std::size_t>(t)).name; }

}  // namespace fairvec::vectors
