#include "vectors/derived.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <variant>

#include <rapidjson/schema.h>

#include "core/errors.h"
#include "core/families.h"
#include "ops/op_table.h"
#include "vectors/catalog.h"
#include "vectors/flag_check.h"
#include "vectors/material.h"
#include "vectors/op_outcome.h"
#include "vectors/wrong_answers.h"

namespace fairvec::vectors {

namespace {

using json::Value;

// ---- What a param's schema fragment declares.

// Shape is what the derivation reads from a param's schema fragment (ops::Kind::schema).
struct Shape {
  std::string type;  // "integer", "string", "array", "number", "" (any)
  std::optional<std::int64_t> min, max;
  std::optional<std::size_t> min_len, max_len, min_items, max_items;
  bool hex = false;        // hex text, either case, whole bytes
  bool lower_hex = false;  // lowercase hex digits only
  std::vector<std::string> names;
};

std::optional<std::int64_t> int_member(const Value& s, std::string_view key) {
  const Value* v = s.find(key);
  if (!v) return std::nullopt;
  if (const auto* i = std::get_if<std::int64_t>(&v->variant())) return *i;
  return std::nullopt;
}

std::optional<std::size_t> size_member(const Value& s, std::string_view key) {
  const auto v = int_member(s, key);
  if (!v || *v < 0) return std::nullopt;
  return static_cast<std::size_t>(*v);
}

Shape shape_of(const ops::Kind& k) {
  const Value s = k.schema();
  Shape out;
  if (!s.is_object()) return out;
  if (const Value* t = s.find("type")) {
    if (const auto* name = std::get_if<std::string>(&t->variant())) out.type = *name;
  }
  out.min = int_member(s, "minimum");
  out.max = int_member(s, "maximum");
  out.min_len = size_member(s, "minLength");
  out.max_len = size_member(s, "maxLength");
  out.min_items = size_member(s, "minItems");
  out.max_items = size_member(s, "maxItems");
  if (const Value* p = s.find("pattern")) {
    const auto* text = std::get_if<std::string>(&p->variant());
    if (text && *text == "^([0-9a-fA-F][0-9a-fA-F])*$") out.hex = true;
    if (text && *text == "^[0-9a-f]{64}$") {
      out.lower_hex = true;
      out.min_len = out.max_len = 64;
    }
  }
  if (const Value* e = s.find("enum"); e && e->is_array()) {
    for (const auto& n : e->as_array()) {
      if (const auto* text = std::get_if<std::string>(&n.variant())) out.names.push_back(*text);
    }
  }
  return out;
}

// schema_accepts tells whether |v| matches |k|'s schema fragment.
bool schema_accepts(const ops::Kind& k, const Value& v) {
  rapidjson::Document sd;
  rapidjson::Value sv = k.schema().to_rapidjson(sd.GetAllocator());
  static_cast<rapidjson::Value&>(sd).Swap(sv);
  const rapidjson::SchemaDocument schema(sd);
  rapidjson::SchemaValidator validator(schema);
  rapidjson::Document d;
  rapidjson::Value dv = v.to_rapidjson(d.GetAllocator());
  return dv.Accept(validator);
}

// Leaf is a top-level member of an op's requests: a param, or a member of a param group.
struct Leaf {
  std::string name;
  ops::KindRef kind;
  bool optional;
  Shape shape;
};

void leaves_of(const std::vector<ops::Param>& params, bool optional, std::vector<Leaf>& out) {
  for (const auto& p : params) {
    if (p.members.empty()) {
      out.push_back({p.name, p.kind, optional || p.optional, shape_of(*p.kind)});
    } else {
      leaves_of(p.members, optional || p.optional, out);
    }
  }
}

std::vector<Leaf> leaves_of(const ops::OpSpec& op) {
  std::vector<Leaf> out;
  leaves_of(op.params, false, out);
  return out;
}

bool in_family(const ops::OpSpec& op, std::string_view family) {
  return op.name == family || (op.name.size() > family.size() && op.name.compare(0, family.size(), family) == 0 &&
                               op.name[family.size()] == '.');
}

std::vector<const ops::OpSpec*> ops_of(std::string_view family) {
  std::vector<const ops::OpSpec*> out;
  for (const auto& op : ops::table().ops()) {
    if (in_family(op, family)) out.push_back(&op);
  }
  return out;
}

json::Object example_of(const ops::OpSpec& op) { return op.examples.front().as_object(); }

Value* find_in(json::Object& o, std::string_view key) {
  for (auto& kv : o) {
    if (kv.first == key) return &kv.second;
  }
  return nullptr;
}

void erase_in(json::Object& o, std::string_view key) {
  o.erase(std::remove_if(o.begin(), o.end(), [&](const auto& kv) { return kv.first == key; }), o.end());
}

void set_in(json::Object& o, const std::string& key, Value v) {
  if (Value* x = find_in(o, key)) {
    *x = std::move(v);
  } else {
    o.emplace_back(key, std::move(v));
  }
}

const std::string* text_of(const Value& v) { return std::get_if<std::string>(&v.variant()); }
const std::int64_t* int_of(const Value& v) { return std::get_if<std::int64_t>(&v.variant()); }

// Text rewriting for near misses and the ports that undo them.

std::string upper(std::string s) {
  for (char& c : s) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  return s;
}
std::string lower(std::string s) {
  for (char& c : s) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return s;
}

// The white space a lenient reader trims: ASCII, NO-BREAK SPACE, IDEOGRAPHIC SPACE, ZERO WIDTH
// NO-BREAK SPACE (a byte order mark) - JavaScript's String.prototype.trim removes all of them.
const char* const kSpaces[] = {" ", "\t", "\n", "\r", "\xc2\xa0", "\xe3\x80\x80", "\xef\xbb\xbf"};

std::string trimmed(std::string s) {
  for (bool again = true; again;) {
    again = false;
    for (const char* sp : kSpaces) {
      const std::string w(sp);
      if (s.size() >= w.size() && s.compare(0, w.size(), w) == 0) {
        s.erase(0, w.size());
        again = true;
      }
      if (s.size() >= w.size() && s.compare(s.size() - w.size(), w.size(), w) == 0) {
        s.erase(s.size() - w.size());
        again = true;
      }
    }
  }
  return s;
}

bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// buffer_hex decodes |s| as Node's Buffer.from(s, "hex") does: byte pairs from the start up to the
// first pair that is not two hex digits (an odd last digit is dropped), written back as hex.
std::string buffer_hex(const std::string& s) {
  std::size_t n = 0;
  while (n + 1 < s.size() && is_hex_digit(s[n]) && is_hex_digit(s[n + 1])) n += 2;
  return s.substr(0, n);
}

// hex_of_length returns |len| hex digits made from |base| (repeated, or cut).
std::string hex_of_length(const std::string& base, std::size_t len) {
  std::string out;
  const std::string b = base.empty() ? std::string("0f") : base;
  while (out.size() < len) out += b;
  return out.substr(0, len);
}

// ---- Nested values: every integer and every option name inside an object or list param.

struct NestedAt {
  std::string path;                // "options.rows", "picks[0]"
  std::vector<std::string> steps;  // keys, and "[i]" for list items
  Value value;
};

void walk(const Value& v, const std::string& path, std::vector<std::string> steps, bool in_object,
          std::vector<NestedAt>& ints, std::vector<NestedAt>& names) {
  if (v.is_object()) {
    for (const auto& [k, x] : v.as_object()) {
      auto s = steps;
      s.push_back(k);
      walk(x, path + "." + k, std::move(s), true, ints, names);
    }
  } else if (v.is_array()) {
    const auto& a = v.as_array();
    for (std::size_t i = 0; i < a.size() && i < 1; ++i) {  // the first item stands for the list
      auto s = steps;
      s.push_back("[" + std::to_string(i) + "]");
      walk(a[i], path + "[" + std::to_string(i) + "]", std::move(s), false, ints, names);
    }
  } else if (int_of(v) && steps.size() > 1) {
    ints.push_back({path, steps, v});
  } else if (const auto* t = text_of(v);
             t && in_object && steps.size() > 1 && !t->empty() &&
             std::all_of(t->begin(), t->end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
    names.push_back({path, steps, v});
  }
}

Value* at_steps(json::Object& params, const std::vector<std::string>& steps) {
  Value* cur = find_in(params, steps.front());
  for (std::size_t i = 1; cur && i < steps.size(); ++i) {
    const std::string& s = steps[i];
    if (s.front() == '[') {
      const std::size_t k = std::stoul(s.substr(1, s.size() - 2));
      cur = cur->is_array() && k < cur->as_array().size() ? &cur->as_array()[k] : nullptr;
    } else {
      cur = cur->is_object() ? find_in(cur->as_object(), s) : nullptr;
    }
  }
  return cur;
}

// ---- The derived wrong ports: realistic request-reading bugs, over a family's ops.

// Change rewrites a request as a port with the bug reads it; returns whether it changed anything.
using Change = std::function<bool(const ops::OpSpec& op, json::Object& params)>;
// Refuse tells whether a port with the bug rejects the request, naming the member in |field|.
using Refuse = std::function<bool(const ops::OpSpec& op, const json::Object& params, std::string& field)>;

Alternative rewriting(const ops::OpSpec* op, Change change) {
  return [op, change](const rapidjson::Value& params, const Backend& b) -> Value {
    if (!params.IsObject()) return {};
    Value v = Value::from_rapidjson(params);
    json::Object o = v.as_object();
    if (!change(*op, o)) return {};
    const rapidjson::Document d = to_document(o);
    return ops::run(*op, d, b);
  };
}

Alternative refusing(const ops::OpSpec* op, Refuse refuse) {
  return [op, refuse](const rapidjson::Value& params, const Backend&) -> Value {
    if (!params.IsObject()) return {};
    const Value v = Value::from_rapidjson(params);
    std::string field;
    if (refuse(*op, v.as_object(), field)) throw InputError(field, "refused by a port with the bug");
    return {};
  };
}

bool falsy(const Value& v) {
  if (v.is_null()) return true;
  if (const auto* b = std::get_if<bool>(&v.variant())) return !*b;
  if (const auto* i = int_of(v)) return *i == 0;
  if (const auto* d = std::get_if<double>(&v.variant())) return *d == 0;
  if (const auto* s = text_of(v)) return s->empty();
  if (v.is_array()) return v.as_array().empty();
  if (v.is_object()) return v.as_object().empty();
  return false;
}

bool empty_value(const Value& v) {
  if (const auto* s = text_of(v)) return s->empty();
  if (v.is_array()) return v.as_array().empty();
  if (v.is_object()) return v.as_object().empty();
  return false;
}

// at_bound tells whether |v| of |leaf| meets its declared maximum (|max|) or minimum exactly, for a
// bound that is not also the other one (a fixed length is no bound to be off by one at).
bool at_bound(const Leaf& leaf, const Value& v, bool max) {
  const Shape& s = leaf.shape;
  if (const auto* i = int_of(v); i && s.type == "integer") {
    // A minimum of 0 met is no off-by-one a port makes (`v > 0` is a check for a count, not for
    // an index or a nonce); reading 0 as missing is falsy-defaulted's bug.
    const auto b = max ? s.max : std::optional<std::int64_t>(s.min.value_or(0));
    if (!max && b && *b < 1) return false;
    return b && *i == *b && !(s.min && s.max && *s.min == *s.max);
  }
  if (const auto* t = text_of(v); t && (s.hex || s.lower_hex)) {
    const auto b = max ? s.max_len : s.min_len;
    return b && t->size() == *b && s.min_len != s.max_len;
  }
  if (v.is_array()) {
    const auto b = max ? s.max_items : s.min_items;
    return b && v.as_array().size() == *b && s.min_items != s.max_items;
  }
  return false;
}

// lenient_nested converts, inside |v| (below the top level), what a lenient reader of kind |how|
// takes for an integer: "7", 7.0, true.
bool lenient_nested(Value& v, int how, bool top) {
  bool changed = false;
  if (v.is_object()) {
    for (auto& kv : v.as_object()) changed = lenient_nested(kv.second, how, false) || changed;
    return changed;
  }
  if (v.is_array()) {
    for (auto& x : v.as_array()) changed = lenient_nested(x, how, false) || changed;
    return changed;
  }
  if (top) return false;
  if (how == 0) {
    const auto* t = text_of(v);
    if (!t || t->empty() || t->size() > 15) return false;
    for (std::size_t i = 0; i < t->size(); ++i) {
      if (!((*t)[i] >= '0' && (*t)[i] <= '9') && !(i == 0 && (*t)[i] == '-' && t->size() > 1)) return false;
    }
    v = Value(static_cast<std::int64_t>(std::stoll(*t)));
    return true;
  }
  if (how == 1) {
    const auto* d = std::get_if<double>(&v.variant());
    if (!d || *d != std::floor(*d) || std::fabs(*d) > 9007199254740991.0) return false;
    v = Value(static_cast<std::int64_t>(*d));
    return true;
  }
  const auto* b = std::get_if<bool>(&v.variant());
  if (!b) return false;
  v = Value(static_cast<std::int64_t>(*b ? 1 : 0));
  return true;
}

bool loosen_names(Value& v) {
  bool changed = false;
  if (v.is_object()) {
    for (auto& kv : v.as_object()) changed = loosen_names(kv.second) || changed;
  } else if (v.is_array()) {
    for (auto& x : v.as_array()) changed = loosen_names(x) || changed;
  } else if (const auto* t = text_of(v)) {
    const std::string n = lower(trimmed(*t));
    if (n != *t) {
      v = Value(n);
      changed = true;
    }
  }
  return changed;
}

// top_lenient is the wrong port of |op| that reads its top-level integer members as a lenient
// reader of kind |how| does (lenient_nested).
Alternative top_lenient(const ops::OpSpec* op, int how) {
  return rewriting(op, [how](const ops::OpSpec& o, json::Object& p) {
    bool changed = false;
    for (const Leaf& l : leaves_of(o)) {
      if (l.shape.type != "integer") continue;
      if (Value* v = find_in(p, l.name)) changed = lenient_nested(*v, how, false) || changed;
    }
    return changed;
  });
}

// rewriting_lists is the wrong port of |op| that rewrites each top-level list param of two or
// more items with |change|, which returns whether it changed the list.
Alternative rewriting_lists(const ops::OpSpec* op, std::function<bool(json::Array&)> change) {
  return rewriting(op, [change](const ops::OpSpec& o, json::Object& p) {
    bool changed = false;
    for (const Leaf& l : leaves_of(o)) {
      Value* v = find_in(p, l.name);
      if (v && v->is_array() && v->as_array().size() >= 2) changed = change(v->as_array()) || changed;
    }
    return changed;
  });
}

// refusing_at_bound is the wrong port of |op| that refuses a member at its declared maximum
// (|max|) or minimum (at_bound), naming it.
Alternative refusing_at_bound(const ops::OpSpec* op, bool max) {
  return refusing(op, [max](const ops::OpSpec& o, const json::Object& p, std::string& field) {
    for (const Leaf& l : leaves_of(o)) {
      for (const auto& [k, v] : p) {
        if (k == l.name && at_bound(l, v, max)) return field = k, true;
      }
    }
    return false;
  });
}

struct PortDef {
  std::string suffix;
  std::string description;
  std::function<Alternative(const ops::OpSpec*)> make;
};

// The derived ports, each applied to every op of a family (named "<family>-<suffix>").
const std::vector<PortDef>& port_defs() {
  static const std::vector<PortDef> kPorts = {
      {"exclusive-maximum",
       "rejects a value at its declared maximum (an integer bound, a hex length, an item count): the check is "
       "`v < max` where the spec says `v <= max`",
       [](const ops::OpSpec* op) { return refusing_at_bound(op, true); }},
      {"exclusive-minimum",
       "rejects a value at its declared minimum (an integer bound of 1 or more, a hex length, an item count): the "
       "check is `v > min` where the spec says `v >= min`",
       [](const ops::OpSpec* op) { return refusing_at_bound(op, false); }},
      {"unchecked-range",
       "does not check declared bounds: an integer out of range is clamped to the nearest bound, hex text or a "
       "list longer than its maximum is cut to it, hex shorter than its minimum is used as it is (answered as if "
       "zero bytes padded it to the minimum, which is what HMAC does with a short key)",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           for (const Leaf& l : leaves_of(o)) {
             Value* v = find_in(p, l.name);
             if (!v) continue;
             const Shape& s = l.shape;
             if (const auto* i = int_of(*v); i && s.type == "integer") {
               const std::int64_t lo = s.min.value_or(0), hi = s.max.value_or(std::numeric_limits<std::int64_t>::max());
               if (*i < lo || *i > hi) {
                 *v = Value(std::clamp(*i, lo, hi));
                 changed = true;
               }
             } else if (const auto* t = text_of(*v);
                        t && (s.hex || s.lower_hex) && s.max_len && t->size() > *s.max_len) {
               *v = Value(t->substr(0, *s.max_len));
               changed = true;
             } else if (t && (s.hex || s.lower_hex) && s.min_len && t->size() < *s.min_len && t->size() % 2 == 0) {
               *v = Value(*t + std::string(*s.min_len - t->size(), '0'));  // zero bytes, as HMAC pads a short key
               changed = true;
             } else if (v->is_array() && s.max_items && v->as_array().size() > *s.max_items) {
               v->as_array().resize(*s.max_items);
               changed = true;
             }
           }
           return changed;
         });
       }},
      {"falsy-defaulted",
       "reads a member that is missing, null, false, 0 or empty as its default (JavaScript's `p.x || d`, Python's "
       "`p.get(x) or d`), the default being the op's example value",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           const json::Object ex = example_of(o);
           for (const Leaf& l : leaves_of(o)) {
             const Value* d = nullptr;
             for (const auto& kv : ex) {
               if (kv.first == l.name) d = &kv.second;
             }
             if (!d || falsy(*d)) continue;
             Value* v = find_in(p, l.name);
             if (v && !falsy(*v)) continue;
             set_in(p, l.name, *d);
             changed = true;
           }
           return changed;
         });
       }},
      {"zero-valued",
       "reads a member that is missing or null as its type's zero value (0, \"\", [], {}), as Go's encoding/json "
       "fills a struct",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           for (const Leaf& l : leaves_of(o)) {
             const Value* v = find_in(p, l.name);
             if (v && !v->is_null()) continue;
             const std::string& t = l.shape.type;
             Value zero;
             if (t == "integer" || t == "number") {
               zero = Value(std::int64_t{0});
             } else if (t == "string") {
               zero = Value("");
             } else if (t == "array") {
               zero = Value(json::Array{});
             } else if (t == "object" ||
                        (t.empty() && l.kind->schema().is_object() && l.kind->schema().as_object().empty())) {
               zero = Value(json::Object{});  // an object param (options, settings)
             } else {
               continue;
             }
             set_in(p, l.name, std::move(zero));
             changed = true;
           }
           return changed;
         });
       }},
      {"reversed-lists",
       "reads every list param in the reverse order (the newest first where the spec lists the oldest first, the "
       "last seat first)",
       [](const ops::OpSpec* op) {
         return rewriting_lists(op, [](json::Array& a) {
           std::reverse(a.begin(), a.end());
           return true;
         });
       }},
      {"sorted-lists",
       "reads every list param as a set, sorted (seats, links, MACs or retries taken in sorted order where the "
       "spec fixes the order given)",
       [](const ops::OpSpec* op) {
         return rewriting_lists(op, [](json::Array& a) {
           json::Array sorted = a;
           std::stable_sort(sorted.begin(), sorted.end(),
                            [](const Value& x, const Value& y) { return json::to_line(x) < json::to_line(y); });
           bool changed = false;
           for (std::size_t i = 0; i < a.size(); ++i)
             changed = changed || json::to_line(a[i]) != json::to_line(sorted[i]);
           a = std::move(sorted);
           return changed;
         });
       }},
      {"null-as-absent", "reads an optional member given as null as if it were absent",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           for (const Leaf& l : leaves_of(o)) {
             const Value* v = find_in(p, l.name);
             if (l.optional && v && v->is_null()) {
               erase_in(p, l.name);
               changed = true;
             }
           }
           return changed;
         });
       }},
      {"optional-required", "rejects a request that leaves out an optional member",
       [](const ops::OpSpec* op) {
         return refusing(op, [](const ops::OpSpec& o, const json::Object& p, std::string& field) {
           for (const Leaf& l : leaves_of(o)) {
             if (!l.optional) continue;
             bool present = false;
             for (const auto& kv : p) present = present || kv.first == l.name;
             if (!present) return field = l.name, true;
           }
           return false;
         });
       }},
      {"empty-rejected", "rejects an empty text, list or object that the spec accepts",
       [](const ops::OpSpec* op) {
         return refusing(op, [](const ops::OpSpec& o, const json::Object& p, std::string& field) {
           for (const Leaf& l : leaves_of(o)) {
             for (const auto& [k, v] : p) {
               if (k == l.name && empty_value(v)) return field = k, true;
             }
           }
           return false;
         });
       }},
      {"nested-integer-as-text",
       "converts text to a number inside object and list params (game options, picks): `Number(options.rows)`",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec&, json::Object& p) {
           bool changed = false;
           for (auto& kv : p) changed = lenient_nested(kv.second, 0, true) || changed;
           return changed;
         });
       }},
      {"nested-integral-float",
       "reads every number inside object and list params as a double and checks only its value (7.0 for 7)",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec&, json::Object& p) {
           bool changed = false;
           for (auto& kv : p) changed = lenient_nested(kv.second, 1, true) || changed;
           return changed;
         });
       }},
      {"nested-boolean-as-integer", "takes true and false for 1 and 0 inside object and list params",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec&, json::Object& p) {
           bool changed = false;
           for (auto& kv : p) changed = lenient_nested(kv.second, 2, true) || changed;
           return changed;
         });
       }},
      {"any-integer-as-text",
       "converts text to a number for every integer member of every op (Number(nonce), parseInt), where the family's "
       "own such port converts only some",
       [](const ops::OpSpec* op) { return top_lenient(op, 0); }},
      {"any-integral-float", "reads every integer member of every op as a double and checks only its value (7.0 for 7)",
       [](const ops::OpSpec* op) { return top_lenient(op, 1); }},
      {"any-boolean-as-integer", "takes true and false for 1 and 0 in every integer member of every op",
       [](const ops::OpSpec* op) { return top_lenient(op, 2); }},
      {"loose-names",
       "reads names (games, conventions, risk levels) trimmed of white space (Unicode's too, as String.trim) and in "
       "lower case",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           for (const Leaf& l : leaves_of(o)) {
             Value* v = find_in(p, l.name);
             if (!v) continue;
             if (!l.shape.names.empty() || l.name == "options") changed = loosen_names(*v) || changed;
           }
           return changed;
         });
       }},
      {"trimmed-hex", "reads hex text trimmed of white space, without a 0x prefix, in either case",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           for (const Leaf& l : leaves_of(o)) {
             Value* v = find_in(p, l.name);
             const std::string* t = v ? text_of(*v) : nullptr;
             if (!t || !(l.shape.hex || l.shape.lower_hex)) continue;
             std::string n = trimmed(*t);
             if (n.size() >= 2 && n[0] == '0' && (n[1] == 'x' || n[1] == 'X')) n.erase(0, 2);
             n = lower(n);
             if (n != *t) {
               *v = Value(n);
               changed = true;
             }
           }
           return changed;
         });
       }},
      {"buffer-hex",
       "decodes hex as Node's Buffer.from(text, 'hex') does: up to the first pair that is not two hex digits, an odd "
       "last digit dropped",
       [](const ops::OpSpec* op) {
         return rewriting(op, [](const ops::OpSpec& o, json::Object& p) {
           bool changed = false;
           for (const Leaf& l : leaves_of(o)) {
             Value* v = find_in(p, l.name);
             const std::string* t = v ? text_of(*v) : nullptr;
             if (!t || !(l.shape.hex || l.shape.lower_hex)) continue;
             const std::string n = lower(buffer_hex(*t));
             if (n != lower(*t)) {
               *v = Value(n);
               changed = true;
             }
           }
           return changed;
         });
       }},
      {"lowercase-hex-only", "rejects hex text in upper case, which the spec accepts",
       [](const ops::OpSpec* op) {
         return refusing(op, [](const ops::OpSpec& o, const json::Object& p, std::string& field) {
           for (const Leaf& l : leaves_of(o)) {
             if (!l.shape.hex) continue;
             for (const auto& [k, v] : p) {
               const std::string* t = text_of(v);
               if (k == l.name && t && lower(*t) != *t) return field = k, true;
             }
           }
           return false;
         });
       }},
  };
  return kPorts;
}

// The derived flags: name, bug type, description, and the suffixes of their wrong ports. The
// top-level JSON kinds are the families' own flags (IntegerAsText, ...: vectors/lenient_ports.h).
struct FlagText {
  const char* name;
  BugType bug_type;
  const char* description;
  std::vector<std::string> ports;
};

const std::vector<FlagText>& flag_texts() {
  static const std::vector<FlagText> k = {
      {"AtMinimum",
       BugType::kBoundary,
       "Derived: a declared minimum met exactly (an integer bound, a hex length, an item count) is valid; catches a "
       "port whose bound check is off by one, or that reads 0 as missing.",
       {"exclusive-minimum", "falsy-defaulted"}},
      {"AtMaximum",
       BugType::kBoundary,
       "Derived: a declared maximum met exactly (an integer bound, a hex length, an item count) is valid; catches a "
       "port whose bound check is off by one.",
       {"exclusive-maximum"}},
      {"BelowMinimum",
       BugType::kBoundary,
       "Derived: one below a declared minimum is bad input naming the member; catches a port that clamps or does not "
       "check.",
       {"unchecked-range", "falsy-defaulted"}},
      {"AboveMaximum",
       BugType::kBoundary,
       "Derived: one above a declared maximum (an integer, one hex byte, one item more) is bad input naming the "
       "member; catches a port that clamps, cuts or does not check.",
       {"unchecked-range"}},
      {"MissingMember",
       BugType::kMissingCheck,
       "Derived: a required member left out is bad input naming it; catches a port that fills in a default or its "
       "type's zero value.",
       {"falsy-defaulted", "zero-valued"}},
      {"NullMember",
       BugType::kMissingCheck,
       "Derived: a member given as null has the answer the spec gives (bad input for a required one); catches a port "
       "that reads null as absent or as a default.",
       {"falsy-defaulted", "zero-valued", "null-as-absent"}},
      {"EmptyMember",
       BugType::kEdgeCase,
       "Derived: an empty text, list or object has the answer the spec gives; catches a port that reads it as "
       "missing or defaulted, or rejects an empty value the spec accepts.",
       {"falsy-defaulted", "empty-rejected"}},
      {"OptionalAbsent",
       BugType::kEdgeCase,
       "Derived: an optional member left out has the answer the spec gives; catches a port that requires it.",
       {"optional-required"}},
      {"NestedIntegerAsText",
       BugType::kMissingCheck,
       "Derived: an integer inside an object or list param (game options, picks) given as a JSON string is bad "
       "input; catches a port that converts text to a number there.",
       {"nested-integer-as-text"}},
      {"NestedIntegralFloat",
       BugType::kMissingCheck,
       "Derived: an integer inside an object or list param given as a whole float (7.0) is bad input; catches a port "
       "that reads numbers there as doubles.",
       {"nested-integral-float"}},
      {"NestedBooleanAsInteger",
       BugType::kMissingCheck,
       "Derived: an integer inside an object or list param given as true or false is bad input; catches a port that "
       "takes booleans for 1 and 0 there.",
       {"nested-boolean-as-integer"}},
      {"NameNearMiss",
       BugType::kMissingCheck,
       "Derived: a name one step from a declared one (another case, white space around it, ASCII or Unicode) is bad "
       "input; catches a port that trims or folds case.",
       {"loose-names"}},
      {"ListOrder",
       BugType::kEdgeCase,
       "Derived: a list param given in the reverse order has the answer the spec gives for that order (the seats, "
       "links or MACs are read in the order given); catches a port that reverses or sorts the list.",
       {"reversed-lists", "sorted-lists"}},
      {"HexNearMiss",
       BugType::kMissingCheck,
       "Derived: hex text one step from a valid one (upper case where the spec accepts it, white space, a 0x prefix, "
       "one digit more or less) has the answer the spec gives; catches a port that trims, strips, truncates or "
       "rejects upper case.",
       {"trimmed-hex", "buffer-hex", "lowercase-hex-only"}},
  };
  return k;
}

std::string port_name(std::string_view family, const std::string& suffix) {
  std::string f(family);
  std::replace(f.begin(), f.end(), '_', '-');
  return f + "-" + suffix;
}

// ---- Features and cases.

// kUncovered: the features no derived case can cover, and why (op, param, rule, value -> reason).
struct Reason {
  const char* op;
  const char* param;
  const char* rule;
  const char* value;
  const char* reason;
};
const Reason kUncovered[] = {
    // The hex of JSON text: a port that drops the odd last digit still refuses the cut text.
    {"canonical_json.hex", "jsonHex", "HexNearMiss", "one digit less",
     "every port refuses it: one that drops the odd last digit reads JSON text cut short"},
    // stake.event's floats must number what the game reads; the kind's bound 64 is above every game's.
    {"stake.event", "floats", "AtMaximum", "64 items",
     "no game reads 64 floats: every port refuses the count (the kind's bound is above every game's)"},
    {"stake.event", "floats", "AboveMaximum", "65 items",
     "no game reads 64 floats: a port that cuts 65 to 64 still refuses the count"},
    // true read as 1 is outside these options' ranges (or changes the floats a game reads).
    {"stake.game", "options.segments (wheel)", "NestedBooleanAsInteger", "true",
     "every port refuses it: true read as 1 is below wheel's 10 segments"},
    {"stake.game", "options.rows (plinko)", "NestedBooleanAsInteger", "true",
     "every port refuses it: true read as 1 is below plinko's 8 rows"},
    {"stake.event", "options.mines (mines)", "NestedBooleanAsInteger", "true",
     "every port refuses it: one mine reads 1 float, and the case gives the floats of 2"},
    // A minimum of 0 that the op's first example already gives: the case is that example, and no
    // port that reads 0 as missing answers otherwise (its default is the example's 0).
    {"cursor.unit", "nonce", "AtMinimum", "0", "the op's example has nonce 0: the case would be the example itself"},
    {"cursor.unit", "cursor", "AtMinimum", "0", "the op's example has cursor 0: the case would be the example itself"},
    {"stake.floats", "nonce", "AtMinimum", "0", "the op's example has nonce 0: the case would be the example itself"},
    {"stake.floats", "cursor", "AtMinimum", "0", "the op's example has cursor 0: the case would be the example itself"},
    // tavla.roll's n is any integer >= 0 by its kind; the op refuses 0 (the first roll is n = 1).
    {"tavla.roll", "n", "BelowMinimum", "-1",
     "every port refuses it: one that clamps -1 to the kind's minimum 0 still refuses n = 0"},
    // Order cases reverse the op's first example, whose list may not tell orders apart.
    {"keno.pick", "links", "ListOrder", "reversed",
     "the example's ten links share their leading 52 bits, so every order draws the same balls; "
     "keno_pick_test.json's pseudorandom links (Pseudorandom, SwapToEnd) are read in the order given"},
    // hmac-dice: recorded must list every roll of the match (schemes.md H7).
    {"hmac_dice.build_link", "rolls", "AtMaximum", "100000",
     "recorded must then list 100000 rolls: a 200000-digit case for one bound"},
    {"hmac_dice.build_link", "rolls", "AboveMaximum", "100001",
     "every port refuses it: one that clamps rolls to 100000 still refuses recorded's count"},
    {"hmac_dice.verify_match", "rolls", "AtMaximum", "100000",
     "recorded must then list 100000 rolls: a 200000-digit case for one bound"},
    {"hmac_dice.verify_match", "rolls", "AboveMaximum", "100001",
     "every port refuses it: one that clamps rolls to 100000 still refuses recorded's count"},
};

// judged_of gives the ops whose answer is a verdict (their files' Judged: hmac_dice_match.cc,
// tavla_verify.cc): a request they answer with a failing verdict is an invalid test, answered.
const Judged* judged_of(const ops::OpSpec& op) {
  static const std::map<std::string, Judged, std::less<>> kJudged = {
      {"hmac_dice.verify_match", Judged{"verdict", {{"seal_mismatch", "seal"}, {"roll_mismatch", "recorded"}}}},
      {"tavla.verify_proof", Judged{"failedCheck"}}};
  auto it = kJudged.find(op.name);
  return it == kJudged.end() ? nullptr : &it->second;
}

struct Candidate {
  const ops::OpSpec* op;
  std::string param, rule, value;
  json::Object params;
  // Expect: what the rule requires of the op's answer.
  enum class Expect { kAny, kRejectNaming, kReject, kSchema } expect;
};

std::string group_type(const ops::OpSpec& op, bool invalid) {
  std::string out;
  bool up = true;
  for (char c : op.name) {
    if (c == '.' || c == '_') {
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out + (invalid ? "DerivedInvalid" : "Derived");
}

// candidates lists the derived cases of |op| on its example |ex_at| before they run; for the first
// example (0) with the nested ones of every example (a nested member only a later one has).
std::vector<Candidate> candidates(const ops::OpSpec& op, const FlagLibrary& lib, std::size_t ex_at) {
  std::vector<Candidate> out;
  const json::Object base = op.examples[ex_at].as_object();
  auto add = [&](const std::string& param, const std::string& rule, json::Object params, Candidate::Expect e,
                 const std::string& value) {
    out.push_back({&op, param, rule, value, std::move(params), e});
  };
  auto with = [&](const std::string& key, Value v) {
    json::Object p = base;
    set_in(p, key, std::move(v));
    return p;
  };
  auto has_flag = [&](std::string_view name) {
    return std::any_of(lib.flags().begin(), lib.flags().end(), [&](const Flag& f) { return f.name == name; });
  };
  using E = Candidate::Expect;
  for (const Leaf& l : leaves_of(op)) {
    const Value* v0 = nullptr;
    for (const auto& kv : base) {
      if (kv.first == l.name) v0 = &kv.second;
    }
    const E schema = l.kind->exact ? E::kSchema : E::kAny;
    // Presence.
    json::Object without = base;
    erase_in(without, l.name);
    if (!l.optional) {
      add(l.name, "MissingMember", without, E::kRejectNaming, "absent");
    } else if (v0) {
      add(l.name, "OptionalAbsent", without, E::kAny, "absent");
    }
    // null is bad input for a required member, unless its kind takes null (tavla's settings: any JSON).
    add(l.name, "NullMember", with(l.name, Value()),
        l.optional || schema_accepts(*l.kind, Value()) ? E::kAny : E::kRejectNaming, "null");
    if (v0 && text_of(*v0)) add(l.name, "EmptyMember", with(l.name, Value("")), schema, "\"\"");
    if (v0 && v0->is_array()) add(l.name, "EmptyMember", with(l.name, Value(json::Array{})), schema, "[]");
    if (v0 && v0->is_object()) add(l.name, "EmptyMember", with(l.name, Value(json::Object{})), schema, "{}");
    const Shape& s = l.shape;
    // Bounds of integers.
    if (s.type == "integer") {
      const std::int64_t lo = s.min.value_or(0);
      add(l.name, "AtMinimum", with(l.name, Value(lo)), E::kAny, std::to_string(lo));
      add(l.name, "BelowMinimum", with(l.name, Value(lo - 1)), E::kRejectNaming, std::to_string(lo - 1));
      if (s.max && *s.max < std::numeric_limits<std::int64_t>::max()) {
        add(l.name, "AtMaximum", with(l.name, Value(*s.max)), E::kAny, std::to_string(*s.max));
        add(l.name, "AboveMaximum", with(l.name, Value(*s.max + 1)), E::kRejectNaming, std::to_string(*s.max + 1));
      }
      if (v0 && int_of(*v0)) {
        const std::int64_t x = *int_of(*v0);
        if (has_flag("IntegerAsText"))
          add(l.name, "IntegerAsText", with(l.name, Value(std::to_string(x))), E::kRejectNaming,
              "\"" + std::to_string(x) + "\"");
        if (has_flag("IntegralFloat"))
          add(l.name, "IntegralFloat", with(l.name, Value(static_cast<double>(x))), E::kRejectNaming,
              std::to_string(x) + ".0");
        if (has_flag("BooleanAsInteger"))
          add(l.name, "BooleanAsInteger", with(l.name, Value(x != 0)), E::kRejectNaming, x != 0 ? "true" : "false");
      }
    }
    // Hex: lengths and near misses.
    if ((s.hex || s.lower_hex) && v0 && text_of(*v0)) {
      const std::string& h = *text_of(*v0);
      // A length bound past kMaxDerivedHex digits is no case for a vector file (canonical_json's
      // 4 MiB of JSON text): its limit is the limits' own (fairvec limits), not derived.
      constexpr std::size_t kMaxDerivedHex = 8192;
      if (s.min_len && s.max_len && *s.min_len != *s.max_len && *s.max_len <= kMaxDerivedHex) {
        add(l.name, "AtMinimum", with(l.name, Value(hex_of_length(h, *s.min_len))), schema,
            std::to_string(*s.min_len / 2) + " bytes");
        add(l.name, "AtMaximum", with(l.name, Value(hex_of_length(h, *s.max_len))), schema,
            std::to_string(*s.max_len / 2) + " bytes");
      }
      if (s.min_len && *s.min_len >= 2)
        add(l.name, "BelowMinimum", with(l.name, Value(hex_of_length(h, *s.min_len - 2))), E::kRejectNaming,
            std::to_string(*s.min_len / 2 - 1) + " bytes");
      if (s.max_len && *s.max_len <= kMaxDerivedHex)
        add(l.name, "AboveMaximum", with(l.name, Value(hex_of_length(h, *s.max_len + 2))), E::kRejectNaming,
            std::to_string(*s.max_len / 2 + 1) + " bytes");
      add(l.name, "HexNearMiss", with(l.name, Value(upper(h))), schema, "upper case");
      add(l.name, "HexNearMiss", with(l.name, Value(" " + h)), schema, "a leading space");
      add(l.name, "HexNearMiss", with(l.name, Value(h + "\n")), schema, "a trailing newline");
      add(l.name, "HexNearMiss", with(l.name, Value("0x" + h)), schema, "a 0x prefix");
      add(l.name, "HexNearMiss", with(l.name, Value(h + "0")), schema, "one digit more");
      // One digit less of a fixed length is refused however a port reads the odd digit: not derived.
      if (!h.empty() && s.min_len != s.max_len)
        add(l.name, "HexNearMiss", with(l.name, Value(h.substr(0, h.size() - 1))), schema, "one digit less");
    }
    // Names.
    if (!s.names.empty() && v0 && text_of(*v0)) {
      const std::string& n = *text_of(*v0);
      add(l.name, "NameNearMiss", with(l.name, Value(upper(n))), E::kRejectNaming, "upper case");
      add(l.name, "NameNearMiss", with(l.name, Value(" " + n)), E::kRejectNaming, "a leading space");
      add(l.name, "NameNearMiss", with(l.name, Value(n + "\xc2\xa0")), E::kRejectNaming, "a trailing U+00A0");
      add(l.name, "NameNearMiss", with(l.name, Value("\xef\xbb\xbf" + n)), E::kRejectNaming, "a leading U+FEFF");
    }
    // Order: the list reversed, answered as the op answers it (a changed answer where the spec
    // fixes the order, the same one where it leaves the order free).
    if (s.type == "array" && v0 && v0->is_array() && v0->as_array().size() >= 2) {
      json::Array r = v0->as_array();
      std::reverse(r.begin(), r.end());
      if (json::to_line(Value(r)) != json::to_line(*v0))
        add(l.name, "ListOrder", with(l.name, Value(r)), E::kAny, "reversed");
    }
    // Item counts.
    if (s.type == "array" && v0 && v0->is_array() && !v0->as_array().empty()) {
      const json::Array& a = v0->as_array();
      auto items = [&](std::size_t n) {
        json::Array out_items;
        for (std::size_t i = 0; i < n; ++i) out_items.push_back(a[i % a.size()]);
        return Value(std::move(out_items));
      };
      constexpr std::size_t kMaxDerivedItems = 65;
      if (s.min_items && s.max_items && *s.min_items != *s.max_items) {
        add(l.name, "AtMinimum", with(l.name, items(*s.min_items)), E::kAny, std::to_string(*s.min_items) + " items");
      }
      // One item short of a fixed count has no answer a port could give in its place: not derived.
      if (s.min_items && *s.min_items > 1 && s.min_items != s.max_items)
        add(l.name, "BelowMinimum", with(l.name, items(*s.min_items - 1)), E::kRejectNaming,
            std::to_string(*s.min_items - 1) + " items");
      if (s.max_items && *s.max_items < kMaxDerivedItems) {
        if (s.min_items != s.max_items)
          add(l.name, "AtMaximum", with(l.name, items(*s.max_items)), E::kAny, std::to_string(*s.max_items) + " items");
        add(l.name, "AboveMaximum", with(l.name, items(*s.max_items + 1)), E::kRejectNaming,
            std::to_string(*s.max_items + 1) + " items");
      }
    }
  }
  // Nested integers and option names, in every example.
  std::set<std::string> seen;
  for (std::size_t e = ex_at; e < (ex_at == 0 ? op.examples.size() : ex_at + 1); ++e) {
    const json::Object ex = op.examples[e].as_object();
    for (const Leaf& l : leaves_of(op)) {
      const Value* v0 = nullptr;
      for (const auto& kv : ex) {
        if (kv.first == l.name) v0 = &kv.second;
      }
      if (!v0 || !(v0->is_object() || v0->is_array())) continue;
      // A kind that takes any JSON value (tavla's settings) declares no nested integers.
      if (l.shape.type.empty()) continue;
      std::vector<NestedAt> ints, names;
      walk(*v0, l.name, {l.name}, false, ints, names);
      // The game an example plays tells its options apart (plinko's rows from wheel's segments).
      std::string where;
      for (const auto& kv : ex) {
        if (kv.first == "game" && text_of(kv.second)) where = " (" + *text_of(kv.second) + ")";
      }
      for (const auto& at : ints) {
        if (!seen.insert(at.path + where).second) continue;
        const std::int64_t x = *int_of(at.value);
        auto nested = [&](Value v) {
          json::Object p = Value(ex).clone().as_object();  // values share subtrees: change a copy
          *at_steps(p, at.steps) = std::move(v);
          return p;
        };
        add(at.path + where, "NestedIntegerAsText", nested(Value(std::to_string(x))), E::kReject,
            "\"" + std::to_string(x) + "\"");
        add(at.path + where, "NestedIntegralFloat", nested(Value(static_cast<double>(x))), E::kReject,
            std::to_string(x) + ".0");
        add(at.path + where, "NestedBooleanAsInteger", nested(Value(x != 0)), E::kReject, x != 0 ? "true" : "false");
      }
      if (l.name != "options") continue;
      for (const auto& at : names) {
        if (!seen.insert("name " + at.path + where).second) continue;
        const std::string& n = *text_of(at.value);
        auto nested = [&](Value v) {
          json::Object p = Value(ex).clone().as_object();  // values share subtrees: change a copy
          *at_steps(p, at.steps) = std::move(v);
          return p;
        };
        add(at.path + where, "NameNearMiss", nested(Value(upper(n))), E::kReject, "upper case");
        add(at.path + where, "NameNearMiss", nested(Value(n + " ")), E::kReject, "a trailing space");
      }
    }
  }
  return out;
}

// contains_key tells whether error field |field| names member |key| ("params.count", "count",
// "clientSeeds[1]", "options.rows").
bool names_member(const std::string& field, const std::string& key) {
  const std::size_t at = field.find(key);
  if (at == std::string::npos) return false;
  const bool start = at == 0 || field[at - 1] == '.';
  const std::size_t end = at + key.size();
  const bool stop = end == field.size() || field[end] == '.' || field[end] == '[';
  return start && stop;
}

// settle runs |c| on its op, searching for a request that meets the op's other conditions: while
// the op refuses it naming another optional member (recorded rolls listing a different count, a
// seed list of another length), that member is left out and the op runs again. Each step removes a
// member, so it ends.
Outcome settle(const ops::OpSpec& op, Candidate& c, const Backend& backend) {
  const auto leaves = leaves_of(op);
  for (;;) {
    const Outcome o = run_op(op, to_document(c.params), backend);
    if (o.ok || names_member(o.field, c.param)) return o;
    const Leaf* other = nullptr;
    for (const Leaf& l : leaves) {
      if (l.optional && l.name != c.param && c.param.rfind(l.name + "[", 0) != 0 && names_member(o.field, l.name) &&
          find_in(c.params, l.name))
        other = &l;
    }
    if (!other) return o;
    erase_in(c.params, other->name);
  }
}

struct Derivation {
  std::vector<Feature> features;
  std::vector<Case> cases;
  std::vector<std::string> flags;                        // the flags the cases use, in first use order
  std::set<std::pair<std::string, std::string>> caught;  // {flag, wrong port} that catch a case
  std::vector<Field> valid_fields;
};

std::string feature_key(const std::string& op, const std::string& param, const std::string& rule,
                        const std::string& value) {
  return op + " " + param + ": " + rule + " " + value;
}

std::map<std::string, const char*> reasons() {
  std::map<std::string, const char*> out;
  for (const Reason& r : kUncovered) {
    if (*r.op) out.emplace(feature_key(r.op, r.param, r.rule, r.value), r.reason);
  }
  return out;
}

// full_libraries holds, per family, its library with every derived port and flag (with_derived
// fills it): the derivation tries them all, the published library keeps those that catch a case.
std::map<std::string, FlagLibrary, std::less<>>& full_libraries() {
  static std::map<std::string, FlagLibrary, std::less<>> k;
  return k;
}

const FlagLibrary* full_library(std::string_view family) {
  auto it = full_libraries().find(family);
  return it == full_libraries().end() ? nullptr : &it->second;
}

const Derivation& derivation(std::string_view family) {
  static std::map<std::string, Derivation, std::less<>> cache;
  if (auto it = cache.find(family); it != cache.end()) return it->second;
  const std::string file = derived_file_name(family);
  // The family's published library (library_of_file) is made by with_derived, which fills the
  // full one first and then derives; asked for by anything else first, make it.
  if (!full_library(family)) (void)library_of_file(file);
  const FlagLibrary* lib = full_library(family);
  if (!lib) throw std::logic_error(file + ": its family has no flag library");
  const Backend& backend = gen_backend();
  const auto why = reasons();
  std::set<std::string> used_reasons;
  Derivation d;
  std::map<std::string, std::size_t> by_params;  // op + params -> case index
  std::string unexplained;
  for (const ops::OpSpec* op : ops_of(family)) {
    std::vector<Case> valid, invalid;
    // Trial is one candidate run: the op's outcome, and whether a wrong port of its rule bites.
    struct Trial {
      Outcome o;
      bool met = true;  // the rule's expectation of the op holds
      bool bites = false;
      std::vector<std::string> caught;
      std::string tried;  // for the message when none bites
    };
    auto trial = [&](Candidate& c) {
      Trial t;
      const std::string where = file + ": " + feature_key(op->name, c.param, c.rule, c.value);
      t.o = settle(*op, c, backend);
      const Outcome& o = t.o;
      const rapidjson::Document params = to_document(c.params);
      // The rule's expectation of the op.
      const Leaf* leaf = nullptr;
      const auto leaves = leaves_of(*op);
      for (const Leaf& l : leaves) {
        if (l.name == c.param) leaf = &l;
      }
      Candidate::Expect e = c.expect;
      if (e == Candidate::Expect::kSchema && leaf) {
        const Value* v = nullptr;
        for (const auto& kv : c.params) {
          if (kv.first == c.param) v = &kv.second;
        }
        e = v && !schema_accepts(*leaf->kind, *v) ? Candidate::Expect::kRejectNaming : Candidate::Expect::kAny;
      }
      if (e == Candidate::Expect::kRejectNaming && (o.ok || !names_member(o.field, c.param))) {
        t.met = false;
        t.tried = "the op must reject it naming " + c.param + ", but " + (o.ok ? "accepts it" : "names " + o.field);
        return t;
      }
      if (e == Candidate::Expect::kReject && o.ok) {
        t.met = false;
        t.tried = "the op must reject it";
        return t;
      }
      // The rule's flag must bite: one of its wrong ports answers otherwise.
      const Flag* flag = nullptr;
      for (const Flag& f : lib->flags()) {
        if (f.name == c.rule) flag = &f;
      }
      if (!flag) throw std::logic_error(where + ": no flag " + c.rule);
      for (const auto& w : flag->wrong_ports) {
        const Alternative* fn = answer_of(*w, op->name);
        if (!fn) continue;
        if (caught(*fn, params, o, backend, where + ", wrong port " + w->name)) {
          t.bites = true;
          t.caught.push_back(w->name);
          continue;
        }
        try {
          t.tried += " " + w->name + " answers " + json::to_line((*fn)(params, backend));
        } catch (const InputError& err) {
          t.tried += " " + w->name + " rejects it: " + err.what();
        }
      }
      return t;
    };
    // The search over the op's examples: a feature the first example cannot show (the op's other
    // conditions refuse it, or no wrong port answers otherwise there) is tried on the others.
    std::vector<std::vector<Candidate>> others;
    for (std::size_t x = 1; x < op->examples.size(); ++x) others.push_back(candidates(*op, *lib, x));
    for (Candidate& first : candidates(*op, *lib, 0)) {
      const std::string key = feature_key(op->name, first.param, first.rule, first.value);
      const std::string where = file + ": " + key;
      Trial t = trial(first);
      Candidate* chosen = &first;
      for (auto& list : others) {
        if (t.met && t.bites) break;
        for (Candidate& alt : list) {
          if (alt.param != first.param || alt.rule != first.rule || alt.value != first.value) continue;
          Trial u = trial(alt);
          if (u.met && u.bites) {
            t = std::move(u);
            chosen = &alt;
          }
          break;
        }
      }
      if (!t.met) throw std::logic_error(where + ": " + t.tried);
      Candidate& c = *chosen;
      const Outcome& o = t.o;
      const bool bites = t.bites;
      const std::string& tried = t.tried;
      for (const auto& w : t.caught) d.caught.emplace(c.rule, w);
      Feature f{op->name, c.param, c.rule, c.value, {}, {}};
      if (!bites) {
        auto r = why.find(key);
        if (r == why.end()) {
          unexplained += "\n  " + where + ": no wrong port of " + c.rule + " tells it apart (" + describe(o) +
                         "; tried:" + tried + ")";
          continue;
        }
        used_reasons.insert(key);
        f.reason = r->second;
        d.features.push_back(std::move(f));
        continue;
      }
      if (why.count(key)) throw std::logic_error(where + ": covered, but kUncovered gives a reason for it");
      const std::string pkey = op->name + " " + json::to_line(Value(c.params));
      if (auto it = by_params.find(pkey); it != by_params.end()) {
        // The same request from two rules: one case carrying both flags.
        auto& cases = it->second & 1 ? invalid : valid;
        Case& same = cases[it->second >> 1];
        if (std::find(same.flags.begin(), same.flags.end(), c.rule) == same.flags.end()) same.flags.push_back(c.rule);
        f.comment = same.comment;
      } else {
        f.comment = key;
        // A judged op's answer that does not verify is an invalid test of its Derived group.
        std::string error = o.ok ? std::string() : o.field;
        if (const Judged* j = judged_of(*op); j && o.ok) error = judged_field(*j, o.result);
        Case cs{group_type(*op, !o.ok), key, {c.rule}, c.params, error, {}};
        auto& cases = o.ok ? valid : invalid;
        by_params.emplace(pkey, (cases.size() << 1) | (o.ok ? 0 : 1));
        cases.push_back(std::move(cs));
      }
      if (std::find(d.flags.begin(), d.flags.end(), c.rule) == d.flags.end()) d.flags.push_back(c.rule);
      d.features.push_back(std::move(f));
    }
    for (auto& c : valid) d.cases.push_back(std::move(c));
    for (auto& c : invalid) d.cases.push_back(std::move(c));
  }
  if (!unexplained.empty())
    throw std::logic_error(file + ": derived features no case covers, without a reason in kUncovered:" + unexplained);
  for (const auto& [key, reason] : why) {
    if (key.rfind(std::string(family), 0) == 0 && !used_reasons.count(key))
      throw std::logic_error(file + ": kUncovered gives a reason for " + key +
                             ", which is not a feature or is covered");
  }
  return cache.emplace(std::string(family), std::move(d)).first->second;
}

}  // namespace

std::string derived_file_name(std::string_view family) { return std::string(family) + "_derived_test.json"; }

std::vector<VectorKind> own_files_of(std::string_view family) {
  std::vector<VectorKind> out = files_of(family);
  std::erase_if(out, [&](const VectorKind& k) { return k.file == derived_file_name(family); });
  return out;
}

const std::vector<Feature>& derived_features(std::string_view family) { return derivation(family).features; }

namespace {

// full_derived returns |lib| with every derived port and flag.
FlagLibrary full_derived(const FlagLibrary& lib) {
  FlagLibrary out = lib;
  const std::vector<const ops::OpSpec*> ops = ops_of(lib.family());
  // The top-level JSON kinds are the families' own flags; the derived ports catch them in every op.
  static const std::pair<const char*, const char*> kTopKinds[] = {{"IntegerAsText", "any-integer-as-text"},
                                                                  {"IntegralFloat", "any-integral-float"},
                                                                  {"BooleanAsInteger", "any-boolean-as-integer"}};
  auto top_flag = [&](const std::string& suffix) -> const char* {
    for (const auto& [flag, s] : kTopKinds) {
      if (suffix == s) return flag;
    }
    return nullptr;
  };
  auto has_flag = [&](std::string_view name) {
    return std::any_of(lib.flags().begin(), lib.flags().end(), [&](const Flag& f) { return f.name == name; });
  };
  for (const PortDef& p : port_defs()) {
    const char* flag = top_flag(p.suffix);
    if (flag && !has_flag(flag)) continue;
    WrongPort w{port_name(lib.family(), p.suffix), p.description, {}};
    for (const ops::OpSpec* op : ops) w.answers.emplace_back(op->name, p.make(op));
    out.port(std::move(w));
  }
  for (const FlagText& f : flag_texts()) {
    std::vector<std::string> ports;
    for (const auto& s : f.ports) ports.push_back(port_name(lib.family(), s));
    out.flag({f.name, f.bug_type, f.description, std::move(ports)});
  }
  for (const auto& [flag, suffix] : kTopKinds) {
    if (has_flag(flag)) out.catches(flag, {port_name(lib.family(), suffix)});
  }
  return out;
}
}  // namespace

FlagLibrary with_derived(const FlagLibrary& lib) {
  const std::string family = lib.family();
  full_libraries().insert_or_assign(family, full_derived(lib));
  const Derivation& d = derivation(family);
  // Published: the family's own ports and flags, and the derived ones that catch a case here.
  std::set<std::string> derived_ports, kept_ports;
  for (const PortDef& p : port_defs()) derived_ports.insert(port_name(family, p.suffix));
  for (const auto& [flag, port] : d.caught) kept_ports.insert(port);
  const FlagLibrary& full = *full_library(family);
  FlagLibrary out(family);
  for (const WrongPortRef& w : full.ports()) {
    if (!derived_ports.count(w->name) || kept_ports.count(w->name)) out.port(*w);
  }
  const auto own = [&](const std::string& name) {
    return std::any_of(lib.flags().begin(), lib.flags().end(), [&](const Flag& f) { return f.name == name; });
  };
  for (const Flag& f : full.flags()) {
    const bool used = std::find(d.flags.begin(), d.flags.end(), f.name) != d.flags.end();
    if (!own(f.name) && !used) continue;  // a derived rule with no case in this family
    std::vector<std::string> ports;
    for (const WrongPortRef& w : f.wrong_ports) {
      if (out.find_port(w->name)) ports.push_back(w->name);
    }
    out.flag({f.name, f.bug_type, f.description, std::move(ports), f.holds});
  }
  return out;
}

VectorKind derived_file(std::string_view family) {
  const std::string file = derived_file_name(family);
  const FlagLibrary* lib = library_of_file(file);
  if (!lib) throw std::logic_error(file + ": its family has no flag library");
  const Family* fam = family_by_id(family);
  std::vector<Group> groups;
  for (const ops::OpSpec* op : ops_of(family)) {
    std::vector<Field> fields;
    for (const auto& r : op->results) {
      if (!r.addition) fields.push_back({.name = r.name});
    }
    if (op->open_results) {
      // The outcome members its examples give (every game's), each written where the op gives it.
      std::set<std::string> have;
      for (const auto& f : fields) have.insert(f.name);
      for (const auto& ex : op->examples) {
        const rapidjson::Document d = to_document(ex.as_object());
        for (const auto& n : op->results_for(ops::read_args(*op, d))) {
          if (have.insert(n).second) fields.push_back({.name = n, .optional = true});
        }
      }
    }
    // A result named as a param (crash.previous's link) is written as "result" + its name.
    for (auto& f : fields) {
      if (!ops::request_member(*op, f.name)) continue;
      f.from = f.name;
      f.name = "result" + f.name;
      f.name[6] = static_cast<char>(std::toupper(static_cast<unsigned char>(f.name[6])));
      if (ops::request_member(*op, f.name))
        throw std::logic_error(file + ": " + op->name + "'s result " + f.from + " is written as " + f.name +
                               ", also a param");
    }
    Group valid{.type = group_type(*op, false), .call = {op->name}, .fields = fields};
    if (const Judged* j = judged_of(*op)) valid.judged = *j;
    groups.push_back(std::move(valid));
    groups.push_back({.type = group_type(*op, true), .call = {op->name}});
  }
  std::vector<std::string> flag_names;
  // The flags in a fixed order: the derived ones, then the families' JSON-kind flags.
  const Derivation& d = derivation(family);
  for (const FlagText& f : flag_texts()) {
    if (std::find(d.flags.begin(), d.flags.end(), f.name) != d.flags.end()) flag_names.emplace_back(f.name);
  }
  for (const char* f : {"IntegerAsText", "IntegralFloat", "BooleanAsInteger"}) {
    if (std::find(d.flags.begin(), d.flags.end(), f) != d.flags.end()) flag_names.emplace_back(f);
  }
  // Each flag with the wrong ports that catch one of its cases here (a port of the family that
  // none of this family's cases can tell apart is no claim of the flag in this file).
  std::vector<Flag> flags = lib->pick(flag_names);
  for (Flag& f : flags) {
    std::erase_if(f.wrong_ports, [&](const WrongPortRef& w) { return !d.caught.count({f.name, w->name}); });
  }
  const std::string fam_name(family);
  return catalog_kind({
      file,
      {(fam ? fam->algorithm : fam_name) +
           " derived edges (specs/derived-edges.md): cases made from what each op of the",
       "op table declares - every declared bound met and passed, every member left out, null or empty, every integer",
       "given as text, a whole float and a boolean (nested ones too), every declared name and hex text one step off.",
       "Each test's comment names its feature: op, param, rule, value; coverage/" + fam_name +
           "_coverage.json lists every feature and the test covering it."},
      flags,
      groups,
      [fam_name](Cases& c) {
        for (const Case& k : derivation(fam_name).cases) {
          if (k.error.empty()) {
            c.valid(k.group, k.comment, k.flags, k.inputs);
          } else {
            c.invalid(k.group, k.comment, k.flags, k.inputs, k.error);
          }
        }
      },
      [fam_name](const Value& tree) {
        std::size_t uncovered = 0;
        const Value report = coverage_report(fam_name, &tree, uncovered);
        if (uncovered) throw std::logic_error(derived_file_name(fam_name) + ": derived features left uncovered");
        return std::vector<std::pair<std::string, std::string>>{
            {"coverage/" + fam_name + "_coverage.json", json::to_pretty(report) + "\n"}};
      },
  });
}

json::Value coverage_report(std::string_view family, const json::Value* file, std::size_t& uncovered) {
  uncovered = 0;
  std::map<std::string, std::int64_t> ids;  // comment -> tcId
  if (file && file->is_object()) {
    if (const Value* groups = file->find("testGroups"); groups && groups->is_array()) {
      for (const auto& g : groups->as_array()) {
        const Value* tests = g.is_object() ? g.find("tests") : nullptr;
        if (!tests || !tests->is_array()) continue;
        for (const auto& t : tests->as_array()) {
          const Value* c = t.is_object() ? t.find("comment") : nullptr;
          const Value* id = t.is_object() ? t.find("tcId") : nullptr;
          if (c && id && text_of(*c) && int_of(*id)) ids.emplace(*text_of(*c), *int_of(*id));
        }
      }
    }
  }
  const std::string file_name = derived_file_name(family);
  json::Array features;
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> per_rule;  // rule -> {features, covered}
  for (const Feature& f : derived_features(family)) {
    json::Object o{{"op", f.op}, {"param", f.param}, {"rule", f.rule}, {"value", f.value}};
    auto& counts = per_rule[f.rule];
    ++counts.first;
    if (!f.reason.empty()) {
      o.emplace_back("reason", f.reason);
      ++counts.second;
    } else if (auto it = ids.find(f.comment); it != ids.end()) {
      o.emplace_back("covered", file_name + "#" + std::to_string(it->second));
      ++counts.second;
    } else {
      o.emplace_back("covered", Value());
      ++uncovered;
    }
    features.emplace_back(std::move(o));
  }
  json::Object rules;
  for (const auto& [rule, c] : per_rule) {
    rules.emplace_back(rule, Value::object({{"features", c.first}, {"coveredOrReasoned", c.second}}));
  }
  const Family* fam = family_by_id(family);
  return Value::object({{"family", fam ? fam->algorithm : std::string(family)},
                        {"file", file_name},
                        {"features", static_cast<std::int64_t>(features.size())},
                        {"uncovered", static_cast<std::int64_t>(uncovered)},
                        {"rules", Value(std::move(rules))},
                        {"list", Value(std::move(features))}});
}

}  // namespace fairvec::vectors
