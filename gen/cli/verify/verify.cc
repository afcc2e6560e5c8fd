#include "cli/verify/verify.h"

#include <filesystem>
#include <iostream>
#include <set>
#include <stdexcept>

#include <rapidjson/document.h>

#include "cli/verify/forms.h"
#include "core/errors.h"
#include "core/families.h"
#include "core/json.h"

namespace fairvec::cli::verify {

const std::vector<Form>& forms() {
  static const std::vector<Form> kForms = [] {
    std::vector<Form> out;
    for (const auto& f : family_forms()) {
      out.push_back(f.form());
      const Family* family = family_by_id(f.family);
      if (!family || out.back().name != family->verify) {
        throw std::logic_error(std::string("verify: family ") + f.family +
                               "'s form is not the one gen/families.json names");
      }
    }
    return out;
  }();
  return kForms;
}

std::optional<std::string> single(const Args& args, const std::string& name, bool allow_empty) {
  auto v = args.value(name);
  if (v && v->empty() && !allow_empty) {
    throw InputError("--" + name, "is empty (--" + name + "= gives an empty value; leave the option out instead)");
  }
  return v;
}

std::string required(const Args& args, const std::string& name) {
  auto v = single(args, name);
  if (!v) throw InputError("--" + name, "missing");
  return *v;
}

void no_positionals(const Args& args, std::size_t allowed) {
  if (args.positionals.size() > allowed) {
    throw InputError(args.positionals[allowed], "unexpected argument (options start with --)");
  }
}

namespace {

// usage is `fairvec verify --help`: every sub-form's usage lines, in the families table's order.
std::string usage() {
  std::string out;
  for (const Form& f : forms()) {
    if (f.usage.empty()) throw std::logic_error("verify " + f.name + " has no usage lines");
    std::size_t indent = 0;
    for (const std::string& line : f.usage) {
      if (line.rfind("  ", 0) == 0) {
        out += std::string(indent, ' ') + line.substr(2) + "\n";
        continue;
      }
      const std::string head = (out.empty() ? "usage: " : "       ") + std::string("fairvec verify ") + f.name + " ";
      indent = head.size();
      out += head + line + "\n";
    }
  }
  return out +
         "       fairvec verify LINK | PROOF.json    (the sub-form is detected)\n"
         "common options: --json, --lang en|tr|ru|de|id, --backend openssl|cryptopp, --help\n"
         "exit: 0 verified (or partly/un-checked, as the verdict line says), 1 mismatch, 2 bad input, 3 "
         "unreadable\n";
}

// form_names is "dice, tavla, ...": the sub-forms, in the table's order.
std::string form_names() {
  std::string out;
  for (const Form& f : forms()) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

// looks_like_link tells whether |s| is a check-page link: a full URL, a path ending in /check/ or
// /check (specs/hmac-dice-v1.md §5 allows both) followed by a query or fragment, or bare ?… / #….
// A file path that merely contains "/check/" is not a link.
bool looks_like_link(const std::string& s) {
  const std::size_t data = s.find_first_of("?#");
  const std::string_view path = std::string_view(s).substr(0, data);
  const bool check_path = path.ends_with("/check/") || path.ends_with("/check");
  return s.rfind("http://", 0) == 0 || s.rfind("https://", 0) == 0 || (data != std::string::npos && check_path) ||
         s.rfind("?seed=", 0) == 0 || s.rfind("#v=", 0) == 0;
}

// detect picks the sub-form for `fairvec verify X …` when X is not a sub-form name: a link is dice,
// a tavla proof file is tavla; an existing file is read as a proof before anything is read as a
// link, so a proof under a directory named check/ is still a proof. Something that exists and is
// not a regular file (a FIFO, a directory, a device) is refused by read_bounded, IoError naming it.
// Throws InputError naming "FORM" otherwise (with a suggestion).
std::string detect(const std::string& first) {
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::status(first, ec))) {
    const std::string text = read_bounded(first, "PROOF", kMaxProofBytes);
    rapidjson::Document doc;
    try {
      json::parse(text, doc, "PROOF");
    } catch (const InputError&) {
      throw InputError("PROOF", "'" + first + "' is not JSON, so not a proof file");
    }
    if (doc.IsObject() && doc.HasMember("format") && doc["format"].IsString() &&
        std::string(doc["format"].GetString()) == "tavla-commit-proof") {
      return "tavla";
    }
    throw InputError("PROOF",
                     "'" + first + "' is not a tavla-commit-proof file (no \"format\": \"tavla-commit-proof\")");
  }
  if (looks_like_link(first)) return "dice";
  std::vector<std::string> names;
  for (const auto& f : forms()) names.push_back(f.name);
  const std::string near = suggest(first, names);
  throw InputError("FORM", "'" + first + "' is not a sub-form (" + form_names() + "), a link or a proof file" +
                               (near.empty() ? "" : "; did you mean " + near + "?"));
}

// first_positional returns the first argument that is neither an option nor an option's value
// (options of any sub-form), for detection. Throws InputError naming "FORM" when there is none.
std::string first_positional(const std::vector<std::string>& args) {
  std::set<std::string> takes_value = {"--lang", "--backend"};
  for (const auto& f : forms()) {
    for (const auto& o : f.options) {
      if (o.takes_value) takes_value.insert("--" + o.name);
    }
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") return i + 1 < args.size() ? args[i + 1] : "";
    if (args[i].rfind("--", 0) != 0) return args[i];
    if (takes_value.count(args[i])) ++i;
  }
  throw InputError("FORM", "missing: give a sub-form (dice, tavla, cursor, keno, crash), a link or a proof file");
}

// prescan finds --json and --lang before the real parse, so that even a command line that does
// not parse is answered in the right form and language.
void prescan(const std::vector<std::string>& args, bool& json_out, std::optional<std::string>& lang) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i] == "--json") json_out = true;
    if (args[i].rfind("--lang=", 0) == 0) lang = args[i].substr(7);
    if (args[i] == "--lang" && i + 1 < args.size()) lang = args[i + 1];
  }
}

}  // namespace

namespace {

int run_verify_in(const std::vector<std::string>& args_in, const std::string& alias) {
  bool as_json = false;
  std::optional<std::string> lang_flag;
  prescan(args_in, as_json, lang_flag);
  std::string code = "en";
  try {
    code = choose_lang(lang_flag);
  } catch (const InputError&) {
  }
  const Lang& L = Lang::get(code);
  std::string form_name = alias;
  auto fail = [&](const std::string& verdict, int exit_code, const std::string& field, std::optional<std::size_t> pos,
                  const std::string& message) {
    if (as_json) {  // stdout holds the one JSON object, and nothing else is printed
      std::cout << json::to_pretty(error_json(form_name, verdict, exit_code, field, pos, message));
      return exit_code;
    }
    std::cerr << L.t(verdict == "bad_input"    ? "error.bad_input"
                     : verdict == "unreadable" ? "error.unreadable"
                                               : "error.internal")
              << ": " << field << (pos ? " (" + L.t("error.position") + " " + std::to_string(*pos) + ")" : "") << ": "
              << message << "\n";
    return exit_code;
  };
  try {
    std::vector<std::string> args = args_in;
    if (form_name.empty()) {
      if (args.empty() || args[0] == "--help") {
        std::cout << usage();
        return args.empty() ? kExitBadInput : kExitOk;
      }
      bool named = false;
      for (const auto& f : forms()) named |= f.name == args[0];
      if (named) {
        form_name = args[0];
        args.erase(args.begin());
      } else {
        form_name = detect(first_positional(args));
      }
    }
    const Form* form = nullptr;
    for (const auto& f : forms()) {
      if (f.name == form_name) form = &f;
    }
    std::vector<OptionSpec> specs = form->options;
    specs.push_back({"json", false});
    specs.push_back({"lang"});
    specs.push_back({"backend"});
    specs.push_back({"help", false});
    const Args parsed = parse_args(args, specs);
    if (parsed.flag("help")) {
      std::cout << usage();
      return kExitOk;
    }
    (void)choose_lang(single(parsed, "lang"));  // bad --lang is bad input, named
    const std::string backend_name = single(parsed, "backend").value_or("openssl");
    const Backend* backend = backend_by_name(backend_name);
    if (!backend) throw InputError("--backend", "unknown backend '" + backend_name + "' (openssl, cryptopp)");
    const Report rep = form->run(parsed, Context{L, *backend, !as_json});
    if (as_json) {
      json::write_pretty(std::cout, report_json(rep));
    } else {
      print_text(std::cout, rep, L);
    }
    return exit_code_of(rep);
  } catch (const InputError& e) {
    return fail("bad_input", kExitBadInput, e.field(), e.position(), e.detail());
  } catch (const IoError& e) {
    return fail("unreadable", kExitIoError, "file", std::nullopt, e.what());
  } catch (const std::exception& e) {
    return fail("internal_error", kExitInternal, "fairvec", std::nullopt, e.what());
  }
}

}  // namespace

int run_verify(const std::vector<std::string>& args, const std::string& alias) {
  try {
    return run_verify_in(args, alias);
  } catch (const std::exception& e) {  // a defect outside the report path (e.g. an embedded catalog)
    std::cerr << "fairvec: internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace fairvec::cli::verify
