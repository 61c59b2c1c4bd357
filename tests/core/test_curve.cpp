// The pass-rate curve: one set of playouts gives the pass rate at every move limit, the same
// figures as separate estimates at those limits; shards of the playouts sum up to the whole.
#include <catch2/catch.hpp>

#include <string>

#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/playouts.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"

using namespace tilelab;

namespace {

Level sample(const std::string& path) {
    LevelLoad load = load_level(std::string(TILELAB_SOURCE_DIR) + "/" + path);
    REQUIRE(load.level.has_value());
    return *load.level;
}

EstimateResult estimate(const Level& level, int runs, int curve_cap, const std::string& bot = "", int threads = 2,
                        int first_run = 0) {
    EstimateOptions o;
    o.runs = runs;
    o.threads = threads;
    o.seed = 3;
    o.bot = bot;
    o.curve_cap = curve_cap;
    o.first_run = first_run;
    return kind_ops(level.kind).estimate(level, o, std::stop_token{}, nullptr);
}

const nlohmann::ordered_json& point_at(const EstimateResult& r, int moves) {
    const auto& curve = r.json.at("curve");
    REQUIRE(moves >= 1);
    REQUIRE(static_cast<std::size_t>(moves) <= curve.size());
    const auto& point = curve[static_cast<std::size_t>(moves) - 1];
    REQUIRE(point.at("moves").get<int>() == moves);
    return point;
}

// Everything estimate said before the curve existed: the curve's fields aside, the JSON must not
// change when the games are played on past the limit.
nlohmann::ordered_json without_curve(nlohmann::ordered_json j) {
    j.erase("curve");
    j.erase("best_runs");
    j.erase("attempts_per_pass");
    return j;
}

Level with_limit(Level level, int moves) {
    level.goal.moves = moves;
    return level;
}

}  // namespace

TEST_CASE("curve: at the level's own limit it is the plain pass rate of the same playouts") {
    for (const char* path :
         {"levels/samples/match3/02-jelly.json", "levels/samples/match3/01-intro.json", "levels/samples/slide/03-fours.json"}) {
        INFO(path);
        const Level level = sample(path);
        REQUIRE(level.goal.moves.has_value());
        const int limit = *level.goal.moves;
        const int runs = level.kind == Kind::slide ? 200 : 400;
        const EstimateResult plain = estimate(level, runs, 0, level.kind == Kind::slide ? "greedy" : "");
        const EstimateResult longer = estimate(level, runs, 2 * limit, level.kind == Kind::slide ? "greedy" : "");
        CHECK(without_curve(plain.json) == without_curve(longer.json));
        CHECK(plain.json.at("curve").size() == static_cast<std::size_t>(limit));
        CHECK(longer.json.at("curve").size() == static_cast<std::size_t>(2 * limit));
        CHECK(point_at(plain, limit).at("pass_rate").get<double>() == plain.pass_rate);
        CHECK(point_at(longer, limit).at("pass_rate").get<double>() == plain.pass_rate);
        CHECK(point_at(longer, limit).at("ci95") == plain.json.at("ci95"));
        // A win in u moves is a win at every limit >= u: the curve never falls (reach goals).
        double previous = 0;
        for (const auto& point : longer.json.at("curve")) {
            CHECK(point.at("pass_rate").get<double>() >= previous);
            previous = point.at("pass_rate").get<double>();
        }
    }
}

TEST_CASE("curve: separate estimates at three limits give the curve's rates, inside their intervals") {
    for (const char* path : {"levels/samples/match3/02-jelly.json", "levels/samples/slide/03-fours.json"}) {
        INFO(path);
        const Level level = sample(path);
        const int limit = *level.goal.moves;
        const std::string bot = level.kind == Kind::slide ? "greedy" : "";
        const int runs = level.kind == Kind::slide ? 200 : 400;
        const EstimateResult curve = estimate(level, runs, 2 * limit, bot);
        for (int moves : {limit / 2, limit + limit / 3, 2 * limit}) {
            INFO("limit " << moves);
            const EstimateResult separate = estimate(with_limit(level, moves), runs, 0, bot);
            const double rate = point_at(curve, moves).at("pass_rate").get<double>();
            CHECK(rate >= separate.ci_low);
            CHECK(rate <= separate.ci_high);
            // The bots never look at the moves left: the games are the same ones, so the rate is exact.
            CHECK(rate == separate.pass_rate);
        }
    }
}

TEST_CASE("curve: a goal of only surviving falls with the limit and meets the plain rate at the limit") {
    Level level = sample("levels/samples/match3/01-intro.json");
    level.goal = Goal{};
    level.goal.moves = 12;
    const EstimateResult r = estimate(level, 300, 40, "greedy");
    CHECK(point_at(r, 12).at("pass_rate").get<double>() == r.pass_rate);
    double previous = 1;
    for (const auto& point : r.json.at("curve")) {
        CHECK(point.at("pass_rate").get<double>() <= previous);
        previous = point.at("pass_rate").get<double>();
    }
    CHECK_FALSE(r.json.contains("best_runs"));  // moves to a goal mean nothing when the goal is to last
    for (int moves : {5, 30}) {
        const EstimateResult separate = estimate(with_limit(level, moves), 300, 0, "greedy");
        CHECK(point_at(r, moves).at("pass_rate").get<double>() == separate.pass_rate);
    }
}

TEST_CASE("curve: best runs and attempts per pass from hand-made outcomes") {
    std::vector<PlayoutOutcome> outcomes(20);
    // Runs 0..9 win at 3, 5, 7, ..., 21 moves; runs 10..19 never.
    for (int i = 0; i < 10; ++i) {
        outcomes[static_cast<std::size_t>(i)].won_at = 3 + 2 * i;
        outcomes[static_cast<std::size_t>(i)].won = 3 + 2 * i <= 10;
    }
    EstimateResult r = summarize_playouts(outcomes, 20, false);
    CHECK(r.wins == 4);  // 3, 5, 7, 9 moves within a limit of 10
    add_curve(r, outcomes, 10, CurveRule::reach);
    const auto& curve = r.json.at("curve");
    REQUIRE(curve.size() == 10);
    CHECK(curve[2].at("pass_rate").get<double>() == 0.05);  // limit 3: one win
    CHECK(curve[9].at("pass_rate").get<double>() == 0.20);
    const auto& best = r.json.at("best_runs");
    REQUIRE(best.size() == 2);
    CHECK(best[0].at("runs") == 1);
    CHECK(best[0].at("moves") == 3);
    CHECK(best[1].at("runs") == 3);
    CHECK(best[1].at("moves") == 7);
    CHECK(best[1].at("mean_moves").get<double>() == Approx(5.0));
    CHECK(r.json.at("attempts_per_pass").at("mean").get<double>() == Approx(5.0));
    CHECK(r.json.at("attempts_per_pass").at("ci95")[0].get<double>() == Approx(1.0 / r.ci_high));

    // No win within the cap: no moves for the best runs, no finite attempts per pass.
    std::vector<PlayoutOutcome> losses(10);
    EstimateResult none = summarize_playouts(losses, 10, false);
    add_curve(none, losses, 5, CurveRule::reach);
    CHECK(none.json.at("best_runs")[0].at("moves").is_null());
    CHECK(none.json.at("attempts_per_pass").at("mean").is_null());
    CHECK(none.json.at("attempts_per_pass").at("ci95")[1].is_null());
    // No limit: the curve ends at the longest win seen, none at all without a win.
    add_curve(none, losses, std::nullopt, CurveRule::reach);
    CHECK(none.json.at("curve").empty());
    EstimateResult open = summarize_playouts(outcomes, 20, false);
    add_curve(open, outcomes, std::nullopt, CurveRule::reach);
    CHECK(open.json.at("curve").size() == 21);
}

TEST_CASE("shards: playouts made in pieces sum up to the whole estimate's bytes") {
    for (const char* path : {"levels/samples/match3/02-jelly.json", "levels/samples/slide/03-fours.json"}) {
        INFO(path);
        const Level level = sample(path);
        const std::string bot = level.kind == Kind::slide ? "greedy" : "";
        const int cap = 2 * *level.goal.moves;
        const EstimateResult whole = estimate(level, 300, cap, bot);
        std::vector<PlayoutOutcome> pieces;
        for (auto [first, count] : {std::pair{0, 120}, std::pair{120, 7}, std::pair{127, 173}}) {
            const EstimateResult part = estimate(level, count, cap, bot, 1, first);
            REQUIRE(part.outcomes.size() == static_cast<std::size_t>(count));
            pieces.insert(pieces.end(), part.outcomes.begin(), part.outcomes.end());
        }
        EstimateOptions o;
        o.runs = 300;
        o.seed = 3;
        o.bot = bot;
        o.curve_cap = cap;
        const EstimateResult merged = kind_ops(level.kind).summarize(level, o, pieces, false, false);
        CHECK(merged.json.dump() == whole.json.dump());
        CHECK(merged.outcomes == whole.outcomes);
    }
}
