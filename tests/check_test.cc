// Unit tests of the port checker's parts (gen/check/): globs and pattern sets, the --expect list,
// the first differing member, transcripts. The checker end to end is in tests/ports/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "check/patterns.h"
#include "check/port_checker.h"
#include "check/transcripts.h"
#include "core/errors.h"

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
