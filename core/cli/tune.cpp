// `tilelab tune LEVEL --target P`: sets the move limit whose pass rate is nearest P.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <thread>

#include <unistd.h>

#include "cli/verbs.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/analysis/tune.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/io/output_policy.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"

namespace tilelab::cli {

const char* const tune_usage =
    "usage: tilelab tune LEVEL --target P [--tolerance T] [--bot NAME] [--rollouts N] [--runs N] [--seed S]\n"
    "                          [--threads T] [--max-moves M] [--playout-budget-ms N] [-o OUT [--force]] [--json]\n"
    "\n"
    "Sets the level's move limit to the one whose pass rate is nearest P (match3, slide), read off\n"
    "the pass-rate curve of one set of playouts (see 'tilelab estimate': no bot looks at the moves\n"
    "left, so one set of games gives the rate at every limit). The curve runs to twice the level's\n"
    "limit; while the nearest point is that cap and still off target, the cap doubles up to\n"
    "--max-moves (default eight times the level's limit, 400 without one).\n"
    "P and T are fractions (0.4) or percentages (40%). --tolerance T (default 0.05).\n"
    "--bot, --rollouts, --runs (default 1000), --seed (default 0), --threads, --playout-budget-ms: as estimate.\n"
    "-o OUT: write the tuned level there (default: rewrite LEVEL in place, safely). Refused (exit 2,\n"
    "nothing written) unless --force: an OUT that is a pack, a part, any file that is not a level, or\n"
    "another level (another id: players' progress is kept by id).\n"
    "Prints the limit set, its pass rate and 95% interval, then the level's problems (as validate,\n"
    "analyze, estimate and pack check give them), one a line; --json prints one object, the\n"
    "problems in \"problems\", its last key.\n"
    "link and lines levels have no pass rate to aim (their difficulty: the random player's clear\n"
    "rate, 'tilelab estimate'; the proved optimal number of shifts, 'tilelab analyze').\n"
    "Exit status: 0 tuned within the tolerance, 1 the level is invalid or no limit up to\n"
    "--max-moves gets within T (the message names the nearest rate; nothing is written),\n"
    "2 wrong usage.\n";

bool read_tune_flag(FlagReader& flags, EstimateOptions& options, TuneOptions& tune) {
    auto integer = [&](std::int64_t max, auto&& set) {
        if (auto n = flags.integer(1, max)) set(static_cast<int>(*n));
        return true;
    };
    if (flags.is("--tolerance")) {
        if (auto f = flags.fraction()) tune.tolerance = *f;
        return true;
    }
    if (flags.is("--runs")) return integer(limits::max_runs, [&](int n) { options.runs = n; });
    if (flags.is("--threads")) return integer(limits::max_threads, [&](int n) { options.threads = n; });
    if (flags.is("--max-moves")) return integer(limits::max_tune_moves, [&](int n) { tune.max_moves = n; });
    if (flags.is("--playout-budget-ms"))
        return integer(limits::max_playout_budget_ms, [&](int n) { options.time_budget_ms = n; });
    if (flags.is("--rollouts")) return integer(limits::max_rollouts, [&](int n) { options.rollouts = n; });
    if (flags.is("--seed")) {
        if (auto n = flags.unsigned_integer()) options.seed = *n;
        return true;
    }
    if (flags.is("--bot")) {
        if (auto v = flags.value()) options.bot = *v;
        return true;
    }
    return false;
}

int run_tune(const Args& args) {
    std::optional<std::string> path, output;
    std::optional<double> target;
    bool json = false;
    bool force = false;
    TuneOptions tune;
    EstimateOptions options;
    options.time_budget_ms = default_playout_budget_ms;
    options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    FlagReader flags{"tune", args};
    while (!flags.done()) {
        if (flags.is("--json")) {
            json = true;
            ++flags.i;
        } else if (flags.is("--target")) {
            auto f = flags.fraction();
            if (!f) return usage_error("tune", flags.error);
            target = *f;
        } else if (read_tune_flag(flags, options, tune)) {
            if (!flags.error.empty()) return usage_error("tune", flags.error);
        } else if (flags.is("-o") || flags.is("--output")) {
            auto v = flags.value();
            if (!v) return usage_error("tune", flags.error);
            output = *v;
        } else if (flags.is("--force")) {
            force = true;
            ++flags.i;
        } else if (flags.word().rfind("-", 0) == 0 && flags.word() != "-") {
            return usage_error("tune", "unknown option '" + flags.word() + "'");
        } else {
            if (path) return usage_error("tune", "tune takes one level");
            path = flags.word();
            ++flags.i;
        }
    }
    if (!path) return usage_error("tune", "name a level file");
    if (!target) return usage_error("tune", "--target P is required (the pass rate to aim at, e.g. 0.4)");
    tune.target = *target;
    auto level = load_level_reporting(*path);
    if (!level) return exit_invalid;
    // Nothing computed for an output that may not be written: -o onto a pack, a part, a file that is
    // no level, or another level (another id); LEVEL itself is rewritten in place by default.
    if (output) {
        OutputRequest request;
        request.out = *output;
        request.kind = OutputKind::level;
        request.level_id = level->id;
        request.replaces = *path;
        request.force = force;
        if (std::string refusal = output_refusal(request); !refusal.empty()) {
            std::cerr << "tilelab tune: refused: " << refusal << " (nothing written)\n";
            return exit_usage;
        }
    }

    const bool show = ::isatty(STDERR_FILENO) != 0;
    TuneResult result;
    try {
        result = tune_moves(*level, options, tune, {}, nullptr, [&](int cap, const LimitChoice& c) {
            if (show || !json)
                std::cerr << "curve to " << cap << " moves: nearest " << percent_text(c.pass_rate) << " at " << c.moves
                          << " moves\n";
        });
    } catch (const std::exception& e) {
        std::cerr << "tilelab tune: error: " << e.what() << "\n";
        return exit_invalid;
    }
    if (!result.refusal.empty()) return usage_error("tune", result.refusal);
    if (!result.choice) {
        std::cerr << "tilelab tune: error: " << *path << ": no playout finished, so there is no curve to read\n";
        return exit_invalid;
    }
    const LimitChoice& c = *result.choice;
    const std::string bot = result.estimate.json.value("bot", std::string());
    nlohmann::ordered_json out;
    out["level"] = level->id;
    out["target"] = tune.target;
    out["tolerance"] = tune.tolerance;
    out["bot"] = bot;
    out["runs"] = result.estimate.runs;
    out["seed"] = options.seed;
    out["previous_moves"] = level->goal.moves ? nlohmann::ordered_json(*level->goal.moves) : nlohmann::ordered_json(nullptr);
    out["moves"] = c.moves;
    out["pass_rate"] = c.pass_rate;
    out["ci95"] = {c.ci_low, c.ci_high};
    out["within_tolerance"] = result.within;
    out["caps"] = result.caps;
    const std::vector<Warning> problems = problem_list(*level);
    auto print_problems = [&] {
        for (const Warning& w : problems) std::cout << problem_text(w) << "\n";
    };
    if (!result.within) {
        out["written"] = nullptr;
        out["problems"] = problems_json(problems);
        if (json) print_json(out);
        else print_problems();
        std::cerr << "tilelab tune: " << *path << ": no move limit up to " << result.caps.back() << " gets within "
                  << 100.0 * tune.tolerance << " points of " << percent_text(tune.target) << " with the " << bot
                  << " bot: the nearest is " << percent_text(c.pass_rate) << " (95% interval " << percent_text(c.ci_low) << " to "
                  << percent_text(c.ci_high) << ") at " << c.moves << " moves; nothing written\n";
        return exit_invalid;
    }
    Level tuned = *level;
    tuned.goal.moves = c.moves;
    const std::string destination = output ? *output : *path;
    const std::string error = write_file_atomically(destination, write_level(tuned), false);
    if (!error.empty()) {
        std::cerr << "tilelab tune: error: " << error << "\n";
        return exit_invalid;
    }
    out["written"] = destination;
    out["problems"] = problems_json(problems);
    if (json) {
        print_json(out);
    } else {
        std::cout << level->id << ": move limit " << c.moves << " (was "
                  << (level->goal.moves ? std::to_string(*level->goal.moves) : std::string("none")) << "): pass rate "
                  << percent_text(c.pass_rate) << " (95% interval " << percent_text(c.ci_low) << " to " << percent_text(c.ci_high)
                  << ") with the " << bot << " bot, " << result.estimate.runs << " runs; wrote " << destination << "\n";
        print_problems();
    }
    return exit_ok;
}

}  // namespace tilelab::cli
