// The shared conformance vectors, run through the real `tilelab` command as a pipeline would.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "support/run.hpp"
#include "support/scale.hpp"

namespace fs = std::filesystem;
using json = nlohmann::json;
using tilelab::test::run_cli;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {

// The cases a test runs: every one at TILELAB_TEST_SCALE 1 and above; under a smaller scale (the
// sanitizer run's, where each case is a start of the sanitized CLI) that share of them, spread
// evenly over the file and at least one. The kinds' own tests run every vector in-process there.
json sampled(const json& cases) {
    const std::size_t n = cases.size();
    const std::size_t take = std::min<std::size_t>(n, static_cast<std::size_t>(tilelab::test::reps(static_cast<int>(n))));
    json out = json::array();
    for (std::size_t i = 0; i < take; ++i) out.push_back(cases[i * n / take]);
    return out;
}

json vectors(const std::string& name) { return json::parse(slurp(std::string(TILELAB_TEST_DATA "/vectors/") + name)); }

// Writes a case's level to a scratch file and runs `tilelab VERB file ARGS --json`.
json run_case(const std::string& verb, const json& level, const std::string& extra = "") {
    static int n = 0;
    auto dir = fs::temp_directory_path() / ("tilelab-vectors-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    auto path = dir / ("case" + std::to_string(n++) + ".json");
    { std::ofstream(path) << level.dump(); }
    auto r = run_cli(verb + " " + shell_quote(path.string()) + " " + extra + " --json");
    INFO("stderr: " << r.err);
    fs::remove(path);
    json out = json::parse(r.out, nullptr, false);
    if (out.is_discarded()) FAIL("not one JSON object on stdout: " << r.out.substr(0, 400) << "\nstderr: " << r.err);
    return out;
}

std::set<std::vector<int>> cell_set(const json& cells) {
    std::set<std::vector<int>> out;
    for (const auto& c : cells) out.insert(c.get<std::vector<int>>());
    return out;
}

std::set<std::string> groups_as_strings(const json& groups, bool with_closed) {
    std::set<std::string> out;
    for (const auto& g : groups) {
        json key = json::array();
        for (const auto& c : cell_set(g.at("cells"))) key.push_back(c);
        if (with_closed) key.push_back(g.at("closed"));
        out.insert(key.dump());
    }
    return out;
}

int path_length(const json& path) {
    int length = 0;
    for (std::size_t i = 1; i < path.size(); ++i)
        length += std::abs(path[i][0].get<int>() - path[i - 1][0].get<int>()) +
                  std::abs(path[i][1].get<int>() - path[i - 1][1].get<int>());
    return length;
}

std::string moves_args(const json& moves) {
    std::string out;
    for (const auto& m : moves) out += shell_quote(m.get<std::string>()) + " ";
    return out;
}

}  // namespace

TEST_CASE("match3 analyze vectors", "[vectors][match3]") {
    const json cases = vectors("match3_analyze.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("analyze", c.at("level"));
        INFO(c.at("level").at("board").dump());
        CHECK(groups_as_strings(out.at("groups"), false) == groups_as_strings(c.at("expect").at("groups"), false));
        std::set<std::string> got, want;
        for (const auto& h : out.at("hints")) {
            auto swap = cell_set(h.at("swap"));
            got.insert(json(swap).dump() + json(cell_set(h.at("clears"))).dump());
        }
        for (const auto& h : c.at("expect").at("hints")) {
            auto swap = cell_set(h.at("swap"));
            want.insert(json(swap).dump() + json(cell_set(h.at("clears"))).dump());
        }
        CHECK(got == want);
        CHECK(out.at("dead") == c.at("expect").at("dead"));
    }
}

TEST_CASE("match3 play vectors", "[vectors][match3]") {
    const json cases = vectors("match3_play.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("apply", c.at("level"), moves_args(c.at("moves")));
        INFO("seed " << c.at("level").at("seed"));
        CHECK(out.at("start_board") == c.at("expect").at("start_board"));
        CHECK(out.at("board") == c.at("expect").at("board"));
        CHECK(out.at("score") == c.at("expect").at("score"));
        CHECK(out.at("illegal") == c.at("expect").at("illegal"));
    }
}

TEST_CASE("link analyze vectors", "[vectors][link]") {
    const json cases = vectors("link_analyze.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("analyze", c.at("level"), "--budget-ms 200");
        INFO(c.at("level").at("board").dump());
        std::set<std::string> got, want;
        for (const auto& l : out.at("links")) {
            std::set<std::vector<int>> ends{l.at("a").get<std::vector<int>>(), l.at("b").get<std::vector<int>>()};
            const json& path = l.at("path");
            REQUIRE(path.size() >= 2);
            CHECK(static_cast<int>(path.size()) - 2 == l.at("turns").get<int>());
            got.insert(json(ends).dump() + " t" + l.at("turns").dump() + " l" + std::to_string(path_length(path)));
        }
        for (const auto& l : c.at("expect").at("links")) {
            std::set<std::vector<int>> ends{l.at("a").get<std::vector<int>>(), l.at("b").get<std::vector<int>>()};
            want.insert(json(ends).dump() + " t" + l.at("turns").dump() + " l" + l.at("length").dump());
        }
        CHECK(got == want);
        CHECK(out.at("stuck") == c.at("expect").at("stuck"));
    }
}

TEST_CASE("link solve vectors", "[vectors][link]") {
    const json cases = vectors("link_solve.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("analyze", c.at("level"), "--budget-ms 5000");
        INFO(c.at("level").at("board").dump());
        CHECK(out.at("solve").at("verdict") == c.at("expect").at("verdict"));
    }
}

TEST_CASE("lines analyze vectors", "[vectors][lines]") {
    const json cases = vectors("lines_analyze.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("analyze", c.at("level"), "--budget-ms 200");
        INFO(c.at("level").at("board").dump());
        CHECK(groups_as_strings(out.at("groups"), true) == groups_as_strings(c.at("expect").at("groups"), true));
    }
}

TEST_CASE("lines solve vectors", "[vectors][lines]") {
    const json cases = vectors("lines_solve.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("analyze", c.at("level"), "--budget-ms 5000");
        INFO(c.at("level").at("board").dump());
        CHECK(out.at("solve").at("verdict") == c.at("expect").at("verdict"));
        CHECK(out.at("solve").at("moves").size() == c.at("expect").at("moves").get<std::size_t>());
    }
}

TEST_CASE("slide play vectors", "[vectors][slide]") {
    const json cases = vectors("slide_play.json").at("cases");  // kept alive: .at() returns a reference into it
    for (const auto& c : sampled(cases)) {
        json out = run_case("apply", c.at("level"), moves_args(c.at("moves")));
        INFO("seed " << c.at("level").at("seed"));
        CHECK(out.at("board") == c.at("expect").at("board"));
        CHECK(out.at("score") == c.at("expect").at("score"));
        CHECK(out.at("illegal") == c.at("expect").at("illegal"));
    }
}

TEST_CASE("shipped samples analyse through the CLI without error", "[samples]") {
    for (const auto& e : fs::recursive_directory_iterator(TILELAB_SOURCE_DIR "/levels/samples")) {
        if (e.path().extension() != ".json") continue;
        INFO(e.path().string());
        auto r = run_cli("analyze " + shell_quote(e.path().string()) + " --budget-ms 500 --json");
        INFO(r.err);
        CHECK(r.status == 0);
        CHECK_FALSE(json::parse(r.out, nullptr, false).is_discarded());
    }
}
