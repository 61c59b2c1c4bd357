// `pack check --ladder` and `--calibration`: each match3 level's figure per bot and the players'
// predicted rate are the very figures `tilelab estimate --bot B [--calibration]` gives.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/scale.hpp"

using tilelab::test::run_cli;
using tilelab::test::scratch_dir;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {

const std::string samples = std::string(TILELAB_SOURCE_DIR) + "/levels/samples";

// A pack of two match3 levels, a slide level and a link level, in `dir`.
std::string small_pack(const std::filesystem::path& dir) {
    const auto file = dir / "small.json";
    std::ofstream(file) << R"({"format": "tilelab.pack", "version": 1, "name": "Small", "levels": [)"
                        << "\"" << samples << "/match3/02-jelly.json\", \"" << samples << "/match3/05-combos.json\", \""
                        << samples << "/slide/03-fours.json\", \"" << samples << "/link/01-pairs.json\"]}\n";
    return file.string();
}

nlohmann::json json_of(const std::string& text) { return nlohmann::json::parse(text); }

}  // namespace

TEST_CASE("pack check --ladder: every match3 level's figure per bot is estimate --bot's; nothing else changes",
          "[pack][ladder]") {
    const auto dir = scratch_dir("ladder");
    const std::string pack = small_pack(dir);
    // The figures are compared, not judged: the sanitizer entries (a fraction of the scale) play
    // fewer runs of the same games.
    const std::string runs = test::test_scale() >= 1 ? " --runs 60" : " --runs 20";
    auto plain = run_cli("pack check " + shell_quote(pack) + runs + " --rollouts 8 --threads 2 --json");
    auto ladder = run_cli("pack check " + shell_quote(pack) + runs + " --rollouts 8 --threads 2 --json --ladder");
    INFO(ladder.err);
    REQUIRE(plain.status == 0);
    REQUIRE(ladder.status == 0);
    auto with = json_of(ladder.out);
    const auto without = json_of(plain.out);
    const std::vector<std::string> bots{"random", "greedy", "lookahead", "mcts"};
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& level = with["levels"][i];
        REQUIRE(level.contains("ladder"));
        std::vector<std::string> order;
        for (auto it = level["ladder"].begin(); it != level["ladder"].end(); ++it) order.push_back(it.key());
        std::sort(order.begin(), order.end());
        std::vector<std::string> sorted = bots;
        std::sort(sorted.begin(), sorted.end());
        CHECK(order == sorted);
        for (const std::string& bot : bots) {
            auto alone = run_cli("estimate " +
                                 shell_quote(samples + (i == 0 ? "/match3/02-jelly.json" : "/match3/05-combos.json")) + runs +
                                 " --rollouts 8 --threads 2 --json --bot " + bot);
            REQUIRE(alone.status == 0);
            const auto e = json_of(alone.out);
            INFO(bot);
            CHECK(level["ladder"][bot]["wins"] == e["wins"]);
            CHECK(level["ladder"][bot]["runs"] == e["runs"]);
            CHECK(level["ladder"][bot]["pass_rate"] == e["pass_rate"]);
            CHECK(level["ladder"][bot]["ci95"] == e["ci95"]);
        }
    }
    CHECK_FALSE(with["levels"][2].contains("ladder"));  // slide keeps its own bots
    CHECK_FALSE(with["levels"][3].contains("ladder"));  // link has a solver
    // The ladder aside, the check says what it said without it.
    for (auto& level : with["levels"]) level.erase("ladder");
    CHECK(with == without);

    auto table = run_cli("pack check " + shell_quote(pack) + runs + " --rollouts 8 --threads 2 --ladder");
    CHECK_THAT(table.out, Catch::Contains("ladder: random ") && Catch::Contains(", mcts "));
    auto refused = run_cli("pack check " + shell_quote(pack) + " --ladder --shard 0/2 -o " +
                           shell_quote((dir / "part.json").string()));
    CHECK(refused.status == 2);
    CHECK_THAT(refused.err, Catch::Contains("--ladder is not split into shards"));
    CHECK_FALSE(std::filesystem::exists(dir / "part.json"));
}

TEST_CASE("pack check and pack report --calibration: the players' rate of estimate --calibration, per level",
          "[pack][calibration]") {
    const auto dir = scratch_dir("pack-calibration");
    const std::string pack = small_pack(dir);
    const auto csv = (dir / "observed.csv").string();
    std::ofstream(csv) << "id,attempts,passes\nm3-jelly-02,1500,300\nm3-combos-05,2000,900\nslide-fours-03,800,700\n";
    const auto cal = (dir / "cal.json").string();
    auto fitted = run_cli("calibrate " + shell_quote(csv) + " --pack " + shell_quote(pack) + " --runs 80 --threads 2 -o " +
                          shell_quote(cal));
    INFO(fitted.err);
    REQUIRE(fitted.status == 0);
    auto checked = run_cli("pack check " + shell_quote(pack) + " --runs 80 --threads 2 --json --calibration " + shell_quote(cal));
    INFO(checked.err);
    REQUIRE(checked.status == 0);
    const auto report = json_of(checked.out);
    const char* files[] = {"/match3/02-jelly.json", "/match3/05-combos.json", "/slide/03-fours.json"};
    for (std::size_t i = 0; i < 3; ++i) {
        INFO(files[i]);
        auto alone = run_cli("estimate " + shell_quote(samples + files[i]) + " --runs 80 --threads 2 --json --calibration " +
                             shell_quote(cal));
        REQUIRE(alone.status == 0);
        CHECK(report["levels"][i]["estimate"]["calibrated"] == json_of(alone.out)["calibrated"]);
    }
    CHECK_FALSE(report["levels"][3].contains("estimate"));  // link: no bot figure to calibrate

    const auto html = (dir / "report.html").string();
    auto written = run_cli("pack report " + shell_quote(pack) + " --runs 40 --rollouts 4 --threads 2 --ladder --calibration " +
                           shell_quote(cal) + " -o " + shell_quote(html));
    REQUIRE(written.status == 0);
    const std::string page = slurp(html);
    CHECK_THAT(page, Catch::Contains("<th>players (calibrated)</th>") && Catch::Contains("<th>bot ladder</th>") &&
                         Catch::Contains("lookahead "));

    // A broken calibration is named and nothing runs; --calibration is not sharded.
    std::ofstream(dir / "bad.json") << "{\"format\": \"tilelab.calibration\", \"version\": 1, \"a\": \"x\"}\n";
    auto bad = run_cli("pack check " + shell_quote(pack) + " --calibration " + shell_quote((dir / "bad.json").string()));
    CHECK(bad.status == 1);
    CHECK_THAT(bad.err, Catch::Contains("bad.json"));
    CHECK(bad.out.empty());
    auto sharded = run_cli("pack check " + shell_quote(pack) + " --calibration " + shell_quote(cal) + " --shard 0/2 -o " +
                           shell_quote((dir / "part.json").string()));
    CHECK(sharded.status == 2);
}
