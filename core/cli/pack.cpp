// `tilelab pack check|export|report`: whole level packs, checked, bundled for runtimes, charted for people.
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <stop_token>
#include <thread>

#include "cli/pack_progress.hpp"
#include "cli/verbs.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/limits.hpp"
#include "tilelab/pack/cache.hpp"
#include "tilelab/pack/pack.hpp"
#include "tilelab/pack/report.hpp"
#include "tilelab/pack/shard.hpp"

namespace tilelab::cli {

const char* const pack_usage =
    "usage: tilelab pack check PACK [--json] [OPTIONS]\n"
    "       tilelab pack check PACK --shard K/N -o PART [OPTIONS]\n"
    "       tilelab pack merge PART... [-o OUT] [--report REPORT.html]\n"
    "       tilelab pack export PACK -o BUNDLE [--minify] [OPTIONS]\n"
    "       tilelab pack report PACK -o REPORT.html [OPTIONS]\n"
    "       tilelab pack tune PACK --ramp FIRST:LAST [OPTIONS]\n"
    "\n"
    "check   validates every level of the pack and analyses it: the solver's verdict (link,\n"
    "        lines), the bot's pass rate with its 95% interval (match3, slide). Flags duplicate\n"
    "        ids, dead starts, unsolvable levels and pass rates outside --range. Prints a table,\n"
    "        or one JSON object with --json. Exit 1 on any error.\n"
    "        --shard K/N -o PART: does share K (0 .. N-1) of the check and writes it to the part\n"
    "        file PART (exit 0 once written, whatever it found); a part already there for the\n"
    "        same pack and options is kept and nothing is done.\n"
    "merge   puts the N parts together: prints exactly what `check --json` prints for the whole\n"
    "        pack, with its exit status (see `tilelab pack merge --help`, docs/scale.md).\n"
    "export  writes the bundle (the pack's levels and their analysis in one JSON file) only\n"
    "        when the check passes; nothing is written otherwise. --minify: one line.\n"
    "report  writes one self-contained HTML page: the difficulty curve, a thumbnail of each\n"
    "        board and the table of figures. Written even when the check fails (exit 1 then).\n"
    "tune    sets every match3/slide level's move limit so that the pack's pass rates go from\n"
    "        FIRST to LAST in even steps, as `tilelab tune` sets one (see `tilelab pack tune --help`).\n"
    "\n"
    "options:\n"
    "  --precision P   a level's playouts stop at the first batch of 100 runs after which the 95%\n"
    "                  interval's half-width is at most P (default 0.03, or 3%; 0: exactly --runs)\n"
    "  --runs N        playouts per match3/slide level: the most with --precision (default 2000)\n"
    "  --seed S        playout seed, the same for every level (default 0): the figures equal\n"
    "                  `tilelab estimate LEVEL --runs N --precision P --seed S`\n"
    "  --threads T     worker threads (default: the machine's cores); figures do not depend on it\n"
    "  --range LO:HI   pass rates outside LO..HI are errors; fractions (0.2:0.9) or\n"
    "                  percentages (20%:90%)\n"
    "  --budget-ms N   solver time per link/lines level (default 1000)\n"
    "  --bot NAME      the playouts' bot, e.g. greedy (fast); default: each kind's own, as estimate\n"
    "  --rollouts N    the match3 mcts bot's rollouts per move (default 100), as estimate\n"
    "  --ladder        also play every match3 level with each bot of the ladder (random, greedy,\n"
    "                  lookahead, mcts): each level's pass rate per bot (not with --shard)\n"
    "  --calibration CAL.json\n"
    "                  from 'tilelab calibrate': the players' predicted pass rate beside each bot\n"
    "                  figure of a kind the calibration's bot played (not with --shard)\n"
    "  --playout-budget-ms N\n"
    "                  playout time per match3/slide level (default 120000); a level stopped by it\n"
    "                  keeps the runs that finished, with a warning\n"
    "  --cache DIR     check, export, report, shards: each level's results are read from the check\n"
    "                  cache in DIR when it holds them for this build, the level's bytes and these\n"
    "                  options, and written there otherwise (a damaged entry is ignored and\n"
    "                  rewritten); default $XDG_CACHE_HOME/tilelab, else ~/.cache/tilelab\n"
    "  --no-cache      neither read nor write the cache\n"
    "  --force         export, report: write -o over whatever is there. Without it (exit 2, nothing\n"
    "                  written): the pack, one of its levels, or an existing file of another kind\n"
    "A progress line is shown on stderr when it is a terminal.\n"
    "Exit status: 0 ok, 1 a level is invalid or the check failed, 2 wrong usage.\n";

namespace {

struct PackCommand {
    std::string sub;  // check | export | report
    std::string pack_path;
    std::string output;  // -o
    bool force = false;  // --force: export and report write over whatever is there
    bool json = false;
    bool minify = false;
    std::optional<pack::ShardSpec> shard;         // check --shard K/N
    std::optional<std::string> calibration_path;  // --calibration
    pack::CheckOptions options;
};

std::optional<std::pair<double, double>> parse_range(const std::string& text) {
    auto sep = text.find(':');
    if (sep == std::string::npos) return std::nullopt;
    auto low = parse_fraction(text.substr(0, sep));
    auto high = parse_fraction(text.substr(sep + 1));
    if (!low || !high || *low > *high) return std::nullopt;
    return std::pair{*low, *high};
}

// Parses the words after "pack"; returns an exit status when the command should stop there.
std::optional<int> parse_command(const Args& args, PackCommand& cmd) {
    if (args.empty()) return usage_error("pack", "needs a subcommand: check, merge, export, report or tune");
    if (args[0] == "--help" || args[0] == "-h") {
        std::cout << pack_usage;
        return exit_ok;
    }
    cmd.sub = args[0];
    if (cmd.sub != "check" && cmd.sub != "export" && cmd.sub != "report")
        return usage_error("pack", "unknown subcommand '" + cmd.sub + "' (expected check, merge, export, report or tune)");
    const std::string verb = "pack " + cmd.sub;
    Args rest(args.begin() + 1, args.end());
    if (wants_help(rest)) {
        std::cout << pack_usage;
        return exit_ok;
    }
    unsigned cores = std::thread::hardware_concurrency();
    cmd.options.threads = cores ? static_cast<int>(std::min(cores, 64u)) : 1;
    FlagReader flags{verb, rest};
    bool no_cache = false;                  // --no-cache
    std::optional<std::string> cache_flag;  // --cache DIR
    while (!flags.done()) {
        if (flags.is("--json") && cmd.sub == "check") {
            cmd.json = true;
            ++flags.i;
        } else if (flags.is("--minify") && cmd.sub == "export") {
            cmd.minify = true;
            ++flags.i;
        } else if (flags.is("--shard") && cmd.sub == "check") {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            std::string error;
            cmd.shard = pack::parse_shard(*v, error);
            if (!cmd.shard) return usage_error(verb, error);
        } else if (flags.is("--force")) {
            cmd.force = true;
            ++flags.i;
        } else if (flags.is("-o") || flags.is("--output")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            cmd.output = *v;
        } else if (flags.is("--runs")) {
            auto v = flags.integer(1, limits::max_runs);
            if (!v) return usage_error(verb, flags.error);
            cmd.options.runs = static_cast<int>(*v);
        } else if (flags.is("--precision")) {
            auto p = flags.fraction();
            if (!p || *p > 0.5)
                return usage_error(verb, p ? "--precision takes a half-width from 0 to 0.5 (0.03 or 3%)" : flags.error);
            cmd.options.precision = *p;
        } else if (flags.is("--cache")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            if (v->empty()) return usage_error(verb, "--cache takes a folder");
            cache_flag = *v;
        } else if (flags.is("--no-cache")) {
            no_cache = true;
            ++flags.i;
        } else if (flags.is("--threads")) {
            auto v = flags.integer(1, limits::max_threads);
            if (!v) return usage_error(verb, flags.error);
            cmd.options.threads = static_cast<int>(*v);
        } else if (flags.is("--seed")) {
            auto v = flags.unsigned_integer();
            if (!v) return usage_error(verb, flags.error);
            cmd.options.seed = *v;
        } else if (flags.is("--budget-ms")) {
            auto v = flags.integer(1, limits::max_budget_ms);
            if (!v) return usage_error(verb, flags.error);
            cmd.options.budget_ms = static_cast<int>(*v);
        } else if (flags.is("--playout-budget-ms")) {
            auto v = flags.integer(1, limits::max_playout_budget_ms);
            if (!v) return usage_error(verb, flags.error);
            cmd.options.playout_budget_ms = static_cast<int>(*v);
        } else if (flags.is("--bot")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            cmd.options.bot = *v;
        } else if (flags.is("--ladder") && cmd.sub != "merge") {
            cmd.options.ladder = true;
            ++flags.i;
        } else if (flags.is("--calibration")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            cmd.calibration_path = *v;
        } else if (flags.is("--rollouts")) {
            auto v = flags.integer(1, limits::max_rollouts);
            if (!v) return usage_error(verb, flags.error);
            cmd.options.rollouts = static_cast<int>(*v);
        } else if (flags.is("--range")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            auto range = parse_range(*v);
            if (!range)
                return usage_error(verb,
                                   "--range takes LO:HI with 0 <= LO <= HI <= 1 (or percentages, 20%:90%), not '" + *v + "'");
            cmd.options.pass_range = range;
        } else if (flags.word().size() > 1 && flags.word()[0] == '-') {
            return usage_error(verb, "unknown option '" + flags.word() + "'");
        } else {
            if (!cmd.pack_path.empty()) return usage_error(verb, "takes one pack, got '" + flags.word() + "' too");
            cmd.pack_path = flags.word();
            ++flags.i;
        }
    }
    if (cmd.pack_path.empty()) return usage_error(verb, "needs a pack file");
    if (no_cache && cache_flag) return usage_error(verb, "--cache and --no-cache go against each other");
    // The check cache: --cache DIR, else the user's cache folder ($XDG_CACHE_HOME/tilelab or
    // ~/.cache/tilelab); none with --no-cache.
    if (cache_flag) cmd.options.cache_dir = *cache_flag;
    else if (!no_cache) cmd.options.cache_dir = pack::default_cache_dir();
    if (cmd.sub != "check" && cmd.output.empty()) return usage_error(verb, "needs -o FILE");
    if (cmd.shard && (cmd.options.ladder || cmd.calibration_path))
        return usage_error(verb, std::string(cmd.options.ladder ? "--ladder" : "--calibration") +
                                     " is not split into shards: run the check whole, or merge the parts first");
    if (cmd.sub == "check" && cmd.shard && cmd.output.empty())
        return usage_error(verb, "--shard needs -o PART: the file the shard's part is written to");
    if (cmd.sub == "check" && !cmd.shard && !cmd.output.empty())
        return usage_error(verb, "-o is for --shard (the part file); the check prints on stdout");
    return std::nullopt;
}

// A column of `width` bytes that always ends in a space: a longer text is cut, on a UTF-8
// character boundary, and ends with "~".
std::string pad(std::string text, std::size_t width) {
    if (text.size() >= width) {
        std::size_t cut = width - 2;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
        text = text.substr(0, cut) + "~";
    }
    text.resize(width, ' ');
    return text;
}

// The table of `pack check` for people.
void print_table(const pack::PackReport& report, double seconds) {
    std::ostringstream out;
    // The result column fits the longest figure (a calibrated one runs past 56), never cut.
    std::size_t result_width = 56;
    for (const pack::LevelReport& l : report.levels)
        if (l.estimate && l.estimate->calibrated)
            result_width = std::max(result_width, pack::pass_rate_text(*l.estimate).size() + 20);
    // The kind column fits the longest kind name in the pack (8 for the shorter names).
    std::size_t kind_width = 8;
    for (const pack::LevelReport& l : report.levels)
        if (l.level) kind_width = std::max(kind_width, kind_name(l.level->kind).size() + 2);
    out << "  # " << pad("id", 22) << pad("name", 24) << pad("kind", kind_width) << pad("size", 9) << pad("result", result_width)
        << "problems\n";
    for (std::size_t i = 0; i < report.levels.size(); ++i) {
        const pack::LevelReport& l = report.levels[i];
        char number[32];
        std::snprintf(number, sizeof number, "%3zu ", i + 1);
        out << number;
        std::string result;
        if (!l.level) {
            out << pad(l.path, 22) << pad("-", 24) << pad("-", kind_width) << pad("-", 9);
            result = "invalid";
        } else {
            const Level& level = *l.level;
            out << pad(level.id.empty() ? l.path : level.id, 22) << pad(level.name, 24)
                << pad(std::string(kind_name(level.kind)), kind_width)
                << pad(std::to_string(level.width()) + "x" + std::to_string(level.height()), 9);
            if (l.estimate) result = "pass " + pack::pass_rate_text(*l.estimate);
            else if (l.analysed && l.verdict != Verdict::none)
                result = std::string(verdict_name(l.verdict)) +
                         (l.solution_moves >= 0
                              ? " in " + std::to_string(l.solution_moves) + (l.solution_moves == 1 ? " move" : " moves")
                              : "");
            else if (l.analysed) result = l.blocked ? "dead start" : "analysed";
            else result = "not analysed";
            if (l.blocked && l.estimate) result += ", dead start";
        }
        out << pad(result, result_width);
        std::string ladder;
        for (const auto& [bot, rate] : l.ladder)
            ladder += (ladder.empty() ? "" : ", ") + bot + " " + percent_text(rate.pass_rate);
        if (!ladder.empty()) ladder = "      ladder: " + ladder + "\n";
        const int errors = static_cast<int>(std::count_if(
            l.problems.begin(), l.problems.end(), [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::error; }));
        const int warnings = static_cast<int>(l.problems.size()) - errors;
        if (errors) out << errors << (errors == 1 ? " error" : " errors") << (warnings ? ", " : "");
        if (warnings) out << warnings << (warnings == 1 ? " warning" : " warnings");
        out << "\n" << ladder;
    }
    char timing[64];
    std::snprintf(timing, sizeof timing, "%.2f s, %d thread%s", seconds, report.options.threads,
                  report.options.threads == 1 ? "" : "s");
    auto count_of = [](int n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); };
    out << "pack '" << report.name << "': " << count_of(static_cast<int>(report.levels.size()), "level") << ", "
        << count_of(report.error_count(), "error") << ", " << count_of(report.warning_count(), "warning") << " (" << timing
        << "): " << (report.ok() ? "ok" : "FAILED") << "\n";
    std::cout << out.str();
}

void print_problems(const pack::PackReport& report) {
    print_diagnostics(report.pack_problems);
    for (const auto& l : report.levels) print_diagnostics(l.problems);
}

}  // namespace

int run_pack(const Args& args) {
    if (!args.empty() && args[0] == "merge") return run_pack_merge(Args(args.begin() + 1, args.end()));
    if (!args.empty() && args[0] == "tune") return run_pack_tune(Args(args.begin() + 1, args.end()));
    PackCommand cmd;
    if (auto status = parse_command(args, cmd)) return *status;
    const std::string verb = "pack " + cmd.sub;

    if (cmd.calibration_path) {  // read before anything runs: a bad file costs no time
        calibration::CalibrationLoad load = calibration::load_calibration(*cmd.calibration_path);
        print_diagnostics(load.diagnostics);
        if (!load.calibration) return exit_invalid;
        bool any = false;  // a kind the calibration covers plays with its bot
        for (const auto& [kind, bot] : load.calibration->bots) any = any || cmd.options.bot.empty() || bot == cmd.options.bot;
        if (!any) {
            std::cerr << "tilelab " << verb << ": error: " << *cmd.calibration_path << " was not made with the bot '"
                      << cmd.options.bot << "': use the bot it was made with (see its \"bots\")\n";
            return exit_invalid;
        }
        cmd.options.calibration = std::make_shared<const calibration::Calibration>(std::move(*load.calibration));
    }
    const auto started = std::chrono::steady_clock::now();
    pack::LoadedPack loaded = pack::load_pack_levels(cmd.pack_path);
    if (!loaded.pack) {
        print_diagnostics(loaded.diagnostics);
        if (cmd.shard) {
            std::cerr << "tilelab " << verb << ": nothing written to " << cmd.output << "\n";
            return exit_invalid;
        }
        if (cmd.json) {
            pack::PackReport failed = pack::check_pack(loaded, cmd.options);
            print_json(failed.to_json());
        }
        return exit_invalid;
    }
    // Nothing is computed, and nothing written, for an output that would overwrite the pack, one of
    // its levels or an unrelated file (the editor's Pack panel asks the same question).
    if (cmd.sub != "check") {
        const auto kind = cmd.sub == "export" ? pack::PackOutput::bundle : pack::PackOutput::report;
        if (std::string refusal = pack::output_refusal(cmd.pack_path, loaded.pack->levels, cmd.output, kind, cmd.force);
            !refusal.empty()) {
            std::cerr << "tilelab " << verb << ": refused: " << refusal << " (nothing written)\n";
            return exit_usage;
        }
    }
    if (cmd.shard) {
        const auto header = pack::part_header("pack check", pack::pack_identity(loaded), pack::check_options_json(cmd.options),
                                              *cmd.shard);
        int from_cache = 0;
        return write_shard_part(
            verb, cmd.output, header, [&] { return pack::run_check_shard(loaded, cmd.options, header, {}, &from_cache); },
            &from_cache);
    }
    pack::CheckProgress progress;
    pack::PackReport report;
    {
        PackProgressLine line("pack", loaded, progress);
        report = pack::check_pack(loaded, cmd.options, {}, &progress);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    print_problems(report);

    if (cmd.sub == "check") {
        if (cmd.json) print_json(report.to_json());
        else print_table(report, seconds);
        return report.ok() ? exit_ok : exit_invalid;
    }

    if (cmd.sub == "export") {
        if (!report.ok()) {
            std::cerr << "tilelab " << verb << ": " << cmd.pack_path << ": " << report.error_count()
                      << " errors; nothing written to " << cmd.output << "\n";
            return exit_invalid;
        }
        const std::string text = pack::bundle_text(pack::make_bundle(report), cmd.minify);
        if (std::string refusal = pack::bundle_size_refusal(text.size()); !refusal.empty()) {
            std::cerr << "tilelab " << verb << ": " << cmd.output << ": error: " << refusal << "; nothing written\n";
            return exit_invalid;
        }
        if (std::string error = write_file_atomically(cmd.output, text, false); !error.empty()) {
            std::cerr << "tilelab " << verb << ": " << cmd.output << ": error: " << error << "\n";
            return exit_invalid;
        }
        std::cout << "wrote " << cmd.output << ": " << report.levels.size() << " levels, " << text.size() << " bytes\n";
        return exit_ok;
    }

    // report
    const std::string html = pack::report_html(report);
    if (std::string error = write_file_atomically(cmd.output, html, false); !error.empty()) {
        std::cerr << "tilelab " << verb << ": " << cmd.output << ": error: " << error << "\n";
        return exit_invalid;
    }
    std::cout << "wrote " << cmd.output << ": " << report.levels.size() << " levels, " << report.error_count() << " errors\n";
    return report.ok() ? exit_ok : exit_invalid;
}

}  // namespace tilelab::cli
