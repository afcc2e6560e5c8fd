// Fuzz values for the op table's Kinds (ops/op_table.h): each builder turns bytes from a
// ByteReader into a JSON value that is mostly well formed and sometimes broken in the ways ports
// get wrong (length, case, a bad character, range edges, the wrong JSON type). None throws.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "core/json.h"

namespace fairvec::ops::make {

using fuzz::ByteReader;

// edge_or_random returns a range edge (0, 1, 2^32, 2^53 - 1, ...), a neighbour of one, or any
// value, capped at |max|.
[[nodiscard]] std::uint64_t edge_or_random(ByteReader& in, std::uint64_t max);
// integer returns a JSON integer up to about |typical_max|, sometimes negative, a fraction, an
// integral double (5.0) or a string.
[[nodiscard]] json::Value integer(ByteReader& in, std::uint64_t typical_max);
// hex returns hex text of |lo|..|hi| bytes (sometimes another length, upper case, odd, "0x").
[[nodiscard]] json::Value hex(ByteReader& in, std::size_t lo, std::size_t hi);
// text returns any bytes as a string (not checked as UTF-8), usually under 70 bytes.
[[nodiscard]] json::Value text(ByteReader& in);
// client_seed returns a string usually of [A-Za-z0-9_-], 0..40 (sometimes 200) characters.
[[nodiscard]] std::string client_seed(ByteReader& in);
// client_seeds returns an array of usually 1..2 client seeds (sometimes 0..4).
[[nodiscard]] json::Value client_seeds(ByteReader& in);
// uuid returns an 8-4-4-4-12 UUID, sometimes upper case, braced, without dashes or cut short.
[[nodiscard]] json::Value uuid(ByteReader& in);
// json_value returns any JSON value (nested up to 4 levels; a lone surrogate in a string at times).
[[nodiscard]] json::Value json_value(ByteReader& in, int depth = 0);
// canonical_value returns a random value of canonical JSON's subset (specs/canonical-json.md):
// null, booleans, integers |i| <= 2^53 - 1 (edges included), well-formed strings mixing ASCII,
// controls, quotes, backslashes, BMP and astral characters, arrays, and objects with distinct
// keys of such strings (so key order by UTF-16 units matters). Nested up to 3 levels; an object
// when |object|.
[[nodiscard]] json::Value canonical_value(ByteReader& in, bool object = false, int depth = 0);
// json_text returns a string of JSON text: tricky fixed texts, random bytes, or a json_value.
[[nodiscard]] json::Value json_text(ByteReader& in);
// options returns one of the |valid| options objects, often with a member missing, added or
// changed, or any JSON value.
[[nodiscard]] json::Value options(ByteReader& in, const std::vector<json::Value>& valid);
// alphabet_text returns 0..|max| characters of |alphabet| (not empty).
[[nodiscard]] json::Value alphabet_text(ByteReader& in, std::string_view alphabet, std::size_t max);
// units returns an array of doubles, mostly in [0, 1], with the edges 0, 1, -0, 1 + ulp, ...
[[nodiscard]] json::Value units(ByteReader& in);
// unit returns one such double.
[[nodiscard]] json::Value unit(ByteReader& in);
// u64_string returns a decimal u64 as a string, sometimes with a leading zero, a sign, 2^64,
// empty, a trailing space, or a number instead of a string.
[[nodiscard]] json::Value u64_string(ByteReader& in);
// one_of returns one of |names| (as a string), sometimes any text.
[[nodiscard]] json::Value one_of(ByteReader& in, const std::vector<std::string>& names);
// array returns an array of usually |typical| items (sometimes 0..39) made by |item|.
[[nodiscard]] json::Value array(ByteReader& in, std::size_t typical,
                                const std::function<json::Value(ByteReader&)>& item);

}  // namespace fairvec::ops::make
