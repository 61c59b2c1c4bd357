// Match groups and closed groups of a lines board in time linear in the board (docs/lines.md "Groups").
#pragma once
#include <cstdint>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/board.hpp"

namespace tilelab::lines {

// Every match group of the board, open and closed. A group's cells are sorted by (x, y);
// groups come in the order of their first cell. Empty cells (and anything but a mask 1..15)
// belong to no group.
std::vector<CellGroup> match_groups(const Board& board);

// How the groups of a board stand, without listing their cells: what goals and the solver need.
struct GroupCounts {
    int groups = 0;
    int closed_groups = 0;
    int largest_closed = 0;  // tiles in the largest closed group (0: none is closed)
    int open_tiles = 0;      // tiles in groups that are not closed
};

// Reusable scratch space for labelling groups of boards of one size, so that a search that
// labels millions of boards allocates nothing per board.
class GroupLabeller {
public:
    // `masks` holds width*height side masks in row-major order (0: no tile).
    GroupCounts count(const std::uint8_t* masks, int width, int height);
    // As count(), and also the cells of each group in the order match_groups() gives.
    std::vector<CellGroup> groups(const std::uint8_t* masks, int width, int height);

private:
    // Labels every tile with its group; returns the number of groups. closed_[g], size_[g] filled.
    int label(const std::uint8_t* masks, int width, int height);
    std::vector<std::int32_t> label_;  // group of each cell, -1 for no tile
    std::vector<std::int32_t> stack_;
    std::vector<std::uint8_t> closed_;
    std::vector<std::int32_t> size_;
};

// The board's side masks in row-major order (0 for every cell that is not a tile).
std::vector<std::uint8_t> board_masks(const Board& board);

}  // namespace tilelab::lines
