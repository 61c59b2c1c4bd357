// The `tilelab` command: validates, formats, analyses, plays, generates and estimates levels.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <system_error>
#include <exception>
#include <iostream>
#include <streambuf>

#include <unistd.h>

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

// std::cout's buffer, writing to fd 1 and keeping the errno of the first failed write: a verb whose
// output passes the buffer's size (analyze --json, pack check) meets the error mid-run, and the
// stream only keeps its badbit, so `finish` reads the reason here.
class StdoutBuffer : public std::streambuf {
public:
    StdoutBuffer() { setp(buffer_, buffer_ + sizeof buffer_); }
    int error() const { return error_; }

protected:
    int_type overflow(int_type ch) override {
        if (sync() != 0) return traits_type::eof();
        if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
        *pptr() = traits_type::to_char_type(ch);
        pbump(1);
        return ch;
    }
    int sync() override {
        const char* p = pbase();
        while (p < pptr()) {
            const ssize_t n = ::write(STDOUT_FILENO, p, static_cast<std::size_t>(pptr() - p));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                if (!error_) error_ = n < 0 ? errno : EIO;
                setp(buffer_, buffer_ + sizeof buffer_);
                return -1;
            }
            p += n;
        }
        setp(buffer_, buffer_ + sizeof buffer_);
        return 0;
    }

private:
    char buffer_[1 << 14];
    int error_ = 0;
};

// Never destroyed: std::cout flushes at exit, after the statics of this file are gone.
StdoutBuffer& stdout_buffer = *new StdoutBuffer;

// Every verb's output ends here: a write error on stdout (a full disk, a closed pipe, /dev/full) is
// reported and turns success into exit status 1, so a script never takes a truncated output for a whole one.
int finish(const char* verb, int status) {
    std::cout.flush();
    errno = 0;
    const bool stdio_ok = std::fflush(stdout) == 0 && !std::ferror(stdout);
    const int err = stdout_buffer.error() ? stdout_buffer.error() : errno;
    if (std::cout.good() && stdio_ok) return status;
    std::cerr << "tilelab" << (verb ? std::string(" ") + verb : std::string()) << ": error: cannot write to standard output"
              << (err ? ": " + std::generic_category().message(err) : std::string(" (the output is incomplete)")) << "\n";
    return status == tilelab::cli::exit_ok ? tilelab::cli::exit_invalid : status;
}

int run_main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    std::cout.rdbuf(&stdout_buffer);
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
