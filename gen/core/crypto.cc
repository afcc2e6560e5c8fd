#include "core/crypto.h"

#include <array>

namespace fairvec {

std::span<const Backend* const> all_backends() {
  static const std::array<const Backend*, 2> kAll = {&cryptopp_backend(), &openssl_backend()};
  return kAll;
}

const Backend& default_backend() { return openssl_backend(); }

const Backend* backend_by_name(std::string_view name) {
  for (const Backend* b : all_backends()) {
    if (b->name() == name) return b;
  }
  return nullptr;
}

}  // namespace fairvec
