// Command-line arguments as CLI11 should see them.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace fairvec::cli {

// explicit_empty_values returns argv[1..argc) in the reversed order CLI11's App::parse(vector)
// expects, with one change: an argument "--name=" (nothing after the '=') naming an option of
// |app| (or of the subcommand chosen before it) that takes a value becomes the two arguments
// "--name" and "". CLI11 2.1 reads "--name=" as a bare "--name" and takes the NEXT argument as
// its value ("--client= --json" gave the client seed "--json"); split like this, a text option
// receives an empty value, which its own validation accepts or rejects. An empty value for any
// other type (a number, which CLI11 would read as 0) throws CLI::ValidationError naming the option
// (bad input, exit 2). Flags, unknown names and everything after "--" pass unchanged. Use:
// app.parse(explicit_empty_values(app, argc, argv)) inside the try that catches CLI::ParseError.
[[nodiscard]] std::vector<std::string> explicit_empty_values(CLI::App& app, int argc, const char* const* argv);

// end_of_options returns the index in argv of the "--" that ends the options of the subcommand
// |name| of |app| (`fairvec check-port [opts] -- CMD ARGS...`), or argc when there is none: when
// |name| is not the subcommand chosen, or the first "--" belongs to another command. Subcommands
// are found as explicit_empty_values finds them. A "--" right after an option of that subcommand
// that takes a value ("--json --") is the option's value, as CLI11 reads it; this assumes each of
// its options takes at most one value per occurrence (no option eats several words). The words
// after the "--" are for the caller to take verbatim: CLI11 2.1 would split "[1,2,3]" into three
// values and drop "[]". Use: parse explicit_empty_values(app, end, argv), words argv[end + 1..argc).
[[nodiscard]] int end_of_options(CLI::App& app, int argc, const char* const* argv, const std::string& name);

}  // namespace fairvec::cli
