// Vector file crash_chain_test.json (specs/crash.md §7, §9): crash.previous, and chains replayed
// link by link, including bustabit's published games #1,394,728 … #1,394,725 (§7.1).
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.h"
#include "port/protocol.h"
#include "schemes/crash.h"
#include "vectors/keno_crash_common.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

namespace {

using namespace keno_crash;

// ---- crash_chain_test.json ---------------------------------------------------------------------

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

Value generate_crash_chain() {
  VectorFileBuilder b("crash", "crash_chain_schema.json",
                      {"crash chains (specs/crash.md, op crash.previous, then crash.point): the previous link is",
                       "SHA-256 of the link's lowercase hex text (betkyo-exact, bustabit-v1, bustabit-v2) or of its 32",
                       "raw bytes (bustabit-2025). A chain is generated from its end and played in reverse: links[0] is",
                       "the newest",
                       "round, links[i + 1] = previous(links[i]) the round before it."});
  b.note("Pseudorandom", "BASIC", "An ordinary link from a fixed-seed pseudorandom stream.");
  b.note("HexTextChain", "ENCODING",
         "betkyo-exact, bustabit-v1 and bustabit-v2 hash the link's lowercase hex text (64 ASCII bytes). A port "
         "hashing the 32 raw bytes fails.");
  b.note("RawByteChain", "ENCODING",
         "bustabit-2025 hashes the link's 32 raw bytes. A port hashing the hex text fails.");
  b.note("UppercaseLink", "ENCODING",
         "A link given in uppercase hex is the same link, the same 32 bytes (the hex-text chains hash its "
         "lowercase hex text). A port hashing the text as given, or rejecting uppercase, fails.");
  b.note("ChainReplay", "FUNCTIONALITY",
         "Several rounds of one chain replayed from the newest link: every previous link and every point.");
  b.note("InstantBust", "EDGE_CASE", "bustabit-v1: a round of the chain is an instant bust (0).");
  b.note("PublishedGame", "FUNCTIONALITY",
         "Consecutive games bustabit played (2018 chain, salt = the hash of Bitcoin block 505750): the published "
         "hashes and busts of the first links; the comment gives the game numbers.");
  b.note("InvalidLink", "MISSING_CHECK", "The link must be exactly 64 hex digits (either case).");
  b.note("UnknownConvention", "MISSING_CHECK", "The convention must be one of the four names, case-sensitive.");

  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const char* enc = crash::hashes_raw_bytes(c) ? "RawByteChain" : "HexTextChain";
    b.group({{"type", "CrashPrevious"}, {"convention", name}});
    std::string first;
    for (std::uint64_t i = 0; i < 2; ++i) {
      const std::string link = hex(stream("crash/chain/" + name, i));
      if (i == 0) first = link;
      b.add("pseudorandom link " + std::to_string(i), {"Pseudorandom", enc}, Result::kValid,
            {{"link", link}, {"previous", crash::previous_hex(c, link, gen_backend())}});
    }
    {
      const std::string prev = crash::previous_hex(c, upper(first), gen_backend());
      require(prev == crash::previous_hex(c, first, gen_backend()), "uppercase previous");
      std::vector<std::string> flags{"UppercaseLink"};
      if (!crash::hashes_raw_bytes(c)) {
        require(to_hex(gen_backend().sha256(upper(first))) != prev, "uppercase text hashes the same");
      }
      b.add("the first link of this group in uppercase", flags, Result::kValid,
            {{"link", upper(first)}, {"previous", prev}});
    }
    for (const std::string& bad : {first.substr(0, 63), first + "0", std::string("0x") + first.substr(2), std::string()}) {
      require_input_error([&] { (void)crash::previous_hex(c, bad, gen_backend()); }, "link", "bad link");
      b.add(bad.empty() ? "an empty link" : std::to_string(bad.size()) + " characters", {"InvalidLink"},
            Result::kInvalid, {{"link", bad}, {"error", "link"}});
    }
  }
  b.group({{"type", "CrashPrevious"}, {"convention", "bustabit"}});
  b.add("unknown convention 'bustabit'", {"UnknownConvention"}, Result::kInvalid,
        {{"link", hex(stream("crash/chain/betkyo-exact", 0))}, {"error", "convention"}});

  for (Convention c : kConventions) {
    const std::string name(crash::convention_name(c));
    const bool salted = c != Convention::kBetkyoExact;
    const std::optional<std::string> salt =
        salted ? std::optional<std::string>(hex(stream("crash/chain/salt/" + name, 0))) : std::nullopt;
    b.group({{"type", "CrashChain"}, {"convention", name}});
    auto add_chain = [&](std::string comment, std::vector<std::string> flags, const std::string& link) {
      const Chain ch = replay(c, link, salt, gen_backend());
      Object fields{{"link", link}};
      if (salt) fields.emplace_back("salt", *salt);
      fields.emplace_back("links", Value::array_of(ch.links));
      fields.emplace_back("hundredths", Value::array_of(ch.hundredths));
      b.add(std::move(comment), std::move(flags), Result::kValid, std::move(fields));
      return ch;
    };
    add_chain(std::to_string(kChainLength) + " rounds from a pseudorandom newest link", {"ChainReplay"},
              hex(stream("crash/chain/start/" + name, 0)));
    if (c == Convention::kBustabitV1) {
      bool found = false;
      for (std::uint64_t n = 1; n < 1000 && !found; ++n) {
        const std::string link = hex(stream("crash/chain/start/" + name, n));
        const Chain ch = replay(c, link, salt, gen_backend());
        if (std::find(ch.hundredths.begin(), ch.hundredths.end(), "0") == ch.hundredths.end()) continue;
        add_chain("a chain with an instant bust (search over crash/chain/start/" + name + "/n, n = " +
                      std::to_string(n) + ")",
                  {"ChainReplay", "InstantBust"}, link);
        found = true;
      }
      require(found, "no chain with an instant bust");
    }
    if (c == Convention::kBustabitV2) {
      const std::string salt2018(kBustabit2018Salt);
      const Chain ch = replay(c, kPublishedChain[0].hash, salt2018, gen_backend());
      for (std::size_t i = 0; i < std::size(kPublishedChain); ++i) {
        require(ch.links[i] == kPublishedChain[i].hash &&
                    ch.hundredths[i] == std::to_string(kPublishedChain[i].hundredths),
                "published game " + std::to_string(kPublishedChain[i].game) + " does not reproduce");
      }
      Object fields{{"link", kPublishedChain[0].hash}, {"salt", salt2018}};
      fields.emplace_back("links", Value::array_of(ch.links));
      fields.emplace_back("hundredths", Value::array_of(ch.hundredths));
      b.add("bustabit games #1394728 (newest) down to #1394721; #1394728 … #1394725 as published: "
            "1.26x, 1.18x, 1.26x, 3.77x",
            {"ChainReplay", "PublishedGame"}, Result::kValid, std::move(fields));
    }
  }
  return b.build();
}

std::string group_convention(const TestRef& t) { return json::get_string(t.group, "convention", "group"); }

std::string previous_of(const TestRef& t, const Backend& backend) {
  const std::string link = test_string(t, "link");
  return crash::previous_hex(crash::parse_convention(group_convention(t)), link, backend);
}

std::string check_previous(const TestRef& t, const Backend& backend) {
  if (is_invalid(t)) return expect_error(t, [&] { (void)previous_of(t, backend); });
  return expect_eq("previous", test_string(t, "previous"), previous_of(t, backend));
}

std::string check_chain(const TestRef& t, const Backend& backend) {
  const Chain ch = replay(crash::parse_convention(group_convention(t)), test_string(t, "link"), test_salt(t), backend);
  return expect_members(t, {{"links", Value::array_of(ch.links)}, {"hundredths", Value::array_of(ch.hundredths)}});
}

std::vector<PortCall> previous_calls(const TestRef& t) {
  const Value params = params_present(t, {"link"}, {{"convention", group_convention(t)}});
  if (is_invalid(t)) return {{"crash.previous", params, std::nullopt}};
  return {{"crash.previous", params, Value::object({{"link", test_string(t, "previous")}})}};
}

std::vector<PortCall> chain_calls(const TestRef& t) {
  const std::string conv = group_convention(t);
  const std::vector<std::string> links = json::get_string_array(t.test, "links", t.path);
  const std::vector<std::string> points = json::get_string_array(t.test, "hundredths", t.path);
  const std::optional<std::string> salt = test_salt(t);
  std::vector<PortCall> calls;
  for (std::size_t i = 0; i + 1 < links.size(); ++i) {
    calls.push_back({"crash.previous",
                     Value::object({{"convention", conv}, {"link", i == 0 ? test_string(t, "link") : links[i]}}),
                     Value::object({{"link", links[i + 1]}})});
  }
  for (std::size_t i = 0; i < links.size() && i < points.size(); ++i) {
    Object params{{"convention", conv}, {"link", links[i]}};
    if (salt) params.emplace_back("salt", *salt);
    calls.push_back({"crash.point", Value(std::move(params)), Value::object({{"hundredths", points[i]}})});
  }
  return calls;
}

}  // namespace

VectorKind keno_crash::crash_chain_vector_kind() {
  return group_kind("crash_chain_test.json", "crash_chain_schema.json", generate_crash_chain,
                    {{"CrashPrevious", check_previous, previous_calls}, {"CrashChain", check_chain, chain_calls}});
}

}  // namespace fairvec::vectors
