// A format 2 preview played out (the reference of the previews' differential tests): the first step
// of a legal move on a copy of the state, through the core's resolve_step with its report, without
// the masks the core's v2::preview reads.
#pragma once
#include <optional>

#include "tilelab/match3/v2.hpp"

namespace tilelab::test {

// The move a:b's preview (clears by column, then row; creates by cell), or nothing for an illegal
// move. `scratch` holds the step's buffers.
std::optional<match3::v2::Preview> preview_plain(const State& state, const match3::v2::Config& config, Cell a, Cell b,
                                                 match3::v2::Scratch& scratch);

}  // namespace tilelab::test
