// The collapse rules on small boards written out (docs/collapse.md): power-ups from group sizes,
// chains, gravity past holes and blockers, closing columns, reshuffle, jelly, goals, messages.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tilelab/collapse/collapse.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

namespace {

// A level of `rows` (top first) with the given rules and goal objects.
Level level_of(const std::vector<std::string>& rows, const nlohmann::json& rules, const nlohmann::json& goal = {{"score", 100}},
               const nlohmann::json& layers = nullptr) {
    nlohmann::json j = {{"format", "tilelab.level"}, {"version", 3}, {"id", "t"},      {"name", "t"},
                        {"kind", "collapse"},        {"seed", 7},    {"rules", rules}, {"goal", goal}};
    j["height"] = rows.size();
    j["width"] = std::count(rows[0].begin(), rows[0].end(), ' ') + 1;
    j["board"] = rows;
    if (!layers.is_null()) j["layers"] = layers;
    LevelLoad load = parse_level(j.dump(), "test");
    INFO((load.diagnostics.empty() ? std::string() : load.diagnostics.front().message));
    REQUIRE(load.level);
    return *load.level;
}

std::vector<std::string> rows(const Level& level, const State& s) {
    std::vector<std::string> out;
    for (int y = 0; y < s.board.height; ++y) out.push_back(board_row(level.kind, s.board, y));
    return out;
}

StepResult tap_at(const Level& level, const State& s, int x, int y) {
    return kind_ops(level.kind).play(level, s, TapMove{{x, y}});
}

template <class E>
int count_events(const StepResult& r) {
    return static_cast<int>(
        std::count_if(r.events.begin(), r.events.end(), [](const Event& e) { return std::holds_alternative<E>(e); }));
}

}  // namespace

TEST_CASE("collapse: a group's size and shape choose the power-up it leaves") {
    const nlohmann::json no_refill = {{"colors", 3}, {"refill", false}};
    struct Case {
        std::vector<std::string> board;
        std::string made;
    };
    const std::vector<Case> cases = {
        {{"1 1 1 1 1 2", "2 0 2 0 2 0"}, "rh"},       // 5 in a row: wider than tall
        {{"1 2", "1 0", "1 2", "1 0", "1 2"}, "rv"},  // 5 in a column
        {{"1 1 1 2", "1 1 2 0"}, "rh"},               // 5 whose box is 3 wide and 2 tall
        {{"1 1 1 1", "1 1 1 2"}, "tnt"},              // 7
        {{"1 1 1", "1 1 1", "1 1 1"}, "1d"},          // 9: a disco ball of its colour
        {{"1 1 1 1 2"}, ""},                          // 4: nothing
    };
    for (const Case& c : cases) {
        INFO(c.board[0]);
        const Level level = level_of(c.board, no_refill);
        const State s = kind_ops(level.kind).start(level);
        const StepResult r = tap_at(level, s, 0, 0);
        REQUIRE(r.legal);
        std::string made;
        for (const Event& e : r.events)
            if (const auto* created = std::get_if<event::Created>(&e)) made = created->token;
        CHECK(made == c.made);
    }
}

TEST_CASE("collapse: a rocket's row fires the tnt in it, and every item cleared scores") {
    const Level level = level_of({"0 1 0 1 0", "rh 2 tnt 2 0", "1 0 1 0 1"},
                                 {{"colors", 3}, {"refill", false}, {"score_per_piece", 10}});
    const State s = kind_ops(level.kind).start(level);
    const StepResult r = tap_at(level, s, 0, 1);
    REQUIRE(r.legal);
    CHECK(count_events<event::Fired>(r) == 2);  // the rocket, then the tnt its row reached
    // The tnt's 5x5 square clipped to the board: columns 0..4, rows 0..2: every item on the board.
    CHECK(r.state.score == 150);
    CHECK(std::none_of(r.state.board.cells.begin(), r.state.board.cells.end(), collapse::is_item));
}

TEST_CASE("collapse: pieces fall past holes, blockers split a column, only the top segment refills") {
    const Level level = level_of({"2 0", "1 0", "_ 1", "1 #", "0 2", "0 1"}, {{"colors", 3}});
    const State s = kind_ops(level.kind).start(level);
    const StepResult r = tap_at(level, s, 0, 4);  // the two 0s at the bottom of column 0
    REQUIRE(r.legal);
    const auto after = rows(level, r.state);
    // Column 0 is one segment (no blocker): its 1, 1 and 2 fall, past the hole, to rows 5, 4 and 3;
    // rows 1 and 0 are refilled. Column 1's blocker keeps its lower segment as it is.
    CHECK(after[5].substr(0, 1) == "1");
    CHECK(after[4].substr(0, 1) == "1");
    CHECK(after[3].substr(0, 1) == "2");
    CHECK(after[2].substr(0, 1) == "_");
    CHECK(after[3].substr(2) == "#");
    CHECK(count_events<event::Spawn>(r) == 2);
}

TEST_CASE("collapse: without refill an emptied column closes to the left, jelly stays") {
    const Level level = level_of({"1 0 2", "1 0 2"}, {{"colors", 3}, {"refill", false}}, {{"score", 100}},
                                 {{"jelly", {"0 1 0", "0 1 0"}}});
    const State s = kind_ops(level.kind).start(level);
    const StepResult r = tap_at(level, s, 1, 0);
    REQUIRE(r.legal);
    CHECK(rows(level, r.state) == std::vector<std::string>{"1 2 .", "1 2 ."});
    REQUIRE(r.state.jelly);
    CHECK(r.state.jelly->at(1, 0) == 0);  // the tapped cells lost their layer; the jelly grid does not move
    CHECK(r.state.jelly->at(1, 1) == 0);
}

TEST_CASE("collapse: a dead board is reshuffled with the level's generator, colours kept") {
    // No two neighbours alike: dead. Reshuffle on: the start is shuffled until a tap is legal.
    const std::vector<std::string> board = {"0 1 2 0", "1 2 0 1", "2 0 1 2", "0 1 2 0"};
    const Level dead = level_of(board, {{"colors", 3}});
    CHECK(kind_ops(dead.kind).legal_moves(dead, kind_ops(dead.kind).start(dead)).empty());
    const Level level = level_of(board, {{"colors", 3}, {"reshuffle", true}});
    const State s = kind_ops(level.kind).start(level);
    CHECK_FALSE(kind_ops(level.kind).legal_moves(level, s).empty());
    for (int color = 0; color < 3; ++color)
        CHECK(std::count(s.board.cells.begin(), s.board.cells.end(), color) ==
              std::count(dead.board.cells.begin(), dead.board.cells.end(), color));
    std::vector<Event> events;
    collapse::start_state(collapse::rules_of(level), level.board, level.jelly, level.seed, &events);
    REQUIRE(events.size() == 1);
    CHECK(std::get<event::Reshuffle>(events[0]).found);
}

TEST_CASE("collapse: illegal taps say why") {
    const Level level = level_of({"0 1 #", "2 2 ."}, {{"colors", 3}});
    const State s = kind_ops(level.kind).start(level);
    CHECK(tap_at(level, s, 0, 0).why == "the group at (0,0) has 1 piece; a tap needs at least 2");
    CHECK(tap_at(level, s, 2, 0).why == "cell (2,0) holds no piece and no power-up");
    CHECK(tap_at(level, s, 3, 0).why == "cell (3,0) is outside the 3x2 board");
    CHECK(tap_at(level, s, 0, 1).legal);
}

TEST_CASE("collapse: goals") {
    const Level level = level_of({"0 0 1", "1 1 0"}, {{"colors", 2}, {"refill", false}, {"score", "samegame"}},
                                 {{"clear", true}, {"moves", 5}});
    const KindOps& ops = kind_ops(level.kind);
    State s = ops.start(level);
    CHECK_FALSE(ops.goal_met(level, s));
    s = tap_at(level, s, 0, 1).state;  // 1 1 at the bottom: the 0 0 falls... then the rest
    while (!ops.legal_moves(level, s).empty()) s = ops.play(level, s, ops.legal_moves(level, s).front()).state;
    // Whether the board cleared depends on the line; the goal says what the board says.
    CHECK(ops.goal_met(level, s) == collapse::board_clear(s.board));
}

TEST_CASE("collapse: level problems are proofs") {
    auto rules_of = [](const std::vector<Warning>& ws) {
        std::vector<std::string> out;
        for (const Warning& w : ws) out.push_back(w.rule);
        return out;
    };
    const Level clear_refill = level_of({"0 0", "1 1"}, {{"colors", 2}}, {{"clear", true}});
    CHECK(rules_of(level_problems(clear_refill)) == std::vector<std::string>{"collapse.clear-with-refill"});
    const Level few = level_of({"0 0", "1 1"}, {{"colors", 2}, {"refill", false}}, {{"collect", {{{"color", 0}, {"count", 3}}}}});
    CHECK(rules_of(level_problems(few)) == std::vector<std::string>{"collapse.collect-unreachable"});
    const Level none = level_of({"0 0", "1 1"}, {{"colors", 2}}, {{"moves", 3}});
    CHECK(rules_of(level_problems(none)) == std::vector<std::string>{"collapse.no-objective"});
}
