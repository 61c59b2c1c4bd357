// Settings file: a small JSON object; unknown or malformed content falls back to defaults.
#include "settings.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tilelab/io/level_io.hpp"

namespace tilelab::editor {

void Settings::add_recent(const std::string& path) {
    recent_files.erase(std::remove(recent_files.begin(), recent_files.end(), path), recent_files.end());
    recent_files.insert(recent_files.begin(), path);
    if (recent_files.size() > 12) recent_files.resize(12);
}

std::filesystem::path config_dir() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "tilelab";
    if (const char* home = std::getenv("HOME"); home && *home) return std::filesystem::path(home) / ".config" / "tilelab";
    return std::filesystem::temp_directory_path() / "tilelab";
}

namespace {
template <class T>
void read_value(const nlohmann::json& object, const char* key, T& out) {
    auto it = object.find(key);
    if (it == object.end()) return;
    try {
        out = it->get<T>();
    } catch (const nlohmann::json::exception&) {
        // a hand-edited settings file with a wrong type keeps the default for that key
    }
}
}  // namespace

Settings load_settings(const std::filesystem::path& dir) {
    Settings settings;
    std::error_code ec;
    const bool exists = std::filesystem::exists(dir / "settings.json", ec);
    std::ifstream in(dir / "settings.json");
    if (!in) {
        settings.unreadable = exists;
        return settings;
    }
    std::stringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        settings.unreadable = true;
        return settings;
    }
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::exception& e) {
        settings.unreadable = true;
        settings.problem = (dir / "settings.json").string() + " does not parse (" + e.what() +
                           "): defaults used, the file kept as it is";
        return settings;
    }
    if (!json.is_object()) {
        settings.unreadable = true;
        settings.problem = (dir / "settings.json").string() + " is not a JSON object: defaults used, the file kept as it is";
        return settings;
    }
    read_value(json, "recent_files", settings.recent_files);
    read_value(json, "last_session", settings.last_session);
    read_value(json, "live_budget_ms", settings.live_budget_ms);
    read_value(json, "quick_runs", settings.quick_runs);
    read_value(json, "live_playout_budget_ms", settings.live_playout_budget_ms);
    read_value(json, "deep_runs", settings.deep_runs);
    read_value(json, "deep_precision", settings.deep_precision);
    read_value(json, "deep_budget_ms", settings.deep_budget_ms);
    read_value(json, "autosave_seconds", settings.autosave_seconds);
    read_value(json, "aim_target", settings.aim_target);
    read_value(json, "aim_tolerance", settings.aim_tolerance);
    read_value(json, "calibration_file", settings.calibration_file);
    read_value(json, "left_panel_width", settings.left_panel_width);
    read_value(json, "right_panel_width", settings.right_panel_width);
    read_value(json, "single_key_shortcuts", settings.single_key_shortcuts);
    read_value(json, "stamps", settings.stamps);
    if (settings.stamps.size() > 64) settings.stamps.resize(64);
    if (auto it = json.find("overlays"); it != json.end() && it->is_object()) {
        OverlayToggles& o = settings.overlays;
        read_value(*it, "grid", o.grid);
        read_value(*it, "match_groups", o.match_groups);
        read_value(*it, "hint_swaps", o.hint_swaps);
        read_value(*it, "link_paths", o.link_paths);
        read_value(*it, "link_hovered_only", o.link_hovered_only);
        read_value(*it, "line_groups", o.line_groups);
        read_value(*it, "slide_legal", o.slide_legal);
        read_value(*it, "solution", o.solution);
    }
    settings.live_budget_ms = std::clamp(settings.live_budget_ms, 10, 5000);
    settings.quick_runs = std::clamp(settings.quick_runs, 10, 5000);
    settings.live_playout_budget_ms = std::clamp(settings.live_playout_budget_ms, 100, 60000);
    settings.deep_runs = std::clamp(settings.deep_runs, 100, 1000000);
    if (!(settings.deep_precision >= 0.0 && settings.deep_precision <= 0.5)) settings.deep_precision = 0.03;  // NaN too
    settings.autosave_seconds = std::clamp(settings.autosave_seconds, 1, 600);
    if (!(settings.aim_target >= 0.0f && settings.aim_target <= 1.0f)) settings.aim_target = 0.4f;  // NaN too
    if (!(settings.aim_tolerance > 0.0f && settings.aim_tolerance <= 0.5f)) settings.aim_tolerance = 0.05f;
    // A file written by an older editor may hold a width a small window forced on it.
    settings.left_panel_width = std::clamp(settings.left_panel_width, Settings::min_left_panel_width, 1200.0f);
    settings.right_panel_width = std::clamp(settings.right_panel_width, Settings::min_right_panel_width, 1200.0f);
    return settings;
}

std::string save_settings(const std::filesystem::path& dir, const Settings& settings) {
    if (settings.unreadable)
        return settings.problem.empty()
                   ? (dir / "settings.json").string() + " could not be read at start: not overwritten with defaults"
                   : settings.problem;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return "cannot create " + dir.string() + ": " + ec.message();
    const OverlayToggles& o = settings.overlays;
    nlohmann::ordered_json json{
        {"recent_files", settings.recent_files},
        {"last_session", settings.last_session},
        {"live_budget_ms", settings.live_budget_ms},
        {"quick_runs", settings.quick_runs},
        {"live_playout_budget_ms", settings.live_playout_budget_ms},
        {"deep_runs", settings.deep_runs},
        {"deep_precision", settings.deep_precision},
        {"deep_budget_ms", settings.deep_budget_ms},
        {"autosave_seconds", settings.autosave_seconds},
        {"aim_target", settings.aim_target},
        {"aim_tolerance", settings.aim_tolerance},
        {"calibration_file", settings.calibration_file},
        {"left_panel_width", settings.left_panel_width},
        {"right_panel_width", settings.right_panel_width},
        {"single_key_shortcuts", settings.single_key_shortcuts},
        {"stamps", settings.stamps},
        {"overlays",
         {{"grid", o.grid},
          {"match_groups", o.match_groups},
          {"hint_swaps", o.hint_swaps},
          {"link_paths", o.link_paths},
          {"link_hovered_only", o.link_hovered_only},
          {"line_groups", o.line_groups},
          {"slide_legal", o.slide_legal},
          {"solution", o.solution}}},
    };
    return write_file_atomically(dir / "settings.json", json.dump(2) + "\n", false);
}

}  // namespace tilelab::editor
