// Hint swaps without rescans: every legal swap (row bitboards or streak tables), and the cells its first step clears.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "tilelab/match3/byte_board.hpp"
#include "tilelab/match3/rules.hpp"

namespace tilelab::match3 {

// A swap between a cell and its right or lower neighbour (a < b in (x, y) order).
struct Swap {
    Cell a;
    Cell b;
    friend constexpr auto operator<=>(const Swap&, const Swap&) = default;
};

// The legal swaps of one board without trying them (the plain way swaps every pair and rescans, as
// tests/match3/oracle.cpp does; see bench_match3 for the ratio). With min_match 3 on boards up to 64
// wide, the classic hint patterns (two of a colour beyond the cell in line, or one on each side across;
// docs/match3.md "Speed") become whole-row bitboard operations per colour. Otherwise streak tables
// give, for every piece, how many equal pieces run from it towards each side (itself included), and a
// swap's legality is a few look-ups per swapped piece. The tables also give greedy's clear counts on a
// settled board.
class HintScanner {
public:
    // Finds the runs and legal swaps of `board` (kept by reference until the next scan).
    void scan(const Board& board, const RulesConfig& rules);

    // Every legal swap in (a, b) order: a by x then y, its right neighbour before its lower one.
    const std::vector<Swap>& legal_swaps() const {
        if (!listed_) list_swaps();
        return swaps_;
    }
    bool dead() const { return listed_ ? swaps_.empty() : swap_columns_ == 0; }
    const RunMarks& runs() const { return runs_; }

    // The cells the first resolution step after `swap` clears: every run on the swapped board. Only
    // the swapped row(s) and column(s) change, so their runs are rescanned and the rest taken from the
    // board's own runs. Cells come out unordered; `sorted` orders them by (x, y), into `out` (its
    // buffer reused: no allocation once it has grown) or a new vector.
    void clears(const Swap& swap, std::vector<int>& out_indices);
    void clears_sorted(const Swap& swap, std::vector<Cell>& out);
    std::vector<Cell> clears_sorted(const Swap& swap);
    int clear_count(const Swap& swap);
    // Greedy's choice: the first swap of legal_swaps() with the most clear_count(), or none on a dead
    // board. On a settled board with the padded masks the counts come from one loop over the swap
    // masks that reads each swap's two pieces and their masks directly (the swaps are known legal),
    // without listing the swaps.
    std::optional<Swap> greedy_swap();

    // The first resolution step of a legal `swap` on a settled board (no run before it) with the
    // bitboards: the cells it clears (board indices, unordered) and the points the scoring walk gives
    // them, as resolve_step would find them, without scanning the board. False when the board is not
    // settled or the bitboards do not apply; the caller then resolves the step itself.
    bool settled_first_step(const Swap& swap, std::vector<int>& cells, std::int64_t& points);

    // The scanned board as byte rows when the scan took that path (a settled board up to
    // ByteBoard's size, min_match 3), else nullptr.
    const ByteBoard* bytes() const { return byte_mode_ ? &bytes_ : nullptr; }
    // In byte mode, the first step of a swap in the face's form: its cells (at most
    // first_step_cells, in (x, y) order) into `cells` and its points; -1 where it does not apply.
    static constexpr int first_step_cells = 14;
    int byte_first_step(const Swap& swap, Cell* cells, std::int64_t& points) const;
    // Off: later scans keep to the 64-bit row masks and streak tables (tests compare the paths).
    void use_byte_rows(bool on) { byte_rows_ = on; }

private:
    // Run lengths through the two swapped pieces after the swap, per axis.
    struct Lines {
        int a_row, a_col, b_row, b_col;
    };
    Lines lines_after(int ax, int ay, int bx, int by) const;
    bool legal(int ax, int ay, int bx, int by) const;
    void build_tables();
    bool legal_swaps_bitboard();
    void list_swaps() const;  // swaps_ from the swap masks, in the face's order
    // The byte rows' scan (ByteBoard): false (nothing kept) when the board does not fit or has runs.
    bool scan_bytes(const Board& board);
    // Bitboard clears (the run scan's bitboard path, boards up to 64 wide): fills set_ with the
    // swap's clear cells, one word per row (bit x = column x). False when the path does not apply.
    bool clears_bitboard(const Swap& swap);
    // The runs through `to` of the colour whose row masks are `rows`, after its piece moved from
    // `from` to `to` (a settled board: no other run of that colour can appear): the row run
    // [x0, x0 + row) of row to.y and the column run [y0, y0 + col) of column to.x, 0 when shorter
    // than min_match.
    using Through = RunThrough;
    Through through(const std::uint64_t* rows, Cell from, Cell to) const;
    // through() for colour `colour` on a settled board: with the bitboard swap scan's padded masks
    // (min_match 3, where no colour lies more than two deep on a side of `to`), the column run is a
    // five-row window read without a walk; otherwise through(rows, ...).
    Through through_settled(std::int32_t colour, const std::uint64_t* rows, Cell from, Cell to) const;
    // On a settled board with the bitboards: the runs through a (ta) and b (tb) after `swap`.
    bool settled_spans(const Swap& swap, Through& ta, Through& tb) const;
    // In byte mode, for a swap in the face's form (b the right or lower neighbour of a): its two
    // Swaps::span bytes and direction; false for other swaps or ones that are not two pieces of two
    // colours.
    bool byte_spans(const Swap& swap, std::uint8_t& span_a, std::uint8_t& span_b, int& down) const;
    // The cells of those runs (board indices, each once), appended to cells.
    void span_cells(const Swap& swap, const Through& ta, const Through& tb, std::vector<int>& cells) const;
    void add_runs_through(const std::uint64_t* rows, Cell from, Cell to);  // into set_
    // Adds to set_ every run of the colour with row masks `rows` after its piece moved from -> to.
    void add_colour_runs(const std::uint64_t* rows, Cell from, Cell to);
    void add_row_runs(int y);
    void add_col_runs(int x);
    void add(int idx, std::vector<int>& out);

    const Board* board_ = nullptr;
    Board
        swapped_;  // a copy of the board (made on first use); a swap is applied to it while its lines are rescanned, then undone
    bool swapped_ready_ = false;
    // Bitboards (when runs_.bitboard_colors > 0): crun_[c * h + y] the cells of colour c in row y that
    // lie in a run, all_runs_[y] those of every colour; set_ and tmp_ are per-row scratch words.
    std::vector<std::uint64_t> crun_, all_runs_, set_, tmp_;
    RulesConfig rules_;
    RunMarks runs_;
    std::vector<std::uint16_t> left_, right_, up_, down_;  // built on demand (tables_ready_)
    bool tables_ready_ = false;
    std::vector<std::uint64_t> masks_;  // the bitboard path's per-colour rows, pieces and swap masks
    // masks_ holds this scan's per-colour rows (colours below mask_colors_, mask_stride_ words a
    // colour, two empty rows above and below): legal_swaps_bitboard took the board.
    bool masks_ready_ = false;
    int mask_colors_ = 0;
    std::size_t mask_stride_ = 0;
    // The legal swaps: listed by the scan (tables) or, on the bitboard path, by legal_swaps() on
    // first use (listed_ false until then; swap_columns_ the columns with a swap).
    mutable std::vector<Swap> swaps_;
    mutable bool listed_ = true;
    std::uint64_t swap_columns_ = 0;
    std::vector<std::uint32_t> stamp_;
    std::uint32_t stamp_now_ = 0;
    std::vector<int>* out_ = nullptr;
    std::vector<int> count_buffer_;
    // The byte rows path (scan_bytes): the board and its legal swaps.
    ByteBoard bytes_;
    bool byte_mode_ = false;
    bool byte_rows_ = true;
    ByteBoard::Swaps byte_swaps_;
};

// The face-level answer: every legal swap with its sorted clears, in legal_swaps() order.
std::vector<HintSwap> hint_swaps(const Board& board, const RulesConfig& rules);

}  // namespace tilelab::match3
