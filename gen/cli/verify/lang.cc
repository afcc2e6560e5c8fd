#include "cli/verify/lang.h"

#include <cstdlib>
#include <stdexcept>

#include "cli/verify/args.h"
#include "core/errors.h"

namespace fairvec::cli::verify {

// Defined in the file gen/CMakeLists.txt writes from gen/cli/verify/lang/*.txt.
extern const std::vector<std::pair<std::string, std::string>>& embedded_lang_files();

namespace {

std::map<std::string, std::string, std::less<>> parse_catalog(const std::string& code, const std::string& text) {
  std::map<std::string, std::string, std::less<>> out;
  std::size_t line_no = 0, pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    const std::size_t eq = line.find(" = ");
    if (eq == std::string::npos || eq == 0) {
      throw std::logic_error("lang/" + code + ".txt line " + std::to_string(line_no) + ": not 'key = text'");
    }
    if (!out.emplace(line.substr(0, eq), line.substr(eq + 3)).second) {
      throw std::logic_error("lang/" + code + ".txt line " + std::to_string(line_no) + ": duplicate key");
    }
  }
  return out;
}

}  // namespace

const std::vector<std::string>& lang_codes() {
  static const std::vector<std::string> kCodes = {"en", "tr", "ru", "de", "id"};
  return kCodes;
}

const Lang& Lang::get(std::string_view code) {
  static const std::map<std::string, Lang, std::less<>> kAll = [] {
    std::map<std::string, Lang, std::less<>> all;
    for (const auto& [c, text] : embedded_lang_files()) {
      Lang l;
      l.code_ = c;
      l.entries_ = parse_catalog(c, text);
      all.emplace(c, std::move(l));
    }
    return all;
  }();
  auto it = kAll.find(code);
  if (it == kAll.end()) throw std::logic_error("no embedded language '" + std::string(code) + "'");
  return it->second;
}

std::string Lang::t(std::string_view key, std::initializer_list<std::string> args) const {
  auto it = entries_.find(key);
  const std::string* text = nullptr;
  if (it != entries_.end()) {
    text = &it->second;
  } else if (code_ != "en") {
    const Lang& en = get("en");
    auto e = en.entries_.find(key);
    if (e != en.entries_.end()) text = &e->second;
  }
  if (!text) return "[" + std::string(key) + "]";
  std::string out;
  for (std::size_t i = 0; i < text->size(); ++i) {
    const char c = (*text)[i];
    if (c == '{' && i + 2 < text->size() && (*text)[i + 2] == '}' && (*text)[i + 1] >= '1' && (*text)[i + 1] <= '9') {
      const std::size_t n = static_cast<std::size_t>((*text)[i + 1] - '1');
      if (n < args.size()) out += *(args.begin() + n);
      i += 2;
      continue;
    }
    out += c;
  }
  return out;
}

std::string choose_lang(const std::optional<std::string>& flag) {
  const auto& codes = lang_codes();
  if (flag) {
    for (const auto& c : codes) {
      if (*flag == c) return c;
    }
    const std::string near = suggest(*flag, codes);
    throw InputError("--lang", "unknown language '" + *flag + "' (en, tr, ru, de, id)" +
                                   (near.empty() ? "" : "; did you mean " + near + "?"));
  }
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (!v || !*v) continue;
    const std::string s(v);
    const std::string code = s.substr(0, s.find_first_of("_.@"));
    for (const auto& c : codes) {
      if (code == c) return c;
    }
    return "en";
  }
  return "en";
}

}  // namespace fairvec::cli::verify
