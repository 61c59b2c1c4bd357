// The collapse solver on SameGame boards as Simon Tatham's collection plays them: no refill, the
// goal to clear the board, "samegame" scoring, groups of 2 or more, no blockers. Two parts:
//  random  twenty boards a size from fixed seeds (every cell a random piece), each with the
//          budget; per board: verdict, taps of the shortest line, positions searched,
//          milliseconds (wall clock, which the budget counts, and CPU: the machine may be
//          shared); then a summary a set;
//  corpus  every level of tests/data/corpus/samegame (boards Tatham's SameGame generated as
//          soluble: its generator's own solution taps groups of 2, and one of 3 on an odd-sized
//          board, which leave no power-up, so they clear the board under collapse's rules too),
//          each with the budget; per file the same columns, then a summary a size. A level that
//          does not come out solvable is reported: unsolvable contradicts the generator (a bug
//          in the solver or the import), unknown means the budget ran out.
// A standalone program (the folder's oracle files are linked in, and not used). Usage:
//   bench_collapse [random|corpus] [--budget-ms N] [--boards N] [--set NAME]... [--corpus DIR]
// Without a part, both. --budget-ms: each board's budget (default 5000); --boards: boards a random
// set (20); --set: only these random sets (10x10c3 8x8c3 6x6c3 8x8c4 8x8c5); --corpus: the
// corpus folder (default tests/data/corpus/samegame, from the repository's root). Exit status 1
// when a corpus level is not solved or cannot be read.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/collapse/engine.hpp"
#include "tilelab/collapse/solver.hpp"
#include "tilelab/collapse/tokens.hpp"

// A named namespace: the folder's oracle files are compiled with this one.
namespace tilelab::collapse::solver_bench {

struct Set {
    std::string name;
    int width, height, colors;
};

std::string_view verdict_text(Verdict v) {
    switch (v) {
    case Verdict::solvable:
        return "solvable";
    case Verdict::unsolvable:
        return "unsolvable";
    case Verdict::unknown:
        return "unknown";
    default:
        return "none";
    }
}

// SameGame's rules and goal as collapse has them.
Rules samegame_rules(int colors) {
    Rules rules;
    rules.colors = colors;
    rules.min_group = 2;
    rules.score = Scoring::samegame;
    rules.refill = false;
    return rules;
}

Goal clear_goal() {
    Goal goal;
    goal.clear = true;
    return goal;
}

// One solve, timed: wall clock (what the budget counts) and CPU.
struct Timed {
    SolveResult result;
    double ms = 0;
    double cpu_ms = 0;
};

Timed timed_solve(const Rules& rules, const Goal& goal, const State& start, int budget) {
    SolveOptions options;
    options.budget_ms = budget;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    Timed t;
    t.result = solve(rules, goal, std::nullopt, start, options);
    t.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    t.cpu_ms = 1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    return t;
}

// The tallies of a set of boards and its summary line.
struct Tally {
    int solvable = 0, unsolvable = 0, unknown = 0;
    std::vector<double> times;
    std::vector<int> lengths;
    std::int64_t positions = 0;

    void add(const Timed& t) {
        times.push_back(t.ms);
        positions += t.result.positions;
        if (t.result.verdict == Verdict::solvable) ++solvable, lengths.push_back(static_cast<int>(t.result.taps.size()));
        else if (t.result.verdict == Verdict::unsolvable) ++unsolvable;
        else ++unknown;
    }

    void print(const std::string& name) const {
        std::vector<double> sorted = times;
        std::sort(sorted.begin(), sorted.end());
        const double median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
        const double most = sorted.empty() ? 0 : sorted.back();
        int shortest = 0, longest = 0;
        if (!lengths.empty()) {
            shortest = *std::min_element(lengths.begin(), lengths.end());
            longest = *std::max_element(lengths.begin(), lengths.end());
        }
        std::printf(
            "  summary %s: %d solvable (taps %d..%d), %d unsolvable, %d unknown; ms median %.0f, max %.0f; %lld positions\n",
            name.c_str(), solvable, shortest, longest, unsolvable, unknown, median, most, static_cast<long long>(positions));
    }
};

void print_row(const std::string& label, const Timed& t) {
    const SolveResult& r = t.result;
    std::printf("  %-34s  %-10s  %4s  %10lld  %8.1f  %8.1f\n", label.c_str(), std::string(verdict_text(r.verdict)).c_str(),
                r.verdict == Verdict::solvable ? std::to_string(r.taps.size()).c_str() : "-", static_cast<long long>(r.positions),
                t.ms, t.cpu_ms);
    std::fflush(stdout);
}

constexpr const char* row_header = "verdict      taps   positions        ms    cpu ms";

// ---- Random boards ----------------------------------------------------------------------------

void run_random(int budget, int boards, const std::vector<std::string>& only) {
    std::vector<Set> sets = {
        {"10x10c3", 10, 10, 3}, {"8x8c3", 8, 8, 3}, {"6x6c3", 6, 6, 3}, {"8x8c4", 8, 8, 4}, {"8x8c5", 8, 8, 5}};
    if (!only.empty()) {
        std::vector<Set> chosen;
        for (const std::string& name : only)
            for (const Set& s : sets)
                if (s.name == name) chosen.push_back(s);
        sets = chosen;
    }
    std::printf("random boards: budget %d ms, %d boards a set\n", budget, boards);
    for (const Set& set : sets) {
        const Rules rules = samegame_rules(set.colors);
        const Goal goal = clear_goal();
        Tally tally;
        std::printf("\n%s\n  %-34s  %s\n", set.name.c_str(), "seed", row_header);
        for (int b = 0; b < boards; ++b) {
            const std::uint64_t seed = 1000 * static_cast<std::uint64_t>(set.width * 100 + set.colors) +
                                       static_cast<std::uint64_t>(b);
            Board board(set.width, set.height, cell::random);
            const State start = start_state(rules, board, std::nullopt, seed);
            const Timed t = timed_solve(rules, goal, start, budget);
            tally.add(t);
            print_row(std::to_string(b), t);
        }
        tally.print(set.name);
    }
}

// ---- The SameGame corpus ----------------------------------------------------------------------

// A corpus level: its board and colours, or why it cannot be read.
struct CorpusLevel {
    std::string size;  // "WxHcN", the summary's key
    int cells = 0;
    Rules rules;
    State start;
    std::string error;
};

CorpusLevel read_level(const std::filesystem::path& path) {
    CorpusLevel level;
    std::ifstream in(path);
    if (!in) {
        level.error = "cannot be opened";
        return level;
    }
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(in);
        const int width = j.at("width").get<int>();
        const int height = j.at("height").get<int>();
        const int colors = j.at("rules").at("colors").get<int>();
        const nlohmann::json& rows = j.at("board");
        if (width < 1 || height < 1 || static_cast<int>(rows.size()) != height) {
            level.error = "the board is not " + std::to_string(height) + " rows";
            return level;
        }
        // The rules and goal the corpus is meant to have (SameGame's): say so when a file differs.
        const nlohmann::json& rules = j.at("rules");
        if (rules.value("score", std::string("linear")) != "samegame" || rules.value("refill", true) ||
            rules.value("min_group", 2) != 2 || !j.value("goal", nlohmann::json::object()).value("clear", false)) {
            level.error = "its rules or goal are not SameGame's (samegame score, no refill, groups of 2, clear)";
            return level;
        }
        level.rules = samegame_rules(colors);
        Board board(width, height);
        for (int y = 0; y < height; ++y) {
            std::istringstream row(rows.at(static_cast<std::size_t>(y)).get<std::string>());
            std::string token;
            int x = 0;
            for (; row >> token; ++x) {
                const TokenResult cell = parse_token(token, colors);
                if (x >= width || !cell.ok) {
                    level.error = "row " + std::to_string(y) + ": " + (x >= width ? "too many cells" : cell.error);
                    return level;
                }
                board.at(x, y) = cell.value;
            }
            if (x != width) {
                level.error = "row " + std::to_string(y) + " has " + std::to_string(x) + " cells";
                return level;
            }
        }
        level.start = start_state(level.rules, board, std::nullopt, j.value("seed", std::uint64_t{0}));
        level.size = std::to_string(width) + "x" + std::to_string(height) + "c" + std::to_string(colors);
        level.cells = width * height;
    } catch (const nlohmann::json::exception& e) {
        level.error = e.what();
    }
    return level;
}

// Returns the number of levels not solved (or not read).
int run_corpus(int budget, const std::string& dir) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    if (ec || files.empty()) {
        std::printf("corpus: no level in %s (run from the repository's root, or give --corpus DIR)\n", dir.c_str());
        return 1;
    }
    std::vector<CorpusLevel> levels;
    for (const auto& f : files) levels.push_back(read_level(f));
    // By size (cells, then name), then by file name.
    std::vector<std::size_t> order(files.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (levels[a].cells != levels[b].cells) return levels[a].cells < levels[b].cells;
        if (levels[a].size != levels[b].size) return levels[a].size < levels[b].size;
        return files[a].filename() < files[b].filename();
    });

    std::printf("\ncorpus %s: %zu levels, budget %d ms each\n  %-34s  %s\n", dir.c_str(), files.size(), budget, "file",
                row_header);
    const Goal goal = clear_goal();
    std::map<std::pair<int, std::string>, Tally> by_size;  // (cells, size): sizes in order
    Tally all;
    std::vector<std::string> not_solved;
    for (std::size_t i : order) {
        const CorpusLevel& level = levels[i];
        const std::string name = files[i].filename().string();
        if (!level.error.empty()) {
            std::printf("  %-34s  cannot be read: %s\n", name.c_str(), level.error.c_str());
            not_solved.push_back(name + ": cannot be read (" + level.error + ")");
            continue;
        }
        const Timed t = timed_solve(level.rules, goal, level.start, budget);
        print_row(name, t);
        by_size[{level.cells, level.size}].add(t);
        all.add(t);
        if (t.result.verdict == Verdict::unsolvable)
            not_solved.push_back(name + ": UNSOLVABLE, which contradicts its generator (a bug in the solver or the import)");
        else if (t.result.verdict != Verdict::solvable)
            not_solved.push_back(name + ": unknown, the budget of " + std::to_string(budget) + " ms ran out");
    }
    std::printf("\n");
    for (const auto& [key, tally] : by_size) tally.print(key.second);
    all.print("corpus");
    if (not_solved.empty()) {
        std::printf("every corpus level is solvable, as generated\n");
    } else {
        std::printf("%zu corpus level(s) not solved:\n", not_solved.size());
        for (const std::string& s : not_solved) std::printf("  %s\n", s.c_str());
    }
    return static_cast<int>(not_solved.size());
}

int run(int argc, char** argv) {
    bool random = true, corpus = true;
    int budget = 5000, boards = 20;
    std::vector<std::string> sets;
    std::string dir = "tests/data/corpus/samegame";
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "random") random = true, corpus = false;
        else if (a == "corpus") corpus = true, random = false;
        else if (a == "--budget-ms" && has_value) budget = std::atoi(argv[++i]);
        else if (a == "--boards" && has_value) boards = std::atoi(argv[++i]);
        else if (a == "--set" && has_value) sets.emplace_back(argv[++i]);
        else if (a == "--corpus" && has_value) dir = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: bench_collapse [random|corpus] [--budget-ms N] [--boards N] [--set NAME]... [--corpus DIR]\n");
            return 2;
        }
    }
    if (random) run_random(budget, boards, sets);
    const int failed = corpus ? run_corpus(budget, dir) : 0;
    return failed == 0 ? 0 : 1;
}

}  // namespace tilelab::collapse::solver_bench

int main(int argc, char** argv) { return tilelab::collapse::solver_bench::run(argc, argv); }
