// Autosaves and crash recovery in the editor model: names that never collide or hide, every
// autosave found at start-up (also of files not reopened), discarding, the settings file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <sys/stat.h>

#include "document.hpp"
#include "recovery.hpp"
#include "settings.hpp"
#include "tilelab/io/level_io.hpp"

using namespace tilelab;
using namespace tilelab::editor;
namespace fs = std::filesystem;

namespace {

struct Folder {
    fs::path path;
    Folder() {
        path = fs::temp_directory_path() / ("tilelab-recovery-" + std::to_string(std::random_device{}()));
        fs::create_directories(path);
    }
    ~Folder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

Level small_level(const std::string& id) {
    Level level = make_blank_level(Kind::match3, 3, 3);
    level.rules.as<match3::Rules>().colors = 4;
    level.id = id;
    return level;
}

void paint(Document& doc, int value) {
    doc.change("Brush", [value](Level& l) { l.board.at(1, 1) = value; });
}

}  // namespace

TEST_CASE("a never-saved level's autosave is named uniquely and safely, never after its id") {
    Folder config;
    Document a(small_level("levels/a"), {}), b(small_level("levels/a"), {});
    CHECK(a.autosave_path(config.path) != b.autosave_path(config.path));            // one id, two autosaves
    CHECK(a.autosave_path(config.path).parent_path() == config.path / "autosave");  // '/' in the id hides nothing
    CHECK(a.autosave_path(config.path).filename().string().find("levels") == std::string::npos);
    // Renaming the level does not move its autosave (no orphan left behind).
    const fs::path before = a.autosave_path(config.path);
    a.change("Name", [](Level& l) { l.name = "Something else"; });
    CHECK(a.autosave_path(config.path) == before);

    paint(a, 1);
    paint(b, 2);
    bool wrote = false;
    REQUIRE(autosave_document(a, config.path, wrote).empty());
    CHECK(wrote);
    REQUIRE(autosave_document(b, config.path, wrote).empty());
    std::vector<RecoveryOffer> offers = find_autosaves(config.path, {});
    REQUIRE(offers.size() == 2);
    for (const RecoveryOffer& o : offers) CHECK(o.file.empty());
}

TEST_CASE("start-up finds every autosave: never-saved levels, files not reopened, files in the recent list") {
    Folder dir;
    const fs::path config = dir.path / "config";
    const fs::path file = dir.path / "deep" / "level.json";
    fs::create_directories(file.parent_path());
    {
        std::ofstream out(file);
        out << write_level(small_level("x"));
    }
    Document doc(load_level(file).level.value(), file);
    paint(doc, 3);
    bool wrote = false;
    REQUIRE(autosave_document(doc, config, wrote).empty());
    REQUIRE(wrote);
    CHECK(fs::exists(file.string() + ".autosave"));
    // Nothing points at the file (not reopened, not in the recent files): the note finds it.
    std::vector<RecoveryOffer> offers = find_autosaves(config, {});
    REQUIRE(offers.size() == 1);
    CHECK(offers[0].file == file);
    CHECK(offers[0].autosave == fs::path(file.string() + ".autosave"));
    CHECK(load_level(offers[0].autosave).level.value().board.at(1, 1) == 3);
    // Listed also as a recent file: still one offer.
    CHECK(find_autosaves(config, {file.string()}).size() == 1);
    // Saving (or discarding) removes the autosave and its note.
    REQUIRE(autosave_document(doc, config, wrote).empty());  // unchanged revision: nothing new
    CHECK_FALSE(wrote);
    discard_autosave(doc, config);
    CHECK_FALSE(fs::exists(file.string() + ".autosave"));
    CHECK(find_autosaves(config, {file.string()}).empty());
    CHECK(fs::is_empty(config / "autosave"));

    // An autosave beside a recent file, without a note (an older editor's): found too.
    paint(doc, 2);
    REQUIRE(autosave_document(doc, config, wrote).empty());
    fs::remove_all(config / "autosave");
    CHECK(find_autosaves(config, {}).empty());
    CHECK(find_autosaves(config, {file.string()}).size() == 1);
}

TEST_CASE("a clean document's autosave is removed at the next tick") {
    Folder config;
    Document doc(small_level("y"), {});
    paint(doc, 1);
    bool wrote = false;
    REQUIRE(autosave_document(doc, config.path, wrote).empty());
    REQUIRE(fs::exists(doc.autosave_path(config.path)));
    doc.undo();
    REQUIRE(autosave_document(doc, config.path, wrote).empty());
    CHECK_FALSE(fs::exists(doc.autosave_path(config.path)));
}

TEST_CASE("a settings file that does not parse is kept, and the message names it and the fault") {
    for (const std::string& broken : {std::string(R"({"recent_files": ["/a.json", "/b.json"],})"
                                                  "\n"),
                                      std::string(R"({"recent_files": ["/a.json"], "aim_target": 1e400})"
                                                  "\n")}) {
        Folder config;
        {
            std::ofstream out(config.path / "settings.json");
            out << broken;
        }
        Settings loaded = load_settings(config.path);
        INFO(broken << " -> " << loaded.problem);
        CHECK(loaded.unreadable);
        CHECK(loaded.problem.find((config.path / "settings.json").string()) != std::string::npos);
        CHECK(loaded.problem.find("does not parse") != std::string::npos);
        loaded.add_recent("/c.json");
        const std::string error = save_settings(config.path, loaded);
        CHECK(error == loaded.problem);
        std::ifstream in(config.path / "settings.json");
        std::stringstream kept;
        kept << in.rdbuf();
        CHECK(kept.str() == broken);
    }
}

TEST_CASE("settings round-trip; an unreadable settings file is never overwritten with defaults") {
    Folder config;
    Settings s;
    s.add_recent("/a.json");
    s.last_session = {"/a.json"};
    s.overlays.grid = false;
    REQUIRE(save_settings(config.path, s).empty());
    Settings back = load_settings(config.path);
    CHECK(back == s);
    if (::geteuid() != 0) {  // root reads anything: the fault sweep covers the read error there
        ::chmod((config.path / "settings.json").c_str(), 0);
        Settings unreadable = load_settings(config.path);
        CHECK(unreadable.unreadable);
        CHECK_FALSE(save_settings(config.path, unreadable).empty());
        ::chmod((config.path / "settings.json").c_str(), 0644);
        CHECK(load_settings(config.path) == s);
    }
}

TEST_CASE("the first Save as offers a file name safe on every system, made from the level's name", "[document]") {
    CHECK(file_name_for("Garden 1: first jelly") == "Garden-1-first-jelly.json");
    CHECK(file_name_for("a/b\\c?d*e\"f<g>h|i") == "a-b-c-d-e-f-g-h-i.json");
    CHECK(file_name_for("  ..hidden  ") == "hidden.json");
    CHECK(file_name_for("level 3.") == "level-3.json");
    CHECK(file_name_for("") == "untitled.json");
    CHECK(file_name_for("::") == "untitled.json");
    CHECK(file_name_for("Café au lait") == "Café-au-lait.json");
    CHECK(file_name_for("con") == "con-level.json");
    CHECK(file_name_for("LPT1.backup") == "LPT1.backup-level.json");
    CHECK(file_name_for("tab\there\nnewline") == "tab-here-newline.json");
    // Long names stop at 80 bytes, between UTF-8 characters.
    const std::string long_name = std::string(79, 'a') + "é" + "bbb";
    const std::string made = file_name_for(long_name);
    CHECK(made == std::string(79, 'a') + ".json");
}
