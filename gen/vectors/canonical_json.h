// The canonical-json family's vector file (specs/canonical-json.md): canonical_json_test.json, in
// vectors/canonical_json.cc.
#pragma once

#include <vector>

#include "core/json.h"
#include "vectors/flags.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::canonical_json_vec {

// A settings object whose keys sort differently by UTF-16 code units than by code points (the
// settings hash of tavla_commitment_test.json is canonical_json_test.json's too).
// Keys whose order differs between UTF-16 code units and code points: U+1F3B2 (game die, D83C DFB2
// in UTF-16) sorts before U+FB33 and U+FF5E in UTF-16, after them by code point (and in UTF-8).
inline json::Value utf16_settings() {
  return json::Value::object({{"\xef\xbd\x9e", "U+FF5E fullwidth tilde"},
                              {"\xef\xac\xb3", "U+FB33 Hebrew letter dalet with dagesh"},
                              {"\xf0\x9f\x8e\xb2", "U+1F3B2 game die"},
                              {"rulesVersion", 1},
                              {"\xe2\x82\xac", "U+20AC euro sign"}});
}

// library is the family's flag library (vectors/flags.h): the wrong ports of
// canonical_json_ports.cc, then the file's flags. It cannot fail (a library that does not build is
// a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
void add_canonical_flags(FlagLibrary& lib);

// files lists the family's vector files in order. It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::canonical_json_vec
