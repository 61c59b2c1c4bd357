// Differential tests of the bitboard paths (hints.cpp clears and clear counts, v2_moves.cpp legal_moves)
// against the plain oracle (oracle.cpp) and the cell-by-cell reference paths, on seeded random boards
// at, below and past the 64-column limit of the bitboards (past it every call falls back to the plain
// path).
#include <catch2/catch.hpp>

#include "match3/greedy_check.hpp"
#include "match3/oracle.hpp"
#include "match3/oracle_preview.hpp"
#include "support/scale.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/rules.hpp"
#include "tilelab/match3/v2.hpp"
#include "support/pick.hpp"

using namespace tilelab;

namespace {
using test::pick;

// A version 1 board of w x h with a few blockers, holes and empty cells. `settled` draws the pieces
// like `?` cells (no run), so that the clears take the settled-board path.
Board v1_board(Rng& rng, int w, int h, int colors, bool settled) {
    Board b(w, h);
    for (auto& c : b.cells) {
        const int r = pick(rng, 100);
        c = r < 5 ? cell::blocker : r < 8 ? cell::hole : r < 10 ? cell::empty : settled ? cell::random : pick(rng, colors);
    }
    if (settled) match3::draw_random_pieces(b, colors, 3, rng);
    return b;
}

void check_v1(const Board& board, int colors, int min_match, match3::HintScanner& scanner) {
    match3::RulesConfig rules;
    rules.colors = colors;
    rules.min_match = min_match;
    const oracle::Grid grid = oracle::from_board(board);
    scanner.scan(board, rules);
    const auto want = oracle::hints(grid, min_match);
    const auto& swaps = scanner.legal_swaps();
    REQUIRE(swaps.size() == want.size());
    std::vector<int> indices;
    for (std::size_t i = 0; i < swaps.size(); ++i) {
        REQUIRE(swaps[i].a == want[i].a);
        REQUIRE(swaps[i].b == want[i].b);
        REQUIRE(scanner.clears_sorted(swaps[i]) == want[i].clears);
        REQUIRE(scanner.clear_count(swaps[i]) == static_cast<int>(want[i].clears.size()));
        scanner.clears(swaps[i], indices);
        REQUIRE(indices.size() == want[i].clears.size());
    }
}
}  // namespace

TEST_CASE("bitboard hints: boards up to and past 64 columns, settled and with runs, agree with the oracle") {
    Rng rng(1764);
    match3::HintScanner scanner;
    for (int i = 0; i < test::reps(400); ++i) {
        // Widths around the limit: 56..64 use the bitboards, 65..72 the plain path; tall boards too.
        const bool tall = i % 4 == 3;
        const int w = tall ? 2 + pick(rng, 10) : 56 + pick(rng, 17);
        const int h = tall ? 60 + pick(rng, 80) : 1 + pick(rng, 6);
        const int colors = 3 + pick(rng, 5);
        const int min_match = i % 5 == 4 ? 2 + pick(rng, 4) : 3;
        INFO("board " << i << " " << w << "x" << h << " min_match " << min_match);
        check_v1(v1_board(rng, w, h, colors, i % 2 == 0), colors, min_match, scanner);
    }
}

TEST_CASE("bitboard hints: 3000 small settled and unsettled boards agree with the oracle") {
    Rng rng(9001);
    match3::HintScanner scanner;
    for (int i = 0; i < test::reps(3000); ++i) {
        const int w = 1 + pick(rng, 12), h = 1 + pick(rng, 12);
        const int colors = 2 + pick(rng, 6);
        INFO("board " << i);
        check_v1(v1_board(rng, w, h, colors, i % 3 != 0), colors, 3, scanner);
    }
}

TEST_CASE("bitboard greedy: the bot's choice on wide boards is the oracle's greedy move") {
    Rng rng(31337);
    match3::BotWorkspace ws;
    for (int i = 0; i < test::reps(300); ++i) {
        const int w = 50 + pick(rng, 25), h = 2 + pick(rng, 6);
        const int colors = 3 + pick(rng, 4);
        const Board board = v1_board(rng, w, h, colors, i % 2 == 0);
        INFO("board " << i);
        test::check_greedy_is_oracles(board, colors, ws);
    }
}

TEST_CASE("format 2 bitboard legal_moves agree with classifying every pair (specials, bombs, ingredients, crates, locks)") {
    Rng rng(4711);
    int moves = 0, combos = 0, boards_with_runs = 0;
    for (int i = 0; i < test::reps(5000); ++i) {
        // Mostly small boards; every tenth one 60..70 wide (past 64 both calls take the plain path).
        const bool wide = i % 10 == 9;
        const int w = wide ? 60 + pick(rng, 11) : 1 + pick(rng, 11);
        const int h = wide ? 1 + pick(rng, 5) : 1 + pick(rng, 11);
        const int colors = 2 + pick(rng, 6);
        const int special_pct = pick(rng, 30), bomb_pct = pick(rng, 8), ingredient_pct = pick(rng, 10), crate_pct = pick(rng, 10),
                  lock_pct = pick(rng, 30);
        Board board(w, h);
        Grid lock(w, h, 0);
        bool any_lock = false;
        for (int k = 0; k < w * h; ++k) {
            int r = pick(rng, 100);
            std::int32_t& v = board.cells[static_cast<std::size_t>(k)];
            if ((r -= 3) < 0) v = cell::hole;
            else if ((r -= 3) < 0) v = cell::blocker;
            else if ((r -= 2) < 0) v = cell::empty;
            else if ((r -= crate_pct) < 0) v = cell::crate(1 + pick(rng, 5));
            else if ((r -= ingredient_pct) < 0) v = cell::ingredient;
            else if ((r -= bomb_pct) < 0) v = cell::color_bomb;
            else if ((r -= special_pct) < 0) v = cell::special(pick(rng, colors), 1 + pick(rng, 3));
            else v = pick(rng, colors);
            if (match3::v2::can_be_locked(v) && pick(rng, 100) < lock_pct) {
                lock.cells[static_cast<std::size_t>(k)] = 1;
                any_lock = true;
            }
        }
        std::optional<Grid> locks;
        if (any_lock) locks = lock;
        const int min_match = i % 7 == 6 ? 2 + pick(rng, 3) : 3;
        INFO("board " << i << " " << w << "x" << h << " min_match " << min_match);
        const auto got = match3::v2::legal_moves(board, locks, min_match);
        const auto want = match3::v2::legal_moves_plain(board, locks, min_match);
        REQUIRE(got == want);
        moves += static_cast<int>(got.size());
        for (const auto& m : got)
            combos += match3::v2::classify(board, locks, m.a, m.b, min_match) == match3::v2::SwapKind::combo;
        boards_with_runs += !match3::v2::match_groups(board, min_match).empty();
    }
    CHECK(moves > test::reps(20000));
    CHECK(combos > test::reps(2000));
    CHECK(boards_with_runs > test::reps(500));
}

TEST_CASE("format 2 preview on settled boards agrees with playing the first step (specials, bombs, ingredients, crates, locks)") {
    Rng rng(2718);
    int fast_like = 0, creates = 0, previews = 0, pairs = 0, combos = 0, with_specials = 0;
    match3::v2::Scratch scratch, reference;
    std::vector<CellPairMove> moves;
    std::vector<std::size_t> counts;
    for (int i = 0; i < test::reps(3000); ++i) {
        // A drawn board without runs (the generator's exclusions), then items sprinkled over it: the
        // specials keep their cell's colour, so the board stays settled.
        const bool wide = i % 15 == 14;
        const int w = wide ? 60 + pick(rng, 10) : 2 + pick(rng, 10);
        const int h = wide ? 2 + pick(rng, 4) : 2 + pick(rng, 10);
        Level level;
        level.set_kind(Kind::match3);
        level.rules.as<match3::Rules>().colors = 3 + pick(rng, 4);
        level.rules.as<match3::Rules>().specials = i % 9 != 8;
        level.rules.as<match3::Rules>().min_match = i % 11 == 10 ? 4 : 3;
        level.board = Board(w, h, cell::random);
        for (auto& c : level.board.cells) {
            const int r = pick(rng, 100);
            if (r < 3) c = cell::blocker;
            else if (r < 5) c = cell::hole;
        }
        const auto config = match3::v2::Config::of(level);
        Board board = level.board;
        match3::v2::draw_random_pieces(board, config, rng);
        const int special_pct = pick(rng, 25), lock_pct = pick(rng, 20);
        Grid lock(w, h, 0);
        bool any_lock = false;
        for (int k = 0; k < w * h; ++k) {
            std::int32_t& v = board.cells[static_cast<std::size_t>(k)];
            if (v < 0) continue;
            const int r = pick(rng, 100);
            if (r < special_pct) v = cell::special(cell::color_of(v), 1 + pick(rng, 3));
            else if (r < special_pct + 3) v = cell::color_bomb;
            else if (r < special_pct + 6) v = cell::ingredient;
            else if (r < special_pct + 9) v = cell::crate(1 + pick(rng, 3));
            if (match3::v2::can_be_locked(v) && pick(rng, 100) < lock_pct) {
                lock.cells[static_cast<std::size_t>(k)] = 1;
                any_lock = true;
            }
        }
        State state;
        state.board = board;
        if (any_lock) state.lock = lock;
        state.collected.assign(static_cast<std::size_t>(config.colors), 0);
        fast_like += match3::v2::match_groups(board, config.min_match).empty();
        INFO("board " << i << " " << w << "x" << h);
        for (const CellPairMove& m : match3::v2::legal_moves(state.board, state.lock, config.min_match)) {
            const auto got = match3::v2::preview(state, config, m.a, m.b, scratch);
            const auto want = test::preview_plain(state, config, m.a, m.b, reference);
            REQUIRE(got.has_value());
            REQUIRE(want.has_value());
            REQUIRE(got->clears == want->clears);
            REQUIRE(got->creates == want->creates);
            REQUIRE(got->combo == want->combo);
            ++previews;
            creates += static_cast<int>(got->creates.size());
            combos += got->combo;
            // Moves whose first step clears a special or a colour bomb (fired, or unlocked by a run)
            // take the masks' closure, not the plain runs.
            with_specials += std::any_of(want->clears.begin(), want->clears.end(), [&](Cell c) {
                const Cell moved = c == m.a ? m.b : c == m.b ? m.a : c;
                const std::int32_t v = state.board.at(moved);
                return cell::is_special(v) || v == cell::color_bomb;
            });
        }
        // The greedy bot's batch: every legal move's count as the stepped preview clears.
        match3::v2::legal_moves(state.board, state.lock, config.min_match, moves);
        match3::v2::clear_counts(state, config, moves, scratch, counts);
        REQUIRE(counts.size() == moves.size());
        for (std::size_t k = 0; k < moves.size(); ++k)
            REQUIRE(counts[k] == test::preview_plain(state, config, moves[k].a, moves[k].b, reference)->clears.size());
        // Every pair of neighbours, both ways round and legal or not: the buffer form and clear_count
        // say what classify and the stepped preview say.
        match3::v2::Preview into;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                for (const Cell b : {Cell{x + 1, y}, Cell{x, y + 1}}) {
                    if (!state.board.contains(b)) continue;
                    for (const auto& [p, q] : {std::pair{Cell{x, y}, b}, std::pair{b, Cell{x, y}}}) {
                        const bool legal = match3::v2::classify(state.board, state.lock, p, q, config.min_match) !=
                                           match3::v2::SwapKind::illegal;
                        const auto want = test::preview_plain(state, config, p, q, reference);
                        REQUIRE(want.has_value() == legal);
                        REQUIRE(match3::v2::preview(state, config, p, q, scratch, into) == legal);
                        const auto count = match3::v2::clear_count(state, config, p, q, scratch);
                        REQUIRE(count.has_value() == legal);
                        if (!legal) continue;
                        REQUIRE(into.clears == want->clears);
                        REQUIRE(into.creates == want->creates);
                        REQUIRE(into.combo == want->combo);
                        REQUIRE(*count == want->clears.size());
                        ++pairs;
                    }
                }
        // The masks are kept per board: a changed board must not reuse them.
        if (!state.board.cells.empty()) {
            state.board.cells[0] = state.board.cells[0] == 0 ? 1 : 0;
            for (const CellPairMove& m : match3::v2::legal_moves(state.board, state.lock, config.min_match)) {
                const auto got = match3::v2::preview(state, config, m.a, m.b, scratch);
                const auto want = test::preview_plain(state, config, m.a, m.b, reference);
                REQUIRE(got->clears == want->clears);
                REQUIRE(got->creates == want->creates);
            }
        }
    }
    CHECK(fast_like > test::reps(2000));
    CHECK(previews > test::reps(30000));
    CHECK(pairs > previews);
    CHECK(creates > test::reps(1000));
    CHECK(combos > test::reps(10000));
    CHECK(with_specials > test::reps(15000));
}

TEST_CASE("play_swap with the bot's known first step plays the same move as settle, and ignores it for other rules or boards") {
    Rng rng(8080);
    match3::BotWorkspace ws;
    ws.use_byte_rows(false);  // the known step belongs to the int32 path (byte rows: test_byte_board.cpp)
    int known_used = 0;
    for (int i = 0; i < test::reps(2000); ++i) {
        const int w = 3 + pick(rng, 10), h = 3 + pick(rng, 10);
        const int colors = 3 + pick(rng, 4);
        Level level;
        level.set_kind(Kind::match3);
        level.rules.as<match3::Rules>().colors = colors;
        level.rules.as<match3::Rules>().specials = false;
        level.seed = rng.next();
        State state;
        state.board = v1_board(rng, w, h, colors, i % 4 != 0);
        state.collected.assign(static_cast<std::size_t>(colors), 0);
        if (i % 2) {
            state.jelly = Grid(w, h, 0);
            for (auto& j : state.jelly->cells) j = pick(rng, 3);
        }
        state.rng = Rng(level.seed);
        const match3::RulesConfig rules{colors, 3, 10 + pick(rng, 90)};
        const auto bot = i % 3 == 0 ? match3::Bot::lookahead : match3::Bot::greedy;
        const auto swap = match3::choose_swap(bot, level, rules, state, ws);
        if (!swap) continue;
        known_used += ws.scratch.known.valid;
        INFO("board " << i);
        State got = state, want = state;
        match3::Scratch fresh;
        fresh.byte_rows = false;
        if (i % 5 == 4) {
            // Other rules: the known step (scored with rules.score_per_piece) must not be used.
            const match3::RulesConfig other{colors, 3, rules.score_per_piece + 1};
            match3::play_swap(got, other, *swap, ws.scratch);
            match3::play_swap(want, other, *swap, fresh);
        } else if (i % 5 == 3 && state.board.cells.size() > 2) {
            // Another board: the step must not be used either.
            std::swap(got.board.cells[0], got.board.cells[1]);
            want = got;
            match3::play_swap(got, rules, *swap, ws.scratch);
            match3::play_swap(want, rules, *swap, fresh);
        } else {
            match3::play_swap(got, rules, *swap, ws.scratch);
            match3::play_swap(want, rules, *swap, fresh);
        }
        REQUIRE(got == want);
        REQUIRE_FALSE(ws.scratch.known.valid);
    }
    CHECK(known_used > test::reps(1000));
}

TEST_CASE("format 2 greedy on boards of plain pieces (the version 1 scan) picks the first move with the most clears") {
    // The reference: every legal move in legal_moves_plain's order, its clears from the stepped
    // preview, the first with the most. Settled and unsettled boards, holes, blockers, empty cells,
    // min_match 3 and 4, and boards past the 64 columns of the masks.
    Rng rng(4242);
    match3::BotWorkspace ws;
    match3::v2::Scratch reference;
    int chosen = 0, dead = 0;
    for (int i = 0; i < test::reps(3000); ++i) {
        const bool wide = i % 25 == 24;
        const int w = wide ? 60 + pick(rng, 10) : 3 + pick(rng, 10), h = wide ? 3 + pick(rng, 3) : 3 + pick(rng, 10);
        const int colors = 3 + pick(rng, 4);
        Level level;
        level.set_kind(Kind::match3);
        level.rules.as<match3::Rules>().colors = colors;
        level.rules.as<match3::Rules>().specials = true;
        level.rules.as<match3::Rules>().min_match = i % 7 == 6 ? 4 : 3;
        level.board = v1_board(rng, w, h, colors, i % 3 != 0);
        const auto config = match3::v2::Config::of(level);
        State state;
        state.board = level.board;
        state.collected.assign(static_cast<std::size_t>(colors), 0);
        if (i % 11 == 10) state.lock = Grid(w, h, 0);  // a lock layer with nothing locked
        std::optional<CellPairMove> want;
        std::size_t best = 0;
        for (const CellPairMove& m : match3::v2::legal_moves_plain(state.board, state.lock, config.min_match)) {
            const auto p = test::preview_plain(state, config, m.a, m.b, reference);
            REQUIRE(p.has_value());
            if (!want || p->clears.size() > best) {
                want = m;
                best = p->clears.size();
            }
        }
        INFO("board " << i << " " << w << "x" << h);
        const auto got = match3::choose_move_v2(match3::Bot::greedy, level, config, state, ws);
        REQUIRE(got.has_value() == want.has_value());
        if (!got) {
            ++dead;
            continue;
        }
        REQUIRE(got->a == want->a);
        REQUIRE(got->b == want->b);
        ++chosen;
    }
    CHECK(chosen > test::reps(2500));
    CHECK(dead > test::reps(10));
}
