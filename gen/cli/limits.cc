// `fairvec limits` and the limits table (cli/limits.h).
#include "cli/limits.h"

#include <cstdio>
#include <iostream>
#include <memory>

#include "check/patterns.h"
#include "check/process.h"
#include "cli/commands.h"
#include "cli/verify/forms.h"
#include "core/files.h"
#include "port/protocol.h"
#include "schemes/canonical_json.h"
#include "schemes/cursor.h"
#include "schemes/hmac_dice.h"
#include "schemes/tavla_proof.h"
#include "search/chunked.h"

namespace fairvec::cli {

const std::vector<Limit>& limits() {
  static const std::vector<Limit> table = {
      {"portRequestLineBytes", json::kMaxTextBytes, "bytes",
       "a port request line (a longer one is answered `bad_input` with `id` null without being kept; the port goes on "
       "serving)",
       "`port::serve`, `json::kMaxTextBytes`"},
      {"portReplyLineBytes", port::kMaxReplyBytes, "bytes",
       "a port reply line: check-port reads none longer (a port failure), `fairvec port` writes none longer (a request "
       "whose reply would be longer is answered `bad_input`); the ops' bounds keep their largest replies below it",
       "`port::kMaxReplyBytes` (= `json::kMaxTextBytes`)"},
      {"poolHopUnits", cursor::kMaxPoolUnits, "units", "the units of one `cursor.pool_hop` request",
       "`cursor::kMaxPoolUnits`"},
      {"canonicalJsonHexBytes", canonical_json::kMaxHexTextBytes, "bytes",
       "the JSON text of one `canonical_json.hex` request (its reply carries the canonical text twice)",
       "`canonical_json::kMaxHexTextBytes`"},
      {"fileBytes", kMaxFileBytes, "bytes",
       "a vector file, schema or any file read whole (checked from its size before reading)",
       "`read_file`, `kMaxFileBytes`"},
      {"proofFileBytes", tavla::kMaxProofBytes, "bytes", "a tavla proof file", "`tavla::kMaxProofBytes`"},
      {"textBytes", hmac_dice::kMaxTextBytes, "bytes",
       "a check-page link, or recorded rolls given as text or as `--recorded-file` (a command-line value is also "
       "bounded by Linux to 128 KiB)",
       "the hmac-dice parsers, `hmac_dice::kMaxTextBytes`"},
      {"jsonOptionBytes", verify::kMaxJsonOptionBytes, "bytes", "the JSON text of `verify` `--options` / `--outcome`",
       "`verify::kMaxJsonOptionBytes`"},
      {"expectListBytes", check::kMaxExpectListBytes, "bytes", "a check-port `--expect` file",
       "`check::kMaxExpectListBytes`"},
      {"checkpointBytes", search::kMaxCheckpointBytes, "bytes", "a `fairvec search --checkpoint` file",
       "`search::kMaxCheckpointBytes`"},
      {"checkpointSeconds", search::kMaxCheckpointSeconds, "seconds",
       "the `seconds` a `fairvec search --checkpoint` file says were spent", "`search::kMaxCheckpointSeconds`"},
      {"jsonBudgetMultiple", json::kBudgetMultiple, "x",
       "parsing a JSON text of n bytes takes at most jsonBudgetMultiple × n + jsonBudgetSlackBytes beyond the text "
       "(the memory rule below)",
       "`json::scan`, `json::kBudgetMultiple`"},
      {"jsonBudgetSlackBytes", json::kBudgetSlack, "bytes", "the constant part of the memory rule",
       "`json::kBudgetSlack`"},
      {"jsonDepth", json::kMaxDepth, "levels", "nesting of any JSON text (the root container is level 1)",
       "`json::kMaxDepth`"},
      {"canonicalJsonDepth", canonical_json::kMaxDepth, "levels",
       "nesting of a canonical-JSON text (proof files, settings)", "`canonical_json::kMaxDepth`"},
      {"matchRolls", hmac_dice::kMaxMatchRolls, "rolls", "rolls of one match (a link, a listing, `--rolls`)",
       "`hmac_dice::kMaxMatchRolls`"},
      {"matchBytesPerRoll", hmac_dice::kMatchBytesPerRoll, "bytes",
       "peak memory of a match per roll (measured by the hostile suite, not enforced while running)",
       "`hmac_dice::kMatchBytesPerRoll`"},
      {"matchBytes", hmac_dice::kMatchBytesPerRoll * hmac_dice::kMaxMatchRolls, "bytes",
       "peak memory of the largest match (matchBytesPerRoll × matchRolls)", "derived"},
      {"crashGames", verify::kMaxCrashCount, "games", "games listed by `verify crash`", "`verify::kMaxCrashCount`"},
      {"crashWalkLinks", verify::kMaxWalk, "links", "the most `verify crash --max-walk` may allow",
       "`verify::kMaxWalk`"},
      {"crashWalkDefaultLinks", verify::kDefaultMaxWalk, "links",
       "links `verify crash` walks to `--terminating` by default", "`verify::kDefaultMaxWalk`"},
      {"processMemoryBytes", kProcessMemoryBytes, "bytes",
       "the address space every input of the hostile suite runs within, and the peak resident memory `fairvec bench` "
       "allows",
       "`cli::kProcessMemoryBytes`"},
  };
  return table;
}

json::Value limits_json() {
  json::Object o;
  for (const Limit& l : limits()) o.emplace_back(l.name, json::Value(static_cast<std::int64_t>(l.value)));
  return json::Value(std::move(o));
}

namespace {

// grouped returns |v| with thousands separators.
std::string grouped(std::uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

std::string shown(const Limit& l) {
  const std::string unit = l.unit;
  if (unit == "x") return std::to_string(l.value) + " ×";
  if (unit != "bytes") return grouped(l.value) + " " + unit;
  std::string s = grouped(l.value) + " bytes";
  if (l.value % (1u << 20) == 0) return s + " (" + std::to_string(l.value >> 20) + " MiB)";
  if (l.value >= (1u << 20)) {
    char mib[32];
    std::snprintf(mib, sizeof mib, " (%.1f MiB)", static_cast<double>(l.value) / (1u << 20));
    return s + mib;
  }
  if (l.value % 1024 == 0) return s + " (" + std::to_string(l.value >> 10) + " KiB)";
  return s;
}

}  // namespace

std::string limits_table() {
  std::string t =
      "| limit (`fairvec limits --json`) | bounds | largest accepted | where enforced |\n|---|---|---|---|\n";
  for (const Limit& l : limits()) {
    t += "| `" + std::string(l.name) + "` | " + l.input + " | " + shown(l) + " | " + l.where + " |\n";
  }
  return t;
}

void add_limits_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("limits",
                                 "List every input bound (--json: {name: value}; specs/README.md, \"Memory budget\")");
  auto json_out = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json_out, "Print {name: value} for every bound");
  cmd->callback([&action, json_out] {
    action = [json_out] {
      if (*json_out) {
        std::cout << json::to_pretty(limits_json());
        return 0;
      }
      for (const Limit& l : limits()) std::cout << l.name << " = " << shown(l) << ": " << l.input << "\n";
      return 0;
    };
  });
}

}  // namespace fairvec::cli
