// match3 rules as docs/match3.md "Rules as implemented" states them: runs, match groups, scoring,
// gravity past holes, refill, cascades.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/match3/byte_board.hpp"

namespace tilelab::match3 {

// The rule values a resolution needs, clamped so that no level parse_level accepts can crash or hang.
struct RulesConfig {
    int colors = 5;
    int min_match = 3;
    int score_per_piece = 50;
    static RulesConfig of(const Level& level);
};

// A cascade that keeps finding runs stops after this many steps (only reachable with min_match 2 and
// very few colours, where refills can match forever).
inline constexpr int max_cascade_steps = 1000;

// `apply` lists at most this many events for one move (swap, clear, fall and spawn events), whole
// steps only: the step that would pass it and every later step of the cascade become one
// "summary" event with their totals (docs/match3.md). Sample levels list a few hundred events a
// move; two colours with min_match 2 on 64x64 listed 8 million (4.5 GB) before the cap.
inline constexpr std::size_t max_move_events = 10000;

constexpr bool is_piece(std::int32_t c) { return c >= 0; }

// Which runs a cell lies in.
enum RunMark : std::uint8_t { in_row_run = 1, in_col_run = 2 };

// The runs of a board: per-cell marks plus the list of marked cells, rebuilt by scan_runs.
struct RunMarks {
    std::vector<std::uint8_t> marks;  // RunMark bits per cell index
    std::vector<int> marked;          // indices of cells in some run, in scan order
    std::int64_t points = 0;          // what clearing them scores (rows first, then columns)
    // Bitboard buffer of the scan, valid when bitboard_colors > 0 (boards up to 64 wide, colours
    // below 16). Bit x of a word is column x; with C = bitboard_colors and h the board's height,
    // three blocks of C * h words, colour-major (word c * h + y is colour c, row y):
    //   [0, C h)      pieces of colour c in row y (specials excluded: v1 values are colours);
    //   [C h, 2 C h)  those of them in a row run;   [2 C h, 3 C h)  those in a column run.
    std::vector<std::uint64_t> color_rows;
    int bitboard_colors = 0;
    bool empty() const { return marked.empty(); }
};

// Finds every run (a maximal line of >= min_match pieces of one colour) with one pass over rows and one
// over columns, and scores them in the order of docs/match3.md "Rules as implemented": horizontal runs
// row by row, then vertical runs column by column; each piece not yet cleared scores (n - 1) *
// score_per_piece. When `cell_points` is given it receives each marked cell's points (for events).
void scan_runs(const Board& board, const RulesConfig& rules, RunMarks& out, std::vector<std::int64_t>* cell_points = nullptr);

// Match groups: runs that share a cell are one group. Cells sorted by (x, y); groups by their first cell.
std::vector<CellGroup> match_groups(const Board& board, const RunMarks& runs);
std::vector<CellGroup> match_groups(const Board& board, const RulesConfig& rules);

// What one resolution step did, for a runtime to animate.
struct StepLog {
    struct Group {
        std::vector<Cell> cells;
        std::int64_t points = 0;
    };
    struct Fall {
        Cell from;
        Cell to;
    };
    struct Spawn {
        Cell cell;
        int color = 0;
    };
    std::vector<Group> groups;
    std::int64_t points = 0;
    std::vector<Cell> jelly;  // cells that lost a jelly layer
    std::vector<Fall> falls;
    std::vector<Spawn> spawns;
};

// What the last resolve_step did, counted whether or not it kept a StepLog (events' summary).
struct StepTally {
    std::int64_t cleared = 0;  // cells cleared
    std::int64_t jelly = 0;    // jelly layers lost
    std::int64_t falls = 0;    // pieces that fell
    std::int64_t spawns = 0;   // pieces refilled
};

// Reusable buffers, so that bots and playouts do not allocate per move.
struct Scratch {
    RunMarks runs;
    std::vector<std::int64_t> cell_points;
    StepTally tally;  // of the last resolve_step
    // A move's first step known before it is played: a bot's choice on a settled board, whose cleared
    // cells and points the hint scanner's masks give (choose_swap). play_swap uses it only for the
    // same swap on a board equal to `before` (the cells and width before the swap) under the same
    // min_match and score_per_piece, then forgets it.
    ByteBoard bytes;        // play_swap's board on boards ByteBoard takes (min_match 3)
    bool byte_rows = true;  // false: play_swap keeps to the int32 board (tests compare the two)
    struct KnownStep {
        bool valid = false;
        Cell a, b;
        int width = 0;
        int min_match = 0;
        int score_per_piece = 0;
        std::vector<std::int32_t> before;
        std::vector<int> cells;
        std::int64_t points = 0;
    } known;
};

// Gravity: in each column pieces fall into empty cells; blockers split a column into segments that
// pieces never leave; holes are skipped over. Records (from, to) of every piece that moved.
// Returns how many pieces moved.
int apply_gravity(Board& board, std::vector<StepLog::Fall>* falls = nullptr);

// Refill: empty cells of each column's top segment (above the first blocker), columns left to right,
// bottom-most first, colour = rng.uniform(colors). Returns how many cells it filled.
int refill(Board& board, int colors, Rng& rng, std::vector<StepLog::Spawn>* spawns = nullptr);

// How a resolution is counted: `scored` adds points, jelly and collected pieces (a move);
// `start` is the unscored resolution before the first move; `lookahead` is a bot's preview that
// scores but does not refill (the bot must not see future draws).
enum class Resolution { scored, start, lookahead };

// One resolution step: clear every run at once, then gravity, then refill (unless lookahead).
// Returns false and changes nothing when the board has no run.
bool resolve_step(State& state, const RulesConfig& rules, Resolution mode, Scratch& scratch, StepLog* log = nullptr);

// Cascades: resolution steps until no run is left (or max_cascade_steps). Returns the steps taken.
int settle(State& state, const RulesConfig& rules, Resolution mode, Scratch& scratch, std::vector<StepLog>* logs = nullptr);

// docs/randomness.md, "match3: random starting pieces": draws every `?` cell in row-major order; a
// cell's allowed colours are those that do not complete a run with its min_match - 1 left or
// min_match - 1 upper neighbours, ascending, and it takes allowed[uniform(len(allowed))]. If every
// colour is excluded (only possible with 2 colours) it takes uniform(colors).
void draw_random_pieces(Board& board, int colors, int min_match, Rng& rng);

// The colours a cell may take under the generator's two exclusions, ascending.
int allowed_colors(const Board& board, int x, int y, int colors, int min_match, int* out);

// A swap of two cells is a candidate when both are pieces, orthogonal neighbours, of different colours.
bool swappable(const Board& board, Cell a, Cell b);

// For run tests over a whole board as one line (cells up to row_start_cells): entry i is 1 when a
// run of k starting at cell i stays in its row of a board `width` wide (i % width + k <= width).
// One table per thread, rebuilt when the width or k changes.
inline constexpr int row_start_cells = 4096;
const std::int32_t* row_start_table(int width, int k);

// Whether the cells c of a board w x h (w >= K, w * h <= row_start_cells) hold a run of K: a cell
// >= 0 followed, K - 1 times, by cells q with same(first, q). The board is read as one line, each
// direction one long vectorised pass (rows of 9 leave a per-row loop mostly remainder): a row run
// starting at i needs row_start_table's 1 (a start nearer its row's end would match across into the
// next row); a column run starting at i goes K - 1 rows down, so its starts are the first
// n - (K - 1) w cells.
template <int K, class Same>
bool run_in_line(const std::int32_t* c, int w, int h, Same same) {
    const int n = w * h;
    const std::int32_t* starts = row_start_table(w, K);
    int any = 0;
    for (int i = 0; i + K <= n; ++i) {
        int run = static_cast<int>(c[i] >= 0) & starts[i];
        for (int j = 1; j < K; ++j) run &= same(c[i], c[i + j]);
        any |= run;
    }
    for (int i = 0; i + (K - 1) * w < n; ++i) {
        int run = c[i] >= 0;
        for (int j = 1; j < K; ++j) run &= same(c[i], c[i + static_cast<std::ptrdiff_t>(j) * w]);
        any |= run;
    }
    return any != 0;
}

// Whether after swapping a and b at least one of the two lies in a run (the legality test).
bool swap_makes_run(const Board& board, Cell a, Cell b, int min_match);

// Set bits of a word. The build targets baseline x86-64, where __builtin_popcountll is a libgcc call
// (measured: a tenth of all hint time); this is a dozen inline operations.
inline int popcount64(std::uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

// The runs through `to` on one colour's row masks (bit x of word y: the cells of that colour) after
// its piece moved there from the neighbour `from` (RunThrough, byte_board.hpp), each 0 when shorter
// than k. Shared by the version 1 hint scan and format 2's preview; boards up to 64 columns.

// The row part: `word` is the colour's word of row to.y before the move; to.x is set and, when
// `from` is in the same row, from.x cleared; the ones around bit to.x (both counts include it).
[[gnu::always_inline]] inline void row_run_through(std::uint64_t word, Cell from, Cell to, int k, RunThrough& t) {
    std::uint64_t m = word | 1ull << to.x;
    if (from.y == to.y) m &= ~(1ull << from.x);
    const std::uint64_t right = ~(m >> to.x);
    const std::uint64_t left = ~(m << (63 - to.x));
    const int n_right = right ? __builtin_ctzll(right) : 64 - to.x;
    const int n_left = left ? __builtin_clzll(left) : to.x + 1;
    const int len = n_left + n_right - 1;
    const bool run = len >= k;  // selected without a branch (it would mispredict)
    t.x0 = run ? to.x - n_left + 1 : t.x0;
    t.row = run ? len : t.row;
}

// Both runs, the column by walking up and down from `to` while the colour continues; `from` in the
// same column ends the walk on its side (it holds the other piece now). `height`: the board's.
[[gnu::always_inline]] inline RunThrough run_through(const std::uint64_t* rows, int height, int k, Cell from, Cell to) {
    RunThrough t;
    row_run_through(rows[to.y], from, to, k, t);
    const std::uint64_t bit = 1ull << to.x;
    const bool same_column = from.x == to.x;
    const int stop_up = same_column && from.y < to.y ? from.y : -1;
    const int stop_down = same_column && from.y > to.y ? from.y : height;
    int top = to.y, bottom = to.y;
    while (top - 1 > stop_up && (rows[top - 1] & bit)) --top;
    while (bottom + 1 < stop_down && (rows[bottom + 1] & bit)) ++bottom;
    if (bottom - top + 1 >= k) {
        t.y0 = top;
        t.col = bottom - top + 1;
    }
    return t;
}

}  // namespace tilelab::match3
