// Differential test of match3 format version 2: the core (core/tilelab/match3/v2_*.cpp) against the plain
// oracle written from docs/match3.md "Format version 2" (oracle_v2.cpp), on seeded random boards with
// every item of format 2: hints with clears, creates and combo, dead, groups, and 5-move seeded plays
// (start board, board, score, events, ingredients collected, first illegal move).
#include <catch2/catch.hpp>

#include <set>

#include "support/analysis_json.hpp"
#include "match3/oracle_v2.hpp"
#include "support/scale.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/v2.hpp"
#include "tilelab/random.hpp"
#include "support/pick.hpp"

using namespace tilelab;
using json = nlohmann::json;

namespace {
// Random boards per run (tests/support/scale.hpp): 2,500 by default, a fifth of that in the
// sanitizer entries, 25,000 in the soak.
const int board_count = test::reps(2500);

using test::pick;

// A random version 2 match3 level: plain pieces with specials, colour bombs, ingredients, crates,
// blockers, holes, empty and ? cells, locks, jelly, sometimes spawn weights and specials off.
json random_level(Rng& rng, int index) {
    const int w = 3 + pick(rng, 7), h = 3 + pick(rng, 7);
    const int colors = 3 + pick(rng, 4);  // two colours cascade to the step cap on most moves (tested once below)
    // Each board draws its own mix, so that some are dense with specials and others almost plain.
    const int special_pct = pick(rng, 25), bomb_pct = pick(rng, 6), ingredient_pct = pick(rng, 8), crate_pct = pick(rng, 12),
              blocker_pct = pick(rng, 6), hole_pct = pick(rng, 6), random_pct = pick(rng, 30), empty_pct = pick(rng, 3),
              lock_pct = pick(rng, 25), jelly_pct = pick(rng, 40);
    std::vector<std::string> rows, lock_rows, jelly_rows;
    bool any_lock = false;
    for (int y = 0; y < h; ++y) {
        std::string row, lock, jelly;
        for (int x = 0; x < w; ++x) {
            std::string t;
            bool lockable = false;
            int r = pick(rng, 100);
            if ((r -= hole_pct) < 0) t = "_";
            else if ((r -= blocker_pct) < 0) t = "#";
            else if ((r -= empty_pct) < 0) t = ".";
            else if ((r -= crate_pct) < 0) t = "c" + std::to_string(1 + pick(rng, 5));
            else if ((r -= ingredient_pct) < 0) t = "@";
            else if ((r -= bomb_pct) < 0) {
                t = "*";
                lockable = true;
            } else if ((r -= special_pct) < 0) {
                t = std::to_string(pick(rng, colors)) + "hvb"[pick(rng, 3)];
                lockable = true;
            } else if ((r -= random_pct) < 0) t = "?";
            else {
                t = std::to_string(pick(rng, colors));
                lockable = true;
            }
            const bool locked = lockable && pick(rng, 100) < lock_pct;
            any_lock |= locked;
            row += (x ? " " : "") + t;
            lock += std::string(x ? " " : "") + (locked ? "1" : "0");
            jelly += std::string(x ? " " : "") + std::to_string(t == "_" || pick(rng, 100) >= jelly_pct ? 0 : 1 + pick(rng, 2));
        }
        rows.push_back(row);
        lock_rows.push_back(lock);
        jelly_rows.push_back(jelly);
    }
    json level = {{"format", "tilelab.level"},
                  {"version", 2},
                  {"id", "diff-" + std::to_string(index)},
                  {"name", "diff"},
                  {"kind", "match3"},
                  {"width", w},
                  {"height", h},
                  {"seed", rng.next() >> 20}};
    json rules = {{"colors", colors}};
    // min_match 2 refills pairs forever: every move runs to the step cap (the cap is tested below).
    if (pick(rng, 6) == 0) rules["min_match"] = 3 + pick(rng, 2);
    if (pick(rng, 8) == 0) rules["specials"] = false;
    if (pick(rng, 4) == 0) {
        // Uneven weights; with four colours or more one of them may never spawn (fewer spawning
        // colours refill runs to the step cap on most moves, tested once below).
        json weights = json::array();
        for (int k = 0; k < colors; ++k) weights.push_back(1 + pick(rng, 4));
        if (colors >= 4 && pick(rng, 3) == 0) weights[static_cast<std::size_t>(pick(rng, colors))] = 0;
        rules["spawn_weights"] = weights;
    }
    level["rules"] = rules;
    level["board"] = rows;
    json layers = {{"jelly", jelly_rows}};
    if (any_lock) layers["lock"] = lock_rows;
    level["layers"] = layers;
    return level;
}

std::set<std::string> as_set(const json& list) {
    std::set<std::string> out;
    for (const auto& v : list) out.insert(v.dump());
    return out;
}

std::vector<std::string> rows_of(const Board& board) {
    std::vector<std::string> rows;
    for (int y = 0; y < board.height; ++y) rows.push_back(board_row(Kind::match3, board, y));
    return rows;
}

json oracle_hint_json(const oracle_v2::Hint& h) {
    json creates = json::array();
    for (const auto& c : h.creates) creates.push_back({{"cell", c.cell}, {"token", c.token}});
    return {{"swap", {h.a, h.b}}, {"clears", h.clears}, {"creates", creates}, {"combo", h.combo}};
}

struct Tally {
    int hints = 0, combos = 0, creates = 0, dead = 0, moves = 0, illegal = 0, fired = 0, unlocked = 0, crate_hits = 0,
        collected = 0, summaries = 0;
};

void compare(const json& level_json, Rng& rng, Tally& tally) {
    LevelLoad load = parse_level(level_json.dump(), "random");
    INFO(level_json.dump());
    REQUIRE(load.level.has_value());
    const Level& level = *load.level;
    const KindOps& game = kind_ops(Kind::match3);
    const bool full = match3::v2::active(level);

    // Analyze.
    const Analysis a = game.analyze(level, AnalyzeOptions{}, std::stop_token{});
    const json got = tilelab::test::analysis_json(Kind::match3, a);
    const oracle_v2::Analysis want = oracle_v2::analyze(level_json);
    json want_groups = json::array();
    for (const auto& g : want.groups) want_groups.push_back({{"cells", g}});
    json want_hints = json::array();
    for (const auto& h : want.hints) want_hints.push_back(oracle_hint_json(h));
    REQUIRE(as_set(got.at("groups")) == as_set(want_groups));
    REQUIRE(as_set(got.at("hints")) == as_set(want_hints));
    REQUIRE(got.at("dead").get<bool>() == want.dead);
    tally.hints += static_cast<int>(want.hints.size());
    tally.dead += want.dead;
    for (const auto& h : want.hints) {
        tally.combos += h.combo;
        tally.creates += static_cast<int>(h.creates.size());
    }

    // Five seeded moves: mostly legal ones (from the oracle's hints on the current board, so both
    // sides are tried on combos), sometimes an illegal or arbitrary neighbour swap.
    std::vector<std::string> moves;
    std::vector<Move> parsed;
    State state = game.start(level);
    for (int m = 0; m < 5; ++m) {
        const auto legal = game.legal_moves(level, state);
        std::string text;
        if (!legal.empty() && pick(rng, 10) != 0) {
            const auto& mv = std::get<CellPairMove>(legal[static_cast<std::size_t>(pick(rng, static_cast<int>(legal.size())))]);
            // Either order: the first-named item moves into the target.
            text = pick(rng, 2) ? format_move(CellPairMove{mv.a, mv.b}) : format_move(CellPairMove{mv.b, mv.a});
        } else {
            const int x = pick(rng, level.width()), y = pick(rng, level.height());
            const bool right = pick(rng, 2) == 0;
            text = std::to_string(x) + "," + std::to_string(y) + ":" + std::to_string(right ? x + 1 : x) + "," +
                   std::to_string(right ? y : y + 1);
        }
        std::string error;
        auto move = parse_move(Kind::match3, text, error);
        REQUIRE(move.has_value());
        moves.push_back(text);
        parsed.push_back(*move);
        const StepResult step = game.play(level, state, *move);
        if (!step.legal) break;
        state = step.state;
    }
    INFO("moves " << json(moves).dump());
    const ApplyResult result = apply_moves(level, parsed);
    const oracle_v2::Play play = oracle_v2::play(level_json, moves);
    REQUIRE(rows_of(game.start(level).board) == play.start_board);
    REQUIRE(rows_of(result.state.board) == play.board);
    REQUIRE(result.state.score == play.score);
    REQUIRE(result.illegal == play.illegal);
    REQUIRE(result.state.ingredients == play.ingredients_collected);
    // Events move by move (the oracle's start at each swap). A move whose cascade passes the core's
    // event cap ends in one summary event: the oracle's later steps must add up to it.
    std::vector<json> got_moves, want_moves;
    for (const auto& e : events_json(result.events)) {
        json plain = json::parse(e.dump());
        const auto m = plain.at("move").get<std::size_t>();
        plain.erase("move");
        if (got_moves.size() <= m) got_moves.resize(m + 1, json::array());
        got_moves[m].push_back(plain);
    }
    for (const auto& e : json::parse(play.events.dump())) {
        if (e.at("type") == "swap") want_moves.push_back(json::array());
        REQUIRE(!want_moves.empty());
        want_moves.back().push_back(e);
    }
    REQUIRE(got_moves.size() == want_moves.size());
    for (std::size_t m = 0; m < got_moves.size(); ++m) {
        json want = want_moves[m];
        const json& got = got_moves[m];
        if (!got.empty() && got.back().at("type") == "summary") {
            const json& summary = got.back();
            const int first = summary.at("first_step").get<int>();
            json listed = json::array();
            std::int64_t points = 0, cleared = 0;
            for (const auto& e : want) {
                if (!e.contains("step") || e.at("step").get<int>() < first) listed.push_back(e);
                else if (e.at("type") == "clear") {
                    points += e.at("points").get<std::int64_t>();
                    cleared += static_cast<std::int64_t>(e.at("cells").size());
                }
            }
            CHECK(summary.at("points").get<std::int64_t>() == points);
            CHECK(summary.at("cleared").get<std::int64_t>() == cleared);
            listed.push_back(summary);
            want = listed;
            ++tally.summaries;
        }
        if (!full)  // the version 1 code path: its clear events have no "cells" (docs/match3.md)
            for (auto& e : want)
                if (e.at("type") == "clear") e.erase("cells");
        if (got != want) {
            std::size_t i = 0;
            while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
            INFO("move " << m << " event " << i << " of " << got.size() << " (oracle: " << want.size() << ")");
            CHECK((i < got.size() ? got[i].dump() : "(none)") == (i < want.size() ? want[i].dump() : "(none)"));
            FAIL("events differ");
        }
        for (std::size_t i = 0; i < got.size(); ++i) {
            const std::string type = got[i].at("type");
            tally.fired += type == "fired";
            tally.unlocked += type == "unlocked";
            tally.crate_hits += type == "crate_hit";
            tally.collected += type == "collected";
        }
    }
    tally.moves += static_cast<int>(moves.size());
    tally.illegal += result.illegal.has_value();
}
}  // namespace

TEST_CASE("match3 format 2: random boards agree with the format 2 oracle (hints, dead, groups, 5-move plays with events)") {
    Rng rng(20261124);
    Tally tally;
    for (int i = 0; i < board_count; ++i) {
        INFO("board " << i);
        const json level = random_level(rng, i);
        compare(level, rng, tally);
    }
    // The sample reaches every rule, not only the easy cases.
    const int scale = board_count / 100;
    CHECK(tally.hints > 20 * scale);
    CHECK(tally.combos > scale);
    CHECK(tally.creates > scale);
    CHECK(tally.dead > scale / 10);
    CHECK(tally.fired > scale);
    CHECK(tally.unlocked > scale);
    CHECK(tally.crate_hits > scale);
    CHECK(tally.collected > scale / 10);
    CHECK(tally.illegal > scale);
    WARN("hints " << tally.hints << ", combos " << tally.combos << ", creates " << tally.creates << ", dead " << tally.dead
                  << ", moves " << tally.moves << ", fired " << tally.fired << ", unlocked " << tally.unlocked << ", crate hits "
                  << tally.crate_hits << ", collected " << tally.collected << ", illegal " << tally.illegal << ", capped moves "
                  << tally.summaries);
}

TEST_CASE("match3 format 2: a cascade that never ends stops at the step cap with a summary, as the oracle's first 1000 steps") {
    // One colour spawns: every refill makes runs again.
    const json level = json::parse(R"({"format": "tilelab.level", "version": 2, "id": "cap", "name": "cap", "kind": "match3",
      "width": 6, "height": 6, "seed": 5, "rules": {"colors": 3, "spawn_weights": [0, 1, 0]},
      "board": ["0 2 0 2 0 2", "2 0 2 0 2 0", "0 2 0 2 0 2", "2 0 2 0 2 0", "1 1 2 1 0 2", "2 0 1 0 2 0"]})");
    LevelLoad load = parse_level(level.dump(), "cap");
    REQUIRE(load.level.has_value());
    const ApplyResult result = apply_moves(*load.level, {CellPairMove{Cell{2, 5}, Cell{2, 4}}});
    REQUIRE_FALSE(result.illegal.has_value());
    const nlohmann::ordered_json events = events_json(result.events);
    REQUIRE(events.back().at("type") == "summary");
    CHECK(events.back().at("cascade_capped") == true);
    const oracle_v2::Play play = oracle_v2::play(level, {"2,5:2,4"});
    CHECK(rows_of(result.state.board) == play.board);
    CHECK(result.state.score == play.score);
}

TEST_CASE("match3 format 2: a move played without events is the move played with them (the quiet steps' fast path)") {
    // Asked for events, every step takes the full path that the oracle test above checks; without
    // them, steps where nothing fires clear their groups directly. Both must leave the same state
    // (board, lock, jelly, score, collected, ingredients, generator), scored and in lookahead.
    Rng rng(20261125);
    const KindOps& game = kind_ops(Kind::match3);
    int moves = 0;
    match3::v2::Scratch quiet_scratch, logged_scratch;
    for (int i = 0; i < board_count; ++i) {
        const json level_json = random_level(rng, i);
        LevelLoad load = parse_level(level_json.dump(), "random");
        REQUIRE(load.level.has_value());
        const Level& level = *load.level;
        if (!match3::v2::active(level)) continue;
        INFO(level_json.dump());
        const auto config = match3::v2::Config::of(level);
        State quiet = game.start(level);
        for (int m = 0; m < 8; ++m) {
            const auto legal = match3::v2::legal_moves(quiet.board, quiet.lock, config.min_match);
            if (legal.empty()) break;
            const CellPairMove move = legal[rng.uniform(static_cast<std::uint32_t>(legal.size()))];
            const auto kind = match3::v2::classify(quiet.board, quiet.lock, move.a, move.b, config.min_match);
            const auto mode = m % 4 == 3 ? match3::v2::Mode::lookahead : match3::v2::Mode::scored;
            State logged = quiet;
            std::vector<Event> events;
            const int quiet_steps = match3::v2::play_move(quiet, config, move.a, move.b, kind, quiet_scratch, nullptr, mode);
            const int logged_steps = match3::v2::play_move(logged, config, move.a, move.b, kind, logged_scratch, &events, mode);
            INFO("move " << m);
            REQUIRE(quiet_steps == logged_steps);
            REQUIRE(quiet == logged);
            ++moves;
        }
    }
    CHECK(moves > board_count * 3);
}
