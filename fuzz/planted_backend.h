// A deliberately broken backend, for testing the differential fuzz target only: it is OpenSSL,
// except that an HMAC (of any hash: HMAC-SHA256, HMAC-SHA512) under a key of exactly
// kPlantedKeyLength bytes comes out with one bit flipped (the lowest bit of byte 0), on every path
// (one-shot, incremental, cloned). Plain digests and every other key length are untouched.
// fuzz_crypto_differential adds it to the compared backends when the environment has
// FAIRVEC_FUZZ_PLANT=1; the differential must then report "cryptopp-planted-hmac_<hash>-difference"
// (the planted-mismatch test expects the HMAC-SHA256 one first). Never used by the library or the
// CLI.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "core/crypto.h"

namespace fairvec::fuzz {

inline constexpr std::size_t kPlantedKeyLength = 37;

class PlantedBackend final : public Backend {
 public:
  std::string_view name() const override { return "planted"; }
  std::unique_ptr<HashContext> start_digest(Hash h) const override { return openssl_backend().start_digest(h); }
  std::unique_ptr<HashContext> start_hmac(Hash h, ByteView key) const override {
    return std::make_unique<Context>(openssl_backend().start_hmac(h, key), key.size() == kPlantedKeyLength);
  }

 private:
  void digest_impl(Hash h, ByteView msg, std::span<std::uint8_t> out) const override {
    openssl_backend().digest(h, msg, out);
  }
  void hmac_impl(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const override {
    openssl_backend().hmac(h, key, msg, out);
    if (key.size() == kPlantedKeyLength) out[0] ^= 1;
  }

  class Context final : public HashContext {
   public:
    Context(std::unique_ptr<HashContext> inner, bool flip)
        : HashContext(inner->hash()), inner_(std::move(inner)), flip_(flip) {}
    void update(ByteView data) override { inner_->update(data); }
    std::unique_ptr<HashContext> clone() const override { return std::make_unique<Context>(inner_->clone(), flip_); }

   private:
    void finish_impl(std::span<std::uint8_t> out) override {
      inner_->finish(out);
      if (flip_) out[0] ^= 1;
    }

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
