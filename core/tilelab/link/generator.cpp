// The link generator: boards laid down pair by pair in reverse play, so solvable by construction.
//
// Each pair is put on two empty cells that link once both are placed. Playing the pairs back in
// the opposite order clears the board: when a pair is removed, the board is exactly the board
// right after that pair was placed, on which it linked.
#include <algorithm>
#include <optional>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {

constexpr int max_attempts = 200;

// Connected regions of empty board cells (through the ring when the border is on). Keeping
// the empty cells in as few regions as before each placement keeps two adjacent empty cells
// around to the very end, and adjacent cells always link: without it, most full boards end in
// scattered holes that no pair can fill.
int empty_regions(const Board& board, bool border) {
    const int pw = board.width + 2, ph = board.height + 2;
    auto free = [&](int px, int py) {
        if (px < 0 || py < 0 || px >= pw || py >= ph) return false;
        if (px == 0 || py == 0 || px == pw - 1 || py == ph - 1) return border;
        return board.at(px - 1, py - 1) == cell::empty;
    };
    std::vector<char> seen(static_cast<std::size_t>(pw * ph), 0);
    std::vector<int> stack;
    int regions = 0;
    bool ring_counted = false;
    for (int py = 0; py < ph; ++py)
        for (int px = 0; px < pw; ++px) {
            if (!free(px, py) || seen[static_cast<std::size_t>(py * pw + px)]) continue;
            bool has_board_cell = false;
            seen[static_cast<std::size_t>(py * pw + px)] = 1;
            stack.push_back(py * pw + px);
            while (!stack.empty()) {
                int i = stack.back();
                stack.pop_back();
                int x = i % pw, y = i / pw;
                if (x > 0 && y > 0 && x < pw - 1 && y < ph - 1) has_board_cell = true;
                const int nx[4] = {x + 1, x - 1, x, x}, ny[4] = {y, y, y + 1, y - 1};
                for (int k = 0; k < 4; ++k)
                    if (free(nx[k], ny[k]) && !seen[static_cast<std::size_t>(ny[k] * pw + nx[k])]) {
                        seen[static_cast<std::size_t>(ny[k] * pw + nx[k])] = 1;
                        stack.push_back(ny[k] * pw + nx[k]);
                    }
            }
            if (has_board_cell) ++regions;
            ring_counted = true;
        }
    (void)ring_counted;
    return regions;
}

// One placement attempt; returns false when no two empty cells link any more (a dead end).
bool lay_pairs(Board& board, const LinkRules& rules, const std::vector<std::pair<std::int32_t, std::int32_t>>& pairs, Rng& rng) {
    LinkField field(board, rules.border);
    std::vector<Cell> empty, partners;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        empty.clear();
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x)
                if (board.at(x, y) == cell::empty) empty.push_back({x, y});
        if (empty.size() < 2) return false;
        const int regions = empty_regions(board, rules.border);
        for (std::size_t i = empty.size() - 1; i > 0; --i) std::swap(empty[i], empty[rng.uniform(static_cast<std::uint32_t>(i + 1))]);
        std::optional<std::pair<Cell, Cell>> chosen, fallback;
        for (Cell a : empty) {
            field.set(a, pairs[k].first);
            partners.clear();
            for (Cell b : empty) {
                if (b == a) continue;
                field.set(b, pairs[k].second);
                if (field.links(a, b, rules.max_turns)) partners.push_back(b);
                field.set(b, cell::empty);
            }
            field.set(a, cell::empty);
            for (std::size_t i = partners.size(); i > 1; --i) std::swap(partners[i - 1], partners[rng.uniform(static_cast<std::uint32_t>(i))]);
            for (Cell b : partners) {
                if (!fallback) fallback = std::pair{a, b};
                board.at(a) = pairs[k].first;
                board.at(b) = pairs[k].second;
                const bool keeps_regions = empty.size() == 2 || empty_regions(board, rules.border) <= regions;
                board.at(a) = cell::empty;
                board.at(b) = cell::empty;
                if (keeps_regions) {
                    chosen = std::pair{a, b};
                    break;
                }
            }
            if (chosen) break;
        }
        if (!chosen) chosen = fallback;
        if (!chosen) return false;
        board.at(chosen->first) = pairs[k].first;
        board.at(chosen->second) = pairs[k].second;
        field.set(chosen->first, pairs[k].first);
        field.set(chosen->second, pairs[k].second);
    }
    return true;
}

}  // namespace

GenerateResult generate(const GenerateOptions& options) {
    GenerateResult result;
    if (options.width < 1 || options.height < 1 || options.width > max_board_side || options.height > max_board_side) {
        result.error = "link: width and height must be 1.." + std::to_string(max_board_side);
        return result;
    }
    if (options.copies != 2 && options.copies != 4) {
        result.error = "link: copies per value must be 2 or 4";
        return result;
    }
    const int cells = options.width * options.height;
    const int blockers = std::clamp(options.blockers, 0, cells);
    const int room = cells - blockers;
    // By default as many values as fill the board (a sum rule allows only sum / 2 of them).
    int values = room / options.copies;
    if (options.pair.rule == Pairing::Rule::sum && options.pair.sum >= 2)
        values = static_cast<int>(std::min<std::int64_t>(values, options.pair.sum / 2));
    if (options.colors) values = *options.colors;
    if (values < 1) {
        result.error = "link: no room for a single value (" + std::to_string(room) + " free cells, " +
                       std::to_string(options.copies) + " copies per value)";
        return result;
    }
    if (values * options.copies > room) {
        result.error = "link: " + std::to_string(values) + " values x " + std::to_string(options.copies) + " copies need " +
                       std::to_string(values * options.copies) + " cells; the board has " + std::to_string(room) + " free";
        return result;
    }
    // The pairs to lay down: equal values 1..values, or sum partners (v, N - v) for v = 1..values.
    std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
    if (options.pair.rule == Pairing::Rule::sum) {
        const std::int64_t sum = options.pair.sum;
        if (sum < 2 || values > sum / 2) {
            result.error = "link: the sum " + std::to_string(sum) + " does not allow " + std::to_string(values) +
                           " distinct positive pairs";
            return result;
        }
        for (int v = 1; v <= values; ++v)
            for (int c = 0; c < options.copies / 2; ++c)
                pairs.emplace_back(static_cast<std::int32_t>(v), static_cast<std::int32_t>(sum - v));
    } else {
        for (int v = 1; v <= values; ++v)
            for (int c = 0; c < options.copies / 2; ++c) pairs.emplace_back(v, v);
    }

    Level level = make_blank_level(Kind::link, options.width, options.height);
    level.seed = options.seed;
    level.rules.pair = options.pair;
    level.present.insert("rules/pair");
    level.present.insert("goal/clear");
    level.goal.clear = true;
    const LinkRules rules = rules_of(level);

    Rng rng(options.seed);
    for (int attempt = 0; attempt < max_attempts; ++attempt) {
        Board board(options.width, options.height, cell::empty);
        // Blockers on distinct random cells.
        std::vector<int> order(static_cast<std::size_t>(cells));
        for (int i = 0; i < cells; ++i) order[static_cast<std::size_t>(i)] = i;
        for (int i = cells - 1; i > 0; --i) std::swap(order[static_cast<std::size_t>(i)], order[rng.uniform(static_cast<std::uint32_t>(i + 1))]);
        for (int i = 0; i < blockers; ++i) board.cells[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = cell::blocker;
        // The pairs in random order: the last laid is the first removed.
        auto shuffled = pairs;
        for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[rng.uniform(static_cast<std::uint32_t>(i))]);
        if (lay_pairs(board, rules, shuffled, rng)) {
            level.board = std::move(board);
            result.level = std::move(level);
            return result;
        }
    }
    result.error = "link: no solvable layout found in " + std::to_string(max_attempts) +
                   " attempts; try fewer values, fewer blockers or a larger board";
    return result;
}

}  // namespace tilelab::link
