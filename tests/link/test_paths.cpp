// Link paths: rule cases on small boards, and the differential test against the BFS oracle.
#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "oracle.hpp"
#include "support/scale.hpp"

using namespace tilelab;
using namespace tilelab::link;
using namespace tilelab::link::testing;

namespace {
std::optional<LinkPath> link_of(const std::vector<std::string>& rows, Cell a, Cell b, int max_turns = 2, bool border = true) {
    LinkRules rules;
    rules.max_turns = max_turns;
    rules.border = border;
    return link_pair(board_from_rows(rows), rules, a, b);
}
}  // namespace

TEST_CASE("adjacent tiles link with 0 turns and length 1") {
    auto link = link_of({"1 1"}, {0, 0}, {1, 0}, 0, false);
    REQUIRE(link);
    CHECK(link->turns == 0);
    CHECK(link->path == std::vector<Cell>{{0, 0}, {1, 0}});
}

TEST_CASE("a straight line through empty cells; a blocker stops it") {
    CHECK(link_of({"1 . . 1"}, {0, 0}, {3, 0}, 0, false)->turns == 0);
    CHECK_FALSE(link_of({"1 . # 1"}, {0, 0}, {3, 0}, 2, false));
    CHECK_FALSE(link_of({"1 2 . 1"}, {0, 0}, {3, 0}, 2, false));  // a tile in the way stops it too
}

TEST_CASE("one turn picks a free corner") {
    auto link = link_of({"1 # .", ". . .", ". . 1"}, {0, 0}, {2, 2}, 1, false);
    REQUIRE(link);
    CHECK(link->turns == 1);
    CHECK(link->path == std::vector<Cell>{{0, 0}, {0, 2}, {2, 2}});
    CHECK(path_length(link->path) == 4);
}

TEST_CASE("two turns choose the shortest detour") {
    // Row 0 blocked between the tiles; the detour through row 1 (length 4) beats row 2 (length 6).
    auto link = link_of({"1 # 1", ". . .", ". . ."}, {0, 0}, {2, 0}, 2, false);
    REQUIRE(link);
    CHECK(link->turns == 2);
    CHECK(link->path == std::vector<Cell>{{0, 0}, {0, 1}, {2, 1}, {2, 0}});
    CHECK(path_length(link->path) == 4);
}

TEST_CASE("the border ring is used only when the border is on") {
    const std::vector<std::string> rows{"1 # 1", "2 2 2"};
    auto on = link_of(rows, {0, 0}, {2, 0}, 2, true);
    REQUIRE(on);
    CHECK(on->path == std::vector<Cell>{{0, 0}, {0, -1}, {2, -1}, {2, 0}});
    CHECK_FALSE(link_of(rows, {0, 0}, {2, 0}, 2, false));
    // The ring on the right is x = width; below, y = height.
    auto right = link_of({"# # 1", "# # #", "# # 1"}, {2, 0}, {2, 2}, 2, true);
    REQUIRE(right);
    CHECK(right->path == std::vector<Cell>{{2, 0}, {3, 0}, {3, 2}, {2, 2}});
    auto below = link_of({"2 2 2", "1 # 1"}, {0, 1}, {2, 1}, 2, true);
    REQUIRE(below);
    CHECK(below->path == std::vector<Cell>{{0, 1}, {0, 2}, {2, 2}, {2, 1}});
}

TEST_CASE("fewest turns wins over shorter length") {
    // Only a 1-turn path (length 6) and longer-turning detours exist: the 1-turn path wins.
    auto link = link_of({"1 . . . .", "# # # # .", ". . . . 1"}, {0, 0}, {4, 2}, 3, false);
    REQUIRE(link);
    CHECK(link->turns == 1);
}

TEST_CASE("three turns when allowed") {
    const std::vector<std::string> rows{". . . .", ". # 1 #", ". # # #", ". 1 . ."};
    CHECK_FALSE(link_of(rows, {2, 1}, {1, 3}, 2, false));
    auto link = link_of(rows, {2, 1}, {1, 3}, 3, false);
    REQUIRE(link);
    CHECK(link->turns == 3);
    CHECK(link->path == std::vector<Cell>{{2, 1}, {2, 0}, {0, 0}, {0, 3}, {1, 3}});
}

TEST_CASE("pairing is checked: equal values or a sum") {
    LinkRules sum;
    sum.pair = Pairing{Pairing::Rule::sum, 100};
    CHECK(link_pair(board_from_rows({"30 70"}), sum, {0, 0}, {1, 0}));
    CHECK_FALSE(link_pair(board_from_rows({"30 30"}), sum, {0, 0}, {1, 0}));
    CHECK_FALSE(link_pair(board_from_rows({"3 4"}), LinkRules{}, {0, 0}, {1, 0}));
    CHECK_FALSE(link_pair(board_from_rows({"3 ."}), LinkRules{}, {0, 0}, {1, 0}));
    CHECK_FALSE(link_pair(board_from_rows({"3 3"}), LinkRules{}, {0, 0}, {0, 0}));
}

TEST_CASE("the field's runs after removals equal a fresh field's answers") {
    Rng rng(7);
    for (int round = 0; round < test::reps(200); ++round) {
        Board board = random_board(rng, 1 + static_cast<int>(rng.uniform(12)), 1 + static_cast<int>(rng.uniform(12)), Pairing{},
                                   70, 10);
        LinkField field(board, round % 2 == 0);
        // Remove random tiles one at a time, keeping the board in step.
        for (int step = 0; step < 6; ++step) {
            std::vector<Cell> tiles;
            for (int y = 0; y < board.height; ++y)
                for (int x = 0; x < board.width; ++x)
                    if (cell::is_value(board.at(x, y))) tiles.push_back({x, y});
            if (tiles.empty()) break;
            Cell gone = tiles[rng.uniform(static_cast<std::uint32_t>(tiles.size()))];
            board.at(gone) = cell::empty;
            field.clear(gone);
            LinkRules rules;
            rules.border = round % 2 == 0;
            rules.max_turns = 3;
            auto incremental = all_links(field, rules);
            auto fresh = all_links(board, rules);
            REQUIRE(incremental.size() == fresh.size());
            for (std::size_t i = 0; i < fresh.size(); ++i) {
                CHECK(incremental[i].a == fresh[i].a);
                CHECK(incremental[i].b == fresh[i].b);
                CHECK(incremental[i].path == fresh[i].path);
            }
        }
    }
}

TEST_CASE("differential: 10,000 random boards agree with the BFS oracle and the stepwise path test") {
    Rng rng(20240611);
    long pairs_checked = 0, links_found = 0;
    std::vector<LinkPath> reused;  // all_links' buffer form, holding the boards before this one
    for (int round = 0; round < test::reps(10000); ++round) {
        const int width = 1 + static_cast<int>(rng.uniform(20));
        const int height = 1 + static_cast<int>(rng.uniform(20));
        LinkRules rules;
        rules.pair = rng.uniform(2) ? Pairing{} : Pairing{Pairing::Rule::sum, 100};
        rules.max_turns = static_cast<int>(rng.uniform(4));
        rules.border = rng.uniform(2) == 1;
        const int tile_percent = 20 + static_cast<int>(rng.uniform(70));
        const int blocker_percent = static_cast<int>(
            rng.uniform(static_cast<std::uint32_t>(std::min(30, 100 - tile_percent) + 1)));
        const Board board = random_board(rng, width, height, rules.pair, tile_percent, blocker_percent);
        INFO("round " << round << " " << width << "x" << height << " turns " << rules.max_turns << " border " << rules.border);

        // Every pairing pair, through the oracle.
        std::vector<std::pair<Cell, Cell>> expected;  // row-major a < b
        std::vector<oracle::OracleLink> expected_figures;
        for (int i = 0; i < board.size(); ++i) {
            if (!cell::is_value(board.cells[static_cast<std::size_t>(i)])) continue;
            const Cell a{i % width, i / width};
            auto from_a = oracle::bfs_links_from(board, rules.border, rules.max_turns, a);
            for (int j = i + 1; j < board.size(); ++j) {
                if (!cell::is_value(board.cells[static_cast<std::size_t>(j)])) continue;
                if (!rules.pair.pairs(board.cells[static_cast<std::size_t>(i)], board.cells[static_cast<std::size_t>(j)]))
                    continue;
                const Cell b{j % width, j / width};
                ++pairs_checked;
                const auto& o = from_a[static_cast<std::size_t>(j)];
                if (rules.max_turns <= 2)
                    REQUIRE(oracle::stepwise_link(board, rules.border, rules.max_turns, a, b) == o.has_value());
                if (o) {
                    expected.push_back({a, b});
                    expected_figures.push_back(*o);
                }
            }
        }
        const auto links = all_links(board, rules);
        REQUIRE(links.size() == expected.size());
        all_links(board, rules, reused);
        REQUIRE(reused.size() == links.size());
        for (std::size_t k = 0; k < links.size(); ++k) {
            REQUIRE(reused[k].a == links[k].a);
            REQUIRE(reused[k].b == links[k].b);
            REQUIRE(reused[k].turns == links[k].turns);
            REQUIRE(reused[k].path == links[k].path);
        }
        for (std::size_t k = 0; k < links.size(); ++k) {
            REQUIRE(links[k].a == expected[k].first);
            REQUIRE(links[k].b == expected[k].second);
            REQUIRE(links[k].turns == expected_figures[k].turns);
            REQUIRE(path_length(links[k].path) == expected_figures[k].length);
            REQUIRE(check_path(board, rules.border, links[k]) == "");
        }
        links_found += static_cast<long>(links.size());
    }
    // The boards must exercise the code, not be empty.
    CHECK(pairs_checked > test::reps(100000));
    CHECK(links_found > test::reps(20000));
}
