// The in-app file browser: open a level or pack, save as, add a level to the pack, export a bundle;
// with the recent files beside it.
#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

void open_browser(App& app, bool save_mode) {
    if (app.modal_blocks(save_mode ? "Save as" : "Open")) return;
    FileBrowser& b = app.browser;
    b.open = true;
    b.save_mode = save_mode;
    b.purpose = BrowseFor::level;
    b.error.clear();
    b.replace_armed.clear();
    // As in a native dialog: type a name and press Enter.
    b.focus_name = true;
    b.focus_wait = 0;
    Document* doc = app.active();
    std::error_code ec;
    if (doc && !doc->path().empty()) {
        b.folder = doc->path().parent_path();
        b.name = save_mode ? doc->path().filename().string() : "";
    } else {
        b.folder = app.settings.recent_files.empty() ? std::filesystem::current_path(ec)
                                                     : std::filesystem::path(app.settings.recent_files.front()).parent_path();
        b.name = save_mode && doc ? file_name_for(doc->level().name) : "";
    }
}

void draw_file_browser(App& app) {
    FileBrowser& b = app.browser;
    const char* title = b.purpose == BrowseFor::bundle       ? "Export bundle"
                        : b.purpose == BrowseFor::report     ? "Write the pack's report"
                        : b.purpose == BrowseFor::pack_level ? "Add a level file to the pack"
                        : b.purpose == BrowseFor::new_pack   ? "New pack"
                        : b.save_mode                        ? "Save level as"
                                                             : "Open level or pack";
    ImGui::SetNextWindowSize(ImVec2(720, 480), ImGuiCond_Appearing);
    if (!begin_modal(title, 0)) return;
    // Enter confirms from anywhere but the folder field (where it goes to the typed folder); Esc cancels.
    const bool escape = modal_escape();
    bool enter_key = modal_enter();

    std::string folder_text = b.folder.string();
    ImGui::SetNextItemWidth(-60);
    if (ImGui::InputText("##folder", &folder_text, ImGuiInputTextFlags_EnterReturnsTrue)) {
        b.folder = folder_text;
        enter_key = false;
    }
    if (ImGui::IsItemActive()) enter_key = false;
    ImGui::SameLine();
    if (ImGui::Button("Up")) b.folder = b.folder.parent_path();

    std::filesystem::path chosen;
    ImGui::BeginChild("entries", ImVec2(ImGui::GetContentRegionAvail().x * 0.6f, -ImGui::GetFrameHeightWithSpacing() * 2), true);
    std::vector<std::filesystem::directory_entry> entries;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(b.folder, ec)) {
        std::string name = e.path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (e.is_directory(ec) || e.path().extension() == ".json") entries.push_back(e);
    }
    if (ec) ImGui::TextDisabled("cannot list: %s", ec.message().c_str());
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& c) {
        std::error_code e1, e2;
        bool da = a.is_directory(e1), dc = c.is_directory(e2);
        if (da != dc) return da;
        return a.path().filename() < c.path().filename();
    });
    for (const auto& e : entries) {
        std::error_code e1;
        bool dir = e.is_directory(e1);
        std::string label = (dir ? "[dir] " : "") + e.path().filename().string();
        if (ImGui::Selectable(label.c_str(), !dir && b.name == e.path().filename().string(),
                              ImGuiSelectableFlags_AllowDoubleClick)) {
            if (dir) b.folder = e.path();
            else {
                b.name = e.path().filename().string();
                if (ImGui::IsMouseDoubleClicked(0)) chosen = e.path();
            }
        }
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("recent", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2), true);
    ImGui::TextDisabled("recent files");
    for (const std::string& path : app.settings.recent_files)
        if (ImGui::Selectable(path.c_str())) {
            b.folder = std::filesystem::path(path).parent_path();
            b.name = std::filesystem::path(path).filename().string();
        }
    ImGui::EndChild();

    ImGui::SetNextItemWidth(-200);
    // The dialogs start in the name field: type a name (or keep the default) and press Enter.
    // Asked again every few frames until it holds: a request made while the opening click is still
    // being taken can be dropped by ImGui, and one made again while it lands takes the focus away.
    // Not while Enter is still down from the dialog before: its repeats would confirm (or empty) this one.
    const bool enter_down = ImGui::IsKeyDown(ImGui::GetKeyIndex(ImGuiKey_Enter));
    if (b.focus_name && !enter_down && --b.focus_wait <= 0) {
        ImGui::SetKeyboardFocusHere();
        b.focus_wait = 4;
    }
    bool enter = ImGui::InputText("file name", &b.name, ImGuiInputTextFlags_EnterReturnsTrue);
    enter = enter || enter_key;
    if (b.focus_name && ImGui::IsItemActive()) {
        b.focus_name = false;
        app.trace("browser: typing in the name field");
    }
    if (!b.error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", b.error.c_str());
    const char* action = b.purpose == BrowseFor::bundle       ? "Export"
                         : b.purpose == BrowseFor::report     ? "Write"
                         : b.purpose == BrowseFor::pack_level ? "Add"
                         : b.purpose == BrowseFor::new_pack   ? "Create"
                         : b.save_mode                        ? "Save"
                                                              : "Open";
    bool act = ImGui::Button(action);
    trace_last_item(app, "browser-action");
    if (act || enter) {
        if (!b.name.empty()) chosen = b.folder / b.name;
    }
    ImGui::SameLine();
    bool cancel = ImGui::Button("Cancel") || escape;
    if (!chosen.empty()) {
        bool done = true;  // the dialog closes, unless a replace is still to be confirmed
        if (b.purpose == BrowseFor::bundle) {
            export_bundle_to(app, chosen);
        } else if (b.purpose == BrowseFor::report) {
            write_report_to(app, chosen);
        } else if (b.purpose == BrowseFor::pack_level) {
            add_level_file(app, chosen);
        } else if (b.purpose == BrowseFor::new_pack) {
            create_pack(app, chosen);
        } else if (b.save_mode) {
            if (chosen.extension() != ".json") chosen += ".json";
            // Another file there (not this level's own): say what it is and ask for a second Save,
            // as Tiled asks before replacing a map.
            std::error_code ec;
            const Document* doc = app.active();
            const bool own = doc && !doc->path().empty() && std::filesystem::equivalent(doc->path(), chosen, ec);
            if (std::filesystem::exists(chosen, ec) && !own && b.replace_armed != chosen) {
                LevelLoad there = load_level(chosen);
                const std::string what = there.level
                                             ? "the level \"" +
                                                   (there.level->name.empty() ? there.level->id : there.level->name) + "\""
                                             : std::string("a file that is not a level");
                b.error = chosen.filename().string() + " exists: " + what + ". Save again to replace it (its text is kept as " +
                          chosen.filename().string() + ".bak)";
                b.replace_armed = chosen;
                app.trace("browser: replace " + chosen.string() + "?");
                done = false;
            } else {
                b.replace_armed.clear();
                app.save_active_as(chosen);
            }
        } else {
            app.open_path(chosen);
        }
        cancel = cancel || done;
    }
    if (cancel) {
        app.trace("browser: closed");
        b.open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace tilelab::editor::panels
