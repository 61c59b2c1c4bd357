// Linkable pairs: every pair that pairs and links, one field of runs shared by all queries.
#include <algorithm>
#include <limits>
#include <map>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

std::vector<LinkPath> all_links(const LinkField& field, const LinkRules& rules) {
    // Tiles keyed (value, row-major index) and sorted: the tiles of one value are a run of the
    // keys, in row-major order. Walking the tiles in row-major order and, for each, its partners
    // further on gives every pair once, already in (a, b) row-major order, with no sort after.
    const int width = field.width();
    std::vector<std::uint64_t> keys;
    std::vector<int> key_of(static_cast<std::size_t>(field.width() * field.height()), -1);
    for (int y = 0; y < field.height(); ++y)
        for (int x = 0; x < width; ++x) {
            std::int32_t v = field.board_value(x, y);
            if (cell::is_value(v))
                keys.push_back(static_cast<std::uint64_t>(v) << 32 | static_cast<std::uint32_t>(y * width + x));
        }
    std::sort(keys.begin(), keys.end());
    for (std::size_t k = 0; k < keys.size(); ++k) key_of[static_cast<std::size_t>(keys[k] & 0xffffffffu)] = static_cast<int>(k);

    std::vector<LinkPath> out;
    for (int index = 0; index < static_cast<int>(key_of.size()); ++index) {
        if (key_of[static_cast<std::size_t>(index)] < 0) continue;
        const auto k = static_cast<std::size_t>(key_of[static_cast<std::size_t>(index)]);
        const std::int64_t value = static_cast<std::int64_t>(keys[k] >> 32);
        const std::int64_t partner = rules.pair.partner(value);
        if (partner < 0 || partner > std::numeric_limits<std::int32_t>::max()) continue;
        // Partners after this tile in row-major order: from key (partner, index + 1) on.
        const std::uint64_t from = static_cast<std::uint64_t>(partner) << 32 | static_cast<std::uint32_t>(index + 1);
        auto it = partner == value ? keys.begin() + static_cast<std::ptrdiff_t>(k) + 1 : std::lower_bound(keys.begin(), keys.end(), from);
        const Cell a{index % width, index / width};
        if (!field.has_free_neighbour(a)) {
            // Walled in: only the tiles right of it and below it can still come after it.
            for (Cell b : {Cell{a.x + 1, a.y}, Cell{a.x, a.y + 1}}) {
                if (b.x >= width || b.y >= field.height()) continue;
                const std::int32_t v = field.board_value(b.x, b.y);
                if (cell::is_value(v) && v == partner)
                    if (auto path = field.find_link(a, b, rules.max_turns)) out.push_back(std::move(*path));
            }
            continue;
        }
        for (; it != keys.end() && static_cast<std::int64_t>(*it >> 32) == partner; ++it) {
            const int other = static_cast<int>(*it & 0xffffffffu);
            if (auto path = field.find_link(a, Cell{other % width, other / width}, rules.max_turns)) out.push_back(std::move(*path));
        }
    }
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
