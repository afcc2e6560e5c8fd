// hmac_dice_pick_test.json (specs/hmac-dice-v1.md, "Vector files"): dice over given MACs with `+`
// retry messages, including MACs that search cannot reach. A catalog (vectors/catalog.h): cases give
// the MACs, or the message's inputs, only; hmac_dice.pick and hmac_dice.message (with their traces:
// the byte used, the message's MAC) write the rest.
#include <optional>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/catalog.h"
#include "vectors/hmac_dice.h"
#include "vectors/test_reader.h"

namespace fairvec::vectors::hmac_dice_vec {

namespace {

// mac_bytes builds a MAC of |prefix| skipped bytes (cycling through 252..255) followed by bytes of
// the stream |label| (the first of them forced below 252 unless |all_skipped|).
Digest constructed_mac(std::string_view label, std::size_t prefix, std::optional<std::uint8_t> accepted,
                       bool all_skipped = false) {
  Digest d = stream(label, 0);
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i < prefix || all_skipped) {
      d[i] = static_cast<std::uint8_t>(252 + (d[i] % 4));
    } else if (i == prefix) {
      d[i] = accepted ? *accepted : static_cast<std::uint8_t>(d[i] % 252);
    }
  }
  return d;
}

void pick_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, std::vector<Digest> macs) {
    json::Array hex;
    for (const auto& m : macs) hex.emplace_back(to_hex(m));
    c.valid("HmacDicePick", std::move(comment), std::move(flags), {{"macs", json::Value(std::move(hex))}});
  };
  add("byte 0 is accepted", {"OrdinaryPick"}, {constructed_mac("pick/0", 0, std::nullopt)});
  add("byte 0 is accepted", {"OrdinaryPick"}, {constructed_mac("pick/1", 0, std::nullopt)});
  for (std::uint8_t v : {0, 35, 36, 251}) {
    add("accepted byte " + std::to_string(v), {"AcceptedByteBoundary"},
        {constructed_mac("pick/boundary/" + std::to_string(v), 0, v)});
  }
  for (unsigned v = 252; v <= 255; ++v) {
    Digest d = constructed_mac("pick/skip/" + std::to_string(v), 1, 251);
    d[0] = static_cast<std::uint8_t>(v);
    add("byte 0 = " + std::to_string(v) + " is skipped, byte 1 = 251 is used",
        {"SkippedByteValues", "AcceptedByteBoundary"}, {d});
  }
  for (std::size_t depth : {4, 8, 16}) {
    add(std::to_string(depth) + " skipped bytes in retry 0", {"SkippedBytesDeep"},
        {constructed_mac("pick/deep/" + std::to_string(depth), depth, std::nullopt)});
  }
  add("31 skipped bytes: only byte 31 is accepted", {"SkippedBytesDeep", "LastByteOfMac"},
      {constructed_mac("pick/deep/31", 31, std::nullopt)});
  // Every other byte index of retry 0 (specs/derived-edges.md §7: hmac_dice.pick's `index` is a
  // finite output domain, 0..31, and each value is some vector's answer).
  for (std::size_t depth = 7; depth < 31; ++depth) {
    if (depth == 8 || depth == 16) continue;
    add(std::to_string(depth) + " skipped bytes in retry 0: byte " + std::to_string(depth) + " is used",
        {"SkippedBytesDeep"}, {constructed_mac("pick/index/" + std::to_string(depth), depth, std::nullopt)});
  }
  for (std::size_t k = 1; k <= 3; ++k) {
    std::vector<Digest> macs;
    for (std::size_t j = 0; j < k; ++j)
      macs.push_back(
          constructed_mac("pick/retry" + std::to_string(k) + "/" + std::to_string(j), 0, std::nullopt, true));
    macs.push_back(constructed_mac("pick/retry" + std::to_string(k) + "/use", 0, std::nullopt));
    add("retries 0.." + std::to_string(k - 1) + " all skipped; retry " + std::to_string(k) + " byte 0 is used",
        {"RetryDepth" + std::to_string(k)}, macs);
  }
  {
    std::vector<Digest> macs = {Digest{}, constructed_mac("pick/retry1b/use", 5, std::nullopt)};
    macs[0].fill(255);
    add("retry 0 is all 0xff; retry 1 skips 5 bytes then uses byte 5", {"RetryDepth1", "SkippedBytesDeep"}, macs);
    std::vector<Digest> last = {Digest{}, Digest{}, constructed_mac("pick/retry2b/use", 31, std::nullopt)};
    last[0].fill(252);
    last[1].fill(253);
    add("retries 0 and 1 all skipped; retry 2 uses its last byte", {"RetryDepth2", "LastByteOfMac"}, last);
  }
  add("three MACs, the first is usable: retries 1 and 2 are ignored", {"UnusedMacs", "OrdinaryPick"},
      {constructed_mac("pick/unused/0", 2, std::nullopt), constructed_mac("pick/unused/1", 0, 0),
       constructed_mac("pick/unused/2", 0, 0)});

  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> macs,
                     std::string error) {
    c.invalid("HmacDicePickInvalid", std::move(comment), std::move(flags), {{"macs", jstrs(macs)}}, std::move(error));
  };
  const std::string usable = to_hex(constructed_mac("pick/0", 0, std::nullopt));
  const std::string skipped = to_hex(constructed_mac("pick/skipped", 0, std::nullopt, true));
  invalid("no MAC", {"NoMac"}, {}, "macs");
  invalid("one MAC, all bytes >= 252", {"AllSkipped"}, {skipped}, "macs");
  invalid("three MACs, all bytes >= 252", {"AllSkipped"},
          {skipped, to_hex(constructed_mac("pick/skipped2", 0, std::nullopt, true)), std::string(64, 'f')}, "macs");
  invalid("a 31-byte MAC", {"BadMac"}, {usable.substr(0, 62)}, "macs[0]");
  invalid("a 33-byte MAC", {"BadMac"}, {usable + "00"}, "macs[0]");
  invalid("a MAC of 63 hex digits", {"BadMac"}, {usable.substr(0, 63)}, "macs[0]");
  invalid("a MAC with 'x'", {"BadMac"}, {"x" + usable.substr(1)}, "macs[0]");
  invalid("an empty MAC string", {"BadMac"}, {""}, "macs[0]");
  invalid("a usable MAC, then a malformed one", {"BadMac"}, {usable, usable.substr(0, 60)}, "macs[1]");

  // Retry messages with the MAC of each (under a fixed server seed).
  const std::string seed_hex = server_seed("pick/message");
  auto message = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> seeds,
                     std::uint64_t roll, std::uint64_t retry) {
    c.valid("HmacDiceRetryMessage", std::move(comment), std::move(flags),
            {{"serverSeed", seed_hex}, {"clientSeeds", jstrs(seeds)}, {"roll", jint(roll)}, {"retry", jint(retry)}});
  };
  const std::vector<std::string> two = {client_seed("pick/a"), client_seed("pick/b")};
  for (std::uint64_t k = 0; k <= 3; ++k) message("two seeds, retry " + std::to_string(k), {"RetryMessage"}, two, 17, k);
  for (std::uint64_t k = 0; k <= 3; ++k)
    message("one seed, retry " + std::to_string(k), {"RetryMessage"}, {two[0]}, 5, k);
  message("retry 2 of roll 2^53 - 1", {"RetryMessage"}, two, hd::kMaxRoll, 2);
  message("retry 10", {"RetryMessage"}, two, 1, 10);
  message("retry 3 on a 128-character seed (the message's seed part is 131 characters)",
          {"RetryMessage", "RetryMessageLongSeed"}, {std::string(128, 'q')}, 1, 3);

  auto message_invalid = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> seeds,
                             std::int64_t roll, std::int64_t retry, std::string error) {
    c.invalid("HmacDiceRetryMessageInvalid", std::move(comment), std::move(flags),
              {{"clientSeeds", jstrs(seeds)}, {"roll", json::Value(roll)}, {"retry", json::Value(retry)}},
              std::move(error));
  };
  message_invalid("retry -1", {"RetryOutOfRange"}, two, 1, -1, "retry");
  message_invalid("roll 0", {"MessageBadInput"}, two, 0, 1, "roll");
  message_invalid("no client seed", {"MessageBadInput"}, {}, 1, 1, "clientSeeds");
  message_invalid("a client seed already ending in '+'", {"MessageBadInput"}, {two[0] + "+"}, 1, 0, "clientSeeds[0]");
  c.invalid("HmacDiceRetryMessageInvalid", "the roll number as a decimal string", {"RollAsString"},
            {{"clientSeeds", jstrs(two)}, {"roll", json::Value("17")}, {"retry", json::Value(std::int64_t{0})}},
            "roll");
  auto retry_typed = [&](std::string comment, std::string flag, json::Value retry) {
    c.invalid("HmacDiceRetryMessageInvalid", std::move(comment), {std::move(flag)},
              {{"clientSeeds", jstrs(two)}, {"roll", json::Value(std::int64_t{17})}, {"retry", std::move(retry)}},
              "retry");
  };
  retry_typed("retry as the JSON string \"1\"", "IntegerAsText", json::Value("1"));
  retry_typed("retry as the JSON number 1.0", "IntegralFloat", json::Value(1.0));
  retry_typed("retry as the JSON boolean true", "BooleanAsInteger", json::Value(true));
}

}  // namespace

void add_pick_flags(FlagLibrary& lib) {
  lib.flag({"OrdinaryPick", BugType::kBasic, "The first byte of macs[0] is accepted.", {"swapped-dice"}});
  lib.flag({"AcceptedByteBoundary", BugType::kBoundary,
            "Accepted bytes 0, 35, 36, 251 (251 is the largest kept); catches "
            "a skip rule of >= 251 or > 252, or a missing % 36."});
  lib.flag({"SkippedByteValues",
            BugType::kBoundary,
            "Each skipped value 252, 253, 254, 255 before the accepted byte; catches a "
            "skip rule that misses one of them.",
            {"accept-252", "accept-253", "accept-254", "accept-255"}});
  lib.flag({"SkippedBytesDeep", BugType::kEdgeCase,
            "4, 7 to 31 skipped bytes in one MAC (deeper than search reaches): "
            "catches a port that looks at only the first few bytes."});
  lib.flag({"LastByteOfMac",
            BugType::kEdgeCase,
            "Only byte 31 is accepted; catches an off-by-one at the MAC's end.",
            {"pick-31-bytes"}});
  lib.flag({"RetryDepth1",
            BugType::kEdgeCase,
            "macs[0] is all skipped; the roll comes from retry 1's MAC.",
            {"no-retries"}});
  lib.flag({"RetryDepth2",
            BugType::kEdgeCase,
            "macs[0] and macs[1] all skipped; the roll comes from retry 2.",
            {"no-retries"}});
  lib.flag({"RetryDepth3", BugType::kEdgeCase, "macs[0..2] all skipped; the roll comes from retry 3.", {"no-retries"}});
  lib.flag({"UnusedMacs", BugType::kEdgeCase, "More MACs than needed; the later ones must be ignored."});
  lib.flag({"NoMac", BugType::kMissingCheck, "An empty macs array.", {"pick-default-dice"}});
  lib.flag({"AllSkipped",
            BugType::kMissingCheck,
            "Every given MAC is all bytes >= 252: the next retry's MAC would be needed, "
            "which the op does not have; catches a port that wraps, returns a default "
            "or loops.",
            {"pick-wraps"}});
  lib.flag({"BadMac", BugType::kMissingCheck,
            "A MAC that is not 32 bytes of hex (31 or 33 bytes, odd length, a non-hex "
            "character), even after a usable MAC: every given MAC must be well formed."});
  lib.flag({"RetryMessage",
            BugType::kEncoding,
            "The message of retry k: k '+' appended to the last client seed (\"c1:c2++:n\", "
            "\"c1+++:n\"), with its MAC; catches '+' on the wrong seed, after the roll "
            "number, or a count instead of repeated '+'.",
            {"plus-on-first-seed", "plus-after-roll", "zero-based-rolls"}});
  lib.flag({"RetryMessageLongSeed", BugType::kBoundary,
            "Retries on a 128-character seed: the retry suffix may take the seed "
            "past 128 characters, which is allowed; catches re-validating it."});
  lib.flag({"RetryOutOfRange", BugType::kMissingCheck, "A negative retry count."});
  lib.flag({"MessageBadInput", BugType::kMissingCheck, "The message op with an invalid client seed or roll number."});
  lib.flag({"RollAsString",
            BugType::kMissingCheck,
            "The roll number as a JSON string (\"17\"): a port must reject it, naming roll; catches a port that "
            "takes a decimal string for an integer.",
            {"string-as-integer"}});
}

VectorKind pick_vector_kind() {
  return catalog_kind({
      "hmac_dice_pick_test.json",
      {"hmac-dice-v1 picks over given MACs: macs[k] is the MAC of retry k; the roll is the first",
       "byte < 252 scanning macs[0] byte 0..31, then macs[1], … The MACs are constructed, since a",
       "whole skipped MAC (about 2^-192) is never found by search. Then the exact retry messages:",
       "retry k appends k '+' to the last client seed, with the MAC of that message."},
      library().pick({"OrdinaryPick",      "AcceptedByteBoundary",
                      "SkippedByteValues", "SkippedBytesDeep",
                      "LastByteOfMac",     "RetryDepth1",
                      "RetryDepth2",       "RetryDepth3",
                      "UnusedMacs",        "NoMac",
                      "AllSkipped",        "BadMac",
                      "RetryMessage",      "RetryMessageLongSeed",
                      "RetryOutOfRange",   "MessageBadInput",
                      "RollAsString",      "IntegerAsText",
                      "IntegralFloat",     "BooleanAsInteger"}),
      {{.type = "HmacDicePick", .call = {"hmac_dice.pick"}, .fields = outputs({"dice", "retry", "index", "byte"})},
       {.type = "HmacDicePickInvalid", .call = {"hmac_dice.pick"}},
       {.type = "HmacDiceRetryMessage", .call = {"hmac_dice.message"}, .fields = outputs({"message", "mac"})},
       {.type = "HmacDiceRetryMessageInvalid", .call = {"hmac_dice.message"}}},
      pick_cases,
  });
}

}  // namespace fairvec::vectors::hmac_dice_vec
