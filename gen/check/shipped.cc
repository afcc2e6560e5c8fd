#include "check/shipped.h"

#include <map>
#include <new>
#include <optional>
#include <set>
#include <sstream>

#include "check/port_checker.h"
#include "check/transcripts.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "vectors/generated_docs.h"
#include "vectors/ledger.h"
#include "vectors/set_manifest.h"
#include "vectors/wrong_answers.h"

namespace fairvec::check {

namespace fs = std::filesystem;

bool unlisted_allowed(const fs::path& rel) {
  const std::string name = rel.generic_string();
  if (name == "README.md" || name == "CHANGELOG.md") return true;  // the set's prose, written by hand
  if (name == vectors::kSetSignatureName) return true;             // a release's signature (specs/attest.md)
  auto it = rel.begin();
  return it != rel.end() && *it == "schema" && std::next(it) != rel.end() && std::next(std::next(it)) == rel.end() &&
         rel.extension() == ".json";
}

std::string ShippedCount::text() const {
  return "the kit's other files: " + std::to_string(transcripts) + " transcripts, " + std::to_string(schemas) +
         " schemas, " + std::to_string(ledgers) + " id ledgers, " + std::to_string(companions) +
         " companion files (proofs, wrong answers, the wrong-port catalog)" +
         (strays_checked ? ", the manifest (" + std::to_string(manifest_entries) + " files), no file besides them"
                         : "; the manifest and strays only without --only");
}

namespace {

// The most differing lines named per transcript (the rest are counted).
constexpr std::size_t kLinesNamed = 5;

class Shipped {
 public:
  Shipped(const fs::path& dir, std::vector<vectors::Failure>& out) : dir_(dir), out_(out) {}

  void fail(const std::string& file, const std::string& detail, long tc_id = 0) {
    out_.push_back({file, tc_id, {}, detail});
  }

  // generated notes |rel| as a file of the kit without reading it (a vector file: check_kind reads it).
  void generated(const std::string& rel) { generated_.insert(rel); }

  // read returns the file |rel| or nothing, recording why (missing, a link, unreadable).
  std::optional<std::string> read(const std::string& rel) {
    generated_.insert(rel);
    const fs::path p = dir_ / rel;
    std::error_code ec;
    const auto st = fs::symlink_status(p, ec);
    if (!fs::exists(st)) {
      fail(rel, "missing: its vector file implies it (run fairvec generate)");
      return std::nullopt;
    }
    if (fs::is_symlink(st)) return std::nullopt;  // reported as a stray
    try {
      return read_file(p);
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {
      fail(rel, e.what());
      return std::nullopt;
    }
  }

  // same_json compares |rel|'s JSON with |want| by value (member order aside).
  void same_json(const std::string& rel, const json::Value& want) {
    const std::optional<std::string> text = read(rel);
    if (!text) return;
    rapidjson::Document got, w;
    try {
      json::parse(*text, got, rel);
    } catch (const InputError& e) {
      fail(rel, e.what());
      return;
    }
    rapidjson::Value wv = want.to_rapidjson(w.GetAllocator());
    if (json::equal(wv, got)) return;
    const std::string at = difference(wv, got);
    fail(rel, "differs from what its vector file implies, first at " + (at.empty() ? std::string("the top") : at) +
                  " (run fairvec generate)");
  }

  // transcript compares |rel| line by line with |want| (transcript_text of the vector file).
  void transcript(const std::string& rel, const std::string& want) {
    const std::optional<std::string> text = read(rel);
    if (!text) return;
    std::istringstream w(want), g(*text);
    std::string wl, gl;
    std::size_t named = 0, differing = 0, n = 0;
    for (;;) {
      const bool hw = static_cast<bool>(std::getline(w, wl)), hg = static_cast<bool>(std::getline(g, gl));
      if (!hw && !hg) break;
      ++n;
      if (hw && hg && wl == gl) continue;
      ++differing;
      if (named >= kLinesNamed) continue;
      ++named;
      const std::string at = rel + ":" + std::to_string(n);
      if (!hg) {
        fail(at, "missing: the vector file has a test for this line");
        continue;
      }
      if (!hw) {
        fail(at, "a line for a test the vector file does not have");
        continue;
      }
      rapidjson::Document wd, gd;
      json::parse(wl, wd, at);
      long tc_id = wd.HasMember("tcId") && wd["tcId"].IsInt64() ? static_cast<long>(wd["tcId"].GetInt64()) : 0;
      try {
        json::parse(gl, gd, at);
      } catch (const InputError& e) {
        fail(at, e.what(), tc_id);
        continue;
      }
      const std::string path = difference(wd, gd);
      fail(at,
           path.empty() ? "not written as fairvec generate writes it (run fairvec generate)"
                        : "differs from the port calls its test implies, first at " + path + " (run fairvec generate)",
           tc_id);
    }
    if (differing > named) fail(rel, std::to_string(differing - named) + " more differing lines");
  }

  // ledger checks the id ledger of |kind|'s file: its tests are the file's, in file order, with
  // their tcIds, keys and answer digests; no retired id is in use (vectors/ledger.h).
  void ledger(const vectors::VectorKind& kind, const fs::path& file) {
    const std::string rel = vectors::ledger_path(kind.file);
    const std::optional<std::string> text = read(rel);
    if (!text) return;
    vectors::Ledger l;
    try {
      l = vectors::read_ledger(*text, rel);
    } catch (const InputError& e) {
      fail(rel, e.what());
      return;
    }
    if (l.file != kind.file) fail(rel, "is the ledger of " + l.file + ", not of " + kind.file);
    rapidjson::Document doc;
    json::parse(read_file(file), doc, kind.file);
    std::size_t i = 0;
    std::set<long> retired;
    for (const auto& e : l.retired) retired.insert(e.tc_id);
    vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
      const long id = vectors::tc_id_of(t.test);
      const std::string at = rel + ": tests[" + std::to_string(i) + "]";
      if (i >= l.tests.size()) {
        if (i == l.tests.size()) fail(rel, "lists fewer tests than " + kind.file + " has", id);
        ++i;
        return;
      }
      const vectors::LedgerEntry& e = l.tests[i++];
      if (e.tc_id != id)
        fail(at, "tcId " + std::to_string(e.tc_id) + ", but the file's test here is tcId " + std::to_string(id), id);
      if (retired.count(id)) fail(at, "tcId " + std::to_string(id) + " is retired, yet the file uses it", id);
      if (e.answer != vectors::answer_digest(json::Value::from_rapidjson(t.test).as_object())) {
        fail(at, "the answer digest is not the test's (the test changed after generation?)", id);
      }
      if (e.key != kind.key_of(t)) fail(at, "the key is not the test's", id);
    });
    if (i < l.tests.size()) fail(rel, "lists more tests than " + kind.file + " has");
  }

  // bytes compares |rel| with |want| byte for byte (companion files: proofs).
  void bytes(const std::string& rel, const std::string& want) {
    const std::optional<std::string> text = read(rel);
    if (!text || *text == want) return;
    fail(rel, "differs from what its vector file implies, " + vectors::first_difference(want, *text) +
                  " (run fairvec generate)");
  }

  // manifest checks MANIFEST.sha256: every generated file listed once with its SHA-256, nothing else.
  std::size_t manifest() {
    const std::string rel = kManifestName;
    const std::optional<std::string> text = read(rel);
    if (!text) return 0;
    std::set<std::string> listed;
    std::istringstream in(*text);
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
      const std::string at = rel + ":" + std::to_string(++n);
      if (line.size() < 67 || line.compare(64, 2, "  ") != 0) {
        fail(at, "not '<64 hex digits>  <path>'");
        continue;
      }
      const std::string path = line.substr(66), digest = line.substr(0, 64);
      if (!generated_.count(path) || path == rel) {
        fail(at, "lists " + path + ", which no generator writes");
        continue;
      }
      if (!listed.insert(path).second) fail(at, "lists " + path + " twice");
      std::error_code ec;
      if (!fs::is_regular_file(fs::symlink_status(dir_ / path, ec))) continue;  // reported already
      if (to_hex(default_backend().sha256(read_file(dir_ / path))) != digest) {
        fail(at, path + " does not have the SHA-256 the manifest lists (altered after generation?)");
      }
    }
    for (const auto& g : generated_) {
      if (g != rel && !listed.count(g)) fail(rel, "does not list " + g);
    }
    return n;
  }

  // strays fails every file under the directory no generator writes, and every symbolic link.
  void strays() {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path rel = it->path().lexically_relative(dir_);
      const auto st = it->symlink_status();
      if (fs::is_symlink(st)) {
        fail(rel.generic_string(), "is a symbolic link (a stray; the kit never follows links)");
      } else if (fs::is_directory(st)) {
        continue;
      } else if (!generated_.count(rel.generic_string()) && !(unlisted_allowed(rel) && fs::is_regular_file(st))) {
        fail(rel.generic_string(), "is not a file of the kit: no generator writes it (a stray)");
      }
    }
    if (ec) fail(dir_.string(), "cannot be listed: " + ec.message());
  }

 private:
  // difference is the JSON path of the first member where |a| and |b| differ ("" when equal).
  static std::string difference(const rapidjson::Value& a, const rapidjson::Value& b) {
    std::string d = first_difference(a, b, "");
    if (d.empty()) d = first_difference(b, a, "");
    return !d.empty() && d[0] == '.' ? d.substr(1) : d;
  }

  fs::path dir_;
  std::vector<vectors::Failure>& out_;
  std::set<std::string> generated_;
};

}  // namespace

ShippedCount check_shipped(const fs::path& dir, const std::set<std::string>& only, const std::set<std::string>& failed,
                           std::vector<vectors::Failure>& out) {
  ShippedCount count;
  Shipped s(dir, out);
  bool all_read = true;
  for (const auto& kind : vectors::all_vector_kinds()) {
    if (!only.empty() && !only.count(kind.file)) continue;
    if (failed.count(kind.file)) {  // what a broken file implies means nothing (and costs memory)
      all_read = false;
      continue;
    }
    json::Value file;
    try {
      rapidjson::Document doc;
      json::parse(read_file(dir / kind.file), doc, kind.file);
      file = json::Value::from_rapidjson(doc);
      s.generated(kind.file);
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception&) {
      all_read = false;  // check_kind names the problem
      continue;
    }
    try {
      s.same_json("schema/" + kind.schema, vectors::schema_for(file));
      ++count.schemas;
      s.transcript(transcript_path(kind.file), transcript_text(kind, file));
      ++count.transcripts;
      s.ledger(kind, dir / kind.file);
      ++count.ledgers;
      for (const auto& [rel, contents] : kind.companions(file)) {
        s.bytes(rel, contents);
        ++count.companions;
      }
    } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) {  // a vector file whose tests cannot be read: check_kind names it
      s.fail(kind.file, std::string("its transcript, schema and companions cannot be derived: ") + e.what());
      all_read = false;
    }
  }
  s.same_json(std::string("schema/") + vectors::kCommonSchemaName, vectors::common_schema());
  s.bytes(vectors::kWrongPortsName, json::to_pretty(vectors::wrong_ports_json()));
  ++count.companions;
  s.generated(vectors::kSetManifestName);  // checked by check_set_manifest, listed by MANIFEST.sha256
  ++count.schemas;
  if (only.empty() && all_read) {
    count.manifest_entries = s.manifest();
    s.strays();
    count.strays_checked = true;
  }
  return count;
}

SetManifestCount check_set_manifest(const fs::path& dir, std::vector<vectors::Failure>& out) {
  SetManifestCount count;
  const std::string rel = vectors::kSetManifestName;
  const auto fail = [&](const std::string& file, const std::string& detail) { out.push_back({file, 0, {}, detail}); };
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(dir / rel, ec))) {
    fail(rel, "missing: every vector set has one (run fairvec generate)");
    return count;
  }
  vectors::SetManifest m;
  try {
    m = vectors::read_set_manifest(read_file(dir / rel));
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    fail(rel, e.what());
    return count;
  }
  count.read = true;
  count.version = m.vector_set_version;
  count.files = m.files.size();
  count.tests = m.number_of_tests;
  std::set<std::string> listed;
  for (std::size_t i = 0; i < m.files.size(); ++i) {
    const vectors::SetFile& f = m.files[i];
    const std::string at = rel + ": files[" + std::to_string(i) + "] " + f.path;
    listed.insert(f.path);
    const fs::path p = dir / f.path;
    if (f.path.empty() || f.path.front() == '/' || f.path.find("..") != std::string::npos) {
      fail(at, "is not a path inside the vectors directory");
      continue;
    }
    if (!fs::is_regular_file(fs::symlink_status(p, ec))) {
      fail(at, "is listed but missing (or not a regular file)");
      continue;
    }
    const std::string text = read_file(p);
    if (text.size() != f.size)
      fail(at, "has " + std::to_string(text.size()) + " bytes; the manifest lists " + std::to_string(f.size));
    if (to_hex(default_backend().sha256(text)) != f.sha256) {
      fail(at, "does not have the SHA-256 the manifest lists (altered after generation?)");
      continue;
    }
    if (f.tests >= 0) {  // the digest matched: the file is the one generated, so it parses
      rapidjson::Document doc;
      json::parse(text, doc, f.path);
      const rapidjson::Value* n = doc.IsObject() ? json::optional_member(doc, "numberOfTests") : nullptr;
      if (!n || !n->IsInt64() || n->GetInt64() != f.tests) fail(at, "numberOfTests is not the one the manifest lists");
    }
  }
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path r = it->path().lexically_relative(dir);
    if (!fs::is_regular_file(it->symlink_status())) continue;  // links and directories: strays() reports links
    const std::string name = r.generic_string();
    if (name == rel || name == kManifestName || unlisted_allowed(r)) continue;
    if (!listed.count(name)) fail(rel, "does not list " + name);
  }
  return count;
}

}  // namespace fairvec::check
