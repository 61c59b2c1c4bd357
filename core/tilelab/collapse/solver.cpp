// The collapse solver (solver.hpp): IDA* on the number of taps over a packed copy of the game (a
// byte a cell, column-major), a transposition table of proven lower bounds keyed by two 64-bit
// hashes, admissible bounds from what the rules allow (Packed::bound, each part proved where it
// is computed), and a beam search for an early line that the iterations then prove shortest.
// This file holds the table, the search and solve(); the packed board is in solver_board.cpp and
// the bounds in solver_bounds.cpp (solver_detail.hpp declares what they share).
// The packed rules mirror engine.cpp step by step; tests/collapse/test_solver.cpp checks them
// against tap() on random boards, and solve() replays every line it returns through tap().
#include "tilelab/collapse/solver.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>
#include <vector>

#include "tilelab/collapse/engine.hpp"
#include "tilelab/collapse/solver_detail.hpp"

namespace tilelab::collapse {
namespace solver_detail {

// The rules and the goal as the solver reads them. `want_jelly_layers`: track the jelly even when
// the goal does not ask for it (the successors the tests compare carry it).
Game make_game(const Rules& rules, const Goal& goal, const State& start, bool want_jelly_layers) {
    Game g;
    g.w = start.board.width;
    g.h = start.board.height;
    g.n = g.w * g.h;
    g.min_group = rules.min_group;
    g.scoring = rules.score;
    g.per_piece = rules.score_per_piece;
    g.reshuffle = rules.reshuffle;
    g.want_score = goal.score.has_value();
    g.score_never_falls = rules.score == Scoring::samegame || rules.score_per_piece >= 0;
    g.score_target = goal.score.value_or(0);
    for (const CollectTarget& t : goal.collect) {
        if (t.count <= 0) continue;  // always met
        g.want_collect = true;
        if (t.color >= 0 && t.color < max_colors) {
            auto& need = g.need[static_cast<std::size_t>(t.color)];
            need = std::max<std::int64_t>(need, t.count);
        } else {
            // No piece of such a colour is on the board (it would not pack), so its count never
            // changes from the start's.
            const auto c = static_cast<std::size_t>(t.color);
            const int have = t.color >= 0 && c < start.collected.size() ? start.collected[c] : 0;
            if (have < t.count) g.never = true;
        }
    }
    g.want_jelly = goal.jelly;
    g.want_clear = goal.clear;
    g.track_jelly = start.jelly.has_value() && (goal.jelly || want_jelly_layers);
    if (goal.jelly && !start.jelly) g.want_jelly = false;  // no layer: always met
    return g;
}

// ---- The transposition table: proven lower bounds ---------------------------------------------

class Table {
public:
    explicit Table(int log2_entries) { resize(log2_entries); }

    int probe(std::uint64_t k1, std::uint64_t k2) const {
        const Entry* b = bucket(k2);
        const auto check = static_cast<std::uint32_t>(k2);
        for (int i = 0; i < ways; ++i)
            if (b[i].bound != 0 && b[i].key == k1 && b[i].check == check) return b[i].bound == max_bound ? infinite : b[i].bound;
        return 0;
    }

    void prefetch(std::uint64_t k2) const { __builtin_prefetch(bucket(k2)); }

    // Keeps the larger bound for the key; a new key replaces the entry with the smallest bound.
    void store(std::uint64_t k1, std::uint64_t k2, int bound) {
        const auto value = static_cast<std::uint16_t>(bound >= max_bound ? max_bound : bound);
        Entry* b = bucket(k2);
        const auto check = static_cast<std::uint32_t>(k2);
        Entry* victim = b;
        for (int i = 0; i < ways; ++i) {
            if (b[i].bound != 0 && b[i].key == k1 && b[i].check == check) {
                b[i].bound = std::max(b[i].bound, value);
                return;
            }
            if (b[i].bound < victim->bound) victim = b + i;
        }
        if (victim->bound == 0) ++used_;
        *victim = Entry{k1, check, value, 0};
        if (used_ * 4 > entries_.size() * 3 && log2_ < max_log2) grow();
    }

private:
    static constexpr int ways = 4;
    static constexpr int max_log2 = 23;  // 8M entries of 16 bytes; the bucket index fits in `check`
    static constexpr std::uint16_t max_bound = 0xffff;
    // A key is (k1, the low 32 bits of k2); the bucket is the low bits of k2 too, so a false
    // match needs 96 bits to agree.
    struct Entry {
        std::uint64_t key = 0;
        std::uint32_t check = 0;
        std::uint16_t bound = 0;  // 0: free (a stored bound is at least 1)
        std::uint16_t pad = 0;
    };

    Entry* bucket(std::uint64_t k2) { return entries_.data() + ((k2 & mask_) * ways); }
    const Entry* bucket(std::uint64_t k2) const { return entries_.data() + ((k2 & mask_) * ways); }

    void resize(int log2_entries) {
        log2_ = log2_entries;
        entries_.assign(std::size_t{1} << log2_, Entry{});
        mask_ = (std::uint64_t{1} << log2_) / ways - 1;
        used_ = 0;
    }

    void grow() {
        std::vector<Entry> old = std::move(entries_);
        resize(log2_ + 1);
        for (const Entry& e : old) {
            if (e.bound == 0) continue;
            Entry* b = bucket(e.check);
            for (int w = 0; w < ways; ++w)
                if (b[w].bound == 0) {
                    b[w] = e;
                    ++used_;
                    break;
                }
        }
    }

    std::vector<Entry> entries_;
    std::uint64_t mask_ = 0;
    std::size_t used_ = 0;
    int log2_ = 0;
};

// ---- IDA* ---------------------------------------------------------------------------------------

// Iterative deepening on the number of taps with lower bounds (IDA*): an iteration with threshold
// L visits a node found after g taps only when g + (its lower bound) <= L, so it sees every line
// of L taps or fewer that could win, and the first win found is a shortest one: a shorter one
// would have been found in an earlier iteration, whose thresholds only ever skip lengths that
// the bounds rule out (the next threshold is the smallest g + bound among the nodes cut off).
// A node's lower bound is the larger of Packed::bound (from its counts) and the table's; a node
// that fails is stored with the bound its children prove: one more than the smallest of theirs
// (each child's is at least its remaining depth plus one after failing), or infinite when every
// child's is (then nothing at all wins from it, and at the root that proves the goal out of
// reach). The table's bounds hold whatever the path to a position (its future depends only on
// what its key covers), so they carry over between iterations.
class Search {
public:
    Search(const Game& game, const SolveOptions& options, int table_log2)
        : game_(game), packed_(game_), table_(table_log2), options_(options), start_(std::chrono::steady_clock::now()) {}

    Packed& packed() { return packed_; }

    // One iteration from `root` with threshold `limit` (at least 1): found, or the root's new bound.
    int iterate(const Pos& root, bool root_normal, int limit) {
        std::uint64_t k1, k2;
        packed_.key(root, k1, k2);
        root_normal_ = root_normal;
        path_.assign(static_cast<std::size_t>(limit), -1);
        const int r = dfs(root, 0, limit);
        if (!aborted_ && r != found) table_.store(k1, k2, r);
        if (r == found) path_.resize(static_cast<std::size_t>(found_length_));
        return r;
    }

    // A winning line found by beam search: the `width` best positions of each depth are kept
    // and the rest dropped, so the line is short but not proven shortest. Positions rank by an
    // estimate of the taps left, no proof: the bound, weighted, plus the groups of pieces
    // (single pieces too), less two per rocket or tnt (they clear many groups at once); then
    // by items left. Empty when the beam dies out or the time runs out first.
    std::vector<int> beam(const Pos& root, bool root_normal, int width, int max_depth) {
        struct Node {
            Pos pos;
            int parent = -1;
            int tap = -1;
            int lb = 0;
            int eval = 0;
            std::uint64_t k1 = 0, k2 = 0;
        };
        std::vector<std::vector<Node>> levels(1);
        levels[0].push_back({root, -1, -1, 0, 0, 0, 0});
        Scratch& s = scratch(0);
        Counts k;
        std::vector<Node> next;
        std::vector<int> order;
        for (int depth = 0; depth < max_depth; ++depth) {
            const bool all_columns = depth == 0 && !root_normal;
            next.clear();
            const std::vector<Node>& level = levels.back();
            for (int i = 0; i < static_cast<int>(level.size()); ++i) {
                if (out_of_time()) return {};
                const Pos& p = level[static_cast<std::size_t>(i)].pos;
                packed_.taps(p, s);
                for (const Tap& t : s.taps) {
                    packed_.effect(p, s, t, s.effect);
                    ++positions_;
                    if (packed_.wins(p.k, s.effect)) {
                        std::vector<int> line{t.cell};
                        for (int d = depth, j = i; d > 0; --d) {
                            const Node& n = levels[static_cast<std::size_t>(d)][static_cast<std::size_t>(j)];
                            line.push_back(n.tap);
                            j = n.parent;
                        }
                        std::reverse(line.begin(), line.end());
                        return line;
                    }
                    Packed::after(p.k, s.effect, k);
                    const int lb = packed_.bound(k);
                    if (lb >= infinite || depth + 1 + lb > max_depth) continue;
                    next.emplace_back();
                    Node& n = next.back();
                    packed_.apply(p, s.effect, k, t.cell, all_columns, n.pos);
                    packed_.key(n.pos, n.k1, n.k2);
                    n.parent = i;
                    n.tap = t.cell;
                    n.lb = lb;
                    n.eval = 4 * lb + packed_.components(n.pos) - 2 * n.pos.k.rt();
                }
            }
            order.resize(next.size());
            for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
            std::sort(order.begin(), order.end(), [&](int a, int b) {
                const Node& x = next[static_cast<std::size_t>(a)];
                const Node& y = next[static_cast<std::size_t>(b)];
                if (x.eval != y.eval) return x.eval < y.eval;
                if (x.pos.k.items != y.pos.k.items) return x.pos.k.items < y.pos.k.items;
                return x.k1 < y.k1;
            });
            std::vector<Node> kept;
            for (int j : order) {
                Node& n = next[static_cast<std::size_t>(j)];
                if (!kept.empty() && kept.back().k1 == n.k1 && kept.back().k2 == n.k2) continue;
                if (static_cast<int>(kept.size()) >= width) break;
                kept.push_back(std::move(n));
            }
            if (kept.empty()) return {};
            levels.push_back(std::move(kept));
        }
        return {};
    }

    bool aborted() const { return aborted_; }
    std::int64_t positions() const { return positions_; }
    // The winning line of the last iteration that found one, as packed cell indices.
    const std::vector<int>& path() const { return path_; }

private:
    bool out_of_time() {
        if ((++calls_ & 127) != 0) return aborted_;
        if (options_.stop.stop_requested()) aborted_ = true;
        if (options_.budget_ms > 0 && std::chrono::steady_clock::now() - start_ > std::chrono::milliseconds(options_.budget_ms))
            aborted_ = true;
        return aborted_;
    }

    Scratch& scratch(int depth) {
        while (static_cast<int>(scratch_.size()) <= depth) scratch_.emplace_back();
        return scratch_[static_cast<std::size_t>(depth)];
    }

    // `r` taps are left; returns found (path_ holds the line) or a lower bound on the taps from
    // `p` to a win, at least r + 1.
    int dfs(const Pos& p, int depth, int r) {
        if (out_of_time()) return 0;
        Scratch& s = scratch(depth);
        if (r == 1) {
            // Only a tap that wins now will do: with the clear objective, only those that may
            // clear the board (clearing_taps); else every legal tap.
            if (game_.want_clear) packed_.clearing_taps(p, s);
            else packed_.taps(p, s);
            for (const Tap& t : s.taps) {
                packed_.effect(p, s, t, s.effect);
                ++positions_;
                if (packed_.wins(p.k, s.effect)) {
                    path_[static_cast<std::size_t>(depth)] = t.cell;
                    found_length_ = depth + 1;
                    return found;
                }
            }
            return 2;  // no tap wins, so at least two are needed (or none at all: a bound still)
        }
        packed_.taps(p, s);
        if (s.taps.empty()) return infinite;
        const bool all_columns = depth == 0 && !root_normal_;
        int best = infinite;
        s.count = 0;
        Counts k;
        for (const Tap& t : s.taps) {
            packed_.effect(p, s, t, s.effect);
            ++positions_;
            // A tap that wins now is a line of depth + 1 taps, the fewest this iteration gives.
            if (packed_.wins(p.k, s.effect)) {
                path_[static_cast<std::size_t>(depth)] = t.cell;
                found_length_ = depth + 1;
                return found;
            }
            // The bound from the counts alone comes before the board is built.
            Packed::after(p.k, s.effect, k);
            int lb = packed_.bound(k);
            if (lb >= infinite) continue;
            if (1 + lb > r) {
                best = std::min(best, 1 + lb);
                continue;
            }
            if (static_cast<int>(s.kids.size()) <= s.count) s.kids.emplace_back();
            Child& c = s.kids[static_cast<std::size_t>(s.count)];
            packed_.apply(p, s.effect, k, t.cell, all_columns, c.pos);
            packed_.key(c.pos, c.k1, c.k2);
            table_.prefetch(c.k2);
            c.tap = t.cell;
            c.lb = lb;
            c.order = c.pos.k.items;
            ++s.count;
        }
        // The table's answers, once the prefetches of every child's bucket are under way.
        for (int i = 0; i < s.count; ++i) {
            Child& c = s.kids[static_cast<std::size_t>(i)];
            c.lb = std::max(c.lb, table_.probe(c.k1, c.k2));
        }
        // Children in order of bound, then of items left; equal keys (different taps, same
        // position) are searched once.
        s.order.resize(static_cast<std::size_t>(s.count));
        for (int i = 0; i < s.count; ++i) s.order[static_cast<std::size_t>(i)] = i;
        std::sort(s.order.begin(), s.order.end(), [&](int a, int b) {
            const Child& x = s.kids[static_cast<std::size_t>(a)];
            const Child& y = s.kids[static_cast<std::size_t>(b)];
            if (x.k1 != y.k1) return x.k1 < y.k1;
            return x.k2 < y.k2;
        });
        int live = 0;
        for (int i = 0; i < s.count; ++i) {
            const int j = s.order[static_cast<std::size_t>(i)];
            if (live > 0) {
                const Child& prev = s.kids[static_cast<std::size_t>(s.order[static_cast<std::size_t>(live - 1)])];
                const Child& cur = s.kids[static_cast<std::size_t>(j)];
                if (prev.k1 == cur.k1 && prev.k2 == cur.k2) continue;
            }
            s.order[static_cast<std::size_t>(live++)] = j;
        }
        s.order.resize(static_cast<std::size_t>(live));
        std::sort(s.order.begin(), s.order.end(), [&](int a, int b) {
            const Child& x = s.kids[static_cast<std::size_t>(a)];
            const Child& y = s.kids[static_cast<std::size_t>(b)];
            if (x.lb != y.lb) return x.lb < y.lb;
            return x.order < y.order;
        });
        for (int j : s.order) {
            Child& c = s.kids[static_cast<std::size_t>(j)];
            if (c.lb >= infinite) continue;
            if (1 + c.lb > r) {
                best = std::min(best, 1 + c.lb);
                continue;
            }
            const int got = dfs(c.pos, depth + 1, r - 1);
            if (aborted_) return 0;
            if (got == found) {
                path_[static_cast<std::size_t>(depth)] = c.tap;
                return found;
            }
            table_.store(c.k1, c.k2, got);
            if (got < infinite) best = std::min(best, 1 + got);
        }
        return best;
    }

    Game game_;
    Packed packed_;
    Table table_;
    const SolveOptions& options_;
    std::chrono::steady_clock::time_point start_;
    std::deque<Scratch> scratch_;
    std::vector<int> path_;
    bool root_normal_ = false;
    int found_length_ = 0;
    bool aborted_ = false;
    std::uint64_t calls_ = 0;
    std::int64_t positions_ = 0;
};

Cell unpack_index(const Game& g, int i) { return {i / g.h, i % g.h}; }

// The beam search runs once the iterations have computed this many positions, with this width:
// then it costs a few percent of the search, and it finds a shortest line on most boards.
constexpr std::int64_t default_beam_after = 300000;
constexpr int default_beam_width = 2000;

}  // namespace solver_detail

bool solver_applies(const Rules& rules, const Goal& goal) {
    return !rules.refill && (goal.score.has_value() || !goal.collect.empty() || goal.jelly || goal.clear);
}

SolveResult solve(const Rules& rules, const Goal& goal, std::optional<int> move_limit, const State& start,
                  const SolveOptions& options) {
    return detail::solve_tuned(rules, goal, move_limit, start, options, solver_detail::default_beam_after,
                               solver_detail::default_beam_width);
}

namespace detail {

SolveResult solve_tuned(const Rules& rules, const Goal& goal, std::optional<int> move_limit, const State& start,
                        const SolveOptions& options, std::int64_t beam_after, int beam_width) {
    SolveResult result;
    if (!solver_applies(rules, goal)) return result;
    const solver_detail::Game game = solver_detail::make_game(rules, goal, start, false);
    // A table of 2^14 entries (256 KiB) that doubles as it fills, up to 2^23.
    solver_detail::Search search(game, options, 14);
    solver_detail::Pos root;
    if (!search.packed().pack(start, root)) return result;
    const bool normal = search.packed().normal(root);
    int limit = search.packed().bound(root.k);
    const int most = move_limit ? *move_limit : std::numeric_limits<int>::max();
    // Once the search is not trivial, a line from a beam search: when the iterations prove that
    // no line is shorter, it is a shortest one, and the last (largest) iteration is never run.
    std::vector<int> beam_line;
    bool beam_tried = false;
    while (true) {
        if (!beam_tried && beam_width > 0 && search.positions() >= beam_after && limit < solver_detail::infinite &&
            limit <= most) {
            beam_tried = true;
            beam_line = search.beam(root, normal, beam_width, std::min(most, game.n + 1));
            if (search.aborted()) break;
        }
        // `limit` is a lower bound on the length of every winning line.
        if (!beam_line.empty() && limit >= static_cast<int>(beam_line.size())) {
            for (int i : beam_line) result.taps.push_back(solver_detail::unpack_index(game, i));
            result.verdict = Verdict::solvable;
            break;
        }
        if (limit >= solver_detail::infinite || limit > most) {
            result.verdict = Verdict::unsolvable;
            break;
        }
        const int got = search.iterate(root, normal, limit);
        if (search.aborted()) {
            // Out of time with a line in hand: the level is solvable, the line maybe not shortest.
            if (!beam_line.empty()) {
                for (int i : beam_line) result.taps.push_back(solver_detail::unpack_index(game, i));
                result.verdict = Verdict::solvable;
                result.shortest = false;
            }
            break;
        }
        if (got == solver_detail::found) {
            for (int i : search.path()) result.taps.push_back(solver_detail::unpack_index(game, i));
            result.verdict = Verdict::solvable;
            break;
        }
        limit = got;
    }
    result.positions = search.positions();
    if (result.verdict == Verdict::solvable) {
        // The line must win when replayed through the engine; otherwise the packed rules are
        // wrong somewhere and the answer is not known.
        State s = start;
        bool ok = true;
        for (std::size_t k = 0; k < result.taps.size() && ok; ++k) {
            StepResult step = tap(rules, s, result.taps[k], false);
            ok = step.legal;
            s = std::move(step.state);
        }
        if (!ok || !objectives_met(goal, s)) {
            result.verdict = Verdict::unknown;
            result.taps.clear();
        }
    }
    return result;
}

int lower_bound(const Rules& rules, const Goal& goal, const State& state) {
    const solver_detail::Game game = solver_detail::make_game(rules, goal, state, false);
    solver_detail::Packed packed(game);
    solver_detail::Pos p;
    if (!packed.pack(state, p)) return 0;
    const int b = packed.bound(p.k);
    return b >= solver_detail::infinite ? -1 : b;
}

std::vector<SolverStep> solver_successors(const Rules& rules, const State& state) {
    std::vector<SolverStep> out;
    Goal goal;
    goal.clear = true;
    const solver_detail::Game game = solver_detail::make_game(rules, goal, state, true);
    solver_detail::Packed packed(game);
    solver_detail::Pos p;
    if (!packed.pack(state, p)) return out;
    const bool normal = packed.normal(p);
    solver_detail::Scratch s;
    packed.taps(p, s);
    solver_detail::Pos next;
    solver_detail::Counts k;
    for (const solver_detail::Tap& t : s.taps) {
        packed.effect(p, s, t, s.effect);
        solver_detail::Packed::after(p.k, s.effect, k);
        packed.apply(p, s.effect, k, t.cell, !normal, next);
        SolverStep step{solver_detail::unpack_index(game, t.cell), state};
        State& st = step.state;
        for (int x = 0; x < game.w; ++x)
            for (int y = 0; y < game.h; ++y) {
                const auto i = static_cast<std::size_t>(x * game.h + y);
                st.board.at(x, y) = solver_detail::unpack_cell(next.cells[i]);
                if (game.track_jelly && st.jelly->at(x, y) > 0) st.jelly->at(x, y) = next.jelly[i];
            }
        st.score = next.k.score;
        for (int c = 0; c < solver_detail::max_colors; ++c) {
            const auto i = static_cast<std::size_t>(c);
            if (next.k.collected[i] == p.k.collected[i]) continue;
            if (st.collected.size() <= i) st.collected.resize(i + 1, 0);
            st.collected[i] = static_cast<int>(next.k.collected[i]);
        }
        st.rng = Rng(next.rng);
        st.moves += 1;
        out.push_back(std::move(step));
    }
    return out;
}

}  // namespace detail

}  // namespace tilelab::collapse
