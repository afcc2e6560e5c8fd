#include "cli/verify/args.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "core/bytes.h"
#include "core/errors.h"
#include "core/files.h"

namespace fairvec::cli::verify {

bool Args::has(std::string_view name) const { return options.find(name) != options.end(); }

std::optional<std::string> Args::value(std::string_view name) const {
  auto it = options.find(name);
  if (it == options.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> Args::values(std::string_view name) const {
  auto it = options.find(name);
  return it == options.end() ? std::vector<std::string>{} : it->second;
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string suggest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_d = 3;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

Args parse_args(const std::vector<std::string>& argv, const std::vector<OptionSpec>& specs) {
  Args out;
  std::vector<std::string> names;
  for (const auto& s : specs) names.push_back("--" + s.name);
  bool options_done = false;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (options_done || a.size() < 2 || a.compare(0, 2, "--") != 0) {
      out.positionals.push_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    const std::size_t eq = a.find('=');
    const std::string name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) {
      const std::string near = suggest("--" + name, names);
      throw InputError("--" + name, "unknown option" + (near.empty() ? "" : "; did you mean " + near + "?"), i);
    }
    if (out.has(name) && !spec->repeatable) {
      throw InputError("--" + name, "given twice (it takes one value)", i);
    }
    std::string value;
    if (!spec->takes_value) {
      if (eq != std::string::npos) throw InputError("--" + name, "is a flag and takes no value", i);
    } else if (eq != std::string::npos) {
      value = a.substr(eq + 1);  // "--opt=" is an empty value, never the next argument
    } else if (i + 1 < argv.size() && argv[i + 1].compare(0, 2, "--") != 0) {
      value = argv[++i];
    } else {
      throw InputError("--" + name, "needs a value (write --" + name + "=VALUE, or --" + name + "= for an empty one)",
                       i);
    }
    out.options[name].push_back(std::move(value));
  }
  return out;
}

std::uint64_t parse_count(std::string_view text, std::string_view field, std::uint64_t lo, std::uint64_t hi) {
  return parse_decimal(text, field, lo, hi);
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (true) {
    const std::size_t end = text.find(',', pos);
    out.emplace_back(text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos));
    if (end == std::string_view::npos) return out;
    pos = end + 1;
  }
}

std::string read_bounded(const std::string& path, std::string_view field, std::size_t max_bytes) {
  // A named file must be a regular file (a FIFO would block the read for ever; core/files.h);
  // standard input, "-", is read as it comes.
  std::FILE* file = stdin;
  if (path != "-") {
    int fd = -1;
    try {
      fd = open_regular_file(path);
    } catch (const IoError& e) {
      throw IoError(std::string(e.what()) + " (" + std::string(field) + ")");
    }
    file = ::fdopen(fd, "rb");
    if (!file) {
      ::close(fd);
      throw IoError("cannot open '" + path + "' (" + std::string(field) + ")");
    }
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(file, path == "-" ? [](std::FILE*) { return 0; } : &std::fclose);
  std::string data;
  char buf[65536];
  while (true) {
    const std::size_t n = std::fread(buf, 1, sizeof buf, f.get());
    data.append(buf, n);
    if (data.size() > max_bytes) {
      throw InputError(std::string(field),
                       "'" + path + "' is larger than the limit of " + std::to_string(max_bytes) + " bytes");
    }
    if (n < sizeof buf) break;
  }
  if (std::ferror(f.get())) throw IoError("cannot read '" + path + "' (" + std::string(field) + ")");
  return data;
}

}  // namespace fairvec::cli::verify
