#include "cli/args.h"

#include <algorithm>

namespace fairvec::cli {

std::vector<std::string> explicit_empty_values(CLI::App& app, int argc, const char* const* argv) {
  std::vector<std::string> out;
  CLI::App* context = &app;
  bool positional = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (positional || arg == "--") {
      positional = true;
      out.push_back(std::move(arg));
      continue;
    }
    {  // a subcommand, or a subcommand of the one chosen (`search merge`)
      auto subs = context->get_subcommands([&](CLI::App* s) { return s->check_name(arg); });
      if (!subs.empty()) context = subs.front();
    }
    if (arg.size() > 3 && arg.compare(0, 2, "--") == 0 && arg.find('=') == arg.size() - 1) {
      std::string name = arg.substr(0, arg.size() - 1);
      const CLI::Option* opt = nullptr;
      for (const CLI::App* c = context; c && !opt; c = c->get_parent()) opt = c->get_option_no_throw(name);
      if (opt && opt->get_items_expected_max() > 0) {
        // CLI11 reads an empty number as 0: only text options may be empty.
        if (opt->get_type_name().rfind("TEXT", 0) != 0) {
          throw CLI::ValidationError(name, "an empty value; this option needs a value of type " + opt->get_type_name());
        }
        out.push_back(std::move(name));
        out.emplace_back();
        continue;
      }
    }
    out.push_back(std::move(arg));
  }
  std::reverse(out.begin(), out.end());
  return out;
}

int end_of_options(CLI::App& app, int argc, const char* const* argv, const std::string& name) {
  CLI::App* context = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--") return context != &app && context->get_name() == name ? i : argc;
    auto subs = context->get_subcommands([&](CLI::App* s) { return s->check_name(arg); });
    if (!subs.empty()) {
      context = subs.front();
      continue;
    }
    // "--name" or "-n" without an attached value: an option that takes one takes the next word.
    const bool long_name = arg.size() > 2 && arg.compare(0, 2, "--") == 0 && arg.find('=') == std::string::npos;
    const bool short_name = arg.size() == 2 && arg[0] == '-' && arg[1] != '-';
    if (context == &app || context->get_name() != name || (!long_name && !short_name)) continue;
    const CLI::Option* opt = nullptr;
    for (const CLI::App* c = context; c && !opt; c = c->get_parent()) opt = c->get_option_no_throw(arg);
    if (opt && std::min(opt->get_type_size_min(), opt->get_items_expected_min()) > 0) ++i;
  }
  return argc;
}

}  // namespace fairvec::cli
