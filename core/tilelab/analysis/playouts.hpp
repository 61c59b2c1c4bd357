// Runs seeded bot playouts over threads and sums them up, the same figures for any thread count.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <utility>
#include <vector>

#include "tilelab/analysis/game.hpp"

namespace tilelab {

// Wilson score interval at 95% for `wins` out of `runs`.
std::pair<double, double> wilson_interval(int wins, int runs);

// What one playout ended with; the kind fills in what it measures.
struct PlayoutOutcome {
    bool won = false;
    bool dead = false;         // ended on a board with no legal move
    int moves_used = 0;
    int moves_left = 0;        // on a win with a move limit
    std::int64_t score = 0;
    int highest_tile = 0;      // slide
    bool interrupted = false;  // stopped before its end (a cancel): not a run, never counted
};

// The playouts' time budget: a stop token that fires when `outer` does or when `budget_ms` (> 0)
// has passed since construction, whichever comes first; timed_out() tells the two apart. A run
// that ends within its budget never sees the timer, so its figures are those of an unbudgeted run.
class PlayoutDeadline {
public:
    PlayoutDeadline(std::stop_token outer, int budget_ms);
    ~PlayoutDeadline();
    PlayoutDeadline(const PlayoutDeadline&) = delete;
    PlayoutDeadline& operator=(const PlayoutDeadline&) = delete;
    std::stop_token token() const { return source_.get_token(); }
    bool timed_out() const { return timed_out_.load(); }

private:
    std::stop_source source_;
    std::atomic<bool> timed_out_{false};
    std::optional<std::stop_callback<std::function<void()>>> forward_;
    std::jthread timer_;  // last: it reads the members above
};

// Runs `play(run_index)` for run_index in [0, runs) over `threads` threads. Each playout must
// draw only from a generator seeded with playout_seed(seed, run_index), so outcomes are stored
// by index and the result does not depend on the thread count. Stops early when asked; the
// outcomes of unfinished runs are dropped (returned vector holds finished runs in index order).
std::vector<PlayoutOutcome> run_playouts(int runs, int threads,
                                         const std::function<PlayoutOutcome(int run_index)>& play,
                                         std::stop_token stop, Progress* progress);

// The common part of estimate's result: runs, wins, pass_rate, ci95, mean moves used,
// dead_rate; the kind adds its own distributions to `json` and `series` afterwards.
// `timed_out`: the playouts stopped at the time budget (`budget_ms`): the JSON says
// "stopped": "time_budget" with "runs_asked" and "time_budget_ms" instead of "cancelled".
EstimateResult summarize_playouts(const std::vector<PlayoutOutcome>& outcomes, int runs_asked, bool cancelled,
                                  bool timed_out = false, int budget_ms = 0);

}  // namespace tilelab
