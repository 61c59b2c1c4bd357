// `tilelab generate` to a target difficulty: every level written validates, lands in the band
// when re-measured independently, and its figures are those `tilelab estimate` gives.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/scale.hpp"
#include "tilelab/analysis/aim.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/lines/goal.hpp"
#include "tilelab/lines/solver.hpp"

using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::scratch_dir;
using tilelab::test::shell_quote;

namespace {

double rate_of(const std::string& estimate_json) { return nlohmann::json::parse(estimate_json)["pass_rate"].get<double>(); }

// "figures: pass rate 39.4% ..." -> 0.394 (one decimal of a percent).
double printed_rate(const std::string& err) {
    const auto at = err.find("figures: ");
    REQUIRE(at != std::string::npos);
    const auto rate = err.find("rate ", at);
    REQUIRE(rate != std::string::npos);
    return std::stod(err.substr(rate + 5)) / 100.0;
}

}  // namespace

TEST_CASE("generate --target-pass: 9x9 match3 levels inside 40% +- 5, re-estimated at 4x the runs with another seed",
          "[cli][aim]") {
    const auto dir = scratch_dir("aim-match3");
    // Each seed runs the whole chain; two by default, twenty in the soak (tests/support/scale.hpp).
    for (int seed = 1; seed <= test::reps(2); ++seed) {
        INFO("seed " << seed);
        const auto file = (dir / ("m" + std::to_string(seed) + ".json")).string();
        auto made = run_cli("generate --kind match3 --width 9 --height 9 --seed " + std::to_string(seed) +
                            " --target-pass 0.4 --tolerance 0.05 --threads 2 -o " + shell_quote(file));
        INFO(made.err);
        REQUIRE(made.status == 0);
        CHECK_THAT(made.err, Catch::Contains("candidate 0: 9x9"));
        CHECK(run_cli("validate " + shell_quote(file)).status == 0);
        // The figures printed are the ones `tilelab estimate` gives with the same (default) seed.
        auto same = run_cli("estimate " + shell_quote(file) + " --threads 2 --json");
        REQUIRE(same.status == 0);
        const double rate = rate_of(same.out);
        CHECK(std::abs(rate - printed_rate(made.err)) < 0.0006);
        const auto est = nlohmann::json::parse(same.out);
        CHECK(est["ci95"][0].get<double>() >= 0.35 - 1e-9);
        CHECK(est["ci95"][1].get<double>() <= 0.45 + 1e-9);
        // Independent: another playout seed and four times the runs still land in the band (a
        // statistical check: the sanitizer entries, at a fraction of the scale, leave it to the
        // Release run).
        if (test::test_scale() >= 1) {
            auto again = run_cli("estimate " + shell_quote(file) + " --threads 2 --runs 4000 --seed 4242 --json");
            REQUIRE(again.status == 0);
            CHECK(std::abs(rate_of(again.out) - 0.4) <= 0.05);
        }
        // The same command writes the same file.
        const auto copy = (dir / ("copy" + std::to_string(seed) + ".json")).string();
        REQUIRE(run_cli("generate --kind match3 --width 9 --height 9 --seed " + std::to_string(seed) +
                        " --target-pass 0.4 --threads 1 -o " + shell_quote(copy))
                    .status == 0);
        CHECK(test::slurp(copy) == test::slurp(file));
    }
}

TEST_CASE("generate --target-clear for link and --moves for lines", "[cli][aim]") {
    const auto dir = scratch_dir("aim-link-lines");
    // The sanitizer entries (a fraction of the scale) play 300 runs a measure, with a band wide
    // enough for their interval, and leave the statistical checks to the Release run: there the
    // generation's code paths, not its figures, are what is checked.
    const bool full = test::test_scale() >= 1;
    const std::string runs = full ? "" : " --runs 300";
    const std::string band = full ? "" : " --tolerance 0.1";
    const auto link_file = (dir / "link.json").string();
    auto link = run_cli("generate --kind link --width 12 --height 10 --seed 1 --target-clear 0.5 --threads 2" + runs + band +
                        " -o " + shell_quote(link_file));
    INFO(link.err);
    REQUIRE(link.status == 0);
    CHECK(run_cli("validate " + shell_quote(link_file)).status == 0);
    auto clear = run_cli("estimate " + shell_quote(link_file) + " --threads 2 --json" + runs);
    REQUIRE(clear.status == 0);
    CHECK(std::abs(rate_of(clear.out) - printed_rate(link.err)) < 0.0006);
    if (full) {  // statistical, as above
        auto clear4 = run_cli("estimate " + shell_quote(link_file) + " --threads 2 --runs 4000 --seed 99 --json");
        CHECK(std::abs(rate_of(clear4.out) - 0.5) <= 0.05);
    }
    // The solver still proves it clearable: the random player's failures are its own.
    auto analysed = run_cli("analyze " + shell_quote(link_file) + " --json");
    CHECK(nlohmann::json::parse(analysed.out)["solve"]["verdict"] == "solvable");

    // slide: a start position, the move limit read off the curve up to the longest win.
    const auto slide_file = (dir / "slide.json").string();
    auto slide = run_cli("generate --kind slide --width 4 --height 4 --seed 1 --target-pass 0.4 --bot quick --threads 2" + runs +
                         band + " -o " + shell_quote(slide_file));
    INFO(slide.err);
    REQUIRE(slide.status == 0);
    CHECK(run_cli("validate " + shell_quote(slide_file)).status == 0);
    auto passed = run_cli("estimate " + shell_quote(slide_file) + " --bot quick --threads 2 --json" + runs);
    REQUIRE(passed.status == 0);
    CHECK(std::abs(rate_of(passed.out) - printed_rate(slide.err)) < 0.0006);
    CHECK(std::abs(rate_of(passed.out) - 0.4) <= (full ? 0.05 : 0.1));

    for (int k : {3, 5, 7}) {
        INFO("lines optimum " << k);
        const auto file = (dir / ("lines" + std::to_string(k) + ".json")).string();
        auto made = run_cli("generate --kind lines --width 6 --height 6 --seed 2 --moves " + std::to_string(k) + " -o " +
                            shell_quote(file));
        INFO(made.err);
        REQUIRE(made.status == 0);
        LevelLoad load = load_level(file);
        REQUIRE(load.level.has_value());
        CHECK(load.level->goal.moves == k);
        // Proved: a solution of k shifts exists and none of k - 1.
        lines::SolveOptions o;
        o.budget_ms = 0;
        o.max_depth = k;
        auto solved = lines::solve(*load.level, load.level->board, lines::lines_goal(load.level->goal), o);
        REQUIRE(solved.verdict == Verdict::solvable);
        CHECK(solved.moves.size() == static_cast<std::size_t>(k));
        o.max_depth = k - 1;
        CHECK(lines::solve(*load.level, load.level->board, lines::lines_goal(load.level->goal), o).verdict ==
              Verdict::unsolvable);
    }
}

TEST_CASE("generate to a target: wrong pairings of kind and target are usage errors; an unreachable band names the nearest",
          "[cli][aim]") {
    CHECK(run_cli("generate --kind link --width 8 --height 8 --target-pass 0.4").status == 2);
    CHECK(run_cli("generate --kind match3 --width 8 --height 8 --target-clear 0.4").status == 2);
    CHECK(run_cli("generate --kind slide --width 4 --height 4 --moves 5").status == 2);
    CHECK(run_cli("generate --kind match3 --width 8 --height 8 --bot greedy").status == 2);  // no target
    CHECK(run_cli("generate --kind match3 --width 8 --height 8 --target-pass 140%").status == 2);
    CHECK(run_cli("generate --kind match3 --width 8 --height 8 --budget-ms 1000").status == 2);  // no target
    CHECK(run_cli("generate --kind match3 --width 8 --height 8 --target-pass 0.4 --budget-ms 0").status == 2);
    // A band no 3-candidate search can hit: 0.1% +- 0.1% on a level the bot always wins.
    auto none = run_cli(
        "generate --kind match3 --width 8 --height 8 --seed 1 --target-pass 0.001 --tolerance 0.001 "
        "--candidates 3 --runs 200 --threads 2");
    CHECK(none.status == 1);
    CHECK_THAT(none.err, Catch::Contains("no layout of 3 tried") && Catch::Contains("nearest:"));
    CHECK(none.out.empty());
}

TEST_CASE(
    "generate --target-pass on 256x256 ends at --budget-ms with exit 1, and shows progress on a stderr that is "
    "not a terminal",
    "[cli][aim]") {
    // One candidate of 1,000 games on 256x256 takes minutes: the budget ends it while it is measured.
    const auto started = std::chrono::steady_clock::now();
    auto big = run_cli(
        "generate --kind match3 --width 256 --height 256 --seed 1 --target-pass 0.4 --threads 2 "
        "--budget-ms 2500");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    CHECK(big.status == 1);
    CHECK(big.out.empty());
    CHECK(seconds < 10);
    CHECK_THAT(big.err, Catch::Contains("generate: candidate 0: playouts") && Catch::Contains("s of the 2 s budget"));
    CHECK_THAT(big.err, Catch::Contains("candidate 0: 256x256") && Catch::Contains("not measured (the time budget ran out)"));
    CHECK_THAT(big.err, Catch::Contains("the time budget of 2500 ms (--budget-ms) ran out after 0 of 200 candidates, none "
                                        "with its 95% interval inside 35.0% to 45.0%; nothing written"));
}
