// `fairvec ops`: the op table (ops/op_table.h) as a list or as one JSON document, and the op
// reference that `fairvec generate` writes into specs/port-protocol.md.
#include <iostream>

#include "cli/commands.h"
#include "core/files.h"
#include "core/json.h"
#include "ops/op_docs.h"
#include "ops/op_table.h"

namespace fairvec::cli {

void add_ops_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("ops", "List every port op (--json: params with kinds and schemas, results, examples)");
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

void emit_op_reference(const std::filesystem::path& specs, const Emit& emit) {
  const std::filesystem::path file = specs / std::string(ops::kOpsSpec);
  emit(file, ops::splice_generated(read_file(file), ops::kOpsBegin, ops::kOpsEnd,
                                   ops::render_op_reference(ops::table()), file.string()));
}

}  // namespace fairvec::cli
