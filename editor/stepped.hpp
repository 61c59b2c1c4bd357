// The board the canvas shows while stepping through the solver's solution, with the overlays of
// that very board: the moves replayed with the real rules (what `tilelab apply` gives), and the
// board analysed again (overlays only) on a worker of its own, as `tilelab analyze` would analyse
// a level holding that board. Until that analysis arrives no overlay is drawn: the level's own
// overlays describe another board.
//
// Also the watched run: one run of the playouts (the long run's or a ladder bot's) played again
// move by move (KindOps::replay, `tilelab estimate --replay R`) on a thread of its own, its board at
// the step chosen shown on the canvas in place of the level's.
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab::editor {

class App;
class Document;

struct SteppedBoard {
    int document = -1;
    std::uint64_t revision = 0;        // the document revision the steps count from
    int step = -1;                     // moves of the solution applied
    std::optional<State> state;        // the state after them (nullopt: a move was refused)
    std::vector<Cell> next_path;       // link: the path the next move takes on this board (corners)
    std::uint64_t job = 0;             // the tag of the analysis asked for this board
    std::optional<Analysis> analysis;  // this board's overlays (step > 0), once the worker hands them over
    std::string error;
};

// The stepped board of the document's current solution and step, or nullptr when the solution
// overlay is off, there is no current solution, or the solution belongs to another revision.
// At step 0 `state` is the level's start and `analysis` stays empty (the live analysis is the
// board's own). Polls the worker; UI thread only.
const SteppedBoard* stepped_board(App& app, const Document& doc);

// A replay on its thread: the thread owns this (shared) and sets `done` last; the UI reads
// `replay` and `error` only after `done`.
struct ReplayJob {
    Level level;
    EstimateOptions options;
    int run = 0;
    std::stop_source stop;
    std::optional<Replay> replay;
    std::string error;
    std::atomic<bool> done{false};
};

struct WatchedRun {
    int document = -1;
    std::uint64_t revision = 0;  // the document revision whose playouts it is a run of
    std::string source;          // where it was picked: "long run", "ladder"
    int run = 0;
    std::string bot;
    std::shared_ptr<ReplayJob> job;  // replaying (null once taken)
    std::optional<Replay> replay;    // the run, once replayed
    std::string error;
    int step = 0;  // moves shown: 0 is the start
    bool playing = false;
    float speed = 4.0f;    // moves a second while playing
    double timer = 0.0;    // seconds since the last step while playing
    int traced_step = -1;  // the step last printed (--trace)
};

// Replays run `run` of the playouts of `options` (seed, bot, rollouts) on the document's level as it
// is now, on a thread of its own; the run watched before is dropped (its thread stopped).
void watch_run(App& app, const Document& doc, const EstimateOptions& options, int run, const std::string& source);
// The run watched on this document's current revision (replaying or replayed), or nullptr. Takes a
// finished replay from its thread and drops a run of an edited level. UI thread only.
WatchedRun* watched_run(App& app, const Document& doc);
// What the canvas shows of the watched run: the state at its step (null when no replay of this
// document's revision is ready) and the move the bot plays next (null at the end).
struct WatchedBoard {
    const State* state = nullptr;
    const Move* next = nullptr;
    int run = 0;
    int step = 0;
    int steps = 0;
};
WatchedBoard watched_board(App& app, const Document& doc);
// Stops watching (Close): the canvas shows the level again.
void stop_watching();
// How the watched run ended, as `tilelab estimate --replay` says it ("lost in 25 moves"), or "".
std::string watched_ending(const WatchedRun& run);

}  // namespace tilelab::editor
