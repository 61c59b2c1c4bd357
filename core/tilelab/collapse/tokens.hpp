// A collapse cell as the level file writes it (docs/collapse.md "Cells"): `0`..`8` pieces,
// `Nd` disco balls, `rh`, `rv`, `tnt`, and the shared `.`, `#`, `_`, `?`.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "tilelab/board/board.hpp"

namespace tilelab::collapse {

// The token of a piece or a power-up (KindFormat::token); the cells every kind shares (. # _ ?)
// are board.hpp's cell_token(kind, value).
std::string cell_token(std::int32_t value);
// The cell a token names for a level of `colors` colours, or a message saying what is allowed.
TokenResult parse_token(std::string_view token, int colors);

}  // namespace tilelab::collapse
