// Calibration of bot pass rates to human ones: the CSV reader, the weighted logit fit, the
// prediction interval and the calibration file (core/tilelab/analysis/calibration.hpp).
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <random>
#include <sstream>

#include "tilelab/analysis/calibration.hpp"

using namespace tilelab;
using namespace tilelab::calibration;

namespace {

std::vector<std::string> messages(const Diagnostics& diagnostics) {
    std::vector<std::string> out;
    for (const auto& d : diagnostics) out.push_back(d.format());
    return out;
}

// Synthetic studio data: `levels` levels whose true bot pass rate is uniform in [0.03, 0.97],
// played `bot_runs` times by the bot, and by humans `attempts` times (uniform in [1000, 8000])
// with a true human pass rate inverse_logit(a + b * logit(bot rate)); both counts binomial.
std::vector<FitPoint> synthetic(double a, double b, int levels, std::uint64_t seed, int bot_runs = 1000) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> bot_rate(0.03, 0.97);
    std::uniform_int_distribution<int> attempts(1000, 8000);
    std::vector<FitPoint> out;
    for (int i = 0; i < levels; ++i) {
        const double p = bot_rate(rng);
        const double q = inverse_logit(a + b * logit(p));
        FitPoint point;
        point.runs = bot_runs;
        point.wins = std::binomial_distribution<std::int64_t>(bot_runs, p)(rng);
        point.attempts = attempts(rng);
        point.passes = std::binomial_distribution<std::int64_t>(point.attempts, q)(rng);
        out.push_back(point);
    }
    return out;
}

}  // namespace

TEST_CASE("the fit recovers known a and b from binomial data", "[calibration]") {
    // 60 levels with thousands of attempts: the per-level logit noise is about 1/sqrt(n p (1-p)),
    // 0.02 to 0.1, against a spread of bot logits of about 1.7 (SD), so the standard errors of a and b
    // are near 0.01 (0.008 to 0.010 for these seeds: the fit's own covariance, checked below). A
    // tolerance of 0.05 is five of them; the bot's own binomial noise (1000 runs) biases b towards 0 by
    // under 0.5%, 0.004. Recovered: (0.402, 0.802), (0.417, 0.800), (0.399, 0.794).
    const double true_a = 0.4, true_b = 0.8, tolerance = 0.05;
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        INFO("seed " << seed);
        FitResult result = fit_levels(synthetic(true_a, true_b, 60, seed));
        REQUIRE(result.fit);
        const Fit& f = *result.fit;
        INFO("a " << f.a << " b " << f.b << " sd(a) " << std::sqrt(f.var_a) << " sd(b) " << std::sqrt(f.var_b));
        CHECK(f.levels == 60);
        CHECK(std::abs(f.a - true_a) < tolerance);
        CHECK(std::abs(f.b - true_b) < tolerance);
        CHECK(std::sqrt(f.var_a) < tolerance / 3);
        CHECK(std::sqrt(f.var_b) < tolerance / 3);
        // The truth within 4 of the fit's own standard errors: the covariance is honest.
        CHECK(std::abs(f.a - true_a) < 4 * std::sqrt(f.var_a));
        CHECK(std::abs(f.b - true_b) < 4 * std::sqrt(f.var_b));
        // Almost all the variation is explained, and a left-out level is predicted within about a point.
        CHECK(f.r2 > 0.98);
        CHECK(f.loo_mae_points < 2.0);
        CHECK(f.loo_mae_points > 0.0);
        CHECK(f.residual_sd < 0.15);
    }
    // Swapping the axes (bot on human) would give a slope near 1/0.8 = 1.25 and a = -0.5: another
    // model must not pass for this one.
    FitResult other = fit_levels(synthetic(-0.5, 1.25, 60, 4));
    REQUIRE(other.fit);
    CHECK(std::abs(other.fit->a - (-0.5)) < tolerance);
    CHECK(std::abs(other.fit->b - 1.25) < tolerance);
}

TEST_CASE("the fit weights levels by attempts: a few rarely played outliers do not pull it", "[calibration]") {
    // 30 levels played 20,000 times each, on the line a = 0.4, b = 0.8 up to rounding; 8 levels played
    // 4 times each whose results contradict it (the easiest for the bot all failed, the hardest all
    // passed). Unweighted least squares is pulled far off; the weighted fit is not.
    std::vector<FitPoint> points;
    for (int i = 0; i < 30; ++i) {
        const double p = 0.05 + 0.9 * i / 29.0;
        FitPoint point;
        point.runs = 1000;
        point.wins = std::llround(1000 * p);
        point.attempts = 20000;
        point.passes = std::llround(20000 * inverse_logit(0.4 + 0.8 * logit(smoothed_rate(point.wins, 1000))));
        points.push_back(point);
    }
    for (int i = 0; i < 8; ++i) {
        const bool easy = i % 2 == 0;
        points.push_back({4, easy ? 0 : 4, 1000, easy ? 990 : 10});
    }
    // The unweighted fit of the same logits, for contrast: the data do tell the two apart.
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    const double n = static_cast<double>(points.size());
    for (const FitPoint& p : points) {
        const double x = logit(smoothed_rate(p.wins, p.runs)), y = logit(smoothed_rate(p.passes, p.attempts));
        sx += x, sy += y, sxx += x * x, sxy += x * y;
    }
    const double unweighted_b = (sxy - sx * sy / n) / (sxx - sx * sx / n);
    CHECK(std::abs(unweighted_b - 0.8) > 0.3);

    FitResult result = fit_levels(points);
    REQUIRE(result.fit);
    INFO("weighted a " << result.fit->a << " b " << result.fit->b << "; unweighted b " << unweighted_b);
    CHECK(std::abs(result.fit->a - 0.4) < 0.02);
    CHECK(std::abs(result.fit->b - 0.8) < 0.02);
}

TEST_CASE("the fit's figures on a small case computed by hand", "[calibration]") {
    // Values from an independent computation of the documented formulas (smoothing (s+0.5)/(t+1),
    // w = attempts * p * (1-p), weighted R², SD with n-2 degrees of freedom, leave-one-out refits).
    std::vector<FitPoint> points{{100, 30, 200, 50}, {400, 200, 200, 100}, {50, 40, 200, 170}, {1000, 900, 300, 290}};
    FitResult result = fit_levels(points);
    REQUIRE(result.fit);
    const Fit& f = *result.fit;
    CHECK(f.a == Approx(-0.016592786497165002).epsilon(1e-9));
    CHECK(f.b == Approx(0.6704958297578044).epsilon(1e-9));
    CHECK(f.r2 == Approx(0.998014336765496).epsilon(1e-9));
    CHECK(f.residual_sd == Approx(0.07330379168650086).epsilon(1e-9));
    CHECK(f.var_a == Approx(0.002128519215067247).epsilon(1e-9));
    CHECK(f.var_b == Approx(0.00044723005446259927).epsilon(1e-9));
    CHECK(f.cov_ab == Approx(-0.0005925758530163939).epsilon(1e-9));
    CHECK(f.loo_mae_points == Approx(2.940536826295484).epsilon(1e-9));
    CHECK(f.levels == 4);
}

TEST_CASE("the fit refuses too few levels and identical bot rates", "[calibration]") {
    FitResult two = fit_levels({{100, 50, 100, 40}, {100, 60, 100, 70}});
    CHECK_FALSE(two.fit);
    CHECK(two.error.find("at least 3 levels") != std::string::npos);
    // 50%, 50% and 50%, with different run counts: the same rate.
    FitResult flat = fit_levels({{100, 50, 100, 50}, {100, 60, 200, 100}, {300, 60, 50, 25}});
    CHECK_FALSE(flat.fit);
    CHECK(flat.error.find("same bot pass rate") != std::string::npos);
    FitResult bad = fit_levels({{0, 0, 100, 50}, {100, 60, 200, 10}, {300, 60, 50, 25}});
    CHECK_FALSE(bad.fit);
    // Three levels are enough (one degree of freedom for the residual SD).
    FitResult three = fit_levels({{100, 50, 100, 40}, {100, 60, 100, 70}, {100, 20, 100, 10}});
    REQUIRE(three.fit);
    CHECK(std::isfinite(three.fit->residual_sd));
    CHECK(std::isfinite(three.fit->loo_mae_points));
}

TEST_CASE("a prediction combines the bot's interval, the line's uncertainty and the residual SD", "[calibration]") {
    Fit fit;
    fit.a = 0.4;
    fit.b = 0.8;
    fit.residual_sd = 0.3;
    fit.var_a = 0.01;
    fit.var_b = 0.004;
    fit.cov_ab = -0.002;
    // Values from the documented formula computed independently.
    Prediction p = predict(fit, 50, 100, 0.4, 0.6);
    CHECK(p.pass_rate == Approx(0.598687660112452).epsilon(1e-9));
    CHECK(p.ci_low == Approx(0.42566626157125115).epsilon(1e-9));
    CHECK(p.ci_high == Approx(0.7501767237413651).epsilon(1e-9));
    // 0 wins: the interval's 0 is clamped to the smoothed floor 0.5/101, so everything stays finite.
    Prediction zero = predict(fit, 0, 100, 0.0, 0.037);
    CHECK(zero.pass_rate == Approx(0.02098695472441451).epsilon(1e-9));
    CHECK(zero.ci_low == Approx(0.006094784005231184).epsilon(1e-9));
    CHECK(zero.ci_high == Approx(0.06971475076078591).epsilon(1e-9));
    CHECK(p.pass_rate == Approx(predict_rate(fit, smoothed_rate(50, 100))));

    // Each source widens the interval; with none of them it shrinks to the point.
    Fit exact;
    exact.a = 0.4;
    exact.b = 0.8;
    const double rate = smoothed_rate(50, 100);
    Prediction point = predict(exact, 50, 100, rate, rate);
    CHECK(point.ci_low == Approx(point.pass_rate));
    CHECK(point.ci_high == Approx(point.pass_rate));
    auto width = [](const Prediction& x) { return x.ci_high - x.ci_low; };
    Prediction bot_only = predict(exact, 50, 100, 0.4, 0.6);
    CHECK(width(bot_only) > 0.05);
    Fit scattered = exact;
    scattered.residual_sd = 0.3;
    CHECK(width(predict(scattered, 50, 100, 0.4, 0.6)) > width(bot_only));
    CHECK(width(predict(scattered, 50, 100, 0.3, 0.7)) > width(predict(scattered, 50, 100, 0.4, 0.6)));
    CHECK(width(p) > width(predict(scattered, 50, 100, 0.4, 0.6)));
    CHECK(p.ci_low < p.pass_rate);
    CHECK(p.pass_rate < p.ci_high);
}

TEST_CASE("the CSV: header, CRLF, blank lines and a final newline", "[calibration][csv]") {
    ObservedCsv csv = parse_observed_csv("id,attempts,passes\r\nlevel-1,100,40\r\n\r\n  \nlevel 2 , 2000 , 0\nx,5,5", "obs.csv");
    INFO(Catch::Detail::stringify(messages(csv.diagnostics)));
    CHECK(csv.ok());
    CHECK(csv.diagnostics.empty());
    REQUIRE(csv.rows.size() == 3);
    CHECK(csv.rows[0].id == "level-1");
    CHECK(csv.rows[0].attempts == 100);
    CHECK(csv.rows[0].passes == 40);
    CHECK(csv.rows[0].line == 2);
    CHECK(csv.rows[1].id == "level 2");
    CHECK(csv.rows[1].attempts == 2000);
    CHECK(csv.rows[1].passes == 0);
    CHECK(csv.rows[1].line == 5);
    CHECK(csv.rows[2].line == 6);
    // A header alone is a valid file with no rows; a byte order mark is skipped.
    CHECK(parse_observed_csv("id,attempts,passes\n", "o.csv").ok());
    CHECK(parse_observed_csv("\xEF\xBB\xBFid,attempts,passes\na,1,1\n", "o.csv").rows.size() == 1);
}

TEST_CASE("the CSV: every bad row is reported at its line, all at once", "[calibration][csv]") {
    const std::string text =
        "id,attempts,passes\n"
        "good-1,100,50\n"
        "short,100\n"                    // 3: field count
        "long,1,1,1\n"                   // 4: field count
        "letters,abc,5\n"                // 5: not a number
        "decimal,10,2.5\n"               // 6: not a whole number
        "negative,-4,2\n"                // 7: negative
        "too-many,10,12\n"               // 8: passes > attempts
        "zero,0,0\n"                     // 9: no attempts
        "good-1,10,5\n"                  // 10: duplicate
        ",5,5\n"                         // 11: empty id
        "huge,99999999999999999999,1\n"  // 12: out of range
        "two-faults,x,-1\n"              // 13: both counts
        "good-2,10,5\n";
    ObservedCsv csv = parse_observed_csv(text, "obs.csv");
    const std::vector<std::string> want{
        "obs.csv:3:1: error: expected 3 fields (id,attempts,passes), found 2",
        "obs.csv:4:1: error: expected 3 fields (id,attempts,passes), found 4",
        "obs.csv:5:9: error: attempts 'abc' is not a whole number",
        "obs.csv:6:12: error: passes '2.5' is not a whole number",
        "obs.csv:7:10: error: attempts -4 is negative",
        "obs.csv:8:13: error: passes 12 exceed attempts 10",
        "obs.csv:9:6: error: attempts is 0: a level needs attempts for a pass rate",
        "obs.csv:10:1: error: duplicate id 'good-1' (first on line 2)",
        "obs.csv:11:1: error: the id is empty",
        "obs.csv:12:6: error: attempts '99999999999999999999' is too large (at most 10^15)",
        "obs.csv:13:12: error: attempts 'x' is not a whole number",
        "obs.csv:13:14: error: passes -1 is negative",
    };
    CHECK(messages(csv.diagnostics) == want);
    CHECK_FALSE(csv.ok());
    // The good rows are kept (the command refuses the file as a whole, but every fault is found).
    REQUIRE(csv.rows.size() == 2);
    CHECK(csv.rows[0].id == "good-1");
    CHECK(csv.rows[1].id == "good-2");
}

TEST_CASE("the CSV: counts above 10^15 are refused; at 10^15 a level all passed still fits", "[calibration][csv]") {
    // Found by fuzz_calibration's check (tests/data/fuzz/calibration-huge-attempts-all-passed.csv): 10^17
    // attempts all passed smooth to a rate of exactly 1 in double precision, whose logit is
    // infinite, and calibrate printed a fit of NaN and wrote a file that estimate refused.
    ObservedCsv huge = parse_observed_csv(
        "id,attempts,passes\n"
        "a,100000000000000000,100000000000000000\n"
        "b,1000000000000001,5\n",
        "obs.csv");
    CHECK(messages(huge.diagnostics) ==
          std::vector<std::string>{"obs.csv:2:3: error: attempts '100000000000000000' is too large (at most 10^15)",
                                   "obs.csv:2:22: error: passes '100000000000000000' is too large (at most 10^15)",
                                   "obs.csv:3:3: error: attempts '1000000000000001' is too large (at most 10^15)"});
    CHECK(huge.rows.empty());
    const std::int64_t most = max_csv_count;
    ObservedCsv limit = parse_observed_csv("id,attempts,passes\na,1000000000000000,1000000000000000\n", "obs.csv");
    REQUIRE(limit.ok());
    REQUIRE(limit.rows.size() == 1);
    CHECK(limit.rows[0].attempts == most);
    for (std::int64_t passes : {most, most - 1, std::int64_t{0}}) {
        FitResult fitted = fit_levels({{most, passes, 100, 100}, {2000, 400, 100, 0}, {1500, 1200, 100, 95}});
        REQUIRE(fitted.fit);
        for (double v : {fitted.fit->a, fitted.fit->b, fitted.fit->residual_sd, fitted.fit->var_a, fitted.fit->var_b,
                         fitted.fit->cov_ab, fitted.fit->loo_mae_points})
            CHECK(std::isfinite(v));
    }
    // The fit itself refuses such counts from any caller.
    FitResult over = fit_levels({{most + 1, most + 1, 100, 100}, {2000, 400, 100, 0}, {1500, 1200, 100, 95}});
    CHECK_FALSE(over.fit);
    CHECK(over.error.find("at most 10^15") != std::string::npos);
}

TEST_CASE("the CSV: a wrong or missing header", "[calibration][csv]") {
    ObservedCsv wrong = parse_observed_csv("level,attempts,passes\na,1,1\nb,2,3\n", "o.csv");
    CHECK(messages(wrong.diagnostics) ==
          std::vector<std::string>{
              "o.csv:1:1: error: the first line must be the header 'id,attempts,passes', not 'level,attempts,passes'",
              "o.csv:3:5: error: passes 3 exceed attempts 2"});
    ObservedCsv empty = parse_observed_csv("", "o.csv");
    CHECK(
        messages(empty.diagnostics) ==
        std::vector<std::string>{"o.csv:1:1: error: the file is empty: the first line must be the header 'id,attempts,passes'"});
    ObservedCsv missing = read_observed_csv("/nonexistent/obs.csv");
    CHECK_FALSE(missing.ok());
}

TEST_CASE("the calibration file: written, read back, and every fault located", "[calibration][file]") {
    Calibration c;
    c.bot = "greedy";
    c.bots = {{"match3", "greedy"}, {"slide", "greedy"}};
    c.runs = 100;
    c.seed = 18446744073709551615ull;
    c.pack = "levels/packs/demo.json";
    c.observed = "obs.csv";
    c.fit = *fit_levels({{100, 30, 200, 50}, {400, 200, 200, 100}, {50, 40, 200, 170}}).fit;
    c.levels.push_back({"m3", "match3", 100, 30, 200, 50, 0.3, 0.25, 0.31});
    const std::string text = calibration_text(c);
    CHECK(text.back() == '\n');
    CalibrationLoad back = parse_calibration(text, "cal.json");
    INFO(Catch::Detail::stringify(messages(back.diagnostics)));
    REQUIRE(back.calibration);
    CHECK(back.calibration->bot == "greedy");
    CHECK(back.calibration->bots == c.bots);
    CHECK(back.calibration->seed == c.seed);
    CHECK(back.calibration->fit.a == c.fit.a);
    CHECK(back.calibration->fit.b == c.fit.b);
    CHECK(back.calibration->fit.var_b == c.fit.var_b);
    CHECK(back.calibration->fit.residual_sd == c.fit.residual_sd);
    REQUIRE(back.calibration->levels.size() == 1);
    CHECK(back.calibration->levels[0].predicted == 0.31);
    CHECK(calibration_text(*back.calibration) == text);

    // Keys in the documented order.
    auto j = nlohmann::ordered_json::parse(text);
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"format", "version", "bot", "bots", "runs", "seed", "pack", "observed", "a", "b", "r2",
                                           "loo_mae_points", "residual_sd", "covariance", "n_levels", "levels"});

    auto faults = [&](const std::function<void(nlohmann::ordered_json&)>& edit) {
        auto doc = nlohmann::ordered_json::parse(text);
        edit(doc);
        CalibrationLoad load = parse_calibration(doc.dump(), "cal.json");
        CHECK_FALSE(load.calibration);
        return messages(load.diagnostics);
    };
    CHECK(faults([](auto& d) { d["format"] = "tilelab.bundle"; }) ==
          std::vector<std::string>{"cal.json: error: /format: format is 'tilelab.bundle', expected 'tilelab.calibration'"});
    CHECK(faults([](auto& d) { d.erase("format"); }) ==
          std::vector<std::string>{"cal.json: error: format is missing, expected 'tilelab.calibration'"});
    CHECK(faults([](auto& d) {
              d.erase("a");
              d["b"] = "0.8";
              d["bots"]["slide"] = 3;
              d["levels"][0].erase("wins");
              d["covariance"]["var_b"] = nullptr;
              d["version"] = 2;
          }) == std::vector<std::string>{
                    "cal.json: error: /version: version 2 is not one this tilelab reads (1)",
                    "cal.json: error: /bots/slide: a bot name must be a string, not an integer",
                    "cal.json: error: missing \"a\"",
                    "cal.json: error: /b: b must be a number, not a string",
                    "cal.json: error: /covariance/var_b: var_b must be a number, not null",
                    "cal.json: error: /levels/0: missing \"wins\"",
                });
    // Syntax errors are located at line:column.
    CalibrationLoad broken = parse_calibration("{\n  \"format\": \"tilelab.calibration\",\n  \"a\": \n}", "cal.json");
    CHECK_FALSE(broken.calibration);
    REQUIRE_FALSE(broken.diagnostics.empty());
    CHECK(broken.diagnostics[0].format().rfind("cal.json:4:", 0) == 0);
}
