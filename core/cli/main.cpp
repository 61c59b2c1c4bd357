// The `tilelab` command: validates, formats, analyses, plays, generates and estimates levels.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>
#include <exception>
#include <iostream>

#include "cli/verbs.hpp"
#include "tilelab/analysis/calibration.hpp"
#include "tilelab/board/level.hpp"

namespace {

const char* const main_usage =
    "usage: tilelab VERB [ARGS...]\n"
    "\n"
    "Levels and packs of tile-matching puzzles (match3, link, lines, slide).\n"
    "\n"
    "verbs:\n"
    "  validate PATH...                   check levels, packs and bundles; print every problem\n"
    "  fmt PATH... [--check]              rewrite files canonically (--check: only report)\n"
    "  analyze LEVEL [--json] [--budget-ms N]\n"
    "                                     groups, hints, links, verdicts of the starting board\n"
    "  apply LEVEL MOVE... [--json]       play moves from the start with the level's seed\n"
    "  generate --kind K --width W --height H [--colors C] [--seed S] [-o FILE]\n"
    "                                     a new valid level\n"
    "  estimate LEVEL [--runs N] [--threads T] [--seed S] [--calibration CAL.json] [--json]\n"
    "                                     bot playouts: pass rate with its 95% interval\n"
    "  tune LEVEL --target P [-o OUT]     set the move limit whose pass rate is nearest P\n"
    "  pack check|export|report PACK ...  whole level packs\n"
    "  calibrate OBSERVED.csv --pack PACK -o CAL.json\n"
    "                                     fit human pass rates (id,attempts,passes) to the bot's\n"
    "\n"
    "options: --help (also after a verb), --version\n"
    "exit status: 0 success, 1 invalid input or failed check, 2 wrong usage\n"
    "docs: docs/cli.md, docs/format.md\n";

struct VerbEntry {
    const char* name;
    int (*run)(const tilelab::cli::Args&);
    const char* const* usage;
};

const VerbEntry verbs[] = {
    {"validate", tilelab::cli::run_validate, &tilelab::cli::validate_usage},
    {"fmt", tilelab::cli::run_fmt, &tilelab::cli::fmt_usage},
    {"analyze", tilelab::cli::run_analyze, &tilelab::cli::analyze_usage},
    {"apply", tilelab::cli::run_apply, &tilelab::cli::apply_usage},
    {"generate", tilelab::cli::run_generate, &tilelab::cli::generate_usage},
    {"estimate", tilelab::cli::run_estimate, &tilelab::cli::estimate_usage},
    {"tune", tilelab::cli::run_tune, &tilelab::cli::tune_usage},
    {"pack", tilelab::cli::run_pack, &tilelab::cli::pack_usage},
    {"calibrate", tilelab::cli::run_calibrate, &tilelab::cli::calibrate_usage},
};

const char* running_verb = nullptr;  // for messages: the verb being run, if any

// Every verb's output ends here: a write error on stdout (a full disk, a closed pipe, /dev/full) is
// reported and turns success into exit status 1, so a script never takes a truncated output for a whole one.
int finish(const char* verb, int status) {
    errno = 0;
    std::cout.flush();
    const int err = errno;
    if (std::cout.good() && std::fflush(stdout) == 0 && !std::ferror(stdout)) return status;
    std::cerr << "tilelab" << (verb ? std::string(" ") + verb : std::string()) << ": error: cannot write to standard output"
              << (err ? ": " + std::generic_category().message(err) : std::string(" (the output is incomplete)"))
              << "\n";
    return status == tilelab::cli::exit_ok ? tilelab::cli::exit_invalid : status;
}

int run_main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    if (argc < 2) {
        std::cerr << main_usage;
        return tilelab::cli::exit_usage;
    }
    const std::string first = argv[1];
    if (first == "--help" || first == "-h" || first == "help") {
        std::cout << main_usage;
        return tilelab::cli::exit_ok;
    }
    if (first == "--version") {
        std::cout << "tilelab " << TILELAB_VERSION << "\n"
                  << "level format: writes version " << tilelab::level_format_version << ", reads versions 1 to "
                  << tilelab::level_format_version << "\n"
                  << "pack format: version 1; bundle format: version 1; calibration file: version "
                  << tilelab::calibration::file_version << "\n";
        return tilelab::cli::exit_ok;
    }
    for (const auto& verb : verbs) {
        if (first != verb.name) continue;
        tilelab::cli::Args args(argv + 2, argv + argc);
        // `pack` has subcommands with their own help, so it sees --help itself.
        if (std::strcmp(verb.name, "pack") != 0 && tilelab::cli::wants_help(args)) {
            std::cout << *verb.usage;
            return tilelab::cli::exit_ok;
        }
        try {
            running_verb = verb.name;
            return verb.run(args);
        } catch (const std::exception& e) {
            std::cerr << "tilelab " << verb.name << ": internal error: " << e.what() << "\n";
            return tilelab::cli::exit_invalid;
        }
    }
    std::cerr << "tilelab: unknown verb '" << first << "'\n\n" << main_usage;
    return tilelab::cli::exit_usage;
}

}  // namespace

int main(int argc, char** argv) {
    const int status = run_main(argc, argv);
    return finish(running_verb, status);
}
