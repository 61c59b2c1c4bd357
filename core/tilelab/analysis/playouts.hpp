// Runs seeded bot playouts over threads and sums them up, the same figures for any thread count.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"

namespace tilelab {

// Wilson score interval at 95% for `wins` out of `runs`.
std::pair<double, double> wilson_interval(int wins, int runs);

// The playouts' time budget: a stop token that fires when `outer` does or when `budget_ms` (> 0)
// has passed since construction, whichever comes first; timed_out() tells the two apart. A run
// that ends within its budget never sees the timer, so its figures are those of an unbudgeted run.
class PlayoutDeadline {
public:
    PlayoutDeadline(StopToken outer, int budget_ms);
    ~PlayoutDeadline();
    PlayoutDeadline(const PlayoutDeadline&) = delete;
    PlayoutDeadline& operator=(const PlayoutDeadline&) = delete;
    StopToken token() const { return source_.get_token(); }
    bool timed_out() const { return timed_out_.load(); }

private:
    StopSource source_;  // stops with `outer` too
    std::atomic<bool> timed_out_{false};
    std::mutex mutex_;
    std::condition_variable over_;  // the playouts are over: the timer returns at once
    bool is_over_ = false;
    std::thread timer_;  // last: it reads the members above
};

// Runs `play(run_index)` for run_index in [0, runs) over `threads` threads. Each playout must
// draw only from a generator seeded with playout_seed(seed, run_index), so outcomes are stored
// by index and the result does not depend on the thread count. Stops early when asked; the
// outcomes of unfinished runs are dropped (returned vector holds finished runs in index order).
// `first_run`: the indices are first_run .. first_run + runs - 1 (a shard of a larger estimate).
std::vector<PlayoutOutcome> run_playouts(int runs, int threads, const std::function<PlayoutOutcome(int run_index)>& play,
                                         StopToken stop, Progress* progress, int first_run = 0);

// An estimate to a precision (EstimateOptions::precision, docs/estimates.md "Precision") plays its
// runs in batches of this many, counted from run 0, and stops at the first batch boundary where
// the 95% interval's half-width is at most the precision: which boundary depends only on the
// outcomes in run order, so the figure is the same for any thread count, and shards that play
// every run give it too once merged (precision_prefix).
inline constexpr int precision_batch = 100;

// Half the width of wilson_interval(wins, runs).
double interval_half_width(int wins, int runs);

// The runs an estimate to `precision` (> 0) keeps of `outcomes` (runs 0, 1, ... in order): the
// first whole batches after which the half-width is at most `precision`; all of them when no
// batch boundary gets there (or `precision` is 0).
std::size_t precision_prefix(const std::vector<PlayoutOutcome>& outcomes, double precision);

// run_playouts of runs first_run .. first_run + runs - 1, to a precision: batch after batch while
// the runs so far (from first_run, which is 0 for a whole estimate) are not yet within
// `precision`; `runs` is the cap. `precision` 0: run_playouts itself.
std::vector<PlayoutOutcome> run_playouts_to_precision(int runs, double precision, int threads,
                                                      const std::function<PlayoutOutcome(int run_index)>& play, StopToken stop,
                                                      Progress* progress, int first_run = 0);

// The common part of estimate's result: runs, wins, pass_rate, ci95, mean moves used,
// dead_rate; the kind adds its own distributions to `json` and `series` afterwards.
// `timed_out`: the playouts stopped at the time budget (`budget_ms`): the JSON says
// "stopped": "time_budget" with "runs_asked" and "time_budget_ms" instead of "cancelled".
// `precision` > 0 (an estimate to a precision): the JSON adds "precision", "runs_asked" (the cap)
// and "stopped": "precision" (fewer runs than the cap were enough) or "runs" (the cap was reached
// first), unless the time budget stopped it; fewer runs than asked is then no cancellation.
EstimateResult summarize_playouts(const std::vector<PlayoutOutcome>& outcomes, int runs_asked, bool cancelled,
                                  bool timed_out = false, int budget_ms = 0, double precision = 0.0);

// "39.4%": a rate (0..1) as a percentage with `decimals` decimals, as the command line and the
// editor print rates. A rate that is not 1 never reads "100%" and one that is not 0 never "0%":
// 0.9996 is "> 99.9%" (0.999 with no decimals "> 99%"), 0.0004 is "< 0.1%".
std::string percent_text(double fraction, int decimals = 1);

// {"mean": 1 / pass_rate, "ci95": [1 / ci_high, 1 / ci_low]}, null where a rate is 0.
nlohmann::ordered_json attempts_per_pass(const EstimateResult& r);

// How a playout passes the level at move limit L: `reach`: its goal was met within L moves
// (won_at <= L; a win in u moves is a win for every limit >= u); `survive` (a goal of only a move
// limit): the board still had a legal move after L moves (dead_at < 0 or >= L).
enum class CurveRule { reach, survive };

// Adds the pass-rate curve and its companions to an estimate's JSON, from the same playouts:
// "curve": [{"moves": L, "pass_rate", "ci95"}] for L = 1 .. cap (`cap` unset, no move limit: the
// longest win seen); "best_runs" (reach only): [{"share": 0.05 | 0.15, "runs": k, "moves", "mean_moves"}],
// the moves used by the k best runs (fewest moves to the goal first): "moves" the most of them,
// "mean_moves" their mean, both null when one of the k did not reach the goal within the cap;
// "attempts_per_pass": {"mean": 1 / pass_rate, "ci95": [1 / ci_high, 1 / ci_low]} (null where a
// rate is 0).
void add_curve(EstimateResult& r, const std::vector<PlayoutOutcome>& outcomes, std::optional<int> cap, CurveRule rule);

}  // namespace tilelab
