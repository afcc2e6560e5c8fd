// The flag library of a family: every flag its vector files use and every wrong port those flags
// name, each defined once (specs/CONTRIBUTING.md, "Adding a flag"). A flag is a note of a vector
// file (name, bugType, description); a wrong port is a named, described port bug with what such a
// port answers to each op it applies to. A flag names the wrong ports it catches, and generation
// proves it (vectors/catalog.h): on every case carrying the flag one of them answers otherwise,
// and each catches one of the flag's cases. Across the whole set a flag name has one meaning and a
// wrong port name one port (check_libraries), as Wycheproof's mergeNotes refuses a flag redefined.
// The wrong ports are published with the vectors, so that any harness can tell a failing port
// which known bug its answers match (specs/vector-format.md, "Wrong ports").
#pragma once

#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"
#include "vectors/bug_types.h"

namespace fairvec::vectors {

// Alternative computes what a port with a bug answers to one call of an op: an object of result
// (or trace) members, compared member by member with the op's, or throws InputError where that
// port rejects the input, or answers null where the bug does not change this call.
using Alternative = std::function<json::Value(const rapidjson::Value& params, const Backend& backend)>;
// Property is a claim about a case that is not another port's answer (x = 0, the largest u below
// one): |outputs| holds the test's computed output members (an object; empty for invalid cases).
using Property = std::function<bool(const rapidjson::Value& params, const json::Value& outputs)>;

// WrongPort is one known port bug.
struct WrongPort {
  std::string name;         // kebab-case, one port across the set: "hex-string-key"
  std::string description;  // what such a port does, one line: "HMAC keyed with the seed's hex text"
  // answers gives, per op, that port's answer; an op it does not list it answers as fairvec does.
  std::vector<std::pair<std::string, Alternative>> answers;
};
using WrongPortRef = std::shared_ptr<const WrongPort>;

// FlagDef is one flag as a library defines it: its wrong ports by name and, or instead, a property.
struct FlagDef {
  std::string name;
  BugType bug_type;
  std::string description;
  std::vector<std::string> wrong_ports = {};
  Property holds = {};
};

// Flag is a flag with its wrong ports resolved, as a vector file's catalog uses it.
struct Flag {
  std::string name;
  BugType bug_type;
  std::string description;
  Property holds = {};
  std::vector<WrongPortRef> wrong_ports = {};
};

// FlagLibrary holds a family's flags and wrong ports.
class FlagLibrary {
 public:
  explicit FlagLibrary(std::string family) : family_(std::move(family)) {}

  // port defines a wrong port. Throws std::logic_error on a name defined twice, a name that is not
  // kebab-case, an empty description or no answers: generator bugs.
  FlagLibrary& port(WrongPort w);
  // flag defines a flag. Throws std::logic_error on a name defined twice, an empty description, or
  // a wrong port not defined yet.
  FlagLibrary& flag(FlagDef f);
  // share defines flag |name| as |from| defines it (name, bugType, description: one text for a flag
  // several families use), catching this library's |wrong_ports|. Throws std::logic_error like flag,
  // and when |from| has no such flag.
  FlagLibrary& share(const FlagLibrary& from, std::string_view name, std::vector<std::string> wrong_ports = {});
  // catches adds the wrong ports |wrong_ports| to the flag |name| this library defines. Throws
  // std::logic_error on an undefined flag or wrong port, or a port the flag already has.
  FlagLibrary& catches(std::string_view name, const std::vector<std::string>& wrong_ports);
  // pick returns the flags |names|, in that order, for a vector file's notes. Throws
  // std::logic_error naming a flag the library does not define.
  [[nodiscard]] std::vector<Flag> pick(std::initializer_list<std::string_view> names) const;
  [[nodiscard]] std::vector<Flag> pick(const std::vector<std::string>& names) const;

  [[nodiscard]] const std::string& family() const { return family_; }
  [[nodiscard]] const std::vector<WrongPortRef>& ports() const { return ports_; }
  [[nodiscard]] const std::vector<Flag>& flags() const { return flags_; }
  // find_port returns the wrong port |name|, or nullptr.
  [[nodiscard]] WrongPortRef find_port(std::string_view name) const;

 private:
  std::string family_;
  std::vector<WrongPortRef> ports_;
  std::vector<Flag> flags_;
};

// answer_of returns |w|'s answer function for |op|, or nullptr where it does not list the op.
[[nodiscard]] const Alternative* answer_of(const WrongPort& w, std::string_view op);

// check_libraries checks |libraries| together: a flag name defined by two of them must have the
// same bugType and description there, and no wrong port name may stand in two. Throws
// std::logic_error naming the name and both families.
void check_libraries(const std::vector<const FlagLibrary*>& libraries);

// shared_flags holds the flags several families use, by name, bugType and description only
// (vectors/shared_flags.cc); each family shares them with its own wrong ports. It cannot fail.
[[nodiscard]] const FlagLibrary& shared_flags();

}  // namespace fairvec::vectors
