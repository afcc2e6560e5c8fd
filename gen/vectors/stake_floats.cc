// stake_floats_test.json (specs/stake-v1.md S1..S9): floats of a round from a byte cursor, each with
// the round and offset of its first byte and its four bytes, and every MAC read with its message.
// A catalog (vectors/catalog.h): cases give the inputs; stake.floats and its trace write the rest.
#include <string>
#include <vector>

#include "schemes/stake.h"
#include "vectors/catalog.h"
#include "vectors/stake.h"

namespace fairvec::vectors::stake_vec {

namespace {

using json::Value;

void floats_cases(Cases& c) {
  auto add = [&](std::string comment, std::vector<std::string> flags, const std::string& server,
                 const std::string& client, Value nonce, std::uint64_t cursor, std::uint64_t count) {
    c.valid("StakeFloats", std::move(comment), std::move(flags),
            {{"serverSeed", server},
             {"clientSeed", client},
             {"nonce", std::move(nonce)},
             {"cursor", Value(cursor)},
             {"count", Value(count)}});
  };
  auto bad = [&](std::string comment, std::vector<std::string> flags, const std::string& client, Value nonce,
                 Value cursor, Value count, std::string error) {
    c.invalid("StakeFloatsInvalid", std::move(comment), std::move(flags),
              {{"serverSeed", kFloatsServer},
               {"clientSeed", client},
               {"nonce", std::move(nonce)},
               {"cursor", std::move(cursor)},
               {"count", std::move(count)}},
              std::move(error));
  };
  // Published: provably-fair-betting/verifierform-stake, tests/lib/domain/crypto/float-generator.test.ts
  // and byte-generator.test.ts (specs/stake-v1-published.json "floats").
  add("verifierform-stake float-generator.test.ts: the first 9 floats of nonce 29 (float 8 from round 1)",
      {"PublishedAnswer", "ServerSeedAsText", "RoundAdvance"}, kFloatsServer, kFloatsClient, Value(29), 0, 9);
  add("verifierform-stake float-generator.test.ts: cursor 4, the next 8 floats", {"PublishedAnswer", "ByteCursor"},
      kFloatsServer, kFloatsClient, Value(29), 4, 8);

  for (std::uint64_t i = 0; i < 3; ++i) {
    add("pseudorandom round " + std::to_string(i), {"Pseudorandom", "ServerSeedAsText"}, seed_hex("floats/server", i),
        seed_hex("floats/client", i).substr(0, 16), Value(i * 7 + 1), 0, 8);
  }
  const std::string server = seed_hex("floats/server", 0);
  const std::string client = seed_hex("floats/client", 0).substr(0, 16);
  add("24 floats: rounds 0, 1 and 2", {"RoundAdvance"}, server, client, Value(3), 0, 24);
  add("52 floats, as hilo reads", {"RoundAdvance"}, server, client, Value(4), 0, 52);
  add("cursor 30: float 0 is bytes 30, 31 of round 0 and 0, 1 of round 1", {"RoundBoundary", "ByteCursor"}, server,
      client, Value(5), 30, 3);
  add("cursor 61: float 0 is bytes 29..31 of round 1 and 0 of round 2", {"RoundBoundary", "ByteCursor"}, server, client,
      Value(5), 61, 1);
  add("cursor 31, 9 floats: every float straddles", {"RoundBoundary", "ByteCursor"}, server, client, Value(6), 31, 9);
  add("cursor 64: round 2 from byte 0", {"ByteCursor"}, server, client, Value(6), 64, 2);
  add("cursor 2^53 - 1: round 281474976710655, byte 31, straddling into the next round",
      {"RoundBoundary", "ByteCursor"}, server, client, Value(0), fairvec::kMaxCounter, 2);
  add("nonce 2^53 - 1", {"MaxSafeNonce"}, server, client, Value(fairvec::kMaxCounter), 0, 2);
  add("an empty client seed", {"EmptyClientSeed"}, server, "", Value(1), 0, 2);
  add("a client seed with ':' in it", {"ColonInClientSeed"}, server, "lucky:7", Value(1), 0, 2);
  add("a client seed of ':' alone", {"ColonInClientSeed"}, server, ":", Value(0), 0, 1);
  add("a client seed with 2-, 3- and 4-byte UTF-8", {"NonAsciiText"}, server,
      "s\xc3\xa1nsa-\xe6\x97\xa5-\xf0\x9f\x8e\xb2", Value(1), 0, 2);
  add("a server seed of UTF-8 text, not hex", {"NonAsciiText"}, "gr\xc3\xbc\xc3\x9f-\xe2\x82\xac-seed", client,
      Value(1), 0, 1);

  bad("nonce 2^53: above 2^53 - 1", {"UnsafeInteger"}, client, Value(fairvec::kMaxCounter + 1), Value(0), Value(1),
      "nonce");
  bad("nonce 2^53 + 1 (a JavaScript number rounds it to 2^53)", {"UnsafeInteger"}, client,
      Value(fairvec::kMaxCounter + 2), Value(0), Value(1), "nonce");
  bad("nonce 1.5", {"NonceNotInteger"}, client, Value(1.5), Value(0), Value(1), "nonce");
  bad("nonce 2.0 (an integral double)", {"NonceNotInteger"}, client, Value(2.0), Value(0), Value(1), "nonce");
  bad("count 0", {"BadCount"}, client, Value(1), Value(0), Value(0), "count");
  bad("count 1025", {"BadCount"}, client, Value(1), Value(0), Value(1025), "count");
  bad("nonce as the JSON string \"1\"", {"IntegerAsText"}, client, Value("1"), Value(0), Value(1), "nonce");
  bad("count as the JSON string \"2\"", {"IntegerAsText"}, client, Value(1), Value(0), Value("2"), "count");
  bad("count as the JSON number 2.0", {"IntegralFloat"}, client, Value(1), Value(0), Value(2.0), "count");
  bad("cursor as the JSON number 4.0", {"IntegralFloat"}, client, Value(1), Value(4.0), Value(1), "cursor");
  bad("cursor as the JSON boolean true", {"BooleanAsInteger"}, client, Value(1), Value(true), Value(1), "cursor");
  bad("nonce as the JSON boolean true", {"BooleanAsInteger"}, client, Value(true), Value(0), Value(1), "nonce");
  bad("count as the JSON boolean true", {"BooleanAsInteger"}, client, Value(1), Value(0), Value(true), "count");
  bad("cursor as the JSON string \"4\"", {"IntegerAsText"}, client, Value(1), Value("4"), Value(1), "cursor");
  c.invalid("StakeFloatsInvalid", "the server seed as the JSON number 12345", {"NumberAsText"},
            {{"serverSeed", Value(12345)},
             {"clientSeed", client},
             {"nonce", Value(1)},
             {"cursor", Value(0)},
             {"count", Value(1)}},
            "serverSeed");
  c.invalid("StakeFloatsInvalid", "the client seed as the JSON number 7", {"NumberAsText"},
            {{"serverSeed", kFloatsServer},
             {"clientSeed", Value(7)},
             {"nonce", Value(1)},
             {"cursor", Value(0)},
             {"count", Value(1)}},
            "clientSeed");
}

}  // namespace

VectorKind floats_vector_kind() {
  return catalog_kind({
      "stake_floats_test.json",
      {"stake-v1 floats (specs/stake-v1.md S1..S9): round r of (serverSeed, clientSeed, nonce) is",
       "HMAC-SHA256(key = serverSeed's UTF-8 text, msg = `${clientSeed}:${nonce}:${r}`); the bytes are read",
       "from byte `cursor` on (round floor(cursor / 32), byte cursor mod 32), 4 per float,",
       "float = sum of byte_i / 256^(i+1). rounds/offsets give each float's first byte; messages/macs every MAC read.",
       "Port op: stake.floats {serverSeed, clientSeed, nonce, cursor, count} -> {floats}."},
      library().pick({"PublishedAnswer", "Pseudorandom", "ServerSeedAsText", "RoundAdvance", "RoundBoundary",
                      "ByteCursor", "MaxSafeNonce", "EmptyClientSeed", "ColonInClientSeed", "NonAsciiText",
                      "UnsafeInteger", "NonceNotInteger", "BadCount", "IntegerAsText", "IntegralFloat",
                      "BooleanAsInteger", "NumberAsText"}),
      {{.type = "StakeFloats",
        .call = {"stake.floats"},
        .fields = outputs({"messages", "macs", "rounds", "offsets", "bytes", "floats"})},
       {.type = "StakeFloatsInvalid", .call = {"stake.floats"}}},
      floats_cases,
  });
}

}  // namespace fairvec::vectors::stake_vec
