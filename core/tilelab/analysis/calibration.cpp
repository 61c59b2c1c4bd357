// Calibration: the observed CSV, the weighted logit fit, predictions and the calibration file.
#include "tilelab/analysis/calibration.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <tuple>
#include <unordered_map>

#include "tilelab/io/json_checker.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::calibration {

namespace {

using ojson = nlohmann::ordered_json;

constexpr double z95 = 1.96;

Diagnostic error_at_line(const std::string& file, int line, int column, std::string message) {
    Diagnostic d;
    d.file = file;
    d.line = line;
    d.column = column;
    d.message = std::move(message);
    return d;
}

// One field of a row: its text (spaces and tabs trimmed) and its 1-based column.
struct Field {
    std::string_view text;
    int column = 1;
};

std::vector<Field> split_fields(std::string_view line) {
    std::vector<Field> fields;
    std::size_t start = 0;
    while (true) {
        std::size_t end = line.find(',', start);
        std::size_t stop = end == std::string_view::npos ? line.size() : end;
        std::size_t first = start;
        while (first < stop && (line[first] == ' ' || line[first] == '\t')) ++first;
        std::size_t last = stop;
        while (last > first && (line[last - 1] == ' ' || line[last - 1] == '\t')) --last;
        fields.push_back({line.substr(first, last - first), static_cast<int>(first) + 1});
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return fields;
}

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

std::string shown(std::string_view text, std::size_t limit = 40) {
    std::string out(text.substr(0, limit));
    if (text.size() > limit) out += "...";
    return out;
}

// A count of the CSV: a whole number from 0 up; else a message for the row.
std::optional<std::int64_t> read_count(const Field& field, const char* name, const std::string& file, int line,
                                       Diagnostics& out) {
    std::int64_t n = 0;
    const char* begin = field.text.data();
    const char* end = begin + field.text.size();
    auto [ptr, ec] = std::from_chars(begin, end, n);
    if (field.text.empty()) {
        out.push_back(error_at_line(file, line, field.column, std::string(name) + " is empty"));
        return std::nullopt;
    }
    if ((ec == std::errc::result_out_of_range && ptr == end) || (ec == std::errc() && ptr == end && n > max_csv_count)) {
        out.push_back(error_at_line(file, line, field.column,
                                    std::string(name) + " '" + shown(field.text) + "' is too large (at most 10^15)"));
        return std::nullopt;
    }
    if (ec != std::errc() || ptr != end) {
        out.push_back(
            error_at_line(file, line, field.column, std::string(name) + " '" + shown(field.text) + "' is not a whole number"));
        return std::nullopt;
    }
    if (n < 0) {
        out.push_back(error_at_line(file, line, field.column, std::string(name) + " " + std::to_string(n) + " is negative"));
        return std::nullopt;
    }
    return n;
}

}  // namespace

ObservedCsv parse_observed_csv(std::string_view text, const std::string& file) {
    ObservedCsv result;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a spreadsheet's byte order mark
    std::unordered_map<std::string, int> first_line;                 // id -> the line that has it
    int line_number = 0;
    bool header_seen = false;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t newline = text.find('\n', pos);
        std::string_view line = text.substr(pos, newline == std::string_view::npos ? std::string_view::npos : newline - pos);
        pos = newline == std::string_view::npos ? text.size() : newline + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!header_seen) {
            header_seen = true;
            if (line != csv_header)
                result.diagnostics.push_back(error_at_line(
                    file, line_number, 1,
                    "the first line must be the header '" + std::string(csv_header) + "', not '" + shown(line) + "'"));
            continue;
        }
        if (is_blank(line)) continue;
        const std::vector<Field> fields = split_fields(line);
        if (fields.size() != 3) {
            result.diagnostics.push_back(error_at_line(
                file, line_number, 1, "expected 3 fields (id,attempts,passes), found " + std::to_string(fields.size())));
            continue;
        }
        bool good = true;
        Observation row;
        row.line = line_number;
        row.id = std::string(fields[0].text);
        if (row.id.empty()) {
            result.diagnostics.push_back(error_at_line(file, line_number, fields[0].column, "the id is empty"));
            good = false;
        }
        auto attempts = read_count(fields[1], "attempts", file, line_number, result.diagnostics);
        auto passes = read_count(fields[2], "passes", file, line_number, result.diagnostics);
        if (attempts && *attempts == 0) {
            result.diagnostics.push_back(
                error_at_line(file, line_number, fields[1].column, "attempts is 0: a level needs attempts for a pass rate"));
            good = false;
        }
        if (attempts && passes && *passes > *attempts) {
            result.diagnostics.push_back(
                error_at_line(file, line_number, fields[2].column,
                              "passes " + std::to_string(*passes) + " exceed attempts " + std::to_string(*attempts)));
            good = false;
        }
        if (!row.id.empty()) {
            auto [it, inserted] = first_line.emplace(row.id, line_number);
            if (!inserted) {
                result.diagnostics.push_back(
                    error_at_line(file, line_number, fields[0].column,
                                  "duplicate id '" + shown(row.id) + "' (first on line " + std::to_string(it->second) + ")"));
                good = false;
            }
        }
        if (!attempts || !passes || !good) continue;
        row.attempts = *attempts;
        row.passes = *passes;
        result.rows.push_back(std::move(row));
    }
    if (!header_seen)
        result.diagnostics.push_back(
            error_at_line(file, 1, 1, "the file is empty: the first line must be the header '" + std::string(csv_header) + "'"));
    return result;
}

ObservedCsv read_observed_csv(const std::filesystem::path& path) {
    ObservedCsv result;
    auto text = read_text_file(path, result.diagnostics);
    if (!text) return result;
    return parse_observed_csv(*text, path.string());
}

// ---- The model ---------------------------------------------------------------------------------

double smoothed_rate(std::int64_t successes, std::int64_t trials) {
    return (static_cast<double>(successes) + 0.5) / (static_cast<double>(trials) + 1.0);
}

double logit(double p) { return std::log(p / (1.0 - p)); }

double inverse_logit(double x) {
    // Written two ways so that neither overflows.
    if (x >= 0) return 1.0 / (1.0 + std::exp(-x));
    const double e = std::exp(x);
    return e / (1.0 + e);
}

namespace {

// A point on the logit scale with its weight.
struct Weighted {
    double x = 0.0;           // logit of the smoothed bot rate
    double y = 0.0;           // logit of the smoothed human rate
    double w = 0.0;           // attempts * p * (1 - p)
    double human_rate = 0.0;  // passes / attempts, the figure the LOO error is measured against
};

Weighted weighted_point(const FitPoint& p) {
    Weighted out;
    const double human = smoothed_rate(p.passes, p.attempts);
    out.x = logit(smoothed_rate(p.wins, p.runs));
    out.y = logit(human);
    out.w = static_cast<double>(p.attempts) * human * (1.0 - human);
    out.human_rate = static_cast<double>(p.passes) / static_cast<double>(p.attempts);
    return out;
}

// The weighted sums a straight-line fit needs; points can be added and taken out again.
struct Sums {
    double w = 0, wx = 0, wy = 0, wxx = 0, wxy = 0;
    void add(const Weighted& p, double sign = 1.0) {
        w += sign * p.w;
        wx += sign * p.w * p.x;
        wy += sign * p.w * p.y;
        wxx += sign * p.w * p.x * p.x;
        wxy += sign * p.w * p.x * p.y;
    }
    double x_mean() const { return wx / w; }
    double y_mean() const { return wy / w; }
    double sxx() const { return wxx - wx * wx / w; }
    double sxy() const { return wxy - wx * wy / w; }
};

// The slope and intercept from the sums; the weighted mean (b = 0) when x does not vary.
std::pair<double, double> line_of(const Sums& s) {
    const double sxx = s.sxx();
    if (!(sxx > 1e-12 * std::max(1.0, s.w))) return {s.y_mean(), 0.0};
    const double b = s.sxy() / sxx;
    return {s.y_mean() - b * s.x_mean(), b};
}

}  // namespace

FitResult fit_levels(const std::vector<FitPoint>& input) {
    FitResult result;
    const int n = static_cast<int>(input.size());
    if (n < min_fit_levels) {
        result.error = "the fit needs at least " + std::to_string(min_fit_levels) + " levels with both figures, got " +
                       std::to_string(n);
        return result;
    }
    for (const FitPoint& p : input)
        if (p.attempts <= 0 || p.runs <= 0 || p.passes < 0 || p.wins < 0 || p.passes > p.attempts || p.wins > p.runs ||
            p.attempts > max_csv_count || p.runs > max_csv_count) {
            result.error =
                "a level has impossible counts (attempts and runs must be positive and at most 10^15, passes "
                "and wins within them)";
            return result;
        }
    std::vector<Weighted> points;
    points.reserve(input.size());
    Sums sums;
    for (const FitPoint& p : input) {
        points.push_back(weighted_point(p));
        sums.add(points.back());
    }
    // The raw rates, not the smoothed ones: 50 wins in 100 runs and 60 in 120 are the same rate.
    auto bot_rate = [](const FitPoint& p) { return static_cast<double>(p.wins) / static_cast<double>(p.runs); };
    const bool bot_rates_vary = std::any_of(
        input.begin(), input.end(), [&](const FitPoint& p) { return std::abs(bot_rate(p) - bot_rate(input.front())) > 1e-12; });
    if (!bot_rates_vary) {
        result.error = "every level has the same bot pass rate (" + std::to_string(100.0 * bot_rate(input.front())) +
                       "%): the bot does not tell the levels apart, so there is no slope to fit";
        return result;
    }
    Fit fit;
    fit.levels = n;
    std::tie(fit.a, fit.b) = line_of(sums);
    const double y_mean = sums.y_mean();
    double ss_res = 0.0, ss_tot = 0.0;
    for (const Weighted& p : points) {
        const double r = p.y - (fit.a + fit.b * p.x);
        ss_res += p.w * r * r;
        ss_tot += p.w * (p.y - y_mean) * (p.y - y_mean);
    }
    fit.r2 = ss_tot > 0.0 ? 1.0 - ss_res / ss_tot : 0.0;
    const double dof = static_cast<double>(n - 2);
    fit.residual_sd = std::sqrt(ss_res / sums.w * static_cast<double>(n) / dof);
    const double scale = ss_res / dof;  // the dispersion of the weighted residuals (1 for pure binomial noise)
    const double sxx = sums.sxx();
    fit.var_b = scale / sxx;
    fit.var_a = scale * (1.0 / sums.w + sums.x_mean() * sums.x_mean() / sxx);
    fit.cov_ab = -scale * sums.x_mean() / sxx;
    double abs_errors = 0.0;
    for (const Weighted& p : points) {
        Sums others = sums;
        others.add(p, -1.0);
        auto [a, b] = line_of(others);
        abs_errors += std::abs(inverse_logit(a + b * p.x) - p.human_rate);
    }
    fit.loo_mae_points = 100.0 * abs_errors / n;
    result.fit = fit;
    return result;
}

double predict_rate(const Fit& fit, double bot_rate) { return inverse_logit(fit.a + fit.b * logit(bot_rate)); }

Prediction predict(const Fit& fit, std::int64_t wins, std::int64_t runs, double ci_low, double ci_high) {
    const double rate = smoothed_rate(wins, runs);
    const double floor = smoothed_rate(0, runs);
    const double ceiling = smoothed_rate(runs, runs);
    const double x = logit(rate);
    const double lo = logit(std::clamp(std::min(ci_low, rate), floor, ceiling));
    const double hi = logit(std::clamp(std::max(ci_high, rate), floor, ceiling));
    const double sd_bot = std::abs(fit.b) * (hi - lo) / (2.0 * z95);
    const double var_line = std::max(0.0, fit.var_a + 2.0 * x * fit.cov_ab + x * x * fit.var_b);
    const double sd = std::sqrt(sd_bot * sd_bot + var_line + fit.residual_sd * fit.residual_sd);
    const double y = fit.a + fit.b * x;
    return {inverse_logit(y), inverse_logit(y - z95 * sd), inverse_logit(y + z95 * sd)};
}

// ---- The calibration file ----------------------------------------------------------------------

ojson to_json(const Calibration& c) {
    ojson j;
    j["format"] = std::string(file_format);
    j["version"] = file_version;
    j["bot"] = c.bot.empty() ? ojson() : ojson(c.bot);
    ojson bots = ojson::object();
    for (const auto& [kind, bot] : c.bots) bots[kind] = bot;
    j["bots"] = bots;
    j["runs"] = c.runs;
    if (c.rollouts > 0) j["rollouts"] = c.rollouts;
    j["seed"] = c.seed;
    j["pack"] = c.pack;
    j["observed"] = c.observed;
    j["a"] = c.fit.a;
    j["b"] = c.fit.b;
    j["r2"] = c.fit.r2;
    j["loo_mae_points"] = c.fit.loo_mae_points;
    j["residual_sd"] = c.fit.residual_sd;
    j["covariance"] = {{"var_a", c.fit.var_a}, {"var_b", c.fit.var_b}, {"cov_ab", c.fit.cov_ab}};
    j["n_levels"] = c.fit.levels;
    ojson levels = ojson::array();
    for (const LevelRow& l : c.levels) {
        levels.push_back({{"id", l.id},
                          {"kind", l.kind},
                          {"attempts", l.attempts},
                          {"passes", l.passes},
                          {"runs", l.runs},
                          {"wins", l.wins},
                          {"human_rate", l.human_rate},
                          {"bot_rate", l.bot_rate},
                          {"predicted", l.predicted}});
    }
    j["levels"] = levels;
    return j;
}

std::string calibration_text(const Calibration& c) {
    return to_json(c).dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

namespace {

// The checker of the reader (json_checker.hpp), with "missing" for an absent key.
class Reader : public JsonChecker {
public:
    using JsonChecker::JsonChecker;

    const ojson* field(const ojson& object, const std::string& pointer, const char* key) {
        if (const ojson* v = find(object, key)) return v;
        error(pointer, std::string("missing \"") + key + "\"");
        return nullptr;
    }
    std::optional<double> number(const ojson& object, const std::string& pointer, const char* key) {
        const ojson* v = field(object, pointer, key);
        return v ? JsonChecker::number(*v, pointer + "/" + key, key) : std::nullopt;
    }
    std::optional<std::int64_t> count(const ojson& object, const std::string& pointer, const char* key) {
        const ojson* v = field(object, pointer, key);
        return v ? integer(*v, pointer + "/" + key, 0, std::numeric_limits<std::int64_t>::max(), key) : std::nullopt;
    }
    std::optional<std::string> text(const ojson& object, const std::string& pointer, const char* key) {
        const ojson* v = field(object, pointer, key);
        return v ? string(*v, pointer + "/" + key, key) : std::nullopt;
    }
};

}  // namespace

CalibrationLoad parse_calibration(std::string_view text, const std::string& file) {
    CalibrationLoad result;
    auto value = parse_json_document(text, file, result.diagnostics);
    if (!value || has_errors(result.diagnostics)) return result;
    Reader read(file, result.diagnostics);
    if (!value->is_object()) {
        read.error("", "a calibration is a JSON object, not " + json_type_name(*value));
        return result;
    }
    auto format = value->find("format");
    if (format == value->end() || !format->is_string() || format->get<std::string>() != file_format) {
        const std::string got = format == value->end() ? "missing"
                                : format->is_string()  ? "'" + format->get<std::string>() + "'"
                                                       : json_type_name(*format);
        read.error(format == value->end() ? "" : "/format", "format is " + got + ", expected '" + std::string(file_format) + "'");
        return result;
    }
    Calibration c;
    if (auto version = read.count(*value, "", "version")) {
        if (*version != file_version)
            read.error("/version", "version " + std::to_string(*version) + " is not one this tilelab reads (" +
                                       std::to_string(file_version) + ")");
    }
    if (const ojson* bot = read.field(*value, "", "bot")) {
        if (!bot->is_null())
            if (auto s = read.string(*bot, "/bot", "bot (a name, or null)")) c.bot = *s;
    }
    if (const ojson* bots = read.field(*value, "", "bots")) {
        if (!bots->is_object()) {
            read.error("/bots", "bots must be an object of kind: bot, not " + json_type_name(*bots));
        } else {
            for (auto it = bots->begin(); it != bots->end(); ++it)
                if (auto s = read.string(*it, "/bots/" + escape_pointer_token(it.key()), "a bot name")) c.bots[it.key()] = *s;
        }
    }
    if (auto runs = read.count(*value, "", "runs")) {
        if (*runs > std::numeric_limits<int>::max()) read.error("/runs", "runs is too large");
        else c.runs = static_cast<int>(*runs);
    }
    if (value->contains("rollouts")) {
        if (auto rollouts = read.count(*value, "", "rollouts")) {
            if (*rollouts < 1 || *rollouts > 1000000) read.error("/rollouts", "rollouts must be 1 to 1000000");
            else c.rollouts = static_cast<int>(*rollouts);
        }
    }
    if (const ojson* seed = read.field(*value, "", "seed")) {
        if (seed->is_number_unsigned()) c.seed = seed->get<std::uint64_t>();
        else
            read.error("/seed", "seed must be a whole number from 0 to 2^64-1, not " +
                                    (seed->is_number() ? seed->dump() : json_type_name(*seed)));
    }
    if (auto s = read.text(*value, "", "pack")) c.pack = *s;
    if (auto s = read.text(*value, "", "observed")) c.observed = *s;
    if (auto v = read.number(*value, "", "a")) c.fit.a = *v;
    if (auto v = read.number(*value, "", "b")) c.fit.b = *v;
    if (auto v = read.number(*value, "", "r2")) c.fit.r2 = *v;
    if (auto v = read.number(*value, "", "loo_mae_points")) c.fit.loo_mae_points = *v;
    if (auto v = read.number(*value, "", "residual_sd")) {
        if (*v < 0) read.error("/residual_sd", "residual_sd must not be negative");
        c.fit.residual_sd = *v;
    }
    if (const ojson* cov = read.field(*value, "", "covariance")) {
        if (!cov->is_object()) {
            read.error("/covariance", "covariance must be an object {var_a, var_b, cov_ab}, not " + json_type_name(*cov));
        } else {
            if (auto v = read.number(*cov, "/covariance", "var_a")) c.fit.var_a = *v;
            if (auto v = read.number(*cov, "/covariance", "var_b")) c.fit.var_b = *v;
            if (auto v = read.number(*cov, "/covariance", "cov_ab")) c.fit.cov_ab = *v;
        }
    }
    if (auto n = read.count(*value, "", "n_levels")) c.fit.levels = static_cast<int>(std::min<std::int64_t>(*n, 1 << 30));
    if (const ojson* levels = read.field(*value, "", "levels")) {
        if (!levels->is_array()) {
            read.error("/levels", "levels must be an array, not " + json_type_name(*levels));
        } else {
            for (std::size_t i = 0; i < levels->size(); ++i) {
                const ojson& entry = (*levels)[i];
                const std::string at = "/levels/" + std::to_string(i);
                if (!entry.is_object()) {
                    read.error(at, "a level entry must be an object, not " + json_type_name(entry));
                    continue;
                }
                LevelRow row;
                if (auto s = read.text(entry, at, "id")) row.id = *s;
                if (auto s = read.text(entry, at, "kind")) row.kind = *s;
                if (auto v = read.count(entry, at, "attempts")) row.attempts = *v;
                if (auto v = read.count(entry, at, "passes")) row.passes = *v;
                if (auto v = read.count(entry, at, "runs")) row.runs = *v;
                if (auto v = read.count(entry, at, "wins")) row.wins = *v;
                if (auto v = read.number(entry, at, "human_rate")) row.human_rate = *v;
                if (auto v = read.number(entry, at, "bot_rate")) row.bot_rate = *v;
                if (auto v = read.number(entry, at, "predicted")) row.predicted = *v;
                c.levels.push_back(std::move(row));
            }
        }
    }
    if (read.errors() == 0) result.calibration = std::move(c);
    return result;
}

CalibrationLoad load_calibration(const std::filesystem::path& path) {
    CalibrationLoad result;
    auto text = read_text_file(path, result.diagnostics);
    if (!text) return result;
    return parse_calibration(*text, path.string());
}

}  // namespace tilelab::calibration
