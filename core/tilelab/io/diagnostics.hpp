// Diagnostics: every problem found in an input, with its place (line:column or a JSON Pointer).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tilelab/board/board.hpp"

namespace tilelab {

struct Diagnostic {
    // error: the file is invalid or the check fails; warning: valid, but a problem; info: a note.
    enum class Severity { error, warning, info };
    Severity severity = Severity::error;
    std::string file;  // as the user named it
    int line = 0;      // 1-based; 0 when the place is a pointer
    int column = 0;
    std::string pointer;  // JSON Pointer ("/board/2"), "" for the document itself
    std::string message;
    std::optional<Cell> cell;  // the board cell the problem is about (a level problem's)
    std::string rule;          // "kind.short-id" (docs/cli.md "Problems"); "" for the reader's own

    // "file:line:col: error: message" or "file: error: /pointer: message", with " (cell [x, y])"
    // after the message when the problem names a cell.
    std::string format() const;
};

// "error", "warning" or "info".
const char* severity_name(Diagnostic::Severity severity);

using Diagnostics = std::vector<Diagnostic>;

bool has_errors(const Diagnostics& diagnostics);

}  // namespace tilelab
