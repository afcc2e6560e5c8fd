// fuzz_example_port_roll: the worked example of docs/oss-fuzz.md, "Your own differential target".
// A port author who writes hmac-dice-v1 in their own C++ links fairvec's library (fairvec::core)
// and lets the fuzzer compare the two on every input: here author_roll, a roll written from
// specs/hmac-dice-v1.md with OpenSSL's one-shot HMAC and nothing of fairvec, against
// fairvec::hmac_dice::roll. Copy this file, replace author_roll with a call into your code, and
// the build (fuzz/CMakeLists.txt, fuzz/build.sh, ClusterFuzzLite) picks it up.
//
// Input (core/byte_reader.h): the server seed (16..64 bytes) from the front, one or two client
// seeds (1..20 characters of [A-Za-z0-9_-]) and the roll (1 .. 2^53 - 1, small rolls more often)
// from the end. Only valid inputs are made: bad input is fairvec's own bad-input vectors' business.
// A difference aborts with "fairvec-author-hmac_dice.roll-difference".
#include <cstdint>
#include <string>
#include <vector>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/byte_reader.h"
#include "core/bytes.h"
#include "core/crypto.h"
#include "differential.h"
#include "schemes/hmac_dice.h"

namespace {

using fairvec::fuzz::ByteReader;
using fairvec::fuzz::Outcome;

// author_roll is the port author's code: the dice of roll |roll| as two digits ("63"). HMAC the
// message "c1[:c2]" + "+" * retry + ":" + roll until a MAC has a byte below 252; v = byte % 36.
std::string author_roll(const std::vector<std::uint8_t>& seed, const std::vector<std::string>& clients,
                        std::uint64_t roll) {
  for (int retry = 0; retry < 8; ++retry) {
    std::string msg = clients[0];
    if (clients.size() == 2) msg += ":" + clients[1];
    msg += std::string(retry, '+') + ":" + std::to_string(roll);
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), seed.data(), static_cast<int>(seed.size()), reinterpret_cast<const unsigned char*>(msg.data()),
         msg.size(), mac, &len);
    for (unsigned int i = 0; i < len; ++i) {
      if (mac[i] < 252) {
        const int v = mac[i] % 36;
        return std::to_string(v / 6 + 1) + std::to_string(v % 6 + 1);
      }
    }
  }
  return "no byte below 252 in 8 retries";
}

std::string client_seed(ByteReader& in) {
  static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  std::string s(in.integer(1, 20), 'a');
  for (char& c : s) c = kAlphabet[in.pick(sizeof kAlphabet - 1)];
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ByteReader in(data, size);
  std::vector<std::uint8_t> seed = in.bytes(64);
  if (seed.size() < 16) return 0;  // hmac-dice-v1 server seeds are 16..64 bytes
  std::vector<std::string> clients = {client_seed(in)};
  if (in.boolean()) clients.push_back(client_seed(in));
  const std::uint64_t roll = in.boolean() ? in.integer(1, 1000) : in.integer(1, fairvec::hmac_dice::kMaxRoll);

  std::vector<Outcome> outs;
  outs.push_back(fairvec::fuzz::capture("fairvec", "hmac_dice.roll", [&] {
    return fairvec::hmac_dice::roll(fairvec::default_backend(), seed, clients, roll).text();
  }));
  outs.push_back(fairvec::fuzz::capture("author", "hmac_dice.roll", [&] { return author_roll(seed, clients, roll); }));
  fairvec::fuzz::plant_outcome("example_port_roll", outs);
  if (auto d = fairvec::fuzz::find_difference(outs)) {
    fairvec::fuzz::report_and_abort(*d,
                                    {fairvec::fuzz::hex_input("serverSeed", seed),
                                     {"clientSeeds", clients.size() == 2 ? clients[0] + "," + clients[1] : clients[0]},
                                     {"roll", std::to_string(roll)}},
                                    outs);
  }
  fairvec::fuzz::checked();
  return 0;
}
