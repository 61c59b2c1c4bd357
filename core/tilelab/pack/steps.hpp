// The steps `check_pack` is made of, for the shards of a check and their merge (shard.hpp): a
// sharded check runs the same steps on its share of the work and the merge puts their results
// together in the same order, so the merged report is the one check_pack makes.
#pragma once
#include <algorithm>
#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/board/stop.hpp"
#include "tilelab/pack/pack.hpp"

namespace tilelab::pack {

// Runs `work(i)` for i in [0, count) over `threads` threads; results go by index.
template <class Work>
void for_each_level(int count, int threads, StopToken stop, Work work) {
    std::atomic<int> next{0};
    auto worker = [&] {
        for (;;) {
            if (stop.stop_requested()) return;
            int i = next.fetch_add(1);
            if (i >= count) return;
            work(i);
        }
    };
    std::vector<std::thread> pool;
    struct JoinAll {  // joined however this returns, a throw from `work` included
        std::vector<std::thread>& threads;
        ~JoinAll() {
            for (std::thread& t : threads)
                if (t.joinable()) t.join();
        }
    } join_all{pool};
    for (int t = 1; t < std::min(threads, count); ++t) pool.emplace_back(worker);
    worker();
}

// The kinds whose levels get bot playouts (match3, slide).
bool has_bot(Kind kind);

// The report before any analysis: the pack's own problems, each level's load problems and
// duplicate ids, in pack order.
PackReport start_report(const LoadedPack& loaded, const CheckOptions& options);

// Phase 1 for one loaded level: overlays, verdict and the analysis' own problems, added to `report`.
void analyse_level(LevelReport& report, const CheckOptions& options, StopToken stop);

// Phase 2: a level's playouts (or why there are none), before they go into the report.
struct LevelEstimate {
    EstimateResult result;
    std::string error;     // non-empty: the estimate failed (the text after "estimate failed: ")
    bool stopped = false;  // the check was cancelled: no figure
};

// The options `estimate` gets for a level of the check.
EstimateOptions level_estimate_options(const CheckOptions& options);

// Plays runs first_run .. first_run + runs - 1 of the level (the whole check: 0 and options.runs).
LevelEstimate run_level_estimate(const Level& level, const CheckOptions& options, int first_run, int runs, StopToken stop,
                                 Progress* progress);

// The level's figures from its outcomes (runs 0 onwards, in order) as run_level_estimate gives
// them for all its runs; `timed_out`: the runs stopped at the playout budget.
LevelEstimate summarize_level_estimate(const Level& level, const CheckOptions& options, std::vector<PlayoutOutcome> outcomes,
                                       bool timed_out);

// Puts an estimate into the level's report: its figure, the time budget's warning, the range check.
void record_estimate(LevelReport& report, const CheckOptions& options, const LevelEstimate& run);

// An estimate's figure as the pack keeps it: its scalar figures, and the players' rate when
// options.calibration holds a fit for the bot that played the kind.
PassRate pass_rate_of(const EstimateResult& result, Kind kind, const CheckOptions& options);

// --ladder: the level played by each bot of its kind's ladder (KindOps::ladder_bots; all runs), into report.ladder.
void run_ladder(LevelReport& report, const CheckOptions& options, StopToken stop, Progress* progress);
// The same with each bot's figure from `estimate` (the check cache's, or one played then).
void run_ladder_from(LevelReport& report, const CheckOptions& options, StopToken stop,
                     const std::function<LevelEstimate(const CheckOptions& with_bot)>& estimate);

}  // namespace tilelab::pack
