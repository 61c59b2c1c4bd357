// Calibration of bot pass rates to human ones: the studio's analytics CSV, the weighted fit
// logit(human) = a + b * logit(bot), predictions with an interval, and the calibration file.
// Shared by `tilelab calibrate` and `tilelab estimate --calibration`; docs/difficulty.md explains
// the model and docs/cli.md the files.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/io/diagnostics.hpp"

namespace tilelab::calibration {

// ---- The observed CSV: `id,attempts,passes` ------------------------------------------------------

inline constexpr std::string_view csv_header = "id,attempts,passes";
// The largest count of the CSV: up to 10^15 the smoothed rate of any passes out of the attempts
// stays inside (0, 1) in double precision, so its logit and the fit stay finite (at about 10^17
// attempts all passed, the rate rounds to 1 and the fit to NaN).
inline constexpr std::int64_t max_csv_count = 1'000'000'000'000'000;

struct Observation {
    std::string id;
    std::int64_t attempts = 0;  // > 0
    std::int64_t passes = 0;    // 0 <= passes <= attempts
    int line = 0;               // 1-based line of the row in the file
};

struct ObservedCsv {
    std::vector<Observation> rows;  // the good rows, in file order
    Diagnostics diagnostics;        // every bad row, located FILE:LINE:COLUMN
    bool ok() const { return !has_errors(diagnostics); }
};

// Parses the CSV text: the header line exactly `id,attempts,passes`, then one row a line.
// CRLF and a final newline are accepted, blank lines ignored, spaces around fields trimmed.
// Every bad row is reported (wrong field count, empty id, a count that is not a whole number,
// negative or above max_csv_count, attempts 0, passes > attempts, an id seen on an earlier line); a bad
// row is left out of `rows`. `file` names the file in the messages.
ObservedCsv parse_observed_csv(std::string_view text, const std::string& file);
// Reads and parses the file (a missing or unreadable file is one diagnostic).
ObservedCsv read_observed_csv(const std::filesystem::path& path);

// ---- The model -------------------------------------------------------------------------------------

// (successes + 0.5) / (trials + 1): finite logits for 0% and 100%.
double smoothed_rate(std::int64_t successes, std::int64_t trials);
double logit(double p);
double inverse_logit(double x);

// One level as the fit sees it.
struct FitPoint {
    std::int64_t attempts = 0;  // human attempts and passes
    std::int64_t passes = 0;
    std::int64_t runs = 0;  // bot playouts and wins
    std::int64_t wins = 0;
};

struct Fit {
    double a = 0.0;               // intercept on the logit scale
    double b = 0.0;               // slope on the logit scale
    double r2 = 0.0;              // weighted R² on the logit scale (0 when the human logits do not vary)
    double loo_mae_points = 0.0;  // leave-one-out mean absolute error, percentage points of pass rate
    double residual_sd = 0.0;     // weighted residual SD on the logit scale, with n-2 degrees of freedom
    // Covariance of (a, b): the weighted least-squares estimate, scaled by the residuals' own
    // dispersion (sum of w r² / (n - 2)).
    double var_a = 0.0;
    double var_b = 0.0;
    double cov_ab = 0.0;
    int levels = 0;
};

struct FitResult {
    std::optional<Fit> fit;
    std::string error;  // why the fit was refused (fewer than 3 levels, identical bot rates)
};

inline constexpr int min_fit_levels = 3;

// Weighted least squares of y = logit(smoothed human rate) on x = logit(smoothed bot rate),
// weights w = attempts * p * (1 - p) with p the smoothed human rate: the inverse of the
// empirical logit's sampling variance, so a level played 5,000 times counts more than one
// played 50 times, and a rate near 0 or 1 (whose logit is noisy) counts less.
FitResult fit_levels(const std::vector<FitPoint>& points);

// The calibrated human rate at x = logit(bot rate), without an interval.
double predict_rate(const Fit& fit, double bot_rate);

struct Prediction {
    double pass_rate = 0.0;
    double ci_low = 0.0;
    double ci_high = 0.0;
};

// The predicted human pass rate for a bot's pass rate over `runs` playouts (smoothed as in the
// fit from wins) and its 95% interval [ci_low, ci_high], with a 95% interval combining on the
// logit scale (1.96 standard deviations, mapped back through the inverse logit):
//   - the bot's interval through the fit: sd_bot = |b| * (logit(hi) - logit(lo)) / (2 * 1.96),
//     with lo and hi clamped to the smoothed extremes 0.5/(runs+1) and (runs+0.5)/(runs+1);
//   - the uncertainty of a and b: var_a + 2 x cov_ab + x² var_b;
//   - the scatter of levels around the line: residual_sd².
Prediction predict(const Fit& fit, std::int64_t wins, std::int64_t runs, double ci_low, double ci_high);

// ---- The calibration file ----------------------------------------------------------------------

inline constexpr std::string_view file_format = "tilelab.calibration";
inline constexpr int file_version = 1;

struct LevelRow {
    std::string id;
    std::string kind;  // "match3" or "slide"
    std::int64_t attempts = 0;
    std::int64_t passes = 0;
    std::int64_t runs = 0;  // the bot's playouts and wins on the level
    std::int64_t wins = 0;
    double human_rate = 0.0;  // passes / attempts
    double bot_rate = 0.0;    // wins / runs
    double predicted = 0.0;   // the fit's human rate for the level
};

struct Calibration {
    std::string bot;                          // --bot as given; "" for each kind's default bot
    std::map<std::string, std::string> bots;  // the bot that played each kind ("match3": "lookahead")
    int runs = 0;
    int rollouts = 0;  // the mcts bot's rollouts a move, when it played (else 0)
    std::uint64_t seed = 0;
    std::string pack;      // the pack file as named on the command line
    std::string observed;  // the CSV as named
    Fit fit;
    std::vector<LevelRow> levels;
};

nlohmann::ordered_json to_json(const Calibration& calibration);
// The file's text: two-space indent and a final newline.
std::string calibration_text(const Calibration& calibration);

struct CalibrationLoad {
    std::optional<Calibration> calibration;  // set only when there is no error
    Diagnostics diagnostics;                 // located: syntax at line:column, fields by JSON Pointer
};
CalibrationLoad parse_calibration(std::string_view text, const std::string& file);
CalibrationLoad load_calibration(const std::filesystem::path& path);

}  // namespace tilelab::calibration
