// match3 rules on small boards written in the test: runs, groups, scoring, gravity, refill, swaps, goals.
#include <catch2/catch.hpp>

#include <sstream>

#include "support/analysis_json.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/match3/bot.hpp"
#include "tilelab/match3/hints.hpp"
#include "tilelab/match3/match3.hpp"
#include "tilelab/match3/rules.hpp"

using namespace tilelab;

namespace {
// Rows of space-separated tokens, top row first, as the level file writes them.
Board parse(const std::vector<std::string>& rows, int colors = 6) {
    match3::Rules rules;
    rules.colors = colors;
    const Rules level_rules(rules);
    Board b(0, 0);
    std::vector<std::int32_t> cells;
    int width = 0;
    for (const auto& row : rows) {
        std::istringstream in(row);
        std::string token;
        int n = 0;
        while (in >> token) {
            const TokenResult t = parse_cell_token(level_rules, token);
            REQUIRE(t.ok);
            cells.push_back(t.value);
            ++n;
        }
        width = n;
    }
    b.width = width;
    b.height = static_cast<int>(rows.size());
    b.cells = cells;
    return b;
}

Level level_with(const std::vector<std::string>& board, int colors = 6, std::uint64_t seed = 1) {
    Level level;
    level.set_kind(Kind::match3);
    level.seed = seed;
    level.rules.as<match3::Rules>().colors = colors;
    level.board = parse(board, colors);
    return level;
}

State state_of(const Level& level) {
    State s;
    s.board = level.board;
    s.rng = Rng(level.seed);
    s.jelly = level.jelly;
    s.collected.assign(static_cast<std::size_t>(level.rules.as<match3::Rules>().colors), 0);
    return s;
}

match3::RulesConfig cfg(int colors = 6, int min_match = 3, int spp = 50) { return match3::RulesConfig{colors, min_match, spp}; }

std::vector<Cell> cells(std::initializer_list<std::pair<int, int>> list) {
    std::vector<Cell> out;
    for (auto [x, y] : list) out.push_back(Cell{x, y});
    return out;
}
}  // namespace

TEST_CASE("runs are maximal lines of min_match - L and T shapes are one group touching runs are not") {
    const Board b = parse({"0 0 0 1", "2 3 0 1", "2 3 0 1", "4 4 4 5", "5 5 5 5"});
    const auto groups = match3::match_groups(b, cfg());
    REQUIRE(groups.size() == 4);
    CHECK(groups[0].cells == cells({{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}));  // L: one group, two runs
    CHECK(groups[1].cells == cells({{0, 3}, {1, 3}, {2, 3}}));                  // touches the L, other colour
    CHECK(groups[2].cells == cells({{0, 4}, {1, 4}, {2, 4}, {3, 4}}));          // a run of four
    CHECK(groups[3].cells == cells({{3, 0}, {3, 1}, {3, 2}}));
}

TEST_CASE("holes blockers and empty cells break runs - min_match changes the length") {
    CHECK(match3::match_groups(parse({"0 0 _ 0"}), cfg()).empty());
    CHECK(match3::match_groups(parse({"0 # 0 0"}), cfg()).empty());
    CHECK(match3::match_groups(parse({"0 0 . 0"}), cfg()).empty());
    CHECK(match3::match_groups(parse({"0 0 0 1"}), cfg(6, 4)).empty());
    CHECK(match3::match_groups(parse({"0 0 0 0"}), cfg(6, 4)).size() == 1);
    CHECK(match3::match_groups(parse({"0 0 1"}), cfg(6, 2)).size() == 1);
}

TEST_CASE("scoring walks row runs first then column runs - shared pieces score once") {
    match3::RunMarks runs;
    // A T: row run of 5 (each piece 4 * 50) and a column run of 3 sharing one piece (two more at 2 * 50).
    match3::scan_runs(parse({"0 0 0 0 0", "1 2 0 2 1", "2 1 0 1 2"}), cfg(), runs);
    CHECK(runs.points == 5 * 200 + 2 * 100);
    // score_per_piece replaces the 50.
    match3::scan_runs(parse({"1 1 1"}), cfg(6, 3, 10), runs);
    CHECK(runs.points == 3 * 20);
}

TEST_CASE("gravity: pieces fall past holes never past blockers - only the top segment refills") {
    Level level = level_with({"1 2 3", "4 _ #", ". . 5", "0 0 0"});
    State s = state_of(level);
    match3::Scratch scratch;
    std::vector<match3::StepLog> logs;
    match3::settle(s, match3::RulesConfig::of(level), match3::Resolution::scored, scratch, &logs);
    REQUIRE(logs.size() >= 1);
    const auto& first = logs[0];
    CHECK(first.points == 300);
    // Column 0: 1 and 4 fall two rows (4 into the cleared bottom cell, 1 into the empty cell).
    // Column 1: 2 skips the hole into the bottom row. Column 2: 5 falls one row; 3 stays above the blocker.
    std::vector<std::pair<Cell, Cell>> falls;
    for (const auto& f : first.falls) falls.emplace_back(f.from, f.to);
    CHECK(falls == std::vector<std::pair<Cell, Cell>>{
                       {Cell{0, 1}, Cell{0, 3}}, {Cell{0, 0}, Cell{0, 2}}, {Cell{1, 0}, Cell{1, 3}}, {Cell{2, 2}, Cell{2, 3}}});
    // Refill: columns left to right, bottom-most empty first; column 2's top segment is full (3 above
    // the blocker) and its lower segment (y = 2 now empty) is not refilled.
    Rng rng(level.seed);
    std::vector<std::pair<Cell, int>> spawns;
    for (const auto& sp : first.spawns) spawns.emplace_back(sp.cell, sp.color);
    const int c0 = static_cast<int>(rng.uniform(6)), c1 = static_cast<int>(rng.uniform(6)), c2 = static_cast<int>(rng.uniform(6)),
              c3 = static_cast<int>(rng.uniform(6));
    CHECK(spawns == std::vector<std::pair<Cell, int>>{{Cell{0, 1}, c0}, {Cell{0, 0}, c1}, {Cell{1, 2}, c2}, {Cell{1, 0}, c3}});
    CHECK(s.board.at(2, 2) == cell::empty);
    CHECK(s.board.at(2, 0) == 3);
}

TEST_CASE("a swap is legal only when a swapped piece ends in a run") {
    const Level level = level_with({"0 0 1 0", "2 3 4 5", "1 1 1 2"});
    const KindOps& game = kind_ops(Kind::match3);
    const State s = state_of(level);
    auto play = [&](Cell a, Cell b) { return game.play(level, s, Move{CellPairMove{a, b}}); };
    CHECK(play({2, 0}, {3, 0}).legal);        // 0 0 0 1
    CHECK(play({3, 0}, {2, 0}).legal);        // either order
    CHECK_FALSE(play({2, 0}, {2, 2}).legal);  // not neighbours
    CHECK_FALSE(play({0, 0}, {1, 1}).legal);  // diagonal
    CHECK_FALSE(play({3, 0}, {4, 0}).legal);  // off the board
    // The bottom row already holds a run (a designer's board), but swapping 2 and 3 puts no swapped
    // piece in a run: illegal, as a swap that makes no run of its own is swapped back.
    CHECK_FALSE(play({0, 1}, {1, 1}).legal);
    // Same colour: nothing changes, not a move.
    CHECK_FALSE(play({0, 2}, {1, 2}).legal);
    const StepResult refused = play({0, 1}, {1, 1});
    CHECK(refused.state == s);
    CHECK_FALSE(refused.why.empty());
    CHECK(game.play(level, s, Move{Direction::up}).legal == false);

    const Level walls = level_with({"0 # 0 0", "1 _ 2 3"});
    const State w = state_of(walls);
    CHECK_FALSE(game.play(walls, w, Move{CellPairMove{{0, 0}, {1, 0}}}).legal);  // a blocker never moves
    CHECK_FALSE(game.play(walls, w, Move{CellPairMove{{1, 1}, {2, 1}}}).legal);  // nor a hole
}

TEST_CASE("events: the swap then per step the cleared groups with points falls and spawns") {
    const Level level = level_with({"1 2 3", "4 5 1", "0 0 4", "2 3 0"});
    const KindOps& game = kind_ops(Kind::match3);
    const State s = state_of(level);
    const StepResult r = game.play(level, s, Move{CellPairMove{{2, 2}, {2, 3}}});
    REQUIRE(r.legal);
    CHECK(r.state.moves == 1);
    const nlohmann::ordered_json events = events_json(r.events);
    REQUIRE(events.size() >= 2);
    CHECK(events[0].at("type") == "swap");
    CHECK(events[0].at("a") == nlohmann::ordered_json::array({2, 2}));
    CHECK(events[1].at("type") == "clear");
    CHECK(events[1].at("step") == 1);
    CHECK(events[1].at("points") == 300);
    CHECK(events[1].at("groups").size() == 1);
    CHECK(events[1].at("groups")[0].at("cells").dump() == "[[0,2],[1,2],[2,2]]");
    CHECK(events[1].at("groups")[0].at("points") == 300);
    int falls = 0, spawns = 0, clears = 0;
    std::int64_t points = 0;
    for (const auto& e : events) {
        CHECK(e.contains("type"));
        if (e.at("type") == "fall") ++falls;
        if (e.at("type") == "spawn") ++spawns;
        if (e.at("type") == "clear") {
            ++clears;
            points += e.at("points").get<std::int64_t>();
        }
    }
    CHECK(points == r.state.score);
    CHECK(falls >= 6);              // the two rows above each cleared cell fall
    CHECK(spawns >= 3);             // one new piece per cleared cell, at least
    CHECK(s.board == level.board);  // the input state is untouched
}

TEST_CASE("start: `?` cells drawn row-major with both exclusions then an unscored resolution") {
    // X has 2 2 on its left and 3 3 above it; both colours are excluded (docs/randomness.md).
    const Board b = parse({"2 3 3 4 1 3 2", "1 2 3 4 4 3 3", "1 2 3 2 2 ? ?"}, 5);
    int allowed[16];
    const int n = match3::allowed_colors(b, 5, 2, 5, 3, allowed);
    CHECK(std::vector<int>(allowed, allowed + n) == std::vector<int>{0, 1, 4});

    // The start resolves runs the designer left, scoring nothing and touching no jelly.
    Level level = level_with({"0 0 0", "1 2 3", "2 3 1"});
    level.jelly = Grid(3, 3, 1);
    const State s = match3::start_state(level);
    CHECK(s.score == 0);
    CHECK(s.jelly->at(0, 0) == 1);
    CHECK(match3::match_groups(s.board, level.rules.as<match3::Rules>()).empty());
    CHECK(s.collected == std::vector<int>(6, 0));
    // analyze reports the board as painted, with a warning.
    const Analysis a = kind_ops(Kind::match3).analyze(level, {}, {});
    REQUIRE(a.groups.size() == 1);
    REQUIRE_FALSE(a.warnings.empty());
}

TEST_CASE("jelly loses one layer per clear - collect counts pieces - goals") {
    Level level = level_with({"1 2 3", "4 5 1", "0 0 4", "2 3 0"});
    level.jelly = Grid(3, 4, 0);
    level.jelly->at(0, 2) = 2;
    level.jelly->at(1, 2) = 1;
    level.goal.as<match3::Goal>().jelly = true;
    const KindOps& game = kind_ops(Kind::match3);
    const State s = state_of(level);
    CHECK_FALSE(game.goal_met(level, s));
    const StepResult r = game.play(level, s, Move{CellPairMove{{2, 2}, {2, 3}}});
    REQUIRE(r.legal);
    CHECK(r.state.jelly->at(1, 2) == 0);
    CHECK(r.state.jelly->at(0, 2) >= 0);
    CHECK(r.state.collected[0] >= 3);

    Level scored = level;
    scored.goal = Goal(Kind::match3);
    scored.goal.as<match3::Goal>().score = 300;
    CHECK(game.goal_met(scored, r.state));
    scored.goal.moves = 0;  // reached, but over the move limit
    CHECK_FALSE(game.goal_met(scored, r.state));
    Level collect = level;
    collect.goal = Goal(Kind::match3);
    collect.goal.as<match3::Goal>().collect = {match3::CollectGoal{0, 3}};
    CHECK(game.goal_met(collect, r.state));
    collect.goal.as<match3::Goal>().collect = {match3::CollectGoal{0, 1000}};
    CHECK_FALSE(game.goal_met(collect, r.state));
    Level survive = level;
    survive.goal = Goal(Kind::match3);
    survive.goal.moves = 1;  // only a move limit: the goal is to play them all
    CHECK_FALSE(game.goal_met(survive, s));
    CHECK(game.goal_met(survive, r.state));
    Level none = level;
    none.goal = Goal(Kind::match3);
    CHECK_FALSE(game.goal_met(none, r.state));
}

TEST_CASE("legal_moves lists every hint swap in order - preview_swap shows what a swap clears") {
    const Level level = level_with({"0 1 0 2", "3 0 4 5", "1 2 3 4"});
    const State s = state_of(level);
    const auto moves = kind_ops(Kind::match3).legal_moves(level, s);
    const auto hints = match3::hints(level.board, level.rules.as<match3::Rules>());
    REQUIRE(moves.size() == hints.size());
    REQUIRE_FALSE(moves.empty());
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto& m = std::get<CellPairMove>(moves[i]);
        CHECK(m.a == hints[i].a);
        CHECK(m.b == hints[i].b);
    }
    const auto preview = match3::preview_swap(level.board, level.rules.as<match3::Rules>(), Cell{1, 1}, Cell{1, 0});
    REQUIRE(preview.has_value());
    CHECK(preview->a == Cell{1, 0});
    CHECK(preview->clears == cells({{0, 0}, {1, 0}, {2, 0}}));
    CHECK_FALSE(match3::preview_swap(level.board, level.rules.as<match3::Rules>(), Cell{0, 2}, Cell{1, 2}).has_value());
}

TEST_CASE("dead boards are reported") {
    const Level level = level_with({"0 1 2 3", "4 5 0 1", "2 3 4 5"});
    const Analysis a = kind_ops(Kind::match3).analyze(level, {}, {});
    CHECK(a.blocked);
    CHECK(tilelab::test::analysis_json(Kind::match3, a).at("dead") == true);
    CHECK(a.hints.empty());
    CHECK(kind_ops(Kind::match3).legal_moves(level, state_of(level)).empty());
}

TEST_CASE("no level the parser accepts crashes the core") {
    const KindOps& game = kind_ops(Kind::match3);
    for (auto [w, h] : {std::pair{1, 1}, {1, 7}, {7, 1}, {2, 2}}) {
        Level level = make_blank_level(Kind::match3, w, h);
        const State s = game.start(level);
        CHECK(s.board.width == w);
        (void)game.analyze(level, {}, {});
        CHECK(game.legal_moves(level, s).empty());
    }
    // The largest board, min_match 2 with 2 colours: cascades stop at their safety limit.
    Level big = make_blank_level(Kind::match3, 256, 256);
    big.rules.as<match3::Rules>().colors = 2;
    const Analysis a = game.analyze(big, {}, {});
    CHECK_FALSE(a.blocked);
    CHECK(a.warnings.size() >= 2);  // runs before the first move, and clears left out of the answer
    Level tiny = make_blank_level(Kind::match3, 6, 6);
    tiny.rules.as<match3::Rules>().colors = 2;
    tiny.rules.as<match3::Rules>().min_match = 2;
    const State s = game.start(tiny);
    CHECK(s.board.width == 6);
    // Values built in code out of range do not crash either.
    Level odd = make_blank_level(Kind::match3, 4, 4);
    odd.rules.as<match3::Rules>().colors = 0;
    odd.rules.as<match3::Rules>().min_match = 0;
    (void)game.start(odd);
    (void)game.analyze(odd, {}, {});
}
