// Link benchmark: one path query, all linkable pairs on a full 18x8 board, solver verdicts on
// 100 random 18x8 boards; ns/op of the core and the oracle (thread CPU time, best of five rounds)
// and their ratio, in one run.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <time.h>

#include "helpers.hpp"
#include "oracle.hpp"
#include "tilelab/link/link.hpp"

using namespace tilelab;
using namespace tilelab::link;
using tilelab::link::testing::kshisen_board;
using Clock = std::chrono::steady_clock;

namespace {
volatile std::int64_t sink = 0;  // keeps the measured work alive

// CPU time of the calling thread: on a shared machine the wall clock also counts the time the
// thread waited for a core.
double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// Repeats `work` for five rounds of at least `min_ms` / 5 of this thread's CPU time each; returns
// ns per call of the best round (the one the neighbours disturbed least).
template <class Work>
double time_ns(Work&& work, double min_ms = 300.0) {
    double best = 1e300;
    for (int round = 0; round < 5; ++round) {
        long calls = 0;
        const double start = thread_cpu_ms();
        double elapsed = 0;
        do {
            for (int i = 0; i < 16; ++i) work();
            calls += 16;
            elapsed = thread_cpu_ms() - start;
        } while (elapsed < min_ms / 5);
        best = std::min(best, elapsed * 1e6 / static_cast<double>(calls));
    }
    return best;
}

void row(const char* what, double core_ns, double oracle_ns) {
    std::printf("%-48s core %12.0f ns/op   oracle %12.0f ns/op   ratio %7.1fx\n", what, core_ns, oracle_ns, oracle_ns / core_ns);
}
}  // namespace

int main(int argc, char** argv) {
    int boards = 100;
    int budget_ms = 1000;
    int first = 0;  // the first deal: kshisen_board(1000 + first)
    bool solver_only = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "solver")) solver_only = true;
        if (i + 1 >= argc) continue;
        if (!std::strcmp(argv[i], "--first")) first = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--boards")) boards = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--budget-ms")) budget_ms = std::atoi(argv[++i]);
    }
    LinkRules rules;  // equal, 2 turns, border on: KShisen's game
    const Board full = kshisen_board(1);

    if (!solver_only) {
        // 1. One path query: every pairing pair of a half-cleared board, one at a time.
        Board half = full;
        {
            Rng rng(2);
            for (auto& c : half.cells)
                if (rng.uniform(2) == 0) c = cell::empty;
        }
        std::vector<std::pair<Cell, Cell>> queries;
        for (int i = 0; i < half.size(); ++i)
            for (int j = i + 1; j < half.size(); ++j)
                if (cell::is_value(half.cells[static_cast<std::size_t>(i)]) &&
                    half.cells[static_cast<std::size_t>(i)] == half.cells[static_cast<std::size_t>(j)])
                    queries.push_back({Cell{i % 18, i / 18}, Cell{j % 18, j / 18}});
        const LinkField half_field(half, true);
        std::size_t q = 0;
        double field_ns = time_ns([&] {
            auto& p = queries[q++ % queries.size()];
            sink = sink + (half_field.find_link(p.first, p.second, 2) ? 1 : 0);
        });
        double pair_ns = time_ns([&] {
            auto& p = queries[q++ % queries.size()];
            sink = sink + (link_pair(half, rules, p.first, p.second) ? 1 : 0);
        });
        double oracle_query_ns = time_ns([&] {
            auto& p = queries[q++ % queries.size()];
            sink = sink + (oracle::bfs_link(half, true, 2, p.first, p.second) ? 1 : 0);
        });
        std::printf("link benchmark (18x8, 36 values x 4, border on, 2 turns)\n");
        row("path query, field ready (find_link)", field_ns, oracle_query_ns);
        row("path query, field built each time (link_pair)", pair_ns, oracle_query_ns);

        // 2. All linkable pairs on a full board, and on the half-cleared one.
        for (const Board* board : std::vector<const Board*>{&full, &half}) {
            std::vector<LinkPath> links;  // the caller's buffer (all_links' allocation-free form)
            double core_ns = time_ns([&] {
                all_links(*board, rules, links);
                sink = sink + static_cast<std::int64_t>(links.size());
            });
            double oracle_ns = time_ns([&] {
                std::int64_t found = 0;
                for (int i = 0; i < board->size(); ++i)
                    for (int j = i + 1; j < board->size(); ++j) {
                        std::int32_t a = board->cells[static_cast<std::size_t>(i)], b = board->cells[static_cast<std::size_t>(j)];
                        if (cell::is_value(a) && a == b &&
                            oracle::bfs_link(*board, true, 2, Cell{i % 18, i / 18}, Cell{j % 18, j / 18}))
                            ++found;
                    }
                sink = sink + found;
            });
            row(board == &full ? "all linkable pairs, full board" : "all linkable pairs, half-cleared board", core_ns, oracle_ns);
        }
    }  // !solver_only

    // 3. Solver verdicts on random deals.
    std::vector<double> times;
    int solvable = 0, unsolvable = 0, unknown = 0;
    std::uint64_t nodes = 0;
    std::vector<std::uint64_t> node_counts;
    for (int b = first; b < first + boards; ++b) {
        Board board = kshisen_board(1000 + static_cast<std::uint64_t>(b));
        SolveOptions options;
        options.budget_ms = budget_ms;
        SolveResult r = solve(board, rules, options);
        nodes += r.nodes;
        node_counts.push_back(r.nodes);
        times.push_back(r.elapsed_ms);
        if (r.verdict == Verdict::solvable) ++solvable;
        else if (r.verdict == Verdict::unsolvable) ++unsolvable;
        else ++unknown;
        if (std::getenv("LINK_BENCH_VERBOSE"))
            std::printf("  board %3d: %-10s %9.1f ms %10llu nodes\n", b, std::string(verdict_name(r.verdict)).c_str(),
                        r.elapsed_ms, static_cast<unsigned long long>(r.nodes));
    }
    std::sort(times.begin(), times.end());
    std::sort(node_counts.begin(), node_counts.end());
    auto at = [](const auto& sorted, double q) {
        return sorted.empty() ? 0 : sorted[static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1))];
    };
    std::printf(
        "solver on %d random 18x8 deals (budget %d ms): settled %d (solvable %d, unsolvable %d), unknown %d, "
        "median %.2f ms, 99th percentile %.1f ms, max %.1f ms; nodes median %llu, 99th percentile %llu, max %llu, "
        "total %llu\n",
        boards, budget_ms, solvable + unsolvable, solvable, unsolvable, unknown, at(times, 0.5), at(times, 0.99),
        times.empty() ? 0 : times.back(), static_cast<unsigned long long>(at(node_counts, 0.5)),
        static_cast<unsigned long long>(at(node_counts, 0.99)),
        static_cast<unsigned long long>(node_counts.empty() ? 0 : node_counts.back()), static_cast<unsigned long long>(nodes));
    return sink == 42 ? 1 : 0;
}
