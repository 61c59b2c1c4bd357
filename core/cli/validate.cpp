// `tilelab validate PATH...`: levels, packs (and every level they name) and bundles.
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/verbs.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

namespace tilelab::cli {

const char* const validate_usage =
    "usage: tilelab validate PATH... [--quiet] [--json]\n"
    "\n"
    "Checks level files, pack files (and every level a pack names) and bundles.\n"
    "Prints every problem, one a line on stderr, as FILE:LINE:COL or FILE: /json/pointer.\n"
    "A valid level can still have warnings (jelly no run can reach, a tile that can never link,\n"
    "an odd count of a link value, ? cells the generator cannot fill, runs on the board): the\n"
    "problems analyze, estimate, tune and pack check give for it, printed the same way (with\n"
    "\"(cell [x, y])\" when one names a cell); they do not change the exit status.\n"
    "--quiet: print nothing on success.\n"
    "--json: one JSON object on stdout, {\"ok\", \"files\": [{\"file\", \"format\", \"valid\",\n"
    "\"problems\"}]}, each problem {\"severity\", \"message\", \"cell\" (if any), \"rule\", \"file\",\n"
    "\"pointer\" or \"line\" and \"column\", \"text\"} (docs/cli.md); stderr as without it.\n"
    "Exit status: 0 all valid, 1 a file is invalid, 2 wrong usage.\n";

namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// The problems of a valid level (analysis/problems.hpp), as every verb gives them, naming the
// board row and the cell; `prefix`: the level's place in a bundle.
void add_level_problems(const std::string& path, const Level& level, Diagnostics& out, const std::string& prefix = "") {
    for (const Warning& w : problem_list(level)) out.push_back(problem_diagnostic(path, w, prefix));
}

Diagnostic error_at(const std::string& path, std::string pointer, std::string message, std::string rule) {
    Diagnostic d;
    d.file = path;
    d.pointer = std::move(pointer);
    d.message = std::move(message);
    d.rule = std::move(rule);
    return d;
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
            out.push_back(error_at(path, "/levels/" + std::to_string(i),
                                   "no such level file '" + rel + "' (paths are relative to the pack file)",
                                   "pack.missing-level"));
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
            out.push_back(error_at(path, "/levels/" + std::to_string(i),
                                   "'" + rel + "' has id '" + level.level->id + "', the same as '" + it->second + "'",
                                   "pack.duplicate-id"));
            ok = false;
        }
    }
    summary = "pack '" + load.pack->name + "', " + std::to_string(load.pack->levels.size()) + " levels";
    return ok;
}

bool validate_bundle(const std::string& path, const std::string& text, Diagnostics& out, std::string& summary) {
    auto parsed = parse_json_document(text, path, out, limits::max_bundle_bytes);
    if (!parsed) return false;
    const ojson& value = *parsed;
    auto fail = [&](const std::string& pointer, const std::string& message) {
        out.push_back(error_at(path, pointer, message, "format.invalid"));
        return false;
    };
    if (!value.is_object()) return fail("", "a bundle is a JSON object");
    auto levels = value.find("levels");
    if (levels == value.end() || !levels->is_array()) return fail("/levels", "a bundle needs an array of levels");
    if (levels->size() > static_cast<std::size_t>(limits::max_pack_levels))
        return fail("/levels", "the bundle holds " + std::to_string(levels->size()) + " levels, over the limit of " +
                                   std::to_string(limits::max_pack_levels));
    bool ok = true;
    for (std::size_t i = 0; i < levels->size(); ++i) {
        const std::string prefix = "/levels/" + std::to_string(i);
        LevelLoad level = level_from_json((*levels)[i], path, prefix);
        out.insert(out.end(), level.diagnostics.begin(), level.diagnostics.end());
        ok = ok && level.level.has_value();
        if (level.level) add_level_problems(path, *level.level, out, prefix);
    }
    summary = "bundle, " + std::to_string(levels->size()) + " levels";
    return ok;
}

}  // namespace

int run_validate(const Args& args) {
    std::vector<std::string> paths;
    bool quiet = false;
    bool json = false;
    for (const auto& a : args) {
        if (a == "--quiet" || a == "-q") quiet = true;
        else if (a == "--json") json = true;
        else if (a.rfind("--", 0) == 0) return usage_error("validate", "unknown option '" + a + "'");
        else paths.push_back(a);
    }
    if (paths.empty()) return usage_error("validate", "name at least one level, pack or bundle file");
    bool all_ok = true;
    auto files = ojson::array();
    for (const auto& path : paths) {
        Diagnostics diagnostics;
        // Read up to a bundle's limit, then hold every other format to its own.
        auto text = read_text_file(path, diagnostics, limits::max_bundle_bytes);
        bool ok = false;
        std::string summary;
        std::string format;
        if (text) format = sniff_format(*text);
        if (text && text->size() > max_bytes_of_format(format)) {
            diagnostics.push_back(
                error_at(path, "", over_limit_message(text->size(), max_bytes_of_format(format)), "format.invalid"));
        } else if (text) {
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
        all_ok = all_ok && ok;
        print_diagnostics(diagnostics);
        if (json) {
            ojson file;
            file["file"] = path;
            file["format"] = format.empty() ? ojson() : ojson(format);
            file["valid"] = ok;
            auto problems = ojson::array();
            for (const Diagnostic& d : diagnostics) problems.push_back(diagnostic_json(d));
            file["problems"] = std::move(problems);
            files.push_back(std::move(file));
            continue;
        }
        if (ok && !quiet) std::cout << path << ": ok (" << summary << ")\n";
    }
    if (json) {
        ojson out;
        out["ok"] = all_ok;
        out["files"] = std::move(files);
        print_json(out);
    }
    return all_ok ? exit_ok : exit_invalid;
}

}  // namespace tilelab::cli
