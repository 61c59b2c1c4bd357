// The solver against exhaustive search on small boards; replayed orders; generated boards.
#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "oracle.hpp"

using namespace tilelab;
using namespace tilelab::link;
using namespace tilelab::link::testing;

namespace {
// A small board with whole pairs (so that many are solvable), sometimes an odd tile out.
Board small_board(Rng& rng, int width, int height, const Pairing& pair) {
    Board board(width, height, cell::empty);
    std::vector<int> free;
    for (int i = 0; i < board.size(); ++i) free.push_back(i);
    for (std::size_t i = free.size(); i > 1; --i) std::swap(free[i - 1], free[rng.uniform(static_cast<std::uint32_t>(i))]);
    const int blockers = static_cast<int>(rng.uniform(3));
    std::size_t next = 0;
    for (int i = 0; i < blockers && next < free.size(); ++i) board.cells[static_cast<std::size_t>(free[next++])] = cell::blocker;
    const int values = 1 + static_cast<int>(rng.uniform(4));
    while (next + 2 <= free.size() && rng.uniform(8) != 0) {
        int v = 1 + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(values)));
        int w = pair.rule == Pairing::Rule::sum ? static_cast<int>(pair.sum) - v : v;
        board.cells[static_cast<std::size_t>(free[next++])] = v;
        board.cells[static_cast<std::size_t>(free[next++])] = w;
    }
    if (next < free.size() && rng.uniform(10) == 0) board.cells[static_cast<std::size_t>(free[next])] = 1;
    return board;
}
}  // namespace

TEST_CASE("solver verdicts agree with exhaustive search on 1,000 small boards; orders replay") {
    Rng rng(99);
    int solvable = 0, unsolvable = 0;
    for (int round = 0; round < 1000; ++round) {
        LinkRules rules;
        rules.pair = rng.uniform(2) ? Pairing{} : Pairing{Pairing::Rule::sum, 10};
        rules.max_turns = static_cast<int>(rng.uniform(4));
        rules.border = rng.uniform(2) == 1;
        const Board board = small_board(rng, 2 + static_cast<int>(rng.uniform(4)), 2 + static_cast<int>(rng.uniform(3)), rules.pair);
        INFO("round " << round);
        SolveOptions options;
        options.budget_ms = 60000;
        const SolveResult result = solve(board, rules, options);
        const bool expected = oracle::exhaustive_solvable(board, rules.pair, rules.border, rules.max_turns);
        REQUIRE(result.verdict == (expected ? Verdict::solvable : Verdict::unsolvable));
        if (expected) {
            ++solvable;
            const Level level = link_level(board, rules);
            std::vector<Move> moves(result.order.begin(), result.order.end());
            const ApplyResult replay = apply_moves(level, moves);
            REQUIRE_FALSE(replay.illegal);
            for (std::int32_t c : replay.state.board.cells) REQUIRE_FALSE(cell::is_value(c));
        } else {
            ++unsolvable;
        }
    }
    // Both verdicts must be well represented for the comparison to mean something.
    CHECK(solvable > 200);
    CHECK(unsolvable > 200);
}

TEST_CASE("solver: an empty board is solvable with no moves; odd counts are unsolvable at once") {
    SolveOptions options;
    auto empty = solve(board_from_rows({". . .", ". # ."}), LinkRules{}, options);
    CHECK(empty.verdict == Verdict::solvable);
    CHECK(empty.order.empty());
    auto odd = solve(board_from_rows({"1 1 1"}), LinkRules{}, options);
    CHECK(odd.verdict == Verdict::unsolvable);
    auto crossed = solve(board_from_rows({"1 2", "2 1"}), LinkRules{LinkRules{}.pair, 2, false}, options);
    CHECK(crossed.verdict == Verdict::unsolvable);
}

TEST_CASE("solver: a zero budget or a stop request gives unknown, never a guess") {
    GenerateOptions g;
    g.kind = Kind::link;
    g.width = 18;
    g.height = 8;
    g.seed = 3;
    auto generated = generate(g);
    REQUIRE(generated.level);
    std::stop_source stop;
    stop.request_stop();
    SolveOptions options;
    options.stop = stop.get_token();
    auto stopped = solve(generated.level->board, rules_of(*generated.level), options);
    CHECK((stopped.verdict == Verdict::unknown || stopped.verdict == Verdict::solvable));
    if (stopped.verdict == Verdict::solvable) CHECK_FALSE(stopped.order.empty());
}

TEST_CASE("generated boards are proved solvable by the solver and replay") {
    Rng rng(11);
    for (int round = 0; round < 40; ++round) {
        GenerateOptions g;
        g.kind = Kind::link;
        g.width = 2 + static_cast<int>(rng.uniform(17));
        g.height = 2 + static_cast<int>(rng.uniform(8));
        g.copies = rng.uniform(2) ? 2 : 4;
        g.blockers = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(g.width * g.height / 8 + 1)));
        g.pair = rng.uniform(2) ? Pairing{} : Pairing{Pairing::Rule::sum, 100};
        g.seed = rng.next();
        INFO("round " << round << " " << g.width << "x" << g.height << " copies " << g.copies << " blockers " << g.blockers);
        auto generated = generate(g);
        REQUIRE(generated.level);
        const Level& level = *generated.level;
        CHECK(level.kind == Kind::link);
        CHECK(level.goal.clear);
        CHECK(level.width() == g.width);
        CHECK(level.height() == g.height);
        CHECK(pairing_warnings(level.board, rules_of(level)).empty());
        int blockers = 0;
        for (std::int32_t c : level.board.cells) blockers += c == cell::blocker;
        CHECK(blockers == g.blockers);
        SolveOptions options;
        options.budget_ms = 10000;
        auto result = solve(level.board, rules_of(level), options);
        REQUIRE(result.verdict == Verdict::solvable);
        std::vector<Move> moves(result.order.begin(), result.order.end());
        auto replay = apply_moves(level, moves);
        CHECK_FALSE(replay.illegal);
        CHECK(kind_ops(Kind::link).goal_met(level, replay.state));
    }
}

TEST_CASE("generator: the same seed gives the same level; impossible requests say why") {
    GenerateOptions g;
    g.kind = Kind::link;
    g.width = 6;
    g.height = 4;
    g.seed = 17;
    auto first = generate(g), second = generate(g);
    REQUIRE(first.level);
    CHECK(first.level->board == second.level->board);
    g.colors = 20;
    auto too_many = generate(g);
    CHECK_FALSE(too_many.level);
    CHECK(too_many.error.find("cells") != std::string::npos);
    g.colors.reset();
    g.copies = 3;
    CHECK_FALSE(generate(g).level);
}
