// Bounded work in slide: start spawns in O(log n) each, playouts under a time budget that leaves
// unstopped runs unchanged and makes a stopped run the figure of its first n runs.
#include <catch2/catch.hpp>

#include "support/scale.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/slide/bot.hpp"
#include "tilelab/slide/moves.hpp"
#include "tilelab/slide/slide.hpp"

using namespace tilelab;

TEST_CASE("slide: SpawnSequence draws exactly what repeated draw_spawn calls draw") {
    Rng shapes(99);
    const slide::SpawnTable spawns = slide::SpawnTable::of(slide::Rules{});
    for (int trial = 0; trial < 200; ++trial) {
        const int w = 1 + static_cast<int>(shapes.uniform(20)), h = 1 + static_cast<int>(shapes.uniform(20));
        Board board(w, h);
        for (auto& c : board.cells) {
            const auto r = shapes.uniform(4);
            c = r == 0 ? cell::blocker : r == 1 ? 2 : cell::empty;
        }
        Board slow = board, fast = board;
        Rng slow_rng(static_cast<std::uint64_t>(trial)), fast_rng(static_cast<std::uint64_t>(trial));
        slide::SpawnSequence sequence(fast);
        for (int n = 0; n <= w * h; ++n) {
            auto a = slide::draw_spawn(slow, slow_rng, spawns);
            auto b = sequence.draw(fast_rng, spawns);
            REQUIRE(a.has_value() == b.has_value());
            if (!a) break;
            REQUIRE(*a == *b);
            slow.cells[static_cast<std::size_t>(a->first)] = a->second;
            fast.cells[static_cast<std::size_t>(b->first)] = b->second;
        }
        CHECK(slow == fast);
        CHECK(slow_rng.state() == fast_rng.state());
    }
}

TEST_CASE("slide: 65,536 start tiles on 256x256 fill the board in well under a second") {
    Level level = make_blank_level(Kind::slide, 256, 256);
    level.rules.as<slide::Rules>().start_tiles = 256 * 256;
    level.rules.as<slide::Rules>().spawn = {{1 << 30, 1}};
    const double started = test::cpu_seconds();
    const State s = kind_ops(Kind::slide).start(level);
    const double seconds = test::cpu_seconds() - started;
    CHECK(seconds < 1.0);  // CPU seconds; the scan per spawn took 4.6 s
    for (std::int32_t c : s.board.cells) REQUIRE(c == 1 << 30);
}

TEST_CASE("slide: a time budget that is not reached changes nothing") {
    Level level = make_blank_level(Kind::slide, 4, 4);
    level.seed = 5;
    level.goal.as<slide::Goal>().target = 256;
    EstimateOptions options;
    options.runs = 200;
    options.threads = 2;
    options.bot = "quick";
    const EstimateResult plain = kind_ops(Kind::slide).estimate(level, options, {}, nullptr);
    options.time_budget_ms = 600000;
    const EstimateResult budgeted = kind_ops(Kind::slide).estimate(level, options, {}, nullptr);
    CHECK(budgeted.json.dump() == plain.json.dump());
    CHECK_FALSE(budgeted.json.contains("stopped"));
}

TEST_CASE("slide: playouts stopped by the time budget say so and equal a run of that many") {
    // A full 32x32 board: one expectimax game takes tens of seconds; a 16x16 to a high target many
    // games. The budget stops both; the first stops inside a decision.
    Level full = make_blank_level(Kind::slide, 32, 32);
    // Pairs of equal tiles side by side: full, but every move merges hundreds of them.
    for (std::size_t i = 0; i < full.board.cells.size(); ++i) full.board.cells[i] = 2 << ((i / 2) % 7);
    full.goal.as<slide::Goal>().target = 1 << 30;
    EstimateOptions options;
    options.runs = 1000;
    options.threads = 2;
    options.time_budget_ms = 300;
    const double started = test::cpu_seconds();
    const EstimateResult stopped = kind_ops(Kind::slide).estimate(full, options, {}, nullptr);
    const double seconds = test::cpu_seconds() - started;
    // CPU seconds of both threads: one decision of the search looks at thousands of positions of
    // 1,024 cells, so a budget checked only between decisions runs far past this.
    CHECK(seconds < 10.0);
    CHECK(stopped.timed_out);
    CHECK(stopped.json.at("stopped") == "time_budget");
    CHECK(stopped.json.at("runs_asked") == 1000);
    CHECK(stopped.json.at("time_budget_ms") == 300);
    CHECK(stopped.runs < 1000);

    Level open = make_blank_level(Kind::slide, 8, 8);
    open.seed = 3;
    open.goal.as<slide::Goal>().target = 256;
    options.bot = "quick";
    options.runs = 1000000;
    // A game takes milliseconds in Release but can take over a second under the sanitizers on a
    // loaded machine: the budget grows until a few games finish inside it (never all of them).
    EstimateResult part;
    for (options.time_budget_ms = 1000; options.time_budget_ms <= 32000; options.time_budget_ms *= 2) {
        part = kind_ops(Kind::slide).estimate(open, options, {}, nullptr);
        if (part.runs > 0) break;
    }
    REQUIRE(part.timed_out);
    REQUIRE(part.runs > 0);
    options.runs = part.runs;
    options.time_budget_ms = 0;
    options.threads = 1;
    const EstimateResult whole = kind_ops(Kind::slide).estimate(open, options, {}, nullptr);
    CHECK(whole.wins == part.wins);
    CHECK(whole.json.at("highest_tile") == part.json.at("highest_tile"));
}
