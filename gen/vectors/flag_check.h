// FlagCheck: the proof, at generation, that a vector file's flags bite (vectors/flags.h): on every
// case carrying a flag one of the flag's wrong ports answers otherwise (or its property holds),
// and each of those wrong ports catches one of the flag's cases. Internal to catalog.cc.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"
#include "ops/op_table.h"
#include "vectors/flags.h"
#include "vectors/op_outcome.h"

namespace fairvec::vectors {

// caught tells whether |alt| (a port with the flag's bug) answers the case otherwise than |o|; an
// alternative that answers null does not apply to the case. Throws std::logic_error naming |where|
// when the alternative gives no members or one the op does not output.
[[nodiscard]] bool caught(const Alternative& alt, const rapidjson::Value& params, const Outcome& o,
                          const Backend& backend, const std::string& where);

// FlagCheck tracks, per flag of the vector file |file|, which of its wrong ports caught one of its
// cases.
class FlagCheck {
 public:
  // FlagCheck keeps a reference to |flags|, which must outlive it (a temporary is refused).
  FlagCheck(std::string file, const std::vector<Flag>& flags);
  FlagCheck(std::string file, std::vector<Flag>&& flags) = delete;
  // on_case checks the case |flags| name (its params, outcome |o| of |op| and computed |outputs|).
  // Throws std::logic_error naming |where| and the flag when no wrong port of a flag with wrong
  // ports answers otherwise, or a flag's property does not hold.
  void on_case(const std::vector<std::string>& flags, const ops::OpSpec& op, const rapidjson::Value& params,
               const Outcome& o, const json::Object& outputs, const Backend& backend, const std::string& where);
  // finish throws std::logic_error naming the first wrong port that applied to a flag's cases and
  // caught none of them.
  void finish() const;

 private:
  std::string file_;
  const std::vector<Flag>& all_;
  std::map<std::string, const Flag*, std::less<>> flags_;
  std::map<std::string, std::set<std::size_t>, std::less<>> catches_;
  std::map<std::string, std::set<std::size_t>, std::less<>> applied_;  // wrong ports that answer a case's op
};

}  // namespace fairvec::vectors
