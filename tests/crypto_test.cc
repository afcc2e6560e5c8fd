// Both crypto backends against published test vectors.
//   HMAC-SHA256: RFC 4231 section 4, test cases 1-7 (case 5 truncated to 128 bits, as the RFC does).
//   SHA-256: FIPS 180-2 Appendix B examples ("abc", the 448-bit message, one million 'a'),
//            the 896-bit message of the NIST "SHA-256 example with a two-block message" set, and the
//            Len = 0 entry of NIST CAVP SHA256ShortMsg.rsp.
#include <gtest/gtest.h>

#include <string>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"

namespace fairvec {
namespace {

class BackendTest : public ::testing::TestWithParam<const Backend*> {};

Bytes repeat(std::uint8_t b, std::size_t n) { return Bytes(n, b); }

struct HmacCase {
  const char* name;
  Bytes key;
  Bytes data;
  std::string expected;  // hex, possibly truncated
};

std::vector<HmacCase> rfc4231() {
  Bytes key4;
  for (int i = 1; i <= 25; ++i) key4.push_back(static_cast<std::uint8_t>(i));
  auto text = [](const char* s) { return Bytes(s, s + std::char_traits<char>::length(s)); };
  return {
      {"case1", repeat(0x0b, 20), text("Hi There"), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
      {"case2", text("Jefe"), text("what do ya want for nothing?"),
       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
      {"case3", repeat(0xaa, 20), repeat(0xdd, 50), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
      {"case4", key4, repeat(0xcd, 50), "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
      {"case5", repeat(0x0c, 20), text("Test With Truncation"), "a3b6167473100ee06e0c796c2955552b"},
      {"case6", repeat(0xaa, 131), text("Test Using Larger Than Block-Size Key - Hash Key First"),
       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
      {"case7", repeat(0xaa, 131),
       text("This is a test using a larger than block-size key and a larger than block-size data. "
            "The key needs to be hashed before being used by the HMAC algorithm."),
       "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
  };
}

TEST_P(BackendTest, Rfc4231OneShot) {
  for (const auto& c : rfc4231()) {
    std::string got = to_hex(GetParam()->hmac_sha256(c.key, c.data));
    EXPECT_EQ(got.substr(0, c.expected.size()), c.expected) << c.name;
  }
}

TEST_P(BackendTest, Rfc4231Incremental) {
  for (const auto& c : rfc4231()) {
    auto ctx = GetParam()->start_hmac_sha256(c.key);
    ByteView d(c.data);
    ctx->update(d.first(d.size() / 3));
    ctx->update({});
    auto copy = ctx->clone();
    ctx->update(d.subspan(d.size() / 3));
    copy->update(d.subspan(d.size() / 3));
    std::string got = to_hex(ctx->finish());
    EXPECT_EQ(got.substr(0, c.expected.size()), c.expected) << c.name;
    EXPECT_EQ(to_hex(copy->finish()), got) << c.name << " (cloned context)";
  }
}

TEST_P(BackendTest, NistSha256) {
  const Backend& b = *GetParam();
  EXPECT_EQ(to_hex(b.sha256(std::string_view(""))), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(to_hex(b.sha256(std::string_view("abc"))),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(to_hex(b.sha256(std::string_view("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(to_hex(b.sha256(std::string_view("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopj"
                                             "klmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"))),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  auto ctx = b.start_sha256();
  std::string chunk(1000, 'a');
  for (int i = 0; i < 1000; ++i) ctx->update(as_bytes(chunk));
  EXPECT_EQ(to_hex(ctx->finish()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_P(BackendTest, EmptyKeyHmacMatchesOtherBackend) {
  // No published vector uses an empty key; the two backends must agree with each other.
  for (const Backend* other : all_backends()) {
    EXPECT_EQ(to_hex(GetParam()->hmac_sha256(std::string_view(""), std::string_view("msg"))),
              to_hex(other->hmac_sha256(std::string_view(""), std::string_view("msg"))));
  }
}

INSTANTIATE_TEST_SUITE_P(AllBackends, BackendTest, ::testing::ValuesIn(all_backends().begin(), all_backends().end()),
                         [](const auto& p) { return std::string(p.param->name()); });

TEST(Backends, Lookup) {
  ASSERT_EQ(all_backends().size(), 2u);
  EXPECT_EQ(backend_by_name("cryptopp"), &cryptopp_backend());
  EXPECT_EQ(backend_by_name("openssl"), &openssl_backend());
  EXPECT_EQ(backend_by_name("nope"), nullptr);
}

TEST(Hex, RoundTripAndErrors) {
  EXPECT_EQ(to_hex(from_hex("00FFaB", "x")), "00ffab");
  EXPECT_THROW((void)from_hex("abc", "x"), InputError);
  EXPECT_THROW((void)from_hex("zz", "x"), InputError);
  EXPECT_THROW((void)parse_decimal("01", "x", 0, 10), InputError);
  EXPECT_EQ(parse_decimal("0", "x", 0, 10), 0u);
  EXPECT_THROW((void)parse_decimal("11", "x", 0, 10), InputError);
}

}  // namespace
}  // namespace fairvec
