// hmac_dice_pick_test.json (specs/hmac-dice-v1.md, "Vector files"): dice over given MACs with `+`
// retry messages, including MACs that search cannot reach.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "vectors/hmac_dice_common.h"
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

json::Value generate_pick() {
  VectorFileBuilder b(kAlgorithm, "hmac_dice_pick_schema.json",
                      {"hmac-dice-v1 picks over given MACs: macs[k] is the MAC of retry k; the roll is the first",
                       "byte < 252 scanning macs[0] byte 0..31, then macs[1], … The MACs are constructed, since a",
                       "whole skipped MAC (about 2^-192) is never found by search. Then the exact retry messages:",
                       "retry k appends k '+' to the last client seed, with the MAC of that message."});
  b.note("OrdinaryPick", "BASIC", "The first byte of macs[0] is accepted.");
  b.note("AcceptedByteBoundary", "BOUNDARY", "Accepted bytes 0, 35, 36, 251 (251 is the largest kept); catches "
                                             "a skip rule of >= 251 or > 252, or a missing % 36.");
  b.note("SkippedByteValues", "BOUNDARY", "Each skipped value 252, 253, 254, 255 before the accepted byte; catches a "
                                          "skip rule that misses one of them.");
  b.note("SkippedBytesDeep", "EDGE_CASE", "4, 8, 16 and 31 skipped bytes in one MAC (deeper than search reaches): "
                                          "catches a port that looks at only the first few bytes.");
  b.note("LastByteOfMac", "EDGE_CASE", "Only byte 31 is accepted; catches an off-by-one at the MAC's end.");
  b.note("RetryDepth1", "EDGE_CASE", "macs[0] is all skipped; the roll comes from retry 1's MAC.");
  b.note("RetryDepth2", "EDGE_CASE", "macs[0] and macs[1] all skipped; the roll comes from retry 2.");
  b.note("RetryDepth3", "EDGE_CASE", "macs[0..2] all skipped; the roll comes from retry 3.");
  b.note("UnusedMacs", "EDGE_CASE", "More MACs than needed; the later ones must be ignored.");
  b.note("NoMac", "MISSING_CHECK", "An empty macs array.");
  b.note("AllSkipped", "MISSING_CHECK", "Every given MAC is all bytes >= 252: the next retry's MAC would be needed, "
                                        "which the op does not have; catches a port that wraps, returns a default "
                                        "or loops.");
  b.note("BadMac", "MISSING_CHECK", "A MAC that is not 32 bytes of hex (31 or 33 bytes, odd length, a non-hex "
                                    "character), even after a usable MAC: every given MAC must be well formed.");
  b.note("RetryMessage", "ENCODING", "The message of retry k: k '+' appended to the last client seed (\"c1:c2++:n\", "
                                     "\"c1+++:n\"), with its MAC; catches '+' on the wrong seed, after the roll "
                                     "number, or a count instead of repeated '+'.");
  b.note("RetryMessageLongSeed", "BOUNDARY", "Retries on a 128-character seed: the retry suffix may take the seed "
                                             "past 128 characters, which is allowed; catches re-validating it.");
  b.note("RetryOutOfRange", "MISSING_CHECK", "A negative retry count.");
  b.note("MessageBadInput", "MISSING_CHECK", "The message op with an invalid client seed or roll number.");

  b.group({{"type", "HmacDicePick"}});
  auto add = [&](std::string comment, std::vector<std::string> flags, std::vector<Digest> macs) {
    hd::Pick p = hd::pick(macs);
    json::Array hex;
    for (const auto& m : macs) hex.emplace_back(to_hex(m));
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"macs", json::Value(std::move(hex))},
           {"dice", jdice(p.dice)},
           {"retry", jint(p.retry)},
           {"index", jint(p.index)},
           {"byte", jint(p.byte)}});
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
    add("byte 0 = " + std::to_string(v) + " is skipped, byte 1 = 251 is used", {"SkippedByteValues", "AcceptedByteBoundary"}, {d});
  }
  for (std::size_t depth : {4, 8, 16}) {
    add(std::to_string(depth) + " skipped bytes in retry 0", {"SkippedBytesDeep"},
        {constructed_mac("pick/deep/" + std::to_string(depth), depth, std::nullopt)});
  }
  add("31 skipped bytes: only byte 31 is accepted", {"SkippedBytesDeep", "LastByteOfMac"},
      {constructed_mac("pick/deep/31", 31, std::nullopt)});
  for (std::size_t k = 1; k <= 3; ++k) {
    std::vector<Digest> macs;
    for (std::size_t j = 0; j < k; ++j) macs.push_back(constructed_mac("pick/retry" + std::to_string(k) + "/" + std::to_string(j), 0, std::nullopt, true));
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

  b.group({{"type", "HmacDicePickInvalid"}});
  auto invalid = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> macs, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid, {{"macs", jstrs(macs)}, {"error", std::move(error)}});
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
  b.group({{"type", "HmacDiceRetryMessage"}});
  const std::string seed_hex = server_seed("pick/message");
  const Bytes key = hd::parse_server_seed(seed_hex);
  auto message = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> seeds,
                     std::uint64_t roll, std::uint64_t retry) {
    std::string m = hd::message(seeds, roll, retry);
    b.add(std::move(comment), std::move(flags), Result::kValid,
          {{"serverSeed", seed_hex},
           {"clientSeeds", jstrs(seeds)},
           {"roll", jint(roll)},
           {"retry", jint(retry)},
           {"message", m},
           {"mac", to_hex(gen().hmac_sha256(key, as_bytes(m)))}});
  };
  const std::vector<std::string> two = {client_seed("pick/a"), client_seed("pick/b")};
  for (std::uint64_t k = 0; k <= 3; ++k) message("two seeds, retry " + std::to_string(k), {"RetryMessage"}, two, 17, k);
  for (std::uint64_t k = 0; k <= 3; ++k) message("one seed, retry " + std::to_string(k), {"RetryMessage"}, {two[0]}, 5, k);
  message("retry 2 of roll 2^53 - 1", {"RetryMessage"}, two, hd::kMaxRoll, 2);
  message("retry 10", {"RetryMessage"}, two, 1, 10);
  message("retry 3 on a 128-character seed (the message's seed part is 131 characters)",
          {"RetryMessage", "RetryMessageLongSeed"}, {std::string(128, 'q')}, 1, 3);

  b.group({{"type", "HmacDiceRetryMessageInvalid"}});
  auto message_invalid = [&](std::string comment, std::vector<std::string> flags, std::vector<std::string> seeds,
                             std::int64_t roll, std::int64_t retry, std::string error) {
    b.add(std::move(comment), std::move(flags), Result::kInvalid,
          {{"clientSeeds", jstrs(seeds)}, {"roll", json::Value(roll)}, {"retry", json::Value(retry)}, {"error", std::move(error)}});
  };
  message_invalid("retry -1", {"RetryOutOfRange"}, two, 1, -1, "retry");
  message_invalid("roll 0", {"MessageBadInput"}, two, 0, 1, "roll");
  message_invalid("no client seed", {"MessageBadInput"}, {}, 1, 1, "clientSeeds");
  message_invalid("a client seed already ending in '+'", {"MessageBadInput"}, {two[0] + "+"}, 1, 0, "clientSeeds[0]");
  return b.build();
}

std::vector<Digest> macs_of(const TestRef& t) {
  std::vector<std::string> hex = json::get_string_array(t.test, "macs", t.path);
  std::vector<Digest> macs;
  for (std::size_t i = 0; i < hex.size(); ++i) macs.push_back(digest_from_hex(hex[i], "macs[" + std::to_string(i) + "]"));
  return macs;
}

std::string check_pick(const TestRef& t, const Backend&) {
  hd::Pick p = hd::pick(macs_of(t));
  return first_failure({expect_member(t, "dice", jdice(p.dice)), expect_member(t, "retry", jint(p.retry)),
                        expect_member(t, "index", jint(p.index)), expect_member(t, "byte", jint(p.byte))});
}

// message_of reads a retry-message test's client seeds, roll and retry and returns the message.
// Throws InputError naming the bad input.
std::string message_of(const TestRef& t) {
  auto seeds = json::get_string_array(t.test, "clientSeeds", t.path);
  hd::validate_client_seeds(seeds);
  auto roll = hd::roll_from_json(json::member(t.test, "roll", t.path));
  const auto& r = json::member(t.test, "retry", t.path);
  if (!r.IsUint64()) throw InputError("retry", "must be an integer >= 0");
  return hd::message(seeds, roll, r.GetUint64());
}

std::string check_message(const TestRef& t, const Backend& backend) {
  const std::string m = message_of(t);
  return first_failure({expect_eq("message", test_string(t, "message"), m),
                        expect_eq("mac", test_string(t, "mac"),
                                  to_hex(backend.hmac_sha256(hd::parse_server_seed(test_string(t, "serverSeed")), as_bytes(m))))});
}

std::vector<PortCall> pick_calls(const TestRef& t) { return {call_of(t, "hmac_dice.pick", {"macs"}, {"dice", "retry", "index"})}; }

std::vector<PortCall> message_calls(const TestRef& t) {
  return {call_of(t, "hmac_dice.message", {"clientSeeds", "roll", "retry"}, {"message"})};
}

}  // namespace

VectorKind pick_vector_kind() {
  return group_kind(
      "hmac_dice_pick_test.json", "hmac_dice_pick_schema.json", generate_pick,
      {{"HmacDicePick", check_pick, pick_calls},
       {"HmacDicePickInvalid",
        rejects([](const TestRef& t, const Backend&) { (void)hd::pick(macs_of(t)); }),
        pick_calls},
       {"HmacDiceRetryMessage", check_message, message_calls},
       {"HmacDiceRetryMessageInvalid",
        rejects([](const TestRef& t, const Backend&) { (void)message_of(t); }),
        message_calls}});
}

}  // namespace fairvec::vectors::hmac_dice_vec
