// The link generator: solvable boards, proved by the solver or laid down in reverse play.
//
// First choice: a random deal (tiles shuffled over the free cells) that the solver proves
// solvable within a small budget; such boards look like the deals players know. When no deal is
// proved in a few tries (many blockers, huge boards), the pairs are laid down in reverse play:
// each pair goes on two empty cells that link once both are placed, so playing the pairs back
// in the opposite order clears the board (when a pair is removed, the board is exactly the board
// right after it was placed, on which it linked).
#include <algorithm>
#include <optional>
#include <string>

#include "tilelab/link/link.hpp"

namespace tilelab::link {

namespace {

constexpr int max_attempts = 200;
constexpr int deal_attempts = 8;
constexpr int deal_budget_ms = 150;
// Above this many cells the region test would cost too much per pair; such boards are filled
// to about half by default, which reverse play lays down without dead ends.
constexpr int region_check_cells = 4096;

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
// Partners of a cell are its empty neighbours (adjacent cells always link) and a bounded sample
// of other empty cells; the region test runs on boards up to region_check_cells, so the cost
// stays bounded on the largest boards.
// `only`, when given, lists the empty cells that may take a pair (the rest stay empty: the
// editor's fill of an area).
bool lay_pairs(Board& board, const LinkRules& rules, const std::vector<std::pair<std::int32_t, std::int32_t>>& pairs, Rng& rng,
               const std::vector<Cell>* only = nullptr) {
    const std::size_t sampled_partners = board.size() <= region_check_cells ? 64 : 12;
    constexpr std::size_t tried_first_cells = 48;
    const bool check_regions = board.size() <= region_check_cells;
    LinkField field(board, rules.border);
    std::vector<Cell> empty, partners, firsts, recent;
    std::vector<int> slot(static_cast<std::size_t>(board.size()), -1);  // cell -> place in `empty`
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x)
            if (board.at(x, y) == cell::empty && (!only || std::find(only->begin(), only->end(), Cell{x, y}) != only->end())) {
                slot[static_cast<std::size_t>(board.index(x, y))] = static_cast<int>(empty.size());
                empty.push_back({x, y});
            }
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        if (empty.size() < 2) return false;
        const int regions = check_regions ? empty_regions(board, rules.border) : 0;
        std::optional<std::pair<Cell, Cell>> chosen, fallback;
        // First cells to try: the neighbours of the last pair (their room just shrank) and a
        // random sample, fewest empty neighbours first. Filling pockets and dead ends early keeps
        // the empty cells in one piece; a pocket left for later can only link in a straight line.
        auto empty_neighbours = [&](Cell c) {
            int n = 0;
            for (Cell d : {Cell{c.x + 1, c.y}, Cell{c.x - 1, c.y}, Cell{c.x, c.y + 1}, Cell{c.x, c.y - 1}})
                n += board.contains(d) ? board.at(d) == cell::empty : rules.border;
            return n;
        };
        firsts.clear();
        for (Cell c : recent)
            for (Cell d : {Cell{c.x + 1, c.y}, Cell{c.x - 1, c.y}, Cell{c.x, c.y + 1}, Cell{c.x, c.y - 1}})
                if (board.contains(d) && board.at(d) == cell::empty && slot[static_cast<std::size_t>(board.index(d.x, d.y))] >= 0)
                    firsts.push_back(d);
        for (std::size_t i = 0; i < std::min(tried_first_cells, empty.size()); ++i)
            firsts.push_back(empty[rng.uniform(static_cast<std::uint32_t>(empty.size()))]);
        std::stable_sort(firsts.begin(), firsts.end(), [&](Cell l, Cell r) { return empty_neighbours(l) < empty_neighbours(r); });
        for (std::size_t attempt = 0; attempt < firsts.size() && !chosen; ++attempt) {
            const Cell a = firsts[attempt];
            field.set(a, pairs[k].first);
            partners.clear();
            auto consider = [&](Cell b) {
                if (b == a || !board.contains(b) || board.at(b) != cell::empty) return;
                if (slot[static_cast<std::size_t>(board.index(b.x, b.y))] < 0) return;  // not ours to fill
                if (std::find(partners.begin(), partners.end(), b) != partners.end()) return;
                field.set(b, pairs[k].second);
                if (field.links(a, b, rules.max_turns)) partners.push_back(b);
                field.set(b, cell::empty);
            };
            if (empty.size() <= sampled_partners) {
                for (Cell b : empty) consider(b);
            } else {
                for (std::size_t i = 0; i < sampled_partners; ++i)
                    consider(empty[rng.uniform(static_cast<std::uint32_t>(empty.size()))]);
                for (Cell b : {Cell{a.x + 1, a.y}, Cell{a.x - 1, a.y}, Cell{a.x, a.y + 1}, Cell{a.x, a.y - 1}}) consider(b);
            }
            field.set(a, cell::empty);
            shuffle(partners, rng);
            for (Cell b : partners) {
                if (!fallback) fallback = std::pair{a, b};
                if (!check_regions || empty.size() == 2) {
                    chosen = std::pair{a, b};
                    break;
                }
                board.at(a) = pairs[k].first;
                board.at(b) = pairs[k].second;
                const bool keeps_regions = empty_regions(board, rules.border) <= regions;
                board.at(a) = cell::empty;
                board.at(b) = cell::empty;
                if (keeps_regions) {
                    chosen = std::pair{a, b};
                    break;
                }
            }
        }
        if (!chosen) chosen = fallback;
        if (!chosen) return false;
        recent = {chosen->first, chosen->second};
        for (auto [c, v] : {std::pair{chosen->first, pairs[k].first}, std::pair{chosen->second, pairs[k].second}}) {
            board.at(c) = v;
            field.set(c, v);
            // Swap-remove from the empty cells.
            auto at = static_cast<std::size_t>(slot[static_cast<std::size_t>(board.index(c.x, c.y))]);
            slot[static_cast<std::size_t>(board.index(empty.back().x, empty.back().y))] = static_cast<int>(at);
            empty[at] = empty.back();
            empty.pop_back();
        }
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
    if (cells > region_check_cells) values = std::max(1, values / 2);
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
    level.rules.as<Rules>().pair = options.pair;
    level.present.insert("rules/pair");
    level.present.insert("goal/clear");
    level.goal.as<Goal>().clear = true;
    const LinkRules rules = rules_of(level);

    Rng rng(options.seed);
    auto place_blockers = [&](Board& board, std::vector<int>& free_cells) {
        free_cells.resize(static_cast<std::size_t>(cells));
        for (int i = 0; i < cells; ++i) free_cells[static_cast<std::size_t>(i)] = i;
        shuffle(free_cells, rng);
        for (int i = 0; i < blockers; ++i)
            board.cells[static_cast<std::size_t>(free_cells[static_cast<std::size_t>(i)])] = cell::blocker;
        free_cells.erase(free_cells.begin(), free_cells.begin() + blockers);
    };
    auto finish = [&](Board board) {
        level.board = std::move(board);
        result.level = std::move(level);
        return result;
    };
    // Random deals proved by the solver (boards up to 1024 cells; beyond, the solver's proof
    // could take long and reverse play is used at once).
    if (cells <= 1024) {
        for (int attempt = 0; attempt < deal_attempts; ++attempt) {
            Board board(options.width, options.height, cell::empty);
            std::vector<int> free_cells;
            place_blockers(board, free_cells);
            std::size_t next = 0;
            for (const auto& [first, second] : pairs) {
                board.cells[static_cast<std::size_t>(free_cells[next++])] = first;
                board.cells[static_cast<std::size_t>(free_cells[next++])] = second;
            }
            SolveOptions proof;
            proof.budget_ms = deal_budget_ms;
            if (solve(board, rules, proof).verdict == Verdict::solvable) return finish(std::move(board));
        }
    }
    for (int attempt = 0; attempt < max_attempts; ++attempt) {
        Board board(options.width, options.height, cell::empty);
        std::vector<int> free_cells;
        place_blockers(board, free_cells);
        // The pairs in random order: the last laid is the first removed.
        auto shuffled = pairs;
        shuffle(shuffled, rng);
        if (lay_pairs(board, rules, shuffled, rng)) return finish(std::move(board));
    }
    result.error = "link: no solvable layout found in " + std::to_string(max_attempts) +
                   " attempts; try fewer values, fewer blockers or a larger board";
    return result;
}

std::string fill_cells(Board& board, const std::vector<Cell>& cells, const LinkRules& rules, const Pairing& pair, Rng& rng) {
    std::vector<Cell> free_cells;
    for (Cell c : cells)
        if (board.contains(c) && board.at(c) != cell::blocker && board.at(c) != cell::hole) free_cells.push_back(c);
    const std::size_t room = free_cells.size();
    if (room == 0) return "no free cells to fill";
    if (room % 2 != 0) return "an odd number of free cells (" + std::to_string(room) + ") cannot be filled with pairs";
    // Values 1..n, each laid as often as needed to fill the area: four copies when the area allows,
    // fewer distinct values under a sum rule (sum / 2 of them at most).
    const std::size_t copies = room % 4 == 0 && room >= 8 ? 4 : 2;
    std::int64_t values = static_cast<std::int64_t>(room / copies);
    if (pair.rule == Pairing::Rule::sum) {
        if (pair.sum < 2) return "the pairing sum " + std::to_string(pair.sum) + " allows no pair";
        values = std::min<std::int64_t>(values, pair.sum / 2);
    }
    values = std::max<std::int64_t>(values, 1);
    std::vector<std::pair<std::int32_t, std::int32_t>> pairs;
    for (std::size_t i = 0; i < room / 2; ++i) {
        auto v = static_cast<std::int32_t>(1 + static_cast<std::int64_t>(i) % values);
        pairs.emplace_back(v, static_cast<std::int32_t>(pair.partner(v)));
    }
    const Board before = board;
    for (Cell c : free_cells) board.at(c) = cell::empty;
    // Random deals proved by the solver on the whole board first; then reverse play, which makes
    // the area's pairs removable in order whatever stands around them.
    for (int attempt = 0; attempt < deal_attempts && board.size() <= 1024; ++attempt) {
        auto shuffled = free_cells;
        shuffle(shuffled, rng);
        std::size_t next = 0;
        for (const auto& [first, second] : pairs) {
            board.at(shuffled[next++]) = first;
            board.at(shuffled[next++]) = second;
        }
        SolveOptions proof;
        proof.budget_ms = deal_budget_ms;
        if (solve(board, rules, proof).verdict == Verdict::solvable) return "";
        for (Cell c : free_cells) board.at(c) = cell::empty;
    }
    for (int attempt = 0; attempt < max_attempts; ++attempt) {
        auto shuffled = pairs;
        shuffle(shuffled, rng);
        if (lay_pairs(board, rules, shuffled, rng, &free_cells)) return "";
        for (Cell c : free_cells) board.at(c) = cell::empty;
    }
    board = before;
    return "no layout of pairs in these cells could be laid in " + std::to_string(max_attempts) + " attempts";
}

}  // namespace tilelab::link
