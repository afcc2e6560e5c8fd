// The families table (gen/families.json): one row per algorithm. Each layer of gen/ registers a
// family's part from it (gen/families.cmake generates the registrations): its ops (ops/<id>.cc),
// its vector files (vectors/<id>.cc), its `fairvec verify` sub-form (cli/verify/<id>.cc); the docs'
// family tables are rendered from it. The generic layers name no family.
#pragma once

#include <string_view>
#include <vector>

namespace fairvec {

// Family is one row of the table.
struct Family {
  const char* id;         // "hmac_dice": the name of its files in every layer; its ops are id.* (or id)
  const char* algorithm;  // "hmac-dice-v1": the `algorithm` of its vector files, named <id>_*_test.json
  const char* spec;       // "hmac-dice-v1.md", in specs/
  const char* verify;     // its `fairvec verify` sub-form ("dice"), or "" for none
  const char* summary;    // one line, for the docs
};

// families lists every family in the table's order. It cannot fail.
[[nodiscard]] const std::vector<Family>& families();
// family_by_id returns the family called |id|, or nullptr.
[[nodiscard]] const Family* family_by_id(std::string_view id);
// family_of_op returns the family of op |name| (its id is the name, or the name's part before the
// first '.'), or nullptr.
[[nodiscard]] const Family* family_of_op(std::string_view name);
// family_of_file returns the family of vector file |name| (the family whose id, followed by '_',
// is the longest prefix of the name), or nullptr.
[[nodiscard]] const Family* family_of_file(std::string_view name);

}  // namespace fairvec
