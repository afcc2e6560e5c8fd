// The op reference of specs/port-protocol.md, rendered from the op table (ops/op_table.h) between
// the marker lines kOpsBegin and kOpsEnd; `fairvec generate` writes it, `generate --verify`
// compares it.
#pragma once

#include <string>
#include <string_view>

#include "ops/op_table.h"

namespace fairvec::ops {

inline constexpr std::string_view kOpsBegin = "<!-- fairvec:ops begin -->";
inline constexpr std::string_view kOpsEnd = "<!-- fairvec:ops end -->";
// The spec file, relative to the specs directory, that carries the op reference.
inline constexpr std::string_view kOpsSpec = "port-protocol.md";

// render_op_reference returns the op tables in Markdown: one table per spec, ops by name, each
// with its summary, params (kind, optional, group members) and result members. It cannot fail.
[[nodiscard]] std::string render_op_reference(const Table& t);

// splice_generated returns |doc| with the lines between the |begin| and |end| marker lines
// replaced by |body|. Throws InputError naming |file| (and the line) when a marker is missing,
// repeated or out of order.
[[nodiscard]] std::string splice_generated(std::string_view doc, std::string_view begin, std::string_view end,
                                           std::string_view body, std::string_view file);

}  // namespace fairvec::ops
