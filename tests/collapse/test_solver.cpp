// The collapse solver (core/tilelab/collapse/solver.hpp) against the engine:
//  1. on random small boards (refill off; power-ups, blockers, holes, empty cells, jelly, reshuffle,
//     min_group 1 to 3) and on positions reached from them, the successors the solver generates
//     are exactly the results of tap() on every legal cell, and every legal tap gives one of them;
//  2. on tiny boards (up to 5x4, now and then 5x5), the solver's verdict and line length agree with
//     a plain breadth-first search over tap() on every legal cell, for every kind of goal, with and
//     without a move limit, its line wins when replayed, and so does a run with the beam search
//     from the start;
//  3. on SameGame boards of 5x5 to 7x7, the beam search never changes the answer;
//  4. the solver's lower bound never exceeds the exact distance to a win, on every position
//     reachable from tiny boards (all of them, their distances computed backwards), and on boards
//     at the edge of its one- and two-tap parts;
//  5. a stop request and a spent budget give unknown; 6. solver_applies.
// Each loop's count goes through test::reps (TILELAB_TEST_SCALE); a mismatch is a failed check
// with the rules and the board, and a loop stops after a few of them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "support/scale.hpp"
#include "tilelab/collapse/engine.hpp"
#include "tilelab/collapse/solver.hpp"
#include "tilelab/collapse/tokens.hpp"

// A named namespace, not an anonymous one: this file is compiled in one unity batch with the
// folder's other test files, whose anonymous-namespace helpers (same_state, rows, load, ...) must
// neither clash with these nor be picked up by them.
namespace tilelab::collapse::solver_check {

// A loop stops after this many failed checks: the first few boards say enough.
constexpr int max_failures = 5;

std::string board_text(const State& s) {
    std::string out;
    for (int y = 0; y < s.board.height; ++y) {
        for (int x = 0; x < s.board.width; ++x) {
            std::string t = tilelab::cell_token(Kind::collapse, s.board.at(x, y));
            if (s.jelly && s.jelly->at(x, y) > 0) t += "j" + std::to_string(s.jelly->at(x, y));
            out += t;
            out += std::string(6 - std::min<std::size_t>(5, t.size()), ' ');
        }
        out += '\n';
    }
    return out;
}

std::string rules_text(const Rules& r) {
    return "colors " + std::to_string(r.colors) + " min_group " + std::to_string(r.min_group) + " score " +
           (r.score == Scoring::linear ? "linear " + std::to_string(r.score_per_piece) : std::string("samegame")) +
           (r.reshuffle ? " reshuffle" : "");
}

std::string goal_text(const Goal& g, std::optional<int> limit) {
    std::string out;
    if (g.score) out += "score>=" + std::to_string(*g.score) + " ";
    for (const CollectTarget& t : g.collect) out += "collect " + std::to_string(t.count) + "x" + std::to_string(t.color) + " ";
    if (g.jelly) out += "jelly ";
    if (g.clear) out += "clear ";
    if (limit) out += "moves " + std::to_string(*limit);
    return out;
}

// A failed check, with the rules and the board it was made on; counts it in `failures`.
void fail(int& failures, const std::string& what, const Rules& rules, const State& s) {
    ++failures;
    FAIL_CHECK(what << "\n  " << rules_text(rules) << "\n" << board_text(s));
}

// The state as the tests compare it: `collected` padded with zeros, `moves` included.
bool same_state(const State& a, const State& b) {
    if (a.board != b.board || a.jelly != b.jelly || a.score != b.score || a.moves != b.moves || a.rng != b.rng) return false;
    const std::size_t n = std::max(a.collected.size(), b.collected.size());
    for (std::size_t i = 0; i < n; ++i) {
        const int x = i < a.collected.size() ? a.collected[i] : 0;
        const int y = i < b.collected.size() ? b.collected[i] : 0;
        if (x != y) return false;
    }
    return true;
}

// A random board of pieces, power-ups, blockers, holes and empty cells (unsettled: the start
// state of a level is not settled either), with jelly on some.
State random_state(Rng& rng, int w, int h, int colors, bool powerups) {
    State s;
    s.board = Board(w, h);
    s.rng = Rng(rng.next());
    s.collected.assign(static_cast<std::size_t>(colors), 0);
    const bool jelly = rng.uniform(3) == 0;
    if (jelly) s.jelly = Grid(w, h, 0);
    const int blockers = static_cast<int>(rng.uniform(3));  // 0: none, else a few
    const int holes = static_cast<int>(rng.uniform(3));
    const int empties = static_cast<int>(rng.uniform(3));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::uint32_t r = rng.uniform(100);
            const std::uint32_t pow_end = powerups ? 8 : 0;
            const std::uint32_t blocker_end = pow_end + 4 * static_cast<std::uint32_t>(blockers);
            const std::uint32_t hole_end = blocker_end + 4 * static_cast<std::uint32_t>(holes);
            const std::uint32_t empty_end = hole_end + 4 * static_cast<std::uint32_t>(empties);
            std::int32_t v = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(colors)));
            if (r < pow_end) {
                const std::uint32_t k = rng.uniform(4);
                v = k == 0   ? rocket_h
                    : k == 1 ? rocket_v
                    : k == 2 ? tnt
                             : disco(static_cast<int>(rng.uniform(static_cast<std::uint32_t>(colors))));
            } else if (r < blocker_end) {
                v = cell::blocker;
            } else if (r < hole_end) {
                v = cell::hole;
            } else if (r < empty_end) {
                v = cell::empty;
            }
            s.board.at(x, y) = v;
            if (jelly) s.jelly->at(x, y) = static_cast<std::int32_t>(rng.uniform(3));
        }
    return s;
}

Rules random_rules(Rng& rng, int colors) {
    Rules r;
    r.colors = colors;
    const std::uint32_t m = rng.uniform(10);
    r.min_group = m == 0 ? 1 : m < 6 ? 2 : 3;
    r.score = rng.uniform(2) == 0 ? Scoring::linear : Scoring::samegame;
    r.score_per_piece = rng.uniform(10) == 0 ? -static_cast<int>(rng.uniform(4)) : 1 + static_cast<int>(rng.uniform(20));
    r.refill = false;
    r.reshuffle = rng.uniform(4) == 0;
    return r;
}

// ---- 1. Successors ------------------------------------------------------------------------

// The solver's successors of `s` against tap() on every cell; returns them for deeper checks.
std::vector<detail::SolverStep> check_successors(const Rules& rules, const State& s, long& compared, int& failures) {
    std::vector<detail::SolverStep> mine = detail::solver_successors(rules, s);
    for (const auto& step : mine) {
        const StepResult r = tap(rules, s, step.tap, false);
        ++compared;
        if (!r.legal) {
            fail(failures,
                 "the solver taps an illegal cell (" + std::to_string(step.tap.x) + "," + std::to_string(step.tap.y) + ")", rules,
                 s);
            continue;
        }
        if (!same_state(r.state, step.state)) {
            fail(failures,
                 "the solver's result of the tap at (" + std::to_string(step.tap.x) + "," + std::to_string(step.tap.y) +
                     ") differs from tap()'s:\nsolver:\n" + board_text(step.state) + "tap():\n" + board_text(r.state) + "score " +
                     std::to_string(step.state.score) + " vs " + std::to_string(r.state.score),
                 rules, s);
        }
    }
    // Every legal tap gives one of the solver's results.
    for (int y = 0; y < s.board.height; ++y)
        for (int x = 0; x < s.board.width; ++x) {
            if (!legal_tap(s.board, rules.min_group, {x, y})) continue;
            const StepResult r = tap(rules, s, {x, y}, false);
            bool any = false;
            for (const auto& step : mine) any = any || same_state(r.state, step.state);
            if (!any)
                fail(failures, "tap() at (" + std::to_string(x) + "," + std::to_string(y) + ") gives a result the solver lacks",
                     rules, s);
        }
    return mine;
}

// ---- 2. Brute force -------------------------------------------------------------------------

std::string state_key(const State& s) {
    std::string k;
    for (std::int32_t v : s.board.cells) k += static_cast<char>(v & 0xff), k += static_cast<char>((v >> 8) & 0xff);
    if (s.jelly)
        for (std::int32_t v : s.jelly->cells) k += static_cast<char>(v);
    k += std::to_string(s.score) + "/";
    for (int c : s.collected) k += std::to_string(c) + ",";
    k += std::to_string(s.rng.state());
    return k;
}

// The fewest taps to a win by breadth-first search over tap() on every legal cell; -1: none
// (within the limit); -2: the search grew past `cap` states.
int brute_force(const Rules& rules, const Goal& goal, std::optional<int> limit, const State& start, std::size_t cap) {
    std::unordered_set<std::string> seen{state_key(start)};
    std::vector<State> frontier{start};
    for (int depth = 1; !frontier.empty(); ++depth) {
        if (limit && depth > *limit) return -1;
        std::vector<State> next;
        for (const State& s : frontier)
            for (int y = 0; y < s.board.height; ++y)
                for (int x = 0; x < s.board.width; ++x) {
                    if (!legal_tap(s.board, rules.min_group, {x, y})) continue;
                    StepResult r = tap(rules, s, {x, y}, false);
                    if (objectives_met(goal, r.state)) return depth;
                    r.state.moves = 0;  // the future does not depend on it
                    if (seen.insert(state_key(r.state)).second) next.push_back(std::move(r.state));
                    if (seen.size() > cap) return -2;
                }
        frontier = std::move(next);
    }
    return -1;
}

// Every position reachable from `start` (at most `cap`, else none is checked), the exact number
// of taps from each to a win (computed over the graph, which has no cycle: every tap clears more
// items than it adds), and the solver's lower bound against it. Returns the positions checked.
long check_bounds(const Rules& rules, const Goal& goal, const State& start, std::size_t cap, int& failures) {
    constexpr int none = 1 << 20;
    std::unordered_map<std::string, int> index;
    std::vector<State> states{start};
    std::vector<std::vector<int>> next(1);  // children; -1: a tap that wins
    index.emplace(state_key(start), 0);
    for (std::size_t i = 0; i < states.size(); ++i) {
        for (int y = 0; y < states[i].board.height; ++y)
            for (int x = 0; x < states[i].board.width; ++x) {
                if (!legal_tap(states[i].board, rules.min_group, {x, y})) continue;
                StepResult r = tap(rules, states[i], {x, y}, false);
                if (objectives_met(goal, r.state)) {
                    next[i].push_back(-1);
                    continue;
                }
                r.state.moves = 0;
                const auto [it, added] = index.emplace(state_key(r.state), static_cast<int>(states.size()));
                if (added) {
                    if (states.size() >= cap) return 0;
                    states.push_back(std::move(r.state));
                    next.emplace_back();
                }
                next[i].push_back(it->second);
            }
    }
    std::vector<int> dist(states.size(), -1);
    // Children have fewer items, so in order of items (fewest first) every child comes first.
    std::vector<int> order(states.size());
    std::vector<int> items(states.size(), 0);
    for (std::size_t i = 0; i < states.size(); ++i) {
        order[i] = static_cast<int>(i);
        for (std::int32_t v : states[i].board.cells) items[i] += is_item(v) ? 1 : 0;
    }
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return items[static_cast<std::size_t>(a)] < items[static_cast<std::size_t>(b)]; });
    long checked = 0;
    for (int i : order) {
        int d = none;
        for (int j : next[static_cast<std::size_t>(i)]) {
            if (j < 0) d = 1;
            else if (dist[static_cast<std::size_t>(j)] >= 0 && dist[static_cast<std::size_t>(j)] < none)
                d = std::min(d, 1 + dist[static_cast<std::size_t>(j)]);
            else if (dist[static_cast<std::size_t>(j)] < 0)
                fail(failures, "a child is not computed before its parent", rules, states[static_cast<std::size_t>(i)]);
        }
        dist[static_cast<std::size_t>(i)] = d;
        const int b = detail::lower_bound(rules, goal, states[static_cast<std::size_t>(i)]);
        ++checked;
        if ((b < 0 && d < none) || (b > 0 && d < none && b > d) || b == 0)
            fail(failures,
                 "the lower bound is " + std::to_string(b) + ", the exact distance " + (d < none ? std::to_string(d) : "none") +
                     " (" + goal_text(goal, std::nullopt) + ")",
                 rules, states[static_cast<std::size_t>(i)]);
        if (failures >= max_failures) break;
    }
    return checked;
}

Goal random_goal(Rng& rng, const Rules& rules, const State& s) {
    int pieces[16] = {};
    int total = 0;
    for (std::int32_t v : s.board.cells)
        if (is_piece(v)) ++pieces[v], ++total;
    Goal g;
    // Mostly one objective (clear the most often: the solver's main use), sometimes several.
    const std::uint32_t pick = rng.uniform(20);
    const std::uint32_t kinds = pick < 8 ? 1 : pick < 11 ? 2 : pick < 14 ? 4 : pick < 16 ? 8 : 1 + rng.uniform(15);
    if (kinds & 1) g.clear = true;
    if (kinds & 2) {
        const std::int64_t most = rules.score == Scoring::linear ? std::int64_t{rules.score_per_piece} * (total + 2)
                                                                 : total * total / 3 + 2;
        g.score = static_cast<std::int64_t>(rng.uniform(static_cast<std::uint32_t>(std::max<std::int64_t>(1, most)))) + 1;
    }
    if (kinds & 4) {
        const int c = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(rules.colors)));
        g.collect.push_back({c, 1 + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(pieces[c] + 2)))});
        if (rng.uniform(3) == 0) {
            const int d = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(rules.colors)));
            g.collect.push_back({d, static_cast<int>(rng.uniform(static_cast<std::uint32_t>(pieces[d] + 1)))});
        }
    }
    if (kinds & 8) g.jelly = true;
    return g;
}

SolveOptions no_budget() {
    SolveOptions options;
    options.budget_ms = 0;
    return options;
}

TEST_CASE("collapse solver: its successors are tap()'s results on every legal cell") {
    Rng rng(1);
    int failures = 0;
    long compared = 0, states = 0;
    const int boards = test::reps(4000);
    for (int board = 0; board < boards && failures < max_failures; ++board) {
        const int colors = 2 + static_cast<int>(rng.uniform(3));
        const Rules rules = random_rules(rng, colors);
        const int w = 1 + static_cast<int>(rng.uniform(7)), h = 1 + static_cast<int>(rng.uniform(7));
        State s = random_state(rng, w, h, colors, true);
        for (int step = 0; step < 8 && failures < max_failures; ++step) {
            ++states;
            std::vector<detail::SolverStep> next = check_successors(rules, s, compared, failures);
            if (next.empty()) {
                if (has_legal_tap(s.board, rules.min_group)) fail(failures, "the solver finds no tap on a live board", rules, s);
                break;
            }
            s = next[rng.uniform(static_cast<std::uint32_t>(next.size()))].state;
        }
    }
    // Not vacuous: most boards have taps, and a line of them is followed (4000 boards gave
    // 16,088 states and 56,327 tap results).
    CHECK(states > 2 * boards);
    CHECK(compared > 8 * boards);
}

TEST_CASE("collapse solver: verdicts and line lengths agree with breadth-first search over tap()") {
    Rng rng(2);
    int failures = 0;
    int solved = 0, unsolvable = 0, skipped = 0, cases = 0;
    const int boards = test::reps(2500);
    for (int board = 0; board < boards && failures < max_failures; ++board) {
        const int colors = 2 + static_cast<int>(rng.uniform(3));
        const Rules rules = random_rules(rng, colors);
        // Up to 5x4 (or 4x5), now and then 5x5 (skipped when its search space is too large).
        const std::uint32_t shape = rng.uniform(25);
        const int w = shape == 0 ? 5 : 2 + static_cast<int>(rng.uniform(4));
        const int h = shape == 0 ? 5 : 2 + static_cast<int>(rng.uniform(w == 5 ? 3 : 4));
        const State s = random_state(rng, w, h, colors, rng.uniform(3) != 0);
        const Goal goal = random_goal(rng, rules, s);
        std::optional<int> limit;
        if (rng.uniform(3) == 0) limit = 1 + static_cast<int>(rng.uniform(5));
        const int expect = brute_force(rules, goal, limit, s, 50000);
        if (expect == -2) {
            ++skipped;
            continue;
        }
        ++cases;
        const SolveOptions options = no_budget();
        const SolveResult got = solve(rules, goal, limit, s, options);
        const std::string where = goal_text(goal, limit);
        if (expect == -1) {
            ++unsolvable;
            if (got.verdict != Verdict::unsolvable)
                fail(failures, "brute force finds no win (" + where + "), the solver says otherwise", rules, s);
            continue;
        }
        ++solved;
        if (got.verdict != Verdict::solvable) {
            fail(failures, "brute force wins in " + std::to_string(expect) + " (" + where + "), the solver does not", rules, s);
            continue;
        }
        if (static_cast<int>(got.taps.size()) != expect)
            fail(failures,
                 "brute force wins in " + std::to_string(expect) + ", the solver in " + std::to_string(got.taps.size()) + " (" +
                     where + ")",
                 rules, s);
        State r = s;
        bool ok = true;
        for (Cell c : got.taps) {
            StepResult step = tap(rules, r, c, false);
            ok = ok && step.legal;
            r = step.state;
        }
        if (!ok || !objectives_met(goal, r)) fail(failures, "the solver's line does not win (" + where + ")", rules, s);
        // The beam search from the start, with a narrow beam (its line is often not a shortest
        // one, so the iterations must still prove it or find a shorter one).
        const int width = 1 + static_cast<int>(rng.uniform(20));
        const SolveResult beam = detail::solve_tuned(rules, goal, limit, s, options, 0, width);
        if (beam.verdict != Verdict::solvable || static_cast<int>(beam.taps.size()) != expect)
            fail(failures,
                 "with a beam of " + std::to_string(width) + " the solver says " + std::to_string(beam.taps.size()) +
                     " taps, brute force " + std::to_string(expect) + " (" + where + ")",
                 rules, s);
    }
    // Not vacuous: almost every board is small enough, and both verdicts are common (8000 boards
    // gave 3,257 solvable, 4,734 unsolvable, 9 skipped).
    CHECK(cases > boards * 9 / 10);
    CHECK(solved > boards / 4);
    CHECK(unsolvable > boards / 4);
}

TEST_CASE("collapse solver: the beam search never changes the answer on SameGame boards") {
    Rng rng(3);
    int failures = 0;
    int larger = 0, solvable = 0;
    const int boards = test::reps(20);
    for (int board = 0; board < boards && failures < max_failures; ++board) {
        Rules rules;
        rules.colors = 3 + static_cast<int>(rng.uniform(2));
        rules.min_group = 2;
        rules.score = Scoring::samegame;
        rules.refill = false;
        const int w = 5 + static_cast<int>(rng.uniform(3)), h = 5 + static_cast<int>(rng.uniform(3));
        const State s = start_state(rules, Board(w, h, cell::random), std::nullopt, rng.next());
        Goal goal;
        goal.clear = true;
        const SolveOptions options = no_budget();
        // With the beam search never, at once, and at its default point.
        const SolveResult plain = detail::solve_tuned(rules, goal, std::nullopt, s, options, 0, 0);
        const SolveResult early = detail::solve_tuned(rules, goal, std::nullopt, s, options, 0, 50);
        const SolveResult usual = solve(rules, goal, std::nullopt, s, options);
        ++larger;
        if (plain.verdict == Verdict::solvable) ++solvable;
        if (plain.verdict != early.verdict || plain.verdict != usual.verdict || plain.taps.size() != early.taps.size() ||
            plain.taps.size() != usual.taps.size())
            fail(failures,
                 "the beam search changes the answer: " + std::to_string(plain.taps.size()) + " / " +
                     std::to_string(early.taps.size()) + " / " + std::to_string(usual.taps.size()) + " taps",
                 rules, s);
    }
    // Not vacuous: every board is searched to the end, and some are solvable.
    CHECK(larger == boards);
    CHECK(solvable > 0);
}

TEST_CASE("collapse solver: the lower bound never exceeds the exact distance to a win") {
    Rng rng(4);
    int failures = 0;
    long bounded = 0;
    int graphs = 0;
    const int boards = test::reps(1000);
    for (int board = 0; board < boards && failures < max_failures; ++board) {
        const int colors = 2 + static_cast<int>(rng.uniform(3));
        const Rules rules = random_rules(rng, colors);
        const int w = 2 + static_cast<int>(rng.uniform(4)), h = 2 + static_cast<int>(rng.uniform(3));
        const State s = random_state(rng, w, h, colors, rng.uniform(3) != 0);
        const Goal goal = random_goal(rng, rules, s);
        bounded += check_bounds(rules, goal, s, 20000, failures);
        ++graphs;
    }
    // Not vacuous: each board has many reachable positions (1500 boards gave 131,797).
    CHECK(graphs == boards);
    CHECK(bounded > 20 * static_cast<long>(boards));
}

TEST_CASE("collapse solver: boards at the edge of the one- and two-tap bounds") {
    // Too large for the random boards: a group of exactly 8 leaves a tnt whose square then holds
    // all 25 items left (32 items, 7 + 25 cleared); a 20x2 board of one colour, one group of 40
    // leaving a disco ball that then clears itself (a disco ball clears the most of what a group
    // leaves); a row of a rocket and pieces.
    struct Edge {
        std::vector<std::string> rows;
        int distance;
    };
    const std::vector<Edge> edges = {
        {{".121.", "1212.", "21012", "00001", "10002", "21211", "12122"}, 2},
        {{"00000000000000000000", "00000000000000000000"}, 2},
        {{"0H1201"}, 1},
    };
    for (const Edge& e : edges) {
        Rules rules;
        rules.colors = 3;
        rules.refill = false;
        State s;
        s.board = Board(static_cast<int>(e.rows[0].size()), static_cast<int>(e.rows.size()));
        for (int y = 0; y < s.board.height; ++y)
            for (int x = 0; x < s.board.width; ++x) {
                const char c = e.rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
                s.board.at(x, y) = c == '.' ? cell::empty : c == 'H' ? rocket_h : c - '0';
            }
        Goal goal;
        goal.clear = true;
        INFO(board_text(s));
        const int exact = brute_force(rules, goal, std::nullopt, s, 200000);
        const int b = detail::lower_bound(rules, goal, s);
        const SolveResult got = solve(rules, goal, std::nullopt, s, no_budget());
        CHECK(exact == e.distance);
        CHECK(b >= 1);
        CHECK(b <= e.distance);
        CHECK(got.verdict == Verdict::solvable);
        CHECK(static_cast<int>(got.taps.size()) == e.distance);
    }
}

TEST_CASE("collapse solver: a stop request or a spent budget gives unknown") {
    Rules rules;
    rules.colors = 5;
    rules.score = Scoring::samegame;
    rules.refill = false;
    const State s = start_state(rules, Board(10, 10, cell::random), std::nullopt, 7);
    Goal goal;
    goal.clear = true;
    StopSource stop;
    stop.request_stop();
    SolveOptions options;
    options.stop = stop.get_token();
    CHECK(solve(rules, goal, std::nullopt, s, options).verdict == Verdict::unknown);
    // A 1 ms search of 10x10 with 5 colours.
    SolveOptions quick;
    quick.budget_ms = 1;
    CHECK(solve(rules, goal, std::nullopt, s, quick).verdict == Verdict::unknown);
}

TEST_CASE("collapse solver: it applies without refill and with an objective") {
    Rules r;
    r.colors = 3;
    Goal g;
    CHECK_FALSE(solver_applies(r, g));  // refill on, no objective
    r.refill = false;
    CHECK_FALSE(solver_applies(r, g));  // no objective
    g.clear = true;
    CHECK(solver_applies(r, g));
}

}  // namespace tilelab::collapse::solver_check
