#include "core/families.h"

#include <cstring>

namespace fairvec {

const Family* family_by_id(std::string_view id) {
  for (const auto& f : families()) {
    if (id == f.id) return &f;
  }
  return nullptr;
}

const Family* family_of_op(std::string_view name) { return family_by_id(name.substr(0, name.find('.'))); }

const Family* family_of_file(std::string_view name) {
  const Family* best = nullptr;
  for (const auto& f : families()) {
    const std::size_t n = std::strlen(f.id);
    if (name.size() > n && name.substr(0, n) == f.id && name[n] == '_' && (!best || n > std::strlen(best->id)))
      best = &f;
  }
  return best;
}

}  // namespace fairvec
