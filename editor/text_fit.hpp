// Text that never runs past its box: cut to a width with an ellipsis (whole UTF-8 characters).
#pragma once
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

}  // namespace tilelab::editor
