#include "vectors/flag_check.h"

#include <stdexcept>
#include <utility>

#include "core/errors.h"

namespace fairvec::vectors {

bool caught(const Alternative& alt, const rapidjson::Value& params, const Outcome& o, const Backend& backend,
            const std::string& where) {
  json::Value answer;
  try {
    answer = alt(params, backend);
  } catch (const InputError&) {
    return o.ok;
  }
  if (answer.is_null()) return false;
  if (!o.ok) return true;
  if (!answer.is_object() || answer.as_object().empty())
    throw std::logic_error(where + ": an alternative gave no members");
  for (const auto& [name, v] : answer.as_object()) {
    const json::Value* mine = output_of(o, name);
    if (!mine) throw std::logic_error(where + ": an alternative gave " + name + ", which the op does not output");
    if (json::to_line(*mine) != json::to_line(v)) return true;
  }
  return false;
}

FlagCheck::FlagCheck(std::string file, const std::vector<Flag>& flags) : file_(std::move(file)), all_(flags) {
  for (const auto& f : flags) flags_.emplace(f.name, &f);
}

void FlagCheck::on_case(const std::vector<std::string>& flags, const ops::OpSpec& op, const rapidjson::Value& params,
                        const Outcome& o, const json::Object& outputs, const Backend& backend,
                        const std::string& where) {
  for (const auto& name : flags) {
    auto f = flags_.find(name);
    if (f == flags_.end()) continue;  // the builder reports an undefined flag
    const Flag& flag = *f->second;
    const std::string at = where + ", flag " + name;
    bool any = false;
    for (std::size_t k = 0; k < flag.wrong_ports.size(); ++k) {
      const Alternative* fn = answer_of(*flag.wrong_ports[k], op.name);
      if (!fn) continue;  // a wrong port of another op of the family
      applied_[name].insert(k);
      if (caught(*fn, params, o, backend, at + ", wrong port " + flag.wrong_ports[k]->name)) {
        any = true;
        catches_[name].insert(k);
      }
    }
    if (!flag.wrong_ports.empty() && !any) {
      throw std::logic_error(at + ": no wrong port of the flag answers otherwise");
    }
    if (flag.holds && !flag.holds(params, json::Value(o.ok ? outputs : json::Object{}))) {
      throw std::logic_error(at + ": the flag's property does not hold");
    }
  }
}

void FlagCheck::finish() const {
  for (const auto& f : all_) {
    for (std::size_t k = 0; k < f.wrong_ports.size(); ++k) {
      const auto a = applied_.find(f.name);
      const auto c = catches_.find(f.name);
      if (a != applied_.end() && a->second.count(k) && (c == catches_.end() || !c->second.count(k))) {
        throw std::logic_error(file_ + ", flag " + f.name + ": wrong port " + f.wrong_ports[k]->name +
                               " catches none of the flag's cases");
      }
    }
  }
}

}  // namespace fairvec::vectors
