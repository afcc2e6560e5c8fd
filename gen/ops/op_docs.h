// The op reference of specs/port-protocol.md, rendered from the op table (ops/op_table.h);
// `fairvec generate` writes it between the lines `<!-- fairvec:ops begin -->` and
// `<!-- fairvec:ops end -->` (vectors::fill_markers), `generate --verify` compares it.
#pragma once

#include <string>
#include <string_view>

#include "ops/op_table.h"

namespace fairvec::ops {

// render_op_reference returns the op tables in Markdown: one table per spec, ops by name, each
// with its summary, params (kind, optional, group members) and result members. It cannot fail.
[[nodiscard]] std::string render_op_reference(const Table& t);

}  // namespace fairvec::ops
