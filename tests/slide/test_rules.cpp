// Slide rule tests on small ASCII boards: slides, walls, single merges, scores, legality, ids.
#include <catch2/catch.hpp>

#include "support/analysis_json.hpp"
#include "slide_test_util.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/paths.hpp"
#include "tilelab/slide/slide.hpp"

using namespace tilelab;
using slide_test::board_of;
using slide_test::rows_of;

namespace {
using Rows = std::vector<std::string>;

// A move through the play path (ids), checked against the general and (4x4) table paths.
Rows after(const Rows& rows, Direction d, std::int64_t* merged_sum = nullptr) {
    const Board b = board_of(rows);
    const auto slid = slide::move_with_ids(b, Grid(b.width, b.height, -1), 0, d);
    slide::GridPath grid(b.width, b.height);
    std::int64_t grid_sum = 0;
    const Board via_grid = grid.to_board(grid.move(grid.from_board(b), d, grid_sum));
    CHECK(via_grid == slid.board);
    CHECK(grid_sum == slid.merged_sum);
    if (merged_sum) *merged_sum = slid.merged_sum;
    return rows_of(slid.board);
}
}  // namespace

TEST_CASE("slide: the tile nearer the wall of the move wins and each tile merges once") {
    CHECK(after({"2 2 2 2"}, Direction::left) == Rows{"4 4 . ."});
    CHECK(after({"2 2 2 ."}, Direction::left) == Rows{"4 2 . ."});
    CHECK(after({"2 2 2 ."}, Direction::right) == Rows{". . 2 4"});
    CHECK(after({"4 4 8 ."}, Direction::left) == Rows{"8 8 . ."});  // the new 8 does not merge again
    CHECK(after({"2 . . 2"}, Direction::left) == Rows{"4 . . ."});
    CHECK(after({"2 4 2 4"}, Direction::left) == Rows{"2 4 2 4"});
    CHECK(after({"2", "2", "4", "4"}, Direction::down) == Rows{".", ".", "4", "8"});
    CHECK(after({"2", "2", "2", "."}, Direction::up) == Rows{"4", "2", ".", "."});
}

TEST_CASE("slide: tiles stop in front of walls and never merge across them") {
    CHECK(after({". 2 # . 2"}, Direction::left) == Rows{"2 . # 2 ."});
    CHECK(after({"2 # 2 . ."}, Direction::left) == Rows{"2 # 2 . ."});
    CHECK(after({"2 2 # 2 2"}, Direction::right) == Rows{". 4 # . 4"});
    CHECK(after({"#", "2", ".", "2"}, Direction::up) == Rows{"#", "4", ".", "."});
}

TEST_CASE("slide: score adds the new value or with pre_merge the value before the merge") {
    std::int64_t merged = 0;
    after({"2 2 4 4"}, Direction::left, &merged);
    CHECK(merged == 4 + 8);
    CHECK(slide::score_gain(slide::SlideScore::merged, merged) == 12);
    CHECK(slide::score_gain(slide::SlideScore::pre_merge, merged) == 6);
}

TEST_CASE("slide: a move is legal only when something moves or merges") {
    const Board b = board_of({"2 4 #", "4 2 ."});
    const auto legal = slide::legal_directions(b);
    CHECK_FALSE(legal[0]);  // up: 2 over 4, 4 over 2: nothing
    CHECK_FALSE(legal[1]);
    CHECK_FALSE(legal[2]);  // left: packed
    CHECK(legal[3]);        // right: row 1 "4 2 ." slides; row 0 is stopped by the wall
    const auto right = slide::move_with_ids(b, Grid(3, 2, -1), 0, Direction::right);
    CHECK(right.moved);
    CHECK(rows_of(right.board) == Rows{"2 4 #", ". 4 2"});
}

TEST_CASE("slide: game over looks at orthogonal neighbours only, never diagonal ones") {
    // Full board whose only equal pairs are diagonal: no legal move.
    const Board diagonal = board_of({"2 4", "4 2"});
    const auto legal = slide::legal_directions(diagonal);
    CHECK(std::none_of(legal.begin(), legal.end(), [](bool b) { return b; }));
    const Board vertical = board_of({"2 4", "2 8"});
    CHECK(slide::legal_directions(vertical)[0]);
    // A board with empty cells only behind walls is over too.
    const Board walled = board_of({"2 # ."});
    const auto walled_legal = slide::legal_directions(walled);
    CHECK(std::none_of(walled_legal.begin(), walled_legal.end(), [](bool b) { return b; }));
}

TEST_CASE("slide: the largest tile a file can hold does not merge") {
    CHECK(after({"1073741824 1073741824"}, Direction::left) == Rows{"1073741824 1073741824"});
    CHECK_FALSE(slide::legal_directions(board_of({"1073741824 1073741824"}))[2]);
}

TEST_CASE("slide: moves report every tile with stable ids") {
    const Board b = board_of({"2 2 . 4", ". . . ."});
    Grid ids(4, 2, -1);
    ids.at(0, 0) = 10;
    ids.at(1, 0) = 11;
    ids.at(3, 0) = 12;
    const auto m = slide::move_with_ids(b, ids, 20, Direction::left);
    CHECK(rows_of(m.board) == Rows{"4 4 . .", ". . . ."});
    CHECK(m.ids.at(0, 0) == 20);  // the merged tile is new
    CHECK(m.ids.at(1, 0) == 12);  // the 4 kept its id
    CHECK(m.next_id == 21);
    const nlohmann::ordered_json expected = nlohmann::ordered_json::parse(R"([
        {"type": "move", "id": 11, "from": [1, 0], "to": [0, 0]},
        {"type": "merge", "ids": [10, 11], "into": 20, "cell": [0, 0], "value": 4},
        {"type": "move", "id": 12, "from": [3, 0], "to": [1, 0]}
    ])");
    CHECK(events_json(m.events) == expected);
}

TEST_CASE("slide: play spawns after a legal move; refuses an illegal one; never mutates its input") {
    Level level = slide_test::slide_level({"2 . .", ". . .", "4 . #"}, 99);
    const KindOps& game = kind_ops(Kind::slide);
    const State start = game.start(level);
    CHECK(start.board == level.board);  // a placed tile: no start spawns by default
    CHECK(start.ids.at(0, 0) == 0);
    CHECK(start.ids.at(0, 2) == 1);
    CHECK(start.next_id == 2);
    const State copy = start;

    const StepResult left = game.play(level, start, Move{Direction::left});
    CHECK_FALSE(left.legal);
    CHECK(left.state == start);
    const StepResult right = game.play(level, start, Move{Direction::right});
    REQUIRE(right.legal);
    CHECK(start == copy);
    CHECK(right.state.moves == 1);
    const nlohmann::ordered_json events = events_json(right.events);
    REQUIRE(events.size() == 3);  // the 2 moves, the 4 moves (stops at the wall), a spawn
    const auto& spawn = events.back();
    CHECK(spawn["type"] == "spawn");
    CHECK(spawn["id"] == 2);
    const int x = spawn["cell"][0];
    const int y = spawn["cell"][1];
    CHECK(right.state.board.at(x, y) == spawn["value"].get<int>());
    CHECK(right.state.ids.at(x, y) == 2);
    CHECK(right.state.next_id == 3);
    // The state's generator is the level's, advanced by exactly two draws (cell, value).
    Rng rng(99);
    rng.next();
    rng.next();
    CHECK(right.state.rng == rng);
}

TEST_CASE("slide: start spawns draw start_tiles tiles from the level seed") {
    Level level = slide_test::slide_level({". . . .", ". . . .", ". . . .", ". . . ."}, 7);
    const State s = slide::start_state(level);
    int tiles = 0;
    for (auto c : s.board.cells) tiles += cell::is_value(c) ? 1 : 0;
    CHECK(tiles == 2);
    CHECK(s.next_id == 2);
    level.rules.as<slide::Rules>().start_tiles = 20;  // more than the board holds: stops when full
    const State full = slide::start_state(level);
    CHECK(std::count(full.board.cells.begin(), full.board.cells.end(), cell::empty) == 0);
    CHECK(full.next_id == 16);
}

TEST_CASE("slide: goal is a tile of at least the target within the move limit") {
    Level level = slide_test::slide_level({"1024 1024 ."});
    const KindOps& game = kind_ops(Kind::slide);
    State s = game.start(level);
    CHECK_FALSE(game.goal_met(level, s));
    level.goal.as<slide::Goal>().target = 1024;
    CHECK(game.goal_met(level, s));
    level.goal.as<slide::Goal>().target = 2048;
    level.goal.moves = 1;
    State after_one = game.play(level, s, Move{Direction::left}).state;
    CHECK(game.goal_met(level, after_one));
    level.goal.moves = 0;
    CHECK_FALSE(game.goal_met(level, after_one));
}

TEST_CASE("slide: analyze reports legal moves and game over of the starting board") {
    Level level = slide_test::slide_level({"2 4", "4 2"});
    const Analysis a = kind_ops(Kind::slide).analyze(level, {}, {});
    CHECK(a.blocked);
    CHECK(nlohmann::ordered_json::parse(tilelab::test::analysis_json_text(Kind::slide, a)).dump() ==
          R"({"legal":{"up":false,"down":false,"left":false,"right":false},"game_over":true})");
    Level open = slide_test::slide_level({"2 .", ". ."});
    const Analysis b = kind_ops(Kind::slide).analyze(open, {}, {});
    CHECK_FALSE(b.blocked);
    CHECK(nlohmann::ordered_json::parse(tilelab::test::analysis_json_text(Kind::slide, b)).dump() ==
          R"({"legal":{"up":false,"down":true,"left":false,"right":true},"game_over":false})");
}
