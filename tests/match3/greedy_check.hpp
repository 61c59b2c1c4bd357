// One check shared by the differential tests of the greedy bot: on a version 1 board (min_match 3,
// specials off) the bot's chosen swap is the oracle's greedy move, or both find none.
#pragma once

#include <catch2/catch.hpp>

#include "match3/oracle.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/rules.hpp"

namespace tilelab::test {

inline void check_greedy_is_oracles(const Board& board, int colors, match3::BotWorkspace& ws) {
    Level level;
    level.rules.as<match3::Rules>().colors = colors;
    level.rules.as<match3::Rules>().specials = false;
    State state;
    state.board = board;
    state.collected.assign(static_cast<std::size_t>(colors), 0);
    const auto got = match3::choose_swap(match3::Bot::greedy, level, match3::RulesConfig{colors, 3, 50}, state, ws);
    Cell a, b;
    const bool any = oracle::greedy_move(oracle::from_board(board), 3, a, b);
    REQUIRE(got.has_value() == any);
    if (any) {
        REQUIRE(got->a == a);
        REQUIRE(got->b == b);
    }
}

}  // namespace tilelab::test
