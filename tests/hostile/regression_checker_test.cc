// Regression tests for the hostile-input findings against `fairvec check-port` (the second review;
// numbering continues regression_test.cc, the review's item in brackets): Finding7 [1] memory of
// padded replies, Finding8 [2] reports that are not valid UTF-8 or XML, Finding13 [8] a reply
// `fairvec port` writes and the checker refuses, Finding14 [9] port strings printed raw, Finding17
// [12] a port surviving a killed checker and a port's exit noticed only at the timeout, Finding18
// [13] a port that memorised the transcripts. The ports are tests/hostile/hostile_ports.py.
#include <sys/wait.h>

#include <chrono>
#include <thread>

#include "check/process.h"
#include "core/bytes.h"
#include "port/protocol.h"
#include "regression_util.h"

namespace fairvec::hostile {
namespace {

std::vector<std::string> port_cmd(std::vector<std::string> mode) {
  std::vector<std::string> cmd{"python3", kHostilePorts, kCli};
  cmd.insert(cmd.end(), mode.begin(), mode.end());
  return cmd;
}

std::vector<std::string> check_port(std::vector<std::string> opts, const std::vector<std::string>& port) {
  opts.insert(opts.begin(), "check-port");
  opts.push_back("--");
  opts.insert(opts.end(), port.begin(), port.end());
  return opts;
}

// Finding 7: every reply's result (extra members included) was kept for the report: 518 replies
// padded with 1 MB each need about 2.3 GB, so under a 512 MiB address space the checker ran out of
// memory (exit 5). Only the members a vector compares are kept, and a capped copy of a failing reply.
TEST(Finding7, PaddedRepliesStayWithinTheAddressSpaceLimit) {
  Scratch s;
  RunOptions o;
  o.address_space = static_cast<rlim_t>(limit("processMemoryBytes"));
  const auto opts = std::vector<std::string>{
      "--quiet-port", "--random", "0", "--only", "hmac_dice_*", "--json", (s / "report.json").string()};
  ChildRun plain = fairvec(check_port(opts, port_cmd({"pad", "0"})), o);
  ASSERT_EQ(plain.rc(), 0) << describe(plain);
  ChildRun padded = fairvec(check_port(opts, port_cmd({"pad", "1000000"})), o);
  ASSERT_EQ(padded.rc(), 0) << describe(padded);
  rapidjson::Document d;
  json::parse(read_file(s / "report.json"), d, "report");
  EXPECT_GE(d["summary"]["requests"].GetInt64(), 500);
  const long growth = padded.max_rss_kib - plain.max_rss_kib;
  std::cout << "[ figures  ] 1 MB padding on " << d["summary"]["requests"].GetInt64() << " replies: peak "
            << padded.max_rss_kib << " KiB, unpadded " << plain.max_rss_kib << " KiB\n";
  EXPECT_LT(growth, 64 << 10) << "peak memory grew by " << growth << " KiB";
  // Replies at the reply-line limit: three of them, each one parsed alone.
  const std::int64_t line = limit("portReplyLineBytes");
  ChildRun huge = fairvec(check_port(opts, port_cmd({"pad-first", "3", std::to_string(line - 4096)})), o);
  EXPECT_EQ(huge.rc(), 0) << describe(huge);
  std::cout << "[ figures  ] three replies of " << (line - 4096) << " bytes: peak " << huge.max_rss_kib << " KiB\n";
}

// Finding 8: a port's stderr bytes reached the JSON and HTML reports as they were (not UTF-8), an
// --expect reason that is not UTF-8 too, and the JUnit file carried U+FFFF raw (not an XML Char).
TEST(Finding8, EveryReportIsValidUtf8AndTheJunitFileIsXml) {
  Scratch s;
  const fs::path js = s / "r.json", html = s / "r.html", xml = s / "r.xml";
  ChildRun r = fairvec(check_port({"--quiet-port", "--random", "0", "--max-restarts", "0", "--only",
                                   "keno_draw_test.json", "--json", js.string(), "--html", html.string()},
                                  port_cmd({"stderr-exit", "2"})));
  EXPECT_EQ(r.rc(), 4) << describe(r);
  EXPECT_TRUE(valid_utf8(read_file(js))) << "the JSON report is not UTF-8";
  EXPECT_TRUE(valid_utf8(read_file(html))) << "the HTML report is not UTF-8";
  EXPECT_TRUE(valid_utf8(r.out)) << "the text report is not UTF-8";
  rapidjson::Document d;
  EXPECT_NO_THROW(json::parse(read_file(js), d, "report"));
  // The JUnit file of a port failing canonical_json_test.json (whose inputs hold U+FFFE, U+FFFF).
  const fs::path wrong = s / "wrong.py";
  std::ofstream(wrong) << "import json, sys\nfor l in sys.stdin:\n r = json.loads(l)\n"
                          " res = {'name': 'w', 'protocol': 1, 'ops': ['canonical_json']} if r['op'] == 'hello' else "
                          "{'canonical': 'x'}\n"
                          " print(json.dumps({'id': r['id'], 'ok': True, 'result': res}), flush=True)\n";
  ChildRun j = fairvec(check_port({"--random", "0", "--only", "canonical_json_test.json", "--junit", xml.string()},
                                  {"python3", wrong.string()}));
  EXPECT_EQ(j.rc(), 1) << describe(j);
  ChildRun lint = cli_test::run_argv({"xmllint", "--noout", xml.string()});
  EXPECT_EQ(lint.rc(), 0) << "xmllint rejects the JUnit file: " << lint.err.substr(0, 600);
  // An --expect file that is not UTF-8 is bad input naming the file and the line.
  const fs::path expect = s / "expect.txt";
  std::ofstream(expect, std::ios::binary) << "# known\nhmac_dice_roll_test.json#1 caf\xe9 (Latin-1)\n";
  ChildRun e = fairvec(check_port(
      {"--random", "0", "--only", "hmac_dice_roll_test.json#1", "--expect", expect.string()}, {kCli, "port"}));
  EXPECT_EQ(e.rc(), 2) << describe(e);
  EXPECT_NE(e.err.find(expect.string() + ":2"), std::string::npos) << e.err;
}

// Finding 13: `fairvec port` answered cursor.pool_hop with a million units by a reply of 17,000,040
// bytes, which its own checker refuses (portReplyLineBytes); canonical_json.hex of an 8 MiB text
// by one of 33.5 MB. Every op whose reply grows with its input is bounded so that its largest
// reply fits the limit (each bound in `fairvec limits`), and the largest cases are read back here.
TEST(Finding13, TheLargestRepliesFairvecWritesAreReadBack) {
  const std::int64_t line_limit = limit("portReplyLineBytes");
  auto ask = [&](const std::string& request, bool want_ok) {
    ChildRun r = fairvec({"port"}, with_input(request + "\n"));
    EXPECT_EQ(r.rc(), 0) << describe(r);
    const std::string reply = r.out.substr(0, r.out.find('\n'));
    EXPECT_LE(static_cast<std::int64_t>(reply.size()), line_limit) << "a reply of " << reply.size() << " bytes";
    EXPECT_NO_THROW((void)check::parse_reply(reply, 1)) << reply.substr(0, 200);
    EXPECT_EQ(reply.find("\"ok\":true") != std::string::npos, want_ok) << reply.substr(0, 300);
    return reply;
  };
  // pool_hop: the most units, drawing from the largest pool (every pick has 16 digits); a million.
  auto pool = [](std::int64_t n) {
    std::string units;
    for (std::int64_t i = 0; i < n; ++i) units += i ? ",0.5" : "0.5";
    return R"({"id":1,"op":"cursor.pool_hop","params":{"units":[)" + units + R"(],"size":9007199254740991}})";
  };
  const std::int64_t most_units = limit("poolHopUnits");
  EXPECT_GT(ask(pool(most_units), true).size(), static_cast<std::size_t>(16 * most_units));
  EXPECT_NE(ask(pool(1000000), false).find("units"), std::string::npos);
  // canonical_json.hex: the longest text, all of it characters the reply escapes.
  auto hex_text = [](std::int64_t bytes) {
    std::string text = "[\"" + std::string(static_cast<std::size_t>(bytes - 4) / 2 * 2, '\\') + "\"]";
    return R"({"id":1,"op":"canonical_json.hex","params":{"jsonHex":")" + to_hex(as_bytes(text)) + R"("}})";
  };
  const std::int64_t most_text = limit("canonicalJsonHexBytes");
  EXPECT_GT(ask(hex_text(most_text), true).size(), static_cast<std::size_t>(3 * most_text));
  EXPECT_NE(ask(hex_text(2 * most_text), false).find("jsonHex"), std::string::npos);
  // A whole match at the most rolls, one-roll games, every roll recorded wrong: the largest
  // verify_match reply (every mismatch and every game listed).
  const std::int64_t rolls = limit("matchRolls");
  std::string games, recorded;
  for (std::int64_t i = 0; i < rolls; ++i) {
    games += i ? ",1" : "1";
    recorded += "11";
  }
  ask(R"({"id":1,"op":"hmac_dice.verify_match","params":{"serverSeed":")" + std::string(64, '0') +
          R"(","seal":"","clientSeeds":["a"],"rolls":)" + std::to_string(rolls) + R"(,"recorded":")" + recorded +
          R"(","games":[)" + games + "]}}",
      true);
  // The backstop behind the bounds: a result whose line would be longer than the limit is answered
  // bad_input naming it, and a result one byte short of it is sent as it is.
  const std::string envelope = port::ok_line(7, json::Value::object({{"x", ""}}));
  auto result_of = [&](std::int64_t line_bytes) {
    return json::Value::object({{"x", std::string(line_bytes - envelope.size(), 'a')}});
  };
  const std::string fits = port::ok_line(7, result_of(line_limit)), over = port::ok_line(7, result_of(line_limit + 1));
  EXPECT_EQ(static_cast<std::int64_t>(fits.size()), line_limit);
  EXPECT_NO_THROW((void)check::parse_reply(fits, 7));
  EXPECT_EQ(over.find(R"({"id":7,"ok":false,"error":"bad_input")"), 0u) << over.substr(0, 200);
  EXPECT_NE(over.find("portReplyLineBytes"), std::string::npos);
}

// Finding 14: the text report printed port strings raw: a hello name holding "\n" forged report
// lines before the real verdict, and ESC sequences reached the terminal.
TEST(Finding14, PortStringsInTheTextReportAreEscaped) {
  const std::string forged = "evil\\nvectors: 99 passed, 0 failed, 0 skipped\\nexit 0\\n\\x1b[2J\\x9b31m";
  ChildRun r = fairvec(check_port({"--random", "0", "--only", "keno_draw_test.json#1"}, port_cmd({"name", forged})));
  EXPECT_EQ(r.rc(), 0) << describe(r);
  EXPECT_EQ(r.out.find("\nvectors: 99 passed"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nexit 0\n"), r.out.rfind("\nexit 0\n")) << "one exit line: " << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "ESC reached the terminal";
  EXPECT_EQ(r.out.find("\xc2\x9b"), std::string::npos) << "a C1 CSI reached the terminal";
  EXPECT_NE(r.out.find("port: evil\\nvectors: 99 passed"), std::string::npos) << r.out;
}

// Finding 17: (1) a checker killed by SIGKILL left a port behind `sh -c` running: PR_SET_PDEATHSIG
// reached only the shell. (2) A port that exited while a child of it held its stdout was noticed
// only at the request timeout, for every vector.
TEST(Finding17, KilledCheckerLeavesNoPortBehindAShell) {
  const std::string marker = "fvmark" + std::to_string(::getpid()) + "x17";
  std::vector<std::string> argv{kCli,
                                "check-port",
                                "--quiet-port",
                                "--",
                                "/bin/sh",
                                "-c",
                                "python3 " + kHostilePorts + " " + kCli + " hang " + marker + "; echo done"};
  std::vector<char*> args;
  for (auto& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  const pid_t checker = ::fork();
  if (checker == 0) {
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  bool running = false;
  for (int i = 0; i < 500 && !running; ++i) {  // up to 5 s for the port to start
    running = !processes_with(marker).empty();
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the hello is answered
  ::kill(checker, SIGKILL);
  ::waitpid(checker, nullptr, 0);
  EXPECT_TRUE(running) << "the port never started";
  std::vector<pid_t> left;
  for (int i = 0; i < 100; ++i) {  // up to 1 s for the port to be killed
    left = processes_with(marker);
    if (left.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(left.empty()) << left.size() << " processes of the port outlived the killed checker";
  kill_all(left);
}

TEST(Finding17, PortExitIsNoticedAtOnceWhileAChildHoldsItsStdout) {
  const std::string sleep_marker = "59." + std::to_string(::getpid()) + "17";
  const auto t0 = std::chrono::steady_clock::now();
  ChildRun r = fairvec(check_port({"--quiet-port", "--random", "0", "--json", "-", "--max-restarts", "1",
                                   "--timeout-ms", "10000", "--only", "keno_draw_test.json#[1-5]"},
                                  port_cmd({"exit-at", "2", sleep_marker})));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.rc(), 4) << describe(r);
  EXPECT_LT(seconds, 5.0) << "the port's exit was noticed only at the timeout";
  EXPECT_NE(r.out.find("exited with status 3"), std::string::npos) << r.out.substr(0, 2000);
  std::vector<pid_t> left = processes_with(sleep_marker);
  EXPECT_TRUE(left.empty()) << "the child holding stdout was left running";
  kill_all(left);
}

// Finding 18: a port that looks every request up in vectors/transcripts/ passed the whole kit with
// --require-all; only --random caught it, and only when asked for. Random requests are part of
// every run now, from a seed the report prints; --random 0 turns them off.
TEST(Finding18, APortThatMemorisedTheTranscriptsFailsWithDefaultOptions) {
  const std::vector<std::string> port{
      "python3", (kSourceDir / "tests" / "ports" / "transcript_lookup_port.py").string(), kVectors.string()};
  ChildRun r = fairvec(check_port({"--quiet-port", "--require-all", "--json", "-"}, port));
  EXPECT_EQ(r.rc(), 1) << describe(r);
  rapidjson::Document d;
  json::parse(r.out, d, "report");
  EXPECT_EQ(d["summary"]["failed"].GetInt64(), 0) << "it passes every vector";
  EXPECT_GT(d["random"]["failures"].Size(), 0u);
  const std::string seed = d["random"]["seed"].GetString();
  EXPECT_NE(r.err.find("(--seed " + seed + ")"), std::string::npos) << r.err.substr(r.err.size() - 2000);
  ChildRun off = fairvec(check_port({"--quiet-port", "--require-all", "--random", "0"}, port));
  EXPECT_EQ(off.rc(), 0) << "with --random 0 the kit alone cannot tell: " << describe(off);
}

}  // namespace
}  // namespace fairvec::hostile
