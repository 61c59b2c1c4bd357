// `pack check` as a library: loads a pack's levels, analyses them in parallel and flags problems.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <map>
#include <thread>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/pack/cache.hpp"
#include "tilelab/pack/pack.hpp"
#include "tilelab/pack/shard_detail.hpp"
#include "tilelab/pack/steps.hpp"

namespace tilelab::pack {
namespace {

// The check's own problems carry the rules "pack.*" (docs/packs.md lists them).
Diagnostic problem(Diagnostic::Severity severity, const std::string& file, std::string pointer, std::string message,
                   std::string rule) {
    Diagnostic d;
    d.severity = severity;
    d.file = file;
    d.pointer = std::move(pointer);
    d.message = std::move(message);
    d.rule = std::move(rule);
    return d;
}

Diagnostic error_at(const std::string& file, std::string pointer, std::string message, std::string rule) {
    return problem(Diagnostic::Severity::error, file, std::move(pointer), std::move(message), std::move(rule));
}

Diagnostic warning_at(const std::string& file, std::string pointer, std::string message, std::string rule) {
    return problem(Diagnostic::Severity::warning, file, std::move(pointer), std::move(message), std::move(rule));
}

bool has_solver(Kind kind) { return kind_ops(kind).unsolvable != nullptr; }

int count_severity(const Diagnostics& diagnostics, Diagnostic::Severity severity) {
    return static_cast<int>(
        std::count_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) { return d.severity == severity; }));
}

}  // namespace

bool has_bot(Kind kind) { return kind_ops(kind).estimate != nullptr; }

void analyse_level(LevelReport& report, const CheckOptions& options, StopToken stop) {
    const Level& level = *report.level;
    AnalyzeOptions analyze_options;
    analyze_options.budget_ms = options.budget_ms;
    analyze_options.solve = true;
    Analysis analysis;
    try {
        analysis = kind_ops(level.kind).analyze(level, analyze_options, stop);
    } catch (const std::exception& e) {
        // A kind that fails on one level must not take the other levels' results down with it.
        report.problems.push_back(error_at(report.file, "", std::string("analysis failed: ") + e.what(), "pack.analysis-failed"));
        return;
    }
    if (stop.stop_requested()) return;
    report.analysed = true;
    report.blocked = analysis.blocked;
    report.verdict = analysis.verdict;
    const KindOps& ops = kind_ops(level.kind);
    if (ops.counts_start_moves) report.start_moves = static_cast<int>(analysis.hints.size());
    if (analysis.verdict == Verdict::solvable) report.solution_moves = static_cast<int>(analysis.solution.size());
    // The level's problems as every verb gives them (analysis/problems.hpp), then the check's own.
    for (const Warning& w : analysis.warnings) report.problems.push_back(problem_diagnostic(report.file, w));
    if (analysis.blocked) report.problems.push_back(error_at(report.file, "/board", ops.dead_start, "pack.dead-start"));
    if (has_solver(level.kind)) {
        // A board stuck at the start (link) is unsolvable too; the dead start already says why.
        if (analysis.verdict == Verdict::unsolvable && !(ops.dead_start_is_unsolvable && analysis.blocked))
            report.problems.push_back(error_at(report.file, "", ops.unsolvable, "pack.unsolvable"));
        if (analysis.verdict == Verdict::unknown)
            report.problems.push_back(
                warning_at(report.file, "",
                           "the solver gave no verdict within " + std::to_string(options.budget_ms) + " ms (raise --budget-ms)",
                           "pack.no-verdict"));
    }
}

EstimateOptions level_estimate_options(const CheckOptions& options) {
    EstimateOptions estimate_options;
    estimate_options.runs = options.runs;
    estimate_options.threads = options.threads;
    estimate_options.seed = options.seed;
    estimate_options.bot = options.bot;
    estimate_options.rollouts = options.rollouts;
    estimate_options.time_budget_ms = options.playout_budget_ms;
    estimate_options.precision = options.precision;
    return estimate_options;
}

LevelEstimate run_level_estimate(const Level& level, const CheckOptions& options, int first_run, int runs, StopToken stop,
                                 Progress* progress) {
    LevelEstimate run;
    const KindOps& ops = kind_ops(level.kind);
    if (!ops.estimate) {
        run.error = std::string(kind_name(level.kind)) + " has no bot yet";
        return run;
    }
    EstimateOptions estimate_options = level_estimate_options(options);
    estimate_options.first_run = first_run;
    estimate_options.runs = runs;
    try {
        run.result = ops.estimate(level, estimate_options, stop, progress);
    } catch (const std::exception& e) {
        run.error = e.what();
        return run;
    }
    if (run.result.json.is_object() && run.result.json.contains("error") && run.result.json["error"].is_string())
        run.error = run.result.json["error"].get<std::string>();
    run.stopped = stop.stop_requested();
    return run;
}

LevelEstimate summarize_level_estimate(const Level& level, const CheckOptions& options, std::vector<PlayoutOutcome> outcomes,
                                       bool timed_out) {
    LevelEstimate run;
    const KindOps& ops = kind_ops(level.kind);
    if (!ops.summarize) {
        run.error = std::string(kind_name(level.kind)) + " has no bot yet";
        return run;
    }
    // Shards play every run of their ranges; the precision keeps the prefix a whole check stops at.
    outcomes.resize(precision_prefix(outcomes, options.precision));
    try {
        run.result = ops.summarize(level, level_estimate_options(options), std::move(outcomes), false, timed_out);
    } catch (const std::exception& e) {
        run.error = e.what();
    }
    return run;
}

void record_estimate(LevelReport& report, const CheckOptions& options, const LevelEstimate& run) {
    if (!run.error.empty()) {
        report.problems.push_back(error_at(report.file, "", "estimate failed: " + run.error, "pack.estimate-failed"));
        return;
    }
    const EstimateResult& result = run.result;
    if (run.stopped || (result.cancelled && !result.timed_out)) return;  // a partial figure would mislead
    if (result.timed_out) {
        // Stopped by the time budget: the runs that finished are a whole `--runs n` figure, with
        // its wider interval; the warning says how far it got.
        const std::string budget = std::to_string(options.playout_budget_ms) + " ms";
        if (result.runs == 0) {
            report.problems.push_back(warning_at(
                report.file, "", "no playout finished within the time budget of " + budget + " (raise --playout-budget-ms)",
                "pack.no-playout"));
            return;
        }
        report.problems.push_back(warning_at(report.file, "",
                                             "playouts stopped at the time budget of " + budget + ": " +
                                                 std::to_string(result.runs) + " of " + std::to_string(options.runs) +
                                                 " runs finished (raise --playout-budget-ms)",
                                             "pack.playouts-stopped"));
    }
    report.estimate = pass_rate_of(result, report.level->kind, options);
    if (options.pass_range) {
        auto [low, high] = *options.pass_range;
        double p = report.estimate->pass_rate;
        if (p < low || p > high)
            report.problems.push_back(
                error_at(report.file, "",
                         "pass rate " + percent_text(p) + " (95% CI " + percent_text(report.estimate->ci_low) + ".." +
                             percent_text(report.estimate->ci_high) + ", " + std::to_string(report.estimate->runs) +
                             " runs) is outside the range " + percent_text(low) + ".." + percent_text(high),
                         "pack.pass-range"));
    }
}

PassRate pass_rate_of(const EstimateResult& result, Kind kind, const CheckOptions& options) {
    PassRate rate;
    rate.runs = result.runs;
    rate.wins = result.wins;
    rate.pass_rate = result.pass_rate;
    rate.ci_low = result.ci_low;
    rate.ci_high = result.ci_high;
    // The bundle keeps estimate's scalar figures (and the interval), not its distributions.
    rate.figures = nlohmann::ordered_json::object();
    if (result.json.is_object()) {
        for (auto it = result.json.begin(); it != result.json.end(); ++it)
            if (it->is_primitive() || it.key() == "ci95") rate.figures[it.key()] = it.value();
    }
    if (!rate.figures.contains("pass_rate")) {
        rate.figures["runs"] = rate.runs;
        rate.figures["wins"] = rate.wins;
        rate.figures["pass_rate"] = rate.pass_rate;
        rate.figures["ci95"] = {rate.ci_low, rate.ci_high};
    }
    // The players' rate, when the calibration's bot for this kind is the one that played (an mcts
    // calibration also at the same rollouts): another bot's figure says nothing through this fit.
    if (const calibration::Calibration* cal = options.calibration.get(); cal && rate.runs > 0) {
        const auto bot = cal->bots.find(std::string(kind_name(kind)));
        const bool same_bot = bot != cal->bots.end() && rate.figures.contains("bot") && rate.figures["bot"] == bot->second &&
                              (bot->second != "mcts" || cal->rollouts == 0 || cal->rollouts == options.rollouts);
        if (same_bot) {
            rate.calibrated = calibration::predict(cal->fit, rate.wins, rate.runs, rate.ci_low, rate.ci_high);
            rate.figures["calibrated"] = {{"pass_rate", rate.calibrated->pass_rate},
                                          {"ci95", {rate.calibrated->ci_low, rate.calibrated->ci_high}}};
        }
    }
    return rate;
}

void run_ladder(LevelReport& report, const CheckOptions& options, StopToken stop, Progress* progress) {
    run_ladder_from(report, options, stop, [&](const CheckOptions& with_bot) {
        if (progress) progress->fraction.store(0.0);
        return run_level_estimate(*report.level, with_bot, 0, options.runs, stop, progress);
    });
}

void run_ladder_from(LevelReport& report, const CheckOptions& options, StopToken stop,
                     const std::function<LevelEstimate(const CheckOptions& with_bot)>& estimate) {
    for (const std::string bot : kind_ops(report.level->kind).ladder_bots) {
        if (stop.stop_requested()) return;
        CheckOptions with_bot = options;
        with_bot.bot = bot;
        const LevelEstimate run = estimate(with_bot);
        if (!run.error.empty()) {
            report.problems.push_back(
                error_at(report.file, "", "ladder: the " + bot + " bot failed: " + run.error, "pack.ladder-failed"));
            continue;
        }
        if (run.stopped || (run.result.cancelled && !run.result.timed_out)) return;
        if (run.result.timed_out)
            report.problems.push_back(warning_at(
                report.file, "",
                "ladder: the " + bot + " bot's playouts stopped at the time budget: " + std::to_string(run.result.runs) + " of " +
                    std::to_string(options.runs) + " runs finished",
                "pack.ladder-stopped"));
        report.ladder.emplace_back(bot, pass_rate_of(run.result, report.level->kind, with_bot));
    }
}

std::string pass_rate_text(const PassRate& rate) {
    std::string text = percent_text(rate.pass_rate) + " (" + percent_text(rate.ci_low) + "-" + percent_text(rate.ci_high) +
                       "), " + std::to_string(rate.runs) + (rate.runs == 1 ? " run" : " runs");
    if (rate.figures.is_object() && rate.figures.contains("bot") && rate.figures["bot"].is_string())
        text += ", " + rate.figures["bot"].get<std::string>();
    if (rate.figures.is_object() && rate.figures.value("stopped", "") == "time_budget") text += ", stopped at the time budget";
    if (rate.calibrated)
        text += "; players " + percent_text(rate.calibrated->pass_rate) + " (" + percent_text(rate.calibrated->ci_low) + "-" +
                percent_text(rate.calibrated->ci_high) + ")";
    return text;
}

LoadedPack load_pack_levels(const std::filesystem::path& pack_path) {
    LoadedPack loaded;
    loaded.file = pack_path.string();
    PackLoad pack_load = load_pack(pack_path);
    loaded.diagnostics = std::move(pack_load.diagnostics);
    loaded.pack = std::move(pack_load.pack);
    if (!loaded.pack) return loaded;
    const std::filesystem::path folder = pack_path.parent_path();
    for (const std::string& path : loaded.pack->levels) {
        PackEntry entry;
        entry.path = path;
        const std::filesystem::path full = (folder / path).lexically_normal();
        entry.file = full.string();
        LevelLoad level_load = load_level(full);
        entry.level = std::move(level_load.level);
        entry.diagnostics = std::move(level_load.diagnostics);
        loaded.entries.push_back(std::move(entry));
    }
    return loaded;
}

PackReport start_report(const LoadedPack& loaded, const CheckOptions& options) {
    PackReport report;
    report.file = loaded.file;
    report.name = loaded.pack ? loaded.pack->name : "";
    report.options = options;
    report.options.threads = std::clamp(options.threads, 1, 256);
    report.pack_problems = loaded.diagnostics;
    if (loaded.pack && loaded.entries.empty())
        report.pack_problems.push_back(warning_at(loaded.file, "/levels", "the pack lists no levels", "pack.no-levels"));

    // Load problems first, then duplicate ids: checks that need no analysis.
    std::map<std::string, std::size_t> first_with_id;
    for (const PackEntry& entry : loaded.entries) {
        LevelReport level_report;
        level_report.path = entry.path;
        level_report.file = entry.file;
        level_report.level = entry.level;
        level_report.problems = entry.diagnostics;
        if (!entry.level && !tilelab::has_errors(entry.diagnostics))
            level_report.problems.push_back(error_at(entry.file, "", "the level could not be loaded", "pack.unloadable"));
        if (entry.level) {
            const std::string& id = entry.level->id;
            if (id.empty()) {
                level_report.problems.push_back(
                    warning_at(entry.file, "/id", "the level has no id; runtimes key players' progress by it", "pack.no-id"));
            } else if (auto [it, fresh] = first_with_id.emplace(id, report.levels.size()); !fresh) {
                level_report.problems.push_back(
                    error_at(entry.file, "/id", "duplicate id '" + id + "': " + report.levels[it->second].file + " has it too",
                             "pack.duplicate-id"));
            }
        }
        report.levels.push_back(std::move(level_report));
    }
    return report;
}

namespace {

// The figures of cached playouts, as the run that made them gave them; nullopt when they do not
// read back (the level is played again).
std::optional<LevelEstimate> cached_estimate(const Level& level, const CheckOptions& options, const nlohmann::ordered_json& j) {
    if (!j.is_object()) return std::nullopt;
    if (const auto error = j.find("error"); error != j.end()) {
        if (!error->is_string()) return std::nullopt;
        LevelEstimate run;
        run.error = error->get<std::string>();
        return run;
    }
    const auto list = j.find("outcomes");
    if (list == j.end() || !list->is_array() || list->size() > static_cast<std::size_t>(options.runs)) return std::nullopt;
    std::vector<PlayoutOutcome> outcomes;
    outcomes.reserve(list->size());
    for (const auto& o : *list) {
        auto outcome = detail::outcome_from_json(o);
        if (!outcome) return std::nullopt;
        outcomes.push_back(*outcome);
    }
    // A whole run: every run asked, or (to a precision) the first batches that were enough (no
    // earlier boundary was: else the summary below keeps fewer and they are not this run's).
    const std::size_t made = outcomes.size();
    if (precision_prefix(outcomes, options.precision) != made) return std::nullopt;
    LevelEstimate run = summarize_level_estimate(level, options, std::move(outcomes), false);
    if (run.result.runs != static_cast<int>(made)) return std::nullopt;
    if (!run.error.empty() || run.result.cancelled) return std::nullopt;
    return run;
}

// The cached analysis applied to `report` (its problems named after the report's file); false
// when it does not read back.
bool apply_cached_analysis(LevelReport& report, const nlohmann::ordered_json& record) {
    return detail::cached_analysis_record(record, report.file, &report).has_value();
}

}  // namespace

PackReport check_pack(const LoadedPack& loaded, const CheckOptions& options, StopToken stop, CheckProgress* progress) {
    PackReport report = start_report(loaded, options);
    const int count = static_cast<int>(report.levels.size());
    if (progress) progress->levels_total.store(count);
    const std::filesystem::path& cache = report.options.cache_dir;

    // Each level's cache entry, when the cache has a whole one of this key (pack/cache.hpp).
    std::vector<std::string> keys(static_cast<std::size_t>(count));
    std::vector<std::optional<nlohmann::ordered_json>> cached(static_cast<std::size_t>(count));
    // What this check adds to each level's entry: "analysis", "estimate", "ladder"; written after.
    std::vector<nlohmann::ordered_json> fresh(static_cast<std::size_t>(count), nlohmann::ordered_json::object());
    std::vector<char> keep(static_cast<std::size_t>(count), 1);  // false: a part the cache must not keep

    // Phase 1: analysis (solvers for link and lines), one level per worker.
    for_each_level(count, report.options.threads, stop, [&](int i) {
        const auto at = static_cast<std::size_t>(i);
        LevelReport& level_report = report.levels[at];
        if (level_report.level) {
            if (!cache.empty()) {
                keys[at] = cache_key(*level_report.level, report.options);
                cached[at] = read_cache_entry(cache, keys[at]);
            }
            if (cached[at] && cached[at]->contains("analysis") &&
                apply_cached_analysis(level_report, (*cached[at])["analysis"])) {
                fresh[at]["analysis"] = (*cached[at])["analysis"];
                level_report.from_cache = true;  // until a figure below is played
            } else {
                cached[at].reset();
                // Analysed on a report of its own, so that the entry holds the analysis' problems only.
                LevelReport analysed;
                analysed.path = level_report.path;
                analysed.file = level_report.file;
                analysed.level = level_report.level;
                analyse_level(analysed, report.options, stop);
                fresh[at]["analysis"] = detail::level_analysis_record(analysed);
                keep[at] = analysed.verdict != Verdict::unknown;  // the solver's budget ran out: another run may do better
                if (!detail::apply_level_analysis_record(level_report, fresh[at]["analysis"])) keep[at] = 0;
            }
        }
        if (progress) progress->levels_analysed.fetch_add(1);
    });

    // Phase 2: playouts, one level at a time, each spread over every worker by run index.
    for (int i = 0; i < count && !stop.stop_requested(); ++i) {
        const auto at = static_cast<std::size_t>(i);
        LevelReport& level_report = report.levels[at];
        if (level_report.level && has_bot(level_report.level->kind)) {
            if (progress) {
                progress->playouts.fraction.store(0.0);
                progress->estimating.store(i);
            }
            // The cached playouts (or those played now), as the cache keeps them.
            auto estimate_of = [&](const CheckOptions& with, const nlohmann::ordered_json* stored) {
                if (stored) {
                    if (auto run = cached_estimate(*level_report.level, with, *stored)) return std::pair{*run, *stored};
                }
                level_report.from_cache = false;
                if (progress) progress->playouts.fraction.store(0.0);
                LevelEstimate run = run_level_estimate(*level_report.level, with, 0, with.runs, stop,
                                                       progress ? &progress->playouts : nullptr);
                auto record = detail::cacheable_playouts(run);
                if (!record) keep[at] = 0;
                return std::pair{std::move(run), record.value_or(nlohmann::ordered_json())};
            };
            auto stored = [&](const char* part, const std::string& bot = "") -> const nlohmann::ordered_json* {
                if (!cached[at] || !cached[at]->contains(part)) return nullptr;
                const nlohmann::ordered_json& j = (*cached[at])[part];
                if (bot.empty()) return &j;
                return j.is_object() && j.contains(bot) ? &j[bot] : nullptr;
            };
            auto [run, record] = estimate_of(report.options, stored("estimate"));
            fresh[at]["estimate"] = std::move(record);
            record_estimate(level_report, report.options, run);
            if (report.options.ladder && kind_ops(level_report.level->kind).pack_ladder) {
                fresh[at]["ladder"] = nlohmann::ordered_json::object();
                run_ladder_from(level_report, report.options, stop, [&](const CheckOptions& with_bot) {
                    auto [bot_run, bot_record] = estimate_of(with_bot, stored("ladder", with_bot.bot));
                    fresh[at]["ladder"][with_bot.bot] = std::move(bot_record);
                    return bot_run;
                });
            }
        }
        if (progress) progress->levels_estimated.fetch_add(1);
    }
    if (progress) progress->estimating.store(-1);
    // The entries, for levels whose every part is whole and was not cut by a budget or a stop; an
    // entry read back unchanged is left as it is.
    if (!cache.empty() && !stop.stop_requested()) {
        for (int i = 0; i < count; ++i) {
            const auto at = static_cast<std::size_t>(i);
            if (!report.levels[at].level || !keep[at]) continue;
            if (cached[at]) {
                nlohmann::ordered_json same = *cached[at];
                for (const char* k : {"format", "version", "key"}) same.erase(k);
                if (same == fresh[at]) continue;
            }
            write_cache_entry(cache, keys[at], fresh[at]);
        }
    }
    return report;
}

nlohmann::ordered_json LevelReport::summary() const {
    nlohmann::ordered_json j;
    j["file"] = path;
    j["valid"] = level.has_value();
    if (level) {
        j["id"] = level->id;
        j["name"] = level->name;
        j["kind"] = std::string(kind_name(level->kind));
        j["width"] = level->width();
        j["height"] = level->height();
        j["analysed"] = analysed;
        if (analysed) {
            j["blocked"] = blocked;
            if (kind_ops(level->kind).counts_start_moves) j["start_moves"] = start_moves;
            if (has_solver(level->kind)) {
                j["verdict"] = std::string(verdict_name(verdict));
                if (verdict == Verdict::solvable) j["solution_moves"] = solution_moves;
            }
        }
        if (has_bot(level->kind)) j["estimate"] = estimate ? estimate->figures : nlohmann::ordered_json();
        if (!ladder.empty()) {
            nlohmann::ordered_json bots = nlohmann::ordered_json::object();
            for (const auto& [bot, rate] : ladder) {
                nlohmann::ordered_json figure;
                for (const char* key : {"runs", "wins", "pass_rate", "ci95", "calibrated"})
                    if (rate.figures.contains(key)) figure[key] = rate.figures[key];
                bots[bot] = std::move(figure);
            }
            j["ladder"] = std::move(bots);
        }
    }
    j["errors"] = count_severity(problems, Diagnostic::Severity::error);
    j["warnings"] = count_severity(problems, Diagnostic::Severity::warning);
    auto list = nlohmann::ordered_json::array();
    for (const Diagnostic& d : problems) list.push_back(diagnostic_json(d));
    j["problems"] = std::move(list);
    return j;
}

int PackReport::error_count() const {
    int n = count_severity(pack_problems, Diagnostic::Severity::error);
    for (const LevelReport& l : levels) n += count_severity(l.problems, Diagnostic::Severity::error);
    return n;
}

int PackReport::warning_count() const {
    int n = count_severity(pack_problems, Diagnostic::Severity::warning);
    for (const LevelReport& l : levels) n += count_severity(l.problems, Diagnostic::Severity::warning);
    return n;
}

bool PackReport::ok() const { return error_count() == 0; }

nlohmann::ordered_json PackReport::to_json() const {
    nlohmann::ordered_json j;
    j["pack"] = file;
    j["name"] = name;
    j["ok"] = ok();
    j["errors"] = error_count();
    j["warnings"] = warning_count();
    // No thread count and no timing here: the output is the same bytes for any --threads.
    nlohmann::ordered_json opts;
    opts["runs"] = options.runs;
    opts["precision"] = options.precision;
    opts["seed"] = options.seed;
    opts["budget_ms"] = options.budget_ms;
    if (!options.bot.empty()) opts["bot"] = options.bot;
    if (options.bot == "mcts") opts["rollouts"] = options.rollouts;  // other bots' JSON as before
    opts["range"] = options.pass_range ? nlohmann::ordered_json::array({options.pass_range->first, options.pass_range->second})
                                       : nlohmann::ordered_json();
    j["options"] = std::move(opts);
    auto problems = nlohmann::ordered_json::array();
    for (const Diagnostic& d : pack_problems) problems.push_back(diagnostic_json(d));
    j["problems"] = std::move(problems);
    auto list = nlohmann::ordered_json::array();
    for (const LevelReport& l : levels) list.push_back(l.summary());
    j["levels"] = std::move(list);
    return j;
}

}  // namespace tilelab::pack
