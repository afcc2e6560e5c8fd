// `fairvec ops`: the op table (ops/op_table.h) as a list or as one JSON document.
#include <iostream>

#include "cli/commands.h"
#include "core/json.h"
#include "ops/op_table.h"

namespace fairvec::cli {

void add_ops_command(CLI::App& app, Action& action) {
  auto* cmd =
      app.add_subcommand("ops", "List every port op (--json: params with kinds and schemas, results, examples)");
  auto json_out = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json_out, "Print the op table as one JSON document (specs/port-protocol.md)");
  cmd->callback([&action, json_out] {
    action = [json_out] {
      if (*json_out) {
        std::cout << json::to_pretty(ops::describe(ops::table()));
        return 0;
      }
      for (const auto& op : ops::table().ops()) {
        std::cout << op.name << (op.addition ? " (addition)" : "") << ": " << op.summary << "\n";
      }
      return 0;
    };
  });
}

}  // namespace fairvec::cli
