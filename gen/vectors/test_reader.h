// The one toolkit every family's checker uses to read a test of a loaded vector file and compare
// it with computed values: typed member access naming the test's path, port params copied from
// test members, comparisons that name the first differing member, and the invalid-test rule (the
// error must name the test's `error` field, and its `errorPosition` where the test has one); and
// upper, for the generators' inputs written in capitals. The catalog (vectors/catalog.h) builds on it.
#pragma once

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

// test_member returns the test's member |key|. Throws InputError naming "<path>.<key>" when absent.
[[nodiscard]] const rapidjson::Value& test_member(const TestRef& t, std::string_view key);
// test_string returns the test's string member |key|. Throws InputError when absent or not a string.
[[nodiscard]] std::string test_string(const TestRef& t, std::string_view key);
// test_value copies the test's member |key| into a json::Value. Throws InputError when absent.
[[nodiscard]] json::Value test_value(const TestRef& t, std::string_view key);
// group_type returns the `type` of the test's group. Throws InputError when absent.
[[nodiscard]] std::string group_type(const TestRef& t);
// is_invalid tells whether the test's `result` is "invalid".
[[nodiscard]] bool is_invalid(const TestRef& t);

// member_of returns the member |name| of |o| (a test's or a group's members, as the catalog holds
// them). Throws InputError naming "<path>.<name>" when absent.
[[nodiscard]] const json::Value& member_of(const json::Object& o, std::string_view name, std::string_view path);
// strings_of reads |v| (the member |field|) as an array of strings. Throws InputError naming |field|
// (or "<field>[i]") otherwise.
[[nodiscard]] std::vector<std::string> strings_of(const json::Value& v, std::string_view field);

// string_items reads the JSON array |a| (the member |field|) as strings. Throws InputError naming
// |field| when it is not an array or, with |count|, does not hold exactly |count| entries, and
// naming "<field>[i]" for an entry that is not a string.
[[nodiscard]] std::vector<std::string> string_items(const rapidjson::Value& a, std::string_view field,
                                                    std::optional<std::size_t> count = std::nullopt);

// params_of copies the named test members, each required, into a port params object.
[[nodiscard]] json::Value params_of(const TestRef& t, std::initializer_list<const char*> keys);
// expect_equal returns "" when |expected| equals |actual| (json::equal: doubles bit-exact), else
// "<what>: expected …, got …".
[[nodiscard]] std::string expect_equal(std::string_view what, const rapidjson::Value& expected,
                                       const json::Value& actual);
// expect_member compares the test's member |key| with |actual| (a missing member is a failure).
[[nodiscard]] std::string expect_member(const TestRef& t, std::string_view key, const json::Value& actual);
// expect_error runs |f| and returns "" when it throws InputError naming the test's `error` field
// and, when the test carries `errorPosition`, that position (null: none); else what differed.
[[nodiscard]] std::string expect_error(const TestRef& t, const std::function<void()>& f);

// ok_call and bad_call build the port call a test implies: an expected result, or bad_input.
[[nodiscard]] PortCall ok_call(std::string op, json::Value params, json::Value result);
[[nodiscard]] PortCall bad_call(std::string op, json::Value params);
// upper returns |s| with the ASCII letters a-z in capitals. It cannot fail.
[[nodiscard]] std::string upper(std::string s);

}  // namespace fairvec::vectors
