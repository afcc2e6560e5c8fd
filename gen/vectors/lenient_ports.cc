#include "vectors/lenient_ports.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>
#include <variant>

#include "ops/op_table.h"

namespace fairvec::vectors {

namespace {

// type_of reads the "type" of a param's schema fragment ("" when it names none: a value of any
// JSON type, or a union).
std::string type_of(const ops::Param& p) {
  const json::Value s = p.kind->schema();
  const json::Value* t = s.is_object() ? s.find("type") : nullptr;
  const std::string* name = t ? std::get_if<std::string>(&t->variant()) : nullptr;
  return name ? *name : std::string();
}

// convert rewrites member |key| of |params| as a port lenient in |how| reads it; returns whether it
// changed anything.
bool convert(rapidjson::Value& params, const std::string& key, const std::string& type, Leniency how,
             rapidjson::Document::AllocatorType& alloc) {
  // HasMember and operator[], not a mutable FindMember compared with MemberEnd (clang 14 -Werror:
  // RapidJSON's mutable member iterators compare ambiguously in C++20).
  if (!params.HasMember(key.c_str())) return false;
  rapidjson::Value& v = params[key.c_str()];
  switch (how) {
    case Leniency::kIntegerAsText: {
      if (type != "integer" || !v.IsString()) return false;
      const std::string text(v.GetString(), v.GetStringLength());
      std::size_t at = text.size() > 1 && text[0] == '-' ? 1 : 0;
      if (text.size() == at || text.size() - at > 18) return false;
      for (std::size_t i = at; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') return false;
      }
      v.SetInt64(std::stoll(text));
      return true;
    }
    case Leniency::kIntegralFloat: {
      if (type != "integer" || !v.IsDouble()) return false;
      const double d = v.GetDouble();
      if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9007199254740991.0) return false;
      v.SetInt64(static_cast<std::int64_t>(d));
      return true;
    }
    case Leniency::kBooleanAsInteger:
      if (type != "integer" || !v.IsBool()) return false;
      v.SetInt64(v.GetBool() ? 1 : 0);
      return true;
    case Leniency::kNumberAsText: {
      if (type != "string" || !v.IsNumber()) return false;
      const std::string text = json::to_line(json::Value::from_rapidjson(v));
      v.SetString(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), alloc);
      return true;
    }
  }
  return false;
}

}  // namespace

WrongPort lenient_port(std::string name, std::string description, Leniency how, const std::vector<std::string>& ops) {
  WrongPort w{std::move(name), std::move(description), {}};
  for (const auto& op_name : ops) {
    const ops::OpSpec* op = ops::table().find(op_name);
    if (!op) throw std::logic_error("wrong port " + w.name + ": no op " + op_name);
    w.answers.emplace_back(op_name, [op, how](const rapidjson::Value& params, const Backend& backend) -> json::Value {
      if (!params.IsObject()) return json::Value();
      auto doc = std::make_unique<rapidjson::Document>();
      doc->CopyFrom(params, doc->GetAllocator());
      bool changed = false;
      for (const ops::Param& p : op->params) {
        if (p.members.empty()) {
          changed = convert(*doc, p.name, type_of(p), how, doc->GetAllocator()) || changed;
        } else {
          for (const ops::Param& m : p.members)
            changed = convert(*doc, m.name, type_of(m), how, doc->GetAllocator()) || changed;
        }
      }
      if (!changed) return json::Value();
      return ops::run(*op, *doc, backend);
    });
  }
  return w;
}

void add_lenient_integer_ports(FlagLibrary& lib, const IntegerPortNames& names, const std::string& what,
                               const std::vector<std::string>& ops) {
  lib.port(lenient_port(names.as_text, "takes a decimal string (\"7\") for " + what, Leniency::kIntegerAsText, ops));
  lib.port(
      lenient_port(names.integral_float, "takes a whole JSON float (7.0) for " + what, Leniency::kIntegralFloat, ops));
  lib.port(
      lenient_port(names.boolean, "takes true and false as 1 and 0 for " + what, Leniency::kBooleanAsInteger, ops));
}

}  // namespace fairvec::vectors
