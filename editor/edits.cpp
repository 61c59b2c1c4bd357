// Level edits as plain functions on values (see edits.hpp).
#include "edits.hpp"

#include <algorithm>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/link/link.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/random.hpp"

namespace tilelab::editor {

bool paint_cell(Level& level, Cell c, Paint paint) {
    if (!level.board.contains(c)) return false;
    if (paint.jelly) {
        if (!level.jelly) level.jelly = Grid(level.width(), level.height(), 0);
        std::int32_t& layers = level.jelly->at(c);
        if (layers == paint.value) return false;
        layers = paint.value;
        // An all-zero jelly layer is the same as none: drop it so the file stays minimal.
        if (std::all_of(level.jelly->cells.begin(), level.jelly->cells.end(), [](std::int32_t v) { return v == 0; }))
            level.jelly.reset();
        return true;
    }
    std::int32_t& cell = level.board.at(c);
    if (cell == paint.value) return false;
    cell = paint.value;
    return true;
}

Paint eraser_paint(const Level&, bool jelly) { return jelly ? Paint{true, 0} : Paint{false, cell::empty}; }

Paint pick(const Level& level, Cell c, bool jelly) {
    if (!level.board.contains(c)) return {};
    if (jelly) return {true, level.jelly ? level.jelly->at(c) : 0};
    return {false, level.board.at(c)};
}

void bucket_fill(Level& level, Cell start, Paint paint) {
    if (!level.board.contains(start)) return;
    Grid before = paint.jelly ? (level.jelly ? *level.jelly : Grid(level.width(), level.height(), 0)) : level.board;
    std::int32_t target = before.at(start);
    if (target == paint.value) return;
    std::vector<Cell> stack{start};
    std::vector<char> seen(static_cast<std::size_t>(before.size()), 0);
    seen[static_cast<std::size_t>(before.index(start.x, start.y))] = 1;
    while (!stack.empty()) {
        Cell c = stack.back();
        stack.pop_back();
        paint_cell(level, c, paint);
        const Cell next[4] = {{c.x + 1, c.y}, {c.x - 1, c.y}, {c.x, c.y + 1}, {c.x, c.y - 1}};
        for (Cell n : next) {
            if (!before.contains(n) || before.at(n) != target) continue;
            auto index = static_cast<std::size_t>(before.index(n.x, n.y));
            if (seen[index]) continue;
            seen[index] = 1;
            stack.push_back(n);
        }
    }
}

void fill_rect(Level& level, Cell a, Cell b, Paint paint) {
    int x0 = std::max(0, std::min(a.x, b.x)), x1 = std::min(level.width() - 1, std::max(a.x, b.x));
    int y0 = std::max(0, std::min(a.y, b.y)), y1 = std::min(level.height() - 1, std::max(a.y, b.y));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) paint_cell(level, {x, y}, paint);
}

std::int32_t rotate_mask(std::int32_t mask, bool clockwise) {
    if (mask <= 0 || mask > 15) return mask;
    // Clockwise: top(1)->right(2)->bottom(4)->left(8)->top: a left rotation of the 4 bits.
    if (clockwise) return ((mask << 1) | (mask >> 3)) & 15;
    return ((mask >> 1) | (mask << 3)) & 15;
}

namespace {
std::pair<int, int> anchor_offset(Anchor anchor, int dw, int dh) {
    int column = static_cast<int>(anchor) % 3, row = static_cast<int>(anchor) / 3;
    int ox = column == 0 ? 0 : column == 1 ? dw / 2 : dw;
    int oy = row == 0 ? 0 : row == 1 ? dh / 2 : dh;
    return {ox, oy};
}

Grid resize_grid(const Grid& grid, int width, int height, int ox, int oy, std::int32_t fill) {
    Grid out(width, height, fill);
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x)
            if (out.contains(x + ox, y + oy)) out.at(x + ox, y + oy) = grid.at(x, y);
    return out;
}
}  // namespace

void resize_level(Level& level, int width, int height, Anchor anchor) {
    width = std::clamp(width, 1, max_board_side);
    height = std::clamp(height, 1, max_board_side);
    auto [ox, oy] = anchor_offset(anchor, width - level.width(), height - level.height());
    std::int32_t fill = level.kind == Kind::match3 ? cell::random : cell::empty;
    level.board = resize_grid(level.board, width, height, ox, oy, fill);
    if (level.jelly) level.jelly = resize_grid(*level.jelly, width, height, ox, oy, 0);
    // Fixed rows and columns of lines keep naming the same content, or go when it is cut away.
    auto shift = [](std::vector<int>& indices, int offset, int limit) {
        std::vector<int> kept;
        for (int i : indices)
            if (i + offset >= 0 && i + offset < limit) kept.push_back(i + offset);
        indices = kept;
    };
    shift(level.rules.fixed_rows, oy, height);
    shift(level.rules.fixed_cols, ox, width);
}

std::string fill_with_generator(Level& level, std::optional<std::pair<Cell, Cell>> selection, std::uint64_t seed) {
    int x0 = 0, y0 = 0, x1 = level.width() - 1, y1 = level.height() - 1;
    if (selection) {
        x0 = std::max(0, std::min(selection->first.x, selection->second.x));
        x1 = std::min(level.width() - 1, std::max(selection->first.x, selection->second.x));
        y0 = std::max(0, std::min(selection->first.y, selection->second.y));
        y1 = std::min(level.height() - 1, std::max(selection->first.y, selection->second.y));
    }
    if (level.kind == Kind::match3) {
        // Fill in place, so the new pieces make no run with the ones around them either, and the
        // whole board keeps a move (the core retries until both hold).
        std::vector<Cell> cells;
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x)
                if (selection || level.board.at(x, y) == cell::random) cells.push_back({x, y});
        if (cells.empty()) return "no ? cells to fill (select an area to refill it)";
        Board board = level.board;
        Rng rng(seed);
        if (!match3::fill_selection(board, cells, level.rules, rng))
            return "no fill of these cells leaves a board without runs and with a move";
        level.board = std::move(board);
        return "";
    }
    if (level.kind == Kind::link) {
        // Pairs laid on the area's free cells so that the whole board, with what stands around the
        // area, can still be cleared (the solver proves it, or reverse play builds it).
        std::vector<Cell> cells;
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) cells.push_back({x, y});
        Board board = level.board;
        Rng rng(seed);
        std::string error = link::fill_cells(board, cells, link::rules_of(level), level.rules.pair, rng);
        if (error.empty()) level.board = std::move(board);
        return error;
    }
    // lines: a scrambled board of closed networks the size of the area, laid over it.
    GenerateOptions options;
    options.kind = level.kind;
    options.width = x1 - x0 + 1;
    options.height = y1 - y0 + 1;
    options.seed = seed;
    GenerateResult result = kind_ops(level.kind).generate(options);
    if (!result.level) return result.error.empty() ? "the generator made no level" : result.error;
    const Board& made = result.level->board;
    if (made.width != options.width || made.height != options.height) return "the generator made a board of another size";
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            std::int32_t& cell = level.board.at(x, y);
            // Blockers and holes the designer placed are part of the layout: keep them.
            if (cell == cell::blocker || cell == cell::hole) continue;
            cell = made.at(x - x0, y - y0);
        }
    return "";
}

}  // namespace tilelab::editor
