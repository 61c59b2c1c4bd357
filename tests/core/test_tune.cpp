// `tilelab tune`: the move limit for a target pass rate, checked by independent estimates; the
// link random player's clear rate.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/tune.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/link/link.hpp"

using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::scratch_dir;
using tilelab::test::shell_quote;

namespace {

std::string sample_path(const std::string& path) { return std::string(TILELAB_SOURCE_DIR) + "/" + path; }

nlohmann::json json_of(const std::string& text) { return nlohmann::json::parse(text); }

}  // namespace

TEST_CASE("tune puts the jelly sample within 5 points of 40% with the default bot, checked with another seed", "[cli][tune]") {
    const auto dir = scratch_dir("tune-default");
    const auto out = (dir / "tuned.json").string();
    auto r = run_cli("tune " + shell_quote(sample_path("levels/samples/match3/02-jelly.json")) +
                     " --target 0.4 --threads 2 --json -o " + shell_quote(out));
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto result = json_of(r.out);
    CHECK(result["within_tolerance"] == true);
    CHECK(std::abs(result["pass_rate"].get<double>() - 0.4) <= 0.05);
    const int moves = result["moves"].get<int>();
    LevelLoad load = load_level(out);
    REQUIRE(load.level.has_value());
    CHECK(load.level->goal.moves == moves);
    CHECK(run_cli("validate " + shell_quote(out)).status == 0);
    // An independent estimate, another seed: the tuned level passes about 40% of the time.
    auto check = run_cli("estimate " + shell_quote(out) + " --seed 12345 --threads 2 --json");
    REQUIRE(check.status == 0);
    const double rate = json_of(check.out)["pass_rate"].get<double>();
    CHECK(std::abs(rate - 0.4) <= 0.05);
    // Nothing else of the level changed: only the move limit.
    LevelLoad original = load_level(sample_path("levels/samples/match3/02-jelly.json"));
    REQUIRE(original.level.has_value());
    Level expected = *original.level;
    expected.goal.moves = moves;
    CHECK(write_level(expected) == write_level(*load.level));
}

TEST_CASE("tune with the greedy bot reaches 40% by growing the curve's cap, or names the nearest rate", "[cli][tune]") {
    const auto dir = scratch_dir("tune-greedy");
    const auto out = (dir / "tuned.json").string();
    const std::string level = shell_quote(sample_path("levels/samples/match3/02-jelly.json"));
    auto r = run_cli("tune " + level + " --target 0.4 --bot greedy --threads 2 --json -o " + shell_quote(out));
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto result = json_of(r.out);
    CHECK(result["caps"].size() >= 2);  // 2% at its 25 moves: the first cap (50) is too short
    CHECK(result["moves"].get<int>() > 50);
    auto check = run_cli("estimate " + shell_quote(out) + " --bot greedy --seed 777 --threads 2 --json");
    REQUIRE(check.status == 0);
    CHECK(std::abs(json_of(check.out)["pass_rate"].get<double>() - 0.4) <= 0.05);

    // With the cap held at 60 moves no limit gets there: exit 1, the nearest rate named, nothing written.
    const auto refused = (dir / "refused.json").string();
    auto short_cap = run_cli("tune " + level + " --target 40% --bot greedy --threads 2 --max-moves 60 -o " +
                             shell_quote(refused));
    CHECK(short_cap.status == 1);
    CHECK_THAT(short_cap.err,
               Catch::Contains("the nearest is") && Catch::Contains("at 60 moves") && Catch::Contains("nothing written"));
    CHECK_FALSE(std::filesystem::exists(refused));
}

TEST_CASE("tune's refusal on a slide game without a limit names a nearest limit within the cap it names", "[cli][tune]") {
    const auto refused = (scratch_dir("tune-open") / "refused.json").string();
    // 20 runs of the classic sample: rates are multiples of 5%, so 22% +- 0.1 point is never met.
    auto r = run_cli("tune " + shell_quote(sample_path("levels/samples/slide/01-classic.json")) +
                     " --target 0.22 --tolerance 0.001 --runs 20 --threads 2 -o " + shell_quote(refused));
    INFO(r.err);
    REQUIRE(r.status == 1);
    const auto up_to = r.err.find("no move limit up to ");
    const auto at = r.err.rfind(") at ");
    REQUIRE(up_to != std::string::npos);
    REQUIRE(at != std::string::npos);
    const int cap = std::stoi(r.err.substr(up_to + 20));
    const int nearest = std::stoi(r.err.substr(at + 5));
    CHECK(nearest <= cap);
    CHECK_FALSE(std::filesystem::exists(refused));
}

TEST_CASE("tune refuses bad usage and kinds without a pass rate to aim", "[cli][tune]") {
    const std::string jelly = shell_quote(sample_path("levels/samples/match3/02-jelly.json"));
    CHECK(run_cli("tune " + jelly).status == 2);                    // no target
    CHECK(run_cli("tune " + jelly + " --target 1.5").status == 2);  // not a rate
    CHECK(run_cli("tune " + jelly + " --target 40% --tolerance x").status == 2);
    auto lines = run_cli("tune " + shell_quote(sample_path("levels/samples/lines/01-square.json")) + " --target 0.4");
    CHECK(lines.status == 2);
    CHECK_THAT(lines.err, Catch::Contains("proved optimal number of shifts"));
    auto link = run_cli("tune " + shell_quote(sample_path("levels/samples/link/01-pairs.json")) + " --target 0.4");
    CHECK(link.status == 2);
    CHECK_THAT(link.err, Catch::Contains("random player's clear rate"));
}

TEST_CASE("tune without -o rewrites the level in place, and a survival curve is aimed from above") {
    const auto dir = scratch_dir("tune-inplace");
    const auto file = dir / "level.json";
    std::filesystem::copy_file(sample_path("levels/samples/match3/02-jelly.json"), file,
                               std::filesystem::copy_options::overwrite_existing);
    auto r = run_cli("tune " + shell_quote(file.string()) + " --target 0.3 --threads 2 --runs 400");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("move limit"));
    LevelLoad load = load_level(file.string());
    REQUIRE(load.level.has_value());
    CHECK(load.level->goal.moves != 25);

    // Surviving N moves gets harder as N grows: tune finds the limit from the falling curve.
    Level level = *load.level;
    level.goal = Goal{};
    level.goal.moves = 10;
    EstimateOptions o;
    o.runs = 300;
    o.threads = 2;
    o.bot = "greedy";
    TuneOptions t;
    t.target = 0.9;
    t.tolerance = 0.1;
    const TuneResult tuned = tune_moves(level, o, t);
    REQUIRE(tuned.choice.has_value());
    // Whatever the limit chosen, a separate estimate at it gives the same rate (the same games).
    Level at = level;
    at.goal.moves = tuned.choice->moves;
    const EstimateResult separate = kind_ops(Kind::match3).estimate(at, o, {}, nullptr);
    CHECK(separate.pass_rate == tuned.choice->pass_rate);
}

TEST_CASE("link: the random player's clear rate is seeded, thread-independent and honest", "[link]") {
    // A full 10x8 board of 20 values, 4 copies each: a careless player gets stuck now and then.
    const auto dir = scratch_dir("tune-link");
    const auto file = (dir / "full.json").string();
    REQUIRE(
        run_cli("generate --kind link --width 10 --height 8 --colors 20 --copies 4 --seed 5 -o " + shell_quote(file)).status ==
        0);
    LevelLoad load = load_level(file);
    REQUIRE(load.level.has_value());
    EstimateOptions o;
    o.runs = 400;
    o.seed = 9;
    o.threads = 1;
    const EstimateResult one = link::estimate_clear_rate(*load.level, o, {}, nullptr);
    o.threads = 2;
    const EstimateResult two = link::estimate_clear_rate(*load.level, o, {}, nullptr);
    CHECK(one.json.dump() == two.json.dump());
    CHECK(one.pass_rate > 0.2);
    CHECK(one.pass_rate < 1.0);  // stuck boards happen to a player who does not plan
    // Each run replays through the kind's own moves: a win is a clear board by legal removals.
    const KindOps& ops = kind_ops(Kind::link);
    for (int run = 0; run < 30; ++run) {
        std::vector<CellPairMove> moves;
        const PlayoutOutcome outcome = link::random_playout(*load.level, 9, run, {}, &moves);
        CHECK(outcome.won == !outcome.dead);
        REQUIRE(moves.size() == static_cast<std::size_t>(outcome.moves_used));
        State state = ops.start(*load.level);
        for (const CellPairMove& m : moves) {
            StepResult step = ops.play(*load.level, state, m);
            REQUIRE(step.legal);
            state = step.state;
        }
        CHECK(ops.goal_met(*load.level, state) == outcome.won);
        CHECK(ops.legal_moves(*load.level, state).empty());  // it stopped only when nothing was left to link
    }
    // A stuck run's histogram entry is where it stuck.
    int stuck = 0;
    for (const auto& n : one.json["stuck_after_pairs"]) stuck += n.get<int>();
    CHECK(stuck == one.runs - one.wins);
    CHECK(ops.estimate == nullptr);  // the editor and pack check keep the solver as link's analysis
    auto cli = run_cli("estimate " + shell_quote(file) + " --runs 400 --seed 9 --threads 2 --json");
    REQUIRE(cli.status == 0);
    CHECK(json_of(cli.out)["pass_rate"].get<double>() == one.pass_rate);
    CHECK(run_cli("estimate " + shell_quote(file) + " --bot greedy").status == 1);
}
