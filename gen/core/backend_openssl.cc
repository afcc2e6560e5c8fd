// The OpenSSL libcrypto 3 backend, through the EVP_MD and EVP_MAC interfaces.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "core/crypto.h"
#include "core/errors.h"

namespace fairvec {
namespace {

void ensure(int ok, const char* what) {
  if (ok != 1) throw BackendError(std::string("openssl: ") + what + " failed");
}

class OpensslSha256Context final : public HashContext {
 public:
  OpensslSha256Context() : ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) throw BackendError("openssl: EVP_MD_CTX_new failed");
    ensure(EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr), "EVP_DigestInit_ex");
  }
  explicit OpensslSha256Context(const EVP_MD_CTX* from) : ctx_(EVP_MD_CTX_new()) {
    if (!ctx_) throw BackendError("openssl: EVP_MD_CTX_new failed");
    ensure(EVP_MD_CTX_copy_ex(ctx_, from), "EVP_MD_CTX_copy_ex");
  }
  ~OpensslSha256Context() override { EVP_MD_CTX_free(ctx_); }
  OpensslSha256Context(const OpensslSha256Context&) = delete;
  OpensslSha256Context& operator=(const OpensslSha256Context&) = delete;

  void update(ByteView data) override { ensure(EVP_DigestUpdate(ctx_, data.data(), data.size()), "EVP_DigestUpdate"); }
  Digest finish() override {
    Digest d;
    unsigned int len = 0;
    ensure(EVP_DigestFinal_ex(ctx_, d.data(), &len), "EVP_DigestFinal_ex");
    if (len != d.size()) throw BackendError("openssl: SHA-256 digest length");
    return d;
  }
  std::unique_ptr<HashContext> clone() const override { return std::make_unique<OpensslSha256Context>(ctx_); }

 private:
  EVP_MD_CTX* ctx_;
};

// The HMAC algorithm object is fetched once; EVP_MAC_fetch is costly. Both algorithms are fetched
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
  explicit OpensslHmacContext(ByteView key) : ctx_(EVP_MAC_CTX_new(hmac_algorithm())) {
    if (!ctx_) throw BackendError("openssl: EVP_MAC_CTX_new failed");
    char digest_name[] = "SHA256";
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest_name, 0),
                           OSSL_PARAM_construct_end()};
    // EVP_MAC_init treats a NULL key as "keep the previous key", so an empty key is passed as a
    // valid pointer with length 0.
    static const unsigned char kEmpty[1] = {0};
    ensure(EVP_MAC_init(ctx_, key.empty() ? kEmpty : key.data(), key.size(), params), "EVP_MAC_init");
  }
  explicit OpensslHmacContext(EVP_MAC_CTX* dup) : ctx_(dup) {
    if (!ctx_) throw BackendError("openssl: EVP_MAC_CTX_dup failed");
  }
  ~OpensslHmacContext() override { EVP_MAC_CTX_free(ctx_); }
  OpensslHmacContext(const OpensslHmacContext&) = delete;
  OpensslHmacContext& operator=(const OpensslHmacContext&) = delete;

  void update(ByteView data) override { ensure(EVP_MAC_update(ctx_, data.data(), data.size()), "EVP_MAC_update"); }
  Digest finish() override {
    Digest d;
    size_t len = 0;
    ensure(EVP_MAC_final(ctx_, d.data(), &len, d.size()), "EVP_MAC_final");
    if (len != d.size()) throw BackendError("openssl: HMAC-SHA256 length");
    return d;
  }
  std::unique_ptr<HashContext> clone() const override {
    return std::make_unique<OpensslHmacContext>(EVP_MAC_CTX_dup(ctx_));
  }

 private:
  EVP_MAC_CTX* ctx_;
};

// The SHA-256 algorithm object, fetched once.
EVP_MD* sha256_algorithm() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (!md) throw BackendError("openssl: EVP_MD_fetch(SHA256) failed");
  return md;
}

class OpensslBackend final : public Backend {
 public:
  OpensslBackend() {
    (void)sha256_algorithm();
    (void)hmac_algorithm();
  }
  std::string_view name() const override { return "openssl"; }
  Digest sha256(ByteView msg) const override {
    // One fetched algorithm and one context per thread, reused: EVP_Digest would fetch the
    // algorithm and allocate a context on every call (hash-chain walks make millions of calls).
    EVP_MD* md = sha256_algorithm();
    struct Ctx {
      EVP_MD_CTX* p = EVP_MD_CTX_new();
      ~Ctx() { EVP_MD_CTX_free(p); }
    };
    thread_local Ctx ctx;
    if (!ctx.p) throw BackendError("openssl: EVP_MD_CTX_new failed");
    Digest d;
    unsigned int len = 0;
    ensure(EVP_DigestInit_ex2(ctx.p, md, nullptr), "EVP_DigestInit_ex2");
    ensure(EVP_DigestUpdate(ctx.p, msg.data(), msg.size()), "EVP_DigestUpdate");
    ensure(EVP_DigestFinal_ex(ctx.p, d.data(), &len), "EVP_DigestFinal_ex");
    return d;
  }
  Digest hmac_sha256(ByteView key, ByteView msg) const override {
    OpensslHmacContext ctx(key);
    ctx.update(msg);
    return ctx.finish();
  }
  std::unique_ptr<HashContext> start_sha256() const override { return std::make_unique<OpensslSha256Context>(); }
  std::unique_ptr<HashContext> start_hmac_sha256(ByteView key) const override {
    return std::make_unique<OpensslHmacContext>(key);
  }
};

}  // namespace

const Backend& openssl_backend() {
  static const OpensslBackend kBackend;
  return kBackend;
}

}  // namespace fairvec
