// The app's one modal at a time (issue 12): whichever App::modal() names is drawn, and a popup left
// open by a modal that is no longer on top is closed, so ImGui never blocks input under a dialog
// nobody sees.
#include <imgui.h>
#include <imgui_internal.h>

#include "app.hpp"
#include "panels/panels.hpp"

namespace tilelab::editor::panels {

bool begin_modal(const char* title, ImGuiWindowFlags flags) {
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    // Centred when it appears, and again when the window is resized (a dialog centred in a large
    // window ran off a smaller one, its buttons out of reach).
    static ImVec2 last_size;  // UI thread only
    const ImVec2 size = ImGui::GetMainViewport()->Size;
    const bool resized = size.x != last_size.x || size.y != last_size.y;
    last_size = size;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), resized ? ImGuiCond_Always : ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    return ImGui::BeginPopupModal(title, nullptr, flags);
}

bool modal_escape() { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false); }

bool modal_enter() {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
           ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
}

void draw_modals(App& app) {
    const Modal top = app.modal();
    if (top != app.modal_shown) {
        // The modal before (if any) is no longer drawn: close its popup (and any popup over it).
        if (ImGui::GetCurrentContext()->OpenPopupStack.Size > 0) ImGui::ClosePopupToLevel(0, true);
        app.trace(std::string("modal: ") + modal_name(top));
        app.modal_shown = top;
    }
    switch (top) {
    case Modal::none:
        break;
    case Modal::quit:
        draw_quit_prompt(app);
        break;
    case Modal::close:
        draw_close_prompt(app);
        break;
    case Modal::browser:
        draw_file_browser(app);
        break;
    case Modal::new_level:
        draw_new_level(app);
        break;
    case Modal::recovery:
        draw_recovery_prompt(app);
        break;
    }
}

}  // namespace tilelab::editor::panels
