#include "cli/commands.h"

namespace fairvec::cli {

void add_verify_tavla_command(CLI::App& app, Action& action) { (void)app; (void)action; }

}  // namespace fairvec::cli
