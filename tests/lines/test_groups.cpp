// Masks, connections and match groups of lines: rule boards, the conformance vectors, and a
// differential run of the linear groups against the list-based oracle (oracle.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include "support/analysis_json.hpp"
#include "lines_boards.hpp"
#include "oracle.hpp"
#include "support/scale.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/lines/lines.hpp"

using namespace tilelab;
using namespace tilelab::lines;
using tilelab::lines::testing::level_from_rows;

namespace {
// Groups as a set: (sorted cells, closed), independent of group order.
std::set<std::pair<std::vector<Cell>, bool>> as_set(const std::vector<CellGroup>& groups) {
    std::set<std::pair<std::vector<Cell>, bool>> out;
    for (const CellGroup& g : groups) out.insert({g.cells, g.closed});
    return out;
}

std::string describe(const Board& board) {
    std::string out;
    for (int y = 0; y < board.height; ++y) out += board_row(Kind::lines, board, y) + "\n";
    return out;
}
}  // namespace

TEST_CASE("the five tile types in four rotations are exactly the masks 1..15") {
    std::set<int> masks;
    for (TileType type : {TileType::nub, TileType::line, TileType::corner, TileType::tee, TileType::cross})
        for (int turns = 0; turns < 4; ++turns) masks.insert(tile_mask(type, turns));
    CHECK(masks.size() == 15);
    CHECK(*masks.begin() == 1);
    CHECK(*masks.rbegin() == 15);
    CHECK(tile_mask(TileType::nub, 0) == side_top);
    CHECK(tile_mask(TileType::nub, 1) == side_right);
    CHECK(tile_mask(TileType::corner, 1) == (side_right | side_bottom));
    CHECK(tile_mask(TileType::tee, 2) == (side_bottom | side_left | side_top));
    CHECK(tile_mask(TileType::line, 3) == (side_left | side_right));
}

TEST_CASE("rotating clockwise maps top to right, right to bottom, bottom to left, left to top") {
    CHECK(rotate_cw(side_top) == side_right);
    CHECK(rotate_cw(side_right) == side_bottom);
    CHECK(rotate_cw(side_bottom) == side_left);
    CHECK(rotate_cw(side_left) == side_top);
    CHECK(rotate_cw(0x3) == 0x6);
    for (int m = 0; m < 16; ++m) {
        std::uint8_t r = static_cast<std::uint8_t>(m);
        for (int i = 0; i < 4; ++i) r = rotate_cw(r);
        CHECK(r == m);
        CHECK(std::popcount(rotate_cw(static_cast<std::uint8_t>(m))) == std::popcount(static_cast<unsigned>(m)));
    }
}

TEST_CASE("connections are directional: open, solid, invalid") {
    // A right-pointing nub next to a left-pointing nub: solid both ways.
    CHECK(connection(side_right, side_left, side_right) == Connection::solid);
    CHECK(connection(side_left, side_right, side_left) == Connection::solid);
    // A right-pointing nub next to a top nub: the base's solid side meets an open side.
    CHECK(connection(side_right, side_top, side_right) == Connection::invalid);
    // Seen from the top nub the same pair is open: it has no line on that side.
    CHECK(connection(side_top, side_right, side_left) == Connection::open);
    // The board edge and empty cells are mask 0.
    CHECK(connection(15, 0, side_bottom) == Connection::invalid);
    CHECK(connection(0, 15, side_bottom) == Connection::open);
}

TEST_CASE("a square of four corners is one closed group") {
    Level level = level_from_rows({". . . .", ". 6 c .", ". 3 9 .", ". . . ."});
    auto groups = match_groups(level.board);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].closed);
    CHECK(groups[0].cells == std::vector<Cell>{{1, 1}, {1, 2}, {2, 1}, {2, 2}});
}

TEST_CASE("closed shapes need not be squares, and may touch the edge with open sides") {
    // A 3x2 ring in the corner, then two nubs facing each other: two closed groups.
    Level level = level_from_rows({"6 a c", "3 a 9", "2 8 ."});
    auto groups = match_groups(level.board);
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].closed);
    CHECK(groups[0].cells.size() == 6);
    CHECK(groups[1].closed);
    CHECK(groups[1].cells == std::vector<Cell>{{0, 2}, {1, 2}});
}

TEST_CASE("a solid side facing the edge, an empty cell or an open side leaves the group open") {
    SECTION("edge") {
        auto groups = match_groups(level_from_rows({"2 8", ". 1"}).board);
        REQUIRE(groups.size() == 2);
        CHECK(groups[0].closed);        // the pair of nubs at the top
        CHECK_FALSE(groups[1].closed);  // a top nub at (1,1) faces the open bottom of (1,0)
    }
    SECTION("empty cell") {
        auto groups = match_groups(level_from_rows({"2 .", ". ."}).board);
        REQUIRE(groups.size() == 1);
        CHECK_FALSE(groups[0].closed);
    }
    SECTION("open side: the facing tile is not joined") {
        // (0,0) points right at a top nub: two groups, the left one open; the top nub faces the edge.
        auto groups = match_groups(level_from_rows({"2 1"}).board);
        REQUIRE(groups.size() == 2);
        CHECK_FALSE(groups[0].closed);
        CHECK_FALSE(groups[1].closed);
    }
    SECTION("the board wraps for shifts only, not for closedness") {
        auto groups = match_groups(level_from_rows({"8 2"}).board);
        REQUIRE(groups.size() == 2);
        CHECK_FALSE(groups[0].closed);
        CHECK_FALSE(groups[1].closed);
    }
}

TEST_CASE("groups list their cells sorted and come in the order of their first cell") {
    Level level = level_from_rows({"6 f a 9", "8 5 1 4", "7 7 a a"});
    auto groups = match_groups(level.board);
    for (std::size_t i = 0; i < groups.size(); ++i) {
        CHECK(std::is_sorted(groups[i].cells.begin(), groups[i].cells.end()));
        if (i > 0) CHECK(groups[i - 1].cells.front() < groups[i].cells.front());
    }
}

TEST_CASE("groups and closedness match the conformance vectors") {
    std::ifstream in(std::string(TILELAB_TEST_DATA) + "/vectors/lines_analyze.json");
    REQUIRE(in);
    auto doc = nlohmann::ordered_json::parse(in);
    int checked = 0;
    for (const auto& c : doc.at("cases")) {
        LevelLoad load = level_from_json(c.at("level"), "lines_analyze.json");
        REQUIRE(load.level);
        std::vector<CellGroup> expected;
        for (const auto& g : c.at("expect").at("groups")) {
            CellGroup group;
            for (const auto& cell : g.at("cells")) group.cells.push_back(Cell{cell.at(0).get<int>(), cell.at(1).get<int>()});
            std::sort(group.cells.begin(), group.cells.end());
            group.closed = g.at("closed").get<bool>();
            expected.push_back(group);
        }
        INFO(describe(load.level->board));
        CHECK(as_set(match_groups(load.level->board)) == as_set(expected));
        // The analysis JSON carries the same groups.
        AnalyzeOptions options;
        options.solve = false;
        Analysis a = ops().analyze(*load.level, options, {});
        CHECK(tilelab::test::analysis_json(Kind::lines, a).at("groups").size() == expected.size());
        ++checked;
    }
    CHECK(checked == 60);
}

TEST_CASE("linear groups agree with the list-based oracle on 10,000 random boards") {
    Rng rng(20261121);
    int closed_seen = 0;
    for (int i = 0; i < test::reps(10000); ++i) {
        const int width = 1 + static_cast<int>(rng.uniform(16));
        const int height = 1 + static_cast<int>(rng.uniform(16));
        // Half fully random boards (mostly open groups), half closed networks with a few cells
        // redrawn (closed and open groups side by side).
        Board board = i % 2 == 0 ? testing::random_board(width, height, rng)
                                 : testing::damaged_network(width, height, static_cast<int>(rng.uniform(4)), rng);
        auto fast = match_groups(board);
        auto slow = oracle::seed_match_groups(board);
        INFO("board " << i << "\n" << describe(board));
        REQUIRE(as_set(fast) == as_set(slow));
        for (const CellGroup& g : fast) closed_seen += g.closed;
    }
    CHECK(closed_seen > test::reps(5000));  // the run really exercises closed groups
}
