// The problems of a level, in one list that every verb and the editor show: what the analysis of
// its start finds (runs on the board, a dead start, the solver's outcome) and the level problems
// that explain a verdict (what can never be cleared or linked, `?` cells the generator cannot
// fill), found from the level alone (no search). `validate`, `analyze`, `estimate`, `tune`, the
// pack check and the editor's Problems panel all get them from problem_list, with a stable rule
// id each (docs/cli.md "Problems"). They are warnings: the level is still valid (only format
// errors make it invalid).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/game.hpp"
#include "tilelab/io/diagnostics.hpp"

namespace tilelab {

// Every problem of the level (docs/cli.md "Problems"): `findings`, what an analysis of its start
// found, then level_problems(level). Every kind's analyze returns this as Analysis::warnings.
std::vector<Warning> problem_list(const Level& level, std::vector<Warning> findings);
// The same list for a verb that runs no solver (validate, estimate, tune): the kind's analyze with
// the solver and the overlays off. Only what those find is missing: the lines solver's outcome
// (out of time, no solution within its depth) and match3's note that the hints were cut short.
std::vector<Warning> problem_list(const Level& level);

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

// The level problems, in board order within each check (docs/format.md "Problems"). Each
// "can never" / "cannot be won" is a proof from the rules (docs/match3.md "Level problems"):
// match3: jelly no piece can ever be cleared on (under a blocker or a crate never hit, on a cell no
//   piece can ever fall into, or, in a level that makes no special, off every line of min_match
//   cells that can hold pieces); ingredients whose falls and swaps reach no exit; crates no run can
//   ever form next to, in a level that makes no special; `?` cells for which every colour
//   completes a run, and runs already among the fixed pieces of a level with `?` cells (the
//   generator keeps a board without runs, so it cannot fill them).
// link: values with an odd count or no partner (the pairing warnings), a tile walled in on all
//   sides, or with no partner in the area blockers leave it (tiles are removed, blockers never); a
//   move limit below the number of pairs when the goal is to clear the board.
// lines, slide: none yet.
std::vector<Warning> level_problems(const Level& level);

namespace match3 {
std::vector<Warning> level_problems(const Level& level);
// Per cell, whether a piece on it can ever be cleared, by a run or (in a level that makes or holds
// specials) an area: the jelly check. Crates break and locks open; only blockers, holes, the edge
// and crates proved never hit stay.
Grid clearable_cells(const Level& level);
}  // namespace match3

namespace link {
std::vector<Warning> level_problems(const Level& level);
}  // namespace link

}  // namespace tilelab
