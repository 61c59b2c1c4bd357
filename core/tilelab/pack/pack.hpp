// Packs as a whole: loading every level of a pack, checking and analysing them, and the bundle.
// Shared by `tilelab pack` and the editor's pack view; knows nothing of terminals or windows.
#pragma once
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/calibration.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/board/level.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/io/diagnostics.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::pack {

// One level of a pack as loaded: its path as the pack lists it, and the level or why not.
struct PackEntry {
    std::string path;            // as written in the pack ("world1/003.json")
    std::string file;            // as messages name it: the pack's folder joined with `path`
    std::optional<Level> level;  // set only when the file loaded without error
    Diagnostics diagnostics;     // load problems (errors and warnings)
};

// A pack with every level loaded (or not). The editor builds one from its open documents.
struct LoadedPack {
    std::string file;          // the pack file as the user named it
    std::optional<Pack> pack;  // unset when the pack file itself could not be read
    Diagnostics diagnostics;   // problems of the pack file itself
    std::vector<PackEntry> entries;
};

// Reads the pack file and every level it lists, in pack order. Never throws on bad input.
LoadedPack load_pack_levels(const std::filesystem::path& pack_path);

struct CheckOptions {
    // Playouts per level (match3, slide): the most a level takes when `precision` is set, exactly
    // this many when it is 0. Above the 1,068 runs that a 50% level needs for a half-width of 0.03.
    int runs = 2000;
    // A level's playouts stop at the first batch of 100 runs after which the 95% interval's
    // half-width is at most this (EstimateOptions::precision); 0: every run.
    double precision = 0.03;
    int threads = 1;                  // worker threads; the figures do not depend on it
    std::uint64_t seed = 0;           // playout seed, the same for every level (as `estimate --seed`)
    int budget_ms = 1000;             // solver time per level (link, lines)
    std::string bot;                  // the bot of every playout ("greedy"...); empty: each kind's default
    int rollouts = default_rollouts;  // match3 mcts: rollouts per move (as `estimate --rollouts`)
    // Playout time per level (match3, slide), as `estimate --playout-budget-ms`; 0: none. A level
    // stopped by it keeps the runs that finished, with a warning (not in to_json's options: a
    // check that is not stopped gives the same bytes as before the budget existed).
    int playout_budget_ms = default_playout_budget_ms;
    // Pass rates outside [first, second] (fractions 0..1) are errors; unset: no range check.
    std::optional<std::pair<double, double>> pass_range;
    // `--ladder`: every match3 level is also played by each bot of its kind's ladder (KindOps::ladder_bots), each
    // figure the one `tilelab estimate --bot B` gives.
    bool ladder = false;
    // `--calibration`: the players' pass rate predicted from each bot figure of a kind the
    // calibration's bot played (as `estimate --calibration`); null: none.
    std::shared_ptr<const calibration::Calibration> calibration;
    // The check cache's folder (pack/cache.hpp, `--cache DIR`): each level's results are read
    // from it when an entry of the same build, level bytes and options is there, and written
    // there after; empty: none. Never part of the figures.
    std::filesystem::path cache_dir;
};

// What `tilelab estimate` says of a level, kept short for the pack's tables and bundle.
struct PassRate {
    int runs = 0;
    int wins = 0;
    double pass_rate = 0.0;
    double ci_low = 0.0;
    double ci_high = 1.0;
    nlohmann::ordered_json figures;                     // the estimate's scalar figures (runs, wins, pass_rate, ci95, ...)
    std::optional<calibration::Prediction> calibrated;  // with --calibration (also in figures)
};

// A pass rate as every table and the editor's Pack panel print it, with what it rests on:
// "51.0% (47.9%-54.1%), 1000 runs, lookahead" (", stopped at the time budget" when it was;
// "; players 47.2% (38.0%-56.6%)" with a calibration).
std::string pass_rate_text(const PassRate& rate);

// Everything the check found about one level.
struct LevelReport {
    std::string path;                                      // as the pack lists it
    std::string file;                                      // as messages name it
    std::optional<Level> level;                            // the level, when it loaded
    bool analysed = false;                                 // analyze() ran to the end
    Verdict verdict = Verdict::none;                       // link and lines: the solver's verdict
    int solution_moves = -1;                               // link and lines, when solvable: moves in the solution found
    bool blocked = false;                                  // no legal move at the start (match3 dead, link stuck, slide over)
    int start_moves = -1;                                  // match3: legal swaps at the start (hint count)
    std::optional<PassRate> estimate;                      // match3 and slide
    std::vector<std::pair<std::string, PassRate>> ladder;  // --ladder (match3): each bot's figure, in ladder order
    Diagnostics problems;                                  // load errors, analysis findings, check failures, in that order
    bool from_cache = false;                               // every result above was read from the check cache (never in the JSON)

    bool has_errors() const { return tilelab::has_errors(problems); }
    // The level's analysis summary: one entry of the bundle's "report" and of `pack check --json`.
    nlohmann::ordered_json summary() const;
};

struct PackReport {
    std::string file;  // the pack file as the user named it
    std::string name;  // the pack's name
    CheckOptions options;
    Diagnostics pack_problems;  // problems of the pack file itself
    std::vector<LevelReport> levels;

    bool ok() const;  // no error anywhere: the check passed and the pack may be exported
    int error_count() const;
    int warning_count() const;
    // `tilelab pack check --json`: the same bytes for any thread count.
    nlohmann::ordered_json to_json() const;
};

// Progress of a running check, written by the workers, read by whoever shows it.
struct CheckProgress {
    std::atomic<int> levels_total{0};
    std::atomic<int> levels_analysed{0};  // phase 1: analysis, parallel over levels
    std::atomic<int> estimating{-1};      // phase 2: the level whose playouts run (index), -1 none
    std::atomic<int> levels_estimated{0};
    Progress playouts;  // the running estimate's own fraction
};

// Analyses every loaded level: verdicts (link, lines), pass rates (match3, slide), dead starts,
// duplicate ids and the pass-rate range. A kind that throws on one level makes an error for that
// level, never a failed check of the others. Stops early (leaving levels unanalysed) when asked.
PackReport check_pack(const LoadedPack& loaded, const CheckOptions& options, StopToken stop = {},
                      CheckProgress* progress = nullptr);

// The bundle of docs/format.md "Bundles": {"format": "tilelab.bundle", "version": 1, "name", "levels",
// "report"}. Only for a report that is ok(); the caller refuses otherwise.
nlohmann::ordered_json make_bundle(const PackReport& report);
// The bundle's text: two-space indent and a final newline, or one line with `minify`.
std::string bundle_text(const nlohmann::ordered_json& bundle, bool minify);
// Why a bundle of `bytes` cannot be written ("" when it can): over limits::max_bundle_bytes, the most a
// reader takes, so that every bundle written is one the tool and runtimes read back.
std::string bundle_size_refusal(std::size_t bytes);

// What an output of the pack at `pack_path` (listing `levels`, relative to it) may not overwrite:
// the pack itself, one of its levels, or an existing file of another kind than the output's
// (io/output_policy.hpp, the one policy every verb asks). Returns "" when `out` may be written,
// else why not ("OUT is the pack itself; choose another name, or --force to replace it"). The
// command line and the editor's Pack panel both ask this before writing anything.
enum class PackOutput { bundle, report, calibration, check_json, estimate_json };
std::string output_refusal(const std::filesystem::path& pack_path, const std::vector<std::string>& levels,
                           const std::filesystem::path& out, PackOutput kind, bool force = false, bool mention_force = true);

}  // namespace tilelab::pack
