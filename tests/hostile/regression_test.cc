// Regression tests for the hostile-input findings (one test per finding, named after it): NUL
// bytes, the exact nesting limit, empty `--opt=` values, `generate`'s failure paths, and the memory
// budget of proof files and port request lines (run under an address-space limit).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "check/process.h"
#include "cli/args.h"
#include "cli_run.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "port/protocol.h"
#include "schemes/canonical_json.h"
#include "schemes/tavla_proof.h"

namespace fairvec {
namespace {

namespace fs = std::filesystem;

using cli_test::ChildRun;
using cli_test::RunOptions;

// run starts the CLI with |args| without a shell (tests/cli_run.h): a signal is reported as one.
ChildRun run(std::vector<std::string> args, RunOptions o = {}) {
  args.insert(args.begin(), FAIRVEC_CLI);
  return cli_test::run_argv(args, o);
}

// words splits |s| at spaces (the commands below hold no quoted spaces).
std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

const std::string kCli = FAIRVEC_CLI;

std::optional<InputError> json_error(std::string_view text) {
  rapidjson::Document d;
  try {
    json::parse(text, d, "x");
  } catch (const InputError& e) {
    return e;
  }
  return std::nullopt;
}

// Finding 3: RapidJSON read NUL-terminated memory, so everything after a NUL byte was ignored.
TEST(Finding3, NulByteAnywhereIsBadInputWithItsPosition) {
  for (std::size_t at : {0u, 1u, 2u, 5u}) {
    std::string text = "{\"a\":[1]}";
    text.insert(at, 1, '\0');
    auto e = json_error(text);
    ASSERT_TRUE(e) << at;
    ASSERT_TRUE(e->position()) << e->what();
    EXPECT_EQ(*e->position(), at) << e->what();
  }
  EXPECT_TRUE(json_error(std::string("{}\0\xff junk", 10)));
  EXPECT_TRUE(json_error(std::string("\"a\0b\"", 5)));
  // A port request, a reply (the checker's parse_reply uses json::parse too) and a proof.
  std::string reply = port::handle_line(std::string("{\"id\":1,\"op\":\"hello\",\"params\":{\"protocol\":1}}\0x", 47),
                                        default_backend());
  EXPECT_NE(reply.find("\"error\":\"bad_input\""), std::string::npos) << reply;
  EXPECT_NE(reply.find("NUL"), std::string::npos) << reply;
  EXPECT_NO_THROW((void)check::parse_reply("{\"id\":3,\"ok\":true,\"result\":{}}", 3));
  EXPECT_ANY_THROW((void)check::parse_reply(std::string("{\"id\":3,\"ok\":true,\"result\":{}}\0garbage", 37), 3));
  rapidjson::Document d;
  EXPECT_THROW(canonical_json::parse(std::string("{\"a\":\0 1}", 9), d, "proof"), InputError);
}

TEST(Finding3, VectorFileWithTrailingNulFailsCheck) {
  fs::path dir = fs::temp_directory_path() / ("fairvec_nul_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(FAIRVEC_SOURCE_VECTORS, dir, fs::copy_options::recursive);
  {
    std::ofstream f(dir / "keno_pick_test.json", std::ios::app | std::ios::binary);
    f << std::string("\0 this is not JSON {{{", 22);
  }
  ChildRun r = run({"check", "--vectors", dir.string(), "--only", "keno_pick_test.json"});
  EXPECT_EQ(r.rc(), 1) << r.all();
  EXPECT_NE(r.all().find("NUL"), std::string::npos) << r.all();
  fs::remove_all(dir);
}

// Finding 4: specs/README.md allows 512 levels; 513 were accepted.
TEST(Finding4, DepthIsAtMost512Exactly) {
  auto nested = [](std::size_t n) { return std::string(n, '[') + std::string(n, ']'); };
  EXPECT_FALSE(json_error(nested(512)));
  auto e = json_error(nested(513));
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("512"), std::string::npos) << e->what();
  ASSERT_TRUE(e->position());
  EXPECT_EQ(*e->position(), 512u) << e->what();  // the 513th bracket
  std::string objects;
  for (int i = 0; i < 513; ++i) objects += "{\"a\":";
  objects += "1" + std::string(513, '}');
  EXPECT_TRUE(json_error(objects));
}

// Finding 5: CLI11 read "--client=" as "--client" and took the next argument as its value.
TEST(Finding5, EmptyOptionValueNeverTakesTheNextArgument) {
  CLI::App app{"t"};
  std::vector<std::string> clients;
  bool json_out = false;
  int count = 7;
  app.add_option("--client", clients);
  app.add_flag("--json", json_out);
  app.add_option("--count", count);
  const char* argv[] = {"t", "--client=A", "--client=", "--json"};
  app.parse(cli::explicit_empty_values(app, 4, argv));
  EXPECT_EQ(clients, (std::vector<std::string>{"A", ""}));
  EXPECT_TRUE(json_out);
  const char* argv2[] = {"t", "--count=", "--json"};  // a number cannot be empty (CLI11 would read 0)
  EXPECT_THROW(app.parse(cli::explicit_empty_values(app, 3, argv2)), CLI::ParseError);
  const char* argv3[] = {"t", "--json=", "--", "--count="};  // a flag, and after "--": unchanged
  auto args = cli::explicit_empty_values(app, 4, argv3);
  EXPECT_EQ(args, (std::vector<std::string>{"--count=", "--", "--json="}));
}

// Every value option of every command outside verify-*: "--opt=" followed by an unknown flag must
// end in bad input that never shows the flag as the option's value.
TEST(Finding5, EveryCommandOptionTakesAnEmptyValue) {
  const std::string seed = " --seed 000102030405060708090a0b0c0d0e0f";
  struct Case {
    std::string command, option, tail;
  };
  const std::vector<Case> cases = {
      {"generate", "--out", ""},
      {"generate", "--only", ""},
      {"check", "--vectors", ""},
      {"check", "--only", ""},
      {"port", "--backend", ""},
      {"check-port", "--vectors", " -- true"},
      {"check-port", "--timeout-ms", " -- true"},
      {"check-port", "--only", " -- true"},
      {"bench", "--reps", ""},
      {"search hmac-dice-skip" + seed, "--client", ""},
      {"search tavla-skip" + seed, "--game", ""},
      {"search tavla-skip" + seed, "--contribution", ""},
      {"search hmac-dice-skip" + seed, "--depth", ""},
      {"search hmac-dice-skip" + seed, "--from", ""},
      {"search hmac-dice-skip" + seed, "--count", ""},
      {"search hmac-dice-skip" + seed, "--threads", ""},
      {"search hmac-dice-skip" + seed, "--backend", ""},
      {"search hmac-dice-skip", "--seed", ""},
  };
  fs::path cwd = fs::temp_directory_path() / ("fairvec_opts_" + std::to_string(::getpid()));
  fs::create_directories(cwd);
  for (const auto& c : cases) {
    RunOptions o;
    o.cwd = cwd;
    o.timeout_seconds = 20;
    ChildRun run_ = run(words(c.command + " " + c.option + "= --no-such-flag" + c.tail), o);
    const std::string out = run_.all();
    SCOPED_TRACE(c.command + " " + c.option + ": " + out);
    EXPECT_EQ(run_.rc(), 2);
    EXPECT_EQ(out.find("= --no-such-flag"), std::string::npos);
    EXPECT_EQ(out.find("'--no-such-flag'"), std::string::npos);
    const bool unexpected = out.find("not expected:") != std::string::npos &&
                            out.find("--no-such-flag", out.find("not expected:")) != std::string::npos;
    EXPECT_TRUE(unexpected || out.find(c.option) != std::string::npos);
  }
  EXPECT_TRUE(fs::is_empty(cwd));  // nothing was generated into a directory named after a flag
  fs::remove_all(cwd);
}

// Finding 6: interrupted or failed generations, stray files and wrong --out targets.
class Finding6 : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() / ("fairvec_gen_" + std::to_string(::getpid()));
  void SetUp() override {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
};

TEST_F(Finding6, StaleTempFilesAreRemovedOnStart) {
  std::ofstream(dir / "keno_pick_test.json.tmp.12345") << "{partial";
  fs::create_directories(dir / "proofs");
  std::ofstream(dir / "proofs" / "x.json.tmp.7") << "{";
  ChildRun r = run({"generate", "--out", dir.string()});
  EXPECT_EQ(r.rc(), 0) << r.all();
  EXPECT_FALSE(fs::exists(dir / "keno_pick_test.json.tmp.12345"));
  EXPECT_FALSE(fs::exists(dir / "proofs" / "x.json.tmp.7"));
}

TEST_F(Finding6, VerifyReportsStrayFilesOfAnyName) {
  fs::copy(FAIRVEC_SOURCE_VECTORS, dir, fs::copy_options::recursive);  // the committed generation
  EXPECT_EQ(run({"generate", "--verify", "--out", dir.string()}).rc(), 0);
  const char* strays[] = {"keno_pick_test.json.tmp.999", "notes.txt", "proofs/README", "schema/x.tmp.1"};
  for (const char* stray : strays) std::ofstream(dir / stray) << "x";
  ChildRun r = run({"generate", "--verify", "--out", dir.string()});
  EXPECT_EQ(r.rc(), 1) << r.all();
  for (const char* stray : strays) {
    EXPECT_NE(r.err.find(std::string(stray) + " is not produced"), std::string::npos) << stray << ": " << r.all();
  }
}

TEST_F(Finding6, ManifestListsEveryFileAndIsWrittenLast) {
  ASSERT_EQ(run({"generate", "--out", dir.string()}).rc(), 0);
  std::istringstream manifest(read_file(dir / "MANIFEST.sha256"));
  std::size_t listed = 0;
  fs::file_time_type newest_other = fs::file_time_type::min();
  for (std::string line; std::getline(manifest, line); ++listed) {
    ASSERT_GT(line.size(), 66u) << line;
    fs::path p = dir / line.substr(66);
    EXPECT_EQ(line.substr(0, 64), to_hex(default_backend().sha256(read_file(p)))) << line;
    newest_other = std::max(newest_other, fs::last_write_time(p));
  }
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(listed + 1, files);
  EXPECT_GE(fs::last_write_time(dir / "MANIFEST.sha256"), newest_other);
  // A generation that fails half way removes the old manifest first and leaves no temporary file.
  fs::remove_all(dir / "proofs");
  std::ofstream(dir / "proofs") << "a file where a directory belongs";
  ChildRun r = run({"generate", "--out", dir.string()});
  EXPECT_EQ(r.rc(), 3) << r.all();
  EXPECT_FALSE(fs::exists(dir / "MANIFEST.sha256"));
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
  }
}

// A generation that fails before it has written anything (here: a spec whose marker block has no
// end; a generator's stub or a search that finds nothing fails the same way) leaves every file of
// the output directory as it was, its manifests included: files are written only once all are made.
TEST_F(Finding6, AGenerationThatFailsWritesNothing) {
  const fs::path specs = dir.parent_path() / ("fairvec_specs_" + std::to_string(::getpid()));
  fs::remove_all(specs);  // not a directory yet: the first generation writes no spec table
  ASSERT_EQ(run({"generate", "--out", dir.string(), "--specs", specs.string()}).rc(), 0);
  fs::create_directories(specs);
  std::map<fs::path, std::string> before;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) before[e.path()] = read_file(e.path());
  }
  ASSERT_TRUE(before.count(dir / "MANIFEST.sha256"));
  std::ofstream(dir / "keno_pick_test.json") << "edited";  // a file generation would rewrite
  before[dir / "keno_pick_test.json"] = "edited";
  std::ofstream(specs / "broken.md") << "<!-- fairvec:flags keno_pick_test.json begin -->\nno end\n";
  ChildRun r = run({"generate", "--out", dir.string(), "--specs", specs.string()});
  EXPECT_EQ(r.rc(), 2) << r.all();
  EXPECT_NE(r.err.find("broken.md"), std::string::npos) << r.all();
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    ++files;
    EXPECT_TRUE(before.count(e.path()) && before[e.path()] == read_file(e.path())) << e.path() << " changed";
  }
  EXPECT_EQ(files, before.size());
  fs::remove_all(specs);
}

// Kills at several points of a generation: no temporary file is left, and a generation that did
// not finish has no manifest.
TEST_F(Finding6, KilledGenerationLeavesNoTempFileAndNoManifest) {
  ASSERT_EQ(run({"generate", "--out", dir.string()}).rc(), 0);
  int killed = 0;
  for (int ms : {20, 60, 120, 250, 400, 700}) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      ::execl(kCli.c_str(), kCli.c_str(), "generate", "--out", dir.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::usleep(static_cast<useconds_t>(ms) * 1000);
    ::kill(pid, SIGTERM);
    int status = 0;
    ::waitpid(pid, &status, 0);
    const bool died = WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM;  // else it had finished
    killed += died;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << ms << " ms: " << e.path();
    }
    if (died && fs::exists(dir / "MANIFEST.sha256")) {
      // The manifest is written last: a kill after it (while the process exits) must leave a whole,
      // verifiable tree; a kill before it leaves no manifest.
      EXPECT_EQ(run({"generate", "--verify", "--out", dir.string()}).rc(), 0)
          << ms << " ms: a manifest over a partial tree";
    }
  }
  EXPECT_GT(killed, 0);  // at least one kill landed during the generation
}

TEST_F(Finding6, OutThatIsAFileOrADanglingLinkExits3) {
  std::ofstream(dir / "file") << "x";
  fs::create_symlink(dir / "nowhere", dir / "dangling");
  for (const char* target : {"file", "dangling"}) {
    for (const char* verify : {"", " --verify"}) {
      ChildRun r = run(words(std::string("generate") + verify + " --out " + (dir / target).string()));
      EXPECT_EQ(r.rc(), 3) << target << verify << ": " << r.all();
    }
  }
  EXPECT_FALSE(fs::exists(dir / "nowhere"));
}

// Findings 1 and 2: amplification. Each run is limited to 512 MiB of address space.
RunOptions limited(const fs::path& stdin_file = {}) {
  RunOptions o;
  o.address_space = 512u << 20;
  o.stdin_file = stdin_file;
  return o;
}

TEST(Finding1, TenMegabyteProofOfSmallIntegersIsBadInputUnderMemoryLimit) {
  fs::path p = fs::temp_directory_path() / ("fairvec_bigproof_" + std::to_string(::getpid()) + ".json");
  {
    std::string proof = read_file(fs::path(FAIRVEC_SOURCE_VECTORS) / "proofs" / "malformed-kind.json");
    std::string big = "\"big\": [";
    for (int i = 0; i < 5 * 1000 * 1000; ++i) big += "1,";
    big += "1],";
    proof.insert(proof.find("\"rulesVersion\""), big);
    std::ofstream(p, std::ios::binary) << proof;
  }
  ChildRun r = run({"verify-tavla", p.string()}, limited());
  EXPECT_FALSE(r.signaled) << r.all();
  EXPECT_EQ(r.rc(), 2) << r.all();
  EXPECT_NE(r.all().find("limit"), std::string::npos) << r.all();
  // Below the proof limit, a dense settings array is refused by the budget, not by the allocator.
  rapidjson::Document d;
  std::string dense = "{\"a\":[" + std::string(1 << 20, '1') + "]}";
  for (std::size_t i = 7; i + 1 < dense.size() - 2; i += 2) dense[i] = ',';
  auto e = [&]() -> std::optional<InputError> {
    try {
      canonical_json::parse(dense, d, "proof", nullptr, tavla::kMaxProofBytes);
    } catch (const InputError& x) {
      return x;
    }
    return std::nullopt;
  }();
  ASSERT_TRUE(e);
  EXPECT_NE(std::string(e->what()).find("memory budget"), std::string::npos) << e->what();
  fs::remove(p);
}

TEST(Finding2, HundredMegabyteRequestLineIsBadInputAndThePortKeepsServing) {
  fs::path p = fs::temp_directory_path() / ("fairvec_bigline_" + std::to_string(::getpid()));
  {
    std::ofstream f(p, std::ios::binary);
    f << "{\"id\":1,\"op\":\"hello\",\"params\":{\"x\":[";
    std::string chunk;
    for (int i = 0; i < 1000; ++i) chunk += "1,";
    for (int i = 0; i < 50 * 1000; ++i) f << chunk;
    f << "1]}}\n{\"id\":2,\"op\":\"hello\",\"params\":{\"protocol\":1}}\n";
  }
  ChildRun r = run({"port"}, limited(p));
  EXPECT_FALSE(r.signaled) << r.all().substr(0, 500);
  EXPECT_EQ(r.rc(), 0) << r.all().substr(0, 500);
  EXPECT_EQ(r.out.find("{\"id\":null,\"ok\":false,\"error\":\"bad_input\""), 0u) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("{\"id\":2,\"ok\":true"), std::string::npos) << r.out.substr(0, 500);
  // A dense line under the length limit is refused by the memory budget.
  {
    std::ofstream f(p, std::ios::binary);
    f << "{\"id\":1,\"op\":\"hello\",\"params\":{\"x\":[";
    for (int i = 0; i < 7 * 1000 * 1000; ++i) f << "1,";
    f << "1]}}\n";
  }
  r = run({"port"}, limited(p));
  EXPECT_FALSE(r.signaled);
  EXPECT_EQ(r.rc(), 0) << r.all().substr(0, 500);
  EXPECT_NE(r.out.find("memory budget"), std::string::npos) << r.out.substr(0, 500);
  fs::remove(p);
}

}  // namespace
}  // namespace fairvec
