#include "schemes/keno.h"

#include <cmath>
#include <numeric>
#include <stdexcept>

#include "core/errors.h"

namespace fairvec::keno {

int pick_index(std::uint64_t h52, int remaining) {
  if (h52 >= (std::uint64_t{1} << 52)) throw std::invalid_argument("pick_index: h52 must be < 2^52");
  if (remaining < 1 || remaining > kPoolSize) throw std::invalid_argument("pick_index: remaining out of range");
  // norm = h52 / 2^52 is exact in binary64 (h52 < 2^53, the divisor a power of two); the product
  // is rounded once to nearest even; floor of it. Kept as separate statements, no fused ops.
  const double norm = static_cast<double>(h52) / 4503599627370496.0;
  const double product = norm * static_cast<double>(remaining);
  return static_cast<int>(std::floor(product));
}

std::vector<Digest> chain(std::string_view random_hash, std::string_view salt, const Backend& backend) {
  std::vector<Digest> links;
  links.reserve(kBalls);
  std::string text(random_hash);  // link 0's text: the random hash as given
  for (int i = 0; i < kBalls; ++i) {
    links.push_back(backend.hmac_sha256(as_bytes(salt), as_bytes(text)));
    text = to_hex(links.back());
  }
  return links;
}

Draw pick(std::span<const Digest> links) {
  if (links.size() != static_cast<std::size_t>(kBalls)) throw std::invalid_argument("keno::pick: need 10 links");
  Draw d;
  int pool[kPoolSize];
  std::iota(pool, pool + kPoolSize, 1);
  int remaining = kPoolSize;
  for (const Digest& link : links) {
    const std::uint64_t h = leading52(link);
    const int index = pick_index(h, remaining);
    // Proven < remaining (specs/keno-v1.md, "No clamp"); checked so a broken proof is a loud bug.
    if (index < 0 || index >= remaining) throw std::logic_error("keno::pick: index out of range");
    d.links.push_back(link);
    d.h52.push_back(h);
    d.indices.push_back(index);
    d.balls.push_back(pool[index]);
    std::swap(pool[index], pool[remaining - 1]);
    --remaining;
  }
  return d;
}

Draw pick_hex(const std::vector<std::string>& links) {
  if (links.size() != static_cast<std::size_t>(kBalls)) {
    throw InputError("links", "must hold exactly 10 links, got " + std::to_string(links.size()));
  }
  std::vector<Digest> digests;
  for (std::size_t i = 0; i < links.size(); ++i) {
    digests.push_back(digest_from_hex(links[i], "links[" + std::to_string(i) + "]"));
  }
  return pick(digests);
}

Draw draw(std::string_view random_hash, std::string_view salt, const Backend& backend) {
  check_text(random_hash, "randomHash");
  check_text(salt, "salt");
  return pick(chain(random_hash, salt, backend));
}

}  // namespace fairvec::keno
