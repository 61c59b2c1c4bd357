// Conformance vectors: seeded play (slide_play.json) and 4x4 moves from nneonneo/2048-ai.
#include <catch2/catch.hpp>

#include <fstream>

#include "oracle.hpp"
#include "slide_test_util.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/paths.hpp"

using namespace tilelab;

namespace {
nlohmann::json load(const std::string& name) {
    std::ifstream in(std::string(TILELAB_TEST_DATA) + "/vectors/" + name);
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

Direction direction_of(const std::string& text) {
    for (Direction d : all_directions)
        if (direction_name(d) == text) return d;
    FAIL("not a direction: " << text);
    return Direction::up;
}
}  // namespace

TEST_CASE("slide: seeded play vectors reproduce exactly") {
    const auto vectors = load("slide_play.json");
    int cases = 0;
    for (const auto& c : vectors.at("cases")) {
        INFO("case " << cases);
        const Level level = slide_test::level_of(c.at("level"));
        std::vector<Move> moves;
        std::vector<Direction> directions;
        for (const auto& m : c.at("moves")) {
            directions.push_back(direction_of(m.get<std::string>()));
            moves.emplace_back(directions.back());
        }
        const auto& expect = c.at("expect");
        const ApplyResult applied = apply_moves(level, moves);
        CHECK(slide_test::rows_of(applied.state.board) == expect.at("board").get<std::vector<std::string>>());
        CHECK(applied.state.score == expect.at("score").get<std::int64_t>());
        if (expect.at("illegal").is_null()) CHECK_FALSE(applied.illegal.has_value());
        else CHECK(applied.illegal == expect.at("illegal").get<int>());

        const auto oracle = slide_oracle::replay(level, directions);
        CHECK(slide_test::rows_of(oracle.board) == expect.at("board").get<std::vector<std::string>>());
        CHECK(oracle.score == expect.at("score").get<std::int64_t>());
        ++cases;
    }
    CHECK(cases == 40);
}

TEST_CASE("slide: 4x4 moves agree with nneonneo/2048-ai on every path") {
    const auto vectors = load("slide_4x4_moves_2048ai.json");
    const slide::TablePath table;
    const slide::GridPath grid(4, 4);
    int cases = 0;
    for (const auto& c : vectors.at("cases")) {
        const Board board = slide_test::board_of(c.at("board").get<std::vector<std::string>>());
        for (Direction d : all_directions) {
            INFO("case " << cases << " " << direction_name(d));
            const auto expected = slide_test::board_of(
                c.at("after").at(std::string(direction_name(d))).get<std::vector<std::string>>());
            std::int64_t sum = 0;
            CHECK(table.to_board(table.move(table.from_board(board), d, sum)) == expected);
            CHECK(grid.to_board(grid.move(grid.from_board(board), d, sum)) == expected);
            CHECK(slide::move_with_ids(board, Grid(4, 4, -1), 0, d).board == expected);
            CHECK(slide_oracle::move(board, d, slide::SlideScore::merged).board == expected);
        }
        ++cases;
    }
    CHECK(cases > 0);
}
