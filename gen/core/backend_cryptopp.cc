// The Crypto++ backend. Crypto++ names a hash by a type (SHA256, SHA512); with_hash turns the Hash
// parameter into that type once, and every operation is written once over it.
#include <cryptopp/hmac.h>
#include <cryptopp/sha.h>

#include <type_traits>

#include "core/crypto.h"
#include "core/errors.h"

namespace fairvec {
namespace {

// with_hash calls |fn| with std::type_identity<T>{} for the Crypto++ hash type T of |h|. Throws
// BackendError for a value that is no Hash.
template <typename Fn>
decltype(auto) with_hash(Hash h, Fn&& fn) {
  switch (h) {
    case Hash::kSha256: return fn(std::type_identity<CryptoPP::SHA256>{});
    case Hash::kSha512: return fn(std::type_identity<CryptoPP::SHA512>{});
  }
  throw BackendError("cryptopp: no such hash");
}

// A Crypto++ HashTransformation (a hash or an HMAC) as a HashContext.
template <typename T>
class CryptoppContext final : public HashContext {
 public:
  CryptoppContext(Hash h, T t) : HashContext(h), t_(std::move(t)) {}
  void update(ByteView data) override { t_.Update(data.data(), data.size()); }
  std::unique_ptr<HashContext> clone() const override { return std::make_unique<CryptoppContext>(hash(), t_); }

 private:
  void finish_impl(std::span<std::uint8_t> out) override { t_.Final(out.data()); }

  T t_;
};

class CryptoppBackend final : public Backend {
 public:
  std::string_view name() const override { return "cryptopp"; }
  std::unique_ptr<HashContext> start_digest(Hash h) const override {
    return with_hash(h, [&]<typename H>(std::type_identity<H>) -> std::unique_ptr<HashContext> {
      return std::make_unique<CryptoppContext<H>>(h, H());
    });
  }
  std::unique_ptr<HashContext> start_hmac(Hash h, ByteView key) const override {
    return with_hash(h, [&]<typename H>(std::type_identity<H>) -> std::unique_ptr<HashContext> {
      using Mac = CryptoPP::HMAC<H>;
      return std::make_unique<CryptoppContext<Mac>>(h, Mac(key.data(), key.size()));
    });
  }

 private:
  void digest_impl(Hash h, ByteView msg, std::span<std::uint8_t> out) const override {
    with_hash(h, [&]<typename H>(std::type_identity<H>) { H().CalculateDigest(out.data(), msg.data(), msg.size()); });
  }
  void hmac_impl(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const override {
    with_hash(h, [&]<typename H>(std::type_identity<H>) {
      CryptoPP::HMAC<H>(key.data(), key.size()).CalculateDigest(out.data(), msg.data(), msg.size());
    });
  }
};

}  // namespace

const Backend& cryptopp_backend() {
  static const CryptoppBackend kBackend;
  return kBackend;
}

}  // namespace fairvec
