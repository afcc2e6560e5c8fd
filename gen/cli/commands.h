// Subcommands of the fairvec CLI that live in their own files. Each add_*_command registers one
// subcommand on |app|; when the user picks it, its callback stores in |action| the function to run.
// main() runs that function and maps exceptions to exit codes: InputError -> 2, IoError -> 3,
// anything else -> 5 (core/errors.h).
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace fairvec::cli {

using Action = std::function<int()>;

void add_check_port_command(CLI::App& app, Action& action);    // cli/check_port.cc
void add_bench_command(CLI::App& app, Action& action);         // cli/bench.cc
void add_search_command(CLI::App& app, Action& action);        // cli/search.cc
void add_ops_command(CLI::App& app, Action& action);           // cli/ops_command.cc


}  // namespace fairvec::cli
