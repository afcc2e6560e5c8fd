#include "check/text_safety.h"

#include <cstdio>
#include <utility>

#include <rapidjson/encodings.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/stringbuffer.h>

namespace fairvec::check {

namespace {

// decode reads one code point of |s| at |pos| with RapidJSON's strict UTF-8 decoder and returns
// it, advancing |pos| past it; an ill-formed sequence returns nullopt and advances one byte.
std::optional<unsigned> decode(std::string_view s, std::size_t& pos) {
  rapidjson::MemoryStream in(s.data() + pos, s.size() - pos);
  unsigned cp = 0;
  const bool ok = rapidjson::UTF8<>::Decode(in, &cp);
  if (!ok || pos + in.Tell() > s.size()) {
    ++pos;
    return std::nullopt;
  }
  pos += in.Tell();
  return cp;
}

void put(std::string& out, unsigned cp) {
  rapidjson::GenericStringBuffer<rapidjson::UTF8<>> b;
  rapidjson::UTF8<>::Encode(b, cp);
  out.append(b.GetString(), b.GetSize());
}

bool noncharacter(unsigned cp) { return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE; }

// The format characters (general category Cf: bidi embeddings, overrides and isolates, zero-width
// characters, U+FEFF, tags ...) and the line and paragraph separators (Zl U+2028, Zp U+2029) of
// Unicode 14.0, as Python 3.11's unicodedata lists them:
//   [c for c in range(0x110000) if unicodedata.category(chr(c)) in ('Cf', 'Zl', 'Zp')]
// in ranges. They hide or move text: "\u202egnp.exe" shows as "exe.png", U+2028 breaks
// a line where no "\n" shows it.
constexpr std::pair<unsigned, unsigned> kFormatCharacters[] = {
    {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},   {0x070F, 0x070F},
    {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x180E, 0x180E},   {0x200B, 0x200F},   {0x2028, 0x202E},
    {0x2060, 0x2064},   {0x2066, 0x206F},   {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD},
    {0x110CD, 0x110CD}, {0x13430, 0x13438}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001},
    {0xE0020, 0xE007F}};

bool format_character(unsigned cp) {
  for (const auto& [lo, hi] : kFormatCharacters) {
    if (cp < lo) return false;
    if (cp <= hi) return true;
  }
  return false;
}

}  // namespace

std::optional<std::size_t> first_invalid_utf8(std::string_view s) {
  for (std::size_t pos = 0; pos < s.size();) {
    const std::size_t at = pos;
    if (static_cast<unsigned char>(s[pos]) < 0x80) {
      ++pos;
      continue;
    }
    if (!decode(s, pos)) return at;
  }
  return std::nullopt;
}

std::string valid_utf8(std::string_view s) {
  if (!first_invalid_utf8(s)) return std::string(s);
  std::string out;
  out.reserve(s.size());
  for (std::size_t pos = 0; pos < s.size();) {
    const std::size_t at = pos;
    if (auto cp = decode(s, pos)) {
      out.append(s.substr(at, pos - at));
    } else {
      put(out, 0xFFFD);
    }
  }
  return out;
}

std::string escape_controls(std::string_view s, std::string_view keep) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t pos = 0; pos < s.size();) {
    const std::size_t at = pos;
    const std::optional<unsigned> cp = decode(s, pos);
    if (!cp) {
      put(out, 0xFFFD);
      continue;
    }
    const unsigned c = *cp;
    const bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
    if ((!control && !noncharacter(c) && !format_character(c)) ||
        (c < 0x80 && keep.find(static_cast<char>(c)) != std::string_view::npos)) {
      out.append(s.substr(at, pos - at));
      continue;
    }
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default: {
        char buf[16];
        std::snprintf(buf, sizeof buf, c > 0xFFFF ? "\\U%08x" : "\\u%04x", c);
        out += buf;
      }
    }
  }
  return out;
}

std::string capped(std::string_view s, std::size_t max) {
  if (s.size() <= max) return std::string(s);
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return std::string(s.substr(0, cut)) + " … (" + std::to_string(s.size()) + " bytes in all)";
}

std::string markup_text(std::string_view s) {
  std::string o;
  for (char c : escape_controls(s, "\t\n")) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

}  // namespace fairvec::check
