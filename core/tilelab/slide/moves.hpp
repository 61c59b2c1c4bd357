// Slide moves on any board (any size, walls): the exact rules with stable tile ids, and spawns.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab::slide {

// The largest tile a level file can hold (values are int32). Two such tiles never merge: their
// sum does not fit. No game reaches it; the rule only keeps every board representable.
inline constexpr std::int32_t largest_tile = 1 << 30;

// Score added by one move under the level's rule, from the sum of the new (merged) values.
// "merged" adds the new value; "pre_merge" (the score added before the tile doubles) adds
// the value each of the two tiles had, which is exactly half of the new value.
constexpr std::int64_t score_gain(SlideScore rule, std::int64_t merged_sum) {
    return rule == SlideScore::merged ? merged_sum : merged_sum / 2;
}

// The cells a move's lines visit: line `l` of a move starts at the cell nearest the wall of the
// move and walks away from it. Left: rows from x = 0; right: rows from x = width - 1; up:
// columns from y = 0; down: columns from y = height - 1.
struct LineWalk {
    int lines = 0;   // how many lines the move has
    int length = 0;  // cells per line
    int start(int line) const { return first + line * line_step; }
    int first = 0;      // index of line 0's first cell
    int line_step = 0;  // index step from one line's first cell to the next line's
    int step = 0;       // index step along a line, away from the wall
};
LineWalk line_walk(int width, int height, Direction d);

// What happened to one tile in a move, as compact plain data: what move_tiles lists in the buffer a
// caller reuses (smaller than an Event, and nothing to destroy). `play` makes them the events it
// reports (event::TileMove, TileMerge, TileSpawn; tile_event).
struct TileEvent {
    enum class Type : std::uint8_t { move, merge, spawn };
    Type type = Type::move;
    int id = -1;             // move, spawn: the tile; merge: the tile nearer the wall
    int other = -1;          // merge: the farther tile
    int into = -1;           // merge: the new tile
    Cell from{};             // move: the cell it leaves
    Cell to{};               // move: the cell it reaches; merge, spawn: the cell
    std::int32_t value = 0;  // merge: the new value; spawn: the value
    friend bool operator==(const TileEvent&, const TileEvent&) = default;
};
// The event `play` reports for it (analysis/events.hpp).
Event tile_event(const TileEvent& e);

// A move of the whole board with tile ids, as `play` makes it, its events compact plain data.
struct TileMove {
    Board board;                  // values after the move (no spawn yet)
    Grid ids;                     // tile id per cell after the move (-1: no tile)
    int next_id = 0;              // next unused id (merged tiles take new ids)
    bool moved = false;           // some tile moved or merged: the move is legal
    std::int64_t merged_sum = 0;  // sum of the new values of merged tiles
    std::vector<TileEvent> events;
    std::vector<int> slots;  // scratch: the occupied slots of a line
};
// Slides every tile of `board` towards `d` into `out`, whose buffers are reused: a caller that
// keeps one TileMove allocates nothing per move. Tiles stop at walls and the board edge; two
// equal tiles that meet merge once per move, the one nearer the wall of the move first; the
// merged tile is a new tile with a new id. Events, line by line, each line from the wall outwards:
// a move for each tile that changes cell (merging tiles included), then a merge (ids: nearer,
// farther) after the two moves. `ids` of another size than the board: no tile has an id yet (-1).
void move_tiles(const Board& board, const Grid& ids, int next_id, Direction d, TileMove& out);

// The same move with its events as `play` reports them (event::TileMove and event::TileMerge).
struct IdMove {
    Board board;
    Grid ids;
    int next_id = 0;
    bool moved = false;
    std::int64_t merged_sum = 0;
    std::vector<Event> events;
};
IdMove move_with_ids(const Board& board, const Grid& ids, int next_id, Direction d);

// Spawn values and weights of a level, ready to draw from (docs/randomness.md "slide: spawns").
struct SpawnTable {
    std::vector<std::int32_t> values;
    std::vector<std::uint32_t> weights;
    std::uint32_t total = 0;
    // The level's `spawn` rule; falls back to 2:9, 4:1 when it has no usable entry. An empty
    // `spawn` (format 3, "spawn": []) gives an empty table: no tile ever spawns.
    static SpawnTable of(const Rules& rules);
    bool none() const { return values.empty(); }
    // Probability of each value, in the order of `values`.
    double probability(std::size_t i) const { return static_cast<double>(weights[i]) / total; }
    // r = uniform(total); the first value whose running sum of weights exceeds r.
    std::int32_t draw_value(Rng& rng) const;
};

// Draws one spawn on `board` (no draw at all when no cell is empty or the table is empty): first the cell,
// empty[uniform(len(empty))] with the empty cells in row-major order, then the value.
// Returns (cell index, value).
std::optional<std::pair<int, std::int32_t>> draw_spawn(const Board& board, Rng& rng, const SpawnTable& spawns);

// Many spawns on one board (level start, a generator's walls): exactly the draws of repeated
// draw_spawn calls on the board as it fills, but each draw costs O(log cells) instead of a scan of
// the board (a Fenwick tree counts the empty cells), so 65,536 start tiles on 256x256 take
// milliseconds where rescanning took seconds.
class SpawnSequence {
public:
    explicit SpawnSequence(const Board& board);
    // Draws the next spawn and marks its cell taken; nullopt (no draw) when no cell is empty.
    std::optional<std::pair<int, std::int32_t>> draw(Rng& rng, const SpawnTable& spawns);
    int empty_cells() const { return empty_; }

private:
    int take_kth_empty(int k);  // the k-th empty cell (0-based, row-major), marked taken
    std::vector<int> tree_;     // Fenwick tree over cells: 1 per empty cell
    int empty_ = 0;
};

// True when some move changes the board, per direction in the order of all_directions.
std::array<bool, 4> legal_directions(const Board& board);

// The highest tile on the board (0 when there is none).
std::int32_t highest_tile(const Board& board);

}  // namespace tilelab::slide
