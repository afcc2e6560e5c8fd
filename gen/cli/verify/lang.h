// Translations of every human text of `fairvec verify`: one data file per language in
// gen/cli/verify/lang/<code>.txt (lines "key = text", '#' comments, {1} {2} … placeholders),
// embedded at build time (gen/CMakeLists.txt). English is the fallback.
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fairvec::cli::verify {

// Lang is one language's catalog.
class Lang {
 public:
  // get returns the catalog of |code| (one of lang_codes()). Throws std::logic_error for another
  // code or an embedded file that does not parse (a build defect, exit 5).
  static const Lang& get(std::string_view code);
  // t returns the text of |key| with {1}, {2}, … replaced by |args|; a key this language lacks
  // falls back to English, and one English lacks too is returned as "[key]". It cannot fail.
  [[nodiscard]] std::string t(std::string_view key, std::initializer_list<std::string> args = {}) const;
  [[nodiscard]] const std::string& code() const { return code_; }
  [[nodiscard]] const std::map<std::string, std::string, std::less<>>& entries() const { return entries_; }

 private:
  std::string code_;
  std::map<std::string, std::string, std::less<>> entries_;
};

// lang_codes lists the languages: en, tr, ru, de, id. It cannot fail.
[[nodiscard]] const std::vector<std::string>& lang_codes();

// choose_lang returns |flag| when given (throws InputError naming "--lang", with a suggestion,
// when it is not one of lang_codes()); else the language of the first non-empty of LC_ALL,
// LC_MESSAGES and LANG ("tr_TR.UTF-8" → tr) when it is one of lang_codes(); else "en".
[[nodiscard]] std::string choose_lang(const std::optional<std::string>& flag);

}  // namespace fairvec::cli::verify
