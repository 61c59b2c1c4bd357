// `tilelab analyze LEVEL`: what the starting board offers (groups, hints, links, verdicts).
#include <iostream>

#include "cli/verbs.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"

namespace tilelab::cli {

const char* const analyze_usage =
    "usage: tilelab analyze LEVEL [--json] [--budget-ms N]\n"
    "\n"
    "Analyses the level's starting board (after random cells are drawn):\n"
    "  match3  groups (current match groups), hints (every legal swap and what it clears), dead\n"
    "  link    links (every linkable pair with its path), stuck, solve (verdict and removal order)\n"
    "  lines   groups (with closed), solve (a shortest shift sequence meeting the goal)\n"
    "  slide   legal (per direction), game_over; without spawns (\"spawn\": []) also solve\n"
    "          (the fewest moves to the target)\n"
    "Then every problem of the level (as validate, estimate, tune and pack check give it), one a line:\n"
    "  warning: (x, y): message\n"
    "--json: one JSON object on stdout (shapes in docs/cli.md), the problems in \"problems\":\n"
    "  [{\"severity\", \"message\", \"cell\" (if any), \"rule\"}].\n"
    "--budget-ms N: time for the solver (link, lines, slide without spawns); default 2000.\n"
    "Out of time: verdict unknown.\n"
    "Exit status: 0 analysed, 1 the level is invalid, 2 wrong usage.\n";

namespace {

void print_text(const Level& level, const Analysis& a) {
    std::cout << level.id << ": " << kind_name(level.kind) << " " << level.width() << "x" << level.height() << "\n";
    std::cout << kind_ops(level.kind).analysis_text(a);
    if (a.verdict != Verdict::none) {
        std::cout << "verdict: " << verdict_name(a.verdict);
        if (!a.solution.empty()) {
            std::cout << " in " << a.solution.size() << " move(s):";
            for (const auto& m : a.solution) std::cout << " " << format_move(m);
        }
        std::cout << "\n";
    }
    for (const auto& w : a.warnings) std::cout << problem_text(w) << "\n";
}

}  // namespace

int run_analyze(const Args& args) {
    std::optional<std::string> path;
    bool json = false;
    AnalyzeOptions options;
    options.budget_ms = 2000;
    FlagReader flags{"analyze", args};
    while (!flags.done()) {
        if (flags.is("--json")) {
            json = true;
            ++flags.i;
        } else if (flags.is("--budget-ms")) {
            auto n = flags.integer(0, limits::max_budget_ms);
            if (!n) return usage_error("analyze", flags.error);
            options.budget_ms = static_cast<int>(*n);
        } else if (flags.word().rfind("--", 0) == 0) {
            return usage_error("analyze", "unknown option '" + flags.word() + "'");
        } else {
            if (path) return usage_error("analyze", "analyze takes one level, got '" + *path + "' and '" + flags.word() + "'");
            path = flags.word();
            ++flags.i;
        }
    }
    if (!path) return usage_error("analyze", "name a level file");
    auto level = load_level_reporting(*path);
    if (!level) return exit_invalid;
    Analysis analysis = kind_ops(level->kind).analyze(*level, options, std::stop_token{});
    if (json) {
        // Streamed: a 256x256 board's hints are a hundred megabytes of JSON.
        JsonWriter out(std::cout);
        out.begin_object();
        kind_ops(level->kind).write_analysis_json(analysis, out);
        out.key("problems").value(problems_json(analysis.warnings));
        out.end_object();
        out.flush();
        std::cout << "\n";
    } else {
        print_text(*level, analysis);
    }
    return exit_ok;
}

}  // namespace tilelab::cli
