// Conformance vectors (tests/data/vectors/collapse_play.json, collapse_analyze.json): each level
// read by the level reader, played and analysed through the kind table, as a runtime would.
#include <catch2/catch.hpp>

#include "support/vectors.hpp"
#include "tilelab/collapse/collapse.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

namespace {

Level read_vector_level(const nlohmann::json& j) {
    LevelLoad load = parse_level(j.dump(), "vector");
    INFO((load.diagnostics.empty() ? std::string() : load.diagnostics.front().message));
    REQUIRE(load.level);
    return *load.level;
}

std::vector<std::string> rows_of(const Level& level, const Board& board) {
    std::vector<std::string> rows;
    for (int y = 0; y < board.height; ++y) rows.push_back(board_row(level.kind, board, y));
    return rows;
}

std::vector<std::string> expected_rows(const nlohmann::json& rows) {
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r.get<std::string>());
    return out;
}

}  // namespace

TEST_CASE("vectors: collapse_play.json") {
    const auto doc = tilelab::test::load_vectors("collapse_play.json");
    int cases = 0;
    for (const auto& c : doc.at("cases")) {
        const Level level = read_vector_level(c.at("level"));
        INFO("case " << c.at("level").at("id").get<std::string>());
        const KindOps& ops = kind_ops(level.kind);
        std::vector<Move> moves;
        for (const auto& m : c.at("moves")) {
            std::string error;
            auto move = parse_move(level.kind, m.get<std::string>(), error);
            REQUIRE(move);
            moves.push_back(*move);
        }
        const auto& expect = c.at("expect");
        CHECK(rows_of(level, ops.start(level).board) == expected_rows(expect.at("start_board")));
        const ApplyResult played = apply_moves(level, moves);
        if (expect.at("illegal").is_null()) CHECK_FALSE(played.illegal);
        else CHECK(played.illegal == expect.at("illegal").get<int>());
        CHECK(rows_of(level, played.state.board) == expected_rows(expect.at("board")));
        CHECK(played.state.score == expect.at("score").get<std::int64_t>());
        ++cases;
    }
    CHECK(cases == 90);
}

TEST_CASE("vectors: collapse_analyze.json") {
    const auto doc = tilelab::test::load_vectors("collapse_analyze.json");
    int cases = 0;
    for (const auto& c : doc.at("cases")) {
        const Level level = read_vector_level(c.at("level"));
        INFO("case " << c.at("level").at("id").get<std::string>());
        AnalyzeOptions options;
        options.solve = false;
        const Analysis a = kind_ops(level.kind).analyze(level, options, {});
        const auto& expect = c.at("expect");
        CHECK(a.blocked == expect.at("dead").get<bool>());
        std::vector<std::vector<Cell>> want;
        for (const auto& g : expect.at("groups")) {
            std::vector<Cell> cells;
            for (const auto& xy : g) cells.push_back({xy[0].get<int>(), xy[1].get<int>()});
            want.push_back(cells);
        }
        std::vector<std::vector<Cell>> got;
        for (const CellGroup& g : a.groups) got.push_back(g.cells);
        CHECK(got == want);
        ++cases;
    }
    CHECK(cases == 90);
}
