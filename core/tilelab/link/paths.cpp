// Link paths from the field's bits: fewest turns, then shortest length, without searching the board.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <limits>

#include "tilelab/link/link.hpp"
#include "tilelab/link/search.hpp"

namespace tilelab::link {

namespace {
constexpr std::int32_t ring_wall = cell::blocker;
using detail::Word;
}  // namespace

LinkRules rules_of(const Level& level) {
    const Rules& level_rules = level.rules.as<Rules>();
    LinkRules rules;
    rules.pair = level_rules.pair;
    rules.max_turns = std::clamp(level_rules.max_turns, 0, 3);
    rules.border = level_rules.border;
    return rules;
}

LinkField::LinkField(const Board& board, bool border) { assign(board, border); }

void LinkField::assign(const Board& board, bool border) {
    width_ = board.width;
    height_ = board.height;
    pw_ = board.width + 2;
    ph_ = board.height + 2;
    border_ = border;
    row_words_ = (pw_ + 63) / 64;
    col_words_ = (ph_ + 63) / 64;
    // Locals, not members, in the loops: a store through an int32 pointer could change a member,
    // and the compiler would then count the loop's steps again at every cell.
    const int width = width_, height = height_, pw = pw_, ph = ph_;
    const std::size_t n = static_cast<std::size_t>(pw) * static_cast<std::size_t>(ph);
    const std::int32_t ring = border ? cell::empty : ring_wall;
    cells_.resize(n);
    std::int32_t* out = cells_.data();
    std::fill(out, out + pw, ring);
    std::fill(out + (ph - 1) * pw, out + n, ring);
    for (int y = 0; y < height; ++y) {
        std::int32_t* row = out + (y + 1) * pw;
        const std::int32_t* in = board.cells.data() + static_cast<std::ptrdiff_t>(y) * width;
        row[0] = ring;
        row[pw - 1] = ring;
        // Anything that is neither a tile nor empty (-1) stops paths like a blocker (-2).
        for (int x = 0; x < width; ++x) row[x + 1] = std::max(in[x], cell::blocker);
    }
    // The bits of the empty cells, row by row, without a branch a cell.
    const int row_words = row_words_, col_words = col_words_;
    rows_.assign(static_cast<std::size_t>(ph) * static_cast<std::size_t>(row_words), 0);
    cols_.assign(static_cast<std::size_t>(pw) * static_cast<std::size_t>(col_words), 0);
    const std::int32_t* cells = cells_.data();
    Word* cols = cols_.data();
    if (row_words == 1 && col_words == 1) {
        // One word a row and a column (sides up to 62 cells): every deal. A row's cells become
        // bytes (0 or 1, a loop the compiler does several cells at a time), and each 8 bytes
        // become 8 bits with one multiplication (detail::pack_bytes). The rows go from the bottom
        // up, so each column's word takes its next bit at the bottom.
        for (int py = ph; py-- > 0;) {
            const std::int32_t* c = cells + static_cast<std::ptrdiff_t>(py) * pw;
            std::uint8_t empty[64] = {};
            for (int px = 0; px < pw; ++px) empty[px] = static_cast<std::uint8_t>(c[px] == cell::empty);
            Word row = 0;
            for (int i = 0; i < pw; i += 8) row |= detail::pack_bytes(empty + i) << i;
            rows_[static_cast<std::size_t>(py)] = row;
            for (int px = 0; px < pw; ++px) cols[px] = cols[px] << 1 | empty[px];
        }
        return;
    }
    Word* rows = rows_.data();
    for (int py = 0; py < ph; ++py) {
        const std::int32_t* c = cells + static_cast<std::ptrdiff_t>(py) * pw;
        Word* row = rows + static_cast<std::ptrdiff_t>(py) * row_words;
        for (int px = 0; px < pw; ++px) {
            const Word e = c[px] == cell::empty;
            row[px >> 6] |= e << (px & 63);
            cols[px * col_words + (py >> 6)] |= e << (py & 63);
        }
    }
}

void LinkField::set(Cell c, std::int32_t value) {
    int px = c.x + 1, py = c.y + 1;
    if (px < 1 || py < 1 || px > width_ || py > height_) return;
    auto i = static_cast<std::size_t>(pad_index(px, py));
    if (!cell::is_value(value) && value != cell::empty) value = cell::blocker;
    if (cells_[i] == value) return;
    cells_[i] = value;
    Word& row = rows_[static_cast<std::size_t>(py * row_words_ + (px >> 6))];
    Word& col = cols_[static_cast<std::size_t>(px * col_words_ + (py >> 6))];
    const Word row_bit = Word{1} << (px & 63), col_bit = Word{1} << (py & 63);
    if (value == cell::empty) {
        row |= row_bit;
        col |= col_bit;
    } else {
        row &= ~row_bit;
        col &= ~col_bit;
    }
}

bool LinkField::find_link(Cell a, Cell b, int max_turns, LinkPath& out) const {
    if (a == b || !is_tile(a) || !is_tile(b)) return false;
    const int ax = a.x + 1, ay = a.y + 1, bx = b.x + 1, by = b.y + 1;
    if (one_word()) return detail::search<false>(detail::OneWordView{rows_.data(), cols_.data()}, ax, ay, bx, by, max_turns, out);
    return detail::search<false>(detail::WordsView{rows_.data(), cols_.data(), row_words_, col_words_}, ax, ay, bx, by, max_turns,
                                 out);
}

std::optional<LinkPath> LinkField::find_link(Cell a, Cell b, int max_turns) const {
    LinkPath path;
    if (!find_link(a, b, max_turns, path)) return std::nullopt;
    return path;
}

bool LinkField::links(Cell a, Cell b, int max_turns) const {
    // The shortest-path search above costs little more than a yes/no search: the loops are
    // over one row or column of reach, and the 0 and 1 turn cases return at once.
    return find_link(a, b, max_turns).has_value();
}

int path_length(const std::vector<Cell>& corners) {
    int length = 0;
    for (std::size_t i = 1; i < corners.size(); ++i)
        length += std::abs(corners[i].x - corners[i - 1].x) + std::abs(corners[i].y - corners[i - 1].y);
    return length;
}

std::optional<LinkPath> link_pair(const Board& board, const LinkRules& rules, Cell a, Cell b) {
    if (!board.contains(a) || !board.contains(b) || a == b) return std::nullopt;
    std::int32_t va = board.at(a), vb = board.at(b);
    if (!cell::is_value(va) || !cell::is_value(vb) || !rules.pair.pairs(va, vb)) return std::nullopt;
    return LinkField(board, rules.border).find_link(a, b, rules.max_turns);
}

}  // namespace tilelab::link
