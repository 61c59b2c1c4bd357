// Formatting of diagnostics exactly as docs/format.md "Errors" shows them.
#include "tilelab/io/diagnostics.hpp"

namespace tilelab {

const char* severity_name(Diagnostic::Severity severity) {
    switch (severity) {
    case Diagnostic::Severity::error:
        return "error";
    case Diagnostic::Severity::warning:
        return "warning";
    case Diagnostic::Severity::info:
        return "info";
    }
    return "error";
}

std::string Diagnostic::format() const {
    std::string out = file;
    const char* sev = severity_name(severity);
    if (line > 0) {
        out += ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + sev + ": " + message;
    } else {
        out += std::string(": ") + sev + ": ";
        if (!pointer.empty()) out += pointer + ": ";
        out += message;
    }
    if (cell) out += " (cell [" + std::to_string(cell->x) + ", " + std::to_string(cell->y) + "])";
    return out;
}

bool has_errors(const Diagnostics& diagnostics) {
    for (const auto& d : diagnostics)
        if (d.severity == Diagnostic::Severity::error) return true;
    return false;
}

}  // namespace tilelab
