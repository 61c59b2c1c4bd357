// The link generator: boards laid down pair by pair in reverse play, so solvable by construction.
//
// Each pair is put on two empty cells that link once both are placed. Playing the pairs back in
// the opposite order clears the board: when a pair is removed, the board is exactly the board
// right after that pair was placed, on which it linked.
#include <algorithm>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {

constexpr int max_attempts = 200;

// One placement attempt; returns false when no two empty cells link any more (a dead end).
bool lay_pairs(Board& board, const LinkRules& rules, const std::vector<std::pair<std::int32_t, std::int32_t>>& pairs, Rng& rng) {
    LinkField field(board, rules.border);
    std::vector<Cell> empty;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        empty.clear();
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x)
                if (board.at(x, y) == cell::empty) empty.push_back({x, y});
        if (empty.size() < 2) return false;
        // Try first cells in random order; the partner is drawn among the cells that link.
        for (std::size_t i = empty.size() - 1; i > 0; --i) std::swap(empty[i], empty[rng.uniform(static_cast<std::uint32_t>(i + 1))]);
        bool placed = false;
        std::vector<Cell> partners;
        for (Cell a : empty) {
            field.set(a, pairs[k].first);
            partners.clear();
            for (Cell b : empty) {
                if (b == a) continue;
                field.set(b, pairs[k].second);
                if (field.links(a, b, rules.max_turns)) partners.push_back(b);
                field.set(b, cell::empty);
            }
            if (!partners.empty()) {
                Cell b = partners[rng.uniform(static_cast<std::uint32_t>(partners.size()))];
                field.set(b, pairs[k].second);
                board.at(a) = pairs[k].first;
                board.at(b) = pairs[k].second;
                placed = true;
                break;
            }
            field.set(a, cell::empty);
        }
        if (!placed) return false;
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
    int values = options.colors ? *options.colors : room / options.copies;
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
        if (sum < 2 || values > (sum - 1) / 2 + (sum % 2 == 0 ? 1 : 0)) {
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
