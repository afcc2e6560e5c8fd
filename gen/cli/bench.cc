#include "cli/commands.h"

namespace fairvec::cli {

void add_bench_command(CLI::App& app, Action& action) { (void)app; (void)action; }

}  // namespace fairvec::cli
