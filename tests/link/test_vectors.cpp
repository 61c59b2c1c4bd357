// Conformance vectors: link_analyze.json (links, figures, stuck) and link_solve.json (verdicts).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "support/analysis_json.hpp"
#include "helpers.hpp"
#include "oracle.hpp"

using namespace tilelab;
using namespace tilelab::link;
using namespace tilelab::link::testing;

TEST_CASE("vectors: link_analyze.json") {
    const auto doc = read_json(std::string(TILELAB_TEST_DATA) + "/vectors/link_analyze.json");
    int cases = 0;
    for (const auto& c : doc.at("cases")) {
        const Level level = vector_level(c.at("level"));
        INFO("case " << cases);
        AnalyzeOptions options;
        options.solve = false;
        const Analysis analysis = kind_ops(Kind::link).analyze(level, options, {});
        const auto& expect = c.at("expect");
        CHECK(tilelab::test::analysis_json(Kind::link, analysis).at("stuck").get<bool>() == expect.at("stuck").get<bool>());
        CHECK_FALSE(tilelab::test::analysis_json(Kind::link, analysis).contains("solve"));
        // Expected pairs in either order.
        std::map<std::pair<Cell, Cell>, std::pair<int, int>> want;
        for (const auto& l : expect.at("links")) {
            Cell a{l.at("a")[0].get<int>(), l.at("a")[1].get<int>()};
            Cell b{l.at("b")[0].get<int>(), l.at("b")[1].get<int>()};
            if (b < a) std::swap(a, b);
            want[{a, b}] = {l.at("turns").get<int>(), l.at("length").get<int>()};
        }
        REQUIRE(analysis.links.size() == want.size());
        for (const LinkPath& link : analysis.links) {
            Cell a = link.a, b = link.b;
            if (b < a) std::swap(a, b);
            auto it = want.find({a, b});
            REQUIRE(it != want.end());
            CHECK(link.turns == it->second.first);
            CHECK(path_length(link.path) == it->second.second);
            CHECK(check_path(level.board, level.rules.as<link::Rules>().border, link) == "");
        }
        // The JSON says the same as the structure.
        REQUIRE(tilelab::test::analysis_json(Kind::link, analysis).at("links").size() == analysis.links.size());
        ++cases;
    }
    CHECK(cases == 60);
}

TEST_CASE("vectors: link_solve.json") {
    const auto doc = read_json(std::string(TILELAB_TEST_DATA) + "/vectors/link_solve.json");
    int cases = 0;
    for (const auto& c : doc.at("cases")) {
        const Level level = vector_level(c.at("level"));
        INFO("case " << cases);
        AnalyzeOptions options;
        options.budget_ms = 120000;  // wall time: far above the search's CPU, so load does not decide
        const Analysis analysis = kind_ops(Kind::link).analyze(level, options, {});
        CHECK(std::string(verdict_name(analysis.verdict)) == c.at("expect").at("verdict").get<std::string>());
        CHECK(tilelab::test::analysis_json(Kind::link, analysis).at("solve").at("verdict").get<std::string>() ==
              c.at("expect").at("verdict").get<std::string>());
        if (analysis.verdict == Verdict::solvable) {
            ApplyResult replay = apply_moves(level, analysis.solution);
            CHECK_FALSE(replay.illegal);
            CHECK(kind_ops(Kind::link).goal_met(level, replay.state));
        }
        ++cases;
    }
    CHECK(cases == 40);
}
