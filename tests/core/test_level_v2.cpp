// Level file format version 2 (docs/format.md "Match3 in version 2"): the match3 tokens,
// keys and lock layer, each error located, the canonical writer, and the migration of version 1
// files (a migrated file plays and estimates exactly as the version 1 file it came from).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/scale.hpp"
#include "tilelab/io/level_io.hpp"

namespace fs = std::filesystem;
using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {

// A match3 level of the given version with the given rules, goal, board rows and layers (JSON
// fragments); 5 columns, as many rows as given.
std::string match3_text(int version, const std::string& rules, const std::string& goal, const std::vector<std::string>& rows,
                        const std::string& layers = "") {
    std::string board;
    for (const auto& row : rows) board += (board.empty() ? "\"" : ", \"") + row + "\"";
    return R"({"format": "tilelab.level", "version": )" + std::to_string(version) +
           R"(, "id": "t", "name": "t", "kind": "match3", "width": 5, "height": )" + std::to_string(rows.size()) +
           R"(, "seed": 7, "rules": )" + rules + (goal.empty() ? "" : R"(, "goal": )" + goal) + R"(, "board": [)" + board + "]" +
           (layers.empty() ? "" : R"(, "layers": )" + layers) + "}";
}

std::vector<std::string> messages(const std::string& text) {
    LevelLoad load = parse_level(text, "v2.json");
    std::vector<std::string> out;
    for (const auto& d : load.diagnostics) out.push_back(d.format());
    if (!out.empty()) CHECK_FALSE(load.level);  // never a half-built level
    return out;
}

// The file's only error is `want` (the whole line).
void check_only_error(const std::string& text, const std::string& want) {
    auto lines = messages(text);
    INFO(text);
    for (const auto& l : lines) INFO(l);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0] == want);
}

const std::vector<std::string> plain_rows = {"0 1 2 3 4", "1 2 3 4 0", "2 3 4 0 1"};

// Every token of version 2, both layers, weights and both goals, written canonically.
const char* const full_v2_text = R"({
  "format": "tilelab.level",
  "version": 2,
  "id": "m3-v2-all",
  "name": "Every version 2 cell",
  "kind": "match3",
  "width": 6,
  "height": 4,
  "seed": 2024,
  "rules": {
    "colors": 6,
    "min_match": 3,
    "specials": true,
    "spawn_weights": [3, 1, 0, 2, 1, 1]
  },
  "goal": {
    "moves": 25,
    "score": 5000,
    "jelly": true,
    "collect": [{"color": 5, "count": 10}],
    "crates": true,
    "ingredients": 2
  },
  "board": [
    "0h 1v 2b 5h * @",
    "c1 c2 c3 c4 c5 ?",
    "3 4 @ # _ .",
    "5v 5b 0 1 * 2"
  ],
  "layers": {
    "jelly": [
      "1 0 0 0 0 0",
      "0 0 0 0 0 2",
      "1 1 0 0 0 0",
      "0 0 0 0 0 3"
    ],
    "lock": [
      "1 1 1 0 1 0",
      "0 0 0 0 0 0",
      "1 0 0 0 0 0",
      "0 1 1 0 1 0"
    ]
  }
}
)";

}  // namespace

TEST_CASE("v2: every token, both layers, weights and both goals read as the data model says", "[io][v2]") {
    LevelLoad load = parse_level(full_v2_text, "all.json");
    for (const auto& d : load.diagnostics) INFO(d.format());
    REQUIRE(load.level);
    const Level& l = *load.level;
    CHECK(l.version == 2);
    CHECK(l.board.at(0, 0) == cell::special(0, cell::line_h));
    CHECK(l.board.at(1, 0) == cell::special(1, cell::line_v));
    CHECK(l.board.at(2, 0) == cell::special(2, cell::bomb));
    CHECK(l.board.at(3, 0) == cell::special(5, cell::line_h));
    CHECK(l.board.at(4, 0) == cell::color_bomb);
    CHECK(l.board.at(5, 0) == cell::ingredient);
    for (int hp = 1; hp <= 5; ++hp) CHECK(l.board.at(hp - 1, 1) == cell::crate(hp));
    CHECK(l.board.at(5, 1) == cell::random);
    CHECK(l.board.at(0, 2) == 3);
    CHECK(l.board.at(3, 2) == cell::blocker);
    CHECK(l.board.at(4, 2) == cell::hole);
    CHECK(l.board.at(5, 2) == cell::empty);
    CHECK(l.rules.as<match3::Rules>().specials);
    CHECK(l.rules.as<match3::Rules>().spawn_weights == std::vector<int>{3, 1, 0, 2, 1, 1});
    CHECK(l.goal.as<match3::Goal>().crates);
    CHECK(l.goal.as<match3::Goal>().ingredients == 2);
    REQUIRE(l.lock);
    CHECK(l.lock->at(0, 0) == 1);
    CHECK(l.lock->at(3, 0) == 0);
    CHECK(l.lock->at(4, 3) == 1);
    REQUIRE(l.jelly);
    CHECK(l.jelly->at(5, 3) == 3);
}

TEST_CASE("v2: parse, write, parse gives the same level and the same bytes", "[io][v2]") {
    LevelLoad load = parse_level(full_v2_text, "all.json");
    REQUIRE(load.level);
    const std::string written = write_level(*load.level);
    CHECK(written == full_v2_text);
    LevelLoad again = parse_level(written, "again.json");
    REQUIRE(again.level);
    CHECK(*again.level == *load.level);
    CHECK(write_level(*again.level) == written);

    // A level built in memory (as the editor builds one) writes every v2 field in canonical order.
    Level level = make_blank_level(Kind::match3, 3, 1);
    level.id = "mem";
    level.rules.as<match3::Rules>().colors = 3;
    level.rules.as<match3::Rules>().spawn_weights = {1, 0, 4};
    level.rules.as<match3::Rules>().specials = false;
    level.goal.as<match3::Goal>().crates = true;
    level.goal.as<match3::Goal>().ingredients = 1;
    level.board.at(0, 0) = cell::special(2, cell::bomb);
    level.board.at(1, 0) = cell::crate(3);
    level.board.at(2, 0) = cell::ingredient;
    level.lock = Grid(3, 1, 0);
    level.lock->at(0, 0) = 1;
    const std::string text = write_level(level);
    CHECK(text.find("\"specials\": false,\n    \"spawn_weights\": [1, 0, 4]\n") != std::string::npos);
    CHECK(text.find("\"crates\": true,\n    \"ingredients\": 1\n") != std::string::npos);
    CHECK(text.find("\"2b c3 @\"") != std::string::npos);
    CHECK(text.find("\"lock\": [\n      \"1 0 0\"\n    ]") != std::string::npos);
    LevelLoad back = parse_level(text, "mem.json");
    for (const auto& d : back.diagnostics) INFO(d.format());
    REQUIRE(back.level);
    CHECK(back.level->board == level.board);
    CHECK(back.level->lock == level.lock);
    CHECK(back.level->rules.as<match3::Rules>().spawn_weights == level.rules.as<match3::Rules>().spawn_weights);
    CHECK(write_level(*back.level) == text);
}

TEST_CASE("v2: cell tokens round-trip through cell_token and parse_cell_token", "[io][v2]") {
    auto colours = [](int colors) {
        match3::Rules rules;
        rules.colors = colors;
        return Rules(rules);
    };
    for (const char* token : {"0h", "3v", "12b", "15h", "*", "@", "c1", "c5", "?", "#", "_", ".", "7"}) {
        INFO(token);
        TokenResult r = parse_cell_token(colours(16), token);
        REQUIRE(r.ok);
        CHECK(cell_token(Kind::match3, r.value) == token);
    }
    // The call without a version reads the newest (the editor calls it so).
    const Rules six = colours(6);
    CHECK(parse_cell_token(six, "3h").ok);
    CHECK_FALSE(parse_cell_token(six, "3h", 1).ok);
    // Specials are match3 only: other kinds keep their own tokens.
    CHECK_FALSE(parse_cell_token(Rules(Kind::link), "3h").ok);
    CHECK_FALSE(parse_cell_token(Rules(Kind::slide), "*").ok);
    CHECK(cell_token(Kind::link, 300) == "300");
}

TEST_CASE("v2: bad tokens name the cell and what is allowed", "[io][v2]") {
    const std::string rules = R"({"colors": 6})";
    auto board_error = [&](const std::string& row0, const std::string& want) {
        check_only_error(match3_text(2, rules, "", {row0, "1 2 3 4 0"}), "v2.json: error: /board/0: " + want);
    };
    board_error("c0 1 2 3 4", "cell (0, 0): 'c0' is not a crate (a crate has 1..5 hit points: c1..c5)");
    board_error("0 c6 2 3 4", "cell (1, 0): 'c6' is not a crate (a crate has 1..5 hit points: c1..c5)");
    board_error("0 1 3x 3 4",
                "cell (2, 0): '3x' is not a match3 cell (a special piece is a colour and h (clears its row), v (clears its "
                "column) or b (bomb), as 3h)");
    board_error("0 1 2 7h 4", "cell (3, 0): colour 7 of the special '7h' is out of range (colors is 6)");
    board_error("0 1 2 3 6b", "cell (4, 0): colour 6 of the special '6b' is out of range (colors is 6)");
    board_error("0 1 2 3 %",
                "cell (4, 0): '%' is not a match3 cell (expected a colour 0..5, a special 0h..5h, 0v..5v or 0b..5b, "
                "* colour bomb, @ ingredient, c1..c5 crate, ? random, # blocker, _ hole or . empty)");
}

TEST_CASE("v2: a version 2 token, key or layer in a version 1 file says it needs version 2", "[io][v2]") {
    const std::string rules = R"({"colors": 6})";
    check_only_error(match3_text(1, rules, "", {"0 1 3h 3 4", "1 2 3 4 0"}),
                     "v2.json: error: /board/0: cell (2, 0): '3h' (a special piece) needs format version 2; this file is "
                     "version 1 (set \"version\": 2)");
    check_only_error(match3_text(1, rules, "", {"0 1 2 3 *", "1 2 3 4 0"}),
                     "v2.json: error: /board/0: cell (4, 0): '*' (a colour bomb) needs format version 2; this file is "
                     "version 1 (set \"version\": 2)");
    check_only_error(match3_text(1, rules, "", {"0 1 2 3 4", "@ 2 3 4 0"}),
                     "v2.json: error: /board/1: cell (0, 1): '@' (an ingredient) needs format version 2; this file is "
                     "version 1 (set \"version\": 2)");
    check_only_error(match3_text(1, rules, "", {"0 1 2 3 4", "1 2 3 4 c2"}),
                     "v2.json: error: /board/1: cell (4, 1): 'c2' (a crate) needs format version 2; this file is "
                     "version 1 (set \"version\": 2)");
}

TEST_CASE("v2: every version 2 key of a version 1 file is reported at once", "[io][v2]") {
    auto lines = messages(match3_text(1, R"({"colors": 5, "specials": true, "spawn_weights": [1, 1, 1, 1, 1]})",
                                      R"({"crates": true, "ingredients": 1})", {"0 1 2 3 c2", "1 2 3 4 0"},
                                      R"({"lock": ["0 0 0 0 0", "0 0 0 0 0"]})"));
    const std::string tail = " needs format version 2; this file is version 1 (set \"version\": 2)";
    std::vector<std::string> want = {
        "v2.json: error: /rules/specials: 'specials'" + tail,
        "v2.json: error: /rules/spawn_weights: 'spawn_weights'" + tail,
        "v2.json: error: /goal/crates: 'crates'" + tail,
        "v2.json: error: /goal/ingredients: 'ingredients'" + tail,
        "v2.json: error: /board/0: cell (4, 0): 'c2' (a crate)" + tail,
        "v2.json: error: /layers/lock: 'lock'" + tail,
    };
    for (const auto& l : lines) INFO(l);
    CHECK(lines.size() == want.size());
    for (const auto& w : want) {
        INFO(w);
        CHECK(std::find(lines.begin(), lines.end(), w) != lines.end());
    }
}

TEST_CASE("v2: the new keys are match3's: another kind is told so", "[io][v2]") {
    const char* text = R"({"format": "tilelab.level", "version": 2, "id": "t", "name": "t", "kind": "link", "width": 2,
        "height": 1, "rules": {"specials": true, "spawn_weights": [1, 1]}, "goal": {"crates": true, "ingredients": 1},
        "board": ["1 1"], "layers": {"lock": ["0 0"]}})";
    auto lines = messages(text);
    for (const auto& l : lines) INFO(l);
    CHECK(lines.size() == 5);
    auto has = [&](const std::string& s) { return std::find(lines.begin(), lines.end(), s) != lines.end(); };
    CHECK(has("v2.json: error: /rules/specials: 'specials' is a match3 rule, not a link one"));
    CHECK(has("v2.json: error: /rules/spawn_weights: 'spawn_weights' is a match3 rule, not a link one"));
    CHECK(has("v2.json: error: /goal/crates: 'crates' is a match3 goal, not a link one"));
    CHECK(has("v2.json: error: /goal/ingredients: 'ingredients' is a match3 goal, not a link one"));
    CHECK(has("v2.json: error: /layers/lock: lock is a match3 layer, not a link one"));
}

TEST_CASE("v2: a version newer than the reader is refused, saying what it reads", "[io][v2]") {
    check_only_error(match3_text(4, R"({"colors": 5})", "", plain_rows),
                     "v2.json: error: /version: version 4 is newer than this tilelab reads (up to version 3): update tilelab");
}

TEST_CASE("v2: the lock layer holds 0 or 1, and 1 only on a piece, special or colour bomb", "[io][v2]") {
    const std::string rules = R"({"colors": 5})";
    const std::vector<std::string> rows = {"c2 . # _ ?", "@ 1h * 0 1"};
    auto lock_error = [&](const std::string& lock0, const std::string& want) {
        check_only_error(match3_text(2, rules, "", rows, R"({"lock": [")" + lock0 + R"(", "0 1 1 1 0"]})"),
                         "v2.json: error: /layers/lock/0: " + want);
    };
    const std::string tail = "; a lock goes on a piece, special or colour bomb";
    lock_error("1 0 0 0 0", "cell (0, 0): a lock on a crate (c2)" + tail);
    lock_error("0 1 0 0 0", "cell (1, 0): a lock on an empty cell (.)" + tail);
    lock_error("0 0 1 0 0", "cell (2, 0): a lock on a blocker (#)" + tail);
    lock_error("0 0 0 1 0", "cell (3, 0): a lock on a hole (_)" + tail);
    lock_error("0 0 0 0 1", "cell (4, 0): a lock on a random piece (?)" + tail);
    lock_error("0 0 0 0 2", "cell (4, 0): '2' is not a lock value (0 or 1)");
    check_only_error(match3_text(2, rules, "", rows, R"({"lock": ["0 0 0 0 0", "1 0 0 0 0"]})"),
                     "v2.json: error: /layers/lock/1: cell (0, 1): a lock on an ingredient (@)" + tail);
    check_only_error(match3_text(2, rules, "", rows, R"({"lock": ["0 0 0 0 0"]})"),
                     "v2.json: error: /layers/lock: lock has 1 rows, height is 2");
    // On pieces, specials and colour bombs it is fine.
    LevelLoad ok = parse_level(match3_text(2, rules, "", rows, R"({"lock": ["0 0 0 0 0", "0 1 1 1 1"]})"), "ok.json");
    for (const auto& d : ok.diagnostics) INFO(d.format());
    CHECK(ok.level);
}

TEST_CASE("v2: spawn_weights has one non-negative weight per colour, not all 0", "[io][v2]") {
    auto weights_error = [&](const std::string& weights, const std::string& want) {
        check_only_error(match3_text(2, R"({"colors": 5, "spawn_weights": )" + weights + "}", "", plain_rows),
                         "v2.json: error: /rules/spawn_weights" + want);
    };
    weights_error("[1, 1, 1, 1]", ": spawn_weights has 4 weights, colors is 5 (one weight per colour)");
    weights_error("[1, 1, 1, 1, 1, 1]", ": spawn_weights has 6 weights, colors is 5 (one weight per colour)");
    weights_error("[1, -1, 1, 1, 1]", "/1: the weight -1 is out of range (0..1000000)");
    weights_error("[1, 1, 1, 1, 1000001]", "/4: the weight 1000001 is out of range (0..1000000)");
    weights_error("[0, 0, 0, 0, 0]", ": every weight is 0: at least one colour must have a weight above 0");
    weights_error("2", ": spawn_weights must be an array of one weight per colour, not an integer");
    check_only_error(match3_text(2, R"({"colors": 5, "specials": "yes"})", "", plain_rows),
                     "v2.json: error: /rules/specials: specials must be true or false, not a string");
    LevelLoad ok = parse_level(match3_text(2, R"({"colors": 5, "spawn_weights": [0, 0, 7, 0, 0]})", "", plain_rows), "ok");
    REQUIRE(ok.level);
    CHECK(ok.level->rules.as<match3::Rules>().spawn_weights == std::vector<int>{0, 0, 7, 0, 0});
}

TEST_CASE("v2: the crates and ingredients goals need crates and enough ingredients on the board", "[io][v2]") {
    const std::string rules = R"({"colors": 5})";
    check_only_error(match3_text(2, rules, R"({"crates": true})", plain_rows),
                     "v2.json: error: /goal/crates: the goal is to clear crates, but the board has no crate");
    check_only_error(match3_text(2, rules, R"({"ingredients": 3})", {"@ 1 2 3 4", "1 2 @ 4 0"}),
                     "v2.json: error: /goal/ingredients: the goal is to collect 3 ingredients, but the board has only 2 (@)");
    check_only_error(
        match3_text(2, rules, R"({"ingredients": 1})", plain_rows),
        "v2.json: error: /goal/ingredients: the goal is to collect 1 ingredients, but the board has no ingredient (@)");
    check_only_error(match3_text(2, rules, R"({"ingredients": 0})", {"@ 1 2 3 4"}),
                     "v2.json: error: /goal/ingredients: ingredients 0 is out of range (1..5)");
    CHECK(parse_level(match3_text(2, rules, R"({"crates": false})", plain_rows), "ok").level);
    CHECK(parse_level(match3_text(2, rules, R"({"crates": true, "ingredients": 2})", {"@ c1 2 3 4", "1 2 @ 4 0"}), "ok").level);
}

TEST_CASE("v2: a version 1 match3 level plays as specials false, keeps version 1 when written, and upgrades to it",
          "[io][v2][migration]") {
    const std::string v1 = match3_text(1, R"({"colors": 5})", "", plain_rows);
    LevelLoad load = parse_level(v1, "v1.json");
    REQUIRE(load.level);
    CHECK(load.level->version == 1);  // the file's version, kept (docs/format.md "Versions and migration")
    CHECK_FALSE(load.level->rules.as<match3::Rules>().specials);
    const std::string written = write_level(*load.level);
    CHECK(written.find("\"version\": 1,") != std::string::npos);
    CHECK(written.find("specials") == std::string::npos);  // version 1 has no such key
    LevelLoad again = parse_level(written, "v1-again.json");
    REQUIRE(again.level);
    CHECK(*again.level == *load.level);
    CHECK(write_level(*again.level) == written);

    // Upgraded (fmt --upgrade): the newest version, with specials false written so it plays as before.
    Level upgraded = *load.level;
    upgraded.version = level_format_version;
    const std::string newest = write_level(upgraded);
    CHECK(newest.find("\"version\": " + std::to_string(level_format_version) + ",") != std::string::npos);
    CHECK(newest.find("\"colors\": 5,\n    \"specials\": false\n") != std::string::npos);
    LevelLoad reread = parse_level(newest, "v3.json");
    REQUIRE(reread.level);
    CHECK_FALSE(reread.level->rules.as<match3::Rules>().specials);
    CHECK(write_level(*reread.level) == newest);

    // A version 1 level given a version 2 feature in code is written as version 2, never as an
    // invalid version 1 file.
    Level with_specials = *load.level;
    with_specials.rules.as<match3::Rules>().specials = true;
    const std::string raised = write_level(with_specials);
    CHECK(raised.find("\"version\": 2,") != std::string::npos);
    CHECK(parse_level(raised, "raised.json").level);
    Level with_token = *load.level;
    with_token.board.cells[0] = cell::special(0, cell::line_h);
    const std::string token_raised = write_level(with_token);
    CHECK(token_raised.find("\"version\": 2,") != std::string::npos);
    CHECK(parse_level(token_raised, "token.json").level);

    // migrate_level_json upgrades JSON one step a version, to the newest.
    nlohmann::ordered_json value = nlohmann::ordered_json::parse(v1);
    Diagnostics diagnostics;
    REQUIRE(migrate_level_json(value, "v1.json", "", diagnostics));
    CHECK(value.at("version") == level_format_version);
    CHECK(value.at("rules").at("specials") == false);
    nlohmann::ordered_json newer = nlohmann::ordered_json::parse(
        match3_text(level_format_version + 1, R"({"colors": 5})", "", plain_rows));
    CHECK_FALSE(migrate_level_json(newer, "v4.json", "", diagnostics));

    const char* slide = R"({"format": "tilelab.level", "version": 1, "id": "s", "name": "s", "kind": "slide", "width": 2,
        "height": 1, "board": ["2 ."]})";
    LevelLoad s = parse_level(slide, "s.json");
    REQUIRE(s.level);
    const std::string slide_text = write_level(*s.level);
    CHECK(slide_text.find("\"version\": 1,") != std::string::npos);
    CHECK(slide_text.find("specials") == std::string::npos);
    CHECK(slide_text.find("\"rules\"") == std::string::npos);
    // An empty spawn table set in code raises a slide level to version 3.
    Level puzzle = *s.level;
    puzzle.rules.as<slide::Rules>().spawn.clear();
    const std::string puzzle_text = write_level(puzzle);
    CHECK(puzzle_text.find("\"version\": 3,") != std::string::npos);
    CHECK(puzzle_text.find("\"spawn\": []") != std::string::npos);
    CHECK(parse_level(puzzle_text, "puzzle.json").level);
}

namespace {

std::vector<fs::path> v1_levels() {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(TILELAB_TEST_DATA "/v1-levels"))
        if (e.path().extension() == ".json") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string cell_arg(const nlohmann::json& c) {
    return std::to_string(c.at(0).get<int>()) + "," + std::to_string(c.at(1).get<int>());
}

// A command to run on the v1 file and on its migrated copy ('%' stands for the level's path), and
// whether it must succeed (a sequence of hints may meet an illegal move: apply then exits 1, the
// same for both).
struct Command {
    std::string args;
    bool must_succeed = true;
};

// Legal moves from the level's start, and the commands that must print the same for both files:
// match3 each of the first hints of analyze alone and all of them in a row, link the solver's
// order, lines the solver's moves, slide the four directions; estimate where the kind has a bot
// (match3, slide); analyze for every kind.
std::vector<Command> commands_for(const fs::path& level) {
    // 50 playouts (10 in the sanitizer run): the bytes must match whatever the count.
    const std::string estimate = "estimate % --runs " + std::to_string(std::max(10, tilelab::test::reps(50))) + " --json";
    const std::string kind = fs::path(level).parent_path().filename().string();
    std::vector<Command> out = {{"analyze % --json"}};
    auto moves_arg = [](const std::vector<std::string>& moves) {
        std::string args;
        for (const auto& m : moves) args += " " + shell_quote(m);
        return args;
    };
    if (kind == "slide") {
        out.push_back({"apply %" + moves_arg({"left", "up", "right", "down"}) + " --json", false});
        out.push_back({estimate});
        return out;
    }
    auto analyzed = run_cli("analyze " + shell_quote(level.string()) + " --json");
    REQUIRE(analyzed.status == 0);
    const auto json = nlohmann::json::parse(analyzed.out);
    std::vector<std::string> moves;
    if (kind == "match3") {
        for (const auto& hint : json.at("hints")) {
            if (moves.size() == 3) break;
            moves.push_back(cell_arg(hint.at("swap").at(0)) + ":" + cell_arg(hint.at("swap").at(1)));
            out.push_back({"apply %" + moves_arg({moves.back()}) + " --json"});
        }
        REQUIRE_FALSE(moves.empty());
        out.push_back({"apply %" + moves_arg(moves) + " --json", false});
        out.push_back({estimate});
    } else if (kind == "link") {
        for (const auto& pair : json.at("solve").at("order")) {
            if (moves.size() == 3) break;
            moves.push_back(cell_arg(pair.at(0)) + ":" + cell_arg(pair.at(1)));
        }
        REQUIRE_FALSE(moves.empty());
        out.push_back({"apply %" + moves_arg(moves) + " --json"});
    } else if (kind == "lines") {
        for (const auto& m : json.at("solve").at("moves")) moves.push_back(m.get<std::string>());
        if (moves.empty()) moves = {"row:0:left", "col:0:up"};
        out.push_back({"apply %" + moves_arg(moves) + " --json"});
    }
    return out;
}

}  // namespace

// The shipped samples are version 2; `fmt --upgrade` writes version 3 with the same content.
static std::string as_version_3(std::string text) {
    const auto at = text.find("\"version\": 2,");
    if (at != std::string::npos) text.replace(at, 13, "\"version\": 3,");
    return text;
}

TEST_CASE("v2 migration: every v1 level plays, analyzes and estimates byte for byte as its fmt --upgrade copy",
          "[cli][v2][migration]") {
    const auto files = v1_levels();
    REQUIRE(files.size() >= 12);
    const auto dir = fs::temp_directory_path() / ("tilelab-v2-migration-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& v1 : files) {
        INFO(v1.string());
        const std::string text = slurp(v1);
        REQUIRE(text.find("\"version\": 1,") != std::string::npos);
        const std::string kind = v1.parent_path().filename().string();
        fs::create_directories(dir / kind);
        const fs::path v2 = dir / kind / v1.filename();
        fs::copy_file(v1, v2, fs::copy_options::overwrite_existing);
        // fmt keeps the file's version: a canonical version 1 file stays as it is.
        auto keep = run_cli("fmt " + shell_quote(v2.string()));
        INFO(keep.err);
        REQUIRE(keep.status == 0);
        CHECK(slurp(v2) == text);
        auto fmt = run_cli("fmt --upgrade " + shell_quote(v2.string()));
        INFO(fmt.err);
        REQUIRE(fmt.status == 0);
        const std::string migrated = slurp(v2);
        CHECK(migrated.find("\"version\": 3,") != std::string::npos);
        CHECK((migrated.find("\"specials\": false") != std::string::npos) == (kind == "match3"));
        // The migrated copy is what levels/samples ships (the samples are these files, migrated to
        // version 2, which version 3 leaves as they are).
        const fs::path shipped = fs::path(TILELAB_SOURCE_DIR) / "levels" / "samples" / kind / v1.filename();
        if (fs::exists(shipped)) CHECK(as_version_3(slurp(shipped)) == migrated);

        for (const Command& command : commands_for(v1)) {
            auto run = [&](const fs::path& level) {
                std::string args = command.args;
                args.replace(args.find('%'), 1, shell_quote(level.string()));
                return run_cli(args);
            };
            auto a = run(v1);
            auto b = run(v2);
            INFO(command.args << "\nv1 stderr: " << a.err << "\nv2 stderr: " << b.err);
            if (command.must_succeed) CHECK(a.status == 0);
            CHECK(a.status == b.status);
            CHECK_FALSE(a.out.empty());
            CHECK(a.out == b.out);
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("v2: validate prints every new error located; fmt keeps a v1 file, fmt --upgrade migrates it once", "[cli][v2]") {
    const auto dir = fs::temp_directory_path() / ("tilelab-v2-cli-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path bad = dir / "bad.json";
    {
        std::ofstream(bad) << match3_text(2, R"({"colors": 6, "spawn_weights": [1, 1]})", R"({"crates": true})",
                                          {"c0 c6 3x 7h @", "1 2 3 4 0"}, R"({"lock": ["0 0 0 0 2", "0 0 0 0 0"]})");
    }
    auto r = run_cli("validate " + shell_quote(bad.string()));
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    const std::string f = bad.string() + ": error: ";
    for (const std::string& want :
         {f + "/rules/spawn_weights: spawn_weights has 2 weights, colors is 6", f + "/board/0: cell (0, 0): 'c0' is not a crate",
          f + "/board/0: cell (1, 0): 'c6' is not a crate", f + "/board/0: cell (2, 0): '3x' is not a match3 cell",
          f + "/board/0: cell (3, 0): colour 7 of the special '7h' is out of range (colors is 6)",
          f + "/layers/lock/0: cell (4, 0): '2' is not a lock value (0 or 1)"}) {
        INFO(want << "\nstderr:\n" << r.err);
        CHECK(r.err.find(want + "") != std::string::npos);
    }

    const fs::path v1 = dir / "v1.json";
    fs::copy_file(TILELAB_TEST_DATA "/v1-levels/match3/02-jelly.json", v1);
    // A canonical version 1 file stays canonical: fmt keeps its version and its bytes.
    CHECK(run_cli("fmt --check " + shell_quote(v1.string())).status == 0);
    CHECK(run_cli("fmt " + shell_quote(v1.string())).status == 0);
    CHECK(slurp(v1) == slurp(TILELAB_TEST_DATA "/v1-levels/match3/02-jelly.json"));
    CHECK(run_cli("fmt --upgrade " + shell_quote(v1.string())).status == 0);
    CHECK(run_cli("fmt --check " + shell_quote(v1.string())).status == 0);
    CHECK(slurp(v1) == as_version_3(slurp(TILELAB_SOURCE_DIR "/levels/samples/match3/02-jelly.json")));
    CHECK(run_cli("fmt --upgrade " + shell_quote(v1.string())).status == 0);  // once: a second run changes nothing
    CHECK(slurp(v1) == as_version_3(slurp(TILELAB_SOURCE_DIR "/levels/samples/match3/02-jelly.json")));
    fs::remove_all(dir);
}

TEST_CASE("v2: every conformance vector level loads, and a version 2 one writes back as it was", "[io][v2]") {
    int v2_levels = 0;
    for (const auto& e : fs::directory_iterator(TILELAB_TEST_DATA "/vectors")) {
        if (e.path().extension() != ".json") continue;
        const auto vectors = nlohmann::ordered_json::parse(slurp(e.path()));
        if (!vectors.contains("cases")) continue;
        for (std::size_t i = 0; i < vectors.at("cases").size(); ++i) {
            const auto& c = vectors.at("cases")[i];
            if (!c.contains("level")) continue;
            INFO(e.path().filename().string() << " case " << i);
            LevelLoad load = level_from_json(c.at("level"), e.path().filename().string());
            for (const auto& d : load.diagnostics) INFO(d.format());
            REQUIRE(load.level);
            const std::string text = write_level(*load.level);
            LevelLoad again = parse_level(text, "again.json");
            REQUIRE(again.level);
            CHECK(*again.level == *load.level);
            CHECK(write_level(*again.level) == text);
            if (c.at("level").at("version") == 2) {
                ++v2_levels;
                // Same keys and values (the vectors' own key order aside).
                CHECK(nlohmann::json::parse(text) == nlohmann::json::parse(c.at("level").dump()));
            }
        }
    }
    if (v2_levels == 0) WARN("no version 2 level among tests/data/vectors");
}
