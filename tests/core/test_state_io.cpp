// A game saved as text and read back (kinds/state_io.hpp, the C API's tl_game_save and
// tl_game_restore): on every sample level, along random games, the state read back equals the
// state saved and plays the next move the same way; a text that is not a state of the level is
// refused with the place named.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>

#include <nlohmann/json.hpp>

#include "support/scale.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/state_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

TEST_CASE("saved games: every state read back equals the state saved and plays on the same", "[state]") {
    int levels = 0, states = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(TILELAB_SOURCE_DIR "/levels/samples")) {
        if (entry.path().extension() != ".json") continue;
        LevelLoad load = load_level(entry.path());
        REQUIRE(load.level);
        const Level& level = *load.level;
        const KindOps& ops = kind_ops(level.kind);
        INFO(entry.path().string());
        ++levels;
        std::uint64_t lcg = 0x2545F4914F6CDD1Dull ^ static_cast<std::uint64_t>(levels);
        for (int game = 0; game < test::reps(2); ++game) {
            State state = ops.start(level);
            for (int move = 0; move <= 30; ++move) {
                const std::string text = save_state(level, state);
                std::string error;
                const std::optional<State> back = restore_state(level, text, error);
                INFO("after " << state.moves << " moves: " << error);
                REQUIRE(back);
                CHECK(*back == state);
                CHECK(save_state(level, *back) == text);
                ++states;
                const std::vector<Move> moves = ops.legal_moves(level, state);
                if (moves.empty()) break;
                lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
                const Move& m = moves[(lcg >> 33) % moves.size()];
                const StepResult step = ops.play(level, state, m);
                REQUIRE(step.legal);
                CHECK(ops.play(level, *back, m).state == step.state);
                state = step.state;
            }
        }
    }
    CHECK(levels >= 15);
    CHECK(states > 300);
}

TEST_CASE("saved games: a text that is not a state of the level is refused with its place", "[state]") {
    auto read = [](const char* path) {
        LevelLoad load = load_level(std::filesystem::path(TILELAB_SOURCE_DIR "/levels/samples") / path);
        REQUIRE(load.level);
        return *load.level;
    };
    const Level locks = read("match3/08-locks.json");
    const Level slide = read("slide/02-walls.json");
    const Level jelly = read("match3/02-jelly.json");
    using ojson = nlohmann::ordered_json;
    struct Case {
        const Level* level;
        std::function<void(ojson&)> change;
        std::string expect;  // the start of the message
    };
    const std::vector<Case> cases{
        {&locks, [](ojson& d) { d["level"] = "other"; }, "/level: "},
        {&locks, [](ojson& d) { d["width"] = 8; }, "/width: "},
        {&locks, [](ojson& d) { d["format"] = "tilelab.level"; }, "/format: "},
        {&locks, [](ojson& d) { d["version"] = 2; }, "/version: version 2 is newer"},
        {&locks, [](ojson& d) { d["extra"] = 1; }, "/extra: not a key"},
        {&locks, [](ojson& d) { d.erase("rng"); }, "'rng' is missing"},
        {&locks, [](ojson& d) { d["rng"] = 12; }, "/rng: "},
        {&locks, [](ojson& d) { d["rng"] = "12x"; }, "/rng: "},
        {&locks, [](ojson& d) { d["score"] = -1; }, "/score: -1 is out of range"},
        {&locks, [](ojson& d) { d["board"].erase(d["board"].size() - 1); }, "/board: 8 rows, height is 9"},
        {&locks, [](ojson& d) { d["board"][2] = "1 2 3"; }, "/board/2: row has 3 cells, width is 9"},
        {&locks, [](ojson& d) { d["board"][1] = "? " + d["board"][1].get<std::string>().substr(2); }, "/board/1: cell 0: '?'"},
        {&locks, [](ojson& d) { d["board"][0] = "9 " + d["board"][0].get<std::string>().substr(2); }, "/board/0: "},
        {&locks, [](ojson& d) { d["lock"][0] = "2 " + d["lock"][0].get<std::string>().substr(2); },
         "/lock/0: cell 0: 2 is out of range"},
        {&locks, [](ojson& d) { d["collected"].push_back(0); }, "/collected: expected"},
        {&jelly, [](ojson& d) { d["jelly"][0] = "9 " + d["jelly"][0].get<std::string>().substr(2); },
         "/jelly/0: cell 0: 9 is out of range"},
        {&slide, [](ojson& d) { d["ids"][0] = "7 " + d["ids"][0].get<std::string>().substr(3); }, "/ids/0: cell 0"},
        {&slide, [](ojson& d) { d.erase("next_id"); }, "'next_id' is missing"},
        {&slide, [](ojson& d) { d["jelly"] = ojson::array(); }, "/jelly: not a key of a slide game's state"},
    };
    for (const Case& c : cases) {
        const State start = kind_ops(c.level->kind).start(*c.level);
        ojson doc = ojson::parse(save_state(*c.level, start));
        c.change(doc);
        std::string error;
        INFO(doc.dump());
        CHECK_FALSE(restore_state(*c.level, doc.dump(), error));
        INFO(error);
        CHECK(error.rfind(c.expect, 0) == 0);
    }
    std::string error;
    CHECK_FALSE(restore_state(locks, "{\"format\": ", error));
    CHECK(error.rfind("not JSON", 0) == 0);
}
