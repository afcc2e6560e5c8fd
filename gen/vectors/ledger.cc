#include "vectors/ledger.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include <rapidjson/document.h>

#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"

namespace fairvec::vectors {

namespace {

// sorted returns the object |o| with its members in key order, so that a digest does not depend on
// the order a generator writes a test's or group's members in. Nested values keep their order: the
// order of an object inside an input can be what a test is about (canonical JSON, tavla settings).
json::Value sorted(json::Object o) {
  std::sort(o.begin(), o.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return json::Value(std::move(o));
}

std::string digest(const std::string& text) { return to_hex(default_backend().sha256(text)).substr(0, 32); }

json::Value entry_json(const LedgerEntry& e) {
  return json::Value::object({{"tcId", static_cast<std::int64_t>(e.tc_id)}, {"key", e.key}, {"answer", e.answer}});
}

LedgerEntry read_entry(const rapidjson::Value& v, const std::string& where) {
  if (!v.IsObject()) throw InputError(where, "must be an object");
  LedgerEntry e;
  e.tc_id = static_cast<long>(json::get_int(v, "tcId", where));
  e.key = json::get_string(v, "key", where);
  e.answer = json::get_string(v, "answer", where);
  if (e.tc_id < 1) throw InputError(where + ".tcId", "must be 1 or more");
  return e;
}

}  // namespace

std::string test_key(std::string_view type, const json::Object& members, const json::Object& inputs) {
  return digest(std::string(type) + "\n" + json::to_line(sorted(members)) + "\n" + json::to_line(sorted(inputs)));
}

std::string answer_digest(const json::Object& test) {
  json::Object rest;
  for (const auto& kv : test) {
    if (kv.first != "tcId" && kv.first != "comment" && kv.first != "flags") rest.push_back(kv);
  }
  return digest(json::to_line(sorted(std::move(rest))));
}

Ledger assign_ids(const std::string& file, const std::vector<std::string>& keys, const Ledger* previous) {
  Ledger out;
  out.file = file;
  std::map<std::string, const LedgerEntry*> known;
  if (previous) {
    for (const auto& e : previous->tests) known.emplace(e.key, &e);
    for (const auto& e : previous->retired) known.emplace(e.key, &e);  // a test back again gets its old id
    out.next_tc_id = previous->next_tc_id;
  }
  std::set<std::string> seen;
  for (const auto& key : keys) {
    if (!seen.insert(key).second)
      throw std::logic_error(file + ": two tests have the key " + key + " (a duplicate test)");
    auto it = known.find(key);
    out.tests.push_back({it != known.end() ? it->second->tc_id : out.next_tc_id++, key, {}});
  }
  if (previous) {
    for (const auto* list : {&previous->tests, &previous->retired}) {
      for (const auto& e : *list) {
        if (!seen.count(e.key)) out.retired.push_back(e);
      }
    }
    std::sort(out.retired.begin(), out.retired.end(), [](const auto& a, const auto& b) { return a.tc_id < b.tc_id; });
  }
  return out;
}

json::Value ledger_json(const Ledger& l) {
  json::Array tests, retired;
  for (const auto& e : l.tests) tests.push_back(entry_json(e));
  for (const auto& e : l.retired) retired.push_back(entry_json(e));
  return json::Value::object({{"format", "fairvec-id-ledger"},
                              {"version", 1},
                              {"file", l.file},
                              {"nextTcId", static_cast<std::int64_t>(l.next_tc_id)},
                              {"tests", json::Value(std::move(tests))},
                              {"retired", json::Value(std::move(retired))}});
}

Ledger read_ledger(std::string_view text, const std::string& what) {
  rapidjson::Document d;
  json::parse(text, d, what);
  if (!d.IsObject()) throw InputError(what, "must be a JSON object");
  if (json::get_string(d, "format", what) != "fairvec-id-ledger")
    throw InputError(what + ".format", "must be fairvec-id-ledger");
  if (json::get_int(d, "version", what) != 1) throw InputError(what + ".version", "must be 1");
  Ledger l;
  l.file = json::get_string(d, "file", what);
  l.next_tc_id = static_cast<long>(json::get_int(d, "nextTcId", what));
  std::set<long> ids;
  std::set<std::string> keys;
  for (const char* list : {"tests", "retired"}) {
    const rapidjson::Value& a = json::get_array(d, list, what);
    for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
      const std::string where = what + "." + list + "[" + std::to_string(i) + "]";
      LedgerEntry e = read_entry(a[i], where);
      if (!ids.insert(e.tc_id).second) throw InputError(where + ".tcId", "given twice");
      if (!keys.insert(e.key).second) throw InputError(where + ".key", "given twice");
      if (e.tc_id >= l.next_tc_id) throw InputError(where + ".tcId", "not below nextTcId");
      (std::string(list) == "tests" ? l.tests : l.retired).push_back(std::move(e));
    }
  }
  return l;
}

std::string ledger_path(const std::string& vector_file) {
  const std::string suffix = "_test.json";
  const std::string stem =
      vector_file.size() > suffix.size() ? vector_file.substr(0, vector_file.size() - suffix.size()) : vector_file;
  return "ids/" + stem + ".json";
}

}  // namespace fairvec::vectors
