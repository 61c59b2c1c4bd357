// Replays of an estimate's runs (KindOps::replay, `tilelab estimate --replay R`): run R played again
// move by move is the game estimate counted for run R, and each of its states is what play() gives
// from the one before with the run's generator.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "support/run.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/link/link.hpp"

using namespace tilelab;
using test::run_cli;
using test::shell_quote;

namespace {

Level replay_sample(const std::string& name) {
    LevelLoad load = load_level(std::string(TILELAB_SOURCE_DIR "/levels/samples/") + name);
    REQUIRE(load.level.has_value());
    return *load.level;
}

// The per-run outcomes estimate counts, with the command line's curve cap (twice the limit: games
// played on past the level's limit, which must not change what a replay of the run shows).
std::vector<PlayoutOutcome> estimated_runs(const Level& level, const EstimateOptions& options) {
    EstimateOptions o = options;
    o.curve_cap = 2 * level.goal.moves.value_or(0);
    const EstimateResult r = level.kind == Kind::link ? link::estimate_clear_rate(level, o, {}, nullptr)
                                                      : kind_ops(level.kind).estimate(level, o, {}, nullptr);
    REQUIRE(static_cast<int>(r.outcomes.size()) == o.runs);
    return r.outcomes;
}

// Run `run` replayed: its outcome is estimate's, its steps are legal moves whose states play()
// gives one after the other from the start, and the last state ends the game the way it says.
void check_replay(const Level& level, const EstimateOptions& options, int run, const PlayoutOutcome& counted) {
    const KindOps& ops = kind_ops(level.kind);
    const Replay r = ops.replay(level, options, run, {});
    INFO("run " << run << ", bot '" << options.bot << "'");
    CHECK(r.run == run);
    CHECK(r.seed == options.seed);
    CHECK_FALSE(r.outcome.interrupted);
    CHECK(r.outcome.won == counted.won);
    CHECK(r.outcome.dead == counted.dead);
    CHECK(r.outcome.moves_used == counted.moves_used);
    CHECK(r.outcome.moves_left == counted.moves_left);
    CHECK(r.outcome.score == counted.score);
    CHECK(r.outcome.highest_tile == counted.highest_tile);
    REQUIRE(static_cast<int>(r.steps.size()) == r.outcome.moves_used);
    State at = r.start;
    for (const ReplayStep& step : r.steps) {
        StepResult played = ops.play(level, at, step.move);
        REQUIRE(played.legal);
        // The random state aside (link's player draws from a generator of its own, never the state's).
        CHECK(played.state.board == step.state.board);
        CHECK(played.state.score == step.state.score);
        CHECK(played.state.moves == step.state.moves);
        CHECK(played.state.jelly == step.state.jelly);
        CHECK(played.state.collected == step.state.collected);
        CHECK(played.state.lock == step.state.lock);
        CHECK(played.state.ingredients == step.state.ingredients);
        at = step.state;
    }
    const State& last = r.steps.empty() ? r.start : r.steps.back().state;
    CHECK(ops.goal_met(level, last) == r.outcome.won);
    if (r.outcome.dead) CHECK(ops.legal_moves(level, last).empty());
    if (!r.steps.empty()) CHECK(r.outcome.score == last.score);
}

}  // namespace

TEST_CASE("replay: each run replayed is the game estimate counted for it (match3 bots, slide, link)", "[replay]") {
    struct Case {
        const char* file;
        const char* bot;
        int runs;
    };
    // Every match3 bot (mcts at a few rollouts), v1 and format 2 rules, jelly, crates, ingredients,
    // locks; slide with spawns and a puzzle without; link's random player.
    const Case cases[] = {
        {"match3/01-intro.json", "", 4},       {"match3/02-jelly.json", "", 6},
        {"match3/02-jelly.json", "random", 6}, {"match3/02-jelly.json", "greedy", 6},
        {"match3/02-jelly.json", "mcts", 2},   {"match3/05-combos.json", "", 3},
        {"match3/06-crates.json", "", 3},      {"match3/07-ingredients.json", "greedy", 3},
        {"match3/08-locks.json", "", 3},       {"match3/09-weights.json", "random", 3},
        {"slide/03-fours.json", "quick", 3},   {"slide/04-puzzle.json", "", 2},
        {"slide/04-puzzle.json", "random", 3}, {"link/03-blockers.json", "", 8},
    };
    int won = 0, lost = 0;
    for (const Case& c : cases) {
        INFO(c.file);
        const Level level = replay_sample(c.file);
        EstimateOptions options;
        options.runs = c.runs;
        options.threads = 1;
        options.seed = 3;
        options.bot = c.bot;
        options.rollouts = 8;
        const std::vector<PlayoutOutcome> counted = estimated_runs(level, options);
        for (int run = 0; run < c.runs; ++run) {
            check_replay(level, options, run, counted[static_cast<std::size_t>(run)]);
            (counted[static_cast<std::size_t>(run)].won ? won : lost) += 1;
        }
    }
    CHECK(won > 0);  // both endings are replayed
    CHECK(lost > 0);
    // A run of a shard is the same run: first_run does not change it.
    const Level level = replay_sample("match3/02-jelly.json");
    EstimateOptions options;
    options.seed = 3;
    options.runs = 2;
    options.first_run = 4;
    const std::vector<PlayoutOutcome> shard = estimated_runs(level, options);
    options.first_run = 0;
    check_replay(level, options, 5, shard[1]);
    CHECK(kind_ops(Kind::lines).replay == nullptr);  // a solver, no bot runs
    options.bot = "nobody";
    CHECK_THROWS_AS(kind_ops(Kind::match3).replay(level, options, 0, {}), std::invalid_argument);
}

TEST_CASE("replay: tilelab estimate --replay R prints run R move by move, text and JSON", "[replay][cli]") {
    const std::string file = TILELAB_SOURCE_DIR "/levels/samples/match3/02-jelly.json";
    const Level level = replay_sample("match3/02-jelly.json");
    EstimateOptions options;
    options.seed = 5;
    options.bot = "greedy";
    for (int run : {0, 7}) {
        const Replay r = kind_ops(Kind::match3).replay(level, options, run, {});
        const auto cli = run_cli("estimate " + shell_quote(file) + " --bot greedy --seed 5 --replay " + std::to_string(run) +
                                 " --json");
        REQUIRE(cli.status == 0);
        const auto j = nlohmann::ordered_json::parse(cli.out);
        CHECK(j.at("run") == run);
        CHECK(j.at("bot") == "greedy");
        CHECK(j.at("seed") == 5);
        CHECK(j.at("won") == r.outcome.won);
        CHECK(j.at("dead") == r.outcome.dead);
        CHECK(j.at("moves_used") == r.outcome.moves_used);
        CHECK(j.at("score") == r.outcome.score);
        CHECK(j.at("start").at("board") == board_json(Kind::match3, r.start.board));
        REQUIRE(j.at("moves").size() == r.steps.size());
        for (std::size_t i = 0; i < r.steps.size(); ++i) {
            const auto& m = j.at("moves")[i];
            CHECK(m.at("move") == format_move(r.steps[i].move));
            CHECK(m.at("score") == r.steps[i].state.score);
            CHECK(m.at("board") == board_json(Kind::match3, r.steps[i].state.board));
            const std::vector<GoalProgress> goal = kind_ops(Kind::match3).goal_progress(level, r.steps[i].state);
            REQUIRE(m.at("goal").size() == goal.size());
            CHECK(m.at("goal")[0].at("label") == goal[0].label);
            CHECK(m.at("goal")[0].at("current") == goal[0].current);
            CHECK(m.at("goal")[0].at("target") == goal[0].target);
        }
        // The text: a head line, the start, one line a move, the ending.
        const auto text = run_cli("estimate " + shell_quote(file) + " --bot greedy --seed 5 --replay " + std::to_string(run));
        REQUIRE(text.status == 0);
        std::vector<std::string> lines;
        std::string line;
        for (char ch : text.out) {
            if (ch == '\n') {
                lines.push_back(line);
                line.clear();
            } else {
                line += ch;
            }
        }
        REQUIRE(lines.size() == r.steps.size() + 3);
        CHECK(lines[0] == level.id + ": run " + std::to_string(run) + ", bot greedy, seed 5");
        CHECK(lines[1] == "  start: score 0; jelly layers cleared 0 / 12");
        const ReplayStep& first = r.steps.front();
        CHECK(lines[2].rfind(
                  "  1. " + format_move(first.move) + ": score " + std::to_string(first.state.score) + "; jelly layers cleared ",
                  0) == 0);
        const std::string moves = std::to_string(r.outcome.moves_used) + " moves";
        CHECK(lines.back() == (r.outcome.won    ? "won in " + moves
                               : r.outcome.dead ? "lost in " + moves + ": no legal move left"
                                                : "lost in " + moves + ": the goal was not met within the move limit"));
    }
    // A bad run number is a usage error that names it.
    for (const std::string& bad : {std::string("-1"), std::to_string(limits::max_runs), std::string("x")}) {
        const auto r = run_cli("estimate " + shell_quote(file) + " --replay " + bad);
        CHECK(r.status == 2);
        CHECK(r.err.find("--replay") != std::string::npos);
    }
    const auto past = run_cli("estimate " + shell_quote(file) + " --runs 10 --replay 10");
    CHECK(past.status == 2);
    CHECK(past.err.find("--replay 10 is not one of the 10 runs") != std::string::npos);
    CHECK(run_cli("estimate " + shell_quote(file) + " --replay 1 --shard 0/2 -o x.part").status == 2);
    // lines: a solver, no runs; link: its random player's run.
    CHECK(run_cli("estimate " + shell_quote(TILELAB_SOURCE_DIR "/levels/samples/lines/01-square.json") + " --replay 0").status ==
          2);
    const auto link = run_cli("estimate " + shell_quote(TILELAB_SOURCE_DIR "/levels/samples/link/01-pairs.json") +
                              " --replay 2 --json");
    REQUIRE(link.status == 0);
    CHECK(nlohmann::json::parse(link.out).at("bot") == "random");
}
