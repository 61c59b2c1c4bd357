// Text that never runs past its box: cut to a width with an ellipsis (whole UTF-8 characters).
#pragma once
#include <cstdarg>
#include <string>

#include <imgui.h>

namespace tilelab::editor {

// `text` as it fits in `width` pixels at the current font: itself, or a prefix ending in "...".
inline std::string fit_text(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    const float room = width - ImGui::CalcTextSize("...").x;
    std::size_t keep = 0;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t next = i + 1;
        while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;  // a whole character
        if (ImGui::CalcTextSize(text.c_str(), text.c_str() + next).x > room) break;
        keep = next;
        i = next;
    }
    return text.substr(0, keep) + "...";
}

// ImGui::TextDisabled that wraps at the panel's edge instead of running past it (hints and notes
// in the side panels, whose width the designer sets).
inline void text_disabled_wrapped(const char* fmt, ...) IM_FMTARGS(1);
inline void text_disabled_wrapped(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrappedV(fmt, args);
    ImGui::PopStyleColor();
    va_end(args);
}

// Before a small button labelled `label` in a row of them: stays on the line when the button fits
// before the panel's edge, else the button starts the next line (a narrow panel wraps its row of
// buttons instead of cutting the last one off).
inline void same_line_if_fits(const char* label) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(label, nullptr, true).x + style.FramePadding.x * 2;
    const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right_edge) ImGui::SameLine();
}

}  // namespace tilelab::editor
