// `tilelab validate PATH...`: levels, packs (and every level they name) and bundles.
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/verbs.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::cli {

const char* const validate_usage =
    "usage: tilelab validate PATH... [--quiet]\n"
    "\n"
    "Checks level files, pack files (and every level a pack names) and bundles.\n"
    "Prints every problem, one a line on stderr, as FILE:LINE:COL or FILE: /json/pointer.\n"
    "A valid level can still have warnings (jelly no run can reach, a tile that can never link,\n"
    "? cells the generator cannot fill): printed the same way; they do not change the exit status.\n"
    "--quiet: print nothing on success.\n"
    "Exit status: 0 all valid, 1 a file is invalid, 2 wrong usage.\n";

namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// The level problems (analysis/problems.hpp) of a valid level, as warnings naming the board row.
void add_level_problems(const std::string& path, const Level& level, Diagnostics& out) {
    for (const Warning& w : level_problems(level))
        out.push_back({Diagnostic::Severity::warning, path, 0, 0,
                       w.cell ? "/board/" + std::to_string(w.cell->y) : "", w.message});
}

// Checks one pack: the pack file, each level it names, and that ids are not repeated.
bool validate_pack(const std::string& path, const std::string& text, Diagnostics& out, std::string& summary) {
    PackLoad load = parse_pack(text, path);
    out.insert(out.end(), load.diagnostics.begin(), load.diagnostics.end());
    if (!load.pack) return false;
    bool ok = true;
    const fs::path base = fs::path(path).parent_path();
    std::map<std::string, std::string> seen_ids;
    for (std::size_t i = 0; i < load.pack->levels.size(); ++i) {
        const std::string& rel = load.pack->levels[i];
        const fs::path level_path = base / rel;
        std::error_code ec;
        if (!fs::exists(level_path, ec)) {
            out.push_back({Diagnostic::Severity::error, path, 0, 0, "/levels/" + std::to_string(i),
                           "no such level file '" + rel + "' (paths are relative to the pack file)"});
            ok = false;
            continue;
        }
        LevelLoad level = load_level(level_path);
        out.insert(out.end(), level.diagnostics.begin(), level.diagnostics.end());
        if (!level.level) {
            ok = false;
            continue;
        }
        add_level_problems(level_path.string(), *level.level, out);
        auto [it, fresh] = seen_ids.emplace(level.level->id, rel);
        if (!fresh) {
            out.push_back({Diagnostic::Severity::error, path, 0, 0, "/levels/" + std::to_string(i),
                           "'" + rel + "' has id '" + level.level->id + "', the same as '" + it->second + "'"});
            ok = false;
        }
    }
    summary = "pack '" + load.pack->name + "', " + std::to_string(load.pack->levels.size()) + " levels";
    return ok;
}

bool validate_bundle(const std::string& path, const std::string& text, Diagnostics& out, std::string& summary) {
    auto parsed = parse_json_document(text, path, out);
    if (!parsed) return false;
    const ojson& value = *parsed;
    auto fail = [&](const std::string& pointer, const std::string& message) {
        out.push_back({Diagnostic::Severity::error, path, 0, 0, pointer, message});
        return false;
    };
    if (!value.is_object()) return fail("", "a bundle is a JSON object");
    auto levels = value.find("levels");
    if (levels == value.end() || !levels->is_array()) return fail("/levels", "a bundle needs an array of levels");
    bool ok = true;
    for (std::size_t i = 0; i < levels->size(); ++i) {
        LevelLoad level = level_from_json((*levels)[i], path, "/levels/" + std::to_string(i));
        out.insert(out.end(), level.diagnostics.begin(), level.diagnostics.end());
        ok = ok && level.level.has_value();
    }
    summary = "bundle, " + std::to_string(levels->size()) + " levels";
    return ok;
}

}  // namespace

int run_validate(const Args& args) {
    std::vector<std::string> paths;
    bool quiet = false;
    for (const auto& a : args) {
        if (a == "--quiet" || a == "-q") quiet = true;
        else if (a.rfind("--", 0) == 0) return usage_error("validate", "unknown option '" + a + "'");
        else paths.push_back(a);
    }
    if (paths.empty()) return usage_error("validate", "name at least one level, pack or bundle file");
    bool all_ok = true;
    for (const auto& path : paths) {
        Diagnostics diagnostics;
        auto text = read_text_file(path, diagnostics);
        bool ok = false;
        std::string summary;
        if (text) {
            const std::string format = sniff_format(*text);
            if (format == "tilelab.pack") {
                ok = validate_pack(path, *text, diagnostics, summary);
            } else if (format == "tilelab.bundle") {
                ok = validate_bundle(path, *text, diagnostics, summary);
            } else {
                LevelLoad load = parse_level(*text, path);
                diagnostics.insert(diagnostics.end(), load.diagnostics.begin(), load.diagnostics.end());
                ok = load.level.has_value();
                if (ok) add_level_problems(path, *load.level, diagnostics);
                if (ok)
                    summary = std::string(kind_name(load.level->kind)) + " " + std::to_string(load.level->width()) + "x" +
                              std::to_string(load.level->height()) + " '" + load.level->id + "'";
            }
        }
        print_diagnostics(diagnostics);
        if (ok && !quiet) std::cout << path << ": ok (" << summary << ")\n";
        all_ok = all_ok && ok;
    }
    return all_ok ? exit_ok : exit_invalid;
}

}  // namespace tilelab::cli
