// The sub-forms of `fairvec verify` (README.md, "fairvec verify"). Each declares its options and
// turns parsed arguments into a Report; each throws InputError (exit 2) naming the option and, where
// there is one, the position of the first bad character, and IoError (exit 3) for unreadable files.
#pragma once

#include <string>
#include <vector>

#include "cli/verify/args.h"
#include "cli/verify/report.h"
#include "schemes/tavla_proof.h"

namespace fairvec::cli::verify {

// Limits (README.md, "Limits"): larger inputs are bad input (exit 2), never read whole.
using tavla::kMaxProofBytes;                               // a tavla proof file (schemes/tavla_proof.h)
inline constexpr std::size_t kMaxJsonOptionBytes = 65536;  // --options / --outcome text
inline constexpr std::uint64_t kMaxCrashCount = 100000;    // games listed by verify crash
inline constexpr std::uint64_t kDefaultMaxWalk = 10000000;  // links walked to --terminating
inline constexpr std::uint64_t kMaxWalk = 100000000;        // the most --max-walk may allow

struct Form {
  std::string name;
  std::vector<OptionSpec> options;  // besides --json, --lang, --backend, --help
  Report (*run)(const Args& args, const Context& ctx);
};

Report run_dice(const Args& args, const Context& ctx);    // verify/dice.cc
Report run_tavla(const Args& args, const Context& ctx);   // verify/tavla.cc
Report run_cursor(const Args& args, const Context& ctx);  // verify/cursor_keno.cc
Report run_keno(const Args& args, const Context& ctx);    // verify/cursor_keno.cc
Report run_crash(const Args& args, const Context& ctx);   // verify/crash.cc

// forms lists every sub-form with its options. It cannot fail.
const std::vector<Form>& forms();

// single returns the one value of a value option, or nullopt when absent; it throws InputError
// naming --|name| when the value is empty and |allow_empty| is false.
[[nodiscard]] std::optional<std::string> single(const Args& args, const std::string& name, bool allow_empty = false);

// required returns the non-empty value of --|name|. Throws InputError naming --|name| when it is
// missing or empty.
[[nodiscard]] std::string required(const Args& args, const std::string& name);

// no_positionals throws InputError naming the first positional argument when there are more than
// |allowed|. 
void no_positionals(const Args& args, std::size_t allowed);

}  // namespace fairvec::cli::verify
