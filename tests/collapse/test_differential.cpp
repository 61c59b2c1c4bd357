// The collapse engine against the oracle (tests/collapse/oracle.*, written from docs/collapse.md
// alone) on thousands of seeded random levels: every start, every tap (legal or not), and after
// each tap the board, jelly, score, moves, pieces collected, the generator, the legal taps, the
// groups and the goal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "oracle.hpp"
#include "support/scale.hpp"
#include "tilelab/collapse/collapse.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

namespace {

// A random collapse level as JSON: any size up to 9x9, 2 to 5 colours, every rule and cell kind,
// sometimes jelly, a random goal.
nlohmann::json random_level(std::mt19937_64& g) {
    auto pick = [&g](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); };
    const int w = pick(1, 9), h = pick(1, 9), colors = pick(2, 5);
    nlohmann::json rules = {{"colors", colors}};
    if (pick(0, 3) == 0) rules["min_group"] = pick(1, 4);
    if (pick(0, 2) == 0) rules["score"] = "samegame";
    if (pick(0, 3) == 0) rules["score_per_piece"] = pick(0, 20);
    if (pick(0, 1) == 0) rules["refill"] = false;
    if (pick(0, 2) == 0) rules["reshuffle"] = true;
    const int blockers = pick(0, 3) == 0 ? 0 : pick(0, 12), holes = pick(0, 10), empties = pick(0, 10), powerups = pick(0, 8);
    std::vector<std::string> board, jelly;
    const bool has_jelly = pick(0, 2) == 0;
    for (int y = 0; y < h; ++y) {
        std::string row, jrow;
        for (int x = 0; x < w; ++x) {
            std::string t;
            const int r = pick(0, 99);
            if (r < blockers) t = "#";
            else if (r < blockers + holes) t = "_";
            else if (r < blockers + holes + empties) t = ".";
            else if (r < blockers + holes + empties + powerups) {
                const int k = pick(0, 3);
                t = k == 0 ? "rh" : k == 1 ? "rv" : k == 2 ? "tnt" : std::to_string(pick(0, colors - 1)) + "d";
            } else if (pick(0, 2) == 0) t = "?";
            else t = std::to_string(pick(0, colors - 1));
            row += (x ? " " : "") + t;
            jrow += (x ? " " : "") + std::to_string(t == "_" ? 0 : pick(0, 3) == 0 ? pick(1, 2) : 0);
        }
        board.push_back(row);
        jelly.push_back(jrow);
    }
    nlohmann::json goal = nlohmann::json::object();
    if (pick(0, 1)) goal["moves"] = pick(1, 30);
    if (pick(0, 2) == 0) goal["score"] = pick(1, 400);
    if (pick(0, 3) == 0) goal["collect"] = {{{"color", pick(0, colors - 1)}, {"count", pick(1, 12)}}};
    if (has_jelly && pick(0, 1)) goal["jelly"] = true;
    if (pick(0, 3) == 0) goal["clear"] = true;
    nlohmann::json level = {{"format", "tilelab.level"},
                            {"version", 3},
                            {"id", "d"},
                            {"name", "d"},
                            {"kind", "collapse"},
                            {"width", w},
                            {"height", h},
                            {"seed", pick(0, 1 << 30)},
                            {"rules", rules},
                            {"goal", goal},
                            {"board", board}};
    if (has_jelly) level["layers"] = {{"jelly", jelly}};
    return level;
}

std::vector<std::string> core_rows(const Level& level, const Board& b) {
    std::vector<std::string> out;
    for (int y = 0; y < b.height; ++y) out.push_back(board_row(level.kind, b, y));
    return out;
}

std::vector<std::string> oracle_rows(const collapse_oracle::State& s) {
    std::vector<std::string> out;
    for (int y = 0; y < static_cast<int>(s.board.size()); ++y) out.push_back(collapse_oracle::board_row(s, y));
    return out;
}

// The state of the engine and the oracle say the same.
void same_state(const Level& level, const State& a, const collapse_oracle::Level& ol, const collapse_oracle::State& b) {
    REQUIRE(core_rows(level, a.board) == oracle_rows(b));
    CHECK(a.score == b.score);
    CHECK(a.moves == b.moves);
    Rng copy = a.rng;
    collapse_oracle::Rng other{b.rng_state};
    CHECK(copy.next() == other.next());
    for (int c = 0; c < ol.rules.colors; ++c) {
        const long long mine = static_cast<std::size_t>(c) < a.collected.size() ? a.collected[static_cast<std::size_t>(c)] : 0;
        const long long theirs = static_cast<std::size_t>(c) < b.collected.size() ? b.collected[static_cast<std::size_t>(c)] : 0;
        CHECK(mine == theirs);
    }
    if (level.jelly) {
        REQUIRE(a.jelly);
        for (int y = 0; y < level.height(); ++y)
            for (int x = 0; x < level.width(); ++x)
                CHECK(a.jelly->at(x, y) == b.jelly[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)]);
    }
    // Legal taps, groups, a dead board, the goal's objectives.
    std::set<Cell> core_legal;
    for (const Move& m : kind_ops(level.kind).legal_moves(level, a)) core_legal.insert(std::get<TapMove>(m).at);
    std::set<Cell> oracle_legal;
    for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x)
            if (collapse_oracle::legal_on_board(ol, b, x, y)) oracle_legal.insert({x, y});
    CHECK(core_legal == oracle_legal);
    std::vector<std::vector<Cell>> oracle_groups;
    for (const auto& g : collapse_oracle::groups(ol, b)) {
        std::vector<Cell> cells;
        for (const auto& [x, y] : g) cells.push_back({x, y});
        oracle_groups.push_back(cells);
    }
    CHECK(collapse::groups(a.board, collapse::rules_of(level).min_group) == oracle_groups);
    CHECK(collapse::objectives_met(collapse::goal_of(level), a) == collapse_oracle::objectives_hold(ol, b));
}

}  // namespace

TEST_CASE("collapse: the engine plays as the oracle on random levels") {
    std::mt19937_64 g(20261129);
    const int levels = tilelab::test::reps(3000);
    int taps = 0, illegal = 0, reshuffled = 0, fired = 0, closed_levels = 0;
    for (int n = 0; n < levels; ++n) {
        const nlohmann::json j = random_level(g);
        INFO(j.dump());
        LevelLoad load = parse_level(j.dump(), "random");
        if (!load.level) continue;  // a goal the board cannot hold (a jelly goal without jelly is never drawn)
        const Level& level = *load.level;
        const collapse_oracle::Level ol = collapse_oracle::parse_level(j);
        State a = kind_ops(level.kind).start(level);
        collapse_oracle::State b = collapse_oracle::start(ol);
        same_state(level, a, ol, b);
        if (b.reshuffles) ++reshuffled;
        if (!collapse::rules_of(level).refill) ++closed_levels;
        for (int step = 0; step < 40 && !b.won && !b.lost; ++step) {
            // Mostly a legal tap; now and then any cell, legal or not, and a cell off the board.
            std::vector<Cell> legal;
            for (const Move& m : kind_ops(level.kind).legal_moves(level, a)) legal.push_back(std::get<TapMove>(m).at);
            Cell c;
            const int r = std::uniform_int_distribution<int>(0, 9)(g);
            if (r == 0 || legal.empty())
                c = {std::uniform_int_distribution<int>(-1, level.width())(g),
                     std::uniform_int_distribution<int>(-1, level.height())(g)};
            else c = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(g)];
            INFO("tap " << c.x << "," << c.y);
            const StepResult mine = kind_ops(level.kind).play(level, a, TapMove{c});
            const auto theirs = collapse_oracle::tap(ol, b, c.x, c.y);
            REQUIRE(mine.legal == theirs.has_value());
            if (!mine.legal) {
                ++illegal;
                CHECK_FALSE(mine.why.empty());
                CHECK(mine.state == a);
                continue;
            }
            ++taps;
            if (std::any_of(mine.events.begin(), mine.events.end(),
                            [](const Event& e) { return std::holds_alternative<event::Fired>(e); }))
                ++fired;
            // The same tap without events (as the bots and the solver play it) gives the same state.
            CHECK(collapse::tap(collapse::rules_of(level), a, c, false).state == mine.state);
            a = mine.state;
            b = *theirs;
            same_state(level, a, ol, b);
        }
    }
    // Not vacuous: taps of every kind were played and compared.
    CHECK(taps > levels * 3);
    CHECK(illegal > levels / 10);
    CHECK(fired > levels / 10);
    CHECK(reshuffled > levels / 100);
    CHECK(closed_levels > levels / 3);
}
