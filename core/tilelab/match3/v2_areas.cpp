// Format 2's fired areas (docs/match3.md "Format version 2"): the cells a special or a colour bomb
// clears when it fires, and a combo's (two specials swapped together).
#include <algorithm>
#include <vector>

#include "tilelab/match3/v2_detail.hpp"

namespace tilelab::match3::v2::detail {

// The cells of a special's (or a fired colour bomb's) own area.
void own_area(const Board& board, int idx, int bomb_colour, std::vector<int>& out) {
    const int w = board.width, h = board.height;
    const int x = idx % w, y = idx / w;
    const std::int32_t v = board.cells[static_cast<std::size_t>(idx)];
    if (v == cell::color_bomb) {
        out.push_back(idx);
        if (bomb_colour < 0) return;
        for (int i = 0; i < w * h; ++i)
            if (colour(board.cells[static_cast<std::size_t>(i)]) == bomb_colour) out.push_back(i);
        return;
    }
    switch (cell::special_of(v)) {
    case cell::line_h:
        for (int i = 0; i < w; ++i) out.push_back(y * w + i);
        break;
    case cell::line_v:
        for (int i = 0; i < h; ++i) out.push_back(i * w + x);
        break;
    case cell::bomb:
        for (int yy = std::max(0, y - 1); yy <= std::min(h - 1, y + 1); ++yy)
            for (int xx = std::max(0, x - 1); xx <= std::min(w - 1, x + 1); ++xx) out.push_back(yy * w + xx);
        break;
    default:
        break;
    }
}

namespace {

void rows_and_cols(int w, int h, int cx, int cy, int radius, std::vector<int>& out) {
    for (int y = std::max(0, cy - radius); y <= std::min(h - 1, cy + radius); ++y)
        for (int x = 0; x < w; ++x) out.push_back(y * w + x);
    for (int x = std::max(0, cx - radius); x <= std::min(w - 1, cx + radius); ++x)
        for (int y = 0; y < h; ++y) out.push_back(y * w + x);
}

void square(int w, int h, int cx, int cy, int radius, std::vector<int>& out) {
    for (int y = std::max(0, cy - radius); y <= std::min(h - 1, cy + radius); ++y)
        for (int x = std::max(0, cx - radius); x <= std::min(w - 1, cx + radius); ++x) out.push_back(y * w + x);
}

}  // namespace

// A combo's area (the board may change: colour bomb + special converts pieces first).
void combo_area(Board& board, int ia, int ib, std::vector<int>& out) {
    const int w = board.width, h = board.height;
    const std::int32_t va = board.cells[static_cast<std::size_t>(ia)];
    const std::int32_t vb = board.cells[static_cast<std::size_t>(ib)];
    const int tx = ib % w, ty = ib / w;
    if (va == cell::color_bomb && vb == cell::color_bomb) {
        for (int i = 0; i < w * h; ++i) out.push_back(i);
    } else if (va == cell::color_bomb || vb == cell::color_bomb) {
        const std::int32_t other = va == cell::color_bomb ? vb : va;
        const int k = cell::color_of(other);
        const int type = cell::special_of(other);
        if (type != cell::plain)
            for (auto& c : board.cells)
                if (c >= 0 && cell::color_of(c) == k && cell::special_of(c) == cell::plain) c = cell::special(k, type);
        for (int i = 0; i < w * h; ++i)
            if (colour(board.cells[static_cast<std::size_t>(i)]) == k) out.push_back(i);
    } else {
        const int ta = cell::special_of(va), tb = cell::special_of(vb);
        const int bombs = (ta == cell::bomb) + (tb == cell::bomb);
        if (bombs == 0) rows_and_cols(w, h, tx, ty, 0, out);
        else if (bombs == 1) rows_and_cols(w, h, tx, ty, 1, out);
        else square(w, h, tx, ty, 2, out);
    }
    out.push_back(ia);
    out.push_back(ib);
}

}  // namespace tilelab::match3::v2::detail
