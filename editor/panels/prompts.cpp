// Prompts: unsaved changes before closing or quitting, and recovering autosaved work after a crash.
#include <string>

#include "app.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

namespace {
void centre_next() {
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
}
}  // namespace

void draw_prompts(App& app) {
    // Quit with unsaved changes.
    if (app.quit_prompt && !ImGui::IsPopupOpen("Unsaved changes##quit")) ImGui::OpenPopup("Unsaved changes##quit");
    centre_next();
    if (ImGui::BeginPopupModal("Unsaved changes##quit", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("These levels have unsaved changes:");
        for (const auto& doc : app.documents)
            if (doc->dirty()) ImGui::BulletText("%s", doc->title().c_str());
        if (ImGui::Button("Save all and quit")) {
            bool all_saved = true;
            for (const auto& doc : app.documents) {
                if (!doc->dirty()) continue;
                if (doc->path().empty()) {
                    all_saved = false;
                    continue;
                }
                std::filesystem::path autosave = doc->autosave_path(app.config);
                if (doc->save().empty()) {
                    std::error_code ec;
                    std::filesystem::remove(autosave, ec);
                } else {
                    all_saved = false;
                }
            }
            app.quit_prompt = false;
            ImGui::CloseCurrentPopup();
            if (all_saved) app.exit_now = true;
            else app.status("some levels were not saved (never saved ones need Save As)");
        }
        ImGui::SameLine();
        if (ImGui::Button("Quit without saving")) {
            // The autosaves stay: "quit without saving" is a choice about the user's files, and
            // keeping the autosave costs nothing if they change their mind.
            app.exit_now = true;
            app.quit_prompt = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            app.quit_prompt = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    // Close one tab with unsaved changes.
    if (app.close_prompt_document && !ImGui::IsPopupOpen("Unsaved changes##close")) ImGui::OpenPopup("Unsaved changes##close");
    centre_next();
    if (ImGui::BeginPopupModal("Unsaved changes##close", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        Document* doc = app.find(app.close_prompt_document);
        if (!doc) {
            app.close_prompt_document = 0;
            ImGui::CloseCurrentPopup();
        } else {
            ImGui::Text("%s has unsaved changes.", doc->title().c_str());
            if (ImGui::Button("Save and close")) {
                app.active_id = doc->id();
                app.save_active();
                if (!doc->dirty()) app.close_now(doc->id());
                app.close_prompt_document = 0;
                ImGui::CloseCurrentPopup();
            }
            ImGui::SameLine();
            if (ImGui::Button("Close without saving")) {
                app.close_now(doc->id());
                app.close_prompt_document = 0;
                ImGui::CloseCurrentPopup();
            }
            ImGui::SameLine();
            if (ImGui::Button("Cancel")) {
                app.close_prompt_document = 0;
                ImGui::CloseCurrentPopup();
            }
        }
        ImGui::EndPopup();
    }

    // Recover autosaved work: one offer at a time.
    if (app.recovery.empty() || app.quit_prompt || app.close_prompt_document) return;
    if (!ImGui::IsPopupOpen("Recover unsaved work")) {
        ImGui::OpenPopup("Recover unsaved work");
        app.trace("prompt: recover " + app.recovery.front().autosave.string());
    }
    centre_next();
    if (ImGui::BeginPopupModal("Recover unsaved work", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        RecoveryOffer offer = app.recovery.front();
        ImGui::TextUnformatted("The editor stopped with unsaved work:");
        ImGui::BulletText("%s", offer.autosave.string().c_str());
        if (!offer.file.empty()) ImGui::TextUnformatted("It stays unsaved until you save it (Ctrl+S).");
        bool done = false;
        ImGui::SetItemDefaultFocus();
        if (ImGui::Button("Recover") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
            LevelLoad load = load_level(offer.autosave);
            if (load.level) {
                Document* target = nullptr;
                for (auto& doc : app.documents)
                    if (!offer.file.empty() && doc->path() == offer.file) target = doc.get();
                if (target) {
                    // Recovered as an edit of the file's level: unsaved, and undo goes back to the file.
                    Level recovered = *load.level;
                    target->change("Recover autosave", [&](Level& l) { l = recovered; });
                    target->autosaved_revision = target->revision();
                    app.active_id = app.select_tab_id = target->id();
                } else {
                    auto doc = std::make_unique<Document>(Level{}, std::filesystem::path{});
                    Level recovered = *load.level;
                    doc->change("Recover autosave", [&](Level& l) { l = recovered; });
                    app.add_document(std::move(doc));
                    std::error_code ec;
                    std::filesystem::remove(offer.autosave, ec);  // it lives on as the new document's autosave
                }
                app.trace("recovered " + offer.autosave.string());
            } else {
                app.status("cannot recover " + offer.autosave.string());
            }
            done = true;
        }
        ImGui::SameLine();
        if (ImGui::Button("Discard")) {
            std::error_code ec;
            std::filesystem::remove(offer.autosave, ec);
            app.trace("discarded " + offer.autosave.string());
            done = true;
        }
        if (done) {
            app.recovery.erase(app.recovery.begin());
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

}  // namespace tilelab::editor::panels
