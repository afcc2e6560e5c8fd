// The op table (specs/port-protocol.md, "Op reference"): every port op is declared once, with its
// name, its typed parameters, its result members and its handler. A parameter's Kind reads and
// validates one JSON value (the error names the field and position), writes its JSON-Schema
// fragment and makes fuzz input. The port protocol (port/protocol.h), `fairvec ops`, the fuzz
// targets, the spec's op tables and the tests all read this table; nothing restates an op's
// parameters. Adding an op: specs/CONTRIBUTING.md, "Adding an op".
#pragma once

#include <any>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidjson/document.h>

#include "core/byte_reader.h"
#include "core/crypto.h"
#include "core/json.h"

namespace fairvec::ops {

using fuzz::ByteReader;

// Naming is how a parameter's "missing" and type errors name it: "params.<key>" or "<key>" (the
// families differ; vectors pin the messages, so each param keeps its own).
enum class Naming { kParams, kBare };

// field returns |key| named as |n| says ("params.serverSeed" or "serverSeed"). It cannot fail.
[[nodiscard]] std::string field(std::string_view key, Naming n);

// Kind is the type of one parameter (or of one result member, which uses name and schema only).
struct Kind {
  std::string name;  // what it holds, for the op tables: "hex, 16..64 bytes"
  // exact: schema() accepts exactly the values read() accepts. Otherwise read() applies a rule
  // JSON Schema cannot state (a link's grammar, JSON text, a proof file) and is stricter, never
  // looser; the fragment says what it can.
  bool exact = true;
  // read validates params member |key| (|v| is null when it is missing) and returns the typed
  // value. It throws InputError naming the field, and the position where there is one.
  std::function<std::any(const rapidjson::Value* v, std::string_view key)> read;
  // schema returns the JSON-Schema fragment of the values read() accepts. It cannot fail.
  std::function<json::Value()> schema;
  // fuzz makes a value from |in|: mostly valid, sometimes near-valid (length, case, range, type).
  // It never throws.
  std::function<json::Value(ByteReader& in)> fuzz;
  // valid makes a random value read() accepts, from |in|. Optional: where it is empty,
  // random_valid_params draws fuzz values and keeps the first read() accepts. It never throws.
  std::function<json::Value(ByteReader& in)> valid;
};
using KindRef = std::shared_ptr<const Kind>;

// Param is one parameter of an op, read in declaration order (the first bad one is reported).
struct Param {
  std::string name;
  KindRef kind;
  bool optional = false;  // may be absent: the handler then finds no value
  // A group (members not empty): |kind| reads several members at once from the whole params
  // object (a scheme function that checks how they fit together); |name| labels the group and
  // |members| declares each member for the schema, the fuzz grammar and the op tables.
  std::vector<Param> members = {};
  // checked_by_op: the op's handler checks the value further (against the other params, or what it
  // decodes to), so the op accepts less than the kind's schema says; `fairvec ops --json` then
  // reports the param as not exact. Set with checked().
  bool checked_by_op = false;
};

// checked returns |p| marked checked_by_op. It cannot fail.
[[nodiscard]] Param checked(Param p);

// Result is one member of an op's result object.
struct Result {
  std::string name;
  KindRef kind;           // name and schema only
  bool addition = false;  // fairvec's addition to the scheme's results: a port need not return it, no
                          // vector asks it, and the result schema does not require it
};

// addition returns |r| marked as fairvec's addition. It cannot fail.
[[nodiscard]] Result addition(Result r);

// Args are an op's parameters, read and validated, by name.
class Args {
 public:
  explicit Args(const rapidjson::Value& params) : params_(params) {}
  // get returns the value of param |name|. Throws std::logic_error when it has no value of type T
  // (a table bug: a handler asking for a param its op does not declare, or an absent optional).
  template <typename T>
  const T& get(std::string_view name) const {
    const T* v = find<T>(name);
    if (!v) throw std::logic_error("op param " + std::string(name) + " has no value of the asked type");
    return *v;
  }
  // find returns the value of param |name|, or nullptr when it is absent (optional params).
  template <typename T>
  const T* find(std::string_view name) const {
    for (const auto& [k, v] : values_) {
      if (k == name) return std::any_cast<T>(&v);
    }
    return nullptr;
  }
  // params returns the request's params object as sent.
  const rapidjson::Value& params() const { return params_; }
  void set(std::string name, std::any v) { values_.emplace_back(std::move(name), std::move(v)); }

 private:
  const rapidjson::Value& params_;
  std::vector<std::pair<std::string, std::any>> values_;
};

// Handler computes an op's result object from its validated params. It throws InputError for
// input the spec calls invalid that no single param's Kind can see (how params fit together).
using Handler = std::function<json::Value(const Args& args, const Backend& backend)>;

// OpSpec declares one op.
struct OpSpec {
  std::string name;       // "hmac_dice.roll": its family's id, '.', the op (or the id alone)
  bool addition = false;  // not in protocol v1's minimum: a port need not implement it
  std::string summary;    // one line, for the op tables
  std::vector<Param> params;
  std::vector<Result> results;
  bool open_results = false;          // the result carries more members (cursor.game: the outcome)
  std::vector<json::Value> examples;  // params objects the op answers ok (seeds, tests, docs)
  Handler handler;
  // trace, when set, returns the intermediate values of the handler's computation (messages, MACs,
  // the byte index) as an object that vector files show beside the result (vectors/catalog.h);
  // ports never send them. It throws like the handler.
  Handler trace = {};
  // results_for, for an op with open results, names the result members it gives for |args| (the
  // declared ones and the rest: cursor.game's cursors and the game's outcome members). It throws
  // like the handler.
  std::function<std::vector<std::string>(const Args& args)> results_for = {};
  // spec is the spec that defines it ("hmac-dice-v1.md"): its family's, set by table().
  std::string spec = {};
};

// Table holds every op, sorted by name.
class Table {
 public:
  // add registers |op|. Throws std::logic_error when its name is taken or it has no example.
  void add(OpSpec op);
  // find returns the op called |name|, or nullptr.
  const OpSpec* find(std::string_view name) const;
  // ops lists every op, sorted by name.
  const std::vector<OpSpec>& ops() const { return ops_; }
  // names lists the op names, sorted.
  std::vector<std::string> names() const;

 private:
  std::vector<OpSpec> ops_;
};

// table returns every op fairvec implements: each family's (family_ops()). Throws std::logic_error
// (at first use) when a family adds an op outside its own names.
const Table& table();

// FamilyOps is a family's part of the table: each family of the families table (gen/families.json)
// declares its ops in `void add_<id>_ops(Table&)`, in ops/<id>.cc.
struct FamilyOps {
  const char* family;
  void (*add)(Table& t);
};
// family_ops lists them in the table's order (generated by gen/families.cmake). It cannot fail.
[[nodiscard]] const std::vector<FamilyOps>& family_ops();

// read_args reads every param of |op| from |params| (an object) in declaration order. Throws
// InputError naming the first bad one.
[[nodiscard]] Args read_args(const OpSpec& op, const rapidjson::Value& params);
// run reads the params of |op| and runs its handler. Throws InputError for invalid input.
[[nodiscard]] json::Value run(const OpSpec& op, const rapidjson::Value& params, const Backend& backend);

// params_schema returns the JSON Schema of |op|'s params object (open: ports ignore other
// members); results_schema that of its result object (closed unless open_results). Neither fails.
[[nodiscard]] json::Value params_schema(const OpSpec& op);
[[nodiscard]] json::Value results_schema(const OpSpec& op);
// describe returns the table as one JSON document (`fairvec ops --json`, specs/port-protocol.md).
// It cannot fail.
[[nodiscard]] json::Value describe(const Table& t);
// fuzz_params builds a params object for |op| from |in|: each param (each group member) from its
// Kind, sometimes missing, of another param's Kind, or joined by an extra member. Never throws.
[[nodiscard]] json::Value fuzz_params(const OpSpec& op, ByteReader& in);
// random_valid_params builds a params object for |op| from |in| that each param's Kind accepts
// (random_valid.cc): a leaf from its Kind's valid(), or the first of kValidDraws fuzz values its
// read() accepts; a group redrawn until the group's read() accepts it; an optional param present
// half the time. A param no draw yields is copied from one of the op's examples. The handler may
// still reject how the params fit together (then the input is invalid). Never throws.
inline constexpr int kValidDraws = 64;
[[nodiscard]] json::Value random_valid_params(const OpSpec& op, ByteReader& in);
// request_member returns the param of |op| that a request carries as member |name| (a leaf, or a
// member of a group), or nullptr when |op| has none. It cannot fail.
[[nodiscard]] const Param* request_member(const OpSpec& op, std::string_view name);
// kind_accepts reports whether |k| reads |v| (nullptr: the member is missing) under |key| and every
// string in |v| is well-formed UTF-8. A Kind without read (a group member, which its group reads)
// accepts anything. It never throws (random_valid.cc).
[[nodiscard]] bool kind_accepts(const Kind& k, const json::Value* v, const std::string& key);
// all_kinds lists every distinct parameter Kind of |t| (groups' members included), with the name
// of one param that uses it. It cannot fail.
[[nodiscard]] std::vector<std::pair<std::string, KindRef>> all_kinds(const Table& t);

// --- Kind builders, shared by the family files.

// value_kind returns a Kind that reads a present member with |read| (a scheme function, usually)
// and answers a missing one with "<field>: missing", named as |n| says. It cannot fail; the
// Kind's read throws InputError.
[[nodiscard]] KindRef value_kind(std::string name, Naming n,
                                 std::function<std::any(const rapidjson::Value&, std::string_view key)> read,
                                 json::Value schema, std::function<json::Value(ByteReader&)> fuzz, bool exact = true);
// string_kind returns a Kind that reads a JSON string ("<field>: must be a string" otherwise) and
// passes it to |parse| with the key; |parse| returns the typed value or throws InputError.
[[nodiscard]] KindRef string_kind(std::string name, Naming n,
                                  std::function<std::any(std::string_view text, std::string_view key)> parse,
                                  json::Value schema, std::function<json::Value(ByteReader&)> fuzz, bool exact = true);
// text returns a string_kind that keeps any string as it is (std::string). It cannot fail.
[[nodiscard]] KindRef text(std::string name, Naming n, json::Value schema,
                           std::function<json::Value(ByteReader&)> fuzz);
// string_list_kind returns a Kind that reads an array of strings ("params.<key>: must be an
// array", "params.<key>[i]: must be a string") and passes them to |parse|, which may throw
// InputError.
[[nodiscard]] KindRef string_list_kind(
    std::string name, std::function<std::any(const std::vector<std::string>&, std::string_view key)> parse,
    json::Value schema, std::function<json::Value(ByteReader&)> fuzz, bool exact = true);
// UintRule is an integer param read by uint_kind: IsUint64 and lo <= v <= hi, else
// "<field>: <message>" (field named as |type|); then |check| (a scheme's range check) if given.
struct UintRule {
  Naming missing = Naming::kParams;
  Naming type = Naming::kParams;
  std::string message = "must be a non-negative integer";
  std::uint64_t lo = 0, hi = UINT64_MAX;
  std::function<void(std::uint64_t, std::string_view key)> check = {};
  std::uint64_t schema_lo = 0, schema_hi = UINT64_MAX;  // what lo/hi and |check| allow together
};
// uint_kind returns the Kind of |rule|. It cannot fail.
[[nodiscard]] KindRef uint_kind(std::string name, UintRule rule);
// digest_list returns a Kind reading an array of 32-byte hex strings, entry i named "<key>[i]",
// as std::vector<Digest>. It cannot fail.
[[nodiscard]] KindRef digest_list(std::string name);
// with_valid returns a copy of |k| whose valid() is |valid|, a generator of random values k's
// read() accepts. It cannot fail.
[[nodiscard]] KindRef with_valid(const KindRef& k, std::function<json::Value(ByteReader&)> valid);
// result_kind returns a result member's kind: a name and a schema fragment. It cannot fail.
[[nodiscard]] KindRef result_kind(std::string name, json::Value schema);

// --- Schema fragments (none fails): a string (with a pattern), an integer lo..hi (no maximum
// above 2^63 - 1), one of |names|, an array of |items|.
[[nodiscard]] json::Value schema_string(std::string_view pattern = {});
[[nodiscard]] json::Value schema_integer(std::uint64_t lo, std::uint64_t hi);
[[nodiscard]] json::Value schema_enum(const std::vector<std::string>& names);
[[nodiscard]] json::Value schema_array(json::Value items, std::size_t min_items = 0, std::size_t max_items = SIZE_MAX);
// schema_hex matches hex text (either case) of |lo|..|hi| bytes: an even-length hex pattern and
// the length as minLength/maxLength (RapidJSON's regex engine expands counted groups into huge
// automata, so the count is not in the pattern).
[[nodiscard]] json::Value schema_hex(std::size_t lo, std::size_t hi);
// schema_text matches 1..|max| characters of the regex character class |cls| ("A-Za-z0-9_-").
[[nodiscard]] json::Value schema_text(std::string_view cls, std::size_t max);
// The result kinds several families share: 64 lowercase hex digits; [d1, d2] in 1..6.
[[nodiscard]] KindRef hex32_result();
[[nodiscard]] KindRef dice_result();
// utf8_text is a param that is any JSON string, kept as its UTF-8 bytes (keno and crash salts).
[[nodiscard]] KindRef utf8_text();
// seed_text is a seed or any text: a JSON string of well-formed UTF-8 (core/input_rules.h
// read_text), errors named by the bare key. counter is a nonce or cursor: a JSON integer
// 0 .. 2^53 - 1 (read_counter), errors named by the bare key. Every family's seeds and counters.
[[nodiscard]] KindRef seed_text();
[[nodiscard]] KindRef counter();

}  // namespace fairvec::ops
