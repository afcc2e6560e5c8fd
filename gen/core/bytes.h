// Byte strings, hex text and the integer helpers every scheme shares.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fairvec {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
using Digest = std::array<std::uint8_t, 32>;

// The largest integer a JavaScript number holds exactly: 2^53 - 1.
inline constexpr std::uint64_t kMaxSafeInteger = 9007199254740991ULL;

// as_bytes views the bytes of |s| (UTF-8 text is hashed as its own bytes).
inline ByteView as_bytes(std::string_view s) { return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}; }

// hex_digit_value returns the value 0..15 of the hex digit |c| (either case), or -1 when |c| is not
// a hex digit.
[[nodiscard]] int hex_digit_value(char c);

// to_hex returns |b| as lowercase hex. It cannot fail.
[[nodiscard]] std::string to_hex(ByteView b);

// from_hex decodes hex text (either case). It throws InputError naming |field| and the character
// position of the first bad character when |hex| has odd length or a non-hex character.
[[nodiscard]] Bytes from_hex(std::string_view hex, std::string_view field);

// digest_from_hex decodes exactly 32 bytes of hex; throws InputError (naming |field|) otherwise.
[[nodiscard]] Digest digest_from_hex(std::string_view hex, std::string_view field);

// parse_decimal reads a decimal integer without sign or leading zeros ("0" itself is allowed) in
// [min, max]. It throws InputError naming |field| on any other text or on a value out of range.
[[nodiscard]] std::uint64_t parse_decimal(std::string_view text, std::string_view field, std::uint64_t min,
                                          std::uint64_t max);

// u32be appends |v| as four big-endian bytes to |out|.
void append_u32be(Bytes& out, std::uint32_t v);

// append appends the bytes of |b| (or of the text |s|) to |out|.
void append(Bytes& out, ByteView b);
void append(Bytes& out, std::string_view s);

}  // namespace fairvec
