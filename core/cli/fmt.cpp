// `tilelab fmt PATH... [--check] [--upgrade]`: rewrites levels and packs canonically, each level at
// its own format version unless --upgrade asks for the newest (docs/format.md "Versions and migration").
#include <iostream>

#include "cli/verbs.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::cli {

const char* const fmt_usage =
    "usage: tilelab fmt PATH... [--check] [--upgrade]\n"
    "\n"
    "Rewrites level and pack files canonically (keys in the contract's order, two-space\n"
    "indent, one board row a line, a final newline). A level keeps its format version.\n"
    "A file that does not load is reported and left as it is.\n"
    "--check: change nothing; exit 1 when a file is not canonical (for a lint step).\n"
    "--upgrade: write every level at the newest format version (version 1 and 2 files are\n"
    "migrated: they play exactly as before).\n"
    "Exit status: 0 done (or all canonical), 1 a file is invalid or not canonical, 2 wrong usage.\n";

int run_fmt(const Args& args) {
    std::vector<std::string> paths;
    bool check_only = false;
    bool upgrade = false;
    for (const auto& a : args) {
        if (a == "--check") check_only = true;
        else if (a == "--upgrade") upgrade = true;
        else if (a.rfind("--", 0) == 0) return usage_error("fmt", "unknown option '" + a + "'");
        else paths.push_back(a);
    }
    if (paths.empty()) return usage_error("fmt", "name at least one level or pack file");
    int status = exit_ok;
    for (const auto& path : paths) {
        Diagnostics diagnostics;
        auto text = read_text_file(path, diagnostics);
        std::optional<std::string> canonical;
        if (text) {
            if (sniff_format(*text) == "tilelab.pack") {
                PackLoad load = parse_pack(*text, path);
                diagnostics = load.diagnostics;
                if (load.pack) canonical = write_pack(*load.pack);
            } else {
                LevelLoad load = parse_level(*text, path);
                diagnostics = load.diagnostics;
                if (load.level) {
                    if (upgrade) load.level->version = level_format_version;
                    canonical = write_level(*load.level);
                }
            }
        }
        print_diagnostics(diagnostics);
        if (!canonical) {
            status = exit_invalid;
            continue;
        }
        if (*canonical == *text) continue;
        if (check_only) {
            std::cerr << path << ": not canonical (run 'tilelab fmt " << path << "')\n";
            status = exit_invalid;
            continue;
        }
        std::string error = write_file_atomically(path, *canonical, false);
        if (!error.empty()) {
            std::cerr << path << ": error: " << error << "\n";
            status = exit_invalid;
        } else {
            std::cout << "formatted " << path << "\n";
        }
    }
    return status;
}

}  // namespace tilelab::cli
