// Seeded playouts over threads: outcomes are kept by run index, so any thread count agrees.
#include "tilelab/analysis/playouts.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <thread>

namespace tilelab {

std::pair<double, double> wilson_interval(int wins, int runs) {
    if (runs <= 0) return {0.0, 1.0};
    const double z = 1.959963984540054;
    const double n = runs;
    const double p = wins / n;
    const double denom = 1.0 + z * z / n;
    const double centre = (p + z * z / (2.0 * n)) / denom;
    const double half = z * std::sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom;
    // At 0 or all wins the bound is exactly 0 or 1 in theory; rounding would give 2e-19 or 0.999...
    const double lo = wins == 0 ? 0.0 : std::max(0.0, centre - half);
    const double hi = wins == runs ? 1.0 : std::min(1.0, centre + half);
    return {lo, hi};
}

PlayoutDeadline::PlayoutDeadline(StopToken outer, int budget_ms) : source_(std::move(outer)) {
    if (budget_ms <= 0) return;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(budget_ms);
    timer_ = std::thread([this, deadline] {
        std::unique_lock lock(mutex_);
        // Returns early (true) only when the playouts are over and the deadline object goes away.
        if (over_.wait_until(lock, deadline, [this] { return is_over_; })) return;
        if (!source_.stop_requested()) {
            timed_out_.store(true);
            source_.request_stop();
        }
    });
}

PlayoutDeadline::~PlayoutDeadline() {
    {
        std::lock_guard lock(mutex_);
        is_over_ = true;
    }
    over_.notify_all();
    if (timer_.joinable()) timer_.join();
}

namespace {
// run_playouts, its progress counted as `progress_before` runs already done of `progress_total`
// (a batch of an estimate to a precision reports into the whole cap's fraction).
std::vector<PlayoutOutcome> run_range(int runs, int threads, const std::function<PlayoutOutcome(int)>& play, StopToken stop,
                                      Progress* progress, int first_run, int progress_before, int progress_total) {
    runs = std::max(runs, 0);
    threads = std::clamp(threads, 1, 256);
    std::vector<PlayoutOutcome> outcomes(static_cast<std::size_t>(runs));
    std::vector<char> done(static_cast<std::size_t>(runs), 0);
    std::atomic<int> next{0};
    std::atomic<int> finished{0};
    auto worker = [&] {
        for (;;) {
            if (stop.stop_requested()) return;
            int i = next.fetch_add(1);
            if (i >= runs) return;
            outcomes[static_cast<std::size_t>(i)] = play(first_run + i);
            if (outcomes[static_cast<std::size_t>(i)].interrupted) return;  // half a game is no result
            done[static_cast<std::size_t>(i)] = 1;
            int f = finished.fetch_add(1) + 1;
            if (progress) progress->fraction.store(static_cast<double>(progress_before + f) / progress_total);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    // The finished prefix: what a whole run of that many playouts gives.
    std::size_t prefix = 0;
    while (prefix < outcomes.size() && done[prefix]) ++prefix;
    outcomes.resize(prefix);
    return outcomes;
}
}  // namespace

std::vector<PlayoutOutcome> run_playouts(int runs, int threads, const std::function<PlayoutOutcome(int)>& play, StopToken stop,
                                         Progress* progress, int first_run) {
    return run_range(runs, threads, play, stop, progress, first_run, 0, std::max(runs, 1));
}

double interval_half_width(int wins, int runs) {
    const auto [lo, hi] = wilson_interval(wins, runs);
    return (hi - lo) / 2.0;
}

std::size_t precision_prefix(const std::vector<PlayoutOutcome>& outcomes, double precision) {
    if (precision <= 0) return outcomes.size();
    int wins = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        wins += outcomes[i].won ? 1 : 0;
        const std::size_t runs = i + 1;
        if (runs % precision_batch == 0 && interval_half_width(wins, static_cast<int>(runs)) <= precision) return runs;
    }
    return outcomes.size();
}

std::vector<PlayoutOutcome> run_playouts_to_precision(int runs, double precision, int threads,
                                                      const std::function<PlayoutOutcome(int)>& play, StopToken stop,
                                                      Progress* progress, int first_run) {
    if (precision <= 0) return run_playouts(runs, threads, play, stop, progress, first_run);
    std::vector<PlayoutOutcome> outcomes;
    int wins = 0;
    for (int start = 0; start < runs && !stop.stop_requested(); start += precision_batch) {
        const int batch = std::min(precision_batch, runs - start);
        std::vector<PlayoutOutcome> part = run_range(batch, threads, play, stop, progress, first_run + start, start, runs);
        const bool whole = static_cast<int>(part.size()) == batch;
        for (auto& o : part) {
            wins += o.won ? 1 : 0;
            outcomes.push_back(std::move(o));
        }
        if (!whole) break;  // stopped: the finished prefix, as run_playouts keeps it
        if (batch == precision_batch && interval_half_width(wins, static_cast<int>(outcomes.size())) <= precision) break;
    }
    return outcomes;
}

EstimateResult summarize_playouts(const std::vector<PlayoutOutcome>& outcomes, int runs_asked, bool cancelled, bool timed_out,
                                  int budget_ms, double precision) {
    EstimateResult r;
    r.runs = static_cast<int>(outcomes.size());
    double moves_sum = 0;
    int dead = 0;
    for (const auto& o : outcomes) {
        if (o.won) ++r.wins;
        if (o.dead) ++dead;
        moves_sum += o.moves_used;
    }
    // Fewer runs than asked, at a batch boundary within the precision: the estimate was done.
    const bool precise = precision > 0 && !cancelled && r.runs < runs_asked && r.runs > 0 && r.runs % precision_batch == 0 &&
                         interval_half_width(r.wins, r.runs) <= precision;
    r.cancelled = cancelled || (r.runs < runs_asked && !precise);
    r.timed_out = timed_out && !cancelled && r.runs < runs_asked && !precise;
    r.pass_rate = r.runs ? static_cast<double>(r.wins) / r.runs : 0.0;
    auto [lo, hi] = wilson_interval(r.wins, r.runs);
    r.ci_low = lo;
    r.ci_high = hi;
    r.json["runs"] = r.runs;
    r.json["wins"] = r.wins;
    r.json["pass_rate"] = r.pass_rate;
    r.json["ci95"] = {lo, hi};
    r.json["mean_moves"] = r.runs ? moves_sum / r.runs : 0.0;
    r.json["dead_rate"] = r.runs ? static_cast<double>(dead) / r.runs : 0.0;
    if (r.timed_out) {
        r.json["stopped"] = "time_budget";
        r.json["runs_asked"] = runs_asked;
        r.json["time_budget_ms"] = budget_ms;
    } else if (r.cancelled) {
        r.json["cancelled"] = true;
    } else if (precision > 0) {
        r.json["stopped"] = precise ? "precision" : "runs";
        r.json["runs_asked"] = runs_asked;
    }
    if (precision > 0) r.json["precision"] = precision;
    return r;
}

void add_curve(EstimateResult& r, const std::vector<PlayoutOutcome>& outcomes, std::optional<int> cap, CurveRule rule) {
    const int runs = static_cast<int>(outcomes.size());
    if (!cap) {
        int longest = 0;
        for (const auto& o : outcomes) longest = std::max(longest, o.won_at);
        cap = longest;
    }
    // passes[L]: runs that pass at limit L, from a count of the moves at which each run's fate turns.
    std::vector<int> turn(static_cast<std::size_t>(*cap) + 2, 0);
    int base = 0;  // runs that pass at limit 0 (survive: all of them, less those that die)
    for (const auto& o : outcomes) {
        if (rule == CurveRule::reach) {
            if (o.won_at >= 0 && o.won_at <= *cap) ++turn[static_cast<std::size_t>(o.won_at)];
        } else {
            ++base;  // passes until the limit exceeds dead_at
            if (o.dead_at >= 0 && o.dead_at < *cap) --turn[static_cast<std::size_t>(o.dead_at) + 1];
        }
    }
    auto curve = nlohmann::ordered_json::array();
    int passes = base;
    for (int limit = 0; limit <= *cap; ++limit) {
        passes += turn[static_cast<std::size_t>(limit)];
        if (limit == 0) continue;
        const double rate = runs ? static_cast<double>(passes) / runs : 0.0;
        auto [lo, hi] = wilson_interval(passes, runs);
        nlohmann::ordered_json point;
        point["moves"] = limit;
        point["pass_rate"] = rate;
        point["ci95"] = {lo, hi};
        curve.push_back(std::move(point));
    }
    r.json["curve"] = std::move(curve);
    if (rule == CurveRule::reach) {
        std::vector<int> to_goal;  // moves to the goal, runs that never reach it last
        for (const auto& o : outcomes)
            to_goal.push_back(o.won_at >= 0 && o.won_at <= *cap ? o.won_at : std::numeric_limits<int>::max());
        std::sort(to_goal.begin(), to_goal.end());
        auto best = nlohmann::ordered_json::array();
        for (double share : {0.05, 0.15}) {
            const int k = std::max(1, static_cast<int>(std::ceil(share * runs - 1e-9)));
            nlohmann::ordered_json band;
            band["share"] = share;
            band["runs"] = runs ? k : 0;
            if (runs && to_goal[static_cast<std::size_t>(k) - 1] != std::numeric_limits<int>::max()) {
                double sum = 0;
                for (int i = 0; i < k; ++i) sum += to_goal[static_cast<std::size_t>(i)];
                band["moves"] = to_goal[static_cast<std::size_t>(k) - 1];
                band["mean_moves"] = sum / k;
            } else {
                band["moves"] = nullptr;
                band["mean_moves"] = nullptr;
            }
            best.push_back(std::move(band));
        }
        r.json["best_runs"] = std::move(best);
    }
    r.json["attempts_per_pass"] = attempts_per_pass(r);
}

std::string percent_text(double fraction, int decimals) {
    auto shown = [decimals](double percent) {
        char text[32];
        std::snprintf(text, sizeof text, "%.*f%%", decimals, percent);
        return std::string(text);
    };
    std::string text = shown(100.0 * fraction);
    // Not certain, but it would read as certain: say which side of it the figure is.
    if (fraction < 1.0 && text == shown(100.0)) return "> " + shown(100.0 - std::pow(10.0, -decimals));
    if (fraction > 0.0 && text == shown(0.0)) return "< " + shown(std::pow(10.0, -decimals));
    return text;
}

nlohmann::ordered_json attempts_per_pass(const EstimateResult& r) {
    nlohmann::ordered_json attempts;
    auto inverse = [](double p) { return p > 0 ? nlohmann::ordered_json(1.0 / p) : nlohmann::ordered_json(nullptr); };
    attempts["mean"] = inverse(r.pass_rate);
    attempts["ci95"] = {inverse(r.ci_high), inverse(r.ci_low)};
    return attempts;
}

}  // namespace tilelab
