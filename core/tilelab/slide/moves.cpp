// Slide moves with tile ids on any board, and seeded spawns: the exact path behind `play`.
#include "tilelab/slide/moves.hpp"

#include <algorithm>

namespace tilelab::slide {

LineWalk line_walk(int width, int height, Direction d) {
    LineWalk w;
    switch (d) {
    case Direction::left:
        w = {height, width, 0, width, 1};
        break;
    case Direction::right:
        w = {height, width, width - 1, width, -1};
        break;
    case Direction::up:
        w = {width, height, 0, 1, width};
        break;
    case Direction::down:
        w = {width, height, (height - 1) * width, 1, -width};
        break;
    }
    return w;
}

void move_tiles(const Board& board, const Grid& ids, int next_id, Direction d, TileMove& out) {
    // assign() copies into the buffers `out` already has: no allocation once they are big enough.
    out.board.width = board.width;
    out.board.height = board.height;
    out.board.cells.assign(board.cells.begin(), board.cells.end());
    out.ids.width = board.width;
    out.ids.height = board.height;
    if (ids.cells.size() == board.cells.size()) out.ids.cells.assign(ids.cells.begin(), ids.cells.end());
    else out.ids.cells.assign(board.cells.size(), -1);
    out.next_id = next_id;
    out.moved = false;
    out.merged_sum = 0;
    out.events.clear();
    const LineWalk walk = line_walk(board.width, board.height, d);
    // The cell of a line's k-th slot, without a division: line l starts at `line_cell * l +
    // first_cell` and a step along it adds `step_cell`.
    Cell first_cell{0, 0}, line_cell{0, 0}, step_cell{0, 0};
    switch (d) {
    case Direction::left:
        first_cell = {0, 0}, line_cell = {0, 1}, step_cell = {1, 0};
        break;
    case Direction::right:
        first_cell = {board.width - 1, 0}, line_cell = {0, 1}, step_cell = {-1, 0};
        break;
    case Direction::up:
        first_cell = {0, 0}, line_cell = {1, 0}, step_cell = {0, 1};
        break;
    case Direction::down:
        first_cell = {0, board.height - 1}, line_cell = {1, 0}, step_cell = {0, -1};
        break;
    }
    out.slots.resize(static_cast<std::size_t>(walk.length));
    int* const slots = out.slots.data();
    std::int32_t* const cells = out.board.cells.data();
    std::int32_t* const id_of = out.ids.cells.data();
    auto slot_cell = [&](int line, int k) {
        return Cell{first_cell.x + line * line_cell.x + k * step_cell.x, first_cell.y + line * line_cell.y + k * step_cell.y};
    };
    for (int line = 0; line < walk.lines; ++line) {
        const int first = walk.start(line);
        // `target`: the next free slot of the current run between walls (index along the line);
        // `open`: the slot before it holds a tile placed this move that has not merged yet.
        int target = 0;
        bool open = false;
        // The occupied slots of the line first (a branch-free pass: empty cells are the branch a
        // random board mispredicts most), then the tiles and walls among them in order.
        int occupied = 0;
        for (int k = 0, at = first; k < walk.length; ++k, at += walk.step) {
            slots[occupied] = k;
            occupied += cells[at] != cell::empty;
        }
        for (int j = 0; j < occupied; ++j) {
            const int k = slots[j];
            const int at = first + k * walk.step;
            const std::int32_t value = cells[at];
            if (!cell::is_value(value)) {  // a wall: the next run starts behind it
                target = k + 1;
                open = false;
                continue;
            }
            const int id = id_of[at];
            cells[at] = cell::empty;
            id_of[at] = -1;
            const int previous = first + (target - 1) * walk.step;  // read only when `open` (target >= 1)
            if (open && cells[previous] == value && value < largest_tile) {
                // Merge into the tile nearer the wall: both move to its cell, a new tile appears.
                const int nearer = id_of[previous];
                const std::int32_t merged = value * 2;
                const Cell to = slot_cell(line, target - 1);
                const int into = out.next_id++;
                TileEvent move_event;
                move_event.type = TileEvent::Type::move;
                move_event.id = id;
                move_event.from = slot_cell(line, k);
                move_event.to = to;
                out.events.push_back(move_event);
                TileEvent merge_event;
                merge_event.type = TileEvent::Type::merge;
                merge_event.id = nearer;
                merge_event.other = id;
                merge_event.into = into;
                merge_event.to = to;
                merge_event.value = merged;
                out.events.push_back(merge_event);
                cells[previous] = merged;
                id_of[previous] = into;
                out.merged_sum += merged;
                out.moved = true;
                open = false;
                continue;
            }
            const int to = first + target * walk.step;
            cells[to] = value;
            id_of[to] = id;
            if (to != at) {
                TileEvent move_event;
                move_event.type = TileEvent::Type::move;
                move_event.id = id;
                move_event.from = slot_cell(line, k);
                move_event.to = slot_cell(line, target);
                out.events.push_back(move_event);
                out.moved = true;
            }
            ++target;
            open = true;
        }
    }
    // A merge event follows the farther tile's move; the nearer tile's own move (if it moved)
    // came before it, when it was placed. Runtimes animate moves, then merges, then the spawn.
}

IdMove move_with_ids(const Board& board, const Grid& ids, int next_id, Direction d) {
    TileMove moved;
    move_tiles(board, ids, next_id, d, moved);
    IdMove out;
    out.board = std::move(moved.board);
    out.ids = std::move(moved.ids);
    out.next_id = moved.next_id;
    out.moved = moved.moved;
    out.merged_sum = moved.merged_sum;
    out.events.reserve(moved.events.size());
    for (const TileEvent& e : moved.events) out.events.push_back(tile_event(e));
    return out;
}

Event tile_event(const TileEvent& e) {
    switch (e.type) {
    case TileEvent::Type::move:
        return event::TileMove{e.id, e.from, e.to};
    case TileEvent::Type::merge:
        return event::TileMerge{e.id, e.other, e.into, e.to, e.value};
    case TileEvent::Type::spawn:
        break;
    }
    return event::TileSpawn{e.id, e.to, e.value};
}

SpawnTable SpawnTable::of(const Rules& rules) {
    SpawnTable t;
    if (rules.spawn.empty()) return t;  // "spawn": [] (format 3): no tile ever appears
    std::uint64_t total = 0;
    for (const auto& [value, weight] : rules.spawn) {
        if (value < 2 || weight <= 0) continue;
        // Weights beyond 2^32 in total cannot be drawn with uniform(); the parser keeps them small.
        if (total + static_cast<std::uint64_t>(weight) > 0xFFFFFFFFull) break;
        t.values.push_back(value);
        t.weights.push_back(static_cast<std::uint32_t>(weight));
        total += static_cast<std::uint64_t>(weight);
    }
    if (t.values.empty()) {
        t.values = {2, 4};
        t.weights = {9, 1};
        total = 10;
    }
    t.total = static_cast<std::uint32_t>(total);
    return t;
}

std::int32_t SpawnTable::draw_value(Rng& rng) const {
    const std::uint32_t r = rng.uniform(total);
    std::uint64_t running = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        running += weights[i];
        if (running > r) return values[i];
    }
    return values.back();
}

std::optional<std::pair<int, std::int32_t>> draw_spawn(const Board& board, Rng& rng, const SpawnTable& spawns) {
    // empty[uniform(len(empty))] without building the list: count, draw k, find the k-th empty cell.
    if (spawns.none()) return std::nullopt;  // no spawns: no draw either
    const std::int32_t* cells = board.cells.data();
    const int size = board.size();
    int empty = 0;
    for (int i = 0; i < size; ++i) empty += cells[i] == cell::empty;
    if (empty == 0) return std::nullopt;
    int k = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(empty)));
    int at = 0;
    for (;; ++at)
        if (cells[at] == cell::empty && k-- == 0) break;
    return std::pair{at, spawns.draw_value(rng)};
}

SpawnSequence::SpawnSequence(const Board& board) : tree_(static_cast<std::size_t>(board.size()) + 1, 0) {
    // Linear build: each node adds itself to its parent once.
    const auto n = tree_.size() - 1;
    for (std::size_t i = 1; i <= n; ++i) {
        if (board.cells[i - 1] == cell::empty) {
            tree_[i] += 1;
            ++empty_;
        }
        const std::size_t parent = i + (i & (~i + 1));
        if (parent <= n) tree_[parent] += tree_[i];
    }
}

int SpawnSequence::take_kth_empty(int k) {
    // Binary lifting: the smallest index whose prefix count exceeds k.
    const auto n = tree_.size() - 1;
    std::size_t at = 0;
    std::size_t step = 1;
    while (step * 2 <= n) step *= 2;
    for (; step > 0; step /= 2) {
        if (at + step <= n && tree_[at + step] <= k) {
            at += step;
            k -= tree_[at];
        }
    }
    const std::size_t index = at + 1;  // 1-based cell index
    for (std::size_t i = index; i <= n; i += i & (~i + 1)) tree_[i] -= 1;
    --empty_;
    return static_cast<int>(index - 1);
}

std::optional<std::pair<int, std::int32_t>> SpawnSequence::draw(Rng& rng, const SpawnTable& spawns) {
    if (empty_ == 0 || spawns.none()) return std::nullopt;
    const int at = take_kth_empty(static_cast<int>(rng.uniform(static_cast<std::uint32_t>(empty_))));
    return std::pair{at, spawns.draw_value(rng)};
}

std::array<bool, 4> legal_directions(const Board& board) {
    // A move is legal when, in some line, a tile has an empty cell on its wall side within its
    // run, or two equal tiles meet with only empty cells between them (and can still merge).
    std::array<bool, 4> legal{};
    for (std::size_t i = 0; i < all_directions.size(); ++i) {
        const LineWalk walk = line_walk(board.width, board.height, all_directions[i]);
        for (int line = 0; line < walk.lines && !legal[i]; ++line) {
            bool gap = false;                 // an empty cell seen in the current run
            std::int32_t last = cell::empty;  // the last tile seen in the current run
            for (int k = 0; k < walk.length; ++k) {
                const std::int32_t value = board.cells[static_cast<std::size_t>(walk.start(line) + k * walk.step)];
                if (value == cell::empty) {
                    gap = true;
                } else if (!cell::is_value(value)) {
                    gap = false;
                    last = cell::empty;
                } else {
                    if (gap || (value == last && value < largest_tile)) {
                        legal[i] = true;
                        break;
                    }
                    last = value;
                }
            }
        }
    }
    return legal;
}

std::int32_t highest_tile(const Board& board) {
    std::int32_t best = 0;
    for (std::int32_t c : board.cells) best = std::max(best, c);
    return best;
}

}  // namespace tilelab::slide
