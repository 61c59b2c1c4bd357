// `tilelab estimate LEVEL`: bot playouts and the pass rate with its 95% interval.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>

#include <unistd.h>

#include "cli/verbs.hpp"
#include "tilelab/analysis/game.hpp"

namespace tilelab::cli {

const char* const estimate_usage =
    "usage: tilelab estimate LEVEL [--runs N] [--threads T] [--seed S] [--bot NAME]\n"
    "                              [--rollouts N] [--playout-budget-ms N] [--json]\n"
    "\n"
    "Plays the level N times with a bot (match3, slide) and reports how often it meets the goal:\n"
    "runs, wins, pass_rate, ci95 (Wilson), mean moves, dead_rate and the kind's distributions.\n"
    "Each playout draws from its own generator seeded from (--seed, run index), so the result\n"
    "is the same for any --threads.\n"
    "--runs N (default 1000), --threads T (default: the machine's cores), --seed S (default 0),\n"
    "--bot NAME (match3: random, greedy, lookahead or mcts; slide: expectimax, expectimax-deep,\n"
    "quick, greedy or random).\n"
    "--rollouts N (default 100): the match3 mcts bot's rollouts per move.\n"
    "--playout-budget-ms N (default 120000): the playouts stop after N ms; the result then has\n"
    "\"stopped\": \"time_budget\", \"runs_asked\" and the runs finished (the first n: the figures\n"
    "of --runs n). A run that finishes within the budget is not changed by it.\n"
    "A progress line goes to stderr when it is a terminal.\n"
    "Exit status: 0 estimated, 1 the level is invalid, 2 wrong usage.\n";

int run_estimate(const Args& args) {
    std::optional<std::string> path;
    bool json = false;
    EstimateOptions options;
    options.time_budget_ms = default_playout_budget_ms;
    options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    FlagReader flags{"estimate", args};
    while (!flags.done()) {
        if (flags.is("--json")) {
            json = true;
            ++flags.i;
        } else if (flags.is("--runs")) {
            auto n = flags.integer(1, 10000000);
            if (!n) return usage_error("estimate", flags.error);
            options.runs = static_cast<int>(*n);
        } else if (flags.is("--threads")) {
            auto n = flags.integer(1, 256);
            if (!n) return usage_error("estimate", flags.error);
            options.threads = static_cast<int>(*n);
        } else if (flags.is("--seed")) {
            auto n = flags.unsigned_integer();
            if (!n) return usage_error("estimate", flags.error);
            options.seed = *n;
        } else if (flags.is("--playout-budget-ms")) {
            auto n = flags.integer(1, 86'400'000);
            if (!n) return usage_error("estimate", flags.error);
            options.time_budget_ms = static_cast<int>(*n);
        } else if (flags.is("--bot")) {
            auto v = flags.value();
            if (!v) return usage_error("estimate", flags.error);
            options.bot = *v;
        } else if (flags.is("--rollouts")) {
            auto n = flags.integer(1, 1000000);
            if (!n) return usage_error("estimate", flags.error);
            options.rollouts = static_cast<int>(*n);
        } else if (flags.word().rfind("--", 0) == 0) {
            return usage_error("estimate", "unknown option '" + flags.word() + "'");
        } else {
            if (path) return usage_error("estimate", "estimate takes one level");
            path = flags.word();
            ++flags.i;
        }
    }
    if (!path) return usage_error("estimate", "name a level file");
    auto level = load_level_reporting(*path);
    if (!level) return exit_invalid;
    const KindOps& game = kind_ops(level->kind);
    if (!game.estimate)
        return usage_error("estimate", std::string(kind_name(level->kind)) +
                                           " levels have a solver instead of bots: use 'tilelab analyze " + *path + "'");
    Progress progress;
    EstimateResult result;
    std::string failure;
    {
        std::jthread worker([&](std::stop_token stop) {
            try {
                result = game.estimate(*level, options, stop, &progress);
            } catch (const std::exception& e) {
                failure = e.what();
            }
            progress.fraction.store(2.0);  // done
        });
        const bool show = ::isatty(STDERR_FILENO) != 0;
        while (progress.fraction.load() < 2.0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            double f = progress.fraction.load();
            if (show && f <= 1.0) std::fprintf(stderr, "\rplayouts: %5.1f%%", 100.0 * f);
        }
        if (show) std::fprintf(stderr, "\r                 \r");
    }
    if (!failure.empty()) {
        std::cerr << "tilelab estimate: error: " << failure << "\n";
        return exit_invalid;
    }
    if (json) {
        print_json(result.json);
    } else {
        std::printf("%s: pass rate %.3f (95%% interval %.3f to %.3f), %d wins in %d runs\n", level->id.c_str(),
                    result.pass_rate, result.ci_low, result.ci_high, result.wins, result.runs);
        if (result.timed_out)
            std::printf("  stopped at the time budget (%d ms): %d of %d runs finished\n", options.time_budget_ms,
                        result.runs, options.runs);
        for (auto it = result.json.begin(); it != result.json.end(); ++it) {
            if (it.key() == "runs" || it.key() == "wins" || it.key() == "pass_rate" || it.key() == "ci95") continue;
            std::cout << "  " << it.key() << ": " << it.value().dump() << "\n";
        }
    }
    return exit_ok;
}

}  // namespace tilelab::cli
