// roll: derives every valid roll of the installed vectors/hmac_dice_roll_test.json with
// fairvec::core and compares the dice with the file's. Usage: roll [--plant] [VECTORS_DIR]
// (default: fairvec_VECTORS_DIR from find_package). --plant derives roll n + 1 instead of n, so
// the comparison must fail. Exit 0 when at least one roll was compared and all agree, 1 otherwise.
#include <cstdio>
#include <string>
#include <vector>

#include "core/crypto.h"
#include "core/errors.h"
#include "core/files.h"
#include "core/json.h"
#include "core/version.h"
#include "schemes/hmac_dice.h"

using namespace fairvec;

int main(int argc, char** argv) {
  bool plant = false;
  std::string dir = FAIRVEC_VECTORS_DIR;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--plant")
      plant = true;
    else
      dir = a;
  }
  const std::string path = dir + "/hmac_dice_roll_test.json";
  rapidjson::Document doc;
  json::parse(read_file(path), doc, path);
  int compared = 0, differ = 0;
  for (const auto& group : doc["testGroups"].GetArray()) {
    for (const auto& t : group["tests"].GetArray()) {
      if (std::string(t["result"].GetString()) != "valid" || !t.HasMember("dice")) continue;
      const Bytes seed = hmac_dice::parse_server_seed(t["serverSeed"].GetString());
      std::vector<std::string> clients;
      for (const auto& c : t["clientSeeds"].GetArray()) clients.emplace_back(c.GetString());
      const std::uint64_t n = t["roll"].GetUint64() + (plant ? 1 : 0);
      const hmac_dice::Dice want{t["dice"][0].GetInt(), t["dice"][1].GetInt()};
      hmac_dice::Dice got;
      try {
        got = hmac_dice::roll(default_backend(), seed, clients, n);
      } catch (const InputError&) {  // roll 2^53 - 1 + 1 under --plant: no dice at all
      }
      ++compared;
      if (!(got == want)) {
        ++differ;
        if (differ <= 3)
          std::printf("tcId %d: dice %s, file says %s\n", t["tcId"].GetInt(), got.text().c_str(), want.text().c_str());
      }
    }
  }
  std::printf("fairvec %s (vector set %s), %s: %d rolls compared, %d differ\n", FAIRVEC_VERSION,
              FAIRVEC_VECTOR_SET_VERSION, path.c_str(), compared, differ);
  return compared > 0 && differ == 0 ? 0 : 1;
}
