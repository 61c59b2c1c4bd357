// The match3 oracle: the classic naive algorithms, written plainly and widened to docs/match3.md
// "Rules as implemented".
#include "match3/oracle.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace oracle {
namespace {
int width(const Grid& g) { return static_cast<int>(g.size()); }
int height(const Grid& g) { return g.empty() ? 0 : static_cast<int>(g[0].size()); }
bool on_board(const Grid& g, int col, int row) { return col >= 0 && row >= 0 && col < width(g) && row < height(g); }
bool piece(int v) { return v >= 0; }

// getMatchHoriz / getMatchVert: the line of equal pieces starting at (col, row).
std::vector<Cell> get_match(const Grid& g, int col, int row, int dc, int dr) {
    std::vector<Cell> match{Cell{col, row}};
    for (int i = 1; on_board(g, col + dc * i, row + dr * i); ++i) {
        if (g[col][row] == g[col + dc * i][row + dr * i]) match.push_back(Cell{col + dc * i, row + dr * i});
        else return match;
    }
    return match;
}

// matchType: off-board positions never match.
bool match_type(const Grid& g, int col, int row, int type) { return on_board(g, col, row) && g[col][row] == type; }
}  // namespace

Grid from_board(const tilelab::Board& board) {
    Grid g(static_cast<std::size_t>(board.width), std::vector<int>(static_cast<std::size_t>(board.height)));
    for (int x = 0; x < board.width; ++x)
        for (int y = 0; y < board.height; ++y) g[x][y] = board.at(x, y);
    return g;
}

tilelab::Board to_board(const Grid& g) {
    tilelab::Board b(width(g), height(g));
    for (int x = 0; x < width(g); ++x)
        for (int y = 0; y < height(g); ++y) b.at(x, y) = g[x][y];
    return b;
}

std::vector<std::vector<Cell>> look_for_matches(const Grid& g, int min_match) {
    std::vector<std::vector<Cell>> list;
    for (int row = 0; row < height(g); ++row)
        for (int col = 0; col < width(g); ++col) {
            if (!piece(g[col][row])) continue;
            auto match = get_match(g, col, row, 1, 0);
            if (static_cast<int>(match.size()) >= min_match) {
                list.push_back(match);
                col += static_cast<int>(match.size()) - 1;
            }
        }
    for (int col = 0; col < width(g); ++col)
        for (int row = 0; row < height(g); ++row) {
            if (!piece(g[col][row])) continue;
            auto match = get_match(g, col, row, 0, 1);
            if (static_cast<int>(match.size()) >= min_match) {
                list.push_back(match);
                row += static_cast<int>(match.size()) - 1;
            }
        }
    return list;
}

std::vector<std::vector<Cell>> match_groups(const Grid& g, int min_match) {
    // Merge runs that share a cell until nothing merges any more.
    std::vector<std::set<Cell>> groups;
    for (const auto& run : look_for_matches(g, min_match)) groups.emplace_back(run.begin(), run.end());
    bool merged = true;
    while (merged) {
        merged = false;
        for (std::size_t i = 0; i < groups.size() && !merged; ++i)
            for (std::size_t j = i + 1; j < groups.size() && !merged; ++j) {
                bool share = false;
                for (const Cell& c : groups[j])
                    if (groups[i].count(c)) share = true;
                if (share) {
                    groups[i].insert(groups[j].begin(), groups[j].end());
                    groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(j));
                    merged = true;
                }
            }
    }
    std::vector<std::vector<Cell>> out;
    for (const auto& s : groups) out.emplace_back(s.begin(), s.end());
    std::sort(out.begin(), out.end());
    return out;
}

namespace {
// The classic makeSwap: swap, look for matches, keep it if a swapped piece is in one.
bool try_swap(const Grid& g, int min_match, Cell a, Cell b, std::vector<Cell>* clears) {
    if (!on_board(g, a.x, a.y) || !on_board(g, b.x, b.y)) return false;
    if (std::abs(a.x - b.x) + std::abs(a.y - b.y) != 1) return false;
    if (!piece(g[a.x][a.y]) || !piece(g[b.x][b.y]) || g[a.x][a.y] == g[b.x][b.y]) return false;
    Grid s = g;
    std::swap(s[a.x][a.y], s[b.x][b.y]);
    auto runs = look_for_matches(s, min_match);
    bool involved = false;
    std::set<Cell> cells;
    for (const auto& run : runs)
        for (const Cell& c : run) {
            cells.insert(c);
            if (c == a || c == b) involved = true;
        }
    if (involved && clears) clears->assign(cells.begin(), cells.end());
    return involved;
}
}  // namespace

std::vector<Hint> hints(const Grid& g, int min_match) {
    std::vector<Hint> out;
    for (int col = 0; col < width(g); ++col)
        for (int row = 0; row < height(g); ++row)
            for (Cell b : {Cell{col + 1, row}, Cell{col, row + 1}}) {
                Hint h{Cell{col, row}, b, {}};
                if (try_swap(g, min_match, h.a, h.b, &h.clears)) out.push_back(h);
            }
    return out;
}

bool dead(const Grid& g, int min_match) { return hints(g, min_match).empty(); }

namespace {
// matchPattern: (col, row) and every mustHave offset are one colour, and some needOne offset holds it
// too; `target` says, per needOne offset, which cell it would be swapped into (it must be a piece of
// another colour, which boards of nothing but pieces never need to check).
bool match_pattern(const Grid& g, int col, int row, const std::vector<std::pair<int, int>>& must_have,
                   const std::vector<std::pair<int, int>>& need_one, const std::vector<std::pair<int, int>>& target) {
    const int this_type = g[col][row];
    if (!piece(this_type)) return false;
    for (auto [dc, dr] : must_have)
        if (!match_type(g, col + dc, row + dr, this_type)) return false;
    for (std::size_t i = 0; i < need_one.size(); ++i) {
        auto [dc, dr] = need_one[i];
        auto [tc, tr] = target[i];
        if (match_type(g, col + dc, row + dr, this_type) && on_board(g, col + tc, row + tr) && piece(g[col + tc][row + tr]) &&
            g[col + tc][row + tr] != this_type)
            return true;
    }
    return false;
}
}  // namespace

bool look_for_possibles(const Grid& g) {
    for (int col = 0; col < width(g); ++col)
        for (int row = 0; row < height(g); ++row) {
            // two in a row horizontally, a third that one swap brings to either end
            if (match_pattern(g, col, row, {{1, 0}}, {{-2, 0}, {-1, -1}, {-1, 1}, {2, -1}, {2, 1}, {3, 0}},
                              {{-1, 0}, {-1, 0}, {-1, 0}, {2, 0}, {2, 0}, {2, 0}}))
                return true;
            // two with a gap horizontally, a third that one swap brings into the gap
            if (match_pattern(g, col, row, {{2, 0}}, {{1, -1}, {1, 1}}, {{1, 0}, {1, 0}})) return true;
            // the same two vertically
            if (match_pattern(g, col, row, {{0, 1}}, {{0, -2}, {-1, -1}, {1, -1}, {-1, 2}, {1, 2}, {0, 3}},
                              {{0, -1}, {0, -1}, {0, -1}, {0, 2}, {0, 2}, {0, 2}}))
                return true;
            if (match_pattern(g, col, row, {{0, 2}}, {{-1, 1}, {1, 1}}, {{0, 1}, {0, 1}})) return true;
        }
    return false;
}

void draw_random(Grid& g, const Rules& rules, tilelab::Rng& rng) {
    const int need = rules.min_match - 1;
    for (int row = 0; row < height(g); ++row)
        for (int col = 0; col < width(g); ++col) {
            if (g[col][row] != tilelab::cell::random) continue;
            std::vector<int> allowed;
            for (int color = 0; color < rules.colors; ++color) {
                bool left = true, up = true;
                for (int i = 1; i <= need; ++i) {
                    left = left && match_type(g, col - i, row, color);
                    up = up && match_type(g, col, row - i, color);
                }
                if (!left && !up) allowed.push_back(color);
            }
            if (allowed.empty()) g[col][row] = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(rules.colors)));
            else g[col][row] = allowed[rng.uniform(static_cast<std::uint32_t>(allowed.size()))];
        }
}

bool resolve_step(Game& game, const Rules& rules, bool scoring) {
    Grid& g = game.grid;
    auto matches = look_for_matches(g, rules.min_match);
    if (matches.empty()) return false;
    // findAndRemoveMatches: each piece still on the board scores (length - 1) * points for the run walked.
    std::set<Cell> removed;
    for (const auto& match : matches) {
        const std::int64_t points = (static_cast<std::int64_t>(match.size()) - 1) * rules.score_per_piece;
        for (const Cell& c : match) {
            if (removed.count(c)) continue;
            removed.insert(c);
            if (scoring) {
                game.score += points;
                ++game.collected[static_cast<std::size_t>(g[c.x][c.y])];
                if (!game.jelly.empty() && game.jelly[c.x * height(g) + c.y] > 0) --game.jelly[c.x * height(g) + c.y];
            }
        }
    }
    for (const Cell& c : removed) g[c.x][c.y] = tilelab::cell::empty;
    // Gravity, one cell at a time until nothing moves: a piece falls into the next cell below it that
    // is not a hole, when that cell is empty (a blocker stops it).
    bool moved = true;
    while (moved) {
        moved = false;
        for (int col = 0; col < width(g); ++col)
            for (int row = height(g) - 1; row >= 0; --row) {
                if (!piece(g[col][row])) continue;
                int below = row + 1;
                while (below < height(g) && g[col][below] == tilelab::cell::hole) ++below;
                if (below < height(g) && g[col][below] == tilelab::cell::empty) {
                    g[col][below] = g[col][row];
                    g[col][row] = tilelab::cell::empty;
                    moved = true;
                }
            }
    }
    // addNewPieces, top segment only: columns left to right, bottom-most empty cell first.
    for (int col = 0; col < width(g); ++col) {
        int first_blocker = height(g);
        for (int row = 0; row < height(g); ++row)
            if (g[col][row] == tilelab::cell::blocker) {
                first_blocker = row;
                break;
            }
        for (int row = first_blocker - 1; row >= 0; --row)
            if (g[col][row] == tilelab::cell::empty)
                g[col][row] = static_cast<int>(game.rng.uniform(static_cast<std::uint32_t>(rules.colors)));
    }
    return true;
}

void settle(Game& game, const Rules& rules, bool scoring) {
    for (int steps = 0; steps < 1000 && resolve_step(game, rules, scoring); ++steps) {}
}

bool play(Game& game, const Rules& rules, Cell a, Cell b) {
    if (!try_swap(game.grid, rules.min_match, a, b, nullptr)) return false;
    std::swap(game.grid[a.x][a.y], game.grid[b.x][b.y]);
    settle(game, rules, true);
    return true;
}

Rules rules_of(const tilelab::Level& level) {
    return Rules{level.rules.as<match3::Rules>().colors, level.rules.as<match3::Rules>().min_match,
                 level.rules.as<match3::Rules>().score_per_piece};
}

Game start(const tilelab::Level& level) {
    Game game;
    Rules rules = rules_of(level);
    game.grid = from_board(level.board);
    game.rng = tilelab::Rng(level.seed);
    game.collected.assign(static_cast<std::size_t>(rules.colors), 0);
    if (level.jelly) {
        game.jelly.assign(static_cast<std::size_t>(level.width() * level.height()), 0);
        for (int x = 0; x < level.width(); ++x)
            for (int y = 0; y < level.height(); ++y) game.jelly[x * level.height() + y] = level.jelly->at(x, y);
    }
    draw_random(game.grid, rules, game.rng);
    settle(game, rules, false);
    return game;
}

bool greedy_move(const Grid& g, int min_match, Cell& a, Cell& b) {
    auto all = hints(g, min_match);
    if (all.empty()) return false;
    std::size_t best = 0;
    for (std::size_t i = 1; i < all.size(); ++i)
        if (all[i].clears.size() > all[best].clears.size()) best = i;
    a = all[best].a;
    b = all[best].b;
    return true;
}

}  // namespace oracle
