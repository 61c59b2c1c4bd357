// The collapse kind behind the kind-agnostic face (KindOps): start, legal taps, a tap, the goal,
// the analysis of a board, and how the CLI and the reports word them.
#include <algorithm>
#include <string>

#include "tilelab/collapse/collapse.hpp"
#include "tilelab/collapse/tokens.hpp"

namespace tilelab::collapse {

State start(const Level& level) { return start_state(rules_of(level), level.board, level.jelly, level.seed); }

bool game_over(const Level& level, const State& state) {
    if (objectives_met(goal_of(level), state)) return true;
    if (level.goal.moves && state.moves >= *level.goal.moves) return true;
    return !has_legal_tap(state.board, rules_of(level).min_group);
}

namespace {

std::vector<Move> legal_moves(const Level& level, const State& state) {
    std::vector<Move> moves;
    const int min_group = rules_of(level).min_group;
    for (int y = 0; y < state.board.height; ++y)
        for (int x = 0; x < state.board.width; ++x)
            if (legal_tap(state.board, min_group, {x, y})) moves.push_back(TapMove{{x, y}});
    return moves;
}

StepResult play(const Level& level, const State& state, const Move& move) {
    const auto* t = std::get_if<TapMove>(&move);
    if (!t) {
        StepResult r;
        r.state = state;
        r.why = "a collapse move taps a cell: x,y";
        return r;
    }
    return tap(rules_of(level), state, t->at, true);
}

bool goal_met(const Level& level, const State& state) {
    if (level.goal.moves && state.moves > *level.goal.moves) return false;
    return objectives_met(goal_of(level), state);
}

std::vector<GoalProgress> goal_progress(const Level& level, const State& state) {
    const Goal& g = goal_of(level);
    std::vector<GoalProgress> out;
    if (g.score) out.push_back({"score", state.score, *g.score, state.score >= *g.score});
    for (const CollectTarget& t : g.collect) {
        const auto c = static_cast<std::size_t>(t.color);
        const std::int64_t got = c < state.collected.size() ? state.collected[c] : 0;
        out.push_back({"colour " + std::to_string(t.color) + " collected", got, t.count, got >= t.count});
    }
    if (g.jelly) {
        State at_start;
        at_start.jelly = level.jelly;
        const std::int64_t total = jelly_left(at_start), left = jelly_left(state);
        out.push_back({"jelly layers cleared", total - left, total, left == 0});
    }
    if (g.clear) {
        auto items = [](const Board& b) {
            return static_cast<std::int64_t>(std::count_if(b.cells.begin(), b.cells.end(), is_item));
        };
        const std::int64_t left = items(state.board);
        out.push_back({"pieces left", left, 0, left == 0});
    }
    return out;
}

// What tapping `c` does on the board: the cells it clears and the power-up it leaves, as a hint
// (HintSwap with a == b == the tapped cell).
HintSwap tap_hint(const Rules& rules, const State& state, Cell c) {
    HintSwap h;
    h.a = h.b = c;
    const StepResult step = tap(rules, state, c, true);
    for (const Event& e : step.events) {
        if (const auto* clear = std::get_if<event::Clear>(&e); clear && clear->cells) h.clears = *clear->cells;
        if (const auto* made = std::get_if<event::Created>(&e))
            h.creates.emplace_back(made->cell, parse_token(made->token, rules.colors).value);
    }
    return h;
}

Analysis analyze(const Level& level, const AnalyzeOptions& options, StopToken stop) {
    Analysis a;
    const Rules& rules = rules_of(level);
    std::vector<Event> start_events;
    const State s = start_state(rules, level.board, level.jelly, level.seed, &start_events);
    for (auto& g : groups(s.board, rules.min_group)) a.groups.push_back(CellGroup{std::move(g), false});
    if (options.overlays)
        for (Cell c : distinct_taps(s.board, rules.min_group)) a.hints.push_back(tap_hint(rules, s, c));
    a.blocked = !has_legal_tap(s.board, rules.min_group);
    for (std::size_t i = 0; i < s.board.cells.size(); ++i)
        if (level.board.cells[i] == cell::random)
            a.start_spawns.emplace_back(Cell{static_cast<int>(i) % s.board.width, static_cast<int>(i) / s.board.width},
                                        s.board.cells[i]);
    a.warnings = level_problems(level);
    if (options.solve && solver_applies(rules, goal_of(level))) {
        SolveOptions so;
        so.budget_ms = options.budget_ms;
        so.stop = stop;
        const SolveResult solved = solve(rules, goal_of(level), level.goal.moves, s, so);
        a.solved = true;
        a.verdict = solved.verdict;
        for (Cell c : solved.taps) a.solution.push_back(TapMove{c});
    }
    return a;
}

// `tilelab analyze --json` (KindOps::write_analysis_json): the groups a tap clears, each legal
// tap with what it clears and leaves, whether the board is dead, and the solver's answer.
void write_analysis_json(const Analysis& a, JsonWriter& out) {
    out.key("groups").begin_array();
    for (const auto& g : a.groups) {
        out.begin_object().key("cells").cells(g.cells);
        out.key("size").value(static_cast<std::int64_t>(g.cells.size()));
        out.end_object();
    }
    out.end_array();
    out.key("taps").begin_array();
    for (const auto& h : a.hints) {
        out.begin_object();
        out.key("cell").cell(h.a);
        out.key("clears").cells(h.clears);
        out.key("makes");
        if (h.creates.empty()) out.value(nlohmann::ordered_json(nullptr));
        else out.value(cell_token(h.creates.front().second));
        out.end_object();
    }
    out.end_array();
    out.key("dead").value(a.blocked);
    write_solve_json(a, out);
}

std::string analysis_text(const Analysis& a) {
    std::string out = std::to_string(a.groups.size()) + (a.groups.size() == 1 ? " group" : " groups") + " a tap clears\n";
    for (const auto& g : a.groups) out += "  group of " + std::to_string(g.cells.size()) + ": " + format_cells(g.cells) + "\n";
    out += std::to_string(a.hints.size()) + (a.hints.size() == 1 ? " distinct tap" : " distinct taps") +
           (a.blocked ? ": the board is dead" : "") + "\n";
    for (const auto& h : a.hints) {
        out += "  tap " + format_cell(h.a) + " clears " + std::to_string(h.clears.size()) +
               (h.clears.size() == 1 ? " cell" : " cells");
        if (!h.creates.empty()) out += " and leaves " + cell_token(h.creates.front().second);
        out += "\n";
    }
    return out;
}

GenerateResult generate_level(const GenerateOptions& options) {
    GenerateResult r;
    if (options.width < 2 || options.height < 2 || options.width > max_board_side || options.height > max_board_side) {
        r.error = "collapse boards are 2 to " + std::to_string(max_board_side) + " cells on a side";
        return r;
    }
    const int colors = options.colors.value_or(4);
    if (colors < 2 || colors > 9) {
        r.error = "collapse levels have 2 to 9 colours";
        return r;
    }
    Level level = make_blank_level(Kind::collapse, options.width, options.height);
    level.seed = options.seed;
    level.rules.as<Rules>().colors = colors;
    // Blockers at cells drawn from the seed, never on the top row (the refill enters there).
    Rng rng(options.seed ^ 0xC011A95Eull);
    const int cells = options.width * (options.height - 1);
    const int blockers = std::clamp(options.blockers, 0, cells / 3);
    for (int placed = 0; placed < blockers;) {
        const int i = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(cells))) + options.width;
        std::int32_t& c = level.board.cells[static_cast<std::size_t>(i)];
        if (c == cell::blocker) continue;
        c = cell::blocker;
        ++placed;
    }
    r.level = std::move(level);
    return r;
}

std::vector<std::string> goal_words(const tilelab::Goal& goal) {
    const Goal& g = goal.as<Goal>();
    std::vector<std::string> parts;
    if (g.score) parts.push_back("score " + std::to_string(*g.score));
    for (const CollectTarget& t : g.collect)
        parts.push_back("collect " + std::to_string(t.count) + " of colour " + std::to_string(t.color));
    if (g.jelly) parts.push_back("clear the jelly");
    if (g.clear) parts.push_back("clear the board");
    return parts;
}

std::string layout_words(const GenerateOptions& o) {
    std::string text = ", " + std::to_string(o.colors.value_or(4)) + " colours";
    if (o.blockers) text += ", " + std::to_string(o.blockers) + " blockers";
    return text;
}

std::optional<Move> parse_tap(std::string_view text, std::string& error) { return parse_tap_move(Kind::collapse, text, error); }

}  // namespace

const KindOps& ops() {
    static const KindOps table{.kind = Kind::collapse,
                               .start = start,
                               .legal_moves = legal_moves,
                               .play = play,
                               .goal_met = goal_met,
                               .analyze = analyze,
                               .generate = generate_level,
                               .estimate = estimate,
                               .summarize = summarize,
                               .goal_progress = goal_progress,
                               .replay = replay_run,
                               .playouts = estimate,
                               .summarize_playouts = summarize,
                               .dead_start = "no legal tap at the start",
                               .unsolvable = "the board cannot be won (the solver proved it)",
                               .counts_start_moves = true,
                               .pack_ladder = true,
                               .report_colour = "#8e44ad",
                               .goal_words = goal_words,
                               .look = &look(),
                               .parse_move = parse_tap,
                               .unlimited_playout_moves = unlimited_moves,
                               .aim = &aim(),
                               .ladder_bots = {"random", "greedy", "lookahead"},
                               .analysis_text = analysis_text,
                               .write_analysis_json = write_analysis_json,
                               .layout_words = layout_words};
    return table;
}

}  // namespace tilelab::collapse
