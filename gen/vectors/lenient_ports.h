// Wrong ports whose JSON reading is lenient about types (vectors/flags.h): the bug sits in a port's
// request reading, before any scheme, so one description serves every op it touches. Each family
// defines its own port of each kind over its ops (wrong port names are one family's), and shares
// the flag of the kind from shared_flags() (IntegerAsText, IntegralFloat, BooleanAsInteger,
// NumberAsText), so that every family's file catches the same bug under one flag text.
#pragma once

#include <string>
#include <vector>

#include "vectors/flags.h"

namespace fairvec::vectors {

// Leniency is what such a port takes for the type the op table declares.
enum class Leniency {
  kIntegerAsText,     // "7" where an integer is asked: read as 7 (JavaScript's Number, Python's int)
  kIntegralFloat,     // 7.0 or 7e0 where an integer is asked: read as 7 (numbers read as doubles)
  kBooleanAsInteger,  // true / false where an integer is asked: read as 1 / 0
  kNumberAsText,      // 7 where text is asked: read as the text "7" (any value stringified)
};

// lenient_port returns the wrong port |name| that reads the top-level params (and the members of
// param groups) of each op of |ops| as |how| says and then answers as fairvec does: null on a call
// where no param is of such a value (the bug does not change it), else the op's result on the
// converted params, or the InputError the op throws on them. Which params it converts follows the
// op table's schema of each param: "integer" for the first three kinds, "string" for the last.
// Throws std::logic_error naming an op the op table does not have (a generator bug).
[[nodiscard]] WrongPort lenient_port(std::string name, std::string description, Leniency how,
                                     const std::vector<std::string>& ops);

// IntegerPortNames names a family's three lenient integer ports.
struct IntegerPortNames {
  std::string as_text, integral_float, boolean;
};
// add_lenient_integer_ports defines in |lib| the wrong ports of kinds kIntegerAsText,
// kIntegralFloat and kBooleanAsInteger over |ops|, described as taking "7", 7.0 and true/false for
// |what| ("n, block or moves"). Throws std::logic_error like lenient_port and FlagLibrary::port.
void add_lenient_integer_ports(FlagLibrary& lib, const IntegerPortNames& names, const std::string& what,
                               const std::vector<std::string>& ops);

}  // namespace fairvec::vectors
