// Helpers shared by the hmac-dice-v1 vector generators (hmac_dice_seal_vectors.cc,
// hmac_dice_roll_vectors.cc, hmac_dice_pick_vectors.cc, hmac_dice_link_vectors.cc,
// hmac_dice_recorded_vectors.cc, hmac_dice_match_vectors.cc): the generating backend, the
// deterministic material every input comes from, the JSON forms of dice and games, and the
// fixtures (a seed, its seal, client seeds and rolls) several files build on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto.h"
#include "core/json.h"
#include "schemes/hmac_dice.h"
#include "vectors/flags.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace hd = fairvec::hmac_dice;

// The backend that computes generated values (both backends agree on every vector; check runs both).
inline const Backend& gen() { return cryptopp_backend(); }

// --- Deterministic material: SHA-256("fairvec/hmac-dice-v1/<label>/<i>").

inline Digest stream(std::string_view label, std::uint64_t i) {
  return gen().sha256("fairvec/hmac-dice-v1/" + std::string(label) + "/" + std::to_string(i));
}

// server_seed returns |bytes| bytes of the stream |label| as hex.
inline std::string server_seed(std::string_view label, std::size_t bytes = 32) {
  Bytes out;
  for (std::uint64_t k = 0; out.size() < bytes; ++k) append(out, stream(label, k));
  out.resize(bytes);
  return to_hex(out);
}

// client_seed returns 32 hex characters, as the app sends.
inline std::string client_seed(std::string_view label) {
  Digest d = stream(label, 0);
  return to_hex(ByteView(d.data(), 16));
}

inline json::Value jint(std::uint64_t v) { return json::Value(static_cast<std::int64_t>(v)); }
inline json::Value jstrs(const std::vector<std::string>& v) { return json::Value::array_of(v); }
inline json::Value jdice(const hd::Dice& d) { return json::Value::array({d.d1, d.d2}); }
inline json::Value jgames(const std::vector<std::uint64_t>& g) {
  json::Array a;
  for (auto x : g) a.push_back(jint(x));
  return json::Value(std::move(a));
}

inline std::vector<hd::Dice> derive_all(const std::string& seed_hex, const std::vector<std::string>& seeds,
                                        std::uint64_t n) {
  Bytes seed = hd::parse_server_seed(seed_hex);
  std::vector<hd::Dice> out;
  for (std::uint64_t r = 1; r <= n; ++r) out.push_back(hd::roll(gen(), seed, seeds, r));
  return out;
}

inline std::string seal_of(const std::string& seed_hex) { return hd::seal(gen(), hd::parse_server_seed(seed_hex)); }

// A fixture: a seed of |seed_bytes| bytes from the stream |label|, its seal, |n_seeds| client
// seeds and the first |n_rolls| rolls as bare digits.
struct Fixture {
  std::string seed;
  std::string seal;
  std::vector<std::string> seeds;
  std::string rolls;  // bare digits
};

inline Fixture fixture(std::string_view label, std::size_t n_seeds, std::uint64_t n_rolls,
                       std::size_t seed_bytes = 32) {
  Fixture f;
  f.seed = server_seed(std::string(label), seed_bytes);
  f.seal = seal_of(f.seed);
  for (std::size_t i = 0; i < n_seeds; ++i)
    f.seeds.push_back(client_seed(std::string(label) + "/" + std::to_string(i)));
  f.rolls = hd::rolls_text(derive_all(f.seed, f.seeds, n_rolls));
  return f;
}

// The family's vector files, one function per generator file.
VectorKind seal_vector_kind();
VectorKind roll_vector_kind();
VectorKind pick_vector_kind();
VectorKind link_vector_kind();
VectorKind recorded_vector_kind();
VectorKind match_vector_kind();

// library is the family's flag library (vectors/flags.h): the wrong ports of hmac_dice_ports.cc,
// then each file's flags, in file order; a flag two files use is defined by the first. It cannot
// fail (a library that does not build is a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
void add_seal_flags(FlagLibrary& lib);
void add_roll_flags(FlagLibrary& lib);
void add_pick_flags(FlagLibrary& lib);
void add_link_flags(FlagLibrary& lib);
void add_recorded_flags(FlagLibrary& lib);
void add_match_flags(FlagLibrary& lib);

// files lists the family's vector files in order (vectors/hmac_dice.cc). It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::hmac_dice_vec
