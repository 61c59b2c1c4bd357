// The analysis worker: runs the core's analysis on its own thread with a copy of the level.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/tune.hpp"

namespace tilelab::editor {

struct AnalysisJob {
    int document_id = 0;
    std::uint64_t revision = 0;
    Level level;              // a copy: the UI keeps editing its own
    bool run_analyze = true;
    AnalyzeOptions analyze;
    bool run_estimate = false;  // match3, slide: bot playouts
    EstimateOptions estimate;
    int estimate_budget_ms = 0;  // > 0: the playouts stop after this long (the result says how many ran)
    // > 0 and below estimate.runs: the figure of the first this many runs is handed over first
    // (exactly `tilelab estimate --runs N`), then the whole run replaces it.
    int estimate_first_runs = 0;
    // Set: the job is `tilelab tune` with these options and `estimate` (nothing else runs).
    std::optional<TuneOptions> tune;
    // Not empty: the job is the bot ladder, `estimate` once per bot named (nothing else runs).
    std::vector<std::string> ladder;
};

struct AnalysisOutcome {
    int document_id = 0;
    std::uint64_t revision = 0;
    std::optional<Analysis> analysis;
    std::optional<EstimateResult> estimate;
    std::string error;       // what the kind threw: shown as a problem, never a crash
    bool cancelled = false;
    bool estimate_pending = false;  // the overlays are ready, the playouts still running
    bool estimate_timed_out = false;  // the playouts stopped at the job's time budget
    bool estimate_first = false;      // `estimate` is the first runs' figure; the rest still running
    std::optional<TuneResult> tune;   // a tune job's result
    std::vector<std::pair<std::string, EstimateResult>> ladder;  // a ladder job's figures, by bot
    double elapsed_ms = 0.0;
};

// One long-lived thread and a slot for the next job (latest wins), so that the UI thread never
// joins a thread or waits for a lock held during analysis. A new job cancels the running one
// through its stop token; the result comes back through a mailbox the UI empties once a frame.
class AnalysisWorker {
public:
    AnalysisWorker();
    ~AnalysisWorker();
    AnalysisWorker(const AnalysisWorker&) = delete;
    AnalysisWorker& operator=(const AnalysisWorker&) = delete;

    // Called on the worker thread each time a result lands in the mailbox (the UI's main loop
    // wakes up on it instead of sleeping out its idle wait). Set before the first submit.
    void set_on_result(std::function<void()> on_result) {
        std::lock_guard lock(mutex_);
        on_result_ = std::move(on_result);
    }
    void submit(AnalysisJob job);
    void cancel();
    // The finished result, if one arrived since the last call.
    std::optional<AnalysisOutcome> take();

    bool busy() const { return busy_.load(std::memory_order_relaxed); }
    double progress() const { return progress_.fraction.load(std::memory_order_relaxed); }
    // The revision of the job running now (0 when idle).
    std::uint64_t running_revision() const { return running_revision_.load(std::memory_order_relaxed); }

private:
    void run(std::stop_token stop);

    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::optional<AnalysisJob> pending_;
    std::stop_source job_stop_;
    std::optional<AnalysisOutcome> mailbox_;
    std::function<void()> on_result_;
    Progress progress_;
    std::atomic<bool> busy_{false};
    std::atomic<std::uint64_t> running_revision_{0};
    std::jthread thread_;  // last: started after every member above exists
};

}  // namespace tilelab::editor
