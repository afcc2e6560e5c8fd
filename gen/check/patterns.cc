#include "check/patterns.h"

#include <fnmatch.h>

#include <cctype>
#include <sstream>

#include <rapidjson/document.h>

#include "check/text_safety.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"

namespace fairvec::check {

bool glob_match(const std::string& pattern, const std::string& name) {
  return ::fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

namespace {

bool any_key_matches(const std::string& pattern, const VectorKeys& k) {
  if (glob_match(pattern, k.id) || glob_match(pattern, k.file) || glob_match(pattern, k.family)) return true;
  for (const auto& o : k.ops) {
    if (glob_match(pattern, o)) return true;
  }
  for (const auto& f : k.flags) {
    if (glob_match(pattern, f)) return true;
  }
  return false;
}

}  // namespace

PatternSet::PatternSet(std::string option, std::vector<std::string> patterns)
    : option_(std::move(option)), patterns_(std::move(patterns)), used_(patterns_.size(), false) {
  for (std::size_t i = 0; i < patterns_.size(); ++i) {
    if (patterns_[i].empty()) throw InputError(option_, "empty pattern (argument " + std::to_string(i + 1) + ")");
  }
}

const std::string* PatternSet::first_match(const std::function<bool(const std::string&)>& matches) {
  const std::string* first = nullptr;
  for (std::size_t i = 0; i < patterns_.size(); ++i) {
    if (matches(patterns_[i])) {
      used_[i] = true;
      if (!first) first = &patterns_[i];
    }
  }
  return first;
}

const std::string* PatternSet::matches(const VectorKeys& keys) {
  return first_match([&](const std::string& p) { return any_key_matches(p, keys); });
}

const std::string* PatternSet::matches_name(const std::string& name) {
  return first_match([&](const std::string& p) { return glob_match(p, name); });
}

void PatternSet::require_all_used() const {
  for (std::size_t i = 0; i < patterns_.size(); ++i) {
    if (!used_[i]) throw InputError(option_, "pattern '" + patterns_[i] + "' matches nothing");
  }
}

std::set<std::string> select_files(const std::string& option, const std::vector<std::string>& patterns,
                                   const std::vector<std::string>& files) {
  PatternSet set(option, patterns);
  std::set<std::string> out;
  for (const auto& f : files) {
    if (set.empty() || set.matches_name(f)) out.insert(f);
  }
  set.require_all_used();
  return out;
}

namespace {

// check_differs throws InputError naming |where| unless |m| is "result" or "result." followed by
// member names (letters, digits, '_') separated by '.'.
void check_differs(const std::string& m, const std::string& where) {
  bool ok = m.rfind("result", 0) == 0 && (m.size() == 6 || m[6] == '.');
  for (std::size_t i = 7, part = 0; ok && i <= m.size(); ++i, ++part) {
    if (i == m.size() || m[i] == '.') {
      ok = part > 0;
      part = static_cast<std::size_t>(-1);
    } else if (!(std::isalnum(static_cast<unsigned char>(m[i])) || m[i] == '_')) {
      ok = false;
    }
  }
  if (!ok) throw InputError(where, "differs=" + m + " is no result member path (result.name[.name...])");
}

}  // namespace

ExpectEntry* ExpectList::find(const VectorKeys& keys) {
  ExpectEntry* first = nullptr;
  for (auto& e : entries) {
    if (any_key_matches(e.pattern, keys)) {
      e.used = true;
      if (!first) first = &e;
    }
  }
  return first;
}

void ExpectList::require_all_used() const {
  for (const auto& e : entries) {
    if (!e.used) {
      throw InputError("--expect " + source,
                       "entry " + std::to_string(e.line) + " ('" + e.pattern + "') matches no vector (stale entry?)");
    }
  }
}

ExpectList read_expect_list(const std::filesystem::path& path) {
  ExpectList list;
  list.source = path.string();
  const std::string text = read_file(path, kMaxExpectListBytes);
  std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{')) {
    rapidjson::Document d;
    json::parse(text, d, "--expect " + list.source);
    if (!d.IsArray()) throw InputError("--expect " + list.source, "not a JSON array");
    for (rapidjson::SizeType i = 0; i < d.Size(); ++i) {
      const std::string at = "[" + std::to_string(i) + "]";
      if (!d[i].IsObject()) throw InputError("--expect " + list.source + at, "not an object");
      ExpectEntry e{json::get_string(d[i], "vector", at), json::get_string(d[i], "reason", at), {}, i};
      if (e.pattern.empty() || e.reason.empty()) {
        throw InputError("--expect " + list.source + at, "vector and reason must not be empty");
      }
      if (d[i].HasMember("differs")) {
        e.differs = json::get_string(d[i], "differs", at);
        check_differs(e.differs, "--expect " + list.source + at + ".differs");
      }
      list.entries.push_back(std::move(e));
    }
    return list;
  }
  std::istringstream in(text);
  std::string line;
  for (std::size_t n = 1; std::getline(in, line); ++n) {
    // A reason is shown in every report, so it must be text: UTF-8, like every input fairvec reads.
    if (const auto bad = first_invalid_utf8(line)) {
      throw InputError("--expect " + list.source + ":" + std::to_string(n),
                       "not UTF-8 (byte " + std::to_string(*bad + 1) + " of the line); save the file as UTF-8");
    }
    // '#' starts a comment only at the start of a line or after blank space: ids contain "#".
    for (std::size_t hash = line.find('#'); hash != std::string::npos; hash = line.find('#', hash + 1)) {
      if (hash == 0 || line[hash - 1] == ' ' || line[hash - 1] == '\t') {
        line.erase(hash);
        break;
      }
    }
    std::size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos) continue;
    std::size_t e = line.find_first_of(" \t", b);
    std::size_t r = e == std::string::npos ? std::string::npos : line.find_first_not_of(" \t\r", e);
    if (r == std::string::npos) {
      throw InputError("--expect " + list.source + ":" + std::to_string(n), "entry has no reason (PATTERN REASON)");
    }
    std::string reason = line.substr(r);
    while (!reason.empty() && (reason.back() == '\r' || reason.back() == ' ' || reason.back() == '\t'))
      reason.pop_back();
    std::string differs;
    if (reason.rfind("differs=", 0) == 0) {
      const std::size_t end = reason.find_first_of(" \t");
      const std::size_t rest = end == std::string::npos ? std::string::npos : reason.find_first_not_of(" \t", end);
      if (rest == std::string::npos) {
        throw InputError("--expect " + list.source + ":" + std::to_string(n),
                         "entry has no reason after differs= (PATTERN differs=MEMBER REASON)");
      }
      differs = reason.substr(8, end - 8);
      check_differs(differs, "--expect " + list.source + ":" + std::to_string(n));
      reason = reason.substr(rest);
    }
    list.entries.push_back({line.substr(b, e - b), reason, differs, n});
  }
  return list;
}

}  // namespace fairvec::check
