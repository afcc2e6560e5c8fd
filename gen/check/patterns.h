// Selecting vectors by pattern (--only, --skip) and the list of expected failures (--expect).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace fairvec::check {

// VectorKeys are the names a pattern can match for one vector: its id ("FILE#TCID"), its file
// name, its family (the file's algorithm), the ops of its port calls and its flags.
struct VectorKeys {
  std::string id, file, family;
  std::vector<std::string> ops, flags;
};

// glob_match reports whether |name| matches the shell glob |pattern| (fnmatch: *, ?, [..]).
[[nodiscard]] bool glob_match(const std::string& pattern, const std::string& name);

// PatternSet is a list of globs; it remembers which of them matched anything.
class PatternSet {
 public:
  PatternSet() = default;
  // PatternSet takes |patterns| given to |option| ("--only"); an empty pattern throws InputError.
  PatternSet(std::string option, std::vector<std::string> patterns);
  [[nodiscard]] bool empty() const { return patterns_.empty(); }
  // matches returns the first pattern matching any of |keys|' names (nullptr: none) and records it.
  const std::string* matches(const VectorKeys& keys);
  // matches_name is matches for a single name (a file name).
  const std::string* matches_name(const std::string& name);
  // require_all_used throws InputError (exit 2) naming the first pattern that matched nothing.
  void require_all_used() const;

 private:
  // first_match marks every pattern |matches| accepts as used and returns the first (or nullptr).
  const std::string* first_match(const std::function<bool(const std::string&)>& matches);
  std::string option_;
  std::vector<std::string> patterns_;
  std::vector<bool> used_;
};

// select_files returns the names of |files| that match |patterns| (all when |patterns| is empty).
// Throws InputError naming |option| and the first pattern that matches no file.
[[nodiscard]] std::set<std::string> select_files(const std::string& option, const std::vector<std::string>& patterns,
                                                 const std::vector<std::string>& files);

// ExpectList is the known-failure list of --expect FILE: entries "PATTERN REASON" (a text file,
// one entry a line, '#' starts a comment) or a JSON array of {"vector": PATTERN, "reason": TEXT}.
// An entry may name the result member it expects to differ: "PATTERN differs=MEMBER REASON" (JSON:
// "differs": MEMBER, a path such as "result.outcome.result"); a listed vector then fails unless
// every failing call answered a result that differs from the expected one only inside MEMBER.
struct ExpectEntry {
  std::string pattern, reason;
  std::string differs;   // "result.a.b", or empty: any failure of a listed vector is expected
  std::size_t line = 0;  // 1-based line (text) or array index (JSON)
  bool used = false;
};
struct ExpectList {
  std::string source;
  std::vector<ExpectEntry> entries;
  // find returns the entry matching |keys| (marking it used), or nullptr.
  ExpectEntry* find(const VectorKeys& keys);
  // require_all_used throws InputError naming the first entry that matches no vector of the kit.
  void require_all_used() const;
};

// The largest --expect file read (memory budget, specs/README.md).
inline constexpr std::size_t kMaxExpectListBytes = 1u << 20;

// read_expect_list reads |path|. Throws IoError when unreadable, InputError (naming the line or
// index) when an entry has no reason or the JSON is not an array of such objects.
[[nodiscard]] ExpectList read_expect_list(const std::filesystem::path& path);

}  // namespace fairvec::check
