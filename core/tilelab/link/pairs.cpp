// Linkable pairs: every pair that pairs and links, one field of runs shared by all queries.
#include <algorithm>
#include <limits>
#include <map>
#include <vector>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {
// The tiles of each value, in row-major order: one pass over the board, no sort. A value's slot
// is value - lowest when the values span a small range (the usual deal: 1..36), else found in a
// small open-addressing table. Kept per thread and reused, like the field.
struct ValueChains {
    std::vector<std::int32_t> slot_value;  // hashed: the value a slot holds
    std::vector<int> slot_head;            // the slot's first tile (row-major index), -1: free slot
    std::vector<int> slot_tail;
    std::vector<int> next;                 // per board cell: the next tile of the same value, -1 at the end
    std::vector<std::uint8_t> free;        // per board cell: a tile with an empty neighbour
    bool direct = true;
    std::int32_t lowest = 0, highest = -1;
    unsigned mask = 0;

    void reset(int cells, int tiles, std::int32_t low, std::int32_t high) {
        lowest = low;
        highest = high;
        const std::int64_t span = tiles ? static_cast<std::int64_t>(high) - low + 1 : 0;
        direct = span <= 4 * static_cast<std::int64_t>(cells) + 64;
        unsigned size = 16;
        if (direct) {
            size = static_cast<unsigned>(span);
        } else {
            while (size < static_cast<unsigned>(2 * tiles + 2)) size *= 2;
            mask = size - 1;
            slot_value.resize(size);
        }
        slot_head.assign(size, -1);
        slot_tail.resize(size);
        next.resize(static_cast<std::size_t>(cells));
    }
    void reset_free(int cells) { free.assign(static_cast<std::size_t>(cells), 0); }
    // The slot of `v` (a value on the board, or for `first` any value): its own, or the free one
    // where it would go; -1 for a value outside the direct range.
    long slot(std::int32_t v) const {
        if (direct) return v < lowest || v > highest ? -1 : static_cast<long>(v) - lowest;
        unsigned s = (static_cast<std::uint32_t>(v) * 0x9E3779B1u >> 7) & mask;
        while (slot_head[s] >= 0 && slot_value[s] != v) s = (s + 1) & mask;
        return static_cast<long>(s);
    }
    void add(std::int32_t v, int index) {
        const auto s = static_cast<std::size_t>(slot(v));
        next[static_cast<std::size_t>(index)] = -1;
        if (slot_head[s] < 0) {
            if (!direct) slot_value[s] = v;
            slot_head[s] = index;
        } else {
            next[static_cast<std::size_t>(slot_tail[s])] = index;
        }
        slot_tail[s] = index;
    }
    // The first tile of value v (-1: none).
    int first(std::int32_t v) const {
        const long s = slot(v);
        return s < 0 ? -1 : slot_head[static_cast<std::size_t>(s)];
    }
};
}  // namespace

std::vector<LinkPath> all_links(const LinkField& field, const LinkRules& rules) {
    std::vector<LinkPath> out;
    all_links(field, rules, out);
    return out;
}

void all_links(const LinkField& field, const LinkRules& rules, std::vector<LinkPath>& out) {
    // Walking the tiles in row-major order and, for each, its partners further on gives every pair
    // once, already in (a, b) row-major order, with no sort after.
    // Only adjacent tiles link without an empty neighbour each: a longer path leaves a through an
    // empty cell and enters b from one (find_link says the same). So the partners a tile with an
    // empty neighbour ("free") can link to are the free tiles of the partner value after it, kept
    // as a chain per value in row-major order, plus its right and lower neighbours; a walled-in
    // tile links at most to those two neighbours. On a full deal only the tiles on the edge are
    // free: the chains hold 48 tiles, not 144, and no query is made for a pair that cannot link.
    const int width = field.width();
    const int height = field.height();
    const int cells = width * height;
    thread_local ValueChains chains;
    chains.reset_free(cells);
    int tiles = 0;
    std::int32_t low = std::numeric_limits<std::int32_t>::max(), high = std::numeric_limits<std::int32_t>::min();
    for (int index = 0, y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x, ++index) {
            const std::int32_t v = field.board_value(x, y);
            if (!cell::is_value(v)) continue;
            const bool free = field.has_free_neighbour(Cell{x, y});
            chains.free[static_cast<std::size_t>(index)] = free;
            if (!free) continue;
            ++tiles;
            low = std::min(low, v);
            high = std::max(high, v);
        }
    chains.reset(cells, tiles, low, high);
    for (int index = 0, y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x, ++index)
            if (chains.free[static_cast<std::size_t>(index)]) chains.add(field.board_value(x, y), index);

    std::size_t found = 0;  // out[0, found) hold this query's links; later elements are spare buffers
    auto try_link = [&](Cell a, Cell b) {
        if (found == out.size()) out.emplace_back();
        if (field.find_link(a, b, rules.max_turns, out[found])) ++found;
    };
    for (int index = 0, ay = 0; ay < height; ++ay)
        for (int ax = 0; ax < width; ++ax, ++index) {
            const Cell a{ax, ay};
            const std::int32_t v = field.board_value(a.x, a.y);
            if (!cell::is_value(v)) continue;
            const std::int64_t value = v;
            const std::int64_t partner = rules.pair.partner(value);
            if (partner < 0 || partner > std::numeric_limits<std::int32_t>::max()) continue;
            if (!chains.free[static_cast<std::size_t>(index)]) {
                // Walled in: only the tiles right of it and below it can still come after it.
                for (Cell b : {Cell{ax + 1, ay}, Cell{ax, ay + 1}}) {
                    if (b.x >= width || b.y >= height) continue;
                    if (field.board_value(b.x, b.y) == partner) try_link(a, b);
                }
                continue;
            }
            // The right and lower neighbours when they pair, as candidates of their own only when
            // walled in (free ones come through the chain, in order).
            const bool right_pairs = ax + 1 < width && field.board_value(ax + 1, ay) == partner &&
                                     !chains.free[static_cast<std::size_t>(index + 1)];
            const bool below_pairs = ay + 1 < height && field.board_value(ax, ay + 1) == partner &&
                                     !chains.free[static_cast<std::size_t>(index + width)];
            if (right_pairs) try_link(a, Cell{ax + 1, ay});
            bool below_pending = below_pairs;
            // Free partners after this tile in row-major order, the lower neighbour in its place.
            int other = partner == value ? chains.next[static_cast<std::size_t>(index)]
                                         : chains.first(static_cast<std::int32_t>(partner));
            while (other >= 0 && other <= index) other = chains.next[static_cast<std::size_t>(other)];
            for (; other >= 0; other = chains.next[static_cast<std::size_t>(other)]) {
                if (below_pending && other > index + width) {
                    try_link(a, Cell{ax, ay + 1});
                    below_pending = false;
                }
                try_link(a, Cell{other % width, other / width});
            }
            if (below_pending) try_link(a, Cell{ax, ay + 1});
        }
    out.resize(found);
}

std::vector<LinkPath> all_links(const Board& board, const LinkRules& rules) {
    std::vector<LinkPath> out;
    all_links(board, rules, out);
    return out;
}

void all_links(const Board& board, const LinkRules& rules, std::vector<LinkPath>& out) {
    // One field per thread, rebuilt in place for each query: no allocation once it has seen a
    // board this big (docs/link.md "Speed").
    thread_local LinkField field;
    field.assign(board, rules.border);
    all_links(field, rules, out);
}

std::vector<LinkPath> links_of_tile(const Board& board, const LinkRules& rules, Cell tile) {
    std::vector<LinkPath> out;
    if (!board.contains(tile) || !cell::is_value(board.at(tile))) return out;
    const LinkField field(board, rules.border);
    const std::int32_t value = board.at(tile);
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            std::int32_t v = board.at(x, y);
            if (!cell::is_value(v) || Cell{x, y} == tile || !rules.pair.pairs(value, v)) continue;
            if (auto path = field.find_link(tile, Cell{x, y}, rules.max_turns)) out.push_back(std::move(*path));
        }
    return out;
}

std::vector<Warning> pairing_warnings(const Board& board, const LinkRules& rules) {
    std::map<std::int64_t, std::vector<Cell>> by_value;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (cell::is_value(board.at(x, y))) by_value[board.at(x, y)].push_back(Cell{x, y});
    std::vector<Warning> out;
    for (const auto& [value, cells] : by_value) {
        const std::int64_t partner = rules.pair.partner(value);
        if (partner == value) {
            if (cells.size() % 2 != 0)
                out.push_back({"value " + std::to_string(value) + " has " + std::to_string(cells.size()) +
                                   " tiles: an odd count can never be cleared",
                               cells.front()});
            continue;
        }
        auto it = by_value.find(partner);
        const std::size_t partners = it == by_value.end() ? 0 : it->second.size();
        if (partners == 0)
            out.push_back({"value " + std::to_string(value) + " has no partner (" + std::to_string(partner) +
                               ") on the board",
                           cells.front()});
        else if (partners != cells.size() && value < partner)
            out.push_back({"values " + std::to_string(value) + " and " + std::to_string(partner) + " have " +
                               std::to_string(cells.size()) + " and " + std::to_string(partners) +
                               " tiles: some can never be cleared",
                           cells.front()});
    }
    return out;
}

}  // namespace tilelab::link
