// The allocation-free hint API (clears_sorted into a caller's buffer, reused from swap to swap and
// board to board) against the plain oracle (oracle.cpp) and the vector-returning form, on the board
// shapes the fast paths take: small and 9x9 settled boards (the padded-mask column walk), boards with
// runs, other min_match values and boards past 64 columns (the plain paths).
#include <catch2/catch.hpp>

#include "match3/greedy_check.hpp"
#include "match3/oracle.hpp"
#include "support/scale.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/rules.hpp"
#include "support/pick.hpp"

using namespace tilelab;

namespace {
using test::pick;

Board random_board(Rng& rng, int w, int h, int colors, int min_match, bool settled) {
    Board b(w, h);
    for (auto& c : b.cells) {
        const int r = pick(rng, 100);
        c = r < 5 ? cell::blocker : r < 8 ? cell::hole : r < 10 ? cell::empty : settled ? cell::random : pick(rng, colors);
    }
    if (settled) match3::draw_random_pieces(b, colors, min_match, rng);
    return b;
}
}  // namespace

TEST_CASE("hint buffers: clears_sorted into a reused buffer equals the oracle and the returning form") {
    Rng rng(2718);
    match3::HintScanner scanner;
    std::vector<Cell> buffer{Cell{99, 99}, Cell{7, 7}};  // starts dirty: the call must clear it
    for (int i = 0; i < test::reps(4000); ++i) {
        const bool wide = i % 10 == 9;
        const int w = wide ? 60 + pick(rng, 10) : 1 + pick(rng, 12);
        const int h = wide ? 1 + pick(rng, 5) : 1 + pick(rng, 12);
        const int colors = 2 + pick(rng, 6);
        const int min_match = i % 7 == 6 ? 2 + pick(rng, 4) : 3;
        const Board board = random_board(rng, w, h, colors, min_match, i % 3 != 0);
        match3::RulesConfig rules;
        rules.colors = colors;
        rules.min_match = min_match;
        scanner.scan(board, rules);
        const auto want = oracle::hints(oracle::from_board(board), min_match);
        const auto& swaps = scanner.legal_swaps();
        INFO("board " << i << " " << w << "x" << h << " min_match " << min_match);
        REQUIRE(swaps.size() == want.size());
        for (std::size_t k = 0; k < swaps.size(); ++k) {
            scanner.clears_sorted(swaps[k], buffer);
            REQUIRE(buffer == want[k].clears);
            REQUIRE(scanner.clears_sorted(swaps[k]) == buffer);
            REQUIRE(scanner.clear_count(swaps[k]) == static_cast<int>(want[k].clears.size()));
        }
    }
}

TEST_CASE("hint buffers: greedy on 9x9 and small boards is the oracle's greedy move") {
    Rng rng(1618);
    match3::BotWorkspace ws;
    for (int i = 0; i < test::reps(2000); ++i) {
        const int w = i % 2 ? 9 : 1 + pick(rng, 12), h = i % 2 ? 9 : 1 + pick(rng, 12);
        const int colors = 3 + pick(rng, 4);
        const Board board = random_board(rng, w, h, colors, 3, i % 4 != 0);
        INFO("board " << i);
        test::check_greedy_is_oracles(board, colors, ws);
    }
}
