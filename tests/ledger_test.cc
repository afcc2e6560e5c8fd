// Stable tcIds (specs/vector-format.md, "Stable ids"): the id ledger keeps a test's tcId across
// generations, gives a new test the next id, retires a removed test's id and gives it back only
// to the same test. The last tests run a real vector file through a changed ledger.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "vector_test_util.h"
#include "vectors/ledger.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {
namespace {

using testing::kVectors;

std::vector<long> ids(const Ledger& l) {
  std::vector<long> out;
  for (const auto& e : l.tests) out.push_back(e.tc_id);
  return out;
}

TEST(Ledger, FirstGenerationNumbersInFileOrder) {
  const Ledger l = assign_ids("f_test.json", {"a", "b", "c"}, nullptr);
  EXPECT_EQ(ids(l), (std::vector<long>{1, 2, 3}));
  EXPECT_EQ(l.next_tc_id, 4);
  EXPECT_TRUE(l.retired.empty());
}

TEST(Ledger, AnInsertedTestTakesTheNextIdAndNoOtherIdMoves) {
  const Ledger first = assign_ids("f_test.json", {"a", "b", "c"}, nullptr);
  const Ledger second = assign_ids("f_test.json", {"a", "x", "b", "c"}, &first);
  EXPECT_EQ(ids(second), (std::vector<long>{1, 4, 2, 3}));
  EXPECT_EQ(second.next_tc_id, 5);
}

TEST(Ledger, ARemovedTestsIdIsRetiredAndComesBackOnlyWithIt) {
  const Ledger first = assign_ids("f_test.json", {"a", "b", "c"}, nullptr);
  const Ledger removed = assign_ids("f_test.json", {"a", "c", "y"}, &first);
  EXPECT_EQ(ids(removed), (std::vector<long>{1, 3, 4}));  // y is new: 4, never b's 2
  ASSERT_EQ(removed.retired.size(), 1u);
  EXPECT_EQ(removed.retired[0].key, "b");
  EXPECT_EQ(removed.retired[0].tc_id, 2);
  const Ledger back = assign_ids("f_test.json", {"b", "a", "c", "y"}, &removed);
  EXPECT_EQ(ids(back), (std::vector<long>{2, 1, 3, 4}));
  EXPECT_TRUE(back.retired.empty());
  EXPECT_EQ(back.next_tc_id, 5);
}

TEST(Ledger, TwoTestsWithOneKeyAreAGeneratorBug) {
  EXPECT_THROW((void)assign_ids("f_test.json", {"a", "b", "a"}, nullptr), std::logic_error);
}

TEST(Ledger, KeysIgnoreTopLevelMemberOrderButNotNestedOrder) {
  const json::Object ab{{"a", 1}, {"b", json::Value::object({{"x", 1}, {"y", 2}})}};
  const json::Object ba{{"b", json::Value::object({{"x", 1}, {"y", 2}})}, {"a", 1}};
  const json::Object nested{{"a", 1}, {"b", json::Value::object({{"y", 2}, {"x", 1}})}};
  EXPECT_EQ(test_key("T", {}, ab), test_key("T", {}, ba));
  EXPECT_NE(test_key("T", {}, ab), test_key("T", {}, nested));  // canonical JSON tests are about that order
  EXPECT_NE(test_key("T", {}, ab), test_key("U", {}, ab));
  EXPECT_NE(test_key("T", {{"g", 1}}, ab), test_key("T", {{"g", 2}}, ab));
}

TEST(Ledger, RoundTripsAndNamesTheMemberOfAMalformedFile) {
  Ledger l = assign_ids("f_test.json", {"a", "b"}, nullptr);
  l = assign_ids("f_test.json", {"b", "c"}, &l);
  const Ledger back = read_ledger(json::to_pretty(ledger_json(l)), "ids/f.json");
  EXPECT_EQ(json::to_pretty(ledger_json(back)), json::to_pretty(ledger_json(l)));
  const auto message = [](const std::string& text) {
    try {
      (void)read_ledger(text, "ids/f.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string head = R"({"format":"fairvec-id-ledger","version":1,"file":"f_test.json","nextTcId":3,)";
  EXPECT_NE(
      message(head + R"("tests":[{"tcId":1,"key":"a","answer":""},{"tcId":1,"key":"b","answer":""}],"retired":[]})")
          .find("ids/f.json.tests[1].tcId"),
      std::string::npos);
  EXPECT_NE(message(head + R"("tests":[{"tcId":3,"key":"a","answer":""}],"retired":[]})").find("nextTcId"),
            std::string::npos);
  EXPECT_NE(
      message(head + R"("tests":[],"retired":[{"tcId":1,"key":"a","answer":""},{"tcId":2,"key":"a","answer":""}]})")
          .find("ids/f.json.retired[1].key"),
      std::string::npos);
  EXPECT_NE(message(R"({"format":"other"})").find("format"), std::string::npos);
}

// A real vector file whose ledger lacks its first test (as if that test had just been added to
// the catalog): the test gets nextTcId, and every other test keeps the tcId the committed file has.
TEST(Ledger, ATestAddedToARealCatalogMovesNoOtherId) {
  const VectorKind& kind = all_vector_kinds().front();
  Ledger committed = read_ledger(read_file(kVectors / ledger_path(kind.file)), kind.file);
  ASSERT_GE(committed.tests.size(), 3u);
  Ledger before = committed;
  const LedgerEntry added = before.tests.front();
  before.tests.erase(before.tests.begin());
  Ledger after;
  const json::Value file = kind.generate_ids(&before, &after);
  rapidjson::Document d;
  json::parse(json::to_pretty(file), d, kind.file);
  std::vector<long> got;
  for_each_test(d, [&](const TestRef& t) { got.push_back(tc_id_of(t.test)); });
  ASSERT_EQ(got.size(), committed.tests.size());
  EXPECT_EQ(got.front(), committed.next_tc_id);
  for (std::size_t i = 1; i < got.size(); ++i) EXPECT_EQ(got[i], committed.tests[i].tc_id) << i;
  EXPECT_EQ(after.next_tc_id, committed.next_tc_id + 1);
  EXPECT_EQ(after.tests.front().key, added.key);
}

// The committed ledgers are what a generation from them gives back: every kind, byte for byte.
TEST(Ledger, CommittedLedgersAreAFixedPoint) {
  for (const auto& kind : all_vector_kinds()) {
    const std::filesystem::path path = kVectors / ledger_path(kind.file);
    const Ledger committed = read_ledger(read_file(path), path.string());
    Ledger next;
    (void)kind.generate_ids(&committed, &next);
    EXPECT_EQ(json::to_pretty(ledger_json(next)), read_file(path)) << kind.file;
  }
}

}  // namespace
}  // namespace fairvec::vectors
