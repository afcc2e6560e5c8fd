// Tests of `fairvec verify` driving the real binary (docs/verify.md): valid inputs
// exit 0, each kind of tampering exits 1 naming where, each kind of malformed input exits 2 naming
// the option, unreadable files exit 3; every --json output is one object that validates against
// vectors/schema/verify_report_schema.json and agrees with the readable verdict; every language
// renders every verdict; the examples of docs/verify.md run with the exit codes they state, and the
// README's verify examples print what it shows. README.md's set-up table of Debian packages is
// checked here too (ReadmeSetUp), with the README's other runnable claims.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/schema.h>

#include "core/crypto.h"
#include "core/families.h"
#include "core/files.h"
#include "core/json.h"
#include "schemes/cursor.h"
#include "schemes/hmac_dice.h"
#include "schemes/keno.h"

namespace fairvec {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = FAIRVEC_SOURCE_DIR;
const fs::path kVectors = FAIRVEC_SOURCE_VECTORS;

struct CliRun {
  int code = -1;  // the exit code; -1 when a signal ended the CLI
  std::string out, err;
};

std::string shq(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// run executes `fairvec verify ARGS` (ARGS already shell-quoted) in the environment |env|
// (assignments, e.g. "LANG=ru_RU"), from |cwd| when given. The shell execs the CLI (through env),
// so the status pclose returns is the CLI's own: a signal never reads as an exit code.
CliRun run(const std::string& args, const std::string& env = "LC_ALL= LC_MESSAGES= LANG=", const fs::path& cwd = {}) {
  static int n = 0;
  const fs::path err =
      fs::temp_directory_path() / ("fairvec_verify_cli_" + std::to_string(::getpid()) + "_" + std::to_string(n++));
  const std::string cmd = (cwd.empty() ? "" : "cd " + shq(cwd.string()) + " && ") + "exec env " + env + " " +
                          shq(FAIRVEC_CLI) + " " + args + " 2>" + shq(err.string()) + " </dev/null";
  CliRun r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  std::size_t k;
  while ((k = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), k);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err);
  fs::remove(err);
  return r;
}

// json_of parses |r|'s stdout, validates it against the report schema and checks exitCode.
rapidjson::Document json_of(const CliRun& r) {
  static const rapidjson::Document schema_doc = [] {
    rapidjson::Document d;
    json::parse(read_file(kVectors / "schema" / "verify_report_schema.json"), d, "verify_report_schema.json");
    return d;
  }();
  static const rapidjson::SchemaDocument schema(schema_doc);
  rapidjson::Document d;
  json::parse(r.out, d, "verify --json output");
  rapidjson::SchemaValidator v(schema);
  EXPECT_TRUE(d.Accept(v)) << "schema violation at " << v.GetInvalidSchemaKeyword() << ": " << r.out;
  EXPECT_EQ(d["exitCode"].GetInt(), r.code) << r.out;
  return d;
}

std::string has(const CliRun& r, const std::string& needle) {
  return r.out.find(needle) != std::string::npos || r.err.find(needle) != std::string::npos ? "" : r.out + r.err;
}

// Lang reads one translation file as the build embeds it.
std::map<std::string, std::string> lang_file(const std::string& code) {
  std::map<std::string, std::string> m;
  std::istringstream in(read_file(kSource / "gen" / "cli" / "verify" / "lang" / (code + ".txt")));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto eq = line.find(" = ");
    m[line.substr(0, eq)] = line.substr(eq + 3);
  }
  return m;
}

// prefix returns the text of |key| up to its first placeholder.
std::string prefix(const std::map<std::string, std::string>& lang, const std::string& key) {
  const std::string& t = lang.at(key);
  return t.substr(0, t.find('{'));
}

// ---- fixtures -----------------------------------------------------------------------------------

struct DiceMatch {
  std::string seed, seal, link, recorded;
  std::vector<hmac_dice::Dice> dice;
};

DiceMatch dice_match() {
  DiceMatch d;
  hmac_dice::Link l;
  l.version = 1;
  l.match.server_seed = Bytes(32, 0x5a);
  l.match.seal = openssl_backend().sha256(ByteView(l.match.server_seed));
  l.match.client_seeds = {"seatA", "seatB"};
  l.match.rolls = 8;
  l.match.games = {5, 3};
  d.dice = hmac_dice::verify_match(openssl_backend(), l.match).dice;
  l.match.recorded = d.dice;
  d.link = hmac_dice::build_link(l);
  d.seed = to_hex(l.match.server_seed);
  d.seal = to_hex(*l.match.seal);
  d.recorded = hmac_dice::rolls_text(d.dice);
  return d;
}

const std::string kSalt2018 = "0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526";
const std::string kTerm2018 = "86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277";
const std::string kGame1394728 = "b2acd37fbdb5509926ab5d7329704c840f8467266c90019682f3b260a029bdba";
std::string crash_args() {
  return "verify crash --convention bustabit-v2 --hash " + kGame1394728 + " --salt " + kSalt2018;
}

// ---- dice ---------------------------------------------------------------------------------------

TEST(VerifyDice, ValidTamperedAndPartial) {
  const DiceMatch m = dice_match();
  CliRun ok = run("verify " + shq(m.link));  // detected as dice
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
  EXPECT_EQ(has(ok, "Verdict: VERIFIED"), "");
  EXPECT_EQ(json_of(run("verify dice --json " + shq(m.link)))["verdict"].GetString(), std::string("verified"));

  std::string tampered = m.recorded;
  tampered[2 * 6] = tampered[2 * 6] == '1' ? '2' : '1';  // roll 7 = game 2, roll 2
  CliRun bad = run("verify dice --json --seed " + m.seed + " --seal " + m.seal +
                   " --client seatA --client seatB --games 5,3 --recorded " + tampered);
  EXPECT_EQ(bad.code, 1) << bad.out;
  auto d = json_of(bad);
  EXPECT_EQ(d["firstMismatch"]["location"]["roll"].GetInt(), 7);
  EXPECT_EQ(d["firstMismatch"]["location"]["game"].GetInt(), 2);
  EXPECT_EQ(d["firstMismatch"]["location"]["rollInGame"].GetInt(), 2);

  std::string seal = m.seal;
  seal[0] = seal[0] == '0' ? '1' : '0';
  CliRun bad_seal = run("verify dice --seed " + m.seed + " --seal " + seal +
                        " --client seatA --client seatB "
                        "--games 5,3 --recorded " +
                        m.recorded);
  EXPECT_EQ(bad_seal.code, 1);
  EXPECT_EQ(has(bad_seal, "First difference: the seal"), "");

  // No seal: the rolls match, but the verdict says the seal was not checked (never "VERIFIED").
  CliRun partial =
      run("verify dice --seed " + m.seed + " --client seatA --client seatB --games 5,3 --recorded " + m.recorded);
  EXPECT_EQ(partial.code, 0);
  EXPECT_EQ(has(partial, "Verdict: PARTLY CHECKED"), "");
  EXPECT_EQ(has(partial, "Not checked: the seal shown before the first roll (no seal given"), "");
  EXPECT_EQ(partial.out.find("VERIFIED"), std::string::npos);
  CliRun shown = run("verify dice --seed " + m.seed + " --client seatA --rolls 3");
  EXPECT_EQ(shown.code, 0);
  EXPECT_EQ(has(shown, "Verdict: NOT CHECKED"), "");
  // The old name still works.
  EXPECT_EQ(run("verify-dice --link " + shq(m.link)).code, 0);
}

TEST(VerifyDice, MalformedInputNamesTheOption) {
  const DiceMatch m = dice_match();
  // An empty --client= is an empty client seed, bad input; it never swallows --json.
  CliRun swallow = run("verify dice --client=A --client= --json --recorded=3365 --seed " + m.seed);
  EXPECT_EQ(swallow.code, 2);
  EXPECT_EQ(std::string(json_of(swallow)["error"]["field"].GetString()), "--client[1]");
  CliRun empty_seal = run("verify dice --json --seal= --client=A --seed " + m.seed + " --rolls 2");
  EXPECT_EQ(empty_seal.code, 2);
  EXPECT_EQ(std::string(json_of(empty_seal)["error"]["field"].GetString()), "--seal");
  CliRun no_value = run("verify dice --seed --client A --rolls 2");
  EXPECT_EQ(no_value.code, 2);
  EXPECT_EQ(has(no_value, "--seed"), "");
  CliRun zero = run("verify dice --json --seed " + m.seed + " --client A --rolls 0");
  EXPECT_EQ(zero.code, 2);
  EXPECT_EQ(std::string(json_of(zero)["error"]["field"].GetString()), "--rolls");
  EXPECT_EQ(run("verify dice --seed " + m.seed + " --client A --rolls 100001").code, 2);  // the limit
  CliRun typo = run("verify dice --seed " + m.seed + " --client A --recorded-fle x");
  EXPECT_EQ(typo.code, 2);
  EXPECT_EQ(has(typo, "did you mean --recorded-file?"), "");
  EXPECT_EQ(run("verify dise " + shq(m.link)).code, 2);
  EXPECT_EQ(has(run("verify dise"), "did you mean dice?"), "");

  // A recorded-rolls file over the 4 MiB limit is bad input (2), an unreadable one is exit 3, and
  // --json answers both with an object on stdout.
  const fs::path big = fs::temp_directory_path() / ("fairvec_verify_big_" + std::to_string(::getpid()));
  { std::ofstream(big) << std::string((4u << 20) + 1, '1'); }
  CliRun too_big = run("verify dice --json --seed " + m.seed + " --client A --recorded-file " + shq(big.string()));
  fs::remove(big);
  EXPECT_EQ(too_big.code, 2);
  EXPECT_EQ(std::string(json_of(too_big)["error"]["field"].GetString()), "--recorded-file");
  CliRun missing = run("verify dice --json --seed " + m.seed + " --client A --recorded-file /nonexistent/rolls.txt");
  EXPECT_EQ(missing.code, 3);
  EXPECT_EQ(std::string(json_of(missing)["verdict"].GetString()), "unreadable");
}

// ---- tavla --------------------------------------------------------------------------------------

TEST(VerifyTavla, ProofsExpectedCommitmentsAndDetection) {
  const std::string valid = shq((kVectors / "proofs" / "valid-turkish.json").string());
  CliRun partial = run("verify tavla --json " + valid);
  auto d = json_of(partial);
  EXPECT_EQ(std::string(d["verdict"].GetString()), "partial");  // no expected commitment given
  const std::string commitment = d["result"]["commitment"].GetString();
  const std::string seal_code = d["result"]["sealCode"].GetString();
  EXPECT_EQ(json_of(run("verify --json " + valid + " --expected-commitment " + commitment))["verdict"].GetString(),
            std::string("verified"));  // detected as tavla
  {                                    // a proof under a directory named check/ is a proof, not a check-page link
    const fs::path dir = fs::temp_directory_path() / ("fairvec_verify_" + std::to_string(::getpid())) / "check";
    fs::create_directories(dir);
    fs::copy_file(kVectors / "proofs" / "valid-turkish.json", dir / "valid.json", fs::copy_options::overwrite_existing);
    CliRun under_check =
        run("verify --json " + shq((dir / "valid.json").string()) + " --expected-commitment " + commitment);
    fs::remove_all(dir.parent_path());
    EXPECT_EQ(under_check.code, 0) << under_check.out;
    EXPECT_EQ(std::string(json_of(under_check)["verdict"].GetString()), "verified");
  }
  CliRun by_code = run("verify tavla " + valid + " --expected-commitment " + seal_code);
  EXPECT_EQ(by_code.code, 0);
  EXPECT_EQ(has(by_code, "Verdict: VERIFIED"), "");
  std::string other = commitment;
  other[10] = other[10] == 'a' ? 'b' : 'a';
  CliRun wrong = run("verify tavla --json " + valid + " --expected-commitment " + other);
  EXPECT_EQ(wrong.code, 1);
  EXPECT_EQ(std::string(json_of(wrong)["firstMismatch"]["location"]["check"].GetString()), "expectedCommitment");
  // A digest prefix is bad input, never read as a seal code.
  for (const std::string& prefix : {commitment.substr(0, 16), commitment.substr(0, 8), commitment.substr(0, 40)}) {
    CliRun p = run("verify tavla --json " + valid + " --expected-commitment " + prefix);
    EXPECT_EQ(p.code, 2) << prefix;
    EXPECT_EQ(std::string(json_of(p)["error"]["field"].GetString()), "--expected-commitment");
  }
  CliRun tampered = run("verify tavla --json " + shq((kVectors / "proofs" / "tampered-dice.json").string()));
  EXPECT_EQ(tampered.code, 1);
  EXPECT_EQ(std::string(json_of(tampered)["firstMismatch"]["location"]["check"].GetString()), "rolls[5].dice");
  CliRun malformed = run("verify tavla --json " + shq((kVectors / "proofs" / "malformed-short-seed.json").string()));
  EXPECT_EQ(malformed.code, 2);
  EXPECT_EQ(std::string(json_of(malformed)["error"]["field"].GetString()), "seed");
  CliRun unreadable = run("verify tavla --json /nonexistent/proof.json");
  EXPECT_EQ(unreadable.code, 3);
  EXPECT_EQ(std::string(json_of(unreadable)["verdict"].GetString()), "unreadable");
  EXPECT_EQ(run("verify-tavla --lang tr " + valid).code, 0);  // the old name

  // A proof without rolls: never "every roll checked", never verified.
  rapidjson::Document proof;
  json::parse(read_file(kVectors / "proofs" / "valid-turkish.json"), proof, "proof");
  json::Value no_rolls = json::Value::from_rapidjson(proof);
  no_rolls.set("rolls", json::Value::array());
  const fs::path empty = fs::temp_directory_path() / ("fairvec_verify_norolls_" + std::to_string(::getpid()) + ".json");
  write_file_atomic(empty, json::to_pretty(no_rolls));
  CliRun none = run("verify tavla " + shq(empty.string()) + " --expected-commitment " + seal_code);
  CliRun none_json = run("verify tavla --json " + shq(empty.string()) + " --expected-commitment " + seal_code);
  fs::remove(empty);
  EXPECT_EQ(none.code, 0);
  EXPECT_EQ(none.out.find("Every roll checked"), std::string::npos) << none.out;
  EXPECT_EQ(has(none, "Verdict: PARTLY CHECKED"), "");
  EXPECT_EQ(std::string(json_of(none_json)["verdict"].GetString()), "partial");
}

// ---- cursor and keno ----------------------------------------------------------------------------

TEST(VerifyCursorKeno, RoundsAndTickets) {
  const std::string commit = cursor::commitment(openssl_backend(), "server seed");
  const std::string base = "verify cursor --game limbo --server-seed 'server seed' --client-seed player --nonce 7";
  CliRun shown = run(base + " --json");
  auto d = json_of(shown);
  EXPECT_EQ(std::string(d["verdict"].GetString()), "unchecked");
  const std::string outcome = json::to_line(json::Value::from_rapidjson(d["result"]["outcome"]));
  EXPECT_EQ(d["result"]["reads"][0]["cursor"].GetInt(), 0);
  CliRun ok = run(base + " --commitment " + commit + " --outcome " + shq(outcome));
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
  EXPECT_EQ(has(ok, "Verdict: VERIFIED"), "");
  CliRun bad = run(base + " --json --commitment " + commit + " --outcome '{\"hundredths\": 1}'");
  EXPECT_EQ(bad.code, 1);
  EXPECT_EQ(std::string(json_of(bad)["firstMismatch"]["location"]["outcome"].GetString()), "hundredths");
  CliRun bad_commit = run(base + " --json --commitment " + std::string(64, '0'));
  EXPECT_EQ(bad_commit.code, 1);
  CliRun bad_nonce = run(base.substr(0, base.size() - 1) + "-1 --json");
  EXPECT_EQ(bad_nonce.code, 2);
  EXPECT_EQ(std::string(json_of(bad_nonce)["error"]["field"].GetString()), "--nonce");
  EXPECT_EQ(run(base + " --options '[1]'").code, 2);
  EXPECT_EQ(run(base + " --outcome '{\"nope\": 1}'").code, 2);

  const keno::Draw draw = keno::draw("random hash", "salt", openssl_backend());
  std::string balls;
  for (int b : draw.balls) balls += (balls.empty() ? "" : ",") + std::to_string(b);
  const std::string kbase = "verify keno --random-hash 'random hash' --salt salt --json";
  EXPECT_EQ(json_of(run(kbase + " --balls " + balls))["verdict"].GetString(), std::string("verified"));
  std::string swapped = std::to_string(draw.balls[1]) + "," + std::to_string(draw.balls[0]) +
                        balls.substr(balls.find(',', balls.find(',') + 1));
  CliRun kbad = run(kbase + " --balls " + swapped);
  EXPECT_EQ(kbad.code, 1);
  EXPECT_EQ(json_of(kbad)["firstMismatch"]["location"]["ball"].GetInt(), 1);
  CliRun kshort = run(kbase + " --balls 1,2,3");
  EXPECT_EQ(kshort.code, 2);
  EXPECT_EQ(std::string(json_of(kshort)["error"]["field"].GetString()), "--balls");
}

// ---- crash: bustabit's published games ----------------------------------------------------------

TEST(VerifyCrash, PublishedGamesAndTheWalkToThe2018TerminatingHash) {
  // Games #1,394,728 … #1,394,725 and their published busts (specs/crash.md §7.1); the walk is
  // 1,394,728 links (about half a second).
  CliRun ok = run(crash_args() + " --json --busts 1.26x,1.18x,1.26x,3.77x --terminating " + kTerm2018);
  EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
  auto d = json_of(ok);
  EXPECT_EQ(std::string(d["verdict"].GetString()), "verified");
  EXPECT_EQ(d["result"]["walk"]["steps"].GetInt64(), 1394728);
  EXPECT_EQ(d["result"]["walk"]["gameNumber"].GetInt64(), 1394728);
  EXPECT_EQ(std::string(d["result"]["games"][1]["hash"].GetString()),
            "82886b71b3b26e4b162bbdf4e7024f50f6a7250c207fb9ce497ad56a3e7e700a");

  CliRun bust = run(crash_args() + " --json --busts 1.26,1.19");
  EXPECT_EQ(bust.code, 1);
  EXPECT_EQ(json_of(bust)["firstMismatch"]["location"]["gamesBefore"].GetInt(), 1);
  // The raw-byte rule of the later chain does not reach the 2018 terminating hash.
  CliRun raw = run("verify crash --json --convention bustabit-2025 --hash " + kGame1394728 + " --salt " + kSalt2018 +
                   " --terminating " + kTerm2018 + " --max-walk 1000");
  EXPECT_EQ(raw.code, 1);
  EXPECT_EQ(std::string(json_of(raw)["firstMismatch"]["location"]["check"].GetString()), "chain");
  CliRun short_walk = run(crash_args() + " --terminating " + kTerm2018 + " --max-walk 1000");
  EXPECT_EQ(short_walk.code, 1);
  EXPECT_EQ(has(short_walk, "not reached within 1000 links"), "");

  for (const auto& [args, field] : std::vector<std::pair<std::string, std::string>>{
           {" --max-walk 100000001 --terminating " + kTerm2018, "--max-walk"},
           {" --count 0", "--count"},
           {" --busts 1.261", "--busts[0]"},
           {" --terminating 86728f", "--terminating"}}) {
    CliRun r = run(crash_args() + " --json" + args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(std::string(json_of(r)["error"]["field"].GetString()), field) << args;
  }
  CliRun no_salt = run("verify crash --json --convention bustabit-v2 --hash " + kGame1394728);
  EXPECT_EQ(std::string(json_of(no_salt)["error"]["field"].GetString()), "salt");
  CliRun conv = run("verify crash --json --convention bustabit-v3 --hash " + kGame1394728);
  EXPECT_EQ(std::string(json_of(conv)["error"]["field"].GetString()), "convention");
}

// ---- every verdict of every sub-form and convention --------------------------------------------

// Verdict is one run expected to give |verdict| (and its exit code), with --json.
struct Verdict {
  std::string args, verdict;
};

int exit_of(const std::string& verdict) {
  return verdict == "mismatch" ? 1 : verdict == "bad_input" ? 2 : verdict == "unreadable" ? 3 : 0;
}

void expect_verdicts(const std::string& what, const std::vector<Verdict>& cases) {
  for (const auto& c : cases) {
    const CliRun r = run(c.args + " --json");
    SCOPED_TRACE(what + ": " + c.args + "\n" + r.out.substr(0, 800) + r.err.substr(0, 400));
    EXPECT_EQ(r.code, exit_of(c.verdict));
    EXPECT_EQ(std::string(json_of(r)["verdict"].GetString()), c.verdict);
    const CliRun text = run(c.args);  // the readable report ends in the same verdict, with the same exit code
    EXPECT_EQ(text.code, r.code);
  }
}

// Every sub-form, and verify crash with each convention, gives each verdict it can give (docs/verify.md,
// "Verdict"): verified, partial (some checks not run), unchecked (nothing compared), mismatch,
// bad_input and, where a file is read, unreadable. Values to compare come from an unchecked run's
// own --json result, so a verified run proves the report agrees with itself, and a changed value
// proves the comparison bites.
TEST(VerifyVerdicts, EverySubFormAndConventionGivesEachOfItsVerdicts) {
  const DiceMatch m = dice_match();
  std::string tampered = m.recorded;
  tampered[0] = tampered[0] == '1' ? '2' : '1';
  const std::string dice = "verify dice --seed " + m.seed + " --client seatA --client seatB --games 5,3";
  expect_verdicts("dice", {{dice + " --seal " + m.seal + " --recorded " + m.recorded, "verified"},
                           {dice + " --recorded " + m.recorded, "partial"},
                           {dice + " --rolls 8", "unchecked"},
                           {dice + " --recorded " + tampered, "mismatch"},
                           {dice + " --rolls 0", "bad_input"},
                           {dice + " --recorded-file /nonexistent/rolls.txt", "unreadable"},
                           {"verify " + shq(m.link), "verified"}});

  const std::string proof = shq((kVectors / "proofs" / "valid-turkish.json").string());
  const std::string commitment = json_of(run("verify tavla --json " + proof))["result"]["commitment"].GetString();
  expect_verdicts("tavla",
                  {{"verify tavla " + proof + " --expected-commitment " + commitment, "verified"},
                   {"verify tavla " + proof, "partial"},
                   {"verify tavla " + shq((kVectors / "proofs" / "tampered-dice.json").string()), "mismatch"},
                   {"verify tavla " + shq((kVectors / "proofs" / "malformed-short-seed.json").string()), "bad_input"},
                   {"verify tavla /nonexistent/proof.json", "unreadable"}});

  const std::string round = "verify cursor --game limbo --server-seed 'server seed' --client-seed player --nonce 7";
  const std::string outcome =
      json::to_line(json::Value::from_rapidjson(json_of(run(round + " --json"))["result"]["outcome"]));
  const std::string commit = cursor::commitment(openssl_backend(), "server seed");
  expect_verdicts("cursor", {{round + " --commitment " + commit + " --outcome " + shq(outcome), "verified"},
                             {round + " --outcome " + shq(outcome), "partial"},
                             {round + " --commitment " + commit, "partial"},
                             {round, "unchecked"},
                             {round + " --outcome '{\"hundredths\": 99}'", "mismatch"},
                             {round + " --outcome '{}'", "bad_input"},
                             {round + " --options '[1]'", "bad_input"}});

  const std::string ticket = "verify keno --random-hash 'random hash' --salt salt";
  std::vector<int> drawn;
  for (const auto& b : json_of(run(ticket + " --json"))["result"]["balls"].GetArray()) drawn.push_back(b.GetInt());
  auto list = [](const std::vector<int>& v) {
    std::string out;
    for (int b : v) out += (out.empty() ? "" : ",") + std::to_string(b);
    return out;
  };
  std::vector<int> swapped = drawn;
  std::swap(swapped[0], swapped[1]);  // the same balls, two in the wrong order
  expect_verdicts("keno", {{ticket + " --balls " + list(drawn), "verified"},
                           {ticket, "unchecked"},
                           {ticket + " --balls " + list(swapped), "mismatch"},
                           {ticket + " --balls 1,2,3", "bad_input"}});

  const std::string hash = std::string(63, '1') + "2";
  for (const std::string conv : {"betkyo-exact", "bustabit-v1", "bustabit-v2", "bustabit-2025"}) {
    const std::string base =
        "verify crash --convention " + conv + " --hash " + hash + (conv == "betkyo-exact" ? "" : " --salt 'some salt'");
    const auto shown = json_of(run(base + " --json --count 4"));
    std::string busts;
    for (int i = 0; i < 3; ++i) busts += (i ? "," : "") + std::string(shown["result"]["games"][i]["bust"].GetString());
    const std::string terminating = shown["result"]["games"][3]["hash"].GetString();  // three links back
    std::string wrong = busts;
    wrong[0] = wrong[0] == '9' ? '8' : static_cast<char>(wrong[0] + 1);
    expect_verdicts(
        conv, {{base + " --busts " + busts + " --terminating " + terminating, "verified"},
               {base + " --busts " + busts, "partial"},
               {base + " --terminating " + terminating, "partial"},
               {base, "unchecked"},
               {base + " --busts " + wrong, "mismatch"},
               {base + " --terminating " + terminating + " --max-walk 2", "mismatch"},
               {base + " --count 0", "bad_input"},
               {conv == "betkyo-exact" ? base + " --salt x" : "verify crash --convention " + conv + " --hash " + hash,
                "bad_input"}});
  }
}

// ---- languages ----------------------------------------------------------------------------------

TEST(VerifyLanguages, EveryLanguageHasEveryKeyAndRendersEveryVerdict) {
  const auto en = lang_file("en");
  const DiceMatch m = dice_match();
  const std::string valid = shq((kVectors / "proofs" / "valid-turkish.json").string());
  const std::string dice = "verify dice --seed " + m.seed + " --client seatA --client seatB --games 5,3";
  std::string tampered = m.recorded;
  tampered[0] = tampered[0] == '1' ? '2' : '1';
  const std::vector<std::pair<std::string, std::string>> cases = {
      {dice + " --seal " + m.seal + " --recorded " + m.recorded, "verdict.verified"},
      {dice + " --recorded " + m.recorded, "verdict.partial"},
      {dice + " --rolls 8", "verdict.unchecked"},
      {dice + " --recorded " + tampered, "verdict.mismatch"},
      {dice + " --rolls 0", "error.bad_input"},
      {"verify tavla /nonexistent/proof.json", "error.unreadable"},
      {crash_args() + " --busts 9.99", "verdict.mismatch"},
      {"verify keno --random-hash r --salt s", "verdict.unchecked"},
      {"verify tavla " + valid, "verdict.partial"},
  };
  for (const std::string code : {"en", "tr", "ru", "de", "id"}) {
    const auto lang = lang_file(code);
    for (const auto& [key, text] : en) EXPECT_TRUE(lang.count(key)) << code << " lacks " << key;
    for (const auto& [key, text] : lang) EXPECT_TRUE(en.count(key)) << code << " has an unknown key " << key;
    for (const auto& [args, key] : cases) {
      CliRun r = run(args + " --lang " + code);
      EXPECT_EQ(has(r, prefix(lang, key)), "") << code << " " << key << ": " << args;
      EXPECT_EQ(r.out.find("[verdict."), std::string::npos) << r.out;
      // --json gives the same verdict.
      CliRun j = run(args + " --json --lang " + code);
      auto d = json_of(j);
      const std::string v = d["verdict"].GetString();
      const std::string want = key == "error.bad_input"    ? "bad_input"
                               : key == "error.unreadable" ? "unreadable"
                                                           : key.substr(8);
      EXPECT_EQ(v, want) << args;
      EXPECT_EQ(j.code, r.code) << args;
    }
  }
  // The default comes from the environment: LC_ALL, then LC_MESSAGES, then LANG; else English.
  EXPECT_EQ(has(run(dice + " --rolls 8", "LC_ALL= LC_MESSAGES= LANG=ru_RU.UTF-8"),
                prefix(lang_file("ru"), "verdict.unchecked")),
            "");
  EXPECT_EQ(has(run(dice + " --rolls 8", "LC_ALL=de_DE.UTF-8 LANG=ru_RU.UTF-8"),
                prefix(lang_file("de"), "verdict.unchecked")),
            "");
  EXPECT_EQ(has(run(dice + " --rolls 8", "LC_ALL=C LANG=tr_TR"), prefix(en, "verdict.unchecked")), "");
  CliRun bad_lang = run(dice + " --rolls 8 --lang ttr");
  EXPECT_EQ(bad_lang.code, 2);
  EXPECT_EQ(has(bad_lang, "did you mean tr?"), "");
}

// ---- docs/verify.md--------------------------------------------------------------------------------

TEST(VerifyReadme, EveryExampleRunsWithItsStatedExitCode) {
  // docs/verify.md: each "$ fairvec verify …" line is followed, after its output, by
  // a line "exit N". The commands run from the source directory.
  std::istringstream in(read_file(kSource / "docs/verify.md"));
  std::string line, cmd;
  int examples = 0;
  while (std::getline(in, line)) {
    if (line.rfind("$ fairvec verify", 0) == 0) {
      cmd = line.substr(10);
    } else if (!cmd.empty() && line.rfind("exit ", 0) == 0) {
      const int want = std::stoi(line.substr(5));
      CliRun r = run("verify" + cmd.substr(6), "LC_ALL= LC_MESSAGES= LANG=", kSource);
      EXPECT_EQ(r.code, want) << cmd << "\n" << r.out << r.err;
      ++examples;
      cmd.clear();
    }
  }
  EXPECT_GE(examples, 8);
}

TEST(VerifyReadme, TheShownCrashOutputIsWhatTheCommandPrints) {
  // docs/verify.md shows the output of its first crash example, indented by four spaces.
  const std::string readme = read_file(kSource / "docs/verify.md");
  const std::string intro = "The first crash example prints";
  const std::size_t at = readme.find(intro);
  ASSERT_NE(at, std::string::npos);
  std::istringstream in(readme.substr(readme.find('\n', readme.find('\n', at) + 1) + 1));
  std::string line, shown;
  while (std::getline(in, line) && line.rfind("    ", 0) == 0) shown += line.substr(4) + "\n";
  const CliRun r = run(crash_args() + " --busts 1.26,1.18,1.26,3.77 --terminating " + kTerm2018);
  EXPECT_EQ(r.out, shown);
}

// ---- README.md -------------------------------------------------------------------------------------

// readme_examples returns every "$ fairvec verify …   # exit N" line of a ```console block of the
// README with the lines shown after it (up to the next "$ " line or the block's end): the command
// without its comment, N, and the output. A "$ fairvec verify" line without "# exit N" is returned
// with code -1, so that the test fails on it.
struct ReadmeExample {
  std::string args;  // after "$ fairvec "
  int code = -1;
  std::string shown;
};
std::vector<ReadmeExample> readme_examples(const std::string& readme) {
  std::vector<ReadmeExample> out;
  std::istringstream in(readme);
  std::string line;
  bool console = false;
  ReadmeExample* cur = nullptr;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) {
      console = !console && line == "```console";
      cur = nullptr;
    } else if (console && line.rfind("$ ", 0) == 0) {
      cur = nullptr;
      if (line.rfind("$ fairvec verify ", 0) != 0) continue;
      ReadmeExample e;
      e.args = line.substr(10);
      const std::size_t hash = e.args.rfind("   # exit ");
      if (hash != std::string::npos) {
        e.code = std::stoi(e.args.substr(hash + 10));
        e.args.resize(hash);
      }
      out.push_back(e);
      cur = &out.back();
    } else if (cur) {
      cur->shown += line + "\n";
    }
  }
  return out;
}

TEST(VerifyReadme, TheTopReadmeExamplesPrintWhatItShows) {
  // README.md's tour: each `$ fairvec verify` line in a ```console block prints exactly the lines
  // shown after it and exits with the code of its "# exit N" comment. Run from the source
  // directory, in English.
  const std::vector<ReadmeExample> examples = readme_examples(read_file(kSource / "README.md"));
  for (const ReadmeExample& e : examples) {
    ASSERT_NE(e.code, -1) << "README.md: no \"   # exit N\" on: $ fairvec " << e.args;
    const CliRun r = run(e.args, "LC_ALL= LC_MESSAGES= LANG=", kSource);
    EXPECT_EQ(r.code, e.code) << "$ fairvec " << e.args << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, e.shown) << "$ fairvec " << e.args;
  }
  EXPECT_GE(examples.size(), 2u) << "README.md shows fewer than two `$ fairvec verify` examples";
}

TEST(VerifyReadme, TheReadmeExampleReaderSeesADifference) {
  // The reader of the test above: a shown line that differs, a missing exit comment and a command
  // outside a console block are each seen as such.
  const std::string block = "```console\n$ fairvec verify dice --seed 00 --client a --rolls 1   # exit 0\nline 1\n";
  std::vector<ReadmeExample> e = readme_examples("x\n" + block + "```\n```sh\n$ fairvec verify x\n```\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].args, "verify dice --seed 00 --client a --rolls 1");
  EXPECT_EQ(e[0].code, 0);
  EXPECT_EQ(e[0].shown, "line 1\n");
  e = readme_examples("```console\n$ fairvec verify x\n```\n");
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].code, -1);
}

// ---- README.md, "Set-up" ----------------------------------------------------------------------------

const std::string kPackageTableHeader = "| needed for | Debian packages |";

// package_table returns the `code` spans of the second cell of every row of the table headed
// kPackageTableHeader, in order; |found| says whether the table is there.
std::vector<std::string> package_table(const std::string& readme, bool& found) {
  std::istringstream in(readme);
  std::string line;
  std::vector<std::string> out;
  found = false;
  while (std::getline(in, line) && line != kPackageTableHeader) {
  }
  if (line != kPackageTableHeader) return out;
  found = true;
  std::getline(in, line);  // |---|---|
  while (std::getline(in, line) && line.rfind('|', 0) == 0) {
    const std::size_t a = line.find('|', 1);
    const std::size_t b = a == std::string::npos ? a : line.find('|', a + 1);
    if (b == std::string::npos) break;
    const std::string cell = line.substr(a + 1, b - a - 1);
    for (std::size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open + 1)) {
      const std::size_t close = cell.find('`', open + 1);
      if (close == std::string::npos) break;
      out.push_back(cell.substr(open + 1, close - open - 1));
      open = close;
    }
  }
  return out;
}

// package_table_problems says what differs between the README's package table and |deps| (what
// `.ci/deps --list` prints): a package the table lacks, one it names that is not in |deps|, one it
// names twice, or no table at all. Empty when they agree.
std::string package_table_problems(const std::string& readme, const std::vector<std::string>& deps) {
  bool found = false;
  const std::vector<std::string> table = package_table(readme, found);
  if (!found) return "README.md has no table headed \"" + kPackageTableHeader + "\"";
  std::string problems;
  for (const std::string& p : deps) {
    if (std::count(table.begin(), table.end(), p) == 0) problems += ".ci/deps installs " + p + ", the table lacks it; ";
  }
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (std::count(deps.begin(), deps.end(), table[i]) == 0) {
      problems += "the table names " + table[i] + ", .ci/deps does not install it; ";
    }
    if (std::find(table.begin(), table.begin() + i, table[i]) != table.begin() + i) {
      problems += "the table names " + table[i] + " twice; ";
    }
  }
  return problems;
}

TEST(ReadmeSetUp, ThePackageTableIsWhatCiDepsInstalls) {
  // `bash .ci/deps --list` prints the packages .ci/deps installs (both set-up commands run it).
  FILE* p = popen(("bash " + shq((kSource / ".ci" / "deps").string()) + " --list").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string listed;
  std::array<char, 4096> buf{};
  std::size_t k;
  while ((k = std::fread(buf.data(), 1, buf.size(), p)) > 0) listed.append(buf.data(), k);
  ASSERT_EQ(pclose(p), 0) << listed;
  std::vector<std::string> deps;
  std::istringstream in(listed);
  for (std::string name; in >> name;) deps.push_back(name);
  ASSERT_GE(deps.size(), 10u) << listed;
  EXPECT_EQ(package_table_problems(read_file(kSource / "README.md"), deps), "");
}

TEST(ReadmeSetUp, TheTableCheckSeesAMissingAnExtraAndARepeatedPackage) {
  // Only the second cell counts (`x` in the first is not a package).
  const std::string table =
      "text\n" + kPackageTableHeader + "\n|---|---|\n| a (`x`) | `p1` `p2` |\n| b | `p3` |\n\nmore `p4`\n";
  EXPECT_EQ(package_table_problems(table, {"p1", "p2", "p3"}), "");
  EXPECT_EQ(package_table_problems(table, {"p1", "p2", "p3", "p4"}), ".ci/deps installs p4, the table lacks it; ");
  EXPECT_EQ(package_table_problems(table, {"p1", "p3"}), "the table names p2, .ci/deps does not install it; ");
  EXPECT_EQ(package_table_problems(table + "| c | `p1` |\n", {"p1", "p2", "p3"}), "");  // after the table's end
  const std::string twice = kPackageTableHeader + "\n|---|---|\n| a | `p1` `p1` |\n";
  EXPECT_EQ(package_table_problems(twice, {"p1"}), "the table names p1 twice; ");
  EXPECT_NE(package_table_problems("Packages used: p1, p2.\n", {"p1", "p2"}), "");
}

// usage_lines returns one sub-form's lines of `fairvec verify --help` (|text|): each line that starts
// a usage of "fairvec verify <form> " and the deeper-indented lines after it, each without its
// leading white space and "usage:".
std::vector<std::string> usage_lines(const std::string& text, const std::string& form) {
  std::vector<std::string> out;
  std::istringstream in(text);
  bool inside = false;
  std::size_t indent = 0;
  for (std::string line; std::getline(in, line);) {
    std::string body = line.rfind("usage: ", 0) == 0 ? line.substr(7) : line;
    const std::size_t lead = body.find_first_not_of(' ');
    if (lead == std::string::npos) {
      inside = false;
      continue;
    }
    const std::string stripped = body.substr(lead);
    if (stripped.rfind("fairvec verify " + form + " ", 0) == 0 && lead <= 7) {
      out.push_back(stripped);
      inside = true;
      indent = lead + ("fairvec verify " + form + " ").size();
    } else if (inside && lead >= indent - 1 && stripped[0] != '$') {
      out.push_back(stripped);
    } else {
      inside = false;
    }
  }
  return out;
}

// manual_usage returns the usage block of the section "## verify <form>" of docs/verify.md |text|:
// its first block of lines indented by four spaces, each without its leading white space.
std::vector<std::string> manual_usage(const std::string& text, const std::string& form) {
  std::vector<std::string> out;
  const std::size_t at = text.find("\n## verify " + form + "\n");
  if (at == std::string::npos) return out;
  std::istringstream in(text.substr(at + 1));
  std::string line;
  std::getline(in, line);  // the heading
  while (std::getline(in, line)) {
    if (line.rfind("    ", 0) == 0) {
      out.push_back(line.substr(line.find_first_not_of(' ')));
    } else if (!out.empty() || line.rfind("## ", 0) == 0) {
      break;
    }
  }
  return out;
}

// `fairvec verify --help` is rendered from the forms, which follow the families table: every family
// with a `verify` name has its usage there, and docs/verify.md (hand-written) has a section for it
// showing the same lines. A family added to the table without its manual section fails here.
TEST(VerifyHelp, EveryFamilyFormIsInTheHelpAndItsManualSectionShowsTheSameUsage) {
  CliRun help = run("verify --help");
  ASSERT_EQ(help.code, 0) << help.err;
  const std::string manual = read_file(kSource / "docs" / "verify.md");
  int forms = 0;
  for (const Family& f : families()) {
    if (std::string(f.verify).empty()) continue;
    ++forms;
    const std::vector<std::string> shown = usage_lines(help.out, f.verify);
    EXPECT_FALSE(shown.empty()) << "verify --help has no usage of " << f.verify << ":\n" << help.out;
    EXPECT_NE(manual.find("\n## verify " + std::string(f.verify) + "\n"), std::string::npos)
        << "docs/verify.md has no section '## verify " << f.verify << "'";
    EXPECT_EQ(manual_usage(manual, f.verify), shown) << "docs/verify.md shows another usage of " << f.verify;
  }
  EXPECT_GE(forms, 6);
  // The check sees a missing section: the manual without its stake usage.
  std::string cut = manual;
  const std::size_t at = cut.find("    fairvec verify stake --game G");
  ASSERT_NE(at, std::string::npos);
  cut.erase(at, 4);
  EXPECT_NE(manual_usage(cut, "stake"), usage_lines(help.out, "stake"));
}

}  // namespace
}  // namespace fairvec
