// The analysis worker thread (see worker.hpp).
#include "worker.hpp"

#include <pthread.h>
#include <time.h>

#include <chrono>
#include <exception>
#include <iterator>
#include <type_traits>
#include <utility>

#include "tilelab/kinds/table.hpp"

namespace tilelab::editor {

AnalysisWorker::AnalysisWorker() : thread_([this](std::stop_token stop) { run(stop); }) {}

AnalysisWorker::~AnalysisWorker() {
    {
        std::lock_guard lock(mutex_);
        job_stop_.request_stop();
        pending_.reset();
    }
    thread_.request_stop();
    wake_.notify_all();
    // jthread joins here; the running job sees its stop token and returns.
}

void AnalysisWorker::submit(Job job) {
    {
        std::lock_guard lock(mutex_);
        job_stop_.request_stop();  // the running job is stale now
        pending_ = std::move(job);
        mailbox_.reset();
    }
    wake_.notify_all();
}

void AnalysisWorker::cancel() {
    std::lock_guard lock(mutex_);
    job_stop_.request_stop();
    pending_.reset();
}

std::optional<Outcome> AnalysisWorker::take() {
    std::lock_guard lock(mutex_);
    std::optional<Outcome> out = std::move(mailbox_);
    mailbox_.reset();
    return out;
}

void AnalysisWorker::run(std::stop_token stop) {
    while (!stop.stop_requested()) {
        Job job;
        std::stop_token job_token;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [this] { return pending_.has_value(); })) return;
            job = std::move(*pending_);
            pending_.reset();
            job_stop_ = std::stop_source();
            job_token = job_stop_.get_token();
            busy_ = true;
            running_revision_ = job.revision;
            progress_.fraction = 0.0;
        }
        Outcome outcome;
        outcome.document_id = job.document_id;
        outcome.revision = job.revision;
        auto started = std::chrono::steady_clock::now();
        try {
            std::visit(
                [&](const auto& task) {
                    using T = std::decay_t<decltype(task)>;
                    if constexpr (std::is_same_v<T, AnalysisTask>) {
                        outcome.result = AnalysisDone{};
                        run_analysis(job, task, job_token, outcome, started);
                    } else if constexpr (std::is_same_v<T, TuneTask>) {
                        outcome.result = TuneDone{};
                        run_tune(job, task, job_token, outcome);
                    } else {
                        outcome.result = LadderDone{};
                        run_ladder(job, task, job_token, outcome);
                    }
                },
                job.task);
        } catch (const std::exception& e) {
            // The worker is the boundary between the kinds and the UI: whatever a kind throws
            // (a kind not built yet, a level it refuses) becomes a problem the designer sees.
            outcome.error = e.what();
        }
        outcome.cancelled = job_token.stop_requested();
        outcome.elapsed_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        {
            std::lock_guard lock(mutex_);
            busy_ = false;
            running_revision_ = 0;
            progress_.fraction = 1.0;
            // A superseded job's result is dropped here; the UI also checks the revision.
            if (!pending_) {
                mailbox_ = std::move(outcome);
                if (on_result_) on_result_();
            }
        }
    }
}

bool AnalysisWorker::newer_job_waiting() {
    std::lock_guard lock(mutex_);
    return pending_.has_value();
}

void AnalysisWorker::hand_over_early(Outcome partial) {
    std::lock_guard lock(mutex_);
    if (pending_) return;
    mailbox_ = std::move(partial);
    if (on_result_) on_result_();
}

void AnalysisWorker::run_tune(const Job& job, const TuneTask& task, std::stop_token token, Outcome& outcome) {
    outcome.as<TuneDone>()->tune = tune_moves(job.level, task.estimate, task.tune, token, &progress_);
}

void AnalysisWorker::run_ladder(const Job& job, const LadderTask& task, std::stop_token token, Outcome& outcome) {
    const KindOps& ops = kind_ops(job.level.kind);
    LadderDone& done = *outcome.as<LadderDone>();
    for (const std::string& bot : task.bots) {
        if (token.stop_requested()) break;
        EstimateOptions options = task.estimate;
        options.bot = bot;
        done.figures.emplace_back(bot, ops.estimate(job.level, options, token, &progress_));
    }
}

void AnalysisWorker::run_analysis(const Job& job, const AnalysisTask& task, std::stop_token job_token, Outcome& outcome,
                                  std::chrono::steady_clock::time_point started) {
    const KindOps& ops = kind_ops(job.level.kind);
    AnalysisDone& done = *outcome.as<AnalysisDone>();
    auto elapsed_ms = [started] {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    };
    if (task.run_analyze) {
        done.analysis = ops.analyze(job.level, task.analyze, job_token);
        done.analysis->revision = job.revision;
    }
    if (!task.run_estimate || !ops.estimate || job_token.stop_requested()) return;
    if (!newer_job_waiting()) {
        // Playouts take longer than the overlays: hand the overlays over first.
        Outcome partial = outcome;
        partial.as<AnalysisDone>()->estimate_pending = true;
        partial.elapsed_ms = elapsed_ms();
        hand_over_early(std::move(partial));
    }
    // The playouts stop on a new job (job_token) or at the time budget, whichever is first.
    std::stop_source playout_stop;
    std::stop_callback forward(job_token, [&playout_stop] { playout_stop.request_stop(); });
    // The first figure's outcome is copied now, before the timer thread may write to `done`
    // (estimate_timed_out).
    // (Not for an estimate to a precision: its batches count from run 0 over the whole estimate.)
    const bool first_figure = task.estimate_first_runs > 0 && task.estimate_first_runs < task.estimate.runs &&
                              task.estimate.precision == 0;
    std::optional<Outcome> first_outcome;
    if (first_figure) first_outcome = outcome;
    std::jthread timer;
    if (task.estimate_budget_ms > 0) {
        // The budget is this thread's CPU time (the playouts run here, one thread): on a busy
        // machine the badge takes longer on the clock but plays the same games (at most 5x the
        // budget on the clock, so it always ends).
        clockid_t cpu_clock{};
        const bool has_cpu_clock = pthread_getcpuclockid(pthread_self(), &cpu_clock) == 0;
        auto cpu_ms = [cpu_clock] {
            timespec t{};
            clock_gettime(cpu_clock, &t);
            return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
        };
        const double cpu_start = has_cpu_clock ? cpu_ms() : 0.0;
        const auto wall_limit = std::chrono::steady_clock::now() +
                                std::chrono::milliseconds(has_cpu_clock ? 5 * task.estimate_budget_ms : task.estimate_budget_ms);
        timer = std::jthread([&playout_stop, &done, budget = task.estimate_budget_ms, has_cpu_clock, cpu_ms, cpu_start,
                              wall_limit](std::stop_token timer_done) {
            std::mutex m;
            std::condition_variable_any cv;
            std::unique_lock lock(m);
            for (;;) {
                if (cv.wait_for(lock, timer_done, std::chrono::milliseconds(20), [] { return false; }) ||
                    timer_done.stop_requested())
                    return;
                const bool spent = has_cpu_clock && cpu_ms() - cpu_start >= budget;
                if (spent || std::chrono::steady_clock::now() >= wall_limit) {
                    done.estimate_timed_out = true;
                    playout_stop.request_stop();
                    return;
                }
            }
        });
    }
    // The first runs' playouts, kept when the whole run can go on from them.
    std::vector<PlayoutOutcome> head;
    bool go_on = false;
    // The first runs' figure when the budget stopped them (a large board's games are long): the
    // runs that ended, fewer and with a wider interval, stay the figure.
    std::optional<EstimateResult> budget_figure;
    if (first_figure) {
        // A first figure from the first runs, shown while the rest run: the same games as the
        // first runs of the whole estimate (each run has its own seed), so it is `tilelab estimate
        // --runs N`'s figure. The whole run then plays only the runs after them (first_run) and
        // sums up all of them with the kind's summarize, as sharded estimates do: the same games
        // in the same order, the same figures. The first result itself is moved to the UI, never
        // copied (its curve can have millions of points); only its outcomes are kept.
        EstimateOptions first = task.estimate;
        first.runs = task.estimate_first_runs;
        EstimateResult early = ops.estimate(job.level, first, playout_stop.get_token(), nullptr);
        if (playout_stop.stop_requested() && !job_token.stop_requested() && early.runs > 0 && !early.json.contains("error")) {
            budget_figure = std::move(early);
        } else if (!playout_stop.stop_requested() && early.runs == first.runs) {
            go_on = ops.summarize && static_cast<int>(early.outcomes.size()) == early.runs && !early.json.contains("error");
            if (go_on) head = early.outcomes;
            Outcome partial = std::move(*first_outcome);
            AnalysisDone& shown = *partial.as<AnalysisDone>();
            shown.estimate = std::move(early);
            shown.estimate_pending = true;
            shown.estimate_first = true;
            partial.elapsed_ms = elapsed_ms();
            hand_over_early(std::move(partial));
        }
    }
    if (go_on) {
        EstimateOptions rest = task.estimate;
        rest.first_run = task.estimate.first_run + static_cast<int>(head.size());
        rest.runs = task.estimate.runs - static_cast<int>(head.size());
        EstimateResult tail = ops.estimate(job.level, rest, playout_stop.get_token(), &progress_);
        if (tail.json.contains("error")) {
            done.estimate = std::move(tail);
        } else {
            head.insert(head.end(), std::make_move_iterator(tail.outcomes.begin()), std::make_move_iterator(tail.outcomes.end()));
            done.estimate = ops.summarize(job.level, task.estimate, std::move(head), playout_stop.stop_requested(),
                                          tail.timed_out);
        }
    } else if (budget_figure) {
        done.estimate = std::move(budget_figure);
    } else {
        done.estimate = ops.estimate(job.level, task.estimate, playout_stop.get_token(), &progress_);
    }
    timer.request_stop();
    if (timer.joinable()) timer.join();
    if (job_token.stop_requested()) done.estimate_timed_out = false;
}

}  // namespace tilelab::editor
