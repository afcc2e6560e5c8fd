// random_valid_params: random valid inputs from the op table's Kinds (--random of check-port).
#include <exception>
#include <optional>

#include "core/input_rules.h"
#include "ops/op_table.h"

namespace fairvec::ops {

namespace {

// sendable reports whether every string and key in |v| is well-formed UTF-8: a request line
// carrying anything else is not JSON text a port can read. It never throws.
bool sendable(const json::Value& v) {
  if (const auto* s = std::get_if<std::string>(&v.variant())) {
    try {
      fairvec::check_text(*s, "");
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }
  if (v.is_array()) {
    for (const auto& m : v.as_array()) {
      if (!sendable(m)) return false;
    }
  }
  if (v.is_object()) {
    for (const auto& [k, m] : v.as_object()) {
      if (!sendable(json::Value(k)) || !sendable(m)) return false;
    }
  }
  return true;
}

// from_example returns member |name| of one of |op|'s examples, or nullptr when it has none.
const json::Value* from_example(const OpSpec& op, const std::string& name, ByteReader& in) {
  return op.examples[in.pick(op.examples.size())].find(name);
}

// draw_leaf returns a value of leaf |p| that its Kind accepts, or nullopt when no draw was accepted.
std::optional<json::Value> draw_leaf(const Param& p, ByteReader& in) {
  if (p.kind->valid) return p.kind->valid(in);
  for (int i = 0; i < kValidDraws; ++i) {
    json::Value v = p.kind->fuzz(in);
    if (kind_accepts(*p.kind, &v, p.name)) return v;
  }
  return std::nullopt;
}

// put_leaf appends leaf |p| to |o|: drawn, from an example, or (optional, half the time) absent.
// It never throws.
void put_leaf(const OpSpec& op, const Param& p, ByteReader& in, json::Object& o) {
  if (p.optional && in.boolean()) return;
  if (auto v = draw_leaf(p, in)) {
    o.emplace_back(p.name, std::move(*v));
  } else if (const json::Value* e = from_example(op, p.name, in)) {
    o.emplace_back(p.name, *e);
  }
}

// group_accepts reports whether group |g| reads its members from |o|. It never throws.
bool group_accepts(const Param& g, const json::Object& o) {
  json::Value whole{json::Object(o)};
  try {
    rapidjson::Document d;
    rapidjson::Value rv = whole.to_rapidjson(d.GetAllocator());
    (void)g.kind->read(&rv, g.name);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// put_group appends the members of group |g| to |o|, redrawn until the group's read() accepts
// them (at most kValidDraws times), else copied from one example. It never throws.
void put_group(const OpSpec& op, const Param& g, ByteReader& in, json::Object& o) {
  const std::size_t base = o.size();
  for (int i = 0; i < kValidDraws; ++i) {
    o.resize(base);
    for (const Param& m : g.members) {
      if (m.members.empty()) {
        put_leaf(op, m, in, o);
      } else {
        put_group(op, m, in, o);
      }
    }
    if (group_accepts(g, o)) return;
  }
  o.resize(base);  // no draw fitted together: the members of one example
  const json::Value& e = op.examples[in.pick(op.examples.size())];
  for (const Param& m : g.members) {
    if (const json::Value* v = e.find(m.name)) o.emplace_back(m.name, *v);
  }
}

}  // namespace

KindRef with_valid(const KindRef& k, std::function<json::Value(ByteReader&)> valid) {
  auto copy = std::make_shared<Kind>(*k);
  copy->valid = std::move(valid);
  return copy;
}

bool kind_accepts(const Kind& k, const json::Value* v, const std::string& key) {
  if (v && !sendable(*v)) return false;
  if (!k.read) return true;
  try {
    if (!v) {
      (void)k.read(nullptr, key);
    } else {
      rapidjson::Document d;
      rapidjson::Value rv = v->to_rapidjson(d.GetAllocator());
      (void)k.read(&rv, key);
    }
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

const Param* request_member(const OpSpec& op, std::string_view name) {
  for (const Param& p : op.params) {
    if (p.members.empty() && p.name == name) return &p;
    for (const Param& m : p.members) {
      if (m.name == name) return &m;
    }
  }
  return nullptr;
}

json::Value random_valid_params(const OpSpec& op, ByteReader& in) {
  json::Object o;
  for (const Param& p : op.params) {
    if (p.members.empty()) {
      put_leaf(op, p, in, o);
    } else {
      put_group(op, p, in, o);
    }
  }
  return json::Value(std::move(o));
}

}  // namespace fairvec::ops
