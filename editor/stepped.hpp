// The board the canvas shows while stepping through the solver's solution, with the overlays of
// that very board: the moves replayed with the real rules (what `tilelab apply` gives), and the
// board analysed again (overlays only) on a worker of its own, as `tilelab analyze` would analyse
// a level holding that board. Until that analysis arrives no overlay is drawn: the level's own
// overlays describe another board.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab::editor {

class App;
class Document;

struct SteppedBoard {
    int document = -1;
    std::uint64_t revision = 0;  // the document revision the steps count from
    int step = -1;               // moves of the solution applied
    std::optional<State> state;  // the state after them (nullopt: a move was refused)
    std::vector<Cell> next_path; // link: the path the next move takes on this board (corners)
    std::uint64_t job = 0;       // the tag of the analysis asked for this board
    std::optional<Analysis> analysis;  // this board's overlays (step > 0), once the worker hands them over
    std::string error;
};

// The stepped board of the document's current solution and step, or nullptr when the solution
// overlay is off, there is no current solution, or the solution belongs to another revision.
// At step 0 `state` is the level's start and `analysis` stays empty (the live analysis is the
// board's own). Polls the worker; UI thread only.
const SteppedBoard* stepped_board(App& app, const Document& doc);

}  // namespace tilelab::editor
