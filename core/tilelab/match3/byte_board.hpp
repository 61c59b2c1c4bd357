// match3 version 1 boards up to 12 columns by 24 rows as rows of 16 bytes: a row's cells are compared
// with their neighbours' 16 at a time (GCC's vector extensions, which Clang has too: one code path
// on every target), colour against colour, whatever the colour. The hint scanner and the lookahead
// bot use it on such boards with min_match 3 (a settled board's runs, legal swaps, the runs through a
// swapped piece, a resolution step without refill); rules.cpp stays the reference every path is
// tested against.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "tilelab/board/board.hpp"
#include "tilelab/random.hpp"

namespace tilelab::match3 {

// The runs through a cell a piece moved to: the row run [x0, x0 + row) and the column run
// [y0, y0 + col), each 0 when it is shorter than the level's min_match.
struct RunThrough {
    int x0 = 0, row = 0, y0 = 0, col = 0;
};

class ByteBoard {
public:
    static constexpr int max_width = 12;
    static constexpr int max_height = 24;
    static constexpr int lanes = 16;
    static constexpr int pad = 2;  // rows above and below, lanes left (and at least two right)
    // Cell codes: a piece of colour c is c + 1 (colours below max_colour); 0 is outside the board.
    static constexpr std::int8_t empty = -1, blocker = -2, hole = -3;
    static constexpr int max_colour = 126;

    // The board when it fits (width and height, only pieces below max_colour, empty cells, blockers
    // and holes); false otherwise (the caller keeps to rules.cpp).
    bool load(const Board& board);
    int width() const { return w_; }
    int height() const { return h_; }

    // Code of the cell (x, y), for -2 <= x < 14 and -2 <= y < height + 2 (0 outside the board).
    std::int8_t code(int x, int y) const { return b_[offset(x, y)]; }
    std::int8_t& code(int x, int y) { return b_[offset(x, y)]; }
    static int offset(int x, int y) { return (y + pad) * lanes + x + pad; }

    // Whether any row or column holds three pieces of one colour in a line.
    bool has_run() const;

    // The legal swaps with min_match 3 (a swapped piece ends in a run of its colour; both cells are
    // pieces of two colours) and what their pieces find around the cells they move to.
    struct Swaps {
        std::uint32_t columns = 0;  // the columns holding a legal swap's first cell
        // by_column[x + 2] bit 2y + d: the swap of (x, y) with its right (d = 0) or lower (d = 1)
        // neighbour is legal; its bits in the face's order.
        std::uint64_t by_column[lanes];
        // span[d][p][y][x + 2] for the swap of (x, y) with its right (d = 0) or lower (d = 1)
        // neighbour, for the piece that moves onto (x, y) (p = 0) or leaves it (p = 1): how many
        // cells of that piece's colour follow in a line from its new cell (at most 2 on a board
        // without runs; 0 on the side it came from), left | right << 2 | up << 4 | down << 6.
        alignas(16) std::uint8_t span[2][2][max_height][lanes];
    };
    void scan_swaps(Swaps& out) const;

    // The runs through `to` after its neighbour `from`'s piece moved there, on a board without runs:
    // the colour goes on at most two cells each side. Both cells must hold pieces of two colours.
    RunThrough through(Cell from, Cell to) const;
    // The same from a Swaps::span byte of the cell `to`.
    static constexpr RunThrough through(Cell to, std::uint8_t span) {
        return runs_of(to, span & 3, span >> 2 & 3, span >> 4 & 3, span >> 6);
    }
    // How many cells those runs clear (the moved piece once), by span byte.
    static constexpr int cleared(std::uint8_t span) { return cleared_by_span[span]; }
    // What clearing them scores, in score_per_piece units (the scoring walk of docs/match3.md "Rules as
    // implemented": a row run's pieces score its length - 1 each, a column run's the same but for the
    // piece its row run took).
    static constexpr int points(std::uint8_t span) { return points_by_span[span]; }

    // One resolution step with min_match 3 and without refill (a bot's lookahead), as
    // resolve_step(Resolution::lookahead) plays it on the same board: every run cleared at once and
    // scored by the scoring walk (rows first, then columns; added to `points`), `cleared(colour, x, y)`
    // called for every cleared piece, then gravity. Returns false (nothing changed) when the board has
    // no run.
    template <class Cleared>
    bool step(std::int64_t score_per_piece, std::int64_t& points, Cleared&& cleared);

    // The cells back into `board` (the board it was loaded from, or one of its size).
    void store(Board& board) const;
    // Refill (refill()): the empty cells of each column's top segment (above its first blocker),
    // columns left to right, bottom-most first, each colour rng.uniform(colors).
    void refill(int colors, Rng& rng);

    // The cells a step empties, for the gravity after it: the columns (bit x) and, per column, the
    // lowest row emptied (each column's cells added top down, so the last is the lowest).
    struct Emptied {
        std::uint32_t columns = 0;
        std::int8_t lowest[max_width];
        void add(int x, int y) {
            columns |= 1u << x;
            lowest[x] = static_cast<std::int8_t>(y);
        }
    };
    // Empties the cell (x, y) (a cleared piece).
    void clear(int x, int y) { code(x, y) = empty; }
    void swap(Cell a, Cell b) {
        std::swap(code(a.x, a.y), code(b.x, b.y));
        dirty_ = std::max(dirty_, std::max(a.y, b.y) + 1);
    }
    // Pieces fall past holes into empty cells, never past blockers (apply_gravity).
    void gravity();
    // The same after the cells of `emptied` were emptied: of the columns without blockers and holes
    // only theirs move, each from its lowest emptied cell up (every other empty cell of such a
    // column lies at its top, once a gravity has run since the load, or as loaded).
    void gravity(const Emptied& emptied);

    // Copies the rows in use (not the whole buffer), a row at a time (no library call).
    void copy_from(const ByteBoard& other) {
        w_ = other.w_;
        h_ = other.h_;
        irregular_ = other.irregular_;
        floating_ = other.floating_;
        dirty_ = other.dirty_;
        for (int row = 0; row < h_ + 2 * pad; ++row) std::memcpy(b_ + row * lanes, other.b_ + row * lanes, lanes);
    }

private:
    // The runs (of at least 3) through `to` with `left` .. `down` cells of its colour beside it.
    static constexpr RunThrough runs_of(Cell to, int left, int right, int up, int down) {
        RunThrough t;
        const bool row_run = 1 + left + right >= 3, col_run = 1 + up + down >= 3;
        t.x0 = row_run ? to.x - left : 0;
        t.row = row_run ? 1 + left + right : 0;
        t.y0 = col_run ? to.y - up : 0;
        t.col = col_run ? 1 + up + down : 0;
        return t;
    }
    static constexpr auto cleared_by_span = [] {
        std::array<std::uint8_t, 256> table{};
        for (int span = 0; span < 256; ++span) {
            const int row = 1 + (span & 3) + (span >> 2 & 3), col = 1 + (span >> 4 & 3) + (span >> 6);
            const int r = row >= 3 ? row : 0, c = col >= 3 ? col : 0;
            table[static_cast<std::size_t>(span)] = static_cast<std::uint8_t>(r + c - (r && c ? 1 : 0));
        }
        return table;
    }();
    static constexpr auto points_by_span = [] {
        std::array<std::uint8_t, 256> table{};
        for (int span = 0; span < 256; ++span) {
            const int row = 1 + (span & 3) + (span >> 2 & 3), col = 1 + (span >> 4 & 3) + (span >> 6);
            const int r = row >= 3 ? row : 0, c = col >= 3 ? col : 0;
            table[static_cast<std::size_t>(span)] = static_cast<std::uint8_t>(r * (r - 1) +
                                                                              (c ? (c - (r ? 1 : 0)) * (c - 1) : 0));
        }
        return table;
    }();
    // Marks runs: row[y] / col[y] bit x for the cells of row runs / column runs; the points of the
    // step. False without a run.
    bool find_runs(std::int64_t score_per_piece, std::uint32_t* cells, std::int64_t& points) const;
    void gravity_column(int x, int lowest_empty);

    alignas(16) std::int8_t b_[(max_height + 2 * pad) * lanes];
    int w_ = 0, h_ = 0;
    std::uint32_t irregular_ = 0;  // columns with a blocker or a hole (bit x)
    bool floating_ = false;        // a piece may lie above an empty cell (as loaded, before a gravity)
    // Rows 0 .. dirty_ - 1 hold every cell changed since the last step found no run or cleared
    // them all (a swap, a gravity, a refill): a run can only start there, since one among unchanged
    // cells would have been there, and cleared, before. The whole board when loaded.
    int dirty_ = 0;
};

// A format 2 board (v2_rules.cpp, docs/match3.md "Format version 2") up to ByteBoard::max_width x
// max_height, as masks per row (bit x: column x) made from byte rows of its cells: which neighbours
// hold pieces or specials of one colour (value & 0xff, any of the 256), and what gravity and a step
// need to know.
// Made once per resolution step (v2's resolve_step), 16 cells compared at once. The comparisons stay
// vectors until a step asks for masks: turning a row's 16 lanes into a mask is the dear part, and
// most steps (a cascade's last) only ask whether there is a run of three.
struct V2Rows {
    static constexpr int max_width = ByteBoard::max_width;
    static constexpr int max_height = ByteBoard::max_height;
    static bool fits(int width, int height) { return width >= 1 && height >= 1 && width <= max_width && height <= max_height; }
    // same_right[y] bit x: (x, y) and (x + 1, y) are pieces or specials of one colour; same_below[y]
    // bit x: (x, y) and (x, y + 1). Rows h and h + 1 are 0 (a column run's test reads past the last).
    // Filled by links().
    std::uint32_t same_right[max_height + 2] = {}, same_below[max_height + 2] = {};
    // Filled by load_cells(), as byte rows a step updates cell by cell (a store each, no mask made):
    // empty cells; items in gravity's sense (anything but holes, empty cells and splitters: what
    // falls); splitters (blockers, crates, locked items); crates. And the columns holding a cell that
    // makes a column irregular (anything but pieces, specials, colour bombs, ingredients and empty
    // cells).
    std::uint32_t other_columns = 0;
    bool any_bomb = false, any_crate = false, any_ingredient = false;
    // Reads `cells` (width x height, fits()): their links, as vectors.
    void load(const std::int32_t* cells, int width, int height);
    // Whether the cells load() read hold three pieces or specials of one colour in a line.
    bool run_of_three() const { return run3_; }
    // same_right and same_below of the cells load() read.
    void links();
    // The other rows and flags, of the cells load() read, with `lock` (the same size) or nullptr.
    void load_cells(const std::int32_t* lock);
    // A cleared cell (now empty); a special placed on an empty cell; a crate gone (now empty).
    void clear(int x, int y) {
        empty_[y][x + ByteBoard::pad] = -1;
        item_[y][x + ByteBoard::pad] = 0;
    }
    void place(int x, int y) {
        empty_[y][x + ByteBoard::pad] = 0;
        item_[y][x + ByteBoard::pad] = -1;
    }
    void crate_gone(int x, int y) {
        empty_[y][x + ByteBoard::pad] = -1;
        splitter_[y][x + ByteBoard::pad] = 0;
    }
    // The crates of row y (bit x).
    std::uint32_t crates(int y) const;
    // The columns where an item lies above an empty cell of its segment (holes between them let it
    // through): those gravity moves.
    std::uint32_t falling_columns() const;
    // The columns holding an empty cell.
    std::uint32_t empty_columns() const;

private:
    int w_ = 0, h_ = 0;
    bool run3_ = false;
    // The cells as load() read them, negative values kept (-128 for any below it) and every piece
    // or special 0 (see byte_board.cpp), a spare vector before and after them.
    alignas(16) std::int8_t kinds_[ByteBoard::lanes + max_width * max_height + ByteBoard::lanes] = {};
    // Row y's links to the right and below as 16 lanes (lane x + 2: column x; all ones: linked), and
    // load_cells()'s rows (all ones: set).
    alignas(16) std::int8_t right_[max_height][ByteBoard::lanes] = {}, below_[max_height][ByteBoard::lanes] = {};
    alignas(16) std::int8_t empty_[max_height][ByteBoard::lanes] = {}, item_[max_height][ByteBoard::lanes] = {};
    alignas(16) std::int8_t splitter_[max_height][ByteBoard::lanes] = {}, crate_[max_height][ByteBoard::lanes] = {};
};

template <class Cleared>
bool ByteBoard::step(std::int64_t score_per_piece, std::int64_t& points, Cleared&& cleared) {
    std::uint32_t cells[max_height];
    if (!find_runs(score_per_piece, cells, points)) {
        dirty_ = 0;  // no run anywhere
        return false;
    }
    Emptied emptied;
    for (int y = 0; y < h_; ++y)
        for (std::uint32_t m = cells[y]; m; m &= m - 1) {
            const int x = __builtin_ctz(m);
            std::int8_t& c = code(x, y);
            cleared(c - 1, x, y);
            c = empty;
            emptied.add(x, y);
        }
    gravity(emptied);
    return true;
}

}  // namespace tilelab::match3
