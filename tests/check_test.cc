// Unit tests of the port checker's parts (gen/check/): globs and pattern sets, the --expect list,
// the first differing member, transcripts. The checker end to end is in tests/ports/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "check/diagnosis.h"
#include "check/differences.h"
#include "check/patterns.h"
#include "check/port_checker.h"
#include "check/transcripts.h"
#include "core/errors.h"
#include "core/json.h"

namespace fairvec::check {
namespace {

namespace fs = std::filesystem;

fs::path write_temp(const std::string& name, const std::string& text) {
  fs::path p = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

TEST(Patterns, GlobsMatchIdsFilesFamiliesOpsAndFlags) {
  VectorKeys k{"keno_draw_test.json#12", "keno_draw_test.json", "keno-v1", {"keno.draw"}, {"SwapToEnd"}};
  PatternSet s("--only", {"keno_*", "keno-v1", "keno.dr?w", "Swap*", "*#12", "crash_*"});
  ASSERT_NE(s.matches(k), nullptr);
  EXPECT_EQ(*s.matches(k), "keno_*");
  EXPECT_THROW(s.require_all_used(), InputError);  // crash_* matched nothing
  try {
    s.require_all_used();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'crash_*' matches nothing"), std::string::npos) << e.what();
  }
  PatternSet t("--skip", {"*#1"});
  EXPECT_EQ(t.matches(k), nullptr);  // *#1 does not match #12
  EXPECT_THROW(PatternSet("--only", {""}), InputError);
}

TEST(Patterns, SelectFilesNamesTheUnmatchedPattern) {
  EXPECT_EQ(select_files("--only", {"a*"}, {"ab", "b"}), std::set<std::string>{"ab"});
  EXPECT_EQ(select_files("--only", {}, {"ab", "b"}).size(), 2u);
  EXPECT_THROW((void)select_files("--only", {"a*", "zz"}, {"ab"}), InputError);
}

TEST(ExpectList, TextAndJsonFormsAndTheirErrors) {
  fs::path text = write_temp("expect.txt", "# comment\n\nkeno_draw_test.json#3  known: swapped pool  # note\n");
  ExpectList l = read_expect_list(text);
  ASSERT_EQ(l.entries.size(), 1u);
  EXPECT_EQ(l.entries[0].pattern, "keno_draw_test.json#3");
  EXPECT_EQ(l.entries[0].reason, "known: swapped pool");
  EXPECT_THROW(l.require_all_used(), InputError);
  VectorKeys k{"keno_draw_test.json#3", "keno_draw_test.json", "keno-v1", {}, {}};
  EXPECT_NE(l.find(k), nullptr);
  EXPECT_NO_THROW(l.require_all_used());
  fs::path json = write_temp("expect.json", R"([{"vector": "SwapToEnd", "reason": "r"}])");
  EXPECT_EQ(read_expect_list(json).entries.at(0).pattern, "SwapToEnd");
  for (const char* bad : {"pattern-without-reason\n", R"([{"vector": "x"}])", R"({"vector": "x"})",
                          R"([{"vector": "", "reason": "r"}])"}) {
    fs::path p = write_temp("expect.bad", bad);
    EXPECT_THROW((void)read_expect_list(p), InputError) << bad;
    fs::remove(p);
  }
  EXPECT_THROW((void)read_expect_list("/nonexistent/expect.txt"), IoError);
  fs::remove(text);
  fs::remove(json);
}

TEST(FirstDifference, NamesTheDeepestFirstDifferingMember) {
  auto diff = [](const char* want, const char* got) {
    rapidjson::Document a, b;
    json::parse(want, a, "want");
    json::parse(got, b, "got");
    return first_difference(a, b, "result");
  };
  EXPECT_EQ(diff(R"({"dice":[1,5]})", R"({"dice":[1,5],"extra":1})"), "");
  EXPECT_EQ(diff(R"({"dice":[1,5]})", R"({"dice":[1,6]})"), "result.dice[1]");
  EXPECT_EQ(diff(R"({"dice":[1,5]})", R"({"dice":[1]})"), "result.dice[1]");
  EXPECT_EQ(diff(R"({"dice":[1]})", R"({"dice":[1,2]})"), "result.dice[1]");
  EXPECT_EQ(diff(R"({"a":{"b":[{"c":1}]}})", R"({"a":{"b":[{"c":2}]}})"), "result.a.b[0].c");
  EXPECT_EQ(diff(R"({"u":0.5})", R"({"u":0.5000000000000001})"), "result.u");
  EXPECT_EQ(diff(R"({"u":1})", R"({})"), "result.u");
}

TEST(Transcripts, EveryKindRoundTripsAndBadLinesNameTheirLine) {
  const auto& kind = vectors::all_vector_kinds().front();
  const std::string text = transcript_text(kind, kind.generate());
  fs::path dir = fs::temp_directory_path() / ("fairvec_check_test_" + std::to_string(::getpid()));
  fs::create_directories(dir / "transcripts");
  std::ofstream(dir / transcript_path(kind.file), std::ios::binary) << text;
  std::vector<TranscriptTest> t = read_transcript(dir, kind.file);
  ASSERT_FALSE(t.empty());
  EXPECT_EQ(t.front().tc_id, 1);
  const std::string first_line = text.substr(0, text.find('\n') + 1);
  for (const std::string& bad : {first_line + "{\"file\":1}\n", first_line + "not json\n", first_line.substr(0, 20),
                                 first_line + "{\"file\":\"other.json\"}\n"}) {
    std::ofstream(dir / transcript_path(kind.file), std::ios::binary | std::ios::trunc) << bad;
    try {
      (void)read_transcript(dir, kind.file);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(".jsonl:"), std::string::npos) << e.what();
    }
  }
  fs::remove_all(dir);
  EXPECT_THROW((void)read_transcript(dir, kind.file), IoError);
}

}  // namespace
}  // namespace fairvec::check

// ---- differences as evidence (check/differences.h) ----------------------------------------------

namespace differences_test {

std::vector<fairvec::check::Difference> diffs(const char* expected, const char* actual) {
  rapidjson::Document e, a;
  fairvec::json::parse(expected, e, "expected");  // full precision, as check-port reads replies
  fairvec::json::parse(actual, a, "actual");
  return fairvec::check::differences(e, a, "result");
}

std::string how(const char* expected, const char* actual) {
  const auto d = diffs(expected, actual);
  return d.size() == 1 ? d[0].path + ": " + d[0].how : "(" + std::to_string(d.size()) + " differences)";
}

TEST(Differences, NameHowEachMemberDiffers) {
  EXPECT_EQ(how(R"({"f":0.41852966882288458})", R"({"f":0.418529668823})"),
            "result.f: rounded to 12 significant digits");
  EXPECT_EQ(how(R"({"roll":42.48})", R"({"roll":42.480000000000004})"),
            "result.roll: in the last bits of binary64 (1 ulp)");
  EXPECT_EQ(how(R"({"roll":93.08})", R"({"roll":9308})"), "result.roll: a factor of 1e2");
  EXPECT_EQ(how(R"({"n":5})", R"({"n":6})"), "result.n: an offset of +1");
  EXPECT_EQ(how(R"({"x":0.123456})", R"({"x":0.1234})"), "result.x: cut to 4 decimals");
  EXPECT_EQ(how(R"({"g":"dice"})", R"({"g":"Dice"})"), "result.g: another case");
  EXPECT_EQ(how(R"({"roll":93.08})", R"({"roll":"93.08"})"), "result.roll: a string for a number");
  EXPECT_EQ(how(R"({"d":[1,2,3]})", R"({"d":[3,2,1]})"), "result.d: reversed");
  EXPECT_EQ(how(R"({"d":[3,1,2]})", R"({"d":[1,2,3]})"), "result.d: sorted");
  EXPECT_EQ(how(R"({"d":[1,2,3,4]})", R"({"d":[2,3,4,1]})"), "result.d: shifted by 1");
  EXPECT_EQ(how(R"({"d":[1,2,3,4]})", R"({"d":[1,3,2,4]})"), "result.d: items [1] and [2] swapped");
  EXPECT_EQ(how(R"({"d":[1,2,3]})", R"({"d":[1,2]})"), "result.d: 2 items for 3");
  EXPECT_EQ(how(R"({"a":1,"path":["l"]})", R"({"a":1})"), "result.path: missing");
  // Every difference, not only the first: a missing path and a wrong multiplier are both named.
  const auto both = diffs(R"({"path":["l","r"],"multiplier":5.6})", R"({"multiplier":13})");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0].path, "result.path");
  EXPECT_EQ(both[1].path, "result.multiplier");
  EXPECT_EQ(both[1].expected, "5.6");
  EXPECT_EQ(both[1].actual, "13");
  EXPECT_TRUE(diffs(R"({"a":[1,{"b":2}]})", R"({"a":[1,{"b":2}],"extra":1})").empty());  // only asked members
  EXPECT_EQ(fairvec::check::pattern_of("result.a[12].b[0]"), "result.a[].b[]");
}

// The diagnosis states how the calls no known wrong port explains differ, by op, member and kind,
// narrowing a rounding's digit count over the calls (11 to 12 and 12 to 13 digits: 12).
TEST(Differences, TheDiagnosisStatesHowUnexplainedCallsDiffer) {
  using namespace fairvec::check;
  CheckPortReport r;
  auto call = [](const char* expected, const char* actual) {
    CallRecord c;
    c.op = "stake.floats";
    c.answered = c.ok = true;
    c.diff = "differs";
    c.differences = diffs(expected, actual);
    return c;
  };
  VectorRecord v1, v2;
  v1.id = "stake_floats_test.json#1";
  v2.id = "stake_floats_test.json#2";
  v1.status = v2.status = Status::kFailed;
  v1.calls.push_back(call(R"({"floats":[0.9307253258302808]})", R"({"floats":[0.93072532583]})"));
  v2.calls.push_back(call(R"({"floats":[0.7785473451949656]})", R"({"floats":[0.778547345195]})"));
  EXPECT_EQ(v1.calls[0].differences[0].how, "rounded to 11 to 12 significant digits");
  EXPECT_EQ(v2.calls[0].differences[0].how, "rounded to 12 to 13 significant digits");
  r.vectors = {v1, v2};
  r.wrong_ports["stake-some-bug"] = {};  // the set carries wrong answers; none matches these calls
  diagnose(r);
  ASSERT_EQ(r.diagnosis.kinds.size(), 1u);
  EXPECT_EQ(r.diagnosis.kinds[0].how, "rounded to 12 significant digits");
  EXPECT_EQ(r.diagnosis.kinds[0].calls, 2u);
  bool stated = false;
  std::string all;
  for (const auto& line : diagnosis_lines(r.diagnosis)) {
    all += line + "\n";
    stated = stated || line.find(
                           "In 2 of those 2 calls, stake.floats result.floats[] differs: rounded to 12 "
                           "significant digits (stake_floats_test.json#1") == 0;
  }
  EXPECT_TRUE(stated) << all;
}

}  // namespace differences_test
