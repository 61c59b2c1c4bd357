// match3 generator: row-major draws excluding colours that would complete a run, then "has a move or redraw".
#include "tilelab/match3/generator.hpp"

#include <algorithm>

#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/v2.hpp"

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
    level.rules.as<Rules>().colors = colors;
    level.present.insert("rules/colors");
    Goal& goal = level.goal.as<Goal>();
    level.goal.moves = 20;
    goal.score = 3000;
    level.present.insert("goal/moves");
    level.present.insert("goal/score");
    const RulesConfig rules = RulesConfig::of(level);
    const int cells = options.width * options.height;
    const int blockers = std::clamp(options.blockers, 0, std::max(cells - 2, 0));
    if (options.crates < 0 || options.ingredients < 0 || options.locks < 0) {
        result.error = "match3: --crates, --ingredients and --locks take a count of 0 or more";
        return result;
    }
    if (options.ingredients > options.width) {
        result.error = "match3: " + std::to_string(options.ingredients) + " ingredients need as many columns (the board has " +
                       std::to_string(options.width) + ")";
        return result;
    }
    const bool items = options.crates > 0 || options.ingredients > 0 || options.locks > 0;
    if (options.ingredients > 0) {
        goal.ingredients = options.ingredients;
        level.present.insert("goal/ingredients");
    }
    if (options.crates > 0) {
        goal.crates = true;
        level.present.insert("goal/crates");
    }
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
        // Format 2 items (only drawn when asked, so plain levels keep their draws). Ingredients go on
        // the top row of columns without a blocker, so each can fall all the way to its exit; no
        // crate goes in those columns, so no crate seals an ingredient's only way down.
        std::vector<int> ingredient_cols;
        if (items) {
            std::vector<int> open_cols;
            for (int x = 0; x < options.width; ++x) {
                bool open = true;
                for (int y = 0; y < options.height; ++y) open &= board.at(x, y) != cell::blocker;
                if (open) open_cols.push_back(x);
            }
            if (static_cast<int>(open_cols.size()) < options.ingredients) continue;
            for (int i = 0; i < options.ingredients; ++i) {
                const auto pick = rng.uniform(static_cast<std::uint32_t>(open_cols.size()));
                ingredient_cols.push_back(open_cols[pick]);
                board.at(open_cols[pick], 0) = cell::ingredient;
                open_cols.erase(open_cols.begin() + pick);
            }
            std::vector<int> crate_cells;
            for (int idx : free)
                if (idx / options.width > 0 && board.cells[static_cast<std::size_t>(idx)] == cell::random &&
                    std::find(ingredient_cols.begin(), ingredient_cols.end(), idx % options.width) == ingredient_cols.end())
                    crate_cells.push_back(idx);
            if (static_cast<int>(crate_cells.size()) < options.crates) {
                result.error = "match3: no room for " + std::to_string(options.crates) + " crates below the top row";
                return result;
            }
            for (int i = 0; i < options.crates; ++i) {
                const auto pick = rng.uniform(static_cast<std::uint32_t>(crate_cells.size()));
                board.cells[static_cast<std::size_t>(crate_cells[pick])] = cell::crate(1 + static_cast<int>(rng.uniform(3)));
                crate_cells.erase(crate_cells.begin() + pick);
            }
        }
        draw_random_pieces(board, rules.colors, rules.min_match, rng);
        if (items) {
            std::vector<int> pieces;
            for (int i = 0; i < cells; ++i)
                if (cell::is_value(board.cells[static_cast<std::size_t>(i)])) pieces.push_back(i);
            if (static_cast<int>(pieces.size()) < options.locks) {
                result.error = "match3: no room for " + std::to_string(options.locks) + " locks (" +
                               std::to_string(pieces.size()) + " pieces)";
                return result;
            }
            Grid lock(options.width, options.height, 0);
            for (int i = 0; i < options.locks; ++i) {
                const auto pick = rng.uniform(static_cast<std::uint32_t>(pieces.size()));
                lock.cells[static_cast<std::size_t>(pieces[pick])] = 1;
                pieces.erase(pieces.begin() + pick);
            }
            // Settled and alive under the format 2 rules: no run, and a move (locks remove some).
            if (!v2::match_groups(board, rules.min_match).empty()) continue;
            const std::optional<Grid> locks = options.locks > 0 ? std::optional<Grid>(lock) : std::nullopt;
            if (v2::legal_moves(board, locks, rules.min_match).empty()) continue;
            level.lock = locks;
            level.board = std::move(board);
            result.level = std::move(level);
            return result;
        }
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
    level.rules.as<Rules>() = rules;
    return fill_cells(board, selection, RulesConfig::of(level), rng, attempts);
}

}  // namespace tilelab::match3
