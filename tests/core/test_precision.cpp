// Estimates to a precision (docs/estimates.md "Precision"): batches of 100 runs from run 0, stopped
// at the first boundary where the 95% interval's half-width is at most the precision; the same
// figures for any thread count, and the figures of a plain estimate of that many runs.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

namespace {

Level precision_sample(const std::string& path) {
    LevelLoad load = load_level(std::string(TILELAB_SOURCE_DIR) + "/levels/samples/" + path);
    REQUIRE(load.level.has_value());
    return *load.level;
}

std::vector<PlayoutOutcome> precision_outcomes(int runs, auto won) {
    std::vector<PlayoutOutcome> out(static_cast<std::size_t>(runs));
    for (int i = 0; i < runs; ++i) out[static_cast<std::size_t>(i)].won = won(i);
    return out;
}

// The first multiple of 100 (up to `cap`) whose Wilson interval of `won` is narrow enough, by hand.
std::size_t first_boundary(const std::vector<PlayoutOutcome>& outcomes, double precision) {
    for (std::size_t n = 100; n <= outcomes.size(); n += 100) {
        int wins = 0;
        for (std::size_t i = 0; i < n; ++i) wins += outcomes[i].won ? 1 : 0;
        const auto [lo, hi] = wilson_interval(wins, static_cast<int>(n));
        if ((hi - lo) / 2 <= precision) return n;
    }
    return outcomes.size();
}

EstimateResult precision_estimate(const Level& level, int runs, double precision, int threads, const std::string& bot) {
    EstimateOptions o;
    o.runs = runs;
    o.precision = precision;
    o.threads = threads;
    o.seed = 5;
    o.bot = bot;
    return kind_ops(level.kind).playouts(level, o, std::stop_token{}, nullptr);
}

}  // namespace

TEST_CASE("precision: the runs kept are the first batch boundary within the half-width", "[precision]") {
    const auto all = precision_outcomes(2000, [](int) { return true; });
    CHECK(precision_prefix(all, 0.03) == 100);  // 100 of 100: [0.963, 1], half-width 0.018
    const auto none = precision_outcomes(2000, [](int) { return false; });
    CHECK(precision_prefix(none, 0.03) == 100);
    const auto half = precision_outcomes(2000, [](int i) { return i % 2 == 0; });
    CHECK(precision_prefix(half, 0.03) == 1100);  // a 50% level needs 1,068 runs for +-0.03
    CHECK(precision_prefix(half, 0.03) == first_boundary(half, 0.03));
    CHECK(precision_prefix(half, 0.0) == 2000);                                                         // 0: every run
    CHECK(precision_prefix(precision_outcomes(1000, [](int i) { return i % 2 == 0; }), 0.03) == 1000);  // the cap first
    // A level at about 90%: the oracle above, on irregular outcomes.
    const auto ninety = precision_outcomes(2000, [](int i) { return (i * 7919) % 10 != 3; });
    CHECK(precision_prefix(ninety, 0.03) == first_boundary(ninety, 0.03));
    CHECK(precision_prefix(ninety, 0.03) < 1000);
}

TEST_CASE("precision: every kind with playouts stops where the interval is narrow, for any thread count", "[precision]") {
    struct Case {
        const char* path;
        const char* bot;
    };
    for (const Case& c : {Case{"match3/01-intro.json", "greedy"}, Case{"match3/04-specials.json", "greedy"},
                          Case{"slide/03-fours.json", "greedy"}, Case{"link/02-sum.json", ""}}) {
        INFO(c.path);
        const Level level = precision_sample(c.path);
        const int cap = 1500;
        const EstimateResult one = precision_estimate(level, cap, 0.03, 1, c.bot);
        const EstimateResult two = precision_estimate(level, cap, 0.03, 2, c.bot);
        CHECK(one.json.dump() == two.json.dump());
        CHECK_FALSE(one.cancelled);
        REQUIRE(one.runs > 0);
        CHECK(one.json.at("precision") == 0.03);
        CHECK(one.json.at("runs_asked") == cap);
        if (one.runs < cap) {
            CHECK(one.runs % precision_batch == 0);
            CHECK(one.json.at("stopped") == "precision");
            CHECK(interval_half_width(one.wins, one.runs) <= 0.03);
        } else {
            CHECK(one.json.at("stopped") == "runs");
        }
        // No earlier boundary was narrow enough.
        for (int n = precision_batch; n < one.runs; n += precision_batch) {
            int wins = 0;
            for (int i = 0; i < n; ++i) wins += one.outcomes[static_cast<std::size_t>(i)].won ? 1 : 0;
            CHECK(interval_half_width(wins, n) > 0.03);
        }
        // The figures (the curve and the kind's distributions included) are those of a plain
        // estimate of that many runs.
        const EstimateResult plain = precision_estimate(level, one.runs, 0.0, 2, c.bot);
        nlohmann::ordered_json trimmed = one.json;
        for (const char* key : {"precision", "runs_asked", "stopped"}) trimmed.erase(key);
        CHECK(trimmed.dump() == plain.json.dump());
    }
}

TEST_CASE("precision: a cancelled estimate is not taken for a precise one", "[precision]") {
    const Level level = precision_sample("match3/04-specials.json");
    EstimateOptions o;
    o.runs = 1500;
    o.precision = 0.03;
    o.threads = 2;
    o.bot = "greedy";
    std::stop_source stop;
    stop.request_stop();
    const EstimateResult r = kind_ops(level.kind).playouts(level, o, stop.get_token(), nullptr);
    CHECK(r.cancelled);
    CHECK_FALSE(r.json.contains("stopped"));
}
