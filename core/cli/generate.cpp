// `tilelab generate`: a new valid level of a kind, from the core's generators.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <cstdio>
#include <iostream>
#include <random>
#include <thread>

#include <unistd.h>

#include "cli/verbs.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/analysis/aim.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/io/output_policy.hpp"

namespace tilelab::cli {

namespace {
// The whole search's time budget (--budget-ms): 5 minutes by default, at most a day.
constexpr int default_generate_budget_ms = 300'000;
}  // namespace

const char* const generate_usage =
    "usage: tilelab generate --kind K --width W --height H [--colors C] [--seed S] [-o FILE [--force]]\n"
    "                        [--copies 2|4] [--pair equal|sum:N] [--blockers N] [--scramble K]\n"
    "                        [--crates N] [--ingredients N] [--locks N]\n"
    "       tilelab generate --kind match3|slide ... --target-pass P [--tolerance T] [--bot B]\n"
    "       tilelab generate --kind link ... --target-clear P [--tolerance T]\n"
    "       tilelab generate --kind lines ... --moves K\n"
    "\n"
    "Writes a new valid level (on stdout, or to FILE safely):\n"
    "  match3  no runs and at least one legal move (--colors: colours, default 5; --blockers;\n"
    "          --crates, --ingredients (on the top row), --locks: format 2 items and goals)\n"
    "  link    solvable by construction (--colors: distinct values, --copies, --pair, --blockers)\n"
    "  lines   closed shapes scrambled by --scramble random shifts (default 6); the goal's move\n"
    "          limit is the solver's optimal distance\n"
    "  slide   a start position\n"
    "--seed S: the generator's seed, also the level's seed (default: a random one).\n"
    "The same options and seed give the same file, id included. -o FILE replaces an existing file\n"
    "only when it is the same level (same id); a pack, a part, any other file or another level is\n"
    "refused (exit 2, nothing written) unless --force.\n"
    "\n"
    "To a target difficulty: layouts are drawn one after another from the seed (match3: colours,\n"
    "blockers and a jelly goal under the bottom rows, or the crates / ingredients asked for; link:\n"
    "how full the board is; lines: the scramble) until one is measured inside the band:\n"
    "  --target-pass P (match3, slide): the move limit is tuned as 'tilelab tune' does, and the\n"
    "      95% interval of the pass rate there must lie inside P +- T;\n"
    "  --target-clear P (link): the random player's clear rate, its interval inside P +- T;\n"
    "  --moves K (lines): a scramble whose proved optimal number of shifts is exactly K.\n"
    "--tolerance T (default 0.05), --bot B, --rollouts N, --runs N (default 1000), --threads N (default: the\n"
    "machine's cores), --candidates N (default 200): layouts tried before giving up;\n"
    "--budget-ms N (default 300000): the whole search's time, after which it stops, the candidate\n"
    "being measured included.\n"
    "Every candidate is printed on stderr, then the figures of the level written; the playouts\n"
    "use seed 0, so 'tilelab estimate FILE --runs N --bot B' gives the same figures. While a\n"
    "candidate is measured a progress line shows on a terminal; otherwise a line 'generate:\n"
    "candidate 3: playouts 45.0%, 12 s of the 300 s budget' goes to stderr every 10 s (every tenth\n"
    "of --budget-ms when shorter, at least 1 s).\n"
    "Exit status: 0 written, 1 no level could be made with these options (or none landed in the\n"
    "band, or the budget ran out first: the message names the nearest candidate; nothing is\n"
    "written), 2 wrong usage.\n";

int run_generate(const Args& args) {
    GenerateOptions options;
    std::optional<Kind> kind;
    std::optional<int> width, height;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> output;
    bool force = false;
    std::optional<double> target_pass, target_clear;
    std::optional<int> lines_moves;
    AimOptions aim;
    aim.estimate.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    aim.estimate.time_budget_ms = default_playout_budget_ms;
    int budget_ms = default_generate_budget_ms;
    bool aim_flag = false;
    bool blockers_given = false;  // a flag that only aiming takes was given
    FlagReader flags{"generate", args};
    while (!flags.done()) {
        if (flags.is("--kind")) {
            auto v = flags.value();
            if (!v) return usage_error("generate", flags.error);
            Kind k;
            if (!parse_kind(*v, k)) return usage_error("generate", "unknown kind '" + *v + "' (match3, link, lines or slide)");
            kind = k;
        } else if (flags.is("--width") || flags.is("--height")) {
            bool is_width = flags.is("--width");
            auto n = flags.integer(1, max_board_side);
            if (!n) return usage_error("generate", flags.error);
            (is_width ? width : height) = static_cast<int>(*n);
        } else if (flags.is("--colors")) {
            auto n = flags.integer(1, 100000);
            if (!n) return usage_error("generate", flags.error);
            options.colors = static_cast<int>(*n);
        } else if (flags.is("--seed")) {
            auto n = flags.unsigned_integer();
            if (!n) return usage_error("generate", flags.error);
            seed = *n;
        } else if (flags.is("--force")) {
            force = true;
            ++flags.i;
        } else if (flags.is("-o") || flags.is("--output")) {
            auto v = flags.value();
            if (!v) return usage_error("generate", flags.error);
            output = *v;
        } else if (flags.is("--copies")) {
            auto n = flags.integer(2, 4);
            if (!n || *n == 3) return usage_error("generate", n ? "--copies takes 2 or 4" : flags.error);
            options.copies = static_cast<int>(*n);
        } else if (flags.is("--pair")) {
            auto v = flags.value();
            if (!v) return usage_error("generate", flags.error);
            if (*v == "equal") {
                options.pair = Pairing{};
            } else if (v->rfind("sum:", 0) == 0 && v->size() > 4 && v->size() < 12 &&
                       v->find_first_not_of("0123456789", 4) == std::string::npos) {
                options.pair = Pairing{Pairing::Rule::sum, std::stoll(v->substr(4))};
            } else {
                return usage_error("generate", "--pair takes equal or sum:N, not '" + *v + "'");
            }
        } else if (flags.is("--blockers")) {
            auto n = flags.integer(0, max_board_side * max_board_side);
            if (!n) return usage_error("generate", flags.error);
            options.blockers = static_cast<int>(*n);
            blockers_given = true;
        } else if (flags.is("--crates") || flags.is("--ingredients") || flags.is("--locks")) {
            int& target = flags.is("--crates") ? options.crates : flags.is("--ingredients") ? options.ingredients : options.locks;
            auto n = flags.integer(0, max_board_side * max_board_side);
            if (!n) return usage_error("generate", flags.error);
            target = static_cast<int>(*n);
        } else if (flags.is("--target-pass") || flags.is("--target-clear") || flags.is("--tolerance")) {
            const std::string name = flags.word().substr(0, flags.word().find('='));
            auto f = flags.fraction();
            if (!f) return usage_error("generate", flags.error);
            if (name == "--target-pass") target_pass = *f;
            else if (name == "--target-clear") target_clear = *f;
            else aim.tolerance = *f, aim_flag = true;
        } else if (flags.is("--moves")) {
            auto n = flags.integer(0, 1000);
            if (!n) return usage_error("generate", flags.error);
            lines_moves = static_cast<int>(*n);
        } else if (flags.is("--rollouts")) {
            auto n = flags.integer(1, limits::max_rollouts);
            if (!n) return usage_error("generate", flags.error);
            aim.estimate.rollouts = static_cast<int>(*n);
            aim_flag = true;
        } else if (flags.is("--bot")) {
            auto v = flags.value();
            if (!v) return usage_error("generate", flags.error);
            aim.estimate.bot = *v;
            aim_flag = true;
        } else if (flags.is("--runs") || flags.is("--threads") || flags.is("--candidates")) {
            const std::string name = flags.word().substr(0, flags.word().find('='));
            auto n = flags.integer(1, name == "--threads" ? limits::max_threads : limits::max_runs);
            if (!n) return usage_error("generate", flags.error);
            (name == "--runs"      ? aim.estimate.runs
             : name == "--threads" ? aim.estimate.threads
                                   : aim.max_candidates) = static_cast<int>(*n);
            aim_flag = true;
        } else if (flags.is("--budget-ms")) {
            auto n = flags.integer(1, limits::max_search_budget_ms);
            if (!n) return usage_error("generate", flags.error);
            budget_ms = static_cast<int>(*n);
            aim_flag = true;
        } else if (flags.is("--scramble")) {
            auto n = flags.integer(0, 1000);
            if (!n) return usage_error("generate", flags.error);
            options.scramble = static_cast<int>(*n);
        } else {
            return usage_error("generate", "unknown argument '" + flags.word() + "'");
        }
    }
    if (!kind) return usage_error("generate", "--kind is required (match3, link, lines or slide)");
    if (!width || !height) return usage_error("generate", "--width and --height are required");
    options.kind = *kind;
    options.width = *width;
    options.height = *height;
    // A drawn seed stays within 2^53-1, so that it is a JSON number every runtime reads exactly.
    options.seed = seed ? *seed
                        : ((static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()) &
                              limits::max_exact_seed;
    const bool aiming = target_pass || target_clear || lines_moves;
    // The output policy (docs/cli.md "Where outputs may go"): before anything is generated, FILE may
    // only be a level (or new); once the level is made, only the same level (its id).
    OutputRequest request;
    if (output) {
        request.out = *output;
        request.kind = OutputKind::level;
        request.force = force;
        if (std::string refusal = output_refusal(request); !refusal.empty()) {
            std::cerr << "tilelab generate: refused: " << refusal << " (nothing written)\n";
            return exit_usage;
        }
    }
    // Each kind is aimed by one flag (KindOps::aim_flag).
    const std::string_view target_flag = kind_ops(*kind).aim_flag;
    if (target_pass && target_flag != "--target-pass")
        return usage_error("generate", "--target-pass is for match3 and slide (link: --target-clear; lines: --moves)");
    if (target_clear && target_flag != "--target-clear")
        return usage_error("generate", "--target-clear is for link (the random player's clear rate)");
    if (lines_moves && target_flag != "--moves")
        return usage_error("generate", "--moves K is for lines (a proved optimum of K shifts)");
    if (aim_flag && !aiming)
        return usage_error("generate",
                           "--tolerance, --bot, --rollouts, --runs, --threads, --candidates and --budget-ms go "
                           "with --target-pass, --target-clear or --moves");

    GenerateResult result;
    EstimateResult figures;
    if (aiming) {
        aim.layout = options;
        aim.colors_fixed = options.colors.has_value();
        aim.blockers_fixed = blockers_given;
        aim.target = target_pass ? *target_pass : target_clear ? *target_clear : 0.0;
        aim.lines_moves = lines_moves.value_or(0);
        const bool terminal = ::isatty(STDERR_FILENO) != 0;
        // The watcher: it stops the search when the budget runs out and shows progress, on a
        // terminal as a line under the candidates redrawn in place (which one is measured, its
        // playouts), otherwise as a line every `every` (docs/cli.md, generate).
        Progress progress;
        std::mutex print;
        std::atomic<int> measuring{0};
        std::atomic<bool> ran_out{false};
        std::stop_source stop_search;
        aim.progress = &progress;
        using clock = std::chrono::steady_clock;
        const auto started = clock::now();
        const auto budget = std::chrono::milliseconds(budget_ms);
        const auto every = std::clamp<clock::duration>(budget / 10, std::chrono::seconds(1), std::chrono::seconds(10));
        std::jthread watcher([&](std::stop_token done) {
            auto next_line = started + every;
            while (!done.stop_requested()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                const auto now = clock::now();
                if (now - started >= budget && !ran_out.exchange(true)) stop_search.request_stop();
                std::lock_guard lock(print);
                if (done.stop_requested()) break;
                if (terminal) {
                    std::fprintf(stderr, "\r\033[Kcandidate %d: playouts %5.1f%%", measuring.load(),
                                 100.0 * std::min(1.0, progress.fraction.load()));
                } else if (now >= next_line) {
                    next_line += every;
                    std::fprintf(stderr, "generate: candidate %d: playouts %.1f%%, %lld s of the %lld s budget\n",
                                 measuring.load(), 100.0 * std::min(1.0, progress.fraction.load()),
                                 static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(now - started).count()),
                                 static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(budget).count()));
                }
                std::fflush(stderr);
            }
        });
        auto stop_watcher = [&] {
            {
                std::lock_guard lock(print);
                watcher.request_stop();
            }
            if (watcher.joinable()) watcher.join();
            if (terminal) std::fprintf(stderr, "\r\033[K");
        };
        AimResult found;
        try {
            found = generate_to_target(aim, stop_search.get_token(), [&](const AimCandidate& c) {
                std::lock_guard lock(print);
                measuring.store(c.index + 1);
                std::string line = "candidate " + std::to_string(c.index) + ": " + c.what;
                // A rate measured (at a move limit for a pass rate, none for a clear rate), or a
                // proved optimum.
                if (c.measured && target_flag != "--moves")
                    line += ": " + percent_text(c.measured->pass_rate) + " (" + percent_text(c.measured->ci_low) + " to " +
                            percent_text(c.measured->ci_high) + ")" +
                            (target_flag == "--target-clear" ? "" : " at " + std::to_string(c.measured->moves) + " moves");
                if (target_flag == "--moves")
                    line += c.optimum >= 0 ? ": optimum " + std::to_string(c.optimum) + " shifts" : ": optimum not proved";
                line += c.inside ? ": inside" : "";
                line += c.stopped ? ": not measured (the time budget ran out)" : "";
                std::cerr << (terminal ? "\r\033[K" : "") << line << "\n";
            });
        } catch (const std::exception& e) {
            stop_watcher();
            std::cerr << "tilelab generate: error: " << e.what() << "\n";
            return exit_invalid;
        }
        stop_watcher();
        if (!found.level) {
            if (found.stopped)
                std::cerr << "tilelab generate: error: the time budget of " << budget_ms << " ms (--budget-ms) ran out "
                          << found.error << "; nothing written\n";
            else std::cerr << "tilelab generate: error: " << found.error << "\n";
            return exit_invalid;
        }
        result.level = std::move(found.level);
        figures = std::move(found.estimate);
    } else {
        result = kind_ops(*kind).generate(options);
    }
    if (!result.level) {
        std::cerr << "tilelab generate: error: " << result.error << "\n";
        return exit_invalid;
    }
    Level& level = *result.level;
    // The id is drawn from the options, so the same command writes the same file.
    std::uint64_t entropy = options.seed ^ (static_cast<std::uint64_t>(*width) << 48) ^
                            (static_cast<std::uint64_t>(*height) << 40) ^ (static_cast<std::uint64_t>(*kind) << 56);
    level.id = make_level_uuid(entropy);
    if (level.name.empty() || aiming)
        level.name = std::string(kind_name(*kind)) + " " + std::to_string(*width) + "x" + std::to_string(*height) + " seed " +
                     std::to_string(options.seed);
    if (target_pass || target_clear) {
        const std::string bot = figures.json.value("bot", std::string());
        level.name += ", " + percent_text(figures.pass_rate) + (target_clear ? " cleared" : " passed") + " (" + bot + ")";
        std::cerr << "figures: " << (target_clear ? "clear" : "pass") << " rate " << percent_text(figures.pass_rate)
                  << " (95% interval " << percent_text(figures.ci_low) << " to " << percent_text(figures.ci_high) << "), "
                  << figures.runs << " runs of the " << bot << " bot, seed " << aim.estimate.seed
                  << (level.goal.moves ? ", move limit " + std::to_string(*level.goal.moves) : std::string()) << "\n";
    } else if (lines_moves) {
        level.name += ", optimum " + std::to_string(*lines_moves) + " shifts";
        std::cerr << "figures: proved optimum " << *lines_moves << " shifts\n";
    }
    const std::string text = write_level(level);
    if (output) {
        request.level_id = level.id;
        if (std::string refusal = output_refusal(request); !refusal.empty()) {
            std::cerr << "tilelab generate: refused: " << refusal << " (nothing written)\n";
            return exit_usage;
        }
        std::string error = write_file_atomically(*output, text, false);
        if (!error.empty()) {
            std::cerr << "tilelab generate: error: " << error << "\n";
            return exit_invalid;
        }
        std::cerr << "wrote " << *output << " (seed " << options.seed << ")\n";
    } else {
        std::cout << text;
    }
    return exit_ok;
}

}  // namespace tilelab::cli
