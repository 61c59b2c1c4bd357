// The `tilelab` command on slide levels: analyze's exact shape, apply's events, estimate's figures.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "support/run.hpp"

using tilelab::test::run_cli;
using tilelab::test::shell_quote;

namespace {
const std::string samples = std::string(TILELAB_SOURCE_DIR) + "/levels/samples/slide/";

nlohmann::json json_of(const tilelab::test::RunResult& r, int status = 0) {
    INFO("stderr: " << r.err);
    REQUIRE(r.status == status);
    return nlohmann::json::parse(r.out);
}
}  // namespace

TEST_CASE("slide cli: analyze prints exactly legal, game_over and the problems") {
    const auto j = json_of(run_cli("analyze " + shell_quote(samples + "03-fours.json") + " --json"));
    CHECK(j == nlohmann::json::parse(R"({"legal": {"up": true, "down": true, "left": true, "right": true},
                                        "game_over": false, "problems": []})"));
}

TEST_CASE("slide cli: apply reports board, score, events with ids, and the first illegal move") {
    // 03-fours: "2 . 4 / . 8 . / 4 . 2", pre_merge score; ids 0..4 in row-major order.
    const auto j = json_of(run_cli("apply " + shell_quote(samples + "03-fours.json") + " left left --json"), 1);
    CHECK(j["illegal"] == 1);  // after left, left again moves nothing (exit status 1)
    const auto& first = j["events"][0];
    CHECK(first["move"] == 0);
    CHECK(first["type"] == "move");
    CHECK(first["id"] == 1);  // the 4 at (2, 0)
    CHECK(first["from"] == nlohmann::json::parse("[2, 0]"));
    CHECK(first["to"] == nlohmann::json::parse("[1, 0]"));
    CHECK(j["events"].back()["type"] == "spawn");
    CHECK(j["events"].back()["id"] == 5);
    CHECK(j["score"] == 0);
}

TEST_CASE("slide cli: estimate gives the same figures on 1 and 2 threads") {
    const std::string level = shell_quote(samples + "03-fours.json");
    const auto one = json_of(run_cli("estimate " + level + " --runs 12 --threads 1 --seed 4 --json"));
    const auto two = json_of(run_cli("estimate " + level + " --runs 12 --threads 2 --seed 4 --json"));
    CHECK(one == two);
    CHECK(one["runs"] == 12);
    CHECK(one["bot"] == "expectimax");
    CHECK(one.contains("highest_tile"));
    const auto random = json_of(run_cli("estimate " + level + " --runs 12 --threads 2 --seed 4 --bot random --json"));
    CHECK(random == json_of(run_cli("estimate " + level + " --runs 12 --threads 1 --seed 4 --bot random --json")));
    CHECK(random["bot"] == "random");
    const auto bad = run_cli("estimate " + level + " --runs 2 --bot minimax --json");
    CHECK(bad.status != 0);
    CHECK(bad.err.find("unknown slide bot") != std::string::npos);
    CHECK(bad.err.find("greedy or random") != std::string::npos);
}
