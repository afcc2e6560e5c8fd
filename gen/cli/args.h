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

}  // namespace fairvec::cli
