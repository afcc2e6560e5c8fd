// Helpers shared by the tavla-commit-v1 and canonical JSON tests (tavla_test.cc,
// canonical_json_test.cc, tavla_vectors_test.cc): the vectors directory and error_of.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <optional>

#include "core/errors.h"

namespace fairvec::tavla_testing {

inline const std::filesystem::path kVectors = FAIRVEC_SOURCE_VECTORS;

// error_of runs |f| and returns the InputError it throws (fails the test when none is thrown).
inline std::optional<InputError> error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return std::nullopt;
}

}  // namespace fairvec::tavla_testing
