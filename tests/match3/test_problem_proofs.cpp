// A verdict is a proof or it is not said (issue 33, item 1; docs/format.md "Problems"): jelly
// under a crate, jelly reached only through crates and jelly under a locked piece can be cleared
// (crates break, locks open), so no verb says they cannot; what blockers, holes and the board's
// edge make certain still is.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/level_io.hpp"

using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::shell_quote;

namespace {

const char* const crate_levels[] = {"match3-jelly-crate", "match3-jelly-through-crates", "match3-jelly-lock"};

std::string data(const std::string& name) { return std::string(TILELAB_TEST_DATA) + "/problems/" + name + ".json"; }

bool says_never(const std::string& text) {
    return text.find("can never") != std::string::npos || text.find("cannot be won") != std::string::npos;
}

Level level_from(const std::string& text) {
    LevelLoad load = parse_level(text, "test.json");
    for (const Diagnostic& d : load.diagnostics) INFO(d.format());
    REQUIRE(load.level);
    return *load.level;
}

bool has(const std::vector<Warning>& warnings, const std::string& part, std::optional<Cell> cell = std::nullopt) {
    for (const Warning& w : warnings)
        if (w.message.find(part) != std::string::npos && (!cell || w.cell == cell)) return true;
    return false;
}

// A 5x5 level of 3 colours with the jelly goal, the board and jelly rows given.
std::string jelly_level(const std::string& board, const std::string& jelly, bool specials) {
    return R"({"format": "tilelab.level", "version": 2, "id": "t", "name": "t", "kind": "match3", "width": 5, "height": 5,
              "rules": {"colors": 3, "specials": )" +
           std::string(specials ? "true" : "false") + R"(}, "goal": {"moves": 20, "jelly": true}, "board": )" + board +
           R"(, "layers": {"jelly": )" + jelly + "}}";
}

}  // namespace

TEST_CASE("jelly under a crate, through crates or under a lock: no verb says it can never be cleared", "[problems][cli]") {
    for (const char* name : crate_levels) {
        INFO(name);
        const std::string file = data(name);
        auto valid = run_cli("validate " + shell_quote(file));
        CHECK(valid.status == 0);
        CHECK_FALSE(says_never(valid.out + valid.err));
        auto text = run_cli("analyze " + shell_quote(file));
        CHECK(text.status == 0);
        CHECK_FALSE(says_never(text.out + text.err));
        auto json = run_cli("analyze " + shell_quote(file) + " --json");
        CHECK(json.status == 0);
        CHECK_FALSE(says_never(json.out + json.err));
        // The bot wins some runs, and estimate shows the rate.
        auto estimate = run_cli("estimate " + shell_quote(file) + " --runs 200 --json");
        REQUIRE(estimate.status == 0);
        const auto figures = nlohmann::json::parse(estimate.out);
        CHECK(figures["wins"].get<int>() > 0);
        CHECK(figures["pass_rate"].get<double>() > 0.0);
    }
    // pack check of the three in a pack of their own.
    const auto dir = tilelab::test::scratch_dir("proofs-pack");
    nlohmann::json pack = {{"format", "tilelab.pack"}, {"version", 1}, {"name", "proofs"}, {"levels", nlohmann::json::array()}};
    for (const char* name : crate_levels) {
        std::filesystem::copy_file(data(name), dir / (std::string(name) + ".json"));
        pack["levels"].push_back(std::string(name) + ".json");
    }
    std::ofstream(dir / "pack.json") << pack.dump(2) << "\n";
    for (const char* json : {"", " --json"}) {
        auto checked = run_cli("pack check " + shell_quote((dir / "pack.json").string()) + " --runs 100" + json);
        INFO(checked.out + checked.err);
        CHECK(checked.status == 0);
        CHECK_FALSE(says_never(checked.out + checked.err));
        if (*json) {
            const auto report = nlohmann::json::parse(checked.out);
            for (const auto& level : report["levels"]) CHECK(level["estimate"]["wins"].get<int>() > 0);
        }
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("proofs still said: jelly under a blocker, walled in by blockers and holes, under a crate no run reaches",
          "[problems]") {
    // (2, 2) has blockers above and below it and a hole and a blocker beside it: no line of three
    // cells that can hold pieces passes through it.
    const std::string walled = R"(["? ? ? ? ?", "? ? # ? ?", "? _ ? # ?", "? ? # ? ?", "? ? ? ? ?"])";
    const std::string jelly = R"(["0 0 0 0 0", "0 0 0 0 0", "0 0 1 0 0", "0 0 0 0 0", "0 0 0 0 0"])";
    const auto w = level_problems(level_from(jelly_level(walled, jelly, false)));
    CHECK(has(
        w, "unreachable jelly at (2, 2): 1 layer can never be cleared: no line of 3 cells that can hold pieces passes through it",
        Cell{2, 2}));
    CHECK(has(w, "the level makes no special"));
    CHECK(has(w, "the level cannot be won"));
    // The same cell when the level makes specials: a line, a bomb or a colour bomb can clear it.
    const auto with_specials = level_problems(level_from(jelly_level(walled, jelly, true)));
    CHECK_FALSE(has(with_specials, "can never"));
    CHECK_FALSE(has(with_specials, "cannot be won"));
    // ... and when the walls are crates: they break.
    const std::string crated = R"(["? ? ? ? ?", "? ? c1 ? ?", "? _ ? c2 ?", "? ? c1 ? ?", "? ? ? ? ?"])";
    CHECK_FALSE(has(level_problems(level_from(jelly_level(crated, jelly, false))), "can never"));

    // Under a blocker; and below a blocker with no piece above it (nothing falls in, no refill).
    const std::string column = R"(["? ? # ? ?", "? ? . ? ?", "? ? ? ? ?", "? ? ? ? ?", "? ? ? ? ?"])";
    const std::string two = R"(["0 0 2 0 0", "0 0 1 0 0", "0 0 0 0 0", "0 0 0 0 0", "0 0 0 0 0"])";
    const auto under = level_problems(level_from(jelly_level(column, two, true)));
    CHECK(has(under, "unreachable jelly at (2, 0): 2 layers can never be cleared: it is under a blocker, which is never cleared",
              Cell{2, 0}));
    CHECK(has(under, "no piece can ever fall into it: the blocker at (2, 0), which never moves, is above it", Cell{2, 1}));
    // A crate there instead of the blocker breaks, and the refill then reaches both cells.
    const std::string crate_column = R"(["? ? c3 ? ?", "? ? . ? ?", "? ? ? ? ?", "? ? ? ? ?", "? ? ? ? ?"])";
    const std::string below = R"(["0 0 0 0 0", "0 0 1 0 0", "0 0 0 0 0", "0 0 0 0 0", "0 0 0 0 0"])";
    CHECK_FALSE(has(level_problems(level_from(jelly_level(crate_column, below, true))), "can never"));

    // A crate no run can reach (blockers and the edge around it) never breaks: jelly under it and
    // the empty cell below it, with nothing above, are never cleared.
    const std::string sealed = R"(["? ? ? # c1", "? ? ? # .", "? ? ? ? ?", "? ? ? ? ?", "? ? ? ? ?"])";
    const std::string corner = R"(["0 0 0 0 1", "0 0 0 0 1", "0 0 0 0 0", "0 0 0 0 0", "0 0 0 0 0"])";
    const auto s = level_problems(level_from(jelly_level(sealed, corner, false)));
    CHECK(has(s, "crate at (4, 0) can never be hit", Cell{4, 0}));
    CHECK(has(s, "unreachable jelly at (4, 0): 1 layer can never be cleared: it is under a crate no run can ever reach",
              Cell{4, 0}));
    CHECK(has(s, "the crate at (4, 0), which is never hit and so never breaks, is above it", Cell{4, 1}));
}
