// Undo history of one document: snapshots of the level, one entry per user edit.
#pragma once
#include <string>
#include <vector>

#include "tilelab/board/level.hpp"

namespace tilelab::editor {

// Levels are small values (a 256x256 board is 256 KiB), so whole snapshots are simpler and safer
// than reversible commands. The history is capped so a long session stays bounded.
class History {
public:
    struct Entry {
        Level before;
        std::string label;  // "Brush", "Resize", ... shown in the Edit menu
    };

    void record(Level before, std::string label);
    bool can_undo() const { return !undo_.empty(); }
    bool can_redo() const { return !redo_.empty(); }
    // Each returns the level to show, given the current one; the current one goes to the other stack.
    Level undo(Level current);
    Level redo(Level current);
    const std::string& undo_label() const { return undo_.back().label; }
    const std::string& redo_label() const { return redo_.back().label; }
    void clear();
    std::size_t size() const { return undo_.size(); }

    static constexpr std::size_t max_entries = 500;

private:
    std::vector<Entry> undo_;
    std::vector<Entry> redo_;
};

}  // namespace tilelab::editor
