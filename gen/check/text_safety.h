// Text from a port (its stderr, its messages, its hello name) and from the user (an --expect
// reason, the port's command line) made safe for each report format: valid UTF-8 everywhere, and
// no character a terminal, an XML parser or an HTML parser acts on or rejects.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace fairvec::check {

// first_invalid_utf8 returns the byte position of the first ill-formed UTF-8 sequence of |s|
// (RFC 3629: overlong forms, surrogates and code points above U+10FFFF are ill-formed), or nullopt.
// It cannot fail.
[[nodiscard]] std::optional<std::size_t> first_invalid_utf8(std::string_view s);

// valid_utf8 returns |s| with every ill-formed sequence replaced by U+FFFD. It cannot fail.
[[nodiscard]] std::string valid_utf8(std::string_view s);

// escape_controls returns valid_utf8(|s|) with every control character (C0, DEL, C1), every
// noncharacter (U+FDD0..U+FDEF, U+nFFFE, U+nFFFF) and every format character, line separator and
// paragraph separator (Unicode 14.0 Cf, Zl, Zp: bidi overrides such as U+202E, U+2028, U+FEFF, ...)
// written the way JSON writes an escaped character (\n, \t, \r, \b, \f, else \u001b, \u009b,
// \u202e, \uffff; above U+FFFF \U000e0001), except the characters of |keep| (line breaks of a
// multi-line block). What it returns can be printed on a terminal and placed in XML 1.0 and HTML
// text without moving or hiding what is around it. It cannot fail.
[[nodiscard]] std::string escape_controls(std::string_view s, std::string_view keep = "");

// markup_text returns escape_controls(|s|, "\t\n") with &, <, > and " written as entities: text
// an HTML or XML 1.0 element or attribute may hold (the HTML and JUnit reports). It cannot fail.
[[nodiscard]] std::string markup_text(std::string_view s);

// capped returns |s| cut to at most |max| bytes at a character boundary, followed by " … (N bytes
// in all)" when it was cut. It cannot fail.
[[nodiscard]] std::string capped(std::string_view s, std::size_t max);

}  // namespace fairvec::check
