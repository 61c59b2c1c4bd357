// Runs seeded bot playouts over threads and sums them up, the same figures for any thread count.
#pragma once
#include <cstdint>
#include <functional>
#include <stop_token>
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

// Runs `play(run_index)` for run_index in [0, runs) over `threads` threads. Each playout must
// draw only from a generator seeded with playout_seed(seed, run_index), so outcomes are stored
// by index and the result does not depend on the thread count. Stops early when asked; the
// outcomes of unfinished runs are dropped (returned vector holds finished runs in index order).
std::vector<PlayoutOutcome> run_playouts(int runs, int threads,
                                         const std::function<PlayoutOutcome(int run_index)>& play,
                                         std::stop_token stop, Progress* progress);

// The common part of estimate's result: runs, wins, pass_rate, ci95, mean moves used,
// dead_rate; the kind adds its own distributions to `json` and `series` afterwards.
EstimateResult summarize_playouts(const std::vector<PlayoutOutcome>& outcomes, int runs_asked, bool cancelled);

}  // namespace tilelab
