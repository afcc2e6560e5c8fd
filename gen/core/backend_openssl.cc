// The OpenSSL libcrypto 3 backend, through the EVP_MD and EVP_MAC interfaces. A Hash is an EVP_MD
// (md_of) for digests and that digest's name as the HMAC's OSSL_MAC_PARAM_DIGEST (digest_name):
// every operation is written once, for any hash.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <array>

#include "core/crypto.h"
#include "core/errors.h"

namespace fairvec {
namespace {

void ensure(int ok, const char* what) {
  if (ok != 1) throw BackendError(std::string("openssl: ") + what + " failed");
}

// digest_name returns the OpenSSL name of |h| ("SHA256", "SHA512"), for EVP_MD_fetch and the HMAC's
// digest parameter. Throws BackendError for a value that is no Hash.
const char* digest_name(Hash h) {
  switch (h) {
    case Hash::kSha256: return "SHA256";
    case Hash::kSha512: return "SHA512";
  }
  throw BackendError("openssl: no such hash");
}

// md_of returns the fetched algorithm of |h|; each is fetched once (EVP_MD_fetch is costly).
// Throws BackendError.
EVP_MD* md_of(Hash h) {
  static const std::array<EVP_MD*, 2> kMds = {EVP_MD_fetch(nullptr, digest_name(Hash::kSha256), nullptr),
                                              EVP_MD_fetch(nullptr, digest_name(Hash::kSha512), nullptr)};
  const auto i = static_cast<std::size_t>(h);
  EVP_MD* md = i < kMds.size() ? kMds[i] : nullptr;
  if (!md) throw BackendError(std::string("openssl: EVP_MD_fetch(") + digest_name(h) + ") failed");
  return md;
}

// The digest's length as OpenSSL reports it must be the Hash's.
void ensure_length(std::size_t len, std::span<std::uint8_t> out, const char* what) {
  if (len != out.size()) throw BackendError(std::string("openssl: ") + what + " length");
}

class OpensslDigestContext final : public HashContext {
 public:
  explicit OpensslDigestContext(Hash h) : HashContext(h), ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) throw BackendError("openssl: EVP_MD_CTX_new failed");
    ensure(EVP_DigestInit_ex2(ctx_, md_of(h), nullptr), "EVP_DigestInit_ex2");
  }
  OpensslDigestContext(Hash h, const EVP_MD_CTX* from) : HashContext(h), ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) throw BackendError("openssl: EVP_MD_CTX_new failed");
    ensure(EVP_MD_CTX_copy_ex(ctx_, from), "EVP_MD_CTX_copy_ex");
  }
  ~OpensslDigestContext() override { EVP_MD_CTX_free(ctx_); }
  OpensslDigestContext(const OpensslDigestContext&) = delete;
  OpensslDigestContext& operator=(const OpensslDigestContext&) = delete;

  void update(ByteView data) override { ensure(EVP_DigestUpdate(ctx_, data.data(), data.size()), "EVP_DigestUpdate"); }
  std::unique_ptr<HashContext> clone() const override { return std::make_unique<OpensslDigestContext>(hash(), ctx_); }

 private:
  void finish_impl(std::span<std::uint8_t> out) override {
    unsigned int len = 0;
    ensure(EVP_DigestFinal_ex(ctx_, out.data(), &len), "EVP_DigestFinal_ex");
    ensure_length(len, out, digest_name(hash()));
  }

  EVP_MD_CTX* ctx_;
};

// The HMAC algorithm object is fetched once; EVP_MAC_fetch is costly. Every algorithm is fetched
// when the backend is first used (OpensslBackend's constructor), not when memory may already be
// short: OpenSSL 3.0 fetching its MAC store for the first time with the heap exhausted crashes on a
// null lock inside EVP_MAC_fetch (found by CliExit.InternalErrorUnderMemoryExhaustion5, `bench`
// under an 18 MiB address-space limit) instead of returning null.
EVP_MAC* hmac_algorithm() {
  static EVP_MAC* mac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
  if (!mac) throw BackendError("openssl: EVP_MAC_fetch(HMAC) failed");
  return mac;
}

class OpensslHmacContext final : public HashContext {
 public:
  OpensslHmacContext(Hash h, ByteView key) : HashContext(h), ctx_(EVP_MAC_CTX_new(hmac_algorithm())) {
    if (!ctx_) throw BackendError("openssl: EVP_MAC_CTX_new failed");
    // OSSL_PARAM_construct_utf8_string takes a non-const buffer; EVP_MAC_init only reads it.
    std::array<char, 8> name{};
    const std::string_view n = digest_name(h);
    n.copy(name.data(), name.size() - 1);
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, name.data(), 0),
                           OSSL_PARAM_construct_end()};
    // EVP_MAC_init treats a NULL key as "keep the previous key", so an empty key is passed as a
    // valid pointer with length 0.
    static const unsigned char kEmpty[1] = {0};
    ensure(EVP_MAC_init(ctx_, key.empty() ? kEmpty : key.data(), key.size(), params), "EVP_MAC_init");
  }
  OpensslHmacContext(Hash h, EVP_MAC_CTX* dup) : HashContext(h), ctx_(dup) {
    if (!ctx_) throw BackendError("openssl: EVP_MAC_CTX_dup failed");
  }
  ~OpensslHmacContext() override { EVP_MAC_CTX_free(ctx_); }
  OpensslHmacContext(const OpensslHmacContext&) = delete;
  OpensslHmacContext& operator=(const OpensslHmacContext&) = delete;

  void update(ByteView data) override { ensure(EVP_MAC_update(ctx_, data.data(), data.size()), "EVP_MAC_update"); }
  std::unique_ptr<HashContext> clone() const override {
    return std::make_unique<OpensslHmacContext>(hash(), EVP_MAC_CTX_dup(ctx_));
  }

 private:
  void finish_impl(std::span<std::uint8_t> out) override {
    size_t len = 0;
    ensure(EVP_MAC_final(ctx_, out.data(), &len, out.size()), "EVP_MAC_final");
    ensure_length(len, out, "HMAC");
  }

  EVP_MAC_CTX* ctx_;
};

class OpensslBackend final : public Backend {
 public:
  OpensslBackend() {
    (void)md_of(Hash::kSha256);
    (void)md_of(Hash::kSha512);
    (void)hmac_algorithm();
  }
  std::string_view name() const override { return "openssl"; }
  std::unique_ptr<HashContext> start_digest(Hash h) const override { return std::make_unique<OpensslDigestContext>(h); }
  std::unique_ptr<HashContext> start_hmac(Hash h, ByteView key) const override {
    return std::make_unique<OpensslHmacContext>(h, key);
  }

 private:
  void digest_impl(Hash h, ByteView msg, std::span<std::uint8_t> out) const override {
    // One fetched algorithm per hash and one context per thread, reused: EVP_Digest would fetch the
    // algorithm and allocate a context on every call (hash-chain walks make millions of calls).
    EVP_MD* md = md_of(h);
    struct Ctx {
      EVP_MD_CTX* p = EVP_MD_CTX_new();
      ~Ctx() { EVP_MD_CTX_free(p); }
    };
    thread_local Ctx ctx;
    if (!ctx.p) throw BackendError("openssl: EVP_MD_CTX_new failed");
    unsigned int len = 0;
    ensure(EVP_DigestInit_ex2(ctx.p, md, nullptr), "EVP_DigestInit_ex2");
    ensure(EVP_DigestUpdate(ctx.p, msg.data(), msg.size()), "EVP_DigestUpdate");
    ensure(EVP_DigestFinal_ex(ctx.p, out.data(), &len), "EVP_DigestFinal_ex");
    ensure_length(len, out, digest_name(h));
  }
  void hmac_impl(Hash h, ByteView key, ByteView msg, std::span<std::uint8_t> out) const override {
    OpensslHmacContext ctx(h, key);
    ctx.update(msg);
    ctx.finish(out);
  }
};

}  // namespace

const Backend& openssl_backend() {
  static const OpensslBackend kBackend;
  return kBackend;
}

}  // namespace fairvec
