// Level problems that explain a verdict (analysis/problems.hpp): the same list from the core,
// `analyze`'s warnings and `validate`'s warnings, and none on levels without such a problem.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "support/run.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/level_io.hpp"

using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::shell_quote;

namespace {

Level level_from(const std::string& text) {
    LevelLoad load = parse_level(text, "test.json");
    for (const Diagnostic& d : load.diagnostics) INFO(d.format());
    REQUIRE(load.level);
    return *load.level;
}

std::string match3_level(const std::string& rows, const std::string& jelly, const std::string& extra = "") {
    return R"({"format": "tilelab.level", "version": 1, "id": "t", "name": "t", "kind": "match3", "width": 5, "height": 4,
              "rules": {"colors": 4}, "goal": {"moves": 10)" + extra + R"(}, "board": )" + rows +
           (jelly.empty() ? "" : R"(, "layers": {"jelly": )" + jelly + "}") + "}";
}

std::string link_level(const std::string& rows, bool border = true) {
    return R"({"format": "tilelab.level", "version": 1, "id": "t", "name": "t", "kind": "link", "width": 4, "height": 3,
              "rules": {"border": )" + std::string(border ? "true" : "false") + R"(}, "board": )" + rows + "}";
}

bool has(const std::vector<Warning>& warnings, const std::string& part, std::optional<Cell> cell = std::nullopt) {
    return std::any_of(warnings.begin(), warnings.end(), [&](const Warning& w) {
        return w.message.find(part) != std::string::npos && (!cell || w.cell == cell);
    });
}

const std::string open_rows = R"(["0 1 2 3 0", "1 2 3 0 1", "2 3 0 1 2", "3 0 1 2 3"])";

}  // namespace

TEST_CASE("match3: jelly under a blocker, below a blocker with nothing to fall, or off every run", "[problems]") {
    // Column 2: a blocker over an empty cell with nothing above it in its segment.
    Level level = level_from(match3_level(R"(["0 1 # 3 0", "1 2 . 0 1", "2 3 0 1 #", "_ # 1 # 3"])",
                                    R"(["0 0 2 0 0", "0 0 1 0 0", "1 0 0 0 0", "0 0 0 0 1"])", R"(, "jelly": true)"));
    auto w = level_problems(level);
    CHECK(has(w, "under a blocker", Cell{2, 0}));
    CHECK(has(w, "no piece can ever fall into it", Cell{2, 1}));
    CHECK_FALSE(has(w, "", Cell{0, 2}));  // a run across row 2 reaches it
    CHECK(has(w, "no line of 3 cells that can hold pieces passes through it", Cell{4, 3}));  // a blocker left of it and above it
    CHECK(has(w, "the level cannot be won"));
    // The same jelly on open cells: nothing to say.
    Level open = level_from(match3_level(open_rows, R"(["2 0 0 0 1", "0 1 0 0 0", "0 0 0 0 0", "0 0 0 3 0"])"));
    CHECK(level_problems(open).empty());
}

TEST_CASE("match3: ? cells every colour makes a run in, and runs already among the fixed pieces", "[problems]") {
    Level level = level_from(R"({"format": "tilelab.level", "version": 1, "id": "t", "name": "t", "kind": "match3",
        "width": 5, "height": 2, "rules": {"colors": 2}, "board": ["0 0 ? 1 1", "1 0 1 0 1"]})");
    auto w = level_problems(level);
    CHECK(has(w, "cannot fill the ? at (2, 0) without a run", Cell{2, 0}));
    CHECK(has(w, "0 with (0, 0)-(2, 0), 1 with (2, 0)-(4, 0)"));
    Level run = level_from(R"({"format": "tilelab.level", "version": 1, "id": "t", "name": "t", "kind": "match3",
        "width": 5, "height": 2, "rules": {"colors": 3}, "board": ["1 1 1 0 ?", "0 2 0 2 0"]})");
    CHECK(has(level_problems(run), "the run of colour 1 at (0, 0)-(2, 0) is already there", Cell{0, 0}));
    // Without ? cells the run is the "runs before the first move" warning's, not a fill problem.
    Level fixed = level_from(R"({"format": "tilelab.level", "version": 1, "id": "t", "name": "t", "kind": "match3",
        "width": 5, "height": 2, "rules": {"colors": 3}, "board": ["1 1 1 0 2", "0 2 0 2 0"]})");
    CHECK(level_problems(fixed).empty());
}

TEST_CASE("link: a tile walled in on all sides, or walled off from every partner", "[problems]") {
    auto w = level_problems(level_from(link_level(R"(["1 # 2 #", "# 2 # 1", ". # . ."])")));
    CHECK(has(w, "can never link: it is walled in on all sides by blockers, which are never removed", Cell{1, 1}));
    CHECK_FALSE(has(w, "", Cell{0, 0}));  // the two 1s meet through the border ring
    // Without the border the board's edge is a wall: the corner 1 is shut in.
    auto off = level_problems(level_from(link_level(R"(["1 # 2 .", "# . 2 1", ". . . ."])", false)));
    CHECK(has(off, "walled in on all sides by blockers, which are never removed (and the board's edge: the border is off)", Cell{0, 0}));
    // Walled off in an area of its own, with a free cell beside it.
    auto apart = level_problems(level_from(link_level(R"(["1 . # 1", "# # # .", ". . . ."])", false)));
    CHECK(has(apart, "blockers, which are never removed, wall it off from every partner", Cell{0, 0}));
    CHECK(level_problems(level_from(link_level(R"(["1 2 . .", ". . 2 1", ". . . ."])"))).empty());
}

TEST_CASE("link: a move limit below the pairs to clear can never be met", "[problems]") {
    const std::string rows = R"(["1 2 3 .", ". 3 2 1", ". . . ."])";  // 3 pairs
    auto with_limit = [&](const std::string& goal) {
        std::string text = link_level(rows);
        text.insert(text.rfind('}'), R"(, "goal": )" + goal);
        return level_problems(level_from(text));
    };
    CHECK(has(with_limit(R"({"moves": 2})"), "clearing the board takes 3 moves (one a pair of its 6 tiles) but the move limit is 2"));
    CHECK(with_limit(R"({"moves": 3})").empty());
    CHECK(with_limit(R"({"moves": 2, "clear": false})").empty());  // no clearing goal: nothing to say
    CHECK(with_limit("{}").empty());
}

TEST_CASE("validate and analyze print the problems as warnings; the level stays valid", "[problems][cli]") {
    const std::string file = TILELAB_TEST_DATA "/problems/match3-jelly-blocked.json";
    auto valid = run_cli("validate " + shell_quote(file));
    CHECK(valid.status == 0);
    CHECK(valid.err.find("match3-jelly-blocked.json: warning: /board/0: unreachable jelly at (2, 0): 2 layers") != std::string::npos);
    auto analyzed = run_cli("analyze " + shell_quote(file));
    CHECK(analyzed.status == 0);
    CHECK(analyzed.out.find("warning: (2, 0): unreachable jelly at (2, 0): 2 layers") != std::string::npos);
    auto walled = run_cli("validate " + shell_quote(TILELAB_TEST_DATA "/problems/link-walled.json"));
    CHECK(walled.status == 0);
    CHECK(walled.err.find("/board/1: the tile 3 at (2, 1) can never link: it is walled in on all sides") != std::string::npos);
}

TEST_CASE("match3 format 2 problems: an ingredient walled in, a crate nothing can hit, and the goals they sink") {
    // The ingredient's pocket (columns 0-1, rows 0-1) is closed by blockers: it can fall and be
    // swapped only inside it, and no cell of it is an exit. The crate's neighbours are blockers.
    const std::string stuck = R"({"format": "tilelab.level", "version": 2, "id": "t", "name": "t", "kind": "match3",
        "width": 5, "height": 5, "rules": {"colors": 4, "specials": false}, "goal": {"moves": 10, "crates": true, "ingredients": 1},
        "board": ["@ ? # ? ?", "? ? # ? ?", "# # # ? ?", "? ? ? # #", "? ? ? # c2"]})";
    const auto warnings = level_problems(level_from(stuck));
    CHECK(has(warnings, "ingredient at (0, 0) can never reach an exit: the blocker at (0, 2), which never moves, is below it", Cell{0, 0}));
    CHECK(has(warnings, "only 0 can ever reach an exit: the level cannot be won"));
    CHECK(has(warnings, "crate at (4, 4) can never be hit", Cell{4, 4}));
    CHECK(has(warnings, "1 can never be hit: the level cannot be won"));
    // A blocker below an ingredient that a swap can take to the next column proves nothing (the
    // check at 220c85b said it could never reach its exit); with specials on, a line special can
    // reach any crate.
    const std::string fine = R"({"format": "tilelab.level", "version": 2, "id": "t", "name": "t", "kind": "match3",
        "width": 5, "height": 5, "rules": {"colors": 4}, "goal": {"moves": 10, "crates": true, "ingredients": 1},
        "board": ["@ ? ? ? ?", "? ? ? ? ?", "# ? ? ? ?", "? ? ? # #", "? ? ? # c2"]})";
    const auto none = level_problems(level_from(fine));
    CHECK_FALSE(has(none, "can never"));
    CHECK_FALSE(has(none, "cannot be won"));
}
