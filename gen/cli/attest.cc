// `fairvec attest sign|verify` and the signatures of check-port --attest and --manifest-key
// (specs/attest.md).
#include "cli/attest.h"

#include <unistd.h>

#include <iostream>
#include <memory>
#include <sstream>
#include <string_view>
#include <vector>

#include "check/shipped.h"
#include "cli/commands.h"
#include "cli/external_tool.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "vectors/set_manifest.h"

namespace fs = std::filesystem;

namespace fairvec::cli {

namespace {

constexpr const char* kSshKeygen = "ssh-keygen";
// The principal of the allowed-signers line fairvec writes for the given key (ssh-keygen(1),
// ALLOWED SIGNERS): the key file names the signer, the principal only ties -I to that line.
constexpr const char* kPrincipal = "fairvec";
constexpr std::size_t kMaxKeyFileBytes = 64 * 1024;
constexpr std::size_t kMaxSignatureBytes = 64 * 1024;
constexpr std::string_view kSignatureArmour = "-----BEGIN SSH SIGNATURE-----";
// Signing may wait for a passphrase typed at the terminal; verifying never waits for anyone.
constexpr std::chrono::milliseconds kSignTimeout{300000}, kVerifyTimeout{60000};

const char* namespace_of(Signed kind) { return kind == Signed::kReport ? kReportNamespace : kManifestNamespace; }
const char* name_of(Signed kind) { return kind == Signed::kReport ? "a check-port report" : "a vector set's manifest"; }

// The last non-empty line of a tool's stderr: what it said when it refused.
std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string line, last;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) last = line;
  }
  return last.empty() ? "(nothing on stderr)" : last;
}

ToolRun ssh_keygen(const std::vector<std::string>& args, const fs::path& input, std::chrono::milliseconds timeout,
                   const std::optional<std::string>& fd3 = std::nullopt) {
  std::vector<std::string> argv{kSshKeygen};
  argv.insert(argv.end(), args.begin(), args.end());
  ToolRun run = run_tool(argv, input, timeout, fd3);
  if (!run.found) throw IoError("ssh-keygen is not on PATH (Debian: apt-get install openssh-client)");
  if (run.timed_out) {
    throw IoError("ssh-keygen did not finish in " + std::to_string(timeout.count() / 1000) + " s (killed)");
  }
  return run;
}

// allowed_signers turns a public key file (one or more `TYPE BASE64 [COMMENT]` lines, as
// ssh-keygen writes KEY.pub) into allowed-signers lines for |ns| only. Throws InputError naming
// |option|, the file and the line of a line that is no public key.
std::string allowed_signers(const fs::path& public_key, const char* ns, const std::string& option) {
  const std::string text = read_file(public_key, kMaxKeyFileBytes);
  std::istringstream in(text);
  std::string line, out;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const std::string at = option + " " + public_key.string() + ":" + std::to_string(n);
    std::istringstream words(line);
    std::string type, blob;
    words >> type >> blob;
    const bool known = type == "ssh-ed25519" || type == "ssh-rsa" || type.rfind("ecdsa-sha2-nistp", 0) == 0 ||
                       type == "sk-ssh-ed25519@openssh.com" || type == "sk-ecdsa-sha2-nistp256@openssh.com";
    if (!known) {
      throw InputError(at, "not an SSH public key: the line starts with '" + type.substr(0, 40) +
                               "', not a key type (ssh-ed25519, ecdsa-sha2-nistp256, ssh-rsa, ...); give KEY.pub");
    }
    if (blob.size() < 16 ||
        blob.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") !=
            std::string::npos) {
      throw InputError(at, "not an SSH public key: the key after '" + type + "' is not base64");
    }
    out += std::string(kPrincipal) + " namespaces=\"" + ns + "\" " + type + " " + blob + "\n";
  }
  if (out.empty()) throw InputError(option + " " + public_key.string(), "holds no public key line");
  return out;
}

// verify_signature checks |sig| over |file| against |public_key| in |kind|'s namespace. Prints
// ssh-keygen's verdict; returns true for a good signature.
bool verify_signature(const fs::path& public_key, const fs::path& file, const fs::path& sig, Signed kind,
                      const std::string& option) {
  const std::string signers = allowed_signers(public_key, namespace_of(kind), option);
  const std::string armour = read_file(sig, kMaxSignatureBytes);
  if (armour.compare(0, kSignatureArmour.size(), kSignatureArmour) != 0) {
    throw InputError(sig.string(), "not an SSH signature (it does not start with " + std::string(kSignatureArmour) +
                                       "; ssh-keygen -Y sign writes one)");
  }
  ::close(open_regular_file(file));  // IoError naming a missing file, or a FIFO run_tool would wait on
  const ToolRun run =
      ssh_keygen({"-Y", "verify", "-f", "/dev/fd/3", "-I", kPrincipal, "-n", namespace_of(kind), "-s", sig.string()},
                 file, kVerifyTimeout, signers);
  if (run.status == 0) {
    std::cout << "GOOD signature over " << file.string() << " (" << name_of(kind) << "): " << last_line(run.out)
              << "\n";
    return true;
  }
  // ssh-keygen says only "Could not verify signature." (on stdout) for each of the causes.
  std::cout << "BAD signature over " << file.string() << " (" << name_of(kind) << ", namespace " << namespace_of(kind)
            << ", key " << public_key.string()
            << "): ssh-keygen: " << last_line(run.err.empty() ? run.out : run.err + "\n" + run.out)
            << " The file changed after it was signed, or no key of " << public_key.string()
            << " made the signature, or it was made for another namespace.\n";
  return false;
}

int run_sign(const fs::path& key, const fs::path& file) {
  const Signed kind = signed_kind(file);
  sign_file(key, file, kind, "--key");
  std::cout << "signed " << file.string() << " (" << name_of(kind) << ", namespace " << namespace_of(kind)
            << "): " << file.string() << ".sig\n";
  return kExitOk;
}

int run_verify(const fs::path& public_key, const fs::path& file, const std::string& signature) {
  const Signed kind = signed_kind(file);
  if (kind == Signed::kManifest) {
    if (!signature.empty() && fs::path(signature) != fs::path(file.string() + ".sig")) {
      throw InputError("--signature", "a manifest's signature is " + file.string() + ".sig, beside it");
    }
    return verify_vector_set(public_key, file.parent_path().empty() ? fs::path(".") : file.parent_path(), "--key");
  }
  const fs::path sig = signature.empty() ? fs::path(file.string() + ".sig") : fs::path(signature);
  return verify_signature(public_key, file, sig, kind, "--key") ? kExitOk : kExitFailed;
}

}  // namespace

Signed signed_kind(const fs::path& file) {
  const std::string text = read_file(file);
  rapidjson::Document doc;
  json::parse(text, doc, file.string());
  const rapidjson::Value& root = doc;  // const iterators: clang 14 with RapidJSON compares only those
  if (root.IsObject()) {
    const auto schema = root.FindMember("schema");
    if (schema != root.MemberEnd() && schema->value.IsString() &&
        std::string_view(schema->value.GetString(), schema->value.GetStringLength()) ==
            "check_port_report_schema.json") {
      return Signed::kReport;
    }
  }
  try {
    (void)vectors::read_set_manifest(text);
  } catch (const InputError& e) {
    throw InputError(file.string(), std::string("neither a check-port --json report (its schema member) nor a vector "
                                                "set's MANIFEST.json (") +
                                        e.what() + ")");
  }
  if (file.filename() != vectors::kSetManifestName) {
    throw InputError(file.string(), std::string("a vector set's manifest is signed as ") + vectors::kSetManifestName +
                                        ", in the set's directory");
  }
  return Signed::kManifest;
}

void sign_file(const fs::path& key, const fs::path& file, Signed kind, const std::string& option) {
  ::close(open_regular_file(key));  // IoError naming a missing key file before ssh-keygen runs
  const ToolRun run = ssh_keygen({"-Y", "sign", "-f", key.string(), "-n", namespace_of(kind)}, file, kSignTimeout);
  if (run.status != 0 || run.out.compare(0, kSignatureArmour.size(), kSignatureArmour) != 0) {
    throw InputError(option, "ssh-keygen could not sign with " + key.string() + ": " + last_line(run.err));
  }
  write_file_atomic(file.string() + ".sig", run.out);
}

int verify_vector_set(const fs::path& public_key, const fs::path& dir, const std::string& option) {
  const fs::path manifest = dir / vectors::kSetManifestName;
  if (!verify_signature(public_key, manifest, dir / vectors::kSetSignatureName, Signed::kManifest, option)) {
    return kExitFailed;
  }
  std::vector<vectors::Failure> failures;
  const check::SetManifestCount set = check::check_set_manifest(dir, failures);
  for (const auto& f : failures) std::cout << "FAIL " << f.file << ": " << f.detail << "\n";
  std::cout << (failures.empty() ? "PASS" : "FAIL") << " vector set " << (set.read ? set.version : "(unreadable)")
            << ": " << set.files << " files, " << set.tests << " tests, each as the signed manifest lists it\n";
  return failures.empty() ? kExitOk : kExitFailed;
}

void add_attest_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("attest", "Sign and verify check-port reports and vector-set manifests (ssh-keygen)");
  cmd->require_subcommand(1);
  {
    auto* sign =
        cmd->add_subcommand("sign", "Sign a check-port --json report or a vector set's MANIFEST.json: FILE.sig");
    auto key = std::make_shared<std::string>();
    auto file = std::make_shared<std::string>();
    sign->add_option("--key", *key, "The private key (or KEY.pub with the private half in ssh-agent)")->required();
    sign->add_option("FILE", *file, "The report or MANIFEST.json")->required();
    sign->callback([&action, key, file] {
      action = [key, file] {  // InputError is the action's to throw (main.cc maps it to exit 2)
        if (key->empty()) throw InputError("--key", "empty; name a key file");
        if (file->empty()) throw InputError("FILE", "empty; name the report or MANIFEST.json");
        return run_sign(*key, *file);
      };
    });
  }
  {
    auto* verify = cmd->add_subcommand(
        "verify", "Verify FILE.sig against a public key; for MANIFEST.json also every file of the set");
    auto key = std::make_shared<std::string>();
    auto file = std::make_shared<std::string>();
    auto signature = std::make_shared<std::string>();
    verify->add_option("--key", *key, "The signer's public key file (KEY.pub: one or more key lines)")->required();
    verify->add_option("--signature", *signature, "The signature (default FILE.sig)");
    verify->add_option("FILE", *file, "The report or MANIFEST.json")->required();
    verify->callback([&action, key, file, signature, verify] {
      const bool signature_given = verify->count("--signature") > 0;
      action = [key, file, signature, signature_given] {
        if (key->empty()) throw InputError("--key", "empty; name a public key file");
        if (file->empty()) throw InputError("FILE", "empty; name the report or MANIFEST.json");
        if (signature_given && signature->empty()) throw InputError("--signature", "empty; name the signature file");
        return run_verify(*key, *file, *signature);
      };
    });
  }
}

}  // namespace fairvec::cli
