// `tilelab estimate LEVEL`: bot playouts and the pass rate with its 95% interval.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include <unistd.h>

#include "cli/verbs.hpp"
#include "tilelab/analysis/calibration.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/pack/shard.hpp"

namespace tilelab::cli {

const char* const estimate_usage =
    "usage: tilelab estimate LEVEL [--runs N] [--precision P] [--threads T] [--seed S] [--bot NAME]\n"
    "                              [--rollouts N] [--playout-budget-ms N] [--curve-cap N]\n"
    "                              [--calibration CAL.json] [--json]\n"
    "       tilelab estimate LEVEL --shard K/N -o PART [OPTIONS]\n"
    "       tilelab estimate LEVEL --replay R [--seed S] [--bot NAME] [--rollouts N] [--json]\n"
    "\n"
    "Plays the level N times with a bot (match3, slide; link: a random player) and reports how\n"
    "often it meets the goal:\n"
    "runs, wins, pass_rate, ci95 (Wilson), mean moves, dead_rate and the kind's distributions.\n"
    "Each playout draws from its own generator seeded from (--seed, run index), so the result\n"
    "is the same for any --threads.\n"
    "--runs N (default 1000), --threads T (default: the machine's cores), --seed S (default 0),\n"
    "--bot NAME (match3: random, greedy, lookahead or mcts; slide: expectimax, expectimax-deep,\n"
    "quick, greedy or random; link: random, a player who removes any available pair: the pass\n"
    "rate is its clear rate).\n"
    "--precision P (0.03 or 3%; default 0: every run): runs in batches of 100 and stops at the\n"
    "first batch after which the 95% interval's half-width is at most P; --runs is then the most\n"
    "it takes. The JSON adds \"precision\", \"runs_asked\" and \"stopped\": \"precision\" (enough\n"
    "runs) or \"runs\" (the cap came first). The same seed gives the same figure for any --threads.\n"
    "--rollouts N (default 100): the match3 mcts bot's rollouts per move.\n"
    "--playout-budget-ms N (default 120000): the playouts stop after N ms; the result then has\n"
    "\"stopped\": \"time_budget\", \"runs_asked\" and the runs finished (the first n: the figures\n"
    "of --runs n). A run that finishes within the budget is not changed by it.\n"
    "--curve-cap N: the pass-rate curve (\"curve\": the pass rate at every move limit from 1 to N,\n"
    "from the same playouts, each game played on past the level's limit up to N) ends at N;\n"
    "default twice the level's move limit (0: the level's limit, no longer games). Without a move\n"
    "limit the curve ends at the longest win seen. Also \"best_runs\" (moves used by the best 5%\n"
    "and 15% of runs) and \"attempts_per_pass\".\n"
    "--calibration CAL.json (from 'tilelab calibrate'): adds the predicted human pass rate with\n"
    "its 95% interval (\"calibrated\"); the calibration's bot must be the one that plays.\n"
    "--shard K/N -o PART: plays share K (0 .. N-1) of the runs and writes it to PART; `tilelab pack\n"
    "merge` puts the N parts together into exactly what --json prints (docs/scale.md).\n"
    "--replay R: plays run R (0 .. runs - 1) of that estimate again, exactly as it was played (the\n"
    "same refills or spawns, the same bot), and prints its moves one a line with the score and the\n"
    "goal's progress after each, then how the run ended (what the estimate counted for it). With\n"
    "--json: {\"run\", \"bot\", \"seed\", \"won\", \"dead\", \"moves_used\", \"score\", \"start\", \"moves\"}.\n"
    "The level's problems (as validate, analyze, tune and pack check give them) follow the figures,\n"
    "one a line (\"warning: (x, y): message\"); with --json they are \"problems\", the last key.\n"
    "A progress line goes to stderr when it is a terminal.\n"
    "Exit status: 0 estimated, 1 the level or the calibration is invalid (or made with another\n"
    "bot), 2 wrong usage.\n";

namespace {

// printf-style text on std::cout (the CLI unties cout from C stdio, so mixing the two on stdout
// would print the lines out of order when stdout is a pipe).
inline void say(const char* text) { std::cout << text; }
template <class Value, class... Values>
void say(const char* format, Value value, Values... values) {
    std::string line(static_cast<std::size_t>(std::snprintf(nullptr, 0, format, value, values...)) + 1, '\0');
    std::snprintf(line.data(), line.size(), format, value, values...);
    line.pop_back();
    std::cout << line;
}

// "curve: pass rate by move limit" and about ten of its points, evenly spaced, the last included.
void print_curve(const nlohmann::ordered_json& curve) {
    if (curve.empty()) {
        say("  curve: no win to draw it from\n");
        return;
    }
    const std::size_t n = curve.size();
    const std::size_t step = std::max<std::size_t>(1, (n + 9) / 10);
    say("  curve (pass rate at move limit):");
    for (std::size_t i = (n - 1) % step; i < n; i += step)
        say(" %d: %.1f%%", curve[i]["moves"].get<int>(), 100.0 * curve[i]["pass_rate"].get<double>());
    say("\n");
}

// "score 120 / 1500, jelly layers cleared 3 / 12 (met)": the goal's progress on one line.
std::string progress_text(const std::vector<GoalProgress>& progress) {
    std::string text;
    for (const GoalProgress& g : progress) {
        if (!text.empty()) text += ", ";
        text += g.label + " " + std::to_string(g.current) + " / " + std::to_string(g.target) + (g.met ? " (met)" : "");
    }
    return text.empty() ? "no objective" : text;
}

nlohmann::ordered_json progress_json(const std::vector<GoalProgress>& progress) {
    auto list = nlohmann::ordered_json::array();
    for (const GoalProgress& g : progress)
        list.push_back({{"label", g.label}, {"current", g.current}, {"target", g.target}, {"met", g.met}});
    return list;
}

// How a replayed run ended, as estimate counted it: "won in 12 moves", "lost in 7 moves: no legal
// move left", "lost in 20 moves: the goal was not met within the move limit".
std::string outcome_text(const PlayoutOutcome& o) {
    const std::string moves = std::to_string(o.moves_used) + (o.moves_used == 1 ? " move" : " moves");
    if (o.won) return "won in " + moves;
    if (o.dead) return "lost in " + moves + ": no legal move left";
    return "lost in " + moves + ": the goal was not met within the move limit";
}

// `estimate LEVEL --replay R`: run R move by move.
int print_replay(const Level& level, const KindOps& game, const EstimateOptions& options, int run, bool json) {
    if (!game.replay) return usage_error("estimate", std::string(kind_name(level.kind)) + " levels have no bot runs to replay");
    Replay replay;
    try {
        replay = game.replay(level, options, run, {});
    } catch (const std::exception& e) {
        std::cerr << "tilelab estimate: error: " << e.what() << "\n";
        return exit_invalid;
    }
    const PlayoutOutcome& o = replay.outcome;
    if (json) {
        nlohmann::ordered_json out;
        out["run"] = replay.run;
        out["bot"] = replay.bot;
        if (replay.bot == "mcts") out["rollouts"] = options.rollouts;  // as estimate's JSON
        out["seed"] = seed_to_json(replay.seed);
        out["won"] = o.won;
        out["dead"] = o.dead;
        out["moves_used"] = o.moves_used;
        out["score"] = o.score;
        out["start"] = {{"score", replay.start.score},
                        {"goal", progress_json(game.goal_progress(level, replay.start))},
                        {"board", board_json(level.kind, replay.start.board)}};
        auto moves = nlohmann::ordered_json::array();
        for (const ReplayStep& step : replay.steps)
            moves.push_back({{"move", format_move(step.move)},
                             {"score", step.state.score},
                             {"goal", progress_json(game.goal_progress(level, step.state))},
                             {"board", board_json(level.kind, step.state.board)}});
        out["moves"] = std::move(moves);
        print_json(out);
        return exit_ok;
    }
    std::string head = level.id + ": run " + std::to_string(replay.run) + ", bot " + replay.bot;
    if (replay.bot == "mcts") head += " (" + std::to_string(options.rollouts) + " rollouts)";
    std::cout << head << ", seed " << replay.seed << "\n";
    std::cout << "  start: score " << replay.start.score << "; " << progress_text(game.goal_progress(level, replay.start))
              << "\n";
    int n = 0;
    for (const ReplayStep& step : replay.steps)
        std::cout << "  " << ++n << ". " << format_move(step.move) << ": score " << step.state.score << "; "
                  << progress_text(game.goal_progress(level, step.state)) << "\n";
    std::cout << outcome_text(o) << "\n";
    return exit_ok;
}

}  // namespace

int run_estimate(const Args& args) {
    std::optional<std::string> path;
    std::optional<std::string> calibration_path;
    bool json = false;
    EstimateOptions options;
    std::optional<int> curve_cap;
    std::optional<pack::ShardSpec> shard;
    std::optional<int> replay_run;  // --replay R
    bool runs_given = false;
    std::string output;
    options.time_budget_ms = default_playout_budget_ms;
    options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    FlagReader flags{"estimate", args};
    while (!flags.done()) {
        if (flags.is("--json")) {
            json = true;
            ++flags.i;
        } else if (flags.is("--runs")) {
            auto n = flags.integer(1, limits::max_runs);
            if (!n) return usage_error("estimate", flags.error);
            options.runs = static_cast<int>(*n);
            runs_given = true;
        } else if (flags.is("--precision")) {
            auto p = flags.fraction();
            if (!p || *p > 0.5)
                return usage_error("estimate", p ? "--precision takes a half-width from 0 to 0.5 (0.03 or 3%)" : flags.error);
            options.precision = *p;
        } else if (flags.is("--replay")) {
            auto n = flags.integer(0, limits::max_runs - 1);
            if (!n) return usage_error("estimate", flags.error);
            replay_run = static_cast<int>(*n);
        } else if (flags.is("--threads")) {
            auto n = flags.integer(1, limits::max_threads);
            if (!n) return usage_error("estimate", flags.error);
            options.threads = static_cast<int>(*n);
        } else if (flags.is("--seed")) {
            auto n = flags.unsigned_integer();
            if (!n) return usage_error("estimate", flags.error);
            options.seed = *n;
        } else if (flags.is("--playout-budget-ms")) {
            auto n = flags.integer(1, limits::max_playout_budget_ms);
            if (!n) return usage_error("estimate", flags.error);
            options.time_budget_ms = static_cast<int>(*n);
        } else if (flags.is("--curve-cap")) {
            auto n = flags.integer(0, limits::max_curve_cap);
            if (!n) return usage_error("estimate", flags.error);
            curve_cap = static_cast<int>(*n);
        } else if (flags.is("--bot")) {
            auto v = flags.value();
            if (!v) return usage_error("estimate", flags.error);
            options.bot = *v;
        } else if (flags.is("--rollouts")) {
            auto n = flags.integer(1, limits::max_rollouts);
            if (!n) return usage_error("estimate", flags.error);
            options.rollouts = static_cast<int>(*n);
        } else if (flags.is("--shard")) {
            auto v = flags.value();
            if (!v) return usage_error("estimate", flags.error);
            std::string error;
            shard = pack::parse_shard(*v, error);
            if (!shard) return usage_error("estimate", error);
        } else if (flags.is("-o") || flags.is("--output")) {
            auto v = flags.value();
            if (!v) return usage_error("estimate", flags.error);
            output = *v;
        } else if (flags.is("--calibration")) {
            auto v = flags.value();
            if (!v) return usage_error("estimate", flags.error);
            calibration_path = *v;
        } else if (flags.word().rfind("--", 0) == 0) {
            return usage_error("estimate", "unknown option '" + flags.word() + "'");
        } else {
            if (path) return usage_error("estimate", "estimate takes one level");
            path = flags.word();
            ++flags.i;
        }
    }
    if (!path) return usage_error("estimate", "name a level file");
    if (shard && output.empty()) return usage_error("estimate", "--shard needs -o PART: the file the shard's part is written to");
    if (!shard && !output.empty()) return usage_error("estimate", "-o is for --shard (the part file)");
    if (shard && calibration_path)
        return usage_error("estimate", "--calibration is not for a shard: a shard's part holds playouts, not figures");
    if (replay_run) {
        if (shard || !output.empty()) return usage_error("estimate", "--replay plays one run: it is not for --shard or -o");
        if (calibration_path) return usage_error("estimate", "--replay plays one run: --calibration is for the figures");
        if (runs_given && *replay_run >= options.runs)
            return usage_error("estimate", "--replay " + std::to_string(*replay_run) + " is not one of the " +
                                               std::to_string(options.runs) + " runs (they are numbered 0 to " +
                                               std::to_string(options.runs - 1) + ")");
    }
    auto level = load_level_reporting(*path);
    if (!level) return exit_invalid;
    const KindOps& game = kind_ops(level->kind);
    // The kind's playouts (link's: the random player's clear rate, the solver's verdict stays
    // analyze's); lines has none: the difficulty is the proved optimal number of shifts, from analyze.
    const auto estimate = game.playouts;
    if (!estimate)
        return usage_error("estimate", std::string(kind_name(level->kind)) +
                                           " levels have a solver instead of bots (their difficulty is the proved "
                                           "optimal number of shifts): use 'tilelab analyze " +
                                           *path + "'");
    options.curve_cap = curve_cap ? *curve_cap : 2 * level->goal.moves.value_or(0);
    if (replay_run) return print_replay(*level, game, options, *replay_run, json);
    // The calibration is read before the playouts, so that a bad file costs no time.
    std::optional<calibration::Calibration> calibration;
    std::string calibrated_bot;  // the bot the calibration's levels of this kind were played with
    if (calibration_path) {
        calibration::CalibrationLoad load = calibration::load_calibration(*calibration_path);
        print_diagnostics(load.diagnostics);
        if (!load.calibration) return exit_invalid;
        calibration = std::move(load.calibration);
        auto bot = calibration->bots.find(std::string(kind_name(level->kind)));
        if (bot == calibration->bots.end()) {
            std::cerr << "tilelab estimate: error: " << *calibration_path << " has no " << kind_name(level->kind)
                      << " level: it cannot calibrate " << *path << "\n";
            return exit_invalid;
        }
        calibrated_bot = bot->second;
        if (!options.bot.empty() && options.bot != calibrated_bot) {
            std::cerr << "tilelab estimate: error: " << *calibration_path << " was made with the bot '" << calibrated_bot
                      << "', not '" << options.bot << "': use --bot " << calibrated_bot << "\n";
            return exit_invalid;
        }
        if (calibrated_bot == "mcts" && calibration->rollouts > 0 && calibration->rollouts != options.rollouts) {
            std::cerr << "tilelab estimate: error: " << *calibration_path << " was made with the mcts bot at "
                      << calibration->rollouts << " rollouts a move, not " << options.rollouts << ": use --rollouts "
                      << calibration->rollouts << "\n";
            return exit_invalid;
        }
    }
    if (shard) {
        const auto header = pack::part_header("estimate", pack::level_identity(*path), pack::estimate_options_json(options),
                                              *shard);
        try {
            return write_shard_part("estimate", output, header,
                                    [&] { return pack::run_estimate_shard(*level, options, header); });
        } catch (const std::exception& e) {
            std::cerr << "tilelab estimate: error: " << e.what() << "\n";
            return exit_invalid;
        }
    }
    Progress progress;
    EstimateResult result;
    std::string failure;
    {
        // The progress line is redrawn every 100 ms; the wait ends as soon as the playouts do (a
        // short estimate in a pipeline does not sit out the rest of a tick).
        std::mutex m;
        std::condition_variable cv;
        bool done = false;
        std::jthread worker([&](std::stop_token stop) {
            try {
                result = estimate(*level, options, stop, &progress);
            } catch (const std::exception& e) {
                failure = e.what();
            }
            std::lock_guard lock(m);
            done = true;
            cv.notify_one();
        });
        const bool show = ::isatty(STDERR_FILENO) != 0;
        std::unique_lock lock(m);
        while (!cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; }))
            if (show) std::fprintf(stderr, "\rplayouts: %5.1f%%", 100.0 * std::min(1.0, progress.fraction.load()));
        lock.unlock();
        if (show) std::fprintf(stderr, "\r                 \r");
    }
    if (!failure.empty()) {
        std::cerr << "tilelab estimate: error: " << failure << "\n";
        return exit_invalid;
    }
    std::optional<calibration::Prediction> calibrated;
    if (calibration) {
        const std::string played = result.json.contains("bot") && result.json["bot"].is_string()
                                       ? result.json["bot"].get<std::string>()
                                       : options.bot;
        if (played != calibrated_bot) {
            std::cerr << "tilelab estimate: error: " << *calibration_path << " was made with the bot '" << calibrated_bot
                      << "', not '" << played << "': use --bot " << calibrated_bot << "\n";
            return exit_invalid;
        }
        if (result.runs > 0) {
            calibrated = calibration::predict(calibration->fit, result.wins, result.runs, result.ci_low, result.ci_high);
            result.json["calibrated"] = {{"pass_rate", calibrated->pass_rate},
                                         {"ci95", {calibrated->ci_low, calibrated->ci_high}}};
        } else {
            result.json["calibrated"] = nullptr;  // no playout finished: nothing to calibrate
        }
    }
    const std::vector<Warning> problems = problem_list(*level);
    result.json["problems"] = problems_json(problems);
    if (json) {
        print_json(result.json);
    } else {
        say("%s: pass rate %.3f (95%% interval %.3f to %.3f), %d wins in %d runs\n", level->id.c_str(), result.pass_rate,
            result.ci_low, result.ci_high, result.wins, result.runs);
        if (result.timed_out)
            say("  stopped at the time budget (%d ms): %d of %d runs finished\n", options.time_budget_ms, result.runs,
                options.runs);
        if (calibrated)
            say("  calibrated human pass rate %.3f (95%% interval %.3f to %.3f), from %s\n", calibrated->pass_rate,
                calibrated->ci_low, calibrated->ci_high, calibration_path->c_str());
        for (auto it = result.json.begin(); it != result.json.end(); ++it) {
            if (it.key() == "runs" || it.key() == "wins" || it.key() == "pass_rate" || it.key() == "ci95" ||
                it.key() == "calibrated" || it.key() == "problems")
                continue;
            if (it.key() == "curve") {
                print_curve(it.value());
                continue;
            }
            std::cout << "  " << it.key() << ": " << it.value().dump() << "\n";
        }
        for (const Warning& w : problems) std::cout << problem_text(w) << "\n";
    }
    return exit_ok;
}

}  // namespace tilelab::cli
