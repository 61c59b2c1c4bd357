// `tilelab pack tune PACK --ramp FIRST:LAST`: sets each match3/slide level's move limit so that the
// pack's pass rates go from FIRST to LAST in even steps, each limit as `tilelab tune` sets it.
#include <cstdio>
#include <iostream>
#include <thread>

#include "cli/verbs.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/analysis/tune.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/pack/pack.hpp"
#include "tilelab/pack/ramp.hpp"

namespace tilelab::cli {

const char* const pack_tune_usage =
    "usage: tilelab pack tune PACK --ramp FIRST:LAST [--tolerance T] [--bot NAME] [--rollouts N] [--runs N]\n"
    "                         [--seed S] [--threads T] [--max-moves M] [--playout-budget-ms N] [--dry-run] [--json]\n"
    "\n"
    "Sets the move limit of every match3 and slide level of the pack, in pack order, so that their\n"
    "pass rates go from FIRST to LAST in even steps (a difficulty ramp: 0.85:0.35 goes from easy to\n"
    "hard). The k-th of n such levels aims at FIRST + (LAST - FIRST) * k / (n - 1), and its limit is\n"
    "exactly the one `tilelab tune LEVEL --target P` sets with the same options. link and lines\n"
    "levels keep theirs (they have no pass rate to aim) and take no step of the ramp.\n"
    "FIRST, LAST and T are fractions (0.85) or percentages (85%). --tolerance T (default 0.05).\n"
    "--bot, --rollouts, --runs (default 1000), --seed (default 0), --threads, --max-moves,\n"
    "--playout-budget-ms: as tune.\n"
    "Each level file whose limit changes is rewritten in place, safely, once every level has been\n"
    "tuned within T; when one cannot be, or a level does not load, nothing is written (exit 1).\n"
    "--dry-run: prints what it would set and writes nothing. --json: one object on stdout.\n"
    "Exit status: 0 every level tuned (and written), 1 a level is invalid or off its target,\n"
    "2 wrong usage.\n";

namespace {

using pack::RampRow;

// The name a designer knows a level by (its id when it has none), cut to `width` bytes.
std::string row_name(const RampRow& row, std::size_t width) {
    std::string text = row.name.empty() ? row.id : row.name;
    if (text.size() > width) {
        std::size_t cut = width - 3;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        text = text.substr(0, cut) + "...";
    }
    return text;
}

}  // namespace

int run_pack_tune(const Args& args) {
    const std::string verb = "pack tune";
    if (wants_help(args)) {
        std::cout << pack_tune_usage;
        return exit_ok;
    }
    std::optional<std::string> path;
    std::optional<std::pair<double, double>> ramp;
    bool json = false, dry_run = false;
    TuneOptions tune;
    EstimateOptions options;
    options.time_budget_ms = default_playout_budget_ms;
    options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    FlagReader flags{verb, args};
    while (!flags.done()) {
        if (flags.is("--json")) {
            json = true;
            ++flags.i;
        } else if (flags.is("--dry-run")) {
            dry_run = true;
            ++flags.i;
        } else if (flags.is("--ramp")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            const auto sep = v->find(':');
            std::optional<double> first, last;
            if (sep != std::string::npos) {
                first = parse_fraction(v->substr(0, sep));
                last = parse_fraction(v->substr(sep + 1));
            }
            if (!first || !last)
                return usage_error(
                    verb, "--ramp takes FIRST:LAST, two pass rates from 0 to 1 (or percentages, 85%:35%), not '" + *v + "'");
            ramp = std::pair{*first, *last};
        } else if (read_tune_flag(flags, options, tune)) {
            if (!flags.error.empty()) return usage_error(verb, flags.error);
        } else if (flags.word().rfind("-", 0) == 0 && flags.word() != "-") {
            return usage_error(verb, "unknown option '" + flags.word() + "'");
        } else {
            if (path) return usage_error(verb, "pack tune takes one pack");
            path = flags.word();
            ++flags.i;
        }
    }
    if (!path) return usage_error(verb, "name a pack file");
    if (!ramp)
        return usage_error(verb, "--ramp FIRST:LAST is required (the pass rates of the first and last level, e.g. 0.85:0.35)");

    // Every level must load before anything runs: a ramp over a pack with a broken level would
    // give the others steps they do not keep once it is fixed.
    pack::LoadedPack loaded = pack::load_pack_levels(*path);
    print_diagnostics(loaded.diagnostics);
    if (!loaded.pack) return exit_invalid;
    bool broken = false;
    for (const pack::PackEntry& e : loaded.entries) {
        print_diagnostics(e.diagnostics);
        broken = broken || !e.level;
    }
    if (broken) {
        std::cerr << "tilelab pack tune: " << *path << ": a level does not load (above); nothing tuned, nothing written\n";
        return exit_invalid;
    }

    std::vector<RampRow> rows;
    try {
        rows = pack::tune_ramp(
            loaded, options, tune, ramp->first, ramp->second, {}, nullptr, [&](const RampRow& row, int step, int steps) {
                if (json) return;
                std::cerr << "[" << step << "/" << steps << "] " << row.path << ": target " << percent_text(*row.target);
                if (row.tuned.choice)
                    std::cerr << ", limit " << row.tuned.choice->moves << " at " << percent_text(row.tuned.choice->pass_rate);
                std::cerr << "\n";
            });
    } catch (const std::exception& e) {
        std::cerr << "tilelab pack tune: error: " << e.what() << "\n";
        return exit_invalid;
    }
    int steps = 0, off = 0;
    for (const RampRow& row : rows) {
        if (row.target) ++steps;
        if (!row.on_target()) ++off;
    }

    // Written only when every level is on its target.
    std::vector<std::string> written;
    if (off == 0 && !dry_run) {
        std::vector<std::pair<std::string, std::string>> files;  // all texts made before any write
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const RampRow& row = rows[i];
            if (!row.changes()) continue;
            Level level = *loaded.entries[i].level;
            level.goal.moves = row.tuned.choice->moves;
            files.emplace_back(row.file, write_level(level));
        }
        for (const auto& [file, text] : files) {
            const std::string error = write_file_atomically(file, text, false);
            if (!error.empty()) {
                std::cerr << "tilelab pack tune: error: " << error << " (" << written.size() << " of " << files.size()
                          << " level files written before it)\n";
                return exit_invalid;
            }
            written.push_back(file);
        }
    }

    if (json) {
        nlohmann::ordered_json out;
        out["pack"] = *path;
        out["ramp"] = {ramp->first, ramp->second};
        out["tolerance"] = tune.tolerance;
        out["runs"] = options.runs;
        out["seed"] = options.seed;
        auto levels = nlohmann::ordered_json::array();
        for (const RampRow& row : rows) {
            nlohmann::ordered_json l;
            l["file"] = row.path;
            l["level"] = row.id;
            l["name"] = row.name;
            l["previous_moves"] = row.previous ? nlohmann::ordered_json(*row.previous) : nlohmann::ordered_json(nullptr);
            if (!row.target) {
                l["skipped"] = row.skipped;
            } else {
                l["target"] = *row.target;
                l["bot"] = row.tuned.estimate.json.value("bot", std::string());
                if (row.tuned.choice) {
                    const LimitChoice& c = *row.tuned.choice;
                    l["moves"] = c.moves;
                    l["pass_rate"] = c.pass_rate;
                    l["ci95"] = {c.ci_low, c.ci_high};
                } else {
                    l["moves"] = nullptr;
                }
                l["within_tolerance"] = row.tuned.within;
                if (!row.tuned.within) l["note"] = pack::ramp_curve_step(row.tuned, *row.target);
            }
            levels.push_back(l);
        }
        out["levels"] = levels;
        out["written"] = off == 0 && !dry_run ? nlohmann::ordered_json(written) : nlohmann::ordered_json(nullptr);
        print_json(out);
    } else {
        std::printf("%3s  %-28s %7s  %-12s %s\n", "#", "level", "target", "moves (was)", "pass rate [95% interval]");
        std::vector<std::string> notes;
        int n = 0;
        for (const RampRow& row : rows) {
            ++n;
            const std::string was = row.previous ? std::to_string(*row.previous) : "none";
            if (!row.target) {
                std::printf("%3d  %-28s %7s  %-12s skipped: %s\n", n, row_name(row, 28).c_str(), "-", was.c_str(),
                            row.skipped.c_str());
                continue;
            }
            if (!row.tuned.choice) {
                std::printf("%3d  %-28s %7s  %-12s no playout finished\n", n, row_name(row, 28).c_str(),
                            percent_text(*row.target).c_str(), was.c_str());
                continue;
            }
            const LimitChoice& c = *row.tuned.choice;
            const std::string moves = std::to_string(c.moves) + " (" + was + ")";
            std::printf("%3d  %-28s %7s  %-12s %s [%s, %s]%s\n", n, row_name(row, 28).c_str(), percent_text(*row.target).c_str(),
                        moves.c_str(), percent_text(c.pass_rate).c_str(), percent_text(c.ci_low).c_str(),
                        percent_text(c.ci_high).c_str(), row.tuned.within ? "" : "  OFF TARGET");
            if (!row.tuned.within) {
                const std::string step_text = pack::ramp_curve_step(row.tuned, *row.target);
                notes.push_back(row.path + ": " + (step_text.empty() ? "no limit comes nearer" : step_text) +
                                ": make the level harder or easier there, or widen --tolerance");
            }
        }
        for (const std::string& note : notes) std::printf("  %s\n", note.c_str());
        if (off == 0 && !dry_run)
            std::printf("wrote %zu level file%s (%d on the ramp, %zu unchanged)\n", written.size(),
                        written.size() == 1 ? "" : "s", steps, static_cast<std::size_t>(steps) - written.size());
        else if (off == 0) std::printf("dry run: nothing written\n");
    }
    if (off > 0) {
        std::cerr << "tilelab pack tune: " << off << " level" << (off == 1 ? "" : "s") << " cannot get within "
                  << 100.0 * tune.tolerance << " points of " << (off == 1 ? "its" : "their")
                  << " target (marked OFF TARGET, with the curve's step under the table); nothing written\n";
        return exit_invalid;
    }
    return exit_ok;
}

}  // namespace tilelab::cli
