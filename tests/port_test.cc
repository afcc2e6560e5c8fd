// Port protocol v1: the dispatcher, `fairvec port` answering a scripted session, the reply parser,
// and `fairvec check-port` against fairvec's own port (every vector must pass, none skipped) and
// against ports that answer wrongly, crash or hang.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <regex>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

#include "check/port_checker.h"
#include "check/process.h"
#include "cli_run.h"
#include "core/files.h"
#include "ops/op_table.h"
#include "port/protocol.h"
#include "vectors/vector_file.h"

namespace fairvec::port {
namespace {
using namespace fairvec::check;

namespace fs = std::filesystem;

TEST(Dispatcher, AnswersEveryMalformedRequestWithoutThrowing) {
  const Backend& b = default_backend();
  for (std::string line :
       {"", "{", "[]", "null", "{\"id\":\"x\",\"op\":\"hello\"}", "{\"id\":1}", "{\"id\":1,\"op\":5}",
        "{\"id\":1,\"op\":\"hello\",\"params\":{\"protocol\":2}}", "{\"id\":1,\"op\":\"no.such.op\",\"params\":{}}",
        "{\"id\":1,\"op\":\"x\",\"params\":[]}", "\xff\xfe", "{\"id\":1,\"id\":2,\"op\":\"hello\"}"}) {
    std::string reply = handle_line(line, b);
    rapidjson::Document d;
    ASSERT_NO_THROW(json::parse(reply, d, "reply")) << line;
    EXPECT_FALSE(d["ok"].GetBool()) << line << " -> " << reply;
    std::string err = d["error"].GetString();
    EXPECT_TRUE(err == "bad_input" || err == "unsupported") << reply;
  }
}

TEST(Dispatcher, HelloListsEveryRegisteredOp) {
  std::string reply = handle_line(R"({"id":7,"op":"hello","params":{"protocol":1}})", default_backend());
  rapidjson::Document d;
  json::parse(reply, d, "reply");
  EXPECT_EQ(d["id"].GetInt64(), 7);
  ASSERT_TRUE(d["ok"].GetBool());
  EXPECT_EQ(d["result"]["protocol"].GetInt(), 1);
  std::vector<std::string> listed;
  for (const auto& o : d["result"]["ops"].GetArray()) listed.emplace_back(o.GetString());
  EXPECT_EQ(listed, ops::table().names());
  // The protocol's v1 minimum (specs/port-protocol.md, "Operations") is exactly the ops the
  // table does not mark as additions.
  std::set<std::string> minimum = {"hmac_dice.seal",   "hmac_dice.roll",     "hmac_dice.message", "hmac_dice.pick",
                                   "cursor.unit",      "cursor.u64_to_unit", "cursor.pool_hop",   "cursor.commitment",
                                   "cursor.game",      "keno.draw",          "crash.point",       "crash.previous",
                                   "tavla.commitment", "tavla.block",        "tavla.pick",        "tavla.roll",
                                   "canonical_json"};
  std::set<std::string> declared;
  for (const auto& op : ops::table().ops()) {
    if (!op.addition) declared.insert(op.name);
  }
  EXPECT_EQ(declared, minimum);
}

TEST(Dispatcher, HelloListsExactlyTheOpsOfTheIndependentReference) {
  // hello's list against a list not built from the registry: the ops of the Python reference port
  // (the example port tests/ports/python/, which tests/reference/fairvec_ref.py re-exports; the OPS
  // table of each family module, written from specs/). An op dropped from hello or added without a
  // reference implementation fails here.
  std::string reply = handle_line(R"({"id":7,"op":"hello","params":{"protocol":1}})", default_backend());
  rapidjson::Document d;
  json::parse(reply, d, "reply");
  std::set<std::string> listed;
  for (const auto& o : d["result"]["ops"].GetArray()) listed.emplace(o.GetString());
  std::set<std::string> reference;
  for (const auto& entry : fs::directory_iterator(fs::path(FAIRVEC_SOURCE_DIR) / "tests/ports/python")) {
    if (entry.path().extension() != ".py") continue;
    const std::string ref = read_file(entry.path());
    const std::size_t begin = ref.find("\nOPS = {"), end = ref.find("\n}", begin);
    if (begin == std::string::npos) continue;
    std::istringstream table(ref.substr(begin, end - begin));
    for (std::string line; std::getline(table, line);) {
      // `    "hmac_dice.seal": op_hd_seal,`
      std::size_t q = line.find('"'), q2 = line.find("\": ");
      if (q != std::string::npos && q2 != std::string::npos && line.find("op_", q2) != std::string::npos) {
        reference.insert(line.substr(q + 1, q2 - q - 1));
      }
    }
  }
  EXPECT_GE(reference.size(), 17u) << "the reference's OPS table was not read";
  EXPECT_EQ(listed, reference);
}

TEST(ReplyParser, RejectsEveryProtocolViolation) {
  EXPECT_NO_THROW((void)parse_reply(R"({"id":3,"ok":true,"result":{}})", 3));
  EXPECT_NO_THROW((void)parse_reply(R"({"id":3,"ok":false,"error":"bad_input"})", 3));
  for (const char* bad : {"", "not json", "[]", R"({"id":4,"ok":true,"result":{}})", R"({"ok":true,"result":{}})",
                          R"({"id":3,"result":{}})", R"({"id":3,"ok":true})", R"({"id":3,"ok":true,"result":[]})",
                          R"({"id":3,"ok":false})", R"({"id":3,"ok":"yes","result":{}})",
                          R"({"id":3,"ok":false,"error":""})", R"({"id":3,"ok":false,"error":"","message":"x*"})"}) {
    EXPECT_THROW((void)parse_reply(bad, 3), PortFailure) << bad;
  }
}

TEST(PortProcess, ScriptedSessionWithFairvecPort) {
  PortProcess p({FAIRVEC_CLI, "port"}, std::chrono::milliseconds(10000));
  Reply hello = p.request("hello", json::Value::object({{"protocol", 1}}));
  ASSERT_TRUE(hello.ok);
  Reply unknown = p.request("no.such.op", json::Value::object());
  EXPECT_FALSE(unknown.ok);
  EXPECT_EQ(unknown.error, "unsupported");
  // The first valid and first invalid port call of every vector file, answered as the vector says.
  for (const auto& kind : vectors::all_vector_kinds()) {
    rapidjson::Document doc;
    std::vector<vectors::Failure> f;
    ASSERT_TRUE(vectors::load_kind(kind, FAIRVEC_SOURCE_VECTORS, doc, f)) << kind.file;
    bool seen_ok = false, seen_bad = false;
    vectors::for_each_test(doc, [&](const vectors::TestRef& t) {
      for (const auto& c : kind.port_calls(t)) {
        bool& seen = c.result ? seen_ok : seen_bad;
        if (seen) continue;
        seen = true;
        Reply r = p.request(c.op, c.params);
        rapidjson::Document rd;
        rapidjson::Value rv = r.result.to_rapidjson(rd.GetAllocator());
        EXPECT_EQ(vectors::compare_reply(c, r.ok, &rv, r.error), "") << kind.file << " " << c.op;
      }
    });
  }
}

using cli_test::CliResult;

CliResult run(const std::string& args) { return cli_test::run_cli(args); }

TEST(CheckPort, FairvecOwnPortPassesEveryVectorOnBothBackends) {
  for (const char* backend : {"cryptopp", "openssl"}) {
    CliResult r = run(std::string("check-port -- ") + FAIRVEC_CLI + " port --backend " + backend);
    EXPECT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find(" 0 failed, 0 skipped"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("skipped (the port does not list"), std::string::npos) << r.out;
  }
}

// A port script written to a temporary file.
fs::path script(const std::string& name, const std::string& body) {
  fs::path p = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()) + ".sh");
  std::ofstream(p) << "#!/bin/sh\n" << body;
  fs::permissions(p, fs::perms::owner_all);
  return p;
}

TEST(CheckPort, AWrongPortIsReportedWithFileTcIdRequestExpectedAndActual) {
  // Answers hello with every op fairvec has, then "ok" with an empty result to everything: every
  // vector with an expected output must fail.
  std::string ops;
  for (const auto& n : ops::table().names()) ops += (ops.empty() ? "" : ",") + ("\\\"" + n + "\\\"");
  fs::path p = script(
      "wrong_port",
      "read line; echo "
      "\"{\\\"id\\\":0,\\\"ok\\\":true,\\\"result\\\":{\\\"name\\\":\\\"wrong\\\",\\\"protocol\\\":1,\\\"ops\\\":[" +
          ops +
          "]}}\"\n"
          "i=1; while read line; do echo \"{\\\"id\\\":$i,\\\"ok\\\":true,\\\"result\\\":{}}\"; i=$((i+1)); done\n");
  CliResult r = run("check-port -- " + p.string());
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_NE(r.out.find("MISMATCH "), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("MISMATCH [a-z_0-9]+_test\\.json tcId [0-9]+ "))) << r.out;
  EXPECT_NE(r.out.find("request:  {\"op\":"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("expected: "), std::string::npos) << r.out;
  fs::remove(p);
}

TEST(CheckPort, CrashHangAndGarbageAreProtocolFailures) {
  fs::path crash = script("crash_port", "exit 3\n");
  fs::path hang = script("hang_port", "sleep 30\n");
  fs::path garbage = script("garbage_port", "read line; echo 'this is not json'\n");
  for (const auto& p : {crash, hang, garbage}) {
    CliResult r = run("check-port --timeout-ms 300 --startup-timeout-ms 300 -- " + p.string());
    EXPECT_EQ(r.rc, 4) << p << r.out;
    EXPECT_NE(r.out.find("PORT FAILURE"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"op\":\"hello\""), std::string::npos) << "names the request: " << r.out;
    fs::remove(p);
  }
}

TEST(CheckPort, VectorsForUnlistedOpsAreSkippedNeverPassed) {
  fs::path p =
      script("empty_port",
             "read line; echo '{\"id\":0,\"ok\":true,\"result\":{\"name\":\"empty\",\"protocol\":1,\"ops\":[]}}'\n"
             "while read line; do :; done\n");
  CliResult r = run("check-port -- " + p.string());
  EXPECT_EQ(r.rc, 1) << "nothing ran, so nothing passed: " << r.out;
  EXPECT_NE(r.out.find("vectors: 0 passed, 0 failed, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skipped (the port does not list these ops): "), std::string::npos) << r.out;
  CliResult strict = run("check-port --require-all -- " + p.string());
  EXPECT_EQ(strict.rc, 1) << strict.out;
  fs::remove(p);
}

TEST(CheckPort, MissingCommandIsBadInput) { EXPECT_EQ(run("check-port").rc, 2); }

}  // namespace
}  // namespace fairvec::port
