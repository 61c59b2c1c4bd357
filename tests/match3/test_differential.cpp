// Differential tests: the streak-table core against the plain oracle (oracle.cpp) on thousands of seeded
// random boards.
#include <catch2/catch.hpp>

#include "match3/oracle.hpp"
#include "support/scale.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/rules.hpp"

using namespace tilelab;

namespace {
struct RandomBoard {
    Board board;
    int colors = 0;
    int min_match = 3;
};

// A board of random size and colours with some blockers, holes and (optionally) empty cells.
RandomBoard random_board(Rng& rng, int min_side, int max_side, bool empties) {
    RandomBoard r;
    const int w = min_side + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(max_side - min_side + 1)));
    const int h = min_side + static_cast<int>(rng.uniform(static_cast<std::uint32_t>(max_side - min_side + 1)));
    r.colors = 3 + static_cast<int>(rng.uniform(5));
    r.board = Board(w, h);
    const std::uint32_t blocker_pct = rng.uniform(16);
    const std::uint32_t hole_pct = rng.uniform(11);
    const std::uint32_t empty_pct = empties ? rng.uniform(6) : 0;
    for (auto& c : r.board.cells) {
        const std::uint32_t roll = rng.uniform(100);
        if (roll < blocker_pct) c = cell::blocker;
        else if (roll < blocker_pct + hole_pct) c = cell::hole;
        else if (roll < blocker_pct + hole_pct + empty_pct) c = cell::empty;
        else c = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(r.colors)));
    }
    return r;
}

match3::RulesConfig config(const RandomBoard& r) {
    match3::RulesConfig c;
    c.colors = r.colors;
    c.min_match = r.min_match;
    return c;
}

void check_against_oracle(const RandomBoard& r, match3::HintScanner& scanner) {
    const auto rules = config(r);
    const oracle::Grid grid = oracle::from_board(r.board);
    scanner.scan(r.board, rules);

    const auto groups = match3::match_groups(r.board, scanner.runs());
    const auto want_groups = oracle::match_groups(grid, r.min_match);
    REQUIRE(groups.size() == want_groups.size());
    for (std::size_t i = 0; i < groups.size(); ++i) REQUIRE(groups[i].cells == want_groups[i]);

    const auto want_hints = oracle::hints(grid, r.min_match);
    const auto& swaps = scanner.legal_swaps();
    REQUIRE(swaps.size() == want_hints.size());
    for (std::size_t i = 0; i < swaps.size(); ++i) {
        REQUIRE(swaps[i].a == want_hints[i].a);
        REQUIRE(swaps[i].b == want_hints[i].b);
        REQUIRE(scanner.clears_sorted(swaps[i]) == want_hints[i].clears);
        REQUIRE(scanner.clear_count(swaps[i]) == static_cast<int>(want_hints[i].clears.size()));
    }
    REQUIRE(scanner.dead() == want_hints.empty());
    // The classic hint pattern search answers "is there a move" for min_match 3.
    if (r.min_match == 3) REQUIRE(oracle::look_for_possibles(grid) == !scanner.dead());
}
}  // namespace

TEST_CASE("10000 random boards: groups hints with clears and dead agree with the oracle") {
    Rng rng(20261121);
    match3::HintScanner scanner;
    int with_runs = 0, dead = 0, hints = 0;
    for (int i = 0; i < test::reps(10000); ++i) {
        RandomBoard r = random_board(rng, 3, 12, false);
        INFO("board " << i);
        check_against_oracle(r, scanner);
        with_runs += !scanner.runs().empty();
        dead += scanner.dead();
        hints += static_cast<int>(scanner.legal_swaps().size());
    }
    // The sample covers every case the rules distinguish, not only easy ones.
    CHECK(with_runs > test::reps(1000));
    CHECK(dead > test::reps(50));
    CHECK(hints > test::reps(50000));
}

TEST_CASE("other min_match values and empty cells agree with the oracle") {
    Rng rng(77);
    match3::HintScanner scanner;
    for (int i = 0; i < test::reps(3000); ++i) {
        RandomBoard r = random_board(rng, 1, 12, true);
        r.min_match = 2 + static_cast<int>(rng.uniform(4));
        INFO("board " << i << " min_match " << r.min_match);
        check_against_oracle(r, scanner);
    }
}

TEST_CASE("wide and tall boards agree with the oracle") {
    Rng rng(5);
    match3::HintScanner scanner;
    for (int i = 0; i < 6; ++i) {
        // Wider than 64: the scan leaves its bitboard path.
        RandomBoard r = random_board(rng, 20, 40, true);
        if (i % 2) {
            Board wide(60 + static_cast<int>(rng.uniform(10)), 4 + static_cast<int>(rng.uniform(6)));
            for (auto& c : wide.cells) c = static_cast<std::int32_t>(rng.uniform(static_cast<std::uint32_t>(r.colors)));
            r.board = wide;
        }
        check_against_oracle(r, scanner);
    }
}

TEST_CASE("random play: board score jelly collected and generator agree with the oracle") {
    Rng rng(4242);
    int moves_played = 0, cascades_seen = 0;
    for (int i = 0; i < test::reps(3000); ++i) {
        RandomBoard r = random_board(rng, 3, 10, true);
        // min_match 2 with few colours cascades up to max_cascade_steps; rules tests cover it.
        if (rng.uniform(4) == 0) r.min_match = 4;
        Level level;
        level.set_kind(Kind::match3);
        level.seed = rng.next();
        level.rules.as<match3::Rules>().colors = r.colors;
        level.rules.as<match3::Rules>().specials = false;  // the version 1 rules the oracle ports
        level.rules.as<match3::Rules>().min_match = r.min_match;
        level.rules.as<match3::Rules>().score_per_piece = 10 + static_cast<int>(rng.uniform(90));
        level.board = r.board;
        // Some `?` cells and some jelly.
        for (auto& c : level.board.cells)
            if (cell::is_value(c) && rng.uniform(3) == 0) c = cell::random;
        if (rng.uniform(2)) {
            level.jelly = Grid(level.width(), level.height(), 0);
            for (auto& j : level.jelly->cells) j = static_cast<std::int32_t>(rng.uniform(3));
        }
        INFO("level " << i);
        const KindOps& game = kind_ops(Kind::match3);
        State state = game.start(level);
        oracle::Game want = oracle::start(level);
        const oracle::Rules orules = oracle::rules_of(level);
        REQUIRE(state.board == oracle::to_board(want.grid));
        REQUIRE(state.rng == want.rng);
        for (int m = 0; m < 20; ++m) {
            // A random candidate swap (often illegal), then legality and outcome must agree.
            const int x = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(level.width())));
            const int y = static_cast<int>(rng.uniform(static_cast<std::uint32_t>(level.height())));
            const bool right = rng.uniform(2);
            CellPairMove move{Cell{x, y}, right ? Cell{x + 1, y} : Cell{x, y + 1}};
            if (rng.uniform(2)) std::swap(move.a, move.b);
            const State before = state;
            const StepResult step = game.play(level, state, move);
            const bool legal = oracle::play(want, orules, move.a, move.b);
            REQUIRE(step.legal == legal);
            REQUIRE(state == before);  // play never mutates its input
            if (!legal) {
                REQUIRE(step.state == state);
                continue;
            }
            ++moves_played;
            int clears = 0;
            for (const Event& e : step.events) clears += std::holds_alternative<event::Clear>(e);
            cascades_seen += clears > 1;
            state = step.state;
            REQUIRE(state.board == oracle::to_board(want.grid));
            REQUIRE(state.score == want.score);
            REQUIRE(state.collected == want.collected);
            REQUIRE(state.rng == want.rng);
            if (level.jelly)
                for (int jx = 0; jx < level.width(); ++jx)
                    for (int jy = 0; jy < level.height(); ++jy)
                        REQUIRE(state.jelly->at(jx, jy) == want.jelly[jx * level.height() + jy]);
        }
    }
    CHECK(moves_played > test::reps(3000));
    CHECK(cascades_seen > test::reps(50));
}

TEST_CASE("greedy bot picks what the oracle's greedy picks") {
    Rng rng(99);
    match3::BotWorkspace ws;
    for (int i = 0; i < test::reps(2000); ++i) {
        RandomBoard r = random_board(rng, 3, 10, false);
        Level level;
        level.rules.as<match3::Rules>().colors = r.colors;
        level.rules.as<match3::Rules>().specials = false;  // the version 1 rules the oracle ports
        State state;
        state.board = r.board;
        state.collected.assign(static_cast<std::size_t>(r.colors), 0);
        const auto got = match3::choose_swap(match3::Bot::greedy, level, config(r), state, ws);
        Cell a, b;
        const bool any = oracle::greedy_move(oracle::from_board(r.board), r.min_match, a, b);
        REQUIRE(got.has_value() == any);
        if (any) {
            REQUIRE(got->a == a);
            REQUIRE(got->b == b);
        }
    }
}
