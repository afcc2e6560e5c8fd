// Vector file crash_chain_test.json (specs/crash.md §7, §9): crash.previous, and chains replayed
// link by link, including bustabit's published games #1,394,728 … #1,394,725 (§7.1). A catalog
// (vectors/catalog.h): a case gives its group's convention and the link (and a chain's salt);
// crash.previous writes the previous link, a chain group's trace every link and point, and each
// flag is checked against the wrong port it names or by the property it claims.
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

// ---- Ports with the flags' bugs: each answers crash.previous's {link}, or null where it does not apply.

// hashing(raw) hashes the link's 32 raw bytes, or its hex text as given (|raw| false), where the
// convention hashes the other (|raw| = hashes_raw_bytes: not applicable).
Alternative hashing(bool raw) {
  return [raw](const rapidjson::Value& p, const Backend& b) -> Value {
    if (crash::hashes_raw_bytes(convention_of(p)) == raw) return nullptr;
    const std::string text = json::get_string(p, "link", "params");
    const Digest prev = raw ? b.sha256(ByteView(digest_from_hex(text, "link"))) : b.sha256(text);
    return Value::object({{"link", to_hex(prev)}});
  };
}
// hashing_text_as_given is a hex-text chain hashing the link's text as given (uppercase too).
Value hashing_text_as_given(const rapidjson::Value& p, const Backend& b) {
  if (crash::hashes_raw_bytes(convention_of(p))) return nullptr;
  return Value::object({{"link", to_hex(b.sha256(json::get_string(p, "link", "params")))}});
}
Value rejects_uppercase(const rapidjson::Value& p, const Backend& b) {
  const std::string text = json::get_string(p, "link", "params");
  if (text != to_hex(digest_from_hex(text, "link"))) throw InputError("link", "uppercase hex");
  return Value::object({{"link", crash::previous_hex(convention_of(p), text, b)}});
}

// member_strings reads the computed member |name| of |out| (a test's outputs) as strings.
std::vector<std::string> member_strings(const json::Value& out, const char* name) {
  return strings_of(member_of(out.as_object(), name, "outputs"), name);
}

std::vector<Flag> chain_flags() {
  return {
      {"Pseudorandom", BugType::kBasic, "An ordinary link from a fixed-seed pseudorandom stream."},
      {"HexTextChain", BugType::kEncoding,
       "betkyo-exact, bustabit-v1 and bustabit-v2 hash the link's lowercase hex text (64 ASCII bytes). A port "
       "hashing the 32 raw bytes fails.",
       {hashing(true)}},
      {"RawByteChain", BugType::kEncoding, "bustabit-2025 hashes the link's 32 raw bytes. A port hashing the hex text fails.",
       {hashing(false)}},
      {"UppercaseLink", BugType::kEncoding,
       "A link given in uppercase hex is the same link, the same 32 bytes (the hex-text chains hash its "
       "lowercase hex text). A port hashing the text as given, or rejecting uppercase, fails.",
       {hashing_text_as_given, rejects_uppercase},
       [](const rapidjson::Value& p, const json::Value& out) {
         const std::string lower = to_hex(digest_from_hex(json::get_string(p, "link", "params"), "link"));
         return crash::previous_hex(convention_of(p), lower, gen_backend()) ==
                std::get<std::string>(out.find("previous")->variant());
       }},
      {"ChainReplay", BugType::kFunctionality,
       "Several rounds of one chain replayed from the newest link: every previous link and every point.", {},
       [](const rapidjson::Value&, const json::Value& out) {
         return member_strings(out, "links").size() == kChainLength && member_strings(out, "hundredths").size() == kChainLength;
       }},
      {"InstantBust", BugType::kEdgeCase, "bustabit-v1: a round of the chain is an instant bust (0).", {},
       [](const rapidjson::Value& p, const json::Value& out) {
         const auto points = member_strings(out, "hundredths");
         return convention_of(p) == Convention::kBustabitV1 && std::find(points.begin(), points.end(), "0") != points.end();
       }},
      {"PublishedGame", BugType::kFunctionality,
       "Consecutive games bustabit played (2018 chain, salt = the hash of Bitcoin block 505750): the published "
       "hashes and busts of the first links; the comment gives the game numbers.",
       {},
       [](const rapidjson::Value& p, const json::Value& out) {
         const auto links = member_strings(out, "links");
         const auto points = member_strings(out, "hundredths");
         bool all = salt_of(p) == kBustabit2018Salt;
         for (std::size_t i = 0; i < std::size(kPublishedChain); ++i) {
           all = all && links[i] == kPublishedChain[i].hash && points[i] == std::to_string(kPublishedChain[i].hundredths);
         }
         return all;
       }},
      {"InvalidLink", BugType::kMissingCheck, "The link must be exactly 64 hex digits (either case).",
       {[](const rapidjson::Value& p, const Backend& b) {  // a port reading it with Buffer.from(link, 'hex')
         const Digest link = buffer_from_hex(json::get_string(p, "link", "params"));
         return Value::object({{"link", to_hex(crash::previous(convention_of(p), link, b))}});
       }}},
      {"UnknownConvention", BugType::kMissingCheck, "The convention must be one of the four names, case-sensitive."},
  };
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
    for (const std::string& bad : {first.substr(0, 63), first + "0", std::string("0x") + first.substr(2), std::string()}) {
      cs.invalid("CrashPrevious", bad.empty() ? "an empty link" : std::to_string(bad.size()) + " characters", {"InvalidLink"},
                 {{"link", bad}}, "link");
    }
  }
  cs.group_members({{"convention", "bustabit"}});
  cs.invalid("CrashPrevious", "unknown convention 'bustabit'", {"UnknownConvention"},
             {{"link", hex(stream("crash/chain/betkyo-exact", 0))}}, "convention");

  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const std::optional<std::string> salt =
        c != Convention::kBetkyoExact ? std::optional<std::string>(hex(stream("crash/chain/salt/" + name, 0))) : std::nullopt;
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
        add_chain("a chain with an instant bust (search over crash/chain/start/" + name + "/n, n = " + std::to_string(n) + ")",
                  {"ChainReplay", "InstantBust"}, link, salt);
        found = true;
      }
      require(found, "no chain with an instant bust");
    }
    if (c == Convention::kBustabitV2) {
      add_chain("bustabit games #1394728 (newest) down to #1394721; #1394728 … #1394725 as published: "
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
  const std::vector<std::string> points = strings_of(member_of(test, "hundredths", path), std::string(path) + ".hundredths");
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

VectorKind chain_file() {
  return catalog_kind({
      "crash_chain_test.json",
      {"crash chains (specs/crash.md, op crash.previous, then crash.point): the previous link is",
       "SHA-256 of the link's lowercase hex text (betkyo-exact, bustabit-v1, bustabit-v2) or of its 32",
       "raw bytes (bustabit-2025). A chain is generated from its end and played in reverse: links[0] is",
       "the newest", "round, links[i + 1] = previous(links[i]) the round before it."},
      chain_flags(),
      {{.type = "CrashPrevious", .call = {"crash.previous"}, .members = {"convention"}, .fields = {{.name = "previous", .from = "link"}}},
       {.type = "CrashChain",
        .call = {.op = "crash.previous", .expect = {{"link", "links[1]"}}},  // links[0] is the given link
        .members = {"convention"},
        .fields = outputs({"links", "hundredths"}),
        .hooks = {.trace = chain_trace, .more_calls = chain_more_calls}}},
      chain_cases,
  });
}

}  // namespace fairvec::vectors::crash_vec
