// The link kind behind the kind-agnostic face: start, legal pairs, removing a pair, analysis.
#include <algorithm>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {
namespace {

bool has_tiles(const Board& board) {
    for (std::int32_t c : board.cells)
        if (cell::is_value(c)) return true;
    return false;
}

State start(const Level& level) {
    State state;
    state.board = level.board;
    state.rng = Rng(level.seed);
    return state;
}

std::vector<Move> legal_moves(const Level& level, const State& state) {
    std::vector<Move> moves;
    for (const LinkPath& link : all_links(state.board, rules_of(level))) moves.push_back(CellPairMove{link.a, link.b});
    return moves;
}

std::string cell_text(Cell c) { return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")"; }

StepResult play(const Level& level, const State& state, const Move& move) {
    StepResult result;
    result.state = state;
    const auto* pair = std::get_if<CellPairMove>(&move);
    if (!pair) {
        result.why = "a link move removes a pair of tiles: x1,y1:x2,y2";
        return result;
    }
    const Board& board = state.board;
    for (Cell c : {pair->a, pair->b}) {
        if (!board.contains(c)) {
            result.why = "cell " + cell_text(c) + " is outside the " + std::to_string(board.width) + "x" +
                         std::to_string(board.height) + " board";
            return result;
        }
        if (!cell::is_value(board.at(c))) {
            result.why = "cell " + cell_text(c) + " is not a tile";
            return result;
        }
    }
    if (pair->a == pair->b) {
        result.why = "a tile cannot pair with itself";
        return result;
    }
    const LinkRules rules = rules_of(level);
    const std::int32_t va = board.at(pair->a), vb = board.at(pair->b);
    if (!rules.pair.pairs(va, vb)) {
        result.why = "tiles " + std::to_string(va) + " and " + std::to_string(vb) + " do not pair" +
                     (rules.pair.rule == Pairing::Rule::sum ? " (their sum must be " + std::to_string(rules.pair.sum) + ")"
                                                            : " (values must be equal)");
        return result;
    }
    const LinkField field(board, rules.border);
    auto link = field.find_link(pair->a, pair->b, rules.max_turns);
    if (!link) {
        result.why = "no path links " + cell_text(pair->a) + " and " + cell_text(pair->b) + " with at most " +
                     std::to_string(rules.max_turns) + " turns";
        return result;
    }
    result.legal = true;
    result.state.board.at(pair->a) = cell::empty;
    result.state.board.at(pair->b) = cell::empty;
    result.state.moves += 1;
    result.events.emplace_back(event::Remove{link->a, link->b, link->turns, std::move(link->path)});
    if (!has_tiles(result.state.board)) {
        result.events.emplace_back(event::Cleared{});
    } else if (all_links(result.state.board, rules).empty()) {
        result.events.emplace_back(event::Stuck{});
    }
    return result;
}

bool goal_met(const Level& level, const State& state) {
    if (level.goal.moves && state.moves > *level.goal.moves) return false;
    return !level.goal.as<Goal>().clear || !has_tiles(state.board);
}

std::vector<GoalProgress> goal_progress(const Level& level, const State& state) {
    if (!level.goal.as<Goal>().clear) return {};
    auto tiles = [](const Board& board) {
        return static_cast<std::int64_t>(std::count_if(board.cells.begin(), board.cells.end(), cell::is_value));
    };
    const std::int64_t total = tiles(level.board);
    const std::int64_t cleared = total - tiles(state.board);
    return {GoalProgress{"tiles cleared", cleared, total, cleared >= total}};
}

Analysis analyze(const Level& level, const AnalyzeOptions& options, StopToken stop) {
    Analysis analysis;
    const LinkRules rules = rules_of(level);
    analysis.links = all_links(level.board, rules);
    analysis.blocked = has_tiles(level.board) && analysis.links.empty();
    // No finding of its own: every link problem is a level problem (pairing, walls, move limit).
    analysis.warnings = link::level_problems(level);

    if (options.solve) {
        SolveOptions solve_options;
        solve_options.budget_ms = options.budget_ms;
        solve_options.stop = stop;
        SolveResult solved = solve(level.board, rules, solve_options);
        analysis.solved = true;
        analysis.verdict = solved.verdict;
        for (const CellPairMove& m : solved.order) analysis.solution.push_back(m);
    }
    return analysis;
}

// `tilelab analyze --json` (KindOps::write_analysis_json): every linkable pair with its path,
// whether the board is stuck, and the solver's verdict and removal order when it ran.
void write_analysis_json(const Analysis& analysis, JsonWriter& out) {
    out.key("links").begin_array();
    for (const LinkPath& link : analysis.links) {
        out.begin_object();
        out.key("a").cell(link.a);
        out.key("b").cell(link.b);
        out.key("turns").value(link.turns);
        out.key("path").cells(link.path);
        out.end_object();
    }
    out.end_array();
    out.key("stuck").value(analysis.blocked);
    if (!analysis.solved) return;
    out.key("solve").begin_object();
    out.key("verdict").value(verdict_name(analysis.verdict));
    out.key("order").begin_array();
    for (const Move& m : analysis.solution) {
        const auto& pair = std::get<CellPairMove>(m);
        out.begin_array().cell(pair.a).cell(pair.b).end_array();
    }
    out.end_array();
    out.end_object();
}

}  // namespace

namespace {

// The goal's objectives in words (KindOps::goal_words).
std::vector<std::string> goal_words(const tilelab::Goal& goal) {
    const Goal& g = goal.as<Goal>();
    std::vector<std::string> parts;
    if (g.clear) parts.push_back("clear the board");
    return parts;
}

}  // namespace

namespace {

// The starting board's overlays as `tilelab analyze` prints them (KindOps::analysis_text).
std::string analysis_text(const Analysis& a) {
    std::string out = std::to_string(a.links.size()) + " linkable pair(s)" + (a.blocked ? ": stuck" : "") + "\n";
    for (const auto& l : a.links)
        out += "  " + format_cell(l.a) + "-" + format_cell(l.b) + ", " + std::to_string(l.turns) + " turn(s), path " +
               format_cells(l.path) + "\n";
    return out;
}

// A candidate layout's knobs in words (KindOps::layout_words).
std::string layout_words(const GenerateOptions& o) {
    std::string text = ", " + std::to_string(o.colors.value_or(0)) + " values x" + std::to_string(o.copies);
    if (o.blockers) text += ", " + std::to_string(o.blockers) + " blockers";
    return text;
}

}  // namespace

const KindOps& ops() {
    static const KindOps table{
        .kind = Kind::link,
        .start = start,
        .legal_moves = legal_moves,
        .play = play,
        .goal_met = goal_met,
        .analyze = analyze,
        .generate = generate,
        .estimate = nullptr,  // a solver instead of bots
        .summarize = nullptr,
        .goal_progress = goal_progress,
        .replay = replay_run,
        .playouts = estimate_clear_rate,
        .summarize_playouts = summarize_clear_rate,
        .dead_start = "stuck at the start: no pair of tiles links",
        .unsolvable = "unsolvable: no order of removals clears the board",
        .dead_start_is_unsolvable = true,
        .report_colour = "#2a9d4b",
        .goal_words = goal_words,
        .look = &look(),
        .parse_move = [](std::string_view text, std::string& error) { return parse_cell_pair_move(Kind::link, text, error); },
        .tune_refusal =
            "link levels have no move limit to aim: every clear takes one move a pair; their "
            "difficulty is the random player's clear rate ('tilelab estimate')",
        .aim_flag = "--target-clear",
        .aim = &aim(),
        .analysis_text = analysis_text,
        .write_analysis_json = write_analysis_json,
        .layout_words = layout_words};
    return table;
}

}  // namespace tilelab::link
