// What a move did, for a runtime to animate: every event of every kind as plain data, one struct
// per event type, in one variant (Event). The rules engines fill these (StepResult::events,
// analysis/game.hpp) and build no JSON; `tilelab apply`, the C API and the bindings turn them into
// the JSON documented in docs/match3.md, docs/link.md, docs/lines.md and docs/slide.md with
// event_json (kinds/event_json.hpp), field for field in the order each struct lists them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tilelab/board/board.hpp"

namespace tilelab::event {

// ---- match3, both format versions (docs/match3.md "`tilelab apply` (match3): events") ----------
// `step` counts the resolution steps of the move from 1.

// The move's swap: one a move, first.
struct Swap {
    Cell a;
    Cell b;
    friend bool operator==(const Swap&, const Swap&) = default;
};

// One match group of a clear with the points its pieces scored.
struct ClearGroup {
    std::vector<Cell> cells;  // sorted
    std::int64_t points = 0;
    friend bool operator==(const ClearGroup&, const ClearGroup&) = default;
};

// A step's clear: its groups, what they scored, the cells that lost a jelly layer.
struct Clear {
    int step = 0;
    std::vector<ClearGroup> groups;  // sorted
    // Format 2: every cell the step cleared (runs and fired areas), sorted; format 1 lists none.
    std::optional<std::vector<Cell>> cells;
    std::int64_t points = 0;  // the groups' sum; the score rises by exactly this
    std::vector<Cell> jelly;  // sorted
    friend bool operator==(const Clear&, const Clear&) = default;
};

// A piece (format 2: any item) falling within its column.
struct Fall {
    int step = 0;
    Cell from;
    Cell to;
    friend bool operator==(const Fall&, const Fall&) = default;
};

// A refilled piece, in draw order.
struct Spawn {
    int step = 0;
    Cell cell;
    std::int32_t color = 0;
    friend bool operator==(const Spawn&, const Spawn&) = default;
};

// The last event of a move whose events passed match3's caps: the steps first_step .. last_step,
// played without events, summed up.
struct Summary {
    int first_step = 0;
    int last_step = 0;
    std::int64_t points = 0;
    std::int64_t cleared = 0;  // cells
    std::int64_t jelly = 0;    // layers
    std::int64_t falls = 0;
    std::int64_t spawns = 0;
    bool cascade_capped = false;  // the cascade stopped at the step cap with runs on the board
    friend bool operator==(const Summary&, const Summary&) = default;
};

// ---- match3, format 2 only (docs/match3.md "Format version 2") --------------------------------

// Two swapped items that make a combo, and the area it clears.
struct Combo {
    int step = 0;
    Cell a;
    Cell b;
    std::vector<Cell> area;  // sorted
    friend bool operator==(const Combo&, const Combo&) = default;
};

// A special or colour bomb that fired, as its token ("2h", "*"), and its area.
struct Fired {
    int step = 0;
    Cell cell;
    std::string token;
    std::vector<Cell> area;  // sorted
    friend bool operator==(const Fired&, const Fired&) = default;
};

struct Unlocked {
    int step = 0;
    Cell cell;
    friend bool operator==(const Unlocked&, const Unlocked&) = default;
};

struct CrateHit {
    int step = 0;
    Cell cell;
    int hp = 0;  // the hit points left (0: the crate is gone)
    friend bool operator==(const CrateHit&, const CrateHit&) = default;
};

// A special placed by the step, as its token ("3v").
struct Created {
    int step = 0;
    Cell cell;
    std::string token;
    friend bool operator==(const Created&, const Created&) = default;
};

// An ingredient collected at its column's exit.
struct Collected {
    int step = 0;
    Cell cell;
    friend bool operator==(const Collected&, const Collected&) = default;
};

// ---- link (docs/link.md "`tilelab apply` for link") ---------------------------------------------

// The removed pair and the path linking them (corner points, endpoints included).
struct Remove {
    Cell a;
    Cell b;
    int turns = 0;
    std::vector<Cell> path;
    friend bool operator==(const Remove&, const Remove&) = default;
};

// The move removed the last tile.
struct Cleared {
    friend bool operator==(const Cleared&, const Cleared&) = default;
};

// Tiles remain and no pair links any more.
struct Stuck {
    friend bool operator==(const Stuck&, const Stuck&) = default;
};

// ---- lines (docs/lines.md "Events") -------------------------------------------------------------

// The shift itself: a row or a column, by -1 (left, up) or +1 (right, down).
struct Shift {
    enum class Axis : std::uint8_t { row, col };
    Axis axis = Axis::row;
    int index = 0;
    int step = 1;
    friend bool operator==(const Shift&, const Shift&) = default;
};

// A closed group after the shift; `is_new` (JSON "new"): the shift made it.
struct Closed {
    std::vector<Cell> cells;
    bool is_new = false;
    friend bool operator==(const Closed&, const Closed&) = default;
};

// ---- slide (docs/slide.md "Tile ids and events") ------------------------------------------------

// A tile changing cell (a merging tile too, into the cell of the tile it merges with).
struct TileMove {
    int id = -1;
    Cell from;
    Cell to;
    friend bool operator==(const TileMove&, const TileMove&) = default;
};

// Two tiles becoming a new one (JSON "ids": [nearer, farther]).
struct TileMerge {
    int nearer = -1;   // the tile nearer the wall of the move (the one that stayed)
    int farther = -1;  // the tile that joined it
    int into = -1;     // the new tile
    Cell cell;
    std::int32_t value = 0;
    friend bool operator==(const TileMerge&, const TileMerge&) = default;
};

// The tile spawned after the move.
struct TileSpawn {
    int id = -1;
    Cell cell;
    std::int32_t value = 0;
    friend bool operator==(const TileSpawn&, const TileSpawn&) = default;
};

// ---- shared by the kinds that reshuffle a dead board (docs/collapse.md "Reshuffle") -----------
// A board with no legal move was shuffled: `attempts` shuffles, the last one kept; `found`: it
// has a legal move (else the board stays dead).
struct Reshuffle {
    int attempts = 0;
    bool found = false;
    friend bool operator==(const Reshuffle&, const Reshuffle&) = default;
};

}  // namespace tilelab::event

namespace tilelab {

using Event = std::variant<event::Swap, event::Clear, event::Fall, event::Spawn, event::Summary, event::Combo, event::Fired,
                           event::Unlocked, event::CrateHit, event::Created, event::Collected, event::Remove, event::Cleared,
                           event::Stuck, event::Shift, event::Closed, event::TileMove, event::TileMerge, event::TileSpawn,
                           event::Reshuffle>;

// The event's "type" as the JSON says it: "swap", "clear", ..., "crate_hit", ..., "move", "merge",
// "spawn" (match3's spawn and slide's both say "spawn").
std::string_view event_type(const Event& event);

}  // namespace tilelab
