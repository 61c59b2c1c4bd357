// Prompts: unsaved changes before closing or quitting, and recovering autosaved work after a crash.
#include <optional>
#include <string>
#include <vector>

#include "app.hpp"
#include "panels/panels.hpp"
#include "trace_layout.hpp"

namespace tilelab::editor::panels {

// Quit with unsaved changes (Enter: save all and quit; Esc: cancel).
void draw_quit_prompt(App& app) {
    if (begin_modal("Unsaved changes##quit")) {
        ImGui::TextUnformatted("These levels have unsaved changes:");
        for (const auto& doc : app.documents)
            if (doc->dirty()) ImGui::BulletText("%s", doc->title().c_str());
        const bool enter = modal_enter(), escape = modal_escape();
        if (ImGui::Button("Save all and quit") || enter) {
            bool all_saved = true;
            for (const auto& doc : app.documents) {
                if (!doc->dirty()) continue;
                if (doc->path().empty()) {
                    all_saved = false;
                    continue;
                }
                if (doc->save().empty()) {
                    discard_autosave(*doc, app.config);
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
        const bool quit_without_saving = ImGui::Button("Quit without saving");
        trace_last_item(app, "quit-without-saving");
        if (quit_without_saving) {
            // The unsaved work is discarded on purpose: its autosaves go too, so the next start does
            // not offer it back as if the editor had crashed.
            app.discard_unsaved_autosaves();
            app.exit_now = true;
            app.quit_prompt = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || escape) {
            app.quit_prompt = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

// Close one tab with unsaved changes (Enter: save and close; Esc: cancel).
void draw_close_prompt(App& app) {
    if (begin_modal("Unsaved changes##close")) {
        Document* doc = app.find(app.close_prompt_document);
        const bool enter = modal_enter(), escape = modal_escape();
        if (!doc) {
            app.close_prompt_document = 0;
            ImGui::CloseCurrentPopup();
        } else {
            ImGui::Text("%s has unsaved changes.", doc->title().c_str());
            if (ImGui::Button("Save and close") || enter) {
                // The prompt goes first: a never-saved level opens the Save As dialog in its place.
                app.close_prompt_document = 0;
                ImGui::CloseCurrentPopup();
                app.active_id = doc->id();
                app.save_active();
                if (!doc->dirty()) app.close_now(doc->id());
            }
            ImGui::SameLine();
            if (ImGui::Button("Close without saving")) {
                app.close_now(doc->id());
                app.close_prompt_document = 0;
                ImGui::CloseCurrentPopup();
            }
            ImGui::SameLine();
            if (ImGui::Button("Cancel") || escape) {
                app.close_prompt_document = 0;
                ImGui::CloseCurrentPopup();
            }
        }
        ImGui::EndPopup();
    }
}

// Recover autosaved work: every autosave found, each with its file and time, in one prompt
// (Enter: recover all; Esc: not now, the autosaves stay on disk and are offered at the next start).
void draw_recovery_prompt(App& app) {
    if (app.recovery.empty()) return;
    for (RecoveryOffer& offer : app.recovery)
        if (!offer.shown) {
            offer.shown = true;
            app.trace("prompt: recover " + offer.autosave.string() + " (" +
                      (offer.file.empty() ? std::string("never saved") : offer.file.string()) + ", " + format_time(offer.time) +
                      ")");
        }
    if (begin_modal("Recover unsaved work")) {
        ImGui::TextUnformatted("The editor stopped with unsaved work. Recovered work stays unsaved until you save it.");
        std::optional<std::size_t> recover_one, discard_one;
        if (ImGui::BeginTable("autosaves", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
            ImGui::TableSetupColumn("File");
            ImGui::TableSetupColumn("Autosaved");
            ImGui::TableSetupColumn("");
            ImGui::TableSetupColumn("");
            ImGui::TableHeadersRow();
            for (std::size_t i = 0; i < app.recovery.size(); ++i) {
                const RecoveryOffer& offer = app.recovery[i];
                ImGui::PushID(static_cast<int>(i));
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                std::string label = offer.file.empty() ? "never saved: " + (offer.level_name.empty() ? std::string("untitled")
                                                                                                     : offer.level_name)
                                                       : offer.file.string();
                ImGui::TextUnformatted(label.c_str());
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", offer.autosave.string().c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(format_time(offer.time).c_str());
                ImGui::TableNextColumn();
                if (ImGui::SmallButton("Recover")) recover_one = i;
                ImGui::TableNextColumn();
                if (ImGui::SmallButton("Discard")) discard_one = i;
                ImGui::PopID();
            }
            ImGui::EndTable();
        }
        ImGui::SetItemDefaultFocus();
        const bool enter = modal_enter(), escape = modal_escape();
        const bool recover_all = ImGui::Button("Recover all") || enter;
        ImGui::SameLine();
        const bool discard_all = ImGui::Button("Discard all");
        ImGui::SameLine();
        if (ImGui::Button("Not now") || escape) {
            for (const RecoveryOffer& offer : app.recovery)
                app.trace("not now: " + offer.autosave.string());  // kept on disk: offered again next start
            app.recovery.clear();
            ImGui::CloseCurrentPopup();
            ImGui::EndPopup();
            return;
        }
        // Acted on after drawing: recovering opens tabs and may add offers.
        std::vector<RecoveryOffer> to_recover, to_discard;
        if (recover_all) to_recover = app.recovery;
        else if (discard_all) to_discard = app.recovery;
        else if (recover_one) to_recover.push_back(app.recovery[*recover_one]);
        else if (discard_one) to_discard.push_back(app.recovery[*discard_one]);
        auto drop = [&app](const RecoveryOffer& offer) {
            std::erase_if(app.recovery, [&](const RecoveryOffer& o) { return o.autosave == offer.autosave; });
        };
        for (const RecoveryOffer& offer : to_recover) {
            drop(offer);
            app.recover(offer);
        }
        for (const RecoveryOffer& offer : to_discard) {
            drop(offer);
            app.discard_recovery(offer);
        }
        if (app.recovery.empty()) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

}  // namespace tilelab::editor::panels
