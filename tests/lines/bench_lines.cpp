// Benchmark of the lines kind: linear groups vs the list-based oracle (8x8, 32x32, 64x64), shifts,
// and the optimal solver on 6x6 boards scrambled by 4, 5 and 6 shifts (median of 20 boards each).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "lines_boards.hpp"
#include "oracle.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/lines/lines.hpp"

using namespace tilelab;
using namespace tilelab::lines;
// Thread CPU time, not wall time: the machine is shared, and wall time would count other work.
struct Clock {
    using time_point = double;
    static double now() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
    }
};

namespace {
volatile std::size_t sink = 0;  // results feed this so the optimiser cannot drop the work

double seconds_since(Clock::time_point start) { return Clock::now() - start; }

// ns per call of `work` over the boards, repeating until at least `min_seconds` passed.
template <typename Work>
double ns_per_op(const std::vector<Board>& boards, double min_seconds, Work work) {
    std::size_t calls = 0;
    const auto start = Clock::now();
    do {
        for (const Board& b : boards) {
            sink = sink + work(b);
            ++calls;
        }
    } while (seconds_since(start) < min_seconds);
    return seconds_since(start) * 1e9 / static_cast<double>(calls);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
}  // namespace

int main(int argc, char** argv) {
    // `bench_lines solver` runs the solver figures only (the 64x64 oracle alone takes many seconds).
    const bool solver_only = argc > 1 && std::string(argv[1]) == "solver";
    std::printf("lines benchmark (Release build; one thread; thread CPU time)\n\n");
    if (!solver_only) {
        std::printf("match groups with closedness, random boards (masks 1..15, 1/8 empty)\n");
        std::printf("%-8s %16s %16s %10s\n", "board", "core ns/op", "oracle ns/op", "ratio");
        for (int side : {8, 32, 64}) {
            Rng rng(static_cast<std::uint64_t>(side));
            std::vector<Board> boards;
            for (int i = 0; i < 8; ++i) boards.push_back(testing::random_board(side, side, rng));
            // Same answers first: a benchmark of wrong code measures nothing.
            for (const Board& b : boards)
                if (match_groups(b).size() != oracle::seed_match_groups(b).size()) {
                    std::printf("MISMATCH on %dx%d\n", side, side);
                    return 1;
                }
            const double core = ns_per_op(boards, 0.3, [](const Board& b) { return match_groups(b).size(); });
            // The oracle is cubic on big boards (its "already in a group?" scans restart at (0, 0)):
            // one 64x64 board takes seconds, so that size runs on one board once.
            std::vector<Board> oracle_boards = side >= 64 ? std::vector<Board>{boards[0]} : boards;
            const double slow = ns_per_op(oracle_boards, side >= 64 ? 0.0 : 0.5,
                                          [](const Board& b) { return oracle::seed_match_groups(b).size(); });
            std::printf("%2dx%-5d %16.0f %16.0f %9.0fx\n", side, side, core, slow, slow / core);
        }
        {
            // The solver's inner loop: counts only, scratch reused, no cell lists.
            Rng rng(6);
            std::vector<Board> boards;
            for (int i = 0; i < 64; ++i) boards.push_back(testing::damaged_network(6, 6, 2, rng));
            GroupLabeller labeller;
            std::vector<std::vector<std::uint8_t>> masks;
            for (const Board& b : boards) masks.push_back(board_masks(b));
            std::size_t i = 0;
            const double counts = ns_per_op(boards, 0.3, [&](const Board&) {
                const auto& m = masks[i++ % masks.size()];
                return static_cast<std::size_t>(labeller.count(m.data(), 6, 6).closed_groups);
            });
            const double shift = ns_per_op(boards, 0.3, [](const Board& b) {
                return static_cast<std::size_t>(shifted(b, ShiftMove{ShiftMove::Axis::col, 2, 1}).cells[5]);
            });
            std::printf("6x6      group counts (solver path) %8.0f ns/op; shifted() board copy %6.0f ns/op\n\n", counts, shift);
        }
    }

    {
        // The pruning is the work: a plain breadth-first search against the solver on 5x5 boards.
        std::printf("plain breadth-first search vs the solver, 5x5 closed networks scrambled by 4, goal all_closed\n");
        Rng rng(55);
        std::vector<Level> levels;
        for (int i = 0; i < 3; ++i) {
            Level level = make_blank_level(Kind::lines, 5, 5);
            level.board = closed_network(5, 5, rng);
            level.goal.as<lines::Goal>().all_closed = true;
            scramble(level.board, 4, rng);
            levels.push_back(level);
        }
        // All solver runs first: after a BFS frees its millions of map nodes, the next allocation
        // pays for malloc's consolidation, which is not the solver's cost.
        double bfs_ms = 0, ida_ms = 0;
        std::vector<int> solver_moves;
        for (const Level& level : levels) {
            const auto start = Clock::now();
            SolveOptions options;
            options.budget_ms = 0;
            options.max_depth = 4;
            const SolveResult r = solve(level, level.board, lines_goal(level.goal), options);
            ida_ms += seconds_since(start) * 1e3;
            solver_moves.push_back(r.verdict == Verdict::solvable ? static_cast<int>(r.moves.size()) : -1);
        }
        for (std::size_t i = 0; i < levels.size(); ++i) {
            const auto start = Clock::now();
            const int bfs = oracle::bfs_shortest(levels[i], levels[i].board, 4);
            bfs_ms += seconds_since(start) * 1e3;
            if (bfs != solver_moves[i]) {
                std::printf("DISAGREE on board %zu\n", i);
                return 1;
            }
        }
        std::printf("3 boards: BFS %.1f ms/board, solver %.2f ms/board, ratio %.0fx\n\n", bfs_ms / 3, ida_ms / 3,
                    bfs_ms / ida_ms);
    }

    std::printf("optimal solver, 6x6 closed networks scrambled by k random shifts, goal all_closed\n");
    std::printf("%-3s %6s %12s %12s %12s %14s %10s\n", "k", "boards", "median ms", "mean ms", "max ms", "median nodes", "moves");
    for (int k : {4, 5, 6, 7, 8}) {
        Rng rng(1000 + static_cast<std::uint64_t>(k));
        std::vector<double> ms;
        std::vector<double> nodes;
        double moves_sum = 0;
        int unknown = 0;
        for (int i = 0; i < 20; ++i) {
            Level level = make_blank_level(Kind::lines, 6, 6);
            level.board = closed_network(6, 6, rng);
            level.goal.as<lines::Goal>().all_closed = true;
            scramble(level.board, k, rng);
            SolveOptions options;
            options.budget_ms = 20000;
            options.max_depth = k;
            const auto start = Clock::now();
            const SolveResult r = solve(level, level.board, lines_goal(level.goal), options);
            ms.push_back(seconds_since(start) * 1e3);
            nodes.push_back(static_cast<double>(r.nodes));
            if (r.verdict != Verdict::solvable) {
                ++unknown;
                continue;
            }
            // The moves must really close every tile, and never be longer than the scramble.
            std::vector<Move> replay(r.moves.begin(), r.moves.end());
            ApplyResult played = apply_moves(level, replay);
            if (played.illegal || !ops().goal_met(level, played.state) || static_cast<int>(r.moves.size()) > k) {
                std::printf("WRONG solution on board %d, k=%d\n", i, k);
                return 1;
            }
            moves_sum += static_cast<double>(r.moves.size());
        }
        std::printf(
            "%-3d %6d %12.1f %12.1f %12.1f %14.0f %10.2f%s\n", k, 20, median(ms),
            [&] {
                double s = 0;
                for (double v : ms) s += v;
                return s / static_cast<double>(ms.size());
            }(),
            *std::max_element(ms.begin(), ms.end()), median(nodes), moves_sum / 20, unknown ? "  (some unknown)" : "");
    }

    // Goals that count closed groups have only "1 while unmet" as their bound: much more search.
    std::printf("\nother goals, 6x6 closed networks scrambled by k, the solved board's count as the goal, 10 boards\n");
    std::printf("%-3s %-15s %12s %12s %12s\n", "k", "goal", "median ms", "mean ms", "max ms");
    for (int k : {4, 5})
        for (int mode = 0; mode < 2; ++mode) {
            Rng rng(900 + static_cast<std::uint64_t>(k));
            std::vector<double> ms;
            for (int i = 0; i < 10; ++i) {
                Level level = make_blank_level(Kind::lines, 6, 6);
                level.board = closed_network(6, 6, rng);
                GroupLabeller labeller;
                const auto masks = board_masks(level.board);
                const GroupCounts counts = labeller.count(masks.data(), 6, 6);
                if (mode == 0) level.goal.as<lines::Goal>().closed_groups = counts.closed_groups;
                else level.goal.as<lines::Goal>().min_group_size = counts.largest_closed;
                scramble(level.board, k, rng);
                SolveOptions options;
                options.budget_ms = 20000;
                options.max_depth = k;
                const auto start = Clock::now();
                const SolveResult r = solve(level, level.board, lines_goal(level.goal), options);
                ms.push_back(seconds_since(start) * 1e3);
                sink = sink + r.moves.size();
            }
            std::printf(
                "%-3d %-15s %12.1f %12.1f %12.1f\n", k, mode == 0 ? "closed_groups" : "min_group_size", median(ms),
                [&] {
                    double t = 0;
                    for (double v : ms) t += v;
                    return t / 10;
                }(),
                *std::max_element(ms.begin(), ms.end()));
        }
    return 0;
}
