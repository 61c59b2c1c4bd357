// Linkable pairs: every pair that pairs and links, one field of runs shared by all queries.
#include <algorithm>
#include <map>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {
struct Tile {
    std::int64_t value;
    int index;  // row-major
    Cell cell;
};

// Tiles sorted by value, then row-major: the pairing check becomes a walk over value ranges.
std::vector<Tile> tiles_by_value(const LinkField& field) {
    std::vector<Tile> tiles;
    for (int y = 0; y < field.height(); ++y)
        for (int x = 0; x < field.width(); ++x) {
            std::int32_t v = field.at(Cell{x, y});
            if (cell::is_value(v)) tiles.push_back(Tile{v, y * field.width() + x, Cell{x, y}});
        }
    std::sort(tiles.begin(), tiles.end(),
              [](const Tile& l, const Tile& r) { return l.value != r.value ? l.value < r.value : l.index < r.index; });
    return tiles;
}

// [first, last) of the tiles with `value`.
std::pair<std::size_t, std::size_t> value_range(const std::vector<Tile>& tiles, std::int64_t value) {
    auto lo = std::lower_bound(tiles.begin(), tiles.end(), value, [](const Tile& t, std::int64_t v) { return t.value < v; });
    auto hi = std::upper_bound(lo, tiles.end(), value, [](std::int64_t v, const Tile& t) { return v < t.value; });
    return {static_cast<std::size_t>(lo - tiles.begin()), static_cast<std::size_t>(hi - tiles.begin())};
}

void add_link(const LinkField& field, const LinkRules& rules, const Tile& p, const Tile& q, std::vector<LinkPath>& out) {
    const Tile& first = p.index < q.index ? p : q;
    const Tile& second = p.index < q.index ? q : p;
    if (auto path = field.find_link(first.cell, second.cell, rules.max_turns)) out.push_back(std::move(*path));
}

bool row_major_less(Cell l, Cell r) { return l.y != r.y ? l.y < r.y : l.x < r.x; }
}  // namespace

std::vector<LinkPath> all_links(const LinkField& field, const LinkRules& rules) {
    std::vector<LinkPath> out;
    const auto tiles = tiles_by_value(field);
    std::size_t i = 0;
    while (i < tiles.size()) {
        auto [lo, hi] = value_range(tiles, tiles[i].value);
        const std::int64_t partner = rules.pair.partner(tiles[i].value);
        if (partner == tiles[i].value) {
            for (std::size_t p = lo; p < hi; ++p)
                for (std::size_t q = p + 1; q < hi; ++q) add_link(field, rules, tiles[p], tiles[q], out);
        } else if (partner > tiles[i].value) {  // each value pair once, from its smaller value
            auto [plo, phi] = value_range(tiles, partner);
            for (std::size_t p = lo; p < hi; ++p)
                for (std::size_t q = plo; q < phi; ++q) add_link(field, rules, tiles[p], tiles[q], out);
        }
        i = hi;
    }
    std::sort(out.begin(), out.end(), [](const LinkPath& l, const LinkPath& r) {
        if (l.a != r.a) return row_major_less(l.a, r.a);
        return row_major_less(l.b, r.b);
    });
    return out;
}

std::vector<LinkPath> all_links(const Board& board, const LinkRules& rules) {
    return all_links(LinkField(board, rules.border), rules);
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
