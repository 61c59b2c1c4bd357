// The byte rows (byte_board.hpp) against the int32 board and 64-bit masks they replace on boards up to
// 12 x 24 with min_match 3: hints (legal swaps, clears, counts, greedy's pick, the first step),
// play_swap, the lookahead's trial values and whole playouts of every bot, with the byte rows on and
// off (BotWorkspace::use_byte_rows), on seeded random boards with blockers, holes, empty cells,
// jelly and collect goals, at and past the byte rows' limits. The int32 path is itself checked
// against the plain oracle (tests/match3/oracle.cpp, test_differential*.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "support/scale.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/byte_board.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2.hpp"
#include "support/pick.hpp"

using namespace tilelab;

namespace {
using test::pick;

// A version 1 board with blockers, holes and empty cells (`sparse`: more of them); `settled` draws
// the pieces like `?` cells (no run).
Board random_board(Rng& rng, int w, int h, int colors, bool settled, bool sparse) {
    Board b(w, h);
    for (auto& c : b.cells) {
        const int r = pick(rng, 100);
        const int walls = sparse ? 25 : 8;
        c = r < walls / 2       ? cell::blocker
            : r < walls * 3 / 4 ? cell::hole
            : r < walls         ? cell::empty
            : settled           ? cell::random
                                : pick(rng, colors);
    }
    if (settled) match3::draw_random_pieces(b, colors, 3, rng);
    return b;
}

// Sizes around the byte rows' limits (12 columns, 24 rows): most fit, some pass them.
void random_size(Rng& rng, int i, int& w, int& h) {
    w = 1 + pick(rng, 12);
    h = 1 + pick(rng, 12);
    if (i % 10 == 7) w = 10 + pick(rng, 6);  // 10..15: at and past the width limit
    if (i % 10 == 8) h = 20 + pick(rng, 8);  // 20..27: at and past the height limit
}

std::vector<int> sorted(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v;
}

State random_state(Rng& rng, const Board& board, int colors) {
    State s;
    s.board = board;
    s.collected.assign(static_cast<std::size_t>(pick(rng, 2) ? colors : colors - 1), pick(rng, 3));
    if (pick(rng, 2)) {
        s.jelly = Grid(board.width, board.height, 0);
        for (auto& j : s.jelly->cells) j = pick(rng, 3);
    }
    s.score = pick(rng, 1000);
    s.rng = Rng(rng.next());
    return s;
}
}  // namespace

TEST_CASE("byte rows: load takes boards up to 12 x 24 of pieces, empty cells, blockers and holes, and stores them back") {
    Rng rng(42);
    match3::ByteBoard bytes;
    for (int i = 0; i < test::reps(2000); ++i) {
        int w, h;
        random_size(rng, i, w, h);
        Board board = random_board(rng, w, h, 2 + pick(rng, 15), false, i % 2);
        const bool fits = w <= match3::ByteBoard::max_width && h <= match3::ByteBoard::max_height;
        INFO("board " << i << " " << w << "x" << h);
        REQUIRE(bytes.load(board) == fits);
        if (!fits) continue;
        Board back(w, h, 77);
        bytes.store(back);
        REQUIRE(back == board);
        for (int y = -2; y < h + 2; ++y)
            for (int x = -2; x < 14; ++x) {
                const bool inside = x >= 0 && y >= 0 && x < w && y < h;
                if (!inside) REQUIRE(bytes.code(x, y) == 0);
            }
    }
    Board board(4, 4, 0);
    REQUIRE(bytes.load(board));
    for (std::int32_t bad : {cell::random, cell::color_bomb, cell::ingredient, cell::crate(2), cell::special(1, cell::line_h),
                             match3::ByteBoard::max_colour, 1000}) {
        board.cells[5] = bad;
        INFO("value " << bad);
        REQUIRE_FALSE(bytes.load(board));
    }
    board.cells[5] = match3::ByteBoard::max_colour - 1;
    REQUIRE(bytes.load(board));
    REQUIRE(bytes.code(1, 1) == match3::ByteBoard::max_colour);
}

TEST_CASE("byte rows: hints (swaps, clears, counts, greedy, first step) equal the int32 scan's on 6000 boards") {
    Rng rng(20261126);
    match3::HintScanner bytes, plain;
    plain.use_byte_rows(false);
    int byte_scans = 0, swaps_checked = 0;
    std::vector<Cell> got_cells, want_cells;
    std::vector<int> got_idx, want_idx;
    for (int i = 0; i < test::reps(6000); ++i) {
        int w, h;
        random_size(rng, i, w, h);
        const int colors = 2 + pick(rng, i % 5 == 0 ? 14 : 6);
        const Board board = random_board(rng, w, h, colors, i % 4 != 0, i % 3 == 0);
        match3::RulesConfig rules;
        rules.colors = colors;
        rules.min_match = i % 11 == 10 ? 4 : 3;
        rules.score_per_piece = 10 + pick(rng, 90);
        bytes.scan(board, rules);
        plain.scan(board, rules);
        byte_scans += bytes.bytes() != nullptr;
        INFO("board " << i << " " << w << "x" << h << " colours " << colors << " min_match " << rules.min_match);
        REQUIRE(bytes.dead() == plain.dead());
        REQUIRE(bytes.runs().empty() == plain.runs().empty());
        REQUIRE(bytes.greedy_swap() == plain.greedy_swap());
        const auto swaps = bytes.legal_swaps();
        REQUIRE(swaps == plain.legal_swaps());
        // The legal swaps, and others: reversed, of one colour, off the board, not neighbours.
        std::vector<match3::Swap> asked = swaps;
        for (int k = 0; k < 12; ++k) {
            const Cell a{pick(rng, w + 2) - 1, pick(rng, h + 2) - 1};
            const int d = pick(rng, 5);
            const Cell b = d == 0   ? Cell{a.x + 1, a.y}
                           : d == 1 ? Cell{a.x, a.y + 1}
                           : d == 2 ? Cell{a.x - 1, a.y}
                           : d == 3 ? Cell{a.x, a.y - 1}
                                    : Cell{a.x + 2, a.y};
            if (!board.contains(a) || !board.contains(b)) continue;  // the face never asks those
            asked.push_back(match3::Swap{a, b});
        }
        for (const match3::Swap& s : asked) {
            INFO("swap " << s.a.x << "," << s.a.y << " " << s.b.x << "," << s.b.y);
            bytes.clears_sorted(s, got_cells);
            plain.clears_sorted(s, want_cells);
            REQUIRE(got_cells == want_cells);
            REQUIRE(bytes.clear_count(s) == plain.clear_count(s));
            bytes.clears(s, got_idx);
            plain.clears(s, want_idx);
            REQUIRE(sorted(got_idx) == sorted(want_idx));
            std::int64_t got_points = -1, want_points = -1;
            const bool got_first = bytes.settled_first_step(s, got_idx, got_points);
            const bool want_first = plain.settled_first_step(s, want_idx, want_points);
            // The int32 scan knows a settled first step only with its 64-bit masks; where both know
            // it, it is the same step.
            if (got_first && want_first) {
                REQUIRE(sorted(got_idx) == sorted(want_idx));
                REQUIRE(got_points == want_points);
            }
            ++swaps_checked;
        }
    }
    CHECK(byte_scans > test::reps(3000));
    CHECK(swaps_checked > test::reps(50000));
}

TEST_CASE("byte rows: play_swap and the lookahead's values equal the int32 path's (jelly, collected, blockers, holes)") {
    Rng rng(777);
    match3::BotWorkspace on, off;
    off.use_byte_rows(false);
    int moves = 0, cascades = 0;
    for (int i = 0; i < test::reps(3000); ++i) {
        int w, h;
        random_size(rng, i, w, h);
        const int colors = 3 + pick(rng, i % 6 == 0 ? 12 : 4);
        Level level;
        level.set_kind(Kind::match3);
        level.rules.as<match3::Rules>().colors = colors;
        level.rules.as<match3::Rules>().specials = false;
        level.goal.moves = 20;
        level.goal.as<match3::Goal>().jelly = i % 3 == 0;
        if (i % 4 == 1)
            level.goal.as<match3::Goal>().collect.push_back(match3::CollectGoal{pick(rng, colors), 5 + pick(rng, 20)});
        if (i % 5 == 2) level.goal.as<match3::Goal>().score = 500;
        State state = random_state(rng, random_board(rng, w, h, colors, i % 5 != 0, i % 3 == 1), colors);
        const match3::RulesConfig rules{colors, 3, 10 + pick(rng, 90)};
        INFO("board " << i << " " << w << "x" << h);
        on.scanner.scan(state.board, rules);
        off.scanner.scan(state.board, rules);
        std::vector<std::int64_t> got, want;
        match3::lookahead_values(level, rules, state, on, got);
        match3::lookahead_values(level, rules, state, off, want);
        REQUIRE(got == want);
        for (const match3::Swap& s : off.scanner.legal_swaps()) {
            State a = state, b = state;
            match3::play_swap(a, rules, s, on.scratch);
            match3::play_swap(b, rules, s, off.scratch);
            REQUIRE(a == b);
            ++moves;
            cascades += a.score - state.score > 3 * 2 * rules.score_per_piece * 2;
        }
    }
    CHECK(moves > test::reps(20000));
    CHECK(cascades > test::reps(1000));
}

TEST_CASE("byte rows: playouts of every bot are the same games with the byte rows on and off") {
    Rng rng(9090);
    match3::BotWorkspace on, off;
    off.use_byte_rows(false);
    for (int i = 0; i < test::reps(600); ++i) {
        int w, h;
        random_size(rng, i, w, h);
        w = std::max(w, 3);
        h = std::max(h, 3);
        const int colors = 3 + pick(rng, 4);
        Level level;
        level.set_kind(Kind::match3);
        level.seed = rng.next();
        level.rules.as<match3::Rules>().colors = colors;
        level.rules.as<match3::Rules>().specials = false;
        level.rules.as<match3::Rules>().score_per_piece = 10 + pick(rng, 90);
        level.board = random_board(rng, w, h, colors, true, i % 4 == 1);
        level.goal.moves = 8 + pick(rng, 12);
        if (i % 3 == 0) {
            level.jelly = Grid(w, h, 0);
            for (int k = 0; k < w * h; ++k)
                if (level.board.cells[static_cast<std::size_t>(k)] != cell::hole)
                    level.jelly->cells[static_cast<std::size_t>(k)] = pick(rng, 3);
            level.goal.as<match3::Goal>().jelly = true;
        } else if (i % 3 == 1) {
            level.goal.as<match3::Goal>().collect.push_back(match3::CollectGoal{pick(rng, colors), 10 + pick(rng, 30)});
        } else {
            level.goal.as<match3::Goal>().score = 1000 + pick(rng, 4000);
        }
        const State start = match3::start_state(level);
        const auto bot = static_cast<match3::Bot>(i % 4);  // random, greedy, lookahead, mcts
        on.rollouts = off.rollouts = 6;                    // two rollouts an arm: the search may leave the lookahead's move
        INFO("level " << i << " " << w << "x" << h << " bot " << match3::bot_name(bot));
        const std::uint64_t seed = rng.next();
        const PlayoutOutcome got = match3::playout(bot, level, start, seed, on, {}, 2 * *level.goal.moves);
        const PlayoutOutcome want = match3::playout(bot, level, start, seed, off, {}, 2 * *level.goal.moves);
        REQUIRE(got == want);
    }
}
