// Internals shared by the sources of format 2 (v2_*.cpp, docs/match3.md "Format version 2"), not
// part of the library's interface: the board as masks and byte rows (v2_board.cpp), gravity,
// refill and exits (v2_gravity.cpp) and the swap tests every path starts from (here).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/match3/byte_board.hpp"
#include "tilelab/match3/v2.hpp"

namespace tilelab::match3::v2::detail {

// The colour of a piece or special, -1 for any other cell.
inline int colour(std::int32_t v) { return v >= 0 ? cell::color_of(v) : -1; }

// Bit i of the result: bit k of byte i of `bytes` (eight cells' flag bytes, cell i in byte i). Each
// byte's bit k moves to bit 56 + i of one product (no two partial products meet).
[[gnu::always_inline]] inline std::uint64_t gather_bits(std::uint64_t bytes, int k) {
    return (bytes >> k & 0x0101010101010101ull) * 0x0102040810204080ull >> 56;
}

// A state's board and lock layer as a step changes them.
struct View {
    Board& board;
    Grid* lock;  // nullptr: nothing locked
    int w, h;
    Scratch::Changes* changes = nullptr;  // on: gravity and refill mark the cells they may write
    std::int32_t& at(int idx) { return board.cells[static_cast<std::size_t>(idx)]; }
    bool locked(int idx) const { return lock && lock->cells[static_cast<std::size_t>(idx)] != 0; }
    // Crates, blockers and locked items split a column for gravity and refill.
    bool splitter(int idx) {
        const std::int32_t v = at(idx);
        return v == cell::blocker || cell::is_crate(v) || (is_item(v) && locked(idx));
    }
};

inline View view_of(State& state) {
    Grid* lock = state.lock ? &*state.lock : nullptr;
    return View{state.board, lock, state.board.width, state.board.height};
}

// classify's tests of the two cells and their values: illegal or combo, or runs when only whether a
// run forms is left to decide.
inline SwapKind classify_values(const Board& board, const std::optional<Grid>& lock, Cell a, Cell b, std::string* why) {
    auto no = [&](const char* text) {
        if (why) *why = text;
        return SwapKind::illegal;
    };
    if (!board.contains(a) || !board.contains(b)) return no("a cell of the swap is outside the board");
    if (std::abs(a.x - b.x) + std::abs(a.y - b.y) != 1) return no("the two cells are not orthogonal neighbours");
    const std::int32_t va = board.at(a), vb = board.at(b);
    if (!is_item(va) || !is_item(vb))
        return no(
            "only pieces, specials, colour bombs and ingredients can be swapped (not crates, blockers, holes or empty cells)");
    if (lock && (lock->at(a) != 0 || lock->at(b) != 0)) return no("a locked item cannot be swapped");
    if (va == cell::ingredient && vb == cell::ingredient) return no("two ingredients: the swap changes nothing");
    if (va == vb && va >= 0 && !cell::is_special(va)) return no("the two pieces have the same colour: the swap changes nothing");
    const bool bomb_a = va == cell::color_bomb, bomb_b = vb == cell::color_bomb;
    if ((bomb_a && (vb >= 0 || bomb_b)) || (bomb_b && va >= 0)) return SwapKind::combo;
    if (cell::is_special(va) && cell::is_special(vb)) return SwapKind::combo;
    return SwapKind::runs;
}

// v2_board.cpp: colour rows, runs and match groups (of the int32 cells or row masks), the previews'
// masks.
int colour_count(const Board& board);
void build_colour_rows(const Board& board, int colours, std::vector<std::uint64_t>& rows);
bool scan_runs(const Board& board, int min_match, Scratch& s);
void find_groups(const Board& board, Scratch& s);
void prepare_masks(const State& state, int min_match, Scratch& scratch);
void prepare_fire_masks(const State& state, Scratch::PreviewMasks& pm);

// v2_gravity.cpp: steps 7 and 8 (gravity, refill, exits) with events, or on boards the byte rows do
// not fit.
// whole: visit every column with an empty cell (resolve_step's reference path), not only those
// where something falls.
int gravity(View& v, std::vector<Event>* events, int step, bool whole = false);
int fall_column(View& v, int x, std::vector<Event>* events, int step);
int refill(View& v, const Config& config, Rng& rng, std::vector<Event>* events, int step);

// v2_rules.cpp: gravity in one column without events (the quiet steps' and gravity()'s).
int fall_regular(View& v, int x);
// The cells a fired special (or a colour bomb, of `bomb_colour`; -1: its own cell only) clears, and
// a combo's (a colour bomb with a special turns that colour's pieces into the special first), in
// `out` (v2_areas.cpp).
void own_area(const Board& board, int idx, int bomb_colour, std::vector<int>& out);
void combo_area(Board& board, int ia, int ib, std::vector<int>& out);
int fall_segments(View& v, int x);

}  // namespace tilelab::match3::v2::detail
