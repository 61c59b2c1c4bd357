// The problems' shape in every verb's output (problems.hpp); the list itself comes from the kind
// table (kinds/table.hpp), each kind's checks from its folder.
#include "tilelab/analysis/problems.hpp"

namespace tilelab {

nlohmann::ordered_json problem_json(const Warning& w) {
    nlohmann::ordered_json j;
    j["severity"] = severity_name(w.severity);
    j["message"] = w.message;
    if (w.cell) j["cell"] = cell_json(*w.cell);
    j["rule"] = w.rule;
    return j;
}

nlohmann::ordered_json problems_json(const std::vector<Warning>& warnings) {
    auto list = nlohmann::ordered_json::array();
    for (const Warning& w : warnings) list.push_back(problem_json(w));
    return list;
}

std::string problem_text(const Warning& w) {
    std::string at = w.cell ? "(" + std::to_string(w.cell->x) + ", " + std::to_string(w.cell->y) + "): " : "";
    return std::string(severity_name(w.severity)) + ": " + at + w.message;
}

Diagnostic problem_diagnostic(const std::string& file, const Warning& w, const std::string& prefix) {
    Diagnostic d;
    d.severity = w.severity;
    d.file = file;
    d.pointer = w.cell ? prefix + "/board/" + std::to_string(w.cell->y) : prefix;
    d.message = w.message;
    d.cell = w.cell;
    d.rule = w.rule;
    return d;
}

nlohmann::ordered_json diagnostic_json(const Diagnostic& d) {
    Warning w{d.message, d.cell, d.severity, d.rule};
    if (w.rule.empty()) w.rule = d.severity == Diagnostic::Severity::error ? "format.invalid" : "format.warning";
    nlohmann::ordered_json j = problem_json(w);
    j["file"] = d.file;
    if (d.line > 0) {
        j["line"] = d.line;
        j["column"] = d.column;
    } else {
        j["pointer"] = d.pointer;
    }
    j["text"] = d.format();
    return j;
}

}  // namespace tilelab
