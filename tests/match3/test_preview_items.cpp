// Format 2 previews on settled boards crowded with items: masks_first takes the firing closure on the
// board's items when at most 64 can fire, and in rounds on the rows when more can (or when a colour
// bomb turns a colour's pieces into specials). Both must say what playing the first step says.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "match3/oracle_preview.hpp"
#include "support/scale.hpp"
#include "tilelab/match3/v2.hpp"
#include "support/pick.hpp"

using namespace tilelab;

namespace {
using test::pick;

// A format 2 match3 level of random cells, specials on.
Level specials_level(int w, int h, int colours) {
    Level level;
    level.set_kind(Kind::match3);
    level.rules.as<match3::Rules>().colors = colours;
    level.rules.as<match3::Rules>().specials = true;
    level.board = Board(w, h, cell::random);
    return level;
}

// A settled board's pieces turned into specials (of their cell's colour, so the board stays settled)
// and colour bombs, some cells locked, at the given percentages; the state to preview on.
State crowded(Rng& rng, const match3::v2::Config& config, Board board, int special_pct, int bomb_pct, int lock_pct) {
    Grid lock(board.width, board.height, 0);
    bool any_lock = false;
    for (std::size_t k = 0; k < board.cells.size(); ++k) {
        std::int32_t& v = board.cells[k];
        if (v < 0) continue;
        const int r = pick(rng, 100);
        if (r < special_pct) v = cell::special(cell::color_of(v), 1 + pick(rng, 3));
        else if (r < special_pct + bomb_pct) v = cell::color_bomb;
        if (pick(rng, 100) < lock_pct) {
            lock.cells[k] = 1;
            any_lock = true;
        }
    }
    State state;
    state.board = std::move(board);
    if (any_lock) state.lock = std::move(lock);
    state.collected.assign(static_cast<std::size_t>(config.colors), 0);
    return state;
}

// Previews on one state checked against playing the first step (test::preview_plain), with their buffers.
struct Previews {
    match3::v2::Scratch scratch, reference;
    std::vector<CellPairMove> moves;
    std::vector<std::size_t> counts;
    match3::v2::Preview into;

    // The move's preview and clear count are the stepped path's; returns that preview.
    match3::v2::Preview require_stepped(const State& state, const match3::v2::Config& config, const CellPairMove& m) {
        auto want = test::preview_plain(state, config, m.a, m.b, reference);
        REQUIRE(want.has_value());
        REQUIRE(match3::v2::preview(state, config, m.a, m.b, scratch, into));
        REQUIRE(into.clears == want->clears);
        REQUIRE(into.creates == want->creates);
        REQUIRE(into.combo == want->combo);
        REQUIRE(match3::v2::clear_count(state, config, m.a, m.b, scratch) == want->clears.size());
        return std::move(*want);
    }
    // clear_counts of every move in `moves` are the stepped path's.
    void require_counts(const State& state, const match3::v2::Config& config) {
        match3::v2::clear_counts(state, config, moves, scratch, counts);
        REQUIRE(counts.size() == moves.size());
        for (std::size_t k = 0; k < moves.size(); ++k)
            REQUIRE(counts[k] == test::preview_plain(state, config, moves[k].a, moves[k].b, reference)->clears.size());
    }
};
}  // namespace

TEST_CASE(
    "format 2 preview on boards crowded with specials and colour bombs (over and under 64 that fire) agrees with playing the first step") {
    Rng rng(1729);
    int over_64 = 0, under_64 = 0, previews = 0, moved_specials = 0;
    Previews check;
    for (int i = 0; i < test::reps(400); ++i) {
        // Up to 16 x 16: the nibble writer of the clears (boards up to 16 wide and high) in every row group.
        const int w = 4 + pick(rng, 13), h = 4 + pick(rng, 13);
        Level level = specials_level(w, h, 3 + pick(rng, 4));
        for (auto& c : level.board.cells)
            if (pick(rng, 100) < 3) c = cell::blocker;
        const auto config = match3::v2::Config::of(level);
        Board board = level.board;
        match3::v2::draw_random_pieces(board, config, rng);
        const int special_pct = 30 + pick(rng, 60), bomb_pct = pick(rng, 10), lock_pct = pick(rng, 10);
        const State state = crowded(rng, config, std::move(board), special_pct, bomb_pct, lock_pct);
        int fire = 0;  // unlocked specials and colour bombs
        for (std::size_t k = 0; k < state.board.cells.size(); ++k) {
            const std::int32_t v = state.board.cells[k];
            fire += !(state.lock && state.lock->cells[k] != 0) && (cell::is_special(v) || v == cell::color_bomb);
        }
        (fire > 64 ? over_64 : under_64) += 1;
        INFO("board " << i << " " << w << "x" << h << ", " << fire << " items that fire");
        match3::v2::legal_moves(state.board, state.lock, config.min_match, check.moves);
        for (const CellPairMove& m : check.moves) {
            const match3::v2::Preview want = check.require_stepped(state, config, m);
            ++previews;
            const std::int32_t va = state.board.at(m.a), vb = state.board.at(m.b);
            moved_specials += !want.combo && (cell::is_special(va) || cell::is_special(vb));
        }
        check.require_counts(state, config);
    }
    CHECK(over_64 > test::reps(20));
    CHECK(under_64 > test::reps(100));
    CHECK(previews > test::reps(5000));
    CHECK(moved_specials > test::reps(500));
}

TEST_CASE(
    "format 2 preview of colour bomb + plain piece moves, in any order, on boards with several bombs agrees with playing the first step") {
    // The clears of a colour bomb + plain piece of colour k are colour k's cells, what their firing
    // closure adds, and the bomb's cell, unless that closure reaches the swapped bomb; so a preview
    // that remembered one board's answers would go wrong in the order of the moves or in which bomb
    // is swapped. Boards with several bombs, their moves previewed in a shuffled order, with counts
    // asked before some previews, in every path.
    Rng rng(2718);
    int same_bomb = 0, other_bomb = 0, reached_bomb = 0;
    Previews check;
    for (int i = 0; i < test::reps(600); ++i) {
        const int w = 5 + pick(rng, 8), h = 5 + pick(rng, 8);
        Level level = specials_level(w, h, 3 + pick(rng, 4));
        const auto config = match3::v2::Config::of(level);
        Board board = level.board;
        match3::v2::draw_random_pieces(board, config, rng);
        const int special_pct = pick(rng, 25), bomb_pct = 4 + pick(rng, 10), lock_pct = pick(rng, 8);
        const State state = crowded(rng, config, std::move(board), special_pct, bomb_pct, lock_pct);
        INFO("board " << i << " " << w << "x" << h);
        std::vector<CellPairMove>& moves = check.moves;
        match3::v2::legal_moves(state.board, state.lock, config.min_match, moves);
        for (std::size_t k = moves.size(); k > 1; --k)
            std::swap(moves[k - 1], moves[static_cast<std::size_t>(pick(rng, static_cast<int>(k)))]);
        // Per colour, the first bomb + plain move's bomb and clears.
        std::vector<std::optional<std::pair<Cell, std::vector<Cell>>>> first(static_cast<std::size_t>(config.colors));
        for (const CellPairMove& m : moves) {
            // Some moves' counts are asked before their preview, the others' only after it.
            if (pick(rng, 2))
                REQUIRE(match3::v2::clear_count(state, config, m.a, m.b, check.scratch) ==
                        test::preview_plain(state, config, m.a, m.b, check.reference)->clears.size());
            const match3::v2::Preview want = check.require_stepped(state, config, m);
            const std::int32_t va = state.board.at(m.a), vb = state.board.at(m.b);
            const bool bomb_a = va == cell::color_bomb;
            const std::int32_t other = bomb_a ? vb : va;  // what the bomb (if one) is swapped with
            if (bomb_a == (vb == cell::color_bomb) || !cell::is_value(other) || cell::is_special(other)) continue;
            const Cell bomb = bomb_a ? m.a : m.b;
            auto& f = first[static_cast<std::size_t>(cell::color_of(other))];
            if (!f) {
                f.emplace(bomb, want.clears);
                continue;
            }
            const bool reached = std::find(f->second.begin(), f->second.end(), bomb) != f->second.end();
            (f->first == bomb ? same_bomb : reached ? reached_bomb : other_bomb) += 1;
        }
        check.require_counts(state, config);
    }
    // A colour's later bomb + plain moves on a board: the same bomb, another one, and another one
    // that the first move's closure reached.
    CHECK(same_bomb > test::reps(400));
    CHECK(other_bomb > test::reps(2000));
    CHECK(reached_bomb > test::reps(1000));
}

TEST_CASE(
    "format 2 preview with one scratch follows the state: the same board under another min_match or lock layer is previewed afresh") {
    // The scratch keeps the masks of the board it last saw: the colour masks and whether the board
    // has a run (which depends on min_match), and the fire masks with the lock layer they were built
    // for. Each board is previewed under min_match 4 (drawn so, it may hold runs of 3) and then 3,
    // and under one lock layer and then another, with one scratch throughout.
    Rng rng(1618);
    int boards_with_runs_of_3 = 0, moves_checked = 0;
    Previews check;
    for (int i = 0; i < test::reps(300); ++i) {
        const int w = 5 + pick(rng, 6), h = 5 + pick(rng, 6);
        Level level = specials_level(w, h, 3 + pick(rng, 2));
        level.rules.as<match3::Rules>().min_match = 4;
        const auto config4 = match3::v2::Config::of(level);
        Board board = level.board;
        match3::v2::draw_random_pieces(board, config4, rng);
        State state = crowded(rng, config4, std::move(board), pick(rng, 20), pick(rng, 6), 5 + pick(rng, 20));
        level.rules.as<match3::Rules>().min_match = 3;
        const auto config3 = match3::v2::Config::of(level);
        boards_with_runs_of_3 += !match3::v2::match_groups(state.board, 3).empty();
        INFO("board " << i << " " << w << "x" << h);
        auto require_all = [&](const match3::v2::Config& config) {
            match3::v2::legal_moves(state.board, state.lock, config.min_match, check.moves);
            for (const CellPairMove& m : check.moves) {
                check.require_stepped(state, config, m);
                ++moves_checked;
            }
            check.require_counts(state, config);
        };
        require_all(config4);
        require_all(config3);
        // Another lock layer on the same board: some locks taken off, others put on.
        Grid lock = state.lock ? *state.lock : Grid(w, h, 0);
        for (std::size_t k = 0; k < lock.cells.size(); ++k)
            if (match3::v2::can_be_locked(state.board.cells[k]) && pick(rng, 100) < 30) lock.cells[k] = 1 - lock.cells[k];
        state.lock = std::move(lock);
        require_all(config3);
    }
    CHECK(boards_with_runs_of_3 > test::reps(100));
    CHECK(moves_checked > test::reps(10000));
}
