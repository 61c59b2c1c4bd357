// Playing lines: wrapping shifts, refused shifts, events, the goal with its move limit, the
// generator, and the CLI's analyze/apply/generate output for lines levels.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <unistd.h>

#include "lines_boards.hpp"
#include "oracle.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/lines/lines.hpp"

using namespace tilelab;
using namespace tilelab::lines;
using tilelab::lines::testing::level_from_rows;

namespace {
std::vector<std::string> rows_of(const Board& board) {
    std::vector<std::string> rows;
    for (int y = 0; y < board.height; ++y) rows.push_back(board_row(Kind::lines, board, y));
    return rows;
}

StepResult play_text(const Level& level, const State& state, const std::string& text) {
    std::string error;
    auto move = parse_move(Kind::lines, text, error);
    REQUIRE(move);
    return ops().play(level, state, *move);
}

// Runs the tilelab command; returns (exit status, stdout).
std::pair<int, std::string> run_cli(const std::string& args) {
    std::string command = std::string(TILELAB_CLI) + " " + args + " 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::string out;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0) out.append(buffer.data(), n);
    const int status = pclose(pipe.release());
    return {WEXITSTATUS(status), out};
}

std::filesystem::path write_temp(const std::string& name, const std::string& text) {
    // The pid keeps ctest -j2's runs of this test (the Release and the sanitizer entry) apart.
    auto path = std::filesystem::temp_directory_path() / ("tilelab_lines_" + std::to_string(::getpid()) + "_" + name);
    std::ofstream(path) << text;
    return path;
}
}  // namespace

TEST_CASE("a right shift of nub, cross, line gives line, nub, cross") {
    Level level = level_from_rows({"1 f a", ". . ."});
    State start = ops().start(level);
    StepResult r = play_text(level, start, "row:0:right");
    REQUIRE(r.legal);
    CHECK(rows_of(r.state.board) == std::vector<std::string>{"a 1 f", ". . ."});
    CHECK(r.state.moves == 1);
    r = play_text(level, start, "row:0:left");
    CHECK(rows_of(r.state.board) == std::vector<std::string>{"f a 1", ". . ."});
}

TEST_CASE("column shifts wrap, and empty cells move with their column") {
    Level level = level_from_rows({"1 2", ". 4", "8 ."});
    State start = ops().start(level);
    StepResult up = play_text(level, start, "col:0:up");
    REQUIRE(up.legal);
    CHECK(rows_of(up.state.board) == std::vector<std::string>{". 2", "8 4", "1 ."});
    StepResult down = play_text(level, start, "col:1:down");
    CHECK(rows_of(down.state.board) == std::vector<std::string>{"1 .", ". 2", "8 4"});
    // Up then down is the board as it was.
    CHECK(play_text(level, up.state, "col:0:down").state.board == level.board);
}

TEST_CASE("refused shifts say why and leave the state as it was") {
    Level level = level_from_rows({"1 2 3", "4 5 6"});
    level.rules.as<lines::Rules>().fixed_rows = {1};
    level.rules.as<lines::Rules>().fixed_cols = {2};
    const State start = ops().start(level);
    const Level before = level;
    for (const char* text : {"row:1:left", "col:2:up", "row:2:left", "col:3:down", "row:-1:right"}) {
        StepResult r = play_text(level, start, text);
        INFO(text);
        CHECK_FALSE(r.legal);
        CHECK_FALSE(r.why.empty());
        CHECK(r.state == start);
        CHECK(r.events.empty());
    }
    CHECK(play_text(level, start, "row:1:left").why == "row 1 is fixed");
    CHECK(play_text(level, start, "col:2:up").why == "column 2 is fixed");
    StepResult two = ops().play(level, start, Move{ShiftMove{ShiftMove::Axis::row, 0, 2}});
    CHECK_FALSE(two.legal);
    StepResult wrong_kind = ops().play(level, start, Move{Direction::up});
    CHECK_FALSE(wrong_kind.legal);
    CHECK(level == before);  // play never touches the level
}

TEST_CASE("a row of one cell cannot shift; a row of equal tiles can") {
    Level narrow = level_from_rows({"5", "5"});
    StepResult r = play_text(narrow, ops().start(narrow), "row:0:left");
    CHECK_FALSE(r.legal);
    CHECK(r.why == "a row of one cell cannot shift");
    CHECK(play_text(narrow, ops().start(narrow), "col:0:up").legal);
    Level uniform = level_from_rows({"a a a"});
    StepResult same = play_text(uniform, ops().start(uniform), "row:0:right");
    CHECK(same.legal);
    CHECK(same.state.board == uniform.board);
    CHECK(same.state.moves == 1);
}

TEST_CASE("legal moves: every shift of a non-fixed row and column, both ways, in a stable order") {
    Level level = level_from_rows({"1 2 3", "4 5 6"});
    level.rules.as<lines::Rules>().fixed_cols = {1};
    std::vector<std::string> texts;
    for (const Move& m : ops().legal_moves(level, ops().start(level))) texts.push_back(format_move(m));
    CHECK(texts == std::vector<std::string>{"row:0:left", "row:0:right", "row:1:left", "row:1:right", "col:0:up", "col:0:down",
                                            "col:2:up", "col:2:down"});
    Level line = level_from_rows({"1 2 3"});
    CHECK(ops().legal_moves(line, ops().start(line)).size() == 2);  // columns of one cell cannot shift
}

TEST_CASE("events: the shift, then every closed group with whether the shift made it") {
    // Row 1 left closes the square; the pair of nubs at the bottom right was closed already.
    Level level = level_from_rows({". 6 c .", ". . 3 9", ". . 2 8"});
    StepResult r = play_text(level, ops().start(level), "row:1:left");
    REQUIRE(r.legal);
    const nlohmann::ordered_json events = events_json(r.events);
    REQUIRE(events.size() == 3);
    CHECK(events[0] == nlohmann::ordered_json::parse(R"({"type":"shift","axis":"row","index":1,"step":-1})"));
    CHECK(events[1].at("type") == "closed");
    CHECK(events[1].at("cells") == nlohmann::ordered_json::parse("[[1,0],[1,1],[2,0],[2,1]]"));
    CHECK(events[1].at("new") == true);
    CHECK(events[2].at("cells") == nlohmann::ordered_json::parse("[[2,2],[3,2]]"));
    CHECK(events[2].at("new") == false);
    // A closed group carried along by a shift is not new.
    StepResult carried = play_text(level, ops().start(level), "row:2:left");
    const nlohmann::ordered_json carried_events = events_json(carried.events);
    REQUIRE(carried_events.size() == 2);
    CHECK(carried_events[1].at("cells") == nlohmann::ordered_json::parse("[[1,2],[2,2]]"));
    CHECK(carried_events[1].at("new") == false);
}

TEST_CASE("the goal: every condition set must hold, within the move limit; none set means all closed") {
    Level level = level_from_rows({"6 c 2 8", "3 9 . 1"});
    State state = ops().start(level);
    CHECK_FALSE(ops().goal_met(level, state));  // default all_closed: the top nub at (3,1) is open
    level.goal.as<lines::Goal>().closed_groups = 2;
    CHECK(ops().goal_met(level, state));
    level.goal.as<lines::Goal>().min_group_size = 4;
    CHECK(ops().goal_met(level, state));
    level.goal.as<lines::Goal>().min_group_size = 5;
    CHECK_FALSE(ops().goal_met(level, state));
    level.goal.as<lines::Goal>().min_group_size.reset();
    level.goal.as<lines::Goal>().all_closed = true;
    CHECK_FALSE(ops().goal_met(level, state));
    level.goal.as<lines::Goal>().all_closed = false;
    level.goal.moves = 0;
    state.moves = 1;
    CHECK_FALSE(ops().goal_met(level, state));  // over the move limit
}

TEST_CASE("random legal play keeps the board a permutation of the same tiles") {
    Rng rng(3);
    for (int game = 0; game < 50; ++game) {
        const int w = 1 + static_cast<int>(rng.uniform(6)), h = 1 + static_cast<int>(rng.uniform(6));
        Level level = make_blank_level(Kind::lines, w, h);
        level.board = testing::random_board(w, h, rng);
        State state = ops().start(level);
        auto sorted_cells = [](const Board& b) {
            auto c = b.cells;
            std::sort(c.begin(), c.end());
            return c;
        };
        for (int i = 0; i < 30; ++i) {
            auto moves = ops().legal_moves(level, state);
            if (moves.empty()) break;
            const State before = state;
            StepResult r = ops().play(level, state, moves[rng.uniform(static_cast<std::uint32_t>(moves.size()))]);
            REQUIRE(r.legal);
            CHECK(state == before);
            CHECK(sorted_cells(r.state.board) == sorted_cells(level.board));
            state = r.state;
        }
    }
}

TEST_CASE("generated levels: closed shapes scrambled, the optimal distance as the move limit") {
    for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        GenerateOptions options;
        options.kind = Kind::lines;
        options.width = 5;
        options.height = 4;
        options.seed = seed;
        options.scramble = 4;
        GenerateResult g = ops().generate(options);
        REQUIRE(g.level);
        const Level& level = *g.level;
        CHECK(level.kind == Kind::lines);
        CHECK(level.goal.as<lines::Goal>().all_closed);
        REQUIRE(level.goal.moves);
        CHECK(*level.goal.moves >= 1);
        CHECK(*level.goal.moves <= 4);
        // The move limit is exactly the breadth-first distance.
        CHECK(oracle::bfs_shortest(level, level.board, 4) == *level.goal.moves);
        // Same seed, same level; and the level survives the file format.
        CHECK(ops().generate(options).level->board == level.board);
        Level named = level;  // the CLI gives generated levels their id
        named.id = "generated";
        LevelLoad back = parse_level(write_level(named), "generated.json");
        INFO(write_level(named));
        REQUIRE(back.level);
        CHECK(back.level->board == level.board);
    }
    GenerateOptions tiny;
    tiny.kind = Kind::lines;
    tiny.width = 1;
    tiny.height = 1;
    CHECK_FALSE(ops().generate(tiny).level);
    CHECK_FALSE(ops().generate(tiny).error.empty());
}

TEST_CASE("closed networks have only closed groups, and more than squares") {
    Rng rng(11);
    std::set<int> sizes;
    for (int i = 0; i < 50; ++i) {
        Board board = closed_network(6, 6, rng);
        for (const CellGroup& g : match_groups(board)) {
            CHECK(g.closed);
            sizes.insert(static_cast<int>(g.cells.size()));
        }
    }
    CHECK(sizes.size() > 10);  // shapes of many sizes, not only 4-tile squares
}

TEST_CASE("the CLI analyzes, applies and generates lines levels") {
    const auto level_path = write_temp("analyze.json", R"({"format": "tilelab.level", "version": 1, "id": "t",
      "name": "t", "kind": "lines", "width": 4, "height": 3, "seed": 0, "rules": {"fixed_cols": [3]},
      "goal": {"closed_groups": 1}, "board": [". 6 c .", ". . 3 9", ". . . ."]})");
    auto [status, out] = run_cli("analyze " + level_path.string() + " --json");
    CHECK(status == 0);
    auto json = nlohmann::ordered_json::parse(out);
    std::vector<std::string> keys;
    for (auto it = json.begin(); it != json.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"groups", "solve", "problems"});
    CHECK(json.at("problems") == nlohmann::ordered_json::array());
    CHECK(json.at("groups").size() == 1);
    CHECK(json.at("groups").at(0).at("closed") == false);
    CHECK(json.at("solve").at("verdict") == "solvable");
    CHECK(json.at("solve").at("moves").size() == 1);

    std::tie(status, out) = run_cli("apply " + level_path.string() + " row:1:left --json");
    CHECK(status == 0);
    json = nlohmann::ordered_json::parse(out);
    CHECK(json.at("board") == nlohmann::ordered_json::parse(R"([". 6 c .", ". 3 9 .", ". . . ."])"));
    CHECK(json.at("illegal").is_null());
    CHECK(json.at("events").at(0).at("type") == "shift");

    std::tie(status, out) = run_cli("apply " + level_path.string() + " row:1:left col:3:up --json");
    CHECK(status == 1);
    CHECK(nlohmann::ordered_json::parse(out).at("illegal") == 1);

    std::tie(status, out) = run_cli("generate --kind lines --width 5 --height 5 --seed 9 --scramble 3");
    CHECK(status == 0);
    LevelLoad generated = parse_level(out, "generated.json");
    REQUIRE(generated.level);
    CHECK(generated.level->goal.as<lines::Goal>().all_closed);
    REQUIRE(generated.level->goal.moves);
    const auto generated_path = write_temp("generated.json", out);
    std::tie(status, out) = run_cli("analyze " + generated_path.string() + " --json");
    json = nlohmann::ordered_json::parse(out);
    CHECK(json.at("solve").at("verdict") == "solvable");
    CHECK(static_cast<int>(json.at("solve").at("moves").size()) == *generated.level->goal.moves);
}
