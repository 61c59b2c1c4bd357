// The slide kind behind the kind table: start, legal moves, play with events, goal, analyze, generate.
#include <algorithm>

#include "tilelab/slide/bot.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/puzzle.hpp"
#include "tilelab/slide/slide.hpp"

namespace tilelab::slide {

int effective_start_tiles(const Level& level) {
    const Rules& rules = level.rules.as<Rules>();
    if (rules.start_tiles) return *rules.start_tiles;
    if (rules.spawn.empty()) return 0;  // no spawns: the board is the start
    for (std::int32_t c : level.board.cells)
        if (cell::is_value(c)) return 0;
    return 2;
}

State start_state(const Level& level) {
    State s;
    s.board = level.board;
    s.rng = Rng(level.seed);
    // Designer's tiles get ids in row-major order, then the start spawns are drawn.
    s.ids = Grid(level.width(), level.height(), -1);
    for (int i = 0; i < s.board.size(); ++i)
        if (cell::is_value(s.board.cells[static_cast<std::size_t>(i)])) s.ids.cells[static_cast<std::size_t>(i)] = s.next_id++;
    const SpawnTable spawns = SpawnTable::of(level.rules.as<Rules>());
    SpawnSequence empty_cells(s.board);
    for (int n = std::max(effective_start_tiles(level), 0); n > 0; --n) {
        auto spawn = empty_cells.draw(s.rng, spawns);
        if (!spawn) break;  // the board is full: no more draws
        s.board.cells[static_cast<std::size_t>(spawn->first)] = spawn->second;
        s.ids.cells[static_cast<std::size_t>(spawn->first)] = s.next_id++;
    }
    return s;
}

bool goal_reached(const Level& level, const State& state) {
    if (level.goal.moves && state.moves > *level.goal.moves) return false;
    return highest_tile(state.board) >= level.goal.as<Goal>().target;
}

std::vector<GoalProgress> goal_progress(const Level& level, const State& state) {
    const std::int32_t highest = highest_tile(state.board);
    const int target = level.goal.as<Goal>().target;
    return {GoalProgress{"highest tile", highest, target, highest >= target}};
}

namespace {

std::vector<Move> legal_moves(const Level&, const State& state) {
    std::vector<Move> moves;
    const auto legal = legal_directions(state.board);
    for (std::size_t i = 0; i < all_directions.size(); ++i)
        if (legal[i]) moves.emplace_back(all_directions[i]);
    return moves;
}

StepResult play(const Level& level, const State& state, const Move& move) {
    StepResult r;
    r.state = state;
    const Direction* d = std::get_if<Direction>(&move);
    if (!d) {
        r.why = "a slide move is up, down, left or right";
        return r;
    }
    const Rules& rules = level.rules.as<Rules>();
    TileMove slid;
    move_tiles(state.board, state.ids, state.next_id, *d, slid);
    if (!slid.moved) {
        r.why = "nothing moves " + std::string(direction_name(*d));
        return r;
    }
    r.legal = true;
    r.state.board = std::move(slid.board);
    r.state.ids = std::move(slid.ids);
    r.state.next_id = slid.next_id;
    r.state.score += score_gain(rules.score, slid.merged_sum);
    r.state.moves += 1;
    r.events.reserve(slid.events.size() + 1);
    for (const TileEvent& e : slid.events) r.events.push_back(tile_event(e));
    if (auto spawn = draw_spawn(r.state.board, r.state.rng, SpawnTable::of(rules))) {
        const auto index = static_cast<std::size_t>(spawn->first);
        const int id = r.state.next_id++;
        r.state.board.cells[index] = spawn->second;
        r.state.ids.cells[index] = id;
        r.events.emplace_back(
            event::TileSpawn{id, Cell{spawn->first % r.state.board.width, spawn->first / r.state.board.width}, spawn->second});
    }
    return r;
}

// A level without spawns: the fewest moves to the target, searched exactly within the budget
// (docs/slide.md "Puzzles"), as lines reports its solver: a verdict and the moves.
void solve_puzzle(const Level& level, const State& start, const AnalyzeOptions& options, StopToken stop, Analysis& a,
                  std::vector<Warning>& findings) {
    PuzzleLimits limits;
    limits.max_depth = level.goal.moves ? *level.goal.moves : -1;
    limits.budget_ms = std::max(1, options.budget_ms);
    limits.max_positions = position_budget(start.board.size());  // memory bounds large boards
    const int target_tile = level.goal.as<Goal>().target;
    Level board_level = level;
    board_level.board = start.board;
    const PuzzleSearch found = fits_table_path(board_level)
                                   ? shortest_solution(TablePath(), TablePath().from_board(start.board), target_tile, limits,
                                                       stop)
                                   : shortest_solution(GridPath(start.board.width, start.board.height),
                                                       GridPath(start.board.width, start.board.height).from_board(start.board),
                                                       target_tile, limits, stop);
    a.solved = true;
    a.verdict = found.verdict;
    for (Direction d : found.moves) a.solution.emplace_back(d);
    const std::string target = std::to_string(target_tile);
    if (found.verdict == Verdict::unsolvable)
        findings.push_back({level.goal.moves ? "no sequence of " + std::to_string(*level.goal.moves) +
                                                   " moves or fewer makes a tile of " + target + " (the move limit)"
                                             : "no sequence of moves makes a tile of " + target +
                                                   ": every position the board can reach was searched",
                            std::nullopt, Diagnostic::Severity::warning, "slide.puzzle-unsolvable"});
    else if (found.verdict == Verdict::unknown)
        findings.push_back({"the solver ran out of " + std::string(found.positions > limits.max_positions ? "memory" : "time") +
                                " after " + std::to_string(found.positions) + " positions: no solution has " +
                                std::to_string(found.proven_depth) + " moves or fewer",
                            std::nullopt, Diagnostic::Severity::warning, "slide.solver-timeout"});
}

Analysis analyze(const Level& level, const AnalyzeOptions& options, StopToken stop) {
    Analysis a;
    const State s = start_state(level);
    a.legal = legal_directions(s.board);
    for (int y = 0; y < s.board.height; ++y)
        for (int x = 0; x < s.board.width; ++x)
            if (s.board.at(x, y) != level.board.at(x, y)) a.start_spawns.push_back({Cell{x, y}, s.board.at(x, y)});
    a.blocked = std::none_of(a.legal.begin(), a.legal.end(), [](bool b) { return b; });
    std::vector<Warning> findings;
    if (a.blocked)
        findings.push_back({"no move is legal at the start: the game is over before it begins", std::nullopt,
                            Diagnostic::Severity::warning, "slide.game-over-at-start"});
    if (highest_tile(s.board) >= level.goal.as<Goal>().target)
        findings.push_back({"the target tile is already on the board at the start", std::nullopt, Diagnostic::Severity::warning,
                            "slide.target-at-start"});
    if (has_no_spawns(level) && options.solve) solve_puzzle(level, s, options, std::move(stop), a, findings);
    a.warnings = std::move(findings);  // slide has no level problems (kinds/table.hpp)
    return a;
}

}  // namespace

GenerateResult generate_level(const GenerateOptions& options) {
    GenerateResult r;
    if (options.width < 1 || options.height < 1 || options.width > max_board_side || options.height > max_board_side) {
        r.error = "slide boards are 1 to " + std::to_string(max_board_side) + " cells on a side";
        return r;
    }
    if (options.width * options.height < 2) {
        r.error = "a slide board needs at least 2 cells";
        return r;
    }
    Level level = make_blank_level(Kind::slide, options.width, options.height);
    level.seed = options.seed;
    // A start position: the requested walls, then two tiles drawn like start spawns, all from
    // the seed, so a designer gets the same level for the same options. Walls never cut the
    // board so far that no move is legal: such a draw is retried.
    Rng rng(options.seed);
    const SpawnTable spawns = SpawnTable::of(level.rules.as<Rules>());
    const int walls = std::clamp(options.blockers, 0, options.width * options.height - 2);
    for (int attempt = 0; attempt < 100; ++attempt) {
        Board board(options.width, options.height);
        SpawnSequence empty_cells(board);
        for (int w = 0; w < walls; ++w) {
            auto cell = empty_cells.draw(rng, spawns);
            if (cell) board.cells[static_cast<std::size_t>(cell->first)] = cell::blocker;
        }
        for (int t = 0; t < 2; ++t) {
            auto spawn = empty_cells.draw(rng, spawns);
            if (spawn) board.cells[static_cast<std::size_t>(spawn->first)] = spawn->second;
        }
        const auto legal = legal_directions(board);
        if (std::any_of(legal.begin(), legal.end(), [](bool b) { return b; })) {
            level.board = std::move(board);
            r.level = std::move(level);
            return r;
        }
    }
    r.error = "no start position with a legal move found for these options";
    return r;
}

namespace {

// The goal's objectives in words (KindOps::goal_words).
std::vector<std::string> goal_words(const tilelab::Goal& goal) { return {"reach " + std::to_string(goal.as<Goal>().target)}; }

}  // namespace

namespace {

// `tilelab analyze --json` (KindOps::write_analysis_json): each direction's legality, whether the
// game is over at the start, and for a puzzle without spawns the solver's verdict and moves.
void write_analysis_json(const Analysis& a, JsonWriter& out) {
    out.key("legal").begin_object();
    for (std::size_t i = 0; i < all_directions.size(); ++i) out.key(direction_name(all_directions[i])).value(a.legal[i]);
    out.end_object();
    out.key("game_over").value(a.blocked);
    write_solve_json(a, out);
}

// The starting board's overlays as `tilelab analyze` prints them (KindOps::analysis_text).
std::string analysis_text(const Analysis& a) {
    std::string out = "legal:";
    for (std::size_t i = 0; i < all_directions.size(); ++i)
        if (a.legal[i]) out += " " + std::string(direction_name(all_directions[i]));
    out += a.blocked ? " (none: game over)" : "";
    return out + "\n";
}

}  // namespace

const KindOps& ops() {
    static const KindOps table{.kind = Kind::slide,
                               .start = start_state,
                               .legal_moves = legal_moves,
                               .play = play,
                               .goal_met = goal_reached,
                               .analyze = analyze,
                               .generate = generate_level,
                               .estimate = estimate,
                               .summarize = summarize,
                               .goal_progress = goal_progress,
                               .replay = replay_run,
                               .playouts = estimate,
                               .summarize_playouts = summarize,
                               .dead_start = "game over at the start: no tile can move",
                               .report_colour = "#d9822b",
                               .goal_words = goal_words,
                               .look = &look(),
                               .parse_move = parse_direction_move,
                               .aim = &aim(),
                               .ladder_bots = {"random", "greedy", "quick", "expectimax"},
                               .analysis_text = analysis_text,
                               .write_analysis_json = write_analysis_json};
    return table;
}

}  // namespace tilelab::slide
