// match3 bots, estimate and generator: seeded, thread-count independent, and honest at the extremes.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

#include "support/analysis_json.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/generator.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"

using namespace tilelab;

namespace {
Level generated(int w, int h, int colors, std::uint64_t seed) {
    GenerateOptions o;
    o.kind = Kind::match3;
    o.width = w;
    o.height = h;
    o.colors = colors;
    o.seed = seed;
    GenerateResult r = kind_ops(Kind::match3).generate(o);
    REQUIRE(r.level.has_value());
    return *r.level;
}

EstimateResult estimate(const Level& level, int runs, int threads, std::uint64_t seed, const std::string& bot = "") {
    EstimateOptions o;
    o.runs = runs;
    o.threads = threads;
    o.seed = seed;
    o.bot = bot;
    return kind_ops(Kind::match3).estimate(level, o, std::stop_token{}, nullptr);
}
}  // namespace

TEST_CASE("estimate gives the same answer on 1 and 2 threads for the same seed for both bots") {
    Level level = generated(9, 9, 6, 11);
    level.goal = Goal(Kind::match3);
    level.goal.moves = 15;
    level.goal.as<match3::Goal>().score = 10000;
    for (const char* bot : {"greedy", "lookahead"}) {
        const EstimateResult one = estimate(level, 300, 1, 5, bot);
        const EstimateResult two = estimate(level, 300, 2, 5, bot);
        CHECK(one.json.dump() == two.json.dump());
        CHECK(one.runs == 300);
        CHECK(one.json.at("bot") == bot);
        CHECK(one.pass_rate > 0.0);  // a goal some runs reach and some do not
        CHECK(one.pass_rate < 1.0);
        CHECK(one.ci_low <= one.pass_rate);
        CHECK(one.ci_high >= one.pass_rate - 1e-12);
        const auto& left = one.json.at("moves_left_on_wins");
        int wins = 0;
        for (const auto& n : left) wins += n.get<int>();
        CHECK(wins == one.wins);
        CHECK(left.size() == 16);
    }
    // Another seed draws other refills.
    CHECK(estimate(level, 300, 2, 6).json.dump() != estimate(level, 300, 2, 5).json.dump());
    CHECK_THROWS_AS(estimate(level, 10, 1, 1, "smartest"), std::invalid_argument);
}

TEST_CASE("an unreachable goal gives pass_rate 0 - a goal any legal move meets gives 1 - dead boards count") {
    Level level = generated(8, 8, 5, 3);
    level.goal = Goal(Kind::match3);
    level.goal.moves = 10;
    level.goal.as<match3::Goal>().score = 1000000000000;
    EstimateResult r = estimate(level, 200, 2, 1);
    CHECK(r.pass_rate == 0.0);
    CHECK(r.wins == 0);

    level.goal.as<match3::Goal>().score = 1;  // any run scores at least 100
    r = estimate(level, 200, 2, 1);
    CHECK(r.pass_rate == 1.0);
    CHECK(r.json.at("mean_moves") == 1.0);
    CHECK(r.json.at("moves_left_on_wins")[9] == 200);

    Level dead;
    dead.set_kind(Kind::match3);
    dead.rules.as<match3::Rules>().colors = 6;
    dead.board = Grid(4, 3);
    const std::int32_t cells[] = {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5};
    dead.board.cells.assign(std::begin(cells), std::end(cells));
    dead.goal.moves = 5;
    dead.goal.as<match3::Goal>().score = 100;
    r = estimate(dead, 50, 1, 1);
    CHECK(r.pass_rate == 0.0);
    CHECK(r.json.at("dead_rate") == 1.0);
    // A dead board whose goal is already met is a win, not a loss.
    dead.goal.as<match3::Goal>().score = 0;
    r = estimate(dead, 50, 1, 1);
    CHECK(r.pass_rate == 1.0);
}

TEST_CASE("the lookahead bot passes at least as often as greedy on a score level") {
    Level level = generated(9, 9, 6, 21);
    level.goal = Goal(Kind::match3);
    level.goal.moves = 15;
    level.goal.as<match3::Goal>().score = 10000;
    const double greedy = estimate(level, 400, 2, 9, "greedy").pass_rate;
    const double lookahead = estimate(level, 400, 2, 9, "lookahead").pass_rate;
    INFO("greedy " << greedy << " lookahead " << lookahead);
    CHECK(lookahead > greedy);
}

TEST_CASE("generate: no runs a legal move the same level for the same seed blockers placed") {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const int w = 3 + static_cast<int>(seed % 10), h = 3 + static_cast<int>((seed / 10) % 10);
        const int colors = 3 + static_cast<int>(seed % 5);
        GenerateOptions o;
        o.width = w;
        o.height = h;
        o.colors = colors;
        o.seed = seed;
        o.blockers = static_cast<int>(seed % 4);
        GenerateResult r = match3::generate_level(o);
        REQUIRE(r.level.has_value());
        const Level& level = *r.level;
        CHECK(level.width() == w);
        CHECK(level.rules.as<match3::Rules>().colors == colors);
        CHECK(level.seed == seed);
        int blockers = 0;
        for (auto c : level.board.cells) {
            CHECK(c != cell::random);
            blockers += c == cell::blocker;
            CHECK(c < colors);
        }
        CHECK(blockers == o.blockers);
        CHECK(match3::match_groups(level.board, level.rules.as<match3::Rules>()).empty());
        CHECK_FALSE(match3::hints(level.board, level.rules.as<match3::Rules>()).empty());
        CHECK(match3::generate_level(o).level->board == level.board);
        // It is a level the file format accepts as it is (the caller names it).
        Level named = level;
        named.id = "generated";
        named.name = "generated";
        LevelLoad back = parse_level(write_level(named), "generated");
        REQUIRE(back.level.has_value());
        CHECK(back.level->board == level.board);
    }
    GenerateOptions tiny;
    tiny.width = 2;
    tiny.height = 2;
    CHECK_FALSE(match3::generate_level(tiny).level.has_value());  // no 2x2 board has a move
    tiny.width = 0;
    CHECK_FALSE(match3::generate_level(tiny).error.empty());
}

TEST_CASE("fill_selection changes only the selected cells and leaves a settled board with a move") {
    Level level = generated(8, 8, 5, 7);
    Board board = level.board;
    std::vector<Cell> selection;
    for (int y = 2; y < 5; ++y)
        for (int x = 1; x < 6; ++x) selection.push_back(Cell{x, y});
    Rng rng(3);
    REQUIRE(match3::fill_selection(board, selection, level.rules.as<match3::Rules>(), rng));
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
            if (!(y >= 2 && y < 5 && x >= 1 && x < 6)) CHECK(board.at(x, y) == level.board.at(x, y));
    CHECK(match3::match_groups(board, level.rules.as<match3::Rules>()).empty());
    CHECK_FALSE(match3::hints(board, level.rules.as<match3::Rules>()).empty());
}

TEST_CASE("the tilelab command: analyze apply generate and estimate for match3") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("tilelab_match3_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    Level level = generated(7, 7, 5, 42);
    level.id = "cli-test";
    level.name = "cli test";
    level.board.at(0, 0) = cell::random;
    {
        std::ofstream out(dir / "level.json");
        out << write_level(level);
    }
    auto run = [&](const std::string& args) {
        const std::string out = (dir / "out.json").string();
        const std::string cmd = std::string(TILELAB_CLI) + " " + args + " > " + out + " 2>/dev/null";
        const int status = std::system(cmd.c_str());
        std::ifstream in(out);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return std::pair{status, text};
    };
    const std::string file = (dir / "level.json").string();

    auto [status, text] = run("analyze " + file + " --json");
    REQUIRE(status == 0);
    auto analysis = nlohmann::json::parse(text);
    const Analysis direct = kind_ops(Kind::match3).analyze(level, {}, {});
    // The kind's JSON, then the level's problems (analysis/problems.hpp), the last key.
    REQUIRE(analysis.contains("problems"));
    CHECK(analysis.at("problems") == nlohmann::json::parse(problems_json(direct.warnings).dump()));
    analysis.erase("problems");
    CHECK(analysis == tilelab::test::analysis_json(Kind::match3, direct));
    REQUIRE_FALSE(analysis.at("hints").empty());

    const auto& first = analysis.at("hints")[0].at("swap");
    const std::string move = std::to_string(first[0][0].get<int>()) + "," + std::to_string(first[0][1].get<int>()) + ":" +
                             std::to_string(first[1][0].get<int>()) + "," + std::to_string(first[1][1].get<int>());
    std::tie(status, text) = run("apply " + file + " " + move + " 0,0:5,5 --json");
    REQUIRE(WEXITSTATUS(status) == 1);  // an illegal move: the check failed, the JSON still says where
    auto applied = nlohmann::json::parse(text);
    CHECK(applied.at("illegal") == 1);
    CHECK(applied.at("events")[0].at("type") == "swap");
    CHECK(applied.at("events")[0].at("move") == 0);
    CHECK(applied.at("score").get<int>() > 0);

    std::tie(status, text) = run("generate --kind match3 --width 9 --height 9 --colors 6 --seed 5");
    REQUIRE(status == 0);
    LevelLoad gen = parse_level(text, "generated");
    REQUIRE(gen.level.has_value());
    CHECK(gen.level->board.width == 9);

    std::tie(status, text) = run("estimate " + file + " --runs 200 --threads 2 --seed 3 --json");
    REQUIRE(status == 0);
    auto est = nlohmann::json::parse(text);
    for (const char* key : {"runs", "wins", "pass_rate", "ci95", "mean_moves", "dead_rate", "moves_left_on_wins", "bot"})
        CHECK(est.contains(key));
    std::tie(status, text) = run("estimate " + file + " --runs 200 --threads 1 --seed 3 --json");
    CHECK(nlohmann::json::parse(text) == est);
    fs::remove_all(dir);
}

// The format 2 samples under each cheap bot. In the sanitizer build (UBSan's pointer-overflow check)
// this caught the bomb areas' spread written at row y - 1 with an unsigned y of 0.
TEST_CASE("every format 2 sample plays under the greedy and random bots", "[estimate][v2]") {
    for (const char* name : {"04-specials", "05-combos", "06-crates", "07-ingredients", "08-locks", "09-weights"}) {
        LevelLoad load = load_level(std::string(TILELAB_SOURCE_DIR "/levels/samples/match3/") + name + ".json");
        REQUIRE(load.level);
        for (const char* bot : {"greedy", "random"}) {
            INFO(name << " " << bot);
            EstimateOptions o;
            o.runs = 30;
            o.bot = bot;
            const EstimateResult r = kind_ops(Kind::match3).estimate(*load.level, o, std::stop_token{}, nullptr);
            CHECK(r.runs == 30);
            CHECK(r.wins <= r.runs);
        }
    }
}
