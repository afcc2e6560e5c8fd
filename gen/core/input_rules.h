// Input rules several families share, written once (specs/README.md, "Conventions shared by every
// scheme"): text is well-formed UTF-8, a counter (nonce, cursor) is an integer 0..2^53 - 1, and the
// leading 52 bits of a digest are its first 13 hex digits. A family reads them from here, never
// through a sibling family's header.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/crypto.h"

namespace fairvec {

// The largest counter (a nonce, a cursor): 2^53 - 1, so that it travels exactly as a JSON number.
inline constexpr std::uint64_t kMaxCounter = kMaxSafeInteger;

// check_text throws InputError naming |field|, with the byte position of the first bad sequence,
// unless |text| is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
// U+10FFFF, no sequence cut off by the end). Empty text is well formed. RapidJSON's UTF-8 validator
// does the work.
void check_text(std::string_view text, std::string_view field);

// read_text reads a JSON string holding well-formed UTF-8 (a seed). It throws InputError naming
// |field| when |v| is not a string or its bytes are not well-formed UTF-8.
[[nodiscard]] std::string read_text(const rapidjson::Value& v, std::string_view field);

// check_counter returns |v|; it throws InputError naming |field| when |v| > kMaxCounter.
std::uint64_t check_counter(std::uint64_t v, std::string_view field);

// read_counter reads a JSON integer 0..2^53 - 1. It throws InputError naming |field| for any other
// JSON value: a negative, fractional or larger number, a string, null.
[[nodiscard]] std::uint64_t read_counter(const rapidjson::Value& v, std::string_view field);

// leading52 returns the leading 52 bits of |d| (its first 13 hex digits) as an integer < 2^52.
[[nodiscard]] std::uint64_t leading52(const Digest& d);

}  // namespace fairvec
