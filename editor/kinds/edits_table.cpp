// The document model's kind table: one line per kind (editor/kinds/edits_table.hpp).
#include "kinds/edits_table.hpp"

#include <stdexcept>

namespace tilelab::editor {

const KindEdits& kind_edits(Kind kind) {
    switch (kind) {
    case Kind::match3:
        return match3_edits;
    case Kind::link:
        return link_edits;
    case Kind::lines:
        return lines_edits;
    case Kind::slide:
        return slide_edits;
    case Kind::collapse:
        return collapse_edits;
    }
    throw std::logic_error("no edits entry for this kind");
}

}  // namespace tilelab::editor
