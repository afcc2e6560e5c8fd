// Running an op for the catalog (vectors/catalog.h): the one conversion between the catalog's JSON
// model and the op's, and the outcome on one backend or agreed by all. Internal to the vectors
// layer (catalog.cc, flag_check.cc).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "core/crypto.h"
#include "core/json.h"
#include "ops/op_table.h"

namespace fairvec::vectors {

// to_document converts |o| into a RapidJSON document (the op's params). It cannot fail (but for memory).
[[nodiscard]] rapidjson::Document to_document(const json::Object& o);

// Outcome is what an op made of a params object: its result and trace, or the InputError.
struct Outcome {
  bool ok = false;
  json::Value result;
  json::Value trace;
  std::string field;
  std::optional<std::size_t> position;
  std::string message;
};

// TraceHook computes a group's own trace in place of the op's (vectors/catalog.h, hooks.trace).
using TraceHook = std::function<json::Value(const rapidjson::Value& params, const Backend& backend)>;

// run_op runs |op| on |params|: an InputError becomes a rejecting Outcome; anything else propagates.
[[nodiscard]] Outcome run_op(const ops::OpSpec& op, const rapidjson::Value& params, const Backend& backend,
                             const TraceHook& trace = {});

// output_of returns the member |name| of the result or, failing that, of the trace (nullptr: none).
[[nodiscard]] const json::Value* output_of(const Outcome& o, std::string_view name);

// describe renders |o| on one line, to compare outcomes and name them in errors. It cannot fail.
[[nodiscard]] std::string describe(const Outcome& o);

// run_agreed runs |op| on the first backend and returns its outcome after checking that every other
// backend gives the same. Throws std::logic_error naming |where| when they disagree.
[[nodiscard]] Outcome run_agreed(const ops::OpSpec& op, const rapidjson::Value& params,
                                 std::span<const Backend* const> backends, const TraceHook& trace,
                                 const std::string& where);

}  // namespace fairvec::vectors
