// `tilelab generate`: a new valid level of a kind, from the core's generators.
#include <iostream>
#include <random>

#include "cli/verbs.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::cli {

const char* const generate_usage =
    "usage: tilelab generate --kind K --width W --height H [--colors C] [--seed S] [-o FILE]\n"
    "                        [--copies 2|4] [--pair equal|sum:N] [--blockers N] [--scramble K]\n"
    "                        [--crates N] [--ingredients N] [--locks N]\n"
    "\n"
    "Writes a new valid level (on stdout, or to FILE safely):\n"
    "  match3  no runs and at least one legal move (--colors: colours, default 5; --blockers;\n"
    "          --crates, --ingredients (on the top row), --locks: format 2 items and goals)\n"
    "  link    solvable by construction (--colors: distinct values, --copies, --pair, --blockers)\n"
    "  lines   closed shapes scrambled by --scramble random shifts (default 6); the goal's move\n"
    "          limit is the solver's optimal distance\n"
    "  slide   a start position\n"
    "--seed S: the generator's seed, also the level's seed (default: a random one).\n"
    "The same options and seed give the same file, id included.\n"
    "Exit status: 0 written, 1 no level could be made with these options, 2 wrong usage.\n";

int run_generate(const Args& args) {
    GenerateOptions options;
    std::optional<Kind> kind;
    std::optional<int> width, height;
    std::optional<std::uint64_t> seed;
    std::optional<std::string> output;
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
        } else if (flags.is("--crates") || flags.is("--ingredients") || flags.is("--locks")) {
            int& target = flags.is("--crates") ? options.crates : flags.is("--ingredients") ? options.ingredients : options.locks;
            auto n = flags.integer(0, max_board_side * max_board_side);
            if (!n) return usage_error("generate", flags.error);
            target = static_cast<int>(*n);
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
    options.seed = seed ? *seed : (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();

    GenerateResult result = kind_ops(*kind).generate(options);
    if (!result.level) {
        std::cerr << "tilelab generate: error: " << result.error << "\n";
        return exit_invalid;
    }
    Level& level = *result.level;
    // The id is drawn from the options, so the same command writes the same file.
    std::uint64_t entropy = options.seed ^ (static_cast<std::uint64_t>(*width) << 48) ^
                            (static_cast<std::uint64_t>(*height) << 40) ^ (static_cast<std::uint64_t>(*kind) << 56);
    level.id = make_level_uuid(entropy);
    if (level.name.empty())
        level.name = std::string(kind_name(*kind)) + " " + std::to_string(*width) + "x" + std::to_string(*height) +
                     " seed " + std::to_string(options.seed);
    const std::string text = write_level(level);
    if (output) {
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
