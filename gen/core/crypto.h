// The crypto backend interface: hashes (SHA-256, SHA-512) and their HMACs behind one small class,
// with two independent implementations (Crypto++ and OpenSSL libcrypto 3). Every scheme computation
// takes a Backend so that each vector and each fuzz input can be run on both and compared.
//
// The hash is a parameter, not a code path (as BoringSSL passes an EVP_MD): a backend implements
// four virtual operations that take a Hash (one-shot digest and HMAC into a caller's buffer, and
// incremental digest and HMAC contexts), and everything else is a non-virtual wrapper over them.
// SHA-256 with its fixed 32-byte Digest (sha256, hmac_sha256, start_sha256, start_hmac_sha256,
// HashContext::finish()) is the Hash::kSha256 instance of that one path; the variable-length forms
// (digest, hmac, HashContext::finish_bytes) return Bytes of digest_size(hash) bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "core/bytes.h"

namespace fairvec {

// Hash names a hash function: the digest of Backend::digest and the H of Backend::hmac (HMAC-H,
// RFC 2104).
enum class Hash { kSha256, kSha512 };

// hash_name returns the hash's stable name ("sha256", "sha512"); empty for a value that is no
// enumerator. A switch with no default: -Wswitch names an enumerator added without a name.
[[nodiscard]] constexpr std::string_view hash_name(Hash h) {
  switch (h) {
    case Hash::kSha256: return "sha256";
    case Hash::kSha512: return "sha512";
  }
  return {};
}

// digest_size returns the length in bytes of the hash's digest (and of its HMAC): 32 or 64; 0 for
// a value that is no enumerator.
[[nodiscard]] constexpr std::size_t digest_size(Hash h) {
  switch (h) {
    case Hash::kSha256: return 32;
    case Hash::kSha512: return 64;
  }
  return 0;
}

// kMaxDigestSize is the largest digest_size of any Hash.
inline constexpr std::size_t kMaxDigestSize = 64;

// throw_wrong_digest_size throws std::invalid_argument: |what| was given a |size|-byte buffer for
// a digest of |h|, which is digest_size(|h|) bytes.
[[noreturn]] void throw_wrong_digest_size(std::string_view what, Hash h, std::size_t size);

// HashContext is an incremental hash or HMAC computation of one Hash.
class HashContext {
 public:
  explicit HashContext(Hash h) : hash_(h) {}
  virtual ~HashContext() = default;
  // hash returns the hash this context computes (or computes the HMAC of).
  [[nodiscard]] Hash hash() const { return hash_; }
  // update absorbs |data|; an empty span is allowed. Throws BackendError if the backend fails.
  virtual void update(ByteView data) = 0;
  // finish writes the digest to |out|, which must be exactly digest_size(hash()) bytes
  // (std::invalid_argument otherwise, before anything is finished); the context must not be used
  // afterwards. Throws BackendError if the backend fails.
  void finish(std::span<std::uint8_t> out) {
    if (out.size() != digest_size(hash_)) throw_wrong_digest_size("HashContext::finish", hash_, out.size());
    finish_impl(out);
  }
  // finish_bytes returns the digest, digest_size(hash()) bytes, as finish(out) does.
  [[nodiscard]] Bytes finish_bytes();
  // finish returns the 32-byte digest of a SHA-256 context, as finish(out) does; it throws
  // std::invalid_argument for any other hash (finish_bytes returns every hash's).
  [[nodiscard]] Digest finish() {
    Digest d;
    finish(d);
    return d;
  }
  // clone returns an independent copy of the current state. Throws BackendError.
  [[nodiscard]] virtual std::unique_ptr<HashContext> clone() const = 0;

 protected:
  // finish_impl writes the digest to |out|, digest_size(hash()) bytes (finish has checked).
  virtual void finish_impl(std::span<std::uint8_t> out) = 0;

 private:
  Hash hash_;
};

class Backend {
 public:
  virtual ~Backend() = default;
  // name returns the backend's stable name ("cryptopp", "openssl").
  virtual std::string_view name() const = 0;

  // digest writes H(|msg|) to |out|, which must be exactly digest_size(|h|) bytes
  // (std::invalid_argument otherwise). Throws BackendError if the backend fails.
  void digest(Hash h, ByteView msg, std::span<std::uint8_t> out) const {
    if (out.size() != digest_size(h)) throw_wrong_digest_size("Backend::digest", h, out.size());
    digest_impl(h, msg, out);
  }
  // hmac writes HMAC-H(|key|, |msg|) (RFC 2104; any key length, including 0) to |out|, which must
  // be exactly digest_size(|h|) bytes (std::invalid_argument otherwise). Throws BackendError if the
  // backend fails.
  void hmac(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const {
    if (out.size() != digest_size(h)) throw_wrong_digest_size("Backend::hmac", h, out.size());
    hmac_impl(h, key, msg, out);
  }
  // digest and hmac, returning the digest_size(|h|) bytes.
  [[nodiscard]] Bytes digest(Hash h, ByteView msg) const;
  [[nodiscard]] Bytes hmac(Hash h, ByteView key, ByteView msg) const;
  // start_digest begins an incremental H. Throws BackendError.
  [[nodiscard]] virtual std::unique_ptr<HashContext> start_digest(Hash h) const = 0;
  // start_hmac begins an incremental HMAC-H under |key| (any length, including 0). Throws
  // BackendError.
  [[nodiscard]] virtual std::unique_ptr<HashContext> start_hmac(Hash h, ByteView key) const = 0;

  // SHA-256 and HMAC-SHA256 with a fixed 32-byte Digest: the Hash::kSha256 instances of the above.
  [[nodiscard]] Digest sha256(ByteView msg) const {
    Digest d;
    digest_impl(Hash::kSha256, msg, d);
    return d;
  }
  [[nodiscard]] Digest hmac_sha256(ByteView key, ByteView msg) const {
    Digest d;
    hmac_impl(Hash::kSha256, key, msg, d);
    return d;
  }
  [[nodiscard]] std::unique_ptr<HashContext> start_sha256() const { return start_digest(Hash::kSha256); }
  [[nodiscard]] std::unique_ptr<HashContext> start_hmac_sha256(ByteView key) const {
    return start_hmac(Hash::kSha256, key);
  }

  // Text conveniences: UTF-8 text is hashed as its own bytes.
  [[nodiscard]] Digest sha256(std::string_view msg) const { return sha256(as_bytes(msg)); }
  [[nodiscard]] Digest hmac_sha256(std::string_view key, std::string_view msg) const {
    return hmac_sha256(as_bytes(key), as_bytes(msg));
  }

 protected:
  // digest_impl and hmac_impl are digest and hmac once |out| is known to be digest_size(|h|) bytes.
  virtual void digest_impl(Hash h, ByteView msg, std::span<std::uint8_t> out) const = 0;
  virtual void hmac_impl(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const = 0;
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
