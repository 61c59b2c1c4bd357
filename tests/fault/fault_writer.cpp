// The editor model's writers as a small program, so the fault-injection sweep (sweep.sh) can run them
// under the shim without a window: the same Document::save, autosave_document, save_settings and
// find_autosaves the editor calls.
//   fault_writer save FILE               paint one cell, save with backup
//   fault_writer autosave FILE CONFIG    paint one cell, autosave
//   fault_writer settings CONFIG FILE    add FILE to the recent files, write the settings
//   fault_writer recover CONFIG FILE     what the next start offers: "offer FILE AUTOSAVE ok|broken" lines
//   fault_writer load FILE               exit 0 when FILE loads as a level
//   fault_writer rounds FILE N           N times in this process: load, paint, save with backup, load
//                                        again (one process's many writes, pid_namespaces.sh)
//   fault_writer pack FILE               the Pack panel's save: reverse the level order, save with backup
//   fault_writer export PACK OUT         the Pack panel's export: check PACK (20 runs a level), write
//                                        the bundle to OUT with backup
// Exit status 0 done, 1 the write failed (message on stderr), 2 wrong usage.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "document.hpp"
#include "recovery.hpp"
#include "settings.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/pack/pack.hpp"

using namespace tilelab;
using namespace tilelab::editor;

namespace {

std::optional<Level> load(const std::string& path) {
    LevelLoad load = load_level(path);
    if (!load.level) {
        for (const Diagnostic& d : load.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
        return std::nullopt;
    }
    return load.level;
}

// The same edit every run, so a sweep knows the new content: cell (0, 0) takes the next colour.
void edit(Document& doc) {
    doc.change("Brush", [](Level& l) {
        const std::int32_t old = l.board.at(0, 0);
        l.board.at(0, 0) = old >= 0 && old + 1 < l.rules.as<match3::Rules>().colors ? old + 1 : 0;
    });
}

}  // namespace

int main(int argc, char** argv) {
    const std::string verb = argc > 1 ? argv[1] : "";
    if ((verb == "save" || verb == "load") && argc == 3) {
        std::optional<Level> level = load(argv[2]);
        if (!level) return 1;
        if (verb == "load") return 0;
        Document doc(*level, argv[2]);
        edit(doc);
        std::string error = doc.save();
        if (!error.empty()) std::fprintf(stderr, "fault_writer save: %s\n", error.c_str());
        return error.empty() ? 0 : 1;
    }
    if (verb == "rounds" && argc == 4) {
        const long rounds = std::strtol(argv[3], nullptr, 10);
        for (long i = 0; i < rounds; ++i) {
            std::optional<Level> level = load(argv[2]);
            if (!level) {
                std::fprintf(stderr, "round %ld: the level does not load\n", i);
                return 1;
            }
            Document doc(*level, argv[2]);
            edit(doc);
            if (std::string error = doc.save(); !error.empty()) {
                std::fprintf(stderr, "round %ld: the write failed: %s\n", i, error.c_str());
                return 1;
            }
        }
        if (!load(argv[2])) {
            std::fprintf(stderr, "after %ld rounds: the level does not load\n", rounds);
            return 1;
        }
        return 0;
    }
    if (verb == "autosave" && argc == 4) {
        std::optional<Level> level = load(argv[2]);
        if (!level) return 1;
        Document doc(*level, argv[2]);
        edit(doc);
        bool wrote = false;
        std::string error = autosave_document(doc, argv[3], wrote);
        if (!error.empty()) std::fprintf(stderr, "fault_writer autosave: %s\n", error.c_str());
        return error.empty() && wrote ? 0 : 1;
    }
    if (verb == "settings" && argc == 4) {
        Settings settings = load_settings(argv[2]);
        settings.add_recent(argv[3]);
        settings.last_session = {argv[3]};
        std::string error = save_settings(argv[2], settings);
        if (!error.empty()) std::fprintf(stderr, "fault_writer settings: %s\n", error.c_str());
        return error.empty() ? 0 : 1;
    }
    if (verb == "pack" && argc == 3) {
        PackLoad loaded = load_pack(argv[2]);
        if (!loaded.pack) {
            for (const Diagnostic& d : loaded.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
            return 1;
        }
        Pack pack = *loaded.pack;
        std::reverse(pack.levels.begin(), pack.levels.end());
        // What editor/panels/pack.cpp save_pack writes, through the same call.
        std::string error = write_file_atomically(argv[2], write_pack(pack), true);
        if (!error.empty()) std::fprintf(stderr, "fault_writer pack: %s\n", error.c_str());
        return error.empty() ? 0 : 1;
    }
    if (verb == "export" && argc == 4) {
        pack::CheckOptions options;
        options.runs = 20;
        options.budget_ms = 500;
        const pack::PackReport report = pack::check_pack(pack::load_pack_levels(argv[2]), options);
        if (!report.ok()) {
            std::fprintf(stderr, "fault_writer export: %s does not pass its check\n", argv[2]);
            return 1;
        }
        // What editor/panels/pack.cpp finish_export writes, through the same call.
        const std::string text = pack::bundle_text(pack::make_bundle(report), false);
        std::string error = write_file_atomically(argv[3], text, true);
        if (!error.empty()) std::fprintf(stderr, "fault_writer export: %s\n", error.c_str());
        return error.empty() ? 0 : 1;
    }
    if (verb == "recover" && argc == 4) {
        for (const RecoveryOffer& offer : find_autosaves(argv[2], {argv[3]}))
            std::printf("offer %s %s %s\n", offer.file.string().c_str(), offer.autosave.string().c_str(),
                        load_level(offer.autosave).level ? "ok" : "broken");
        return 0;
    }
    std::fprintf(
        stderr,
        "usage: fault_writer save FILE | autosave FILE CONFIG | settings CONFIG FILE | recover CONFIG FILE | load FILE | pack FILE | export PACK OUT\n");
    return 2;
}
