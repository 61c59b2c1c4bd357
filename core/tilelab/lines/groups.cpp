// Linear-time match groups: one flood fill over solid connections, closedness checked per side.
#include "tilelab/lines/groups.hpp"

#include <algorithm>

#include "tilelab/lines/masks.hpp"

namespace tilelab::lines {

std::vector<std::uint8_t> board_masks(const Board& board) {
    std::vector<std::uint8_t> masks(board.cells.size());
    for (std::size_t i = 0; i < masks.size(); ++i) masks[i] = mask_of(board.cells[i]);
    return masks;
}

int GroupLabeller::label(const std::uint8_t* masks, int width, int height) {
    const int n = width * height;
    label_.assign(static_cast<std::size_t>(n), -1);
    closed_.clear();
    size_.clear();
    stack_.clear();
    int group_count = 0;
    // Seeds in column-major order (x outer, as the list-based oracle scans), so that groups are
    // numbered in the order of their smallest (x, y) cell.
    for (int sx = 0; sx < width; ++sx) {
        for (int sy = 0; sy < height; ++sy) {
            const int seed = sy * width + sx;
            if (masks[seed] == 0 || label_[static_cast<std::size_t>(seed)] >= 0) continue;
            const int group = group_count++;
            bool closed = true;
            int size = 0;
            label_[static_cast<std::size_t>(seed)] = group;
            stack_.push_back(seed);
            while (!stack_.empty()) {
                const int at = stack_.back();
                stack_.pop_back();
                ++size;
                const int x = at % width;
                const int y = at / width;
                const std::uint8_t mask = masks[at];
                // Each solid side must face the neighbour's solid opposite side; the board edge,
                // an empty cell or an open side leaves the group open. Matched sides join groups.
                for (std::uint8_t side : all_sides) {
                    if ((mask & side) == 0) continue;
                    const int nx = x + side_dx(side);
                    const int ny = y + side_dy(side);
                    if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
                        closed = false;
                        continue;
                    }
                    const int next = ny * width + nx;
                    if ((masks[next] & opposite(side)) == 0) {
                        closed = false;
                        continue;
                    }
                    if (label_[static_cast<std::size_t>(next)] < 0) {
                        label_[static_cast<std::size_t>(next)] = group;
                        stack_.push_back(next);
                    }
                }
            }
            closed_.push_back(closed ? 1 : 0);
            size_.push_back(size);
        }
    }
    return group_count;
}

GroupCounts GroupLabeller::count(const std::uint8_t* masks, int width, int height) {
    GroupCounts counts;
    counts.groups = label(masks, width, height);
    for (int g = 0; g < counts.groups; ++g) {
        if (closed_[static_cast<std::size_t>(g)]) {
            ++counts.closed_groups;
            counts.largest_closed = std::max(counts.largest_closed, size_[static_cast<std::size_t>(g)]);
        } else {
            counts.open_tiles += size_[static_cast<std::size_t>(g)];
        }
    }
    return counts;
}

std::vector<CellGroup> GroupLabeller::groups(const std::uint8_t* masks, int width, int height) {
    const int group_count = label(masks, width, height);
    std::vector<CellGroup> out(static_cast<std::size_t>(group_count));
    for (int g = 0; g < group_count; ++g) {
        out[static_cast<std::size_t>(g)].closed = closed_[static_cast<std::size_t>(g)] != 0;
        out[static_cast<std::size_t>(g)].cells.reserve(static_cast<std::size_t>(size_[static_cast<std::size_t>(g)]));
    }
    // A second column-major pass lists each group's cells already sorted by (x, y).
    for (int x = 0; x < width; ++x)
        for (int y = 0; y < height; ++y) {
            const int g = label_[static_cast<std::size_t>(y * width + x)];
            if (g >= 0) out[static_cast<std::size_t>(g)].cells.push_back(Cell{x, y});
        }
    return out;
}

std::vector<CellGroup> match_groups(const Board& board) {
    const std::vector<std::uint8_t> masks = board_masks(board);
    GroupLabeller labeller;
    return labeller.groups(masks.data(), board.width, board.height);
}

}  // namespace tilelab::lines
