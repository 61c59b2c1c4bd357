// match3 generator: row-major draws excluding colours that would complete a run, then "has a move or redraw".
#include "tilelab/match3/generator.hpp"

#include <algorithm>

#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"

namespace tilelab::match3 {

namespace {
bool settled_and_alive(const Board& board, const RulesConfig& rules, HintScanner& scanner) {
    scanner.scan(board, rules);
    return scanner.runs().empty() && !scanner.dead();
}
}  // namespace

GenerateResult generate_level(const GenerateOptions& options) {
    GenerateResult result;
    if (options.width < 1 || options.height < 1 || options.width > max_board_side || options.height > max_board_side) {
        result.error = "match3: width and height must be 1.." + std::to_string(max_board_side);
        return result;
    }
    const int colors = options.colors.value_or(6);
    if (colors < 2 || colors > 16) {
        result.error = "match3: colors must be 2..16";
        return result;
    }
    Level level = make_blank_level(Kind::match3, options.width, options.height);
    level.name.clear();  // the caller names it (the CLI from the options)
    level.seed = options.seed;
    level.rules.colors = colors;
    level.present.insert("rules/colors");
    level.goal.moves = 20;
    level.goal.score = 3000;
    level.present.insert("goal/moves");
    level.present.insert("goal/score");
    const RulesConfig rules = RulesConfig::of(level);
    const int cells = options.width * options.height;
    const int blockers = std::clamp(options.blockers, 0, std::max(cells - 2, 0));
    Rng rng(options.seed);
    HintScanner scanner;
    std::vector<int> free;
    for (int attempt = 0; attempt < max_generate_attempts; ++attempt) {
        Board board(options.width, options.height, cell::random);
        free.resize(static_cast<std::size_t>(cells));
        for (int i = 0; i < cells; ++i) free[static_cast<std::size_t>(i)] = i;
        for (int i = 0; i < blockers; ++i) {
            const auto pick = rng.uniform(static_cast<std::uint32_t>(free.size()));
            board.cells[static_cast<std::size_t>(free[pick])] = cell::blocker;
            free.erase(free.begin() + pick);
        }
        draw_random_pieces(board, rules.colors, rules.min_match, rng);
        if (settled_and_alive(board, rules, scanner)) {
            level.board = std::move(board);
            result.level = std::move(level);
            return result;
        }
    }
    result.error = "match3: no board with a legal move after " + std::to_string(max_generate_attempts) +
                   " attempts (is the board too small?)";
    return result;
}

bool fill_cells(Board& board, const std::vector<Cell>& selection, const RulesConfig& rules, Rng& rng, int attempts) {
    std::vector<Cell> cells;
    for (Cell c : selection)
        if (board.contains(c) && board.at(c) != cell::blocker && board.at(c) != cell::hole) cells.push_back(c);
    // Row-major, as the generator fills, so that exclusions see the cells already drawn.
    std::sort(cells.begin(), cells.end(), [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    std::vector<int> allowed(static_cast<std::size_t>(rules.colors));
    HintScanner scanner;
    for (int attempt = 0; attempt < std::max(attempts, 1); ++attempt) {
        for (Cell c : cells) board.at(c) = cell::random;  // not a piece: no exclusion from stale colours
        for (Cell c : cells) {
            const int n = allowed_colors(board, c.x, c.y, rules.colors, rules.min_match, allowed.data());
            board.at(c) = n == 0 ? static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(rules.colors)))
                                 : allowed[rng.uniform(static_cast<std::uint32_t>(n))];
        }
        if (settled_and_alive(board, rules, scanner)) return true;
    }
    return false;
}

bool fill_selection(Board& board, const std::vector<Cell>& selection, const Rules& rules, Rng& rng, int attempts) {
    Level level;
    level.rules = rules;
    return fill_cells(board, selection, RulesConfig::of(level), rng, attempts);
}

}  // namespace tilelab::match3
