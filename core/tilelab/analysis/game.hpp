// The kind-agnostic face: moves, play state, analysis results and the operations every kind
// fills (KindOps). The CLI and the editor talk to this face only, through the table of the four
// kinds (kinds/table.hpp: kind_ops); each kind's code lives in its own folder.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/events.hpp"
#include "tilelab/board/board.hpp"
#include "tilelab/board/level.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/io/diagnostics.hpp"
#include "tilelab/io/json_writer.hpp"
#include "tilelab/random.hpp"

namespace tilelab {

// ---- Moves: data, printable and parseable as the CLI's move strings -------------------------

// match3: swap two neighbours; link: remove a pair. Written "x1,y1:x2,y2".
struct CellPairMove {
    Cell a;
    Cell b;
    friend constexpr auto operator<=>(const CellPairMove&, const CellPairMove&) = default;
};

// lines: shift a row ("row:Y:left|right") or a column ("col:X:up|down") by one cell, wrapping.
struct ShiftMove {
    enum class Axis { row, col };
    Axis axis = Axis::row;
    int index = 0;
    int step = 1;  // -1: left (row) / up (col); +1: right (row) / down (col)
    friend constexpr auto operator<=>(const ShiftMove&, const ShiftMove&) = default;
};

// slide: "up", "down", "left", "right".
enum class Direction { up, down, left, right };
inline constexpr std::array<Direction, 4> all_directions{Direction::up, Direction::down, Direction::left, Direction::right};
std::string_view direction_name(Direction d);

// collapse: tap a cell (a group or a power-up). Written "x,y".
struct TapMove {
    Cell at;
    friend constexpr auto operator<=>(const TapMove&, const TapMove&) = default;
};

using Move = std::variant<CellPairMove, ShiftMove, Direction, TapMove>;

std::string format_move(const Move& move);
// The parsers of the four shapes of move, as format_move writes them; on failure they return
// nullopt and say why in `error`. A kind's KindOps::parse_move is one of them; parse_move(kind, ...)
// (kinds/table.hpp) picks the level's.
// "x1,y1:x2,y2" (`kind` names the kind in the message).
std::optional<Move> parse_cell_pair_move(Kind kind, std::string_view text, std::string& error);
// "row:Y:left|right" or "col:X:up|down".
std::optional<Move> parse_shift_move(std::string_view text, std::string& error);
// "up", "down", "left", "right".
std::optional<Move> parse_direction_move(std::string_view text, std::string& error);
// "x,y" (`kind` names the kind in the message).
std::optional<Move> parse_tap_move(Kind kind, std::string_view text, std::string& error);
// "(x, y)", and cells as such separated by spaces: how `tilelab analyze` writes them.
std::string format_cell(Cell c);
std::string format_cells(const std::vector<Cell>& cells);

// ---- Play ------------------------------------------------------------------------------------

// The state of a game in play: plain data, copied freely. Fields a kind does not use stay empty.
struct State {
    Board board;
    std::optional<Grid> jelly;  // match3: layers of jelly left per cell
    std::optional<Grid> lock;   // match3 v2: 1 where an item is still locked
    int ingredients = 0;        // match3 v2: ingredients collected at exits (level start included)
    std::int64_t score = 0;
    int moves = 0;               // moves made so far
    Rng rng;                     // the level's generator, advanced by every draw
    std::vector<int> collected;  // match3: pieces cleared per colour
    Grid ids;                    // slide: stable tile id per cell (-1: no tile)
    int next_id = 0;             // slide: the id the next new tile gets
    friend bool operator==(const State&, const State&) = default;
};

struct StepResult {
    bool legal = false;
    std::string why;            // when !legal: why the move was refused
    State state;                // the state after the move (the input state when illegal)
    std::vector<Event> events;  // what a runtime animates, in order (analysis/events.hpp; as JSON: kinds/event_json.hpp)
};

// ---- Analysis ----------------------------------------------------------------------------------

enum class Verdict { none, solvable, unsolvable, unknown };
std::string_view verdict_name(Verdict v);

struct CellGroup {
    std::vector<Cell> cells;  // sorted by (x, y)
    bool closed = false;      // lines: a closed group
};

struct HintSwap {
    Cell a;
    Cell b;
    std::vector<Cell> clears;                            // sorted by (x, y)
    std::vector<std::pair<Cell, std::int32_t>> creates;  // match3 v2: specials the first step places, by cell
    bool combo = false;                                  // match3 v2: the swap is a combo
};

struct LinkPath {
    Cell a;
    Cell b;
    int turns = 0;
    std::vector<Cell> path;  // corner points, endpoints included; the border ring is x=-1/width, y=-1/height
};

// One problem of a level (analysis/problems.hpp): the same in every verb's output and the editor.
// Built as {message, cell} (a warning without a rule) or {message, cell, severity, rule}.
struct Warning {
    Warning(std::string text = {}, std::optional<Cell> at = std::nullopt,
            Diagnostic::Severity level = Diagnostic::Severity::warning, std::string rule_id = {})
        : message(std::move(text)), cell(at), severity(level), rule(std::move(rule_id)) {}
    std::string message;
    std::optional<Cell> cell;  // a cell the warning is about, for the editor to select
    Diagnostic::Severity severity = Diagnostic::Severity::warning;
    std::string rule;  // "kind.short-id", stable (docs/cli.md "Problems" lists them)
};

struct AnalyzeOptions {
    int budget_ms = 1000;  // time for the solver (link, lines)
    bool solve = true;     // false: overlays only
    // false: only what the level's problems need (problem_list without a solver run, kinds/table.hpp): match3 lists
    // no hints (a 256x256 board's hints and their clears take most of its analysis).
    bool overlays = true;
};

// Progress of long work, written by the worker, read by the UI thread.
struct Progress {
    std::atomic<double> fraction{0.0};
};

struct Analysis {
    std::uint64_t revision = 0;     // the level revision it was made from (set by the caller)
    std::vector<CellGroup> groups;  // match3 match groups; lines groups (open and closed)
    std::vector<HintSwap> hints;    // match3
    std::vector<LinkPath> links;    // link
    std::array<bool, 4> legal{};    // slide, indexed like all_directions
    std::vector<std::pair<Cell, std::int32_t>>
        start_spawns;      // slide: tiles spawned at level start; match3: the pieces drawn for ? cells (not in json)
    bool blocked = false;  // match3 dead, link stuck, slide game over
    bool solved = false;   // a solver ran: `verdict` and `solution` are its
    Verdict verdict = Verdict::none;
    std::vector<Move> solution;     // link removal order, lines shift sequence, slide puzzle moves
    std::vector<Warning> warnings;  // every problem of the level: problem_list (kinds/table.hpp)
};

// ---- Estimate: bot playouts ---------------------------------------------------------------------

// What one playout ended with; the kind fills in what it measures. Every field but `won_at` and
// `dead_at` is as of the level's own move limit, whatever the curve's cap.
struct PlayoutOutcome {
    bool won = false;
    bool dead = false;  // ended on a board with no legal move
    int moves_used = 0;
    int moves_left = 0;  // on a win with a move limit
    std::int64_t score = 0;
    int highest_tile = 0;      // slide
    bool interrupted = false;  // stopped before its end (a cancel): not a run, never counted
    // The pass-rate curve: the same game played on past the level's limit up to the curve's cap
    // (the bots never look at the moves left, so the game is the same whatever the limit).
    int won_at = -1;   // the moves made when the goal was first met, within the cap; -1: never
    int dead_at = -1;  // the moves made when no legal move was left, within the cap; -1: never
    friend bool operator==(const PlayoutOutcome&, const PlayoutOutcome&) = default;
};

// match3 mcts: rollouts per move unless `--rollouts` says otherwise.
inline constexpr int default_rollouts = 100;

struct EstimateOptions {
    int runs = 1000;
    int threads = 1;
    std::uint64_t seed = 0;
    std::string bot;                  // empty: the kind's default bot
    int rollouts = default_rollouts;  // match3 mcts: rollouts per move (`--rollouts`)
    // The playouts are runs first_run .. first_run + runs - 1 (a shard of a larger estimate); each
    // keeps its seed from (seed, run index), so shards put together give the whole estimate.
    int first_run = 0;
    // The pass-rate curve runs up to this move limit (games are played on past the level's own
    // limit up to it); 0: up to the level's limit only (no longer games). Without a move limit the
    // curve always ends at the longest win seen.
    int curve_cap = 0;
    // > 0: the playouts stop after this many milliseconds; the result keeps the runs finished by
    // then (the first n, as `--runs n` would give) and says it stopped. 0: no time limit.
    int time_budget_ms = 0;
    // > 0: an estimate to a precision (`--precision`): the runs are played in batches and stop at
    // the first batch boundary where the 95% interval's half-width is at most this; `runs` is the
    // cap (run_playouts_to_precision, docs/estimates.md "Precision"). 0: every run.
    double precision = 0.0;
};

// The CLI's default playout budget (`estimate` and `pack check`, per level): far above what a
// sample level's 1,000 runs take, so that only a level whose games are very long is stopped.
inline constexpr int default_playout_budget_ms = 120000;

struct EstimateResult {
    int runs = 0;  // playouts finished (fewer than asked when cancelled)
    int wins = 0;
    double pass_rate = 0.0;
    double ci_low = 0.0;
    double ci_high = 0.0;
    bool cancelled = false;
    bool timed_out = false;  // stopped by options.time_budget_ms before every run finished
    std::vector<std::pair<std::string, std::vector<double>>> series;  // plots for the editor (one value per run)
    // Distributions already binned as the CLI prints them (match3 "moves_left_on_wins": runs per
    // moves left, from 0): the editor draws these bins as they are.
    struct Histogram {
        std::string name;
        std::vector<double> counts;
    };
    std::vector<Histogram> histograms;
    nlohmann::ordered_json json;           // exactly what `tilelab estimate --json` prints
    std::vector<PlayoutOutcome> outcomes;  // every finished playout, in run order (what `json` sums up)
};

// One run of an estimate played again, move by move (`tilelab estimate --replay R`, the editor's
// "Watch run"): the same start state, the same generator for refills and spawns
// (Rng(playout_seed(seed, run))), the same bot and bot seed, so `outcome` is what estimate counts
// for run R. The game stops where the level's own figures are fixed (the goal met, a dead board or
// the move limit): no moves past the limit are played, whatever the curve's cap. Every state is
// kept: a run of n moves holds n + 1 boards.
struct ReplayStep {
    Move move;
    State state;  // the state after the move
};

struct Replay {
    int run = 0;
    std::string bot;         // the bot's name, as estimate's JSON says it
    std::uint64_t seed = 0;  // estimate's --seed
    State start;             // before the first move; its rng is the run's generator
    std::vector<ReplayStep> steps;
    PlayoutOutcome outcome;  // interrupted when stopped: then `steps` is a part of the game
};

// ---- Generate -----------------------------------------------------------------------------------

struct GenerateOptions {
    Kind kind{};  // the first kind
    int width = 8;
    int height = 8;
    std::optional<int> colors;  // match3 colours; link distinct values
    std::uint64_t seed = 0;
    int copies = 4;       // link: copies per value (2 or 4)
    Pairing pair;         // link pairing rule
    int blockers = 0;     // link, match3: blockers to place
    int crates = 0;       // match3 (format 2): crates to place (goal: clear them)
    int ingredients = 0;  // match3 (format 2): ingredients on the top row (goal: collect them)
    int locks = 0;        // match3 (format 2): pieces to lock
    int scramble = 6;     // lines: random shifts
};

struct GenerateResult {
    std::optional<Level> level;
    std::string error;  // when no level could be made
};

// ---- Generation to a target: a kind's part ----------------------------------------------------------

// How `generate` to a target (analysis/aim.hpp, a service) measures a candidate of the kind.
enum class AimMeasure : std::uint8_t {
    // The move limit `tune` sets for the target pass rate; the rate's interval there must lie in the band.
    tuned_limit,
    // The rate of the kind's playouts (KindOps::playouts) on the level as made; its interval must lie in the band.
    playout_rate,
    // The optimum the kind's solver proves (KindAim::optimum); it must equal the number of moves wanted.
    proved_optimum,
};

// What the search tells a kind's hooks of the candidate it makes.
struct AimKnobs {
    int index = 0;                // the candidate's number, from 0
    bool colors_fixed = false;    // the designer gave the colours (`--colors`): every candidate keeps them
    bool blockers_fixed = false;  // the designer gave the blockers (`--blockers`): likewise
    int moves = 0;                // proved_optimum: the optimal number of moves wanted (`--moves K`)
    double fill = 0.0;            // the share of the board's cells to fill, as steered so far (KindAim::steer)
};

// A kind's part in `generate` to a target (docs/cli.md "To a target difficulty"): how its
// candidates are made and measured. The search itself, the same for every kind, is the service's
// (analysis/aim.cpp); each kind's row is in its folder (`aim.cpp`).
struct KindAim {
    AimMeasure measure = AimMeasure::tuned_limit;
    // The layout of candidate knobs.index (its seed already drawn): the knobs the designer left free
    // cycle, so that successive candidates differ in more than their seed. nullptr: the layout as asked.
    void (*vary)(GenerateOptions& layout, const AimKnobs& knobs) = nullptr;
    // A layout the generator refuses is passed over, the first one's included (its knobs vary, so a
    // later one may be made); false: the first candidate's error ends the search and is its answer.
    bool passes_over_refused = false;
    // Makes the candidate ready to be measured (its goal, the move limit the curve starts from) and
    // returns what it did in words for the candidate's line ("jelly on 5 cells ..."; empty: nothing
    // to say). nullptr: the level is measured as made.
    std::string (*prepare)(Level& level, const GenerateOptions& layout, int index) = nullptr;
    // tuned_limit: the smallest move limit tune may set.
    int min_moves = 1;
    // playout_rate: the share of the cells the first candidate fills (AimKnobs::fill), and the share
    // for the next candidate from this one's rate and the target (nullptr: the share stays).
    double start_fill = 0.0;
    double (*steer)(double fill, double rate, double target) = nullptr;
    // proved_optimum: the solver's optimal number of moves for the level, searched to max_depth
    // moves; -1 when it is not proved.
    int (*optimum)(const Level& level, int max_depth) = nullptr;
    // The kind's moves in the search's messages ("at 18 moves", "exactly 5 shifts").
    const char* moves_word = "moves";
};

// ---- A kind's operations -------------------------------------------------------------------------

// One objective of a level's goal and how far a game has come: "label current / target" (a
// play-test shows these lines; a runtime can show the same). `met` is the objective's own test.
struct GoalProgress {
    std::string label;  // "jelly layers cleared", "score", "highest tile", ...
    std::int64_t current = 0;
    std::int64_t target = 0;
    bool met = false;
    friend bool operator==(const GoalProgress&, const GoalProgress&) = default;
};

// How a kind's cells are pictured: their colours and the pack report's drawing of a cell
// (look/look.hpp, in the layer `look`, which is not a runtime layer: a runtime has no use for it).
struct KindLook;

struct KindOps {
    Kind kind;
    // The state at level start: random pieces drawn, start spawns, start resolution done.
    State (*start)(const Level&);
    // Every legal move from the state, in a stable order.
    std::vector<Move> (*legal_moves)(const Level&, const State&);
    // One move; never mutates its input.
    StepResult (*play)(const Level&, const State&, const Move&);
    // The level's goal holds in this state.
    bool (*goal_met)(const Level&, const State&);
    // Overlays and verdict for the level's starting board.
    Analysis (*analyze)(const Level&, const AnalyzeOptions&, StopToken);
    GenerateResult (*generate)(const GenerateOptions&);
    // Bot playouts; nullptr for kinds that have a solver instead.
    EstimateResult (*estimate)(const Level&, const EstimateOptions&, StopToken, Progress*);
    // The figures of `outcomes` (runs options.first_run onwards, in order) as `estimate` gives them
    // for the same options: what estimate itself does after its playouts, so that playouts made in
    // pieces (shards) sum up to the same bytes. `stopped`: the playouts were cancelled; `timed_out`:
    // stopped by options.time_budget_ms. nullptr where estimate is.
    EstimateResult (*summarize)(const Level&, const EstimateOptions&, std::vector<PlayoutOutcome> outcomes, bool stopped,
                                bool timed_out);
    // Each objective of the goal with the state's progress on it (the move limit not included:
    // State::moves says that); goal_met holds when every one is met and the limit is kept.
    std::vector<GoalProgress> (*goal_progress)(const Level&, const State&);
    // Run `run` of `estimate` with these options (seed, bot, rollouts; runs, threads, first_run,
    // curve_cap and the time budget do not change a run), move by move. Throws
    // std::invalid_argument for an unknown bot, as estimate does. nullptr for kinds without bots
    // (lines); link's is its random player's run (estimate_clear_rate's).
    Replay (*replay)(const Level&, const EstimateOptions&, int run, StopToken);

    // ---- Playouts as `tilelab estimate`, its shards and `generate` to a target run them ----
    // `estimate` and `summarize` for the kinds with bots; link's random player's clear rate (link
    // has a solver, so `estimate` is null there); nullptr for lines.
    EstimateResult (*playouts)(const Level&, const EstimateOptions&, StopToken, Progress*) = nullptr;
    EstimateResult (*summarize_playouts)(const Level&, const EstimateOptions&, std::vector<PlayoutOutcome> outcomes, bool stopped,
                                         bool timed_out) = nullptr;

    // ---- What the pack check says of a level of this kind (docs/packs.md) ----
    const char* dead_start = "no legal move at the start";  // a start with no legal move, in the kind's words
    // The solver's "no solution" in the kind's words; nullptr: the kind has no solver.
    const char* unsolvable = nullptr;
    bool dead_start_is_unsolvable = false;  // a dead start is also "no solution": the check says it once
    bool counts_start_moves = false;        // the check reports the number of legal moves at the start
    bool pack_ladder = false;               // `pack check --ladder` runs the bot ladder on its levels

    // ---- How reports name and mark a level of this kind ----
    const char* report_colour = "#555";  // the kind's badge colour in the HTML pack report
    // The goal's objectives in words ("clear the jelly", "reach 2048"), the move limit not
    // included (pack report and check tables); nullptr: none.
    std::vector<std::string> (*goal_words)(const Goal&) = nullptr;
    // The colours of the kind's cells and their drawing in the report's board pictures (the
    // editor's and the report's palette.hpp, pack/report.cpp).
    const KindLook* look = nullptr;

    // ---- Moves as text (`tilelab apply`, the vectors, the replays) ----
    // Parses one move as format_move writes it; on failure nullopt, and `error` says why.
    std::optional<Move> (*parse_move)(std::string_view text, std::string& error) = nullptr;

    // ---- Aiming a difficulty: `tune`, `generate` to a target ----
    // Why `tune` cannot aim a level of this kind (nullptr: it can).
    const char* tune_refusal = nullptr;
    // A level without a move limit is played to this many moves when its curve is made (0: each
    // game runs to its end).
    int unlimited_playout_moves = 0;
    // `generate`'s target flag for the kind: "--target-pass" (a bot's pass rate at a move limit),
    // "--target-clear" (link's random player's clear rate) or "--moves" (a proved optimum).
    const char* aim_flag = "--target-pass";
    // How `generate` to a target makes and measures the kind's candidates (the row in the kind's
    // aim.cpp); nullptr: KindAim's defaults.
    const KindAim* aim = nullptr;

    // ---- `tilelab apply --json` ----
    // The state's count of collected ingredients is part of the output (nullptr: never).
    bool (*reports_ingredients)(const Level&) = nullptr;

    // ---- The bot ladder (the editor's, `pack check --ladder`) ----
    // The kind's bots from the most careless player to the most careful (empty: no bots).
    std::vector<const char*> ladder_bots = {};

    // ---- `tilelab analyze`'s text; `generate` to a target's candidates in words ----
    // The starting board's overlays (groups, hints, links, legal directions) as lines of text,
    // each ending in a newline.
    std::string (*analysis_text)(const Analysis&) = nullptr;
    // `tilelab analyze --json`: the analysis' members before "problems", written into the open
    // object (docs/cli.md has the shapes).
    void (*write_analysis_json)(const Analysis&, JsonWriter&) = nullptr;
    // `generate` to a target: a candidate layout's knobs in words, after its size and seed, each
    // part starting with ", " (", 5 colours, 3 blockers"); nullptr: nothing more to say.
    std::string (*layout_words)(const GenerateOptions&) = nullptr;
};

// `"solve": {"verdict": ..., "moves": [...]}` of `analyze --json`, the moves as format_move writes
// them, when a solver ran (Analysis::solved); nothing otherwise (lines, slide).
void write_solve_json(const Analysis& analysis, JsonWriter& out);

// JSON helpers shared by the kinds' outputs.
nlohmann::ordered_json cell_json(Cell c);
nlohmann::ordered_json cells_json(const std::vector<Cell>& cells);
nlohmann::ordered_json board_json(Kind kind, const Board& board);

}  // namespace tilelab
