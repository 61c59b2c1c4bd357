// Differential test: the play path (ids), the general path and the 4x4 table path against the
// oracle on 100,000 seeded random positions, 2x2 to 8x8, with and without walls.
#include <catch2/catch.hpp>

#include <map>

#include "oracle.hpp"
#include "support/scale.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/paths.hpp"

using namespace tilelab;

namespace {

struct Shape {
    int width;
    int height;
    bool walls;
};

// A random position: each cell a wall (when allowed), empty, or a tile; tiles are drawn from a
// small exponent range on some boards (many merges) and a wide one on others.
Board random_position(Rng& rng, Shape shape, int top_exponent) {
    Board b(shape.width, shape.height);
    const std::uint32_t fill = 20 + rng.uniform(80);  // percent of cells holding a tile
    for (auto& c : b.cells) {
        if (shape.walls && rng.uniform(100) < 12) {
            c = cell::blocker;
        } else if (rng.uniform(100) < fill) {
            c = std::int32_t{1} << (1 + rng.uniform(static_cast<std::uint32_t>(top_exponent)));
        }
    }
    return b;
}

// Replays a move's events on the tiles before it and checks they give the board after it.
void check_events(const Board& before, const Grid& ids, const slide::IdMove& m) {
    std::map<int, std::pair<Cell, std::int32_t>> tiles;  // id -> (cell, value)
    for (int y = 0; y < before.height; ++y)
        for (int x = 0; x < before.width; ++x)
            if (cell::is_value(before.at(x, y))) tiles[ids.at(x, y)] = {{x, y}, before.at(x, y)};
    for (const auto& e : events_json(m.events)) {
        if (e["type"] == "move") {
            auto& tile = tiles.at(e["id"].get<int>());
            REQUIRE(tile.first == Cell{e["from"][0].get<int>(), e["from"][1].get<int>()});
            tile.first = {e["to"][0].get<int>(), e["to"][1].get<int>()};
        } else {
            REQUIRE(e["type"] == "merge");
            const Cell at{e["cell"][0].get<int>(), e["cell"][1].get<int>()};
            const auto a = tiles.at(e["ids"][0].get<int>());
            const auto b = tiles.at(e["ids"][1].get<int>());
            REQUIRE(a.first == at);
            REQUIRE(b.first == at);
            REQUIRE(a.second == b.second);
            REQUIRE(e["value"].get<int>() == a.second * 2);
            tiles.erase(e["ids"][0].get<int>());
            tiles.erase(e["ids"][1].get<int>());
            REQUIRE(tiles.count(e["into"].get<int>()) == 0);
            tiles[e["into"].get<int>()] = {at, e["value"].get<int>()};
        }
    }
    Board rebuilt(before.width, before.height);
    for (int i = 0; i < before.size(); ++i)
        if (before.cells[static_cast<std::size_t>(i)] == cell::blocker)
            rebuilt.cells[static_cast<std::size_t>(i)] = cell::blocker;
    for (const auto& [id, tile] : tiles) {
        REQUIRE(rebuilt.at(tile.first) == cell::empty);
        rebuilt.at(tile.first) = tile.second;
        REQUIRE(m.ids.at(tile.first) == id);
    }
    REQUIRE(rebuilt == m.board);
}

// A cheap check for the hot loop (a Catch assertion per comparison would dominate the run).
#define AGREE(condition)                                                                                                       \
    do {                                                                                                                       \
        if (!(condition))                                                                                                      \
            FAIL(#condition << " on a " << b.width << "x" << b.height << " board, move " << direction_name(d) << ", position " \
                            << round);                                                                                         \
    } while (0)

// The Release run checks 100,000 positions (the acceptance figure); the sanitizer entries, about
// 15x slower, check the first 20,000 of the same sequence (TILELAB_TEST_SCALE=0.2,
// tests/support/scale.hpp), the soak a million.
const int position_count = test::reps(100000);

bool table_fits(const Board& b) {
    if (b.width != 4 || b.height != 4) return false;
    for (auto c : b.cells)
        if (c == cell::blocker || c > (1 << 14)) return false;
    return true;
}

}  // namespace

TEST_CASE("slide: every path agrees with the oracle on 100000 random positions (20000 under sanitizers)") {
    Rng rng(20260117);
    const slide::TablePath table;
    std::map<std::pair<int, int>, slide::GridPath> grids;
    int positions = 0;
    int table_positions = 0;
    int legal_moves = 0;
    int merges_seen = 0;
    for (int round = 0; round < position_count; ++round) {
        Shape shape;
        if (round % 2 == 0) {  // half the positions are the classic 4x4, a fifth of those walled
            shape = {4, 4, round % 10 == 0};
        } else {
            shape = {2 + static_cast<int>(rng.uniform(7)), 2 + static_cast<int>(rng.uniform(7)), rng.uniform(2) == 0};
        }
        const int top_exponent = rng.uniform(3) == 0 ? 3 : (rng.uniform(20) == 0 ? 30 : 14);
        const Board b = random_position(rng, shape, top_exponent);
        ++positions;
        Grid ids(b.width, b.height, -1);
        int next_id = 0;
        for (int i = 0; i < b.size(); ++i)
            if (cell::is_value(b.cells[static_cast<std::size_t>(i)])) ids.cells[static_cast<std::size_t>(i)] = next_id++;
        const auto& grid = grids.try_emplace({b.width, b.height}, b.width, b.height).first->second;
        const auto grid_position = grid.from_board(b);
        const bool on_table = table_fits(b);
        table_positions += on_table;
        const auto legal = slide::legal_directions(b);
        bool any_legal = false;

        for (std::size_t i = 0; i < all_directions.size(); ++i) {
            const Direction d = all_directions[i];
            const auto merged = slide_oracle::move(b, d, slide::SlideScore::merged);
            const auto pre = slide_oracle::move(b, d, slide::SlideScore::pre_merge);

            const auto with_ids = slide::move_with_ids(b, ids, next_id, d);
            AGREE(with_ids.board == merged.board);
            AGREE(with_ids.moved == merged.legal);
            AGREE(slide::score_gain(slide::SlideScore::merged, with_ids.merged_sum) == merged.score);
            AGREE(slide::score_gain(slide::SlideScore::pre_merge, with_ids.merged_sum) == pre.score);
            AGREE(legal[i] == merged.legal);
            if (round % 8 == 0) check_events(b, ids, with_ids);

            std::int64_t grid_sum = 0;
            const auto grid_after = grid.move(grid_position, d, grid_sum);
            AGREE(grid.to_board(grid_after) == merged.board);
            AGREE((grid_after != grid_position) == merged.legal);
            AGREE(slide::score_gain(slide::SlideScore::merged, grid_sum) == merged.score);

            if (on_table) {
                std::int64_t table_sum = 0;
                const auto p = table.from_board(b);
                const auto table_after = table.move(p, d, table_sum);
                AGREE(table.to_board(table_after) == merged.board);
                AGREE((table_after != p) == merged.legal);
                AGREE(slide::score_gain(slide::SlideScore::pre_merge, table_sum) == pre.score);
            }
            any_legal = any_legal || merged.legal;
            legal_moves += merged.legal;
            merges_seen += merged.score > 0;
        }
        if (slide_oracle::game_over(b) != !any_legal) FAIL("game over disagrees, position " << round);
    }
    CHECK(positions == position_count);
    CHECK(table_positions > position_count * 3 / 10);  // the table path saw a good share
    CHECK(merges_seen > position_count / 2);
    CHECK(legal_moves > position_count);
}

// The general path's evaluation, looked up per run in tables, against line_evaluation called on
// each run between walls of each row, then each column, summed in that order: the very same double
// (the bots' choices, and so every estimate, depend on it to the bit).
TEST_CASE("slide: the general path evaluates as line_evaluation over each run, to the bit") {
    Rng rng(20261129);
    std::map<std::pair<int, int>, slide::GridPath> grids;
    for (int round = 0; round < 4000; ++round) {
        const Shape shape{2 + static_cast<int>(rng.uniform(7)), 2 + static_cast<int>(rng.uniform(7)), rng.uniform(2) == 0};
        const int top_exponent = rng.uniform(3) == 0 ? 3 : (rng.uniform(5) == 0 ? 30 : 14);
        const Board b = random_position(rng, shape, top_exponent);
        const auto& grid = grids.try_emplace({b.width, b.height}, b.width, b.height).first->second;
        const auto position = grid.from_board(b);
        double expected = 0;
        auto add_line = [&](const std::vector<std::uint8_t>& line) {
            std::size_t start = 0;
            for (std::size_t k = 0; k <= line.size(); ++k) {
                if (k < line.size() && line[k] != slide::wall_code) continue;
                if (k > start) expected += slide::line_evaluation(line.data() + start, static_cast<int>(k - start));
                start = k + 1;
            }
        };
        for (int y = 0; y < b.height; ++y) {
            std::vector<std::uint8_t> row;
            for (int x = 0; x < b.width; ++x) row.push_back(slide::exponent_of(b.at(x, y)));
            add_line(row);
        }
        for (int x = 0; x < b.width; ++x) {
            std::vector<std::uint8_t> column;
            for (int y = 0; y < b.height; ++y) column.push_back(slide::exponent_of(b.at(x, y)));
            add_line(column);
        }
        if (grid.evaluate(position) != expected)
            FAIL("evaluation " << grid.evaluate(position) << " != " << expected << " on a " << b.width << "x" << b.height
                               << " board, position " << round);
    }
}

// The search's last layer after a spawn (GridPath::SpawnLeaves: moved boards patched one line at a
// time) against the plain loop it replaces: every empty cell, both spawn values, to the bit.
TEST_CASE("slide: the leaves after a spawn equal the best evaluate(move(spawned)), to the bit") {
    Rng rng(20261130);
    std::map<std::pair<int, int>, slide::GridPath> grids;
    int spawns = 0;
    int dead = 0;
    for (int round = 0; round < 1500; ++round) {
        const Shape shape{2 + static_cast<int>(rng.uniform(7)), 2 + static_cast<int>(rng.uniform(7)), rng.uniform(2) == 0};
        const int top_exponent = rng.uniform(3) == 0 ? 3 : (rng.uniform(5) == 0 ? 30 : 14);
        const Board b = random_position(rng, shape, top_exponent);
        const auto& grid = grids.try_emplace({b.width, b.height}, b.width, b.height).first->second;
        const auto after = grid.from_board(b);
        slide::GridPath::SpawnLeaves leaves(grid, after);
        std::uint64_t evaluations = 0;
        for (int c = 0; c < grid.cell_count; ++c) {
            if (slide::GridPath::exponent_at(after, c) != 0) continue;
            for (int exponent : {1, 2}) {
                const auto spawned = slide::GridPath::with_tile(after, c, exponent);
                double expected = 0.0;
                bool any = false;
                for (Direction d : all_directions) {
                    const auto moved = grid.move(spawned, d);
                    if (moved == spawned) continue;
                    any = true;
                    expected = std::max(expected, grid.evaluate(moved));
                }
                ++spawns;
                dead += any ? 0 : 1;
                const double got = leaves.best(c, exponent, evaluations);
                if (got != expected)
                    FAIL("leaf value " << got << " != " << expected << " on a " << b.width << "x" << b.height << " board, cell "
                                       << c << ", exponent " << exponent << ", position " << round);
            }
        }
    }
    CHECK(spawns > 10000);
    CHECK(dead > 0);  // some spawns fill the last cell of a locked board
}

TEST_CASE("slide: table and general paths evaluate and count empties alike on 4x4") {
    Rng rng(5);
    const slide::TablePath table;
    const slide::GridPath grid(4, 4);
    for (int round = 0; round < 2000; ++round) {
        const Board b = random_position(rng, {4, 4, false}, 14);
        const auto p = table.from_board(b);
        const auto g = grid.from_board(b);
        REQUIRE(table.evaluate(p) == Approx(grid.evaluate(g)).epsilon(1e-12));
        REQUIRE(slide::TablePath::empty_count(p) == slide::GridPath::empty_count(g));
        REQUIRE(slide::TablePath::highest_exponent(p) == slide::GridPath::highest_exponent(g));
        REQUIRE(slide::TablePath::transpose(slide::TablePath::transpose(p)) == p);
        const auto t = slide::TablePath::transpose(p);
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x)
                REQUIRE(slide::TablePath::exponent_at(t, x * 4 + y) == slide::TablePath::exponent_at(p, y * 4 + x));
    }
}
