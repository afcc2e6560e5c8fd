// Regression tests for the third hostile-input review (issue #41; the item in brackets): Round3Fifo
// [7] a FIFO, a directory or a device in place of a file, Round3PortCommand [3] the port's command
// line after `--`, Round3VerifyCursor [9b] empty seeds, Round3TextEscapes [5] invisible and bidi
// characters. Each test says above it how the code failed before the fix.
#include <sys/stat.h>

#include <cstdio>
#include <map>
#include <utility>

#include "check/text_safety.h"
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

// Item 9b: `verify cursor --server-seed=` (or `--client-seed=`) was exit 2, "is empty (... leave
// the option out instead)", while cursor-v1 allows seeds of any length including 0 (C2) and the
// vectors hold such rounds. Each valid round of cursor_derived_test.json with an empty seed now
// verifies (exit 0, its outcome check passed; with the vector's commitment of the empty seed,
// "verified"), a changed outcome member is a mismatch (exit 1), and a seed left out is missing.
TEST(Round3VerifyCursor, EmptySeedsAreAcceptedAsCursorV1Allows) {
  rapidjson::Document doc;
  json::parse(read_file(kVectors / "cursor_derived_test.json"), doc, "cursor_derived_test.json");
  std::map<std::string, std::string> commitments;  // serverSeed -> commitment, from the vectors
  for (const auto& g : doc["testGroups"].GetArray()) {
    if (std::string_view(g["type"].GetString()) != "CursorCommitmentDerived") continue;
    for (const auto& t : g["tests"].GetArray()) {
      if (std::string_view(t["result"].GetString()) == "valid")
        commitments[t["serverSeed"].GetString()] = t["commitment"].GetString();
    }
  }
  int rounds = 0;
  for (const auto& g : doc["testGroups"].GetArray()) {
    if (std::string_view(g["type"].GetString()) != "CursorGameDerived") continue;
    for (const auto& t : g["tests"].GetArray()) {
      const std::string server = t["serverSeed"].GetString(), client = t["clientSeed"].GetString();
      if (std::string_view(t["result"].GetString()) != "valid" || (!server.empty() && !client.empty())) continue;
      ++rounds;
      const std::string what = "tcId " + std::to_string(t["tcId"].GetInt());
      std::vector<std::string> args = {"verify",
                                       "cursor",
                                       "--game",
                                       t["game"].GetString(),
                                       "--server-seed=" + server,
                                       "--client-seed=" + client,
                                       "--nonce",
                                       json::to_text(t["nonce"]),
                                       "--options",
                                       json::to_text(t["options"])};
      // The outcome's members are those verify computes; their values are the vector's.
      std::vector<std::string> shown = args;
      shown.push_back("--json");
      ChildRun first = fairvec(shown);
      ASSERT_EQ(first.rc(), 0) << what << ": " << describe(first);
      rapidjson::Document report;
      json::parse(first.out, report, "verify --json");
      std::string outcome = "{", changed = "{";
      for (const auto& m : std::as_const(report)["result"]["outcome"].GetObject()) {  // const: clang 14, C++20 !=
        const std::string name = m.name.GetString();
        ASSERT_TRUE(t.HasMember(name.c_str())) << what << ": the vector has no " << name;
        const std::string sep = outcome.size() > 1 ? "," : "";
        outcome += sep + "\"" + name + "\":" + json::to_text(t[name.c_str()]);
        changed += sep + "\"" + name + "\":" +
                   (t[name.c_str()].IsInt() && changed.size() == 1 ? std::to_string(t[name.c_str()].GetInt() + 1)
                                                                   : json::to_text(t[name.c_str()]));
      }
      outcome += "}";
      changed += "}";
      std::vector<std::string> full = args;
      full.insert(full.end(), {"--outcome", outcome, "--json"});
      const auto c = commitments.find(server);
      if (c != commitments.end()) full.insert(full.end(), {"--commitment", c->second});
      ChildRun r = fairvec(full);
      EXPECT_EQ(r.rc(), 0) << what << ": " << describe(r);
      rapidjson::Document rep;
      json::parse(r.out, rep, "verify --json");
      EXPECT_EQ(std::string(rep["verdict"].GetString()), c != commitments.end() ? "verified" : "partial") << r.out;
      EXPECT_EQ(std::string(rep["checks"][1]["status"].GetString()), "passed") << r.out;
      std::vector<std::string> wrong = args;
      wrong.insert(wrong.end(), {"--outcome", changed});
      ChildRun w = fairvec(wrong);
      EXPECT_EQ(w.rc(), outcome == changed ? 0 : 1) << what << " " << changed << ": " << describe(w);
    }
  }
  EXPECT_GE(rounds, 2) << "no valid cursor round with an empty seed in cursor_derived_test.json";
  ChildRun missing = fairvec({"verify", "cursor", "--game", "roulette", "--client-seed=", "--nonce", "0"});
  EXPECT_EQ(missing.rc(), 2) << describe(missing);
  EXPECT_NE(missing.all().find("--server-seed"), std::string::npos) << describe(missing);
  EXPECT_NE(missing.all().find("missing"), std::string::npos) << describe(missing);
}

// Item 5: escape_controls escaped controls and noncharacters only, so the text report printed a
// port's U+202E (right-to-left override: "port: evil<RLO>gnp.exe" shows as "evilexe.png"), U+2028
// (a line break no "\n" shows) and U+FEFF raw, as UTF-8. Now every format character, line and
// paragraph separator (Unicode 14.0 Cf, Zl, Zp) is written as JSON writes it escaped, as the
// controls are; other text (letters, marks, emoji, no-break space) is kept.
TEST(Round3TextEscapes, FormatCharactersAndLineSeparatorsAreEscapedInTheTextReport) {
  // U+202E RLO, U+202A..U+202D and U+2066..U+2069 (UAX #9 explicit bidi controls), U+061C ALM,
  // U+200B..U+200F, U+2028 LS, U+2029 PS, U+FEFF, U+00AD, U+2060, U+E0001 and U+E007F (tags).
  const std::vector<unsigned> escaped = {0x202E, 0x202A, 0x202B, 0x202C, 0x202D,  0x2066, 0x2067,
                                         0x2068, 0x2069, 0x061C, 0x200B, 0x200E,  0x200F, 0x2028,
                                         0x2029, 0xFEFF, 0x00AD, 0x2060, 0xE0001, 0xE007F};
  auto utf8 = [](unsigned cp) {
    std::string o;
    if (cp < 0x80) {
      o += static_cast<char>(cp);
    } else if (cp < 0x800) {
      o += static_cast<char>(0xC0 | (cp >> 6));
      o += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      o += static_cast<char>(0xE0 | (cp >> 12));
      o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      o += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      o += static_cast<char>(0xF0 | (cp >> 18));
      o += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      o += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return o;
  };
  // The escape escape_controls writes (check/text_safety.h), which is also Python's, the form
  // hostile_ports.py reads the name in: \uXXXX, above U+FFFF \UXXXXXXXX.
  auto escape = [](unsigned cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, cp > 0xFFFF ? "\\U%08x" : "\\u%04x", cp);
    return std::string(buf);
  };
  std::string raw, written;
  for (unsigned cp : escaped) {
    raw += "x" + utf8(cp);
    written += "x" + escape(cp);
  }
  EXPECT_EQ(check::escape_controls(raw), written);
  EXPECT_EQ(check::markup_text(raw), written);
  // Kept: é, a combining acute U+0301, U+00A0 no-break space, an emoji, U+202F, U+2065 (unassigned).
  const std::string kept = utf8(0xE9) + utf8(0x301) + utf8(0xA0) + utf8(0x1F600) + utf8(0x202F) + utf8(0x2065);
  EXPECT_EQ(check::escape_controls(kept), kept);
  // End to end: a port's hello name, given to hostile_ports.py in the escaped form, is shown in
  // the text report in that same form, and none of the characters reaches stdout.
  ChildRun r = fairvec({"check-port", "--random", "0", "--only", "keno_draw_test.json#1", "--", "python3",
                        kHostilePorts, kCli, "name", "evil" + written});
  EXPECT_EQ(r.rc(), 0) << describe(r);
  EXPECT_NE(r.out.find("port: evil" + written), std::string::npos) << r.out;
  for (unsigned cp : escaped) {
    EXPECT_EQ(r.out.find(utf8(cp)), std::string::npos) << escape(cp) << " reached the text report: " << r.out;
  }
}

}  // namespace
}  // namespace fairvec::hostile
