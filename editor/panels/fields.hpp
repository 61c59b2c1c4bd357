// The Properties panel's fields, shared by the panel and the kinds' own sections (editor/kinds/):
// each edits a copy of the level through the document's one entry point, one undo step a gesture.
#pragma once
#include <cstdint>
#include <optional>

#include <imgui.h>

#include "document.hpp"

namespace tilelab::editor::panels {

// Every slider and drag field clamps what is typed into it too (Ctrl+click, double click): the
// format's limits hold however a value is entered (the document clamps again, as a last guard).
constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
constexpr std::int64_t kZero64 = 0;

// Wraps one widget that edits a copy of the level: the widget's activation opens a gesture, its
// changes go into the level, its deactivation closes the gesture (one undo entry).
template <class Widget>
void edit_field(Document& doc, const char* label, Widget&& widget) {
    Level edit = doc.level();
    bool changed = widget(edit);
    if (ImGui::IsItemActivated()) doc.begin_gesture(label);
    if (changed) {
        if (doc.in_gesture()) {
            doc.gesture_level() = edit;
            doc.touched();
        } else {
            doc.change(label, [&](Level& l) { l = edit; });
        }
    }
    if (ImGui::IsItemDeactivated()) doc.end_gesture();
}

// An optional whole number: a check box turns it on (at `fallback`) or off, a drag field sets it.
void optional_int(Document& doc, const char* label, std::optional<int>& (*field)(Level&), int fallback, int lo, int hi);

}  // namespace tilelab::editor::panels
