// fuzz_port_reply: the port checker's reply parsing, check::parse_reply (check/process.h), on
// arbitrary bytes: the line a port under test writes back.
//
// Properties: parse_reply either returns a Reply or throws PortFailure (never anything else, never
// a crash); a returned reply is consistent: ok with an object result, or an error code.
#include <cstdint>
#include <string>
#include <string_view>

#include "check/process.h"
#include "core/byte_reader.h"
#include "differential.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fairvec::fuzz::ByteReader in(data, size);
  // The expected id: small ids mostly, from the last byte; the line is the rest.
  const std::int64_t id = static_cast<std::int64_t>(in.integer(0, 255)) - 1;
  const std::string line = in.rest_text();
  try {
    fairvec::port::Reply r = fairvec::check::parse_reply(line, id);
    if (fairvec::fuzz::planted("port_reply")) r.error.clear(), r.ok = false;
    if (r.ok ? !r.result.is_object() : r.error.empty()) {
      fairvec::fuzz::fail_and_abort("port_reply-inconsistent-reply", "line: " + line);
    }
  } catch (const fairvec::check::PortFailure&) {
  }
  fairvec::fuzz::checked();
  return 0;
}
