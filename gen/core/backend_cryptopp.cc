// The Crypto++ backend.
#include <cryptopp/hmac.h>
#include <cryptopp/sha.h>

#include "core/crypto.h"
#include "core/errors.h"

namespace fairvec {
namespace {

template <typename Hash>
class CryptoppContext final : public HashContext {
 public:
  explicit CryptoppContext(Hash h) : hash_(std::move(h)) {}
  void update(ByteView data) override { hash_.Update(data.data(), data.size()); }
  Digest finish() override {
    Digest d;
    hash_.Final(d.data());
    return d;
  }
  std::unique_ptr<HashContext> clone() const override { return std::make_unique<CryptoppContext>(hash_); }

 private:
  Hash hash_;
};

class CryptoppBackend final : public Backend {
 public:
  std::string_view name() const override { return "cryptopp"; }
  Digest sha256(ByteView msg) const override {
    Digest d;
    CryptoPP::SHA256().CalculateDigest(d.data(), msg.data(), msg.size());
    return d;
  }
  Digest hmac_sha256(ByteView key, ByteView msg) const override {
    Digest d;
    CryptoPP::HMAC<CryptoPP::SHA256> mac(key.data(), key.size());
    mac.CalculateDigest(d.data(), msg.data(), msg.size());
    return d;
  }
  std::unique_ptr<HashContext> start_sha256() const override {
    return std::make_unique<CryptoppContext<CryptoPP::SHA256>>(CryptoPP::SHA256());
  }
  std::unique_ptr<HashContext> start_hmac_sha256(ByteView key) const override {
    return std::make_unique<CryptoppContext<CryptoPP::HMAC<CryptoPP::SHA256>>>(
        CryptoPP::HMAC<CryptoPP::SHA256>(key.data(), key.size()));
  }
};

}  // namespace

const Backend& cryptopp_backend() {
  static const CryptoppBackend kBackend;
  return kBackend;
}

}  // namespace fairvec
