// The conformance vectors: match3_play.json (apply) and match3_analyze.json (analyze), through the face.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>

#include "support/analysis_json.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/match3.hpp"
#include "support/vectors.hpp"

using namespace tilelab;
using json = nlohmann::json;

namespace {
using test::load_vectors;

Level level_of(const json& value) {
    LevelLoad load = parse_level(value.dump(), "vector");
    INFO(value.dump());
    REQUIRE(load.level.has_value());
    return *load.level;
}

std::vector<std::string> rows_of(Kind kind, const Board& board) {
    std::vector<std::string> rows;
    for (int y = 0; y < board.height; ++y) rows.push_back(board_row(kind, board, y));
    return rows;
}
// One play vector: start board, the moves' board and score, and the first illegal move.
ApplyResult check_play_case(const Level& level, const json& c) {
    const auto& expect = c.at("expect");
    const State start = kind_ops(Kind::match3).start(level);
    CHECK(rows_of(Kind::match3, start.board) == expect.at("start_board").get<std::vector<std::string>>());
    std::vector<Move> moves;
    for (const auto& m : c.at("moves")) {
        std::string error;
        auto move = parse_move(Kind::match3, m.get<std::string>(), error);
        REQUIRE(move.has_value());
        moves.push_back(*move);
    }
    ApplyResult result = apply_moves(level, moves);
    CHECK(rows_of(Kind::match3, result.state.board) == expect.at("board").get<std::vector<std::string>>());
    CHECK(result.state.score == expect.at("score").get<std::int64_t>());
    if (expect.at("illegal").is_null()) CHECK_FALSE(result.illegal.has_value());
    else {
        REQUIRE(result.illegal.has_value());
        CHECK(*result.illegal == expect.at("illegal").get<int>());
    }
    return result;
}
}  // namespace

TEST_CASE("match3 play vectors reproduce start board board score and the first illegal move") {
    const json vectors = load_vectors("match3_play.json");
    REQUIRE(vectors.at("cases").size() >= 10);
    for (const auto& c : vectors.at("cases")) {
        const Level level = level_of(c.at("level"));
        INFO("seed " << level.seed);
        check_play_case(level, c);
    }
}

TEST_CASE("match3 analyze vectors: groups hints with clears dead (as sets)") {
    const json vectors = load_vectors("match3_analyze.json");
    REQUIRE(vectors.at("cases").size() >= 10);
    for (const auto& c : vectors.at("cases")) {
        const Level level = level_of(c.at("level"));
        INFO("seed " << level.seed);
        const Analysis a = kind_ops(Kind::match3).analyze(level, AnalyzeOptions{}, std::stop_token{});
        const json got = tilelab::test::analysis_json(Kind::match3, a);
        const auto& expect = c.at("expect");
        CHECK(got.at("dead") == expect.at("dead"));
        CHECK(a.blocked == expect.at("dead").get<bool>());
        std::multiset<std::string> got_groups, want_groups, got_hints, want_hints;
        for (const auto& g : got.at("groups")) got_groups.insert(g.dump());
        for (const auto& g : expect.at("groups")) want_groups.insert(g.dump());
        for (const auto& h : got.at("hints")) {
            // Version 1 vectors predate each hint's "creates" and "combo" (always [] and false here).
            CHECK(h.at("creates") == json::array());
            CHECK(h.at("combo") == false);
            json plain = h;
            plain.erase("creates");
            plain.erase("combo");
            got_hints.insert(plain.dump());
        }
        for (const auto& h : expect.at("hints")) want_hints.insert(h.dump());
        CHECK(got_groups == want_groups);
        CHECK(got_hints == want_hints);
        // Exactly the three keys the contract names.
        CHECK(got.size() == 3);
    }
}

TEST_CASE("match3 format 2 analyze vectors: groups, hints with clears, creates and combo, dead (as sets)") {
    const json vectors = load_vectors("match3v2_analyze.json");
    REQUIRE(vectors.at("cases").size() >= 80);
    int hints = 0, combos = 0, created = 0;
    for (const auto& c : vectors.at("cases")) {
        const Level level = level_of(c.at("level"));
        INFO(c.at("level").dump());
        const Analysis a = kind_ops(Kind::match3).analyze(level, AnalyzeOptions{}, std::stop_token{});
        const json got = tilelab::test::analysis_json(Kind::match3, a);
        const auto& expect = c.at("expect");
        CHECK(got.at("dead") == expect.at("dead"));
        std::multiset<std::string> got_groups, want_groups, got_hints, want_hints;
        for (const auto& g : got.at("groups")) got_groups.insert(g.dump());
        for (const auto& g : expect.at("groups")) want_groups.insert(g.dump());
        for (const auto& h : got.at("hints")) got_hints.insert(h.dump());
        for (const auto& h : expect.at("hints")) {
            want_hints.insert(h.dump());
            ++hints;
            combos += h.at("combo").get<bool>();
            created += static_cast<int>(h.at("creates").size());
        }
        CHECK(got_groups == want_groups);
        CHECK(got_hints == want_hints);
        CHECK(got.size() == 3);
    }
    // The file's own count (its "about" says 820 hints, 137 combos, 510 specials created).
    CHECK(hints == 820);
    CHECK(combos == 137);
    CHECK(created == 510);
}

TEST_CASE("match3 format 2 play vectors: start board, board, score, first illegal move, ingredients collected") {
    const json vectors = load_vectors("match3v2_play.json");
    REQUIRE(vectors.at("cases").size() >= 60);
    for (const auto& c : vectors.at("cases")) {
        const Level level = level_of(c.at("level"));
        const auto& expect = c.at("expect");
        INFO(c.at("level").dump() << "\nmoves " << c.at("moves").dump());
        const ApplyResult result = check_play_case(level, c);
        CHECK(result.state.ingredients == expect.at("ingredients_collected").get<int>());
    }
}
