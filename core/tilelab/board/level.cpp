// Level helpers: the effective start tiles of slide, and blank levels for "new level".
#include "tilelab/board/level.hpp"

namespace tilelab {

int Level::effective_start_tiles() const {
    if (rules.start_tiles) return *rules.start_tiles;
    for (std::int32_t c : board.cells)
        if (cell::is_value(c)) return 0;
    return 2;
}

Level make_blank_level(Kind kind, int width, int height) {
    Level level;
    level.kind = kind;
    level.name = "Untitled";
    level.board = Grid(width, height, kind == Kind::match3 ? cell::random : cell::empty);
    if (kind == Kind::match3) {
        level.rules.colors = 5;
        level.present.insert("rules/colors");
    }
    return level;
}

}  // namespace tilelab
