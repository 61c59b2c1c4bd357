// The problems of a level, in one list that every verb and the editor show: what the analysis of
// its start finds (runs on the board, a dead start, the solver's outcome) and the level problems
// that explain a verdict (what can never be cleared or linked, `?` cells the generator cannot
// fill), found from the level alone (no search). `validate`, `analyze`, `estimate`, `tune`, the
// pack check and the editor's Problems panel all get them from problem_list (kinds/table.hpp),
// with a stable rule id each (docs/cli.md "Problems"). They are warnings: the level is still valid
// (only format errors make it invalid). This header gives their shape in every verb's output; each
// kind's checks are in its own folder (match3::level_problems, link::level_problems).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/game.hpp"
#include "tilelab/io/diagnostics.hpp"

namespace tilelab {

// {"severity", "message", "cell" (when the problem names one), "rule"}: the shape of a problem in
// the JSON of every verb.
nlohmann::ordered_json problem_json(const Warning& w);
nlohmann::ordered_json problems_json(const std::vector<Warning>& warnings);
// "warning: (x, y): message" (no cell: "warning: message"), as analyze, estimate and tune print it.
std::string problem_text(const Warning& w);
// The problem as validate and the pack check print it for `file`: pointer `prefix` + "/board/Y"
// when it names a cell (prefix: "/levels/N" for a bundle's level), else `prefix`.
Diagnostic problem_diagnostic(const std::string& file, const Warning& w, const std::string& prefix = "");
// A diagnostic in the JSON of validate and the pack check: problem_json's keys (the reader's own
// errors have the rule "format.invalid"), then "file", "line" and "column" or "pointer", and
// "text", the line printed on stderr.
nlohmann::ordered_json diagnostic_json(const Diagnostic& d);

}  // namespace tilelab
