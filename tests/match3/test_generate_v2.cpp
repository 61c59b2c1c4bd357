// tilelab generate --kind match3 with format 2 items: crates, ingredients and locks where a level stays
// playable, goals set, and the same draws as before for a level without them.
#include <catch2/catch.hpp>

#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/v2.hpp"

using namespace tilelab;

namespace {
int count_of(const Board& board, bool (*pred)(std::int32_t)) {
    int n = 0;
    for (std::int32_t v : board.cells) n += pred(v);
    return n;
}
}  // namespace

TEST_CASE("generate match3 with crates, ingredients and locks: valid, settled, alive, goals set, exits reachable") {
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        GenerateOptions o;
        o.kind = Kind::match3;
        o.width = 5 + static_cast<int>(seed % 5);
        o.height = 6 + static_cast<int>(seed % 4);
        o.seed = seed;
        o.blockers = static_cast<int>(seed % 3);
        o.crates = 1 + static_cast<int>(seed % 6);
        o.ingredients = 1 + static_cast<int>(seed % 2);
        o.locks = static_cast<int>(seed % 5);
        INFO("seed " << seed);
        const GenerateResult r = kind_ops(Kind::match3).generate(o);
        REQUIRE(r.level.has_value());
        Level level = *r.level;
        level.id = "g";
        // The file it writes reads back without a problem.
        const LevelLoad load = parse_level(write_level(level), "generated");
        REQUIRE(load.level.has_value());
        const Board& board = level.board;
        CHECK(count_of(board, [](std::int32_t v) { return cell::is_crate(v); }) == o.crates);
        CHECK(count_of(board, [](std::int32_t v) { return v == cell::ingredient; }) == o.ingredients);
        CHECK(level.goal.as<match3::Goal>().crates);
        REQUIRE(level.goal.as<match3::Goal>().ingredients.has_value());
        CHECK(*level.goal.as<match3::Goal>().ingredients == o.ingredients);
        int locks = 0;
        if (level.lock)
            for (std::int32_t v : level.lock->cells) locks += v;
        CHECK(locks == o.locks);
        // Ingredients on the top row, with nothing in their column that never goes away.
        for (int x = 0; x < board.width; ++x) {
            if (board.at(x, 0) != cell::ingredient) continue;
            for (int y = 1; y < board.height; ++y) {
                CHECK(board.at(x, y) != cell::blocker);
                CHECK_FALSE(cell::is_crate(board.at(x, y)));
            }
        }
        CHECK(match3::v2::match_groups(board, 3).empty());
        CHECK_FALSE(match3::v2::legal_moves(board, level.lock, 3).empty());
    }
}

TEST_CASE("generate match3 refuses ingredients it cannot place and keeps plain levels' draws") {
    GenerateOptions o;
    o.kind = Kind::match3;
    o.width = 4;
    o.height = 4;
    o.ingredients = 5;
    const GenerateResult r = kind_ops(Kind::match3).generate(o);
    CHECK_FALSE(r.level.has_value());
    CHECK(r.error.find("5 ingredients need as many columns") != std::string::npos);

    // No item asked: no lock layer, no format 2 goal, no item on the board.
    GenerateOptions plain;
    plain.kind = Kind::match3;
    plain.seed = 7;
    const GenerateResult p = kind_ops(Kind::match3).generate(plain);
    REQUIRE(p.level.has_value());
    CHECK_FALSE(p.level->lock.has_value());
    CHECK_FALSE(p.level->goal.as<match3::Goal>().crates);
    CHECK_FALSE(p.level->goal.as<match3::Goal>().ingredients.has_value());
    for (std::int32_t v : p.level->board.cells) CHECK(v >= 0);
}
