// The collapse rules (docs/collapse.md), step by step as the doc states them.
#include "tilelab/collapse/engine.hpp"

#include <algorithm>
#include <string>

#include "tilelab/collapse/tokens.hpp"

namespace tilelab::collapse {
namespace {

std::string cell_text(Cell c) { return "(" + std::to_string(c.x) + "," + std::to_string(c.y) + ")"; }

// Flood fill of the pieces of one colour orthogonally connected to `start`, into `out`;
// `seen` (one flag a cell) marks them.
void flood(const Board& board, Cell start, std::vector<std::uint8_t>& seen, std::vector<Cell>& out) {
    const std::int32_t value = board.at(start);
    out.clear();
    out.push_back(start);
    seen[static_cast<std::size_t>(board.index(start.x, start.y))] = 1;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Cell c = out[i];
        const Cell next[4] = {{c.x, c.y - 1}, {c.x + 1, c.y}, {c.x, c.y + 1}, {c.x - 1, c.y}};
        for (Cell n : next) {
            if (!board.contains(n)) continue;
            auto& flag = seen[static_cast<std::size_t>(board.index(n.x, n.y))];
            if (flag || board.at(n) != value) continue;
            flag = 1;
            out.push_back(n);
        }
    }
}

// Clears `c`: the item goes, the cell loses a jelly layer.
void clear_cell(State& s, Cell c, std::vector<Cell>* jelly_hit) {
    s.board.at(c) = cell::empty;
    if (s.jelly && s.jelly->at(c) > 0) {
        s.jelly->at(c) -= 1;
        if (jelly_hit) jelly_hit->push_back(c);
    }
}

void count_piece(State& s, std::int32_t value) {
    const auto color = static_cast<std::size_t>(color_of(value));
    if (s.collected.size() <= color) s.collected.resize(color + 1, 0);
    s.collected[color] += 1;
}

// The cells a fired power-up at `c` clears, its own cell included, in row-major order.
std::vector<Cell> fire_area(const Board& board, Cell c, std::int32_t value) {
    std::vector<Cell> area;
    if (value == rocket_h) {
        for (int x = 0; x < board.width; ++x) area.push_back({x, c.y});
    } else if (value == rocket_v) {
        for (int y = 0; y < board.height; ++y) area.push_back({c.x, y});
    } else if (value == tnt) {
        for (int y = std::max(0, c.y - 2); y <= std::min(board.height - 1, c.y + 2); ++y)
            for (int x = std::max(0, c.x - 2); x <= std::min(board.width - 1, c.x + 2); ++x) area.push_back({x, y});
    } else {  // a disco ball: every piece of its colour, and itself
        const int color = color_of(value);
        for (int y = 0; y < board.height; ++y)
            for (int x = 0; x < board.width; ++x) {
                const std::int32_t v = board.at(x, y);
                if ((is_piece(v) && v == color) || Cell{x, y} == c) area.push_back({x, y});
            }
    }
    return area;
}

bool row_major_less(Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

// Items fall straight down within their column segment (blockers split a column, holes are
// skipped), then the top segment of each column is refilled, columns left to right, bottom-most
// empty cell first.
void settle(const Rules& rules, State& s, std::vector<Event>* events) {
    Board& b = s.board;
    std::vector<int> ys;  // a segment's playable rows, bottom first
    for (int x = 0; x < b.width; ++x) {
        int y = b.height - 1;
        while (y >= 0) {
            ys.clear();
            for (; y >= 0 && b.at(x, y) != cell::blocker; --y)
                if (b.at(x, y) != cell::hole) ys.push_back(y);
            std::size_t write = 0;
            for (int from : ys) {
                const std::int32_t v = b.at(x, from);
                if (!is_item(v)) continue;
                const int to = ys[write++];
                if (to == from) continue;
                b.at(x, to) = v;
                b.at(x, from) = cell::empty;
                if (events) events->emplace_back(event::Fall{1, {x, from}, {x, to}});
            }
            --y;  // past the blocker
        }
    }
    if (!rules.refill) return;
    for (int x = 0; x < b.width; ++x) {
        int top_end = 0;  // the top segment is rows 0 .. top_end - 1
        while (top_end < b.height && b.at(x, top_end) != cell::blocker) ++top_end;
        for (int y = top_end - 1; y >= 0; --y) {
            if (b.at(x, y) != cell::empty) continue;
            const auto color = static_cast<std::int32_t>(s.rng.uniform(static_cast<std::uint32_t>(rules.colors)));
            b.at(x, y) = color;
            if (events) events->emplace_back(event::Spawn{1, {x, y}, color});
        }
    }
}

bool column_has_item(const Board& b, int x) {
    for (int y = 0; y < b.height; ++y)
        if (is_item(b.at(x, y))) return true;
    return false;
}

// Without refill, a column with no piece and no power-up closes: the whole columns to its right
// move one column left and the rightmost becomes empty; jelly stays on its cell. Each item that
// moves is a fall event from its old cell to its new one.
void close_columns(State& s, std::vector<Event>* events) {
    Board& b = s.board;
    int limit = b.width;  // columns from `limit` on are the empty ones closing left behind
    for (int x = 0; x < limit;) {
        if (column_has_item(b, x)) {
            ++x;
            continue;
        }
        for (int r = x + 1; r < b.width; ++r)
            for (int y = 0; y < b.height; ++y) {
                const std::int32_t v = b.at(r, y);
                b.at(r - 1, y) = v;
                if (events && is_item(v)) events->emplace_back(event::Fall{1, {r, y}, {r - 1, y}});
            }
        for (int y = 0; y < b.height; ++y) b.at(b.width - 1, y) = cell::empty;
        --limit;
    }
}

// With `reshuffle` on and no legal tap: the pieces, in row-major order, shuffled among their own
// cells by Fisher-Yates until some tap is legal, at most max_reshuffles times.
void reshuffle_if_dead(const Rules& rules, State& s, std::vector<Event>* events) {
    if (!rules.reshuffle || has_legal_tap(s.board, rules.min_group)) return;
    std::vector<std::size_t> cells;
    for (std::size_t i = 0; i < s.board.cells.size(); ++i)
        if (is_piece(s.board.cells[i])) cells.push_back(i);
    std::vector<std::int32_t> pieces;
    for (std::size_t i : cells) pieces.push_back(s.board.cells[i]);
    int attempts = 0;
    bool found = false;
    while (attempts < max_reshuffles && !found) {
        ++attempts;
        for (std::size_t i = pieces.size(); i-- > 1;) {
            const auto j = static_cast<std::size_t>(s.rng.uniform(static_cast<std::uint32_t>(i + 1)));
            std::swap(pieces[i], pieces[j]);
        }
        for (std::size_t k = 0; k < cells.size(); ++k) s.board.cells[cells[k]] = pieces[k];
        found = has_legal_tap(s.board, rules.min_group);
    }
    if (events) events->emplace_back(event::Reshuffle{attempts, found});
}

}  // namespace

State start_state(const Rules& rules, const Board& board, const std::optional<Grid>& jelly, std::uint64_t seed,
                  std::vector<Event>* events) {
    State s;
    s.board = board;
    s.jelly = jelly;
    s.rng = Rng(seed);
    s.collected.assign(static_cast<std::size_t>(std::max(rules.colors, 0)), 0);
    for (std::int32_t& c : s.board.cells)
        if (c == cell::random) c = static_cast<std::int32_t>(s.rng.uniform(static_cast<std::uint32_t>(rules.colors)));
    reshuffle_if_dead(rules, s, events);
    return s;
}

std::vector<Cell> group_at(const Board& board, Cell c) {
    std::vector<Cell> out;
    if (!board.contains(c) || !is_piece(board.at(c))) return out;
    std::vector<std::uint8_t> seen(board.cells.size(), 0);
    flood(board, c, seen, out);
    return out;
}

std::vector<std::vector<Cell>> groups(const Board& board, int min_group) {
    std::vector<std::vector<Cell>> out;
    std::vector<std::uint8_t> seen(board.cells.size(), 0);
    std::vector<Cell> g;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            if (seen[static_cast<std::size_t>(board.index(x, y))] || !is_piece(board.at(x, y))) continue;
            flood(board, {x, y}, seen, g);
            if (static_cast<int>(g.size()) < min_group) continue;
            std::sort(g.begin(), g.end());
            out.push_back(g);
        }
    std::sort(out.begin(), out.end());
    return out;
}

bool legal_tap(const Board& board, int min_group, Cell c) {
    if (!board.contains(c)) return false;
    const std::int32_t v = board.at(c);
    if (is_powerup(v)) return true;
    if (!is_piece(v)) return false;
    return static_cast<int>(group_at(board, c).size()) >= min_group;
}

std::vector<Cell> distinct_taps(const Board& board, int min_group) {
    std::vector<Cell> taps;
    std::vector<std::uint8_t> seen(board.cells.size(), 0), big(board.cells.size(), 0);
    std::vector<Cell> g;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            const std::int32_t v = board.at(x, y);
            if (is_powerup(v)) {
                taps.push_back({x, y});
                continue;
            }
            if (!is_piece(v)) continue;
            if (seen[static_cast<std::size_t>(board.index(x, y))]) {
                if (big[static_cast<std::size_t>(board.index(x, y))]) taps.push_back({x, y});
                continue;
            }
            flood(board, {x, y}, seen, g);
            if (static_cast<int>(g.size()) < min_group) continue;
            taps.push_back({x, y});
            if (g.size() >= 5)
                for (Cell k : g) big[static_cast<std::size_t>(board.index(k.x, k.y))] = 1;
        }
    return taps;
}

bool has_legal_tap(const Board& board, int min_group) {
    std::vector<std::uint8_t> seen(board.cells.size(), 0);
    std::vector<Cell> g;
    for (int y = 0; y < board.height; ++y)
        for (int x = 0; x < board.width; ++x) {
            const std::int32_t v = board.at(x, y);
            if (is_powerup(v)) return true;
            if (seen[static_cast<std::size_t>(board.index(x, y))] || !is_piece(v)) continue;
            flood(board, {x, y}, seen, g);
            if (static_cast<int>(g.size()) >= min_group) return true;
        }
    return false;
}

StepResult tap(const Rules& rules, const State& state, Cell c, bool with_events) {
    StepResult result;
    result.state = state;
    const Board& board = state.board;
    if (!board.contains(c)) {
        result.why = "cell " + cell_text(c) + " is outside the " + std::to_string(board.width) + "x" +
                     std::to_string(board.height) + " board";
        return result;
    }
    const std::int32_t v = board.at(c);
    if (!is_item(v)) {
        result.why = "cell " + cell_text(c) + " holds no piece and no power-up";
        return result;
    }
    std::vector<Event>* events = with_events ? &result.events : nullptr;
    State& s = result.state;
    std::vector<Cell> jelly_hit;
    if (is_piece(v)) {
        std::vector<Cell> group = group_at(board, c);
        const int n = static_cast<int>(group.size());
        if (n < rules.min_group) {
            result.why = "the group at " + cell_text(c) + " has " + std::to_string(n) + (n == 1 ? " piece" : " pieces") +
                         "; a tap needs at least " + std::to_string(rules.min_group);
            return result;
        }
        int min_x = c.x, max_x = c.x, min_y = c.y, max_y = c.y;
        for (Cell g : group) {
            min_x = std::min(min_x, g.x), max_x = std::max(max_x, g.x);
            min_y = std::min(min_y, g.y), max_y = std::max(max_y, g.y);
            clear_cell(s, g, with_events ? &jelly_hit : nullptr);
            count_piece(s, v);
        }
        const std::int64_t points = rules.score == Scoring::linear ? std::int64_t{rules.score_per_piece} * n
                                                                   : std::int64_t{n - 2} * (n - 2);
        s.score += points;
        const std::int32_t made = powerup_for(n, color_of(v), max_x - min_x > max_y - min_y);
        if (made != cell::empty) s.board.at(c) = made;
        if (events) {
            std::sort(group.begin(), group.end());
            std::sort(jelly_hit.begin(), jelly_hit.end());
            event::Clear clear{1, {event::ClearGroup{group, points}}, group, points, jelly_hit};
            events->emplace_back(std::move(clear));
            if (made != cell::empty) events->emplace_back(event::Created{1, c, cell_token(made)});
        }
    } else {
        // The chain: the tapped power-up fires; every power-up in a fired area fires in the next
        // round, each once, rows top to bottom and left to right within a round.
        std::vector<std::uint8_t> fired(board.cells.size(), 0), in_area(board.cells.size(), 0);
        std::vector<Cell> round{c};
        fired[static_cast<std::size_t>(board.index(c.x, c.y))] = 1;
        while (!round.empty()) {
            std::vector<Cell> next;
            for (Cell p : round) {
                std::vector<Cell> area = fire_area(board, p, board.at(p));
                for (Cell a : area) {
                    const auto i = static_cast<std::size_t>(board.index(a.x, a.y));
                    in_area[i] = 1;
                    if (!fired[i] && is_powerup(board.at(a))) {
                        fired[i] = 1;
                        next.push_back(a);
                    }
                }
                if (events) {
                    std::sort(area.begin(), area.end());
                    events->emplace_back(event::Fired{1, p, cell_token(board.at(p)), std::move(area)});
                }
            }
            std::sort(next.begin(), next.end(), row_major_less);
            round = std::move(next);
        }
        std::vector<Cell> cleared;
        for (int x = 0; x < board.width; ++x)
            for (int y = 0; y < board.height; ++y) {
                const std::int32_t item = board.at(x, y);
                if (!in_area[static_cast<std::size_t>(board.index(x, y))] || !is_item(item)) continue;
                cleared.push_back({x, y});
                if (is_piece(item)) count_piece(s, item);
                clear_cell(s, {x, y}, with_events ? &jelly_hit : nullptr);
            }
        const std::int64_t points = rules.score == Scoring::linear
                                        ? std::int64_t{rules.score_per_piece} * static_cast<std::int64_t>(cleared.size())
                                        : 0;
        s.score += points;
        if (events) {
            std::sort(jelly_hit.begin(), jelly_hit.end());
            events->emplace_back(event::Clear{1, {}, cleared, points, jelly_hit});
        }
    }
    settle(rules, s, events);
    if (!rules.refill) close_columns(s, events);
    reshuffle_if_dead(rules, s, events);
    s.moves += 1;
    result.legal = true;
    return result;
}

bool board_clear(const Board& board) { return std::none_of(board.cells.begin(), board.cells.end(), is_item); }

std::int64_t jelly_left(const State& state) {
    std::int64_t n = 0;
    if (state.jelly)
        for (std::int32_t layers : state.jelly->cells) n += std::max(layers, 0);
    return n;
}

bool objectives_met(const Goal& goal, const State& state) {
    bool any = false;
    if (goal.score) {
        any = true;
        if (state.score < *goal.score) return false;
    }
    for (const CollectTarget& t : goal.collect) {
        any = true;
        const auto color = static_cast<std::size_t>(t.color);
        if ((color < state.collected.size() ? state.collected[color] : 0) < t.count) return false;
    }
    if (goal.jelly) {
        any = true;
        if (jelly_left(state) > 0) return false;
    }
    if (goal.clear) {
        any = true;
        if (!board_clear(state.board)) return false;
    }
    return any;
}

}  // namespace tilelab::collapse
