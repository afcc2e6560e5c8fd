#include "vectors/set_manifest.h"

#include <algorithm>
#include <set>

#include <rapidjson/document.h>

#include "core/errors.h"

namespace fairvec::vectors {

json::Value set_manifest_json(SetManifest m) {
  std::sort(m.files.begin(), m.files.end(), [](const SetFile& a, const SetFile& b) { return a.path < b.path; });
  json::Array files;
  std::int64_t vector_files = 0;
  for (const auto& f : m.files) {
    json::Object o{{"path", f.path}, {"sha256", f.sha256}, {"size", static_cast<std::int64_t>(f.size)}};
    if (f.tests >= 0) {
      o.emplace_back("algorithm", f.algorithm);
      o.emplace_back("numberOfTests", f.tests);
      ++vector_files;
    }
    files.emplace_back(std::move(o));
  }
  return json::Value::object({{"format", "fairvec-vector-set"},
                              {"version", 1},
                              {"vectorSetVersion", m.vector_set_version},
                              {"generatorVersion", m.generator_version},
                              {"numberOfFiles", static_cast<std::int64_t>(m.files.size())},
                              {"numberOfVectorFiles", vector_files},
                              {"numberOfTests", m.number_of_tests},
                              {"files", json::Value(std::move(files))}});
}

SetManifest read_set_manifest(std::string_view text) {
  const std::string what = kSetManifestName;
  rapidjson::Document d;
  json::parse(text, d, what);
  if (!d.IsObject()) throw InputError(what, "must be a JSON object");
  if (json::get_string(d, "format", what) != "fairvec-vector-set")
    throw InputError(what + ".format", "must be fairvec-vector-set");
  if (json::get_int(d, "version", what) != 1) throw InputError(what + ".version", "must be 1");
  SetManifest m;
  m.vector_set_version = json::get_string(d, "vectorSetVersion", what);
  m.generator_version = json::get_string(d, "generatorVersion", what);
  m.number_of_tests = json::get_int(d, "numberOfTests", what);
  const rapidjson::Value& a = json::get_array(d, "files", what);
  std::set<std::string> paths;
  std::int64_t tests = 0, vector_files = 0;
  for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
    const std::string at = what + ".files[" + std::to_string(i) + "]";
    if (!a[i].IsObject()) throw InputError(at, "must be an object");
    SetFile f;
    f.path = json::get_string(a[i], "path", at);
    f.sha256 = json::get_string(a[i], "sha256", at);
    f.size = json::get_uint(a[i], "size", at);
    if (f.sha256.size() != 64 || f.sha256.find_first_not_of("0123456789abcdef") != std::string::npos) {
      throw InputError(at + ".sha256", "must be 64 lowercase hex digits");
    }
    if (!paths.insert(f.path).second) throw InputError(at + ".path", f.path + " given twice");
    if (json::optional_member(a[i], "numberOfTests")) {
      f.tests = json::get_int(a[i], "numberOfTests", at);
      f.algorithm = json::get_string(a[i], "algorithm", at);
      if (f.tests < 0) throw InputError(at + ".numberOfTests", "must be 0 or more");
      tests += f.tests;
      ++vector_files;
    }
    m.files.push_back(std::move(f));
  }
  if (json::get_int(d, "numberOfFiles", what) != static_cast<std::int64_t>(m.files.size())) {
    throw InputError(what + ".numberOfFiles", "is not the number of files listed");
  }
  if (json::get_int(d, "numberOfVectorFiles", what) != vector_files) {
    throw InputError(what + ".numberOfVectorFiles", "is not the number of files with numberOfTests");
  }
  if (m.number_of_tests != tests)
    throw InputError(what + ".numberOfTests", "is not the sum of the files' numberOfTests");
  return m;
}

}  // namespace fairvec::vectors
