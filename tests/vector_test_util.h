// Helpers shared by the family tests that read committed vector files (keno_test.cc,
// crash_test.cc): the vectors directory, loading a file, a test's flags, and the InputError check.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include <rapidjson/document.h>

#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"

namespace fairvec::testing {

inline const std::filesystem::path kVectors = FAIRVEC_SOURCE_VECTORS;

// load parses the committed vector file |file|.
inline rapidjson::Document load(const std::string& file) {
  rapidjson::Document d;
  json::parse(read_file(kVectors / file), d, file);
  return d;
}

// has_flag tells whether test |t| carries |flag|.
inline bool has_flag(const rapidjson::Value& t, const char* flag) {
  for (const auto& f : t["flags"].GetArray()) {
    if (std::string(f.GetString()) == flag) return true;
  }
  return false;
}

// expect_error requires |f| to throw InputError naming |field| at |position|.
inline void expect_error(const std::function<void()>& f, const std::string& field,
                         std::optional<std::size_t> position) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one naming " << field;
  } catch (const InputError& e) {
    EXPECT_EQ(e.field(), field) << e.what();
    EXPECT_EQ(e.position(), position) << e.what();
  }
}

}  // namespace fairvec::testing
