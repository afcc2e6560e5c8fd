// Option parsing for `fairvec verify` (README.md, "fairvec verify"). Strict by design: an option's
// value is either after '=' (`--salt=`, an empty value) or the next argument, and never an argument
// that itself starts with "--"; an unknown option is bad input with a "did you mean" suggestion.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fairvec::cli::verify {

// OptionSpec describes one option: its name without "--", whether it takes a value, and whether
// it may be repeated (a repeated value option collects every value in order).
struct OptionSpec {
  std::string name;
  bool takes_value = true;
  bool repeatable = false;
};

// Args is a parsed command line: option values by name (flags hold one empty value per use) and
// the positional arguments in order.
class Args {
 public:
  // has tells whether option |name| was given. It cannot fail.
  [[nodiscard]] bool has(std::string_view name) const;
  // value returns the single value of |name|, or nullopt when it was not given. It cannot fail.
  [[nodiscard]] std::optional<std::string> value(std::string_view name) const;
  // values returns every value of |name| in order (empty when not given). It cannot fail.
  [[nodiscard]] std::vector<std::string> values(std::string_view name) const;
  // flag tells whether the flag |name| was given. It cannot fail.
  [[nodiscard]] bool flag(std::string_view name) const { return has(name); }

  std::vector<std::string> positionals;
  std::map<std::string, std::vector<std::string>, std::less<>> options;
};

// parse_args reads |argv| against |specs|. "--" ends the options (everything after it is
// positional). Throws InputError naming the option ("--salt") and the argument's position in
// |argv| (0-based) for: an unknown option (with the closest known name when one is within two
// edits), a value option without a value (none after it, or the next argument starts with "--"),
// a value given to a flag (`--json=1`), or a repeated option that is not repeatable.
[[nodiscard]] Args parse_args(const std::vector<std::string>& argv, const std::vector<OptionSpec>& specs);

// suggest returns the candidate closest to |word| within two edits (Levenshtein), or "" when there
// is none. It cannot fail.
[[nodiscard]] std::string suggest(std::string_view word, const std::vector<std::string>& candidates);

// parse_count reads a decimal count in [lo, hi] for option |field| (core/bytes.h parse_decimal: no
// sign, no leading zeros). Throws InputError naming |field| for anything else.
[[nodiscard]] std::uint64_t parse_count(std::string_view text, std::string_view field, std::uint64_t lo,
                                        std::uint64_t hi);

// split_list splits a comma-separated list ("1,2,3"; "" is one empty item). It cannot fail.
[[nodiscard]] std::vector<std::string> split_list(std::string_view text);

// read_bounded reads the file |path| ("-" is standard input) for option |field|. Throws IoError
// when it cannot be opened or read, or is not a regular file (a FIFO, a directory; exit 3), and InputError naming
// |field| when it holds more than |max_bytes| bytes (exit 2: the input is too large, documented limit), reading at most
// max_bytes + 1 bytes.
[[nodiscard]] std::string read_bounded(const std::string& path, std::string_view field, std::size_t max_bytes);

}  // namespace fairvec::cli::verify
