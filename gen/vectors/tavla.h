// Helpers shared by the tavla family's vector generators (tavla_roll_vectors.cc,
// tavla_pick_vectors.cc, tavla_commitment_vectors.cc, canonical_json_vectors.cc,
// tavla_verify_vectors.cc): the sequential-byte-seed inputs, derived seeds, the JSON forms of
// dice, picks and rolls, reading roll inputs from a test, and the sample settings.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/json.h"
#include "schemes/tavla.h"
#include "vectors/canonical_json.h"
#include "vectors/flags.h"
#include "vectors/test_reader.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::tavla_vec {

using namespace fairvec::tavla;
using json::Value;

inline Bytes sequential(std::uint8_t first, std::size_t n) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(first + i);
  return b;
}

inline Digest digest_of(const Bytes& b) {
  Digest d{};
  std::copy(b.begin(), b.end(), d.begin());
  return d;
}

inline Uuid uuid_of(const Bytes& b) {
  Uuid u{};
  std::copy(b.begin(), b.end(), u.begin());
  return u;
}

// The "sequential-byte-seed" inputs of the seed document: seed 00..1f, contributions 20..3f and
// 40..5f. The seed gives no game id or seats; ours continue the sequence: 60..6f, 70..7f, 80..8f.
inline RollInputs sequential_inputs() {
  return {digest_of(sequential(0x00, 32)),
          uuid_of(sequential(0x60, 16)),
          {digest_of(sequential(0x20, 32)), digest_of(sequential(0x40, 32))}};
}
inline const Uuid kSeqSeat0 = uuid_of(sequential(0x70, 16));
inline const Uuid kSeqSeat1 = uuid_of(sequential(0x80, 16));

// derived_seed returns SHA-256(label || u32be(k)): the deterministic seeds of searched vectors.
inline Digest derived_seed(std::string_view label, std::uint32_t k) {
  Bytes m;
  append(m, label);
  append_u32be(m, k);
  return default_backend().sha256(m);
}

inline Value dice_value(const Dice& d) { return Value::array({d[0], d[1]}); }
inline Value int_value(std::uint64_t v) { return Value(static_cast<std::int64_t>(v)); }

inline Value contributions_value(const RollInputs& in) {
  return Value::array({to_hex(in.contributions[0]), to_hex(in.contributions[1])});
}

inline json::Object inputs_fields(const RollInputs& in) {
  return {{"seed", to_hex(in.seed)}, {"gameId", format_uuid(in.game_id)}, {"contributions", contributions_value(in)}};
}

inline Value rolls_value(const std::vector<GameRoll>& rolls) {
  json::Array a;
  for (const auto& g : rolls) {
    a.push_back(Value::object({{"n", int_value(g.n)}, {"kind", kind_name(g.kind)}, {"dice", dice_value(g.dice)}}));
  }
  return Value(std::move(a));
}

// hex_prefix removes every '-' and decodes hex pairs up to the first pair that is not hex, any
// count: the reading of a port without hex or length checks. It cannot fail.
inline Bytes hex_prefix(const std::string& t) {
  std::string s;
  for (char c : t) {
    if (c != '-') s += c;
  }
  Bytes out;
  for (std::size_t i = 0; i + 1 < s.size() && hex_digit_value(s[i]) >= 0 && hex_digit_value(s[i + 1]) >= 0; i += 2) {
    out.push_back(static_cast<std::uint8_t>(hex_digit_value(s[i]) * 16 + hex_digit_value(s[i + 1])));
  }
  return out;
}

// Accessors over a test.

// parse_inputs reads seed, gameId and contributions of a test as the library sees them.
inline RollInputs parse_inputs(const rapidjson::Value& test) {
  RollInputs in;
  const auto& seed = json::member(test, "seed", "test");
  const auto& game = json::member(test, "gameId", "test");
  const auto& contributions = json::member(test, "contributions", "test");
  if (!seed.IsString()) throw InputError("seed", "must be a string");
  if (!game.IsString()) throw InputError("gameId", "must be a string");
  in.seed = parse_secret(seed.GetString(), "seed");
  in.game_id = parse_uuid(game.GetString(), "gameId");
  const std::vector<std::string> texts = string_items(contributions, "contributions", 2);
  for (std::size_t i = 0; i < 2; ++i)
    in.contributions[i] = parse_secret(texts[i], "contributions[" + std::to_string(i) + "]");
  return in;
}

inline std::uint64_t counter(const rapidjson::Value& test, const char* key) {
  const auto& v = json::member(test, key, "test");
  if (!v.IsUint64()) throw InputError(key, "must be a non-negative integer");
  return v.GetUint64();
}

// Reading tests: vectors/test_reader.h.

// ----------------------------------------------------------------------------------------------
// The sample settings (tavla_commitment_test.json, tavla_verify_test.json, canonical_json_test.json)

// The settings of the sample games: the rules version and every rule and match setting (the
// seed does not publish its field names; these are ours).
inline Value sample_settings() {
  return Value::object({{"rulesVersion", 1},
                        {"variant", "tavla"},
                        {"matchPoints", 5},
                        {"opening", "reroll"},
                        {"doublingCube", false},
                        {"clock", Value::object({{"moveSeconds", 15}, {"bankSeconds", 120}})},
                        {"seatNames", Value::array({"Ayşe", "Mehmet"})}});
}

// The same members in another order (and nested order): the canonical form and hash are equal.
inline Value sample_settings_reordered() {
  return Value::object({{"seatNames", Value::array({"Ayşe", "Mehmet"})},
                        {"clock", Value::object({{"bankSeconds", 120}, {"moveSeconds", 15}})},
                        {"doublingCube", false},
                        {"variant", "tavla"},
                        {"opening", "reroll"},
                        {"matchPoints", 5},
                        {"rulesVersion", 1}});
}

using canonical_json_vec::utf16_settings;

inline Value escaping_settings() {
  return Value::object(
      {{"rulesVersion", 1},
       {"title", "Tavla/Türkiye \"5\" \\ tab\there\nnewline \x01\x1f \x7f \xe2\x80\xa8"},
       {"emptyText", ""},
       {"limits", Value::array({std::int64_t{9007199254740991}, std::int64_t{-9007199254740991}, 0, -1})},
       {"none", nullptr}});
}

inline Value nested_settings() {
  return Value::object(
      {{"rulesVersion", 2},
       {"rules", Value::object({{"z", Value::object({{"b", 2}, {"a", 1}})},
                                {"y", Value::array({Value::object({{"k", true}, {"j", false}}), Value::array()})},
                                {"x", Value::object()}})}});
}

// The family's vector files, one function per generator file.
VectorKind roll_vector_kind();
VectorKind pick_vector_kind();
VectorKind commitment_vector_kind();
VectorKind verify_vector_kind();

// library is the family's flag library (vectors/flags.h): the wrong ports of tavla_ports.cc, then
// each file's flags, in file order; a flag two files use is defined by the first. It cannot fail
// (a library that does not build is a generator bug, std::logic_error at first use).
const FlagLibrary& library();
void add_wrong_ports(FlagLibrary& lib);
// add_reader_ports adds the seal code readers and proof verifiers (tavla_reader_ports.cc).
void add_reader_ports(FlagLibrary& lib);
void add_roll_flags(FlagLibrary& lib);
void add_pick_flags(FlagLibrary& lib);
void add_commitment_flags(FlagLibrary& lib);
void add_verify_flags(FlagLibrary& lib);

// files lists the family's vector files in order (vectors/tavla.cc). It cannot fail.
std::vector<VectorKind> files();

}  // namespace fairvec::vectors::tavla_vec
