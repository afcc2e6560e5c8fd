#include "vectors/flags.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace fairvec::vectors {

namespace {

bool kebab(std::string_view s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

}  // namespace

FlagLibrary& FlagLibrary::port(WrongPort w) {
  const std::string where = family_ + " flag library: wrong port " + w.name;
  if (!kebab(w.name)) throw std::logic_error(where + ": the name is not kebab-case");
  if (find_port(w.name)) throw std::logic_error(where + ": defined twice");
  if (w.description.empty()) throw std::logic_error(where + ": no description");
  if (w.answers.empty()) throw std::logic_error(where + ": answers no op");
  ports_.push_back(std::make_shared<const WrongPort>(std::move(w)));
  return *this;
}

FlagLibrary& FlagLibrary::flag(FlagDef f) {
  const std::string where = family_ + " flag library: flag " + f.name;
  if (std::any_of(flags_.begin(), flags_.end(), [&](const Flag& g) { return g.name == f.name; })) {
    throw std::logic_error(where + ": defined twice");
  }
  if (f.description.empty()) throw std::logic_error(where + ": no description");
  Flag out{f.name, f.bug_type, f.description, f.holds, {}};
  for (const auto& name : f.wrong_ports) {
    WrongPortRef w = find_port(name);
    if (!w) throw std::logic_error(where + ": names the undefined wrong port " + name);
    out.wrong_ports.push_back(std::move(w));
  }
  flags_.push_back(std::move(out));
  return *this;
}

FlagLibrary& FlagLibrary::share(const FlagLibrary& from, std::string_view name, std::vector<std::string> wrong_ports) {
  for (const Flag& f : from.flags()) {
    if (f.name == name) return flag({f.name, f.bug_type, f.description, std::move(wrong_ports), f.holds});
  }
  throw std::logic_error(family_ + " flag library: " + from.family() + " has no flag " + std::string(name) +
                         " to share");
}

FlagLibrary& FlagLibrary::catches(std::string_view name, const std::vector<std::string>& wrong_ports) {
  const std::string where = family_ + " flag library: flag " + std::string(name);
  auto it = std::find_if(flags_.begin(), flags_.end(), [&](const Flag& f) { return f.name == name; });
  if (it == flags_.end()) throw std::logic_error(where + ": not defined");
  for (const auto& port : wrong_ports) {
    WrongPortRef w = find_port(port);
    if (!w) throw std::logic_error(where + ": names the undefined wrong port " + port);
    if (std::find(it->wrong_ports.begin(), it->wrong_ports.end(), w) != it->wrong_ports.end())
      throw std::logic_error(where + ": has the wrong port " + port + " already");
    it->wrong_ports.push_back(std::move(w));
  }
  return *this;
}

std::vector<Flag> FlagLibrary::pick(std::initializer_list<std::string_view> names) const {
  return pick(std::vector<std::string>(names.begin(), names.end()));
}

std::vector<Flag> FlagLibrary::pick(const std::vector<std::string>& names) const {
  std::vector<Flag> out;
  for (const auto& name : names) {
    auto it = std::find_if(flags_.begin(), flags_.end(), [&](const Flag& f) { return f.name == name; });
    if (it == flags_.end()) throw std::logic_error(family_ + " flag library: no flag " + name);
    out.push_back(*it);
  }
  return out;
}

WrongPortRef FlagLibrary::find_port(std::string_view name) const {
  for (const auto& w : ports_) {
    if (w->name == name) return w;
  }
  return nullptr;
}

const Alternative* answer_of(const WrongPort& w, std::string_view op) {
  for (const auto& [name, fn] : w.answers) {
    if (name == op) return &fn;
  }
  return nullptr;
}

void check_libraries(const std::vector<const FlagLibrary*>& libraries) {
  std::map<std::string, std::pair<const FlagLibrary*, const Flag*>> flags;
  std::map<std::string, const FlagLibrary*> ports;
  for (const FlagLibrary* lib : libraries) {
    for (const Flag& f : lib->flags()) {
      auto [it, fresh] = flags.emplace(f.name, std::make_pair(lib, &f));
      if (!fresh && (it->second.second->bug_type != f.bug_type || it->second.second->description != f.description)) {
        throw std::logic_error("flag " + f.name + " has two meanings: " + it->second.first->family() +
                               " defines it as '" + it->second.second->description + "', " + lib->family() + " as '" +
                               f.description + "'");
      }
    }
    for (const auto& w : lib->ports()) {
      auto [it, fresh] = ports.emplace(w->name, lib);
      if (!fresh)
        throw std::logic_error("wrong port " + w->name + " is defined by " + it->second->family() + " and " +
                               lib->family());
    }
  }
}

}  // namespace fairvec::vectors
