// The declarative catalog (gen/vectors/catalog.h): outputs come from running the op, both backends
// must agree, an invalid case must fail naming its field, every flag's claim is checked on every case
// that carries it, and checking and port calls are derived from the op. Each test builds a small
// FileSpec on the op hmac_dice.seal and expects generation to succeed or to stop with a named reason.
#include <gtest/gtest.h>

#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/json.h"
#include "schemes/crash.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla_proof.h"
#include "vectors/catalog.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors {
namespace {

const std::string kSeed(64, 'a');  // 32 bytes 0xaa

json::Value seal_text(const rapidjson::Value& p, const Backend& b) {
  return json::Value::object({{"seal", to_hex(b.sha256(json::get_string(p, "serverSeed", "params")))}});
}
json::Value seal_right(const rapidjson::Value& p, const Backend& b) {
  return json::Value::object(
      {{"seal", hmac_dice::seal(b, hmac_dice::parse_server_seed(json::get_string(p, "serverSeed", "params")))}});
}

// flag_of is flag |name| whose wrong ports, port-1, port-2, …, answer hmac_dice.seal as |answers| do.
Flag flag_of(std::string name, BugType type, std::vector<Alternative> answers) {
  Flag f{std::move(name), type, "d", {}, {}};
  for (std::size_t k = 0; k < answers.size(); ++k) {
    f.wrong_ports.push_back(std::make_shared<const WrongPort>(
        WrongPort{"port-" + std::to_string(k + 1), "a test port", {{"hmac_dice.seal", answers[k]}}}));
  }
  return f;
}

FileSpec spec_with(std::vector<Flag> flags, std::function<void(Cases&)> cases) {
  return {"hmac_dice_example_test.json",
          {"example"},
          std::move(flags),
          {{.type = "Seal", .call = {"hmac_dice.seal"}}, {.type = "SealInvalid", .call = {"hmac_dice.seal"}}},
          std::move(cases)};
}

std::string generation_error(FileSpec spec) {
  try {
    (void)catalog_kind(std::move(spec)).generate();
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

TEST(Catalog, OutputsComeFromTheOpAndInvalidCasesNameTheirField) {
  VectorKind k = catalog_kind(spec_with({flag_of("F", BugType::kEncoding, {seal_text})}, [](Cases& c) {
    c.valid("Seal", "ok", {"F"}, {{"serverSeed", kSeed}});
    c.invalid("SealInvalid", "odd", {}, {{"serverSeed", "abc"}}, "serverSeed");
  }));
  EXPECT_EQ(k.schema, "hmac_dice_example_schema.json");
  const std::string text = json::to_pretty(k.generate());
  rapidjson::Document d;
  json::parse(text, d, "generated");
  const auto& t1 = d["testGroups"][0]["tests"][0];
  EXPECT_EQ(std::string(t1["seal"].GetString()),
            hmac_dice::seal(cryptopp_backend(), hmac_dice::parse_server_seed(kSeed)));
  EXPECT_EQ(std::string(d["testGroups"][1]["tests"][0]["error"].GetString()), "serverSeed");
  EXPECT_EQ(std::string(d["notes"]["F"]["bugType"].GetString()), "ENCODING");

  // Checking re-runs the op: the generated tests pass, a tampered seal fails.
  TestRef ref{d, d["testGroups"][0], t1, "testGroups[0].tests[0]"};
  for (const Backend* b : all_backends()) EXPECT_EQ(k.check_library(ref, *b), "");
  auto calls = k.port_calls(ref);
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].op, "hmac_dice.seal");
  EXPECT_EQ(json::to_line(calls[0].params), "{\"serverSeed\":\"" + kSeed + "\"}");
  ASSERT_TRUE(calls[0].result.has_value());
  d["testGroups"][0]["tests"][0]["seal"].SetString(std::string(64, '0'), d.GetAllocator());
  EXPECT_NE(k.check_library(ref, cryptopp_backend()), "");
  const auto& t2 = d["testGroups"][1]["tests"][0];
  TestRef bad{d, d["testGroups"][1], t2, "testGroups[1].tests[0]"};
  EXPECT_EQ(k.check_library(bad, cryptopp_backend()), "");
  EXPECT_FALSE(k.port_calls(bad)[0].result.has_value());
}

TEST(Catalog, GenerationStopsOnAWrongCase) {
  EXPECT_NE(generation_error(spec_with({},
                                       [](Cases& c) {
                                         c.valid("Seal", "odd", {}, {{"serverSeed", "abc"}});
                                       }))
                .find("a case the op must answer is rejected"),
            std::string::npos);
  EXPECT_NE(generation_error(spec_with({},
                                       [](Cases& c) {
                                         c.invalid("SealInvalid", "fine", {}, {{"serverSeed", kSeed}}, "serverSeed");
                                       }))
                .find("an invalid case is accepted"),
            std::string::npos);
  EXPECT_NE(generation_error(spec_with({},
                                       [](Cases& c) {
                                         c.invalid("SealInvalid", "odd", {}, {{"serverSeed", "abc"}}, "clientSeeds");
                                       }))
                .find("the error names serverSeed, not clientSeeds"),
            std::string::npos);
  EXPECT_NE(generation_error(spec_with({},
                                       [](Cases& c) {
                                         c.valid("Nope", "x", {}, {{"serverSeed", kSeed}});
                                       }))
                .find("undeclared group type Nope"),
            std::string::npos);
  FileSpec no_family = spec_with({}, [](Cases&) {});
  no_family.file = "example_seal_test.json";  // names no family of gen/families.json
  EXPECT_THROW((void)catalog_kind(no_family), std::logic_error);
  FileSpec unknown_op = spec_with({}, [](Cases&) {});
  unknown_op.groups[0].call.op = "hmac_dice.nope";
  EXPECT_THROW((void)catalog_kind(unknown_op), std::logic_error);
}

TEST(Catalog, EveryFlagClaimIsCheckedOnEveryCaseCarryingIt) {
  // An alternative that computes the right answer catches nothing: generation stops.
  EXPECT_NE(generation_error(spec_with({flag_of("F", BugType::kEncoding, {seal_right})},
                                       [](Cases& c) {
                                         c.valid("Seal", "ok", {"F"}, {{"serverSeed", kSeed}});
                                       }))
                .find("flag F: no wrong port of the flag answers otherwise"),
            std::string::npos);
  // One of several alternatives catching a case is enough, but every alternative must catch one of
  // the flag's cases (the text-hashing port catches both here).
  auto uppercase = [](const rapidjson::Value& p, const Backend& b) {
    std::string seal = hmac_dice::seal(b, hmac_dice::parse_server_seed(json::get_string(p, "serverSeed", "params")));
    for (char& ch : seal) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return json::Value::object({{"seal", seal}});
  };
  const std::string digits(64, '0');
  EXPECT_EQ(generation_error(spec_with({flag_of("F", BugType::kEncoding, {uppercase, seal_text})},
                                       [&](Cases& c) {
                                         c.valid("Seal", "ok", {"F"}, {{"serverSeed", kSeed}});
                                         c.valid("Seal", "zeros", {"F"}, {{"serverSeed", digits}});
                                       })),
            "");
  EXPECT_NE(generation_error(spec_with({flag_of("F", BugType::kEncoding, {seal_right, seal_text})},
                                       [](Cases& c) {
                                         c.valid("Seal", "ok", {"F"}, {{"serverSeed", kSeed}});
                                       }))
                .find("flag F: wrong port port-1 catches none of the flag's cases"),
            std::string::npos);
  // On an invalid case the alternative must accept what the op rejects.
  EXPECT_NE(generation_error(spec_with({flag_of("F", BugType::kMissingCheck, {seal_right})},
                                       [](Cases& c) {
                                         c.invalid("SealInvalid", "odd", {"F"}, {{"serverSeed", "abc"}}, "serverSeed");
                                       }))
                .find("no wrong port"),
            std::string::npos);
  EXPECT_EQ(generation_error(spec_with({flag_of("F", BugType::kMissingCheck, {seal_text})},
                                       [](Cases& c) {
                                         c.invalid("SealInvalid", "odd", {"F"}, {{"serverSeed", "abc"}}, "serverSeed");
                                       })),
            "");
  // A property must hold.
  Flag short_seed{"S", BugType::kBoundary, "d", [](const rapidjson::Value& p, const json::Value&) {
                    return json::get_string(p, "serverSeed", "params").size() == 32;
                  }};
  EXPECT_NE(generation_error(spec_with({short_seed},
                                       [](Cases& c) {
                                         c.valid("Seal", "ok", {"S"}, {{"serverSeed", kSeed}});
                                       }))
                .find("flag S: the flag's property does not hold"),
            std::string::npos);
  // A flag no case carries is a generator bug (the builder's rule).
  EXPECT_NE(generation_error(spec_with({short_seed},
                                       [](Cases& c) {
                                         c.valid("Seal", "ok", {}, {{"serverSeed", kSeed}});
                                       })),
            "");
}

TEST(Catalog, OutputsMayBeRenamedLeftOutOfPortCallsAndFollowedByMoreCalls) {
  FileSpec spec = spec_with({}, [](Cases& c) { c.valid("Seal", "ok", {}, {{"serverSeed", kSeed}}); });
  spec.groups[0].fields = {{.name = "sealHex", .from = "seal"}};
  spec.groups[0].hooks.more_calls = [](const json::Object&, const json::Object& test, const std::string& path) {
    return std::vector<PortCall>{ok_call("hmac_dice.seal",
                                         json::Value::object({{"serverSeed", member_of(test, "serverSeed", path)}}),
                                         member_of(test, "sealHex", path))};
  };
  VectorKind k = catalog_kind(spec);
  rapidjson::Document d;
  json::parse(json::to_pretty(k.generate()), d, "generated");
  const auto& t = d["testGroups"][0]["tests"][0];
  const std::string seal = hmac_dice::seal(cryptopp_backend(), hmac_dice::parse_server_seed(kSeed));
  EXPECT_EQ(std::string(t["sealHex"].GetString()), seal);
  EXPECT_FALSE(t.HasMember("seal"));
  TestRef ref{d, d["testGroups"][0], t, "testGroups[0].tests[0]"};
  EXPECT_EQ(k.check_library(ref, cryptopp_backend()), "");
  // The port call sends the result under the op's name, then the further calls follow.
  auto calls = k.port_calls(ref);
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(json::to_line(*calls[0].result), "{\"seal\":\"" + seal + "\"}");
  EXPECT_EQ(json::to_line(*calls[1].result), "\"" + seal + "\"");
  d["testGroups"][0]["tests"][0]["sealHex"].SetString(std::string(64, '0'), d.GetAllocator());
  EXPECT_NE(k.check_library(ref, cryptopp_backend()), "");
  // An unasked result is shown but not expected of a port.
  spec.groups[0].fields[0].asked = false;
  spec.groups[0].hooks.more_calls = {};
  EXPECT_EQ(json::to_line(*catalog_kind(spec).port_calls(ref)[0].result), "{}");
  // Writing a field from a member the op does not output stops generation; mapping a param the op
  // does not read is a generator bug at once.
  spec.groups[0].fields[0].from = "other";
  EXPECT_NE(generation_error(spec).find("outputs no other"), std::string::npos);
  spec.groups[0].fields[0].from = "seal";
  spec.groups[0].call.params = {{"nope", "serverSeed"}};
  EXPECT_THROW((void)catalog_kind(spec), std::logic_error);
}

TEST(Catalog, StagesWriteTheirOutputsAfterTheirInputsAndAreChecked) {
  FileSpec spec{"cursor_example_test.json",
                {"example"},
                {},
                {{.type = "Draw",
                  .call = {"cursor.draw"},
                  .fields = outputs({"index"}),
                  .stages = {{"cursor.u64_to_unit", {"u", "uBits"}}}}},
                [](Cases& c) {
                  c.valid("Draw", "u = 1.0", {}, {{"u64", "18446744073709551615"}, {"n", 6}});
                }};
  VectorKind k = catalog_kind(spec);
  rapidjson::Document d;
  json::parse(json::to_pretty(k.generate()), d, "generated");
  const auto& t = d["testGroups"][0]["tests"][0];
  std::vector<std::string> names;
  for (auto it = t.MemberBegin(); it != t.MemberEnd(); ++it) names.emplace_back(it->name.GetString());
  EXPECT_EQ(names, (std::vector<std::string>{"tcId", "comment", "flags", "u64", "u", "uBits", "n", "index", "result"}));
  EXPECT_EQ(t["u"].GetDouble(), 1.0);
  EXPECT_EQ(t["index"].GetInt(), 5);  // clamped to n - 1
  TestRef ref{d, d["testGroups"][0], t, "testGroups[0].tests[0]"};
  EXPECT_EQ(k.check_library(ref, cryptopp_backend()), "");
  EXPECT_EQ(json::to_line(k.port_calls(ref)[0].params), "{\"u\":1.0,\"n\":6}");
  d["testGroups"][0]["tests"][0]["uBits"].SetString("0000000000000000", d.GetAllocator());
  EXPECT_NE(k.check_library(ref, cryptopp_backend()).find("uBits"), std::string::npos);
}

TEST(Catalog, JudgedGroupsAnswerInvalidCasesAndNameTheFieldThatDoesNotVerify) {
  auto judged = [](const std::string& error) {
    return FileSpec{"hmac_dice_example_test.json",
                    {"example"},
                    {},
                    {{.type = "Match",
                      .call = {"hmac_dice.verify_match"},
                      .fields = {{.name = "link", .leading = true}, {"verdict"}},
                      .judged = Judged{"verdict", {{"seal_mismatch", "seal"}}}}},
                    [error](Cases& c) {
                      c.invalid("Match", "a wrong seal", {},
                                {{"serverSeed", kSeed},
                                 {"seal", std::string(64, '0')},
                                 {"clientSeeds", json::Value::array({"a"})},
                                 {"rolls", 1},
                                 {"recorded", ""},
                                 {"games", json::Value::array()}},
                                error);
                    }};
  };
  EXPECT_NE(generation_error(judged("recorded")).find("does not verify at 'seal', not 'recorded'"), std::string::npos);
  VectorKind k = catalog_kind(judged("seal"));
  rapidjson::Document d;
  json::parse(json::to_pretty(k.generate()), d, "generated");
  const auto& t = d["testGroups"][0]["tests"][0];
  EXPECT_STREQ(t.MemberBegin()[3].name.GetString(), "link");  // after tcId, comment, flags
  EXPECT_STREQ(t["verdict"].GetString(), "seal_mismatch");
  EXPECT_STREQ(t["error"].GetString(), "seal");
  TestRef ref{d, d["testGroups"][0], t, "testGroups[0].tests[0]"};
  EXPECT_EQ(k.check_library(ref, cryptopp_backend()), "");
  ASSERT_TRUE(k.port_calls(ref)[0].result.has_value());  // answered, not bad_input
  d["testGroups"][0]["tests"][0]["error"].SetString("recorded", d.GetAllocator());
  EXPECT_NE(k.check_library(ref, cryptopp_backend()), "");
}

// generated parses what |k| generates into |d|.
void generated(const VectorKind& k, rapidjson::Document& d) {
  json::parse(json::to_pretty(k.generate()), d, "generated");
}

TEST(Catalog, AGroupMayPickItsOpPerTest) {
  FileSpec spec{"canonical_json_example_test.json",
                {"example"},
                {},
                {{.type = "Text", .call = {"canonical_json"}}},
                [](Cases& c) {
                  c.invalid("Text", "fraction", {}, {{"json", "1.5"}, {"jsonHex", "312e35"}}, "json");
                  c.invalid("Text", "not UTF-8", {}, {{"json", nullptr}, {"jsonHex", "22ff22"}}, "json");
                }};
  spec.groups[0].hooks.op_of = [](const json::Object& in) {
    return std::holds_alternative<std::string>(in.at(0).second.variant()) ? "canonical_json" : "canonical_json.hex";
  };
  VectorKind k = catalog_kind(spec);
  rapidjson::Document d;
  generated(k, d);
  const auto& tests = d["testGroups"][0]["tests"];
  TestRef text{d, d["testGroups"][0], tests[0], "testGroups[0].tests[0]"};
  TestRef bytes{d, d["testGroups"][0], tests[1], "testGroups[0].tests[1]"};
  EXPECT_EQ(k.port_calls(text)[0].op, "canonical_json");
  EXPECT_EQ(k.port_calls(bytes)[0].op, "canonical_json.hex");
  EXPECT_EQ(json::to_line(k.port_calls(bytes)[0].params), "{\"jsonHex\":\"22ff22\"}");
  EXPECT_EQ(k.check_library(bytes, cryptopp_backend()), "");
  // The bytes are what canonical_json.hex checks: valid text there fails the test.
  d["testGroups"][0]["tests"][1]["jsonHex"].SetString("3132", d.GetAllocator());
  EXPECT_NE(k.check_library(bytes, cryptopp_backend()), "");
  spec.groups[0].hooks.op_of = [](const json::Object&) { return "canonical_json.nope"; };
  EXPECT_NE(generation_error(spec).find("names the unknown op canonical_json.nope"), std::string::npos);
}

TEST(Catalog, AJudgedMemberMakesAnAnsweredTestInvalidAndNullMayMeanAbsent) {
  tavla::ProofSource src;
  src.settings = json::Value::object({{"rulesVersion", 1}});
  const std::string proof = json::to_line(tavla::proof_document(cryptopp_backend(), src));
  auto spec_of = [&](std::function<void(Cases&)> cases) {
    FileSpec spec{"tavla_example_test.json",
                  {"example"},
                  {},
                  {{.type = "Verify",
                    .call = {"tavla.verify_proof"},
                    .fields = outputs({"verified", "failedCheck"}),
                    .judged = Judged{"failedCheck"}},
                   {.type = "Malformed", .call = {"tavla.verify_proof"}, .rejected = {.fixed = {{"exitCode", 2}}}}},
                  std::move(cases)};
    for (auto& g : spec.groups) g.null_absent = {"expectedCommitment"};
    spec.companions = [](const json::Value&) { return std::vector<std::pair<std::string, std::string>>{{"a", "b"}}; };
    return spec;
  };
  const std::string zeros(64, '0');
  VectorKind k = catalog_kind(spec_of([&](Cases& c) {
    c.valid("Verify", "ok", {}, {{"proof", proof}, {"expectedCommitment", nullptr}});
    c.invalid("Verify", "other game", {}, {{"proof", proof}, {"expectedCommitment", zeros}}, "expectedCommitment");
    c.invalid("Malformed", "array", {}, {{"proof", "[]"}, {"expectedCommitment", nullptr}}, "proof");
  }));
  rapidjson::Document d;
  generated(k, d);
  {  // the file's own companions, then its wrong answers (vectors/wrong_answers.h)
    const auto companions = k.companions(json::Value::from_rapidjson(d));
    ASSERT_EQ(companions.size(), 2u);
    EXPECT_EQ(companions[0].first, "a");
    EXPECT_EQ(companions[1].first, "wrong_answers/tavla_example_test.jsonl");
  }
  const auto& g0 = d["testGroups"][0]["tests"];
  TestRef ok{d, d["testGroups"][0], g0[0], "testGroups[0].tests[0]"};
  TestRef other{d, d["testGroups"][0], g0[1], "testGroups[0].tests[1]"};
  TestRef bad{d, d["testGroups"][1], d["testGroups"][1]["tests"][0], "testGroups[1].tests[0]"};
  EXPECT_TRUE(g0[0]["expectedCommitment"].IsNull());
  EXPECT_EQ(json::to_line(json::Value::from_rapidjson(g0[1]))
                .find("\"failedCheck\":\"expectedCommitment\",\"error\":\"expectedCommitment\""),
            json::to_line(json::Value::from_rapidjson(g0[1])).find("\"failedCheck\""));
  EXPECT_EQ(d["testGroups"][1]["tests"][0]["exitCode"].GetInt(), 2);
  for (const TestRef* t : {&ok, &other, &bad}) EXPECT_EQ(k.check_library(*t, openssl_backend()), "") << t->path;
  // A null absent param is not sent; a failed check is an answer, not bad input.
  EXPECT_EQ(json::to_line(k.port_calls(ok)[0].params), json::to_line(json::Value::object({{"proof", proof}})));
  ASSERT_TRUE(k.port_calls(other)[0].result.has_value());
  EXPECT_EQ(json::to_line(*k.port_calls(other)[0].result),
            "{\"verified\":false,\"failedCheck\":\"expectedCommitment\"}");
  EXPECT_FALSE(k.port_calls(bad)[0].result.has_value());
  d["testGroups"][0]["tests"][1]["error"].SetString("commitment", d.GetAllocator());
  EXPECT_NE(k.check_library(other, openssl_backend()), "");
  d["testGroups"][1]["tests"][0]["exitCode"].SetInt(1);
  EXPECT_NE(k.check_library(bad, openssl_backend()), "");
  // The failed check must be the case's: a valid case that fails, or another failed check, stops generation.
  EXPECT_NE(generation_error(spec_of([&](Cases& c) {
              c.valid("Verify", "other game", {}, {{"proof", proof}, {"expectedCommitment", zeros}});
            })).find("does not verify at 'expectedCommitment', not ''"),
            std::string::npos);
  EXPECT_NE(generation_error(spec_of([&](Cases& c) {
              c.invalid("Verify", "other game", {}, {{"proof", proof}, {"expectedCommitment", zeros}}, "commitment");
            })).find("does not verify at 'expectedCommitment', not 'commitment'"),
            std::string::npos);
}

TEST(Catalog, GroupsCarryMembersTheOpReadsAndOutputsOnlySomeCasesHave) {
  const std::string link(64, '7');
  FileSpec spec{"crash_example_test.json",
                {"example"},
                {},
                {{.type = "Point",
                  .call = {"crash.point"},
                  .members = {"convention"},
                  .fields = {{.name = "hmac", .optional = true}, {"h"}, {"hundredths"}}}},
                [&](Cases& c) {
                  c.group_members({{"convention", "betkyo-exact"}});
                  c.valid("Point", "exact", {}, {{"link", link}});
                  c.group_members({{"convention", "bustabit-v2"}});
                  c.valid("Point", "v2", {}, {{"link", link}, {"salt", "s"}});
                  c.valid("Point", "v2 again", {}, {{"link", link}, {"salt", "t"}});
                  c.group_members({{"convention", "nope"}});
                  c.invalid("Point", "unknown", {}, {{"link", link}}, "convention");
                }};
  VectorKind k = catalog_kind(spec);
  rapidjson::Document d;
  json::parse(json::to_pretty(k.generate()), d, "generated");
  // A new group where the members change; the group shows them, the tests do not.
  ASSERT_EQ(d["testGroups"].Size(), 3u);
  EXPECT_EQ(std::string(d["testGroups"][1]["convention"].GetString()), "bustabit-v2");
  EXPECT_EQ(d["testGroups"][1]["tests"].Size(), 2u);
  const auto& exact = d["testGroups"][0]["tests"][0];
  const auto& v2 = d["testGroups"][1]["tests"][0];
  EXPECT_FALSE(exact.HasMember("convention"));
  // hmac only where the trace gives it (the bustabit conventions).
  EXPECT_FALSE(exact.HasMember("hmac"));
  const crash::Point p = crash::point(crash::Convention::kBustabitV2, link, std::string("s"), cryptopp_backend());
  EXPECT_EQ(std::string(v2["hmac"].GetString()), to_hex(p.hash));
  EXPECT_EQ(std::string(v2["hundredths"].GetString()), std::to_string(p.hundredths));
  EXPECT_EQ(std::string(d["testGroups"][2]["tests"][0]["error"].GetString()), "convention");
  // The port call sends the group member first, as the op declares it.
  TestRef ref{d, d["testGroups"][1], v2, "testGroups[1].tests[0]"};
  EXPECT_EQ(json::to_line(k.port_calls(ref)[0].params),
            "{\"convention\":\"bustabit-v2\",\"link\":\"" + link + "\",\"salt\":\"s\"}");
  for (const Backend* b : all_backends()) EXPECT_EQ(k.check_library(ref, *b), "");
  // Checking reads the member from the group: under another convention the point differs.
  d["testGroups"][1]["convention"].SetString("bustabit-2025", d.GetAllocator());
  EXPECT_EQ(k.check_library(ref, cryptopp_backend()), "");  // 2025 computes v2's point
  d["testGroups"][1]["convention"].SetString("bustabit-v1", d.GetAllocator());
  EXPECT_NE(k.check_library(ref, cryptopp_backend()), "");
  // A test showing an output its case does not have fails.
  TestRef exact_ref{d, d["testGroups"][0], exact, "testGroups[0].tests[0]"};
  EXPECT_EQ(k.check_library(exact_ref, cryptopp_backend()), "");
  d["testGroups"][0]["tests"][0].AddMember("hmac", "00", d.GetAllocator());
  EXPECT_NE(k.check_library(exact_ref, cryptopp_backend()).find("hmac: not expected"), std::string::npos);
  // A case without the group's members is a generator bug.
  spec.cases = [&](Cases& c) { c.valid("Point", "exact", {}, {{"link", link}}); };
  EXPECT_NE(generation_error(spec).find("does not give the group members"), std::string::npos);
}

TEST(Catalog, AGroupMayHaveItsOwnTraceAndExpectedResult) {
  const std::string link(64, '7');
  auto twice = [](const rapidjson::Value& p, const Backend& b) {
    const auto c = crash::parse_convention(json::get_string(p, "convention", "params"));
    return json::Value::object(
        {{"twice", crash::previous_hex(c, crash::previous_hex(c, json::get_string(p, "link", "params"), b), b)}});
  };
  FileSpec spec{"crash_example_test.json",
                {"example"},
                {},
                {{.type = "Chain",
                  .call = {.op = "crash.previous", .expect = {{"link", "twice"}}},
                  .members = {"convention"},
                  .fields = outputs({"twice"}),
                  .hooks = {.trace = twice}}},
                [&](Cases& c) {
                  c.group_members({{"convention", "bustabit-2025"}});
                  c.valid("Chain", "two links back", {}, {{"link", link}});
                }};
  VectorKind k = catalog_kind(spec);
  rapidjson::Document d;
  json::parse(json::to_pretty(k.generate()), d, "generated");
  const auto& t = d["testGroups"][0]["tests"][0];
  const auto c = crash::Convention::kBustabit2025;
  EXPECT_EQ(std::string(t["twice"].GetString()),
            crash::previous_hex(c, crash::previous_hex(c, link, cryptopp_backend()), cryptopp_backend()));
  TestRef ref{d, d["testGroups"][0], t, "testGroups[0].tests[0]"};
  EXPECT_EQ(k.check_library(ref, openssl_backend()), "");
  EXPECT_EQ(json::to_line(*k.port_calls(ref)[0].result), "{\"link\":\"" + std::string(t["twice"].GetString()) + "\"}");
  d["testGroups"][0]["tests"][0]["twice"].SetString(link, d.GetAllocator());
  EXPECT_NE(k.check_library(ref, openssl_backend()), "");
}

TEST(Catalog, BugTypeNamesFollowTheTable) {
  EXPECT_STREQ(bug_type_name(BugType::kBasic), "BASIC");
  EXPECT_STREQ(bug_type_name(BugType::kMissingCheck), "MISSING_CHECK");
  EXPECT_STREQ(bug_type_name(BugType::kFunctionality), "FUNCTIONALITY");
  EXPECT_EQ(bug_types_table().size(), static_cast<std::size_t>(BugType::kFunctionality) + 1);
}

}  // namespace
}  // namespace fairvec::vectors
