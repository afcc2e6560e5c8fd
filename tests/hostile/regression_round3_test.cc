// Regression tests for the third hostile-input review (issue #41; the item in brackets): Round3Fifo
// [7] a FIFO, a directory or a device in place of a file, Round3PortCommand [3] the port's command
// line after `--`. Each test says above it how the code failed before the fix.
#include <sys/stat.h>

#include "cli/args.h"
#include "regression_util.h"

namespace fairvec::hostile {
namespace {

// A run that would block on a FIFO ends by SIGALRM after this, reported as that signal.
constexpr unsigned kHangSeconds = 20;

RunOptions bounded() {
  RunOptions o;
  o.timeout_seconds = kHangSeconds;
  return o;
}

// expect_refused: |r| is exit 3 with a message naming |path|, what it is (|kind|) and, when not
// empty, the argument |field| it was given for.
void expect_refused(const ChildRun& r, const fs::path& path, const std::string& kind, const std::string& field,
                    const std::string& what) {
  EXPECT_EQ(r.rc(), 3) << what << ": " << describe(r);
  const std::string all = r.all();
  EXPECT_NE(all.find(path.string()), std::string::npos) << what << ": " << all;
  EXPECT_NE(all.find(kind), std::string::npos) << what << ": " << all;
  EXPECT_NE(all.find("not a regular file"), std::string::npos) << what << ": " << all;
  if (!field.empty()) {
    EXPECT_NE(all.find(field), std::string::npos) << what << ": " << all;
  }
}

// Item 7: a FIFO in place of a proof, a recorded-rolls file, an --expect list, a report, a
// checkpoint, a shard or a vector file blocked the command for ever in open() (fopen, ifstream),
// waiting for a writer: those runs ended only by the alarm. `verify FIFO` (detected) was exit 2,
// "not a sub-form, a link or a proof file". Now each is exit 3 at once, naming the file, that it
// is a FIFO and, for `verify`, the argument.
TEST(Round3Fifo, AFifoInPlaceOfAFileIsRefusedAtOnceNamingIt) {
  Scratch s;
  const fs::path fifo = s / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string f = fifo.string();
  const std::string kind = "FIFO";
  expect_refused(fairvec({"verify", "tavla", f}, bounded()), fifo, kind, "PROOF", "verify tavla");
  expect_refused(fairvec({"verify", f}, bounded()), fifo, kind, "PROOF", "verify (detected)");
  expect_refused(
      fairvec({"verify", "dice", "--seed", std::string(64, 'a'), "--client", "a", "--recorded-file", f}, bounded()),
      fifo, kind, "--recorded-file", "verify dice --recorded-file");
  expect_refused(fairvec({"verify", "tavla", "--json", f}, bounded()), fifo, kind, "", "verify tavla --json");
  expect_refused(fairvec({"diagnose", f}, bounded()), fifo, kind, "", "diagnose");
  expect_refused(
      fairvec({"check-port", "--only", "keno_draw_test.json#1", "--expect", f, "--", kCli, "port"}, bounded()), fifo,
      kind, "", "check-port --expect");
  expect_refused(fairvec({"search", "merge", f}, bounded()), fifo, kind, "", "search merge");
  expect_refused(fairvec({"search", "hmac-dice-skip", "--seed", std::string(64, 'a'), "--client", "a", "--depth", "1",
                          "--count", "10", "--progress", "none", "--checkpoint", f},
                         bounded()),
                 fifo, kind, "", "search --checkpoint");
}

TEST(Round3Fifo, AFifoInPlaceOfAVectorFileIsRefusedByCheckAndGenerateVerify) {
  Scratch s;
  const fs::path d = s / "v";
  fs::copy(kVectors, d, fs::copy_options::recursive);
  const fs::path fifo = d / "keno_draw_test.json";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // `check` reports a file it cannot read as that file's failure and goes on: exit 1.
  ChildRun c = fairvec({"check", "--vectors", d.string(), "--only", "keno_draw_test.json"}, bounded());
  EXPECT_EQ(c.rc(), 1) << describe(c);  // was: a hang, ended by the alarm
  EXPECT_NE(c.all().find(fifo.string() + ": it is a FIFO"), std::string::npos) << describe(c);
  ChildRun g = fairvec({"generate", "--verify", "--out", d.string(), "--only", "keno_draw_test.json"}, bounded());
  EXPECT_TRUE(g.exited) << describe(g);  // was: a hang, ended by the alarm
  EXPECT_NE(g.all().find(fifo.string()), std::string::npos) << describe(g);
}

// Item 7: a directory was opened and its read failed with "cannot read 'D' (PROOF)" (what it is
// unsaid), or, detected, was "not a sub-form" (exit 2); a character device was read to the size
// limit (/dev/zero: exit 2, "larger than the limit") or for ever. Each is now exit 3 naming what
// it is, before anything is read.
TEST(Round3Fifo, ADirectoryOrADeviceIsRefusedNamingWhatItIs) {
  Scratch s;
  for (const auto& [path, kind] : {std::pair<fs::path, std::string>{s.path(), "directory"},
                                   std::pair<fs::path, std::string>{"/dev/zero", "character device"}}) {
    expect_refused(fairvec({"verify", "tavla", path.string()}, bounded()), path, kind, "PROOF", "verify tavla " + kind);
    expect_refused(fairvec({"verify", path.string()}, bounded()), path, kind, "PROOF", "verify " + kind);
    expect_refused(fairvec({"diagnose", path.string()}, bounded()), path, kind, "", "diagnose " + kind);
    expect_refused(fairvec({"search", "merge", path.string()}, bounded()), path, kind, "", "search merge " + kind);
  }
}

// Standard input, "-", is still read as it comes, and a regular file through a symbolic link is
// still a regular file.
TEST(Round3Fifo, StandardInputAndALinkToARegularFileAreStillRead) {
  Scratch s;
  const std::string proof = read_file(kVectors / "proofs" / "valid-play.json");
  ChildRun piped = fairvec({"verify", "tavla", "-"}, [&] {
    RunOptions o = with_input(proof);
    o.timeout_seconds = kHangSeconds;
    return o;
  }());
  EXPECT_EQ(piped.rc(), 0) << describe(piped);
  std::ofstream(s / "proof.json", std::ios::binary) << proof;
  fs::create_symlink(s / "proof.json", s / "link.json");
  ChildRun linked = fairvec({"verify", (s / "link.json").string()}, bounded());
  EXPECT_EQ(linked.rc(), 0) << describe(linked);
}

// Item 3: CLI11 2.1 read the words after check-port's `--` as the values of its positional
// `command` and split list syntax in them: `-- sh -c S sh '[1,2,3]' 'a,b' '[]' '[a]'` started the
// port with `1 2 3 a,b a`, `[]` dropped (the file below read 1 2 3 a,b a "double" ...). Now every
// word after the `--` reaches the port as it was given. The port is sh writing its arguments,
// each ended by a NUL, to a file before it becomes `fairvec port`, so the run also passes.
TEST(Round3PortCommand, EveryWordAfterTheDashesReachesThePortByteForByte) {
  Scratch s;
  const fs::path got = s / "argv";
  const std::vector<std::string> words = {
      "[1,2,3]",    "a,b",    "[]",       "[a]",     R"("double")",
      "'single'",   "",       "-x",       "--json",  "--",
      "--only=x",   "-",      "a b",      "\t",      R"({"games":["dice"],"n":[1,2]})",
      "check-port", "--help", "\xc3\xa9", "\xff\xfe"};
  std::vector<std::string> args = {
      "check-port", "--only",     "keno_draw_test.json#1",
      "--random",   "0",          "--",
      "sh",         "-c",         R"(out=$1; cli=$2; shift 2; printf '%s\0' "$@" > "$out"; exec "$cli" port)",
      "sh",         got.string(), kCli};
  args.insert(args.end(), words.begin(), words.end());
  ChildRun r = fairvec(args, bounded());
  EXPECT_EQ(r.rc(), 0) << describe(r);
  std::string want;
  for (const std::string& w : words) want += w + std::string(1, '\0');
  EXPECT_EQ(read_file(got), want);
}

// Item 3: where the `--` that ends check-port's options is. An option's value `--` (`--json --`)
// stays the option's, as CLI11 reads it; a `--` of another command is not check-port's; words of
// check-port that name a subcommand are not one.
TEST(Round3PortCommand, TheEndOfOptionsIsCheckPortsOwnDashes) {
  CLI::App app{"t"};
  auto* cp = app.add_subcommand("check-port");
  std::string json;
  bool quiet = false;
  std::vector<std::string> command;
  cp->add_option("--json", json);
  cp->add_flag("--quiet-port", quiet);
  cp->add_option("command", command);
  auto* other = app.add_subcommand("verify");
  other->allow_extras();
  const char* value_dashes[] = {"t", "check-port", "--json", "--", "--quiet-port", "--", "x"};
  EXPECT_EQ(cli::end_of_options(app, 7, value_dashes, "check-port"), 5);
  const char* flag_then_dashes[] = {"t", "check-port", "--quiet-port", "--", "--json", "x"};
  EXPECT_EQ(cli::end_of_options(app, 6, flag_then_dashes, "check-port"), 3);
  const char* value_names_command[] = {"t", "check-port", "--json", "verify", "--", "x"};
  EXPECT_EQ(cli::end_of_options(app, 6, value_names_command, "check-port"), 4);
  const char* attached[] = {"t", "check-port", "--json=--", "--", "x"};
  EXPECT_EQ(cli::end_of_options(app, 5, attached, "check-port"), 3);
  const char* another[] = {"t", "verify", "--", "check-port", "--", "x"};
  EXPECT_EQ(cli::end_of_options(app, 6, another, "check-port"), 6);
  const char* before[] = {"t", "--", "check-port", "--", "x"};
  EXPECT_EQ(cli::end_of_options(app, 5, before, "check-port"), 5);
  const char* none[] = {"t", "check-port", "--json", "r.json"};
  EXPECT_EQ(cli::end_of_options(app, 4, none, "check-port"), 4);
}

}  // namespace
}  // namespace fairvec::hostile
