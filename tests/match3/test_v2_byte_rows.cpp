// Format 2 resolution steps on byte rows (v2_rules.cpp with V2Rows, byte_board.hpp: runs and groups from
// masks, gravity only in the columns where something falls, no exits looked for without an
// ingredient) against resolve_step's reference path (Scratch::reference_steps: whole-board scans of
// the int32 cells), on seeded random states of every format 2 item, sizes around the byte rows'
// limit of 12 x 24, min_match 2 to more than the board's side: the whole State after every step and
// move, the events, and the lookahead values.
#include <catch2/catch.hpp>

#include <array>
#include <stop_token>

#include "support/scale.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/v2.hpp"
#include "tilelab/random.hpp"
#include "support/pick.hpp"

using namespace tilelab;
using match3::v2::Mode;

namespace {
// Random states per run (tests/support/scale.hpp): 1,000 by default, a fifth of that in the
// sanitizer entries, 10,000 in the soak.
const int state_count = test::reps(1000);

using test::pick;

struct Drawn {
    State state;
    match3::v2::Config config;
};

// A random state: pieces, specials, colour bombs, ingredients, crates of 1-5 hit points, blockers,
// holes, empty cells (anywhere: items may float above them), sometimes a lock layer (on any cell)
// and jelly; colours now and then far above the level's (byte keys up to 255).
Drawn random_state(Rng& rng) {
    int w, h;
    switch (pick(rng, 4)) {
    case 0:
        w = 1 + pick(rng, 14), h = 1 + pick(rng, 26);
        break;  // around and past 12 x 24
    case 1:
        w = 10 + pick(rng, 4), h = 21 + pick(rng, 5);
        break;  // near the limit
    default:
        w = 5 + pick(rng, 6), h = 5 + pick(rng, 6);
        break;  // the usual boards
    }
    Drawn d;
    match3::v2::Config& c = d.config;
    c.colors = 3 + pick(rng, 4);  // two colours cascade to the step cap on most moves
    // Mostly 3; now and then 2 (played in lookahead only: refills of pairs cascade to the step cap),
    // 4, 5, or more than the board's side.
    c.min_match = std::array{3, 3, 3, 3, 3, 3, 2, 4, 5, 13, 25}[static_cast<std::size_t>(pick(rng, 11))];
    c.specials = pick(rng, 8) != 0;
    if (pick(rng, 4) == 0) {
        // Uneven weights, every colour spawning (one colour alone cascades to the step cap).
        std::uint32_t sum = 0;
        for (int k = 0; k < c.colors; ++k) {
            c.weights.push_back(static_cast<std::uint32_t>(1 + pick(rng, 4)));
            sum += c.weights.back();
        }
        c.weight_sum = sum;
    }
    const int special_pct = pick(rng, 25), bomb_pct = pick(rng, 6), ingredient_pct = pick(rng, 10), crate_pct = pick(rng, 15),
              blocker_pct = pick(rng, 8), hole_pct = pick(rng, 8), empty_pct = pick(rng, 12),
              lock_pct = pick(rng, 3) == 0 ? 0 : pick(rng, 30), jelly_pct = pick(rng, 50), odd_pct = pick(rng, 3);
    State& s = d.state;
    s.board = Board(w, h);
    Grid lock(w, h, 0), jelly(w, h, 0);
    for (int i = 0; i < w * h; ++i) {
        std::int32_t v;
        int r = pick(rng, 100);
        const int colour = pick(rng, 100) < odd_pct ? 120 + pick(rng, 136) : pick(rng, c.colors);
        if ((r -= hole_pct) < 0) v = cell::hole;
        else if ((r -= blocker_pct) < 0) v = cell::blocker;
        else if ((r -= empty_pct) < 0) v = cell::empty;
        else if ((r -= crate_pct) < 0) v = cell::crate(1 + pick(rng, cell::max_crate_hp));
        else if ((r -= ingredient_pct) < 0) v = cell::ingredient;
        else if ((r -= bomb_pct) < 0) v = cell::color_bomb;
        else if ((r -= special_pct) < 0) v = cell::special(colour, 1 + pick(rng, 3));
        else v = colour;
        s.board.cells[static_cast<std::size_t>(i)] = v;
        lock.cells[static_cast<std::size_t>(i)] = pick(rng, 100) < lock_pct ? 1 + pick(rng, 2) : 0;
        jelly.cells[static_cast<std::size_t>(i)] = pick(rng, 100) < jelly_pct ? 1 + pick(rng, 2) : 0;
    }
    if (lock_pct > 0) s.lock = lock;
    if (jelly_pct > 10) s.jelly = jelly;
    s.collected.assign(static_cast<std::size_t>(c.colors), 0);
    s.rng = Rng(rng.next());
    return d;
}

struct Pair {
    match3::v2::Scratch fast, reference;
    Pair() { reference.reference_steps = true; }
};
}  // namespace

TEST_CASE("match3 format 2: resolution steps on byte rows leave the states of the reference steps") {
    Rng rng(20261126);
    Pair scratch;
    int steps = 0, moves = 0, small = 0, values = 0;
    for (int i = 0; i < state_count; ++i) {
        Drawn d = random_state(rng);
        const match3::v2::Config& config = d.config;
        INFO("state " << i << ", " << d.state.board.width << " x " << d.state.board.height << ", min_match " << config.min_match);
        small += d.state.board.width <= 12 && d.state.board.height <= 24;
        // Steps on the random board as drawn (runs anywhere, items above empty cells), in each mode,
        // with and without events, until nothing is left to resolve.
        const Mode mode = config.min_match == 2
                              ? Mode::lookahead
                              : std::array{Mode::scored, Mode::lookahead, Mode::start}[static_cast<std::size_t>(pick(rng, 3))];
        const bool logged = pick(rng, 4) == 0;
        State a = d.state, b = d.state;
        for (int step = 1; step <= 40; ++step) {
            std::vector<Event> ea, eb;
            const bool ra = match3::v2::resolve_step(a, config, mode, nullptr, scratch.fast, logged ? &ea : nullptr, step);
            const bool rb = match3::v2::resolve_step(b, config, mode, nullptr, scratch.reference, logged ? &eb : nullptr, step);
            INFO("step " << step << ", mode " << static_cast<int>(mode) << ", events " << logged);
            REQUIRE(ra == rb);
            REQUIRE(a == b);
            REQUIRE(ea == eb);
            if (!ra) break;
            ++steps;
        }
        // Moves from there: legal ones (a combo's first step too), scored or in lookahead.
        for (int m = 0; m < 5; ++m) {
            const auto legal = match3::v2::legal_moves(a.board, a.lock, config.min_match);
            if (legal.empty()) break;
            const CellPairMove move = legal[static_cast<std::size_t>(pick(rng, static_cast<int>(legal.size())))];
            const auto kind = match3::v2::classify(a.board, a.lock, move.a, move.b, config.min_match);
            const Mode play_mode = pick(rng, 2) && config.min_match > 2 ? Mode::scored : Mode::lookahead;
            const bool with_events = pick(rng, 5) == 0;
            std::vector<Event> ea, eb;
            const int sa = match3::v2::play_move(a, config, move.a, move.b, kind, scratch.fast, with_events ? &ea : nullptr,
                                                 play_mode);
            const int sb = match3::v2::play_move(b, config, move.a, move.b, kind, scratch.reference, with_events ? &eb : nullptr,
                                                 play_mode);
            INFO("move " << m << ", mode " << static_cast<int>(play_mode) << ", events " << with_events);
            REQUIRE(sa == sb);
            REQUIRE(a == b);
            REQUIRE(ea == eb);
            ++moves;
        }
        // The lookahead bot's values of every legal move, each goal counted.
        if (i % 4 == 0 && a.board.size() <= 150) {
            Level level;
            level.set_kind(Kind::match3);
            level.goal.as<match3::Goal>().jelly = true;
            level.goal.as<match3::Goal>().crates = true;
            level.goal.as<match3::Goal>().ingredients = 2;
            level.goal.as<match3::Goal>().collect.push_back(match3::CollectGoal{0, 10});
            level.goal.as<match3::Goal>().score = 1000;
            const auto legal = match3::v2::legal_moves(a.board, a.lock, config.min_match);
            match3::BotWorkspace fast_ws, reference_ws;
            reference_ws.v2.reference_steps = true;
            std::vector<std::int64_t> fast_values, reference_values;
            match3::lookahead_values_v2(level, config, a, legal, fast_ws, fast_values, std::stop_token{});
            match3::lookahead_values_v2(level, config, a, legal, reference_ws, reference_values, std::stop_token{});
            REQUIRE(fast_values == reference_values);
            values += static_cast<int>(fast_values.size());
        }
    }
    CHECK(small > state_count / 2);
    CHECK(steps > state_count);
    CHECK(moves > state_count);
    CHECK(values > state_count / 8);  // a quarter of the states ask for values; some have few moves
}
