// Subcommands of the fairvec CLI that live in their own files. Each add_*_command registers one
// subcommand on |app|; when the user picks it, its callback stores in |action| the function to run.
// main() runs that function and maps exceptions to exit codes: InputError -> 2, IoError -> 3,
// anything else -> 5 (core/errors.h).
#pragma once

#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace fairvec::cli {

using Action = std::function<int()>;

void add_generate_command(CLI::App& app, Action& action);  // cli/generate.cc
void add_check_command(CLI::App& app, Action& action);     // cli/check_command.cc
void add_port_command(CLI::App& app, Action& action);      // cli/check_command.cc
void add_diagnose_command(CLI::App& app, Action& action);  // cli/check_port.cc
void add_bench_command(CLI::App& app, Action& action);     // cli/bench.cc
void add_search_command(CLI::App& app, Action& action);    // cli/search.cc
void add_ops_command(CLI::App& app, Action& action);       // cli/ops_command.cc
void add_limits_command(CLI::App& app, Action& action);    // cli/limits.cc
void add_coverage_command(CLI::App& app, Action& action);  // cli/coverage.cc
void add_attest_command(CLI::App& app, Action& action);    // cli/attest.cc

// cli/check_port.cc. |port_command|: the words after check-port's "--", filled in before the
// command line is parsed (cli/args.h end_of_options); check-port's command line ends with them.
void add_check_port_command(CLI::App& app, Action& action, const std::vector<std::string>& port_command);

// run_generate writes every generated file (vector files, their schemas and transcripts,
// common.json, proofs, the manifest last; the tables of the specs in |specs|) atomically, or with
// |verify| compares each with the file on disk, naming the first differing line; |only| restricts
// it to those vector files. Returns 0 or 1 (a difference, a stray file); throws IoError (exit 3)
// and InputError (exit 2). cli/generate.cc.
int run_generate(const std::filesystem::path& out, const std::filesystem::path& specs, bool verify,
                 const std::set<std::string>& only);

// selected_files resolves --only globs over the vector files' names (check/patterns.h
// select_files): empty for no globs. Throws InputError (exit 2) for a glob that matches no file.
// cli/check_command.cc.
[[nodiscard]] std::set<std::string> selected_files(const std::vector<std::string>& globs);

}  // namespace fairvec::cli
