// Fixed slide puzzles without spawns (format 3, "spawn": []): each level of tests/data/slide-puzzles
// (and the sample 04-puzzle) replays its known solution to a win under `tilelab apply`, `analyze`
// gives the optimal length a plain breadth-first search over the oracle's moves finds, and the
// expectimax bot passes at least as often as the random bot.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle.hpp"
#include "support/run.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/slide/bot.hpp"

using tilelab::test::run_cli;
using tilelab::test::shell_quote;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> puzzle_files() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(TILELAB_SOURCE_DIR "/tests/data/slide-puzzles"))
        if (e.path().extension() == ".json") files.push_back(e.path());
    files.emplace_back(TILELAB_SOURCE_DIR "/levels/samples/slide/04-puzzle.json");
    std::sort(files.begin(), files.end());
    return files;
}

nlohmann::json json_out(const tilelab::test::RunResult& r, int status = 0) {
    INFO("stderr: " << r.err);
    REQUIRE(r.status == status);
    return nlohmann::json::parse(r.out);
}

std::int32_t highest(const tilelab::Board& b) {
    std::int32_t h = 0;
    for (std::int32_t c : b.cells) h = std::max(h, c);
    return h;
}

// The fewest moves from `start` to a tile of `target`, by breadth-first search over the oracle's
// moves (tests/slide/oracle.cpp, the classic 2048 move); -1 when none exists within `limit`.
int bfs_optimal(const tilelab::Board& start, std::int32_t target, int limit) {
    if (highest(start) >= target) return 0;
    std::set<std::vector<std::int32_t>> seen{start.cells};
    std::vector<tilelab::Board> frontier{start};
    for (int depth = 1; depth <= limit && !frontier.empty(); ++depth) {
        std::vector<tilelab::Board> next;
        for (const auto& b : frontier) {
            for (tilelab::Direction d : tilelab::all_directions) {
                const auto moved = slide_oracle::move(b, d, tilelab::slide::SlideScore::merged);
                if (!moved.legal || !seen.insert(moved.board.cells).second) continue;
                if (highest(moved.board) >= target) return depth;
                next.push_back(moved.board);
            }
        }
        frontier = std::move(next);
    }
    return -1;
}

}  // namespace

TEST_CASE("slide puzzles: at least 12 fixed puzzles without spawns, 3x3 to 4x4") {
    const auto files = puzzle_files();
    CHECK(files.size() >= 12);
    for (const auto& file : files) {
        INFO(file);
        const auto load = tilelab::load_level(file);
        REQUIRE(load.level);
        const tilelab::Level& level = *load.level;
        CHECK(level.version == 3);
        CHECK(level.rules.as<slide::Rules>().spawn.empty());
        CHECK(level.width() >= 3);
        CHECK(level.width() <= 4);
        CHECK(level.height() >= 3);
        CHECK(level.height() <= 4);
        CHECK(level.goal.moves.has_value());
    }
}

TEST_CASE("slide puzzles: each known solution replays to a win with tilelab apply, no tile spawns") {
    for (const auto& file : puzzle_files()) {
        INFO(file);
        const auto level = nlohmann::json::parse(tilelab::test::slurp(file.string()));
        std::string moves;
        for (const auto& m : level["meta"]["solution"]) moves += " " + m.get<std::string>();
        const auto j = json_out(run_cli("apply " + shell_quote(file.string()) + moves + " --json"));
        CHECK(j["illegal"].is_null());
        CHECK(j["moves"] == level["meta"]["solution"].size());
        CHECK(j["moves"].get<int>() <= level["goal"]["moves"].get<int>());
        for (const auto& e : j["events"]) CHECK(e["type"] != "spawn");
        CHECK(j["start_board"] == level["board"]);  // no start spawn either
        int top = 0;
        for (const auto& row : j["board"]) {
            std::string text = row.get<std::string>();
            for (std::size_t at = 0; at < text.size();) {
                const std::size_t end = std::min(text.find(' ', at), text.size());
                const std::string token = text.substr(at, end - at);
                if (token != "." && token != "#") top = std::max(top, std::stoi(token));
                at = end + 1;
            }
        }
        CHECK(top >= level["goal"]["target"].get<int>());
    }
}

TEST_CASE("slide puzzles: analyze reports the optimal solution a breadth-first search finds") {
    for (const auto& file : puzzle_files()) {
        INFO(file);
        const auto load = tilelab::load_level(file);
        REQUIRE(load.level);
        const int optimal = bfs_optimal(load.level->board, load.level->goal.as<slide::Goal>().target, *load.level->goal.moves);
        REQUIRE(optimal > 0);
        const auto j = json_out(run_cli("analyze " + shell_quote(file.string()) + " --json"));
        CHECK(j["solve"]["verdict"] == "solvable");
        CHECK(static_cast<int>(j["solve"]["moves"].size()) == optimal);
        // Its moves replay to a win too.
        std::string moves;
        for (const auto& m : j["solve"]["moves"]) moves += " " + m.get<std::string>();
        const auto replay = json_out(run_cli("apply " + shell_quote(file.string()) + moves + " --json"));
        CHECK(replay["illegal"].is_null());
        const auto text = run_cli("analyze " + shell_quote(file.string()));
        CHECK(text.out.find("verdict: solvable in " + std::to_string(optimal) + " move(s):") != std::string::npos);
    }
}

TEST_CASE("slide puzzles: one move short of the optimum is unsolvable, a missing target unknown-free") {
    const fs::path file = TILELAB_SOURCE_DIR "/tests/data/slide-puzzles/01.json";
    auto level = nlohmann::ordered_json::parse(tilelab::test::slurp(file.string()));
    const int optimal = level["meta"]["optimal_moves"].get<int>();
    level["goal"]["moves"] = optimal - 1;
    const std::string path = (tilelab::test::scratch_dir("slide-puzzle-short") / "short.json").string();
    {
        std::ofstream out(path);
        out << level.dump(2);
    }
    const auto j = json_out(run_cli("analyze " + shell_quote(path) + " --json"));
    CHECK(j["solve"]["verdict"] == "unsolvable");
    CHECK(j["solve"]["moves"].empty());
    // Without a move limit and with a target the tiles cannot sum to, every reachable position is
    // searched: unsolvable, proved.
    level["goal"].erase("moves");
    level["goal"]["target"] = 1024;
    {
        std::ofstream out(path);
        out << level.dump(2);
    }
    const auto k = json_out(run_cli("analyze " + shell_quote(path) + " --json"));
    CHECK(k["solve"]["verdict"] == "unsolvable");
    fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("slide puzzles: expectimax passes at least as often as greedy and random, within the intervals") {
    for (const auto& file : puzzle_files()) {
        INFO(file);
        const std::string level = shell_quote(file.string());
        const auto expectimax = json_out(run_cli("estimate " + level + " --runs 200 --seed 3 --json"));
        const auto random = json_out(run_cli("estimate " + level + " --runs 200 --seed 3 --bot random --json"));
        const auto greedy = json_out(run_cli("estimate " + level + " --runs 200 --seed 3 --bot greedy --json"));
        INFO("expectimax " << expectimax["pass_rate"] << ", greedy " << greedy["pass_rate"] << ", random "
                           << random["pass_rate"]);
        CHECK(expectimax["pass_rate"].get<double>() >= greedy["pass_rate"].get<double>());
        // Without spawns greedy draws its ties from its own generator: not the same game every run.
        CHECK(greedy == json_out(run_cli("estimate " + level + " --runs 200 --seed 3 --bot greedy --threads 1 --json")));
        // The search is exact without spawns: every solvable puzzle is won, in the fewest moves.
        CHECK(expectimax["pass_rate"] == 1.0);
        CHECK(expectimax["ci95"][1].get<double>() >= random["ci95"][0].get<double>());
        CHECK(expectimax["pass_rate"].get<double>() >= random["pass_rate"].get<double>());
    }
}

TEST_CASE("slide puzzles: an empty spawn table needs version 3; start_tiles must then be 0") {
    const fs::path file = TILELAB_SOURCE_DIR "/tests/data/slide-puzzles/02.json";
    const std::string text = tilelab::test::slurp(file.string());
    auto level = nlohmann::ordered_json::parse(text);
    for (int version : {1, 2}) {
        level["version"] = version;
        const auto load = tilelab::parse_level(level.dump(), "puzzle.json");
        CHECK_FALSE(load.level);
        REQUIRE(!load.diagnostics.empty());
        CHECK(load.diagnostics[0].pointer == "/rules/spawn");
        CHECK(load.diagnostics[0].message.find("needs format version 3") != std::string::npos);
    }
    level["version"] = 3;
    level["rules"]["start_tiles"] = 2;
    const auto load = tilelab::parse_level(level.dump(), "puzzle.json");
    CHECK_FALSE(load.level);
    REQUIRE(!load.diagnostics.empty());
    CHECK(load.diagnostics[0].pointer == "/rules/start_tiles");
    level["rules"]["start_tiles"] = 0;
    CHECK(tilelab::parse_level(level.dump(), "puzzle.json").level);
}

TEST_CASE("slide puzzles: the search bots win in the optimal number of moves, with the line found once or per run") {
    for (const auto& file : puzzle_files()) {
        INFO(file);
        const auto load = tilelab::load_level(file);
        REQUIRE(load.level);
        const tilelab::Level& level = *load.level;
        const int optimal = bfs_optimal(level.board, level.goal.as<slide::Goal>().target, *level.goal.moves);
        const auto plan = tilelab::slide::puzzle_plan(level);
        REQUIRE(plan);
        CHECK(static_cast<int>(plan->size()) == optimal);
        for (auto bot :
             {tilelab::slide::BotKind::expectimax, tilelab::slide::BotKind::expectimax_deep, tilelab::slide::BotKind::quick}) {
            const auto own = tilelab::slide::play_out(level, bot, 5, 0);
            const auto shared = tilelab::slide::play_out(level, bot, 5, 0, {}, {}, false, 0, &plan);
            CHECK(own == shared);
            CHECK(own.won);
            CHECK(own.moves_used == optimal);
            // The general path finds the same line.
            CHECK(tilelab::slide::play_out(level, bot, 5, 0, {}, {}, true) == own);
        }
    }
}
