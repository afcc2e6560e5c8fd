// Vector files of hexwin-v1 (specs/hexwin-v1.md):
//   hexwin_roll_test.json      hexwin.roll: bets from server seed, client seed and nonce, under every
//                              convention, the published rolls among them
//   hexwin_from_hex_test.json  hexwin.from_hex: windows read from given digests, where no search
//                              reaches (every window rejected, a window of exactly 999999 or 10^6)
// Every input comes from a counter-driven SHA-256 stream (vectors/material.h) or a search over
// nonces from 0. Both files are catalogs (vectors/catalog.h); each flag is checked against the wrong
// ports of vectors/hexwin_ports.cc it names.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "core/input_rules.h"
#include "schemes/hexwin.h"
#include "vectors/catalog.h"
#include "vectors/hexwin.h"
#include "vectors/material.h"
#include "vectors/search_results.h"

namespace fairvec::vectors::hexwin_vec {

namespace {

using json::Value;

// rejected_windows counts the windows a reading rejected.
unsigned rejected_windows(const hexwin::Reading& r) {
  return static_cast<unsigned>(r.exhausted ? r.windows.size() : r.windows.size() - 1);
}

// window_hex writes |v| as 5 lowercase hex digits.
std::string window_hex(std::uint32_t v) {
  char b[8];
  std::snprintf(b, sizeof b, "%05x", v);
  return b;
}

// stream_hex returns |n| hex digits of the stream |label|/i.
std::string stream_hex(const std::string& label, std::size_t n) {
  std::string out;
  for (std::uint64_t i = 0; out.size() < n; ++i) out += hex(stream(label, i));
  return out.substr(0, n);
}

// rejected_value returns a window value of 10^6 or more from |h| (a 5-digit pseudorandom window).
std::uint32_t rejected_value(const std::string& h) {
  return hexwin::kLimit + static_cast<std::uint32_t>(std::stoul(h, nullptr, 16)) % (0x100000 - hexwin::kLimit);
}

// digest_hex builds a 128-digit digest whose first |k| windows are rejected values and whose window
// k is |accepted| (when given), the rest from the stream |label|.
std::string digest_hex(const std::string& label, unsigned k, std::optional<std::uint32_t> accepted,
                       const std::string& tail = "") {
  const std::string fill = stream_hex(label, 128);
  std::string out;
  for (unsigned i = 0; i < k; ++i) out += window_hex(rejected_value(fill.substr(5 * i, 5)));
  if (accepted) out += window_hex(*accepted);
  out += fill.substr(out.size());
  if (!tail.empty()) out.replace(128 - tail.size(), tail.size(), tail);
  return out;
}

// ---- hexwin_roll_test.json -----------------------------------------------------------------------

// deep_nonce returns the first nonce from 0 with exactly |k| rejected windows for the seeds
// hexwin/search/serverSeed/0 and fairvec-hexwin under primedice: the hexwin-skip search's stored
// result (gen/vectors/search_results/hexwin_skip_depth<k>.json, re-verified through the scheme on
// lookup). A depth costs 1 / (q^k (1 - q)) candidates on average, q = 48576 / 2^20: depth 7 about
// 2.3 * 10^9 (`fairvec search estimate --class hexwin-skip`).
std::uint64_t deep_nonce(const std::string& server, const std::string& client, unsigned k) {
  search::SearchSpec s;
  s.cls = "hexwin-skip";
  s.convention = "primedice";
  s.seed = server;
  s.clients = {client};
  s.depth = k;
  s.from = 0;
  s.to = kMaxCounter;
  const auto n = stored_hit(s);
  require(n.has_value(), "hexwin: no stored hexwin-skip result of depth " + std::to_string(k));
  return *n;
}

void roll_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& server,
                 const std::string& client, Value nonce) {
    c.valid("HexwinRoll", std::move(comment), std::move(flags),
            {{"serverSeed", server}, {"clientSeed", client}, {"nonce", std::move(nonce)}});
  };
  // Published: dadice's own bets, 19 in a row (shorena/dadice_verify_rolls @ 0e2ad1e4,
  // example/example_01_seeds.txt and the screenshots beside it: 67.65 at nonce 0 ... 79.47 at 18).
  c.group_members({{"convention", "primedice"}});
  for (std::uint64_t n = 0; n < 19; ++n) {
    add("dadice bet of 10 Mar 2015, nonce " + std::to_string(n) +
            " (shorena/dadice_verify_rolls example/example_02_dadice_rolls.png)",
        {"PublishedRoll"}, "ede2a2e86b02649f7c7e5ad5eb31a74d27be694b81c1de7adf7e31f5db806c99",
        "PS9zaMo49uhMoENfHZD0GIMVdLInFB", Value(n));
  }
  c.group_members({{"convention", "just-dice"}});
  // Published: VolosStorm/JD-Roll-Verifier README.md @ 39dba8b2: result 49.0089.
  add("Just-Dice roll of the JD-Roll-Verifier README (result 49.0089)", {"PublishedRoll"},
      "5WroZwmskPG0rG9WHkTx0T4PyvPmTx5XOoGd.6Dr9Y6uhNOUTrvCVUkvFyWrltH9", "560224986152234798766370", Value(4));

  for (const hexwin::Convention& conv : hexwin::conventions()) {
    const std::string name(conv.name);
    c.group_members({{"convention", name}});
    for (std::uint64_t i = 0; i < 4; ++i) {
      std::vector<std::string> flags{"Pseudorandom", "OtherConvention"};
      if (conv.digesting != hexwin::Digesting::kPlain) flags.push_back("KeyIsServerSeed");
      add(name + ": pseudorandom bet " + std::to_string(i), flags, hex(stream("hexwin/serverSeed", i)),
          hex(stream("hexwin/clientSeed", i)).substr(0, 24), Value(i));
    }
    // Windows skipped 1 .. 3, each the first nonce from 0 with exactly that many rejected.
    const std::string server = hex(stream("hexwin/search/serverSeed", 0)), client = "fairvec-hexwin";
    unsigned want = 1;
    for (std::uint64_t n = 0; want <= 3; ++n) {
      require(n < 2000000, "hexwin: no nonce with " + std::to_string(want) + " rejected windows");
      const hexwin::Bet b = hexwin::bet(gen_backend(), conv, server, client, n);
      if (rejected_windows(b.reading) != want) continue;
      add(name + ": " + std::to_string(want) + " window" + (want > 1 ? "s" : "") +
              " rejected (the first such nonce from 0, seeds hexwin/search/serverSeed/0 and fairvec-hexwin)",
          want >= 2 ? std::vector<std::string>{"SkippedWindows", "SkippedWindowsDeep"}
                    : std::vector<std::string>{"SkippedWindows"},
          server, client, Value(n));
      ++want;
    }
    if (conv.name == "primedice") {
      // Deeper skips, found by `fairvec search hexwin-skip` (search/window_scan.h) and stored;
      // tests/search_test.cc finds 4 and 5 again, and generation checks each depth here.
      for (unsigned k = 4; k <= 7; ++k) {
        const std::uint64_t n = deep_nonce(server, client, k);
        const hexwin::Bet b = hexwin::bet(gen_backend(), conv, server, client, n);
        require(rejected_windows(b.reading) == k,
                "hexwin: nonce " + std::to_string(n) + " does not reject " + std::to_string(k) + " windows");
        add(name + ": " + std::to_string(k) +
                " windows rejected (the first such nonce from 0, found by the window "
                "search)",
            {"SkippedWindows", "SkippedWindowsDeep"}, server, client, Value(n));
      }
    }
    add(name + ": an empty client seed", {"EmptyClientSeed"}, server, "", Value(1));
    add(name + ": seeds holding a placeholder and replacement patterns: text, hashed as given", {"TemplateLikeSeed"},
        "{client}s$&", "c$'{nonce}$$", Value(5));
    add(name + ": the largest nonce, 2^53 - 1", {"LargestNonce"}, server, client, Value(fairvec::kMaxCounter));
  }
  // Digits that separate (DuckDice and BC.Game join the seeds with nothing between them).
  c.group_members({{"convention", "duckdice"}});
  add("duckdice: client seed a1, nonce 2 (the same message as a, 12)", {"JoinedMessage"}, "s", "a1", Value(2));
  add("duckdice: client seed a, nonce 12 (the same message as a1, 2)", {"JoinedMessage"}, "s", "a", Value(12));

  auto bad = [&](std::string comment, std::vector<std::string> flags, const std::string& convention, Value server,
                 Value nonce, const std::string& error) {
    c.group_members({{"convention", convention}});
    c.invalid("HexwinRoll", std::move(comment), std::move(flags),
              {{"serverSeed", std::move(server)}, {"clientSeed", "client"}, {"nonce", std::move(nonce)}}, error);
  };
  bad("a convention named in another case (Primedice)", {"UnknownConvention"}, "Primedice", Value("server"), Value(0),
      "convention");
  // Bad input under every convention: a port scoped to one convention is sent its own.
  for (const hexwin::Convention& conv : hexwin::conventions()) {
    const std::string name(conv.name);
    bad(name + ": nonce 2^53, above the largest", {"NonceAboveLargest"}, name, Value("server"),
        Value(fairvec::kMaxCounter + 1), "nonce");
    bad(name + ": nonce -1", {"NonceAboveLargest"}, name, Value("server"), Value(-1), "nonce");
    bad(name + ": the server seed as the JSON number 12345", {"NumberAsText"}, name, Value(12345), Value(0),
        "serverSeed");
  }
}

// ---- hexwin_from_hex_test.json -------------------------------------------------------------------

void from_hex_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& digest) {
    c.valid("HexwinFromHex", std::move(comment), std::move(flags), {{"digest", digest}});
  };
  for (const hexwin::Convention& conv : hexwin::conventions()) {
    const std::string name(conv.name);
    const std::string label = "hexwin/from_hex/" + name;
    c.group_members({{"convention", name}});
    add(name + ": window 0 is 0", {"WindowZero"}, digest_hex(label + "/zero", 0, 0));
    add(name + ": window 0 is 999999, the largest accepted", {"WindowAtLimit"},
        digest_hex(label + "/999999", 0, 999999));
    add(name + ": window 0 is 10^6, the smallest rejected; window 1 is 123456", {"WindowOverLimit"},
        digest_hex(label + "/1000000", 0, hexwin::kLimit).replace(5, 5, window_hex(123456)));
    add(name + ": window 0 is fffff (1048575), window 1 is 00001 (a window moved by one digit, f0000, is accepted)",
        {"SkippedWindows"}, digest_hex(label + "/fffff", 0, 0xfffff).replace(5, 5, window_hex(1)));
    for (unsigned k = 4; k <= 24; k += (k < 8 ? 1 : 4)) {
      add(name + ": " + std::to_string(k) + " windows rejected, window " + std::to_string(k) + " accepted",
          {"SkippedWindowsDeep"}, digest_hex(label + "/deep/" + std::to_string(k), k, 424242 + k));
    }
    add(name + ": all 25 windows rejected, window 24 the last whole one; tail 000", {"Exhausted"},
        digest_hex(label + "/exhausted/0", 25, std::nullopt, "000"));
    add(name + ": all 25 windows rejected; tail fff", {"Exhausted"},
        digest_hex(label + "/exhausted/1", 25, std::nullopt, "fff"));
    add(name + ": all 25 windows rejected; tail 9c3", {"Exhausted"},
        digest_hex(label + "/exhausted/2", 25, std::nullopt, "9c3"));
    add(name + ": window 24, the last whole one, accepted", {"LastWindow"}, digest_hex(label + "/last", 24, 31415));
  }
  // The mapping's division: values where (v mod 10^4) * 0.01 is another double than / 100.
  c.group_members({{"convention", "primedice"}});
  unsigned found = 0;
  for (std::uint32_t v = 1; v < 10000 && found < 3; ++v) {
    const std::string d = digest_hex("hexwin/from_hex/divide", 0, v);
    if (wrong_roll("multiplies", "primedice", d) == wrong_roll("", "primedice", d)) continue;
    add("primedice: window 0 is " + std::to_string(v) + ", where v * 0.01 is not v / 100", {"DivideNotMultiply"}, d);
    ++found;
  }
  require(found == 3, "hexwin: no value where * 0.01 differs from / 100");
  auto bad = [&](std::string comment, const std::string& digest) {
    c.invalid("HexwinFromHex", std::move(comment), {"BadDigest"}, {{"digest", digest}}, "digest");
  };
  const std::string d = digest_hex("hexwin/from_hex/bad", 0, 5);
  for (const hexwin::Convention& conv : hexwin::conventions()) {
    const std::string name(conv.name);
    c.group_members({{"convention", name}});
    bad(name + ": 127 hex digits", d.substr(0, 127));
    bad(name + ": 129 hex digits", d + "0");
    bad(name + ": 64 hex digits, a SHA-256 digest", d.substr(0, 64));
    bad(name + ": a g at position 70", d.substr(0, 70) + "g" + d.substr(71));
  }
}

}  // namespace

const FlagLibrary& library() {
  static const FlagLibrary kLibrary = [] {
    FlagLibrary lib("hexwin");
    add_wrong_ports(lib);
    const FlagLibrary& shared = shared_flags();
    std::vector<std::string> as_others;
    for (const hexwin::Convention& conv : hexwin::conventions())
      as_others.push_back("hexwin-as-" + std::string(conv.name));
    lib.share(shared, "Pseudorandom");
    lib.share(shared, "EmptyClientSeed", as_others);
    lib.share(shared, "NumberAsText", {"hexwin-number-as-text"});
    lib.flag({"PublishedRoll", BugType::kBasic,
              "A roll an operator published (its bet list or a verifier's worked example), with its source in the "
              "comment.",
              as_others});
    lib.flag({"OtherConvention", BugType::kBasic,
              "An ordinary bet under each convention; catches a port that copied another operator's page (another "
              "key side, message, hash, mapping or exhaustion rule): the wrong port hexwin-as-<convention> names it.",
              as_others});
    lib.flag({"SkippedWindows",
              BugType::kEdgeCase,
              "The first window (or more) is 10^6 or more and is skipped: the roll comes from a later window; "
              "catches a port that does not reject, or moves the window by one digit.",
              {"hexwin-no-window-skip", "hexwin-sliding-window"}});
    lib.flag({"SkippedWindowsDeep",
              BugType::kEdgeCase,
              "Two or more windows are rejected; catches a port that tests only the first window and takes the second "
              "untested.",
              {"hexwin-two-windows-only", "hexwin-no-window-skip"}});
    lib.flag({"LargestNonce", BugType::kBoundary,
              "The largest nonce, 2^53 - 1, written in full decimal in the message.", as_others});
    lib.flag({"JoinedMessage",
              BugType::kEncoding,
              "Conventions that join the seeds and the nonce with nothing between them give one message for client "
              "seed a1 and nonce 2 and for a and 12: the same roll, as the spec says (DuckDice, BC.Game).",
              {"hexwin-as-primedice"}});
    lib.share(shared, "UnknownConvention");
    lib.flag({"TemplateLikeSeed",
              BugType::kEncoding,
              "Seeds holding {client}, {nonce}, $&, $' or $$ are text: the message is the seeds as given; catches "
              "a port that fills a message template step by step (the seed's {nonce} filled in too) or with "
              "JavaScript's String.replace(string, string), which reads $& and $' as patterns.",
              {"hexwin-replace-all", "hexwin-js-replace"}});
    lib.flag({"NonceAboveLargest", BugType::kMissingCheck, "A nonce above 2^53 - 1 is bad input naming nonce."});
    lib.flag({"WindowZero", BugType::kBoundary, "Window 0 is 00000: the roll 0 under every convention."});
    lib.flag({"KeyIsServerSeed",
              BugType::kEncoding,
              "The HMAC conventions key the HMAC with the server seed's text and hash the message; catches a port "
              "that swaps them.",
              {"hexwin-swapped-key"}});
    lib.flag({"WindowAtLimit",
              BugType::kBoundary,
              "Window 0 is 999999 (f423f), the largest value accepted; catches a port rejecting `>= 999999`.",
              {"hexwin-rejects-999999"}});
    lib.flag({"WindowOverLimit",
              BugType::kBoundary,
              "Window 0 is exactly 10^6 (f4240), the smallest rejected; catches a port that rejects only values "
              "above 10^6.",
              {"hexwin-accepts-10-6", "hexwin-no-window-skip"}});
    lib.flag({"Exhausted",
              BugType::kEdgeCase,
              "All 25 whole windows are rejected: the convention's exhaustion rule gives the roll (99.99, or the "
              "3-digit tail read as the value); catches a port that applies the mapping after a 99.99 fallback "
              "(0.9999), applies the other rule, or fails.",
              {"hexwin-modulus-after-fallback", "hexwin-other-fallback", "hexwin-fails-exhausted"}});
    lib.flag({"LastWindow",
              BugType::kBoundary,
              "Window 24, the last whole one (digits 120..124), is the first accepted.",
              {"hexwin-two-windows-only", "hexwin-no-window-skip"}});
    lib.flag({"DivideNotMultiply",
              BugType::kArithmetic,
              "The mapping divides by 100; here (v mod 10^4) * 0.01 is another binary64 value (for example "
              "99.99000000000001), which a comparison by value tells apart.",
              {"hexwin-multiplies"}});
    lib.flag({"BadDigest", BugType::kMissingCheck,
              "A digest that is not 128 hex digits is bad input naming digest, with the position of a bad "
              "character."});
    return lib;
  }();
  return kLibrary;
}

std::vector<VectorKind> files() {
  return {
      catalog_kind(
          {"hexwin_roll_test.json",
           {"hexwin-v1 bets (specs/hexwin-v1.md): a digest (HMAC-SHA512 keyed by the server seed, or",
            "SHA-512 of the seeds joined, as the convention says) read 5 hex digits at a time; the first",
            "window below 10^6 is mapped to the roll.",
            "Port op: hexwin.roll {convention, serverSeed, clientSeed, nonce} -> {roll}."},
           library().pick({"PublishedRoll", "Pseudorandom", "OtherConvention", "KeyIsServerSeed", "SkippedWindows",
                           "SkippedWindowsDeep", "EmptyClientSeed", "LargestNonce", "JoinedMessage", "TemplateLikeSeed",
                           "UnknownConvention", "NonceAboveLargest", "NumberAsText"}),
           {{.type = "HexwinRoll",
             .call = {"hexwin.roll"},
             .members = {"convention"},
             .fields = outputs({"message", "digest", "windows", "exhausted", "value", "roll"})}},
           roll_cases}),
      catalog_kind({"hexwin_from_hex_test.json",
                    {"hexwin-v1 windows read from given digests (specs/hexwin-v1.md, op hexwin.from_hex), so that",
                     "cases no search reaches are covered: every window rejected, a window of exactly 999999 or 10^6,",
                     "the last whole window. Port op: hexwin.from_hex {convention, digest} -> {roll}."},
                    library().pick({"WindowZero", "WindowAtLimit", "WindowOverLimit", "SkippedWindows",
                                    "SkippedWindowsDeep", "Exhausted", "LastWindow", "DivideNotMultiply", "BadDigest"}),
                    {{.type = "HexwinFromHex",
                      .call = {"hexwin.from_hex"},
                      .members = {"convention"},
                      .fields = outputs({"windows", "exhausted", "value", "roll"})}},
                    from_hex_cases}),
  };
}

}  // namespace fairvec::vectors::hexwin_vec
