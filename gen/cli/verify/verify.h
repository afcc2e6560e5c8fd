// `fairvec verify`: entry point of the offline verifier (README.md, "fairvec verify").
#pragma once

#include <string>
#include <vector>

namespace fairvec::cli::verify {

// run_verify runs `fairvec verify ARGS…` (|args| without "verify"); |alias| is "dice" or "tavla"
// for the old `verify-dice` / `verify-tavla` names, else empty. It prints the report (or, with
// --json, one JSON object on stdout, also for bad input and unreadable files) and returns the exit
// code: 0 verified, partial or unchecked; 1 mismatch; 2 bad input; 3 unreadable file; 5 internal.
// It does not throw.
int run_verify(const std::vector<std::string>& args, const std::string& alias);

}  // namespace fairvec::cli::verify
