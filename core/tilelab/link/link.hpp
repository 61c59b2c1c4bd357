// The link kind (Onet / Shisen-Sho, docs/link.md): paths, linkable pairs, the solver, the generator.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/kind_format.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/random.hpp"

namespace tilelab::link {

const KindOps& ops();
// How the kind's cells are coloured and drawn in the report's pictures (look.cpp; KindOps::look).
const KindLook& look();
// Its part in `generate` to a target: how candidates are made and measured (aim.cpp; KindOps::aim).
const KindAim& aim();
// What the level file holds of the kind: its cell tokens, rules, goal, layers and format versions
// (format.cpp; board/kind_format.hpp, listed by kinds/table.cpp's kind_format).
const KindFormat& format();

// link's level problems (level_problems in kinds/table.hpp says which); analyze lists them.
std::vector<Warning> level_problems(const Level& level);

// The rules of a link level that paths and the solver depend on.
struct LinkRules {
    Pairing pair;
    int max_turns = 2;   // 0..3
    bool border = true;  // paths may use the ring just outside the board
};
LinkRules rules_of(const Level& level);

// The board as paths see it: the board inside a one-cell ring (empty when the border is on,
// a wall when it is off), with a bit set for each empty cell in a bitset per row and one per
// column. Path queries read the straight runs of empty cells from the bits (one word a row or
// column for sides up to 61 cells) instead of walking the board; removing a tile clears its two
// bits (see docs/link.md "Paths").
class LinkField {
public:
    LinkField() = default;
    LinkField(const Board& board, bool border);
    // Rebuilds the field for another board in the buffers it already has: a field kept across
    // queries (all_links keeps one per thread) allocates nothing once it has seen a board this big.
    void assign(const Board& board, bool border);

    int width() const { return width_; }
    int height() const { return height_; }
    bool border() const { return border_; }
    // The value at a board cell (cell::empty / cell::blocker or a tile value); cells outside the
    // board read as the ring (empty with the border on, a blocker without it; beyond it, blocker).
    std::int32_t at(Cell c) const {
        const int px = c.x + 1, py = c.y + 1;
        if (px < 0 || py < 0 || px >= pw_ || py >= ph_) return cell::blocker;
        return cells_[static_cast<std::size_t>(pad_index(px, py))];
    }
    bool is_tile(Cell c) const { return cell::is_value(at(c)); }
    // Whether a board cell has an empty neighbour (the ring counts): a tile without one links
    // only to the tiles next to it.
    bool has_free_neighbour(Cell c) const {
        const auto i = static_cast<std::size_t>(pad_index(c.x + 1, c.y + 1));
        const auto w = static_cast<std::size_t>(pw_);
        // Bitwise, not short-circuit: four loads and no branch to mispredict on a mixed board.
        return (static_cast<int>(cells_[i - 1] == cell::empty) | static_cast<int>(cells_[i + 1] == cell::empty) |
                static_cast<int>(cells_[i - w] == cell::empty) | static_cast<int>(cells_[i + w] == cell::empty)) != 0;
    }
    // The value at a board cell known to be on the board (no bounds check).
    std::int32_t board_value(int x, int y) const { return cells_[static_cast<std::size_t>(pad_index(x + 1, y + 1))]; }
    // Empties the cell (a tile removed).
    void clear(Cell c) { set(c, cell::empty); }
    // Puts a value (a tile, empty or a blocker) on a board cell and updates its row's and its
    // column's bits. The solver undoes removals with it.
    void set(Cell c, std::int32_t value);

    // The link between the cells of two tiles with the fewest turns (at most max_turns) and then
    // the shortest length, or nullopt. Does not check the pairing; a == b never links.
    std::optional<LinkPath> find_link(Cell a, Cell b, int max_turns) const;
    // The same into `out` (its path's buffer reused); false, `out` untouched, when there is none.
    bool find_link(Cell a, Cell b, int max_turns, LinkPath& out) const;
    // Only whether a link exists (stops at the first path found, fewest turns first).
    bool links(Cell a, Cell b, int max_turns) const;

private:
    friend struct FieldAccess;
    int pad_index(int px, int py) const { return py * pw_ + px; }
    // Whether each padded row and column fits one word with bit 63 unused (sides up to 61).
    bool one_word() const { return pw_ <= 63 && ph_ <= 63; }

    int width_ = 0, height_ = 0, pw_ = 2, ph_ = 2;
    bool border_ = true;
    std::vector<std::int32_t> cells_;  // padded, row-major
    // Empty cells as bits: row py's bit px is rows_[py * row_words_ + px / 64] >> (px % 64) & 1,
    // column px's bit py is cols_[px * col_words_ + py / 64] >> (py % 64) & 1. Bits past the
    // ring are 0: runs end there.
    int row_words_ = 1, col_words_ = 1;
    std::vector<std::uint64_t> rows_, cols_;
};

// Path length in cells stepped (the sum of the segment lengths between corner points).
int path_length(const std::vector<Cell>& corners);

// The link of one pair on a board: nullopt when a cell is not a tile, the values do not pair,
// or no path exists within max_turns. The pairing is checked first: it is far cheaper.
std::optional<LinkPath> link_pair(const Board& board, const LinkRules& rules, Cell a, Cell b);
// Every linkable pair once, a before b in row-major order, sorted by (a, b) in row-major order.
std::vector<LinkPath> all_links(const LinkField& field, const LinkRules& rules);
std::vector<LinkPath> all_links(const Board& board, const LinkRules& rules);
// The same into `out`: its elements and their path buffers are reused, so repeated queries of
// boards with as many links allocate nothing.
void all_links(const LinkField& field, const LinkRules& rules, std::vector<LinkPath>& out);
void all_links(const Board& board, const LinkRules& rules, std::vector<LinkPath>& out);
// Every tile that the tile at `tile` links to now (for the editor's hover).
std::vector<LinkPath> links_of_tile(const Board& board, const LinkRules& rules, Cell tile);

// ---- The solver ---------------------------------------------------------------------------------

struct SolveOptions {
    int budget_ms = 1000;
    StopToken stop;                // cancels the search (the editor's next edit)
    Progress* progress = nullptr;  // fraction of tiles cleared in the deepest line so far
};

struct SolveResult {
    Verdict verdict = Verdict::unknown;
    std::vector<CellPairMove> order;  // when solvable: a removal order that clears the board
    std::uint64_t nodes = 0;          // positions expanded
    double elapsed_ms = 0.0;
};

// solvable (with an order), unsolvable (the search is exhausted), or unknown (budget or stop).
SolveResult solve(const Board& board, const LinkRules& rules, const SolveOptions& options);

// Warnings about tiles that can never be cleared (no partner, odd counts).
std::vector<Warning> pairing_warnings(const Board& board, const LinkRules& rules);

// ---- The random player ------------------------------------------------------------------------------

// The difficulty of a link level for a player who does not plan: at every step a link drawn
// uniformly among those available (all_links order) from Rng(playout_seed(seed, run)), until the
// board is clear or stuck. `tilelab estimate` on a link level: "bot": "random" (the only one;
// "" means it); the pass rate is the clear rate (goal_met at the end: cleared within the limit).
// `moves`: when given, the pairs removed, in order.
PlayoutOutcome random_playout(const Level& level, std::uint64_t seed, int run_index, const StopToken& stop = {},
                              std::vector<CellPairMove>* moves = nullptr);
EstimateResult estimate_clear_rate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress);
EstimateResult summarize_clear_rate(const Level& level, const EstimateOptions& options, std::vector<PlayoutOutcome> outcomes,
                                    bool stopped, bool timed_out);
// Run `run` of estimate_clear_rate with these options, pair by pair (KindOps::replay).
Replay replay_run(const Level& level, const EstimateOptions& options, int run, StopToken stop);

// ---- The generator --------------------------------------------------------------------------------

// A level solvable by construction (laid down pair by pair in reverse play), goal clear.
GenerateResult generate(const GenerateOptions& options);

// The editor's fill: lays pairs (values 1.., partners by `pair`) on the given cells, skipping blockers
// and holes, so that they can all be removed with the rest of the board standing: first random deals
// the solver proves for the whole board, then reverse play. Returns "" or why the board is unchanged.
std::string fill_cells(Board& board, const std::vector<Cell>& cells, const LinkRules& rules, const Pairing& pair, Rng& rng);

}  // namespace tilelab::link
