// Diagnostics: every problem found in an input, with its place (line:column or a JSON Pointer).
#pragma once
#include <string>
#include <vector>

namespace tilelab {

struct Diagnostic {
    enum class Severity { error, warning };
    Severity severity = Severity::error;
    std::string file;     // as the user named it
    int line = 0;         // 1-based; 0 when the place is a pointer
    int column = 0;
    std::string pointer;  // JSON Pointer ("/board/2"), "" for the document itself
    std::string message;

    // "file:line:col: error: message" or "file: error: /pointer: message".
    std::string format() const;
};

using Diagnostics = std::vector<Diagnostic>;

bool has_errors(const Diagnostics& diagnostics);

}  // namespace tilelab
