// The wrong ports published with the vectors (specs/vector-format.md, "Wrong ports"): what each
// known port bug of a family's flag library (vectors/flags.h) answers to each port call of a
// vector, where it answers otherwise than the vector. Any harness, in any language, can then tell
// a failing port which known bug its answers match; check-port does (check/diagnosis.h).
//   vectors/wrong_ports.json             every wrong port: name, family, description, ops, flags
//   vectors/wrong_answers/<stem>.jsonl   per vector file, one line per transcript line, in the same
//                                        order: {"file", "tcId", "calls": [{name: answer}, ...]}
// An answer has the form of a transcript call's `expect` and is compared with a reply the same way.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/crypto.h"
#include "core/json.h"
#include "vectors/flags.h"
#include "vectors/vector_file.h"

namespace fairvec::vectors {

// The wrong-port catalog's file name in the vectors directory.
inline constexpr const char* kWrongPortsName = "wrong_ports.json";

// wrong_answers_path returns the wrong-answer file's path relative to the vectors directory
// ("wrong_answers/hmac_dice_roll_test.jsonl" for "hmac_dice_roll_test.json").
[[nodiscard]] std::string wrong_answers_path(const std::string& vector_file);

// wrong_answers_of returns what each of |ports| answers to |call| where that differs from the
// call's expectation, {name: answer}, in |ports|' order: {"ok":false,"error":"bad_input"} where
// the wrong port rejects what must be answered; {"ok":true,"result":R} where it answers (R: the
// expected result members with the wrong port's values; where it accepts what must be rejected,
// the result members the op declares that it answers, none for an op with open results). An
// answer holding a text that is not UTF-8 is left out: it has no JSON form, and no reply can carry it. A wrong port
// that does not list the op, answers null (its bug does not change the call) or gives the expected members is left out.
// Throws std::logic_error when a wrong port fails otherwise than rejecting the input (a generator bug).
[[nodiscard]] json::Object wrong_answers_of(const std::vector<WrongPortRef>& ports, const PortCall& call,
                                            const Backend& backend);

// wrong_answers_text renders the wrong-answer file of the vector file |name| (its generated |tree|)
// for |ports|: one line per test, in file order, each call |port_calls| gives in turn. Throws
// std::logic_error when |tree| is not a vector file tree or a wrong port fails (generator bugs).
[[nodiscard]] std::string wrong_answers_text(const std::string& name,
                                             const std::function<std::vector<PortCall>(const TestRef&)>& port_calls,
                                             const std::vector<WrongPortRef>& ports, const json::Value& tree);

// library_of_file returns the flag library of vector file |file|'s family, or nullptr.
[[nodiscard]] const FlagLibrary* library_of_file(const std::string& file);

// wrong_ports_json renders vectors/wrong_ports.json from every family's flag library, family by
// family in the families table's order: each wrong port's name, family (algorithm), description,
// the ops it answers and the flags of its library that name it. It cannot fail.
[[nodiscard]] json::Value wrong_ports_json();

}  // namespace fairvec::vectors
