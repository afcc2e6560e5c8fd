#include "check/transcripts.h"

#include <stdexcept>

#include "core/errors.h"
#include "core/files.h"

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

}  // namespace fairvec::check
