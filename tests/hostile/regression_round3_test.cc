// Regression tests for the third hostile-input review (issue #41; the item in brackets): Round3Fifo
// [7] a FIFO, a directory or a device in place of a file, Round3PortCommand [3] the port's command
// line after `--`. Each test says above it how the code failed before the fix.
#include <sys/stat.h>

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

}  // namespace
}  // namespace fairvec::hostile
