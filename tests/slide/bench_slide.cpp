// Slide benchmark: moves per second of the table path, the general path and the oracle, and
// expectimax moves per second at each depth, in one run; `--games N` plays the 2048 acceptance run;
// `--profile LEVEL` says where the default bot's search goes on a level.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <time.h>

#include "oracle.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/slide/bot.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/paths.hpp"

using namespace tilelab;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// CPU time of the calling thread: on a shared machine, wall time per move says more about the
// neighbours than about the bot.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

Board random_board(Rng& rng, int width, int height, bool walls, int top_exponent) {
    Board b(width, height);
    for (auto& c : b.cells) {
        if (walls && rng.uniform(100) < 10) c = cell::blocker;
        else if (rng.uniform(100) < 60) c = std::int32_t{1} << (1 + rng.uniform(static_cast<std::uint32_t>(top_exponent)));
    }
    return b;
}

// Runs `body(i)` over the positions for about `budget` seconds; returns ns per call.
template <class Body>
double time_per_call(std::size_t positions, double budget, Body&& body) {
    std::size_t calls = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    do {
        for (std::size_t i = 0; i < positions; ++i) body(i);
        calls += positions;
        elapsed = seconds_since(start);
    } while (elapsed < budget);
    return elapsed * 1e9 / static_cast<double>(calls);
}

volatile std::uint64_t sink;  // results go here so the optimiser keeps the work

// The classic technique (nneonneo/2048-ai), written here as the yardstick of the core's table path:
// a 64-bit board of 4-bit exponents, 65,536-entry tables of row deltas for left and right, the same
// rows laid out as columns for up and down, read from the transposed board. Nothing else.
namespace classic {
using Board64 = std::uint64_t;
struct Tables {
    std::uint16_t row_left[1 << 16];
    std::uint16_t row_right[1 << 16];
    std::uint64_t col_up[1 << 16];
    std::uint64_t col_down[1 << 16];
};
Board64 unpack_col(unsigned row) {
    const Board64 x = row;
    return (x | (x << 12) | (x << 24) | (x << 36)) & 0x000F000F000F000Full;
}
unsigned reverse_row(unsigned row) {
    return (row >> 12) | ((row >> 4) & 0x00F0) | ((row << 4) & 0x0F00) | ((row << 12) & 0xF000);
}
const Tables& tables() {
    static const Tables* t = [] {
        auto* out = new Tables;
        for (unsigned row = 0; row < (1u << 16); ++row) {
            unsigned line[4] = {row & 0xF, (row >> 4) & 0xF, (row >> 8) & 0xF, (row >> 12) & 0xF};
            // Slide left, merging once per tile, 15 (the largest nibble) never merges.
            for (int i = 0; i < 3; ++i) {
                int j = i + 1;
                while (j < 4 && line[j] == 0) ++j;
                if (j == 4) break;
                if (line[i] == 0) {
                    line[i] = line[j];
                    line[j] = 0;
                    --i;  // look at this cell again
                } else if (line[i] == line[j] && line[i] != 0xF) {
                    ++line[i];
                    line[j] = 0;
                }
            }
            const unsigned result = line[0] | (line[1] << 4) | (line[2] << 8) | (line[3] << 12);
            const unsigned rev_result = reverse_row(result);
            const unsigned rev_row = reverse_row(row);
            out->row_left[row] = static_cast<std::uint16_t>(row ^ result);
            out->row_right[rev_row] = static_cast<std::uint16_t>(rev_row ^ rev_result);
            out->col_up[row] = unpack_col(row) ^ unpack_col(result);
            out->col_down[rev_row] = unpack_col(rev_row) ^ unpack_col(rev_result);
        }
        return out;
    }();
    return *t;
}
inline Board64 transpose(Board64 x) {
    const Board64 a1 = x & 0xF0F00F0FF0F00F0Full;
    const Board64 a2 = x & 0x0000F0F00000F0F0ull;
    const Board64 a3 = x & 0x0F0F00000F0F0000ull;
    const Board64 a = a1 | (a2 << 12) | (a3 >> 12);
    const Board64 b1 = a & 0xFF00FF0000FF00FFull;
    const Board64 b2 = a & 0x00FF00FF00000000ull;
    const Board64 b3 = a & 0x00000000FF00FF00ull;
    return b1 | (b2 >> 24) | (b3 << 24);
}
inline Board64 move(const Tables& t, Board64 board, Direction d) {
    Board64 ret = board;
    switch (d) {
    case Direction::left:
        ret ^= Board64(t.row_left[board & 0xFFFF]);
        ret ^= Board64(t.row_left[(board >> 16) & 0xFFFF]) << 16;
        ret ^= Board64(t.row_left[(board >> 32) & 0xFFFF]) << 32;
        ret ^= Board64(t.row_left[(board >> 48) & 0xFFFF]) << 48;
        break;
    case Direction::right:
        ret ^= Board64(t.row_right[board & 0xFFFF]);
        ret ^= Board64(t.row_right[(board >> 16) & 0xFFFF]) << 16;
        ret ^= Board64(t.row_right[(board >> 32) & 0xFFFF]) << 32;
        ret ^= Board64(t.row_right[(board >> 48) & 0xFFFF]) << 48;
        break;
    case Direction::up: {
        const Board64 c = transpose(board);
        ret ^= t.col_up[c & 0xFFFF];
        ret ^= t.col_up[(c >> 16) & 0xFFFF] << 4;
        ret ^= t.col_up[(c >> 32) & 0xFFFF] << 8;
        ret ^= t.col_up[(c >> 48) & 0xFFFF] << 12;
        break;
    }
    case Direction::down: {
        const Board64 c = transpose(board);
        ret ^= t.col_down[c & 0xFFFF];
        ret ^= t.col_down[(c >> 16) & 0xFFFF] << 4;
        ret ^= t.col_down[(c >> 32) & 0xFFFF] << 8;
        ret ^= t.col_down[(c >> 48) & 0xFFFF] << 12;
        break;
    }
    }
    return ret;
}
}  // namespace classic

void bench_moves() {
    constexpr std::size_t count = 4096;
    Rng rng(1);
    std::vector<Board> boards;
    for (std::size_t i = 0; i < count; ++i) boards.push_back(random_board(rng, 4, 4, false, 11));
    const slide::TablePath table;
    const slide::GridPath grid(4, 4);
    std::vector<slide::TablePath::Position> table_positions;
    std::vector<slide::GridPath::Position> grid_positions;
    for (const auto& b : boards) {
        table_positions.push_back(table.from_board(b));
        grid_positions.push_back(grid.from_board(b));
    }
    std::uint64_t check = 0;
    // The yardstick first: the classic loop must give the core's positions, else the ratio means nothing.
    const classic::Tables& classic_tables = classic::tables();
    for (std::size_t i = 0; i < count; ++i)
        for (Direction d : all_directions)
            if (classic::move(classic_tables, table_positions[i], d) != table.move(table_positions[i], d)) {
                std::fprintf(stderr, "the classic loop and the table path disagree on position %zu\n", i);
                std::exit(1);
            }
    // One "move" below is one direction applied to one position; the four directions rotate.
    // The classic loop and the core take turns, three rounds each; each keeps its best round.
    double classic_ns = 1e30, table_ns = 1e30, table_score_ns = 1e30;
    for (int round = 0; round < 3; ++round) {
        classic_ns = std::min(classic_ns, time_per_call(count, 0.2, [&](std::size_t i) {
                                  check += classic::move(classic_tables, table_positions[i], all_directions[i & 3]);
                              }));
        table_ns = std::min(table_ns, time_per_call(count, 0.2, [&](std::size_t i) {
                                check += table.move(table_positions[i], all_directions[i & 3]);
                            }));
        table_score_ns = std::min(table_score_ns, time_per_call(count, 0.2, [&](std::size_t i) {
                                      std::int64_t sum = 0;
                                      check += table.move(table_positions[i], all_directions[i & 3], sum) +
                                               static_cast<std::uint64_t>(sum);
                                  }));
    }
    const double grid_ns = time_per_call(count, 0.5, [&](std::size_t i) {
        std::int64_t sum = 0;
        check += grid.move(grid_positions[i], all_directions[i & 3], sum).size() + static_cast<std::uint64_t>(sum);
    });
    // The play path: tiles with ids (row-major, as at level start) and plain events, into one
    // TileMove kept across moves as `play` callers keep their state; JSON only where printed.
    std::vector<Grid> id_grids;
    for (const auto& b : boards) {
        Grid ids(4, 4, -1);
        int next = 0;
        for (int c = 0; c < 16; ++c)
            if (cell::is_value(b.cells[static_cast<std::size_t>(c)])) ids.cells[static_cast<std::size_t>(c)] = next++;
        id_grids.push_back(std::move(ids));
    }
    slide::TileMove moved;
    const double ids_ns = time_per_call(count, 0.5, [&](std::size_t i) {
        slide::move_tiles(boards[i], id_grids[i], 16, all_directions[i & 3], moved);
        check += moved.events.size() + static_cast<std::uint64_t>(moved.events.empty() ? 0 : moved.events.back().id);
    });
    const double json_ns = time_per_call(count, 0.3, [&](std::size_t i) {
        check += events_json(slide::move_with_ids(boards[i], id_grids[i], 16, all_directions[i & 3]).events).size();
    });
    const double oracle_ns = time_per_call(count, 0.5, [&](std::size_t i) {
        check += static_cast<std::uint64_t>(
            slide_oracle::move(boards[i], all_directions[i & 3], slide::SlideScore::merged).score);
    });
    std::printf("4x4 moves (random positions, 60%% full):\n");
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx\n", "classic loop (in the bench)", classic_ns,
                1e9 / classic_ns, oracle_ns / classic_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx   classic/this %5.2fx\n", "table path (64-bit, rows)",
                table_ns, 1e9 / table_ns, oracle_ns / table_ns, classic_ns / table_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx   classic/this %5.2fx\n", "table path + score",
                table_score_ns, 1e9 / table_score_ns, oracle_ns / table_score_ns, classic_ns / table_score_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx\n", "general path", grid_ns, 1e9 / grid_ns,
                oracle_ns / grid_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx\n", "play path (ids + events)", ids_ns, 1e9 / ids_ns,
                oracle_ns / ids_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx\n", "play path + JSON (as printed)", json_ns,
                1e9 / json_ns, oracle_ns / json_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s\n", "oracle (plain port)", oracle_ns, 1e9 / oracle_ns);

    std::vector<Board> walled;
    for (std::size_t i = 0; i < count; ++i) walled.push_back(random_board(rng, 8, 8, true, 11));
    const slide::GridPath grid8(8, 8);
    std::vector<slide::GridPath::Position> walled_positions;
    for (const auto& b : walled) walled_positions.push_back(grid8.from_board(b));
    const double grid8_ns = time_per_call(count, 0.5, [&](std::size_t i) {
        std::int64_t sum = 0;
        check += grid8.move(walled_positions[i], all_directions[i & 3], sum).size() + static_cast<std::uint64_t>(sum);
    });
    const double oracle8_ns = time_per_call(count, 0.5, [&](std::size_t i) {
        check += static_cast<std::uint64_t>(
            slide_oracle::move(walled[i], all_directions[i & 3], slide::SlideScore::merged).score);
    });
    std::printf("8x8 moves with walls:\n");
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s   oracle/this %6.1fx\n", "general path", grid8_ns, 1e9 / grid8_ns,
                oracle8_ns / grid8_ns);
    std::printf("  %-28s %9.1f ns/move %12.0f moves/s\n", "oracle (plain port)", oracle8_ns, 1e9 / oracle8_ns);

    const double eval_table_ns = time_per_call(
        count, 0.3, [&](std::size_t i) { check += static_cast<std::uint64_t>(table.evaluate(table_positions[i])); });
    const double eval_grid_ns = time_per_call(
        count, 0.3, [&](std::size_t i) { check += static_cast<std::uint64_t>(grid.evaluate(grid_positions[i])); });
    std::printf("4x4 evaluation: table path %.1f ns, general path %.1f ns (%.1fx)\n", eval_table_ns, eval_grid_ns,
                eval_grid_ns / eval_table_ns);
    sink = check;
}

// Positions from one greedy game on the classic level: what the expectimax meets in play.
template <class Path>
std::vector<typename Path::Position> game_positions(const Path& path, int width, int height) {
    std::vector<typename Path::Position> out;
    Rng rng(42);
    const slide::SpawnTable spawns = slide::SpawnTable::of(slide::Rules{});
    Board start(width, height);
    auto p = path.from_board(start);
    for (int t = 0; t < 2; ++t)
        p = Path::with_tile(p, static_cast<int>(rng.uniform(static_cast<std::uint32_t>(width * height))), 1);
    while (out.size() < 400) {
        const auto d = slide::greedy_choice(path, p);
        if (!d) break;
        std::int64_t sum = 0;
        p = path.move(p, *d, sum);
        std::vector<int> empty;
        for (int c = 0; c < path.cell_count; ++c)
            if (Path::exponent_at(p, c) == 0) empty.push_back(c);
        p = Path::with_tile(p, empty[rng.uniform(static_cast<std::uint32_t>(empty.size()))],
                            slide::exponent_of(spawns.draw_value(rng)));
        out.push_back(p);
    }
    return out;
}

template <class Path>
void bench_expectimax_on(const char* name, const Path& path, int width, int height, int max_depth,
                         slide::DepthRule adaptive_rule) {
    const auto positions = game_positions(path, width, height);
    std::printf("expectimax on %s (%zu positions of a greedy game; time per decision):\n", name, positions.size());
    for (int depth = 0; depth <= max_depth + 1; ++depth) {
        const bool adaptive = depth > max_depth;
        slide::DepthRule rule = adaptive_rule;  // the path's own rule, as playouts use it
        if (!adaptive) rule.fixed = depth;
        slide::ExpectimaxBot<Path> bot(path, slide::spawn_chances(slide::Rules{}), rule);
        const auto start = Clock::now();
        std::size_t decisions = 0;
        std::uint64_t check = 0;
        for (const auto& p : positions) {
            const auto d = bot.choose(p);
            check += d ? static_cast<std::uint64_t>(*d) : 9;
            ++decisions;
            if (seconds_since(start) > 3.0) break;
        }
        sink = check;
        const double elapsed = seconds_since(start);
        if (adaptive) std::printf("  adaptive depth  ");
        else std::printf("  depth %d         ", depth);
        std::printf("%9.3f ms/move %10.1f moves/s  %8.0f evaluations/move\n", elapsed * 1e3 / decisions, decisions / elapsed,
                    static_cast<double>(bot.evaluations()) / decisions);
    }
}

// The acceptance run: `games` games of the classic 4x4 level (target 2048) by the expectimax bot.
int run_games(int games, int threads, std::uint64_t seed) {
    Level level = make_blank_level(Kind::slide, 4, 4);
    level.goal.as<slide::Goal>().target = 2048;
    std::printf("classic 4x4, target 2048, expectimax-deep (adaptive depth), %d games, %d threads, seed %llu\n", games, threads,
                static_cast<unsigned long long>(seed));
    std::vector<double> seconds(static_cast<std::size_t>(games));
    const auto start = Clock::now();
    auto outcomes = run_playouts(
        games, threads,
        [&](int i) {
            const double t = thread_cpu_seconds();
            auto o = slide::play_out(level, slide::BotKind::expectimax_deep, seed, i);
            seconds[static_cast<std::size_t>(i)] = thread_cpu_seconds() - t;
            std::printf("  game %3d: %s, highest %5d, %5d moves, score %7lld, %.2f ms/move (cpu)\n", i, o.won ? "won " : "lost",
                        o.highest_tile, o.moves_used, static_cast<long long>(o.score),
                        seconds[static_cast<std::size_t>(i)] * 1e3 / std::max(o.moves_used, 1));
            std::fflush(stdout);
            return o;
        },
        {}, nullptr);
    const double wall = seconds_since(start);
    auto summary = summarize_playouts(outcomes, games, false);
    std::map<int, int> highest;
    double moves = 0;
    double cpu = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        ++highest[outcomes[i].highest_tile];
        moves += outcomes[i].moves_used;
        cpu += seconds[i];
    }
    std::printf("won %d of %d (%.1f%%), ci95 [%.3f, %.3f]\n", summary.wins, summary.runs, 100.0 * summary.pass_rate,
                summary.ci_low, summary.ci_high);
    std::printf("moves %.0f, mean %.1f per game; %.2f ms cpu per move; wall %.1f s\n", moves,
                moves / std::max<std::size_t>(outcomes.size(), 1), cpu * 1e3 / std::max(moves, 1.0), wall);
    std::printf("highest tile:");
    for (auto [tile, n] : highest) std::printf(" %d:%d", tile, n);
    std::printf("\n");
    return summary.runs > 0 && summary.pass_rate >= 0.9 ? 0 : 1;
}

// --profile LEVEL: where the default bot's search goes on a level, over `games` playouts (seed 0,
// one thread, as the first runs of `tilelab estimate`): decisions by the depth they searched, chance
// nodes expanded and found in the decision's cache, positions evaluated, and the CPU time.
int profile_level(const char* path, int games) {
    LevelLoad load = load_level(path);
    if (!load.level) {
        for (const auto& d : load.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
        return 1;
    }
    slide::SearchStats stats;
    double moves = 0;
    int wins = 0;
    const double start = thread_cpu_seconds();
    for (int run = 0; run < games; ++run) {
        const PlayoutOutcome o = slide::play_out(*load.level, slide::BotKind::expectimax, 0, run, {}, {}, false, 0, nullptr,
                                                 nullptr, &stats);
        moves += o.moves_used;
        wins += o.won ? 1 : 0;
    }
    const double cpu = thread_cpu_seconds() - start;
    std::uint64_t decisions = 0;
    for (auto n : stats.decisions_by_depth) decisions += n;
    std::printf("%s: %d games, %d won, %.0f moves (%s path)\n", path, games, wins, moves,
                slide::fits_table_path(*load.level) ? "table" : "general");
    std::printf("  decisions %llu, by depth:", static_cast<unsigned long long>(decisions));
    for (std::size_t d = 0; d < stats.decisions_by_depth.size(); ++d)
        if (stats.decisions_by_depth[d])
            std::printf(" %zu: %.1f%%", d,
                        100.0 * static_cast<double>(stats.decisions_by_depth[d]) / static_cast<double>(decisions));
    std::printf(
        "\n  per decision: %.1f chance nodes expanded, %.2f found in the cache (%.1f%% of lookups), %.0f positions evaluated\n",
        static_cast<double>(stats.chance_nodes) / static_cast<double>(std::max<std::uint64_t>(decisions, 1)),
        static_cast<double>(stats.cache_hits) / static_cast<double>(std::max<std::uint64_t>(decisions, 1)),
        100.0 * static_cast<double>(stats.cache_hits) /
            static_cast<double>(std::max<std::uint64_t>(stats.cache_hits + stats.chance_nodes, 1)),
        static_cast<double>(stats.evaluations) / static_cast<double>(std::max<std::uint64_t>(decisions, 1)));
    std::printf("  cpu %.2f s: %.1f us a decision, %.0f ns a position evaluated\n", cpu,
                cpu * 1e6 / static_cast<double>(std::max<std::uint64_t>(decisions, 1)),
                cpu * 1e9 / static_cast<double>(std::max<std::uint64_t>(stats.evaluations, 1)));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    int games = 0;
    int threads = 1;
    std::uint64_t seed = 1;
    const char* profile = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--games") && i + 1 < argc) games = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--profile") && i + 1 < argc) profile = argv[++i];
        else {
            std::fprintf(stderr, "usage: bench_slide [--games N [--threads T] [--seed S]] [--profile LEVEL [--games N]]\n");
            return 2;
        }
    }
    if (profile) return profile_level(profile, games > 0 ? games : 100);
    if (games > 0) return run_games(games, threads, seed);
    bench_moves();
    bench_expectimax_on("the 4x4 table path", slide::TablePath(), 4, 4, 3, slide::DepthRule::for_table_path());
    bench_expectimax_on("the 4x4 general path", slide::GridPath(4, 4), 4, 4, 2, slide::DepthRule::for_general_path());
    return 0;
}
