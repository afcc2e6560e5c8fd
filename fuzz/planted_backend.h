// A deliberately broken backend, for testing the differential fuzz target only: it is OpenSSL,
// except that HMAC-SHA256 under a key of exactly kPlantedKeyLength bytes comes out with one bit
// flipped (the lowest bit of byte 0), on every path (one-shot, incremental, cloned). SHA-256 and
// every other key length are untouched. fuzz_crypto_differential adds it to the compared backends
// when the environment has FAIRVEC_FUZZ_PLANT=1; the differential must then report
// "cryptopp-planted-hmac_sha256-difference". Never used by the library or the CLI.
#pragma once

#include <memory>
#include <string_view>

#include "core/crypto.h"

namespace fairvec::fuzz {

inline constexpr std::size_t kPlantedKeyLength = 37;

class PlantedBackend final : public Backend {
 public:
  std::string_view name() const override { return "planted"; }
  Digest sha256(ByteView msg) const override { return openssl_backend().sha256(msg); }
  Digest hmac_sha256(ByteView key, ByteView msg) const override {
    Digest d = openssl_backend().hmac_sha256(key, msg);
    if (key.size() == kPlantedKeyLength) d[0] ^= 1;
    return d;
  }
  std::unique_ptr<HashContext> start_sha256() const override { return openssl_backend().start_sha256(); }
  std::unique_ptr<HashContext> start_hmac_sha256(ByteView key) const override {
    return std::make_unique<Context>(openssl_backend().start_hmac_sha256(key), key.size() == kPlantedKeyLength);
  }

 private:
  class Context final : public HashContext {
   public:
    Context(std::unique_ptr<HashContext> inner, bool flip) : inner_(std::move(inner)), flip_(flip) {}
    void update(ByteView data) override { inner_->update(data); }
    Digest finish() override {
      Digest d = inner_->finish();
      if (flip_) d[0] ^= 1;
      return d;
    }
    std::unique_ptr<HashContext> clone() const override { return std::make_unique<Context>(inner_->clone(), flip_); }

   private:
    std::unique_ptr<HashContext> inner_;
    bool flip_;
  };
};

// planted_backend returns the one PlantedBackend. It cannot fail.
inline const Backend& planted_backend() {
  static const PlantedBackend kBackend;
  return kBackend;
}

}  // namespace fairvec::fuzz
