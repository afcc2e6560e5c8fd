#include "vectors/wrong_answers.h"

#include <set>
#include <stdexcept>

#include "core/errors.h"
#include "core/families.h"
#include "core/input_rules.h"
#include "ops/op_table.h"

namespace fairvec::vectors {

namespace {

rapidjson::Document document_of(const json::Value& v) {
  rapidjson::Document d;
  rapidjson::Value tree = v.to_rapidjson(d.GetAllocator());
  static_cast<rapidjson::Value&>(d).Swap(tree);
  return d;
}

// json_text tells whether |v| has a JSON text: every string in it is UTF-8.
bool json_text(const json::Value& v) {
  try {
    fairvec::check_text(json::to_line(v), "answer");
    return true;
  } catch (const InputError&) {
    return false;
  }
}

}  // namespace

std::string wrong_answers_path(const std::string& vector_file) {
  std::string stem = vector_file;
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
  return "wrong_answers/" + stem + ".jsonl";
}

json::Object wrong_answers_of(const std::vector<WrongPortRef>& ports, const PortCall& call, const Backend& backend) {
  json::Object out;
  const rapidjson::Document params = document_of(call.params);
  for (const auto& w : ports) {
    const Alternative* fn = answer_of(*w, call.op);
    if (!fn) continue;
    json::Value answer;
    try {
      answer = (*fn)(params, backend);
    } catch (const InputError&) {
      if (call.result) out.emplace_back(w->name, json::Value::object({{"ok", false}, {"error", "bad_input"}}));
      continue;
    } catch (const std::exception& e) {
      throw std::logic_error("wrong port " + w->name + " on " + call.op + " " + json::to_line(call.params) + ": " +
                             e.what());
    }
    if (answer.is_null()) continue;
    if (!json_text(answer)) continue;  // a text that is not UTF-8 has no JSON form: no reply can carry it
    if (!answer.is_object())
      throw std::logic_error("wrong port " + w->name + " on " + call.op + ": an answer that is not an object");
    if (!call.result) {  // it accepts what must be rejected: the result members it answers, of those the op declares
      json::Object result;
      const ops::OpSpec* op = ops::table().find(call.op);
      if (op && !op->open_results) {
        for (const auto& r : op->results) {
          if (const json::Value* v = answer.find(r.name)) result.emplace_back(r.name, *v);
        }
      }
      out.emplace_back(w->name, json::Value::object({{"ok", true}, {"result", json::Value(std::move(result))}}));
      continue;
    }
    json::Object predicted = call.result->as_object();
    bool differs = false;
    for (auto& [name, v] : predicted) {
      const json::Value* theirs = answer.find(name);
      if (theirs && json::to_line(*theirs) != json::to_line(v)) {
        v = *theirs;
        differs = true;
      }
    }
    if (differs)
      out.emplace_back(w->name, json::Value::object({{"ok", true}, {"result", json::Value(std::move(predicted))}}));
  }
  return out;
}

std::string wrong_answers_text(const std::string& name,
                               const std::function<std::vector<PortCall>(const TestRef&)>& port_calls,
                               const std::vector<WrongPortRef>& ports, const json::Value& tree) {
  const rapidjson::Document doc = document_of(tree);
  if (!doc.IsObject() || !doc.HasMember("testGroups")) throw std::logic_error(name + ": not a vector file tree");
  const Backend& backend = *all_backends()[0];
  std::string out;
  for_each_test(doc, [&](const TestRef& t) {
    json::Array calls;
    for (const auto& c : port_calls(t)) calls.emplace_back(wrong_answers_of(ports, c, backend));
    out += json::to_line(json::Value::object({{"file", name},
                                              {"tcId", static_cast<std::int64_t>(tc_id_of(t.test))},
                                              {"calls", json::Value(std::move(calls))}}));
    out += "\n";
  });
  return out;
}

const FlagLibrary* library_of_file(const std::string& file) {
  const Family* fam = family_of_file(file);
  if (!fam) return nullptr;
  for (const auto& f : family_files()) {
    if (std::string_view(f.family) == fam->id) return &f.library();
  }
  return nullptr;
}

json::Value wrong_ports_json() {
  json::Array ports;
  for (const auto& f : family_files()) {
    const FlagLibrary& lib = f.library();
    const Family* fam = family_by_id(f.family);
    for (const auto& w : lib.ports()) {
      json::Array ops, flags;
      for (const auto& [op, fn] : w->answers) ops.emplace_back(op);
      for (const auto& flag : lib.flags()) {
        for (const auto& p : flag.wrong_ports) {
          if (p->name == w->name) flags.emplace_back(flag.name);
        }
      }
      ports.push_back(json::Value::object({{"name", w->name},
                                           {"family", fam ? fam->algorithm : f.family},
                                           {"description", w->description},
                                           {"ops", json::Value(std::move(ops))},
                                           {"flags", json::Value(std::move(flags))}}));
    }
  }
  return json::Value::object({{"schema", "wrong_ports_schema.json"}, {"wrongPorts", json::Value(std::move(ports))}});
}

}  // namespace fairvec::vectors
