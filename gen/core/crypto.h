// The crypto backend interface: SHA-256 and HMAC-SHA256 behind one small class, with two
// independent implementations (Crypto++ and OpenSSL libcrypto 3). Every scheme computation takes a
// Backend so that each vector and each fuzz input can be run on both and compared.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "core/bytes.h"

namespace fairvec {

// HashContext is an incremental SHA-256 or HMAC-SHA256 computation.
class HashContext {
 public:
  virtual ~HashContext() = default;
  // update absorbs |data|; an empty span is allowed. Throws BackendError if the backend fails.
  virtual void update(ByteView data) = 0;
  // finish returns the digest; the context must not be used afterwards. Throws BackendError.
  [[nodiscard]] virtual Digest finish() = 0;
  // clone returns an independent copy of the current state. Throws BackendError.
  [[nodiscard]] virtual std::unique_ptr<HashContext> clone() const = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // name returns the backend's stable name ("cryptopp", "openssl").
  virtual std::string_view name() const = 0;
  // sha256 returns SHA-256(|msg|). Throws BackendError if the backend fails.
  [[nodiscard]] virtual Digest sha256(ByteView msg) const = 0;
  // hmac_sha256 returns HMAC-SHA256(|key|, |msg|) (RFC 2104); any key length, including 0.
  // Throws BackendError if the backend fails.
  [[nodiscard]] virtual Digest hmac_sha256(ByteView key, ByteView msg) const = 0;
  // start_sha256 begins an incremental SHA-256. Throws BackendError.
  [[nodiscard]] virtual std::unique_ptr<HashContext> start_sha256() const = 0;
  // start_hmac_sha256 begins an incremental HMAC-SHA256 under |key|. Throws BackendError.
  [[nodiscard]] virtual std::unique_ptr<HashContext> start_hmac_sha256(ByteView key) const = 0;

  // Text conveniences: UTF-8 text is hashed as its own bytes.
  [[nodiscard]] Digest sha256(std::string_view msg) const { return sha256(as_bytes(msg)); }
  [[nodiscard]] Digest hmac_sha256(std::string_view key, std::string_view msg) const {
    return hmac_sha256(as_bytes(key), as_bytes(msg));
  }
};

// cryptopp_backend returns the Crypto++ backend. It cannot fail.
const Backend& cryptopp_backend();
// openssl_backend returns the OpenSSL libcrypto backend. It cannot fail.
const Backend& openssl_backend();
// all_backends lists every backend, Crypto++ first. It cannot fail.
std::span<const Backend* const> all_backends();
// default_backend is the backend the CLI uses unless told otherwise (OpenSSL).
const Backend& default_backend();
// backend_by_name returns the backend called |name|, or nullptr when there is none.
const Backend* backend_by_name(std::string_view name);

}  // namespace fairvec
