// The goal's progress lines (KindOps::goal_progress, what a play-test shows): on every sample
// level, along random games, every objective is met exactly when the kind's goal test says the
// goal holds (within the move limit), and the figures move the way the goal counts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "support/scale.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

namespace {

bool all_met(const std::vector<GoalProgress>& lines) {
    return std::all_of(lines.begin(), lines.end(), [](const GoalProgress& g) { return g.met; });
}

}  // namespace

TEST_CASE("goal progress: every objective met exactly when the goal holds, along random games on every sample", "[goal]") {
    int levels = 0, states = 0, won = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(TILELAB_SOURCE_DIR "/levels/samples")) {
        if (entry.path().extension() != ".json") continue;
        LevelLoad load = load_level(entry.path());
        if (!load.level) continue;  // samples of broken files, if any
        const Level& level = *load.level;
        const KindOps& ops = kind_ops(level.kind);
        INFO(entry.path().string());
        REQUIRE(ops.goal_progress != nullptr);
        ++levels;
        std::uint64_t lcg = 0x9e3779b97f4a7c15ull ^ static_cast<std::uint64_t>(levels);
        for (int game = 0; game < test::reps(3); ++game) {
            State state = ops.start(level);
            for (int move = 0; move <= 40; ++move) {
                const std::vector<GoalProgress> lines = ops.goal_progress(level, state);
                const bool within = !level.goal.moves || state.moves <= *level.goal.moves;
                INFO("after " << state.moves << " moves");
                CHECK(ops.goal_met(level, state) == (within && all_met(lines)));
                for (const GoalProgress& g : lines) {
                    INFO(g.label << " " << g.current << " / " << g.target);
                    CHECK(!g.label.empty());
                    CHECK(g.current >= 0);
                }
                ++states;
                won += ops.goal_met(level, state);
                const std::vector<Move> moves = ops.legal_moves(level, state);
                if (moves.empty()) break;
                lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
                const StepResult step = ops.play(level, state, moves[(lcg >> 33) % moves.size()]);
                REQUIRE(step.legal);
                state = step.state;
            }
        }
    }
    CHECK(levels >= 10);
    CHECK(states > 100);
    CHECK(won > 0);  // some game reached a goal: the "met" side is checked too
}

TEST_CASE("goal progress: match3 jelly, crates and score count what the level started with", "[goal]") {
    const std::string text = R"({"format": "tilelab.level", "version": 2, "id": "g", "name": "g", "kind": "match3",
        "width": 4, "height": 3, "seed": 1, "rules": {"colors": 4},
        "goal": {"moves": 5, "score": 100, "jelly": true, "crates": true},
        "board": ["0 1 c2 3", "1 2 3 0", "2 3 0 1"], "layers": {"jelly": ["2 0 0 0", "0 1 0 0", "0 0 0 0"]}})";
    LevelLoad load = parse_level(text, "g.json");
    REQUIRE(load.level);
    const KindOps& ops = kind_ops(Kind::match3);
    const State start = ops.start(*load.level);
    const std::vector<GoalProgress> lines = ops.goal_progress(*load.level, start);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == GoalProgress{"score", 0, 100, false});
    CHECK(lines[1] == GoalProgress{"jelly layers cleared", 0, 3, false});
    CHECK(lines[2] == GoalProgress{"crates cleared", 0, 1, false});
}
