// The link entry of the kind table: start, legal moves, play (refusals, events), goal, analyze.
#include <catch2/catch.hpp>

#include "support/analysis_json.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "helpers.hpp"

using namespace tilelab;
using namespace tilelab::link;
using namespace tilelab::link::testing;

namespace {
Level small_level() {
    LinkRules rules;
    return link_level(board_from_rows({"1 2 # 1", "2 . . 3", "3 . . ."}), rules);
}
}  // namespace

TEST_CASE("ops: start keeps the board and seeds the generator") {
    Level level = small_level();
    level.seed = 77;
    const State state = kind_ops(Kind::link).start(level);
    CHECK(state.board == level.board);
    CHECK(state.rng == Rng(77));
    CHECK(state.moves == 0);
}

TEST_CASE("ops: legal moves are the linkable pairs, a before b in row-major order") {
    const Level level = small_level();
    const auto& game = kind_ops(Kind::link);
    const auto moves = game.legal_moves(level, game.start(level));
    const auto links = all_links(level.board, rules_of(level));
    REQUIRE(moves.size() == links.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto& m = std::get<CellPairMove>(moves[i]);
        CHECK(m.a == links[i].a);
        CHECK(m.b == links[i].b);
        CHECK((m.a.y < m.b.y || (m.a.y == m.b.y && m.a.x < m.b.x)));
    }
}

TEST_CASE("ops: play removes a linked pair, never touching its input, and says what happened") {
    const Level level = small_level();
    const auto& game = kind_ops(Kind::link);
    const State before = game.start(level);
    const State copy = before;
    StepResult step = game.play(level, before, CellPairMove{{0, 0}, {3, 0}});
    REQUIRE(step.legal);
    CHECK(before == copy);
    CHECK(step.state.board.at(0, 0) == cell::empty);
    CHECK(step.state.board.at(3, 0) == cell::empty);
    CHECK(step.state.moves == 1);
    const nlohmann::ordered_json events = events_json(step.events);
    REQUIRE(events.size() >= 1);
    CHECK(events[0].at("type") == "remove");
    CHECK(events[0].at("path") == nlohmann::ordered_json::parse("[[0,0],[0,-1],[3,-1],[3,0]]"));
}

TEST_CASE("ops: play refuses with a reason") {
    const Level level = small_level();
    const auto& game = kind_ops(Kind::link);
    const State state = game.start(level);
    auto why = [&](Move m) {
        StepResult r = game.play(level, state, m);
        CHECK_FALSE(r.legal);
        CHECK(r.state == state);
        return r.why;
    };
    CHECK(why(CellPairMove{{1, 1}, {0, 0}}).find("not a tile") != std::string::npos);
    CHECK(why(CellPairMove{{2, 0}, {0, 0}}).find("not a tile") != std::string::npos);  // a blocker
    CHECK(why(CellPairMove{{9, 0}, {0, 0}}).find("outside") != std::string::npos);
    CHECK(why(CellPairMove{{0, 0}, {1, 0}}).find("do not pair") != std::string::npos);
    CHECK(why(CellPairMove{{0, 0}, {0, 0}}).find("itself") != std::string::npos);
    CHECK(why(Direction::up).find("pair") != std::string::npos);
}

TEST_CASE("ops: play refuses a pair that pairs but does not link") {
    const Level level = link_level(board_from_rows({"1 # 1"}), LinkRules{Pairing{}, 2, false});
    StepResult r = kind_ops(Kind::link).play(level, kind_ops(Kind::link).start(level), CellPairMove{{0, 0}, {2, 0}});
    CHECK_FALSE(r.legal);
    CHECK(r.why.find("no path") != std::string::npos);
}

TEST_CASE("ops: clearing the board meets the goal; a move limit can fail it") {
    Level level = link_level(board_from_rows({"1 1", "2 2"}), LinkRules{});
    const auto& game = kind_ops(Kind::link);
    ApplyResult done = apply_moves(level, {CellPairMove{{0, 0}, {1, 0}}, CellPairMove{{0, 1}, {1, 1}}});
    REQUIRE_FALSE(done.illegal);
    CHECK(game.goal_met(level, done.state));
    CHECK(events_json(done.events).back().at("type") == "cleared");
    level.goal.moves = 1;
    CHECK_FALSE(game.goal_met(level, done.state));
    ApplyResult half = apply_moves(level, {CellPairMove{{0, 0}, {1, 0}}});
    CHECK_FALSE(game.goal_met(level, half.state));
}

TEST_CASE("ops: a stuck event when tiles remain and nothing links") {
    const Level level = link_level(board_from_rows({"1 2 1", "3 3 #", "# # 2"}), LinkRules{Pairing{}, 2, false});
    StepResult step = kind_ops(Kind::link).play(level, kind_ops(Kind::link).start(level), CellPairMove{{0, 1}, {1, 1}});
    REQUIRE(step.legal);
    CHECK(events_json(step.events).back().at("type") == "stuck");
}

TEST_CASE("ops: analyze gives exactly links, stuck and solve; warnings for unpaired tiles") {
    const Level level = link_level(board_from_rows({"1 2 1", "3 . 5"}), LinkRules{});
    const Analysis analysis = kind_ops(Kind::link).analyze(level, AnalyzeOptions{}, {});
    const auto json = nlohmann::ordered_json::parse(tilelab::test::analysis_json_text(Kind::link, analysis));
    std::vector<std::string> keys;
    for (auto it = json.begin(); it != json.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"links", "stuck", "solve"});
    CHECK(analysis.verdict == Verdict::unsolvable);
    CHECK(json.at("solve").at("order").empty());
    CHECK(analysis.warnings.size() == 3);  // 2, 3 and 5 each alone
    AnalyzeOptions no_solve;
    no_solve.solve = false;
    const Analysis quick = kind_ops(Kind::link).analyze(level, no_solve, {});
    CHECK_FALSE(tilelab::test::analysis_json(Kind::link, quick).contains("solve"));
    CHECK(quick.verdict == Verdict::none);
}
