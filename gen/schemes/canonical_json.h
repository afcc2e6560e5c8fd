// Canonical JSON (specs/canonical-json.md): the JSON Canonicalization Scheme of RFC 8785 (JCS)
// restricted to objects, arrays, strings, true, false, null and integers with |i| <= 2^53 - 1.
// Fractions, exponents, -0, unsafe integers, duplicate keys, lone surrogates and invalid UTF-8 are
// bad input. Canonical form: object members sorted by the UTF-16 code units of their keys, JCS
// string escaping, no whitespace.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <rapidjson/document.h>

#include "core/json.h"

namespace fairvec::canonical_json {

// The deepest nesting of arrays and objects fairvec accepts (the root container is depth 1).
// RFC 8785 sets no limit; deeper input is bad input here (specs/canonical-json.md, "Limits").
inline constexpr std::size_t kMaxDepth = 128;
// The longest JSON text the canonical_json.hex op takes. Its reply carries the canonical text twice:
// as a JSON string (at most 2 bytes a byte: only '"' and '\\' are escaped, canonical text holds no
// control character) and as hex (2 a byte), and canonical text is never longer than its input. A
// quarter of the reply-line limit (json::kMaxTextBytes, less the reply's other bytes) always fits.
inline constexpr std::size_t kMaxHexTextBytes = (json::kMaxTextBytes - 1024) / 4;

// Byte range [begin, end) of one value in the parsed text, keyed by its JSON path ("" for the
// root, "rolls[3].dice", "settings.a"). Filled by parse() when asked for.
using Locations = std::map<std::string, std::pair<std::size_t, std::size_t>>;

// parse reads |text| strictly into |doc|: RFC 8259 JSON in UTF-8 (no BOM), restricted as above,
// nesting at most kMaxDepth. Integers are stored as Int64. When |where| is not null it receives the
// byte range of every value (a map as large as the text: for tests; readers use locate()). Throws
// InputError naming |field|, with the byte offset of the first bad token (the number, the key, the
// \u escape, the bad byte, a NUL byte anywhere) and what is wrong with it; a text longer than
// |max_bytes| or needing more than json::memory_budget() is bad input before anything is built.
void parse(std::string_view text, rapidjson::Document& doc, std::string_view field, Locations* where = nullptr,
           std::size_t max_bytes = json::kMaxTextBytes);

// locate returns the byte range [begin, end) of the value at JSON |path| in |text| (a text parse()
// accepted, or its prefix before the first error), or nullopt. It reads the text again and keeps
// only that one range, so error messages can give positions without a map of every value.
[[nodiscard]] std::optional<std::pair<std::size_t, std::size_t>> locate(std::string_view text, const std::string& path);

// serialize returns the canonical form of |v| (UTF-8). It accepts values built by any parser, so
// it checks them again: a double (fraction or exponent), an integer beyond +-(2^53 - 1), a string
// or key that is not valid UTF-8 (including an encoded surrogate), two equal keys in one object,
// or nesting deeper than kMaxDepth throw InputError naming |field| and the JSON path (-0 cannot be
// seen here: a parser that stored it as the integer 0 has already lost it).
[[nodiscard]] std::string serialize(const rapidjson::Value& v, std::string_view field);

// serialize returns the canonical form of the tree |v|; checks and errors as above.
[[nodiscard]] std::string serialize(const json::Value& v, std::string_view field);

// canonicalize parses |text| with parse() and returns serialize() of it. Throws InputError naming
// |field| and the byte offset of the first bad token.
[[nodiscard]] std::string canonicalize(std::string_view text, std::string_view field);

// utf16_less orders two UTF-8 strings by their UTF-16 code units (RFC 8785 section 3.2.3). Both
// must be valid UTF-8; it throws InputError naming |field| otherwise.
[[nodiscard]] bool utf16_less(std::string_view a, std::string_view b, std::string_view field);

}  // namespace fairvec::canonical_json
