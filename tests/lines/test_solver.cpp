// The lines solver: conformance vectors, optimality against a plain breadth-first search on
// scrambled boards, replayed solutions, verdicts, the lower bound and the stop token.
#include <catch2/catch.hpp>

#include <fstream>

#include "support/analysis_json.hpp"
#include "lines_boards.hpp"
#include "oracle.hpp"
#include "support/scale.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/lines/lines.hpp"

using namespace tilelab;
using namespace tilelab::lines;
using tilelab::lines::testing::level_from_rows;

namespace {
std::string describe(const Level& level) {
    std::string out;
    for (int y = 0; y < level.board.height; ++y) out += board_row(Kind::lines, level.board, y) + "\n";
    return out;
}

// Plays the moves from the level's start with the kind table and checks the goal at the end.
bool replay_meets_goal(const Level& level, const std::vector<ShiftMove>& moves) {
    std::vector<Move> as_moves(moves.begin(), moves.end());
    ApplyResult r = apply_moves(level, as_moves);
    return !r.illegal && ops().goal_met(level, r.state);
}

SolveResult solve_level(const Level& level, int max_depth) {
    SolveOptions options;
    options.budget_ms = 0;
    options.max_depth = max_depth;
    return solve(level, level.board, lines_goal(level.goal), options);
}
}  // namespace

TEST_CASE("solution lengths match the conformance vectors") {
    std::ifstream in(std::string(TILELAB_TEST_DATA) + "/vectors/lines_solve.json");
    REQUIRE(in);
    auto doc = nlohmann::ordered_json::parse(in);
    int checked = 0;
    for (const auto& c : doc.at("cases")) {
        LevelLoad load = level_from_json(c.at("level"), "lines_solve.json");
        REQUIRE(load.level);
        AnalyzeOptions options;
        options.budget_ms = 120000;  // wall time: far above the search's CPU, so load does not decide
        Analysis a = ops().analyze(*load.level, options, {});
        INFO(describe(*load.level));
        CHECK(tilelab::test::analysis_json(Kind::lines, a).at("solve").at("verdict").get<std::string>() ==
              c.at("expect").at("verdict").get<std::string>());
        CHECK(tilelab::test::analysis_json(Kind::lines, a).at("solve").at("moves").size() ==
              c.at("expect").at("moves").get<std::size_t>());
        CHECK(replay_meets_goal(*load.level, [&] {
            std::vector<ShiftMove> moves;
            for (const Move& m : a.solution) moves.push_back(std::get<ShiftMove>(m));
            return moves;
        }()));
        ++checked;
    }
    CHECK(checked == 25);
}

TEST_CASE("the solver's move count equals breadth-first search on 300 scrambled boards up to 5x5") {
    Rng rng(77);
    int solved = 0, unsolvable = 0, nonzero = 0;
    for (int i = 0; i < test::reps(300); ++i) {
        const int width = 2 + static_cast<int>(rng.uniform(4));
        const int height = 2 + static_cast<int>(rng.uniform(4));
        Level level = make_blank_level(Kind::lines, width, height);
        level.board = closed_network(width, height, rng);
        // Goals in turn: every tile closed, N closed groups, a closed group of K tiles, and the
        // default (no condition); some levels fix a row or a column.
        const GroupCounts at_start = [&] {
            GroupLabeller labeller;
            auto masks = board_masks(level.board);
            return labeller.count(masks.data(), width, height);
        }();
        switch (i % 4) {
        case 0:
            level.goal.as<lines::Goal>().all_closed = true;
            break;
        case 1:
            level.goal.as<lines::Goal>().closed_groups = std::max(1, at_start.closed_groups);
            break;
        case 2:
            level.goal.as<lines::Goal>().min_group_size = std::max(1, at_start.largest_closed);
            break;
        case 3:
            break;
        }
        if (i % 5 == 0)
            level.rules.as<lines::Rules>().fixed_rows.push_back(
                static_cast<int>(rng.uniform(static_cast<std::uint32_t>(height))));
        if (i % 7 == 0)
            level.rules.as<lines::Rules>().fixed_cols.push_back(static_cast<int>(rng.uniform(static_cast<std::uint32_t>(width))));
        const int depth = static_cast<int>(rng.uniform(5));
        // Scramble with legal shifts only, so that undoing the scramble stays possible.
        for (int s = 0; s < depth; ++s) {
            auto legal = legal_shifts(level, level.board);
            if (legal.empty()) break;
            level.board = shifted(level.board, legal[rng.uniform(static_cast<std::uint32_t>(legal.size()))]);
        }
        std::vector<ShiftMove> bfs_moves;
        const int expected = oracle::bfs_shortest(level, level.board, 4, &bfs_moves);
        const SolveResult result = solve_level(level, 4);
        INFO("board " << i << " goal " << i % 4 << "\n" << describe(level));
        if (expected < 0) {
            CHECK(result.verdict == Verdict::unsolvable);
            ++unsolvable;
            continue;
        }
        REQUIRE(result.verdict == Verdict::solvable);
        CHECK(static_cast<int>(result.moves.size()) == expected);
        CHECK(replay_meets_goal(level, result.moves));
        CHECK(replay_meets_goal(level, bfs_moves));
        ++solved;
        nonzero += expected > 0;
    }
    CHECK(solved + unsolvable == test::reps(300));
    CHECK(nonzero > test::reps(150));  // most boards really need shifts
}

TEST_CASE("a move limit below the optimum gives unsolvable, at the optimum solvable") {
    // Undo one right shift of the middle row: the square closes in one move.
    Level level = level_from_rows({". 6 c .", ". . 3 9", ". . . ."});
    level.goal.as<lines::Goal>().closed_groups = 1;
    level.goal.moves = 0;
    Analysis a = ops().analyze(level, {}, {});
    CHECK(a.verdict == Verdict::unsolvable);
    CHECK(tilelab::test::analysis_json(Kind::lines, a).at("solve").at("moves").empty());
    level.goal.moves = 1;
    a = ops().analyze(level, {}, {});
    CHECK(a.verdict == Verdict::solvable);
    REQUIRE(a.solution.size() == 1);
    // row:1:left or, as good, row:0:right: either brings the two halves together.
    const std::string move = format_move(a.solution[0]);
    CHECK((move == "row:1:left" || move == "row:0:right"));
    CHECK(tilelab::test::analysis_json(Kind::lines, a).at("solve").at("moves").at(0) == move);
    CHECK(replay_meets_goal(level, {std::get<ShiftMove>(a.solution[0])}));
}

TEST_CASE("goals that invariants rule out are unsolvable at any length") {
    SECTION("more solid right sides than left sides can never all close") {
        Level level = level_from_rows({"2 2 8", ". . ."});
        level.goal.as<lines::Goal>().all_closed = true;
        Analysis a = ops().analyze(level, {}, {});
        CHECK(a.verdict == Verdict::unsolvable);
        CHECK_FALSE(a.warnings.empty());
    }
    SECTION("a closed group larger than the board's tiles") {
        Level level = level_from_rows({"2 8 .", ". . ."});
        level.goal.as<lines::Goal>().min_group_size = 3;
        CHECK(ops().analyze(level, {}, {}).verdict == Verdict::unsolvable);
    }
    SECTION("one closed group of every tile needs every tile closed: the side counts must agree") {
        // min_group_size equal to the tile count is Netslide's goal; a 5x5 board of random masks
        // with more right sides than left ones is proved hopeless at once, not searched.
        Level level = level_from_rows({"2 3 6 a 2", "3 6 c 9 2", "6 a 8 3 6", "2 2 6 c 9", "3 a 6 9 2"});
        level.goal.as<lines::Goal>().min_group_size = 25;
        SolveOptions options;
        options.budget_ms = 0;
        options.max_nodes = 1000;
        SolveResult r = solve(level, level.board, lines_goal(level.goal), options);
        CHECK(r.verdict == Verdict::unsolvable);
        CHECK(r.impossible);
        CHECK(r.nodes == 0);
        CHECK(r.reason.find("a closed group of every tile needs as many solid left sides as right sides") == 0);
    }
    SECTION("a tile that can never leave the edge it points at") {
        // Width 1: rows never shift, so the right-pointing nub stays at the edge.
        Level level = level_from_rows({"a", "a"});
        level.goal.as<lines::Goal>().all_closed = true;
        CHECK(ops().analyze(level, {}, {}).verdict == Verdict::unsolvable);
    }
    SECTION("fixed row and column pin a tile at the edge") {
        // (0,0) points up at the top edge; its row and column are fixed, so it never moves.
        Level level = level_from_rows({"1 .", ". 4"});
        level.rules.as<lines::Rules>().fixed_rows = {0};
        level.rules.as<lines::Rules>().fixed_cols = {0};
        level.goal.as<lines::Goal>().all_closed = true;
        Analysis a = ops().analyze(level, {}, {});
        CHECK(a.verdict == Verdict::unsolvable);
        CHECK_FALSE(a.warnings.empty());
    }
}

TEST_CASE("a board with one shifting line is searched to the end: unsolvable at any length") {
    // Only row 0 can shift (columns are one cell high); its cyclic order 2 . 8 never puts the
    // right-pointing nub left of the left-pointing one. The canonical move tree is finite here.
    Level level = level_from_rows({"2 . 8"});
    Analysis a = ops().analyze(level, {}, {});
    CHECK(a.verdict == Verdict::unsolvable);
    CHECK_FALSE(a.warnings.empty());
}

TEST_CASE("a search longer than the budget says unknown, with what it proved") {
    Rng rng(31);
    Level level = make_blank_level(Kind::lines, 9, 9);
    level.board = closed_network(9, 9, rng);
    scramble(level.board, 16, rng);
    level.goal.as<lines::Goal>().all_closed = true;
    AnalyzeOptions options;
    options.budget_ms = 30;
    Analysis a = ops().analyze(level, options, {});
    CHECK(a.verdict == Verdict::unknown);
    CHECK(tilelab::test::analysis_json(Kind::lines, a).at("solve").at("verdict") == "unknown");
    CHECK(tilelab::test::analysis_json(Kind::lines, a).at("solve").at("moves").empty());
    REQUIRE_FALSE(a.warnings.empty());
}

TEST_CASE("unsolvable within a depth is not impossibility") {
    Level level = level_from_rows({". 6 c .", ". . 3 9", ". . . ."});
    level.goal.as<lines::Goal>().closed_groups = 1;
    SolveOptions options;
    options.max_depth = 0;
    SolveResult r = solve(level, level.board, lines_goal(level.goal), options);
    CHECK(r.verdict == Verdict::unsolvable);
    CHECK_FALSE(r.impossible);
    CHECK(r.proven_depth == 0);
}

TEST_CASE("the hitting-set bound never exceeds the true distance") {
    Rng rng(4242);
    int positive = 0;
    for (int i = 0; i < test::reps(200); ++i) {
        const int width = 2 + static_cast<int>(rng.uniform(3));
        const int height = 2 + static_cast<int>(rng.uniform(3));
        Level level = make_blank_level(Kind::lines, width, height);
        level.board = closed_network(width, height, rng);
        level.goal.as<lines::Goal>().all_closed = true;
        scramble(level.board, static_cast<int>(rng.uniform(4)), rng);
        const int distance = oracle::bfs_shortest(level, level.board, 3);
        if (distance < 0) continue;
        const int bound = all_closed_lower_bound(level, level.board, 10);
        INFO(describe(level));
        CHECK(bound >= 0);
        CHECK(bound <= distance);
        CHECK((bound == 0) == (distance == 0));
        positive += bound > 0;
    }
    CHECK(positive > test::reps(50));
}

TEST_CASE("a stop request ends the search with unknown") {
    Rng rng(5);
    Level level = make_blank_level(Kind::lines, 8, 8);
    level.board = closed_network(8, 8, rng);
    scramble(level.board, 12, rng);
    std::stop_source source;
    source.request_stop();
    SolveOptions options;
    options.budget_ms = 0;
    options.max_depth = 12;
    SolveResult r = solve(level, level.board, lines_goal(level.goal), options, source.get_token());
    // Stop is checked every 1024 boards: a board solved in fewer may still come back solvable.
    CHECK((r.verdict == Verdict::unknown || r.verdict == Verdict::solvable));
    CHECK(r.nodes <= 1024);
}

TEST_CASE("the solver copes with large boards within its budget") {
    Rng rng(9);
    Level level = make_blank_level(Kind::lines, 256, 256);
    level.board = closed_network(256, 256, rng);
    scramble(level.board, 3, rng);
    AnalyzeOptions options;
    options.budget_ms = 200;
    Analysis a = ops().analyze(level, options, {});
    CHECK(a.verdict != Verdict::unsolvable);
    CHECK(a.groups.size() > 1000);
}
