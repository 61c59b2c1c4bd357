// One match3 move is bounded: its events are capped at whole steps and the rest summed up in one
// "summary" event, while the board and score are those of the full cascade.
#include <catch2/catch.hpp>

#include "support/scale.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/rules.hpp"

using namespace tilelab;

namespace {
// Two colours at random with min_match 2: runs everywhere, so every move cascades to the step cap.
Level two_colours(int side) {
    Level level = make_blank_level(Kind::match3, side, side);
    level.rules.as<match3::Rules>().colors = 2;
    level.rules.as<match3::Rules>().specials = false;  // the version 1 code path (format 2 has its own cap test)
    level.rules.as<match3::Rules>().min_match = 2;
    level.seed = 4;
    Rng rng(17);
    for (auto& c : level.board.cells) c = static_cast<std::int32_t>(rng.uniform(2));
    return level;
}
}  // namespace

TEST_CASE("match3: a cascade of two colours lists whole steps up to the cap, then one summary") {
    const Level level = two_colours(64);
    const KindOps& game = kind_ops(Kind::match3);
    const State start = game.start(level);
    const auto moves = game.legal_moves(level, start);
    REQUIRE_FALSE(moves.empty());
    const CellPairMove move = std::get<CellPairMove>(moves.front());
    const double started = test::cpu_seconds();
    const StepResult step = game.play(level, start, Move{move});
    const double seconds = test::cpu_seconds() - started;
    REQUIRE(step.legal);
    CHECK(seconds < 5.0);  // CPU seconds; 17.8 s and 4.5 GB before the cap
    const nlohmann::ordered_json events = events_json(step.events);
    REQUIRE(events.size() <= match3::max_move_events + 1);
    const auto& summary = events.back();
    REQUIRE(summary.at("type") == "summary");
    CHECK(summary.at("cascade_capped") == true);
    CHECK(summary.at("last_step") == match3::max_cascade_steps);
    // The listed steps are whole: the last listed step ends before the first summarised one.
    int last_listed = 0;
    std::int64_t listed_points = 0;
    for (const auto& e : events) {
        if (e.contains("step")) last_listed = std::max(last_listed, e.at("step").get<int>());
        if (e.at("type") == "clear") listed_points += e.at("points").get<std::int64_t>();
    }
    CHECK(summary.at("first_step") == last_listed + 1);
    // The board and score are those of the whole cascade, played without any log.
    State whole = start;
    std::swap(whole.board.at(move.a), whole.board.at(move.b));
    ++whole.moves;
    match3::Scratch scratch;
    const int steps = match3::settle(whole, match3::RulesConfig::of(level), match3::Resolution::scored, scratch);
    CHECK(steps == match3::max_cascade_steps);
    CHECK(step.state == whole);
    CHECK(listed_points + summary.at("points").get<std::int64_t>() == whole.score - start.score);
}

TEST_CASE("match3: every move of the sample levels lists every event, no summary") {
    for (const char* name : {"01-intro.json", "02-jelly.json", "03-holes.json"}) {
        LevelLoad load = load_level(std::string(TILELAB_SOURCE_DIR) + "/levels/samples/match3/" + name);
        REQUIRE(load.level);
        const Level& level = *load.level;
        const KindOps& game = kind_ops(Kind::match3);
        const State start = game.start(level);
        const auto moves = game.legal_moves(level, start);
        REQUIRE_FALSE(moves.empty());
        for (const Move& m : moves) {
            const StepResult step = game.play(level, start, m);
            REQUIRE(step.legal);
            for (const auto& e : events_json(step.events)) CHECK(e.at("type") != "summary");
        }
    }
}
