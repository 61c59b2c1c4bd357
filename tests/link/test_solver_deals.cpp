// The solver on 18x8 KShisen-style deals against its own record from before issue 33's changes
// (tests/data/link/deals_18x8.json): the same verdict after the same number of nodes, so the
// link-answer memo (docs/link.md "The solver") changes the time, never the search; orders replay.
#include <catch2/catch.hpp>

#include "helpers.hpp"
#include "support/scale.hpp"

using namespace tilelab;
using namespace tilelab::link;
using namespace tilelab::link::testing;

TEST_CASE("solver on 195 recorded 18x8 deals: the recorded verdict and node count; orders clear the board") {
    const auto doc = read_json(std::string(TILELAB_TEST_DATA) + "/link/deals_18x8.json");
    LinkRules rules;  // equal pairs, 2 turns, border on: KShisen's game
    // Every deal at scale 1; every k-th settled deal at a smaller TILELAB_TEST_SCALE (the sanitizer
    // run: one in 10, the same solver paths on fewer boards; tests/support/scale.hpp).
    const int stride = std::max(1, static_cast<int>(std::lround(1.0 / std::min(1.0, tilelab::test::test_scale()))));
    int settled = 0, checked = 0, solvable = 0, unsolvable = 0;
    for (const auto& deal : doc.at("deals")) {
        if (deal.at("verdict").is_null()) continue;  // not settled within 1 s before: nothing to compare
        if (settled++ % stride != 0) continue;
        const std::uint64_t seed = deal.at("seed").get<std::uint64_t>();
        INFO("deal kshisen_board(" << seed << ")");
        const Board board = kshisen_board(seed);
        SolveOptions options;
        options.budget_ms = 120000;  // the node count, not the clock, is what is compared
        const SolveResult r = solve(board, rules, options);
        const std::string expected = deal.at("verdict").get<std::string>();
        REQUIRE(r.verdict == (expected == "solvable" ? Verdict::solvable : Verdict::unsolvable));
        CHECK(r.nodes == deal.at("nodes").get<std::uint64_t>());
        if (r.verdict == Verdict::solvable) {
            ++solvable;
            std::vector<Move> moves(r.order.begin(), r.order.end());
            const ApplyResult replay = apply_moves(link_level(board, rules), moves);
            REQUIRE_FALSE(replay.illegal);
            for (std::int32_t c : replay.state.board.cells) REQUIRE_FALSE(cell::is_value(c));
        } else {
            ++unsolvable;
        }
        ++checked;
    }
    CHECK(settled == 195);
    CHECK(checked == (195 + stride - 1) / stride);
    CHECK(solvable > 150 / stride);
    CHECK(unsolvable > 5 / stride);
}
