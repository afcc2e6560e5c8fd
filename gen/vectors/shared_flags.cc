// The flags several families use (vectors/flags.h, shared_flags): one text each, whichever family's
// file carries it; each family shares them (FlagLibrary::share) with the wrong ports of its own ops.
#include "vectors/flags.h"

namespace fairvec::vectors {

const FlagLibrary& shared_flags() {
  static const FlagLibrary kShared = [] {
    FlagLibrary lib("shared");
    lib.flag({"Pseudorandom", BugType::kBasic, "An ordinary case from fixed-seed pseudorandom inputs."});
    lib.flag({"DuplicateKey", BugType::kMissingCheck,
              "A key given twice (a link's key, a JSON object's key, also when one is written with escapes); catches a "
              "port that takes the first or the last."});
    lib.flag({"EqualOpeningRoll", BugType::kEdgeCase,
              "An opening tie: the opening roll is a double and is rolled again under the next roll number, the tie "
              "consuming its number (once or twice); catches a port that re-derives the re-roll under the tie's number "
              "or does not count ties."});
    lib.flag({"EmptyClientSeed", BugType::kEdgeCase,
              "An empty client seed is valid: the message starts with the separator after it (cursor-v1 "
              "`-nonce-cursor`, stake-v1 `:nonce:round`); catches a port that rejects it or drops the separator."});
    lib.flag({"DrawOrder", BugType::kOrder,
              "Drawn items (keno's balls or squares, mines' tiles) are reported in draw order; catches a port that "
              "sorts them."});
    lib.flag({"UnknownConvention", BugType::kMissingCheck,
              "A convention name the family's spec does not define is bad input naming convention; names are "
              "case-sensitive (crash's four eras, hexwin-v1's operators)."});
    lib.flag({"UnknownGame", BugType::kMissingCheck,
              "A game name the family's spec does not define is bad input; names are case-sensitive ('Dice' is not "
              "dice)."});
    lib.flag(
        {"UnsafeInteger", BugType::kMissingCheck,
         "An integer beyond +-(2^53 - 1) is bad input (RFC 8785 Appendix B's 9007199254740992; a JavaScript number "
         "cannot hold it exactly)."});
    lib.flag(
        {"SwapToEnd", BugType::kOrder,
         "The picked item is swapped with the last item of the live pool before the pool shrinks; catches a port that "
         "splices it out (closing the gap, keeping order), which picks other items from the second draw on."});
    lib.flag(
        {"HexTextChain", BugType::kEncoding,
         "The next link is hashed from the previous link's lowercase hex text (64 ASCII bytes); catches a port that "
         "hashes its 32 raw bytes, or uppercase hex."});
    lib.flag({"EmptySalt", BugType::kEdgeCase,
              "An empty salt is valid: HMAC-SHA256 with an empty key or an empty message (RFC 2104)."});
    lib.flag(
        {"NonAsciiText", BugType::kEncoding,
         "Non-ASCII text (2-, 3- and 4-byte UTF-8) is hashed as its UTF-8 bytes; catches a port hashing UTF-16 code "
         "units, Latin-1 or escaped text."});
    lib.flag(
        {"SaltAsGiven", BugType::kEncoding,
         "A salt with leading and trailing spaces is hashed as given; catches a port that trims whitespace from it."});
    // JSON types read leniently (vectors/lenient_ports.h): one text each, every family's ops.
    lib.flag({"IntegerAsText", BugType::kMissingCheck,
              "An integer parameter given as a JSON string (\"7\") is bad input, naming the parameter; catches a port "
              "that converts text to a number (JavaScript's Number(), Python's int())."});
    lib.flag(
        {"IntegralFloat", BugType::kMissingCheck,
         "An integer parameter given as a JSON number with a fraction part or an exponent (7.0, 7e0) is bad input "
         "although its value is whole; catches a port that reads every JSON number as a double and checks only the "
         "value."});
    lib.flag({"BooleanAsInteger", BugType::kMissingCheck,
              "An integer parameter given as a JSON boolean (true, false) is bad input; catches a port whose language "
              "treats true as 1 and false as 0."});
    lib.flag({"NumberAsText", BugType::kMissingCheck,
              "A text parameter (a seed, a salt, a hash, a link) given as a JSON number is bad input, not the text of "
              "that number; catches a port that stringifies whatever value it is given."});
    return lib;
  }();
  return kShared;
}

}  // namespace fairvec::vectors
