// A deliberately broken backend, for testing the differential fuzz target only: it is OpenSSL,
// except that the HMAC of one hash (the Hash it is constructed for) under a key of exactly
// kPlantedKeyLength bytes comes out with one bit flipped (the lowest bit of byte 0), on every path
// (one-shot, incremental, cloned). Plain digests, the other hashes' HMACs and every other key
// length are untouched. fuzz_crypto_differential adds planted_backend(Hash::kSha256) to the
// compared backends when the environment has FAIRVEC_FUZZ_PLANT=1 (or crypto_differential), and
// planted_backend(Hash::kSha512) for FAIRVEC_FUZZ_PLANT=crypto_differential_sha512; the
// differential must then report "cryptopp-planted-hmac_sha256-difference" or
// "cryptopp-planted-hmac_sha512-difference". Never used by the library or the CLI.
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
  explicit PlantedBackend(Hash planted) : planted_(planted) {}
  std::string_view name() const override { return "planted"; }
  std::unique_ptr<HashContext> start_digest(Hash h) const override { return openssl_backend().start_digest(h); }
  std::unique_ptr<HashContext> start_hmac(Hash h, ByteView key) const override {
    return std::make_unique<Context>(openssl_backend().start_hmac(h, key), flips(h, key));
  }

 private:
  void digest_impl(Hash h, ByteView msg, std::span<std::uint8_t> out) const override {
    openssl_backend().digest(h, msg, out);
  }
  void hmac_impl(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const override {
    openssl_backend().hmac(h, key, msg, out);
    if (flips(h, key)) out[0] ^= 1;
  }
  // flips says whether the HMAC of |h| under |key| is the planted one.
  bool flips(Hash h, ByteView key) const { return h == planted_ && key.size() == kPlantedKeyLength; }

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

  Hash planted_;
};

// planted_backend returns the PlantedBackend whose HMAC of |h| is broken. It cannot fail.
inline const Backend& planted_backend(Hash h) {
  static const PlantedBackend kSha256(Hash::kSha256), kSha512(Hash::kSha512);
  return h == Hash::kSha512 ? kSha512 : kSha256;
}

}  // namespace fairvec::fuzz
