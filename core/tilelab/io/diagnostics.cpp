// Formatting of diagnostics exactly as CONTRACT.md "Errors" shows them.
#include "tilelab/io/diagnostics.hpp"

namespace tilelab {

std::string Diagnostic::format() const {
    std::string out = file;
    const char* sev = severity == Severity::error ? "error" : "warning";
    if (line > 0) {
        out += ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + sev + ": " + message;
    } else {
        out += std::string(": ") + sev + ": ";
        if (!pointer.empty()) out += pointer + ": ";
        out += message;
    }
    return out;
}

bool has_errors(const Diagnostics& diagnostics) {
    for (const auto& d : diagnostics)
        if (d.severity == Diagnostic::Severity::error) return true;
    return false;
}

}  // namespace tilelab
