// The analysis worker: runs the core's analysis on its own thread with a copy of the level.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/analysis/tune.hpp"

namespace tilelab::editor {

// The editor's background work, one type per task, each with its own result type: the worker
// runs whichever task a job carries and hands back the matching result (a `std::variant` each, the
// result's alternative always the task's).

// The level's analysis and/or its playouts: the live badge, the long run, a stepped board.
struct AnalysisTask {
    bool run_analyze = true;
    AnalyzeOptions analyze;
    bool run_estimate = false;  // match3, slide: bot playouts
    EstimateOptions estimate;
    int estimate_budget_ms = 0;  // > 0: the playouts stop after this long (the result says how many ran)
    // > 0 and below estimate.runs: the figure of the first this many runs is handed over first
    // (exactly `tilelab estimate --runs N`), then the whole run replaces it.
    int estimate_first_runs = 0;
};
struct AnalysisDone {
    std::optional<Analysis> analysis;
    std::optional<EstimateResult> estimate;
    bool estimate_pending = false;    // the overlays are ready, the playouts still running
    bool estimate_timed_out = false;  // the playouts stopped at the task's time budget
    bool estimate_first = false;      // `estimate` is the first runs' figure; the rest still running
};

// "Set moves for P%": `tilelab tune` with these options.
struct TuneTask {
    EstimateOptions estimate;
    TuneOptions tune;
};
struct TuneDone {
    std::optional<TuneResult> tune;  // empty when the task failed before a result
};

// The bot ladder: `tilelab estimate --bot B` once per bot, in order.
struct LadderTask {
    EstimateOptions estimate;
    std::vector<std::string> bots;
};
struct LadderDone {
    std::vector<std::pair<std::string, EstimateResult>> figures;  // by bot, the ones that ended
};

using Task = std::variant<AnalysisTask, TuneTask, LadderTask>;
using TaskResult = std::variant<AnalysisDone, TuneDone, LadderDone>;

struct Job {
    int document_id = 0;
    std::uint64_t revision = 0;
    Level level;  // a copy: the UI keeps editing its own
    Task task;
};

struct Outcome {
    int document_id = 0;
    std::uint64_t revision = 0;
    TaskResult result;
    std::string error;  // what the kind threw: shown as a problem, never a crash
    bool cancelled = false;
    double elapsed_ms = 0.0;
    // The result if the job was of that task, else null.
    template <class Done>
    Done* as() {
        return std::get_if<Done>(&result);
    }
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
    void submit(Job job);
    void cancel();
    // The finished result, if one arrived since the last call.
    std::optional<Outcome> take();

    bool busy() const { return busy_.load(std::memory_order_relaxed); }
    double progress() const { return progress_.fraction.load(std::memory_order_relaxed); }
    // The revision of the job running now (0 when idle).
    std::uint64_t running_revision() const { return running_revision_.load(std::memory_order_relaxed); }

private:
    void run(std::stop_token stop);
    // One task each, on the worker thread; `outcome` holds the task's result type.
    void run_analysis(const Job& job, const AnalysisTask& task, std::stop_token token, Outcome& outcome,
                      std::chrono::steady_clock::time_point started);
    void run_tune(const Job& job, const TuneTask& task, std::stop_token token, Outcome& outcome);
    void run_ladder(const Job& job, const LadderTask& task, std::stop_token token, Outcome& outcome);
    // Hands a result over before the job ends (the overlays before the playouts, a first figure),
    // unless a newer job is waiting.
    void hand_over_early(Outcome partial);
    // A newer job waits: an early hand-over would be dropped, so it is not even built.
    bool newer_job_waiting();

    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::optional<Job> pending_;
    std::stop_source job_stop_;
    std::optional<Outcome> mailbox_;
    std::function<void()> on_result_;
    Progress progress_;
    std::atomic<bool> busy_{false};
    std::atomic<std::uint64_t> running_revision_{0};
    std::jthread thread_;  // last: started after every member above exists
};

}  // namespace tilelab::editor
