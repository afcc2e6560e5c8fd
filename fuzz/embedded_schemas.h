// The vector schemas of vectors/schema/, compiled into fuzz_vector_file (generated source, see
// fuzz/embed_schemas.cmake) so the target needs no files at run time.
#pragma once

#include <string_view>
#include <vector>

namespace fairvec::fuzz {

struct EmbeddedSchema {
  std::string_view name;  // file name in vectors/schema/
  std::string_view text;  // the schema's JSON text
};

// embedded_schemas lists every schema, sorted by name (possibly none). It cannot fail.
const std::vector<EmbeddedSchema>& embedded_schemas();

}  // namespace fairvec::fuzz
