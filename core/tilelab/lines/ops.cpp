// The lines kind's entry in the kind table: start, legal shifts, play, goal, analyze, generate.
#include <algorithm>

#include "tilelab/lines/lines.hpp"

namespace tilelab::lines {
namespace {

State start(const Level& level) {
    State state;
    state.board = level.board;  // lines has no random pieces: the board as placed
    state.rng = Rng(level.seed);
    return state;
}

std::vector<Move> legal_moves(const Level& level, const State& state) {
    std::vector<Move> moves;
    for (const ShiftMove& m : legal_shifts(level, state.board)) moves.emplace_back(m);
    return moves;
}

// The closed groups as sets of the tiles they hold, each tile named by its cell before the move.
std::vector<std::vector<Cell>> closed_tile_sets(const std::vector<CellGroup>& groups) {
    std::vector<std::vector<Cell>> sets;
    for (const CellGroup& g : groups)
        if (g.closed) sets.push_back(g.cells);
    std::sort(sets.begin(), sets.end());
    return sets;
}

StepResult play(const Level& level, const State& state, const Move& move) {
    StepResult step;
    step.state = state;
    const auto* shift = std::get_if<ShiftMove>(&move);
    if (shift == nullptr) {
        step.why = "lines moves are shifts: row:Y:left|right or col:X:up|down";
        return step;
    }
    if (std::string why = shift_refusal(level, state.board, *shift); !why.empty()) {
        step.why = why;
        return step;
    }
    const std::vector<std::vector<Cell>> closed_before = closed_tile_sets(match_groups(state.board));
    step.legal = true;
    step.state.board = shifted(state.board, *shift);
    step.state.moves = state.moves + 1;
    step.events.emplace_back(event::Shift{shift->axis == ShiftMove::Axis::row ? event::Shift::Axis::row : event::Shift::Axis::col,
                                          shift->index, shift->step});
    // Where each tile was before the shift: the inverse shift of the cell coordinates.
    const Board& after = step.state.board;
    auto origin = [&](Cell c) {
        if (shift->axis == ShiftMove::Axis::row && c.y == shift->index) c.x = (c.x - shift->step + after.width) % after.width;
        if (shift->axis == ShiftMove::Axis::col && c.x == shift->index) c.y = (c.y - shift->step + after.height) % after.height;
        return c;
    };
    for (const CellGroup& g : match_groups(after)) {
        if (!g.closed) continue;
        std::vector<Cell> tiles;
        tiles.reserve(g.cells.size());
        for (Cell c : g.cells) tiles.push_back(origin(c));
        std::sort(tiles.begin(), tiles.end());
        // is_new: the shift made this group; false for a closed group that was already closed
        // (perhaps carried along by the shift).
        step.events.emplace_back(event::Closed{g.cells, !std::binary_search(closed_before.begin(), closed_before.end(), tiles)});
    }
    return step;
}

bool goal_met(const Level& level, const State& state) {
    const LinesGoal goal = lines_goal(level.goal);
    if (goal.moves && state.moves > *goal.moves) return false;
    const std::vector<std::uint8_t> masks = board_masks(state.board);
    GroupLabeller labeller;
    return conditions_met(goal, labeller.count(masks.data(), state.board.width, state.board.height));
}

std::vector<GoalProgress> goal_progress(const Level& level, const State& state) {
    const LinesGoal goal = lines_goal(level.goal);
    const std::vector<std::uint8_t> masks = board_masks(state.board);
    GroupLabeller labeller;
    const GroupCounts counts = labeller.count(masks.data(), state.board.width, state.board.height);
    std::vector<GoalProgress> out;
    if (goal.closed_groups)
        out.push_back({"closed groups", counts.closed_groups, *goal.closed_groups, counts.closed_groups >= *goal.closed_groups});
    if (goal.min_group_size) {
        const int size = std::max(1, *goal.min_group_size);
        out.push_back({"tiles in the largest closed group", counts.largest_closed, size, counts.largest_closed >= size});
    }
    if (goal.all_closed) {
        const auto tiles = static_cast<std::int64_t>(
            std::count_if(masks.begin(), masks.end(), [](std::uint8_t m) { return m != 0; }));
        out.push_back({"tiles in closed groups", tiles - counts.open_tiles, tiles, counts.open_tiles == 0});
    }
    return out;
}

Analysis analyze(const Level& level, const AnalyzeOptions& options, StopToken stop) {
    Analysis analysis;
    analysis.groups = match_groups(level.board);
    const LinesGoal goal = lines_goal(level.goal);
    std::vector<Warning> findings;
    if (goal.defaulted)
        findings.push_back({"the goal sets no condition: every tile closed (all_closed) is assumed",
                            {},
                            Diagnostic::Severity::warning,
                            "lines.goal-defaulted"});
    if (!options.solve) {
        analysis.warnings = std::move(findings);  // lines has no level problems (kinds/table.hpp)
        return analysis;
    }
    SolveOptions solve_options;
    solve_options.budget_ms = std::max(1, options.budget_ms);
    solve_options.max_depth = goal.moves ? *goal.moves : default_depth_cap;
    const SolveResult result = solve(level, level.board, goal, solve_options, std::move(stop));
    analysis.solved = true;
    analysis.verdict = result.verdict;
    if (result.impossible) {
        findings.push_back(
            {"no sequence of shifts can meet the goal: " + result.reason, {}, Diagnostic::Severity::warning, "lines.impossible"});
    } else if (result.verdict == Verdict::unsolvable && !goal.moves) {
        // Without a move limit "unsolvable" would claim more than the search showed.
        analysis.verdict = Verdict::unknown;
        findings.push_back({"no solution within " + std::to_string(default_depth_cap) +
                                " shifts (the goal sets no move limit; the search stops there)",
                            {},
                            Diagnostic::Severity::warning,
                            "lines.depth-cap"});
    } else if (result.verdict == Verdict::unknown) {
        std::string proven = result.proven_depth >= 0
                                 ? ": no solution has " + std::to_string(result.proven_depth) + " shifts or fewer"
                                 : "";
        findings.push_back({"the solver ran out of time after " + std::to_string(result.nodes) + " boards" + proven,
                            {},
                            Diagnostic::Severity::warning,
                            "lines.solver-timeout"});
    }
    analysis.warnings = std::move(findings);
    for (const ShiftMove& m : result.moves) analysis.solution.emplace_back(m);
    return analysis;
}

// `tilelab analyze --json` (KindOps::write_analysis_json): the line groups, open and closed, and
// the solver's verdict and shifts when it ran.
void write_analysis_json(const Analysis& analysis, JsonWriter& out) {
    out.key("groups").begin_array();
    for (const CellGroup& g : analysis.groups) {
        out.begin_object().key("cells").cells(g.cells);
        out.key("closed").value(g.closed);
        out.end_object();
    }
    out.end_array();
    write_solve_json(analysis, out);
}

}  // namespace

namespace {

// The goal's objectives in words (KindOps::goal_words).
std::vector<std::string> goal_words(const tilelab::Goal& goal) {
    const Goal& g = goal.as<Goal>();
    std::vector<std::string> parts;
    if (g.closed_groups)
        parts.push_back(std::to_string(*g.closed_groups) + (*g.closed_groups == 1 ? " closed group" : " closed groups"));
    if (g.min_group_size) parts.push_back("a closed group of " + std::to_string(*g.min_group_size) + " tiles");
    if (g.all_closed || (!g.closed_groups && !g.min_group_size)) parts.push_back("every tile closed");
    return parts;
}

}  // namespace

namespace {

// The starting board's overlays as `tilelab analyze` prints them (KindOps::analysis_text).
std::string analysis_text(const Analysis& a) {
    int closed = 0;
    for (const auto& g : a.groups) closed += g.closed ? 1 : 0;
    std::string out = std::to_string(a.groups.size()) + " group(s), " + std::to_string(closed) + " closed\n";
    for (const auto& g : a.groups)
        out += std::string("  ") + (g.closed ? "closed" : "open  ") + " " + format_cells(g.cells) + "\n";
    return out;
}

// A candidate layout's knobs in words (KindOps::layout_words).
std::string layout_words(const GenerateOptions& o) { return ", " + std::to_string(o.scramble) + " random shifts"; }

}  // namespace

const KindOps& ops() {
    static const KindOps table{.kind = Kind::lines,
                               .start = start,
                               .legal_moves = legal_moves,
                               .play = play,
                               .goal_met = goal_met,
                               .analyze = analyze,
                               .generate = generate,
                               .estimate = nullptr,  // a solver instead of bots
                               .summarize = nullptr,
                               .goal_progress = goal_progress,
                               .replay = nullptr,
                               .dead_start = "no legal shift at the start",
                               .unsolvable = "unsolvable: no sequence of shifts meets the goal",
                               .report_colour = "#8e44ad",
                               .goal_words = goal_words,
                               .look = &look(),
                               .parse_move = parse_shift_move,
                               .tune_refusal =
                                   "lines levels have no pass rate to aim: their difficulty is the proved optimal "
                                   "number of shifts ('tilelab analyze'; 'tilelab generate --kind lines --moves K' "
                                   "makes one)",
                               .aim_flag = "--moves",
                               .aim = &aim(),
                               .analysis_text = analysis_text,
                               .write_analysis_json = write_analysis_json,
                               .layout_words = layout_words};
    return table;
}

}  // namespace tilelab::lines
