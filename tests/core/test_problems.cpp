// Level problems that explain a verdict (analysis/problems.hpp): the same list from the core,
// `analyze`'s warnings and `validate`'s warnings, and none on levels without such a problem; and
// one list, in one shape, from validate, analyze, estimate, tune and pack check (docs/cli.md).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/limits.hpp"

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
              "rules": {"colors": 4}, "goal": {"moves": 10)" +
           extra + R"(}, "board": )" + rows + (jelly.empty() ? "" : R"(, "layers": {"jelly": )" + jelly + "}") + "}";
}

std::string link_level(const std::string& rows, bool border = true) {
    return R"({"format": "tilelab.level", "version": 1, "id": "t", "name": "t", "kind": "link", "width": 4, "height": 3,
              "rules": {"border": )" +
           std::string(border ? "true" : "false") + R"(}, "board": )" + rows + "}";
}

bool has(const std::vector<Warning>& warnings, const std::string& part, std::optional<Cell> cell = std::nullopt) {
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const Warning& w) { return w.message.find(part) != std::string::npos && (!cell || w.cell == cell); });
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
    CHECK_FALSE(has(w, "", Cell{0, 2}));                                                     // a run across row 2 reaches it
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
    CHECK(has(off, "walled in on all sides by blockers, which are never removed (and the board's edge: the border is off)",
              Cell{0, 0}));
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
    CHECK(has(with_limit(R"({"moves": 2})"),
              "clearing the board takes 3 moves (one a pair of its 6 tiles) but the move limit is 2"));
    CHECK(with_limit(R"({"moves": 3})").empty());
    CHECK(with_limit(R"({"moves": 2, "clear": false})").empty());  // no clearing goal: nothing to say
    CHECK(with_limit("{}").empty());
}

TEST_CASE("validate and analyze print the problems as warnings; the level stays valid", "[problems][cli]") {
    const std::string file = TILELAB_TEST_DATA "/problems/match3-jelly-blocked.json";
    auto valid = run_cli("validate " + shell_quote(file));
    CHECK(valid.status == 0);
    CHECK(valid.err.find("match3-jelly-blocked.json: warning: /board/0: unreachable jelly at (2, 0): 2 layers") !=
          std::string::npos);
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
    CHECK(has(warnings, "ingredient at (0, 0) can never reach an exit: the blocker at (0, 2), which never moves, is below it",
              Cell{0, 0}));
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

// ---- One list in every verb (issue 33, item 2) -------------------------------------------------

namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

ojson json_out(const tilelab::test::RunResult& r, const std::string& what) {
    INFO(what << ": exit " << r.status << ", stderr: " << r.err);
    ojson j = ojson::parse(r.out, nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    return j;
}

// A problem as every verb's JSON has it: {"severity", "message", "cell" (if any), "rule"}; the
// keys validate and pack check add (file, place, text) are left out.
ojson common(const ojson& problems) {
    auto out = ojson::array();
    for (const auto& p : problems) {
        ojson q;
        for (const char* key : {"severity", "message", "cell", "rule"})
            if (p.contains(key)) q[key] = p[key];
        out.push_back(std::move(q));
    }
    return out;
}

// A message in the designer's words: colours as the palette numbers them (a special's colour, not
// its cell encoding: "colour 256" was 0h), and a count of one in the singular.
bool raw_encoding(const std::string& message) {
    static const std::regex colour(R"(colou?r (\d+))");
    for (std::sregex_iterator it(message.begin(), message.end(), colour), end; it != end; ++it)
        if (std::stoi((*it)[1].str()) >= limits::max_colors) return true;
    static const std::regex one_plural(
        R"((^|[^0-9.,])1 (tiles|pieces|cells|moves|runs|levels|shifts|groups|pairs|layers|errors|warnings)\b)");
    return std::regex_search(message, one_plural);
}

const std::string odd_message = "value 11 has 5 tiles: an odd count can never be cleared";

}  // namespace

TEST_CASE("the odd-count link board: validate, analyze and pack check give the same problem at the same cell",
          "[problems][cli]") {
    const fs::path dir = tilelab::test::scratch_dir("odd-count");
    fs::copy_file(TILELAB_TEST_DATA "/problems/link-odd-count.json", dir / "odd.json");
    {
        std::ofstream(dir / "pack.json") << R"({"format": "tilelab.pack", "version": 1, "name": "odd",
                                                "levels": ["odd.json"]})";
    }
    const std::string level = shell_quote((dir / "odd.json").string());
    const std::string pack = shell_quote((dir / "pack.json").string());
    const std::string line = (dir / "odd.json").string() + ": warning: /board/1: " + odd_message + " (cell [2, 1])";
    const ojson want = ojson::parse(R"({"severity": "warning", "message": ")" + odd_message +
                                    R"(", "cell": [2, 1], "rule": "link.odd-count"})");

    auto valid = run_cli("validate " + level);
    CHECK(valid.status == 0);  // still a valid level
    CHECK(valid.err.find(line + "\n") != std::string::npos);
    const ojson validated = json_out(run_cli("validate --json " + level), "validate --json");
    CHECK(common(validated["files"][0]["problems"]) == ojson::array({want}));
    CHECK(validated["files"][0]["problems"][0]["text"] == line);

    auto analyzed = run_cli("analyze " + level);
    CHECK(analyzed.out.find("verdict: unsolvable\nwarning: (2, 1): " + odd_message + "\n") != std::string::npos);
    const ojson analysis = json_out(run_cli("analyze --json " + level), "analyze --json");
    CHECK(analysis["solve"]["verdict"] == "unsolvable");
    CHECK(analysis["problems"] == ojson::array({want}));
    CHECK(run_cli("analyze --json " + level).err.empty());

    auto checked = run_cli("pack check " + pack);
    CHECK(checked.status == 1);  // unsolvable: the check's own error
    CHECK(checked.err.find(line + "\n") != std::string::npos);
    const ojson report = json_out(run_cli("pack check --json " + pack), "pack check");
    const ojson& problems = report["levels"][0]["problems"];
    REQUIRE(problems.size() == 2);
    CHECK(common(ojson::array({problems[0]})) == ojson::array({want}));
    CHECK(problems[0]["text"] == line);
    CHECK(problems[1]["rule"] == "pack.unsolvable");
    CHECK(problems[1]["severity"] == "error");
    fs::remove_all(dir);
}

TEST_CASE("link: an odd count and a value without partner are level problems, with their cell", "[problems]") {
    const Level odd = level_from(tilelab::test::slurp(TILELAB_TEST_DATA "/problems/link-odd-count.json"));
    const auto w = level_problems(odd);
    REQUIRE(w.size() == 1);
    CHECK(w[0].message == odd_message);
    CHECK(w[0].cell == Cell{2, 1});  // the value's first tile in board order
    CHECK(w[0].rule == "link.odd-count");
    CHECK(w[0].severity == Diagnostic::Severity::warning);
    // Without a solver run the list is the same: validate, estimate and tune use problem_list(level).
    REQUIRE(problem_list(odd).size() == 1);
    CHECK(problem_list(odd)[0].rule == "link.odd-count");
    auto alone = level_problems(level_from(link_level(R"(["1 . . 1", ". 2 2 .", ". . 5 ."])")));
    CHECK(has(alone, "value 5 has 1 tile: an odd count", Cell{2, 2}));
}

TEST_CASE("lines: the solver running out of time is a warning in analyze --json and its text", "[problems][cli]") {
    const std::string level = shell_quote(TILELAB_TEST_DATA "/problems/lines-timeout.json");
    const ojson analysis = json_out(run_cli("analyze --json --budget-ms 1 " + level), "analyze --json");
    CHECK(analysis["solve"]["verdict"] == "unknown");
    REQUIRE(analysis["problems"].size() == 1);
    const ojson& p = analysis["problems"][0];
    CHECK(p["severity"] == "warning");
    CHECK(p["rule"] == "lines.solver-timeout");
    CHECK_FALSE(p.contains("cell"));
    const std::string message = p["message"].get<std::string>();
    CHECK(message.rfind("the solver ran out of time after ", 0) == 0);
    auto text = run_cli("analyze --budget-ms 1 " + level);
    CHECK(text.out.find("verdict: unknown\nwarning: the solver ran out of time after ") != std::string::npos);
    // validate runs no solver: the level itself has no problem.
    CHECK(json_out(run_cli("validate --json " + level), "validate")["files"][0]["problems"] == ojson::array());
}

TEST_CASE("every verb gives each level the same problems: samples, generated levels, the problem corpus", "[problems][cli]") {
    const fs::path dir = tilelab::test::scratch_dir("problem-table");
    std::vector<fs::path> levels;
    for (const auto& entry : fs::recursive_directory_iterator(TILELAB_SOURCE_DIR "/levels/samples"))
        if (entry.path().extension() == ".json") levels.push_back(entry.path());
    // The corpus of problems; lines-timeout is left out: its only problem is the solver's time-out,
    // which depends on each verb's budget (analyze 2000 ms, pack check 1000 ms, validate none).
    for (const auto& entry : fs::directory_iterator(TILELAB_TEST_DATA "/problems"))
        if (entry.path().filename() != "lines-timeout.json") levels.push_back(entry.path());
    std::sort(levels.begin(), levels.end());
    const char* generate[] = {
        "--kind match3 --width 7 --height 7 --seed 3", "--kind match3 --width 8 --height 6 --blockers 4 --seed 9",
        "--kind link --width 6 --height 4 --seed 5",   "--kind link --width 8 --height 6 --blockers 6 --seed 2",
        "--kind lines --width 4 --height 4 --seed 7",  "--kind slide --width 4 --height 4 --blockers 2 --seed 4"};
    for (int i = 0; i < 6; ++i) {
        const fs::path file = dir / ("generated-" + std::to_string(i) + ".json");
        REQUIRE(run_cli(std::string("generate ") + generate[i] + " -o " + shell_quote(file.string())).status == 0);
        levels.push_back(file);
    }
    // One pack of copies of them all, for pack check.
    ojson pack = {{"format", "tilelab.pack"}, {"version", 1}, {"name", "table"}, {"levels", ojson::array()}};
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const std::string name = "level-" + std::to_string(i) + ".json";
        fs::copy_file(levels[i], dir / name);
        pack["levels"].push_back(name);
    }
    { std::ofstream(dir / "pack.json") << pack.dump(); }
    const std::string pack_file = shell_quote((dir / "pack.json").string());
    // Fast bots (greedy; quick for slide's tune, whose curve needs playouts that end within its move
    // cap): the problems do not depend on the bot, and slide's default (expectimax) took most of this
    // test's time, above all in the sanitizer run (the bots' own tests are in tests/slide and match3).
    const ojson report = json_out(run_cli("pack check --json --runs 10 --threads 2 --bot greedy " + pack_file), "pack check");

    int with_problems = 0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const std::string file = shell_quote((dir / ("level-" + std::to_string(i) + ".json")).string());
        INFO(levels[i].string());
        const ojson validated = json_out(run_cli("validate --json " + file), "validate");
        const ojson want = common(validated["files"][0]["problems"]);
        for (const auto& p : want) {
            const std::string message = p["message"].get<std::string>();
            INFO(message);
            CHECK_FALSE(raw_encoding(message));
        }
        CHECK(json_out(run_cli("analyze --json " + file), "analyze")["problems"] == want);
        // The check's own findings (rules pack.*: unsolvable, a dead start, ...) come after the level's.
        auto checked = ojson::array();
        for (const auto& p : report["levels"][i]["problems"])
            if (p["rule"].get<std::string>().rfind("pack.", 0) != 0) checked.push_back(p);
        CHECK(common(checked) == want);
        const std::string level_kind = report["levels"][i]["kind"].get<std::string>();
        if (level_kind != "lines")
            CHECK(json_out(run_cli("estimate --json --runs 10 --threads 2 " +
                                   std::string(level_kind == "link" ? "" : "--bot greedy ") + file),
                           "estimate")["problems"] == want);
        // tune has no curve to read where the target is met before any move (slide-target): an error, no JSON.
        if ((level_kind == "match3" || level_kind == "slide") && levels[i].filename() != "slide-target.json") {
            // One output a level: -o onto another level (another id) is refused (docs/cli.md "Where outputs may go").
            const std::string out = shell_quote((dir / ("tuned-" + std::to_string(i) + ".json")).string());
            const std::string tune = "tune --json --target 0.5 --runs 10 --threads 2 --bot " +
                                     std::string(level_kind == "slide" ? "quick" : "greedy") + " --max-moves 40 -o " + out;
            CHECK(json_out(run_cli(tune + " " + file), "tune")["problems"] == want);
        }
        with_problems += want.empty() ? 0 : 1;
        for (const auto& p : want) CHECK(p["rule"].get<std::string>().find('.') != std::string::npos);
    }
    CHECK(with_problems >= 7);  // the corpus' levels, each with at least one problem
    fs::remove_all(dir);
}

TEST_CASE("messages name colours as the palette does and count one in the singular", "[problems]") {
    CHECK(raw_encoding("the run of colour 256 at (0, 8)-(2, 8) is already there"));
    CHECK(raw_encoding("value 5 has 1 tiles: an odd count can never be cleared"));
    CHECK_FALSE(raw_encoding("the run of colour 15 at (0, 8)-(2, 8) is already there"));
    CHECK_FALSE(raw_encoding("value 5 has 11 tiles, value 6 has 1 tile"));
    // A run of line specials (0h 0 0v) is a run of colour 0, named so, at its first cell.
    const Level specials = level_from(tilelab::test::slurp(TILELAB_TEST_DATA "/problems/match3-special-run.json"));
    CHECK(has(level_problems(specials), "the run of colour 0 at (0, 3)-(2, 3) is already there", Cell{0, 3}));
}

TEST_CASE("a rate that is not certain never reads 100% or 0%", "[problems][percent]") {
    CHECK(percent_text(1.0) == "100.0%");
    CHECK(percent_text(0.0) == "0.0%");
    CHECK(percent_text(0.999) == "99.9%");
    CHECK(percent_text(0.9996) == "> 99.9%");
    CHECK(percent_text(0.0004) == "< 0.1%");
    CHECK(percent_text(0.999, 0) == "> 99%");  // the editor's badge: 999 wins in 1,000 runs
    CHECK(percent_text(1.0, 0) == "100%");
    CHECK(percent_text(0.004, 0) == "< 1%");
    CHECK(percent_text(0.394) == "39.4%");
    CHECK(percent_text(0.5, 0) == "50%");
}
