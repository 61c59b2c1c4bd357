// Linkable pairs: every pair that pairs and links, one field of bits shared by all queries.
#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <vector>
#include <string>

#include "tilelab/link/link.hpp"
#include "tilelab/link/search.hpp"

namespace tilelab::link {

// What the all-pairs scan reads of the field (link.hpp declares this friend).
struct FieldAccess {
    static const std::int32_t* cells(const LinkField& field) { return field.cells_.data(); }
    static const std::uint64_t* rows(const LinkField& field) { return field.rows_.data(); }
    static const std::uint64_t* cols(const LinkField& field) { return field.cols_.data(); }
    static int row_words(const LinkField& field) { return field.row_words_; }
    static int col_words(const LinkField& field) { return field.col_words_; }
    static bool one_word(const LinkField& field) { return field.one_word(); }
};

namespace {
// A listed tile: its index in the padded field, shifted left by 3, with three flags.
constexpr std::uint32_t tile_free = 1;   // it has an empty neighbour
constexpr std::uint32_t tile_right = 2;  // it pairs with its right neighbour
constexpr std::uint32_t tile_below = 4;  // it pairs with its lower neighbour

// The scan's lists, kept per thread and reused like the field: the tiles that can be in a link in
// row-major order, and the free ones of each value chained in row-major order (no sort). A value's
// slot is value - lowest when the values span a small range (the usual deal: 1..36), else found in
// a small open-addressing table.
struct TileScan {
    std::vector<std::uint32_t> tiles;      // (pad << 3) | flags
    std::vector<Cell> cells;               // per listed tile: its padded coordinates
    std::vector<int> next;                 // per free tile: the next free tile (list position) of its value, -1 at the end
    std::vector<detail::Reach> reach;      // per free tile: its straight reach
    std::vector<std::int32_t> slot_value;  // hashed: the value a slot holds
    std::vector<int> slot_head;            // the slot's first free tile (list position), -1: free slot
    bool direct = true;
    std::int32_t lowest = 0, highest = -1;
    unsigned mask = 0;

    void reset_slots(int cells, int count, std::int32_t low, std::int32_t high) {
        lowest = low;
        highest = high;
        const std::int64_t span = count ? static_cast<std::int64_t>(high) - low + 1 : 0;
        direct = span <= 4 * static_cast<std::int64_t>(cells) + 64;
        unsigned size = 16;
        if (direct) {
            size = static_cast<unsigned>(span);
        } else {
            while (size < static_cast<unsigned>(2 * count + 2)) size *= 2;
            mask = size - 1;
            slot_value.resize(size);
        }
        slot_head.assign(size, -1);
    }
    // The slot of `v` (a value on the board, or for `first` any value): its own, or the free one
    // where it would go; -1 for a value outside the direct range.
    long slot(std::int32_t v) const {
        if (direct) return v < lowest || v > highest ? -1 : static_cast<long>(v) - lowest;
        unsigned s = (static_cast<std::uint32_t>(v) * 0x9E3779B1u >> 7) & mask;
        while (slot_head[s] >= 0 && slot_value[s] != v) s = (s + 1) & mask;
        return static_cast<long>(s);
    }
    // Chains are built from the last tile back: each tile goes in front of its value's chain.
    void push_front(std::int32_t v, int k) {
        const auto s = static_cast<std::size_t>(slot(v));
        if (!direct) slot_value[s] = v;
        next[static_cast<std::size_t>(k)] = slot_head[s];
        slot_head[s] = k;
    }
    // The first free tile of value v (-1: none).
    int first(std::int32_t v) const {
        const long s = slot(v);
        return s < 0 ? -1 : slot_head[static_cast<std::size_t>(s)];
    }
};

// Lists the tiles that can be in a link, 64 cells of a row at a time (one word of the field's
// row bits). A tile is free when a bit of its row's neighbourhood word is set: the empty cells
// left and right of it in its own row, above it in the row above, below it in the row below.
// A first loop, with no branch (the compiler does several cells at a time), gives each cell a
// byte: bit 0 it is a tile with a partner value, bit 1 its right neighbour pairs with it, bit 2
// its lower one. Packed into words, 8 bytes at a time (detail::pack_low_bits), those give the
// tiles to keep: free ones and those with a partner next to them; only they are visited. `partner(v)` gives the value that pairs with v, or a
// negative number when none can (a sum partner out of range).
template <class Partner>
int scan_tiles(const LinkField& field, std::uint32_t* tiles, Partner partner) {
    const int width = field.width(), height = field.height();
    const int pw = width + 2;
    const int words = FieldAccess::row_words(field);
    const std::int32_t* c = FieldAccess::cells(field);
    const std::uint64_t* rows = FieldAccess::rows(field);
    constexpr std::uint64_t low_bits = 0x0101010101010101u;
    std::uint8_t flags[72];  // a chunk's bytes, and zeros up to the next multiple of 8
    int count = 0;
    for (int py = 1; py <= height; ++py) {
        const std::uint64_t* above = rows + static_cast<std::ptrdiff_t>(py - 1) * words;
        const std::uint64_t* row = above + words;
        const std::uint64_t* below = row + words;
        for (int w = 0; w < words; ++w) {
            const std::uint64_t from_left = row[w] << 1 | (w > 0 ? row[w - 1] >> 63 : 0);
            const std::uint64_t from_right = row[w] >> 1 | (w + 1 < words ? row[w + 1] << 63 : 0);
            const std::uint64_t near = from_left | from_right | above[w] | below[w];
            const int first = std::max(1, w * 64), last = std::min(width, w * 64 + 63);
            const int n = last - first + 1;
            const std::int32_t* cells = c + py * pw + first;
            for (int j = 0; j < n; ++j) {
                const std::int32_t v = cells[j];
                const auto pv = partner(v);
                flags[j] = static_cast<std::uint8_t>(static_cast<int>(v >= 0) & static_cast<int>(pv >= 0)) |
                           static_cast<std::uint8_t>(static_cast<int>(cells[j + 1] == pv) << 1) |
                           static_cast<std::uint8_t>(static_cast<int>(cells[j + pw] == pv) << 2);
            }
            std::fill(flags + n, flags + n + 8, std::uint8_t{0});
            std::uint64_t tile = 0, pairs = 0;
            for (int i = 0; i < n; i += 8) {
                const std::uint64_t x = detail::load_bytes(flags + i);
                tile |= detail::pack_low_bits(x & low_bits) << i;
                pairs |= detail::pack_low_bits((x >> 1 | x >> 2) & low_bits) << i;
            }
            const std::uint64_t free_bits = near >> (first & 63);
            const int base = py * pw + first;
            for (std::uint64_t keep = tile & (free_bits | pairs); keep != 0; keep &= keep - 1) {
                const int j = std::countr_zero(keep);
                tiles[count++] = static_cast<std::uint32_t>(base + j) << 3 | static_cast<std::uint32_t>((free_bits >> j) & 1) |
                                 (flags[j] & (tile_right | tile_below));
            }
        }
    }
    return count;
}

// The links of the listed tiles (see all_links), with the path search inlined for the field's view.
template <class View>
void emit_links(const View& view, const std::int32_t* c, int pw, const LinkRules& rules, TileScan& scan, int count,
                std::vector<LinkPath>& out) {
    const std::uint32_t* tiles = scan.tiles.data();
    const Cell* cells = scan.cells.data();
    const int* next = scan.next.data();
    // Each free tile's reach, worked out once, when a pair first needs it.
    constexpr int unknown = std::numeric_limits<int>::min();
    scan.reach.assign(static_cast<std::size_t>(count), detail::Reach{unknown, 0, 0, 0});
    detail::Reach* reach = scan.reach.data();
    auto reach_at = [&](int k) -> const detail::Reach& {
        detail::Reach& r = reach[k];
        if (r.up == unknown) r = detail::reach_of(view, cells[k].x, cells[k].y);
        return r;
    };
    std::size_t found = 0;  // out[0, found) hold this query's links; later elements are spare buffers
    auto slot = [&]() -> LinkPath& {
        if (found == out.size()) out.emplace_back();
        return out[found];
    };
    auto adjacent = [&](Cell a, Cell b) {
        LinkPath& link = slot();
        link.a = a;
        link.b = b;
        link.turns = 0;
        const Cell corners[2] = {a, b};
        link.path.assign(corners, corners + 2);
        ++found;
    };
    auto walled_in = [&](int p) {
        return c[p - 1] != cell::empty && c[p + 1] != cell::empty && c[p - pw] != cell::empty && c[p + pw] != cell::empty;
    };
    for (int k = 0; k < count; ++k) {
        const std::uint32_t t = tiles[k];
        const Cell pa = cells[k];
        const Cell a{pa.x - 1, pa.y - 1};
        if (!(t & tile_free)) {
            // Walled in: only the tiles right of it and below it can still come after it.
            if (t & tile_right) adjacent(a, Cell{a.x + 1, a.y});
            if (t & tile_below) adjacent(a, Cell{a.x, a.y + 1});
            continue;
        }
        const int p = static_cast<int>(t >> 3);
        // The right and lower neighbours when they pair, as candidates of their own only when
        // walled in (free ones come through the chain, in order).
        if ((t & tile_right) && walled_in(p + 1)) adjacent(a, Cell{a.x + 1, a.y});
        bool below_pending = (t & tile_below) && walled_in(p + pw);
        // Free partners after this tile in row-major order, the lower neighbour in its place.
        const std::int32_t value = c[p];
        const std::int64_t partner = rules.pair.partner(value);
        int other = partner == value ? next[k] : scan.first(static_cast<std::int32_t>(partner));
        while (other >= 0 && other <= k) other = next[other];
        for (; other >= 0; other = next[other]) {
            const int o = static_cast<int>(tiles[other] >> 3);
            if (below_pending && o > p + pw) {
                adjacent(a, Cell{a.x, a.y + 1});
                below_pending = false;
            }
            const Cell pb = cells[other];
            if (o == p + 1 || o == p + pw) {
                adjacent(a, Cell{pb.x - 1, pb.y - 1});
                continue;
            }
            // A link of up to 2 turns has its corners, or its straight middle, where both tiles'
            // reaches meet: the rows both reach vertically or the columns both reach horizontally
            // overlap. Without that no query is made (3-turn links need no such overlap).
            const detail::Reach& ra = reach_at(k);
            const detail::Reach& rb = reach_at(other);
            if (rules.max_turns <= 2 && std::max(ra.up, rb.up) > std::min(ra.down, rb.down) &&
                std::max(ra.left, rb.left) > std::min(ra.right, rb.right))
                continue;
            if (detail::search<true>(view, pa.x, pa.y, pb.x, pb.y, rules.max_turns, slot(), &ra, &rb)) ++found;
        }
        if (below_pending) adjacent(a, Cell{a.x, a.y + 1});
    }
    out.resize(found);
}
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
    // tile links at most to those two neighbours, and one with neither is not even listed. On a
    // full deal only the tiles on the edge are free: the chains hold 48 tiles, not 144, and no
    // query is made for a pair that cannot link. Two adjacent tiles always link, straight, with
    // nothing between them: that path ([a, b], 0 turns, what find_link gives) is written here
    // without a query.
    const int width = field.width();
    const int cells = width * field.height();
    const int pw = width + 2;
    const std::int32_t* c = FieldAccess::cells(field);
    thread_local TileScan scan;
    scan.tiles.resize(static_cast<std::size_t>(cells));
    int count = 0;
    if (rules.pair.rule == Pairing::Rule::equal) {
        count = scan_tiles(field, scan.tiles.data(), [](std::int32_t v) { return v; });
    } else {
        const std::int64_t sum = rules.pair.sum;
        count = scan_tiles(field, scan.tiles.data(), [sum](std::int32_t v) {
            const std::int64_t p = sum - v;
            return p <= std::numeric_limits<std::int32_t>::max() ? p : -1;
        });
    }
    // The listed tiles' coordinates, and the chains of the free ones.
    scan.cells.resize(static_cast<std::size_t>(count));
    scan.next.resize(static_cast<std::size_t>(count));
    std::int32_t low = std::numeric_limits<std::int32_t>::max(), high = std::numeric_limits<std::int32_t>::min();
    int free_tiles = 0;
    for (int k = 0; k < count; ++k) {
        const std::uint32_t t = scan.tiles[static_cast<std::size_t>(k)];
        const int p = static_cast<int>(t >> 3);
        const int py = p / pw;
        scan.cells[static_cast<std::size_t>(k)] = Cell{p - py * pw, py};
        if (t & tile_free) {
            ++free_tiles;
            low = std::min(low, c[p]);
            high = std::max(high, c[p]);
        }
    }
    scan.reset_slots(cells, free_tiles, low, high);
    for (int k = count; k-- > 0;) {
        const std::uint32_t t = scan.tiles[static_cast<std::size_t>(k)];
        if (t & tile_free) scan.push_front(c[t >> 3], k);
    }
    if (FieldAccess::one_word(field))
        emit_links(detail::OneWordView{FieldAccess::rows(field), FieldAccess::cols(field)}, c, pw, rules, scan, count, out);
    else
        emit_links(detail::WordsView{FieldAccess::rows(field), FieldAccess::cols(field), FieldAccess::row_words(field),
                                     FieldAccess::col_words(field)},
                   c, pw, rules, scan, count, out);
}

std::vector<LinkPath> all_links(const Board& board, const LinkRules& rules) {
    std::vector<LinkPath> out;
    all_links(board, rules, out);
    return out;
}

void all_links(const Board& board, const LinkRules& rules, std::vector<LinkPath>& out) {
    // One field per thread, rebuilt in place for each query: no allocation once it has seen a
    // board this big (docs/link.md "Paths").
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
                                   (cells.size() == 1 ? " tile" : " tiles") + ": an odd count can never be cleared",
                               cells.front(), Diagnostic::Severity::warning, "link.odd-count"});
            continue;
        }
        auto it = by_value.find(partner);
        const std::size_t partners = it == by_value.end() ? 0 : it->second.size();
        if (partners == 0)
            out.push_back({"value " + std::to_string(value) + " has no partner (" + std::to_string(partner) + ") on the board",
                           cells.front(), Diagnostic::Severity::warning, "link.no-partner"});
        else if (partners != cells.size() && value < partner)
            out.push_back({"values " + std::to_string(value) + " and " + std::to_string(partner) + " have " +
                               std::to_string(cells.size()) + " and " + std::to_string(partners) +
                               " tiles: some can never be cleared",
                           cells.front(), Diagnostic::Severity::warning, "link.unequal-partners"});
    }
    return out;
}

}  // namespace tilelab::link
