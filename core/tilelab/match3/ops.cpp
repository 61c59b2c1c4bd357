// The match3 kind behind the face: start, legal moves, play with events, goal, analyze, generate, estimate.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/generator.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2.hpp"

namespace tilelab::match3 {

namespace {
// analyze lists at most about this many cleared cells over all hints.
constexpr std::size_t max_listed_clear_cells = std::size_t{1} << 21;

RulesConfig config_of(const Rules& rules) {
    Level level;
    level.rules.as<Rules>() = rules;
    return RulesConfig::of(level);
}

// A step's events of format 1 (docs/match3.md "`tilelab apply` (match3): events"), appended to
// `out`: the clear, then the falls, then the spawns.
void append_step_events(const StepLog& log, int step, std::vector<Event>& out) {
    event::Clear clear;
    clear.step = step;
    clear.groups.reserve(log.groups.size());
    for (const auto& g : log.groups) clear.groups.push_back(event::ClearGroup{g.cells, g.points});
    clear.points = log.points;
    clear.jelly = log.jelly;
    out.emplace_back(std::move(clear));
    for (const auto& f : log.falls) out.emplace_back(event::Fall{step, f.from, f.to});
    for (const auto& s : log.spawns) out.emplace_back(event::Spawn{step, s.cell, s.color});
}

// The one event that sums up the steps of a move past the event caps (both rule sets).
event::Summary summary_event(int first_step, int last_step, std::int64_t points, const StepTally& total) {
    event::Summary summary;
    summary.first_step = first_step;
    summary.last_step = last_step;
    summary.points = points;
    summary.cleared = total.cleared;
    summary.jelly = total.jelly;
    summary.falls = total.falls;
    summary.spawns = total.spawns;
    // The cascade stopped at max_cascade_steps with runs still on the board.
    summary.cascade_capped = last_step >= max_cascade_steps;
    return summary;
}

State start(const Level& level) { return start_state(level); }

std::vector<Move> legal_moves(const Level& level, const State& state) {
    if (v2::active(level)) {
        std::vector<Move> moves;
        for (const CellPairMove& m : v2::legal_moves(state.board, state.lock, v2::Config::of(level).min_match))
            moves.emplace_back(m);
        return moves;
    }
    HintScanner scanner;
    scanner.scan(state.board, RulesConfig::of(level));
    std::vector<Move> moves;
    moves.reserve(scanner.legal_swaps().size());
    for (const Swap& s : scanner.legal_swaps()) moves.emplace_back(CellPairMove{s.a, s.b});
    return moves;
}

// A move of a level under format version 2 (docs/match3.md), with its events (the same cap as play()).
StepResult play_v2(const Level& level, const State& state, const CellPairMove& swap) {
    StepResult r;
    r.state = state;
    const v2::Config config = v2::Config::of(level);
    const v2::SwapKind kind = v2::classify(state.board, state.lock, swap.a, swap.b, config.min_match, &r.why);
    if (kind == v2::SwapKind::illegal) return r;
    r.legal = true;
    r.why.clear();
    r.events.emplace_back(event::Swap{swap.a, swap.b});
    std::swap(r.state.board.at(swap.a), r.state.board.at(swap.b));
    ++r.state.moves;
    const v2::FirstStep first{swap.a, swap.b, kind == v2::SwapKind::combo};
    v2::Scratch scratch;
    std::size_t listed = 1;
    std::size_t listed_cells = 0;  // cells listed in areas and clear events (v2::max_move_event_cells)
    int step = 0;
    int summary_from = 0;
    std::int64_t summary_points = 0;
    StepTally total;
    std::vector<Event> step_events;
    while (step < max_cascade_steps) {
        const std::int64_t score_before = r.state.score;
        const v2::FirstStep* f = step == 0 ? &first : nullptr;
        if (summary_from == 0) {
            step_events.clear();
            scratch.event_cell_budget = v2::max_move_event_cells - listed_cells;
            if (!v2::resolve_step(r.state, config, v2::Mode::scored, f, scratch, &step_events, step + 1)) break;
            ++step;
            if (!scratch.events_overflow && listed + step_events.size() <= max_move_events) {
                listed += step_events.size();
                listed_cells += scratch.event_cells;
                for (auto& e : step_events) r.events.push_back(std::move(e));
                continue;
            }
            summary_from = step;
            step_events = std::vector<Event>{};  // its memory is not needed any more
        } else {
            if (!v2::resolve_step(r.state, config, v2::Mode::scored, f, scratch, nullptr, step + 1)) break;
            ++step;
        }
        summary_points += r.state.score - score_before;
        total.cleared += scratch.cleared;
        total.jelly += scratch.jelly;
        total.falls += scratch.falls;
        total.spawns += scratch.spawns;
    }
    if (summary_from > 0) r.events.push_back(summary_event(summary_from, step, summary_points, total));
    return r;
}

StepResult play(const Level& level, const State& state, const Move& move) {
    if (const auto* pair = std::get_if<CellPairMove>(&move); pair && v2::active(level)) return play_v2(level, state, *pair);
    StepResult r;
    r.state = state;
    const auto* swap = std::get_if<CellPairMove>(&move);
    if (!swap) {
        r.why = "a match3 move swaps two cells (x1,y1:x2,y2)";
        return r;
    }
    const Board& board = state.board;
    const RulesConfig rules = RulesConfig::of(level);
    const Cell a = swap->a;
    const Cell b = swap->b;
    if (!board.contains(a) || !board.contains(b)) {
        r.why = "a cell of the swap is outside the board";
        return r;
    }
    if (std::abs(a.x - b.x) + std::abs(a.y - b.y) != 1) {
        r.why = "the two cells are not orthogonal neighbours";
        return r;
    }
    if (!is_piece(board.at(a)) || !is_piece(board.at(b))) {
        r.why = "only pieces can be swapped (not blockers, holes or empty cells)";
        return r;
    }
    if (board.at(a) == board.at(b)) {
        r.why = "the two pieces have the same colour: the swap changes nothing";
        return r;
    }
    if (!swap_makes_run(board, a, b, rules.min_match)) {
        r.why = "neither swapped piece would lie in a run";
        return r;
    }
    r.legal = true;
    r.events.emplace_back(event::Swap{a, b});
    std::swap(r.state.board.at(a), r.state.board.at(b));
    ++r.state.moves;
    // The cascade, as settle() plays it, listing whole steps until max_move_events; from the first
    // step that does not fit, the steps are played without logs and summed up in one event.
    Scratch scratch;
    StepLog log;
    std::size_t listed = 1;  // the swap
    int step = 0;
    int summary_from = 0;  // the first summarised step (0: none)
    StepTally total;
    std::int64_t summary_points = 0;
    while (step < max_cascade_steps) {
        const std::int64_t score_before = r.state.score;
        if (summary_from == 0) {
            if (!resolve_step(r.state, rules, Resolution::scored, scratch, &log)) break;
            ++step;
            const std::size_t count = 1 + log.falls.size() + log.spawns.size();
            if (listed + count <= max_move_events) {
                append_step_events(log, step, r.events);
                listed += count;
                continue;
            }
            summary_from = step;
            log = StepLog{};  // its memory is not needed any more
        } else {
            if (!resolve_step(r.state, rules, Resolution::scored, scratch, nullptr)) break;
            ++step;
        }
        summary_points += r.state.score - score_before;
        total.cleared += scratch.tally.cleared;
        total.jelly += scratch.tally.jelly;
        total.falls += scratch.tally.falls;
        total.spawns += scratch.tally.spawns;
    }
    if (summary_from > 0) r.events.push_back(summary_event(summary_from, step, summary_points, total));
    return r;
}

bool goal_met(const Level& level, const State& state) { return level_won(level, state); }

Analysis analyze_v2(const Level& level, const AnalyzeOptions& options, StopToken stop);

// The problems of an analysis whose groups, hints and dead flag
// are set (both rule sets).
void finish_analysis(Analysis& a, const Level& level, std::size_t truncated_from, const char* dead_message) {
    std::vector<Warning> findings;
    if (truncated_from < a.hints.size())
        findings.push_back(Warning{"hint clears left out after hint " + std::to_string(truncated_from) +
                                       " (the runs already on the board repeat in every hint, or the board is too "
                                       "large for the time budget); resolve them first",
                                   std::nullopt, Diagnostic::Severity::warning, "match3.hints-cut"});
    if (!a.groups.empty())
        findings.push_back(Warning{"board has runs before the first move: they resolve at level start, scoring nothing",
                                   a.groups.front().cells.front(), Diagnostic::Severity::warning, "match3.runs-at-start"});
    if (a.blocked) findings.push_back(Warning{dead_message, std::nullopt, Diagnostic::Severity::warning, "match3.dead-start"});
    // Then the level problems, as problem_list (kinds/table.hpp) orders them.
    for (Warning& w : match3::level_problems(level)) findings.push_back(std::move(w));
    a.warnings = std::move(findings);
}

// `tilelab analyze --json` (KindOps::write_analysis_json): the runs on the board, every hint swap
// with what its first step clears and creates, and whether the board is dead.
void write_analysis_json(const Analysis& a, JsonWriter& out) {
    out.key("groups").begin_array();
    for (const auto& g : a.groups) {
        out.begin_object().key("cells").cells(g.cells);
        out.end_object();
    }
    out.end_array();
    out.key("hints").begin_array();
    for (const auto& h : a.hints) {
        out.begin_object();
        out.key("swap").begin_array().cell(h.a).cell(h.b).end_array();
        out.key("clears").cells(h.clears);
        out.key("creates").begin_array();
        for (const auto& [c, special] : h.creates) {
            out.begin_object().key("cell").cell(c);
            out.key("token").value(v2::token(special));
            out.end_object();
        }
        out.end_array();
        out.key("combo").value(h.combo);
        out.end_object();
    }
    out.end_array();
    out.key("dead").value(a.blocked);
}

Analysis analyze(const Level& level, const AnalyzeOptions& options, StopToken stop) {
    if (v2::active(level)) return analyze_v2(level, options, stop);
    Analysis a;
    const Board board = drawn_board(level);
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (level.board.at(x, y) == cell::random) a.start_spawns.push_back({Cell{x, y}, board.at(x, y)});
    const RulesConfig rules = RulesConfig::of(level);
    HintScanner scanner;
    scanner.scan(board, rules);
    a.groups = match3::match_groups(board, scanner.runs());
    // Every hint's clears repeat the runs already on the board, so a huge board painted full of runs
    // would make the answer quadratic (gigabytes at 256x256). Past a budget of listed cells the
    // remaining hints keep their swap with empty clears, and a warning says so.
    std::size_t listed = 0;
    std::size_t truncated_from = scanner.legal_swaps().size();
    for (const Swap& s : scanner.legal_swaps()) {
        if (!options.overlays) break;  // the problems need no hint
        if (listed > max_listed_clear_cells) {
            truncated_from = std::min(truncated_from, a.hints.size());
            a.hints.push_back(HintSwap{s.a, s.b, {}, {}, false});
            continue;
        }
        a.hints.push_back(HintSwap{s.a, s.b, scanner.clears_sorted(s), {}, false});
        listed += a.hints.back().clears.size();
    }
    a.blocked = scanner.dead();
    finish_analysis(a, level, truncated_from, "dead board: no swap makes a run");
    return a;
}

// analyze under format version 2 (docs/match3.md): groups by colour, every legal move (combos
// included) with its first step's clear set, the specials it creates and whether it is a combo.
Analysis analyze_v2(const Level& level, const AnalyzeOptions& options, StopToken stop) {
    Analysis a;
    const v2::Config config = v2::Config::of(level);
    const Board board = drawn_board(level);
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (level.board.at(x, y) == cell::random) a.start_spawns.push_back({Cell{x, y}, board.at(x, y)});
    State state;
    state.board = board;
    if (level.lock && level.lock->width == board.width && level.lock->height == board.height) state.lock = level.lock;
    a.groups = v2::match_groups(board, config.min_match);
    v2::Scratch scratch;
    // Each hint plays its move's first step on the whole board, so a huge board costs moves x cells
    // (seconds at 256x256). Past the budget of listed cells (clears and creates), the time budget
    // or a stop, the remaining hints keep their swap and combo flag without clears or creates, and
    // a warning says so.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(options.budget_ms, 1));
    std::size_t listed = 0;
    std::size_t truncated_from = SIZE_MAX;
    bool any_move = false;  // without overlays: dead unless one legal move previews
    for (const CellPairMove& m : v2::legal_moves(board, state.lock, config.min_match)) {
        if (!options.overlays) {
            any_move = v2::preview(state, config, m.a, m.b, scratch).has_value();
            if (any_move) break;
            continue;
        }
        const bool out_of_budget = truncated_from != SIZE_MAX || listed > max_listed_clear_cells || stop.stop_requested() ||
                                   std::chrono::steady_clock::now() > deadline;
        if (out_of_budget) {
            truncated_from = std::min(truncated_from, a.hints.size());
            const bool combo = v2::classify(board, state.lock, m.a, m.b, config.min_match) == v2::SwapKind::combo;
            a.hints.push_back(HintSwap{m.a, m.b, {}, {}, combo});
            continue;
        }
        auto p = v2::preview(state, config, m.a, m.b, scratch);
        if (!p) continue;
        listed += p->clears.size() + p->creates.size();
        a.hints.push_back(HintSwap{m.a, m.b, std::move(p->clears), std::move(p->creates), p->combo});
    }
    a.blocked = options.overlays ? a.hints.empty() : !any_move;
    finish_analysis(a, level, truncated_from, "dead board: no swap makes a run or a combo");
    return a;
}

GenerateResult generate(const GenerateOptions& options) { return generate_level(options); }

EstimateResult estimate(const Level& level, const EstimateOptions& options, StopToken stop, Progress* progress) {
    return estimate_pass_rate(level, options, stop, progress);
}
}  // namespace

Board drawn_board(const Level& level) {
    Board board = level.board;
    Rng rng(level.seed);
    if (v2::active(level)) {
        v2::draw_random_pieces(board, v2::Config::of(level), rng);
        return board;
    }
    const RulesConfig rules = RulesConfig::of(level);
    draw_random_pieces(board, rules.colors, rules.min_match, rng);
    return board;
}

State start_state(const Level& level) {
    if (v2::active(level)) return v2::start_state(level);
    const RulesConfig rules = RulesConfig::of(level);
    State s;
    s.board = level.board;
    s.rng = Rng(level.seed);
    draw_random_pieces(s.board, rules.colors, rules.min_match, s.rng);
    if (level.jelly && level.jelly->width == level.width() && level.jelly->height == level.height()) s.jelly = level.jelly;
    s.collected.assign(static_cast<std::size_t>(rules.colors), 0);
    Scratch scratch;
    settle(s, rules, Resolution::start, scratch);
    return s;
}

void fill_random_cells(Board& board, const Rules& rules, Rng& rng) {
    const RulesConfig r = config_of(rules);
    draw_random_pieces(board, r.colors, r.min_match, rng);
}

std::vector<CellGroup> match_groups(const Board& board, const Rules& rules) {
    return match3::match_groups(board, config_of(rules));
}

std::vector<HintSwap> hints(const Board& board, const Rules& rules) { return hint_swaps(board, config_of(rules)); }

std::optional<HintSwap> preview_swap(const Board& board, const Rules& rules, Cell a, Cell b) {
    const RulesConfig r = config_of(rules);
    if (!swappable(board, a, b) || !swap_makes_run(board, a, b, r.min_match)) return std::nullopt;
    if (b < a) std::swap(a, b);
    HintScanner scanner;
    scanner.scan(board, r);
    return HintSwap{a, b, scanner.clears_sorted(Swap{a, b}), {}, false};
}

bool objectives_met(const Level& level, const State& state) { return match3::objectives_hold(level, state); }

std::vector<GoalProgress> goal_progress(const Level& level, const State& state) {
    const Goal& goal = level.goal.as<Goal>();
    std::vector<GoalProgress> out;
    auto add = [&out](std::string label, std::int64_t current, std::int64_t target) {
        out.push_back(GoalProgress{std::move(label), current, target, current >= target});
    };
    if (goal.score) add("score", state.score, *goal.score);
    if (goal.jelly) {
        std::int64_t total = 0, left = 0;
        if (level.jelly)
            for (std::int32_t layers : level.jelly->cells) total += std::max(layers, 0);
        if (state.jelly)
            for (std::int32_t layers : state.jelly->cells) left += std::max(layers, 0);
        add("jelly layers cleared", total - left, total);
    }
    for (const CollectGoal& c : goal.collect) {
        const bool known = c.color >= 0 && static_cast<std::size_t>(c.color) < state.collected.size();
        add("colour " + std::to_string(c.color) + " collected", known ? state.collected[static_cast<std::size_t>(c.color)] : 0,
            c.count);
    }
    if (goal.crates) {
        auto crates = [](const Board& board) {
            return static_cast<std::int64_t>(std::count_if(board.cells.begin(), board.cells.end(), cell::is_crate));
        };
        const std::int64_t total = crates(level.board);
        add("crates cleared", total - crates(state.board), total);
    }
    if (goal.ingredients) add("ingredients collected", state.ingredients, *goal.ingredients);
    // No objective: the game is won by lasting out the move limit.
    if (!has_objectives(goal) && level.goal.moves) add("moves played", state.moves, *level.goal.moves);
    return out;
}

namespace {

// The goal's objectives in words (KindOps::goal_words).
std::vector<std::string> goal_words(const tilelab::Goal& goal) {
    const Goal& g = goal.as<Goal>();
    std::vector<std::string> parts;
    if (g.score) parts.push_back("score " + std::to_string(*g.score));
    if (g.jelly) parts.push_back("clear the jelly");
    for (const CollectGoal& c : g.collect)
        parts.push_back("collect " + std::to_string(c.count) + " of colour " + std::to_string(c.color));
    if (g.crates) parts.push_back("break every crate");
    if (g.ingredients)
        parts.push_back("bring down " + std::to_string(*g.ingredients) + (*g.ingredients == 1 ? " ingredient" : " ingredients"));
    return parts;
}

}  // namespace

namespace {

// The starting board's overlays as `tilelab analyze` prints them (KindOps::analysis_text).
std::string analysis_text(const Analysis& a) {
    std::string out = std::to_string(a.groups.size()) + " match group(s) on the board\n";
    for (const auto& g : a.groups) out += "  group: " + format_cells(g.cells) + "\n";
    out += std::to_string(a.hints.size()) + " legal swap(s)" + (a.blocked ? ": the board is dead" : "") + "\n";
    for (const auto& h : a.hints)
        out += "  swap " + format_cell(h.a) + "-" + format_cell(h.b) + " clears " + std::to_string(h.clears.size()) + " cells\n";
    return out;
}

// A candidate layout's knobs in words (KindOps::layout_words).
std::string layout_words(const GenerateOptions& o) {
    std::string text = ", " + std::to_string(o.colors.value_or(5)) + " colours";
    if (o.blockers) text += ", " + std::to_string(o.blockers) + " blockers";
    if (o.crates) text += ", " + std::to_string(o.crates) + " crates";
    if (o.ingredients) text += ", " + std::to_string(o.ingredients) + " ingredients";
    if (o.locks) text += ", " + std::to_string(o.locks) + " locks";
    return text;
}

}  // namespace

const KindOps& ops() {
    static const KindOps table{
        .kind = Kind::match3,
        .start = start,
        .legal_moves = legal_moves,
        .play = play,
        .goal_met = goal_met,
        .analyze = analyze,
        .generate = generate,
        .estimate = estimate,
        .summarize = summarize_estimate,
        .goal_progress = goal_progress,
        .replay = replay_run,
        .playouts = estimate,
        .summarize_playouts = summarize_estimate,
        .dead_start = "dead start: no legal swap on the starting board",
        .counts_start_moves = true,
        .pack_ladder = true,
        .report_colour = "#1f6fd1",
        .goal_words = goal_words,
        .look = &look(),
        .parse_move = [](std::string_view text, std::string& error) { return parse_cell_pair_move(Kind::match3, text, error); },
        .unlimited_playout_moves = default_playout_moves,
        .aim = &aim(),
        .reports_ingredients = [](const Level& level) { return v2::active(level); },
        .ladder_bots = {"random", "greedy", "lookahead", "mcts"},
        .analysis_text = analysis_text,
        .write_analysis_json = write_analysis_json,
        .layout_words = layout_words};
    return table;
}

}  // namespace tilelab::match3
