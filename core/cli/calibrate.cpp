// `tilelab calibrate OBSERVED.csv --pack PACK -o CAL.json`: fits human pass rates to the bot's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <thread>

#include "cli/pack_progress.hpp"
#include "cli/verbs.hpp"
#include "tilelab/analysis/calibration.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/pack/pack.hpp"

namespace tilelab::cli {

const char* const calibrate_usage =
    "usage: tilelab calibrate OBSERVED.csv --pack PACK -o CAL.json [--bot NAME] [--runs N]\n"
    "                         [--seed S] [--threads T] [--playout-budget-ms N] [--json]\n"
    "\n"
    "Plays the pack's match3 and slide levels named in OBSERVED.csv with a bot and fits\n"
    "logit(human pass rate) = a + b * logit(bot pass rate) by weighted least squares.\n"
    "OBSERVED.csv is the studio's analytics: the header 'id,attempts,passes', then one level a\n"
    "line, matched to the pack's levels by id. Prints the fit (a, b, R², leave-one-out mean\n"
    "absolute error in points, residual SD) and writes the calibration to CAL.json, which\n"
    "'tilelab estimate LEVEL --calibration CAL.json' reads.\n"
    "--runs N (default 1000), --seed S (default 0), --threads T (default: the machine's cores),\n"
    "--bot NAME (default: each kind's own), --playout-budget-ms N (default 120000 per level): as\n"
    "'tilelab pack check'. --json: one JSON object on stdout (the calibration file's content).\n"
    "Every bad CSV row is reported as FILE:LINE:COLUMN; nothing is written then.\n"
    "A progress line is shown on stderr when it is a terminal.\n"
    "Exit status: 0 written, 1 invalid input or a fit refused (nothing written), 2 wrong usage.\n";

namespace {

struct CalibrateCommand {
    std::string observed;
    std::string pack_path;
    std::string output;
    bool json = false;
    bool force = false;  // --force: write -o over whatever is there
    pack::CheckOptions options;
};

std::optional<int> parse_command(const Args& args, CalibrateCommand& cmd) {
    unsigned cores = std::thread::hardware_concurrency();
    cmd.options.threads = cores ? static_cast<int>(std::min(cores, 64u)) : 1;
    FlagReader flags{"calibrate", args};
    while (!flags.done()) {
        if (flags.is("--json")) {
            cmd.json = true;
            ++flags.i;
        } else if (flags.is("--force")) {
            cmd.force = true;
            ++flags.i;
        } else if (flags.is("-o") || flags.is("--output")) {
            auto v = flags.value();
            if (!v) return usage_error("calibrate", flags.error);
            cmd.output = *v;
        } else if (flags.is("--pack")) {
            auto v = flags.value();
            if (!v) return usage_error("calibrate", flags.error);
            cmd.pack_path = *v;
        } else if (flags.is("--runs")) {
            auto v = flags.integer(1, limits::max_runs);
            if (!v) return usage_error("calibrate", flags.error);
            cmd.options.runs = static_cast<int>(*v);
        } else if (flags.is("--threads")) {
            auto v = flags.integer(1, limits::max_threads);
            if (!v) return usage_error("calibrate", flags.error);
            cmd.options.threads = static_cast<int>(*v);
        } else if (flags.is("--seed")) {
            auto v = flags.unsigned_integer();
            if (!v) return usage_error("calibrate", flags.error);
            cmd.options.seed = *v;
        } else if (flags.is("--playout-budget-ms")) {
            auto v = flags.integer(1, limits::max_playout_budget_ms);
            if (!v) return usage_error("calibrate", flags.error);
            cmd.options.playout_budget_ms = static_cast<int>(*v);
        } else if (flags.is("--rollouts")) {
            auto n = flags.integer(1, limits::max_rollouts);
            if (!n) return usage_error("calibrate", flags.error);
            cmd.options.rollouts = static_cast<int>(*n);
        } else if (flags.is("--bot")) {
            auto v = flags.value();
            if (!v) return usage_error("calibrate", flags.error);
            cmd.options.bot = *v;
        } else if (flags.word().size() > 1 && flags.word()[0] == '-') {
            return usage_error("calibrate", "unknown option '" + flags.word() + "'");
        } else {
            if (!cmd.observed.empty()) return usage_error("calibrate", "takes one CSV file, got '" + flags.word() + "' too");
            cmd.observed = flags.word();
            ++flags.i;
        }
    }
    if (cmd.observed.empty()) return usage_error("calibrate", "name the observed CSV file (id,attempts,passes)");
    if (cmd.pack_path.empty()) return usage_error("calibrate", "needs --pack PACK");
    if (cmd.output.empty()) return usage_error("calibrate", "needs -o CAL.json");
    return std::nullopt;
}

// The kinds whose bot pass rate is calibrated: a bot that plays as a player would. (Link's estimate is
// a random player's clear rate, a different figure; lines has a solver.)
bool is_calibrated_kind(Kind kind) { return kind_ops(kind).estimate != nullptr; }

Diagnostic row_message(const std::string& file, int line, Diagnostic::Severity severity, std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.file = file;
    d.line = line;
    d.column = 1;
    d.message = std::move(message);
    return d;
}

bool same_path(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec) && !ec;
}

void print_summary(const calibration::Calibration& c, const std::string& output, int left_out) {
    const calibration::Fit& f = c.fit;
    std::printf("calibrated %d levels of %s against %s (%d runs a level, seed %llu, bot %s)\n", f.levels, c.pack.c_str(),
                c.observed.c_str(), c.runs, static_cast<unsigned long long>(c.seed),
                c.bot.empty() ? "each kind's default" : c.bot.c_str());
    std::printf("  logit(human) = %.3f %c %.3f * logit(bot)   (a \xC2\xB1 %.3f, b \xC2\xB1 %.3f)\n", f.a, f.b < 0 ? '-' : '+',
                std::abs(f.b), std::sqrt(f.var_a), std::sqrt(f.var_b));
    std::printf("  R\xC2\xB2 %.3f (weighted, logit scale), residual SD %.3f (logit), leave-one-out error %.1f points\n", f.r2,
                f.residual_sd, f.loo_mae_points);
    std::printf("  %-22s %9s %8s %8s %10s\n", "id", "attempts", "human", "bot", "predicted");
    for (const auto& l : c.levels)
        std::printf("  %-22s %9lld %7.1f%% %7.1f%% %9.1f%%\n", l.id.c_str(), static_cast<long long>(l.attempts),
                    100.0 * l.human_rate, 100.0 * l.bot_rate, 100.0 * l.predicted);
    if (left_out > 0)
        std::printf("  %d level%s of the pack not in the CSV or without a bot (not fitted)\n", left_out,
                    left_out == 1 ? "" : "s");
    std::printf("wrote %s\n", output.c_str());
}

}  // namespace

int run_calibrate(const Args& args) {
    CalibrateCommand cmd;
    if (auto status = parse_command(args, cmd)) return *status;

    calibration::ObservedCsv observed = calibration::read_observed_csv(cmd.observed);
    pack::LoadedPack loaded = pack::load_pack_levels(cmd.pack_path);
    if (!loaded.pack) {
        print_diagnostics(observed.diagnostics);
        print_diagnostics(loaded.diagnostics);
        return exit_invalid;
    }
    if (!cmd.force && same_path(cmd.output, cmd.observed)) {
        std::cerr << "tilelab calibrate: refused: " << cmd.output
                  << " is the observed CSV; choose another name, or --force to replace it (nothing written)\n";
        return exit_usage;
    }
    if (std::string refusal = pack::output_refusal(cmd.pack_path, loaded.pack->levels, cmd.output, pack::PackOutput::calibration,
                                                   cmd.force);
        !refusal.empty()) {
        std::cerr << "tilelab calibrate: refused: " << refusal << " (nothing written)\n";
        return exit_usage;
    }

    // Match the CSV's rows with the pack's levels by id. Levels that did not load are errors: the
    // pack must be valid for its figures to mean anything.
    bool pack_invalid = false;
    std::map<std::string, std::size_t> by_id;  // id -> entry
    for (std::size_t i = 0; i < loaded.entries.size(); ++i) {
        const pack::PackEntry& entry = loaded.entries[i];
        if (has_errors(entry.diagnostics)) pack_invalid = true;
        if (entry.level && !entry.level->id.empty()) by_id.emplace(entry.level->id, i);
    }
    pack::LoadedPack subset;
    subset.file = loaded.file;
    subset.pack = loaded.pack;
    std::vector<const calibration::Observation*> rows;  // parallel to subset.entries
    for (const calibration::Observation& row : observed.rows) {
        auto it = by_id.find(row.id);
        if (it == by_id.end()) {
            observed.diagnostics.push_back(row_message(cmd.observed, row.line, Diagnostic::Severity::error,
                                                       "id '" + row.id + "' is not a level of the pack " + cmd.pack_path));
            continue;
        }
        const pack::PackEntry& entry = loaded.entries[it->second];
        if (!is_calibrated_kind(entry.level->kind)) {
            observed.diagnostics.push_back(
                row_message(cmd.observed, row.line, Diagnostic::Severity::warning,
                            "'" + row.id + "' is a " + std::string(kind_name(entry.level->kind)) +
                                " level: calibrate fits the bots of match3 and slide levels only; row not fitted"));
            continue;
        }
        subset.entries.push_back(entry);
        rows.push_back(&row);
    }
    for (const auto& entry : loaded.entries) print_diagnostics(entry.diagnostics);
    std::stable_sort(observed.diagnostics.begin(), observed.diagnostics.end(),
                     [](const Diagnostic& x, const Diagnostic& y) { return x.line < y.line; });
    print_diagnostics(observed.diagnostics);
    if (!observed.ok() || pack_invalid) {
        std::cerr << "tilelab calibrate: nothing written to " << cmd.output << "\n";
        return exit_invalid;
    }

    pack::CheckProgress progress;
    pack::PackReport report;
    {
        PackProgressLine line("calibrate", subset, progress);
        report = pack::check_pack(subset, cmd.options, {}, &progress);
    }
    bool level_errors = false;
    std::vector<calibration::FitPoint> points;
    calibration::Calibration cal;
    cal.bot = cmd.options.bot;
    cal.runs = cmd.options.runs;
    cal.seed = cmd.options.seed;
    cal.pack = cmd.pack_path;
    cal.observed = cmd.observed;
    for (std::size_t i = 0; i < report.levels.size(); ++i) {
        const pack::LevelReport& level = report.levels[i];
        print_diagnostics(level.problems);
        if (level.has_errors()) level_errors = true;
        if (!level.estimate || level.estimate->runs == 0) continue;  // warned: no playout finished
        const calibration::Observation& row = *rows[i];
        calibration::FitPoint point{row.attempts, row.passes, level.estimate->runs, level.estimate->wins};
        points.push_back(point);
        calibration::LevelRow out;
        out.id = row.id;
        out.kind = std::string(kind_name(level.level->kind));
        out.attempts = row.attempts;
        out.passes = row.passes;
        out.runs = level.estimate->runs;
        out.wins = level.estimate->wins;
        out.human_rate = static_cast<double>(row.passes) / static_cast<double>(row.attempts);
        out.bot_rate = level.estimate->pass_rate;
        cal.levels.push_back(std::move(out));
        const auto& figures = level.estimate->figures;
        if (figures.contains("bot") && figures["bot"].is_string())
            cal.bots[cal.levels.back().kind] = figures["bot"].get<std::string>();
    }
    for (const auto& [kind, bot] : cal.bots)
        if (bot == "mcts") cal.rollouts = cmd.options.rollouts;  // recorded: another count is another bot
    if (level_errors) {
        std::cerr << "tilelab calibrate: a level of the pack has an error; nothing written to " << cmd.output << "\n";
        return exit_invalid;
    }
    calibration::FitResult fitted = calibration::fit_levels(points);
    if (!fitted.fit) {
        std::cerr << "tilelab calibrate: error: cannot fit: " << fitted.error << "; nothing written to " << cmd.output << "\n";
        return exit_invalid;
    }
    cal.fit = *fitted.fit;
    for (auto& l : cal.levels) l.predicted = calibration::predict_rate(cal.fit, calibration::smoothed_rate(l.wins, l.runs));

    const std::string text = calibration::calibration_text(cal);
    if (std::string error = write_file_atomically(cmd.output, text, false); !error.empty()) {
        std::cerr << "tilelab calibrate: " << cmd.output << ": error: " << error << "\n";
        return exit_invalid;
    }
    if (cmd.json) print_json(calibration::to_json(cal));
    else print_summary(cal, cmd.output, static_cast<int>(loaded.entries.size()) - cal.fit.levels);
    return exit_ok;
}

}  // namespace tilelab::cli
