#include "vectors/op_outcome.h"

#include <stdexcept>

#include "core/errors.h"

namespace fairvec::vectors {

rapidjson::Document to_document(const json::Object& o) {
  rapidjson::Document d;
  rapidjson::Value tmp = json::Value(o).to_rapidjson(d.GetAllocator());
  static_cast<rapidjson::Value&>(d).Swap(tmp);
  return d;
}

Outcome run_op(const ops::OpSpec& op, const rapidjson::Value& params, const Backend& backend, const TraceHook& trace) {
  try {
    const ops::Args args = ops::read_args(op, params);
    Outcome o;
    o.ok = true;
    o.result = op.handler(args, backend);
    if (trace) {
      o.trace = trace(params, backend);
    } else if (op.trace) {
      o.trace = op.trace(args, backend);
    }
    return o;
  } catch (const InputError& e) {
    Outcome o;
    o.field = e.field();
    o.position = e.position();
    o.message = e.what();
    return o;
  }
}

const json::Value* output_of(const Outcome& o, std::string_view name) {
  if (const json::Value* v = o.result.is_object() ? o.result.find(name) : nullptr) return v;
  return o.trace.is_object() ? o.trace.find(name) : nullptr;
}

std::string describe(const Outcome& o) {
  if (!o.ok) return "error " + o.field + (o.position ? " at " + std::to_string(*o.position) : "") + ": " + o.message;
  return json::to_line(o.result) + (o.trace.is_object() ? " trace " + json::to_line(o.trace) : "");
}

Outcome run_agreed(const ops::OpSpec& op, const rapidjson::Value& params, std::span<const Backend* const> backends,
                   const TraceHook& trace, const std::string& where) {
  const Outcome o = run_op(op, params, *backends[0], trace);
  for (std::size_t i = 1; i < backends.size(); ++i) {
    const Outcome other = run_op(op, params, *backends[i], trace);
    if (describe(other) != describe(o)) {
      throw std::logic_error(where + ": backends disagree on " + op.name + ": " + describe(o) + " vs " +
                             describe(other));
    }
  }
  return o;
}

}  // namespace fairvec::vectors
