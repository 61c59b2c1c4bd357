// Undo history: snapshot stacks (see history.hpp).
#include "history.hpp"

#include <utility>

namespace tilelab::editor {

void History::record(Level before, std::string label) {
    undo_.push_back({std::move(before), std::move(label)});
    if (undo_.size() > max_entries) undo_.erase(undo_.begin());
    redo_.clear();  // a new edit forks the timeline: the old future is gone, as in every editor
}

Level History::undo(Level current) {
    Entry entry = std::move(undo_.back());
    undo_.pop_back();
    redo_.push_back({std::move(current), entry.label});
    return std::move(entry.before);
}

Level History::redo(Level current) {
    Entry entry = std::move(redo_.back());
    redo_.pop_back();
    undo_.push_back({std::move(current), entry.label});
    return std::move(entry.before);
}

void History::clear() {
    undo_.clear();
    redo_.clear();
}

}  // namespace tilelab::editor
