#include "check/transcripts.h"

#include <stdexcept>

#include "core/errors.h"
#include "core/files.h"
#include "vectors/wrong_answers.h"

namespace fairvec::check {

std::string transcript_path(const std::string& vector_file) {
  std::string stem = vector_file;
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0) stem.resize(stem.size() - 5);
  return "transcripts/" + stem + ".jsonl";
}

std::string transcript_text(const vectors::VectorKind& kind, const json::Value& file) {
  rapidjson::Document doc;
  rapidjson::Value tree = file.to_rapidjson(doc.GetAllocator());
  static_cast<rapidjson::Value&>(doc).Swap(tree);
  if (!doc.IsObject() || !doc.HasMember("testGroups")) throw std::logic_error(kind.file + ": not a vector file tree");
  std::string out;
  vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
    json::Array calls;
    for (const auto& c : kind.port_calls(t)) {
      json::Value expect = c.result ? json::Value::object({{"ok", true}, {"result", *c.result}})
                                    : json::Value::object({{"ok", false}, {"error", "bad_input"}});
      calls.push_back(json::Value::object({{"op", c.op}, {"params", c.params}, {"expect", expect}}));
    }
    out += json::to_line(json::Value::object({{"file", kind.file},
                                              {"algorithm", json::Value::from_rapidjson(doc["algorithm"])},
                                              {"tcId", static_cast<std::int64_t>(vectors::tc_id_of(t.test))},
                                              {"result", json::Value::from_rapidjson(t.test["result"])},
                                              {"flags", json::Value::array_of(vectors::flags_of(t.test))},
                                              {"calls", json::Value(std::move(calls))}}));
    out += "\n";
  });
  return out;
}

std::vector<TranscriptTest> read_transcript(const std::filesystem::path& dir, const std::string& file) {
  const std::filesystem::path path = dir / transcript_path(file);
  const std::string text = read_file(path);
  std::vector<TranscriptTest> out;
  std::size_t pos = 0;
  for (std::size_t n = 1; pos < text.size(); ++n) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) throw InputError(path.string() + ":" + std::to_string(n), "last line has no newline");
    const std::string where = path.string() + ":" + std::to_string(n);
    rapidjson::Document d;
    json::parse(std::string_view(text).substr(pos, nl - pos), d, where);
    pos = nl + 1;
    if (!d.IsObject()) throw InputError(where, "not a JSON object");
    if (json::get_string(d, "file", where) != file) throw InputError(where + ".file", "names another vector file");
    TranscriptTest t;
    t.algorithm = json::get_string(d, "algorithm", where);
    t.tc_id = static_cast<long>(json::get_int(d, "tcId", where));
    t.result = json::get_string(d, "result", where);
    t.flags = json::get_string_array(d, "flags", where);
    const auto& calls = json::get_array(d, "calls", where);
    for (rapidjson::SizeType i = 0; i < calls.Size(); ++i) {
      const std::string at = where + ".calls[" + std::to_string(i) + "]";
      if (!calls[i].IsObject()) throw InputError(at, "not an object");
      vectors::PortCall c;
      c.op = json::get_string(calls[i], "op", at);
      const auto& params = json::member(calls[i], "params", at);
      if (!params.IsObject()) throw InputError(at + ".params", "not an object");
      c.params = json::Value::from_rapidjson(params);
      const auto& expect = json::member(calls[i], "expect", at);
      if (!expect.IsObject()) throw InputError(at + ".expect", "not an object");
      if (json::get_bool(expect, "ok", at + ".expect")) {
        const auto& r = json::member(expect, "result", at + ".expect");
        if (!r.IsObject()) throw InputError(at + ".expect.result", "not an object");
        c.result = json::Value::from_rapidjson(r);
      } else if (json::get_string(expect, "error", at + ".expect") != "bad_input") {
        throw InputError(at + ".expect.error", "must be bad_input");
      }
      t.calls.push_back(std::move(c));
    }
    out.push_back(std::move(t));
  }
  return out;
}

namespace {

// answer_of reads a wrong answer (the form of a transcript call's expect).
std::optional<json::Value> answer_of(const rapidjson::Value& v, const std::string& at) {
  if (!v.IsObject()) throw InputError(at, "not an object");
  if (json::get_bool(v, "ok", at)) {
    const auto& r = json::member(v, "result", at);
    if (!r.IsObject()) throw InputError(at + ".result", "not an object");
    return json::Value::from_rapidjson(r);
  }
  if (json::get_string(v, "error", at) != "bad_input") throw InputError(at + ".error", "must be bad_input");
  return std::nullopt;
}

}  // namespace

std::optional<std::map<long, WrongAnswers>> read_wrong_answers(const std::filesystem::path& dir,
                                                               const std::string& file) {
  const std::filesystem::path path = dir / vectors::wrong_answers_path(file);
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return std::nullopt;
  const std::string text = read_file(path);
  std::map<long, WrongAnswers> out;
  std::size_t pos = 0;
  for (std::size_t n = 1; pos < text.size(); ++n) {
    const std::size_t nl = text.find('\n', pos);
    const std::string where = path.string() + ":" + std::to_string(n);
    if (nl == std::string::npos) throw InputError(where, "last line has no newline");
    rapidjson::Document d;
    json::parse(std::string_view(text).substr(pos, nl - pos), d, where);
    pos = nl + 1;
    if (!d.IsObject()) throw InputError(where, "not a JSON object");
    if (json::get_string(d, "file", where) != file) throw InputError(where + ".file", "names another vector file");
    const long id = static_cast<long>(json::get_int(d, "tcId", where));
    WrongAnswers calls;
    const auto& list = json::get_array(d, "calls", where);
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const std::string at = where + ".calls[" + std::to_string(i) + "]";
      if (!list[i].IsObject()) throw InputError(at, "not an object");
      auto& answers = calls.emplace_back();
      for (const auto& m : list[i].GetObject()) {
        std::string name(m.name.GetString(), m.name.GetStringLength());
        answers.emplace_back(name, answer_of(m.value, at + "." + name));
      }
    }
    if (!out.emplace(id, std::move(calls)).second)
      throw InputError(where + ".tcId", "tcId " + std::to_string(id) + " twice");
  }
  return out;
}

std::optional<std::map<std::string, WrongPortNote>> read_wrong_ports(const std::filesystem::path& dir) {
  const std::filesystem::path path = dir / vectors::kWrongPortsName;
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return std::nullopt;
  const std::string where = vectors::kWrongPortsName;
  rapidjson::Document d;
  json::parse(read_file(path), d, where);
  if (!d.IsObject()) throw InputError(where, "not a JSON object");
  const auto& list = json::get_array(d, "wrongPorts", where);
  std::map<std::string, WrongPortNote> out;
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    const std::string at = where + ".wrongPorts[" + std::to_string(i) + "]";
    if (!list[i].IsObject()) throw InputError(at, "not an object");
    std::string name = json::get_string(list[i], "name", at);
    WrongPortNote note{json::get_string(list[i], "family", at), json::get_string(list[i], "description", at)};
    if (!out.emplace(name, std::move(note)).second) throw InputError(at + ".name", "wrong port " + name + " twice");
  }
  return out;
}

}  // namespace fairvec::check
