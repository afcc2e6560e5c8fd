// fuzz_crypto_differential: SHA-256, SHA-512, HMAC-SHA256 and HMAC-SHA512 on every backend
// (Crypto++, OpenSSL), compared.
//
// From the input: the operation (one byte from the end: bit 0 HMAC or plain digest, bit 1 SHA-512
// or SHA-256), the HMAC key length class and key bytes, a seed that splits the message into update
// chunks (deliberately empty updates and null buffers included, sizes around the hash's block: 64
// bytes for SHA-256, 128 for SHA-512), where a context is cloned, and the message (the rest of the
// input, optionally repeated to cross many blocks). The key length classes are relative to the
// block size B: 0, 1, B/2, B-1, B, B+1, 2B (for SHA-256 0, 1, 32, 63, 64, 65, 128), large 129..4200
// (longer than either block: hashed first), or any 0..255. Each backend computes the digest
// one-shot through the hash-parameterised Backend::digest / Backend::hmac, for SHA-256 also
// through the fixed sha256 / hmac_sha256 every scheme calls, incrementally, and through a clone
// taken mid-stream (both the clone and the source it was cloned from, the source finished first).
// Every outcome must agree across backends and with the backend's own one-shot result; otherwise
// the target prints the inputs, outcomes and CPU features and aborts with
// "<A>-<B>-<op>-difference" (differential.h), <op> being sha256, hmac_sha256, sha512 or
// hmac_sha512, or one of those with its path (_fixed, _incremental, _clone_source, _clone).
//
// FAIRVEC_FUZZ_PLANT=1 adds the test-only planted backend (planted_backend.h) with a broken
// HMAC-SHA256, FAIRVEC_FUZZ_PLANT=crypto_differential_sha512 the one with a broken HMAC-SHA512;
// either must be found.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "differential.h"
#include "planted_backend.h"

namespace {

using fairvec::Backend;
using fairvec::Bytes;
using fairvec::ByteView;
using fairvec::Hash;
using fairvec::HashContext;
using fairvec::fuzz::ByteReader;
using fairvec::fuzz::Outcome;

const std::vector<const Backend*>& backends() {
  static const std::vector<const Backend*> kBackends = [] {
    std::vector<const Backend*> v(fairvec::all_backends().begin(), fairvec::all_backends().end());
    const char* plant = std::getenv("FAIRVEC_FUZZ_PLANT");
    if (plant && (std::strcmp(plant, "1") == 0 || std::strcmp(plant, "crypto_differential") == 0))
      v.push_back(&fairvec::fuzz::planted_backend(Hash::kSha256));
    if (plant && std::strcmp(plant, "crypto_differential_sha512") == 0)
      v.push_back(&fairvec::fuzz::planted_backend(Hash::kSha512));
    return v;
  }();
  return kBackends;
}

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A view that is null when empty: backends must accept ByteView{} (data() == nullptr).
ByteView view(const Bytes& b, std::size_t from, std::size_t len) {
  if (len == 0) return ByteView{};
  return ByteView(b.data() + from, len);
}

// Chunk lengths covering |total| bytes: empty updates, tiny ones, ones around a |block|-byte block
// (from just below where the padding no longer fits to just past the block) and larger ones,
// chosen by |seed|. At most 4 * total + 8 chunks.
std::vector<std::size_t> split(std::size_t total, std::uint64_t seed, std::size_t block) {
  std::vector<std::size_t> chunks;
  std::size_t done = 0;
  const std::size_t max_chunks = 4 * total + 8;
  while (done < total && chunks.size() + 1 < max_chunks) {
    std::uint64_t x = splitmix64(seed);
    std::size_t len = 0;
    switch (x & 7) {
      case 0: len = 0; break;  // empty update
      case 1:
      case 2: len = 1 + (x >> 8) % 3; break;  // 1..3
      case 3:
      case 4: len = block - block / 8 - 1 + (x >> 8) % (block / 8 + 10); break;  // 55..72, 111..136
      case 5: len = block * (1 + (x >> 8) % 3); break;                           // whole blocks
      default: len = (x >> 8) % 300; break;                                      // anything
    }
    len = std::min(len, total - done);
    chunks.push_back(len);
    done += len;
  }
  if (done < total) chunks.push_back(total - done);
  if (seed & 1) chunks.push_back(0);  // a trailing empty update before finish
  return chunks;
}

std::string hex(ByteView d) { return fairvec::to_hex(d); }

// The block size of |h| in bytes.
std::size_t block_size(Hash h) { return h == Hash::kSha512 ? 128 : 64; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  const std::uint64_t op_byte = in.integer(0, 255);
  const bool hmac = (op_byte & 1) != 0;
  const Hash hash = (op_byte & 2) != 0 ? Hash::kSha512 : Hash::kSha256;
  const std::size_t block = block_size(hash);
  Bytes key;
  std::string key_class = "none";
  if (hmac) {
    const std::size_t fixed[] = {0, 1, block / 2, block - 1, block, block + 1, 2 * block};
    std::size_t cls = in.pick(9), len = 0;
    if (cls < 7) {
      len = fixed[cls];
    } else if (cls == 7) {
      len = static_cast<std::size_t>(in.integer(129, 4200));  // large: hashed down to a digest first
    } else {
      len = static_cast<std::size_t>(in.integer(0, 255));
    }
    key_class = std::to_string(len);
    key = in.bytes(len);
    // Short of input bytes: fill the rest deterministically so the length class is honoured.
    for (std::size_t i = key.size(); i < len; ++i) key.push_back(static_cast<std::uint8_t>(i * 167 + 13));
  }
  const std::uint64_t seed = in.integer(0, UINT64_MAX);
  // One input in eight repeats its message (2..64 times, at most 64 KiB) to cross many blocks.
  std::size_t repeat = in.pick(8) == 0 ? 2 + in.pick(63) : 1;
  Bytes msg = in.rest();
  if (!msg.empty()) repeat = std::min(repeat, std::max<std::size_t>(1, 65536 / msg.size()));
  if (repeat > 1) {
    Bytes once = msg;
    for (std::size_t r = 1; r < repeat; ++r) msg.insert(msg.end(), once.begin(), once.end());
  }

  const std::vector<std::size_t> chunks = split(msg.size(), seed, block);
  const std::size_t clone_at = chunks.empty() ? 0 : static_cast<std::size_t>((seed >> 40) % (chunks.size() + 1));
  const std::string op = (hmac ? "hmac_" : "") + std::string(fairvec::hash_name(hash));
  const ByteView key_view = key.empty() ? ByteView{} : ByteView(key);
  const ByteView msg_view = msg.empty() ? ByteView{} : ByteView(msg);

  auto start = [&](const Backend& b) { return hmac ? b.start_hmac(hash, key_view) : b.start_digest(hash); };
  // A SHA-256 context finishes through the fixed 32-byte finish() the schemes call, any other
  // through finish_bytes().
  auto finish = [&](HashContext& ctx) { return hash == Hash::kSha256 ? hex(ctx.finish()) : hex(ctx.finish_bytes()); };
  auto feed = [&](HashContext& ctx, std::size_t from_chunk, std::size_t to_chunk) {
    std::size_t pos = 0;
    for (std::size_t i = 0; i < from_chunk; ++i) pos += chunks[i];
    for (std::size_t i = from_chunk; i < to_chunk; ++i) {
      ctx.update(view(msg, pos, chunks[i]));
      pos += chunks[i];
    }
  };

  std::vector<Outcome> outs;
  for (const Backend* b : backends()) {
    const std::string name(b->name());
    outs.push_back(fairvec::fuzz::capture(
        name, op, [&] { return hex(hmac ? b->hmac(hash, key_view, msg_view) : b->digest(hash, msg_view)); }));
  }
  if (hash == Hash::kSha256) {
    for (const Backend* b : backends()) {
      const std::string name(b->name());
      outs.push_back(fairvec::fuzz::capture(
          name, op + "_fixed", [&] { return hex(hmac ? b->hmac_sha256(key_view, msg_view) : b->sha256(msg_view)); }));
    }
  }
  for (const Backend* b : backends()) {
    const std::string name(b->name());
    outs.push_back(fairvec::fuzz::capture(name, op + "_incremental", [&] {
      auto ctx = start(*b);
      feed(*ctx, 0, chunks.size());
      return finish(*ctx);
    }));
    // Clone mid-stream; finish the source first, then the clone, which must be unaffected.
    std::unique_ptr<HashContext> copy;
    outs.push_back(fairvec::fuzz::capture(name, op + "_clone_source", [&] {
      auto ctx = start(*b);
      feed(*ctx, 0, clone_at);
      copy = ctx->clone();
      feed(*ctx, clone_at, chunks.size());
      return finish(*ctx);
    }));
    outs.push_back(fairvec::fuzz::capture(name, op + "_clone", [&] {
      if (!copy) throw std::runtime_error("no clone (the source threw first)");
      feed(*copy, clone_at, chunks.size());
      return finish(*copy);
    }));
  }

  auto d = fairvec::fuzz::find_difference(outs);
  if (!d) d = fairvec::fuzz::find_self_difference(outs, op);
  if (d) {
    std::string chunk_text;
    for (std::size_t c : chunks) chunk_text += (chunk_text.empty() ? "" : ",") + std::to_string(c);
    std::vector<std::pair<std::string, std::string>> inputs;
    inputs.emplace_back("op", op);
    if (hmac) inputs.push_back(fairvec::fuzz::hex_input("key, length class " + key_class, key));
    inputs.push_back(fairvec::fuzz::hex_input("message", msg));
    inputs.emplace_back("update chunks (" + std::to_string(chunks.size()) + ")", chunk_text);
    inputs.emplace_back("clone after chunk", std::to_string(clone_at));
    fairvec::fuzz::report_and_abort(*d, inputs, outs);
  }
  fairvec::fuzz::checked();
  return 0;
}
