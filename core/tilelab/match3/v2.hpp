// match3 in format version 2 (docs/match3.md "Format version 2"): special pieces, combos, crates,
// locks, ingredients and weighted refills. A level that uses none of it (a migrated version 1
// level: "specials": false, no new cells, no lock, no weights, no new goal) is played by the
// version 1 code in rules.cpp, move for move and draw for draw the same game, and faster.
#pragma once
#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/match3/byte_board.hpp"

namespace tilelab::match3::v2 {

// `apply` lists at most this many cells in one move's events (areas of fired items and cleared cells),
// besides match3::max_move_events events: a 256x256 board full of specials fires thousands of
// board-wide areas in one step. The step that would pass it and every later one become the summary.
inline constexpr std::size_t max_move_event_cells = 1000000;

// True when the level needs format 2's rules (see the file comment).
bool active(const Level& level);

// The rule values a resolution needs, clamped like RulesConfig.
struct Config {
    int colors = 5;
    int min_match = 3;
    int score_per_piece = 50;
    bool specials = true;
    std::vector<std::uint32_t> weights;  // empty: uniform(colors)
    std::uint32_t weight_sum = 0;
    static Config of(const Level& level);
    // A refill colour (docs/randomness.md "match3: refills").
    std::int32_t draw(Rng& rng) const;
};

// Cell kinds of format 2.
constexpr bool is_item(std::int32_t v) {  // moves with gravity (when unlocked)
    return v >= 0 || v == cell::color_bomb || v == cell::ingredient;
}
constexpr bool can_be_locked(std::int32_t v) { return v >= 0 || v == cell::color_bomb; }
std::string token(std::int32_t v);  // "3", "3h", "*", "@", "c2", "#", "_", "."

// How a resolution is counted (as match3::Resolution): a move's steps score; the level start's
// steps score nothing, count nothing and create no special; a bot's lookahead does not refill.
enum class Mode { scored, start, lookahead };

// What classify() says of a swap.
enum class SwapKind { illegal, runs, combo };

// A hint: the first step of the move a:b (b the target) on a copy of the state, without refill.
struct Preview {
    std::vector<Cell> clears;  // the cells whose item the first step clears (not the ones it unlocks or crates it hits), sorted
    std::vector<std::pair<Cell, std::int32_t>> creates;  // sorted by cell
    bool combo = false;
};

// Buffers reused from step to step.
struct Scratch {
    std::vector<std::uint16_t> row_len, col_len;    // length of the row / column run through a cell (0: none)
    std::vector<int> group;                         // group index per cell (-1: none)
    std::vector<std::uint64_t> run_rows, run_cols;  // scan_runs' masks: colour k row y; one colour's column-run cells
    std::vector<std::uint64_t> run_cells;           // scan_runs' masks: the cells of any run in row y (empty: not built)
    std::vector<int> stack;
    std::vector<std::uint8_t> in_set, fired, hit, cleared_by_run;
    std::vector<int> set_cells;  // the clear set's cells, in the order they joined
    std::vector<int> color_count;
    // Buffers of one step, kept so that bots and hints do not allocate per move.
    std::vector<std::vector<int>> groups;
    std::vector<std::pair<int, std::int32_t>> created;
    std::vector<int> joining, round, area, combo_cells, cleared_cells, unlocked, jelly_cells, candidates, order;
    std::vector<int> column_start;  // preview: the cleared cells counted per column (column-major order)
    std::vector<std::int32_t> cleared_value;
    std::vector<std::pair<int, int>> crate_hits;
    std::vector<std::int64_t> cell_points;
    std::vector<std::uint8_t> is_cleared;
    State trial;                                   // preview's copy of the state
    Preview count_preview;                         // clear_count's buffer when it plays the first step
    bool first_step_only = false;                  // preview: stop after step 5 (the clear set and the specials are known)
    std::vector<std::uint8_t> row_done, col_done;  // rows / columns a fired line already put in the set
    // Events: a step stops listing them (and says so in events_overflow) once the cells its areas and
    // clear list would pass event_cell_budget; its caller then sums it up instead (apply's summary).
    std::size_t event_cell_budget = SIZE_MAX;
    std::size_t event_cells = 0;
    bool events_overflow = false;
    // Last step's totals (for the events' summary).
    std::int64_t cleared = 0, jelly = 0, falls = 0, spawns = 0;
    // preview's bitboards (boards up to 64 wide, colours below 64), kept for the board and lock they
    // were built from (hints and bots preview every move of one board): colour_rows[k * h + y] bit x
    // holds the pieces and specials of colour k; `settled` says the board has no run.
    struct PreviewMasks {
        bool valid = false;  // built for `board` below, min_match and lock_mismatch
        bool fits = false;   // the board fits the masks
        bool settled = false;
        bool lock_mismatch = false;  // the state had a lock layer of another size (the masks do not fit)
        int min_match = 0;           // the one `settled` was found for
        Board board;
        std::vector<std::uint64_t> colour_rows;
        // For first steps with specials (masks_first), built once per board (prepare_fire_masks): per
        // row, fire_words words (one cache line): the unlocked line_h, line_v and bomb specials and
        // colour bombs (what fires), their union, the unlocked cells a step can clear (pieces, specials,
        // colour bombs) and the locked cells. The first swapped_words of them move with a swap (the
        // closure in rounds exchanges the two cells' bits in place, and back). The colours in use, and
        // the most common one (-1: none, or no colour bomb on the board can fire, so none will ask).
        enum : std::size_t {
            fire_h,
            fire_v,
            fire_b,
            fire_bomb,
            fire_any,
            clear_free,
            swapped_words,
            locked = swapped_words,
            fire_words = 8
        };
        // Everything below is built for `board` and `lock` (the lock layer's cells, empty for none:
        // only these masks read it, so a move that does not need them does not compare it).
        bool fire_masks = false;
        std::vector<std::int32_t> lock;
        std::vector<std::uint64_t> fire;  // row y: fire[y * fire_words + k]
        int colours = 0, common = -1;
        std::vector<Cell> cells;          // masks_first's clears before they go to the preview (a board's cells and eight more)
        std::vector<std::uint8_t> kinds;  // prepare_fire_masks: each cell's masks as one byte (a board's cells and eight more)
        // The items that fire (the unlocked specials and colour bombs) in row-major order, when there are
        // at most 64 of them (`items` is -1 otherwise): each one's cell and type (0 line_h, 1 line_v,
        // 2 bomb, 3 colour bomb), and as masks of item indices: the items of each row and column, of each
        // type, the specials of the most common colour, and the items each item's area holds.
        int items = 0;
        std::uint8_t item_x[64], item_y[64], item_type[64];
        std::uint64_t hits[64];
        std::uint64_t row_items[66], col_items[66];  // row y at [y + 1], column x at [x + 1]: an empty word each side
        std::uint64_t type_items[4];
        std::uint64_t common_items;
    } masks;
    // resolve_step's byte-row masks of the board at the step's start (boards up to 12 x 24): the runs
    // and groups read from them, the quiet steps' gravity only in the columns where an item lies
    // above an empty cell of its segment, and no exits looked for without an ingredient.
    V2Rows rows;
    // resolve_step's reference path: runs, groups and gravity from whole-board scans of the int32
    // cells, as before the byte rows (the differential tests play both and require the same states).
    bool reference_steps = false;
    // Set by resolve_step after a quiet lookahead step on byte rows in which nothing fell and no
    // exit was looked for: every run's cells were cleared and nothing else changed, so the board has
    // no run (play_move stops there instead of asking once more).
    bool settled_after = false;
    // play_move on boards the byte rows do not fit (up to 256 wide, without events): when the board
    // before the move has no run, every run of its first step holds a swapped cell, and every run of
    // a later step a cell the step before gave a piece or unlocked (a line of cells it left alone
    // was part of a run it cleared or unlocked whole). Pieces arrive only by the swap, a created
    // special, gravity and refill; those and the unlocking mark the cells they may change: per
    // column the rows lo[x] .. hi[x] (lo > hi: none). Each step looks for runs only through the
    // marked cells, each run followed to its ends, then starts the marks afresh (`changes.on`).
    struct Changes {
        bool on = false;
        std::vector<std::int16_t> lo, hi;
        void reset(int w) {
            lo.assign(static_cast<std::size_t>(w), std::int16_t{32767});
            hi.assign(static_cast<std::size_t>(w), std::int16_t{-1});
        }
        void mark(int x, int y0, int y1) {
            auto& l = lo[static_cast<std::size_t>(x)];
            auto& h = hi[static_cast<std::size_t>(x)];
            l = std::min<std::int16_t>(l, static_cast<std::int16_t>(y0));
            h = std::max<std::int16_t>(h, static_cast<std::int16_t>(y1));
        }
    } changes;
};

// The first step of a move: its cells (a first-named, b the target) and whether it is a combo.
struct FirstStep {
    Cell a;
    Cell b;
    bool combo = false;
};

// What a step or a first step did, for hints and previews (no events needed).
struct StepReport {
    std::vector<int> set;                               // every cell of the clear set (group cells, combo and fired areas)
    std::vector<int> cleared;                           // cells whose item was cleared
    std::vector<std::pair<int, std::int32_t>> created;  // (cell, special) placed
};

// One resolution step on `state` (board, lock, jelly, score, collected, ingredients, rng).
// Returns false and changes nothing when there is nothing to resolve (no run, no combo).
// `events`, when given, receives the step's events (docs/match3.md); `report` what it cleared.
bool resolve_step(State& state, const Config& config, Mode mode, const FirstStep* first, Scratch& scratch,
                  std::vector<Event>* events = nullptr, int step = 0, StepReport* report = nullptr);

// Exits (step 8): collects every ingredient on its column's lowest non-hole cell, then gravity,
// refill (not in lookahead) and exits again until none is collected. Returns how many were collected.
int run_exits(State& state, const Config& config, Mode mode, Scratch& scratch, std::vector<Event>* events, int step);

// Whether swapping the items on a and b is a move, and of which kind; `why` says why not.
SwapKind classify(const Board& board, const std::optional<Grid>& lock, Cell a, Cell b, int min_match, std::string* why = nullptr);

// Whether classify() says SwapKind::combo, from the two items alone (without looking for runs).
bool is_combo(const Board& board, const std::optional<Grid>& lock, Cell a, Cell b);

// Every legal move, a the left or upper cell, in (a.x, a.y), right-before-lower order.
// With min_match 3 on boards up to 64 wide it works on row bitboards; legal_moves_plain classifies
// every pair (the reference the differential tests compare it with, and the path for other boards).
std::vector<CellPairMove> legal_moves(const Board& board, const std::optional<Grid>& lock, int min_match);
void legal_moves(const Board& board, const std::optional<Grid>& lock, int min_match,
                 std::vector<CellPairMove>& out);  // into out (its buffer reused)
std::vector<CellPairMove> legal_moves_plain(const Board& board, const std::optional<Grid>& lock, int min_match);

// Plays a legal move: swap, count it, resolve with cascades. Events when asked; returns the steps.
int play_move(State& state, const Config& config, Cell a, Cell b, SwapKind kind, Scratch& scratch,
              std::vector<Event>* events = nullptr, Mode mode = Mode::scored);

// On a settled board (no run), a move whose runs hold only plain unlocked pieces is previewed from
// bitboards of the board (kept in `scratch` while the board and lock stay the same), and so are
// most moves that fire specials and combos; the others play the first step on a copy. (The
// differential tests compare it with the first step played on a copy for every move:
// tests/match3/oracle_preview.hpp.)
std::optional<Preview> preview(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch);
// The same into `out` (its buffers reused: no allocation once they have grown); false for an illegal move.
bool preview(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch, Preview& out);
// preview(...)->clears.size() without building the preview (the greedy bot's measure).
std::optional<std::size_t> clear_count(const State& state, const Config& config, Cell a, Cell b, Scratch& scratch);
// clear_count of every move into counts (0 for an illegal one), the masks prepared once.
void clear_counts(const State& state, const Config& config, const std::vector<CellPairMove>& moves, Scratch& scratch,
                  std::vector<std::size_t>& counts);

// The board as painted with `?` drawn (analyze), and the state at level start.
void draw_random_pieces(Board& board, const Config& config, Rng& rng);
State start_state(const Level& level);

// Match groups of a board (runs by colour over pieces and specials), cells sorted, groups sorted.
std::vector<CellGroup> match_groups(const Board& board, int min_match);

}  // namespace tilelab::match3::v2
