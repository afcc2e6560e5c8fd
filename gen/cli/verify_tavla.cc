// fairvec verify-tavla: check a tavla-commit-v1 proof file (specs/tavla-commit-v1.md, "Verifier").
// Exit 0: verified; 1: invalid proof (the first failing check is named); 2: bad input (malformed
// file or arguments, naming the field and position); 3: the file cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "schemes/tavla_proof.h"

namespace fairvec::cli {

namespace {

struct Options {
  std::string lang = "en";
  std::string expected;
  bool has_expected = false;
  bool json = false;
  std::string backend;
  std::string path;
};

struct Text {
  const char* verified;
  const char* invalid;
  const char* recomputed;
  const char* in_proof;
  const char* you_expected;
  const char* seal;
  const char* commitment;
  const char* rolls;
  const char* bad_input;
  const char* position;
};

const Text& text_for(const std::string& lang) {
  static const Text kEn{"Every roll checked: the proof is valid.",
                        "Invalid proof: the first failing check is",
                        "recomputed",
                        "in the proof",
                        "you expected",
                        "seal code",
                        "commitment",
                        "rolls checked",
                        "Bad input",
                        "position"};
  static const Text kTr{"Her atış kontrol edildi: kanıt geçerli.",
                        "Geçersiz kanıt: başarısız olan ilk kontrol",
                        "yeniden hesaplanan",
                        "kanıttaki",
                        "beklediğin",
                        "mühür kodu",
                        "taahhüt",
                        "kontrol edilen atış",
                        "Hatalı girdi",
                        "konum"};
  return lang == "tr" ? kTr : kEn;
}

int report_bad_input(const Options& o, const InputError& e) {
  if (o.json) {
    std::cout << json::to_pretty(json::Value::object(
        {{"verified", false},
         {"error", "bad_input"},
         {"field", e.field()},
         {"position", e.position() ? json::Value(static_cast<std::int64_t>(*e.position())) : json::Value()},
         {"message", e.detail()},
         {"exitCode", static_cast<int>(kExitBadInput)}}));
  } else {
    const Text& t = text_for(o.lang);
    std::cerr << t.bad_input << ": " << e.field();
    if (e.position()) std::cerr << " (" << t.position << " " << *e.position() << ")";
    std::cerr << ": " << e.detail() << "\n";
  }
  return kExitBadInput;
}

int run(const Options& o) {
  const Backend* backend = o.backend.empty() ? &default_backend() : backend_by_name(o.backend);
  if (!backend) throw InputError("--backend", "unknown backend '" + o.backend + "' (cryptopp, openssl)");
  std::string text = read_file(o.path);  // IoError: exit 3 (main)
  tavla::Verdict v;
  try {
    tavla::Expected expected;
    if (o.has_expected) expected = tavla::parse_expected_commitment(o.expected, "--expected-commitment");
    tavla::Proof proof = tavla::parse_proof(text);
    v = tavla::verify_proof(*backend, proof, expected);
  } catch (const InputError& e) {
    return report_bad_input(o, e);
  }
  int code = v.verified ? kExitOk : kExitFailed;
  if (o.json) {
    std::cout << json::to_pretty(json::Value::object(
        {{"verified", v.verified},
         {"failedCheck", v.verified ? json::Value() : json::Value(v.failed_check)},
         {"expected", v.verified ? json::Value() : json::Value(v.expected)},
         {"found", v.verified ? json::Value() : json::Value(v.found)},
         {"commitment", to_hex(v.commitment)},
         {"sealCode", v.seal_code},
         {"rollsChecked", json::Value(static_cast<std::int64_t>(v.rolls_checked))},
         {"exitCode", code}}));
    return code;
  }
  const Text& t = text_for(o.lang);
  if (v.verified) {
    std::cout << t.verified << "\n"
              << "  " << t.seal << ": " << v.seal_code << "\n"
              << "  " << t.commitment << ": " << to_hex(v.commitment) << "\n"
              << "  " << t.rolls << ": " << v.rolls_checked << "\n";
  } else {
    std::cout << t.invalid << " " << v.failed_check << "\n"
              << "  " << t.recomputed << ": " << v.expected << "\n"
              << "  " << (v.failed_check == "expectedCommitment" ? t.you_expected : t.in_proof) << ": "
              << v.found << "\n";
  }
  return code;
}

}  // namespace

void add_verify_tavla_command(CLI::App& app, Action& action) {
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("verify-tavla", "Verify a tavla-commit-v1 proof file (exit 0 verified, 1 invalid proof, 2 bad input)");
  cmd->add_option("--lang", opts->lang, "Language of the messages: tr or en")
      ->check(CLI::IsMember({"tr", "en"}))
      ->capture_default_str();
  auto* expected = cmd->add_option("--expected-commitment", opts->expected,
                                   "The commitment seen before the game: 64 hex digits or a seal code (XXXX-XXXX)");
  cmd->add_flag("--json", opts->json, "Machine-readable output on stdout");
  cmd->add_option("--backend", opts->backend, "Crypto backend: cryptopp or openssl (default openssl)");
  cmd->add_option("PROOF", opts->path, "The proof file (.json)")->required();
  cmd->callback([opts, expected, &action] {
    opts->has_expected = expected->count() > 0;
    action = [opts] { return run(*opts); };
  });
}

}  // namespace fairvec::cli
