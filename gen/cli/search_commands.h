// The subcommands of `fairvec search` that live in their own files: `search merge` (combine the
// stored results of shards, cli/search_merge.cc) and `search estimate` (planning figures,
// cli/search_estimate.cc). Each registers itself on the `search` subcommand |search|; when chosen,
// its callback stores in |action| the function to run (cli/commands.h).
#pragma once

#include "cli/commands.h"

namespace fairvec::cli {

void add_search_merge_command(CLI::App& search, Action& action);
void add_search_estimate_command(CLI::App& search, Action& action);

}  // namespace fairvec::cli
