// Vector file crash_chain_test.json (specs/crash.md §7, §9): crash.previous, and chains replayed
// link by link, including bustabit's published games #1,394,728 … #1,394,725 (§7.1). A catalog
// (vectors/catalog.h): a case gives its group's convention and the link (and a chain's salt);
// crash.previous writes the previous link, a chain group's trace every link and point, and each
// flag of the family's library (vectors/crash.cc) is checked against the wrong ports of
// vectors/crash_ports.cc it names or by the property it claims.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.h"
#include "schemes/crash.h"
#include "vectors/catalog.h"
#include "vectors/crash.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors::crash_vec {

namespace {

constexpr std::size_t kChainLength = 8;

struct Chain {
  std::vector<std::string> links;       // links[0] = the given link (lowercase), links[i+1] = previous
  std::vector<std::string> hundredths;  // the point of each link
};

Chain replay(Convention c, const std::string& link, const std::optional<std::string>& salt, const Backend& backend) {
  Chain ch;
  ch.links.push_back(to_hex(digest_from_hex(link, "link")));
  while (ch.links.size() < kChainLength) ch.links.push_back(crash::previous_hex(c, ch.links.back(), backend));
  for (const auto& l : ch.links) ch.hundredths.push_back(std::to_string(crash::point(c, l, salt, backend).hundredths));
  return ch;
}

// chain_trace: a CrashChain test's links and points, from its convention, link and salt.
Value chain_trace(const rapidjson::Value& p, const Backend& b) {
  const Chain ch = replay(convention_of(p), json::get_string(p, "link", "params"), salt_of(p), b);
  return Value::object({{"links", Value::array_of(ch.links)}, {"hundredths", Value::array_of(ch.hundredths)}});
}

void chain_cases(Cases& cs) {
  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const char* enc = crash::hashes_raw_bytes(c) ? "RawByteChain" : "HexTextChain";
    cs.group_members({{"convention", name}});
    const std::string first = hex(stream("crash/chain/" + name, 0));
    for (std::uint64_t i = 0; i < 2; ++i) {
      cs.valid("CrashPrevious", "pseudorandom link " + std::to_string(i), {"Pseudorandom", enc},
               {{"link", hex(stream("crash/chain/" + name, i))}});
    }
    cs.valid("CrashPrevious", "the first link of this group in uppercase", {"UppercaseLink"}, {{"link", upper(first)}});
    for (const std::string& bad :
         {first.substr(0, 63), first + "0", std::string("0x") + first.substr(2), std::string()}) {
      cs.invalid("CrashPrevious", bad.empty() ? "an empty link" : std::to_string(bad.size()) + " characters",
                 {"InvalidLink"}, {{"link", bad}}, "link");
    }
  }
  cs.group_members({{"convention", "bustabit"}});
  cs.invalid("CrashPrevious", "unknown convention 'bustabit'", {"UnknownConvention"},
             {{"link", hex(stream("crash/chain/betkyo-exact", 0))}}, "convention");

  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const std::optional<std::string> salt = c != Convention::kBetkyoExact
                                                ? std::optional<std::string>(hex(stream("crash/chain/salt/" + name, 0)))
                                                : std::nullopt;
    cs.group_members({{"convention", name}});
    auto add_chain = [&](std::string comment, std::vector<std::string> flags, const std::string& link,
                         const std::optional<std::string>& s) {
      Object inputs{{"link", link}};
      if (s) inputs.emplace_back("salt", *s);
      cs.valid("CrashChain", std::move(comment), std::move(flags), std::move(inputs));
    };
    add_chain(std::to_string(kChainLength) + " rounds from a pseudorandom newest link", {"ChainReplay"},
              hex(stream("crash/chain/start/" + name, 0)), salt);
    if (c == Convention::kBustabitV1) {
      bool found = false;
      for (std::uint64_t n = 1; n < 1000 && !found; ++n) {
        const std::string link = hex(stream("crash/chain/start/" + name, n));
        const Chain ch = replay(c, link, salt, gen_backend());
        if (std::find(ch.hundredths.begin(), ch.hundredths.end(), "0") == ch.hundredths.end()) continue;
        add_chain("a chain with an instant bust (search over crash/chain/start/" + name +
                      "/n, n = " + std::to_string(n) + ")",
                  {"ChainReplay", "InstantBustInChain"}, link, salt);
        found = true;
      }
      require(found, "no chain with an instant bust");
    }
    if (c == Convention::kBustabitV2) {
      add_chain(
          "bustabit games #1394728 (newest) down to #1394721; #1394728 … #1394725 as published: "
          "1.26x, 1.18x, 1.26x, 3.77x",
          {"ChainReplay", "PublishedGame"}, kPublishedChain[0].hash, std::string(kBustabit2018Salt));
    }
  }
}

// chain_more_calls: after crash.previous of the given link, crash.previous of every later link but
// the last, then crash.point of every link.
std::vector<PortCall> chain_more_calls(const Object& group, const Object& test, const std::string& path) {
  const Value& conv = member_of(group, "convention", "group");
  const std::vector<std::string> links = strings_of(member_of(test, "links", path), std::string(path) + ".links");
  const std::vector<std::string> points =
      strings_of(member_of(test, "hundredths", path), std::string(path) + ".hundredths");
  const Value* salt = nullptr;
  for (const auto& [k, v] : test) {
    if (k == "salt") salt = &v;
  }
  std::vector<PortCall> calls;
  for (std::size_t i = 1; i + 1 < links.size(); ++i) {
    calls.push_back(ok_call("crash.previous", Value::object({{"convention", conv}, {"link", links[i]}}),
                            Value::object({{"link", links[i + 1]}})));
  }
  for (std::size_t i = 0; i < links.size() && i < points.size(); ++i) {
    Object params{{"convention", conv}, {"link", links[i]}};
    if (salt) params.emplace_back("salt", *salt);
    calls.push_back(ok_call("crash.point", Value(std::move(params)), Value::object({{"hundredths", points[i]}})));
  }
  return calls;
}

}  // namespace

void add_chain_flags(FlagLibrary& lib) {
  lib.share(shared_flags(), "HexTextChain", {"crash-raw-chain", "crash-uppercase-chain"});
  lib.flag({"RawByteChain",
            BugType::kEncoding,
            "bustabit-2025 hashes the link's 32 raw bytes. A port hashing the hex text fails.",
            {"crash-previous-text-v2"}});
  lib.flag({"ChainReplay",
            BugType::kFunctionality,
            "Several rounds of one chain replayed from the newest link: every previous link and every point.",
            {},
            [](const rapidjson::Value&, const json::Value& out) {
              return member_strings(out, "links").size() == kChainLength &&
                     member_strings(out, "hundredths").size() == kChainLength;
            }});
  // A property of a chain's points (crash.previous gives none, so InstantBust's ports answer nothing here).
  lib.flag({"InstantBustInChain",
            BugType::kEdgeCase,
            "bustabit-v1: a round of the chain is an instant bust (0).",
            {},
            [](const rapidjson::Value& p, const json::Value& out) {
              const auto points = member_strings(out, "hundredths");
              return convention_of(p) == Convention::kBustabitV1 &&
                     std::find(points.begin(), points.end(), "0") != points.end();
            }});
}

VectorKind chain_file() {
  return catalog_kind({
      "crash_chain_test.json",
      {"crash chains (specs/crash.md, op crash.previous, then crash.point): the previous link is",
       "SHA-256 of the link's lowercase hex text (betkyo-exact, bustabit-v1, bustabit-v2) or of its 32",
       "raw bytes (bustabit-2025). A chain is generated from its end and played in reverse: links[0] is", "the newest",
       "round, links[i + 1] = previous(links[i]) the round before it."},
      library().pick({"Pseudorandom", "HexTextChain", "RawByteChain", "UppercaseLink", "ChainReplay",
                      "InstantBustInChain", "PublishedGame", "InvalidLink", "UnknownConvention"}),
      {{.type = "CrashPrevious",
        .call = {"crash.previous"},
        .members = {"convention"},
        .fields = {{.name = "previous", .from = "link"}}},
       {.type = "CrashChain",
        .call = {.op = "crash.previous", .expect = {{"link", "links[1]"}}},  // links[0] is the given link
        .members = {"convention"},
        .fields = outputs({"links", "hundredths"}),
        .hooks = {.trace = chain_trace, .more_calls = chain_more_calls}}},
      chain_cases,
  });
}

}  // namespace fairvec::vectors::crash_vec
