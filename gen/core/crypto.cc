#include "core/crypto.h"

#include <array>
#include <stdexcept>
#include <string>

namespace fairvec {

void throw_wrong_digest_size(std::string_view what, Hash h, std::size_t size) {
  throw std::invalid_argument(std::string(what) + ": a " + std::to_string(size) + "-byte buffer for a " +
                              std::to_string(digest_size(h)) + "-byte " + std::string(hash_name(h)) + " digest");
}

Bytes HashContext::finish_bytes() {
  Bytes out(digest_size(hash_));
  finish_impl(out);
  return out;
}

Bytes Backend::digest(Hash h, ByteView msg) const {
  Bytes out(digest_size(h));
  digest_impl(h, msg, out);
  return out;
}

Bytes Backend::hmac(Hash h, ByteView key, ByteView msg) const {
  Bytes out(digest_size(h));
  hmac_impl(h, key, msg, out);
  return out;
}

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
